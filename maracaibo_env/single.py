"""Single-agent Gymnasium view: one learner seat against fixed opponents.

    from maracaibo_env.single import MaracaiboSingleEnv
    e = MaracaiboSingleEnv(num_players=2, opponents=["random"])
    obs, info = e.reset(seed=0)
    obs, reward, terminated, truncated, info = e.step(int(np.flatnonzero(e.action_masks())[0]))

Opponents' decisions are played inside `reset` and `step` until the learner
is to act again, so every observation and reward returned belongs to the
learner (never the next player's observation with the previous player's
reward). `action_masks()` is what sb3-contrib's MaskablePPO reads.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from .core.actions import NUM_ACTIONS
from .core.layout import G_CUR
from .core.observe import OBS_SIZE
from .game import Game, IllegalActionError, _check_config
from .obs_bounds import observation_bounds

REWARD_MODES = ("win_loss", "vp_margin")
Policy = Callable[[np.ndarray, np.ndarray, np.random.Generator, Game], int]


def _int_action(action) -> int:
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action[()]
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        raise IllegalActionError(f"action must be an int id 0..{NUM_ACTIONS - 1}, got {action!r} "
                                 f"({type(action).__name__})")
    return int(action)


def _as_policy(spec) -> Policy | None:
    """An opponent: "random" (None: it plays inside numba, Game.play_random),
    an object with act(obs, mask, rng) (given the read-only Game too when it
    sets ``accepts_game``), or a callable."""
    if isinstance(spec, str) and spec == "random":
        return None
    if hasattr(spec, "act"):
        if getattr(spec, "accepts_game", False):
            return lambda obs, mask, rng, game: spec.act(obs, mask, rng, game=game)
        return lambda obs, mask, rng, game: spec.act(obs, mask, rng)
    if callable(spec):
        return lambda obs, mask, rng, game: spec(obs, mask, rng)
    raise ValueError(f"an opponent must be 'random', an agent with act(obs, mask, rng) "
                     f"or a callable, got {spec!r}")


class MaracaiboSingleEnv(gym.Env):
    """One learner against opponent policies.

    :param num_players: 2, 3 or 4 (the learner plus num_players - 1 opponents).
    :param opponents: one spec per opponent, or a single spec used for all:
        "random", an agent with ``act(observation, action_mask, rng) -> int``,
        or such a callable. "random" opponents play inside numba
        (`Game.play_random`, their own generator seeded from ``reset(seed)``).
    :param learner_seat: the learner's seat, or None for a random seat each game.
    :param reward: "win_loss" (+1 sole winner, 0 tied for first, -1 otherwise)
        or "vp_margin" ((own VP - best other VP) / 100), given at the end.
    :param story: story card 75, 76 or 77.
    :param difficulty: solo (num_players=1) only: Jean's level.
    :param automa_table: solo only: "en" or "de" deck-size table.
    :param automa_income: solo only: Jean's income reading, "en" or "de" (SOLO-18).
    :param render_mode: None, "ansi" or "human".
    :param illegal: what an illegal learner action does: "lose" (default; as
        PettingZoo's TerminateIllegalWrapper: the episode ends with reward -1,
        the game state is left as it was) or "raise" (IllegalActionError).
    """

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}

    def __init__(self, num_players: int = 2, opponents: Sequence | Any = "random",
                 learner_seat: int | None = 0, reward: str = "win_loss", story: int = 75,
                 render_mode: str | None = None, illegal: str = "lose",
                 difficulty: str = "medium", automa_table: str = "en", automa_income: str = "en",
                 data_dir=None):
        # ints only (numpy ints accepted; 2.0 refused), solo options only in a solo game
        num_players, _, story = _check_config(num_players, 0, story, difficulty, automa_table,
                                              automa_income)
        if reward not in REWARD_MODES:
            raise ValueError(f"reward must be one of {REWARD_MODES}, got {reward!r}")
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', got {render_mode!r}")
        self.difficulty, self.automa_table, self.automa_income = difficulty, automa_table, automa_income
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal must be 'lose' or 'raise', got {illegal!r}")
        self.illegal = illegal
        from .game import _check_catalog
        self.catalog = _check_catalog(None, data_dir)  # data_dir: your modified game data
        if learner_seat is not None:
            if isinstance(learner_seat, (bool, np.bool_)) or not isinstance(learner_seat, (int, np.integer)) \
                    or learner_seat not in range(num_players):
                raise ValueError(f"learner_seat must be None or an int 0..{num_players - 1}, got {learner_seat!r}")
            learner_seat = int(learner_seat)
        specs = list(opponents) if isinstance(opponents, (list, tuple)) else [opponents] * (num_players - 1)
        if len(specs) != num_players - 1:
            raise ValueError(f"{num_players} players need {num_players - 1} opponents, got {len(specs)}")
        self._opponents = [_as_policy(s) for s in specs]
        self.num_players = num_players
        self.learner_seat_option = learner_seat
        self.reward_mode = reward
        self.story = story
        self.render_mode = render_mode
        low, high = observation_bounds()
        self.observation_space = spaces.Box(low=low, high=high, shape=(OBS_SIZE,), dtype=np.int32)
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self.game: Game | None = None
        self.learner = 0
        self._ended = False

    # ---- Gymnasium API -----------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        if options:
            raise ValueError(f"reset() takes no options, got {sorted(options)}")
        rng = self.np_random
        self.learner = (int(rng.integers(self.num_players)) if self.learner_seat_option is None
                        else self.learner_seat_option)
        self.game = Game(self.num_players, seed=int(rng.integers(2**31)), story=self.story,
                         difficulty=self.difficulty, automa_table=self.automa_table,
                         automa_income=self.automa_income, catalog=self.catalog)
        self._ended = False
        self._random_rng = np.array([rng.integers(1, 2**63)], np.uint64)
        seats = range(self.num_players)
        # "random" opponents play inside numba (Game.play_random), several moves a call
        self._random_seats = sum(1 << p for p in seats if p != self.learner
                                 and self._opponents[(p - self.learner - 1) % self.num_players] is None)
        self._play_opponents()
        return self._obs(), self._info()

    def step(self, action):
        """The learner's action: an int id (a numpy int or 0-d int array too;
        a float or bool raises IllegalActionError, it is never truncated)."""
        if self.game is None:
            raise RuntimeError("call reset() before step()")
        if self.game.is_over or self._ended:
            raise RuntimeError("the episode is over; call reset()")
        a = action if type(action) is int else _int_action(action)
        if self.game.state[G_CUR] != self.learner:
            raise RuntimeError(f"it is not the learner's turn: player {self.game.current_player} is to act "
                               f"(the learner is seat {self.learner}); env.game must not be stepped directly")
        if self.illegal == "lose" and not (0 <= a < NUM_ACTIONS and self.game._mask[a]):
            self._ended = True
            info = self._info()
            info["illegal_action"] = a
            return self._obs(), -1.0, True, False, info
        self.game.step(a)  # IllegalActionError (state unchanged) if illegal
        self._play_opponents()
        done = self.game.is_over
        reward = self._reward() if done else 0.0
        if self.render_mode == "human":
            self.render()
        return self._obs(), reward, done, False, self._info()

    def action_masks(self) -> np.ndarray:
        """Bool mask of the learner's legal actions (all False once the game is over)."""
        if self.game is None or self.game.is_over or self._ended:
            return np.zeros(NUM_ACTIONS, bool)
        return self.game.action_mask().astype(bool)

    def render(self):
        from .render import render_text
        text = render_text(self.game) if self.game else "<call reset() first>"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    # ---- internals -------------------------------------------------------------------
    def _play_opponents(self):
        g = self.game
        rng = self.np_random
        while not g.is_over and g.current_player != self.learner:
            p = g.current_player
            if (self._random_seats >> p) & 1:
                g.play_random(~self._random_seats & 0xF, self._random_rng)
                continue
            policy = self._opponents[(p - self.learner - 1) % self.num_players]
            g.step(int(policy(g.observe(p), g.action_mask(), rng, g)))

    def _obs(self) -> np.ndarray:
        return self.game.observe(self.learner)

    def _info(self) -> dict[str, Any]:
        g = self.game
        info = {"phase": g.phase, "round": g.round, "learner_seat": self.learner}
        if g.is_over:
            info["scores"] = g.scores()
            info["score_breakdown"] = g.score_breakdown()[self.learner]
        return info

    def _reward(self) -> float:
        scores = self.game.scores()
        me = scores[self.learner]
        if self.reward_mode == "vp_margin":
            return (me - max(s for q, s in enumerate(scores) if q != self.learner)) / 100.0
        winners = self.game.winners()
        if self.learner not in winners:
            return -1.0
        return 1.0 if len(winners) == 1 else 0.0
