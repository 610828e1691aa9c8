"""One game of Maracaibo between agents named by spec strings, and its full result.

Agent specs are the same everywhere (Python, CLI, tournament database,
reports) and come from one table, maracaibo_env.agents.registry: random, the
heuristics (maracaibo_env.maracaibo.agents.heuristics), jean:<level> (only as the opponent of a solo
game), mcts[:iters=N]..., policy:<name|file.npz> and python:<module>:<Class>
(``available_agents("maracaibo")`` lists the forms, ``maracaibo tournament
--help`` explains each). ``parse_spec`` rejects anything else before a game
is played, listing what is known. A game's result (``GameResult``) holds
everything a tournament stores and a balance report reads: scores, the VP
breakdown by source, winners, game length, turns per player and round, and
what each player took when (project cards, prestige buildings, quest tiles,
city actions, the career).
"""
from __future__ import annotations

import numpy as np

from ..agents import registry as A
from ..agents.adapter import GameAdapter
from ..agents.registry import AgentSpec, AgentSpecError
from .catalog import Catalog
from .core import layout as L
from .core.tracking import SNAP_SIZE, EVENT_CAP, MAX_ROUNDS, EVENT_KINDS, snapshot, record
from .game import Game
from ..framework.match import ENGINES, GameResult

GAME = "maracaibo"          # this module's game (registry id)


def known_specs() -> list[str]:
    """Every spec form accepted, for error messages and --help."""
    return A.available_agents(GAME)


def parse_spec(text: str) -> AgentSpec:
    """The AgentSpec for a spec string, or AgentSpecError listing the known specs."""
    return A.parse_spec(text, GAME)




def play_match(specs, seed: int, *, difficulty: str | None = None, story: int = 75,
               catalog: Catalog | None = None, record_history: bool = False,
               agents=None, engine: str = "auto", data_dir=None, options: dict | None = None) -> GameResult:
    """Play one game; specs[i] sits in seat i (a solo game: one spec and a
    difficulty). A result is reproducible from (specs, seed, options, engine).
    options: the Game's options (legacy tiles, retirement, open_prestige).

    engine: "compiled" plays the whole game inside numba (random and
    heuristic seats only; maracaibo_env.maracaibo.agents.fast_play), "python" asks each agent object
    per decision (their random choices from a numpy Generator seeded with
    `seed`), "auto" (default) is "compiled" whenever every seat can be.
    Both give the heuristics' own decisions; they differ only in how ties
    and random moves are drawn (see maracaibo_env/maracaibo/agents/fast_play.py). data_dir: play with
    the game data in that folder (validated; loaded once per process)."""
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(ENGINES)}, not {engine!r}")
    parsed = [s if isinstance(s, AgentSpec) else parse_spec(s) for s in specs]
    if difficulty is not None and len(parsed) != 1:
        raise ValueError(f"a solo game (difficulty={difficulty!r}) has one agent, not {len(parsed)}")
    if difficulty is None and not 2 <= len(parsed) <= 4:
        raise ValueError(f"a game has 2-4 agents (or 1 with a difficulty), not {len(parsed)}")
    solo = [p for p in parsed if not A.kind_of(p).seat]
    if solo:
        raise AgentSpecError(f"{solo[0].text} is the solo opponent, not a seat: "
                             + A.kind_of(solo[0]).solo_use)
    from .game import _check_catalog
    cat = _check_catalog(catalog, data_dir)
    options = dict(options or {})
    g = (Game(1, seed=seed, difficulty=difficulty, story=story, catalog=cat, **options)
         if difficulty is not None else Game(len(parsed), seed=seed, story=story, catalog=cat, **options))
    compiled_ok = agents is None and all(A.compiled_ok(p) for p in parsed)
    if engine == "compiled" and not compiled_ok:
        raise ValueError(f"engine='compiled' plays {A.compiled_kinds(GAME)} seats only, not "
                         + ", ".join(str(p) for p in parsed if not A.compiled_ok(p)))
    if engine != "python" and compiled_ok:
        tables = _seat_tables(tuple(parsed), cat)
        decisions, events, turns = tables.play(g, seed, record_history)
        return _result(g, [str(p) for p in parsed], seed, decisions, events, turns,
                       difficulty, story, record_history)
    agents = agents if agents is not None else [A.make_agent(p) for p in parsed]
    from maracaibo_env.agents.base import act_with
    rng = np.random.default_rng(seed)
    prev, cur = np.zeros(SNAP_SIZE, np.int32), np.zeros(SNAP_SIZE, np.int32)
    events = np.zeros((EVENT_CAP, 4), np.int32)
    turns = np.zeros((L.MAX_P, MAX_ROUNDS), np.int32)
    n_ev = 0
    snapshot(g.state, prev)
    decisions = 0
    while not g.is_over:
        actor = g.current_player
        a = act_with(agents[actor], g, rng)
        g.step(a)
        decisions += 1
        n_ev = record(prev, cur, g.state, actor, a, events, n_ev, turns)
        prev, cur = cur, prev
    return _result(g, [str(p) for p in parsed], seed, decisions, events[:n_ev], turns,
                   difficulty, story, record_history)


_TABLES: dict = {}


def _seat_tables(specs: tuple[AgentSpec, ...], cat: Catalog):
    """The compiled line-up for specs (cached per process and catalog): each
    seat as the agent table's compiled value (None: a random seat)."""
    key = (tuple(s.text for s in specs), id(cat))
    t = _TABLES.get(key)
    if t is None or t[0] is not cat:
        from maracaibo_env.maracaibo.agents.fast_play import SeatTables
        by_text: dict = {}
        seats = [by_text[s.text] if s.text in by_text else by_text.setdefault(s.text, A.compiled_seat(s))
                 for s in specs]
        t = _TABLES[key] = (cat, SeatTables(seats, cat))
    return t[1]


def _result(g: Game, specs, seed, decisions, events, turns, difficulty, story,
            record_history) -> GameResult:
    seats = g.num_seats
    if len(events) >= EVENT_CAP:  # never seen (at most 81 in 101,020 games): refuse to drop any
        raise RuntimeError(f"game seed {seed}: more than {EVENT_CAP} events; raise "
                           "core.tracking.EVENT_CAP")
    if difficulty is not None:                  # Jean's seat: her spec in the agent table
        specs = [specs[0], A.solo_spec(GAME, difficulty)]
    careers = [int(g.state[L.field_slice("CAREER", p)][0]) for p in range(seats)]
    return GameResult(
        seed=int(seed), specs=list(specs), scores=g.scores(), winners=g.winners(),
        breakdown=g.score_breakdown(), decisions=int(decisions),
        turns=[[int(x) for x in turns[p, 1:MAX_ROUNDS]] for p in range(seats)],
        events=[(int(s), EVENT_KINDS[int(k)], int(i), int(r)) for s, k, i, r in events],
        difficulty=difficulty, data_hash=type(g).data_hash_of(g.state, g.catalog),
        history=list(g.history) if record_history and g.history is not None else None,
        details={"careers": careers, "story": int(story)})   # MaracaiboAdapter.result_details


class MaracaiboAdapter(GameAdapter):
    name = "maracaibo"
    title = "Maracaibo"
    report_name = ""            # the report's lines as they always were
    player_counts = (1, 2, 3, 4)
    solo_data = ("automa",)     # Jean's cards (the balance report's provenance note)
    default_story = 75
    rounds = 4
    default_agents = ("balanced", "combat_influence", "explorer_quests", "assistants", "ship_income")
    scores_table = False
    component_method = (
        "A player (one deciding seat of one game) took a component when the game recorded it: a "
        "project card bought or played, a prestige building invested in, a quest tile fulfilled, "
        "a city tile whose action was used, the career card kept, the story card of the game.")
    warm_modules = ("maracaibo_env.maracaibo.preload",)
    calibration_level = "medium"   # the solo level of `maracaibo calibrate`'s solo games
    result_details = {
        "careers": "the career card each seat kept, in seat order (card id; -1: none, as Jean's seat)",
        "story": "the story card the game was played with (75, 76 or 77)"}

    @property
    def stories(self):
        from .catalog import STORY_NUMBERS
        return STORY_NUMBERS

    def game_class(self):
        from .game import Game
        return Game

    @property
    def component_kinds(self):
        from .provenance import KINDS
        return {kind: noun for kind, (_, _, noun) in KINDS.items()}

    @property
    def vp_sources(self):
        from .game import Game
        return tuple(Game.VP_SOURCES)

    def play_job(self, job):
        from .match import play_match
        return play_match(list(job.specs), job.seed, difficulty=job.difficulty, story=job.story,
                          record_history=job.record_history, engine=job.engine,
                          data_dir=job.data_dir, options=dict(job.options))

    def load_catalog(self, data_dir=None):
        from .catalog import load_catalog
        return load_catalog(data_dir)

    def story_of(self, result) -> int:
        return int(result.details.get("story", self.default_story))

    def taken(self, result, seat: int) -> dict[str, dict[int, int]]:
        from .catalog import STORY_NUMBERS
        out = super().taken(result, seat)
        careers = result.details.get("careers", [])
        if seat < len(careers) and careers[seat] >= 0:
            out["career"][int(careers[seat])] = 0
        story = self.story_of(result)
        if story in STORY_NUMBERS:
            out["story"][STORY_NUMBERS.index(story)] = 0
        return out

    def component_sources(self, cat):
        from .provenance import component_sources
        return component_sources(cat)

    def data_summary(self, cat) -> dict:
        from ..framework.provenance import data_summary
        return data_summary(cat)

    def warm_specs(self) -> list[str]:
        from maracaibo_env.maracaibo.agents.policy import shipped_policies
        return ["random", "balanced", "mcts:iters=20:depth=2", "mcts:iters=5:depth=1:rollout=balanced",
                *[f"policy:{p}" for p in shipped_policies()[:1]]]

    def setup_of(self, result, options: dict) -> tuple[int, dict]:
        n, kw = super().setup_of(result, options)
        kw["story"] = self.story_of(result)
        return n, kw
