"""Offsets of the compiled game data (one int32 vector, built by pirates/catalog.py).

Numba reads ``cat[C_<NAME> + i]``; every list of effects is a (start, count)
pair into the effect table EFF_*.
"""
from ...framework.constants_check import table_getattr
from ...framework.layout import offsets
from .layout import N_SLOTS, N_SPACES, HB_CAP, HU_CAP  # noqa: F401  (HB_CAP, HU_CAP: catalog sizes too)

MAX_CARDS = 96
MAX_EFF = 640
MAX_QUESTS = 32
N_FIGS = 12
MAX_SHIP_SLOTS = 24
MAX_RAID_ACTS = 12
MAX_TRACK = 48
MAX_COLS = 16                   # columns of a Caribbean layout (LAY_COLGT)
MAX_LAYOUTS = 8
MAX_VAL = 8

J_CARDS = 12                    # solo cards, 6 A + 6 B (CON-21)
J_ACT_CAP = 6                   # main actions per solo card
J_SLOT_CAP = 32                 # slots of the solo ship board
J_LEVELS = 4                    # the Raiding & Explore track (DATA-10)

# effect kinds: index = position in data_load.IMMEDIATE + ONGOING + ENDGAME
from ..data_load import IMMEDIATE, ONGOING, ENDGAME, COUNTS, FORFEIT_REWARDS, GRS, GQ, IMP_TYPES  # noqa: E402
from ..data_load import JORDAN_ACTIONS, JORDAN_BONUSES, JORDAN_SLOTS  # noqa: E402
JSC_RIVER, JSC_CARD, JSC_RESIDENCE, JSC_QUEST, JSC_BONUS_AT, JSC_BONUS = range(6)   # J_SCORE
EFFECT_KINDS = IMMEDIATE + ONGOING + ENDGAME
#: index names (constants.py): <prefix><NAME> = the name's index in its tuple
ENUM_PREFIXES = {
    "JA_": JORDAN_ACTIONS, "JB_": JORDAN_BONUSES, "JS_": JORDAN_SLOTS, "E_": EFFECT_KINDS,
    "CNT_": COUNTS, "FR_": FORFEIT_REWARDS, "GRS_": GRS, "GQ_": GQ, "TY_": IMP_TYPES,
}
ANY = 3                         # treasure "any" (a choice), also "the raid's die"
KIND_IMP, KIND_LOC, KIND_RES = 0, 1, 2

CATALOG_FIELDS = [
    ("EFF_DO", MAX_EFF), ("EFF_N", MAX_EFF), ("EFF_ARG", MAX_EFF), ("EFF_CAP", MAX_EFF),
    ("N_CARDS", 1),
    ("CARD_KIND", MAX_CARDS), ("CARD_TIER", MAX_CARDS), ("CARD_TYPE", MAX_CARDS),
    ("CARD_COST", MAX_CARDS), ("CARD_VP", MAX_CARDS), ("CARD_TV", MAX_CARDS),
    ("CARD_INC_C", MAX_CARDS), ("CARD_INC_V", MAX_CARDS),
    ("CARD_LIGHT_S", MAX_CARDS), ("CARD_LIGHT_N", MAX_CARDS),
    ("CARD_ONG_S", MAX_CARDS), ("CARD_ONG_N", MAX_CARDS),
    ("CARD_END_S", MAX_CARDS), ("CARD_END_N", MAX_CARDS),
    ("CARD_NSIDES", MAX_CARDS),
    ("CARD_SIDE0_S", MAX_CARDS), ("CARD_SIDE0_N", MAX_CARDS),
    ("CARD_SIDE1_S", MAX_CARDS), ("CARD_SIDE1_N", MAX_CARDS),
    ("RES_FORMULA", MAX_CARDS), ("RES_PER", MAX_CARDS), ("RES_CAP", MAX_CARDS),
    ("N_QUESTS", 1),
    ("Q_KIND", MAX_QUESTS), ("Q_ARG", MAX_QUESTS), ("Q_TYPES", MAX_QUESTS),
    ("Q_LOW_A", MAX_QUESTS), ("Q_LOW_B", MAX_QUESTS), ("Q_LOW_VP", MAX_QUESTS),
    ("Q_HIGH_A", MAX_QUESTS), ("Q_HIGH_B", MAX_QUESTS), ("Q_HIGH_VP", MAX_QUESTS),
    ("FIG_LIGHT_S", N_FIGS), ("FIG_LIGHT_N", N_FIGS), ("FIG_ONG_S", N_FIGS), ("FIG_ONG_N", N_FIGS),
    ("FIG_INC_C", N_FIGS), ("FIG_INC_V", N_FIGS),
    ("POS_S", 4), ("POS_N", 4),
    ("BM_EFF_S", 10), ("BM_EFF_N", 10), ("BM_TILE_EFF", 10),   # tile k side s -> effect 2k+s
    ("N_SHIP_SLOTS", 1), ("BARRIERS", 3),
    ("SLOT_SECTION", MAX_SHIP_SLOTS), ("SLOT_COST", MAX_SHIP_SLOTS),
    ("SLOT_S", MAX_SHIP_SLOTS), ("SLOT_N", MAX_SHIP_SLOTS),
    ("N_RA", 1), ("RA_POWER", MAX_RAID_ACTS), ("RA_S", MAX_RAID_ACTS), ("RA_N", MAX_RAID_ACTS),
    ("RA_STANDARD", 1),                 # bitmask of the standard Raiding actions
    ("HB_N", 3), ("HB_S", 3 * HB_CAP), ("HB_C", 3 * HB_CAP),
    ("HU_N", 3), ("HU_S", 3 * HU_CAP), ("HU_C", 3 * HU_CAP),
    ("N_TRACK", 1), ("TR_NEXT0", MAX_TRACK), ("TR_NEXT1", MAX_TRACK), ("TR_RIVERS", MAX_TRACK),
    ("TR_S", MAX_TRACK), ("TR_N", MAX_TRACK), ("TR_RETIRE", MAX_TRACK),
    ("TR_SUCC_LO", MAX_TRACK), ("TR_SUCC_HI", MAX_TRACK),    # successor bitmask, bits 0-31 / 32-63
    ("ISL_SPACES", 3), ("START_CUBES", 1), ("N_VAL", 1), ("VAL_AT", MAX_VAL), ("VAL", MAX_VAL),
    ("START_COINS", 4), ("TV_TILES", 6),
    ("N_LAYOUTS", 1), ("LAY_COL", MAX_LAYOUTS * N_SLOTS), ("LAY_ROW", MAX_LAYOUTS * N_SLOTS),
    ("LAY_ADJ", MAX_LAYOUTS * N_SLOTS * 4), ("LAY_NCOLS", MAX_LAYOUTS),
    # per layout and ship space (30: cards, Gulf, Maracaibo, start): the bitmask of
    # the spaces one step away, the column (MOVE-04), and per column c the
    # bitmask of spaces in a column > c
    ("LAY_NBR", MAX_LAYOUTS * N_SPACES), ("LAY_SPACE_COL", MAX_LAYOUTS * N_SPACES),
    ("LAY_COLGT", MAX_LAYOUTS * MAX_COLS),
    ("N_T1_IMP", 1), ("N_T1_LOC", 1), ("N_RES", 1),
    # the modules (§20): Ruby Supply tiles on locations, the Ruby Market's bonuses
    ("CARD_RUBY", MAX_CARDS), ("RUBY_S", 6), ("RUBY_N", 6),
    # the solo opponent Jordan (§19, jordan.toml, core/jordan.py): per solo card its
    # letter (0 A, 1 B), bonus (JB_*, -1 none) and printed explore distance, its main
    # actions (JA_*) in priority order, a buy's 3 types; the solo ship board's slots
    # (JS_*) column by column; per track level the raid and explore effects; the
    # treasure die (treasure, or ANY = most cubes); the Tier-II-draw locations (card
    # ids, -1); the endgame amounts (JSC_*); per card the solo actions a location
    # offers (bit per JA_*) and its explore value; per track space the successor
    # Jordan's explorer takes (the longest branch, -1 at the end)
    ("J_N_CARDS", 1), ("J_LETTER", J_CARDS), ("J_BONUS", J_CARDS), ("J_BONUS_N", J_CARDS),
    ("J_NACT", J_CARDS), ("J_ACT", J_CARDS * J_ACT_CAP), ("J_ACT_TYPES", J_CARDS * J_ACT_CAP * 3),
    ("J_N_SLOTS", 1), ("J_SLOT", J_SLOT_CAP),
    ("J_RAID_VP", 4), ("J_RAID_N", 4), ("J_RAID_CUBE", 4), ("J_EXPL_MOVE", 4), ("J_EXPL_VP", 4),
    ("J_DIE", 6), ("J_T2_LOC", 2), ("J_SCORE", 6),
    ("J_LOC_ACTS", MAX_CARDS), ("J_LOC_EXPL", MAX_CARDS), ("J_LONG_NEXT", MAX_TRACK),
]
CATALOG, CATALOG_SIZE = offsets(CATALOG_FIELDS)   # field -> (offset, size): C_<FIELD> in constants.py

# C_*, JA_*, E_* ... for Python code that reads them here (constants.py has them)
__getattr__ = table_getattr(__name__)
