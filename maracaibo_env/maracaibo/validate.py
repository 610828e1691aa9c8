"""Validation of a game-state vector against the layout and the loaded data.

The numba core reads the state without bounds checks: a location, card, quest
or token id out of range, a count past its array, or a task-stack entry the
engine cannot resolve would corrupt memory or crash the process. Every state
that comes from outside (a saved game, a hand-edited file) passes through
`state_problems` first; a state it accepts is one the core can play to the end
with every invariant holding (benchmarks/fuzz.py --crafted tests exactly that).

    problems = state_problems(state, catalog)   # [] = valid
    validate_state(state, catalog)              # raises StateError

Each problem names the field (as in a saved game: ``ROUND``,
``players[1].HAND[3]``, ``STK task 2 (combat) a``), its value and what is
allowed. The checks run in stages, each only when the earlier ones found
nothing, so that no check reads through a bad index itself:

1. ranges: every int against its bounds, in one vectorised comparison
   (counted lists such as a hand: ids below the count);
1b. the campaign (§27): story cards in play, their story tiles on the board,
   the story log, the C-cards (stage 1 keeps every campaign field 0 outside a
   campaign game);
2. the board and the ids that need more than a range (city tiles, markers,
   board quests, prestige investors, Jean's log, careers);
3. the task stack, entry by entry, by opcode;
4. conservation (cards, quest tiles, combat tokens, discs, markers, figures,
   VP by source);
5. cross-field consistency (prestige, assistants and their cards, careers,
   ship-board upgrades, explorer ranks);
6. the turn structure (phase vs top task, current player, set-up, scoring);
7. the engine accepts the state as a decision point: its resolver, run on a
   copy, leaves it unchanged (true of every state the API hands out).

Stages 1, 1b, 3 and 4 are what keeps the core in bounds and are what
`check_invariants` runs on any state (tests build states by hand); a saved
game must pass all seven.

Limits come from core/layout.py, core/enums.py and the loaded catalog (number
of locations, explorer spaces, tiles, ...); the few rule constants the core
uses as literals are named below with their rules.
"""
from __future__ import annotations

import numpy as np

from .core import layout as L

from .core import constants as K
from ..framework.game import StateError # noqa: F401  (raised here; importers catch it from this module)
from .core import enums as E
from .core import catalog_layout as CL
from .core.actions import MAX_MP, NUM_ACTIONS
from .core.automa import JEV_NAMES
from .core.combat import NO_TOKEN, ST_START, ST_PILE, ST_NATION, ST_ACT
from .core.common import CP_MAX
from .core.options import LEGACY_TILES, VAR_RETIREMENT, legacy_bit
from .core.story import GONE_BITS, VOTE_WEIGHT, EV_CHOSE

LEGACY_MASK = sum(legacy_bit(t) for t in LEGACY_TILES)
LEGACY_TILES_ALL = tuple(f"L{i}" for i in range(1, 26))   # by tile index (L-number - 1)

# ---- rule constants the core uses as literals ---------------------------------------
N_ROUNDS = 4             # the game lasts four rounds (FIN-01)
DISCS_PER_AREA = 2       # two discs on each ship-board area (SETUP-13)
SETUP_DEAL = 8           # A-cards dealt to each player (SETUP-06)
SETUP_KEEP = 4           # cards kept in hand after the set-up split (SETUP-19)
CAREER_TASKS = 3         # tasks per career card (CAR-01); CAREER_DONE is a 3-bit mask
JEAN = 1                 # solo: Jean is seat 1 (SOLO-01)
# int32 headroom: in a saved game, values the core adds to (VP, doubloons,
# step counters) are at most this, so that the rest of a game (a few thousand
# at most) can never overflow int32. Play itself may pass it; the invariants
# checked during play (headroom=False) only keep int32 and the sign.
VALUE_MAX = 1_000_000
INT32_MAX = 2**31 - 1
# a deeper task stack never occurs in play (7 is the deepest seen in random
# games); the rest of STACK_CAP is room for what resolving the tasks pushes
STACK_DEPTH_MAX = L.STACK_CAP // 2
BARRIER_BITS = sum(1 << b for b in range(1, len(E.BARRIERS)))   # bit b = barrier b (1 red .. 3 green)
# the campaign (§27, core/story.py): its fields, all 0 outside a campaign game
CAMPAIGN_FIELDS = ("SC_PLAY", "SC_TAKER", "SC_STILE", "STILE_USED", "STILE_TAKEN", "SC_PENDING", "SC_LOG",
                   "SC_LOG_N", "CC_PILE", "CC_DISCARD", "SC_VOTES", "SC_GONE")
C_CARD_BITS = (1 << 10) - 1   # C-cards 90-99: bit n - 90
VOTES_MAX = VOTE_WEIGHT * L.MAX_P + 1   # STORY-04: 2 per vote, 3 the reader's
CAMPAIGN_SCORING_OPS = ("score_end", "story_check", "story_tally")   # the campaign check (STORY-03)
FIGURES = ("FIG_SUPPLY", "FIG_GENERAL", "FIG_CAREER", "FIG_BOARD", "FIG_CARDS", "FIG_PRESTIGE", "RETIRE")

TOP_LEVEL_PHASES = ("setup_plan", "setup_discard", "setup_career", "sail", "main", "game_over")
SETUP_PHASES = ("setup_plan", "setup_discard", "setup_career")

# The phase each task opcode puts the game in when it is the top task
# (engine._task_phase); None: resolved by the engine without a decision, so it
# is never the top task of a saved state. Combat depends on its stage.
OP_PHASE = {
    "nation": "nation", "remove_disc": "disc", "village": "village", "explore": "explore",
    "combat": None, "city_action": None, "choice": "choice", "pay": "pay", "main_done": None,
    "score_buy": "score_buy", "score_rest": None, "draw": "draw", "deliver": "deliver",
    "place": "place", "extra_sail": "sail", "leg_main": None,
    "story_check": None, "story_tally": None, "score_end": None,
}
COMBAT_STAGE_PHASE = {ST_PILE: "combat_pile", ST_NATION: "combat_nation", ST_ACT: "combat"}

# What a choice task's b holds, by choice kind (engine._apply_choice); kinds
# not listed take b = 0.
CHOICE_ARG = {
    "quest_space": "explorer_quest",  # which explorer quest space (EXQ_TILE index)
    "goods": "count",                 # how many identical goods to pay
    "city_action": "location",        # the city whose action is offered
    "leg_disc": "disc_slot",          # LEG-L10..L17: the disc tile's slot (L-number - 10)
    "story_vote": "story_decision",   # STORY-04: the card's slot * 4 + the reader's seat
}


def validate_state(state: np.ndarray, catalog, what: str = "state") -> None:
    """Raise StateError naming every problem of the state (nothing if valid)."""
    bad = state_problems(state, catalog)
    if bad:
        raise StateError(bad, what)


def state_problems(state: np.ndarray, catalog, turn_checks: bool = True, headroom: bool = True) -> list[str]:
    """Problems of a state vector (each naming field, value, what is allowed);
    [] when the core may be given it. turn_checks=False keeps to ranges,
    ids, the stack and conservation (what any state must satisfy, even one a
    test built by hand, which need not follow every rule of the game nor be a
    decision point); headroom=False
    allows the counters up to int32 (states reached by play) instead of
    VALUE_MAX (states loaded from outside)."""
    if not (isinstance(state, np.ndarray) and state.dtype == np.int32 and state.shape == (K.STATE_SIZE,)):
        return [f"state must be an int32 array of shape ({K.STATE_SIZE},)"]
    v = _Checker(state, catalog)
    v.headroom, v.strict = headroom, turn_checks
    stages = [_stage_ranges, _stage_legacy, _stage_campaign, _stage_stack, _stage_conservation]
    if turn_checks:
        stages = [_stage_ranges, _stage_legacy, _stage_campaign, _stage_board, _stage_stack, _stage_conservation,
                  _stage_consistency, _stage_turn, _stage_engine]
    for stage in stages:
        stage(v)
        if v.bad:
            break
    return v.bad


# ---- limits from the catalog ------------------------------------------------------------
class Limits:
    """Everything the checks need from a catalog, computed once per catalog."""

    def __init__(self, catalog):
        a = catalog.array

        def f(name):
            off, size = CL.CATALOG[name]
            return a[off:off + size]

        self.nloc = int(f("NLOC")[0])
        self.nexp = int(f("NEXP")[0])
        self.ngoods = int(f("NGOODS")[0])
        self.havana = int(f("HAVANA")[0])
        self.ntiles = min(len(catalog.tile_keys), CL.N_TILES)
        self.nquests = min(len(catalog.quest_keys), L.N_QUESTS)
        self.ntokens = min(len(catalog.token_keys), L.N_TOKENS)
        self.ncareers = min(len(catalog.career_names), L.N_CAREERS)
        self.nbuild = min(len(catalog.building_keys), L.N_PRESTIGE)
        self.nautoma = min(len(catalog.automa_ids), L.N_AUTOMA)
        self.inf_spaces = int(f("INF_SPACES")[0])
        self.dinc_start, self.dinc_max = int(f("DINC_START")[0]), int(f("DINC_MAX")[0])
        self.vinc_max = int(f("VINC_MAX")[0])
        self.track_n = int(f("TRACK_N")[0])
        n = self.nloc
        self.loc_kind = [E.LOC_KINDS[k] for k in f("LOC_KIND")[:n]]
        self.is_city = np.array([k == "city" for k in self.loc_kind], bool)
        self.is_village = np.array([k == "village" for k in self.loc_kind], bool)
        self.tile_slot = f("LOC_TILE_SLOT")[:n].astype(bool)
        self.maracaibo = f("LOC_MARACAIBO")[:n].astype(bool)
        self.loc_flag = f("LOC_FLAG")[:n].copy()
        self.loc_spaces = f("LOC_SPACES")[:n].astype(np.int64)
        self.tile_flag = f("TILE_FLAG").copy()
        self.tile_spaces = f("TILE_SPACES").astype(np.int64)
        self.tile_players = f("TILE_PLAYERS").copy()
        nxt, cost, r0, r1 = f("LOC_NEXT"), f("LOC_COST"), f("LOC_R0"), f("LOC_R1")
        self.arrows = [[(int(nxt[i * CL.MAX_OUT + j]), int(cost[i * CL.MAX_OUT + j]),
                         int(r0[i * CL.MAX_OUT + j]), int(r1[i * CL.MAX_OUT + j]))
                        for j in range(int(f("LOC_NEXT_N")[i]))] for i in range(n)]
        # legacy tiles (§28): their arrows (the L4/L7 fork) let a ship leave a new city
        for k in range(int(f("LEG_AR_N")[0])):
            if f("LEG_AR_NEW")[k]:
                self.arrows[int(f("LEG_AR_FROM")[k])].append((int(f("LEG_AR_TO")[k]), int(f("LEG_AR_COST")[k]),
                                                               1, N_ROUNDS))
        self.leg = {name: f(name).astype(np.int64) for name in
                    ("LEG_KIND", "LEG_LOC", "LEG_SPACES", "LEG_TWO_P", "LEG_EXP", "LEG_CITY_SPACES")}
        self.loc_new_tile = f("LOC_NEW_TILE")[:n].astype(np.int64)
        self.exp_number = f("EXP_NUMBER")[:self.nexp].astype(np.int64)
        self.exp_last = f("EXP_LAST")[:self.nexp].astype(bool)
        self.n_exp_quests = int((f("EXP_QUEST")[:self.nexp] >= 0).sum())
        effs = f("CARD_EFF").reshape(L.N_CARDS, CL.CARD_EFFS)
        self.compass_cards = int((effs == K.EF_PERM_COMPASS).sum())
        self.village_max = max(3, 1 + self.compass_cards)  # MAIN-06: 3; CITYACT-08: compasses
        reqs = f("CARD_REQ").reshape(L.N_CARDS, CL.CARD_REQS)
        req_arg = f("CARD_REQ_ARG").reshape(L.N_CARDS, CL.CARD_REQS)
        # the location each card puts an assistant on (REQ-03), -1 for none
        self.card_assist_loc = np.full(L.N_CARDS, -1, np.int64)
        for c, i in zip(*np.nonzero(reqs == K.RQ_ASSISTANT)):
            self.card_assist_loc[c] = req_arg[c, i]
        # Jean's deck size per (table, level): min(table count, cards of the letter) (SOLO-06)
        levels = f("AUTO_LEVEL")[:self.nautoma]
        diff = f("AUTO_DIFF")
        self.deck_size = {(t, lv): sum(min(int(diff[(t * 5 + lv) * 3 + k]), int((levels == k).sum()))
                                       for k in range(3))
                          for t in range(len(E.AUTOMA_TABLES)) for lv in range(len(E.DIFFICULTIES))}
        # story quests placed at the end of each round (INT-06), per story and seat count
        sq_n, sq_round, sq_pmask = f("SQ_N"), f("SQ_ROUND"), f("SQ_PMASK")
        self.story_rounds = {(st, np_): [sum(1 for i in range(int(sq_n[st]))
                                             if sq_round[st * CL.STORY_Q + i] == r
                                             and sq_pmask[st * CL.STORY_Q + i] & (1 << np_))
                                         for r in range(N_ROUNDS + 1)]
                             for st in range(CL.N_STORY) for np_ in range(2, L.MAX_P + 1)}
        # the campaign's story cards (data/story.toml), by slot
        self.sc_n = int(f("SC_N")[0])
        self.sc_numbers = [int(x) for x in f("SC_NUMBER")[:self.sc_n]]
        self.sc_quest = f("SC_QUEST")[:self.sc_n].astype(bool)
        self.sc_dec_n = f("SC_DEC_N")[:self.sc_n].astype(np.int64)
        self._tables: dict = {}
        self.boards: dict = {}   # (seats, LOC_TILE bytes) -> (marker allowed, market spaces)

    def can_sail(self, loc: int, rnd: int) -> bool:
        """An arrow out of loc is open this round and affordable in one turn (SAIL-01)."""
        return any(r0 <= rnd <= r1 and c <= MAX_MP for _, c, r0, r1 in self.arrows[loc])

    def table(self, np_: int, solo: bool, headroom: bool = True, legacy: int = 0, campaign: int = 0) -> "_Table":
        key = (np_, solo, headroom, legacy, campaign)
        t = self._tables.get(key)
        if t is None:
            t = self._tables[key] = _Table(self, np_, solo, VALUE_MAX if headroom else INT32_MAX, legacy,
                                           campaign)
        return t

    def card(self, slot: int) -> str:
        """A story card by slot, as the player knows it: 'card 01 (slot 0)'."""
        return f"card {self.sc_numbers[slot]:02d} (slot {slot})" if 0 <= slot < self.sc_n else f"slot {slot}"

    def locations_in_play(self, legacy: int) -> int:
        """1 + the highest location index that exists with these legacy tiles
        (the L4/L7 cities come after the board's locations)."""
        return 1 + max(i for i in range(self.nloc)
                       if not self.loc_new_tile[i] or (legacy >> int(self.loc_new_tile[i] - 1)) & 1)


def limits(catalog) -> Limits:
    lim = catalog.__dict__.get("_validate_limits")
    if lim is None:
        lim = catalog.__dict__["_validate_limits"] = Limits(catalog)
    return lim


def _gslice(name: str) -> slice:
    off, size = L.GLOBAL[name]
    return slice(off, off + size)


def _pslice(name: str, p: int) -> slice:
    off, size = L.PLAYER[name]
    base = K.PLAYERS + p * K.PLAYER_SIZE + off
    return slice(base, base + size)


def field_at(i: int) -> tuple[str, str]:
    """(field name, name with the element index) of state index i."""
    if i < K.PLAYERS:
        for name, (off, size) in L.GLOBAL.items():
            if off <= i < off + size:
                return name, name if size == 1 else f"{name}[{i - off}]"
    p, r = divmod(i - K.PLAYERS, K.PLAYER_SIZE)
    for name, (off, size) in L.PLAYER.items():
        if off <= r < off + size:
            f = f"players[{p}].{name}"
            return f, f if size == 1 else f"{f}[{r - off}]"
    return f"state[{i}]", f"state[{i}]"


# ---- the bounds of every int, for one seat count and solo flag -------------------------------
class _Table:
    """lo/hi for each state index (int32 range where a later stage checks it),
    and the counted lists: slots below their count hold ids."""

    def __init__(self, lim: Limits, np_: int, solo: bool, value_max: int, legacy: int = 0, campaign: int = 0):
        self.lo = np.full(K.STATE_SIZE, -2**31, np.int64)
        self.hi = np.full(K.STATE_SIZE, 2**31 - 1, np.int64)
        self.why: dict[str, str] = {}
        G, P = self._glob, self._player
        nloc, nq = lim.nloc, lim.nquests
        G("NP", 2, L.MAX_P, "seats in play; a solo game has 2: you and Jean")
        G("SOLO", 0, 1)
        G("ROUND", 1, N_ROUNDS)
        G("PHASE", 0, len(E.PHASES) - 1, "enums.PHASES")
        G("OVER", 0, 1)
        G("CUR", -1, np_ - 1, "a seat, or -1 once the game is over")
        for name in ("START", "TURN_P", "TRIGGER"):
            G(name, 0, np_ - 1, "a seat")
        G("STORY", 0, CL.N_STORY - 1, "story card index: 75, 76, 77")
        G("SEED", 0, 2**31 - 1)
        G("DIFFICULTY", 0, len(E.DIFFICULTIES) - 1, "enums.DIFFICULTIES")
        G("AUTOMA_TABLE", 0, len(E.AUTOMA_TABLES) - 1, "enums.AUTOMA_TABLES")
        G("AUTOMA_INCOME", 0, len(E.AUTOMA_INCOMES) - 1, "enums.AUTOMA_INCOMES (SOLO-18)")
        G("VARIANTS", 0, 3, "bits: 1 open prestige (VAR-01), 2 retirement (§29)")
        G("LEGACY", 0, LEGACY_MASK, "bits of the legacy tiles in play (bit i-1 = Li; L19 and L24 never)")
        G("LEG_DISCS", 0, 8, "discs on a disc tile L10..L17")
        G("LEG_SILVER", 0, L.N_NATIONS, "0 or nation + 1 on a silver-fleet space (LEG-L6)")
        G("LEG_MINE", 0, L.N_NATIONS, "0 or nation + 1 on the gold mine (LEG-L9)")
        G("LEG_QUEST", 0, nq, "0 or quest tile + 1 on L1's quest space")
        G("LEG_CB_USED", 0, 3, "bits: 1 silver fleet, 2 gold mine used in this Combat")
        for name in ("MAIN_DONE", "ROUND_END", "INCOME_DONE"):
            G(name, 0, 1)
        for name in ("VILLAGE_LEFT", "VILLAGE_MAIN", "EXPLORE_LEFT"):
            G(name, 0, 0, "unused, always 0")
        G("MP_SPENT", 0, MAX_MP)
        G("EXTRA_MP", 0, MAX_MP)
        G("EXTRA_MAIN", 0, 2, "1: an extra main action is owed, 2: being taken (AA-04/AA-14)")
        G("ASSIST_USED", 0, L.FIGURES_PER_COLOUR)
        G("COMPASS_AT_START", 0, 1 + lim.compass_cards, "1 + compass cards in the data (PERM-04)")
        G("SCORING", 0, 2, "0 none, 1 interim, 2 final")
        here = lim.locations_in_play(legacy)   # a ship never lies at a city of a tile out of play
        G("LOC_FROM", 0, here - 1, "a location")
        G("LAST_ACTION", 0, NUM_ACTIONS - 1, "an action id")
        for name in ("STEPS", "TURN_COUNT", "BQ_NEXT_AGE"):
            G(name, 0, value_max, "int32 headroom")
        G("STK_N", 0, STACK_DEPTH_MAX, "pending tasks")
        G("LOC_MARKER", -1, L.N_NATIONS - 1, "-1 or a nation")
        G("LOC_MARKET", 0, max(lim.loc_spaces.max(initial=0), lim.tile_spaces.max(initial=0)))
        G("LOC_TILE", -1, lim.ntiles - 1, "-1 or a city tile id")
        for name, want in (("LOC_MARKER", -1), ("LOC_MARKET", 0), ("LOC_TILE", -1)):
            off, size = L.GLOBAL[name]
            self.lo[off + nloc: off + size] = self.hi[off + nloc: off + size] = want
        G("BQ_LOC", -1, nloc - 1, "-1 or a location")
        if campaign:
            G("BQ_TILE", -1, L.N_QUESTS + lim.sc_n - 1, f"-1, a quest tile id, or {L.N_QUESTS} + slot: the "
              "story tile of a story card in play")
        else:
            G("BQ_TILE", -1, nq - 1, f"-1 or a quest tile id ({L.N_QUESTS} + slot, a story tile, only in a "
              "campaign game, CAMPAIGN = 1)")
        G("BQ_AGE", -1, value_max, "-1 or the order of placement")
        G("EXQ_TILE", -1, nq - 1, "-1 or a quest tile id")
        off, size = L.GLOBAL["EXQ_TILE"]
        self.lo[off + lim.n_exp_quests: off + size] = self.hi[off + lim.n_exp_quests: off + size] = -1
        G("QPILE_N", 0, L.N_QUESTS)
        G("TPILE_N", 0, L.N_TOKENS)
        G("TOKENS_OUT", 0, L.N_TOKENS)
        G("SUP_TAKEN", 0, L.MARKERS_PER_NATION)
        G("SUP_OUT", 0, L.MARKERS_PER_NATION)
        G("PR_BUILD", 0, lim.nbuild - 1, "a prestige building id")
        G("PR_REVEALED", 1, L.N_BUILDINGS)
        G("PR_INVESTORS", 0, (1 << np_) - 1, "a bitmask of investing seats")
        G("BARRIER_FIRST", 0, BARRIER_BITS, "a bitmask of barriers 1..3")
        G("EXP_LAST_N", 0, np_, "explorers that reached the last space")
        G("MARKET", -1, L.N_CARDS - 1, "-1 or a project card id")
        for name in ("DRAW_N", "DISCARD_N", "CARDS_OUT"):
            G(name, 0, L.N_CARDS)
        G("CITY_DISCS_OUT", 0, DISCS_PER_AREA * L.N_AREAS * np_)
        if solo:
            G("AUTOMA_N", 0, L.N_AUTOMA)
            G("AUTOMA_DISCARD_N", 0, L.N_AUTOMA)
            G("TRACK_REMOVED", 0, lim.track_n, "Automa-track spaces")
            G("TRACK_TO_MARKET", 0, lim.track_n, "Automa-track spaces")
            G("AUTOMA_CARDS", 0, L.N_CARDS)
            G("AUTOMA_LOG_N", 0, L.AUTOMA_LOG_CAP)
        else:
            for name in ("AUTOMA_DECK", "AUTOMA_N", "AUTOMA_DISCARD", "AUTOMA_DISCARD_N", "TRACK_REMOVED",
                         "TRACK_TO_MARKET", "AUTOMA_CARDS", "AUTOMA_LOG", "AUTOMA_LOG_N"):
                G(name, 0, 0, "Automa fields are used only in a solo game (SOLO = 1)")
        self._campaign(lim, np_, campaign)
        for p in range(L.MAX_P):
            if p >= np_:
                for name in L.PLAYER:
                    P(p, name, 0, 0, f"seat {p} is not in a {np_}-seat game")
                continue
            P(p, "VP", 0, value_max, "int32 headroom")
            P(p, "VP_SRC", -value_max, value_max, "int32 headroom")
            P(p, "DOUBLOONS", 0, value_max, "int32 headroom")
            P(p, "CP", 0, CP_MAX, "COMBAT-10")
            for name in FIGURES[:-1]:
                P(p, name, 0, L.FIGURES_PER_COLOUR)
            P(p, "RETIRE", 0, 1, "1: the figure on the Retirement tile (§29)")
            P(p, "DISCS", 0, DISCS_PER_AREA)
            P(p, "DISCS_OUT", 0, DISCS_PER_AREA * L.N_AREAS)
            P(p, "UPGRADES", 0, (1 << L.N_AREAS) - 1, "bitmask of ship-board areas")
            P(p, "DINC", lim.dinc_start, lim.dinc_max, "doubloon-income track")
            P(p, "VINC", 0, lim.vinc_max - 1, "VP-income track; it wraps at its top (INCT-06)")
            P(p, "INF", 0, lim.inf_spaces - 1, "influence-track space")
            P(p, "EXPLORER", 0, lim.nexp - 1, "explorer-track space")
            P(p, "BARRIERS", 0, BARRIER_BITS, "a bitmask of barriers 1..3")
            P(p, "EXP_RANK", 0, np_)
            P(p, "QUESTS", 0, L.N_QUESTS + (L.STORY_TILES if campaign else 0),
              "quest tiles and story tiles taken" if campaign else "quest tiles taken")
            P(p, "TOKENS", 0, L.N_TOKENS)
            P(p, "SYNERGY", 0, (1 << L.N_SYNERGY) - 1, "bitmask of synergy tokens")
            P(p, "HAND_N", 0, L.HAND_CAP)
            P(p, "PLAN", -1, L.N_CARDS - 1, "-1 or a project card id")
            P(p, "TABLEAU_N", 0, L.TABLEAU_CAP)
            P(p, "CAREER_OPT", 0, lim.ncareers - 1, "a career card id")
            P(p, "CAREER", -1, lim.ncareers - 1, "-1 (not chosen yet) or a career card id")
            P(p, "CAREER_DONE", 0, (1 << CAREER_TASKS) - 1, "bitmask of career tasks")
            P(p, "SHIP", 0, here - 1, "a location")
            P(p, "PRESTIGE", 0, (1 << L.N_PRESTIGE) - 1, "bitmask of prestige buildings")
            P(p, "ASSIST", 0, L.FIGURES_PER_COLOUR)
            P(p, "ASSIST_NEW", 0, L.FIGURES_PER_COLOUR)
            for name in ("ASSIST", "ASSIST_NEW"):
                sl = _pslice(name, p)
                self.lo[sl.start + nloc: sl.stop] = self.hi[sl.start + nloc: sl.stop] = 0
            P(p, "CARD_QUEST", -1, nq - 1, "-1 or a quest tile id")
            if solo and p == JEAN:  # SOLO-02: no doubloons, CP, figures, ship board, cards or career
                for name, x in (("DOUBLOONS", 0), ("CP", 0), ("FIG_SUPPLY", 0), ("FIG_CAREER", 0),
                                ("FIG_BOARD", 0), ("FIG_CARDS", 0), ("FIG_PRESTIGE", 0),
                                ("FIG_GENERAL", L.FIGURES_PER_COLOUR), ("DISCS", 0),
                                ("DISCS_OUT", DISCS_PER_AREA * L.N_AREAS), ("UPGRADES", 0), ("DINC", 0),
                                ("VINC", 0), ("SYNERGY", 0), ("HAND_N", 0), ("PLAN", -1),
                                ("TABLEAU_N", 0), ("CAREER_OPT", -1), ("CAREER", -1),
                                ("CAREER_DONE", 0), ("PRESTIGE", 0), ("ASSIST", 0), ("ASSIST_NEW", 0),
                                ("CARD_QUEST", -1)):
                    P(p, name, x, x, "Jean, SOLO-02")

        # counted lists: (name, count index, first slot, capacity, id limit)
        lists = [("DRAW", K.G_DRAW_N, K.G_DRAW, L.N_CARDS, L.N_CARDS),
                 ("DISCARD", K.G_DISCARD_N, K.G_DISCARD, L.N_CARDS, L.N_CARDS),
                 ("QPILE", K.G_QPILE_N, K.G_QPILE, L.N_QUESTS, nq),
                 ("TPILE0", K.G_TPILE_N, K.G_TPILE0, L.N_TOKENS, lim.ntokens),
                 ("TPILE1", K.G_TPILE_N + 1, K.G_TPILE1, L.N_TOKENS, lim.ntokens)]
        if solo:
            lists += [("AUTOMA_DECK", K.G_AUTOMA_N, K.G_AUTOMA_DECK, L.N_AUTOMA, lim.nautoma),
                      ("AUTOMA_DISCARD", K.G_AUTOMA_DISCARD_N, K.G_AUTOMA_DISCARD, L.N_AUTOMA, lim.nautoma)]
        for p in range(np_):
            lists += [(f"players[{p}].HAND", _pslice("HAND_N", p).start, _pslice("HAND", p).start,
                       L.HAND_CAP, L.N_CARDS),
                      (f"players[{p}].TABLEAU", _pslice("TABLEAU_N", p).start, _pslice("TABLEAU", p).start,
                       L.TABLEAU_CAP, L.N_CARDS)]
        self.lists = lists
        self.list_count = np.array([c for _, c, _, _, _ in lists], np.int64)
        self.slot_pos = np.concatenate([np.arange(f, f + cap) for _, _, f, cap, _ in lists])
        self.slot_list = np.concatenate([np.full(cap, i) for i, (_, _, _, cap, _) in enumerate(lists)])
        self.slot_k = np.concatenate([np.arange(cap) for _, _, _, cap, _ in lists])
        self.slot_hi = np.array([hi for _, _, _, _, hi in lists], np.int64)[self.slot_list] - 1
        card_lists = [i for i, (name, *_) in enumerate(lists)
                      if name in ("DRAW", "DISCARD") or name.endswith(("HAND", "TABLEAU"))]
        self.slot_is_card = np.isin(self.slot_list, card_lists)
        self.slot_is_quest = self.slot_list == 2
        self.slot_is_token = np.isin(self.slot_list, (3, 4))
        # ids that lie in fixed places, -1 for none
        self.card_spots = np.concatenate([np.arange(K.G_MARKET, K.G_MARKET + L.MARKET_SIZE)]
                                         + [np.arange(*_pslice("PLAN", p).indices(K.STATE_SIZE)[:2])
                                            for p in range(np_)])
        self.quest_spots = np.concatenate([np.arange(K.G_BQ_TILE, K.G_BQ_TILE + L.BOARD_QUEST_CAP),
                                           np.arange(K.G_EXQ_TILE, K.G_EXQ_TILE + L.EXP_QUESTS)]
                                          + [np.arange(*_pslice("CARD_QUEST", p).indices(K.STATE_SIZE)[:2])
                                             for p in range(np_)])

    def _campaign(self, lim: Limits, np_: int, campaign: int) -> None:
        """The campaign's fields (layout.py, core/story.py): all 0 outside a campaign game."""
        G = self._glob
        G("CAMPAIGN", 0, 1, "1: a campaign game (story cards of story.toml)")
        if not campaign:
            for name in CAMPAIGN_FIELDS:
                G(name, 0, 0, "campaign fields are used only in a campaign game (CAMPAIGN = 1)")
            return
        G("STORY", 0, 0, "a campaign game has no story card 75-77: its story cards are SC_PLAY")
        G("SC_PLAY", 0, lim.sc_n, f"0 (empty) or a story-card slot + 1 (story.toml has {lim.sc_n} cards)")
        G("SC_TAKER", 0, np_, "0 (not taken) or the seat + 1 that took the card's story tile")
        G("SC_STILE", 0, L.STORY_TILES, "0 or the story tile 1..4 the card placed (SETUP-03)")
        G("STILE_USED", 0, L.STORY_TILES, "story tiles taken from the stack (SETUP-03)")
        G("STILE_TAKEN", 0, L.STORY_TILES, "story tiles on quest tracks (STILE-02)")
        G("SC_LOG", 0, 99 * 8 + EV_CHOSE, "card number * 8 + event 0..5 (story.EV_*)")
        G("SC_LOG_N", 0, L.SC_LOG_CAP, "entries of SC_LOG")
        G("CC_PILE", 0, C_CARD_BITS, "bits of the C-cards 90-99 (bit n - 90)")
        G("CC_DISCARD", 0, C_CARD_BITS, "bits of the C-cards 90-99 (bit n - 90)")
        G("SC_VOTES", 0, VOTES_MAX, f"votes per option ({VOTE_WEIGHT} per vote, {VOTE_WEIGHT + 1} the "
          "reader's, STORY-04)")
        for name in ("SC_GONE", "SC_PENDING"):
            off, size = L.GLOBAL[name]
            self.why[name] = f"bits of the {lim.sc_n} story-card slots, {GONE_BITS} per int (story.GONE_BITS)"
            for k in range(size):
                bits = min(GONE_BITS, max(0, lim.sc_n - k * GONE_BITS))
                self.lo[off + k], self.hi[off + k] = 0, (1 << bits) - 1

    def _glob(self, name, lo, hi, why=""):
        sl = _gslice(name)
        self.lo[sl], self.hi[sl] = lo, hi
        self.why[name] = why

    def _player(self, p, name, lo, hi, why=""):
        sl = _pslice(name, p)
        self.lo[sl], self.hi[sl] = lo, hi
        self.why[f"players[{p}].{name}"] = why


# ---- the checker ----------------------------------------------------------------------------
class _Checker:
    def __init__(self, state, catalog):
        self.s = state
        self.catalog = catalog
        self.lim = limits(catalog)
        self.bad: list[str] = []
        self.np = int(state[K.G_NP])
        self.solo = int(state[K.G_SOLO]) == 1
        self.campaign = int(state[K.G_CAMPAIGN]) == 1
        self.table: _Table | None = None
        self.players: np.ndarray | None = None   # [seat, PLAYER_SIZE] int64, from stage 1

    def g(self, name: str) -> np.ndarray:
        return self.s[_gslice(name)]

    def g1(self, name: str) -> int:
        return int(self.s[L.GLOBAL[name][0]])

    def p1(self, name: str, p: int) -> int:
        return int(self.players[p, L.PLAYER[name][0]])

    def col(self, name: str) -> np.ndarray:
        """Field `name` of every seat in play: [seat] or [seat, element]."""
        off, size = L.PLAYER[name]
        return self.players[:, off] if size == 1 else self.players[:, off:off + size]

    def jean(self, p: int) -> bool:
        return self.solo and p == JEAN

    def fail(self, field: str, value, allowed: str) -> None:
        self.bad.append(f"{field} = {value}: {allowed}")

    def range(self, field: str, value: int, lo: int, hi: int, why: str = "") -> bool:
        if lo <= value <= hi:
            return True
        self.fail(field, value, f"allowed {lo}..{hi}" + (f" ({why})" if why else ""))
        return False

    def each(self, bad: np.ndarray, name: str, value, allowed) -> None:
        """A problem for each seat p where bad[p]: value(p), allowed(p)."""
        for p in np.flatnonzero(bad).tolist():
            self.fail(f"players[{p}].{name}", value(p), allowed(p))

    def tasks(self) -> np.ndarray:
        n = self.g1("STK_N")
        return self.g("STK").reshape(L.STACK_CAP, L.STACK_W)[:n].astype(np.int64)


# ---- stage 1: ranges --------------------------------------------------------------------------------
def _stage_ranges(v: _Checker) -> None:
    s = v.s
    if not v.range("NP", v.np, 2, L.MAX_P, "seats in play; a solo game has 2: you and Jean"):
        return
    if not v.range("SOLO", v.g1("SOLO"), 0, 1):
        return
    if v.solo and v.np != 2:
        v.fail("SOLO", 1, f"a solo game has NP = 2 (you and Jean), not {v.np}")
        return
    if not v.range("CAMPAIGN", v.g1("CAMPAIGN"), 0, 1, "1: a campaign game (story cards of story.toml)"):
        return
    if v.campaign and not v.lim.sc_n:
        v.fail("CAMPAIGN", 1, "0: this game data has no story.toml, so it has no campaign (docs/story_cards.md)")
        return
    t = v.table = v.lim.table(v.np, v.solo, v.headroom, int(s[K.G_LEGACY]) & LEGACY_MASK, v.g1("CAMPAIGN"))
    out = np.flatnonzero((s < t.lo) | (s > t.hi))
    for i in out[:40].tolist():
        name, elem = field_at(i)
        lo, hi, why = int(t.lo[i]), int(t.hi[i]), t.why.get(name, "")
        v.fail(elem, int(s[i]), (f"{lo}" if lo == hi else f"allowed {lo}..{hi}") + (f" ({why})" if why else ""))
    if len(out):
        return
    # counted lists: ids below the count (slots past it are never read: the
    # core writes a slot before it reads it)
    vals = s[t.slot_pos].astype(np.int64)
    head = t.slot_k < s[t.list_count][t.slot_list]
    bad = head & ((vals < 0) | (vals > t.slot_hi))
    for j in np.flatnonzero(bad)[:40].tolist():
        name, cpos, _, _, hi = t.lists[t.slot_list[j]]
        v.fail(f"{name}[{int(t.slot_k[j])}]", int(vals[j]), f"an id 0..{hi - 1} (below the count {int(s[cpos])})")
    if bad.any():
        return
    v.head_vals, v.head = vals, head
    v.players = s[K.PLAYERS: K.PLAYERS + v.np * K.PLAYER_SIZE].reshape(v.np, K.PLAYER_SIZE).astype(np.int64)
    if v.g1("OVER") != (v.g1("CUR") == -1):
        v.fail("CUR", v.g1("CUR"), "-1 exactly once the game is over (OVER = 1)")
    if not v.g("RNG").any():
        v.fail("RNG", v.g("RNG").tolist(), "a nonzero generator state (xorshift64* never reaches 0)")
    if v.g1("BARRIER_FIRST") & ~BARRIER_BITS:
        v.fail("BARRIER_FIRST", v.g1("BARRIER_FIRST"), "a bitmask of barriers 1..3")
    v.each(v.col("BARRIERS") & ~BARRIER_BITS, "BARRIERS", lambda p: v.p1("BARRIERS", p),
           lambda p: "a bitmask of barriers 1..3")
    if v.solo and v.g1("TRACK_REMOVED") + v.g1("TRACK_TO_MARKET") > v.lim.track_n:
        v.fail("TRACK_REMOVED + TRACK_TO_MARKET", v.g1("TRACK_REMOVED") + v.g1("TRACK_TO_MARKET"),
               f"at most the {v.lim.track_n} spaces of the Automa track")


# ---- stage 2: the board and ids beyond their ranges ---------------------------------------------------
def _stage_board(v: _Checker) -> None:
    lim, n = v.lim, v.lim.nloc
    tiles = v.g("LOC_TILE")[:n]
    key = (v.np, tiles.tobytes())
    board = lim.boards.get(key)
    if board is None:
        board = _tile_layout(v, tiles.astype(np.int64))
        if board is None:
            return  # problems reported; markers and markets below read the tiles
        if len(lim.boards) < 4096:
            lim.boards[key] = board
    allowed_marker, spaces = _legacy_board(v, *board)
    v.spaces = spaces
    m = v.g("LOC_MARKER")[:n]
    k = v.g("LOC_MARKET")[:n]
    if ((m >= 0) & ~allowed_marker).any() or (k > spaces).any():
        for loc in np.flatnonzero((m >= 0) & ~allowed_marker).tolist():
            v.fail(f"LOC_MARKER[{loc}]", int(m[loc]), f"-1: markers lie only in villages and on flag cities "
                   f"(location {loc} is a {lim.loc_kind[loc]}{' without a flag' if lim.is_city[loc] else ''})")
        for loc in np.flatnonzero(k > spaces).tolist():
            v.fail(f"LOC_MARKET[{loc}]", int(k[loc]), f"allowed 0..{int(spaces[loc])} (discs in this "
                   f"{lim.loc_kind[loc]}'s market)")
    # board quests: a tile, its location and placement age together
    tile, loc, age = v.g("BQ_TILE"), v.g("BQ_LOC"), v.g("BQ_AGE")
    used = tile >= 0
    for k in np.flatnonzero(used != (loc >= 0)).tolist() + np.flatnonzero(used != (age >= 0)).tolist():
        v.fail(f"BQ_TILE[{k}], BQ_LOC[{k}], BQ_AGE[{k}]", (int(tile[k]), int(loc[k]), int(age[k])),
               "all -1, or a quest tile with its location and placement age")
    ages = age[used]
    if len(set(ages.tolist())) != len(ages) or (ages >= v.g1("BQ_NEXT_AGE")).any():
        v.fail("BQ_AGE", ages.tolist(), f"distinct placement ages below BQ_NEXT_AGE = {v.g1('BQ_NEXT_AGE')} "
               "(SOLO-13: the oldest first)")
    # prestige: four different buildings; investors only in revealed ones, never Jean
    build = v.g("PR_BUILD").tolist()
    if len(set(build)) != len(build):
        v.fail("PR_BUILD", build, "4 different buildings (SETUP-10)")
    for k, inv in enumerate(v.g("PR_INVESTORS").tolist()):
        if v.solo and inv & (1 << JEAN):
            v.fail(f"PR_INVESTORS[{k}]", inv, "a bitmask without seat 1: Jean never invests (SOLO-17)")
        elif inv and k >= v.g1("PR_REVEALED"):
            v.fail(f"PR_INVESTORS[{k}]", inv, f"0: building slot {k} is not revealed yet "
                   f"(PR_REVEALED = {v.g1('PR_REVEALED')}, PRES-02)")
    # careers: the chosen one is one of the two options
    for p in range(v.np):
        opts = v.col("CAREER_OPT")[p].tolist()
        career = v.p1("CAREER", p)
        if not v.jean(p) and career != -1 and career not in opts:
            v.fail(f"players[{p}].CAREER", career, f"-1 (not chosen yet) or one of the options {opts}")
    # assistants placed this turn are among the assistants there
    for p in np.flatnonzero((v.col("ASSIST_NEW") > v.col("ASSIST")).any(1)).tolist():
        loc = int(np.flatnonzero(v.col("ASSIST_NEW")[p] > v.col("ASSIST")[p])[0])
        v.fail(f"players[{p}].ASSIST_NEW[{loc}]", int(v.col("ASSIST_NEW")[p, loc]),
               f"at most the {int(v.col('ASSIST')[p, loc])} assistants there (ASSIST[{loc}])")
    if v.solo:
        _jean_log(v)


def _tile_layout(v: _Checker, t: np.ndarray):
    """City tiles on tile slots (or Maracaibo with 2 players), for this player
    count, once each (SETUP-05); then per location: may a marker lie there
    (a village or a flag city) and how many market spaces it has. None after
    reporting a problem."""
    lim = v.lim
    has = t >= 0
    tt = np.where(has, t, 0)
    where_ok = lim.tile_slot | (lim.maracaibo & (v.np == 2))
    players_ok = (lim.tile_players[tt] & (1 << v.np)) != 0
    if (has & ~(where_ok & players_ok)).any() or len(set(t[has].tolist())) != int(has.sum()):
        seen = set()
        for loc in np.flatnonzero(has).tolist():
            x = int(t[loc])
            if not where_ok[loc]:
                v.fail(f"LOC_TILE[{loc}]", x, "-1: no city tile slot here (SETUP-05)")
            elif not players_ok[loc]:
                v.fail(f"LOC_TILE[{loc}]", x, f"a tile used with {v.np} seats (SETUP-05)")
            elif x in seen:
                v.fail(f"LOC_TILE[{loc}]", x, "each city tile lies on at most one location")
            seen.add(x)
        return None
    city = lim.is_city
    flag = (has & (lim.tile_flag[tt] != 0)) | (lim.loc_flag != 0)
    allowed_marker = lim.is_village | (city & flag)
    spaces = np.where(city, np.where(has, lim.tile_spaces[tt], lim.loc_spaces), 0)
    return allowed_marker, spaces


def _jean_log(v: _Checker) -> None:
    lim = v.lim
    log = v.g("AUTOMA_LOG").reshape(L.AUTOMA_LOG_CAP, 2)[: v.g1("AUTOMA_LOG_N")]
    arg_limit = {"card": (lim.nautoma, "Automa card"), "sail": (lim.nloc, "location"),
                 "quest": (lim.nloc, "location"), "deliver": (lim.nloc, "location"),
                 "annex": (lim.nloc, "location"), "influence": (L.N_NATIONS, "nation"),
                 "combat": (L.N_NATIONS, "nation"), "marker_out": (L.N_NATIONS, "nation"),
                 "take_card": (L.N_CARDS, "project card"), "explore": (lim.nexp, "explorer space"),
                 "explorer_quest": (lim.nexp, "explorer space")}
    for i, (ev, arg) in enumerate(log.tolist()):
        if not 0 <= ev < len(JEV_NAMES):
            v.fail(f"AUTOMA_LOG[{2 * i}]", ev, f"an event id 0..{len(JEV_NAMES) - 1} (automa.JEV_NAMES)")
            continue
        hi, what = arg_limit.get(JEV_NAMES[ev], (VALUE_MAX + 1, "count"))
        if not 0 <= arg < hi:
            v.fail(f"AUTOMA_LOG[{2 * i + 1}]", arg, f"a {what} 0..{hi - 1} for event {JEV_NAMES[ev]!r}")


# ---- legacy tiles (§28, core/legacy.py) -----------------------------------------------------------
def _leg_on(v: _Checker, i: int) -> bool:
    """Tile index i (L-number - 1) is in play."""
    return bool((v.g1("LEGACY") >> i) & 1)


def _leg_city(v: _Checker, loc: int) -> bool:
    """loc is a city only through a tile in play (L1's Puerto Cabezas, the L4/L7 city)."""
    lg = v.lim.leg
    if _leg_on(v, 0) and lg["LEG_KIND"][0] == K.LT_CITY_QUEST and lg["LEG_LOC"][0] == loc:
        return True
    t = int(v.lim.loc_new_tile[loc]) if 0 <= loc < v.lim.nloc else 0
    return t > 0 and _leg_on(v, t - 1)


def _legacy_board(v: _Checker, allowed_marker, spaces):
    """Markers and market spaces with the tiles: none at a new city whose tile
    is out; Puerto Cabezas under L1 has L1's market and no marker; Cartagena
    under L3 takes no marker (COMBAT-19)."""
    lim, lg = v.lim, v.lim.leg
    allowed_marker, spaces = allowed_marker.copy(), spaces.copy()
    for loc in np.flatnonzero(lim.loc_new_tile).tolist():   # kind "legacy_city" in the catalog
        on = _leg_on(v, int(lim.loc_new_tile[loc]) - 1)
        allowed_marker[loc] = on and lim.loc_flag[loc] != 0
        spaces[loc] = lim.loc_spaces[loc] if on else 0
    if _leg_on(v, 0) and lg["LEG_KIND"][0] == K.LT_CITY_QUEST:
        allowed_marker[lg["LEG_LOC"][0]], spaces[lg["LEG_LOC"][0]] = False, lg["LEG_CITY_SPACES"][0]
    if _leg_on(v, 2) and lg["LEG_KIND"][2] == K.LT_PLAGUE:
        allowed_marker[lg["LEG_LOC"][2]] = False
    return allowed_marker, spaces


def _setup_discs(v: _Checker, i: int) -> int:
    """Discs a disc tile starts with (JLEG-03): the 2-player rule, +1 solo."""
    lg = v.lim.leg
    d = int(v.np == 2 and lg["LEG_TWO_P"][i]) + int(v.solo)
    return min(d, int(lg["LEG_SPACES"][i]))


def _stage_legacy(v: _Checker) -> None:
    """The tiles' own fields: used only with their tile in play, within the tile."""
    lg = v.lim.leg
    for i, name in enumerate(LEGACY_TILES_ALL):
        if _leg_on(v, i) and lg["LEG_KIND"][i] == 0:
            v.fail("LEGACY", v.g1("LEGACY"), f"{name} is not described in legacy_tiles.toml")
    discs = v.g("LEG_DISCS")
    for slot in range(8):
        i = 9 + slot
        d = int(discs[slot])
        if not _leg_on(v, i):
            if d:
                v.fail(f"LEG_DISCS[{slot}]", d, f"0: L{i + 1} is not in play")
        elif not _setup_discs(v, i) <= d <= lg["LEG_SPACES"][i]:
            v.fail(f"LEG_DISCS[{slot}]", d, f"{_setup_discs(v, i)}..{int(lg['LEG_SPACES'][i])} (the set-up "
                   f"discs, JLEG-03, up to the tile's spaces)")
    placed = int(discs.sum()) - sum(_setup_discs(v, 9 + k) for k in range(8) if _leg_on(v, 9 + k))
    if placed > int(v.col("DISCS_OUT").sum()):
        v.fail("LEG_DISCS", discs.tolist(), f"at most the discs out of ship boards ({int(v.col('DISCS_OUT').sum())})")
    for name, i in (("LEG_SILVER", 5), ("LEG_MINE", 8)):
        if v.g(name).any() and not _leg_on(v, i):
            v.fail(name, v.g(name).tolist(), f"0: L{i + 1} is not in play")
    used = v.g1("LEG_CB_USED")
    if (used & 1 and not _leg_on(v, 5)) or (used & 2 and not _leg_on(v, 8)):
        v.fail("LEG_CB_USED", used, "bit 1 only with L6, bit 2 only with L9 in play")
    if v.g1("LEG_QUEST") and not _leg_on(v, 0):
        v.fail("LEG_QUEST", v.g1("LEG_QUEST"), "0: L1 is not in play")
    for p in range(v.np):   # a ship lies at a new city only while its tile is in play
        loc = v.p1("SHIP", p)
        t = int(v.lim.loc_new_tile[loc]) if 0 <= loc < v.lim.nloc else 0
        if t and not _leg_on(v, t - 1):
            v.fail(f"players[{p}].SHIP", loc, f"not the L{t} city: L{t} is not in play")
    for loc in np.flatnonzero(v.lim.loc_new_tile).tolist():
        t = int(v.lim.loc_new_tile[loc])
        for name in ("LOC_MARKER", "LOC_MARKET"):
            x = int(v.g(name)[loc])
            if x != (-1 if name == "LOC_MARKER" else 0) and not _leg_on(v, t - 1):
                v.fail(f"{name}[{loc}]", x, f"empty: the L{t} city is not in play")


# ---- the campaign (§27, core/story.py) -------------------------------------------------------------
def _stage_campaign(v: _Checker) -> None:
    """Story cards in play, their story tiles and the log: what core/story.py
    reads by index. Outside a campaign game stage 1 required every field 0."""
    if not v.campaign:
        return
    lim = v.lim
    play, taker, stile = (v.g(name).tolist() for name in ("SC_PLAY", "SC_TAKER", "SC_STILE"))
    n = sum(1 for x in play if x)
    if not all(play[:n]):
        v.fail("SC_PLAY", play, "the cards in play first, then 0s: no empty entry before a used one "
               "(a card leaving play closes the gap, story._leave_play)")
        return
    slots = [x - 1 for x in play[:n]]
    for x in sorted({x for x in slots if slots.count(x) > 1}):
        v.fail("SC_PLAY", play, f"each story card in play once; {lim.card(x)} is there {slots.count(x)} times")
    pend = v.g("SC_PENDING").tolist()
    pending = [(pend[k // GONE_BITS] >> (k % GONE_BITS)) & 1 for k in range(len(pend) * GONE_BITS)]
    for k in sorted({k for k, b in enumerate(pending) if b} - set(slots)):
        v.fail(f"SC_PENDING[{k // GONE_BITS}]", pend[k // GONE_BITS], f"bit {k % GONE_BITS} clear: "
               f"{lim.card(k)} is not in play (SC_PLAY), so it is not pending")
    used = v.g1("STILE_USED")
    for i in range(L.SC_PLAY_CAP):
        if i >= n:
            for name, x in (("SC_TAKER", taker[i]), ("SC_STILE", stile[i])):
                if x:
                    v.fail(f"{name}[{i}]", x, f"0: SC_PLAY[{i}] is empty")
            continue
        card = lim.card(slots[i])
        if pending[slots[i]] and (taker[i] or stile[i]):
            v.fail(f"SC_TAKER[{i}], SC_STILE[{i}]", (taker[i], stile[i]), f"0, 0: {card} is pending (drawn in "
                   "final scoring, followed only in the next game)")
        if stile[i] and not lim.sc_quest[slots[i]]:
            v.fail(f"SC_STILE[{i}]", stile[i], f"0: {card} has no story quest, so no story tile")
        if stile[i] > used:
            v.fail(f"SC_STILE[{i}]", stile[i], f"0..STILE_USED = {used}: the tiles are used in ascending "
                   "order (SETUP-03)")
        if taker[i] and not stile[i]:
            v.fail(f"SC_TAKER[{i}]", taker[i], f"0: {card} placed no story tile (SC_STILE[{i}] = 0)")
    for p in range(v.np):   # a taker's quest count includes the story tile (STILE-02)
        took = taker[:n].count(p + 1)
        if took > v.p1("QUESTS", p):
            v.fail(f"players[{p}].QUESTS", v.p1("QUESTS", p), f"at least the {took} story tile(s) seat {p} took "
                   "(SC_TAKER)")
    tiles = [x for x in stile if x]
    if len(set(tiles)) != len(tiles):
        v.fail("SC_STILE", stile, "each story tile 1..4 placed by one card at most (SETUP-03)")
    if v.g1("STILE_TAKEN") > used:
        v.fail("STILE_TAKEN", v.g1("STILE_TAKEN"), f"at most STILE_USED = {used} (a tile is taken after "
               "it was placed)")
    gone = v.g("SC_GONE").tolist()
    for i, slot in enumerate(slots):
        if not (gone[slot // GONE_BITS] >> (slot % GONE_BITS)) & 1:
            v.fail(f"SC_GONE[{slot // GONE_BITS}]", gone[slot // GONE_BITS], f"bit {slot % GONE_BITS} set: "
                   f"{lim.card(slot)} is in play (SC_PLAY[{i}]), so it was drawn (a card is drawn once)")
    # the log: card number * 8 + event, entries past SC_LOG_N 0
    log_n, log = v.g1("SC_LOG_N"), v.g("SC_LOG").tolist()
    for k, e in enumerate(log):
        if k >= log_n:
            if e:
                v.fail(f"SC_LOG[{k}]", e, f"0 (past the {log_n} entries, SC_LOG_N)")
        elif e // 8 not in lim.sc_numbers or e % 8 > EV_CHOSE:
            v.fail(f"SC_LOG[{k}]", e, f"card number * 8 + event 0..{EV_CHOSE} (story.EV_*) of a card of "
                   f"story.toml ({', '.join(f'{x:02d}' for x in lim.sc_numbers)})")
    if v.g1("CC_PILE") & v.g1("CC_DISCARD"):
        both = v.g1("CC_PILE") & v.g1("CC_DISCARD")
        v.fail("CC_PILE, CC_DISCARD", (v.g1("CC_PILE"), v.g1("CC_DISCARD")), "disjoint: C-card(s) "
               f"{[90 + k for k in range(10) if (both >> k) & 1]} in both the draw and the discard pile")
    # story tiles on the board: N_QUESTS + slot of a card in play (not pending) with a story quest,
    # its tile placed (SC_STILE) and not yet taken (SC_TAKER), once
    bq = v.g("BQ_TILE").tolist()
    lying = 0
    for k, t in enumerate(bq):
        if v.lim.nquests <= t < L.N_QUESTS:
            v.fail(f"BQ_TILE[{k}]", t, f"-1, a quest tile id 0..{v.lim.nquests - 1} or {L.N_QUESTS} + slot "
                   "(a story tile)")
        if t < L.N_QUESTS:
            continue
        lying += 1
        slot = t - L.N_QUESTS
        card = lim.card(slot)
        if bq.count(t) > 1:
            v.fail(f"BQ_TILE[{k}]", t, f"{card}'s story tile lies once at most (it is also in another "
                   "BQ_TILE slot)")
        elif slot + 1 not in play[:n]:
            v.fail(f"BQ_TILE[{k}]", t, f"the story tile of a card in play: {card} is not in SC_PLAY "
                   "(its tile leaves the board with it)")
        elif not lim.sc_quest[slot]:
            v.fail(f"BQ_TILE[{k}]", t, f"a story tile of a card with a story quest: {card} has none")
        else:
            i = play.index(slot + 1)
            if pending[slot] or not stile[i] or taker[i]:
                v.fail(f"BQ_TILE[{k}]", t, f"{card}'s story tile lies only once placed and before it is "
                       f"taken (SC_STILE[{i}] = {stile[i]}, SC_TAKER[{i}] = {taker[i]}, pending "
                       f"{pending[slot]})")
    if lying + v.g1("STILE_TAKEN") > used:
        v.fail("STILE_USED", used, f"at least the story tiles lying ({lying}) + taken (STILE_TAKEN = "
               f"{v.g1('STILE_TAKEN')})")


def _story_tasks(v: _Checker) -> None:
    """SC_VOTES count the votes cast on a pending decision (story_tally, its
    votes above it): 2 per vote cast, 3 the reader's (STORY-04), 0 past the
    decision's options; all 0 without a decision."""
    votes = v.g("SC_VOTES").tolist()
    tasks = v.tasks().tolist()
    tallies = [i for i, (op, p, a, b) in enumerate(tasks) if op == K.OP_STORY_TALLY]
    if not tallies:
        if any(votes):
            v.fail("SC_VOTES", votes, "all 0 unless a decision is being voted on (a story_tally task, STORY-04)")
        return
    i = tallies[-1]
    reader, slot = tasks[i][1], tasks[i][2]
    options = int(v.lim.sc_dec_n[slot])
    if any(votes[options:]):
        v.fail("SC_VOTES", votes, f"0 past the {options} options of {v.lim.card(slot)}'s decision")
    left = [p for op, p, a, b in tasks[i + 1:] if op == K.OP_CHOICE and a == K.CH_STORY_VOTE]
    cast = [q for q in range(v.np) if not v.jean(q) and q not in left]
    want = VOTE_WEIGHT * len(cast) + (reader in cast)
    if sum(votes) != want:
        v.fail("SC_VOTES", votes, f"{want} in all: the votes of seats {cast} cast so far ({VOTE_WEIGHT} each, "
               f"{VOTE_WEIGHT + 1} the reader's, seat {reader}; STORY-04)")


# ---- stage 3: the task stack ---------------------------------------------------------------------------------
def _stage_stack(v: _Checker) -> None:
    n = v.g1("STK_N")
    rest = v.g("STK")[n * L.STACK_W:]
    if rest.any():
        i = int(np.flatnonzero(rest)[0]) + n * L.STACK_W
        v.fail(f"STK[{i}]", int(v.g("STK")[i]), f"0 (past the {n} pending tasks, STK_N)")
    for i, (op, p, a, b) in enumerate(v.tasks().tolist()):
        where = f"STK task {i} (STK[{i * L.STACK_W}..{i * L.STACK_W + 3}])"
        if not 1 <= op < len(E.OPS):
            v.fail(f"{where} op", op, f"a task opcode 1..{len(E.OPS) - 1} (enums.OPS)")
            continue
        name = E.OPS[op]
        where = f"STK task {i} ({name})"
        check = _TASK_CHECKS.get(name)
        if check is None:
            v.fail(f"{where} op", op, "an opcode with a validation rule (add one to validate._TASK_CHECKS)")
        elif not 0 <= p < v.np:
            v.fail(f"{where} player", p, f"a seat 0..{v.np - 1}")
        elif v.solo and p == JEAN and name not in ("score_rest",) + CAMPAIGN_SCORING_OPS:
            v.fail(f"{where} player", p, "0: Jean's turns need no tasks (only a scoring may be triggered by her, "
                   "and she may read a story card, SOLO-20)")
        elif not v.campaign and (name in CAMPAIGN_SCORING_OPS or (name == "choice" and a == K.CH_STORY_VOTE)):
            v.fail(f"{where} op", op, "a task of the campaign check (STORY-03/04): only in a campaign game "
                   "(CAMPAIGN = 1)")
        else:
            check(v, where, p, a, b)
    if not v.bad and v.campaign:
        _story_tasks(v)


def _want(v, where, field, value, allowed_values, meaning):
    if value not in allowed_values:
        v.fail(f"{where} {field}", value, meaning)


def _task_nation(v, where, p, a, b):
    _want(v, where, "b", b, range(len(E.NATION_KINDS)), f"a nation-task kind 0..{len(E.NATION_KINDS) - 1} "
          "(enums.NATION_KINDS)")
    v.range(f"{where} a", a, 1, v.lim.inf_spaces, "influence steps")


def _task_remove_disc(v, where, p, a, b):
    # b: bit 0 optional, bit 1 into a city market, location << 4 (engine._apply PH_DISC)
    v.range(f"{where} a", a, 1, DISCS_PER_AREA * L.N_AREAS, "discs to remove")
    if b >= 0 and b & 4 and not b & 0b1011:  # b = 4 | slot << 4: onto disc tile L10+slot (§28)
        slot = b >> 4
        if not 0 <= slot < 8 or not _leg_on(v, 9 + slot):
            v.fail(f"{where} b", b, "4 | slot << 4 of a disc tile in play (LEG-L10..L17)")
        _want(v, where, "a", a, (1,), "1 (one disc per disc tile use)")
        return
    if b < 0 or b & 0b1100:
        v.fail(f"{where} b", b, "flags: bit 0 optional, bit 1 to a market, location << 4")
    elif b & 2:
        loc = b >> 4
        if not 0 <= loc < v.lim.nloc or not (v.lim.is_city[loc] or _leg_city(v, loc)):
            v.fail(f"{where} b", b, "a delivered disc goes to a city market: b = 2 | location << 4 of a city")
        _want(v, where, "a", a, (1,), "1 (one disc per delivery, CITY-04)")
    elif b >> 4:
        v.fail(f"{where} b", b, "location bits only with bit 1 (to a market)")


def _task_village(v, where, p, a, b):
    v.range(f"{where} a", a, 1, v.lim.village_max, "village actions left (MAIN-06, CITYACT-08)")
    _want(v, where, "b", b, (0, 1), "1 when the batch is the main action, else 0")


def _task_explore(v, where, p, a, b):
    v.range(f"{where} a", a, 1, v.lim.nexp, "explorer steps")
    _want(v, where, "b", b, (0,), "0")


def _task_combat(v, where, p, a, b):
    # b packs stage | nation << 2 | used << 4 | value << 13 (combat.pack)
    if b < 0:
        v.fail(f"{where} b", b, "a non-negative packed Combat state (combat.pack)")
        return
    stage, nation, value = b & 3, (b >> 2) & 3, b >> 13
    token = f"the revealed token 0..{v.lim.ntokens - 1}, or {NO_TOKEN} (both piles were empty)"
    if stage in (ST_START, ST_PILE):
        _want(v, where, "a", a, (-1,), "-1 before a token is revealed")
        _want(v, where, "b", b, (stage,), f"{stage} (stage {stage}, nothing decided yet)")
        return
    if a != NO_TOKEN and not 0 <= a < v.lim.ntokens:
        v.fail(f"{where} a", a, token)
    if stage == ST_NATION:
        _want(v, where, "b", b, (ST_NATION,), f"{ST_NATION} (choosing the nation)")
    else:
        if nation >= L.N_NATIONS:
            v.fail(f"{where} b", b, "nation bits (b >> 2) & 3 must be 0..2")
        # far from the sign bit of the packed int32: no Combat raises its value this high
        v.range(f"{where} b (value b >> 13)", value, 0, 1 << 16, "Combat value")


def _task_choice(v, where, p, a, b):
    if not 0 <= a < len(E.CHOICES):
        v.fail(f"{where} a", a, f"a choice kind 0..{len(E.CHOICES) - 1} (enums.CHOICES)")
        return
    kind = CHOICE_ARG.get(E.CHOICES[a])
    if kind == "explorer_quest":
        v.range(f"{where} b", b, 0, v.lim.n_exp_quests - 1, "an explorer quest space")
    elif kind == "count":
        v.range(f"{where} b", b, 1, L.HAND_CAP, "cards to pay")
    elif kind == "location":
        v.range(f"{where} b", b, 0, v.lim.nloc - 1, "a location")
    elif kind == "disc_slot":
        if not 0 <= b < 8 or not _leg_on(v, 9 + b):
            v.fail(f"{where} b", b, "the slot 0..7 of a disc tile L10..L17 in play")
    elif kind == "story_decision":
        slot, reader = b // 4, b % 4
        if b < 0 or slot >= v.lim.sc_n or not v.lim.sc_dec_n[slot] or reader >= v.np:
            v.fail(f"{where} b", b, "slot * 4 + reader: a story card with a decision (story.toml) and the "
                   f"seat 0..{v.np - 1} that read it (STORY-04)")
    else:
        _want(v, where, "b", b, (0,), f"0 (choice {E.CHOICES[a]!r} takes no argument)")


def _task_pay(v, where, p, a, b):
    v.range(f"{where} a", a, 0, v.lim.ngoods - 1, "a goods/object symbol")
    v.range(f"{where} b", b, 1, L.HAND_CAP, "cards still to pay")


def _task_draw(v, where, p, a, b):
    _want(v, where, "a", a, (0, 1), "1 when drawing ends the turn (Phase C), 0 for the scoring redraw")
    _want(v, where, "b", b, (0, 1), "0 or 1")


def _task_location(kinds):
    def check(v, where, p, a, b):
        if not 0 <= a < v.lim.nloc or (v.lim.loc_kind[a] not in kinds and not _leg_city(v, a)):
            v.fail(f"{where} a", a, f"a location of kind {' or '.join(kinds)}")
        _want(v, where, "b", b, (0,), "0")
    return check


def _task_place(v, where, p, a, b):
    v.range(f"{where} a", a, 0, L.N_NATIONS - 1, "the nation whose marker is placed")
    _want(v, where, "b", b, (0, 1), "1 when a rank move follows (IMM-13), else 0")


def _task_extra_sail(v, where, p, a, b):
    v.range(f"{where} a", a, 1, MAX_MP, "MP of the extra sail (AA-04/AA-14)")
    _want(v, where, "b", b, (0,), "0")


def _task_plain(v, where, p, a, b):
    if a or b:
        v.fail(f"{where} a, b", (a, b), "0, 0")


def _task_story_check(v, where, p, a, b):
    if a and a not in v.lim.sc_numbers:
        v.fail(f"{where} a", a, "0 or the number of the story card read last (story.toml: "
               f"{', '.join(f'{x:02d}' for x in v.lim.sc_numbers)})")
    _want(v, where, "b", b, (0,), "0")


def _task_story_tally(v, where, p, a, b):
    if not 0 <= a < v.lim.sc_n or not v.lim.sc_dec_n[a]:
        v.fail(f"{where} a", a, "the slot of a story card with a decision (STORY-04; slots with one: "
               f"{np.flatnonzero(v.lim.sc_dec_n).tolist()})")
    _want(v, where, "b", b, (0,), "0")


# one line per opcode (enums.OPS): what its player, a and b may hold
_TASK_CHECKS = {
    "nation": _task_nation, "remove_disc": _task_remove_disc, "village": _task_village,
    "explore": _task_explore, "combat": _task_combat, "city_action": _task_location(("city", "home")),
    "choice": _task_choice, "pay": _task_pay, "main_done": _task_plain, "score_buy": _task_plain,
    "score_rest": _task_plain, "draw": _task_draw, "deliver": _task_location(("city",)),
    "place": _task_place, "extra_sail": _task_extra_sail, "leg_main": _task_plain,
    "story_check": _task_story_check, "story_tally": _task_story_tally, "score_end": _task_plain,
}


# ---- stage 4: conservation and cross-field consistency ----------------------------------------------------------
def _stage_conservation(v: _Checker) -> None:
    s, lim, np_, t = v.s, v.lim, v.np, v.table
    tasks = v.tasks()
    head = v.head
    # project cards: each id exactly once (CON-01), counting unused B-cards and Jean's
    spots = t.card_spots[s[t.card_spots] >= 0]
    cards = np.concatenate([t.slot_pos[head & t.slot_is_card], spots])
    _once_each(v, cards, "project card")
    out = v.g1("CARDS_OUT") + v.g1("AUTOMA_CARDS")
    if len(cards) + out != L.N_CARDS:
        v.fail("cards", f"{len(cards)} in play + {out} out (CARDS_OUT, AUTOMA_CARDS)",
               f"all {L.N_CARDS} project cards accounted for (CON-01)")
    # quest tiles: ids at most once; fulfilled tiles are counted in QUESTS (CON-05)
    spots = t.quest_spots[s[t.quest_spots] >= 0]
    quests = np.concatenate([t.slot_pos[head & t.slot_is_quest], spots])
    _once_each(v, quests, "quest tile")
    l1 = v.g1("LEG_QUEST") - 1   # LEG-L1's quest space holds tile + 1
    if l1 >= 0 and l1 in s[quests].tolist():
        v.fail("LEG_QUEST", l1 + 1, f"quest tile {l1} + 1 lies elsewhere too; allowed: a tile lying nowhere else")
    # a campaign's story tiles (N_QUESTS + slot) lie on the board and count in QUESTS once
    # taken (STILE_TAKEN): neither is a quest tile
    lying = int((s[quests] < L.N_QUESTS).sum())
    done = int(v.col("QUESTS").sum()) + (l1 >= 0) - v.g1("STILE_TAKEN")
    if lying + done != L.N_QUESTS:
        v.fail("quest tiles", f"{lying} lying + {done} fulfilled (QUESTS less STILE_TAKEN story tiles) or on "
               "L1 (LEG_QUEST)", f"all {L.N_QUESTS} quest tiles accounted for (CON-05)")
    # combat tokens: piles, out of the game, on ship boards, revealed in a Combat (CON-08)
    held = K.G_STK + L.STACK_W * np.flatnonzero((tasks[:, 0] == K.OP_COMBAT) & (tasks[:, 2] >= 0)) + 2
    tokens = np.concatenate([t.slot_pos[head & t.slot_is_token], held])
    _once_each(v, tokens, "combat token")
    total = len(tokens) + v.g1("TOKENS_OUT") + int(v.col("TOKENS").sum())
    if total != L.N_TOKENS:
        v.fail("combat tokens", f"{total} (piles, TOKENS_OUT, players' TOKENS, Combat)",
               f"all {L.N_TOKENS} accounted for (CON-08)")
    # ownership markers: taken = on the board + out of the game, per nation
    markers = v.g("LOC_MARKER")[: lim.nloc]
    on = np.bincount(markers[markers >= 0], minlength=L.N_NATIONS)
    leg = np.concatenate([v.g("LEG_SILVER"), v.g("LEG_MINE")])   # INF-08: markers on L6 / L9
    on = on + np.bincount(leg[leg > 0] - 1, minlength=L.N_NATIONS)
    taken, gone = v.g("SUP_TAKEN"), v.g("SUP_OUT")
    for n in np.flatnonzero(taken != on + gone).tolist():
        v.fail(f"SUP_TAKEN[{n}]", int(taken[n]), f"markers on the board ({int(on[n])}) + out of the game "
               f"(SUP_OUT[{n}] = {int(gone[n])})")
    # per seat: discs on the ship board, figures, VP by source, assistants
    col = v.col
    left = col("DISCS").sum(1) + col("DISCS_OUT")
    figs = col("FIG_SUPPLY") + col("FIG_GENERAL") + col("FIG_CAREER") + col("FIG_BOARD") + \
        col("FIG_CARDS") + col("FIG_PRESTIGE") + col("RETIRE")
    checks = [
        (left > DISCS_PER_AREA * L.N_AREAS, "DISCS_OUT", lambda p: int(col("DISCS_OUT")[p]),
         lambda p: f"discs on the ship board + out at most {DISCS_PER_AREA * L.N_AREAS}"),
        (figs != L.FIGURES_PER_COLOUR, "FIG_*", lambda p: {n: v.p1(n, p) for n in FIGURES},
         lambda p: f"{L.FIGURES_PER_COLOUR} figures in all"),
        ((col("RETIRE") > 0) & (v.g1("VARIANTS") & VAR_RETIREMENT == 0), "RETIRE", lambda p: v.p1("RETIRE", p),
         lambda p: "0: the Retirement module is not in play (VARIANTS)"),
        (col("VP_SRC").sum(1) != col("VP"), "VP", lambda p: int(col("VP")[p]),
         lambda p: f"the sum of VP_SRC ({int(col('VP_SRC')[p].sum())})"),
        (col("ASSIST").sum(1) != col("FIG_BOARD"), "FIG_BOARD", lambda p: int(col("FIG_BOARD")[p]),
         lambda p: f"the assistants on locations ({int(col('ASSIST')[p].sum())})"),
    ]
    _each_check(v, checks)
    removed = v.g1("TRACK_TO_MARKET") + int((DISCS_PER_AREA * L.N_AREAS - left).sum())
    in_markets = int(v.g("LOC_MARKET").sum()) + v.g1("CITY_DISCS_OUT")
    if removed != in_markets:
        v.fail("discs", f"{removed} delivered", f"equal to the discs in markets + CITY_DISCS_OUT ({in_markets})")


def _each_check(v: _Checker, checks) -> None:
    """checks: (bad[seat], field, value(p), allowed(p)); one test for all, details only on failure."""
    if np.stack([c[0] for c in checks]).any():
        for bad, name, value, allowed in checks:
            v.each(bad, name, value, allowed)


# ---- stage 5: cross-field consistency -----------------------------------------------------------------------
def _stage_consistency(v: _Checker) -> None:
    lim, np_, col = v.lim, v.np, v.col
    inv = (v.g("PR_INVESTORS").astype(np.int64)[None, :] >> np.arange(np_)[:, None]) & 1   # [seat, slot]
    bits = inv @ (1 << v.g("PR_BUILD").astype(np.int64))
    n_tab = col("TABLEAU_N")
    in_tab = np.arange(L.TABLEAU_CAP)[None, :] < n_tab[:, None]
    locs = np.where(in_tab, lim.card_assist_loc[np.where(in_tab, col("TABLEAU"), 0)], -1)
    seat_loc = (np.arange(np_)[:, None] * L.MAX_LOC + locs)[locs >= 0]
    placed = np.bincount(seat_loc, minlength=np_ * L.MAX_LOC).reshape(np_, L.MAX_LOC)
    human = ~np.array([v.jean(p) for p in range(np_)])
    done = np.array([bin(x).count("1") for x in col("CAREER_DONE").tolist()])
    up = (col("DISCS") == 0) @ (1 << np.arange(L.N_AREAS))
    ranks, last = col("EXP_RANK"), lim.exp_last[col("EXPLORER")]
    checks = [
        (inv.sum(1) != col("FIG_PRESTIGE"), "FIG_PRESTIGE", lambda p: int(col("FIG_PRESTIGE")[p]),
         lambda p: f"one figure per investment ({int(inv[p].sum())}, PR_INVESTORS)"),
        (bits != col("PRESTIGE"), "PRESTIGE", lambda p: int(col("PRESTIGE")[p]),
         lambda p: f"the buildings invested in per PR_INVESTORS and PR_BUILD ({int(bits[p])})"),
        ((placed != col("ASSIST")).any(1), "ASSIST", lambda p: col("ASSIST")[p, :lim.nloc].tolist(),
         lambda p: f"one per bought assistant card for each location ({placed[p, :lim.nloc].tolist()}, REQ-03)"),
        (human & (col("FIG_CAREER") != CAREER_TASKS - done), "FIG_CAREER", lambda p: int(col("FIG_CAREER")[p]),
         lambda p: f"{CAREER_TASKS} less one per completed career task (CAREER_DONE has {done[p]}, CAR-02)"),
        (human & (col("CAREER") < 0) & (done > 0), "CAREER_DONE", lambda p: int(col("CAREER_DONE")[p]),
         lambda p: "0 before a career is chosen"),
        (human & (up != col("UPGRADES")), "UPGRADES", lambda p: int(col("UPGRADES")[p]),
         lambda p: f"the areas whose discs are all gone ({int(up[p])}, SHIP-02)"),
        ((ranks > 0) != last, "EXP_RANK", lambda p: int(ranks[p]),
         lambda p: f"> 0 exactly when the explorer is on the last space (EXPLORER = {int(col('EXPLORER')[p])})"),
    ]
    _each_check(v, checks)
    # explorers on the last space: arrival ranks 1..EXP_LAST_N, once each (EXPL-10)
    if sorted(ranks[ranks > 0].tolist()) != list(range(1, v.g1("EXP_LAST_N") + 1)):
        v.fail("EXP_LAST_N", v.g1("EXP_LAST_N"), f"the number of explorers on the last space, ranked "
               f"1..n once each (EXP_RANK: {ranks.tolist()})")


def _once_each(v: _Checker, pos: np.ndarray, what: str) -> None:
    """The ids at state positions pos are all different, else name where each repeat lies."""
    ids = v.s[pos].astype(np.int64)
    if len(ids) and np.bincount(ids).max() > 1:
        for x in np.flatnonzero(np.bincount(ids) > 1).tolist():
            where = [field_at(int(i))[1] for i in pos[ids == x]]
            v.fail(where[0], x, f"each {what} in one place only: {what} {x} is also in {', '.join(where[1:])}")


# ---- stage 6: turn structure -----------------------------------------------------------------------------------
def _stage_turn(v: _Checker) -> None:
    s, lim, np_ = v.s, v.lim, v.np
    phase = E.PHASES[v.g1("PHASE")]
    over = v.g1("OVER") == 1
    cur = v.g1("CUR")
    tasks = v.tasks()
    n = len(tasks)
    if over != (phase == "game_over"):
        v.fail("OVER", int(over), f"1 exactly when PHASE is 'game_over' (PHASE = {phase!r})")
        return
    if over:
        if n:
            v.fail("STK_N", n, "0 once the game is over")
        if v.g1("ROUND") != N_ROUNDS:
            v.fail("ROUND", v.g1("ROUND"), f"{N_ROUNDS}: the game ends after the last round's scoring")
        return
    if v.solo and cur == JEAN:
        v.fail("CUR", cur, "0: in a solo game Jean's turns are played by the engine")
    if v.solo and v.g1("START") != 0:
        v.fail("START", v.g1("START"), "0: you start a solo game (SOLO-07)")
    # phase and current player agree with the top task
    if n == 0:
        if phase not in TOP_LEVEL_PHASES:
            v.fail("PHASE", phase, f"one of {TOP_LEVEL_PHASES} when no task is pending (STK_N = 0)")
        elif phase in ("sail", "main") and cur != v.g1("TURN_P"):
            v.fail("CUR", cur, f"the turn's player TURN_P = {v.g1('TURN_P')} in phase {phase!r}")
        if v.g1("SCORING"):
            v.fail("SCORING", v.g1("SCORING"), "0 when no scoring task is pending")
    else:
        op, tp, ta, tb = (int(x) for x in tasks[-1])
        name = E.OPS[op]
        want = COMBAT_STAGE_PHASE.get(tb & 3) if name == "combat" else OP_PHASE[name]
        if want is None:
            v.fail(f"STK task {n - 1} ({name})", "top task", "a task awaiting a decision; the engine resolves "
                   f"{name!r} at once, so it is never on top in a saved state")
        elif phase != want:
            v.fail("PHASE", phase, f"{want!r}, the phase of the top task ({name})")
        if cur != tp:
            v.fail("CUR", cur, f"{tp}, the player of the top task ({name})")
        _stack_order(v, tasks)
    if (phase == "sail" and n == 0) or v.g1("SCORING"):   # _end_turn reset what the last turn used
        for name in ("MAIN_DONE", "MP_SPENT", "EXTRA_MAIN", "EXTRA_MP"):
            if v.g1(name):
                v.fail(name, v.g1(name), "0 at the start of a turn (PHASE 'sail', no task pending) and "
                       "during scoring (the turn that ended the round is over)")
    if phase in SETUP_PHASES:
        _setup(v, phase, tasks)
    elif phase != "game_over":
        for p in range(np_):
            if not v.jean(p) and v.p1("CAREER", p) < 0:
                v.fail(f"players[{p}].CAREER", -1, "a chosen career after set-up (SETUP-20)")
    # a ship that must sail again this round can (unless the round is ending)
    if not v.g1("ROUND_END") and phase not in SETUP_PHASES:
        for p in range(np_):
            loc = v.p1("SHIP", p)
            if not v.jean(p) and not lim.can_sail(loc, v.g1("ROUND")):
                v.fail(f"players[{p}].SHIP", loc, f"a location with an arrow open in round {v.g1('ROUND')} "
                       "(or ROUND_END = 1: this ship has nowhere to sail)")
    # markets about to receive a disc have room for it (CITY-02)
    pending = np.zeros(lim.nloc, np.int64)
    for op, p, a, b in tasks.tolist():
        if op == K.OP_DELIVER:
            pending[a] += 1
        elif op == K.OP_REMOVE_DISC and b & 2:
            pending[b >> 4] += 1
    for loc in np.flatnonzero(pending).tolist():
        room = int(v.spaces[loc]) - int(v.g("LOC_MARKET")[loc])
        if pending[loc] > room:
            v.fail(f"LOC_MARKET[{loc}]", int(v.g("LOC_MARKET")[loc]), f"room for the {int(pending[loc])} "
                   "pending deliveries (CITY-02)")
    # the story card's quests still to come (INT-06, rounds ROUND..3) fit on the board's quest slots
    pending = 0 if v.campaign else sum(lim.story_rounds[(v.g1("STORY"), np_)][v.g1("ROUND"):N_ROUNDS])
    need, lying = min(pending, v.g1("QPILE_N")), int((v.g("BQ_TILE") >= 0).sum())
    if lying + need > L.BOARD_QUEST_CAP:
        v.fail("BQ_TILE", f"{lying} tiles lying", f"at most {L.BOARD_QUEST_CAP - need}: the story card still places "
               f"{need} (BOARD_QUEST_CAP = {L.BOARD_QUEST_CAP} slots; is ROUND = {v.g1('ROUND')} right?)")
    # a marker about to be placed exists in the supply
    for op, p, a, b in tasks.tolist():
        if op == K.OP_PLACE and int(v.g("SUP_TAKEN")[a]) >= L.MARKERS_PER_NATION:
            v.fail(f"SUP_TAKEN[{a}]", int(v.g("SUP_TAKEN")[a]), "below 13: a place task needs a marker left")
    if v.solo:
        size = lim.deck_size[(v.g1("AUTOMA_TABLE"), v.g1("DIFFICULTY"))]
        got = v.g1("AUTOMA_N") + v.g1("AUTOMA_DISCARD_N")
        cards = v.g("AUTOMA_DECK")[: v.g1("AUTOMA_N")].tolist() + \
            v.g("AUTOMA_DISCARD")[: v.g1("AUTOMA_DISCARD_N")].tolist()
        if got != size or len(set(cards)) != len(cards):
            v.fail("AUTOMA_N + AUTOMA_DISCARD_N", got, f"{size} different cards: the deck for this "
                   "DIFFICULTY and AUTOMA_TABLE (SOLO-06)")


def _stack_order(v: _Checker, tasks: np.ndarray) -> None:
    """Where tasks may sit: scoring at the bottom, one main action at a time."""
    ops = [E.OPS[int(op)] for op in tasks[:, 0]]
    scoring = v.g1("SCORING")
    # scoring's own task: score_rest, or in a campaign score_end once the campaign check began
    base = [op for op in ops if op in ("score_rest", "score_end")]
    if bool(base) != bool(scoring):
        v.fail("SCORING", scoring, "> 0 exactly while a score_rest (campaign: score_end) task is pending")
    if base:
        if ops[0] not in ("score_rest", "score_end") or len(base) != 1:
            v.fail("STK task 0", ops[0], "score_rest (campaign: score_end): scoring's own task lies at the "
                   "bottom, once")
        elif int(tasks[0, 1]) != v.g1("TRIGGER"):
            v.fail(f"STK task 0 ({ops[0]}) player", int(tasks[0, 1]), f"TRIGGER = {v.g1('TRIGGER')}")
        if scoring != (2 if v.g1("ROUND") == N_ROUNDS else 1):
            v.fail("SCORING", scoring, f"{2 if v.g1('ROUND') == N_ROUNDS else 1} in round {v.g1('ROUND')} "
                   "(2 = final scoring)")
    _campaign_check_order(v, tasks, ops)
    if not base:  # a turn's tasks: its main action (or its drawing) at the bottom, all the turn player's
        if "score_buy" in ops:
            v.fail("STK", "score_buy", "only during scoring (below it, score_rest)")
        if ops[0] not in ("main_done", "draw", "leg_main"):
            v.fail("STK task 0", ops[0], "main_done or draw: outside scoring a turn's tasks start with its main "
                   "action or its drawing")
        others = [i for i, p in enumerate(tasks[:, 1].tolist()) if p != v.g1("TURN_P")]
        if others:
            i = others[0]
            v.fail(f"STK task {i} ({ops[i]}) player", int(tasks[i, 1]), f"the turn's player TURN_P = "
                   f"{v.g1('TURN_P')}: outside scoring only the player whose turn it is decides")
    if "main_done" in ops:
        if ops.index("main_done") != 0 or ops.count("main_done") != 1:
            v.fail("STK", "main_done", "at most one, at the bottom (the main action being resolved)")
    if "leg_main" in ops:
        if ops.index("leg_main") != 0 or ops.count("leg_main") != 1 or v.g1("MAIN_DONE"):
            v.fail("STK", "leg_main", "at most one, at the bottom, before the main action (LEG-L10..L17)")
    for i, (op, p, a, b) in enumerate(tasks.tolist()):
        name = ops[i]
        if name in ("main_done", "city_action", "extra_sail") or (name == "draw" and a == 1):
            if p != v.g1("TURN_P"):
                v.fail(f"STK task {i} ({name}) player", p, f"the turn's player TURN_P = {v.g1('TURN_P')}")
        if name == "draw" and a == 0 and scoring != 1:
            v.fail(f"STK task {i} (draw) a", a, "1: a redraw without ending the turn happens only in "
                   "interim scoring (INT-01)")
        if name == "draw" and a == 1 and i != 0:
            v.fail(f"STK task {i} (draw)", "not at the bottom", "drawing that ends the turn is the turn's last task")
        if name == "place" and i != len(tasks) - 1:
            v.fail(f"STK task {i} (place)", "not on top", "a marker is placed as soon as its nation is chosen")


def _campaign_check_order(v: _Checker, tasks: np.ndarray, ops: list) -> None:
    """The campaign check (STORY-03/04) stops only for votes: the stack is then
    score_end, story_check, story_tally, and the votes still to cast, the
    reader's on top, then the seats after it in turn order (Jean never votes)."""
    votes = [i for i, op in enumerate(ops) if op == "choice" and tasks[i, 2] == K.CH_STORY_VOTE]
    story = [i for i, op in enumerate(ops) if op in CAMPAIGN_SCORING_OPS]
    if not votes and not story:
        return
    shape = "score_end, story_check, story_tally, then story_vote choices only (STORY-03/04)"
    if ops[:3] != ["score_end", "story_check", "story_tally"] or votes != list(range(3, len(ops))) or not votes:
        v.fail("STK", ops, f"during the campaign check: {shape}")
        return
    if int(tasks[1, 1]) != v.g1("TRIGGER"):
        v.fail("STK task 1 (story_check) player", int(tasks[1, 1]), f"TRIGGER = {v.g1('TRIGGER')}")
    reader, slot = int(tasks[2, 1]), int(tasks[2, 2])
    np_ = v.np
    order = [(reader + k) % np_ for k in range(np_ - 1, -1, -1) if not v.jean((reader + k) % np_)]
    voters = tasks[3:, 1].tolist()
    if voters != order[:len(voters)]:   # pushed bottom to top, cast from the top
        v.fail("STK", f"votes of seats {voters}", f"the first {len(voters)} of {order} (bottom to top): each "
               f"seat votes once, from the reader {reader} on (STORY-04)")
    for i in votes:
        if int(tasks[i, 3]) != slot * 4 + reader:
            v.fail(f"STK task {i} (choice) b", int(tasks[i, 3]), f"{slot * 4 + reader}: slot * 4 + reader of the "
                   "story_tally below it")


def _setup(v: _Checker, phase: str, tasks) -> None:
    """Set-up (SETUP-19/20): seats from START in turn order split their cards
    and keep a career; seats before CUR are done, the rest untouched."""
    np_, cur, start = v.np, v.g1("CUR"), v.g1("START")
    if len(tasks):
        v.fail("STK_N", len(tasks), "0 during set-up")
    for name in ("ROUND", "SCORING", "MAIN_DONE", "MP_SPENT", "EXTRA_MP", "EXTRA_MAIN", "ROUND_END",
                 "ASSIST_USED", "INCOME_DONE", "TURN_COUNT"):
        want = 1 if name == "ROUND" else 0
        if v.g1(name) != want:
            v.fail(name, v.g1(name), f"{want} during set-up")
    if v.g1("TURN_P") != start:
        v.fail("TURN_P", v.g1("TURN_P"), f"START = {start}: the start player takes the first turn after set-up")
    order = [(start + k) % np_ for k in range(np_) if not v.jean((start + k) % np_)]
    if cur not in order:
        return
    k = order.index(cur)
    for i, p in enumerate(order):
        pre = f"players[{p}]."
        hand, plan, career = v.p1("HAND_N", p), int((v.col("PLAN")[p] >= 0).sum()), v.p1("CAREER", p)
        if i < k:
            state, want = "done", (SETUP_KEEP, 1, True)
        elif i > k:
            state, want = "to come", (SETUP_DEAL, 0, False)
        else:
            state = phase
            want = {"setup_plan": (SETUP_DEAL, 0, False), "setup_discard": (None, 1, False),
                    "setup_career": (SETUP_KEEP, 1, False)}[phase]
        if want[0] is not None and hand != want[0]:
            v.fail(pre + "HAND_N", hand, f"{want[0]} for a seat whose set-up is {state}")
        if want[0] is None and not SETUP_KEEP < hand < SETUP_DEAL:
            v.fail(pre + "HAND_N", hand, f"{SETUP_KEEP + 1}..{SETUP_DEAL - 1} while discarding")
        if plan != want[1] or (want[1] and v.col("PLAN")[p][0] < 0):
            v.fail(pre + "PLAN", v.col("PLAN")[p].tolist(), f"{want[1]} card (in slot 0) for a seat whose set-up is {state}")
        if (career >= 0) != want[2]:
            v.fail(pre + "CAREER", career, ("a chosen career" if want[2] else "-1") +
                   f" for a seat whose set-up is {state}")
        if v.p1("SHIP", p) != v.lim.havana:
            v.fail(pre + "SHIP", v.p1("SHIP", p), f"{v.lim.havana} (Havana) during set-up")


# ---- stage 7: the engine accepts it as a decision point -----------------------------------------------------
def _stage_engine(v: _Checker) -> None:
    """Every state the API hands out is one where a player must decide: the
    engine's resolver leaves it unchanged. Run it on a copy."""
    from .core import engine
    from .core.actions import NUM_ACTIONS as NA
    s = v.s.copy()
    mask = np.zeros(NA, np.int8)
    try:
        engine.step_unchecked(s, v.catalog.array, -1, mask)   # -1: only the resolver (advance)
    except ValueError as exc:  # e.g. "internal: no legal action"
        phase = E.PHASES[v.g1("PHASE")]
        v.fail("PHASE", phase, f"a decision the player to act can take (the engine reports: {exc}; "
               f"player {v.g1('CUR')})")
        return
    if not np.array_equal(s, v.s):
        changed = np.flatnonzero(s != v.s)
        names = []
        for i in changed.tolist():
            names.append(field_at(i)[0])
        names = list(dict.fromkeys(names))
        phase = E.PHASES[v.g1("PHASE")]
        v.fail("PHASE", phase, "a decision with two or more legal actions: the engine would move on "
               f"from this state by itself (it changes {', '.join(names[:6])}); a saved game is always "
               "taken where a player must decide")
