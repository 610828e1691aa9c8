"""Per-player observation (int32). Hidden: the decks' order, the cards left out
at setup, facedown card identities, opponents' quests (only their number)
and setup draws. Players are listed from the observer clockwise.

OBS_SPEC lists every slice (name, size, meaning); `observe` writes exactly
those slices in that order.
"""
from ...framework.jit import njit
from .common import *  # noqa: F401,F403

_GLOBAL = [
    ("round", 1, "round 1..3"),
    ("num_players", 1, "players"),
    ("to_act", 1, "seat to act, relative to the observer (0 = you), -1 when over"),
    ("phase", 1, "pending decision (op code, see pirates.core.common OP_*)"),
    ("frame", 3, "the pending decision's arguments"),
    ("end3", 1, "round 3: someone reached Maracaibo"),
    ("islands", 3, "cubes on the gold, emerald, pearl islands"),
    ("slot_card", N_SLOTS, "card id in each Caribbean slot (-1 none, -2 facedown)"),
    ("slot_tv", N_SLOTS, "treasure-value tile: treasure + 1, 0 none"),
    ("slot_bm", N_SLOTS, "black-market tile: relative owner * 8 + tile + 1, 0 none"),
    ("slot_res", N_SLOTS, "residence tokens: bit per relative seat"),
    ("tier2_left", 1, "Tier II cards in the deck"),
    ("quests_left", 1, "quests in the deck"),
    ("quest_market", QMARKET_CAP, "faceup quest ids (-1 none)"),
    ("figurehead_market", FIGM_CAP, "figurehead ids (-1 none)"),
    ("bm_sides", N_BM, "faceup side of each black-market tile (0 front, 1 back)"),
    ("dice", 3, "raiding dice (0 = not rolled)"),
    ("raid", 4, "rerolls left, power left, treasure type, actions used (bitmask)"),
    ("move", 3, "move steps left, start column, moved (0/1)"),
]
_PLAYER = [
    ("vp", 1, "victory points"), ("coins", 1, "doubloons"), ("ship", 1, "ship space"),
    ("explorer", 1, "explorer track space"), ("rivers", 1, "rivers crossed"),
    ("turns", 1, "turns taken"), ("quests", 1, "quests held"),
    ("upgrades", 1, "bitmask of filled ship slots"), ("n_upgrades", 1, "filled slots"),
    ("figurehead", 1, "figurehead id, -1 none"), ("bm_at", N_BM, "slot of each black-market tile, -1"),
    ("treasures", 3, "gold, emerald, pearl owned"), ("buried", 3, "buried below the line"),
    ("bonus_spaces", N_TRE * 4, "hideout bonus spaces covered"),
    ("buried_spaces", N_TRE * 8, "hideout buried spaces covered"),
    ("poseidon", 4, "Poseidon spaces: treasure + 1"),
    ("ongoing", 13, "raid power, colour power x3, explore bonus, discount, move bonus, rerolls, "
                    "raid actions (bitmask), whale, poseidon, forfeits, lightning cards"),
    ("income", 2, "doubloon and VP income"),
    ("cards", 4, "crew, equipment, ship improvements, residences"),
    ("tableau_count", 1, "improvements acquired"), ("tableau", TABLEAU_CAP, "their ids (-1)"),
]
_OWN = [
    ("my_quests", QHAND_CAP, "your quest ids (-1 none)"),
    ("my_setup_quests", 2, "the quests you may keep at setup (-1)"),
]
_MODULES = [          # the modules (§20); all 0 when they are off
    ("modules", 1, "the modules in play (bits: options.MOD_*)"),
    ("slot_coins", N_SLOTS, "doubloons on each facedown location (Fog of War: Locations)"),
    ("tier2_top_facedown", 1, "the top Tier II card lies facedown (Fog of War: Improvements)"),
    ("ruby_market", N_RUBY_SPACES, "Ruby Market spaces: relative seller + 1, 0 empty"),
    ("rubies", MAX_P, "rubies held, by relative seat"),
    ("retired", MAX_P, "Residence Discount tile used, by relative seat"),
    ("my_setup_quest3", 1, "Quest Hunters: your third set-up quest (-1)"),
]
_SOLO = [             # the solo game against Jordan (§19); all 0 otherwise. His
    # quests are facedown (only their number shows, as any opponent's) and his deck's order hidden
    ("solo", 1, "1 in a solo game: the other seat is Jordan (seat 1)"),
    ("jordan_level", 1, "his Raiding & Explore track level 1..4"),
    ("jordan_upgrades", 1, "cubes on his solo ship board"),
    ("jordan_card", 1, "the solo card he revealed last (jordan.toml order, -1 none)"),
    ("jordan_deck_left", 1, "solo cards left before his deck is reshuffled"),
    ("difficulty", 1, "B cards in his deck (SOLO-05)"),
]
PLAYER_OBS = sum(s for _, s, _ in _PLAYER)
OBS_SPEC = _GLOBAL + [(f"p{k}_{n}", s, m if k else m + " (you)") for k in range(MAX_P)
                      for n, s, m in _PLAYER] + _OWN + _MODULES + _SOLO
OBS_SIZE = sum(s for _, s, _ in OBS_SPEC)


@njit(cache=True)
def observe(state, p, out):
    out[:] = 0
    np_ = state[G_NP]
    i = 0
    out[i] = state[G_ROUND]; i += 1
    out[i] = np_; i += 1
    out[i] = -1 if state[G_OVER] == 1 else (state[G_CUR] - p) % np_; i += 1
    out[i] = state[G_PHASE]; i += 1
    o = top(state)
    for k in range(3):
        out[i + k] = state[o + 1 + k] if o >= 0 else 0
    if o >= 0 and (state[o] == OP_KEEPQ or state[o] == OP_RETURNQ):
        out[i] = (state[o + 1] - p) % np_
    i += 3
    out[i] = state[G_END3]; i += 1
    for t in range(3):
        out[i] = state[G_ISLAND + t]; i += 1
    for s in range(N_SLOTS):
        out[i] = -2 if state[G_SLOT_DOWN + s] == 1 or state[G_SLOT_FOG + s] == 1 \
            else state[G_SLOT_CARD + s]; i += 1
    for s in range(N_SLOTS):
        out[i] = state[G_SLOT_TV + s]; i += 1
    for s in range(N_SLOTS):
        v = state[G_SLOT_BM + s]
        out[i] = 0 if v == 0 else (((v - 1) // 8 - p) % np_) * 8 + (v - 1) % 8 + 1; i += 1
    for s in range(N_SLOTS):
        m = state[G_SLOT_RES + s]
        r = 0
        for q in range(np_):
            if (m >> q) & 1:
                r |= 1 << ((q - p) % np_)
        out[i] = r; i += 1
    out[i] = state[G_T2_N]; i += 1
    out[i] = state[G_QDECK_N]; i += 1
    for k in range(QMARKET_CAP):
        out[i] = state[G_QMARKET + k] if k < state[G_QMARKET_N] else -1; i += 1
    for k in range(FIGM_CAP):
        out[i] = state[G_FIGM + k]; i += 1
    for k in range(N_BM):
        out[i] = state[G_BM_SIDE + k]; i += 1
    for k in range(3):
        out[i] = state[G_DICE + k]; i += 1
    out[i] = state[G_REROLLS]; out[i + 1] = state[G_RAID_POWER]
    out[i + 2] = state[G_RAID_T]; out[i + 3] = state[G_RAID_USED]; i += 4
    out[i] = state[G_MV_LEFT]; out[i + 1] = state[G_MV_START]; out[i + 2] = state[G_MV_MOVED]; i += 3
    for k in range(MAX_P):
        if k >= np_:
            i += PLAYER_OBS
            continue
        b = pb((p + k) % np_)
        for f in (P_VP, P_COINS, P_SHIP, P_EXPL, P_RIVERS, P_TURNS, P_QN, P_UPG, P_NUPG, P_FIG):
            out[i] = state[b + f]; i += 1
        for j in range(N_BM):
            out[i] = state[b + P_BM_AT + j]; i += 1
        for j in range(3):
            out[i] = state[b + P_TRE + j]; i += 1
        for j in range(3):
            out[i] = state[b + P_BUR + j]; i += 1
        for j in range(N_TRE * 4):
            out[i] = state[b + P_BONUS + j]; i += 1
        for j in range(N_TRE * 8):
            out[i] = state[b + P_BURSP + j]; i += 1
        for j in range(4):
            out[i] = state[b + P_POSEIDON + j]; i += 1
        for f in (P_RAID_POW, P_COLOUR_POW, P_COLOUR_POW + 1, P_COLOUR_POW + 2, P_EXPL_BONUS,
                  P_DISCOUNT, P_MOVE_BONUS, P_REROLL, P_RAID_ACTS, P_WHALE, P_HAS_POSEIDON,
                  P_FORFEIT_N, P_LIGHTNING, P_INC_COINS, P_INC_VP, P_CREW, P_EQUIP, P_SHIPCARDS,
                  P_NRES, P_TAB_N):
            out[i] = state[b + f]; i += 1
        for j in range(TABLEAU_CAP):
            out[i] = state[b + P_TAB + j]; i += 1
    b = pb(p)
    for j in range(QHAND_CAP):
        out[i] = state[b + P_QHAND + j]; i += 1
    for j in range(2):
        out[i] = state[b + P_SETUPQ + j]; i += 1
    out[i] = state[G_MODULES]; i += 1
    for s in range(N_SLOTS):
        out[i] = state[G_SLOT_COINS + s]; i += 1
    n2 = state[G_T2_N]
    out[i] = state[G_T2_FOG + n2 - 1] if n2 > 0 else 0; i += 1
    for k in range(N_RUBY_SPACES):
        v = state[G_RUBY_MKT + k]
        out[i] = 0 if v == 0 else (v - 1 - p) % np_ + 1; i += 1
    for k in range(MAX_P):
        out[i + k] = state[pb((p + k) % np_) + P_RUBIES] if k < np_ else 0
        out[i + MAX_P + k] = state[pb((p + k) % np_) + P_RETIRED] if k < np_ else 0
    i += 2 * MAX_P
    out[i] = state[b + P_SETUPQ3] - 1; i += 1
    if state[G_SOLO] == 1:
        out[i] = 1
        out[i + 1] = state[G_J_LEVEL] + 1
        out[i + 2] = state[G_J_UPG]
        out[i + 3] = state[G_J_CARD]
        out[i + 4] = J_DECK_N - state[G_J_DRAWN]
        out[i + 5] = state[G_DIFFICULTY]
    i += 6
