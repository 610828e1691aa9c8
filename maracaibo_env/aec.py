"""PettingZoo AEC adapter for Maracaibo (classic-games convention).

    from maracaibo_env.aec import env
    e = env(num_players=3)
    e.reset(seed=0)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else pick(obs["action_mask"])
        e.step(action)

The adapter holds no rules: legality, effects and turn order come from
`maracaibo_env.game.Game` (and through it the numba core).

Turn order is not round-robin: one player often makes several decisions in a
row, and during scoring other players decide. `agent_selection` is always the
game's current player.

Observations: ``{"observation": int32[OBS_SIZE], "action_mask": int8[NUM_ACTIONS]}``
from the observing agent's point of view (see `Game.observation_spec()`); the
mask is all zeros for every agent that is not the one to act.

``env.game`` is the underlying `Game`: read it freely, but act only through
``env.step`` (the env keeps the acting agent's next observation, made in the
same compiled call as the step).

Infos are ``{}`` during play (as in PettingZoo's classic games; the phase
and round are in the observation and on ``env.game``), ``{"jean": [...]}``
with Jean's last turn in a solo game, and at the end ``{"score",
"score_breakdown"}`` for every agent.

Rewards are 0 until the game ends; then every agent gets one terminal reward:

* ``reward="win_loss"`` (default): a sole winner gets +1 and everyone else -1;
  when k >= 2 players tie for the most VP, each of them gets 0 and the rest -1.
  Winners are `Game.winners()` (so any tie-break the core applies is honoured).
* ``reward="vp_margin"``: (own VP - best VP among the others) / 100.

Configuration is constructor-only (`num_players`, `story`, `reward`,
`render_mode`, `seed`); `reset(options=...)` accepts no keys of its own.
"""
from __future__ import annotations

import warnings
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .catalog import STORY_NUMBERS
from .core.actions import NUM_ACTIONS
from .core.layout import G_CUR
from .core.observe import OBS_SIZE, observe as observe_state
from .game import Game, PLAYER_COUNTS, _INT_TYPES
from .obs_bounds import observation_bounds

RENDER_MODES = ("human", "ansi")
REWARD_MODES = ("win_loss", "vp_margin")
_CONSTRUCTOR_KEYS = ("num_players", "story", "reward", "render_mode", "seed", "difficulty",
                     "automa_table", "automa_income")
_SEED_LIMIT = 2**31  # Game seeds are 0..2**31-1


def env(**kwargs) -> AECEnv:
    """raw_env(**kwargs) behind one protective layer that does what PettingZoo's
    standard classic-game stack (TerminateIllegal(-1) + AssertOutOfBounds +
    OrderEnforcing) does, without its three levels of attribute forwarding."""
    return GuardedEnv(raw_env(**kwargs), illegal_reward=-1)


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

    def __init__(self, env: raw_env, illegal_reward: float = -1):
        self._raw = env
        self._illegal_reward = float(illegal_reward)
        self._terminated = False  # ended by an illegal move
        super().__init__(env)

    def reset(self, seed=None, options=None) -> None:
        self._terminated = False
        super().reset(seed=seed, options=options)

    def observe(self, agent):
        if not self._has_reset:
            wrappers.order_enforcing.EnvLogger.error_observe_before_reset()
        return self._raw.observe(agent)

    def step(self, action) -> None:
        if not self._has_reset:
            wrappers.order_enforcing.EnvLogger.error_step_before_reset()
        raw = self._raw
        self._has_updated = True
        if not raw.agents:
            wrappers.order_enforcing.EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = raw.agent_selection
        dead = raw.terminations[agent] or raw.truncations[agent]
        if self._terminated and dead:
            raw._was_dead_step(action)
            return
        assert (action is None and dead) or _in_action_space(action), "action is not in action space"
        if not dead and not raw.game._mask[int(action)]:
            from pettingzoo.utils.env_logger import EnvLogger
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


def _in_action_space(action) -> bool:
    """Discrete(NUM_ACTIONS).contains, without its overhead."""
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action.item() if np.issubdtype(action.dtype, np.integer) else None
    return (isinstance(action, (int, np.integer)) and not isinstance(action, bool)
            and 0 <= action < NUM_ACTIONS)


# ---- config validation -------------------------------------------------------------
def _check_config(num_players, render_mode, seed, story, reward) -> None:
    if isinstance(num_players, bool) or num_players not in PLAYER_COUNTS:
        raise ValueError(f"num_players must be one of {PLAYER_COUNTS}, got {num_players!r}")
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be one of {RENDER_MODES} or None, got {render_mode!r}")
    if story not in STORY_NUMBERS:
        raise ValueError(f"story must be one of {STORY_NUMBERS}, got {story!r}")
    if reward not in REWARD_MODES:
        raise ValueError(f"reward must be one of {REWARD_MODES}, got {reward!r}")
    _check_seed(seed)


def _check_seed(seed) -> None:
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


class raw_env(AECEnv):
    """Maracaibo as a PettingZoo AECEnv; see the module docstring for the contract.

    :param num_players: 2, 3 or 4; or 1 for the solo game against the Automa
        Jean (her turns are played by the engine; what she did is in
        ``infos["player_0"]["jean"]`` and in the rendered text).
    :param difficulty: solo only: Jean's level ("very_easy" … "very_hard").
    :param automa_table: solo only: "en" or "de" deck-size table.
    :param automa_income: solo only: Jean's income reading, "en" or "de" (SOLO-18).
    :param render_mode: None, "human" (prints) or "ansi" (render() returns a string).
    :param seed: seeds the generator that picks game seeds for `reset(seed=None)`
        (None: fresh OS entropy).
    :param story: non-campaign story card 75, 76 or 77.
    :param reward: "win_loss" or "vp_margin" (terminal rewards, module docstring).
    """

    metadata = {
        "name": "maracaibo_v0",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, num_players: int = 2, render_mode: str | None = None,
                 seed: int | None = None, story: int = 75, reward: str = "win_loss",
                 difficulty: str = "medium", automa_table: str = "en", automa_income: str = "en",
                 data_dir=None):
        super().__init__()
        _check_config(num_players, render_mode, seed, story, reward)
        from .game import _check_config as _check_game_config
        _check_game_config(num_players, 0, story, difficulty, automa_table, automa_income)
        from .game import _check_catalog
        self.catalog = _check_catalog(None, data_dir)  # data_dir: your modified game data
        self.difficulty = difficulty
        self.automa_table = automa_table
        self.automa_income = automa_income
        self.num_players = int(num_players)
        self.render_mode = render_mode
        self.story = story
        self.reward_mode = reward
        self._seed_rng = np.random.default_rng(seed)
        self.game: Game | None = None
        self._next_obs = None

        self.possible_agents = [f"player_{i}" for i in range(self.num_players)]
        self.agents = self.possible_agents[:]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        low, high = observation_bounds()
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(low=low, high=high, shape=(OBS_SIZE,), dtype=np.int32),
                "action_mask": spaces.Box(low=0, high=1, shape=(NUM_ACTIONS,), dtype=np.int8),
            })
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in self.possible_agents}

    # ---- spaces ------------------------------------------------------------------
    def observation_space(self, agent):
        """The Dict observation space of an agent (the same object every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent):
        """Discrete(NUM_ACTIONS) for every agent."""
        return self.action_spaces[agent]

    # ---- core AEC API ------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; seed None draws a game seed from the env's generator."""
        _check_options(options)
        _check_seed(seed)
        if seed is None:
            game_seed = int(self._seed_rng.integers(_SEED_LIMIT))
        else:
            self._seed_rng = np.random.default_rng(seed)
            game_seed = _game_seed(seed)
        self.game = Game(self.num_players, seed=game_seed, story=self.story,
                         difficulty=self.difficulty, automa_table=self.automa_table,
                         automa_income=self.automa_income, catalog=self.catalog)
        self.game_seed = game_seed
        self._solo = self.game.solo
        self._next_obs = None  # the acting agent's observation, made by step()

        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
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
            obs = np.empty(OBS_SIZE, np.int32)  # fresh arrays: callers may keep them
            observe_state(g.state, self.agent_name_mapping[agent], obs)
        mask = g._mask.copy() if acting else np.zeros(NUM_ACTIONS, np.int8)
        return {"observation": obs, "action_mask": mask}

    def step(self, action) -> None:
        """Apply the selected agent's action (None once it is terminated)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        self._cumulative_rewards[agent] = 0
        g = self.game
        # raises IllegalActionError (state unchanged) for anything not legal now;
        # the next actor's observation comes from the same compiled call
        self._next_obs = g.step_observe(action if type(action) in _INT_TYPES else _as_action(action))
        if self._next_obs is None:  # the game is over
            self.rewards = self._terminal_rewards()
            self.terminations = dict.fromkeys(self.agents, True)
            self._update_infos()
            self.agent_selection = self.possible_agents[0]
            self._accumulate_rewards()
        else:
            # rewards stay 0 until the terminal step, so nothing accumulates here;
            # infos change during play only in a solo game (Jean's last turn)
            if self._solo:
                self._update_infos()
            self.agent_selection = self.possible_agents[g.state[G_CUR]]
        if self.render_mode == "human":
            self.render()

    def render(self):
        """"ansi": return the text view; "human": print it; None: warn and return None."""
        if self.render_mode is None:
            warnings.warn("render() called without a render_mode; pass render_mode='ansi' or 'human'")
            return None
        if self.game is None:
            text = "<maracaibo: call reset() first>"
        else:
            from .render import render_text  # lazy: rendering is not needed to play
            text = render_text(self.game)
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
        """{} during play ({"jean": her last turn} in a solo game); at the end
        each agent's final score and its score breakdown."""
        g = self.game
        base = {"jean": g.jean_log()} if g.solo else {}
        if g.is_over:
            scores, breakdown = g.scores(), g.score_breakdown()
            for a in self.agents:
                p = self.agent_name_mapping[a]
                self.infos[a] = {**base, "score": scores[p], "score_breakdown": breakdown[p]}
        else:
            for a in self.agents:
                self.infos[a] = dict(base)

    def _terminal_rewards(self) -> dict[str, float]:
        scores = self.game.scores()
        out = {}
        if self.reward_mode == "vp_margin":
            for a in self.agents:
                p = self.agent_name_mapping[a]
                best_other = max(s for q, s in enumerate(scores) if q != p)
                out[a] = (scores[p] - best_other) / 100.0
            return out
        winners = self.game.winners()
        for a in self.agents:
            p = self.agent_name_mapping[a]
            out[a] = (1.0 if len(winners) == 1 else 0.0) if p in winners else -1.0
        return out


def _check_options(options) -> None:
    """reset() takes no options of its own: constructor keys raise, others are ignored."""
    if options is None:
        return
    if not isinstance(options, dict):
        raise ValueError(f"options must be None or a dict, got {type(options).__name__}")
    misplaced = [k for k in options if k in _CONSTRUCTOR_KEYS]
    if misplaced:
        raise ValueError(
            f"reset() options accept no keys (allowed: none); {', '.join(map(repr, misplaced))} "
            f"is constructor configuration: pass it to raw_env()/env() "
            f"(constructor keys: {', '.join(_CONSTRUCTOR_KEYS)})")
    if options:
        warnings.warn(f"reset() ignores unknown options {sorted(map(str, options))} "
                      f"(allowed: none; configure via raw_env({', '.join(_CONSTRUCTOR_KEYS)}))")
