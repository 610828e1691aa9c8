"""A PettingZoo AEC env for any game with a `GameDescription` (classic-games convention).

A game's adapter is a description and two lines (`maracaibo_env/maracaibo/aec.py` adds
only its constructor signature and docs):

    from maracaibo_env.framework.aec import GameAECEnv, make_env
    from .description import PIRATES          # a GameDescription

    class raw_env(GameAECEnv):               # Pirates of Maracaibo as an AECEnv
        description = PIRATES

    env = make_env(raw_env)                   # raw_env behind GuardedEnv

and it is played like any PettingZoo classic game (``maracaibo_env/maracaibo/aec.py``
shows the ``agent_iter`` loop).

The adapter holds no rules: legality, effects and turn order come from the
game's `Game`.

Agents are ``player_0 .. player_{n-1}``. Turn order is not round-robin: a
player may make several decisions in a row; `agent_selection` is always the
game's current player.

Observations: ``{"observation": int32[obs_size], "action_mask": int8[num_actions]}``
from the observing agent's point of view (``Game.observe``); the mask is all
zeros for every agent that is not the one to act. With ``obs_type="float"``
the observation is float32 in [-1, 1] instead, each entry scaled by its
bounds (`framework.obs_spec.FloatTransform`; docs/observation.md).

``env.game`` is the underlying `Game`: read it freely, but act only through
``env.step`` (the env may keep the acting agent's next observation, made in
the same call as the step).

Infos are ``{}`` during play (as in PettingZoo's classic games) plus the
description's ``play_infos``, and at the end ``{"score", "score_breakdown"}``
for every agent.

Rewards are 0 until the game ends; then every agent gets one terminal reward
(`framework.description.terminal_rewards`): ``reward="win_loss"`` (default)
or ``reward="vp_margin"``.

Configuration is constructor-only (``num_players``, ``reward``,
``obs_type``, ``render_mode``, ``seed`` and the game's options); `reset(options=...)`
accepts no keys of its own.
"""
from __future__ import annotations

import warnings
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger

from .description import GameDescription, check_reset_options, check_reward, is_legal, terminal_rewards
from .game import INT_TYPES
from .obs_spec import FloatTransform, check_obs_type

RENDER_MODES = ("human", "ansi")
_SEED_LIMIT = 2**31  # Game seeds are 0..2**31-1


def make_env(raw_cls):
    """The PettingZoo ``env(**kwargs)`` factory of a raw env class."""
    def env(**kwargs) -> AECEnv:
        return GuardedEnv(raw_cls(**kwargs), illegal_reward=-1)
    env.__doc__ = (f"{raw_cls.__name__}(**kwargs) behind one protective layer that does what "
                   "PettingZoo's standard classic-game stack (TerminateIllegal(-1) + AssertOutOfBounds + "
                   "OrderEnforcing) does, without its three levels of attribute forwarding.")
    return env


def _forward(name: str, before_reset_ok: bool = False):
    def get(self):
        if not before_reset_ok and not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self._raw, name)
    return property(get, doc=f"The wrapped env's {name} (read-only).")


class GuardedEnv(wrappers.OrderEnforcingWrapper):
    """Order enforcing (errors before reset, the agent_iter protocol), the
    out-of-bounds assertion, and illegal moves ending the game with
    `illegal_reward` for the mover (as TerminateIllegalWrapper), in one layer.
    Hot attributes are forwarded by properties instead of __getattr__."""

    agent_selection = _forward("agent_selection")
    rewards = _forward("rewards")
    terminations = _forward("terminations")
    truncations = _forward("truncations")
    infos = _forward("infos")
    agents = _forward("agents")
    num_agents = _forward("num_agents")
    _cumulative_rewards = _forward("_cumulative_rewards", True)
    possible_agents = _forward("possible_agents", True)
    metadata = property(lambda self: self._raw.metadata)
    render_mode = property(lambda self: self._raw.render_mode)

    def __init__(self, env: GameAECEnv, illegal_reward: float = -1):
        self._raw = env
        self._num_actions = env.description.num_actions
        self._illegal_reward = float(illegal_reward)
        self._terminated = False  # ended by an illegal move
        super().__init__(env)

    def reset(self, seed=None, options=None) -> None:
        self._terminated = False
        super().reset(seed=seed, options=options)

    def observe(self, agent):
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self._raw.observe(agent)

    def step(self, action) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        raw = self._raw
        self._has_updated = True
        if not raw.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = raw.agent_selection
        dead = raw.terminations[agent] or raw.truncations[agent]
        if self._terminated and dead:
            raw._was_dead_step(action)
            return
        assert (action is None and dead) or _in_action_space(action, self._num_actions), \
            "action is not in action space"
        if not dead and not is_legal(raw.game, int(action)):
            EnvLogger.warn_on_illegal_move()
            raw._cumulative_rewards[agent] = 0
            raw.terminations = dict.fromkeys(raw.agents, True)
            raw.truncations = dict.fromkeys(raw.agents, True)
            raw.rewards = dict.fromkeys(raw.agents, 0)
            raw.rewards[agent] = self._illegal_reward
            raw._accumulate_rewards()
            raw._deads_step_first()
            self._terminated = True
            return
        raw.step(action)


def _as_action(action):
    """A 0-d integer array (as policies return) as an int; anything else is
    passed on unchanged for Game.step to accept (a name) or reject."""
    if isinstance(action, np.ndarray) and action.shape == () and np.issubdtype(action.dtype, np.integer):
        return int(action)
    return action


def _in_action_space(action, num_actions: int) -> bool:
    """Discrete(num_actions).contains, without its overhead."""
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action.item() if np.issubdtype(action.dtype, np.integer) else None
    return (isinstance(action, (int, np.integer)) and not isinstance(action, bool)
            and 0 <= action < num_actions)


def check_seed(seed) -> None:
    if seed is None:
        return
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise ValueError(f"seed must be None or a non-negative int, got {seed!r}")


def _game_seed(seed: int) -> int:
    """Map any non-negative int to a Game seed in 0..2**31-1 (identity below 2**31)."""
    seed = int(seed)
    if seed < _SEED_LIMIT:
        return seed
    return int(np.random.default_rng(seed).integers(_SEED_LIMIT))


class GameAECEnv(AECEnv):
    """A game as a PettingZoo AECEnv; see the module docstring for the contract.

    Subclasses set the class attribute ``description`` (a `GameDescription`);
    that is all a game must supply. A subclass may define ``__init__`` with
    its options as named parameters (for the signature and docs) and pass
    them on as keywords.

    :param num_players: one of ``description.player_counts``.
    :param render_mode: None, "human" (prints) or "ansi" (render() returns a string).
    :param seed: seeds the generator that picks game seeds for `reset(seed=None)`
        (None: fresh OS entropy).
    :param reward: "win_loss" or "vp_margin" (terminal rewards).
    :param obs_type: "int" (the int32 observation) or "float" (float32 in
        [-1, 1], scaled by the Box bounds: `framework.obs_spec.FloatTransform`).
    :param options: the game's options (``description.options``), validated
        by ``description.check``, passed to every new Game.
    """

    description: ClassVar[GameDescription]
    metadata: ClassVar[dict]  # set per subclass from its description

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        d = cls.__dict__.get("description")
        if d is not None and "metadata" not in cls.__dict__:
            cls.metadata = {"name": d.env_name, "render_modes": list(RENDER_MODES),
                            "is_parallelizable": False, "render_fps": 1}

    def __init__(self, num_players: int = 2, render_mode: str | None = None,
                 seed: int | None = None, reward: str = "win_loss", obs_type: str = "int", **options):
        super().__init__()
        d = self.description
        self.obs_type = check_obs_type(obs_type)
        if isinstance(num_players, bool) or num_players not in d.player_counts:
            raise ValueError(f"num_players must be one of {d.player_counts}, got {num_players!r}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {RENDER_MODES} or None, got {render_mode!r}")
        check_reward(reward)
        check_seed(seed)
        num_players, self.game_options = d.check(num_players, options)
        for k, v in self.game_options.items():  # env.story, env.catalog, ...
            setattr(self, k, v)
        self.num_players = num_players
        self.render_mode = render_mode
        self.reward_mode = reward
        self._seed_rng = np.random.default_rng(seed)
        self.game = None
        self._next_obs = None
        # the Game's fused step + next observation (one call instead of two), if it has one
        self._step_observe = hasattr(d.game_class, "step_observe")
        self._constructor_keys = ("num_players", *d.options, "reward", "obs_type", "render_mode", "seed")

        self.possible_agents = [f"player_{i}" for i in range(self.num_players)]
        self.agents = self.possible_agents[:]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        low, high = d.bounds()
        # obs_type "float": observe() hands out the float view (None: the int32 arrays as they are)
        self._to_float = FloatTransform(low, high) if obs_type == "float" else None
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": (self._to_float.box() if self._to_float is not None else
                                spaces.Box(low=low, high=high, shape=(d.obs_size,), dtype=np.int32)),
                "action_mask": spaces.Box(low=0, high=1, shape=(d.num_actions,), dtype=np.int8),
            })
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(d.num_actions) for a in self.possible_agents}

    # ---- spaces ------------------------------------------------------------------
    def observation_space(self, agent):
        """The Dict observation space of an agent (the same object every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent):
        """Discrete(num_actions) for every agent."""
        return self.action_spaces[agent]

    # ---- core AEC API ------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; seed None draws a game seed from the env's generator."""
        self._check_options(options)
        check_seed(seed)
        if seed is None:
            game_seed = int(self._seed_rng.integers(_SEED_LIMIT))
        else:
            self._seed_rng = np.random.default_rng(seed)
            game_seed = _game_seed(seed)
        self.game = self.description.game_class(self.num_players, seed=game_seed, **self.game_options)
        self.game_seed = game_seed
        self._next_obs = None  # the acting agent's observation, made by step()

        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        hook = self.description.play_infos
        self._live_infos = hook is not None and hook(self.game) is not None
        self._update_infos()
        self._select_current()

    def observe(self, agent):
        """The agent's observation; its action mask is all zeros unless it is to act."""
        g = self.game
        acting = agent == self.agent_selection
        obs = self._next_obs
        if acting and obs is not None:  # made by step(); handed out once
            self._next_obs = None
        else:
            obs = g.observe(self.agent_name_mapping[agent])  # fresh arrays: callers may keep them
        mask = g.action_mask() if acting else np.zeros(self.description.num_actions, np.int8)
        if self._to_float is not None:
            obs = self._to_float(obs)
        return {"observation": obs, "action_mask": mask}

    def step(self, action) -> None:
        """Apply the selected agent's action (None once it is terminated)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        self._cumulative_rewards[agent] = 0
        g = self.game
        # raises IllegalActionError (state unchanged) for anything not legal now
        a = action if type(action) in INT_TYPES else _as_action(action)
        if self._step_observe:  # the next actor's observation from the same call
            self._next_obs = g.step_observe(a)
            over = self._next_obs is None
        else:
            g.step(a)
            over = g.is_over
        if over:
            self.rewards = self._terminal_rewards()
            self.terminations = dict.fromkeys(self.agents, True)
            self._update_infos()
            self.agent_selection = self.possible_agents[0]
            self._accumulate_rewards()
        else:
            # rewards stay 0 until the terminal step, so nothing accumulates here;
            # infos change during play only through the description's play_infos
            if self._live_infos:
                self._update_infos()
            self.agent_selection = self.possible_agents[g.current_player]
        if self.render_mode == "human":
            self.render()

    def render(self):
        """"ansi": return the text view; "human": print it; None: warn and return None."""
        if self.render_mode is None:
            warnings.warn("render() called without a render_mode; pass render_mode='ansi' or 'human'")
            return None
        if self.game is None:
            text = f"<{self.description.title}: call reset() first>"
        else:
            text = self.description.render(self.game)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release (text rendering only)."""

    # ---- helpers ---------------------------------------------------------------------
    def _select_current(self) -> None:
        """agent_selection := the game's current player (player_0 once the game is over)."""
        p = self.game.current_player
        self.agent_selection = self.possible_agents[p if p >= 0 else 0]

    def _update_infos(self) -> None:
        """{} during play (plus play_infos); at the end each agent's final
        score and its score breakdown."""
        g = self.game
        base = (self.description.play_infos(g) or {}) if self._live_infos else {}
        if g.is_over:
            scores, breakdown = g.scores(), g.score_breakdown()
            for a in self.agents:
                p = self.agent_name_mapping[a]
                self.infos[a] = {**base, "score": scores[p], "score_breakdown": breakdown[p]}
        else:
            for a in self.agents:
                self.infos[a] = dict(base)

    def _terminal_rewards(self) -> dict[str, float]:
        """Each agent's terminal reward (the reward mode's, for the game as it is)."""
        seat_rewards = terminal_rewards(self.game, self.reward_mode)
        return {a: seat_rewards[self.agent_name_mapping[a]] for a in self.agents}

    def _check_options(self, options) -> None:
        """reset() takes no options of its own: constructor keys raise, others are ignored."""
        check_reset_options(options, self._constructor_keys, "raw_env()/env()")
