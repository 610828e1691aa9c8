"""A text view of a Pirates game (the AEC env's "ansi" render)."""
from __future__ import annotations

from .core import layout as L

from .core import constants as K

TREASURES = ("gold", "emerald", "pearl")


def render_text(g) -> str:
    c = g.catalog
    st = g.state
    get = lambda name, p=None: st[L.LAYOUT.field_slice(name, p)]  # noqa: E731
    lay = g.catalog.data.layouts.layout[int(st[K.G_LAYOUT])]
    who = "solo against Jordan (P1)" if g.solo else f"{g.num_players} players"
    lines = [f"Pirates of Maracaibo — round {g.round}, {who}, "
             f"{'game over' if g.is_over else f'player {g.current_player} to act ({g.phase})'}",
             "islands: " + ", ".join(f"{t} {int(n)}" for t, n in zip(TREASURES, get('ISLAND')))]
    cards, down = get("SLOT_CARD"), get("SLOT_DOWN")
    ships = {int(get("SHIP", p)[0]): [] for p in range(g.num_seats)}
    for p in range(g.num_seats):
        ships[int(get("SHIP", p)[0])].append(str(p))
    slot = 0
    grid = [[" " * 14 for _ in lay.rows[0]] for _ in lay.rows]
    for k in range(len(lay.rows[0])):
        for r, row in enumerate(lay.rows):
            cell = row[k]
            if cell == "C":
                cid = int(cards[slot])
                fog = int(st[K.G_SLOT_FOG + slot])
                coins = int(st[K.G_SLOT_COINS + slot])
                name = "(facedown)" if down[slot] else (f"(fog {coins}$)" if coins else "(fog)") if fog \
                    else (c.card_names[cid] if cid >= 0 else "-")
                mark = "".join(ships.get(slot, []))
                grid[r][k] = f"{name[:10]:10s}{mark:>4s}"
                slot += 1
            elif cell in "GEP":
                grid[r][k] = f"[{dict(G='gold', E='emerald', P='pearl')[cell]} isl.]".ljust(14)
    lines += [" ".join(row) for row in grid]
    lines.append(f"gulf: {''.join(ships.get(L.SP_GULF, []))}  maracaibo: {''.join(ships.get(L.SP_MARA, []))}"
                 f"  start: {''.join(ships.get(L.SP_START, []))}")
    for p in range(g.num_seats):
        tre = "/".join(str(int(x)) for x in get("TRE", p))
        lines.append(f"P{p}: {int(get('VP', p)[0])} VP, {int(get('COINS', p)[0])} doubloons, "
                     f"treasures g/e/p {tre} (buried {int(sum(get('BUR', p)))}), "
                     f"explorer {c.track_keys[int(get('EXPL', p)[0])]}, rivers {int(get('RIVERS', p)[0])}, "
                     f"{int(get('TAB_N', p)[0])} improvements, {int(get('NUPG', p)[0])} upgrades, "
                     f"{int(get('QN', p)[0])} quests"
                     + (f", {int(get('RUBIES', p)[0])} rubies" if int(st[K.G_MODULES]) & 16 else "")
                     + (", retired" if int(get('RETIRED', p)[0]) else ""))
    mods = [name for name, on in g.options.items() if on is True]
    if mods:
        lines.append("modules: " + ", ".join(mods) + (
            f"; ruby market {[int(x) for x in st[K.G_RUBY_MKT:K.G_RUBY_MKT + L.N_RUBY_SPACES]]}"
            if int(st[K.G_MODULES]) & 16 else ""))
    if g.solo:
        v = g.jordan_view()
        lines.append(f"Jordan (P1): track level {v['level']}, {v['upgrades']} solo upgrades, last card "
                     f"{v['card'] or '-'}, {v['deck_left']} cards before a reshuffle; last turn: "
                     + ", ".join(f"{e} {a}" if a is not None else e for e, a in g.jordan_log()[:12]))
    if not g.is_over:
        lines.append("legal: " + ", ".join(g.legal_action_names()[:16]))
    return "\n".join(lines)
