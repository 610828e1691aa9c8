"""One game between agents named by spec strings, and its full result.

Agent specs are the same everywhere (Python, CLI, tournament database, reports):

    random                      uniform random legal moves
    balanced, combat_influence, explorer_quests, assistants, ship_income
                                the rule-of-thumb strategies (agents.heuristics)
    jean:<level>                the solo opponent Jean (very_easy .. very_hard);
                                only as the opponent of a solo game
    mcts[:iters=N][:c=X][:depth=D][:top=K][:dets=M][:rollout=R][:ms=T]
                                information-set MCTS (agents/mcts.py): N
                                iterations per decision (default 1000),
                                exploration c (0.2), rollouts of D decisions
                                (0, R = random or balanced moves) scored by
                                the heuristic evaluation; top=K searches only
                                the balanced heuristic's K best root moves
                                (3; 0 = all); dets=M reuses M determinisations;
                                ms=T a time budget instead of N
    policy:<name|file.npz>      a trained neural policy played in numpy
                                (agents/policy.py): a shipped one
                                (policy:maracaibo-2p) or weights written by
                                training/selfplay.py; greedy over legal moves
    python:<module>:<Class>     your own agent class (constructed without
                                arguments; act(observation, mask, rng[, game=]))

``parse_spec`` rejects anything else before a game is played, listing what is
known. A game's result (``GameResult``) holds everything a tournament stores
and a balance report reads: scores, the VP breakdown by source, winners, game
length, turns per player and round, and what each player took when
(project cards, prestige buildings, quest tiles, city actions, the career).
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field, asdict
from typing import Any

import numpy as np

from .catalog import Catalog
from .core.actions import NUM_ACTIONS
from .core import layout as L
from .core.enums import DIFFICULTIES
from .core.tracking import SNAP_SIZE, EVENT_CAP, MAX_ROUNDS, EVENT_KINDS, snapshot, record
from .game import Game


class AgentSpecError(ValueError):
    """A spec string that names no known agent."""


def heuristic_names() -> tuple[str, ...]:
    from agents.heuristics import HEURISTICS
    return tuple(HEURISTICS)


def known_specs() -> list[str]:
    """Every spec form accepted, for error messages and --help."""
    return (["random", *heuristic_names()] + [f"jean:{d}" for d in DIFFICULTIES]
            + ["mcts[:iters=N][:c=X][:depth=D][:top=K][:dets=M][:rollout=R][:ms=T]", "policy:<name|file.npz>",
               "python:<module>:<Class>"])


@dataclass(frozen=True)
class AgentSpec:
    """A parsed spec: kind is 'random', 'heuristic', 'jean', 'mcts', 'policy' or 'python'."""
    text: str
    kind: str
    arg: str = ""

    def __str__(self) -> str:
        return self.text

    def make(self):
        """A new agent object (not for 'jean': Jean is played by the engine)."""
        if self.kind == "random":
            from agents.random_agent import RandomAgent
            return RandomAgent()
        if self.kind == "heuristic":
            from agents.heuristics import HEURISTICS
            return HEURISTICS[self.arg]()
        if self.kind == "python":
            return _load_class(self.text)()
        if self.kind == "mcts":
            from agents.mcts import MCTSAgent
            return MCTSAgent(**mcts_options(self.text))
        if self.kind == "policy":
            from agents.policy import PolicyAgent
            return PolicyAgent(self.arg)
        raise AgentSpecError(f"{self.text!r} is not a seat's agent: Jean is the solo opponent "
                             "(use a solo game with difficulty=<level>)")


def _load_class(text: str):
    _, module, cls = text.split(":", 2)
    try:
        mod = importlib.import_module(module)
    except Exception as e:
        raise AgentSpecError(f"agent spec {text!r}: cannot import module {module!r}: {e}") from None
    obj = getattr(mod, cls, None)
    if obj is None or not isinstance(obj, type):
        raise AgentSpecError(f"agent spec {text!r}: module {module!r} has no class {cls!r}")
    if not callable(getattr(obj, "act", None)):
        raise AgentSpecError(f"agent spec {text!r}: class {cls!r} has no act() method")
    return obj


MCTS_OPTIONS = {"iters": ("iterations", int, 1, 10**7), "c": ("exploration", float, 0.0, 100.0),
                "depth": ("rollout_depth", int, 0, 10**5), "top": ("top", int, 0, NUM_ACTIONS),
                "dets": ("dets", int, 0, 10**4), "ms": ("ms", float, 0.0, 3.6e6),
                "rollout": ("rollout", str, "random", "balanced")}
MCTS_HELP = (f"iters=<1..10000000>, c=<0..100>, depth=<0..100000>, top=<0..{NUM_ACTIONS}>, dets=<0..10000>, "
             "ms=<0..3600000>, rollout=<random|balanced>")


def mcts_options(text: str) -> dict:
    """MCTSAgent keyword arguments of 'mcts[:iters=N][:c=X][:depth=D][:top=K]...'
    (options separated by colons: commas separate the agents of a list)."""
    out: dict = {}
    body = text[5:] if text.startswith("mcts:") else ""
    for part in filter(None, body.split(":")):
        key, eq, value = part.partition("=")
        spec = MCTS_OPTIONS.get(key.strip())
        if not eq or spec is None:
            raise AgentSpecError(f"agent spec {text!r}: unknown option {part!r}; options: {MCTS_HELP}")
        name, kind, lo, hi = spec
        if kind is str:
            if value not in (lo, hi):
                raise AgentSpecError(f"agent spec {text!r}: {key} must be {lo} or {hi}, got {value!r}")
            out[name] = value
            continue
        try:
            v = kind(value)
        except ValueError:
            raise AgentSpecError(f"agent spec {text!r}: {key}={value!r} is not a number") from None
        if not lo <= v <= hi:
            raise AgentSpecError(f"agent spec {text!r}: {key} must be in {lo}..{hi}, got {value}")
        out[name] = v
    return out


def is_python_spec(s: str) -> bool:
    """Whether s has the form python:<module>:<Class> (any game's own agent class)."""
    return s.startswith("python:") and s.count(":") == 2 and all(s.split(":")[1:])


def parse_shared(text, heuristics, known: list[str]) -> AgentSpec | None:
    """The specs every game has: random, one of its heuristics, python:<module>:<Class>
    (None for any other string; AgentSpecError for a non-string or a class
    that cannot be loaded)."""
    if not isinstance(text, str):
        raise AgentSpecError(f"an agent spec is a string, not {type(text).__name__}; "
                             f"known: {', '.join(known)}")
    s = text.strip()
    if s == "random":
        return AgentSpec(s, "random")
    if s in heuristics:
        return AgentSpec(s, "heuristic", s)
    if is_python_spec(s):
        _load_class(s)  # fails now, not in the middle of a tournament
        return AgentSpec(s, "python", s)
    return None


def parse_spec(text: str) -> AgentSpec:
    """The AgentSpec for a spec string, or AgentSpecError listing the known specs."""
    spec = parse_shared(text, heuristic_names(), known_specs())
    if spec is not None:
        return spec
    s = text.strip()
    if s.startswith("jean:") and s[5:] in DIFFICULTIES:
        return AgentSpec(s, "jean", s[5:])
    if s == "mcts" or s.startswith("mcts:"):
        mcts_options(s)  # a bad option fails now
        return AgentSpec(s, "mcts", s)
    if s.startswith("policy:") and len(s) > 7:
        from agents.policy import PolicyFileError, load_policy
        try:
            load_policy(s[7:])  # a missing or malformed file fails now
        except PolicyFileError as e:
            raise AgentSpecError(f"agent spec {text!r}: {e}") from None
        return AgentSpec(s, "policy", s[7:])
    raise AgentSpecError(f"unknown agent spec {text!r}; known: {', '.join(known_specs())}")


@dataclass
class GameResult:
    """Everything recorded about one finished game. Seats are in playing
    order; in a solo game seat 1 is Jean (specs[1] = 'jean:<level>').
    Pirates of Maracaibo games (game='pirates', maracaibo_env.pirates_match)
    fill the same fields: turns over its 3 rounds, no careers, story 0
    (no story cards), events of figureheads, improvements and residences."""
    seed: int
    specs: list[str]
    scores: list[int]
    winners: list[int]
    breakdown: list[dict[str, int]]
    decisions: int
    turns: list[list[int]]          # turns[seat][round-1], rounds I-IV
    careers: list[int]              # career card kept by each seat (-1: none)
    events: list[tuple[int, str, int, int]]  # (seat, kind, item id, round)
    story: int = 75
    difficulty: str | None = None   # solo games: Jean's level
    data_hash: str = ""
    history: list[int] | None = field(default=None, repr=False)
    game: str = "maracaibo"         # which game (maracaibo_env.adapters.GAMES)

    @property
    def num_players(self) -> int:
        """Players who decide (1 in a solo game)."""
        return 1 if self.difficulty is not None else len(self.specs)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "GameResult":
        d = dict(d)
        d["events"] = [tuple(e) for e in d.get("events", [])]
        return cls(**d)


ENGINES = ("auto", "compiled", "python")


def play_match(specs, seed: int, *, difficulty: str | None = None, story: int = 75,
               catalog: Catalog | None = None, record_history: bool = False,
               agents=None, engine: str = "auto", data_dir=None, options: dict | None = None) -> GameResult:
    """Play one game; specs[i] sits in seat i (a solo game: one spec and a
    difficulty). A result is reproducible from (specs, seed, options, engine).
    options: the Game's options (legacy tiles, retirement, open_prestige).

    engine: "compiled" plays the whole game inside numba (random and
    heuristic seats only; agents.fast_play), "python" asks each agent object
    per decision (their random choices from a numpy Generator seeded with
    `seed`), "auto" (default) is "compiled" whenever every seat can be.
    Both give the heuristics' own decisions; they differ only in how ties
    and random moves are drawn (see agents/fast_play.py). data_dir: play with
    the game data in that folder (validated; loaded once per process)."""
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(ENGINES)}, not {engine!r}")
    parsed = [s if isinstance(s, AgentSpec) else parse_spec(s) for s in specs]
    if difficulty is not None and len(parsed) != 1:
        raise ValueError(f"a solo game (difficulty={difficulty!r}) has one agent, not {len(parsed)}")
    if difficulty is None and not 2 <= len(parsed) <= 4:
        raise ValueError(f"a game has 2-4 agents (or 1 with a difficulty), not {len(parsed)}")
    if any(p.kind == "jean" for p in parsed):
        raise AgentSpecError("jean:<level> is the solo opponent, not a seat: play a solo game "
                             "with difficulty=<level>")
    from .game import _check_catalog
    cat = _check_catalog(catalog, data_dir)
    options = dict(options or {})
    g = (Game(1, seed=seed, difficulty=difficulty, story=story, catalog=cat, **options)
         if difficulty is not None else Game(len(parsed), seed=seed, story=story, catalog=cat, **options))
    compiled_ok = agents is None and all(p.kind in ("random", "heuristic") for p in parsed)
    if engine == "compiled" and not compiled_ok:
        raise ValueError("engine='compiled' plays random and heuristic seats only, not "
                         + ", ".join(str(p) for p in parsed if p.kind not in ("random", "heuristic")))
    if engine != "python" and compiled_ok:
        tables = _seat_tables(tuple(str(p) for p in parsed), cat)
        decisions, events, turns = tables.play(g, seed, record_history)
        return _result(g, [str(p) for p in parsed], seed, decisions, events, turns,
                       difficulty, story, record_history)
    agents = agents if agents is not None else [p.make() for p in parsed]
    from agents.heuristics import act_with
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


def _seat_tables(specs: tuple[str, ...], cat: Catalog):
    """The compiled line-up for specs (cached per process and catalog)."""
    key = (specs, id(cat))
    t = _TABLES.get(key)
    if t is None or t[0] is not cat:
        from agents.fast_play import SeatTables
        from agents.heuristics import HEURISTICS
        agents_by_name: dict = {}
        seats = [None if s == "random" else agents_by_name.setdefault(s, HEURISTICS[s]())
                 for s in specs]
        t = _TABLES[key] = (cat, SeatTables(seats, cat))
    return t[1]


def _result(g: Game, specs, seed, decisions, events, turns, difficulty, story,
            record_history) -> GameResult:
    seats = g.num_seats
    if len(events) >= EVENT_CAP:  # never seen (at most 81 in 101,020 games): refuse to drop any
        raise RuntimeError(f"game seed {seed}: more than {EVENT_CAP} events; raise "
                           "core.tracking.EVENT_CAP")
    if difficulty is not None:
        specs = [specs[0], f"jean:{difficulty}"]
    careers = [int(g.state[L.field_slice("CAREER", p)][0]) for p in range(seats)]
    return GameResult(
        seed=int(seed), specs=list(specs), scores=g.scores(), winners=g.winners(),
        breakdown=g.score_breakdown(), decisions=int(decisions),
        turns=[[int(x) for x in turns[p, 1:MAX_ROUNDS]] for p in range(seats)],
        careers=careers,
        events=[(int(s), EVENT_KINDS[int(k)], int(i), int(r)) for s, k, i, r in events],
        story=int(story), difficulty=difficulty, data_hash=g.catalog.data_hash,
        history=list(g.history) if record_history and g.history is not None else None)
