"""Conservation and range checks on a state vector (used by tests, fuzzing
and Game.from_dict). Returns human-readable violations; [] means consistent."""
from __future__ import annotations

import numpy as np

from .core import layout as L
from .core.enums import PHASES

CP_MAX = 8


def check_invariants(state: np.ndarray, catalog) -> list[str]:
    s = state
    bad: list[str] = []
    g = lambda name: s[L.field_slice(name)]  # noqa: E731
    np_ = int(g("NP")[0])
    if np_ not in (2, 3, 4):
        return [f"NP={np_} is not a player count 2..4"]
    if not 0 <= int(g("PHASE")[0]) < len(PHASES):
        bad.append(f"PHASE={int(g('PHASE')[0])} unknown")
    if not 1 <= int(g("ROUND")[0]) <= 4:
        bad.append(f"ROUND={int(g('ROUND')[0])} outside 1..4")
    if not 0 <= int(g("STK_N")[0]) <= L.STACK_CAP:
        bad.append("task stack size out of range")
    nloc = len(catalog.loc_keys)
    markers = g("LOC_MARKER")[:nloc]
    ncards = L.N_CARDS

    # cards: every id exactly once across all places, plus the unused B-cards
    places = [g("DRAW")[: g("DRAW_N")[0]], g("DISCARD")[: g("DISCARD_N")[0]],
              g("MARKET")[g("MARKET") >= 0]]
    for p in range(np_):
        f = lambda name: s[L.field_slice(name, p)]  # noqa: E731
        places += [f("HAND")[: f("HAND_N")[0]], f("PLAN")[f("PLAN") >= 0],
                   f("TABLEAU")[: f("TABLEAU_N")[0]]]
    ids = np.concatenate(places) if places else np.zeros(0)
    out = int(g("CARDS_OUT")[0]) + int(g("AUTOMA_CARDS")[0])  # unused B-cards, Jean's cards
    if len(ids) + out != ncards:
        bad.append(f"cards: {len(ids)} in play + {int(g('CARDS_OUT')[0])} out != {ncards}")
    if len(set(ids.tolist())) != len(ids) or (len(ids) and (ids.min() < 0 or ids.max() >= ncards)):
        bad.append("cards: duplicate or invalid card ids")

    # quest tiles
    q = int(g("QPILE_N")[0]) + int((g("BQ_TILE") >= 0).sum()) + int((g("EXQ_TILE") >= 0).sum())
    tokens = int(g("TPILE_N").sum()) + int(g("TOKENS_OUT")[0])
    discs_market = int(g("LOC_MARKET").sum()) + int(g("CITY_DISCS_OUT")[0])
    discs_removed = int(g("TRACK_TO_MARKET")[0])  # Jean's discs delivered (solo)
    for p in range(np_):
        f = lambda name: s[L.field_slice(name, p)]  # noqa: E731
        q += int(f("QUESTS")[0]) + int((f("CARD_QUEST") >= 0).sum())
        tokens += int(f("TOKENS")[0])
        figs = sum(int(f(n)[0]) for n in ("FIG_SUPPLY", "FIG_GENERAL", "FIG_CAREER",
                                          "FIG_BOARD", "FIG_CARDS", "FIG_PRESTIGE"))
        if figs != L.FIGURES_PER_COLOUR:
            bad.append(f"player {p}: {figs} figures, not {L.FIGURES_PER_COLOUR}")
        for n in ("FIG_SUPPLY", "FIG_GENERAL", "FIG_CAREER", "FIG_BOARD", "FIG_CARDS",
                  "FIG_PRESTIGE", "DOUBLOONS", "VP", "QUESTS", "TOKENS", "DISCS_OUT"):
            if int(f(n)[0]) < 0:
                bad.append(f"player {p}: {n} = {int(f(n)[0])} is negative")
        if int(f("ASSIST").sum()) != int(f("FIG_BOARD")[0]):
            bad.append(f"player {p}: assistants on locations != FIG_BOARD")
        if not 0 <= int(f("CP")[0]) <= CP_MAX:
            bad.append(f"player {p}: CP {int(f('CP')[0])} outside 0..8")
        d = f("DISCS")
        if d.min() < 0 or d.max() > 2:
            bad.append(f"player {p}: discs per area outside 0..2")
        discs_removed += 2 * L.N_AREAS - int(d.sum()) - int(f("DISCS_OUT")[0])
        if int(f("VP_SRC").sum()) != int(f("VP")[0]):
            bad.append(f"player {p}: VP by source does not add up to VP")
        if int(f("HAND_N")[0]) > L.HAND_CAP:
            bad.append(f"player {p}: hand over capacity")
    # a Combat in progress holds its revealed token on the task stack
    stk = g("STK").reshape(L.STACK_CAP, L.STACK_W)[: g("STK_N")[0]]
    from .core.enums import OP_COMBAT
    tokens += int(((stk[:, 0] == OP_COMBAT) & (stk[:, 2] >= 0)).sum())
    if q != L.N_QUESTS:
        bad.append(f"quest tiles: {q} accounted for, not {L.N_QUESTS}")
    if tokens != L.N_TOKENS:
        bad.append(f"combat tokens: {tokens} accounted for, not {L.N_TOKENS}")
    if discs_removed != discs_market:
        bad.append(f"discs: {discs_removed} delivered by players, {discs_market} in/through markets")
    for n in range(3):
        taken = int(g("SUP_TAKEN")[n])
        on_board = int((markers == n).sum())
        if not 0 <= taken <= L.MARKERS_PER_NATION or taken != on_board + int(g("SUP_OUT")[n]):
            bad.append(f"nation {n}: {taken} taken != {on_board} on board + {int(g('SUP_OUT')[n])} out")
    return bad
