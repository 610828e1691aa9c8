"""The game-state layout: one int32 vector per game, every field declared once.

Python code (serialisation, rendering, tests) reads fields by name through
`LAYOUT`; numba code reads them through the names the layout makes (``G_ROUND``,
``P_VP`` …), written out in the generated constants.py, which numba freezes as
compile-time constants.

Per-player fields live in a player block of ``PLAYER_SIZE`` ints; player p's
field F is at ``PLAYERS + p * PLAYER_SIZE + P_F``.
"""
from ...framework.constants_check import table_getattr
from ...framework.layout import StateLayout

# ---- capacities (fixed by the rules or generous upper bounds) -------------
MAX_P = 4            # players
N_NATIONS = 3        # france, england, spain
N_AREAS = 12         # ship-board upgrade areas (CON-33)
MAX_LOC = 32         # board locations (data may use fewer)
MAX_EXP = 40         # explorer-track spaces
N_CARDS = 157        # project cards (CON-01)
HAND_CAP = 12        # setup deals 8; limit is 4 or 6 (CON-18); room for edge cases
PLAN_CAP = 3         # planning spaces (CON-19)
MARKET_SIZE = 4      # face-up market (CON-20)
TABLEAU_CAP = 60
N_QUESTS = 24        # quest tiles (CON-05)
N_TOKENS = 25        # combat tokens (CON-08)
N_CAREERS = 8
N_PRESTIGE = 8
N_BUILDINGS = 4      # prestige buildings in play (CON-11)
BOARD_QUEST_CAP = 16 # quest tiles lying on board locations at once
EXP_QUESTS = 3       # quest spaces on the explorer track
CARD_QUEST_CAP = 4   # quest tiles on bought cards (IMM-06)
N_AUTOMA = 15        # Automa cards (CON-16)
AUTOMA_LOG_CAP = 16  # (event, argument) pairs describing Jean's last turn
STACK_CAP = 48       # pending sub-decisions
STACK_W = 4          # (op, player, a, b)
N_VP_SRC = 18        # VP-by-source categories (see VP_SOURCES)
MARKERS_PER_NATION = 13
FIGURES_PER_COLOUR = 8
N_SYNERGY = 5
SC_PLAY_CAP = 80     # story cards in play on the story-card space at once (campaign): as many as
                     # story.toml may hold (catalog_layout.MAX_SC), so the space never runs out
SC_LOG_CAP = 24      # story cards drawn or read in one game, in order (campaign)
STORY_TILES = 4      # story tiles 1-4 (SETUP-03)

# VP sources for score_breakdown(); index = source id.
VP_SOURCES = (
    "vp_income", "doubloon_track", "cards", "prestige", "influence_majority",
    "noble_ranks", "explorer", "quests", "homeward", "combat", "ship_upgrades",
    "scoring_choice", "overflow", "city_actions", "assistants", "career", "automa", "other",
)

#: index names (constants.py): VS_<SOURCE> = the source's index
ENUM_PREFIXES = {"VS_": VP_SOURCES}

GLOBAL_FIELDS = [
    # (name, size)
    ("NP", 1), ("ROUND", 1), ("PHASE", 1), ("CUR", 1), ("START", 1),
    ("TURN_P", 1), ("OVER", 1), ("STEPS", 1), ("STORY", 1), ("SEED", 1),
    ("RNG", 2),
    # turn scratch
    ("MP_SPENT", 1), ("MAIN_DONE", 1), ("VILLAGE_LEFT", 1), ("VILLAGE_MAIN", 1),
    ("EXPLORE_LEFT", 1), ("ROUND_END", 1), ("TURN_COUNT", 1), ("LOC_FROM", 1),
    ("COMPASS_AT_START", 1),
    ("EXTRA_MAIN", 1),   # AA-04/AA-14: 1 = an extra main action is owed, 2 = it is being taken
    ("EXTRA_MP", 1),     # MP of the extra sail (sets its village-action count)
    ("ASSIST_USED", 1),  # assistant actions used at the current location this turn
    # scoring
    ("SCORING", 1), ("TRIGGER", 1), ("INCOME_DONE", 1),
    # board
    ("LOC_MARKER", MAX_LOC), ("LOC_MARKET", MAX_LOC), ("LOC_TILE", MAX_LOC),
    ("BQ_LOC", BOARD_QUEST_CAP), ("BQ_TILE", BOARD_QUEST_CAP), ("BQ_AGE", BOARD_QUEST_CAP),
    ("BQ_NEXT_AGE", 1),
    ("EXQ_TILE", EXP_QUESTS),
    ("QPILE", N_QUESTS), ("QPILE_N", 1),
    ("TPILE0", N_TOKENS), ("TPILE1", N_TOKENS), ("TPILE_N", 2), ("TOKENS_OUT", 1),
    ("SUP_TAKEN", N_NATIONS), ("SUP_OUT", N_NATIONS),
    ("PR_BUILD", N_BUILDINGS), ("PR_REVEALED", 1), ("PR_INVESTORS", N_BUILDINGS),
    ("BARRIER_FIRST", 1), ("EXP_LAST_N", 1),
    # project cards
    ("DRAW", N_CARDS), ("DRAW_N", 1), ("DISCARD", N_CARDS), ("DISCARD_N", 1),
    ("MARKET", MARKET_SIZE), ("CARDS_OUT", 1), ("CITY_DISCS_OUT", 1),
    # pending sub-decisions
    ("STK_N", 1), ("STK", STACK_CAP * STACK_W),
    ("LAST_ACTION", 1),
    # solo (§26): Jean is seat 1 when SOLO = 1
    ("SOLO", 1), ("DIFFICULTY", 1), ("AUTOMA_TABLE", 1),
    ("AUTOMA_INCOME", 1),  # SOLO-18 reading: 0 = EN highest-value empty space, 1 = DE last uncovered
    ("AUTOMA_DECK", N_AUTOMA), ("AUTOMA_N", 1), ("AUTOMA_DISCARD", N_AUTOMA),
    ("AUTOMA_DISCARD_N", 1), ("TRACK_REMOVED", 1), ("TRACK_TO_MARKET", 1),
    ("AUTOMA_CARDS", 1), ("AUTOMA_LOG", AUTOMA_LOG_CAP * 2), ("AUTOMA_LOG_N", 1),
    # options (core/options.py); the third field is the saved-game format that
    # added them: a format-2 save lacks them and loads with them 0 (all off)
    ("VARIANTS", 1, 3), ("LEGACY", 1, 3),
    # legacy tiles (core/legacy.py, §28; format 3, 0 = empty)
    ("LEG_DISCS", 8, 3),     # discs on the disc tiles L10..L17
    ("LEG_SILVER", 2, 3),    # LEG-L6: nation + 1 on each silver-fleet space
    ("LEG_MINE", 1, 3),      # LEG-L9: nation + 1 on the gold mine
    ("LEG_QUEST", 1, 3),     # LEG-L1: quest tile + 1 on Puerto Cabezas' quest space
    ("LEG_CB_USED", 1, 3),   # COMBAT-11: bit 0 silver fleet, bit 1 gold mine used in this Combat
    # the campaign (core/story.py, §27; format 4, all 0 in a non-campaign game)
    ("CAMPAIGN", 1, 4),      # 1: a campaign game (story cards from data/story.toml)
    ("SC_PLAY", SC_PLAY_CAP, 4),   # story-card slot + 1 of each card in play (0 = empty)
    ("SC_TAKER", SC_PLAY_CAP, 4),  # seat + 1 who took that card's story tile (0 = not taken)
    ("SC_STILE", SC_PLAY_CAP, 4),  # the story tile (1-4) that card placed (0 = none)
    ("STILE_USED", 1, 4),    # story tiles taken from the stack so far (SETUP-03: 1 first)
    ("STILE_TAKEN", 1, 4),   # story tiles on quest tracks (counted in QUESTS, STILE-02)
    ("SC_PENDING", 3, 4),    # bitset of slots drawn in final scoring, followed next game (as SC_GONE)
    ("SC_LOG", SC_LOG_CAP, 4), ("SC_LOG_N", 1, 4),  # card number * 8 + event (story.EV_*)
    ("CC_PILE", 1, 4),       # C-cards (90-99) in the project draw pile: bit n - 90
    ("CC_DISCARD", 1, 4),    # C-cards on the project discard pile
    ("SC_VOTES", 4, 4),      # STORY-04: votes per option of the decision being taken
    ("SC_GONE", 3, 4),       # bitset of slots drawn this game or before (a card is drawn once)
]

PLAYER_FIELDS = [
    ("VP", 1), ("DOUBLOONS", 1), ("CP", 1),
    ("FIG_SUPPLY", 1), ("FIG_GENERAL", 1), ("FIG_CAREER", 1), ("FIG_BOARD", 1),
    ("FIG_CARDS", 1), ("FIG_PRESTIGE", 1),
    ("DISCS", N_AREAS), ("DISCS_OUT", 1), ("UPGRADES", 1),
    ("DINC", 1), ("VINC", 1), ("INF", N_NATIONS),
    ("EXPLORER", 1), ("BARRIERS", 1), ("EXP_RANK", 1),
    ("QUESTS", 1), ("TOKENS", 1), ("SYNERGY", 1),
    ("HAND_N", 1), ("HAND", HAND_CAP), ("PLAN", PLAN_CAP),
    ("TABLEAU_N", 1), ("TABLEAU", TABLEAU_CAP),
    ("CAREER_OPT", 2), ("CAREER", 1), ("CAREER_DONE", 1),
    ("SHIP", 1), ("PRESTIGE", 1), ("ASSIST", MAX_LOC), ("ASSIST_NEW", MAX_LOC),
    ("CARD_QUEST", CARD_QUEST_CAP),   # IMM-06: quest tiles lying on bought cards
    ("RETIRE", 1, 3),                 # Retirement (§29): 1 = the player's figure still on the tile
    ("VP_SRC", N_VP_SRC),
]


# its names (constants.py): G_<NAME> (absolute), P_<NAME> (inside a player block),
# PLAYERS, PLAYER_SIZE, STATE_SIZE
LAYOUT = StateLayout(GLOBAL_FIELDS, PLAYER_FIELDS, MAX_P)
GLOBAL, PLAYER = LAYOUT.glob, LAYOUT.player
field_slice = LAYOUT.field_slice


def describe_state(state, all_players: bool = False) -> dict:
    """Every field of a state vector by name (lists for multi-int fields)."""
    return LAYOUT.describe(state, all_players)


def pack_state(d: dict):
    """Inverse of describe_state(all_players=True). ValueError names a missing,
    unknown or malformed field (each value a JSON int in the int32 range; a
    bool or a float is not one); value ranges are checked by maracaibo_env.maracaibo.validate."""
    return LAYOUT.pack(d)


# G_*, P_*, VS_* ... for Python code that reads them here (constants.py has them)
__getattr__ = table_getattr(__name__)
