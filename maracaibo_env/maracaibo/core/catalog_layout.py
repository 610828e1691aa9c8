"""Layout of the compiled catalog: one flat int32 vector of game data.

`maracaibo_env.maracaibo.catalog` fills it from the TOML files; numba code reads it at
the constant offsets C_<NAME> (written out in the generated constants.py). Sizes are fixed capacities, so the offsets do
not depend on the data (a corrected data file never invalidates the JIT cache).
"""
from ...framework.constants_check import table_getattr
from ...framework.layout import offsets
from .layout import (MAX_LOC, MAX_EXP, N_CARDS, N_QUESTS, N_TOKENS, N_CAREERS,
                     N_PRESTIGE, N_AREAS, N_NATIONS)

MAX_OUT = 4          # outgoing arrows per location
MAX_EXP_NEXT = 2     # explorer forks
N_TILES = 13
MAX_INF = 32         # influence-track positions
MAX_DINC = 64        # doubloon-track positions
MAX_GOODS = 8        # goods + objects
Q_COSTS = 2          # cost items per quest tile
Q_REWARDS = 3        # reward items per quest tile
N_STORY = 3          # story cards 75, 76, 77
STORY_Q = 16         # quest placements per story card
CARD_REQS = 3
CARD_EFFS = 4
N_AUTOMA = 15        # Automa cards (CON-16)
AUTOMA_ACTS = 4      # actions per Automa card
MAX_TRACK = 24       # spaces of the Automa board's disc track (22 printed)
N_LEG = 25           # legacy tiles L1..L25 (index = L-number - 1; L19, L24 unused)
MAX_LEG_ARROWS = 8   # arrows a legacy tile adds or changes
MAX_SC = 80          # campaign story cards in data/story.toml (the box has 77, L166)
SC_INS_CAP = 16      # instruction items per side of a story card (one per quest placement,
SC_INS_W = 3         #   tile or card): (kind, argument, player mask)
SC_DEC_CAP = 4       # options of a story card's decision
N_QUEST_ROWS = N_QUESTS + MAX_SC   # quest rows: the 24 tiles, then each story card's story quest

CATALOG_FIELDS = [
    ("NLOC", 1), ("HAVANA", 1), ("NEXP", 1), ("EXP_START", 1), ("NGOODS", 1),
    ("SETUP_MARKER", N_NATIONS),  # 2p: location of each nation's starting marker (SETUP-09)
    ("HERBS", 1), ("MAPS", 1), ("BOOKS", 1),
    # locations (index order = data order sorted by printed number)
    ("LOC_NUMBER", MAX_LOC), ("LOC_KIND", MAX_LOC), ("LOC_MUST_STOP", MAX_LOC),
    ("LOC_TILE_SLOT", MAX_LOC), ("LOC_MARACAIBO", MAX_LOC),
    ("LOC_ACT", MAX_LOC), ("LOC_ACT_AMT", MAX_LOC),
    ("LOC_GOOD", MAX_LOC), ("LOC_SPACES", MAX_LOC),
    ("LOC_FLAG", MAX_LOC), ("LOC_FLAG_AMT", MAX_LOC),
    ("LOC_NEXT_N", MAX_LOC), ("LOC_NEXT", MAX_LOC * MAX_OUT), ("LOC_COST", MAX_LOC * MAX_OUT),
    ("LOC_R0", MAX_LOC * MAX_OUT), ("LOC_R1", MAX_LOC * MAX_OUT),
    ("LOC_BRANCH", MAX_LOC * MAX_OUT),  # 1 upper / 2 lower branch of a fork (SOLO-09)
    # city tiles
    ("TILE_PLAYERS", N_TILES), ("TILE_SPECIAL", N_TILES), ("TILE_MARACAIBO", N_TILES),
    ("TILE_ACT", N_TILES), ("TILE_ACT_AMT", N_TILES), ("TILE_GOOD", N_TILES),
    ("TILE_SPACES", N_TILES), ("TILE_FLAG", N_TILES), ("TILE_FLAG_AMT", N_TILES),
    # explorer track
    ("EXP_NUMBER", MAX_EXP), ("EXP_NEXT_N", MAX_EXP), ("EXP_NEXT", MAX_EXP * MAX_EXP_NEXT),
    ("EXP_REWARD", MAX_EXP), ("EXP_REWARD_AMT", MAX_EXP), ("EXP_QUEST", MAX_EXP),
    ("EXP_BARRIER", MAX_EXP), ("EXP_LAST", MAX_EXP), ("LAST_VP", 4),
    # influence
    ("INF_SPACES", 1), ("RANK_AT", MAX_INF), ("NEXT_RANK_POS", MAX_INF),
    # income tracks
    ("DINC_START", 1), ("DINC_MAX", 1), ("DINC_VP", MAX_DINC), ("VINC_MAX", 1),
    # ship areas
    ("AREA_REQ_AREA", N_AREAS), ("AREA_REQ_COUNT", N_AREAS),
    # combat tokens
    ("TOK_MOD", N_TOKENS), ("TOK_VAL", N_TOKENS * N_NATIONS),
    ("TOK_BONUS", N_TOKENS * N_NATIONS), ("TOK_AMT", N_TOKENS * N_NATIONS),
    # quest tiles (row t < N_QUESTS), then story quests (row N_QUESTS + story-card slot)
    ("Q_COST", N_QUEST_ROWS * Q_COSTS), ("Q_COST_ARG", N_QUEST_ROWS * Q_COSTS),
    ("Q_COST_AMT", N_QUEST_ROWS * Q_COSTS),
    ("Q_REW", N_QUEST_ROWS * Q_REWARDS), ("Q_REW_AMT", N_QUEST_ROWS * Q_REWARDS),
    # careers
    ("CAR_KIND", N_CAREERS * 3), ("CAR_LOW", N_CAREERS * 3),
    ("CAR_HIGH", N_CAREERS * 3), ("CAR_DBL", N_CAREERS * 3), ("CAR_VP", N_CAREERS * 3),
    # prestige
    ("PRE_COST", N_PRESTIGE), ("PRE_SYN", N_PRESTIGE), ("PRE_KIND", N_PRESTIGE),
    # story cards 75/76/77: quest placements (round 0 = setup)
    ("SQ_N", N_STORY), ("SQ_ROUND", N_STORY * STORY_Q), ("SQ_LOC", N_STORY * STORY_Q),
    ("SQ_PMASK", N_STORY * STORY_Q),
    # goods
    ("GOOD_OBJECT", MAX_GOODS),
    # project cards
    ("CARD_DECK", N_CARDS), ("CARD_COST", N_CARDS), ("CARD_SYMBOL", N_CARDS),
    ("CARD_VP", N_CARDS), ("CARD_SYN", N_CARDS),
    ("CARD_REQ", N_CARDS * CARD_REQS), ("CARD_REQ_ARG", N_CARDS * CARD_REQS),
    ("CARD_EFF", N_CARDS * CARD_EFFS), ("CARD_EFF_ARG", N_CARDS * CARD_EFFS),
    ("CARD_EFF_AMT", N_CARDS * CARD_EFFS), ("CARD_EFF_COND", N_CARDS * CARD_EFFS),
    # solo: Automa cards, difficulty tables (en, de) x 5 levels x (A, B, C), disc track
    ("AUTO_LEVEL", N_AUTOMA), ("AUTO_MOVE", N_AUTOMA), ("AUTO_ROUTE", N_AUTOMA),
    ("AUTO_DISPLAY", N_AUTOMA), ("AUTO_WARRIOR", N_AUTOMA),
    ("AUTO_ACT", N_AUTOMA * AUTOMA_ACTS), ("AUTO_ACT_ARG", N_AUTOMA * AUTOMA_ACTS),
    ("AUTO_ACT_AMT", N_AUTOMA * AUTOMA_ACTS), ("AUTO_ACT_R0", N_AUTOMA * AUTOMA_ACTS),
    ("AUTO_ACT_R1", N_AUTOMA * AUTOMA_ACTS),
    ("AUTO_DIFF", 2 * 5 * 3),
    ("TRACK_N", 1), ("TRACK_VP", MAX_TRACK), ("TRACK_MARKED", MAX_TRACK),
    # Retirement module (§29): the explorer space under the Residence Discount tile
    ("EXP_RETIRE", 1),
    # legacy tiles (§28, data/legacy_tiles.toml): per tile index; LEG_KIND 0 = not in the data
    ("LEG_KIND", N_LEG), ("LEG_LOC", N_LEG), ("LEG_SPACES", N_LEG), ("LEG_COST", N_LEG),
    ("LEG_COST_AMT", N_LEG), ("LEG_REW", N_LEG), ("LEG_REW_AMT", N_LEG), ("LEG_TOLL", N_LEG),
    ("LEG_TWO_P", N_LEG), ("LEG_EXP", N_LEG), ("LEG_ACT", N_LEG), ("LEG_AMT", N_LEG), ("LEG_INF", N_LEG),
    ("LEG_SILVER", 2),   # L6: combat value of each silver-fleet space
    ("LEG_CITY_GOOD", N_LEG), ("LEG_CITY_SPACES", N_LEG),
    # arrows a tile adds (NEW = 1: the L4/L7 fork) or re-prices (L2/L8/L18): cost while the tile is in play
    ("LEG_AR_N", 1), ("LEG_AR_FROM", MAX_LEG_ARROWS), ("LEG_AR_TO", MAX_LEG_ARROWS),
    ("LEG_AR_COST", MAX_LEG_ARROWS), ("LEG_AR_TILE", MAX_LEG_ARROWS), ("LEG_AR_NEW", MAX_LEG_ARROWS),
    ("LOC_NEW_TILE", MAX_LOC),   # L-number of the tile that adds this location (0: printed board)
    # campaign story cards (data/story.toml, core/story.py), slot = order in the file
    ("SC_N", 1), ("SC_NUMBER", MAX_SC),
    ("SC_FRONT_N", MAX_SC), ("SC_FRONT", MAX_SC * SC_INS_CAP * SC_INS_W),
    ("SC_BACK_N", MAX_SC), ("SC_BACK", MAX_SC * SC_INS_CAP * SC_INS_W),
    ("SC_QUEST", MAX_SC),        # 1: the card has a story quest (quest row N_QUESTS + slot)
    ("SC_REQ", MAX_SC), ("SC_REQ_TILE", MAX_SC),   # enums.STORY_REQUIREMENTS; tile index
    ("SC_DEC_N", MAX_SC), ("SC_DEC", MAX_SC * SC_DEC_CAP),   # decision: slot read per option
]

#: what the data hash covers (Catalog.data_hash): each field's size before the
#: campaign (issue 27) was added, so a non-campaign catalog keeps its hash;
#: the campaign's part has its own (Catalog.story_hash)
HASHED_SIZES = {name: (0 if name.startswith("SC_") else
                       N_QUESTS * (Q_COSTS if name.startswith("Q_COST") else Q_REWARDS)
                       if name.startswith("Q_") else size)
                for name, size in CATALOG_FIELDS}

CATALOG, CATALOG_SIZE = offsets(CATALOG_FIELDS)   # field -> (offset, size): C_<FIELD> in constants.py

# C_* for Python code that reads them here (constants.py has them)
__getattr__ = table_getattr(__name__)
