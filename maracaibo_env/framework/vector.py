"""The vector training env of every game: N games, one learner seat each, the
opponents played inside numba. It imports no game; a game plugs in with one
`VectorGame` and a thin subclass (maracaibo_env/<game>/vector.py):

    from maracaibo_env.pirates.vector import LearnerGames, sb3_vec_env
    v = LearnerGames(1024, num_players=2, opponents="raider", seed=0)
    obs = v.reset()                                   # (N, OBS_SIZE) learner observations
    obs, rewards, dones, infos = v.step(actions)      # one learner action per game
    masks = v.action_masks()                          # (N, NUM_ACTIONS) bool

    env = sb3_vec_env(1024, opponents="curriculum", obs_type="float")   # a stable-baselines3 VecEnv
    # sb3-contrib MaskablePPO("MlpPolicy", env) finds env.env_method("action_masks")

Each game has one learner seat (random per game, or fixed with
`learner_seat`); every other seat is an opponent: an agent spec of a kind
the game's compiled engine plays (the agent table's ``compiled`` kinds: "random",
a heuristic, a ladder rung such as "raider:eps=0.4"), a `Curriculum`
("curriculum": the game's opponent ladder, maracaibo_env.agents.ladder,
climbed by the learner's win rate), or a Python policy
`policy(observations, masks) -> actions` asked once for all games where that
policy must act (one forward pass for the whole batch). `num_players=1`
plays against the game's solo opponent, whose turns are the engine's.
Finished games restart at once (auto-reset); the step that ends a game
returns its reward, done=True and the final observation in
`infos[i]["terminal_observation"]`; the other games' infos are one shared,
read-only empty dict (`NO_INFO`).

``obs_type="float"``: every observation that leaves the env (returned,
terminal, and those given to policy opponents) is float32 in [-1, 1], the
whole (N, OBS_SIZE) array converted at once (the game's ObsSpec,
`framework.obs_spec.FloatTransform`); "int" (default): the int32 arrays as they are.

Rewards (the single-agent env's): "win_loss" +1 a sole win, 0 a shared win,
-1 a loss, ties broken as the game's ``winners()`` breaks them
(``VectorGame.tie_break``); solo: +1 only with more VP than the solo
opponent (both games give it a tie), else -1. "vp_margin" (learner VP - best
other VP) / 100. Zero before the end.

What a game gives (`VectorGame`): its Batch class (a framework.batch.BatchBase),
the module of its pass kernels, OBS_SIZE, NUM_ACTIONS and ObsSpec, how the
tables of its compiled seats are built, and how a new game's set-up row is
made. The pass kernel module holds:

* ``RANDOM, POLICY, LEARNER`` (-1, -2, -3): the values of ``kinds[row, seat]``
  besides a compiled agent's table row (>= 0);
* ``play_rows(states, masks, cat, rows, actions, seeds, setup, kinds, learners,
  *tables, rng, waiting, obs, final_obs)``: for each game rows[j] the
  learner's actions[j] (when given), a new game from seeds[j] (when given,
  with the set-up row), then the opponents' moves until the learner or a
  policy seat acts (``waiting[i]`` = that seat) or the game ends (-1);
  ``obs[i]`` the learner's observation, ``final_obs[i]`` (when it has rows)
  the learner's view of a game that ended;
* ``step_rows_checked(states, masks, cat, rows, actions)``: a policy seat's
  moves (legality checked here first).

Everything a caller passes is checked here before it reaches numba.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import numpy as np

from ..registry import game_info
from .curriculum import Curriculum
from .description import REWARD_MODES, check_reset_options
from .errors import IllegalActionError
from .game import int_option
from .obs_spec import ObsSpec, check_obs_type

Policy = Callable[[np.ndarray, np.ndarray], np.ndarray]


@dataclass(frozen=True)
class VectorGame:
    """One game as the vector env sees it.

    :param game: its registry id: agent specs, its ladder, its solo opponent's name.
    :param batch_class: its Batch (framework.batch.BatchBase), built as
        ``batch_class(n, num_players=..., seed=..., **options)``.
    :param kernels: its pass kernels (module docstring): a dotted module name,
        imported on first use (its import may start numba's cache checks), or
        the module (any object with those attributes).
    :param obs_size, num_actions: OBS_SIZE and NUM_ACTIONS.
    :param obs: its ObsSpec (the int Box's bounds, the float view).
    :param max_players: seats in its state (MAX_P): the width of ``kinds``.
    :param read_opponent: ``spec -> (its text, the compiled engine's seat
        value)`` of an opponent spec (the agent table's reader,
        maracaibo_env.agents.registry.compiled_opponent: the framework imports
        no agent); a ValueError names the specs allowed.
    :param ladder: ``() -> rungs``: the game's opponent ladder, weakest first
        (the rungs of "curriculum").
    :param seat_tables: ``(seat values, catalog) -> (kinds, tables)``: the
        compiled engine's value of each seat (``AgentKind.compiled``; None =
        random) to the table row of each entry (``kinds[j]``, RANDOM for None,
        at least max_players entries) and the tables play_rows reads (a tuple).
    :param setup: ``(batch, **extra) -> (set-up row, attributes)``: the int64
        row play_rows starts a new game with, from the Batch and the game's
        options that are not the Batch's (``extra``, validated here: a
        ValueError names what is allowed), and attributes set on the env.
    :param tie_break: ``(states, seats) -> (k, seats) ints``: the key the game's
        ``winners()`` breaks a tie in VP with (higher wins), or None (ties shared).
    :param solo_tie: the learner's win_loss reward for a solo game tied in VP.
    """
    game: str
    batch_class: type
    kernels: Any
    obs_size: int
    num_actions: int
    obs: ObsSpec
    max_players: int
    read_opponent: Callable[[Any], tuple[str, Any]]
    ladder: Callable[[], Sequence[str]]
    seat_tables: Callable[[list, Any], tuple[np.ndarray, tuple]]
    setup: Callable[..., tuple[np.ndarray, dict]]
    tie_break: Callable[[np.ndarray, int], np.ndarray] | None = None
    solo_tie: float = -1.0

    @property
    def title(self) -> str:
        return game_info(self.game).title

    def observation_space(self, obs_type: str = "int"):
        """The Box of one learner observation of obs_type ("int" or "float")."""
        from gymnasium import spaces
        if check_obs_type(obs_type) == "float":
            return self.obs.float_transform().box()
        low, high = self.obs.bounds()
        return spaces.Box(low=low, high=high, shape=(self.obs_size,), dtype=np.int32)


class _NoInfo(dict):
    """The info of a game that did not end this step: empty and read-only, one
    object shared by every such game (1,024 fresh dicts a step cost a quarter
    of a step at N = 1024). `.copy()` gives a plain dict to write to."""

    def _refuse(self, *args, **kwargs):
        raise TypeError("the info of a game that did not end this step is a shared, read-only "
                        "empty dict: write to a copy (info.copy())")

    __setitem__ = __delitem__ = update = setdefault = pop = popitem = clear = __ior__ = _refuse

    def __reduce__(self):           # pickles and copies as the shared object's own kind
        return (_NoInfo, ())


NO_INFO = _NoInfo()


class _FirstSeedsOnly:
    """Mixed into the game's Batch: its first games are set up by the env's
    own kernel (play_rows, with the seeds drawn here, in the same order), so
    a first env compiles one parallel kernel, not also the Batch's reset_rows."""
    first_seeds = None

    def _reset(self, rows: np.ndarray) -> None:
        if self.first_seeds is None:
            self.first_seeds = self._next_seeds(len(rows))
            return
        super()._reset(rows)


_LEARNER_BATCHES: dict[type, type] = {}


def _learner_batch(batch_class: type) -> type:
    """batch_class with _FirstSeedsOnly mixed in (one class per game, made once)."""
    cls = _LEARNER_BATCHES.get(batch_class)
    if cls is None:
        cls = type(f"Learner{batch_class.__name__}", (_FirstSeedsOnly, batch_class), {"__module__": __name__})
        _LEARNER_BATCHES[batch_class] = cls
    return cls


class LearnerGames:
    """N games advanced to their learner's turn (see the module docstring); a
    game's subclass sets ``plugin`` and gives __init__ its own options.

    :param n: games.
    :param num_players: 1 (solo against the game's solo opponent), 2, 3 or 4.
    :param opponents: one spec for every opponent seat, or one per seat
        (num_players entries; the learner's entry is ignored): an agent spec
        the compiled engine plays or a callable policy; or a `Curriculum` (or
        "curriculum": one over the game's opponent ladder) that picks each new
        game's opponents, all seats from one rung, by the learner's win rate.
    :param learner_seat: None = a random seat per game (drawn at every reset),
        or a fixed seat.
    :param seed: game i's first seed is seed + i; later games continue.
    :param reward: "win_loss" or "vp_margin".
    :param obs_type: "int" (int32 observations) or "float" (float32 in [-1, 1];
        policy opponents get the same kind).
    :param options: the game's Batch options (validated by the Batch).
    :param extra: the game's other options, read by ``VectorGame.setup``.
    """
    plugin: VectorGame

    def __init__(self, n: int, num_players: int = 2, opponents="random", learner_seat: int | None = None,
                 seed: int = 0, reward: str = "win_loss", obs_type: str = "int",
                 options: dict | None = None, extra: dict | None = None):
        plug = self.plugin
        # ---- every argument checked before anything is built (a ValueError leaves nothing behind)
        self.n = int_option("n", n, range(1, 2**31), "a positive int")
        if reward not in REWARD_MODES:
            raise ValueError(f"reward must be one of {REWARD_MODES}, got {reward!r}")
        self.reward_mode = reward
        self.obs_type = check_obs_type(obs_type)
        # the Batch checks num_players, seed and the game's options; no kernel runs yet
        batch = _learner_batch(plug.batch_class)(self.n, num_players=num_players, seed=seed,
                                                 **(options or {}))
        num_players = batch.num_players
        deciders = 1 if num_players == 1 else num_players
        if learner_seat is not None:
            learner_seat = int_option("learner_seat", learner_seat, range(deciders),
                                      f"None or a seat 0..{deciders - 1}")
        curriculum, rungs, policies, specs = self._read_opponents(opponents, num_players, deciders, seed)
        setup, attributes = plug.setup(batch, **(extra or {}))

        # ---- built: the compiled seats' tables, then the first games
        kernels = importlib.import_module(plug.kernels) if isinstance(plug.kernels, str) else plug.kernels
        self._play_rows, self._step_rows_checked = kernels.play_rows, kernels.step_rows_checked
        self._LEARNER = kernels.LEARNER
        self.batch = batch
        self.num_players = num_players
        self.seats = max(2, num_players)   # solo: the learner and the solo opponent
        self.learner_seat = learner_seat
        for name, value in attributes.items():
            setattr(self, name, value)
        seat_value: dict = {}

        def compiled(spec):   # one seat value per distinct spec: one row of the tables
            text, value = spec
            return seat_value.setdefault(text, value)

        #: the Curriculum that picks each game's opponents, or None (fixed opponents)
        self.curriculum: Curriculum | None = None
        self._policies: dict[int, Policy] = policies
        self._kind_of_seat = np.full(plug.max_players, kernels.RANDOM, np.int64)
        if curriculum is not None:
            self.curriculum = curriculum.bind(rungs)
            kinds, self._table_args = plug.seat_tables([compiled(s) for s in specs], batch.catalog)
            self._kind_of_rung = kinds[:len(specs)].copy()
        else:
            seat_agents = [None if s is None else compiled(s) for s in specs]
            kinds, self._table_args = plug.seat_tables(seat_agents, batch.catalog)
            for seat in policies:
                self._kind_of_seat[seat] = kernels.POLICY
            for seat, a in enumerate(seat_agents):
                if a is not None:
                    self._kind_of_seat[seat] = kinds[seat]
        self._rng_learner = np.random.default_rng(seed)
        # the opponents' generators: one nonzero xorshift64 state per game
        self._rng = (np.arange(1, self.n + 1, dtype=np.uint64) * np.uint64(0xBF58476D1CE4E5B9)
                     ^ np.uint64(seed % 2**63)) | np.uint64(1)
        self._to_float = plug.obs.float_transform() if obs_type == "float" else None
        self._over = batch._field("OVER")
        self.kinds = np.zeros((self.n, plug.max_players), np.int64)
        self.learners = np.zeros(self.n, np.int64)
        #: the curriculum rung each game is played against (-1: fixed opponents)
        self.rungs = np.full(self.n, -1, np.int64)
        self._waiting = np.zeros(self.n, np.int64)
        self._obs = np.zeros((self.n, plug.obs_size), np.int32)
        self._none = np.zeros(0, np.int64)
        self._no_obs = np.zeros((0, plug.obs_size), np.int32)
        self._setup = setup
        self._all_rows = np.arange(self.n)
        self._final = np.empty((self.n, plug.obs_size), np.int32)
        self._assign_learners(self._all_rows)
        self._advance(self._all_rows, seeds=batch.first_seeds)   # the batch's first games

    def _read_opponents(self, opponents, num_players: int, deciders: int, seed: int):
        """(curriculum or None, its rungs (texts), {seat: policy}, specs): with a
        curriculum the spec of each rung, else of each seat (None: a policy).
        Every spec is parsed here and nothing is bound yet, so a bad one leaves
        the caller's Curriculum as it was."""
        game = self.plugin.game
        if isinstance(opponents, str) and opponents == "curriculum":
            opponents = Curriculum(seed=seed)
        if isinstance(opponents, Curriculum):
            if num_players == 1:
                raise ValueError(f"a curriculum needs opponent seats: num_players 2..{self.plugin.max_players} "
                                 f"(solo plays {game_info(game).solo_opponent})")
            rungs = opponents.rungs if opponents.rungs is not None else list(self.plugin.ladder())
            if opponents.rungs is None and opponents.level >= len(rungs):   # bind's own check, first
                raise ValueError(f"start must be a rung index 0..{len(rungs) - 1}, got {opponents.level}")
            return opponents, list(rungs), {}, [self.plugin.read_opponent(r) for r in rungs]
        specs = list(opponents) if isinstance(opponents, (list, tuple)) else [opponents] * deciders
        if len(specs) != deciders:
            raise ValueError(f"opponents: one spec for all, or {deciders} (one per seat), got {len(specs)}")
        policies = {seat: s for seat, s in enumerate(specs) if callable(s)}
        seat_specs = [None if callable(s) else self.plugin.read_opponent(s) for s in specs]
        return None, [], policies, seat_specs

    # ---- internals ------------------------------------------------------------------
    def _assign_learners(self, rows: np.ndarray) -> None:
        deciders = 1 if self.num_players == 1 else self.num_players
        if self.learner_seat is None:
            seats = self._rng_learner.integers(deciders, size=len(rows))
        else:
            seats = np.full(len(rows), self.learner_seat)
        self.learners[rows] = seats
        if self.curriculum is not None:
            self.rungs[rows] = self.curriculum.draw(len(rows))
            self.kinds[rows] = self._kind_of_rung[self.rungs[rows]][:, None]
        else:
            self.kinds[rows] = self._kind_of_seat
        self.kinds[rows, seats] = self._LEARNER

    def _pass_args(self) -> tuple:
        """play_rows' arguments after the set-up row, up to final_obs."""
        return (self.kinds, self.learners, *self._table_args, self._rng, self._waiting, self._obs)

    def _advance(self, rows: np.ndarray, actions: np.ndarray | None = None,
                 seeds: np.ndarray | None = None, final: np.ndarray | None = None) -> None:
        """One compiled pass over `rows` (the game's play_rows): the learners'
        `actions` first, or new games from `seeds`; then opponents play until
        each game waits for its learner or is over. Policy opponents are then
        asked in batches, until no game waits for one. `final` receives the
        learner's view of games that end."""
        states, masks, cat = self.batch.states, self.batch.masks, self.batch._cat
        final = self._no_obs if final is None else final
        self._play_rows(states, masks, cat, rows, self._none if actions is None else actions,
                        self._none if seeds is None else seeds, self._setup, *self._pass_args(), final)
        while self._policies:
            moved = []
            for seat, policy in self._policies.items():
                rows = np.flatnonzero((self._waiting == seat) & (self.learners != seat))
                if len(rows) == 0:
                    continue
                obs = np.zeros((len(rows), self.plugin.obs_size), np.int32)
                self.batch.kernels.observe_rows(states[rows], obs)
                if self._to_float is not None:
                    obs = self._to_float(obs)
                acts = np.asarray(policy(obs, masks[rows].astype(bool)), dtype=np.int64).reshape(-1)
                if acts.shape != (len(rows),) or np.any(acts < 0) or np.any(acts >= self.plugin.num_actions) \
                        or not np.all(masks[rows, acts]):
                    raise IllegalActionError(f"opponent policy of seat {seat} returned an illegal "
                                             "action (it must pick one legal id per game)")
                self._step_rows_checked(states, masks, cat, rows.astype(np.int64), acts)
                moved.append(rows)
            if not moved:
                return
            self._play_rows(states, masks, cat, np.concatenate(moved).astype(np.int64), self._none,
                            self._none, self._setup, *self._pass_args(), final)

    def _restart(self, rows: np.ndarray) -> None:
        """New games in `rows` (seeds continue the batch's sequence), advanced to their learners."""
        self._assign_learners(rows)
        self._advance(rows, seeds=self.batch._next_seeds(len(rows)))

    def _keys(self, rows: np.ndarray, scores: np.ndarray) -> np.ndarray:
        """What decides a win: VP, then the game's tie-break (packed below the VP)."""
        tie_break = self.plugin.tie_break
        if tie_break is None:
            return scores
        keys = scores.astype(np.int64) * 2**20          # a tie-break count never reaches 2**20
        # only a tie for the most VP needs the tie-break (it may be a Python loop over seats)
        tied = np.flatnonzero((scores == scores.max(axis=1)[:, None]).sum(axis=1) > 1)
        if len(tied):
            keys[tied] += np.asarray(tie_break(self.batch.states[rows[tied]], scores.shape[1]), np.int64)
        return keys

    def _rewards(self, rows: np.ndarray) -> np.ndarray:
        scores = self.batch.scores()[rows]
        me = scores[np.arange(len(rows)), self.learners[rows]]
        if self.reward_mode == "vp_margin":
            other = scores.copy()
            other[np.arange(len(rows)), self.learners[rows]] = -10**9
            return (me - other.max(axis=1)) / 100.0
        if self.num_players == 1:  # solo: a win needs more VP than the solo opponent (seat 1)
            return np.where(me > scores[:, 1], 1.0, np.where(me == scores[:, 1], self.plugin.solo_tie, -1.0))
        keys = self._keys(rows, scores)
        me = keys[np.arange(len(rows)), self.learners[rows]]
        best = keys.max(axis=1)
        n_best = (keys == best[:, None]).sum(axis=1)
        return np.where(me < best, -1.0, np.where(n_best == 1, 1.0, 0.0))

    def _win_credit(self, rows: np.ndarray) -> np.ndarray:
        """1 a sole win, 1/k a k-way shared win, 0 a loss (the curriculum's results)."""
        keys = self._keys(rows, self.batch.scores()[rows])
        me = keys[np.arange(len(rows)), self.learners[rows]]
        best = keys.max(axis=1)
        return np.where(me == best, 1.0 / (keys == best[:, None]).sum(axis=1), 0.0)

    # ---- API -------------------------------------------------------------------------
    def reset(self) -> np.ndarray:
        """Start new games in every row; the learners' observations."""
        self._obs = np.empty((self.n, self.plugin.obs_size), np.int32)
        self._restart(np.arange(self.n))
        return self.observations()

    def observations(self) -> np.ndarray:
        """(N, OBS_SIZE): the learners' current observations, of obs_type."""
        return self._obs if self._to_float is None else self._to_float(self._obs)

    def action_masks(self) -> np.ndarray:
        """(N, NUM_ACTIONS) bool: the learner's legal actions in each game."""
        return self.batch.masks.astype(bool)

    def step(self, actions) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict]]:
        """One learner action per game -> (observations, rewards, dones, infos)."""
        a = np.asarray(actions)
        if a.dtype.kind not in "iu" or a.shape != (self.n,):
            raise ValueError(f"actions must be {self.n} integers, got {a.dtype} of shape {a.shape}")
        a = np.ascontiguousarray(a, dtype=np.int64)
        bad = self.batch.kernels.first_illegal(self.batch.states, self.batch.masks, a, self._over)
        if bad >= 0:
            raise IllegalActionError(f"{self.plugin.title} game {bad}: action {int(a[bad])} is not legal "
                                     f"for the learner (legal: "
                                     f"{np.flatnonzero(self.batch.masks[bad]).tolist()[:12]})")
        self._obs = np.empty((self.n, self.plugin.obs_size), np.int32)   # a fresh array: returned as is
        final = self._final        # scratch: rows written where a game ends, copied out below
        self._advance(self._all_rows, actions=a, final=final)
        over = np.flatnonzero(self._waiting < 0)
        rewards = np.zeros(self.n, np.float32)
        dones = np.zeros(self.n, bool)
        infos: list[dict] = [NO_INFO] * self.n   # finished games get their own dict below
        if len(over):
            rewards[over] = self._rewards(over)
            dones[over] = True
            scores = self.batch.scores()[over].tolist()
            learners = self.learners[over].tolist()
            term = final[over] if self._to_float is None else self._to_float(final[over])
            for j, i in enumerate(over.tolist()):
                infos[i] = {"terminal_observation": term[j], "scores": scores[j], "learner": learners[j]}
            if self.curriculum is not None:
                for j, i in enumerate(over.tolist()):
                    infos[i]["opponent"] = self.curriculum.rungs[self.rungs[i]]
                self.curriculum.record(self.rungs[over], self._win_credit(over))
            self._restart(over)
        return self._obs if self._to_float is None else self._to_float(self._obs), rewards, dones, infos


# ---- the stable-baselines3 and Gymnasium vector envs over a game's LearnerGames ---------------------
_SB3_CLASS = None


def sb3_vec_env(games_class: type, n: int, **kwargs):
    """A stable-baselines3 VecEnv over games_class(n, **kwargs) (a game's
    LearnerGames), with `action_masks` for sb3-contrib's MaskablePPO (needs
    the `train` extra). `seed(s)` (as `MaskablePPO(seed=s)` calls it) makes the
    next reset start new games from seed s (game i from s + i)."""
    global _SB3_CLASS
    if _SB3_CLASS is None:
        _SB3_CLASS = _make_sb3_class()
    return _SB3_CLASS(games_class, n, **kwargs)


def _make_sb3_class():
    from gymnasium import spaces
    from stable_baselines3.common.vec_env import VecEnv

    class LearnerVecEnv(VecEnv):
        """stable-baselines3 VecEnv of a game's LearnerGames (see maracaibo_env.framework.vector)."""

        def __init__(self, games_class, n, **kw):
            self._games_class, self._kw = games_class, kw
            self.games = games_class(n, **kw)
            self.render_mode = None
            plug = games_class.plugin
            super().__init__(n, plug.observation_space(self.games.obs_type), spaces.Discrete(plug.num_actions))
            self._actions = None

        def reset(self):
            if self._seeds[0] is not None:      # seed(s) (SB3: env i gets s + i): new games
                self.games = self._games_class(self.num_envs, **{**self._kw, "seed": int(self._seeds[0])})
                self._reset_seeds()
                return self.games.observations().copy()
            return self.games.reset()

        def step_async(self, actions):
            self._actions = np.asarray(actions).astype(np.int64).reshape(-1)

        def step_wait(self):
            obs, rew, done, infos = self.games.step(self._actions)
            return obs, rew, done, infos

        def action_masks(self) -> np.ndarray:
            return self.games.action_masks()

        def close(self):
            pass

        def get_attr(self, attr_name, indices=None):
            return [getattr(self, attr_name)] * len(self._indices(indices))

        def set_attr(self, attr_name, value, indices=None):
            setattr(self, attr_name, value)

        def env_method(self, method_name, *args, indices=None, **kw):
            idx = self._indices(indices)
            if method_name == "action_masks":  # per game, as sb3-contrib stacks them
                m = self.games.action_masks()
                return [m[i] for i in idx]
            return [getattr(self, method_name)(*args, **kw)] * len(idx)

        def env_is_wrapped(self, wrapper_class, indices=None):
            return [False] * len(self._indices(indices))

        def _indices(self, indices):
            if indices is None:
                return range(self.num_envs)
            if isinstance(indices, int):
                return [indices]
            return indices

    return LearnerVecEnv


def _constructor_keys(games_class: type) -> tuple[str, ...]:
    """The keyword arguments of a LearnerGames class (what reset(options=) refuses)."""
    import inspect
    return tuple(k for k, p in inspect.signature(games_class.__init__).parameters.items()
                 if k not in ("self", "n") and p.kind is not p.VAR_KEYWORD)


def gym_vector_env(games_class: type, n: int, **kwargs):
    """A Gymnasium `VectorEnv` over games_class(n, **kwargs) (a game's
    LearnerGames): reset(seed=) -> (obs, infos), step(actions) -> (obs,
    rewards, terminations, truncations, infos); same-step autoreset
    (metadata["autoreset_mode"]): a finished game's last observation is in
    infos["final_obs"][i] where infos["_final_obs"][i]; infos["action_mask"]
    holds the learners' masks."""
    import gymnasium
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode
    from gymnasium.vector.utils import batch_space
    plug = games_class.plugin

    class LearnerVectorEnv(gymnasium.vector.VectorEnv):
        metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

        def __init__(self):
            self.games = games_class(n, **kwargs)
            self.num_envs = n
            self.single_observation_space = plug.observation_space(self.games.obs_type)
            self.single_action_space = spaces.Discrete(plug.num_actions)
            self.observation_space = batch_space(self.single_observation_space, n)
            self.action_space = batch_space(self.single_action_space, n)

        def reset(self, *, seed=None, options=None):
            check_reset_options(options, _constructor_keys(games_class), "gym_vector_env(n, key=value)")
            if seed is not None:
                self.games = games_class(n, **{**kwargs, "seed": int(seed)})
                obs = self.games.observations()
            else:
                obs = self.games.reset()
            return obs, {"action_mask": self.games.action_masks()}

        def step(self, actions):
            obs, rewards, dones, infos = self.games.step(actions)
            final = np.zeros((n, plug.obs_size), obs.dtype)
            for i in np.flatnonzero(dones):
                final[i] = infos[i]["terminal_observation"]
            info = {"final_obs": final, "_final_obs": dones.copy(),
                    "action_mask": self.games.action_masks()}
            return obs, rewards.astype(np.float64), dones, np.zeros(n, bool), info

        def action_masks(self):
            return self.games.action_masks()

    return LearnerVectorEnv()


def env_builders(games_class: type) -> tuple[Callable, Callable, Callable]:
    """A game's module-level ``observation_space(obs_type)``, ``sb3_vec_env(n, **kw)``
    and ``gym_vector_env(n, **kw)`` over its LearnerGames (one definition for
    every game's plug-in)."""
    def observation_space(obs_type: str = "int"):
        return games_class.plugin.observation_space(obs_type)

    def sb3(n: int, **kwargs):
        return sb3_vec_env(games_class, n, **kwargs)

    def gym(n: int, **kwargs):
        return gym_vector_env(games_class, n, **kwargs)

    observation_space.__doc__ = VectorGame.observation_space.__doc__
    sb3.__doc__, gym.__doc__ = sb3_vec_env.__doc__, gym_vector_env.__doc__
    sb3.__name__, gym.__name__ = "sb3_vec_env", "gym_vector_env"
    return observation_space, sb3, gym
