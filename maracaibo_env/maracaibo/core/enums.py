"""Small-int enums shared by the data compiler and the numba core.

Each group is a tuple of names; the constant for a name is its index, named
<prefix><NAME> by ENUM_PREFIXES (at the end) and written out in the generated
constants.py (numba reads those as compile-time constants). Python code turns
ints back into names through the tuples.
"""
from ...framework.constants_check import table_getattr

NATIONS = ("france", "england", "spain")

# legacy_city: a city a legacy tile adds (L4/L7); it exists only while its tile is in play
LOC_KINDS = ("start", "city", "village", "home", "legacy_city")

CITY_ACTIONS = (
    "none", "combat", "explore", "influence_village", "cp_remove_disc", "cp3",
    "doubloons_village", "cp_influence", "compass_villages", "tokens_vp_discard",
    "doubloons_or_assistants", "pay_cp_influence_doubloons",
    "home20", "home21a", "home21b", "home22",
)

FLAG_KINDS = ("none", "doubloons", "vp", "cp", "influence", "figure", "remove_disc")

EXPLORER_REWARDS = ("none", "doubloons", "influence", "vp", "remove_disc", "cp",
                    "doubloons_vp", "figures2")

BARRIERS = ("none", "red", "blue", "green")

# Ship-board areas: fixed by the rules (§18); the index is the area id.
SHIP_AREAS = ("village_thresholds", "hand_limit", "free_market", "doubloons5", "vp3",
              "vp6", "village_annex", "village_cp_doubloon", "village_goods",
              "village_marker", "choice", "vp10")

TOKEN_MODIFIERS = ("none", "most_minus2", "fewest_plus3")
TOKEN_BONUSES = ("none", "doubloons", "influence", "vp", "figure")

QUEST_COSTS = ("none", "cp", "objects", "doubloons", "mp4", "figure", "goods")
QUEST_REWARDS = ("none", "doubloons", "per_compass_vp", "per_compass_doubloons",
                 "influence", "figure", "cp", "spain2", "discs2", "vp", "combat",
                 "explore",
                 "remove_skull")   # QREW-08 (story quests only, campaign)

CAREER_TASKS = ("combat_tokens", "quests", "influence_one", "influence_two",
                "upgrades", "barrier", "synergy", "assistants")

BUILDINGS = ("abbey", "palace", "basilica", "citadel", "minster", "military_base",
             "academy", "cathedral")

REQUIREMENTS = ("none", "figure", "assistant", "herbs", "nation", "figure_on_card", "cp")

EFFECTS = (
    "none",
    # income (green)
    "income_doubloons", "income_vp",
    # permanent (red)
    "perm_object", "perm_discount", "perm_combat_cp", "perm_compass", "perm_explorer",
    "perm_steal_vp", "perm_assistant_income", "perm_figure_cp", "perm_nation_cp",
    "perm_displace_vp",
    # new village actions
    "nva_maps_vp_explore", "nva_maps_doubloons_explore", "nva_books", "nva_goods_doubloons",
    # new combat actions
    "nca_influence_vp", "nca_doubloons",
    # immediate (tan)
    "imm_influence2", "imm_village_marker", "imm_remove_disc", "imm_influence1",
    "imm_quest_on_card", "imm_vp_per_token", "imm_vp_per_assistant", "imm_vp_per_quest",
    "imm_vp_per_compass", "imm_figures2", "imm_any_synergy", "imm_village_marker_rank",
    "imm_figures_income", "imm_cp", "imm_vp_per_synergy", "imm_vp_per_nation3",
    # assistant (blue)
    "assistant",
)

AUTOMA_ACTIONS = ("none", "explore", "influence", "combat", "remove_disc", "vp", "quest_pile")
DIFFICULTIES = ("very_easy", "easy", "medium", "hard", "very_hard")
AUTOMA_TABLES = ("en", "de")
AUTOMA_INCOMES = ("en", "de")   # SOLO-18: highest-value empty space | last uncovered space

ASSISTANT_ACTIONS = tuple("aa%02d" % i for i in range(1, 18))
NVA_EFFECTS = ("nva_maps_vp_explore", "nva_maps_doubloons_explore", "nva_books",
               "nva_goods_doubloons")

# Decision phases: what the acting player (state[G_CUR]) is deciding now.
PHASES = (
    "setup_plan", "setup_discard", "setup_career", "sail", "main", "deliver",
    "disc", "nation", "village", "combat_pile", "combat_nation", "combat",
    "explore", "choice", "pay", "draw", "score_buy", "place", "game_over",
)

# Generic choices (PH_CHOICE); the choice task's a says which kind, b its argument.
CHOICES = (
    "cityact10",       # option 0: 4 doubloons, 1: 2 VP per assistant
    "discard_hand4",   # option 0: keep hand, 1: discard hand for 4 doubloons
    "pay2cp",          # option 0: decline, 1: pay 2 CP -> influence + 6 doubloons
    "home20",          # option 0: Combat, 1: explore up to 2
    "ship_choice",     # option 0: explore 3, 1: 4 doubloons + 4 VP, 2: next noble rank
    "quest_space",     # option 0: leave the quest, 1: fulfil it (explorer quest space)
    "any_synergy",     # option s: take synergy token s (IMM-12)
    "figures_income",  # option k: put k figures on the card (IMM-14)
    "goods",           # option g: pay b identical goods of kind g (arg = how many)
    "city_action",     # after a delivery: option 0 declines the city action at b, 1 carries it out (CITY-01)
    "retire",          # option k: invest in prestige building slot k at half price (Retirement, RET-04)
    "leg_disc",        # LEG-L10..L17: option 0 declines, 1 uses the disc tile in slot b (L-number - 10)
    "leg_figure_vp",   # LEG-L4: option 0 keeps the figure, 1 returns it for 5 VP
    "story_vote",      # STORY-04: option k votes for the decision's option k (b = the card's slot)
    "skull_tile",      # QREW-08: option k removes the k-th skull tile in play (L3, L20-L23)
)
N_CHOICE_OPTIONS = 8

# Free actions (§16) offered at a decision: none, only figure -> 2 CP (PERM-08
# "at any time": scoring), or all three (the acting player's Phase B).
FREE_NONE, FREE_FIGURE, FREE_ALL = 0, 1, 2

# Pending-task opcodes on the state's stack (engine.py resolves them).
OPS = (
    "none", "nation", "remove_disc", "village", "explore", "combat", "city_action",
    "choice", "pay", "main_done", "score_buy", "score_rest", "draw", "deliver", "place",
    "extra_sail",
    "leg_main",   # legacy: back to the main-action choice after a pre-main bonus (LEG-L10..L17)
    # the campaign (core/story.py); automatic, never on top at a decision
    "story_check",  # STORY-03: read the next fulfilled story card (a = cards checked so far)
    "story_tally",  # STORY-04: count the votes on card slot a, the reader is b
    "score_end",    # the scoring's steps after the campaign check (INT-07/08, end of game)
)

# What a PH_NATION decision is for (the nation task's b).
NATION_KINDS = ("influence", "village_marker", "village_marker_rank", "next_rank")

# Legacy tiles (§28; data/legacy_tiles.toml). Tile index = L-number - 1.
LEGACY_KINDS = ("none", "city_quest", "route", "plague", "new_city", "figure", "silver_fleet",
                "gold_mine", "disc", "skull", "vp")
LEGACY_COSTS = ("none", "doubloons", "cp", "figure")
LEGACY_REWARDS = ("none", "vp", "doubloons", "cp", "influence", "figure")
LEGACY_CITY_ACTIONS = ("none", "villages2_figure_vp", "cp3_combat")

# Story-card instructions in the catalog (core/story.py; data/story.toml kinds)
INSTRUCTION_KINDS = ("none", "story_tile", "quests", "cards_to_discard", "read", "legacy_tiles",
                     "cards_to_project_pile", "next_card")
STORY_REQUIREMENTS = ("none", "story_tile_taken", "legacy_tile_full")

#: index names (constants.py): <prefix><NAME> = the name's index in its tuple
ENUM_PREFIXES = {
    "NAT_": NATIONS, "LK_": LOC_KINDS, "CA_": CITY_ACTIONS, "FL_": FLAG_KINDS,
    "ER_": EXPLORER_REWARDS, "BAR_": BARRIERS, "AREA_": SHIP_AREAS, "TM_": TOKEN_MODIFIERS,
    "TB_": TOKEN_BONUSES, "QC_": QUEST_COSTS, "QR_": QUEST_REWARDS, "CT_": CAREER_TASKS,
    "B_": BUILDINGS, "RQ_": REQUIREMENTS, "EF_": EFFECTS, "JA_": AUTOMA_ACTIONS, "PH_": PHASES,
    "CH_": CHOICES, "OP_": OPS, "NK_": NATION_KINDS, "LT_": LEGACY_KINDS, "LCOST_": LEGACY_COSTS,
    "LREW_": LEGACY_REWARDS, "LACT_": LEGACY_CITY_ACTIONS, "IK_": INSTRUCTION_KINDS,
    "SR_": STORY_REQUIREMENTS,
}

# NAT_*, PH_*, OP_* ... for Python code that reads them here (constants.py has them)
__getattr__ = table_getattr(__name__)
