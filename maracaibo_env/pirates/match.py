"""Pirates of Maracaibo in tournaments and balance reports: its agent specs,
one game played to a ``match.GameResult``, and its components.

Agent specs (``--game pirates``) come from maracaibo_env.agents.registry's
table: random, the rule-of-thumb strategies raider, explorer and builder
(maracaibo_env.pirates.agents.heuristics), python:<module>:<Class>, and jordan:<k>, the
solo opponent Jordan with k = 0..6 B cards (SOLO-05): a line-up of one agent
and jordan:<k> plays the solo game (the agent is seat 0, Jordan seat 1,
played by the engine; the result lists the seats in the line-up's order and
records k as text in ``difficulty``, as Maracaibo records Jean's level;
tournament reports find the solo game by the spec, ``ratings.solo_of``, so
results stored before ``difficulty`` was set read the same). The tournaments'
solo format (``--format solo --levels 0 3``) plays [agent, jordan:<k>], one
game per deal and level.
Maracaibo's other specs (its heuristics, jean:, mcts, policy:) are refused
with the list above. ``PiratesAdapter`` is what the tournament and balance
code use.

Engines, as for Maracaibo: "compiled" steps the game with the numba cores
(``maracaibo_env.pirates.agents.heuristics.decide`` for a heuristic seat, the core's
``play_random`` for a random seat), one decision per call so that turns per
round and what each player took are recorded; its agents draw from one
xorshift generator started at ``seed * 2654435761 + 1`` (kept a uint64
between calls), so a game plays exactly what
``play_game(n, seed, specs, agent_seed=seed)`` plays (with random seats too,
since play_game also keeps that generator a uint64).
"python" asks agent objects decision by decision (random choices from
``numpy.random.default_rng(seed)``); "auto" is compiled whenever every seat
can be. The game's own chance comes only from its seed either way.

A result records: scores, ``score_breakdown()`` (``Game.VP_SOURCES``),
winners (ties broken by buried treasures), decisions, turns of each player in
each of the 3 rounds, and the events ``(seat, kind, item, round)`` of kind
``figurehead`` (item: figurehead A..L as 0..11), ``improvement`` (item: the
improvement's index in cards.toml) and ``residence`` (item: the residence's
index in cards.toml); careers are empty and story is 0 (Pirates has neither).
"""
from __future__ import annotations

import numpy as np

from ..agents import registry as A
from ..agents.adapter import GameAdapter
from ..agents.registry import AgentSpec
from ..framework.match import ENGINES, GameResult

GAME = "pirates"            # this module's game (registry id)
ROUNDS = 3
EVENT_KINDS = ("figurehead", "improvement", "residence")


def known_specs() -> list[str]:
    return A.available_agents(GAME)


def parse_spec(text) -> AgentSpec:
    """The AgentSpec of a Pirates spec string, or AgentSpecError listing the known ones."""
    return A.parse_spec(text, GAME)


def make_agent(spec: AgentSpec):
    return A.make_agent(spec)


class _Tracker:
    """Turns per player and round, and what each player took, read from the
    state after every decision."""

    def __init__(self, g):
        from .core import constants as L
        self.L, self.g = L, g
        st, n = g.state, g.num_seats
        lay = g.LAYOUT
        self.n = n
        self.watch = np.array([lay.field_slice(f, p).start for p in range(n)
                               for f in ("FIG", "TAB_N", "NRES")], np.int64)
        self.turn_at = np.array([lay.field_slice("TURNS", p).start for p in range(n)], np.int64)
        self.tab = [lay.field_slice("TAB", p).start for p in range(n)]
        self.prev = st[self.watch].copy()
        self.round = int(st[L.G_ROUND])
        self.start = st[self.turn_at].copy()
        self.turns = np.zeros((n, ROUNDS), np.int64)
        self.events: list[tuple[int, str, int, int]] = []
        self.res_slots = [set() for _ in range(n)]
        data = g.catalog.data
        self.first_res = len(data.cards.improvement) + len(data.cards.location)

    def after(self) -> None:
        st, L = self.g.state, self.L
        now = st[self.watch]
        if (now != self.prev).any():
            self._took(now)
            self.prev = now
        if st[L.G_ROUND] != self.round or st[L.G_OVER]:
            t = st[self.turn_at]
            self.turns[:, self.round - 1] += t - self.start
            self.start, self.round = t.copy(), int(st[L.G_ROUND])

    def _took(self, now) -> None:
        st, L, r = self.g.state, self.L, self.round
        for p in range(self.n):
            fig, tabn, nres = (int(v) for v in now[3 * p:3 * p + 3])
            pfig, ptabn, pres = (int(v) for v in self.prev[3 * p:3 * p + 3])
            if fig != pfig and fig >= 0:
                self.events.append((p, "figurehead", fig, r))
            for i in range(ptabn, tabn):
                self.events.append((p, "improvement", int(st[self.tab[p] + i]), r))
            if nres != pres:
                for s in range(L.N_SLOTS):
                    if (st[L.G_SLOT_RES + s] >> p) & 1 and s not in self.res_slots[p]:
                        self.res_slots[p].add(s)
                        self.events.append((p, "residence", int(st[L.G_SLOT_CARD + s]) - self.first_res, r))


def play_pirates_match(specs, seed: int, *, record_history: bool = False, engine: str = "auto",
                       data_dir=None, catalog=None, agents=None, options: dict | None = None) -> GameResult:
    """Play one Pirates game; specs[i] sits in seat i (2-4 seats). A result is
    reproducible from (specs, seed, engine, data)."""
    from . import Game, PLAYER_COUNTS
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(ENGINES)}, not {engine!r}")
    parsed = [s if isinstance(s, AgentSpec) else parse_spec(s) for s in specs]
    if len(parsed) not in PLAYER_COUNTS or len(parsed) == 1:
        raise ValueError(f"a Pirates of Maracaibo game has 2-4 agents, not {len(parsed)}")
    cat = catalog if catalog is not None else get_catalog(data_dir)
    # the solo game: one agent and jordan:<k> (in either order); Jordan sits in seat 1
    jordan = [i for i, p in enumerate(parsed) if not A.kind_of(p).seat]
    order = list(range(len(parsed)))                    # seat of each spec
    if jordan:
        if len(parsed) != 2 or len(jordan) != 1:
            raise ValueError("jordan:<k> plays the solo game: one agent and jordan:<k>, not "
                             + ", ".join(str(p) for p in parsed))
        order = [1, 0] if jordan[0] == 0 else [0, 1]
        seated = [parsed[order.index(0)], parsed[order.index(1)]]
        solo = seated[1]                                # the solo game's options: his deck
        g = Game(1, seed=seed, catalog=cat, **{**dict(options or {}), **A.kind_of(solo).solo_game(solo)})
        mine = None if agents is None else [agents[order.index(0)]]
        r = _play(g, seated[:1], seed, engine, mine, record_history, cat, parsed)
        r.difficulty = solo.arg                         # Jordan's level k as text ('3')
        return _in_spec_order(r, parsed, order)
    g = Game(len(parsed), seed=seed, catalog=cat, **dict(options or {}))
    return _play(g, parsed, seed, engine, agents, record_history, cat, parsed)


def _play(g, parsed, seed, engine, agents, record_history, cat, specs) -> GameResult:
    """Play g to the end with an agent per deciding seat (parsed, in seat order)."""
    compiled_ok = agents is None and all(A.compiled_ok(p) for p in parsed)
    if engine == "compiled" and not compiled_ok:
        raise ValueError(f"engine='compiled' plays {A.compiled_kinds(GAME)} seats only, not "
                         + ", ".join(str(p) for p in parsed if not A.compiled_ok(p)))
    tr = _Tracker(g)
    if engine != "python" and compiled_ok:      # a seat: None (random) or (strategy, eps)
        decisions = _play_compiled(g, [A.compiled_seat(p) for p in parsed], seed, tr)
    else:
        decisions = _play_agents(g, agents if agents is not None else [A.make_agent(p) for p in parsed],
                                 seed, tr)
    n = g.num_seats
    return GameResult(
        seed=int(seed), specs=[str(p) for p in specs], scores=g.scores(), winners=g.winners(),
        breakdown=g.score_breakdown(), decisions=int(decisions),
        turns=[[int(x) for x in tr.turns[p]] for p in range(n)], events=tr.events,
        difficulty=None, data_hash=cat.data_hash,
        history=list(g.history) if record_history and g.history is not None else None,
        game="pirates")


def _in_spec_order(r: GameResult, specs, order) -> GameResult:
    """A solo result with its seats listed in the line-up's order (order[i] = seat of specs[i])."""
    if order == [0, 1]:
        return r
    r.scores = [r.scores[s] for s in order]
    r.breakdown = [r.breakdown[s] for s in order]
    r.turns = [r.turns[s] for s in order]
    r.winners = [order.index(w) for w in r.winners]
    r.events = [(order.index(seat), kind, item, rnd) for seat, kind, item, rnd in r.events]
    return r


def _play_compiled(g, strategies, seed, tr) -> int:
    from maracaibo_env.pirates.agents.heuristics import STRATEGIES, decide, make_bufs
    from .core.layout import STATE_SIZE
    from .core.random_play import play_random
    x = np.uint64(int(seed) * 2654435761 + 1)
    rng = np.array([x], np.uint64)          # the random seats' generator (as play_game's)
    one = np.empty(1, np.int64)
    bufs = (np.empty(STATE_SIZE, np.int32), np.empty(STATE_SIZE, np.int32),
            np.empty(g.NUM_ACTIONS, np.int8), make_bufs())
    eps_rng = np.random.default_rng(int(seed))   # the eps rungs' random-move draws
    decisions = 0
    while not g.is_over:
        seat = strategies[g.current_player]      # None (random) or (strategy, eps)
        w, eps = (None, 0.0) if seat is None else seat
        if w is None or (eps > 0 and eps_rng.random() < eps):
            play_random(g.state, g._cat, g._mask, 0, rng, one)      # exactly one move
            if g.history is not None:
                g.history.append(int(one[0]))
        else:
            a, x = decide(g.state, g._cat, g._mask, STRATEGIES[w], x, *bufs)
            x = np.uint64(x)        # numba returns a Python int: keep the uint64 signature
            g.step(int(a))
        decisions += 1
        tr.after()
    return decisions


def _play_agents(g, agents, seed, tr) -> int:
    from maracaibo_env.agents.base import act_with
    rng = np.random.default_rng(seed)
    decisions = 0
    while not g.is_over:
        g.step(act_with(agents[g.current_player], g, rng))
        decisions += 1
        tr.after()
    return decisions


def get_catalog(data_dir=None):
    """The Pirates game data (the shipped data, or that of a folder, validated)."""
    from . import load_catalog
    return load_catalog(data_dir)


def component_sources(cat) -> dict[str, list[tuple[str, str, str]]]:
    """For each kind, (key, readable name, source) of every component, in item-id order."""
    d = cat.data
    figs = sorted(d.figureheads.figurehead, key=lambda f: f.letter)
    return {"figurehead": [(f.key, f"{f.letter} {f.name}", f.source) for f in figs],
            "improvement": [(c.key, c.name, c.source) for c in d.cards.improvement],
            "residence": [(c.key, c.name, c.source) for c in d.cards.residence]}


def data_summary(cat) -> dict:
    """Source counts over every entry of every data file (as framework.provenance.data_summary)."""
    from ..framework.provenance import counts
    from .data_load import FILE_MODELS
    per_file, total = {}, []
    for stem in FILE_MODELS:
        model = getattr(cat.data, stem)
        found = []
        for name, value in model:
            if isinstance(value, list):
                found += [e.source for e in value if hasattr(e, "source")]
            elif name.endswith("source") and isinstance(value, str):
                found.append(value)
        per_file[stem] = counts(found)
        total += found
    n, r = len(total), total.count("reconstructed")
    return {"entries": n, "reconstructed": r, "per_file": per_file, "counts": counts(total),
            "note": f"reconstructed: {r} of {n} data entries (every file)"}


class PiratesAdapter(GameAdapter):
    name = GAME
    title = "Pirates of Maracaibo"
    report_name = "Pirates of Maracaibo"
    player_counts = (2, 3, 4)
    solo_lineup = True          # a line-up of one agent and jordan:<k> plays the solo game too
    solo_data = ("jordan",)     # Jordan's cards (the balance report's provenance note)
    stories = ()
    default_story = 0
    rounds = ROUNDS
    default_agents = ("raider", "explorer", "builder")
    scores_table = True
    component_kinds = {"figurehead": "figureheads", "improvement": "improvements",
                       "residence": "residences"}
    component_method = (
        "A player (one deciding seat of one game) took a component when the game recorded it: a "
        "figurehead taken, an improvement acquired into the tableau, a residence built (the round "
        "is the one it happened in).")
    warm_modules = ("maracaibo_env.pirates.preload",)
    calibration_level = "3"   # the solo level of `maracaibo calibrate`'s solo games
    result_details: dict[str, str] = {}   # no story cards, no careers: GameResult.details is {}

    @property
    def vp_sources(self):
        from . import Game
        return tuple(Game.VP_SOURCES)

    def play_job(self, job) -> GameResult:
        specs = list(job.specs)
        if job.difficulty is not None:      # the solo format: the agent, then Jordan at the level
            specs.append(A.solo_spec(GAME, job.difficulty))
        return play_pirates_match(specs, job.seed, record_history=job.record_history,
                                  engine=job.engine, data_dir=job.data_dir, options=dict(job.options))

    def game_class(self):
        from . import Game
        return Game

    def load_catalog(self, data_dir=None):
        return get_catalog(data_dir)

    def component_sources(self, cat):
        return component_sources(cat)

    def data_summary(self, cat) -> dict:
        return data_summary(cat)
