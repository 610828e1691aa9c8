"""Every int constant of the Pirates of Maracaibo rules core, written out. GENERATED: do not edit.

Made by maracaibo_env/framework/constants_gen.py from the core's
layout.py, catalog_layout.py, actions.py, which stay the source (many of these
names are made by their tables). The rule modules import them from here by
name; numba freezes them at compile time. After changing a source, regenerate
with

    python -m maracaibo_env.framework.constants_gen

(tests/framework/test_constants_generated.py fails until this file matches).
"""


# ---- layout.py, as written there ----------------------------------------------------------
MAX_P = 4
N_SLOTS = 27                      # card spaces of the Caribbean (CON-04)
SP_GULF = 27
SP_MARA = 28
SP_START = 29
N_SPACES = 30
N_TRE = 3
N_BM = 5                          # black-market tiles per player (CON-12)
BM_CODE = 8                       # SLOT_BM holds owner * BM_CODE + tile + 1 (a code base > N_BM)
N_POSEIDON = 4                    # Poseidon's burial spaces (BURY-07)
HB_CAP = 4                        # hideout bonus spaces per treasure (also the catalog's HB_*)
HU_CAP = 8                        # hideout buried spaces per treasure (also the catalog's HU_*)
QHAND_CAP = 16                    # quests in hand (no limit stated, QST-02)
QDECK_CAP = 32                    # quest deck (25 cards, CON-02)
QMARKET_CAP = 3                   # 2 faceup (3 with Quest Hunters)
T2_CAP = 48                       # Tier II deck (41, CON-02)
REMOVED_CAP = 16                  # Tier I cards left out at setup (15, SET-06)
FIGM_CAP = 6                      # figurehead market: players + 2 (CON-10)
TABLEAU_CAP = 32                  # acquired improvements
FORFEIT_CAP = 6                   # forfeit abilities (GIC-08/09, Nautilus)
J_DECK_N = 6                      # Jordan's solo deck (SOLO-05)
J_LOG_CAP = 32                    # (event, argument) pairs of Jordan's last turn
N_RUBY_SPACES = 6                 # Ruby Market tile (RUBY-05: 6 spaces)
STACK_CAP = 64
STACK_W = 4                       # (op, a, b, c)

# ---- layout.py, computed there ------------------------------------------------------------
N_VP_SRC = 14
VS_RAIDS = 0                      # VP_SOURCES[0] 'raids'
VS_EFFECTS = 1                    # VP_SOURCES[1] 'effects'
VS_RESIDENCE_FIRST = 2            # VP_SOURCES[2] 'residence_first'
VS_MARACAIBO = 3                  # VP_SOURCES[3] 'maracaibo'
VS_INCOME = 4                     # VP_SOURCES[4] 'income'
VS_RIVERS = 5                     # VP_SOURCES[5] 'rivers'
VS_DOUBLOONS = 6                  # VP_SOURCES[6] 'doubloons'
VS_CARD_VP = 7                    # VP_SOURCES[7] 'card_vp'
VS_CARD_ENDGAME = 8               # VP_SOURCES[8] 'card_endgame'
VS_RESIDENCES = 9                 # VP_SOURCES[9] 'residences'
VS_TREASURES = 10                 # VP_SOURCES[10] 'treasures'
VS_BURIED = 11                    # VP_SOURCES[11] 'buried'
VS_QUESTS = 12                    # VP_SOURCES[12] 'quests'
VS_QUEST_BONUS = 13               # VP_SOURCES[13] 'quest_bonus'
G_NP = 0                          # state field NP, 1 int
G_ROUND = 1                       # state field ROUND, 1 int
G_CUR = 2                         # state field CUR, 1 int
G_OVER = 3                        # state field OVER, 1 int
G_STEPS = 4                       # state field STEPS, 1 int
G_SEED = 5                        # state field SEED, 1 int
G_RNG = 6                         # state field RNG, 2 ints
G_LAYOUT = 8                      # state field LAYOUT, 1 int
G_MARA_SEAT = 9                   # state field MARA_SEAT, 1 int
G_END3 = 10                       # state field END3, 1 int; round 3: someone reached Maracaibo (END3-01)
G_ROUND_END = 11                  # state field ROUND_END, 1 int; rounds 1-2: this turn reached Maracaibo (MARA-03)
G_PHASE = 12                      # state field PHASE, 1 int; the decision being asked (top of the stack)
G_MODULES = 13                    # state field MODULES, 1 int
G_SOLO = 14                       # state field SOLO, 1 int
G_DIFFICULTY = 15                 # state field DIFFICULTY, 1 int
G_SLOT_CARD = 16                  # state field SLOT_CARD, 27 ints; card id in each slot
G_SLOT_DOWN = 43                  # state field SLOT_DOWN, 27 ints; 1 = a facedown card (IMP-08): only 5 doubloons
G_SLOT_TV = 70                    # state field SLOT_TV, 27 ints; treasure-value tile: treasure + 1, 0 = none
G_SLOT_BM = 97                    # state field SLOT_BM, 27 ints; black-market tile: owner * BM_CODE + tile + 1, 0 = none
G_SLOT_RES = 124                  # state field SLOT_RES, 27 ints; residence tokens: bit per player
G_ISLAND = 151                    # state field ISLAND, 3 ints; cubes on each treasure island
G_T2 = 154                        # state field T2, 48 ints
G_T2_N = 202                      # state field T2_N, 1 int
G_REMOVED = 203                   # state field REMOVED, 16 ints
G_REMOVED_N = 219                 # state field REMOVED_N, 1 int
G_QDECK = 220                     # state field QDECK, 32 ints
G_QDECK_N = 252                   # state field QDECK_N, 1 int
G_QMARKET = 253                   # state field QMARKET, 3 ints
G_QMARKET_N = 256                 # state field QMARKET_N, 1 int
G_FIGM = 257                      # state field FIGM, 6 ints; figurehead market (-1 = taken)
G_BM_SIDE = 263                   # state field BM_SIDE, 5 ints; faceup side of each tile, same for all (SET-16)
G_MV_LEFT = 268                   # state field MV_LEFT, 1 int
G_MV_START = 269                  # state field MV_START, 1 int
G_MV_MOVED = 270                  # state field MV_MOVED, 1 int
G_DICE = 271                      # state field DICE, 3 ints
G_REROLLS = 274                   # state field REROLLS, 1 int
G_RAID_EXTRA = 275                # state field RAID_EXTRA, 1 int
G_RAID_T = 276                    # state field RAID_T, 1 int
G_RAID_POWER = 277                # state field RAID_POWER, 1 int
G_RAID_USED = 278                 # state field RAID_USED, 1 int; bitmask of Raiding actions used this turn (RAID-05)
G_RAIDING = 279                   # state field RAIDING, 1 int; 1 while a raid spends power
G_STK_N = 280                     # state field STK_N, 1 int
G_STK = 281                       # state field STK, 256 ints
G_LAST_ACTION = 537               # state field LAST_ACTION, 1 int
G_SLOT_FOG = 538                  # state field SLOT_FOG, 27 ints; 1 = facedown by Fog of War (FOWL-01, FOWI-01): turned up on entry
G_SLOT_COINS = 565                # state field SLOT_COINS, 27 ints; doubloons on a facedown location (FOWL-01/04)
G_T2_FOG = 592                    # state field T2_FOG, 48 ints; 1 = that Tier II deck card lies facedown (FOWI-02)
G_TV_POOL = 640                   # state field TV_POOL, 6 ints
G_TV_POOL_N = 646                 # state field TV_POOL_N, 1 int
G_RUBY_MKT = 647                  # state field RUBY_MKT, 6 ints; Ruby Market spaces: seller + 1, 0 = empty (RUBY-03)
G_J_DECK = 653                    # state field J_DECK, 6 ints; his 6 solo cards (jordan.toml ids) in draw order (SOLO-05)
G_J_DRAWN = 659                   # state field J_DRAWN, 1 int; how many of them are revealed since the last shuffle (SOLO-11)
G_J_CARD = 660                    # state field J_CARD, 1 int; the card revealed last, faceup (-1 none yet)
G_J_LEVEL = 661                   # state field J_LEVEL, 1 int; the Raiding & Explore track: 0..3 = level 1..4 (SOLO-04)
G_J_UPG = 662                     # state field J_UPG, 1 int; cubes on the solo ship board (SOLO-25)
G_J_LOG = 663                     # state field J_LOG, 64 ints
G_J_LOG_N = 727                   # state field J_LOG_N, 1 int
P_VP = 0                          # player-block field VP, 1 int
P_COINS = 1                       # player-block field COINS, 1 int
P_SHIP = 2                        # player-block field SHIP, 1 int
P_EXPL = 3                        # player-block field EXPL, 1 int
P_RIVERS = 4                      # player-block field RIVERS, 1 int
P_TURNS = 5                       # player-block field TURNS, 1 int
P_SETUPQ = 6                      # player-block field SETUPQ, 2 ints; the 2 quests drawn at setup (SET-17)
P_QHAND = 8                       # player-block field QHAND, 16 ints
P_QN = 24                         # player-block field QN, 1 int
P_UPG = 25                        # player-block field UPG, 1 int
P_NUPG = 26                       # player-block field NUPG, 1 int
P_FIG = 27                        # player-block field FIG, 1 int; figurehead index, -1 none
P_BM_AT = 28                      # player-block field BM_AT, 5 ints; slot of each own black-market tile, -1 unplaced
P_TRE = 33                        # player-block field TRE, 3 ints; treasures owned (buried included, TRE-03)
P_BUR = 36                        # player-block field BUR, 3 ints; buried below the shovel line
P_BONUS = 39                      # player-block field BONUS, 12 ints; bonus spaces above the line covered (1)
P_BURSP = 51                      # player-block field BURSP, 24 ints; buried spaces covered (1)
P_POSEIDON = 75                   # player-block field POSEIDON, 4 ints; Poseidon spaces: treasure + 1, 0 empty
P_RAID_POW = 79                   # player-block field RAID_POW, 1 int
P_COLOUR_POW = 80                 # player-block field COLOUR_POW, 3 ints
P_EXPL_BONUS = 83                 # player-block field EXPL_BONUS, 1 int
P_DISCOUNT = 84                   # player-block field DISCOUNT, 1 int
P_MOVE_BONUS = 85                 # player-block field MOVE_BONUS, 1 int
P_REROLL = 86                     # player-block field REROLL, 1 int
P_RAID_ACTS = 87                  # player-block field RAID_ACTS, 1 int
P_WHALE = 88                      # player-block field WHALE, 1 int
P_HAS_POSEIDON = 89               # player-block field HAS_POSEIDON, 1 int
P_FORFEIT = 90                    # player-block field FORFEIT, 6 ints
P_FORFEIT_N = 96                  # player-block field FORFEIT_N, 1 int
P_INC_COINS = 97                  # player-block field INC_COINS, 1 int
P_INC_VP = 98                     # player-block field INC_VP, 1 int
P_CREW = 99                       # player-block field CREW, 1 int
P_EQUIP = 100                     # player-block field EQUIP, 1 int
P_SHIPCARDS = 101                 # player-block field SHIPCARDS, 1 int
P_LIGHTNING = 102                 # player-block field LIGHTNING, 1 int
P_NRES = 103                      # player-block field NRES, 1 int
P_TAB = 104                       # player-block field TAB, 32 ints
P_TAB_N = 136                     # player-block field TAB_N, 1 int
P_VP_SRC = 137                    # player-block field VP_SRC, 14 ints
P_SETUPQ3 = 151                   # player-block field SETUPQ3, 1 int; Quest Hunters: the third quest drawn at setup (QH-01)
P_RUBIES = 152                    # player-block field RUBIES, 1 int; rubies held (RUBY-02)
P_RETIRED = 153                   # player-block field RETIRED, 1 int; 1 = the Residence Discount tile used (RET-04)
PLAYERS = 728                     # offset of player 0's block
PLAYER_SIZE = 154                 # ints per player block
STATE_SIZE = 1344                 # ints in a state vector


# ---- catalog_layout.py, as written there --------------------------------------------------
MAX_CARDS = 96
MAX_EFF = 640
MAX_QUESTS = 32
N_FIGS = 12
MAX_SHIP_SLOTS = 24
MAX_RAID_ACTS = 12
MAX_TRACK = 48
MAX_COLS = 16                     # columns of a Caribbean layout (LAY_COLGT)
MAX_LAYOUTS = 8
MAX_VAL = 8
J_CARDS = 12                      # solo cards, 6 A + 6 B (CON-21)
J_ACT_CAP = 6                     # main actions per solo card
J_SLOT_CAP = 32                   # slots of the solo ship board
J_LEVELS = 4                      # the Raiding & Explore track (DATA-10)
ANY = 3                           # treasure "any" (a choice), also "the raid's die"
KIND_IMP = 0
KIND_LOC = 1
KIND_RES = 2

# ---- catalog_layout.py, computed there ----------------------------------------------------
JSC_RIVER = 0                     # J_SCORE
JSC_CARD = 1                      # J_SCORE
JSC_RESIDENCE = 2                 # J_SCORE
JSC_QUEST = 3                     # J_SCORE
JSC_BONUS_AT = 4                  # J_SCORE
JSC_BONUS = 5                     # J_SCORE
CATALOG_SIZE = 8372               # ints in a catalog vector
JA_RAID = 0                       # JORDAN_ACTIONS[0] 'raid'
JA_EXPLORE = 1                    # JORDAN_ACTIONS[1] 'explore'
JA_QUEST = 2                      # JORDAN_ACTIONS[2] 'quest'
JA_TIER2 = 3                      # JORDAN_ACTIONS[3] 'tier2'
JA_BUY = 4                        # JORDAN_ACTIONS[4] 'buy'
JB_UPGRADE = 0                    # JORDAN_BONUSES[0] 'upgrade'
JB_RAID = 1                       # JORDAN_BONUSES[1] 'raid'
JB_EXPLORE = 2                    # JORDAN_BONUSES[2] 'explore'
JS_ADVANCE = 0                    # JORDAN_SLOTS[0] 'advance'
JS_FIGUREHEAD = 1                 # JORDAN_SLOTS[1] 'figurehead'
JS_QUEST = 2                      # JORDAN_SLOTS[2] 'quest'
JS_RESIDENCE = 3                  # JORDAN_SLOTS[3] 'residence'
E_VP = 0                          # EFFECT_KINDS[0] 'vp'
E_COINS = 1                       # EFFECT_KINDS[1] 'coins'
E_UPGRADE = 2                     # EFFECT_KINDS[2] 'upgrade'
E_BURY = 3                        # EFFECT_KINDS[3] 'bury'
E_RAID = 4                        # EFFECT_KINDS[4] 'raid'
E_RAID_AS_IF = 5                  # EFFECT_KINDS[5] 'raid_as_if'
E_RAID_COLOUR = 6                 # EFFECT_KINDS[6] 'raid_colour'
E_EXPLORE = 7                     # EFFECT_KINDS[7] 'explore'
E_EXPLORER_SPACE = 8              # EFFECT_KINDS[8] 'explorer_space'
E_ACTIVATE_BM = 9                 # EFFECT_KINDS[9] 'activate_bm'
E_FIGUREHEAD = 10                 # EFFECT_KINDS[10] 'figurehead'
E_DISCARD_QUEST = 11              # EFFECT_KINDS[11] 'discard_quest'
E_ISLAND_CUBE = 12                # EFFECT_KINDS[12] 'island_cube'
E_BUILD_RESIDENCE = 13            # EFFECT_KINDS[13] 'build_residence'
E_ACQUIRE = 14                    # EFFECT_KINDS[14] 'acquire'
E_INCOME_VP = 15                  # EFFECT_KINDS[15] 'income_vp'
E_INCOME_COINS = 16               # EFFECT_KINDS[16] 'income_coins'
E_VP_PER = 17                     # EFFECT_KINDS[17] 'vp_per'
E_TREASURE = 18                   # EFFECT_KINDS[18] 'treasure'
E_QUEST = 19                      # EFFECT_KINDS[19] 'quest'
E_PLACE_BM = 20                   # EFFECT_KINDS[20] 'place_bm'
E_RAID_POWER = 21                 # EFFECT_KINDS[21] 'raid_power'
E_COLOUR_POWER = 22               # EFFECT_KINDS[22] 'colour_power'
E_EXPLORE_BONUS = 23              # EFFECT_KINDS[23] 'explore_bonus'
E_FORFEIT = 24                    # EFFECT_KINDS[24] 'forfeit'
E_DISCOUNT = 25                   # EFFECT_KINDS[25] 'discount'
E_MOVE_BONUS = 26                 # EFFECT_KINDS[26] 'move_bonus'
E_REROLL = 27                     # EFFECT_KINDS[27] 'reroll'
E_RAID_ACTION = 28                # EFFECT_KINDS[28] 'raid_action'
E_WHALE = 29                      # EFFECT_KINDS[29] 'whale'
E_POSEIDON = 30                   # EFFECT_KINDS[30] 'poseidon'
E_END_PER3_TREASURE = 31          # EFFECT_KINDS[31] 'end_per3_treasure'
E_END_PER3_QUESTS = 32            # EFFECT_KINDS[32] 'end_per3_quests'
E_END_PER_BURIED = 33             # EFFECT_KINDS[33] 'end_per_buried'
CNT_BURIED = 0                    # COUNTS[0] 'buried'
CNT_QUESTS = 1                    # COUNTS[1] 'quests'
CNT_RIVERS = 2                    # COUNTS[2] 'rivers'
CNT_CREW = 3                      # COUNTS[3] 'crew'
CNT_EQUIPMENT = 4                 # COUNTS[4] 'equipment'
CNT_SHIP = 5                      # COUNTS[5] 'ship'
CNT_GOLD = 6                      # COUNTS[6] 'gold'
CNT_EMERALD = 7                   # COUNTS[7] 'emerald'
CNT_PEARL = 8                     # COUNTS[8] 'pearl'
CNT_TREASURES = 9                 # COUNTS[9] 'treasures'
FR_GOLD = 0                       # FORFEIT_REWARDS[0] 'gold'
FR_EMERALD = 1                    # FORFEIT_REWARDS[1] 'emerald'
FR_PEARL = 2                      # FORFEIT_REWARDS[2] 'pearl'
FR_COINS2 = 3                     # FORFEIT_REWARDS[3] 'coins2'
FR_VP2 = 4                        # FORFEIT_REWARDS[4] 'vp2'
FR_CUBE = 5                       # FORFEIT_REWARDS[5] 'cube'
GRS_INCOME_COINS = 0              # GRS[0] 'income_coins'
GRS_INCOME_VP = 1                 # GRS[1] 'income_vp'
GRS_SHIP = 2                      # GRS[2] 'ship'
GRS_EQUIPMENT = 3                 # GRS[3] 'equipment'
GRS_CREW = 4                      # GRS[4] 'crew'
GRS_BURIED = 5                    # GRS[5] 'buried'
GRS_QUESTS_SCORED = 6             # GRS[6] 'quests_scored'
GRS_EMERALD = 7                   # GRS[7] 'emerald'
GRS_GOLD = 8                      # GRS[8] 'gold'
GRS_PEARL = 9                     # GRS[9] 'pearl'
GRS_SETS = 10                     # GRS[10] 'sets'
GRS_RIVERS = 11                   # GRS[11] 'rivers'
GQ_TREASURES = 0                  # GQ[0] 'treasures'
GQ_BURIED = 1                     # GQ[1] 'buried'
GQ_TYPE_COUNT = 2                 # GQ[2] 'type_count'
GQ_INCOME_COINS = 3               # GQ[3] 'income_coins'
GQ_INCOME_VP = 4                  # GQ[4] 'income_vp'
GQ_CARDS = 5                      # GQ[5] 'cards'
GQ_RIVERS = 6                     # GQ[6] 'rivers'
GQ_EACH_TYPE = 7                  # GQ[7] 'each_type'
GQ_SHIP = 8                       # GQ[8] 'ship'
GQ_BURIED_AND_INCOME_VP = 9       # GQ[9] 'buried_and_income_vp'
GQ_LIGHTNING = 10                 # GQ[10] 'lightning'
GQ_UPGRADES = 11                  # GQ[11] 'upgrades'
GQ_CREW_AND_RIVERS = 12           # GQ[12] 'crew_and_rivers'
GQ_EQUIPMENT_AND_RIVERS = 13      # GQ[13] 'equipment_and_rivers'
GQ_EQUIPMENT_AND_CREW = 14        # GQ[14] 'equipment_and_crew'
GQ_SHIP_AND_RESIDENCES = 15       # GQ[15] 'ship_and_residences'
GQ_BURIED_AND_RIVERS = 16         # GQ[16] 'buried_and_rivers'
TY_CREW = 0                       # IMP_TYPES[0] 'crew'
TY_EQUIPMENT = 1                  # IMP_TYPES[1] 'equipment'
TY_SHIP = 2                       # IMP_TYPES[2] 'ship'
C_EFF_DO = 0                      # catalog field EFF_DO, 640 ints
C_EFF_N = 640                     # catalog field EFF_N, 640 ints
C_EFF_ARG = 1280                  # catalog field EFF_ARG, 640 ints
C_EFF_CAP = 1920                  # catalog field EFF_CAP, 640 ints
C_N_CARDS = 2560                  # catalog field N_CARDS, 1 int
C_CARD_KIND = 2561                # catalog field CARD_KIND, 96 ints
C_CARD_TIER = 2657                # catalog field CARD_TIER, 96 ints
C_CARD_TYPE = 2753                # catalog field CARD_TYPE, 96 ints
C_CARD_COST = 2849                # catalog field CARD_COST, 96 ints
C_CARD_VP = 2945                  # catalog field CARD_VP, 96 ints
C_CARD_TV = 3041                  # catalog field CARD_TV, 96 ints
C_CARD_INC_C = 3137               # catalog field CARD_INC_C, 96 ints
C_CARD_INC_V = 3233               # catalog field CARD_INC_V, 96 ints
C_CARD_LIGHT_S = 3329             # catalog field CARD_LIGHT_S, 96 ints
C_CARD_LIGHT_N = 3425             # catalog field CARD_LIGHT_N, 96 ints
C_CARD_ONG_S = 3521               # catalog field CARD_ONG_S, 96 ints
C_CARD_ONG_N = 3617               # catalog field CARD_ONG_N, 96 ints
C_CARD_END_S = 3713               # catalog field CARD_END_S, 96 ints
C_CARD_END_N = 3809               # catalog field CARD_END_N, 96 ints
C_CARD_NSIDES = 3905              # catalog field CARD_NSIDES, 96 ints
C_CARD_SIDE0_S = 4001             # catalog field CARD_SIDE0_S, 96 ints
C_CARD_SIDE0_N = 4097             # catalog field CARD_SIDE0_N, 96 ints
C_CARD_SIDE1_S = 4193             # catalog field CARD_SIDE1_S, 96 ints
C_CARD_SIDE1_N = 4289             # catalog field CARD_SIDE1_N, 96 ints
C_RES_FORMULA = 4385              # catalog field RES_FORMULA, 96 ints
C_RES_PER = 4481                  # catalog field RES_PER, 96 ints
C_RES_CAP = 4577                  # catalog field RES_CAP, 96 ints
C_N_QUESTS = 4673                 # catalog field N_QUESTS, 1 int
C_Q_KIND = 4674                   # catalog field Q_KIND, 32 ints
C_Q_ARG = 4706                    # catalog field Q_ARG, 32 ints
C_Q_TYPES = 4738                  # catalog field Q_TYPES, 32 ints
C_Q_LOW_A = 4770                  # catalog field Q_LOW_A, 32 ints
C_Q_LOW_B = 4802                  # catalog field Q_LOW_B, 32 ints
C_Q_LOW_VP = 4834                 # catalog field Q_LOW_VP, 32 ints
C_Q_HIGH_A = 4866                 # catalog field Q_HIGH_A, 32 ints
C_Q_HIGH_B = 4898                 # catalog field Q_HIGH_B, 32 ints
C_Q_HIGH_VP = 4930                # catalog field Q_HIGH_VP, 32 ints
C_FIG_LIGHT_S = 4962              # catalog field FIG_LIGHT_S, 12 ints
C_FIG_LIGHT_N = 4974              # catalog field FIG_LIGHT_N, 12 ints
C_FIG_ONG_S = 4986                # catalog field FIG_ONG_S, 12 ints
C_FIG_ONG_N = 4998                # catalog field FIG_ONG_N, 12 ints
C_FIG_INC_C = 5010                # catalog field FIG_INC_C, 12 ints
C_FIG_INC_V = 5022                # catalog field FIG_INC_V, 12 ints
C_POS_S = 5034                    # catalog field POS_S, 4 ints
C_POS_N = 5038                    # catalog field POS_N, 4 ints
C_BM_EFF_S = 5042                 # catalog field BM_EFF_S, 10 ints
C_BM_EFF_N = 5052                 # catalog field BM_EFF_N, 10 ints
C_BM_TILE_EFF = 5062              # catalog field BM_TILE_EFF, 10 ints
C_N_SHIP_SLOTS = 5072             # catalog field N_SHIP_SLOTS, 1 int
C_BARRIERS = 5073                 # catalog field BARRIERS, 3 ints
C_SLOT_SECTION = 5076             # catalog field SLOT_SECTION, 24 ints
C_SLOT_COST = 5100                # catalog field SLOT_COST, 24 ints
C_SLOT_S = 5124                   # catalog field SLOT_S, 24 ints
C_SLOT_N = 5148                   # catalog field SLOT_N, 24 ints
C_N_RA = 5172                     # catalog field N_RA, 1 int
C_RA_POWER = 5173                 # catalog field RA_POWER, 12 ints
C_RA_S = 5185                     # catalog field RA_S, 12 ints
C_RA_N = 5197                     # catalog field RA_N, 12 ints
C_RA_STANDARD = 5209              # catalog field RA_STANDARD, 1 int; bitmask of the standard Raiding actions
C_HB_N = 5210                     # catalog field HB_N, 3 ints
C_HB_S = 5213                     # catalog field HB_S, 12 ints
C_HB_C = 5225                     # catalog field HB_C, 12 ints
C_HU_N = 5237                     # catalog field HU_N, 3 ints
C_HU_S = 5240                     # catalog field HU_S, 24 ints
C_HU_C = 5264                     # catalog field HU_C, 24 ints
C_N_TRACK = 5288                  # catalog field N_TRACK, 1 int
C_TR_NEXT0 = 5289                 # catalog field TR_NEXT0, 48 ints
C_TR_NEXT1 = 5337                 # catalog field TR_NEXT1, 48 ints
C_TR_RIVERS = 5385                # catalog field TR_RIVERS, 48 ints
C_TR_S = 5433                     # catalog field TR_S, 48 ints
C_TR_N = 5481                     # catalog field TR_N, 48 ints
C_TR_RETIRE = 5529                # catalog field TR_RETIRE, 48 ints
C_TR_SUCC_LO = 5577               # catalog field TR_SUCC_LO, 48 ints
C_TR_SUCC_HI = 5625               # catalog field TR_SUCC_HI, 48 ints
C_ISL_SPACES = 5673               # catalog field ISL_SPACES, 3 ints
C_START_CUBES = 5676              # catalog field START_CUBES, 1 int
C_N_VAL = 5677                    # catalog field N_VAL, 1 int
C_VAL_AT = 5678                   # catalog field VAL_AT, 8 ints
C_VAL = 5686                      # catalog field VAL, 8 ints
C_START_COINS = 5694              # catalog field START_COINS, 4 ints
C_TV_TILES = 5698                 # catalog field TV_TILES, 6 ints
C_N_LAYOUTS = 5704                # catalog field N_LAYOUTS, 1 int
C_LAY_COL = 5705                  # catalog field LAY_COL, 216 ints
C_LAY_ROW = 5921                  # catalog field LAY_ROW, 216 ints
C_LAY_ADJ = 6137                  # catalog field LAY_ADJ, 864 ints
C_LAY_NCOLS = 7001                # catalog field LAY_NCOLS, 8 ints
C_LAY_NBR = 7009                  # catalog field LAY_NBR, 240 ints
C_LAY_SPACE_COL = 7249            # catalog field LAY_SPACE_COL, 240 ints
C_LAY_COLGT = 7489                # catalog field LAY_COLGT, 128 ints
C_N_T1_IMP = 7617                 # catalog field N_T1_IMP, 1 int
C_N_T1_LOC = 7618                 # catalog field N_T1_LOC, 1 int
C_N_RES = 7619                    # catalog field N_RES, 1 int
C_CARD_RUBY = 7620                # catalog field CARD_RUBY, 96 ints
C_RUBY_S = 7716                   # catalog field RUBY_S, 6 ints
C_RUBY_N = 7722                   # catalog field RUBY_N, 6 ints
C_J_N_CARDS = 7728                # catalog field J_N_CARDS, 1 int
C_J_LETTER = 7729                 # catalog field J_LETTER, 12 ints
C_J_BONUS = 7741                  # catalog field J_BONUS, 12 ints
C_J_BONUS_N = 7753                # catalog field J_BONUS_N, 12 ints
C_J_NACT = 7765                   # catalog field J_NACT, 12 ints
C_J_ACT = 7777                    # catalog field J_ACT, 72 ints
C_J_ACT_TYPES = 7849              # catalog field J_ACT_TYPES, 216 ints
C_J_N_SLOTS = 8065                # catalog field J_N_SLOTS, 1 int
C_J_SLOT = 8066                   # catalog field J_SLOT, 32 ints
C_J_RAID_VP = 8098                # catalog field J_RAID_VP, 4 ints
C_J_RAID_N = 8102                 # catalog field J_RAID_N, 4 ints
C_J_RAID_CUBE = 8106              # catalog field J_RAID_CUBE, 4 ints
C_J_EXPL_MOVE = 8110              # catalog field J_EXPL_MOVE, 4 ints
C_J_EXPL_VP = 8114                # catalog field J_EXPL_VP, 4 ints
C_J_DIE = 8118                    # catalog field J_DIE, 6 ints
C_J_T2_LOC = 8124                 # catalog field J_T2_LOC, 2 ints
C_J_SCORE = 8126                  # catalog field J_SCORE, 6 ints
C_J_LOC_ACTS = 8132               # catalog field J_LOC_ACTS, 96 ints
C_J_LOC_EXPL = 8228               # catalog field J_LOC_EXPL, 96 ints
C_J_LONG_NEXT = 8324              # catalog field J_LONG_NEXT, 48 ints


# ---- actions.py, as written there ---------------------------------------------------------
MAX_LIST = 8                      # effects in one any-order list

# ---- actions.py, computed there -----------------------------------------------------------
NUM_ACTIONS = 350                 # size of the action space
A_PASS = 0                        # action PASS: id 0; decline / stop / end (the prompt says which)
A_KEEP_QUEST = 1                  # action KEEP_QUEST: ids 1..2; setup: keep drawn quest i (SET-17)
A_SAIL = 3                        # action SAIL: ids 3..32; move the ship one step onto space s (MOVE-02)
A_STOP = 33                       # action STOP: id 33; end the move here (MOVE-04)
A_PAY = 34                        # action PAY: ids 34..37; pay 1 doubloon to seat p (MOVE-08)
A_TAKE5 = 38                      # action TAKE5: id 38; leave the improvement, take 5 doubloons (IMP-01)
A_ACQUIRE = 39                    # action ACQUIRE: ids 39..65; acquire the improvement in slot s
A_RESIDENCE = 66                  # action RESIDENCE: ids 66..92; build the residence in slot s
A_BM_HERE = 93                    # action BM_HERE: id 93; activate own black-market tile here (LOC-03)
A_UPGRADE = 94                    # action UPGRADE: ids 94..117; fill ship slot k (UPG-01)
A_SIDE = 118                      # action SIDE: ids 118..119; location side before/after the "/" (LOC-05)
A_EFFECT = 120                    # action EFFECT: ids 120..127; resolve effect i of the pending list next
A_GULF = 128                      # action GULF: ids 128..130; GULF-03 option
A_REROLL = 131                    # action REROLL: id 131; reroll the raiding dice (RAID-02)
A_DIE = 132                       # action DIE: ids 132..134; choose die: gold/emerald/pearl (RAID-03)
A_RAID_ACT = 135                  # action RAID_ACT: ids 135..146; spend power on Raiding action k (RAID-05)
A_TREASURE = 147                  # action TREASURE: ids 147..149; choose a treasure type
A_BONUS = 150                     # action BONUS: ids 150..153; put the new treasure on bonus space i (TRE-02)
A_STORE = 154                     # action STORE: id 154; put it in storage (TRE-02)
A_BURY = 155                      # action BURY: ids 155..178; bury treasure t on buried space i (BURY-02)
A_POSEIDON = 179                  # action POSEIDON: ids 179..190; bury treasure t on Poseidon space j (BURY-07)
A_EXPLORE = 191                   # action EXPLORE: ids 191..238; move the explorer to track space s (EXP-01)
A_FORFEIT = 239                   # action FORFEIT: ids 239..244; forfeit movement for ability k's reward (EXP-07)
A_QUEST_DECK = 245                # action QUEST_DECK: id 245; take the top quest of the deck (QST-01)
A_QUEST_MARKET = 246              # action QUEST_MARKET: ids 246..248; take faceup quest i
A_WHALE = 249                     # action WHALE: id 249; refresh the quest market first (GFH-D)
A_DISCARD_QUEST = 250             # action DISCARD_QUEST: ids 250..265; discard quest i for 8 doubloons (GIC-22)
A_ISLAND = 266                    # action ISLAND: ids 266..268; add the cube(s) to island t
A_FIGUREHEAD = 269                # action FIGUREHEAD: ids 269..274; take market figurehead i (FIG-01)
A_BM_TILE = 275                   # action BM_TILE: ids 275..279; place own black-market tile k (BM-01)
A_BM_AT = 280                     # action BM_AT: ids 280..306; ... on the location in slot s
A_BM_ACTIVATE = 307               # action BM_ACTIVATE: ids 307..311; activate own placed tile k (GIC-20)
A_RETURN_QUEST = 312              # action RETURN_QUEST: ids 312..314; Quest Hunters setup: return drawn quest i, keep the others (QH-01)
A_GAIN_RUBY = 315                 # action GAIN_RUBY: id 315; take 1 ruby from the supply here (RUBY-02)
A_SELL_RUBY = 316                 # action SELL_RUBY: ids 316..321; sell 1 ruby onto Ruby Market space i, take its bonus (RUBY-03)
A_TRADE_RUBY = 322                # action TRADE_RUBY: id 322; trade 1 ruby for 2 VP (RUBY-04)
A_RETIRE = 323                    # action RETIRE: ids 323..349; buy the residence in slot s at half price (RET-02/03)


__all__ = [
    "MAX_P", "N_SLOTS", "SP_GULF", "SP_MARA", "SP_START", "N_SPACES", "N_TRE", "N_BM", "BM_CODE",
    "N_POSEIDON", "HB_CAP", "HU_CAP", "QHAND_CAP", "QDECK_CAP", "QMARKET_CAP", "T2_CAP",
    "REMOVED_CAP", "FIGM_CAP", "TABLEAU_CAP", "FORFEIT_CAP", "J_DECK_N", "J_LOG_CAP",
    "N_RUBY_SPACES", "STACK_CAP", "STACK_W", "N_VP_SRC", "VS_RAIDS", "VS_EFFECTS",
    "VS_RESIDENCE_FIRST", "VS_MARACAIBO", "VS_INCOME", "VS_RIVERS", "VS_DOUBLOONS", "VS_CARD_VP",
    "VS_CARD_ENDGAME", "VS_RESIDENCES", "VS_TREASURES", "VS_BURIED", "VS_QUESTS", "VS_QUEST_BONUS",
    "G_NP", "G_ROUND", "G_CUR", "G_OVER", "G_STEPS", "G_SEED", "G_RNG", "G_LAYOUT", "G_MARA_SEAT",
    "G_END3", "G_ROUND_END", "G_PHASE", "G_MODULES", "G_SOLO", "G_DIFFICULTY", "G_SLOT_CARD",
    "G_SLOT_DOWN", "G_SLOT_TV", "G_SLOT_BM", "G_SLOT_RES", "G_ISLAND", "G_T2", "G_T2_N",
    "G_REMOVED", "G_REMOVED_N", "G_QDECK", "G_QDECK_N", "G_QMARKET", "G_QMARKET_N", "G_FIGM",
    "G_BM_SIDE", "G_MV_LEFT", "G_MV_START", "G_MV_MOVED", "G_DICE", "G_REROLLS", "G_RAID_EXTRA",
    "G_RAID_T", "G_RAID_POWER", "G_RAID_USED", "G_RAIDING", "G_STK_N", "G_STK", "G_LAST_ACTION",
    "G_SLOT_FOG", "G_SLOT_COINS", "G_T2_FOG", "G_TV_POOL", "G_TV_POOL_N", "G_RUBY_MKT", "G_J_DECK",
    "G_J_DRAWN", "G_J_CARD", "G_J_LEVEL", "G_J_UPG", "G_J_LOG", "G_J_LOG_N", "P_VP", "P_COINS",
    "P_SHIP", "P_EXPL", "P_RIVERS", "P_TURNS", "P_SETUPQ", "P_QHAND", "P_QN", "P_UPG", "P_NUPG",
    "P_FIG", "P_BM_AT", "P_TRE", "P_BUR", "P_BONUS", "P_BURSP", "P_POSEIDON", "P_RAID_POW",
    "P_COLOUR_POW", "P_EXPL_BONUS", "P_DISCOUNT", "P_MOVE_BONUS", "P_REROLL", "P_RAID_ACTS",
    "P_WHALE", "P_HAS_POSEIDON", "P_FORFEIT", "P_FORFEIT_N", "P_INC_COINS", "P_INC_VP", "P_CREW",
    "P_EQUIP", "P_SHIPCARDS", "P_LIGHTNING", "P_NRES", "P_TAB", "P_TAB_N", "P_VP_SRC", "P_SETUPQ3",
    "P_RUBIES", "P_RETIRED", "PLAYERS", "PLAYER_SIZE", "STATE_SIZE", "MAX_CARDS", "MAX_EFF",
    "MAX_QUESTS", "N_FIGS", "MAX_SHIP_SLOTS", "MAX_RAID_ACTS", "MAX_TRACK", "MAX_COLS",
    "MAX_LAYOUTS", "MAX_VAL", "J_CARDS", "J_ACT_CAP", "J_SLOT_CAP", "J_LEVELS", "ANY", "KIND_IMP",
    "KIND_LOC", "KIND_RES", "JSC_RIVER", "JSC_CARD", "JSC_RESIDENCE", "JSC_QUEST", "JSC_BONUS_AT",
    "JSC_BONUS", "CATALOG_SIZE", "JA_RAID", "JA_EXPLORE", "JA_QUEST", "JA_TIER2", "JA_BUY",
    "JB_UPGRADE", "JB_RAID", "JB_EXPLORE", "JS_ADVANCE", "JS_FIGUREHEAD", "JS_QUEST",
    "JS_RESIDENCE", "E_VP", "E_COINS", "E_UPGRADE", "E_BURY", "E_RAID", "E_RAID_AS_IF",
    "E_RAID_COLOUR", "E_EXPLORE", "E_EXPLORER_SPACE", "E_ACTIVATE_BM", "E_FIGUREHEAD",
    "E_DISCARD_QUEST", "E_ISLAND_CUBE", "E_BUILD_RESIDENCE", "E_ACQUIRE", "E_INCOME_VP",
    "E_INCOME_COINS", "E_VP_PER", "E_TREASURE", "E_QUEST", "E_PLACE_BM", "E_RAID_POWER",
    "E_COLOUR_POWER", "E_EXPLORE_BONUS", "E_FORFEIT", "E_DISCOUNT", "E_MOVE_BONUS", "E_REROLL",
    "E_RAID_ACTION", "E_WHALE", "E_POSEIDON", "E_END_PER3_TREASURE", "E_END_PER3_QUESTS",
    "E_END_PER_BURIED", "CNT_BURIED", "CNT_QUESTS", "CNT_RIVERS", "CNT_CREW", "CNT_EQUIPMENT",
    "CNT_SHIP", "CNT_GOLD", "CNT_EMERALD", "CNT_PEARL", "CNT_TREASURES", "FR_GOLD", "FR_EMERALD",
    "FR_PEARL", "FR_COINS2", "FR_VP2", "FR_CUBE", "GRS_INCOME_COINS", "GRS_INCOME_VP", "GRS_SHIP",
    "GRS_EQUIPMENT", "GRS_CREW", "GRS_BURIED", "GRS_QUESTS_SCORED", "GRS_EMERALD", "GRS_GOLD",
    "GRS_PEARL", "GRS_SETS", "GRS_RIVERS", "GQ_TREASURES", "GQ_BURIED", "GQ_TYPE_COUNT",
    "GQ_INCOME_COINS", "GQ_INCOME_VP", "GQ_CARDS", "GQ_RIVERS", "GQ_EACH_TYPE", "GQ_SHIP",
    "GQ_BURIED_AND_INCOME_VP", "GQ_LIGHTNING", "GQ_UPGRADES", "GQ_CREW_AND_RIVERS",
    "GQ_EQUIPMENT_AND_RIVERS", "GQ_EQUIPMENT_AND_CREW", "GQ_SHIP_AND_RESIDENCES",
    "GQ_BURIED_AND_RIVERS", "TY_CREW", "TY_EQUIPMENT", "TY_SHIP", "C_EFF_DO", "C_EFF_N",
    "C_EFF_ARG", "C_EFF_CAP", "C_N_CARDS", "C_CARD_KIND", "C_CARD_TIER", "C_CARD_TYPE",
    "C_CARD_COST", "C_CARD_VP", "C_CARD_TV", "C_CARD_INC_C", "C_CARD_INC_V", "C_CARD_LIGHT_S",
    "C_CARD_LIGHT_N", "C_CARD_ONG_S", "C_CARD_ONG_N", "C_CARD_END_S", "C_CARD_END_N",
    "C_CARD_NSIDES", "C_CARD_SIDE0_S", "C_CARD_SIDE0_N", "C_CARD_SIDE1_S", "C_CARD_SIDE1_N",
    "C_RES_FORMULA", "C_RES_PER", "C_RES_CAP", "C_N_QUESTS", "C_Q_KIND", "C_Q_ARG", "C_Q_TYPES",
    "C_Q_LOW_A", "C_Q_LOW_B", "C_Q_LOW_VP", "C_Q_HIGH_A", "C_Q_HIGH_B", "C_Q_HIGH_VP",
    "C_FIG_LIGHT_S", "C_FIG_LIGHT_N", "C_FIG_ONG_S", "C_FIG_ONG_N", "C_FIG_INC_C", "C_FIG_INC_V",
    "C_POS_S", "C_POS_N", "C_BM_EFF_S", "C_BM_EFF_N", "C_BM_TILE_EFF", "C_N_SHIP_SLOTS",
    "C_BARRIERS", "C_SLOT_SECTION", "C_SLOT_COST", "C_SLOT_S", "C_SLOT_N", "C_N_RA", "C_RA_POWER",
    "C_RA_S", "C_RA_N", "C_RA_STANDARD", "C_HB_N", "C_HB_S", "C_HB_C", "C_HU_N", "C_HU_S", "C_HU_C",
    "C_N_TRACK", "C_TR_NEXT0", "C_TR_NEXT1", "C_TR_RIVERS", "C_TR_S", "C_TR_N", "C_TR_RETIRE",
    "C_TR_SUCC_LO", "C_TR_SUCC_HI", "C_ISL_SPACES", "C_START_CUBES", "C_N_VAL", "C_VAL_AT", "C_VAL",
    "C_START_COINS", "C_TV_TILES", "C_N_LAYOUTS", "C_LAY_COL", "C_LAY_ROW", "C_LAY_ADJ",
    "C_LAY_NCOLS", "C_LAY_NBR", "C_LAY_SPACE_COL", "C_LAY_COLGT", "C_N_T1_IMP", "C_N_T1_LOC",
    "C_N_RES", "C_CARD_RUBY", "C_RUBY_S", "C_RUBY_N", "C_J_N_CARDS", "C_J_LETTER", "C_J_BONUS",
    "C_J_BONUS_N", "C_J_NACT", "C_J_ACT", "C_J_ACT_TYPES", "C_J_N_SLOTS", "C_J_SLOT", "C_J_RAID_VP",
    "C_J_RAID_N", "C_J_RAID_CUBE", "C_J_EXPL_MOVE", "C_J_EXPL_VP", "C_J_DIE", "C_J_T2_LOC",
    "C_J_SCORE", "C_J_LOC_ACTS", "C_J_LOC_EXPL", "C_J_LONG_NEXT", "MAX_LIST", "NUM_ACTIONS",
    "A_PASS", "A_KEEP_QUEST", "A_SAIL", "A_STOP", "A_PAY", "A_TAKE5", "A_ACQUIRE", "A_RESIDENCE",
    "A_BM_HERE", "A_UPGRADE", "A_SIDE", "A_EFFECT", "A_GULF", "A_REROLL", "A_DIE", "A_RAID_ACT",
    "A_TREASURE", "A_BONUS", "A_STORE", "A_BURY", "A_POSEIDON", "A_EXPLORE", "A_FORFEIT",
    "A_QUEST_DECK", "A_QUEST_MARKET", "A_WHALE", "A_DISCARD_QUEST", "A_ISLAND", "A_FIGUREHEAD",
    "A_BM_TILE", "A_BM_AT", "A_BM_ACTIVATE", "A_RETURN_QUEST", "A_GAIN_RUBY", "A_SELL_RUBY",
    "A_TRADE_RUBY", "A_RETIRE",
]
