"""Per-player observation vector (hidden information hidden).

OBS_SPEC lists every slice (name, size, meaning); `observe` writes exactly
those slices in that order. Opponents' hands and planning areas appear only
as counts; deck order never; unrevealed prestige buildings as -1.
"""
from .jit import njit

from .common import *  # noqa: F401,F403

OBS_TABLEAU = 40  # tableau card ids shown per player (bought cards are public)

_PLAYER_PUBLIC = [
    ("vp", 1, "victory points"),
    ("doubloons", 1, "doubloons"),
    ("cp", 1, "combat points 0..8"),
    ("fig_supply", 1, "figures in personal supply"),
    ("fig_general", 1, "own-colour figures in the general supply"),
    ("fig_career", 1, "figures still on the career card"),
    ("fig_board", 1, "assistants on the board"),
    ("discs", N_AREAS, "discs left per ship-board area"),
    ("doubloon_income", 1, "doubloon-income track position"),
    ("vp_income", 1, "VP-income track position"),
    ("influence", N_NATIONS, "influence per nation (france, england, spain)"),
    ("explorer", 1, "explorer-track space index"),
    ("barriers", 1, "bitmask of barriers crossed (bit 1 red, 2 blue, 3 green)"),
    ("quests", 1, "quest tiles on the quest track"),
    ("tokens", 1, "combat tokens on the ship board"),
    ("synergy", 1, "bitmask of synergy tokens"),
    ("hand_count", 1, "cards in hand"),
    ("plan_count", 1, "cards in the planning area"),
    ("career_done", 1, "bitmask of completed career tasks"),
    ("ship", 1, "ship location index"),
    ("prestige", 1, "bitmask of prestige buildings invested in"),
    ("assistants", MAX_LOC, "assistants per location"),
    ("card_quests", CARD_QUEST_CAP, "quest tiles lying on bought cards (-1 none)"),
    ("tableau_count", 1, "bought cards"),
    ("tableau", OBS_TABLEAU, "bought card ids (-1 = none)"),
]

OBS_SPEC = [
    ("round", 1, "round 1..4"),
    ("phase", 1, "decision phase id (enums.PHASES)"),
    ("acting", 1, "1 when this player is to act"),
    ("acting_seat", 1, "acting player, relative to the observer (-1 none)"),
    ("num_players", 1, "players in the game"),
    ("mp_spent", 1, "MP spent sailing this turn"),
    ("main_done", 1, "main action taken this turn"),
    ("task", STACK_W, "top pending task: op, seat (relative), a, b"),
    ("loc_marker", MAX_LOC, "ownership marker nation per location (-1 none)"),
    ("loc_market", MAX_LOC, "delivered discs per city market"),
    ("loc_tile", MAX_LOC, "city tile per location (-1 printed)"),
    ("board_quest_loc", BOARD_QUEST_CAP, "location of each board quest tile (-1 none)"),
    ("board_quest_tile", BOARD_QUEST_CAP, "quest tile id (-1 none)"),
    ("explorer_quests", EXP_QUESTS, "quest tile on each explorer quest space (-1 taken)"),
    ("quest_pile", 2, "tiles left, top tile id (face-up pile)"),
    ("token_piles", 2, "combat tokens left per pile"),
    ("supply_taken", N_NATIONS, "markers taken from each nation's supply"),
    ("markers_out", N_NATIONS, "markers out of the game per nation"),
    ("prestige", N_BUILDINGS, "building id per space (-1 face-down)"),
    ("prestige_investors", N_BUILDINGS, "investor bitmask per space (relative seats)"),
    ("barrier_first", 1, "bitmask of barriers already crossed by someone"),
    ("explorers_arrived", 1, "explorers on the last space"),
    ("draw_pile", 1, "cards in the draw pile"),
    ("discard_pile", 1, "cards in the discard pile"),
    ("market", MARKET_SIZE, "market card ids (-1 empty)"),
    ("hand", HAND_CAP, "own hand card ids (-1 empty)"),
    ("plan", PLAN_CAP, "own planning area card ids (-1 empty)"),
    ("career", 1, "own career card id (-1 not chosen)"),
    ("career_options", 2, "own career options during set-up"),
    ("automa", 6, "solo: is solo, difficulty, track spaces emptied, Jean's cards beside "
                  "the board (a count, INFO-05), Automa cards left in the pile, her last card (-1)"),
] + [("p%d_%s" % (k, n), s, "seat +%d: %s" % (k, d)) for k in range(MAX_P) for n, s, d in _PLAYER_PUBLIC] + [
    # legacy tiles (§28; core/legacy.py), after the player blocks so earlier offsets stay
    ("legacy", 1, "bitmask of the legacy tiles in play (bit i = tile L(i+1))"),
    ("legacy_discs", 8, "discs on the disc tiles L10..L17"),
    ("silver_fleet", 2, "nation + 1 on each L6 silver-fleet space (0 empty)"),
    ("gold_mine", 1, "nation + 1 on the L9 gold mine (0 empty)"),
    ("legacy_quest", 1, "quest tile on L1's quest space (-1 none)"),
]

OBS_SIZE = sum(s for _, s, _ in OBS_SPEC)


@njit(cache=True)
def _rel(p, me, np_):
    return -1 if p < 0 else (p - me + np_) % np_


@njit(cache=True)
def observe(state, me, out):
    """Write player me's observation into out (len OBS_SIZE)."""
    np_ = state[G_NP]
    k = 0
    out[k] = state[G_ROUND]; k += 1
    out[k] = state[G_PHASE]; k += 1
    out[k] = 1 if state[G_CUR] == me else 0; k += 1
    out[k] = _rel(state[G_CUR], me, np_); k += 1
    out[k] = np_; k += 1
    out[k] = state[G_MP_SPENT]; k += 1
    out[k] = state[G_MAIN_DONE]; k += 1
    if state[G_STK_N] > 0:
        o = G_STK + (state[G_STK_N] - 1) * STACK_W
        out[k] = state[o]
        out[k + 1] = _rel(state[o + 1], me, np_)
        out[k + 2] = state[o + 2]
        out[k + 3] = state[o + 3]
    else:
        for j in range(STACK_W):
            out[k + j] = 0
    k += STACK_W
    for off, n in ((G_LOC_MARKER, MAX_LOC), (G_LOC_MARKET, MAX_LOC), (G_LOC_TILE, MAX_LOC),
                   (G_BQ_LOC, BOARD_QUEST_CAP), (G_BQ_TILE, BOARD_QUEST_CAP),
                   (G_EXQ_TILE, EXP_QUESTS)):
        for j in range(n):
            out[k] = state[off + j]; k += 1
    qn = state[G_QPILE_N]
    out[k] = qn; k += 1
    out[k] = state[G_QPILE + qn - 1] if qn > 0 else -1; k += 1
    out[k] = state[G_TPILE_N]; k += 1
    out[k] = state[G_TPILE_N + 1]; k += 1
    for n in range(N_NATIONS):
        out[k] = state[G_SUP_TAKEN + n]; k += 1
    for n in range(N_NATIONS):
        out[k] = state[G_SUP_OUT + n]; k += 1
    for s in range(N_BUILDINGS):
        out[k] = state[G_PR_BUILD + s] if s < state[G_PR_REVEALED] else -1; k += 1
    for s in range(N_BUILDINGS):
        inv = state[G_PR_INVESTORS + s]
        rel = 0
        for p in range(np_):
            if (inv >> p) & 1:
                rel |= 1 << _rel(p, me, np_)
        out[k] = rel; k += 1
    out[k] = state[G_BARRIER_FIRST]; k += 1
    out[k] = state[G_EXP_LAST_N]; k += 1
    out[k] = state[G_DRAW_N]; k += 1
    out[k] = state[G_DISCARD_N]; k += 1
    for j in range(MARKET_SIZE):
        out[k] = state[G_MARKET + j]; k += 1
    b = pb(me)
    for j in range(HAND_CAP):
        out[k] = state[b + P_HAND + j] if j < state[b + P_HAND_N] else -1; k += 1
    for j in range(PLAN_CAP):
        out[k] = state[b + P_PLAN + j]; k += 1
    out[k] = state[b + P_CAREER]; k += 1
    out[k] = state[b + P_CAREER_OPT]; k += 1
    out[k] = state[b + P_CAREER_OPT + 1]; k += 1
    out[k] = state[G_SOLO]; k += 1
    out[k] = state[G_DIFFICULTY]; k += 1
    out[k] = state[G_TRACK_REMOVED] + state[G_TRACK_TO_MARKET]; k += 1
    out[k] = state[G_AUTOMA_CARDS]; k += 1
    out[k] = state[G_AUTOMA_N]; k += 1
    dn = state[G_AUTOMA_DISCARD_N]
    out[k] = state[G_AUTOMA_DISCARD + dn - 1] if dn > 0 else -1; k += 1
    for r in range(MAX_P):
        if r >= np_:
            for j in range(_PLAYER_OBS_SIZE):
                out[k] = 0; k += 1
            continue
        q = (me + r) % np_
        k = _player_public(state, q, out, k)
    out[k] = state[G_LEGACY]; k += 1
    for j in range(8):
        out[k] = state[G_LEG_DISCS + j]; k += 1
    for j in range(2):
        out[k] = state[G_LEG_SILVER + j]; k += 1
    out[k] = state[G_LEG_MINE]; k += 1
    out[k] = state[G_LEG_QUEST] - 1; k += 1
    if k != OBS_SIZE:  # callers may pass np.empty: every entry must be written
        raise ValueError("internal: observe wrote a different size than OBS_SIZE")


@njit(cache=True)
def _player_public(state, q, out, k):
    b = pb(q)
    for f in (P_VP, P_DOUBLOONS, P_CP, P_FIG_SUPPLY, P_FIG_GENERAL, P_FIG_CAREER, P_FIG_BOARD):
        out[k] = state[b + f]; k += 1
    for a in range(N_AREAS):
        out[k] = state[b + P_DISCS + a]; k += 1
    out[k] = state[b + P_DINC]; k += 1
    out[k] = state[b + P_VINC]; k += 1
    for n in range(N_NATIONS):
        out[k] = state[b + P_INF + n]; k += 1
    for f in (P_EXPLORER, P_BARRIERS, P_QUESTS, P_TOKENS, P_SYNERGY, P_HAND_N):
        out[k] = state[b + f]; k += 1
    plans = 0
    for j in range(PLAN_CAP):
        if state[b + P_PLAN + j] >= 0:
            plans += 1
    out[k] = plans; k += 1
    out[k] = state[b + P_CAREER_DONE]; k += 1
    out[k] = state[b + P_SHIP]; k += 1
    out[k] = state[b + P_PRESTIGE]; k += 1
    for loc in range(MAX_LOC):
        out[k] = state[b + P_ASSIST + loc]; k += 1
    for j in range(CARD_QUEST_CAP):
        out[k] = state[b + P_CARD_QUEST + j]; k += 1
    n = state[b + P_TABLEAU_N]
    out[k] = n; k += 1
    for j in range(OBS_TABLEAU):
        out[k] = state[b + P_TABLEAU + j] if j < n else -1; k += 1
    return k


_PLAYER_OBS_SIZE = sum(s for _, s, _ in _PLAYER_PUBLIC)
