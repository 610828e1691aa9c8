"""Maracaibo's observation, declared once: one row per slice of the int32
vector `observe.observe` writes, (name, size, meaning, low, high).

The kernel's OBS_SIZE, `Game.observation_spec()`, the envs' Box bounds
(`OBS.bounds()`), the OpenSpiel observer and the agents'
feature offsets (maracaibo_env/maracaibo/agents/policy.py, maracaibo_env/maracaibo/agents/heuristics.py) all read `OBS`
(a framework.obs_spec.ObsSpec). Bounds are capacities from the layout and
enums (generous where the rules set no cap: VP, doubloons, tracks), so every
reachable observation lies inside them (conformance-tested by random play).
"""
from ...framework.obs_spec import ObsSpec
from .enums import OPS, PHASES
from .layout import (BOARD_QUEST_CAP, CARD_QUEST_CAP, EXP_QUESTS, FIGURES_PER_COLOUR, HAND_CAP,
                     MARKERS_PER_NATION, MARKET_SIZE, MAX_EXP, MAX_LOC, MAX_P, N_AREAS, N_BUILDINGS,
                     N_CAREERS, N_CARDS, N_NATIONS, N_PRESTIGE, N_QUESTS, N_TOKENS, PLAN_CAP,
                     STACK_W, TABLEAU_CAP)

OBS_TABLEAU = 40  # tableau card ids shown per player (bought cards are public)
_FIG = 2 * FIGURES_PER_COLOUR
COMBAT_VALUE_CAP = 255   # a Combat's value (token + modifier + CP and figures spent) stays far below

#: the top pending task, entry by entry (what core/common.push and the code that
#: edits a task in place can write; 0s when none): op; the task's seat relative to
#: the observer; a: small counts, a location, nation, choice kind or combat token
#: id (-1, -2 = NO_TOKEN: a Combat with both piles empty); b: small counts and
#: kinds, a location or disc-tile slot << 4 | flags (city.py, legacy.py), or a
#: Combat's packed word stage | nation << 2 | used << 4 | value << 13 (combat.pack)
TASK_LOW = (0, -1, -2, 0)
#: the campaign's ops after leg_main are resolved automatically, never on top at
#: a decision (a vote is an ordinary choice task), so the bound stays leg_main's
TASK_HIGH = (OPS.index("leg_main"), MAX_P - 1, 99, ((COMBAT_VALUE_CAP + 1) << 13) - 1)

#: one seat's public block (repeated for seat +0 .. +3, prefixed pK_)
PLAYER_PUBLIC = [
    ("vp", 1, "victory points", -9999, 9999),
    ("doubloons", 1, "doubloons", -9999, 9999),
    ("cp", 1, "combat points 0..8", 0, 8),
    ("fig_supply", 1, "figures in personal supply", 0, _FIG),
    ("fig_general", 1, "own-colour figures in the general supply", 0, _FIG),
    ("fig_career", 1, "figures still on the career card", 0, _FIG),
    ("fig_board", 1, "assistants on the board", 0, _FIG),
    ("discs", N_AREAS, "discs left per ship-board area", 0, 99),
    ("doubloon_income", 1, "doubloon-income track position", 0, 99),
    ("vp_income", 1, "VP-income track position", 0, 99),
    ("influence", N_NATIONS, "influence per nation (france, england, spain)", 0, 99),
    ("explorer", 1, "explorer-track space index", 0, MAX_EXP - 1),
    ("barriers", 1, "bitmask of barriers crossed (bit 1 red, 2 blue, 3 green)", 0, 15),
    ("quests", 1, "quest tiles on the quest track", 0, N_QUESTS),
    ("tokens", 1, "combat tokens on the ship board", 0, N_TOKENS),
    ("synergy", 1, "bitmask of synergy tokens", 0, 255),
    ("hand_count", 1, "cards in hand", 0, HAND_CAP),
    ("plan_count", 1, "cards in the planning area", 0, PLAN_CAP),
    ("career_done", 1, "bitmask of completed career tasks", 0, 7),
    ("ship", 1, "ship location index", 0, MAX_LOC - 1),
    ("prestige", 1, "bitmask of prestige buildings invested in", 0, 2**N_PRESTIGE - 1),
    ("assistants", MAX_LOC, "assistants per location", 0, 99),
    ("card_quests", CARD_QUEST_CAP, "quest tiles lying on bought cards (-1 none)", -1, N_QUESTS - 1),
    ("tableau_count", 1, "bought cards", 0, TABLEAU_CAP),
    ("tableau", OBS_TABLEAU, "bought card ids (-1 = none)", -1, N_CARDS - 1),
]

ROWS = [
    ("round", 1, "round 1..4", 0, 5),
    ("phase", 1, "decision phase id (enums.PHASES)", 0, len(PHASES) - 1),
    ("acting", 1, "1 when this player is to act", 0, 1),
    ("acting_seat", 1, "acting player, relative to the observer (-1 none)", -1, MAX_P - 1),
    ("num_players", 1, "players in the game", 0, MAX_P),
    ("mp_spent", 1, "MP spent sailing this turn", 0, 99),
    ("main_done", 1, "main action taken this turn", 0, 1),
    ("task", STACK_W, "top pending task: op, seat (relative), a, b (combat: packed word)",
     TASK_LOW, TASK_HIGH),
    ("loc_marker", MAX_LOC, "ownership marker nation per location (-1 none)", -1, 2),
    ("loc_market", MAX_LOC, "delivered discs per city market", 0, 99),
    ("loc_tile", MAX_LOC, "city tile per location (-1 printed)", -1, 99),
    ("board_quest_loc", BOARD_QUEST_CAP, "location of each board quest tile (-1 none)", -1, MAX_LOC - 1),
    ("board_quest_tile", BOARD_QUEST_CAP, f"quest tile id (-1 none, {N_QUESTS} a campaign's story tile)",
     -1, N_QUESTS),
    ("explorer_quests", EXP_QUESTS, "quest tile on each explorer quest space (-1 taken)", -1, N_QUESTS - 1),
    ("quest_pile", 2, "tiles left, top tile id (face-up pile)", -1, N_QUESTS),
    ("token_piles", 2, "combat tokens left per pile", 0, N_TOKENS),
    ("supply_taken", N_NATIONS, "markers taken from each nation's supply", 0, MARKERS_PER_NATION),
    ("markers_out", N_NATIONS, "markers out of the game per nation", 0, MARKERS_PER_NATION),
    ("prestige", N_BUILDINGS, "building id per space (-1 face-down)", -1, N_PRESTIGE - 1),
    ("prestige_investors", N_BUILDINGS, "investor bitmask per space (relative seats)", 0, 2**MAX_P - 1),
    ("barrier_first", 1, "bitmask of barriers already crossed by someone", 0, 15),
    ("explorers_arrived", 1, "explorers on the last space", 0, MAX_P),
    ("draw_pile", 1, "cards in the draw pile", 0, N_CARDS),
    ("discard_pile", 1, "cards in the discard pile", 0, N_CARDS),
    ("market", MARKET_SIZE, "market card ids (-1 empty)", -1, N_CARDS - 1),
    ("hand", HAND_CAP, "own hand card ids (-1 empty)", -1, N_CARDS - 1),
    ("plan", PLAN_CAP, "own planning area card ids (-1 empty)", -1, N_CARDS - 1),
    ("career", 1, "own career card id (-1 not chosen)", -1, N_CAREERS - 1),
    ("career_options", 2, "own career options during set-up", -1, N_CAREERS - 1),
    ("automa", 6, "solo: is solo, difficulty, track spaces emptied, Jean's cards beside "
                  "the board (a count, INFO-05), Automa cards left in the pile, her last card (-1)", -1, 99),
] + [("p%d_%s" % (k, n), s, "seat +%d: %s" % (k, d), lo, hi)
     for k in range(MAX_P) for n, s, d, lo, hi in PLAYER_PUBLIC] + [
    # legacy tiles (§28; core/legacy.py), after the player blocks so earlier offsets stay
    ("legacy", 1, "bitmask of the legacy tiles in play (bit i = tile L(i+1))", 0, 2**25 - 1),
    ("legacy_discs", 8, "discs on the disc tiles L10..L17", 0, 8),
    ("silver_fleet", 2, "nation + 1 on each L6 silver-fleet space (0 empty)", 0, 3),
    ("gold_mine", 1, "nation + 1 on the L9 gold mine (0 empty)", 0, 3),
    ("legacy_quest", 1, "quest tile on L1's quest space (-1 none)", -1, N_QUESTS - 1),
]

OBS = ObsSpec(ROWS)
OBS_SIZE = OBS.size
PLAYER_OBS_SIZE = sum(r[1] for r in PLAYER_PUBLIC)
