"""Pirates' observation, declared once: one row per slice of the int32 vector
`observe.observe` writes, (name, size, meaning, low, high).

The kernel's OBS_SIZE, `Game.observation_spec()`, the envs' Box bounds, the
OpenSpiel observer and every other consumer read `OBS` (a
framework.obs_spec.ObsSpec). Bounds come from the layout and catalog
capacities (card, quest and figurehead ids, slots, tracks, bitmask widths),
generous where the rules set no cap (VP, doubloons, treasures); every
reachable observation lies inside them (conformance-tested by random play,
tests/pirates/test_pirates_random_games.py with every module and solo too).
"""
from ...framework.obs_spec import ObsSpec
from .catalog_layout import J_CARDS, J_LEVELS, J_SLOT_CAP, MAX_CARDS, MAX_EFF, MAX_QUESTS, MAX_RAID_ACTS, \
    MAX_SHIP_SLOTS, MAX_TRACK, N_FIGS
from .common import LIST_ALL, N_OPS
from .layout import FIGM_CAP, FORFEIT_CAP, J_DECK_N, MAX_P, N_BM, N_RUBY_SPACES, N_SLOTS, N_SPACES, \
    N_TRE, QDECK_CAP, QHAND_CAP, QMARKET_CAP, T2_CAP, TABLEAU_CAP
from .options import MAX_DIFFICULTY

_MANY = 9999                     # no cap in the rules: VP, doubloons, treasures, turns
_Q, _C = MAX_QUESTS - 1, MAX_CARDS - 1
#: the pending decision's arguments a, b, c, entry by entry (common.OP_* comments,
#: validate._frame_ranges; 0s when none): a is at most an effect index (OP_LIST),
#: a card, slot, count or seat, -1 for "any" (OP_RAID_DICE, OP_BURY, OP_ACQUIRE);
#: b a count (<= 30), or the forfeits-used bitmask (OP_EXPLORE); c the done bitmask
#: of OP_LIST (+ LIST_ALL)
FRAME_LOW = (-1, 0, 0)
FRAME_HIGH = (MAX_EFF - 1, 2**FORFEIT_CAP - 1, 2 * LIST_ALL - 1)

GLOBAL = [
    ("round", 1, "round 1..3", 0, 4),
    ("num_players", 1, "players", 0, MAX_P),
    ("to_act", 1, "seat to act, relative to the observer (0 = you), -1 when over", -1, MAX_P - 1),
    ("phase", 1, "pending decision (op code, see pirates.core.common OP_*)", 0, N_OPS - 1),
    ("frame", 3, "the pending decision's arguments a, b, c", FRAME_LOW, FRAME_HIGH),
    ("end3", 1, "round 3: someone reached Maracaibo", 0, 1),
    ("islands", 3, "cubes on the gold, emerald, pearl islands", 0, 99),
    ("slot_card", N_SLOTS, "card id in each Caribbean slot (-1 none, -2 facedown)", -2, _C),
    ("slot_tv", N_SLOTS, "treasure-value tile: treasure + 1, 0 none", 0, N_TRE),
    ("slot_bm", N_SLOTS, "black-market tile: relative owner * 8 + tile + 1, 0 none", 0, (MAX_P - 1) * 8 + N_BM),
    ("slot_res", N_SLOTS, "residence tokens: bit per relative seat", 0, 2**MAX_P - 1),
    ("tier2_left", 1, "Tier II cards in the deck", 0, T2_CAP),
    ("quests_left", 1, "quests in the deck", 0, QDECK_CAP),
    ("quest_market", QMARKET_CAP, "faceup quest ids (-1 none)", -1, _Q),
    ("figurehead_market", FIGM_CAP, "figurehead ids (-1 none)", -1, N_FIGS - 1),
    ("bm_sides", N_BM, "faceup side of each black-market tile (0 front, 1 back)", 0, 1),
    ("dice", 3, "raiding dice (0 = not rolled)", 0, 6),
    ("raid", 4, "rerolls left, power left, treasure type, actions used (bitmask)", -_MANY, 2**MAX_RAID_ACTS - 1),
    ("move", 3, "move steps left, start column, moved (0/1)", -1, 99),
]
PLAYER = [
    ("vp", 1, "victory points", -_MANY, _MANY), ("coins", 1, "doubloons", -_MANY, _MANY),
    ("ship", 1, "ship space", 0, N_SPACES - 1),
    ("explorer", 1, "explorer track space", 0, MAX_TRACK - 1), ("rivers", 1, "rivers crossed", 0, MAX_TRACK),
    ("turns", 1, "turns taken", 0, _MANY), ("quests", 1, "quests held", 0, QHAND_CAP),
    ("upgrades", 1, "bitmask of filled ship slots", 0, 2**MAX_SHIP_SLOTS - 1),
    ("n_upgrades", 1, "filled slots", 0, MAX_SHIP_SLOTS),
    ("figurehead", 1, "figurehead id, -1 none", -1, N_FIGS - 1),
    ("bm_at", N_BM, "slot of each black-market tile, -1", -1, N_SPACES - 1),
    ("treasures", 3, "gold, emerald, pearl owned", 0, _MANY), ("buried", 3, "buried below the line", 0, _MANY),
    ("bonus_spaces", N_TRE * 4, "hideout bonus spaces covered", 0, 1),
    ("buried_spaces", N_TRE * 8, "hideout buried spaces covered", 0, 1),
    ("poseidon", 4, "Poseidon spaces: treasure + 1", 0, N_TRE),
    ("ongoing", 13, "raid power, colour power x3, explore bonus, discount, move bonus, rerolls, "
                    "raid actions (bitmask), whale, poseidon, forfeits, lightning cards",
     -_MANY, max(_MANY, 2**MAX_RAID_ACTS - 1)),
    ("income", 2, "doubloon and VP income", -_MANY, _MANY),
    ("cards", 4, "crew, equipment, ship improvements, residences", 0, TABLEAU_CAP),
    ("tableau_count", 1, "improvements acquired", 0, TABLEAU_CAP), ("tableau", TABLEAU_CAP, "their ids (-1)", -1, _C),
]
OWN = [
    ("my_quests", QHAND_CAP, "your quest ids (-1 none)", -1, _Q),
    ("my_setup_quests", 2, "the quests you may keep at setup (-1)", -1, _Q),
]
MODULES = [           # the modules (§20); all 0 when they are off
    ("modules", 1, "the modules in play (bits: options.MOD_*)", 0, 2**8 - 1),
    ("slot_coins", N_SLOTS, "doubloons on each facedown location (Fog of War: Locations)", 0, 99),
    ("tier2_top_facedown", 1, "the top Tier II card lies facedown (Fog of War: Improvements)", 0, 1),
    ("ruby_market", N_RUBY_SPACES, "Ruby Market spaces: relative seller + 1, 0 empty", 0, MAX_P),
    ("rubies", MAX_P, "rubies held, by relative seat", 0, 99),
    ("retired", MAX_P, "Residence Discount tile used, by relative seat", 0, 1),
    ("my_setup_quest3", 1, "Quest Hunters: your third set-up quest (-1)", -1, _Q),
]
SOLO = [              # the solo game against Jordan (§19); all 0 otherwise. His
    # quests are facedown (only their number shows, as any opponent's) and his deck's order hidden
    ("solo", 1, "1 in a solo game: the other seat is Jordan (seat 1)", 0, 1),
    ("jordan_level", 1, "his Raiding & Explore track level 1..4", 0, J_LEVELS),
    ("jordan_upgrades", 1, "cubes on his solo ship board", 0, J_SLOT_CAP),
    ("jordan_card", 1, "the solo card he revealed last (jordan.toml order, -1 none)", -1, J_CARDS - 1),
    ("jordan_deck_left", 1, "solo cards left before his deck is reshuffled", 0, J_DECK_N),
    ("difficulty", 1, "B cards in his deck (SOLO-05)", 0, MAX_DIFFICULTY),
]
PLAYER_OBS = sum(r[1] for r in PLAYER)
ROWS = GLOBAL + [(f"p{k}_{n}", s, m if k else m + " (you)", lo, hi) for k in range(MAX_P)
                 for n, s, m, lo, hi in PLAYER] + OWN + MODULES + SOLO
OBS = ObsSpec(ROWS)
OBS_SIZE = OBS.size
