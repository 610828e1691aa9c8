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
The tournament and balance adapters, `match.play_match`,
`pirates_match.play_pirates_match`, play sessions, the web app's allowlist,
the vector and single-agent envs' opponents and the CLIs' help read this
table; none of them parses a spec or lists the kinds itself.

Rows keep their registration order: the order of `available_agents` and of
"known:" lists. Nothing here imports an agent or a game's engine until a
row's parser, maker or forms are asked for, so importing this module (and
``maracaibo_env``) stays light. A kind whose agents differ by game (the
heuristics) is one row per game with the same ``kind``. A new kind is one
``register(AgentKind(...))``; a test may add one for a while with
``registered(kind)``.
"""
from __future__ import annotations

import importlib
import textwrap
from contextlib import contextmanager
from dataclasses import dataclass, replace
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


# ---- the table -------------------------------------------------------------------------------
def register(row: AgentKind) -> AgentKind:
    """Add a kind (after the others); ValueError if that kind already plays one of its games."""
    if not isinstance(row, AgentKind):
        raise TypeError(f"register takes an AgentKind, got {type(row).__name__}")
    for other in _KINDS:
        if other.kind == row.kind and (other.games is None or row.games is None
                                       or set(other.games) & set(row.games)):
            raise ValueError(f"agent kind {row.kind!r} is already registered for "
                             f"{', '.join(other.games) if other.games else 'every game'}")
    _KINDS.append(row)
    return row


def unregister(kind: str, game: str | None = None) -> None:
    """Remove the rows of a kind (only the one playing `game` when given); ValueError if none."""
    rows = [r for r in _KINDS if r.kind == kind and (game is None or r.plays(game))]
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
    """The rows, in registration order; with a game id, those that play it
    (UnknownGameError for an unknown game)."""
    if game is None:
        return tuple(_KINDS)
    game_info(game)
    return tuple(r for r in _KINDS if r.plays(game))


def available_agents(game: str = DEFAULT_GAME) -> list[str]:
    """The spec forms a game accepts, in table order (the "known:" of errors)."""
    return [f for row in agent_kinds(game) for f in row.spec_forms()]


def kind_of(spec: AgentSpec) -> AgentKind:
    """The row of a parsed spec (its kind, for its game)."""
    for row in _KINDS:
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
                                       for r in _KINDS):
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


def _attr(module: str, name: str):
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


def _random_agent(spec: AgentSpec):
    return _attr("maracaibo_env.agents.random_agent", "RandomAgent")()


def _maracaibo_heuristics() -> dict:
    return _attr("maracaibo_env.maracaibo.agents.heuristics", "AGENTS")   # the five strategies, 'quick', 'tuned' and 'fast'


def _pirates_strategies() -> dict:
    return _attr("maracaibo_env.pirates.agents.heuristics", "STRATEGIES")


#: a heuristic's options per game (``name:eps=0.5:depth=0``): key -> (type, low, high, help).
#: eps = the chance of a uniformly random move instead of the heuristic's; depth = own
#: decisions of greedy lookahead after each legal action (0 = a one-ply evaluation).
#: The opponent ladder (maracaibo_env/agents/ladder.py) is made of such specs.
HEURISTIC_OPTIONS = {
    "maracaibo": {"eps": (float, 0.0, 1.0, "chance of a random move"),
                  "depth": (int, 0, 24, "lookahead decisions (balanced 12, quick 5, 0 = one ply)")},
    "pirates": {"eps": (float, 0.0, 1.0, "chance of a random move")},
}


def heuristic_options(text: str, game: str) -> tuple[str, dict]:
    """(strategy name, keyword options) of 'name[:eps=X][:depth=N]'; AgentSpecError
    for an unknown option or a value out of range (the name is checked by the caller)."""
    name, *parts = text.split(":")
    table, out = HEURISTIC_OPTIONS[game], {}
    allowed = ", ".join(f"{k}=<{lo}..{hi}>" for k, (_, lo, hi, _h) in table.items())
    for part in parts:
        key, eq, value = part.partition("=")
        if not eq or key not in table or key in out:
            raise AgentSpecError(f"agent spec {text!r}: unknown or repeated option {part!r}; "
                                 f"options: {allowed}")
        kind, lo, hi, _ = table[key]
        try:
            v = kind(value)
        except ValueError:
            raise AgentSpecError(f"agent spec {text!r}: {key}={value!r} is not "
                                 f"{'an int' if kind is int else 'a number'}") from None
        if not lo <= v <= hi or v != v:
            raise AgentSpecError(f"agent spec {text!r}: {key} must be in {lo}..{hi}, got {value}")
        out[key] = v
    return name, out


def _heuristic_parser(table: Callable[[], dict], game: str) -> Callable[[str], AgentSpec | None]:
    def parse(s: str) -> AgentSpec | None:
        name = s.split(":", 1)[0]
        if name not in table():
            return None
        heuristic_options(s, game)   # a bad option fails now
        return AgentSpec(s, "heuristic", s)
    return parse


def _pirates_heuristic(spec: AgentSpec) -> tuple[str, float]:
    name, opts = heuristic_options(spec.arg, "pirates")
    return name, float(opts.get("eps", 0.0))


def _maracaibo_heuristic(spec: AgentSpec):
    name, opts = heuristic_options(spec.arg, "maracaibo")
    return _maracaibo_heuristics()[name](**opts)


def _heuristic_forms(table: Callable[[], dict], game: str) -> tuple[str, ...]:
    opts = "".join(f"[:{k}={k[0].upper()}]" for k in HEURISTIC_OPTIONS[game])
    return (*table(), f"<heuristic>{opts}")


def _difficulties() -> tuple[str, ...]:
    return _attr("maracaibo_env.maracaibo.core.enums", "DIFFICULTIES")


def _parse_jean(s: str) -> AgentSpec | None:
    return AgentSpec(s, "jean", s[5:]) if s.startswith("jean:") and s[5:] in _difficulties() else None


def _jordan_max() -> int:
    return _attr("maracaibo_env.pirates.core.options", "MAX_DIFFICULTY")


def _parse_jordan(s: str) -> AgentSpec | None:
    k = s[7:]
    if s.startswith("jordan:") and k.isdigit() and int(k) <= _jordan_max():
        return AgentSpec(s, "jordan", k)
    return None


def _parse_policy(s: str) -> AgentSpec | None:
    if not (s.startswith("policy:") and len(s) > 7):
        return None
    from maracaibo_env.maracaibo.agents.policy import PolicyFileError, load_policy
    try:
        load_policy(s[7:])  # a missing or malformed file fails now
    except PolicyFileError as e:
        raise AgentSpecError(f"agent spec {s!r}: {e}") from None
    return AgentSpec(s, "policy", s[7:])


def _shipped_only(s: str) -> str | None:
    """A page names a policy by shipped name only, decided on the text: no path is ever opened."""
    shipped = _attr("maracaibo_env.maracaibo.agents.policy", "shipped_policies")()
    if s[7:] not in shipped:
        return (f"only shipped policies may be chosen here "
                f"({', '.join('policy:' + p for p in shipped) or 'none shipped'})")
    return None


# ---- mcts: its options, and the caps of a page's mcts --------------------------------------------
MCTS_FORM = "mcts[:iters=N][:c=X][:depth=D][:top=K][:dets=M][:rollout=R][:ms=T]"
#: each game's search agent (one SearchAgent of framework/search.py on the game's adapter)
MCTS_AGENTS = {"maracaibo": ("maracaibo_env.maracaibo.agents.mcts", "MCTSAgent"),
               "pirates": ("maracaibo_env.pirates.agents.mcts", "PiratesMCTSAgent")}
_MCTS_ACTIONS = {"maracaibo": "maracaibo_env.maracaibo.core.actions",
                 "pirates": "maracaibo_env.pirates.core.actions"}
#: caps on mcts options (maracaibo_env/maracaibo/agents/mcts.py, maracaibo_env/pirates/agents/mcts.py) for specs from a page or a save
MCTS_CAPS = {"iterations": 2000, "rollout_depth": 50, "dets": 100}
#: Pirates' caps: its iterations are cheaper (its default is 4000, maracaibo_env/pirates/agents/mcts.py)
PIRATES_MCTS_CAPS = {"iterations": 8000, "rollout_depth": 50, "dets": 100}
_CAPS = {"maracaibo": MCTS_CAPS, "pirates": PIRATES_MCTS_CAPS}
#: with rollout=balanced every rollout step is a full heuristic decision
#: (~0.2 ms), so iterations x rollout_depth is capped instead of depth alone
BALANCED_ROLLOUT_STEPS = 2000


#: the games whose search takes a learned leaf value (value=<name|file.npz>, maracaibo_env/maracaibo/agents/value_net.py)
MCTS_VALUE_GAMES = ("maracaibo",)


def mcts_option_table(game: str = DEFAULT_GAME) -> dict:
    """spec key -> (MCTSAgent keyword, type, low, high) (for str: the two values
    allowed; for "value": a learned value's name or file, low/high unused)."""
    num_actions = _attr(_MCTS_ACTIONS[game], "NUM_ACTIONS")
    table = {"iters": ("iterations", int, 1, 10**7), "c": ("exploration", float, 0.0, 100.0),
             "depth": ("rollout_depth", int, 0, 10**5), "top": ("top", int, 0, num_actions),
             "dets": ("dets", int, 0, 10**4), "ms": ("ms", float, 0.0, 3.6e6),
             "rollout": ("rollout", str, "random", "balanced")}
    if game in MCTS_VALUE_GAMES:
        table["value"] = ("value", "value", None, None)
    return table


def mcts_help(game: str = DEFAULT_GAME) -> str:
    top = mcts_option_table(game)["top"][3]
    return (f"iters=<1..10000000>, c=<0..100>, depth=<0..100000>, top=<0..{top}>, dets=<0..10000>, "
            "ms=<0..3600000>, rollout=<random|balanced>"
            + (", value=<name|file.npz>" if game in MCTS_VALUE_GAMES else ""))


def _check_value(text: str, value: str) -> str:
    """A learned value's name or file, loaded now so that a bad one fails before any game."""
    from maracaibo_env.maracaibo.agents.value_net import ValueFileError, load_value
    try:
        load_value(value)
    except ValueFileError as e:
        raise AgentSpecError(f"agent spec {text!r}: {e}") from None
    return value


def mcts_options(text: str, game: str = DEFAULT_GAME) -> dict:
    """MCTSAgent keyword arguments of 'mcts[:iters=N][:c=X][:depth=D][:top=K]...'
    (options separated by colons: commas separate the agents of a list)."""
    table = mcts_option_table(game)
    out: dict = {}
    body = text[5:] if text.startswith("mcts:") else ""
    for part in filter(None, body.split(":")):
        key, eq, value = part.partition("=")
        spec = table.get(key.strip())
        if not eq or spec is None:
            raise AgentSpecError(f"agent spec {text!r}: unknown option {part!r}; options: {mcts_help(game)}")
        name, kind, lo, hi = spec
        if kind == "value":
            out[name] = _check_value(text, value)
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


def _is_mcts(s: str) -> bool:
    return s == "mcts" or s.startswith("mcts:")


def _mcts_parser(game: str) -> Callable[[str], AgentSpec | None]:
    def parse(s: str) -> AgentSpec | None:
        if not _is_mcts(s):
            return None
        mcts_options(s, game)  # a bad option fails now
        return AgentSpec(s, "mcts", s)
    return parse


_parse_mcts = _mcts_parser(DEFAULT_GAME)


def _mcts_agent(spec: AgentSpec):
    return _attr(*MCTS_AGENTS[spec.game])(**mcts_options(spec.text, spec.game))


def _mcts_page_check(spec: AgentSpec) -> str | None:
    """Why an mcts spec is too expensive for a page (None: within the caps)."""
    o = mcts_options(spec.text, spec.game)
    if o.get("ms", 0):
        return "no ms= time budget here"
    for name, cap in _CAPS[spec.game].items():
        if o.get(name, 0) > cap:
            return f"{name} at most {cap} here"
    if o.get("rollout") == "balanced":
        steps = o.get("iterations", 1000) * o.get("rollout_depth", 0)
        if steps > BALANCED_ROLLOUT_STEPS:
            return f"with rollout=balanced, iters x depth at most {BALANCED_ROLLOUT_STEPS} here, got {steps}"
    return None


def _mcts_precheck(s: str) -> str | None:
    """A page may name a shipped learned value, not a file (a path is a file read)."""
    for part in s.split(":")[1:]:
        key, _, value = part.partition("=")
        if key.strip() == "value" and value.strip().endswith(".npz"):
            return "mcts value=<file.npz> reads a file; here value= names a shipped value"
    return None


def _mcts_worst(caps: dict) -> tuple[str, ...]:
    """The allowed mcts specs at the corners of the caps: the most expensive decisions."""
    it, depth, dets = caps["iterations"], caps["rollout_depth"], caps["dets"]
    return (f"mcts:iters={it}:top=0:depth={depth}",
            f"mcts:iters={it}:top=0:depth={max(1, BALANCED_ROLLOUT_STEPS // it)}:rollout=balanced"
            if BALANCED_ROLLOUT_STEPS >= it else f"mcts:iters={BALANCED_ROLLOUT_STEPS}:top=0:depth=1:rollout=balanced",
            f"mcts:iters={BALANCED_ROLLOUT_STEPS // 2}:top=0:depth=2:rollout=balanced",
            f"mcts:iters={it}:top=0:depth={depth}:dets={dets}")


def _mcts_page_help(caps: dict) -> str:
    return (f"mcts with iters <= {caps['iterations']}, depth <= {caps['rollout_depth']} (iters x depth <= "
            f"{BALANCED_ROLLOUT_STEPS} with rollout=balanced), dets <= {caps['dets']} and no ms= budget")



# ---- the kinds --------------------------------------------------------------------------------
register(AgentKind(
    kind="random", help="uniform random legal moves", forms=("random",),
    parse=lambda s: AgentSpec(s, "random") if s == "random" else None,
    make=_random_agent, compiled=lambda spec: None,      # the engines' own random player
    page=True, page_help="random"))

register(AgentKind(
    kind="heuristic", games=("maracaibo",),
    help="the rule-of-thumb strategies (maracaibo_env.maracaibo.agents.heuristics): one-step lookahead on a sanitised copy; "
         "quick = balanced with a shorter lookahead; tuned = balanced's terms re-weighted by a search; "
         "fast = tuned with cheaper lookahead probes",
    forms=lambda: _heuristic_forms(_maracaibo_heuristics, "maracaibo"),
    parse=_heuristic_parser(_maracaibo_heuristics, "maracaibo"),
    make=_maracaibo_heuristic,
    compiled=_maracaibo_heuristic,   # SeatTables reads its weights, lookahead and eps
    examples=lambda: (*_maracaibo_heuristics(), "balanced:eps=0.5:depth=0"),
    page=True, page_help="the heuristics (options eps, depth)"))

register(AgentKind(
    kind="heuristic", games=("pirates",),
    help="the rule-of-thumb strategies (maracaibo_env.pirates.agents.heuristics): one-step lookahead, "
         "hidden cards redrawn",
    forms=lambda: _heuristic_forms(_pirates_strategies, "pirates"),
    parse=_heuristic_parser(_pirates_strategies, "pirates"),
    make=lambda spec: _attr("maracaibo_env.pirates.agents.heuristics", "PiratesHeuristicAgent")(
        *_pirates_heuristic(spec)),
    compiled=_pirates_heuristic,       # (strategy name, eps): the weights row and the random share
    examples=lambda: (*_pirates_strategies(), "raider:eps=0.5"),
    page=True, page_help="the heuristics (option eps)"))

register(AgentKind(
    kind="jean", games=("maracaibo",), seat=False,
    help="the solo opponent Jean at a level, played by the engine: not a seat, the opponent "
         "of a solo game (tournaments: --format solo --levels)",
    forms=lambda: tuple(f"jean:{d}" for d in _difficulties()), parse=_parse_jean,
    solo_use="use a solo game with difficulty=<level>",
    solo_game=lambda spec: {"difficulty": spec.arg},
    claims=lambda s: s.startswith("jean:")))

def _mcts_kind(game: str, help: str) -> AgentKind:
    """The mcts row of a game: the shared search (framework/search.py) on its
    adapter, with the game's page caps."""
    caps = _CAPS[game]
    return AgentKind(
        kind="mcts", games=(game,), help=help, forms=(MCTS_FORM,),
        examples=("mcts:iters=20:depth=2", "mcts", "mcts:iters=5:depth=1:rollout=balanced"),
        parse=_mcts_parser(game), make=_mcts_agent, claims=_is_mcts,
        page=True, page_help=_mcts_page_help(caps), page_check=_mcts_page_check,
        page_worst=_mcts_worst(caps), page_precheck=_mcts_precheck)


register(_mcts_kind(
    "maracaibo",
    "information-set MCTS (maracaibo_env/maracaibo/agents/mcts.py): N iterations a decision (default 1000), "
    "exploration c (0.2), rollouts of D moves (0; R = random or balanced) scored by the "
    "heuristic evaluation, only the balanced heuristic's K best root moves (3; 0 = all), "
    "M reused determinisations, or a time budget of T ms; value=<name|file.npz> scores the "
    "leaves with a learned value (maracaibo_env/maracaibo/agents/value_net.py) instead"))

register(_mcts_kind(
    "pirates",
    "information-set MCTS (maracaibo_env/pirates/agents/mcts.py, the same search as Maracaibo's): N "
    "iterations a decision (default 4000), exploration c (0.2), rollouts of D moves (0; R = "
    "random or balanced = the explorer heuristic's) scored by the explorer heuristic's value, "
    "only the explorer heuristic's K best root moves (3; 0 = all), M reused "
    "determinisations, or a time budget of T ms"))

register(AgentKind(
    kind="strongest",
    help="the strongest agent measured for the game and player count (maracaibo_env/agents/strongest.py; "
         "the table is the game's registry row, the figures docs/agents.md): the hint agent "
         "and the play sessions' default bot",
    forms=("strongest",),
    parse=lambda s: AgentSpec(s, "strongest") if s == "strongest" else None,
    make=lambda spec: _attr("maracaibo_env.agents.strongest", "StrongestAgent")(spec.game),
    page=True, page_help="strongest"))

register(AgentKind(
    kind="policy", games=("maracaibo",),
    help="a trained neural policy played in numpy (maracaibo_env/maracaibo/agents/policy.py): a shipped one "
         "(policy:maracaibo-2p) or weights written by maracaibo_env/training/selfplay.py; greedy over legal moves",
    forms=("policy:<name|file.npz>",), parse=_parse_policy,
    examples=lambda: [f"policy:{p}" for p in _attr("maracaibo_env.maracaibo.agents.policy", "shipped_policies")()],
    make=lambda spec: _attr("maracaibo_env.maracaibo.agents.policy", "PolicyAgent")(spec.arg),
    claims=lambda s: _head(s) == "policy",
    page=True, page_help="policy:<shipped name>", page_precheck=_shipped_only))

register(AgentKind(
    kind="python",
    help="your own agent class (constructed without arguments; act(observation, mask, rng[, game=]))",
    forms=("python:<module>:<Class>",), parse=_parse_python,
    examples=("python:maracaibo_env.agents.random_agent:RandomAgent",),
    make=lambda spec: load_class(spec.text)(), claims=lambda s: _head(s) == "python",
    page_precheck=lambda s: ("python: agents run code; start them from Python or the command line "
                             "(play --allow-code), not from a page or a saved file")))

register(AgentKind(
    kind="jordan", games=("pirates",), seat=False,
    help="the solo opponent Jordan with k B cards (SOLO-05), played by the engine: not a seat; "
         "tournaments: --format solo --levels K (or a line-up of one agent and jordan:<k>)",
    forms=lambda: (f"jordan:<0-{_jordan_max()}>",), parse=_parse_jordan,
    examples=lambda: [f"jordan:{k}" for k in range(_jordan_max() + 1)],
    solo_use="a line-up of one agent and jordan:<k> plays the solo game",
    solo_game=lambda spec: {"difficulty": int(spec.arg)},
    claims=lambda s: s.startswith("jordan:")))


def seat_agent(text: str, game: str):
    """The agent of a spec string for a seat of the game (the single-agent envs'
    opponents); ValueError for the game's solo opponent, which takes no seat."""
    spec = parse_spec(text, game)     # AgentSpecError lists the known specs
    row = kind_of(spec)
    if not row.seat:
        raise ValueError(f"opponent {text!r} is the solo opponent, not a seat: {row.solo_use} "
                         "(num_players=1)")
    return make_agent(spec)
