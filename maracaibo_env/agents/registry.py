"""The kinds of agent: one table that every tool asks to read an agent spec.

    from maracaibo_env.agents.registry import available_agents, parse_spec, make_agent, kind_of
    available_agents("pirates")   # ['random', 'raider', 'explorer', 'builder',
                                  #  'python:<module>:<Class>', 'jordan:<0-6>']
    spec = parse_spec("mcts:iters=200", "maracaibo")   # AgentSpec(text, kind, arg, game)
    agent = make_agent(spec)                           # agent.act(obs, mask, rng[, game=])
    kind_of(spec).compiled is None                     # the compiled engine does not play it

A kind of agent is one `AgentKind` row: the games it plays (registry ids), its
spec forms (help texts and the "known:" of errors), a parser (text ->
AgentSpec or None), a maker (spec -> agent object), whether it takes a seat
or is a game's solo opponent played by the engine, how the game's compiled
tournament engine plays it (if it does), whether and with which caps a page
or a saved play session may choose it (play/limits.py), and a line of help.
The tournament and balance adapters, each game's match.py, play sessions, the web app's allowlist,
the vector and single-agent envs' opponents and the CLIs' help read this
table; none of them parses a spec or lists the kinds itself.

This module holds the rows every game has (random, strongest, python:) and
the builders of the kinds whose agents differ by game (``heuristic_kind``,
``mcts_kind`` with the game's ``SearchOptions``). A game's own rows live in its
folder (maracaibo_env/<game>/agents/kinds.py), named by its registry row
(``GameInfo.agents``) and imported the first time the table is asked.
Rows are listed by ``AgentKind.order``, then registration order: the order
of `available_agents` and of "known:" lists. Nothing here imports an agent
or a game's engine until a row's parser, maker or forms are asked for, so
importing this module (and ``maracaibo_env``) stays light. A kind whose
agents differ by game (the heuristics) is one row per game with the same
``kind``. A new kind is one ``register(AgentKind(...))``; a test may add one
for a while with ``registered(kind)``.
"""
from __future__ import annotations

import importlib
import textwrap
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterator, Sequence

from ..registry import DEFAULT_GAME, available_games, game_info


class AgentSpecError(ValueError):
    """A spec string that names no known agent (or one that cannot sit where it was put)."""


@dataclass(frozen=True)
class AgentSpec:
    """A parsed spec: its text, its kind (an `AgentKind.kind`: 'random',
    'heuristic', 'mcts', ...), the kind's argument (a heuristic's name, a
    policy file, a solo opponent's level) and the game it was read for."""
    text: str
    kind: str
    arg: str = ""
    game: str = DEFAULT_GAME

    def __str__(self) -> str:
        return self.text

    def make(self):
        """A new agent object (AgentSpecError for a solo opponent: the engine plays it)."""
        return make_agent(self)


@dataclass(frozen=True)
class AgentKind:
    """One kind of agent.

    :param kind: its name (``AgentSpec.kind``; stored with tournament agents).
    :param help: one line for help texts.
    :param forms: its spec forms for help and "known:" lists, or a function
        returning them (called when asked: it may import the agents' module).
    :param parse: ``text -> AgentSpec | None``: the spec of a stripped text
        this kind reads (None: not this kind's; AgentSpecError: this kind's,
        but malformed, or a class / file that cannot be loaded; checked here,
        before any game is played). The registry sets the spec's game.
    :param make: ``spec -> agent`` with ``act(obs, mask, rng[, game=])``.
    :param games: the registry ids of the games it plays; None: every game.
    :param examples: concrete specs of this kind (default: its forms without
        placeholders), or a function returning them: each parses, and the
        first makes a move in each game the kind plays (tests/agents/test_agent_registry.py).
    :param seat: False for a game's solo opponent, played by the engine
        (never made); then ``solo_use`` says how a game gets it and
        ``solo_game(spec)`` gives the Game options of a solo game against it
        ({"difficulty": ...}).
    :param compiled: how the game's compiled tournament engine plays a seat
        of this kind: ``spec -> the engine's seat value`` (match.py: None for
        its random player, the heuristic agent whose tables it reads;
        pirates_match.py: None or the strategy name); None: not compiled.
    :param page: whether a page (the web app) or a saved session opened
        without --allow-code may choose it; ``page_help`` names it in the
        allowed list, ``page_check(spec)`` returns why a parsed spec exceeds
        the caps ("iterations at most 2000 here") or None, ``page_worst`` the
        most expensive specs it allows (timed by tests/tools/test_web_attacks.py).
    :param page_precheck: ``text -> reason | None``, asked before anything is
        parsed whenever the row claims the text (any game): for kinds whose
        parser imports code or opens files ("python: agents run code; ...").
    :param claims: ``text -> bool``: the text is meant as this kind (for
        another game's hint, "'balanced' is a Maracaibo agent: use --game
        maracaibo", and for page_precheck); None: whatever ``parse`` reads
        (or refuses with AgentSpecError).
    :param order: its place in lists (help texts, "known:", available_agents):
        lower first, then registration order (default 100: after every shipped
        row, whose orders are 0-70). A game's own rows are registered
        by the game (GameInfo.agents), after the rows every game shares.
    :param params: what the kind's shared code needs of its game (the search's
        ``SearchOptions``), or None.
    """
    kind: str
    help: str
    forms: Sequence[str] | Callable[[], Sequence[str]]
    parse: Callable[[str], AgentSpec | None]
    make: Callable[[AgentSpec], Any] | None = None
    games: tuple[str, ...] | None = None
    examples: Sequence[str] | Callable[[], Sequence[str]] | None = None
    seat: bool = True
    solo_use: str = ""
    solo_game: Callable[[AgentSpec], dict] | None = None
    compiled: Callable[[AgentSpec], Any] | None = None
    page: bool = False
    page_help: str = ""
    page_check: Callable[[AgentSpec], str | None] | None = None
    page_worst: tuple[str, ...] = ()
    page_precheck: Callable[[str], str | None] | None = None
    claims: Callable[[str], bool] | None = None
    order: float = 100.0
    params: Any = None

    def __post_init__(self):
        if not (isinstance(self.kind, str) and self.kind.isidentifier()):
            raise ValueError(f"an agent kind is an identifier, got {self.kind!r}")
        if self.seat and self.make is None:
            raise ValueError(f"agent kind {self.kind!r}: a seat's kind needs make")
        if not self.seat and not (self.solo_use and self.solo_game):
            raise ValueError(f"agent kind {self.kind!r}: a solo opponent needs solo_use and solo_game")
        if self.games is not None and not (isinstance(self.games, tuple) and self.games):
            raise ValueError(f"agent kind {self.kind!r}: games is a non-empty tuple of ids or None")

    def plays(self, game: str) -> bool:
        """Whether this kind plays the game with that registry id."""
        return self.games is None or game in self.games

    def spec_forms(self) -> list[str]:
        return list(self.forms() if callable(self.forms) else self.forms)

    def spec_examples(self) -> list[str]:
        if self.examples is None:
            return [f for f in self.spec_forms() if not any(c in f for c in "<[")]
        return list(self.examples() if callable(self.examples) else self.examples)

    def claimed(self, text: str) -> bool:
        if self.claims is not None:
            return bool(self.claims(text))
        try:
            return self.parse(text) is not None
        except AgentSpecError:
            return True


_KINDS: list[AgentKind] = []
_ROWS_LOADED: set[str] = set()      # the GameInfo.agents modules imported (each game's own rows)


def _load_game_rows() -> None:
    """Import the rows of every registered game not imported yet (GameInfo.agents)."""
    for g in available_games():
        module = game_info(g).agents
        if module and module not in _ROWS_LOADED:
            _ROWS_LOADED.add(module)      # first: the module's register() calls come back here
            importlib.import_module(module)


def _rows() -> list[AgentKind]:
    """The rows of the registered games (a game unregistered for a while keeps its rows,
    unseen, until it is registered again), in their order."""
    _load_game_rows()
    live = set(available_games())
    return sorted((r for r in _KINDS if r.games is None or live & set(r.games)),
                  key=lambda r: r.order)      # stable: registration order within an order


# ---- the table -------------------------------------------------------------------------------
def register(row: AgentKind) -> AgentKind:
    """Add a kind (after the others); ValueError if that kind already plays one of its games."""
    if not isinstance(row, AgentKind):
        raise TypeError(f"register takes an AgentKind, got {type(row).__name__}")
    for other in _rows():
        if other.kind == row.kind and (other.games is None or row.games is None
                                       or set(other.games) & set(row.games)):
            raise ValueError(f"agent kind {row.kind!r} is already registered for "
                             f"{', '.join(other.games) if other.games else 'every game'}")
    _KINDS.append(row)
    return row


def unregister(kind: str, game: str | None = None) -> None:
    """Remove the rows of a kind (only the one playing `game` when given); ValueError if none."""
    rows = [r for r in _rows() if r.kind == kind and (game is None or r.plays(game))]
    if not rows:
        raise ValueError(f"no agent kind {kind!r}" + (f" for {game!r}" if game else ""))
    for r in rows:
        _KINDS.remove(r)


@contextmanager
def registered(row: AgentKind) -> Iterator[AgentKind]:
    """register(row) for the duration of a with block (a test's extra kind)."""
    register(row)
    try:
        yield row
    finally:
        _KINDS.remove(row)


def agent_kinds(game: str | None = None) -> tuple[AgentKind, ...]:
    """The rows, in their order (AgentKind.order, then registration); with a
    game id, those that play it (UnknownGameError for an unknown game)."""
    if game is None:
        return tuple(_rows())
    game_info(game)
    return tuple(r for r in _rows() if r.plays(game))


def available_agents(game: str = DEFAULT_GAME) -> list[str]:
    """The spec forms a game accepts, in table order (the "known:" of errors)."""
    return [f for row in agent_kinds(game) for f in row.spec_forms()]


def kind_of(spec: AgentSpec) -> AgentKind:
    """The row of a parsed spec (its kind, for its game)."""
    for row in _rows():
        if row.kind == spec.kind and row.plays(spec.game):
            return row
    raise AgentSpecError(f"no agent kind {spec.kind!r} for {spec.game!r} (spec {spec.text!r})")


def solo_kind(game: str) -> AgentKind | None:
    """The game's solo opponent (the row that plays it and takes no seat), or None."""
    return next((r for r in agent_kinds(game) if not r.seat), None)


def solo_opponent(specs, game: str) -> tuple[int, AgentSpec] | None:
    """(index, spec) of the game's solo opponent in a line-up (a GameResult's
    specs: 'jean:hard' of Maracaibo, 'jordan:3' of Pirates), or None for a
    game without one. Only the solo row reads the texts, so the specs of
    other kinds (a python: class, a policy file) are never loaded."""
    row = solo_kind(game)
    if row is None:
        return None
    for i, text in enumerate(specs):
        if isinstance(text, str) and row.claimed(text):
            spec = row.parse(text)
            if spec is not None:
                return i, replace(spec, game=game)
    return None


def solo_spec(game: str, level) -> str:
    """The spec text of the game's solo opponent at a level ('hard' -> 'jean:hard',
    3 -> 'jordan:3'); AgentSpecError for a level it has not (or a game without one)."""
    row = solo_kind(game)
    for text in (row.spec_examples() if row is not None else ()):
        spec = row.parse(text)
        if spec is not None and spec.arg == str(level):
            return spec.text
    raise AgentSpecError(f"{game_info(game).title} has no solo opponent at level {level!r}")


def solo_levels(game: str) -> list[str]:
    """The solo opponent's levels (``AgentSpec.arg``: 'very_easy' ... or '0' ...)
    in the table's order, easiest first; [] for a game without one."""
    row = solo_kind(game)
    if row is None:
        return []
    return [spec.arg for spec in map(row.parse, row.spec_examples()) if spec is not None]


# ---- specs -----------------------------------------------------------------------------------
def parse_spec(text, game: str = DEFAULT_GAME) -> AgentSpec:
    """The AgentSpec of a spec string for a game, or AgentSpecError listing the
    game's known specs (and naming the game that knows it, if another does)."""
    info = game_info(game)
    if not isinstance(text, str):
        raise AgentSpecError(f"an agent spec is a string, not {type(text).__name__}; "
                             f"known: {', '.join(available_agents(game))}")
    s = text.strip()
    for row in agent_kinds(game):
        spec = row.parse(s)
        if spec is not None:
            return replace(spec, game=game)
    message = f"unknown agent spec {text!r} for {info.title}; known: {', '.join(available_agents(game))}"
    for other in available_games():
        if other != game and s and any(r.plays(other) and not r.plays(game) and r.claimed(s)
                                       for r in _rows()):
            message += f" ({s!r} is a {game_info(other).title} agent: use --game {other})"
            break
    raise AgentSpecError(message)


def claims(text: str, game: str) -> bool:
    """Whether text is meant as one of the game's agents (a spec of one of its kinds)."""
    return isinstance(text, str) and any(r.claimed(text.strip()) for r in agent_kinds(game))


def make_agent(spec, game: str | None = None):
    """A new agent object for a spec (a parsed AgentSpec, or text read for
    `game`); AgentSpecError for a solo opponent (the engine plays it)."""
    if not isinstance(spec, AgentSpec):
        spec = parse_spec(spec, DEFAULT_GAME if game is None else game)
    row = kind_of(spec)
    if not row.seat:
        who = game_info(spec.game).solo_opponent or "it"
        raise AgentSpecError(f"{spec.text!r} is not a seat's agent: {who} is the solo opponent "
                             f"({row.solo_use})")
    return row.make(spec)


def compiled_ok(spec: AgentSpec) -> bool:
    """Whether the game's compiled engine plays this seat."""
    row = kind_of(spec)
    return row.seat and row.compiled is not None


def compiled_seat(spec: AgentSpec):
    """The compiled engine's seat value of a spec (see AgentKind.compiled)."""
    row = kind_of(spec)
    if not (row.seat and row.compiled is not None):
        raise AgentSpecError(f"{spec.text!r}: the compiled engine does not play {row.kind} agents")
    return row.compiled(spec)


def compiled_kinds(game: str) -> str:
    """'random and heuristic': the kinds the game's compiled engine plays, for messages."""
    names = list(dict.fromkeys(r.kind for r in agent_kinds(game) if r.seat and r.compiled))
    return " and ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + " and " + names[-1]


def agents_help(games: Sequence[str] | None = None, width: int = 88) -> str:
    """Every game's agent specs with a line of help per kind, for --help texts."""
    out = []
    for g in (available_games() if games is None else games):
        out.append(f"agent specs of {game_info(g).title} (--game {g}):")
        for row in agent_kinds(g):
            forms = ", ".join(row.spec_forms())
            note = row.help
            if len(forms) <= 26:
                out += textwrap.wrap(note, width, initial_indent=f"  {forms:<28}",
                                     subsequent_indent=" " * 30)
            else:
                out += textwrap.wrap(forms, width, initial_indent="  ", subsequent_indent="    ",
                                     break_on_hyphens=False, break_long_words=False)
                out += textwrap.wrap(note, width, initial_indent=" " * 30, subsequent_indent=" " * 30)
        if compiled_kinds(g):
            out.append(f"  (the compiled engine plays its {compiled_kinds(g)} agents)")
    return "\n".join(out)


# ---- the kinds' parsers and makers (agents are imported when a row is used) -----------------------
def _head(s: str) -> str:
    return s.split(":", 1)[0]


def load_attr(module: str, name: str):
    """module.name, imported now (the rows import their agents when first used)."""
    return getattr(importlib.import_module(module), name)


def is_python_spec(s: str) -> bool:
    """Whether s has the form python:<module>:<Class> (any game's own agent class)."""
    return s.startswith("python:") and s.count(":") == 2 and all(s.split(":")[1:])


def load_class(text: str):
    """The agent class of a python:<module>:<Class> spec (AgentSpecError if it cannot be loaded)."""
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


def _parse_python(s: str) -> AgentSpec | None:
    if not is_python_spec(s):
        return None
    load_class(s)  # fails now, not in the middle of a tournament
    return AgentSpec(s, "python", s)


# ---- heuristics: a game's rule-of-thumb strategies, with options ---------------------------------
def heuristic_options(text: str, options: dict) -> tuple[str, dict]:
    """(strategy name, keyword options) of 'name[:eps=X][:depth=N]' read with a
    game's option table (key -> (type, low, high, help)); AgentSpecError for an
    unknown option or a value out of range (the name is checked by the caller)."""
    name, *parts = text.split(":")
    out = {}
    allowed = ", ".join(f"{k}=<{lo}..{hi}>" for k, (_, lo, hi, _h) in options.items())
    for part in parts:
        key, eq, value = part.partition("=")
        if not eq or key not in options or key in out:
            raise AgentSpecError(f"agent spec {text!r}: unknown or repeated option {part!r}; "
                                 f"options: {allowed}")
        kind, lo, hi, _ = options[key]
        try:
            v = kind(value)
        except ValueError:
            raise AgentSpecError(f"agent spec {text!r}: {key}={value!r} is not "
                                 f"{'an int' if kind is int else 'a number'}") from None
        if not lo <= v <= hi or v != v:
            raise AgentSpecError(f"agent spec {text!r}: {key} must be in {lo}..{hi}, got {value}")
        out[key] = v
    return name, out


def heuristic_kind(game: str, help: str, strategies: Callable[[], dict], options: dict,
                   make: Callable[[AgentSpec], Any], compiled: Callable[[AgentSpec], Any],
                   examples: Callable[[], Sequence[str]], page_help: str) -> AgentKind:
    """A game's heuristics row: the names of strategies() ('balanced', 'raider', ...),
    each with the game's options ('balanced:eps=0.2:depth=1')."""
    def parse(s: str) -> AgentSpec | None:
        if s.split(":", 1)[0] not in strategies():
            return None
        heuristic_options(s, options)   # a bad option fails now
        return AgentSpec(s, "heuristic", s)

    def forms() -> tuple[str, ...]:
        return (*strategies(), "<heuristic>" + "".join(f"[:{k}={k[0].upper()}]" for k in options))
    return AgentKind(kind="heuristic", games=(game,), help=help, forms=forms, parse=parse, make=make,
                     compiled=compiled, examples=examples, page=True, page_help=page_help, order=10)


# ---- mcts: the shared search (framework/search.py) on a game's adapter ----------------------------
MCTS_FORM = "mcts[:iters=N][:c=X][:depth=D][:top=K][:dets=M][:rollout=R][:ms=T][:widen=W][:guide=G][:turn=T]"
#: with rollout=balanced every rollout step is a full heuristic decision
#: (~0.2 ms), so iterations x rollout_depth is capped instead of depth alone
BALANCED_ROLLOUT_STEPS = 2000


@dataclass(frozen=True)
class SearchOptions:
    """What a game's mcts row needs of the game: its agent class ("module:Class",
    keywords iterations, exploration, ...), its number of action ids (the top=
    range), the caps of an mcts a page or a saved session may choose
    (iterations, rollout_depth, dets) and, for a game whose search takes a
    learned leaf value, ``value(text, name)``, which loads it now (the value=
    option) and returns the name."""
    agent: str
    num_actions: Callable[[], int]
    caps: dict
    value: Callable[[str, str], str] | None = None
    #: the heuristics the search may take as its guide (guide=: root prior, leaf
    #: evaluation, ordering of new children), the game's default first
    guides: Callable[[], tuple[str, ...]] = lambda: ()
    #: the game's own options: spec key -> (agent keyword, type, low, high, help)
    extra: dict = field(default_factory=dict)

    def table(self) -> dict:
        """spec key -> (agent keyword, type, low, high) (for str: the two values
        allowed; for "choice": the tuple of values allowed in low; for "value":
        a learned value's name or file, low/high unused)."""
        table = {"iters": ("iterations", int, 1, 10**7), "c": ("exploration", float, 0.0, 100.0),
                 "depth": ("rollout_depth", int, 0, 10**5), "top": ("top", int, 0, self.num_actions()),
                 "dets": ("dets", int, 0, 10**4), "ms": ("ms", float, 0.0, 3.6e6),
                 "rollout": ("rollout", str, "random", "balanced"),
                 "widen": ("widen", float, 0.0, 100.0), "turn": ("turn", int, 0, 40)}
        if self.guides():
            table["guide"] = ("guide", "choice", self.guides(), None)
        for key, (name, kind, lo, hi, _) in self.extra.items():
            table[key] = (name, kind, lo, hi)
        if self.value is not None:
            table["value"] = ("value", "value", None, None)
        return table

    def help(self) -> str:
        return (f"iters=<1..10000000>, c=<0..100>, depth=<0..100000>, top=<0..{self.num_actions()}>, "
                "dets=<0..10000>, ms=<0..3600000>, rollout=<random|balanced>, widen=<0..100>, turn=<0..40>"
                + (f", guide=<{'|'.join(self.guides())}>" if self.guides() else "")
                + "".join(f", {k}=<{lo}..{hi}>" for k, (_, _, lo, hi, _) in self.extra.items())
                + (", value=<name|file.npz>" if self.value is not None else ""))

    def options(self, text: str) -> dict:
        """The agent's keyword arguments of 'mcts[:iters=N][:c=X]...' (options
        separated by colons: commas separate the agents of a list)."""
        table, out = self.table(), {}
        body = text[5:] if text.startswith("mcts:") else ""
        for part in filter(None, body.split(":")):
            key, eq, value = part.partition("=")
            spec = table.get(key.strip())
            if not eq or spec is None:
                raise AgentSpecError(f"agent spec {text!r}: unknown option {part!r}; options: {self.help()}")
            name, kind, lo, hi = spec
            if kind == "value":
                out[name] = self.value(text, value)
                continue
            if kind == "choice":
                if value not in lo:
                    raise AgentSpecError(f"agent spec {text!r}: {key} must be one of {', '.join(lo)}, "
                                         f"got {value!r}")
                out[name] = value
                continue
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

    def page_check(self, spec: AgentSpec) -> str | None:
        """Why an mcts spec is too expensive for a page (None: within the caps)."""
        o = self.options(spec.text)
        if o.get("ms", 0):
            return "no ms= time budget here"
        for name, cap in self.caps.items():
            if o.get(name, 0) > cap:
                return f"{name} at most {cap} here"
        if o.get("rollout") == "balanced":
            steps = o.get("iterations", 1000) * o.get("rollout_depth", 0)
            if steps > BALANCED_ROLLOUT_STEPS:
                return f"with rollout=balanced, iters x depth at most {BALANCED_ROLLOUT_STEPS} here, got {steps}"
        return None

    def worst(self) -> tuple[str, ...]:
        """The allowed mcts specs at the corners of the caps: the most expensive decisions."""
        it, depth, dets = self.caps["iterations"], self.caps["rollout_depth"], self.caps["dets"]
        return (f"mcts:iters={it}:top=0:depth={depth}",
                f"mcts:iters={it}:top=0:depth={max(1, BALANCED_ROLLOUT_STEPS // it)}:rollout=balanced"
                if BALANCED_ROLLOUT_STEPS >= it else
                f"mcts:iters={BALANCED_ROLLOUT_STEPS}:top=0:depth=1:rollout=balanced",
                f"mcts:iters={BALANCED_ROLLOUT_STEPS // 2}:top=0:depth=2:rollout=balanced",
                f"mcts:iters={it}:top=0:depth={depth}:dets={dets}")

    def page_help(self) -> str:
        c = self.caps
        return (f"mcts with iters <= {c['iterations']}, depth <= {c['rollout_depth']} (iters x depth <= "
                f"{BALANCED_ROLLOUT_STEPS} with rollout=balanced), dets <= {c['dets']} and no ms= budget")


def _is_mcts(s: str) -> bool:
    return s == "mcts" or s.startswith("mcts:")


def _mcts_precheck(s: str) -> str | None:
    """A page may name a shipped learned value, not a file (a path is a file read)."""
    for part in s.split(":")[1:]:
        key, _, value = part.partition("=")
        if key.strip() == "value" and value.strip().endswith(".npz"):
            return "mcts value=<file.npz> reads a file; here value= names a shipped value"
    return None


def mcts_kind(game: str, help: str, search: SearchOptions) -> AgentKind:
    """A game's mcts row: the shared search on the game's adapter, with its options and caps."""
    def parse(s: str) -> AgentSpec | None:
        if not _is_mcts(s):
            return None
        search.options(s)  # a bad option fails now
        return AgentSpec(s, "mcts", s)
    module, _, cls = search.agent.partition(":")
    return AgentKind(
        kind="mcts", games=(game,), help=help, forms=(MCTS_FORM,),
        examples=("mcts:iters=20:depth=2", "mcts", "mcts:iters=5:depth=1:rollout=balanced"),
        parse=parse, make=lambda spec: load_attr(module, cls)(**search.options(spec.text)),
        claims=_is_mcts, page=True, page_help=search.page_help(), page_check=search.page_check,
        page_worst=search.worst(), page_precheck=_mcts_precheck, order=30, params=search)


def search_options(game: str = DEFAULT_GAME) -> SearchOptions:
    """The game's SearchOptions (its mcts row's); AgentSpecError for a game without mcts."""
    for row in agent_kinds(game):
        if row.kind == "mcts":
            return row.params
    raise AgentSpecError(f"{game_info(game).title} has no mcts agent")


def mcts_options(text: str, game: str = DEFAULT_GAME) -> dict:
    """The search agent's keyword arguments of an mcts spec of the game."""
    return search_options(game).options(text)


# ---- the kinds every game has (a game's own rows are in its folder: GameInfo.agents) ---------------
register(AgentKind(
    kind="random", help="uniform random legal moves", forms=("random",),
    parse=lambda s: AgentSpec(s, "random") if s == "random" else None,
    make=lambda spec: load_attr("maracaibo_env.agents.random_agent", "RandomAgent")(),
    compiled=lambda spec: None,      # the engines' own random player
    page=True, page_help="random", order=0))

register(AgentKind(
    kind="strongest",
    help="the strongest agent measured for the game and player count (agents/strongest.py; "
         "the table is the game's registry row, the figures docs/agents.md): the hint agent "
         "and the play sessions' default bot",
    forms=("strongest",),
    parse=lambda s: AgentSpec(s, "strongest") if s == "strongest" else None,
    make=lambda spec: load_attr("maracaibo_env.agents.strongest", "StrongestAgent")(spec.game),
    page=True, page_help="strongest", order=40))

register(AgentKind(
    kind="python",
    help="your own agent class (constructed without arguments; act(observation, mask, rng[, game=]))",
    forms=("python:<module>:<Class>",), parse=_parse_python,
    examples=("python:maracaibo_env.agents.random_agent:RandomAgent",),
    make=lambda spec: load_class(spec.text)(), claims=lambda s: _head(s) == "python",
    page_precheck=lambda s: ("python: agents run code; start them from Python or the command line "
                             "(play --allow-code), not from a page or a saved file"),
    order=60))


def seat_agent(text: str, game: str):
    """The agent of a spec string for a seat of the game (the single-agent envs'
    opponents); ValueError for the game's solo opponent, which takes no seat."""
    spec = parse_spec(text, game)     # AgentSpecError lists the known specs
    row = kind_of(spec)
    if not row.seat:
        raise ValueError(f"opponent {text!r} is the solo opponent, not a seat: {row.solo_use} "
                         "(num_players=1)")
    return make_agent(spec)


def compiled_opponent(text, game: str) -> tuple[str, Any]:
    """(spec text, the compiled engine's seat value) of a spec for an opponent
    seat of the vector envs (maracaibo_env/framework/vector.py, which imports no
    agent: each game's plug-in passes this reader in); a ValueError naming the
    specs the game's compiled engine plays, and callable policies, otherwise."""
    try:
        spec = parse_spec(text, game)
    except AgentSpecError:
        spec = None
    if spec is None or not compiled_ok(spec):
        forms = [f for r in agent_kinds(game) if r.seat and r.compiled for f in r.spec_forms()]
        raise ValueError(f"opponent {text!r}: give an agent spec the compiled engine plays "
                         f"({', '.join(forms)}) or a callable policy(obs, masks)")
    return spec.text, compiled_seat(spec)
