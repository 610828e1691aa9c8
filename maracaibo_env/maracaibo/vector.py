"""A vectorised training env: N games, one learner seat each, the opponents
played inside numba.

    from maracaibo_env.maracaibo.vector import LearnerGames, sb3_vec_env
    v = LearnerGames(1024, num_players=2, opponents="balanced", seed=0)
    obs = v.reset()                                   # (N, OBS_SIZE) learner observations
    obs, rewards, dones, infos = v.step(actions)      # one learner action per game
    masks = v.action_masks()                          # (N, NUM_ACTIONS) bool

    env = sb3_vec_env(1024, opponents="curriculum", obs_type="float")   # a stable-baselines3 VecEnv
    # sb3-contrib MaskablePPO("MlpPolicy", env) finds env.env_method("action_masks")

Each game has one learner seat (random per game, or fixed with
`learner_seat`); every other seat is an opponent: an agent spec of a kind
the compiled engine plays (the agent table's ``compiled`` kinds: "random", a
heuristic such as "balanced" or a ladder rung such as "balanced:eps=0.3:depth=0"),
a `Curriculum` ("curriculum": the game's opponent ladder, maracaibo_env.agents.ladder,
climbed by the learner's win rate), or a Python policy `policy(observations, masks) -> actions`
asked once for all games where that policy must act (one forward pass for
the whole batch: self-play against frozen snapshots costs one call per
opponent move, not one per game). `num_players=1` plays against Jean
(`difficulty=...`); her turns are the engine's. Finished games restart at once
(auto-reset); the step that ends a game returns its reward, done=True and
the final observation in `infos[i]["terminal_observation"]`; the other
games' infos are one shared, read-only empty dict (`NO_INFO`).

``obs_type="float"``: every observation that leaves the class (returned,
terminal, and those given to policy opponents) is float32 in [-1, 1], the
whole (N, OBS_SIZE) array converted at once (`framework.obs_spec.FloatTransform`,
docs/observation.md); "int" (default): the int32 arrays as they are.

Rewards (the single-agent env's): "win_loss" +1 a sole win, 0 a shared win,
-1 a loss (solo: a tie goes to Jean); "vp_margin" (learner VP - best other
VP) / 100. Zero before the end.
"""
from __future__ import annotations

from typing import Callable

import numpy as np

from ..agents import registry as A
from .batch import Batch
from .core import batch as K
from .core import constants as L
from .core.actions import NUM_ACTIONS
from .core.observe import OBS_SIZE
from .game import Game, IllegalActionError, option_bits
from .core.options import LEGACY_TILES
from ..registry import game_id_of
from ..framework.game import int_option as _int_option
from .core.obs_spec import OBS
from ..framework.obs_spec import check_obs_type

REWARD_MODES = ("win_loss", "vp_margin")
Policy = Callable[[np.ndarray, np.ndarray], np.ndarray]


def _compiled_spec(s, game: str):
    """The parsed spec of an opponent the compiled engine plays, else a ValueError
    naming those (the table's compiled seat kinds) and callable policies."""
    try:
        spec = A.parse_spec(s, game)
    except A.AgentSpecError:
        spec = None
    if spec is None or not A.compiled_ok(spec):
        forms = [f for r in A.agent_kinds(game) if r.seat and r.compiled for f in r.spec_forms()]
        raise ValueError(f"opponent {s!r}: give an agent spec the compiled engine plays "
                         f"({', '.join(forms)}) or a callable policy(obs, masks)")
    return spec


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


class _LearnerBatch(Batch):
    """The vector env's Batch: its first games are set up by the env's own
    kernel (play_rows, with the seeds drawn here, in the same order), so a
    first LearnerGames compiles one parallel kernel, not also reset_rows."""
    first_seeds = None

    def _reset(self, rows: np.ndarray) -> None:
        if self.first_seeds is None:
            self.first_seeds = self._next_seeds(len(rows))
            return
        super()._reset(rows)


class LearnerGames:
    """N games advanced to their learner's turn (see the module docstring).

    :param n: games.
    :param num_players: 1 (solo vs Jean), 2, 3 or 4.
    :param opponents: one spec for every opponent seat, or one per seat
        (num_players entries; the learner's entry is ignored): an agent spec
        the compiled engine plays ("random", a heuristic such as "balanced"
        or "balanced:eps=0.5:depth=0"; see maracaibo_env.agents.registry), or
        a callable policy; or a `Curriculum` (or "curriculum": one over the
        game's opponent ladder, maracaibo_env.agents.ladder) that picks each new
        game's opponents, all seats from one rung, by the learner's win rate.
    :param learner_seat: None = a random seat per game (drawn at every reset),
        or a fixed seat.
    :param seed: game i's first seed is seed + i; later games continue.
    :param obs_type: "int" (int32 observations) or "float" (float32 in [-1, 1];
        policy opponents get the same kind).
    :param campaign: every game a campaign game from this start: "new" (story
        card 01), a chapter 2..11, a ``maracaibo_env.maracaibo.campaign.Campaign`` (its
        archive now) or a start dict (see ``Game``), e.g. to train on a chapter.
    """

    def __init__(self, n: int, num_players: int = 2, opponents="random",
                 learner_seat: int | None = None, seed: int = 0, reward: str = "win_loss",
                 difficulty: str = "medium", story: int = 75, data_dir=None, obs_type: str = "int",
                 campaign=None):
        from maracaibo_env.maracaibo.agents.opponents import LEARNER, POLICY, RANDOM, play_rows, step_rows_checked
        from maracaibo_env.maracaibo.agents.fast_play import SeatTables
        from ..framework.curriculum import Curriculum
        from ..agents.ladder import ladder
        game = game_id_of(Game)
        self._play_rows, self._step_rows_checked = play_rows, step_rows_checked
        self.n = _int_option("n", n, range(1, 2**31), "a positive int")
        if reward not in REWARD_MODES:
            raise ValueError(f"reward must be one of {REWARD_MODES}, got {reward!r}")
        self.reward_mode = reward
        self.obs_type = check_obs_type(obs_type)
        self._to_float = OBS.float_transform() if obs_type == "float" else None
        self.batch = _LearnerBatch(self.n, num_players=num_players, seed=seed, story=story,
                                   difficulty=difficulty, data_dir=data_dir)
        self.num_players = num_players
        self.seats = max(2, num_players)   # solo: the learner and Jean
        deciders = 1 if num_players == 1 else num_players
        if learner_seat is not None:
            learner_seat = _int_option("learner_seat", learner_seat, range(deciders),
                                       f"None or a seat 0..{deciders - 1}")
        self.learner_seat = learner_seat
        if isinstance(opponents, str) and opponents == "curriculum":
            opponents = Curriculum(seed=seed)
        #: the Curriculum that picks each game's opponents, or None (fixed opponents)
        self.curriculum: Curriculum | None = None
        by_text: dict = {}

        def compiled(text):   # one agent object per distinct spec: one row of SeatTables
            spec = _compiled_spec(text, game)
            if spec.text not in by_text:
                by_text[spec.text] = A.compiled_seat(spec)
            return by_text[spec.text]

        self._policies: dict[int, Policy] = {}
        self._kind_of_seat = np.full(L.MAX_P, RANDOM, np.int64)
        if isinstance(opponents, Curriculum):
            if num_players == 1:
                raise ValueError("a curriculum needs opponent seats: num_players 2..4 (solo plays Jean)")
            self.curriculum = opponents.bind(ladder(game))
            rung_agents = [compiled(r) for r in self.curriculum.rungs]
            self._tables = SeatTables(rung_agents, self.batch.catalog)
            self._kind_of_rung = self._tables.kinds[:len(rung_agents)].copy()
        else:
            specs = list(opponents) if isinstance(opponents, (list, tuple)) else [opponents] * deciders
            if len(specs) != deciders:
                raise ValueError(f"opponents: one spec for all, or {deciders} (one per seat), "
                                 f"got {len(specs)}")
            seat_agents = []
            for seat, s in enumerate(specs):
                if callable(s):
                    self._policies[seat] = s
                    seat_agents.append(None)
                    self._kind_of_seat[seat] = POLICY
                else:   # the compiled seat: None (random) or a heuristic whose tables it reads
                    seat_agents.append(compiled(s))
            self._tables = SeatTables(seat_agents, self.batch.catalog)
            for seat, a in enumerate(seat_agents):
                if a is not None:
                    self._kind_of_seat[seat] = self._tables.kinds[seat]
        self._LEARNER = LEARNER
        self._rng_learner = np.random.default_rng(seed)
        self._rng = (np.arange(1, self.n + 1, dtype=np.uint64) * np.uint64(0xBF58476D1CE4E5B9)
                     ^ np.uint64(seed % 2**63)) | np.uint64(1)
        self.kinds = np.zeros((self.n, L.MAX_P), np.int64)
        self.learners = np.zeros(self.n, np.int64)
        #: the curriculum rung each game is played against (-1: fixed opponents)
        self.rungs = np.full(self.n, -1, np.int64)
        self._waiting = np.zeros(self.n, np.int64)
        self._obs = np.zeros((self.n, OBS_SIZE), np.int32)
        self._none = np.zeros(0, np.int64)
        self._no_obs = np.zeros((0, OBS_SIZE), np.int32)
        self._setup = np.array([self.batch.num_players, *self.batch._opts], np.int64)
        if campaign is not None:   # every game from this campaign start (-1: story.start_from)
            from .description import campaign_start
            from .campaign_start import start_template
            start = campaign_start(campaign, self.batch.catalog)
            table = option_bits(legacy=[t for t in LEGACY_TILES if t in start["legacy"]])
            _, diff, _ = self.batch._opts
            self._setup = np.array([self.batch.num_players, -1, diff, table,
                                    *start_template(start, self.batch.catalog)], np.int64)
        #: the campaign start of every game (Game's campaign option), or None
        self.campaign = None if campaign is None else start
        self._all_rows = np.arange(self.n)
        self._final = np.empty((self.n, OBS_SIZE), np.int32)
        self._assign_learners(self._all_rows)
        self._advance(self._all_rows, seeds=self.batch.first_seeds)   # the batch's first games

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

    def _tables_args(self):
        t = self._tables
        return (self.kinds, self.learners, t.W, t.lookahead, t.card_base, t.card_bonus, t.career_val,
                t.deck_val, *t.shared, self._rng, self._waiting, self._obs)

    def _advance(self, rows: np.ndarray, actions: np.ndarray | None = None,
                 seeds: np.ndarray | None = None, final: np.ndarray | None = None) -> None:
        """One compiled pass over `rows` (maracaibo_env.maracaibo.agents.opponents.play_rows): the
        learners' `actions` first, or new games from `seeds`; then opponents
        play until each game waits for its learner or is over. Policy
        opponents are then asked in batches, until no game waits for one.
        `final` receives the learner's view of games that end."""
        states, masks, cat = self.batch.states, self.batch.masks, self.batch._cat
        final = self._no_obs if final is None else final
        self._play_rows(states, masks, cat, rows, self._none if actions is None else actions,
                        self._none if seeds is None else seeds, self._setup, *self._tables_args(), final)
        while self._policies:
            moved = []
            for seat, policy in self._policies.items():
                rows = np.flatnonzero((self._waiting == seat) & (self.learners != seat))
                if len(rows) == 0:
                    continue
                obs = np.zeros((len(rows), OBS_SIZE), np.int32)
                K.observe_rows(states[rows], obs)
                if self._to_float is not None:
                    obs = self._to_float(obs)
                acts = np.asarray(policy(obs, masks[rows].astype(bool)), dtype=np.int64).reshape(-1)
                if acts.shape != (len(rows),) or np.any(acts < 0) or np.any(acts >= NUM_ACTIONS) \
                        or not np.all(masks[rows, acts]):
                    raise IllegalActionError(f"opponent policy of seat {seat} returned an illegal "
                                             "action (it must pick one legal id per game)")
                self._step_rows_checked(states, masks, cat, rows.astype(np.int64), acts)
                moved.append(rows)
            if not moved:
                return
            self._play_rows(states, masks, cat, np.concatenate(moved).astype(np.int64), self._none,
                            self._none, self._setup, *self._tables_args(), final)

    def _restart(self, rows: np.ndarray) -> None:
        """New games in `rows` (seeds continue the batch's sequence), advanced to their learners."""
        self._assign_learners(rows)
        self._advance(rows, seeds=self.batch._next_seeds(len(rows)))

    def _rewards(self, rows: np.ndarray) -> np.ndarray:
        scores = self.batch.scores()[rows]
        me = scores[np.arange(len(rows)), self.learners[rows]]
        if self.reward_mode == "vp_margin":
            other = scores.copy()
            other[np.arange(len(rows)), self.learners[rows]] = -10**9
            return (me - other.max(axis=1)) / 100.0
        best = scores.max(axis=1)
        n_best = (scores == best[:, None]).sum(axis=1)
        if self.num_players == 1:  # END-02: a tie goes to Jean
            return np.where(me > scores[:, 1], 1.0, -1.0)
        return np.where(me < best, -1.0, np.where(n_best == 1, 1.0, 0.0))

    def _win_credit(self, rows: np.ndarray) -> np.ndarray:
        """1 a sole win, 1/k a k-way shared win, 0 a loss (the curriculum's results)."""
        scores = self.batch.scores()[rows]
        me = scores[np.arange(len(rows)), self.learners[rows]]
        best = scores.max(axis=1)
        return np.where(me == best, 1.0 / (scores == best[:, None]).sum(axis=1), 0.0)

    # ---- API -------------------------------------------------------------------------
    def reset(self) -> np.ndarray:
        """Start new games in every row; the learners' observations."""
        self._obs = np.empty((self.n, OBS_SIZE), np.int32)
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
        bad = K.first_illegal(self.batch.states, self.batch.masks, a, L.G_OVER)
        if bad >= 0:
            raise IllegalActionError(f"game {bad}: action {int(a[bad])} is not legal for the learner "
                                     f"(legal: {np.flatnonzero(self.batch.masks[bad]).tolist()[:12]})")
        self._obs = np.empty((self.n, OBS_SIZE), np.int32)   # a fresh array: returned as is, no copy
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


def observation_space(obs_type: str = "int"):
    """The Box of one learner observation of obs_type ("int" or "float")."""
    from gymnasium import spaces
    if check_obs_type(obs_type) == "float":
        return OBS.float_transform().box()
    low, high = OBS.bounds()
    return spaces.Box(low=low, high=high, shape=(OBS_SIZE,), dtype=np.int32)


_SB3_CLASS = None


def sb3_vec_env(n: int, **kwargs):
    """A stable-baselines3 VecEnv over LearnerGames(n, **kwargs), with
    `action_masks` for sb3-contrib's MaskablePPO (needs the `train` extra).
    `seed(s)` (as `MaskablePPO(seed=s)` calls it) makes the next reset start
    new games from seed s (game i from s + i)."""
    global _SB3_CLASS
    if _SB3_CLASS is None:
        from gymnasium import spaces
        from stable_baselines3.common.vec_env import VecEnv

        class MaracaiboVecEnv(VecEnv):
            """stable-baselines3 VecEnv of LearnerGames (see maracaibo_env.maracaibo.vector)."""

            def __init__(self, n, **kw):
                self._kw = kw
                self.games = LearnerGames(n, **kw)
                self.render_mode = None
                super().__init__(n, observation_space(self.games.obs_type), spaces.Discrete(NUM_ACTIONS))
                self._actions = None

            def reset(self):
                if self._seeds[0] is not None:      # seed(s) (SB3: env i gets s + i): new games
                    self.games = LearnerGames(self.num_envs, **{**self._kw, "seed": int(self._seeds[0])})
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

        _SB3_CLASS = MaracaiboVecEnv
    return _SB3_CLASS(n, **kwargs)


def gym_vector_env(n: int, **kwargs):
    """A Gymnasium `VectorEnv` over LearnerGames(n, **kwargs): reset(seed=)
    -> (obs, infos), step(actions) -> (obs, rewards, terminations,
    truncations, infos); same-step autoreset (metadata["autoreset_mode"]):
    a finished game's last observation is in infos["final_obs"][i] where
    infos["_final_obs"][i]; infos["action_mask"] holds the learners' masks."""
    import gymnasium
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode
    from gymnasium.vector.utils import batch_space

    class MaracaiboVectorEnv(gymnasium.vector.VectorEnv):
        metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

        def __init__(self):
            self.games = LearnerGames(n, **kwargs)
            self.num_envs = n
            self.single_observation_space = observation_space(self.games.obs_type)
            self.single_action_space = spaces.Discrete(NUM_ACTIONS)
            self.observation_space = batch_space(self.single_observation_space, n)
            self.action_space = batch_space(self.single_action_space, n)

        def reset(self, *, seed=None, options=None):
            if seed is not None:
                self.games = LearnerGames(n, **{**kwargs, "seed": int(seed)})
                obs = self.games.observations()
            else:
                obs = self.games.reset()
            return obs, {"action_mask": self.games.action_masks()}

        def step(self, actions):
            obs, rewards, dones, infos = self.games.step(actions)
            final = np.zeros((n, OBS_SIZE), obs.dtype)
            for i in np.flatnonzero(dones):
                final[i] = infos[i]["terminal_observation"]
            info = {"final_obs": final, "_final_obs": dones.copy(),
                    "action_mask": self.games.action_masks()}
            return obs, rewards.astype(np.float64), dones, np.zeros(n, bool), info

        def action_masks(self):
            return self.games.action_masks()

    return MaracaiboVectorEnv()
