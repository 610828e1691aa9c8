"""The Pirates game-state layout: one int32 vector per game, every field once.

Positions: a ship stands on a card slot 0..26 of the Caribbean, on the Gulf
(SP_GULF), on Maracaibo (SP_MARA) or in the starting zone (SP_START).
Treasures are indexed gold 0, emerald 1, pearl 2 (yellow, green, white die).
"""
from ...framework.constants_check import table_getattr
from ...framework.layout import StateLayout

MAX_P = 4
N_SLOTS = 27                    # card spaces of the Caribbean (CON-04)
SP_GULF, SP_MARA, SP_START = 27, 28, 29
N_SPACES = 30
N_TRE = 3
N_BM = 5                        # black-market tiles per player (CON-12)
BM_CODE = 8                     # SLOT_BM holds owner * BM_CODE + tile + 1 (a code base > N_BM)
N_POSEIDON = 4                  # Poseidon's burial spaces (BURY-07)
HB_CAP = 4                      # hideout bonus spaces per treasure (also the catalog's HB_*)
HU_CAP = 8                      # hideout buried spaces per treasure (also the catalog's HU_*)
QHAND_CAP = 16                  # quests in hand (no limit stated, QST-02)
QDECK_CAP = 32                  # quest deck (25 cards, CON-02)
QMARKET_CAP = 3                 # 2 faceup (3 with Quest Hunters)
T2_CAP = 48                     # Tier II deck (41, CON-02)
REMOVED_CAP = 16                # Tier I cards left out at setup (15, SET-06)
FIGM_CAP = 6                    # figurehead market: players + 2 (CON-10)
TABLEAU_CAP = 32                # acquired improvements
FORFEIT_CAP = 6                 # forfeit abilities (GIC-08/09, Nautilus)
J_DECK_N = 6                    # Jordan's solo deck (SOLO-05)
J_LOG_CAP = 32                  # (event, argument) pairs of Jordan's last turn
N_RUBY_SPACES = 6                # Ruby Market tile (RUBY-05: 6 spaces)
STACK_CAP = 64
STACK_W = 4                     # (op, a, b, c)

# VP by source (score_breakdown); the first group is scored during play
VP_SOURCES = (
    "raids", "effects", "residence_first", "maracaibo", "income",
    "rivers", "doubloons", "card_vp", "card_endgame", "residences", "treasures",
    "buried", "quests", "quest_bonus",
)
N_VP_SRC = len(VP_SOURCES)
#: index names (constants.py): VS_<SOURCE> = the source's index
ENUM_PREFIXES = {"VS_": VP_SOURCES}

GLOBAL_FIELDS = [
    ("NP", 1), ("ROUND", 1), ("CUR", 1), ("OVER", 1), ("STEPS", 1), ("SEED", 1), ("RNG", 2),
    ("LAYOUT", 1), ("MARA_SEAT", 1),    # who holds the Maracaibo marker (SET-21)
    ("END3", 1),                        # round 3: someone reached Maracaibo (END3-01)
    ("ROUND_END", 1),                   # rounds 1-2: this turn reached Maracaibo (MARA-03)
    ("PHASE", 1),                       # the decision being asked (top of the stack)
    # options (core/options.py); the third entry is the saved-game format that
    # added them: a format-1 save lacks them and loads with them 0 (all off)
    ("MODULES", 1, 2), ("SOLO", 1, 2), ("DIFFICULTY", 1, 2),
    # the Caribbean
    ("SLOT_CARD", N_SLOTS),             # card id in each slot
    ("SLOT_DOWN", N_SLOTS),             # 1 = a facedown card (IMP-08): only 5 doubloons
    ("SLOT_TV", N_SLOTS),               # treasure-value tile: treasure + 1, 0 = none
    ("SLOT_BM", N_SLOTS),               # black-market tile: owner * BM_CODE + tile + 1, 0 = none
    ("SLOT_RES", N_SLOTS),              # residence tokens: bit per player
    ("ISLAND", N_TRE),                  # cubes on each treasure island
    ("T2", T2_CAP), ("T2_N", 1),        # Tier II deck, top = T2[T2_N - 1]
    ("REMOVED", REMOVED_CAP), ("REMOVED_N", 1),
    ("QDECK", QDECK_CAP), ("QDECK_N", 1),   # quest deck, top = QDECK[QDECK_N - 1]
    ("QMARKET", QMARKET_CAP), ("QMARKET_N", 1),
    ("FIGM", FIGM_CAP),                 # figurehead market (-1 = taken)
    ("BM_SIDE", N_BM),                  # faceup side of each tile, same for all (SET-16)
    # turn scratch
    ("MV_LEFT", 1), ("MV_START", 1), ("MV_MOVED", 1),
    ("DICE", N_TRE), ("REROLLS", 1), ("RAID_EXTRA", 1), ("RAID_T", 1), ("RAID_POWER", 1),
    ("RAID_USED", 1),                   # bitmask of Raiding actions used this turn (RAID-05)
    ("RAIDING", 1),                     # 1 while a raid spends power
    ("STK_N", 1), ("STK", STACK_CAP * STACK_W),
    ("LAST_ACTION", 1),
    # ---- the modules (§20, core/fog.py, skirmish.py, rubies.py, retirement.py); format 2
    ("SLOT_FOG", N_SLOTS, 2),           # 1 = facedown by Fog of War (FOWL-01, FOWI-01): turned up on entry
    ("SLOT_COINS", N_SLOTS, 2),         # doubloons on a facedown location (FOWL-01/04)
    ("T2_FOG", T2_CAP, 2),              # 1 = that Tier II deck card lies facedown (FOWI-02)
    ("TV_POOL", 6, 2), ("TV_POOL_N", 1, 2),   # treasure-value tiles not placed yet (FOWL-03)
    ("RUBY_MKT", N_RUBY_SPACES, 2),     # Ruby Market spaces: seller + 1, 0 = empty (RUBY-03)
    # ---- the solo opponent Jordan, seat 1 when SOLO (§19, core/jordan.py); format 2; all 0 otherwise
    ("J_DECK", J_DECK_N, 2),            # his 6 solo cards (jordan.toml ids) in draw order (SOLO-05)
    ("J_DRAWN", 1, 2),                  # how many of them are revealed since the last shuffle (SOLO-11)
    ("J_CARD", 1, 2),                   # the card revealed last, faceup (-1 none yet)
    ("J_LEVEL", 1, 2),                  # the Raiding & Explore track: 0..3 = level 1..4 (SOLO-04)
    ("J_UPG", 1, 2),                    # cubes on the solo ship board (SOLO-25)
    ("J_LOG", J_LOG_CAP * 2, 2), ("J_LOG_N", 1, 2),   # his last turn: (event, argument) pairs
]

PLAYER_FIELDS = [
    ("VP", 1), ("COINS", 1), ("SHIP", 1), ("EXPL", 1), ("RIVERS", 1), ("TURNS", 1),
    ("SETUPQ", 2),                      # the 2 quests drawn at setup (SET-17)
    ("QHAND", QHAND_CAP), ("QN", 1),
    ("UPG", 1), ("NUPG", 1),            # bitmask of filled ship slots, their number
    ("FIG", 1),                         # figurehead index, -1 none
    ("BM_AT", N_BM),                    # slot of each own black-market tile, -1 unplaced
    ("TRE", N_TRE),                     # treasures owned (buried included, TRE-03)
    ("BUR", N_TRE),                     # buried below the shovel line
    ("BONUS", N_TRE * HB_CAP),          # bonus spaces above the line covered (1)
    ("BURSP", N_TRE * HU_CAP),          # buried spaces covered (1)
    ("POSEIDON", N_POSEIDON),           # Poseidon spaces: treasure + 1, 0 empty
    # ongoing effects, summed
    ("RAID_POW", 1), ("COLOUR_POW", N_TRE), ("EXPL_BONUS", 1), ("DISCOUNT", 1),
    ("MOVE_BONUS", 1), ("REROLL", 1), ("RAID_ACTS", 1), ("WHALE", 1), ("HAS_POSEIDON", 1),
    ("FORFEIT", FORFEIT_CAP), ("FORFEIT_N", 1),
    ("INC_COINS", 1), ("INC_VP", 1),
    # acquired cards
    ("CREW", 1), ("EQUIP", 1), ("SHIPCARDS", 1), ("LIGHTNING", 1), ("NRES", 1),
    ("TAB", TABLEAU_CAP), ("TAB_N", 1),
    ("VP_SRC", N_VP_SRC),
    # ---- the modules (§20); format 2
    ("SETUPQ3", 1, 2),                  # Quest Hunters: the third quest drawn at setup (QH-01)
    ("RUBIES", 1, 2),                   # rubies held (RUBY-02)
    ("RETIRED", 1, 2),                  # 1 = the Residence Discount tile used (RET-04)
]

# its names (constants.py): G_<NAME> (absolute), P_<NAME> (inside a player block),
# PLAYERS, PLAYER_SIZE, STATE_SIZE
LAYOUT = StateLayout(GLOBAL_FIELDS, PLAYER_FIELDS, MAX_P)

# G_*, P_*, VS_* ... for Python code that reads them here (constants.py has them)
__getattr__ = table_getattr(__name__)
