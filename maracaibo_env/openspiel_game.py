"""Maracaibo as an OpenSpiel game (optional: needs ``pip install open_spiel``).

    import pyspiel
    import maracaibo_env.openspiel_game            # registers "python_maracaibo"
    game = pyspiel.load_game("python_maracaibo(players=3)")
    state = game.new_initial_state()               # a chance node: the deal

A registered Python game (`pyspiel.register_game`) over the numba core: every
rule stays in `maracaibo_env.Game`; this module adds OpenSpiel's state API,
observers and a determinizing resampler for ISMCTS. Modelling choices
(docs/openspiel.md has the long form):

* Chance: one explicit chance node at the root with NUM_DEALS equally likely
  outcomes; outcome k is the engine seed k (`Game(seed=k)`). The engine's
  in-state generator, seeded there, makes every later shuffle and draw, so
  the whole game after the root is deterministic given the deal seed: the
  seed stands for the deal *and* all future draws. It is hidden: no
  observation, information state or action string of a player shows it.
* Utilities: zero-sum pairwise rank, u_i = sum_j sign(VP_i - VP_j) / (n - 1):
  +1 for the sole winner, -1 for the sole last, 0 for a tie between two;
  in [-1, 1], summing to 0.
* Observation (string and tensor): the engine's per-seat observation vector
  `Game.observe(seat)` (OBS_SIZE ints, seats relative to the observer;
  opponents' hands and plans only as counts, deck order never).
* Information state string: perfect recall. It is the readable current
  observation plus a 128-bit BLAKE2b digest of everything the seat has
  observed: its observation after the deal and after every move, and its own
  action ids. It is a function of the seat's observation history only.
  Information state tensor: the current observation (a fixed-size tensor
  cannot hold the whole history), so the tensor is not perfect recall.
* `resample_from_infostate(player, sampler)`: a determinization for ISMCTS
  (see `resample`); the C++ `pyspiel.ISMCTSBot` cannot call it for a Python
  game, use `open_spiel.python.algorithms.ismcts.ISMCTSBot`.
"""
from __future__ import annotations

import hashlib

import numpy as np

try:
    import pyspiel
except ModuleNotFoundError as exc:  # an optional extra
    if exc.name != "pyspiel":
        raise
    raise ModuleNotFoundError("maracaibo_env.openspiel_game needs OpenSpiel: pip install open_spiel",
                              name="pyspiel") from None

from .catalog import STORY_NUMBERS
from .core import layout as L
from .core.actions import NUM_ACTIONS
from .core.catalog_layout import CATALOG
from .core.enums import PHASES
from .core.observe import OBS_SIZE, OBS_SPEC
from .game import Game

__all__ = ["SHORT_NAME", "NUM_DEALS", "MaracaiboGame", "MaracaiboState", "MaracaiboObserver",
           "resample", "make_resampler", "utilities", "max_game_length"]

SHORT_NAME = "python_maracaibo"
#: chance outcomes of the deal: outcome k plays the engine seed k
NUM_DEALS = 1 << 16
#: decisions per player allowed by max_game_length. Measured (0.1.0, 20,000
#: uniformly random games per player count): at most 262 / 338 / 447 decisions
#: for 2 / 3 / 4 players; games that always sail the fewest MP (the longest a
#: game gets) reached 588 / 845 / 1090. 600 per player is about 2x that.
DECISIONS_PER_PLAYER = 600
_DIGEST = 16  # bytes of the information-state history digest


def max_game_length(players: int) -> int:
    return DECISIONS_PER_PLAYER * players


_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Maracaibo (numba core)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": 2, "story": 75},
)

_OBS_OFF: dict[str, tuple[int, int]] = {}
_off = 0
for _name, _size, _ in OBS_SPEC:
    _OBS_OFF[_name] = (_off, _size)
    _off += _size
assert _off == OBS_SIZE
_DEALS: list[tuple[int, float]] | None = None


def utilities(scores) -> list[float]:
    """Zero-sum pairwise-rank utilities of final VP: sum_j sign(s_i - s_j) / (n - 1)."""
    n = len(scores)
    return [sum((a > b) - (a < b) for b in scores) / (n - 1) for a in scores]


class MaracaiboGame(pyspiel.Game):
    """OpenSpiel game; parameters: players (2..4, default 2), story (75, 76, 77)."""

    def __init__(self, params=None):
        params = dict(params or {})
        players = params.get("players", 2)
        story = params.get("story", 75)
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
            raise ValueError(f"{SHORT_NAME}: players must be 2, 3 or 4, got {players!r} "
                             "(the solo game against Jean is not offered here)")
        if isinstance(story, bool) or story not in STORY_NUMBERS:
            raise ValueError(f"{SHORT_NAME}: story must be one of {STORY_NUMBERS}, got {story!r}")
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=NUM_DEALS,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_game_length(players))
        super().__init__(_GAME_TYPE, info, {"players": players, "story": story})
        self.players = players
        self.story = story

    def new_initial_state(self):
        return MaracaiboState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return MaracaiboObserver(iig_obs_type, params)


class _Engine:
    """Holds a Game: deep copies are Game.clone() (sharing the read-only
    catalog, which a plain deepcopy would copy), pickles are its JSON save."""
    __slots__ = ("g",)

    def __init__(self, g: Game):
        self.g = g

    def __deepcopy__(self, memo):
        return _Engine(self.g.clone())

    def __reduce__(self):
        return _engine_from_json, (self.g.to_json(),)


def _engine_from_json(text: str) -> _Engine:
    return _Engine(Game.from_json(text))


class MaracaiboState(pyspiel.State):
    """An OpenSpiel state: the deal chance node, then the engine's decisions."""

    def __init__(self, game):
        super().__init__(game)
        self._players = game.num_players()
        self._story = int(game.get_parameters()["story"])
        self._eng: _Engine | None = None      # None until the deal
        self._seen: tuple[bytes, ...] = ()    # per seat: digest of its observation history
        self._decisions = 0

    # ---- the engine --------------------------------------------------------
    @property
    def engine(self) -> Game | None:
        """The underlying maracaibo_env.Game (None before the deal). Read it;
        acting on it directly desynchronises OpenSpiel's history."""
        return None if self._eng is None else self._eng.g

    def current_player(self):
        if self._eng is None:
            return pyspiel.PlayerId.CHANCE
        g = self._eng.g
        return pyspiel.PlayerId.TERMINAL if g.is_over else g.current_player

    def _legal_actions(self, player):
        return self._eng.g.legal_actions()

    def chance_outcomes(self):
        global _DEALS
        if _DEALS is None:
            _DEALS = [(k, 1.0 / NUM_DEALS) for k in range(NUM_DEALS)]
        return _DEALS

    def _apply_action(self, action):
        if self._eng is None:
            g = Game(num_players=self._players, seed=int(action), story=self._story)
            g.history = None  # OpenSpiel keeps the history; clones stay O(state)
            self._eng = _Engine(g)
            self._seen = tuple(_digest(b"deal", g.observe(p)) for p in range(self._players))
            return
        g = self._eng.g
        p = g.current_player
        g.step(int(action))
        self._decisions += 1
        own = b"a%d" % action
        self._seen = tuple(_digest(self._seen[q] + (own if q == p else b""), g.observe(q))
                           for q in range(self._players))

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal:seed{action}"
        return _names()[action]

    def is_terminal(self):
        return self._eng is not None and self._eng.g.is_over

    def returns(self):
        if not self.is_terminal():
            return [0.0] * self._players
        return utilities(self._eng.g.scores())

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state the seat `player_id` cannot tell from this one (same
        information state string and tensor) with the hidden parts drawn at
        random (see `resample`); the randomness comes from probability_sampler
        (a callable giving floats in [0, 1), e.g. pyspiel.UniformProbabilitySampler)."""
        seed = [int(probability_sampler() * 2**32) for _ in range(4)]
        return resample(self, player_id, np.random.default_rng(seed))

    def __str__(self):
        if self._eng is None:
            return f"Maracaibo {self._players}p, story {self._story}: the deal (chance) is next"
        g = self._eng.g
        names = g.catalog.card_names
        lines = [f"{g!r} seed {int(g.state[L.G_SEED])}"]
        for p in range(g.num_seats):
            v = g.state
            hand = v[L.field_slice("HAND", p)][: v[L.field_slice("HAND_N", p)][0]]
            plan = v[L.field_slice("PLAN", p)]
            lines.append(f"p{p}: hand {[names[c] for c in hand]} plan "
                         f"{[names[c] for c in plan if c >= 0]}")
        lines.append("state " + hashlib.blake2b(g.state.tobytes(), digest_size=8).hexdigest())
        return "\n".join(lines)


def _digest(prefix: bytes, obs: np.ndarray) -> bytes:
    return hashlib.blake2b(prefix + obs.tobytes(), digest_size=_DIGEST).digest()


_NAMES: list[str] | None = None


def _names() -> list[str]:
    global _NAMES
    if _NAMES is None:
        _NAMES = Game(num_players=2).action_names
    return _NAMES


class MaracaiboObserver:
    """PyObserver: `tensor` is the seat's observation vector (float32, with a
    named view per OBS_SPEC slice in `dict`); `string_from` is readable, and
    for the perfect-recall information state it ends with the digest of the
    seat's observation history. Only private_info=SINGLE_PLAYER is offered:
    the engine's observation is seat-relative, so it has no public-only or
    all-players form."""

    def __init__(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"{SHORT_NAME}: observation parameters are not supported, got {params}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info:
            raise ValueError(f"{SHORT_NAME}: only the single-player observation (public_info=True, "
                             f"private_info=SINGLE_PLAYER) is offered, got public_info="
                             f"{iig_obs_type.public_info}, private_info={iig_obs_type.private_info}")
        self.perfect_recall = iig_obs_type.perfect_recall
        self.tensor = np.zeros(OBS_SIZE, np.float32)
        self.dict = {name: self.tensor[off:off + size] for name, (off, size) in _OBS_OFF.items()}

    def set_from(self, state, player):
        g = state.engine
        if g is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = g.observe(player)

    def string_from(self, state, player):
        g = state.engine
        if g is None:
            return f"p{player}: before the deal"
        obs = g.observe(player)
        text = _describe(obs, player, g.catalog)
        if self.perfect_recall:
            return (f"{text}\nmove {state._decisions}, history "
                    f"{state._seen[player].hex()}")
        return f"{text}\nobs {hashlib.blake2b(obs.tobytes(), digest_size=_DIGEST).hexdigest()}"


def _describe(obs: np.ndarray, player: int, cat) -> str:
    """Readable summary of one observation vector (nothing else is read)."""
    def f(name):
        off, size = _OBS_OFF[name]
        return obs[off:off + size].tolist()

    cards = cat.card_names
    ids = lambda xs: ", ".join(cards[c] for c in xs if c >= 0) or "-"  # noqa: E731
    acting = f("acting_seat")[0]
    career, options = f("career")[0], [c for c in f("career_options") if c >= 0]
    if career >= 0:
        career_text = cat.career_names[career]
    else:
        career_text = ("choose " + " / ".join(cat.career_names[c] for c in options)) if options else "-"
    np_ = f("num_players")[0]
    out = [f"p{player} | round {f('round')[0]} | {PHASES[f('phase')[0]]} | to act: "
           + ("-" if acting < 0 else "you" if acting == 0 else f"seat +{acting}"),
           f"hand: {ids(f('hand'))} | plan: {ids(f('plan'))} | career: {career_text}",
           f"market: {ids(f('market'))} | draw {f('draw_pile')[0]} | discard {f('discard_pile')[0]}"]
    for k in range(np_):
        g = lambda n: f(f"p{k}_{n}")[0]  # noqa: E731
        ship = g("ship")
        out.append(f"{'you' if k == 0 else f'seat +{k}'}: {g('vp')} VP, {g('doubloons')} doubloons, "
                   f"{g('cp')} CP, hand {g('hand_count')}, plan {g('plan_count')}, "
                   f"ship {cat.loc_keys[ship] if 0 <= ship < len(cat.loc_keys) else ship}, "
                   f"influence {'/'.join(map(str, f(f'p{k}_influence')))}, cards {g('tableau_count')}")
    return "\n".join(out)


# ---- determinization -----------------------------------------------------------------
_DECK_OFF = CATALOG["CARD_DECK"][0]


def resample(state: MaracaiboState, player: int, rng: np.random.Generator) -> MaracaiboState:
    """A determinization of `state` for seat `player`: a copy whose hidden
    parts are redrawn at random, keeping everything the seat observes (so its
    information state string and tensor, and its legal actions, are unchanged).

    Redrawn: the cards in the other seats' hands and planning areas together
    with the draw pile (a random permutation of those cards over those slots
    that keeps each card's deck, A or B, as every hand is known to hold only
    A-cards at set-up); the quest tiles under the face-up top of the quest
    pile; the combat tokens of both face-down piles (pile sizes kept); the
    face-down prestige buildings among themselves and the buildings not in
    play; and the engine's random generator (hence every later shuffle and
    draw). Kept: the discard pile, the other seats' career cards, the Game's
    recorded seed. This is the usual ISMCTS determinization, not an exact
    sample from the posterior over deals given the seat's history (it ignores
    what opponents' choices reveal about their hands)."""
    if state.is_chance_node() or state.is_terminal():
        return state.clone()
    new = state.clone()
    g = new.engine
    v = g.state.copy()
    cat = g.catalog.array
    slots = []  # absolute positions in v holding a hidden card
    for q in range(g.num_seats):
        if q == player:
            continue
        b = L.PLAYERS + q * L.PLAYER_SIZE
        slots += range(b + L.P_HAND, b + L.P_HAND + int(v[b + L.P_HAND_N]))
        slots += [b + L.P_PLAN + j for j in range(L.PLAN_CAP) if v[b + L.P_PLAN + j] >= 0]
    slots += range(L.G_DRAW, L.G_DRAW + int(v[L.G_DRAW_N]))
    slots = np.asarray(slots, np.int64)
    if len(slots):
        decks = cat[_DECK_OFF + v[slots]]
        for d in np.unique(decks):
            s = slots[decks == d]
            v[s] = rng.permutation(v[s])
    qn = int(v[L.G_QPILE_N])
    if qn > 2:
        v[L.G_QPILE:L.G_QPILE + qn - 1] = rng.permutation(v[L.G_QPILE:L.G_QPILE + qn - 1])
    n0, n1 = int(v[L.G_TPILE_N]), int(v[L.G_TPILE_N + 1])
    tokens = rng.permutation(np.concatenate([v[L.G_TPILE0:L.G_TPILE0 + n0], v[L.G_TPILE1:L.G_TPILE1 + n1]]))
    v[L.G_TPILE0:L.G_TPILE0 + n0], v[L.G_TPILE1:L.G_TPILE1 + n1] = tokens[:n0], tokens[n0:]
    rev = int(v[L.G_PR_REVEALED])
    hidden = [s for s in range(rev, L.N_BUILDINGS) if v[L.G_PR_INVESTORS + s] == 0]
    if hidden:
        shown = set(v[L.G_PR_BUILD:L.G_PR_BUILD + L.N_BUILDINGS].tolist()) - {
            int(v[L.G_PR_BUILD + s]) for s in hidden}
        pool = rng.permutation([b for b in range(L.N_PRESTIGE) if b not in shown])
        for s, bld in zip(hidden, pool):
            v[L.G_PR_BUILD + s] = bld
    rng_state = rng.integers(-2**31, 2**31, size=2, dtype=np.int64)
    if not rng_state.any():
        rng_state[0] = 1
    v[L.G_RNG:L.G_RNG + 2] = rng_state
    v[L.G_SEED] = rng.integers(2**31)  # the recorded deal seed says nothing about this world
    # rebuild through the public save format: validates the new state and
    # recomputes the legal-action mask
    saved = g.to_dict()
    saved["state"] = L.describe_state(v, all_players=True)
    new._eng = _Engine(Game.from_dict(saved, g.catalog))
    return new


def make_resampler(seed=None):
    """A resampler callback for ISMCTSBot.set_resampler with its own seeded
    generator (reproducible searches): cb(state, player) -> resample(...)."""
    rng = np.random.default_rng(seed)
    return lambda state, player: resample(state, player, rng)


pyspiel.register_game(_GAME_TYPE, MaracaiboGame)
