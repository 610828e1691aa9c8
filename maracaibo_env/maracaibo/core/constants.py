"""Every int constant of the Maracaibo rules core, written out. GENERATED: do not edit.

Made by maracaibo_env/framework/constants_gen.py from the core's
layout.py, catalog_layout.py, enums.py, actions.py, which stay the source (many of these
names are made by their tables). The rule modules import them from here by
name; numba freezes them at compile time. After changing a source, regenerate
with

    python -m maracaibo_env.framework.constants_gen

(tests/framework/test_constants_generated.py fails until this file matches).
"""


# ---- layout.py, as written there ----------------------------------------------------------
MAX_P = 4                         # players
N_NATIONS = 3                     # france, england, spain
N_AREAS = 12                      # ship-board upgrade areas (CON-33)
MAX_LOC = 32                      # board locations (data may use fewer)
MAX_EXP = 40                      # explorer-track spaces
N_CARDS = 157                     # project cards (CON-01)
HAND_CAP = 12                     # setup deals 8; limit is 4 or 6 (CON-18); room for edge cases
PLAN_CAP = 3                      # planning spaces (CON-19)
MARKET_SIZE = 4                   # face-up market (CON-20)
TABLEAU_CAP = 60
N_QUESTS = 24                     # quest tiles (CON-05)
N_TOKENS = 25                     # combat tokens (CON-08)
N_CAREERS = 8
N_PRESTIGE = 8
N_BUILDINGS = 4                   # prestige buildings in play (CON-11)
BOARD_QUEST_CAP = 16              # quest tiles lying on board locations at once
EXP_QUESTS = 3                    # quest spaces on the explorer track
CARD_QUEST_CAP = 4                # quest tiles on bought cards (IMM-06)
N_AUTOMA = 15                     # Automa cards (CON-16)
AUTOMA_LOG_CAP = 16               # (event, argument) pairs describing Jean's last turn
STACK_CAP = 48                    # pending sub-decisions
STACK_W = 4                       # (op, player, a, b)
N_VP_SRC = 18                     # VP-by-source categories (see VP_SOURCES)
MARKERS_PER_NATION = 13
FIGURES_PER_COLOUR = 8
N_SYNERGY = 5
SC_PLAY_CAP = 80                  # story cards in play on the story-card space at once (campaign): as many as
SC_LOG_CAP = 24                   # story cards drawn or read in one game, in order (campaign)
STORY_TILES = 4                   # story tiles 1-4 (SETUP-03)

# ---- layout.py, computed there ------------------------------------------------------------
VS_VP_INCOME = 0                  # VP_SOURCES[0] 'vp_income'
VS_DOUBLOON_TRACK = 1             # VP_SOURCES[1] 'doubloon_track'
VS_CARDS = 2                      # VP_SOURCES[2] 'cards'
VS_PRESTIGE = 3                   # VP_SOURCES[3] 'prestige'
VS_INFLUENCE_MAJORITY = 4         # VP_SOURCES[4] 'influence_majority'
VS_NOBLE_RANKS = 5                # VP_SOURCES[5] 'noble_ranks'
VS_EXPLORER = 6                   # VP_SOURCES[6] 'explorer'
VS_QUESTS = 7                     # VP_SOURCES[7] 'quests'
VS_HOMEWARD = 8                   # VP_SOURCES[8] 'homeward'
VS_COMBAT = 9                     # VP_SOURCES[9] 'combat'
VS_SHIP_UPGRADES = 10             # VP_SOURCES[10] 'ship_upgrades'
VS_SCORING_CHOICE = 11            # VP_SOURCES[11] 'scoring_choice'
VS_OVERFLOW = 12                  # VP_SOURCES[12] 'overflow'
VS_CITY_ACTIONS = 13              # VP_SOURCES[13] 'city_actions'
VS_ASSISTANTS = 14                # VP_SOURCES[14] 'assistants'
VS_CAREER = 15                    # VP_SOURCES[15] 'career'
VS_AUTOMA = 16                    # VP_SOURCES[16] 'automa'
VS_OTHER = 17                     # VP_SOURCES[17] 'other'
G_NP = 0                          # state field NP, 1 int
G_ROUND = 1                       # state field ROUND, 1 int
G_PHASE = 2                       # state field PHASE, 1 int
G_CUR = 3                         # state field CUR, 1 int
G_START = 4                       # state field START, 1 int
G_TURN_P = 5                      # state field TURN_P, 1 int
G_OVER = 6                        # state field OVER, 1 int
G_STEPS = 7                       # state field STEPS, 1 int
G_STORY = 8                       # state field STORY, 1 int
G_SEED = 9                        # state field SEED, 1 int
G_RNG = 10                        # state field RNG, 2 ints
G_MP_SPENT = 12                   # state field MP_SPENT, 1 int
G_MAIN_DONE = 13                  # state field MAIN_DONE, 1 int
G_VILLAGE_LEFT = 14               # state field VILLAGE_LEFT, 1 int
G_VILLAGE_MAIN = 15               # state field VILLAGE_MAIN, 1 int
G_EXPLORE_LEFT = 16               # state field EXPLORE_LEFT, 1 int
G_ROUND_END = 17                  # state field ROUND_END, 1 int
G_TURN_COUNT = 18                 # state field TURN_COUNT, 1 int
G_LOC_FROM = 19                   # state field LOC_FROM, 1 int
G_COMPASS_AT_START = 20           # state field COMPASS_AT_START, 1 int
G_EXTRA_MAIN = 21                 # state field EXTRA_MAIN, 1 int; AA-04/AA-14: 1 = an extra main action is owed, 2 = it is being taken
G_EXTRA_MP = 22                   # state field EXTRA_MP, 1 int; MP of the extra sail (sets its village-action count)
G_ASSIST_USED = 23                # state field ASSIST_USED, 1 int; assistant actions used at the current location this turn
G_SCORING = 24                    # state field SCORING, 1 int
G_TRIGGER = 25                    # state field TRIGGER, 1 int
G_INCOME_DONE = 26                # state field INCOME_DONE, 1 int
G_LOC_MARKER = 27                 # state field LOC_MARKER, 32 ints
G_LOC_MARKET = 59                 # state field LOC_MARKET, 32 ints
G_LOC_TILE = 91                   # state field LOC_TILE, 32 ints
G_BQ_LOC = 123                    # state field BQ_LOC, 16 ints
G_BQ_TILE = 139                   # state field BQ_TILE, 16 ints
G_BQ_AGE = 155                    # state field BQ_AGE, 16 ints
G_BQ_NEXT_AGE = 171               # state field BQ_NEXT_AGE, 1 int
G_EXQ_TILE = 172                  # state field EXQ_TILE, 3 ints
G_QPILE = 175                     # state field QPILE, 24 ints
G_QPILE_N = 199                   # state field QPILE_N, 1 int
G_TPILE0 = 200                    # state field TPILE0, 25 ints
G_TPILE1 = 225                    # state field TPILE1, 25 ints
G_TPILE_N = 250                   # state field TPILE_N, 2 ints
G_TOKENS_OUT = 252                # state field TOKENS_OUT, 1 int
G_SUP_TAKEN = 253                 # state field SUP_TAKEN, 3 ints
G_SUP_OUT = 256                   # state field SUP_OUT, 3 ints
G_PR_BUILD = 259                  # state field PR_BUILD, 4 ints
G_PR_REVEALED = 263               # state field PR_REVEALED, 1 int
G_PR_INVESTORS = 264              # state field PR_INVESTORS, 4 ints
G_BARRIER_FIRST = 268             # state field BARRIER_FIRST, 1 int
G_EXP_LAST_N = 269                # state field EXP_LAST_N, 1 int
G_DRAW = 270                      # state field DRAW, 157 ints
G_DRAW_N = 427                    # state field DRAW_N, 1 int
G_DISCARD = 428                   # state field DISCARD, 157 ints
G_DISCARD_N = 585                 # state field DISCARD_N, 1 int
G_MARKET = 586                    # state field MARKET, 4 ints
G_CARDS_OUT = 590                 # state field CARDS_OUT, 1 int
G_CITY_DISCS_OUT = 591            # state field CITY_DISCS_OUT, 1 int
G_STK_N = 592                     # state field STK_N, 1 int
G_STK = 593                       # state field STK, 192 ints
G_LAST_ACTION = 785               # state field LAST_ACTION, 1 int
G_SOLO = 786                      # state field SOLO, 1 int
G_DIFFICULTY = 787                # state field DIFFICULTY, 1 int
G_AUTOMA_TABLE = 788              # state field AUTOMA_TABLE, 1 int
G_AUTOMA_INCOME = 789             # state field AUTOMA_INCOME, 1 int; SOLO-18 reading: 0 = EN highest-value empty space, 1 = DE last uncovered
G_AUTOMA_DECK = 790               # state field AUTOMA_DECK, 15 ints
G_AUTOMA_N = 805                  # state field AUTOMA_N, 1 int
G_AUTOMA_DISCARD = 806            # state field AUTOMA_DISCARD, 15 ints
G_AUTOMA_DISCARD_N = 821          # state field AUTOMA_DISCARD_N, 1 int
G_TRACK_REMOVED = 822             # state field TRACK_REMOVED, 1 int
G_TRACK_TO_MARKET = 823           # state field TRACK_TO_MARKET, 1 int
G_AUTOMA_CARDS = 824              # state field AUTOMA_CARDS, 1 int
G_AUTOMA_LOG = 825                # state field AUTOMA_LOG, 32 ints
G_AUTOMA_LOG_N = 857              # state field AUTOMA_LOG_N, 1 int
G_VARIANTS = 858                  # state field VARIANTS, 1 int
G_LEGACY = 859                    # state field LEGACY, 1 int
G_LEG_DISCS = 860                 # state field LEG_DISCS, 8 ints; discs on the disc tiles L10..L17
G_LEG_SILVER = 868                # state field LEG_SILVER, 2 ints; LEG-L6: nation + 1 on each silver-fleet space
G_LEG_MINE = 870                  # state field LEG_MINE, 1 int; LEG-L9: nation + 1 on the gold mine
G_LEG_QUEST = 871                 # state field LEG_QUEST, 1 int; LEG-L1: quest tile + 1 on Puerto Cabezas' quest space
G_LEG_CB_USED = 872               # state field LEG_CB_USED, 1 int; COMBAT-11: bit 0 silver fleet, bit 1 gold mine used in this Combat
G_CAMPAIGN = 873                  # state field CAMPAIGN, 1 int; 1: a campaign game (story cards from data/story.toml)
G_SC_PLAY = 874                   # state field SC_PLAY, 80 ints; story-card slot + 1 of each card in play (0 = empty)
G_SC_TAKER = 954                  # state field SC_TAKER, 80 ints; seat + 1 who took that card's story tile (0 = not taken)
G_SC_STILE = 1034                 # state field SC_STILE, 80 ints; the story tile (1-4) that card placed (0 = none)
G_STILE_USED = 1114               # state field STILE_USED, 1 int; story tiles taken from the stack so far (SETUP-03: 1 first)
G_STILE_TAKEN = 1115              # state field STILE_TAKEN, 1 int; story tiles on quest tracks (counted in QUESTS, STILE-02)
G_SC_PENDING = 1116               # state field SC_PENDING, 3 ints; bitset of slots drawn in final scoring, followed next game (as SC_GONE)
G_SC_LOG = 1119                   # state field SC_LOG, 24 ints
G_SC_LOG_N = 1143                 # state field SC_LOG_N, 1 int
G_CC_PILE = 1144                  # state field CC_PILE, 1 int; C-cards (90-99) in the project draw pile: bit n - 90
G_CC_DISCARD = 1145               # state field CC_DISCARD, 1 int; C-cards on the project discard pile
G_SC_VOTES = 1146                 # state field SC_VOTES, 4 ints; STORY-04: votes per option of the decision being taken
G_SC_GONE = 1150                  # state field SC_GONE, 3 ints; bitset of slots drawn this game or before (a card is drawn once)
P_VP = 0                          # player-block field VP, 1 int
P_DOUBLOONS = 1                   # player-block field DOUBLOONS, 1 int
P_CP = 2                          # player-block field CP, 1 int
P_FIG_SUPPLY = 3                  # player-block field FIG_SUPPLY, 1 int
P_FIG_GENERAL = 4                 # player-block field FIG_GENERAL, 1 int
P_FIG_CAREER = 5                  # player-block field FIG_CAREER, 1 int
P_FIG_BOARD = 6                   # player-block field FIG_BOARD, 1 int
P_FIG_CARDS = 7                   # player-block field FIG_CARDS, 1 int
P_FIG_PRESTIGE = 8                # player-block field FIG_PRESTIGE, 1 int
P_DISCS = 9                       # player-block field DISCS, 12 ints
P_DISCS_OUT = 21                  # player-block field DISCS_OUT, 1 int
P_UPGRADES = 22                   # player-block field UPGRADES, 1 int
P_DINC = 23                       # player-block field DINC, 1 int
P_VINC = 24                       # player-block field VINC, 1 int
P_INF = 25                        # player-block field INF, 3 ints
P_EXPLORER = 28                   # player-block field EXPLORER, 1 int
P_BARRIERS = 29                   # player-block field BARRIERS, 1 int
P_EXP_RANK = 30                   # player-block field EXP_RANK, 1 int
P_QUESTS = 31                     # player-block field QUESTS, 1 int
P_TOKENS = 32                     # player-block field TOKENS, 1 int
P_SYNERGY = 33                    # player-block field SYNERGY, 1 int
P_HAND_N = 34                     # player-block field HAND_N, 1 int
P_HAND = 35                       # player-block field HAND, 12 ints
P_PLAN = 47                       # player-block field PLAN, 3 ints
P_TABLEAU_N = 50                  # player-block field TABLEAU_N, 1 int
P_TABLEAU = 51                    # player-block field TABLEAU, 60 ints
P_CAREER_OPT = 111                # player-block field CAREER_OPT, 2 ints
P_CAREER = 113                    # player-block field CAREER, 1 int
P_CAREER_DONE = 114               # player-block field CAREER_DONE, 1 int
P_SHIP = 115                      # player-block field SHIP, 1 int
P_PRESTIGE = 116                  # player-block field PRESTIGE, 1 int
P_ASSIST = 117                    # player-block field ASSIST, 32 ints
P_ASSIST_NEW = 149                # player-block field ASSIST_NEW, 32 ints
P_CARD_QUEST = 181                # player-block field CARD_QUEST, 4 ints; IMM-06: quest tiles lying on bought cards
P_RETIRE = 185                    # player-block field RETIRE, 1 int; Retirement (§29): 1 = the player's figure still on the tile
P_VP_SRC = 186                    # player-block field VP_SRC, 18 ints
PLAYERS = 1153                    # offset of player 0's block
PLAYER_SIZE = 204                 # ints per player block
STATE_SIZE = 1969                 # ints in a state vector


# ---- catalog_layout.py, as written there --------------------------------------------------
MAX_OUT = 4                       # outgoing arrows per location
MAX_EXP_NEXT = 2                  # explorer forks
N_TILES = 13
MAX_INF = 32                      # influence-track positions
MAX_DINC = 64                     # doubloon-track positions
MAX_GOODS = 8                     # goods + objects
Q_COSTS = 2                       # cost items per quest tile
Q_REWARDS = 3                     # reward items per quest tile
N_STORY = 3                       # story cards 75, 76, 77
STORY_Q = 16                      # quest placements per story card
CARD_REQS = 3
CARD_EFFS = 4
N_AUTOMA = 15                     # Automa cards (CON-16)
AUTOMA_ACTS = 4                   # actions per Automa card
MAX_TRACK = 24                    # spaces of the Automa board's disc track (22 printed)
N_LEG = 25                        # legacy tiles L1..L25 (index = L-number - 1; L19, L24 unused)
MAX_LEG_ARROWS = 8                # arrows a legacy tile adds or changes
MAX_SC = 80                       # campaign story cards in data/story.toml (the box has 77, L166)
SC_INS_CAP = 16                   # instruction items per side of a story card (one per quest placement,
SC_INS_W = 3                      # tile or card): (kind, argument, player mask)
SC_DEC_CAP = 4                    # options of a story card's decision
N_QUEST_ROWS = 104                # quest rows: the 24 tiles, then each story card's story quest

# ---- catalog_layout.py, computed there ----------------------------------------------------
CATALOG_SIZE = 17174              # ints in a catalog vector
C_NLOC = 0                        # catalog field NLOC, 1 int
C_HAVANA = 1                      # catalog field HAVANA, 1 int
C_NEXP = 2                        # catalog field NEXP, 1 int
C_EXP_START = 3                   # catalog field EXP_START, 1 int
C_NGOODS = 4                      # catalog field NGOODS, 1 int
C_SETUP_MARKER = 5                # catalog field SETUP_MARKER, 3 ints; 2p: location of each nation's starting marker (SETUP-09)
C_HERBS = 8                       # catalog field HERBS, 1 int
C_MAPS = 9                        # catalog field MAPS, 1 int
C_BOOKS = 10                      # catalog field BOOKS, 1 int
C_LOC_NUMBER = 11                 # catalog field LOC_NUMBER, 32 ints
C_LOC_KIND = 43                   # catalog field LOC_KIND, 32 ints
C_LOC_MUST_STOP = 75              # catalog field LOC_MUST_STOP, 32 ints
C_LOC_TILE_SLOT = 107             # catalog field LOC_TILE_SLOT, 32 ints
C_LOC_MARACAIBO = 139             # catalog field LOC_MARACAIBO, 32 ints
C_LOC_ACT = 171                   # catalog field LOC_ACT, 32 ints
C_LOC_ACT_AMT = 203               # catalog field LOC_ACT_AMT, 32 ints
C_LOC_GOOD = 235                  # catalog field LOC_GOOD, 32 ints
C_LOC_SPACES = 267                # catalog field LOC_SPACES, 32 ints
C_LOC_FLAG = 299                  # catalog field LOC_FLAG, 32 ints
C_LOC_FLAG_AMT = 331              # catalog field LOC_FLAG_AMT, 32 ints
C_LOC_NEXT_N = 363                # catalog field LOC_NEXT_N, 32 ints
C_LOC_NEXT = 395                  # catalog field LOC_NEXT, 128 ints
C_LOC_COST = 523                  # catalog field LOC_COST, 128 ints
C_LOC_R0 = 651                    # catalog field LOC_R0, 128 ints
C_LOC_R1 = 779                    # catalog field LOC_R1, 128 ints
C_LOC_BRANCH = 907                # catalog field LOC_BRANCH, 128 ints; 1 upper / 2 lower branch of a fork (SOLO-09)
C_TILE_PLAYERS = 1035             # catalog field TILE_PLAYERS, 13 ints
C_TILE_SPECIAL = 1048             # catalog field TILE_SPECIAL, 13 ints
C_TILE_MARACAIBO = 1061           # catalog field TILE_MARACAIBO, 13 ints
C_TILE_ACT = 1074                 # catalog field TILE_ACT, 13 ints
C_TILE_ACT_AMT = 1087             # catalog field TILE_ACT_AMT, 13 ints
C_TILE_GOOD = 1100                # catalog field TILE_GOOD, 13 ints
C_TILE_SPACES = 1113              # catalog field TILE_SPACES, 13 ints
C_TILE_FLAG = 1126                # catalog field TILE_FLAG, 13 ints
C_TILE_FLAG_AMT = 1139            # catalog field TILE_FLAG_AMT, 13 ints
C_EXP_NUMBER = 1152               # catalog field EXP_NUMBER, 40 ints
C_EXP_NEXT_N = 1192               # catalog field EXP_NEXT_N, 40 ints
C_EXP_NEXT = 1232                 # catalog field EXP_NEXT, 80 ints
C_EXP_REWARD = 1312               # catalog field EXP_REWARD, 40 ints
C_EXP_REWARD_AMT = 1352           # catalog field EXP_REWARD_AMT, 40 ints
C_EXP_QUEST = 1392                # catalog field EXP_QUEST, 40 ints
C_EXP_BARRIER = 1432              # catalog field EXP_BARRIER, 40 ints
C_EXP_LAST = 1472                 # catalog field EXP_LAST, 40 ints
C_LAST_VP = 1512                  # catalog field LAST_VP, 4 ints
C_INF_SPACES = 1516               # catalog field INF_SPACES, 1 int
C_RANK_AT = 1517                  # catalog field RANK_AT, 32 ints
C_NEXT_RANK_POS = 1549            # catalog field NEXT_RANK_POS, 32 ints
C_DINC_START = 1581               # catalog field DINC_START, 1 int
C_DINC_MAX = 1582                 # catalog field DINC_MAX, 1 int
C_DINC_VP = 1583                  # catalog field DINC_VP, 64 ints
C_VINC_MAX = 1647                 # catalog field VINC_MAX, 1 int
C_AREA_REQ_AREA = 1648            # catalog field AREA_REQ_AREA, 12 ints
C_AREA_REQ_COUNT = 1660           # catalog field AREA_REQ_COUNT, 12 ints
C_TOK_MOD = 1672                  # catalog field TOK_MOD, 25 ints
C_TOK_VAL = 1697                  # catalog field TOK_VAL, 75 ints
C_TOK_BONUS = 1772                # catalog field TOK_BONUS, 75 ints
C_TOK_AMT = 1847                  # catalog field TOK_AMT, 75 ints
C_Q_COST = 1922                   # catalog field Q_COST, 208 ints
C_Q_COST_ARG = 2130               # catalog field Q_COST_ARG, 208 ints
C_Q_COST_AMT = 2338               # catalog field Q_COST_AMT, 208 ints
C_Q_REW = 2546                    # catalog field Q_REW, 312 ints
C_Q_REW_AMT = 2858                # catalog field Q_REW_AMT, 312 ints
C_CAR_KIND = 3170                 # catalog field CAR_KIND, 24 ints
C_CAR_LOW = 3194                  # catalog field CAR_LOW, 24 ints
C_CAR_HIGH = 3218                 # catalog field CAR_HIGH, 24 ints
C_CAR_DBL = 3242                  # catalog field CAR_DBL, 24 ints
C_CAR_VP = 3266                   # catalog field CAR_VP, 24 ints
C_PRE_COST = 3290                 # catalog field PRE_COST, 8 ints
C_PRE_SYN = 3298                  # catalog field PRE_SYN, 8 ints
C_PRE_KIND = 3306                 # catalog field PRE_KIND, 8 ints
C_SQ_N = 3314                     # catalog field SQ_N, 3 ints
C_SQ_ROUND = 3317                 # catalog field SQ_ROUND, 48 ints
C_SQ_LOC = 3365                   # catalog field SQ_LOC, 48 ints
C_SQ_PMASK = 3413                 # catalog field SQ_PMASK, 48 ints
C_GOOD_OBJECT = 3461              # catalog field GOOD_OBJECT, 8 ints
C_CARD_DECK = 3469                # catalog field CARD_DECK, 157 ints
C_CARD_COST = 3626                # catalog field CARD_COST, 157 ints
C_CARD_SYMBOL = 3783              # catalog field CARD_SYMBOL, 157 ints
C_CARD_VP = 3940                  # catalog field CARD_VP, 157 ints
C_CARD_SYN = 4097                 # catalog field CARD_SYN, 157 ints
C_CARD_REQ = 4254                 # catalog field CARD_REQ, 471 ints
C_CARD_REQ_ARG = 4725             # catalog field CARD_REQ_ARG, 471 ints
C_CARD_EFF = 5196                 # catalog field CARD_EFF, 628 ints
C_CARD_EFF_ARG = 5824             # catalog field CARD_EFF_ARG, 628 ints
C_CARD_EFF_AMT = 6452             # catalog field CARD_EFF_AMT, 628 ints
C_CARD_EFF_COND = 7080            # catalog field CARD_EFF_COND, 628 ints
C_AUTO_LEVEL = 7708               # catalog field AUTO_LEVEL, 15 ints
C_AUTO_MOVE = 7723                # catalog field AUTO_MOVE, 15 ints
C_AUTO_ROUTE = 7738               # catalog field AUTO_ROUTE, 15 ints
C_AUTO_DISPLAY = 7753             # catalog field AUTO_DISPLAY, 15 ints
C_AUTO_WARRIOR = 7768             # catalog field AUTO_WARRIOR, 15 ints
C_AUTO_ACT = 7783                 # catalog field AUTO_ACT, 60 ints
C_AUTO_ACT_ARG = 7843             # catalog field AUTO_ACT_ARG, 60 ints
C_AUTO_ACT_AMT = 7903             # catalog field AUTO_ACT_AMT, 60 ints
C_AUTO_ACT_R0 = 7963              # catalog field AUTO_ACT_R0, 60 ints
C_AUTO_ACT_R1 = 8023              # catalog field AUTO_ACT_R1, 60 ints
C_AUTO_DIFF = 8083                # catalog field AUTO_DIFF, 30 ints
C_TRACK_N = 8113                  # catalog field TRACK_N, 1 int
C_TRACK_VP = 8114                 # catalog field TRACK_VP, 24 ints
C_TRACK_MARKED = 8138             # catalog field TRACK_MARKED, 24 ints
C_EXP_RETIRE = 8162               # catalog field EXP_RETIRE, 1 int
C_LEG_KIND = 8163                 # catalog field LEG_KIND, 25 ints
C_LEG_LOC = 8188                  # catalog field LEG_LOC, 25 ints
C_LEG_SPACES = 8213               # catalog field LEG_SPACES, 25 ints
C_LEG_COST = 8238                 # catalog field LEG_COST, 25 ints
C_LEG_COST_AMT = 8263             # catalog field LEG_COST_AMT, 25 ints
C_LEG_REW = 8288                  # catalog field LEG_REW, 25 ints
C_LEG_REW_AMT = 8313              # catalog field LEG_REW_AMT, 25 ints
C_LEG_TOLL = 8338                 # catalog field LEG_TOLL, 25 ints
C_LEG_TWO_P = 8363                # catalog field LEG_TWO_P, 25 ints
C_LEG_EXP = 8388                  # catalog field LEG_EXP, 25 ints
C_LEG_ACT = 8413                  # catalog field LEG_ACT, 25 ints
C_LEG_AMT = 8438                  # catalog field LEG_AMT, 25 ints
C_LEG_INF = 8463                  # catalog field LEG_INF, 25 ints
C_LEG_SILVER = 8488               # catalog field LEG_SILVER, 2 ints; L6: combat value of each silver-fleet space
C_LEG_CITY_GOOD = 8490            # catalog field LEG_CITY_GOOD, 25 ints
C_LEG_CITY_SPACES = 8515          # catalog field LEG_CITY_SPACES, 25 ints
C_LEG_AR_N = 8540                 # catalog field LEG_AR_N, 1 int
C_LEG_AR_FROM = 8541              # catalog field LEG_AR_FROM, 8 ints
C_LEG_AR_TO = 8549                # catalog field LEG_AR_TO, 8 ints
C_LEG_AR_COST = 8557              # catalog field LEG_AR_COST, 8 ints
C_LEG_AR_TILE = 8565              # catalog field LEG_AR_TILE, 8 ints
C_LEG_AR_NEW = 8573               # catalog field LEG_AR_NEW, 8 ints
C_LOC_NEW_TILE = 8581             # catalog field LOC_NEW_TILE, 32 ints; L-number of the tile that adds this location (0: printed board)
C_SC_N = 8613                     # catalog field SC_N, 1 int
C_SC_NUMBER = 8614                # catalog field SC_NUMBER, 80 ints
C_SC_FRONT_N = 8694               # catalog field SC_FRONT_N, 80 ints
C_SC_FRONT = 8774                 # catalog field SC_FRONT, 3840 ints
C_SC_BACK_N = 12614               # catalog field SC_BACK_N, 80 ints
C_SC_BACK = 12694                 # catalog field SC_BACK, 3840 ints
C_SC_QUEST = 16534                # catalog field SC_QUEST, 80 ints; 1: the card has a story quest (quest row N_QUESTS + slot)
C_SC_REQ = 16614                  # catalog field SC_REQ, 80 ints
C_SC_REQ_TILE = 16694             # catalog field SC_REQ_TILE, 80 ints
C_SC_DEC_N = 16774                # catalog field SC_DEC_N, 80 ints
C_SC_DEC = 16854                  # catalog field SC_DEC, 320 ints


# ---- enums.py, as written there -----------------------------------------------------------
N_CHOICE_OPTIONS = 8
FREE_NONE = 0
FREE_FIGURE = 1
FREE_ALL = 2

# ---- enums.py, computed there -------------------------------------------------------------
NAT_FRANCE = 0                    # NATIONS[0] 'france'
NAT_ENGLAND = 1                   # NATIONS[1] 'england'
NAT_SPAIN = 2                     # NATIONS[2] 'spain'
LK_START = 0                      # LOC_KINDS[0] 'start'
LK_CITY = 1                       # LOC_KINDS[1] 'city'
LK_VILLAGE = 2                    # LOC_KINDS[2] 'village'
LK_HOME = 3                       # LOC_KINDS[3] 'home'
LK_LEGACY_CITY = 4                # LOC_KINDS[4] 'legacy_city'
CA_NONE = 0                       # CITY_ACTIONS[0] 'none'
CA_COMBAT = 1                     # CITY_ACTIONS[1] 'combat'
CA_EXPLORE = 2                    # CITY_ACTIONS[2] 'explore'
CA_INFLUENCE_VILLAGE = 3          # CITY_ACTIONS[3] 'influence_village'
CA_CP_REMOVE_DISC = 4             # CITY_ACTIONS[4] 'cp_remove_disc'
CA_CP3 = 5                        # CITY_ACTIONS[5] 'cp3'
CA_DOUBLOONS_VILLAGE = 6          # CITY_ACTIONS[6] 'doubloons_village'
CA_CP_INFLUENCE = 7               # CITY_ACTIONS[7] 'cp_influence'
CA_COMPASS_VILLAGES = 8           # CITY_ACTIONS[8] 'compass_villages'
CA_TOKENS_VP_DISCARD = 9          # CITY_ACTIONS[9] 'tokens_vp_discard'
CA_DOUBLOONS_OR_ASSISTANTS = 10   # CITY_ACTIONS[10] 'doubloons_or_assistants'
CA_PAY_CP_INFLUENCE_DOUBLOONS = 11  # CITY_ACTIONS[11] 'pay_cp_influence_doubloons'
CA_HOME20 = 12                    # CITY_ACTIONS[12] 'home20'
CA_HOME21A = 13                   # CITY_ACTIONS[13] 'home21a'
CA_HOME21B = 14                   # CITY_ACTIONS[14] 'home21b'
CA_HOME22 = 15                    # CITY_ACTIONS[15] 'home22'
FL_NONE = 0                       # FLAG_KINDS[0] 'none'
FL_DOUBLOONS = 1                  # FLAG_KINDS[1] 'doubloons'
FL_VP = 2                         # FLAG_KINDS[2] 'vp'
FL_CP = 3                         # FLAG_KINDS[3] 'cp'
FL_INFLUENCE = 4                  # FLAG_KINDS[4] 'influence'
FL_FIGURE = 5                     # FLAG_KINDS[5] 'figure'
FL_REMOVE_DISC = 6                # FLAG_KINDS[6] 'remove_disc'
ER_NONE = 0                       # EXPLORER_REWARDS[0] 'none'
ER_DOUBLOONS = 1                  # EXPLORER_REWARDS[1] 'doubloons'
ER_INFLUENCE = 2                  # EXPLORER_REWARDS[2] 'influence'
ER_VP = 3                         # EXPLORER_REWARDS[3] 'vp'
ER_REMOVE_DISC = 4                # EXPLORER_REWARDS[4] 'remove_disc'
ER_CP = 5                         # EXPLORER_REWARDS[5] 'cp'
ER_DOUBLOONS_VP = 6               # EXPLORER_REWARDS[6] 'doubloons_vp'
ER_FIGURES2 = 7                   # EXPLORER_REWARDS[7] 'figures2'
BAR_NONE = 0                      # BARRIERS[0] 'none'
BAR_RED = 1                       # BARRIERS[1] 'red'
BAR_BLUE = 2                      # BARRIERS[2] 'blue'
BAR_GREEN = 3                     # BARRIERS[3] 'green'
AREA_VILLAGE_THRESHOLDS = 0       # SHIP_AREAS[0] 'village_thresholds'
AREA_HAND_LIMIT = 1               # SHIP_AREAS[1] 'hand_limit'
AREA_FREE_MARKET = 2              # SHIP_AREAS[2] 'free_market'
AREA_DOUBLOONS5 = 3               # SHIP_AREAS[3] 'doubloons5'
AREA_VP3 = 4                      # SHIP_AREAS[4] 'vp3'
AREA_VP6 = 5                      # SHIP_AREAS[5] 'vp6'
AREA_VILLAGE_ANNEX = 6            # SHIP_AREAS[6] 'village_annex'
AREA_VILLAGE_CP_DOUBLOON = 7      # SHIP_AREAS[7] 'village_cp_doubloon'
AREA_VILLAGE_GOODS = 8            # SHIP_AREAS[8] 'village_goods'
AREA_VILLAGE_MARKER = 9           # SHIP_AREAS[9] 'village_marker'
AREA_CHOICE = 10                  # SHIP_AREAS[10] 'choice'
AREA_VP10 = 11                    # SHIP_AREAS[11] 'vp10'
TM_NONE = 0                       # TOKEN_MODIFIERS[0] 'none'
TM_MOST_MINUS2 = 1                # TOKEN_MODIFIERS[1] 'most_minus2'
TM_FEWEST_PLUS3 = 2               # TOKEN_MODIFIERS[2] 'fewest_plus3'
TB_NONE = 0                       # TOKEN_BONUSES[0] 'none'
TB_DOUBLOONS = 1                  # TOKEN_BONUSES[1] 'doubloons'
TB_INFLUENCE = 2                  # TOKEN_BONUSES[2] 'influence'
TB_VP = 3                         # TOKEN_BONUSES[3] 'vp'
TB_FIGURE = 4                     # TOKEN_BONUSES[4] 'figure'
QC_NONE = 0                       # QUEST_COSTS[0] 'none'
QC_CP = 1                         # QUEST_COSTS[1] 'cp'
QC_OBJECTS = 2                    # QUEST_COSTS[2] 'objects'
QC_DOUBLOONS = 3                  # QUEST_COSTS[3] 'doubloons'
QC_MP4 = 4                        # QUEST_COSTS[4] 'mp4'
QC_FIGURE = 5                     # QUEST_COSTS[5] 'figure'
QC_GOODS = 6                      # QUEST_COSTS[6] 'goods'
QR_NONE = 0                       # QUEST_REWARDS[0] 'none'
QR_DOUBLOONS = 1                  # QUEST_REWARDS[1] 'doubloons'
QR_PER_COMPASS_VP = 2             # QUEST_REWARDS[2] 'per_compass_vp'
QR_PER_COMPASS_DOUBLOONS = 3      # QUEST_REWARDS[3] 'per_compass_doubloons'
QR_INFLUENCE = 4                  # QUEST_REWARDS[4] 'influence'
QR_FIGURE = 5                     # QUEST_REWARDS[5] 'figure'
QR_CP = 6                         # QUEST_REWARDS[6] 'cp'
QR_SPAIN2 = 7                     # QUEST_REWARDS[7] 'spain2'
QR_DISCS2 = 8                     # QUEST_REWARDS[8] 'discs2'
QR_VP = 9                         # QUEST_REWARDS[9] 'vp'
QR_COMBAT = 10                    # QUEST_REWARDS[10] 'combat'
QR_EXPLORE = 11                   # QUEST_REWARDS[11] 'explore'
QR_REMOVE_SKULL = 12              # QUEST_REWARDS[12] 'remove_skull'
CT_COMBAT_TOKENS = 0              # CAREER_TASKS[0] 'combat_tokens'
CT_QUESTS = 1                     # CAREER_TASKS[1] 'quests'
CT_INFLUENCE_ONE = 2              # CAREER_TASKS[2] 'influence_one'
CT_INFLUENCE_TWO = 3              # CAREER_TASKS[3] 'influence_two'
CT_UPGRADES = 4                   # CAREER_TASKS[4] 'upgrades'
CT_BARRIER = 5                    # CAREER_TASKS[5] 'barrier'
CT_SYNERGY = 6                    # CAREER_TASKS[6] 'synergy'
CT_ASSISTANTS = 7                 # CAREER_TASKS[7] 'assistants'
B_ABBEY = 0                       # BUILDINGS[0] 'abbey'
B_PALACE = 1                      # BUILDINGS[1] 'palace'
B_BASILICA = 2                    # BUILDINGS[2] 'basilica'
B_CITADEL = 3                     # BUILDINGS[3] 'citadel'
B_MINSTER = 4                     # BUILDINGS[4] 'minster'
B_MILITARY_BASE = 5               # BUILDINGS[5] 'military_base'
B_ACADEMY = 6                     # BUILDINGS[6] 'academy'
B_CATHEDRAL = 7                   # BUILDINGS[7] 'cathedral'
RQ_NONE = 0                       # REQUIREMENTS[0] 'none'
RQ_FIGURE = 1                     # REQUIREMENTS[1] 'figure'
RQ_ASSISTANT = 2                  # REQUIREMENTS[2] 'assistant'
RQ_HERBS = 3                      # REQUIREMENTS[3] 'herbs'
RQ_NATION = 4                     # REQUIREMENTS[4] 'nation'
RQ_FIGURE_ON_CARD = 5             # REQUIREMENTS[5] 'figure_on_card'
RQ_CP = 6                         # REQUIREMENTS[6] 'cp'
EF_NONE = 0                       # EFFECTS[0] 'none'
EF_INCOME_DOUBLOONS = 1           # EFFECTS[1] 'income_doubloons'
EF_INCOME_VP = 2                  # EFFECTS[2] 'income_vp'
EF_PERM_OBJECT = 3                # EFFECTS[3] 'perm_object'
EF_PERM_DISCOUNT = 4              # EFFECTS[4] 'perm_discount'
EF_PERM_COMBAT_CP = 5             # EFFECTS[5] 'perm_combat_cp'
EF_PERM_COMPASS = 6               # EFFECTS[6] 'perm_compass'
EF_PERM_EXPLORER = 7              # EFFECTS[7] 'perm_explorer'
EF_PERM_STEAL_VP = 8              # EFFECTS[8] 'perm_steal_vp'
EF_PERM_ASSISTANT_INCOME = 9      # EFFECTS[9] 'perm_assistant_income'
EF_PERM_FIGURE_CP = 10            # EFFECTS[10] 'perm_figure_cp'
EF_PERM_NATION_CP = 11            # EFFECTS[11] 'perm_nation_cp'
EF_PERM_DISPLACE_VP = 12          # EFFECTS[12] 'perm_displace_vp'
EF_NVA_MAPS_VP_EXPLORE = 13       # EFFECTS[13] 'nva_maps_vp_explore'
EF_NVA_MAPS_DOUBLOONS_EXPLORE = 14  # EFFECTS[14] 'nva_maps_doubloons_explore'
EF_NVA_BOOKS = 15                 # EFFECTS[15] 'nva_books'
EF_NVA_GOODS_DOUBLOONS = 16       # EFFECTS[16] 'nva_goods_doubloons'
EF_NCA_INFLUENCE_VP = 17          # EFFECTS[17] 'nca_influence_vp'
EF_NCA_DOUBLOONS = 18             # EFFECTS[18] 'nca_doubloons'
EF_IMM_INFLUENCE2 = 19            # EFFECTS[19] 'imm_influence2'
EF_IMM_VILLAGE_MARKER = 20        # EFFECTS[20] 'imm_village_marker'
EF_IMM_REMOVE_DISC = 21           # EFFECTS[21] 'imm_remove_disc'
EF_IMM_INFLUENCE1 = 22            # EFFECTS[22] 'imm_influence1'
EF_IMM_QUEST_ON_CARD = 23         # EFFECTS[23] 'imm_quest_on_card'
EF_IMM_VP_PER_TOKEN = 24          # EFFECTS[24] 'imm_vp_per_token'
EF_IMM_VP_PER_ASSISTANT = 25      # EFFECTS[25] 'imm_vp_per_assistant'
EF_IMM_VP_PER_QUEST = 26          # EFFECTS[26] 'imm_vp_per_quest'
EF_IMM_VP_PER_COMPASS = 27        # EFFECTS[27] 'imm_vp_per_compass'
EF_IMM_FIGURES2 = 28              # EFFECTS[28] 'imm_figures2'
EF_IMM_ANY_SYNERGY = 29           # EFFECTS[29] 'imm_any_synergy'
EF_IMM_VILLAGE_MARKER_RANK = 30   # EFFECTS[30] 'imm_village_marker_rank'
EF_IMM_FIGURES_INCOME = 31        # EFFECTS[31] 'imm_figures_income'
EF_IMM_CP = 32                    # EFFECTS[32] 'imm_cp'
EF_IMM_VP_PER_SYNERGY = 33        # EFFECTS[33] 'imm_vp_per_synergy'
EF_IMM_VP_PER_NATION3 = 34        # EFFECTS[34] 'imm_vp_per_nation3'
EF_ASSISTANT = 35                 # EFFECTS[35] 'assistant'
JA_NONE = 0                       # AUTOMA_ACTIONS[0] 'none'
JA_EXPLORE = 1                    # AUTOMA_ACTIONS[1] 'explore'
JA_INFLUENCE = 2                  # AUTOMA_ACTIONS[2] 'influence'
JA_COMBAT = 3                     # AUTOMA_ACTIONS[3] 'combat'
JA_REMOVE_DISC = 4                # AUTOMA_ACTIONS[4] 'remove_disc'
JA_VP = 5                         # AUTOMA_ACTIONS[5] 'vp'
JA_QUEST_PILE = 6                 # AUTOMA_ACTIONS[6] 'quest_pile'
PH_SETUP_PLAN = 0                 # PHASES[0] 'setup_plan'
PH_SETUP_DISCARD = 1              # PHASES[1] 'setup_discard'
PH_SETUP_CAREER = 2               # PHASES[2] 'setup_career'
PH_SAIL = 3                       # PHASES[3] 'sail'
PH_MAIN = 4                       # PHASES[4] 'main'
PH_DELIVER = 5                    # PHASES[5] 'deliver'
PH_DISC = 6                       # PHASES[6] 'disc'
PH_NATION = 7                     # PHASES[7] 'nation'
PH_VILLAGE = 8                    # PHASES[8] 'village'
PH_COMBAT_PILE = 9                # PHASES[9] 'combat_pile'
PH_COMBAT_NATION = 10             # PHASES[10] 'combat_nation'
PH_COMBAT = 11                    # PHASES[11] 'combat'
PH_EXPLORE = 12                   # PHASES[12] 'explore'
PH_CHOICE = 13                    # PHASES[13] 'choice'
PH_PAY = 14                       # PHASES[14] 'pay'
PH_DRAW = 15                      # PHASES[15] 'draw'
PH_SCORE_BUY = 16                 # PHASES[16] 'score_buy'
PH_PLACE = 17                     # PHASES[17] 'place'
PH_GAME_OVER = 18                 # PHASES[18] 'game_over'
CH_CITYACT10 = 0                  # CHOICES[0] 'cityact10'
CH_DISCARD_HAND4 = 1              # CHOICES[1] 'discard_hand4'
CH_PAY2CP = 2                     # CHOICES[2] 'pay2cp'
CH_HOME20 = 3                     # CHOICES[3] 'home20'
CH_SHIP_CHOICE = 4                # CHOICES[4] 'ship_choice'
CH_QUEST_SPACE = 5                # CHOICES[5] 'quest_space'
CH_ANY_SYNERGY = 6                # CHOICES[6] 'any_synergy'
CH_FIGURES_INCOME = 7             # CHOICES[7] 'figures_income'
CH_GOODS = 8                      # CHOICES[8] 'goods'
CH_CITY_ACTION = 9                # CHOICES[9] 'city_action'
CH_RETIRE = 10                    # CHOICES[10] 'retire'
CH_LEG_DISC = 11                  # CHOICES[11] 'leg_disc'
CH_LEG_FIGURE_VP = 12             # CHOICES[12] 'leg_figure_vp'
CH_STORY_VOTE = 13                # CHOICES[13] 'story_vote'
CH_SKULL_TILE = 14                # CHOICES[14] 'skull_tile'
OP_NONE = 0                       # OPS[0] 'none'
OP_NATION = 1                     # OPS[1] 'nation'
OP_REMOVE_DISC = 2                # OPS[2] 'remove_disc'
OP_VILLAGE = 3                    # OPS[3] 'village'
OP_EXPLORE = 4                    # OPS[4] 'explore'
OP_COMBAT = 5                     # OPS[5] 'combat'
OP_CITY_ACTION = 6                # OPS[6] 'city_action'
OP_CHOICE = 7                     # OPS[7] 'choice'
OP_PAY = 8                        # OPS[8] 'pay'
OP_MAIN_DONE = 9                  # OPS[9] 'main_done'
OP_SCORE_BUY = 10                 # OPS[10] 'score_buy'
OP_SCORE_REST = 11                # OPS[11] 'score_rest'
OP_DRAW = 12                      # OPS[12] 'draw'
OP_DELIVER = 13                   # OPS[13] 'deliver'
OP_PLACE = 14                     # OPS[14] 'place'
OP_EXTRA_SAIL = 15                # OPS[15] 'extra_sail'
OP_LEG_MAIN = 16                  # OPS[16] 'leg_main'
OP_STORY_CHECK = 17               # OPS[17] 'story_check'
OP_STORY_TALLY = 18               # OPS[18] 'story_tally'
OP_SCORE_END = 19                 # OPS[19] 'score_end'
NK_INFLUENCE = 0                  # NATION_KINDS[0] 'influence'
NK_VILLAGE_MARKER = 1             # NATION_KINDS[1] 'village_marker'
NK_VILLAGE_MARKER_RANK = 2        # NATION_KINDS[2] 'village_marker_rank'
NK_NEXT_RANK = 3                  # NATION_KINDS[3] 'next_rank'
LT_NONE = 0                       # LEGACY_KINDS[0] 'none'
LT_CITY_QUEST = 1                 # LEGACY_KINDS[1] 'city_quest'
LT_ROUTE = 2                      # LEGACY_KINDS[2] 'route'
LT_PLAGUE = 3                     # LEGACY_KINDS[3] 'plague'
LT_NEW_CITY = 4                   # LEGACY_KINDS[4] 'new_city'
LT_FIGURE = 5                     # LEGACY_KINDS[5] 'figure'
LT_SILVER_FLEET = 6               # LEGACY_KINDS[6] 'silver_fleet'
LT_GOLD_MINE = 7                  # LEGACY_KINDS[7] 'gold_mine'
LT_DISC = 8                       # LEGACY_KINDS[8] 'disc'
LT_SKULL = 9                      # LEGACY_KINDS[9] 'skull'
LT_VP = 10                        # LEGACY_KINDS[10] 'vp'
LCOST_NONE = 0                    # LEGACY_COSTS[0] 'none'
LCOST_DOUBLOONS = 1               # LEGACY_COSTS[1] 'doubloons'
LCOST_CP = 2                      # LEGACY_COSTS[2] 'cp'
LCOST_FIGURE = 3                  # LEGACY_COSTS[3] 'figure'
LREW_NONE = 0                     # LEGACY_REWARDS[0] 'none'
LREW_VP = 1                       # LEGACY_REWARDS[1] 'vp'
LREW_DOUBLOONS = 2                # LEGACY_REWARDS[2] 'doubloons'
LREW_CP = 3                       # LEGACY_REWARDS[3] 'cp'
LREW_INFLUENCE = 4                # LEGACY_REWARDS[4] 'influence'
LREW_FIGURE = 5                   # LEGACY_REWARDS[5] 'figure'
LACT_NONE = 0                     # LEGACY_CITY_ACTIONS[0] 'none'
LACT_VILLAGES2_FIGURE_VP = 1      # LEGACY_CITY_ACTIONS[1] 'villages2_figure_vp'
LACT_CP3_COMBAT = 2               # LEGACY_CITY_ACTIONS[2] 'cp3_combat'
IK_NONE = 0                       # INSTRUCTION_KINDS[0] 'none'
IK_STORY_TILE = 1                 # INSTRUCTION_KINDS[1] 'story_tile'
IK_QUESTS = 2                     # INSTRUCTION_KINDS[2] 'quests'
IK_CARDS_TO_DISCARD = 3           # INSTRUCTION_KINDS[3] 'cards_to_discard'
IK_READ = 4                       # INSTRUCTION_KINDS[4] 'read'
IK_LEGACY_TILES = 5               # INSTRUCTION_KINDS[5] 'legacy_tiles'
IK_CARDS_TO_PROJECT_PILE = 6      # INSTRUCTION_KINDS[6] 'cards_to_project_pile'
IK_NEXT_CARD = 7                  # INSTRUCTION_KINDS[7] 'next_card'
SR_NONE = 0                       # STORY_REQUIREMENTS[0] 'none'
SR_STORY_TILE_TAKEN = 1           # STORY_REQUIREMENTS[1] 'story_tile_taken'
SR_LEGACY_TILE_FULL = 2           # STORY_REQUIREMENTS[2] 'legacy_tile_full'


# ---- actions.py, as written there ---------------------------------------------------------
MAX_MP = 7

# ---- actions.py, computed there -----------------------------------------------------------
N_AA = 17
NUM_ACTIONS = 546                 # size of the action space
A_PASS = 0                        # action PASS: id 0; end turn / stop / skip / decline (context)
A_SETUP_PLAN = 1                  # action SETUP_PLAN: ids 1..12; setup: hand slot i -> planning area
A_SETUP_DISCARD = 13              # action SETUP_DISCARD: ids 13..24; setup: discard hand slot i
A_CAREER = 25                     # action CAREER: ids 25..26; setup: keep career option c
A_SAIL = 27                       # action SAIL: ids 27..250; sail to location l spending m MP: l*7 + (m-1)
A_MAIN_CITY = 251                 # action MAIN_CITY: id 251
A_MAIN_VILLAGE = 252              # action MAIN_VILLAGE: id 252
A_MAIN_ASSISTANT = 253            # action MAIN_ASSISTANT: ids 253..269; use an own assistant here with action aaNN
A_MAIN_QUEST = 270                # action MAIN_QUEST: ids 270..285; fulfil the board quest in slot k
A_FREE_PLAN = 286                 # action FREE_PLAN: ids 286..297; free action: plan hand slot i
A_FREE_CAREER = 298               # action FREE_CAREER: ids 298..300; free action: complete career task t
A_FREE_FIGURE_CP = 301            # action FREE_FIGURE_CP: id 301; free action: figure -> 2 CP (PERM-08)
A_DELIVER = 302                   # action DELIVER: ids 302..313; deliver hand slot i
A_DISC = 314                      # action DISC: ids 314..325; take a disc from area a
A_NATION = 326                    # action NATION: ids 326..328; choose nation n
A_VIL_DISCARD = 329               # action VIL_DISCARD: id 329
A_VIL_DOUBLOON = 330              # action VIL_DOUBLOON: id 330
A_VIL_CP_DOUBLOON = 331           # action VIL_CP_DOUBLOON: id 331
A_VIL_GOODS = 332                 # action VIL_GOODS: ids 332..339; SHIP-09: pay 3 goods of kind g
A_VIL_MARKER = 340                # action VIL_MARKER: ids 340..342; SHIP-10: marker of nation n here
A_BUY_HAND = 343                  # action BUY_HAND: ids 343..354
A_BUY_PLAN = 355                  # action BUY_PLAN: ids 355..357
A_INVEST = 358                    # action INVEST: ids 358..361
A_SCORE_VP2 = 362                 # action SCORE_VP2: id 362; scoring step 1: take 2 VP
A_CB_PILE = 363                   # action CB_PILE: ids 363..364
A_CB_NATION = 365                 # action CB_NATION: ids 365..367
A_CB_CP = 368                     # action CB_CP: id 368
A_CB_FIGURE = 369                 # action CB_FIGURE: id 369
A_CB_INF1 = 370                   # action CB_INF1: id 370
A_CB_INF2 = 371                   # action CB_INF2: id 371
A_CB_FLAG = 372                   # action CB_FLAG: ids 372..403; annex / displace at location l
A_CB_VILLAGE = 404                # action CB_VILLAGE: ids 404..435; SHIP-07 village annex / displace at l
A_EXPLORE = 436                   # action EXPLORE: ids 436..475; move explorer to space s
A_CHOICE = 476                    # action CHOICE: ids 476..483; generic option k
A_PAY = 484                       # action PAY: ids 484..495; discard hand slot i as payment
A_DRAW_DECK = 496                 # action DRAW_DECK: id 496
A_DRAW_MARKET = 497               # action DRAW_MARKET: ids 497..500
A_PLACE = 501                     # action PLACE: ids 501..532; put the chosen marker in location l
A_VIL_NVA = 533                   # action VIL_NVA: ids 533..536; new village action of kind k (NVA-01..04)
A_VIL_CARD_QUEST = 537            # action VIL_CARD_QUEST: ids 537..540; fulfil the quest lying on a card (IMM-06)
A_CB_NCA = 541                    # action CB_NCA: ids 541..542; new combat action NCA-01 / NCA-02
A_CB_LEGACY = 543                 # action CB_LEGACY: ids 543..545; LEG-L6 silver-fleet space 0 / 1, LEG-L9 gold mine


__all__ = [
    "MAX_P", "N_NATIONS", "N_AREAS", "MAX_LOC", "MAX_EXP", "N_CARDS", "HAND_CAP", "PLAN_CAP",
    "MARKET_SIZE", "TABLEAU_CAP", "N_QUESTS", "N_TOKENS", "N_CAREERS", "N_PRESTIGE", "N_BUILDINGS",
    "BOARD_QUEST_CAP", "EXP_QUESTS", "CARD_QUEST_CAP", "N_AUTOMA", "AUTOMA_LOG_CAP", "STACK_CAP",
    "STACK_W", "N_VP_SRC", "MARKERS_PER_NATION", "FIGURES_PER_COLOUR", "N_SYNERGY", "SC_PLAY_CAP",
    "SC_LOG_CAP", "STORY_TILES", "VS_VP_INCOME", "VS_DOUBLOON_TRACK", "VS_CARDS", "VS_PRESTIGE",
    "VS_INFLUENCE_MAJORITY", "VS_NOBLE_RANKS", "VS_EXPLORER", "VS_QUESTS", "VS_HOMEWARD",
    "VS_COMBAT", "VS_SHIP_UPGRADES", "VS_SCORING_CHOICE", "VS_OVERFLOW", "VS_CITY_ACTIONS",
    "VS_ASSISTANTS", "VS_CAREER", "VS_AUTOMA", "VS_OTHER", "G_NP", "G_ROUND", "G_PHASE", "G_CUR",
    "G_START", "G_TURN_P", "G_OVER", "G_STEPS", "G_STORY", "G_SEED", "G_RNG", "G_MP_SPENT",
    "G_MAIN_DONE", "G_VILLAGE_LEFT", "G_VILLAGE_MAIN", "G_EXPLORE_LEFT", "G_ROUND_END",
    "G_TURN_COUNT", "G_LOC_FROM", "G_COMPASS_AT_START", "G_EXTRA_MAIN", "G_EXTRA_MP",
    "G_ASSIST_USED", "G_SCORING", "G_TRIGGER", "G_INCOME_DONE", "G_LOC_MARKER", "G_LOC_MARKET",
    "G_LOC_TILE", "G_BQ_LOC", "G_BQ_TILE", "G_BQ_AGE", "G_BQ_NEXT_AGE", "G_EXQ_TILE", "G_QPILE",
    "G_QPILE_N", "G_TPILE0", "G_TPILE1", "G_TPILE_N", "G_TOKENS_OUT", "G_SUP_TAKEN", "G_SUP_OUT",
    "G_PR_BUILD", "G_PR_REVEALED", "G_PR_INVESTORS", "G_BARRIER_FIRST", "G_EXP_LAST_N", "G_DRAW",
    "G_DRAW_N", "G_DISCARD", "G_DISCARD_N", "G_MARKET", "G_CARDS_OUT", "G_CITY_DISCS_OUT",
    "G_STK_N", "G_STK", "G_LAST_ACTION", "G_SOLO", "G_DIFFICULTY", "G_AUTOMA_TABLE",
    "G_AUTOMA_INCOME", "G_AUTOMA_DECK", "G_AUTOMA_N", "G_AUTOMA_DISCARD", "G_AUTOMA_DISCARD_N",
    "G_TRACK_REMOVED", "G_TRACK_TO_MARKET", "G_AUTOMA_CARDS", "G_AUTOMA_LOG", "G_AUTOMA_LOG_N",
    "G_VARIANTS", "G_LEGACY", "G_LEG_DISCS", "G_LEG_SILVER", "G_LEG_MINE", "G_LEG_QUEST",
    "G_LEG_CB_USED", "G_CAMPAIGN", "G_SC_PLAY", "G_SC_TAKER", "G_SC_STILE", "G_STILE_USED",
    "G_STILE_TAKEN", "G_SC_PENDING", "G_SC_LOG", "G_SC_LOG_N", "G_CC_PILE", "G_CC_DISCARD",
    "G_SC_VOTES", "G_SC_GONE", "P_VP", "P_DOUBLOONS", "P_CP", "P_FIG_SUPPLY", "P_FIG_GENERAL",
    "P_FIG_CAREER", "P_FIG_BOARD", "P_FIG_CARDS", "P_FIG_PRESTIGE", "P_DISCS", "P_DISCS_OUT",
    "P_UPGRADES", "P_DINC", "P_VINC", "P_INF", "P_EXPLORER", "P_BARRIERS", "P_EXP_RANK", "P_QUESTS",
    "P_TOKENS", "P_SYNERGY", "P_HAND_N", "P_HAND", "P_PLAN", "P_TABLEAU_N", "P_TABLEAU",
    "P_CAREER_OPT", "P_CAREER", "P_CAREER_DONE", "P_SHIP", "P_PRESTIGE", "P_ASSIST", "P_ASSIST_NEW",
    "P_CARD_QUEST", "P_RETIRE", "P_VP_SRC", "PLAYERS", "PLAYER_SIZE", "STATE_SIZE", "MAX_OUT",
    "MAX_EXP_NEXT", "N_TILES", "MAX_INF", "MAX_DINC", "MAX_GOODS", "Q_COSTS", "Q_REWARDS",
    "N_STORY", "STORY_Q", "CARD_REQS", "CARD_EFFS", "AUTOMA_ACTS", "MAX_TRACK", "N_LEG",
    "MAX_LEG_ARROWS", "MAX_SC", "SC_INS_CAP", "SC_INS_W", "SC_DEC_CAP", "N_QUEST_ROWS",
    "CATALOG_SIZE", "C_NLOC", "C_HAVANA", "C_NEXP", "C_EXP_START", "C_NGOODS", "C_SETUP_MARKER",
    "C_HERBS", "C_MAPS", "C_BOOKS", "C_LOC_NUMBER", "C_LOC_KIND", "C_LOC_MUST_STOP",
    "C_LOC_TILE_SLOT", "C_LOC_MARACAIBO", "C_LOC_ACT", "C_LOC_ACT_AMT", "C_LOC_GOOD",
    "C_LOC_SPACES", "C_LOC_FLAG", "C_LOC_FLAG_AMT", "C_LOC_NEXT_N", "C_LOC_NEXT", "C_LOC_COST",
    "C_LOC_R0", "C_LOC_R1", "C_LOC_BRANCH", "C_TILE_PLAYERS", "C_TILE_SPECIAL", "C_TILE_MARACAIBO",
    "C_TILE_ACT", "C_TILE_ACT_AMT", "C_TILE_GOOD", "C_TILE_SPACES", "C_TILE_FLAG",
    "C_TILE_FLAG_AMT", "C_EXP_NUMBER", "C_EXP_NEXT_N", "C_EXP_NEXT", "C_EXP_REWARD",
    "C_EXP_REWARD_AMT", "C_EXP_QUEST", "C_EXP_BARRIER", "C_EXP_LAST", "C_LAST_VP", "C_INF_SPACES",
    "C_RANK_AT", "C_NEXT_RANK_POS", "C_DINC_START", "C_DINC_MAX", "C_DINC_VP", "C_VINC_MAX",
    "C_AREA_REQ_AREA", "C_AREA_REQ_COUNT", "C_TOK_MOD", "C_TOK_VAL", "C_TOK_BONUS", "C_TOK_AMT",
    "C_Q_COST", "C_Q_COST_ARG", "C_Q_COST_AMT", "C_Q_REW", "C_Q_REW_AMT", "C_CAR_KIND", "C_CAR_LOW",
    "C_CAR_HIGH", "C_CAR_DBL", "C_CAR_VP", "C_PRE_COST", "C_PRE_SYN", "C_PRE_KIND", "C_SQ_N",
    "C_SQ_ROUND", "C_SQ_LOC", "C_SQ_PMASK", "C_GOOD_OBJECT", "C_CARD_DECK", "C_CARD_COST",
    "C_CARD_SYMBOL", "C_CARD_VP", "C_CARD_SYN", "C_CARD_REQ", "C_CARD_REQ_ARG", "C_CARD_EFF",
    "C_CARD_EFF_ARG", "C_CARD_EFF_AMT", "C_CARD_EFF_COND", "C_AUTO_LEVEL", "C_AUTO_MOVE",
    "C_AUTO_ROUTE", "C_AUTO_DISPLAY", "C_AUTO_WARRIOR", "C_AUTO_ACT", "C_AUTO_ACT_ARG",
    "C_AUTO_ACT_AMT", "C_AUTO_ACT_R0", "C_AUTO_ACT_R1", "C_AUTO_DIFF", "C_TRACK_N", "C_TRACK_VP",
    "C_TRACK_MARKED", "C_EXP_RETIRE", "C_LEG_KIND", "C_LEG_LOC", "C_LEG_SPACES", "C_LEG_COST",
    "C_LEG_COST_AMT", "C_LEG_REW", "C_LEG_REW_AMT", "C_LEG_TOLL", "C_LEG_TWO_P", "C_LEG_EXP",
    "C_LEG_ACT", "C_LEG_AMT", "C_LEG_INF", "C_LEG_SILVER", "C_LEG_CITY_GOOD", "C_LEG_CITY_SPACES",
    "C_LEG_AR_N", "C_LEG_AR_FROM", "C_LEG_AR_TO", "C_LEG_AR_COST", "C_LEG_AR_TILE", "C_LEG_AR_NEW",
    "C_LOC_NEW_TILE", "C_SC_N", "C_SC_NUMBER", "C_SC_FRONT_N", "C_SC_FRONT", "C_SC_BACK_N",
    "C_SC_BACK", "C_SC_QUEST", "C_SC_REQ", "C_SC_REQ_TILE", "C_SC_DEC_N", "C_SC_DEC",
    "N_CHOICE_OPTIONS", "FREE_NONE", "FREE_FIGURE", "FREE_ALL", "NAT_FRANCE", "NAT_ENGLAND",
    "NAT_SPAIN", "LK_START", "LK_CITY", "LK_VILLAGE", "LK_HOME", "LK_LEGACY_CITY", "CA_NONE",
    "CA_COMBAT", "CA_EXPLORE", "CA_INFLUENCE_VILLAGE", "CA_CP_REMOVE_DISC", "CA_CP3",
    "CA_DOUBLOONS_VILLAGE", "CA_CP_INFLUENCE", "CA_COMPASS_VILLAGES", "CA_TOKENS_VP_DISCARD",
    "CA_DOUBLOONS_OR_ASSISTANTS", "CA_PAY_CP_INFLUENCE_DOUBLOONS", "CA_HOME20", "CA_HOME21A",
    "CA_HOME21B", "CA_HOME22", "FL_NONE", "FL_DOUBLOONS", "FL_VP", "FL_CP", "FL_INFLUENCE",
    "FL_FIGURE", "FL_REMOVE_DISC", "ER_NONE", "ER_DOUBLOONS", "ER_INFLUENCE", "ER_VP",
    "ER_REMOVE_DISC", "ER_CP", "ER_DOUBLOONS_VP", "ER_FIGURES2", "BAR_NONE", "BAR_RED", "BAR_BLUE",
    "BAR_GREEN", "AREA_VILLAGE_THRESHOLDS", "AREA_HAND_LIMIT", "AREA_FREE_MARKET",
    "AREA_DOUBLOONS5", "AREA_VP3", "AREA_VP6", "AREA_VILLAGE_ANNEX", "AREA_VILLAGE_CP_DOUBLOON",
    "AREA_VILLAGE_GOODS", "AREA_VILLAGE_MARKER", "AREA_CHOICE", "AREA_VP10", "TM_NONE",
    "TM_MOST_MINUS2", "TM_FEWEST_PLUS3", "TB_NONE", "TB_DOUBLOONS", "TB_INFLUENCE", "TB_VP",
    "TB_FIGURE", "QC_NONE", "QC_CP", "QC_OBJECTS", "QC_DOUBLOONS", "QC_MP4", "QC_FIGURE",
    "QC_GOODS", "QR_NONE", "QR_DOUBLOONS", "QR_PER_COMPASS_VP", "QR_PER_COMPASS_DOUBLOONS",
    "QR_INFLUENCE", "QR_FIGURE", "QR_CP", "QR_SPAIN2", "QR_DISCS2", "QR_VP", "QR_COMBAT",
    "QR_EXPLORE", "QR_REMOVE_SKULL", "CT_COMBAT_TOKENS", "CT_QUESTS", "CT_INFLUENCE_ONE",
    "CT_INFLUENCE_TWO", "CT_UPGRADES", "CT_BARRIER", "CT_SYNERGY", "CT_ASSISTANTS", "B_ABBEY",
    "B_PALACE", "B_BASILICA", "B_CITADEL", "B_MINSTER", "B_MILITARY_BASE", "B_ACADEMY",
    "B_CATHEDRAL", "RQ_NONE", "RQ_FIGURE", "RQ_ASSISTANT", "RQ_HERBS", "RQ_NATION",
    "RQ_FIGURE_ON_CARD", "RQ_CP", "EF_NONE", "EF_INCOME_DOUBLOONS", "EF_INCOME_VP",
    "EF_PERM_OBJECT", "EF_PERM_DISCOUNT", "EF_PERM_COMBAT_CP", "EF_PERM_COMPASS",
    "EF_PERM_EXPLORER", "EF_PERM_STEAL_VP", "EF_PERM_ASSISTANT_INCOME", "EF_PERM_FIGURE_CP",
    "EF_PERM_NATION_CP", "EF_PERM_DISPLACE_VP", "EF_NVA_MAPS_VP_EXPLORE",
    "EF_NVA_MAPS_DOUBLOONS_EXPLORE", "EF_NVA_BOOKS", "EF_NVA_GOODS_DOUBLOONS",
    "EF_NCA_INFLUENCE_VP", "EF_NCA_DOUBLOONS", "EF_IMM_INFLUENCE2", "EF_IMM_VILLAGE_MARKER",
    "EF_IMM_REMOVE_DISC", "EF_IMM_INFLUENCE1", "EF_IMM_QUEST_ON_CARD", "EF_IMM_VP_PER_TOKEN",
    "EF_IMM_VP_PER_ASSISTANT", "EF_IMM_VP_PER_QUEST", "EF_IMM_VP_PER_COMPASS", "EF_IMM_FIGURES2",
    "EF_IMM_ANY_SYNERGY", "EF_IMM_VILLAGE_MARKER_RANK", "EF_IMM_FIGURES_INCOME", "EF_IMM_CP",
    "EF_IMM_VP_PER_SYNERGY", "EF_IMM_VP_PER_NATION3", "EF_ASSISTANT", "JA_NONE", "JA_EXPLORE",
    "JA_INFLUENCE", "JA_COMBAT", "JA_REMOVE_DISC", "JA_VP", "JA_QUEST_PILE", "PH_SETUP_PLAN",
    "PH_SETUP_DISCARD", "PH_SETUP_CAREER", "PH_SAIL", "PH_MAIN", "PH_DELIVER", "PH_DISC",
    "PH_NATION", "PH_VILLAGE", "PH_COMBAT_PILE", "PH_COMBAT_NATION", "PH_COMBAT", "PH_EXPLORE",
    "PH_CHOICE", "PH_PAY", "PH_DRAW", "PH_SCORE_BUY", "PH_PLACE", "PH_GAME_OVER", "CH_CITYACT10",
    "CH_DISCARD_HAND4", "CH_PAY2CP", "CH_HOME20", "CH_SHIP_CHOICE", "CH_QUEST_SPACE",
    "CH_ANY_SYNERGY", "CH_FIGURES_INCOME", "CH_GOODS", "CH_CITY_ACTION", "CH_RETIRE", "CH_LEG_DISC",
    "CH_LEG_FIGURE_VP", "CH_STORY_VOTE", "CH_SKULL_TILE", "OP_NONE", "OP_NATION", "OP_REMOVE_DISC",
    "OP_VILLAGE", "OP_EXPLORE", "OP_COMBAT", "OP_CITY_ACTION", "OP_CHOICE", "OP_PAY",
    "OP_MAIN_DONE", "OP_SCORE_BUY", "OP_SCORE_REST", "OP_DRAW", "OP_DELIVER", "OP_PLACE",
    "OP_EXTRA_SAIL", "OP_LEG_MAIN", "OP_STORY_CHECK", "OP_STORY_TALLY", "OP_SCORE_END",
    "NK_INFLUENCE", "NK_VILLAGE_MARKER", "NK_VILLAGE_MARKER_RANK", "NK_NEXT_RANK", "LT_NONE",
    "LT_CITY_QUEST", "LT_ROUTE", "LT_PLAGUE", "LT_NEW_CITY", "LT_FIGURE", "LT_SILVER_FLEET",
    "LT_GOLD_MINE", "LT_DISC", "LT_SKULL", "LT_VP", "LCOST_NONE", "LCOST_DOUBLOONS", "LCOST_CP",
    "LCOST_FIGURE", "LREW_NONE", "LREW_VP", "LREW_DOUBLOONS", "LREW_CP", "LREW_INFLUENCE",
    "LREW_FIGURE", "LACT_NONE", "LACT_VILLAGES2_FIGURE_VP", "LACT_CP3_COMBAT", "IK_NONE",
    "IK_STORY_TILE", "IK_QUESTS", "IK_CARDS_TO_DISCARD", "IK_READ", "IK_LEGACY_TILES",
    "IK_CARDS_TO_PROJECT_PILE", "IK_NEXT_CARD", "SR_NONE", "SR_STORY_TILE_TAKEN",
    "SR_LEGACY_TILE_FULL", "MAX_MP", "N_AA", "NUM_ACTIONS", "A_PASS", "A_SETUP_PLAN",
    "A_SETUP_DISCARD", "A_CAREER", "A_SAIL", "A_MAIN_CITY", "A_MAIN_VILLAGE", "A_MAIN_ASSISTANT",
    "A_MAIN_QUEST", "A_FREE_PLAN", "A_FREE_CAREER", "A_FREE_FIGURE_CP", "A_DELIVER", "A_DISC",
    "A_NATION", "A_VIL_DISCARD", "A_VIL_DOUBLOON", "A_VIL_CP_DOUBLOON", "A_VIL_GOODS",
    "A_VIL_MARKER", "A_BUY_HAND", "A_BUY_PLAN", "A_INVEST", "A_SCORE_VP2", "A_CB_PILE",
    "A_CB_NATION", "A_CB_CP", "A_CB_FIGURE", "A_CB_INF1", "A_CB_INF2", "A_CB_FLAG", "A_CB_VILLAGE",
    "A_EXPLORE", "A_CHOICE", "A_PAY", "A_DRAW_DECK", "A_DRAW_MARKET", "A_PLACE", "A_VIL_NVA",
    "A_VIL_CARD_QUEST", "A_CB_NCA", "A_CB_LEGACY",
]
