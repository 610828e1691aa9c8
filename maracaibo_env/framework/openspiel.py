"""Any game of this package as an OpenSpiel game (optional: needs ``pip install open_spiel``).

The adapter is written against the Game API every game shares
(framework.game.GameBase): ``Game(num_players, seed=k, **parameters)``,
``NUM_ACTIONS``, ``OBS_SIZE``/``OBS`` (its ObsSpec), ``current_player``, ``is_over``,
``legal_actions()``, ``step()``, ``clone()``, ``observe(p)``, ``scores()``,
``to_json``/``from_json`` and the in-state generator (``LAYOUT.glob["SEED"]``).
What differs between games is data, an `OpenSpielSpec` (its parameters,
player counts, decisions per player, how seats are ranked, optional readable
texts and a determinizing resampler); the game's registry row names it
(``GameInfo.openspiel``) and `register_registered_games()` registers every such
game with pyspiel as ``spec.short_name`` (``python_<id>``). This module
imports no game.

Modelling choices, the same for every game (docs/openspiel.md has the long form):

* Chance: one explicit chance node at the root with ``num_deals`` equally
  likely outcomes; outcome k is the engine seed k (``Game(seed=k)``). The
  engine's in-state generator, seeded there, makes every later shuffle and
  draw, so the whole game after the root is deterministic given the deal seed.
  It is hidden: no observation, information state or action string shows it.
* Utilities: zero-sum pairwise rank, u_i = sum_j sign(k_i - k_j) / (n - 1)
  where k is the spec's rank key per seat (VP, or VP then a tie-break).
* Observation (string and tensor): the engine's per-seat ``Game.observe(seat)``.
* Information state string: perfect recall (readable observation plus a
  digest of the seat's observation history and its own action ids);
  information state tensor: the current observation (not perfect recall).
"""
from __future__ import annotations

import hashlib
import sys
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from .obs_spec import ObsSpec, obs_spec_of

try:
    import pyspiel
except ModuleNotFoundError as exc:  # an optional extra
    if exc.name != "pyspiel":
        raise
    raise ModuleNotFoundError("the OpenSpiel adapter needs OpenSpiel: pip install open_spiel",
                              name="pyspiel") from None

__all__ = ["OpenSpielSpec", "OpenSpielGame", "OpenSpielState", "OpenSpielObserver", "utilities",
           "make_classes", "register", "register_registered_games", "registered_specs", "obs_offsets",
           "resample_by_determinize",
           "describe_scalars", "DIGEST"]

DIGEST = 16  # bytes of the information-state history digest


@dataclass(frozen=True)
class OpenSpielSpec:
    """What the OpenSpiel adapter needs to know about one game (data only).

    :param short_name: the pyspiel name ("python_maracaibo").
    :param long_name: pyspiel's long name.
    :param title: the game's name in texts (the state's string before the deal).
    :param game: its Game class, or "module:attribute" (imported on first use).
    :param parameters: the OpenSpiel parameters and their defaults; "players"
        is ``num_players``, every other one is passed to ``Game(...)`` under
        its own name (and checked by it: a bad value is a ValueError at load).
    :param player_counts: the player counts offered (the solo games are not).
    :param decisions_per_player: ``max_game_length`` is this times the players
        (a measured bound with a margin; the chance node is not counted).
    :param num_deals: chance outcomes of the deal (outcome k = engine seed k).
    :param rank_key: ``rank_key(game) -> [key per seat]``: what the utilities
        compare (default: ``game.scores()``); it must rank like ``winners()``.
    :param describe: ``describe(obs, player, game) -> str``: readable text of
        one observation vector (default: its scalar slices by name).
    :param god_view: ``god_view(game) -> [lines]`` added to ``str(state)``
        (the god's-eye view; default none).
    :param resample: ``resample(state, player, rng) -> state``: a
        determinization for ISMCTS (None: ``resample_from_infostate`` is not offered).
    """
    short_name: str
    long_name: str
    title: str
    game: Any
    parameters: dict = field(default_factory=lambda: {"players": 2})
    player_counts: tuple = (2, 3, 4)
    decisions_per_player: int = 600
    num_deals: int = 1 << 16
    rank_key: Callable | None = None
    describe: Callable | None = None
    god_view: Callable | None = None
    resample: Callable | None = None

    @property
    def game_class(self) -> type:
        g = self.game
        if isinstance(g, str):
            from ..registry import _resolve
            g = _resolve(g)
        return g

    def max_game_length(self, players: int) -> int:
        return self.decisions_per_player * players

    def game_type(self) -> "pyspiel.GameType":
        return pyspiel.GameType(
            short_name=self.short_name,
            long_name=self.long_name,
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.ZERO_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=max(self.player_counts),
            min_num_players=min(self.player_counts),
            provides_information_state_string=True,
            provides_information_state_tensor=True,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification=dict(self.parameters),
        )


def utilities(keys) -> list[float]:
    """Zero-sum pairwise-rank utilities: sum_j sign(k_i - k_j) / (n - 1) (keys: VP or tuples)."""
    n = len(keys)
    return [sum((a > b) - (a < b) for b in keys) / (n - 1) for a in keys]


# ---- the game ----------------------------------------------------------------------------------
class OpenSpielGame(pyspiel.Game):
    """An OpenSpiel game over one of this package's games (SPEC says which)."""
    SPEC: OpenSpielSpec
    STATE: type
    OBSERVER: type

    def __init__(self, params=None):
        spec = self.SPEC
        params = {**spec.parameters, **dict(params or {})}
        unknown = sorted(set(params) - set(spec.parameters))
        if unknown:
            raise ValueError(f"{spec.short_name}: unknown parameters {unknown}; "
                             f"known: {sorted(spec.parameters)}")
        players = params["players"]
        if isinstance(players, bool) or not isinstance(players, int) or players not in spec.player_counts:
            raise ValueError(f"{spec.short_name}: players must be "
                             f"{', '.join(map(str, spec.player_counts[:-1]))} or {spec.player_counts[-1]}, "
                             f"got {players!r} (the solo game is not offered here)")
        self.engine_options = {k: v for k, v in params.items() if k != "players"}
        self.game_class = spec.game_class
        try:   # the Game checks its own options: a trial deal
            names = self.game_class(players, seed=0, **self.engine_options).action_names
        except ValueError as exc:
            raise ValueError(f"{spec.short_name}: {exc}") from None
        self.action_names = names
        info = pyspiel.GameInfo(
            num_distinct_actions=self.game_class.NUM_ACTIONS,
            max_chance_outcomes=spec.num_deals,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=spec.max_game_length(players))
        super().__init__(spec.game_type(), info, params)
        self.players = players

    def new_initial_state(self):
        return self.STATE(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return self.OBSERVER(iig_obs_type, params)


class _Engine:
    """Holds a Game: deep copies are Game.clone() (sharing the read-only
    catalog, which a plain deepcopy would copy), pickles are its JSON save."""
    __slots__ = ("g",)

    def __init__(self, g):
        self.g = g

    def __deepcopy__(self, memo):
        return _Engine(self.g.clone())

    def __reduce__(self):
        return _engine_from_json, (type(self.g), self.g.to_json())


def _engine_from_json(cls, text: str) -> _Engine:
    return _Engine(cls.from_json(text))


_DEALS: dict[int, list] = {}


class OpenSpielState(pyspiel.State):
    """An OpenSpiel state: the deal chance node, then the engine's decisions."""
    SPEC: OpenSpielSpec

    def __init__(self, game):
        super().__init__(game)
        self._players = game.num_players()
        self._options = dict(game.engine_options)
        self._game_class = game.game_class
        self._action_names = game.action_names
        self._eng: _Engine | None = None      # None until the deal
        self._seen: tuple[bytes, ...] = ()    # per seat: digest of its observation history
        self._decisions = 0

    # ---- the engine --------------------------------------------------------
    @property
    def engine(self):
        """The underlying Game (None before the deal). Read it; acting on it
        directly desynchronises OpenSpiel's history."""
        return None if self._eng is None else self._eng.g

    def current_player(self):
        if self._eng is None:
            return pyspiel.PlayerId.CHANCE
        g = self._eng.g
        return pyspiel.PlayerId.TERMINAL if g.is_over else g.current_player

    def _legal_actions(self, player):
        return self._eng.g.legal_actions()

    def chance_outcomes(self):
        n = self.SPEC.num_deals
        deals = _DEALS.get(n)
        if deals is None:
            deals = _DEALS[n] = [(k, 1.0 / n) for k in range(n)]
        return deals

    def _apply_action(self, action):
        if self._eng is None:
            g = self._game_class(self._players, seed=int(action), **self._options)
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
        return self._action_names[action]

    def is_terminal(self):
        return self._eng is not None and self._eng.g.is_over

    def returns(self):
        if not self.is_terminal():
            return [0.0] * self._players
        g = self._eng.g
        key = self.SPEC.rank_key
        return utilities(g.scores() if key is None else key(g))

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state the seat `player_id` cannot tell from this one (same
        information state string and tensor) with the hidden parts drawn at
        random (the spec's resample); the randomness comes from
        probability_sampler (a callable giving floats in [0, 1), e.g.
        pyspiel.UniformProbabilitySampler)."""
        if self.SPEC.resample is None:
            raise NotImplementedError(f"{self.SPEC.short_name} offers no resampler (no determinization "
                                      "of its hidden information is written)")
        seed = [int(probability_sampler() * 2**32) for _ in range(4)]
        return self.SPEC.resample(self, player_id, np.random.default_rng(seed))

    def __str__(self):
        if self._eng is None:
            opts = "".join(f", {k} {v}" for k, v in self._options.items())
            return f"{self.SPEC.title} {self._players}p{opts}: the deal (chance) is next"
        g = self._eng.g
        glob = g.LAYOUT.glob
        lines = [f"{g!r} seed {int(g.state[glob['SEED'][0]])}"]
        if self.SPEC.god_view is not None:
            lines += self.SPEC.god_view(g)
        lines.append("state " + hashlib.blake2b(g.state.tobytes(), digest_size=8).hexdigest())
        return "\n".join(lines)


def resample_by_determinize(state, player: int, rng: np.random.Generator, determinize=None):
    """A determinization of an OpenSpiel `state` for seat `player`: a copy
    whose engine is ``determinize(game, player, rng)`` (default: the game's
    own ``Game.determinize``), i.e. everything the seat cannot see (the
    game's core/hidden.py) redrawn at random, keeping what it observes (its
    information state string and tensor, and its legal actions). Before the
    deal or once over: a plain clone."""
    if state.is_chance_node() or state.is_terminal():
        return state.clone()
    new = state.clone()
    g = state.engine
    new._eng = _Engine(g.determinize(player, rng) if determinize is None else determinize(g, player, rng))
    return new


def _digest(prefix: bytes, obs: np.ndarray) -> bytes:
    return hashlib.blake2b(prefix + obs.tobytes(), digest_size=DIGEST).digest()


def obs_offsets(obs_spec) -> dict[str, tuple[int, int]]:
    """name -> (offset, size) of every slice of an observation spec: an
    ObsSpec, a Game class (its ObsSpec) or (name, size, meaning) rows."""
    if isinstance(obs_spec, ObsSpec):
        return obs_spec.offsets
    if isinstance(obs_spec, type):
        return obs_spec_of(obs_spec).offsets
    return ObsSpec(obs_spec).offsets


def describe_scalars(obs: np.ndarray, player: int, game) -> str:
    """The default readable observation: its one-number slices by name."""
    parts = [f"{name} {int(obs[off])}" for name, (off, size) in obs_offsets(type(game)).items()
             if size == 1]
    lines = [f"p{player}"]
    for i in range(0, len(parts), 8):
        lines.append(" | ".join(parts[i:i + 8]))
    return "\n".join(lines)


class OpenSpielObserver:
    """PyObserver: `tensor` is the seat's observation vector (float32, with a
    named view per observation slice in `dict`); `string_from` is readable, and
    for the perfect-recall information state it ends with the digest of the
    seat's observation history. Only private_info=SINGLE_PLAYER is offered:
    the engine's observation is seat-relative, so it has no public-only or
    all-players form."""
    SPEC: OpenSpielSpec

    def __init__(self, iig_obs_type=None, params=None):
        name = self.SPEC.short_name
        if params:
            raise ValueError(f"{name}: observation parameters are not supported, got {params}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info:
            raise ValueError(f"{name}: only the single-player observation (public_info=True, "
                             f"private_info=SINGLE_PLAYER) is offered, got public_info="
                             f"{iig_obs_type.public_info}, private_info={iig_obs_type.private_info}")
        cls = self.SPEC.game_class
        self.perfect_recall = iig_obs_type.perfect_recall
        self.tensor = np.zeros(cls.OBS_SIZE, np.float32)
        self.dict = {n: self.tensor[off:off + size] for n, (off, size) in obs_offsets(cls).items()}

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
        text = (self.SPEC.describe or describe_scalars)(obs, player, g)
        if self.perfect_recall:
            return (f"{text}\nmove {state._decisions}, history "
                    f"{state._seen[player].hex()}")
        return f"{text}\nobs {hashlib.blake2b(obs.tobytes(), digest_size=DIGEST).hexdigest()}"


# ---- registration ------------------------------------------------------------------------------
def make_classes(spec: OpenSpielSpec, prefix: str, module: str | None = None) -> tuple[type, type, type]:
    """The generic (Game, State, Observer) classes of a spec, named
    prefix+"Game", prefix+"State", prefix+"Observer". They are put in
    `module` (default: this one) under those names, so that pickle finds them."""
    module = module or __name__
    obs = type(f"{prefix}Observer", (OpenSpielObserver,), {"SPEC": spec, "__module__": module})
    st = type(f"{prefix}State", (OpenSpielState,), {"SPEC": spec, "__module__": module})
    gm = type(f"{prefix}Game", (OpenSpielGame,), {"SPEC": spec, "STATE": st, "OBSERVER": obs,
                                                  "__module__": module})
    home = sys.modules[module]
    for cls in (gm, st, obs):
        if getattr(home, cls.__name__, cls) is not cls:
            raise ValueError(f"{module}.{cls.__name__} exists already")
        setattr(home, cls.__name__, cls)
    return gm, st, obs


_REGISTERED: dict[str, type] = {}   # short name -> its OpenSpielGame class


def register(game_cls: type) -> type:
    """Register an OpenSpielGame subclass with pyspiel under its spec's short
    name (once per process: pyspiel cannot unregister)."""
    spec = game_cls.SPEC
    if spec.short_name not in _REGISTERED:
        pyspiel.register_game(spec.game_type(), game_cls)
        _REGISTERED[spec.short_name] = game_cls
    return _REGISTERED[spec.short_name]


def registered_specs() -> dict[str, OpenSpielSpec]:
    """game id -> OpenSpielSpec of every registered game that offers OpenSpiel (GameInfo.openspiel)."""
    return {gid: spec for gid, (spec, _) in _specs_and_homes().items()}


def _specs_and_homes() -> dict[str, tuple[OpenSpielSpec, str]]:
    """game id -> (its spec, the module that holds it)."""
    from .. import registry
    out = {}
    for gid in registry.available_games():
        ref = registry.game_info(gid).openspiel
        if isinstance(ref, str) and ref:
            out[gid] = (registry._resolve(ref), ref.partition(":")[0])
        elif ref:
            out[gid] = (ref, __name__)
    return out


def register_registered_games() -> dict[str, type]:
    """Register every game whose registry row names an OpenSpielSpec; game id
    -> its OpenSpielGame class. A class registered already under the spec's
    short name is kept (a game module may register its own subclasses
    first); else generic ones are made."""
    out = {}
    for gid, (spec, home) in _specs_and_homes().items():
        cls = _REGISTERED.get(spec.short_name)
        if cls is None:
            cls = make_classes(spec, "".join(w.capitalize() for w in gid.split("_")), home)[0]
        out[gid] = register(cls)
    return out
