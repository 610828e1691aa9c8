"""A single-agent Gymnasium env for any game with a `GameDescription`: one
learner seat against fixed opponents.

A game's env is a subclass that names its description (`maracaibo_env/maracaibo/single.py`
adds only its constructor signature and docs):

    from maracaibo_env.framework.single import GameSingleEnv

    class PiratesSingleEnv(GameSingleEnv):
        description = PIRATES                 # a GameDescription

        def resolve_opponent(self, spec):     # optional: more opponent specs
            if spec == "greedy":
                return lambda obs, mask, rng, game: greedy_move(game)
            return super().resolve_opponent(spec)

    e = PiratesSingleEnv(num_players=2, opponents="random")
    obs, info = e.reset(seed=0)
    obs, reward, terminated, truncated, info = e.step(int(np.flatnonzero(e.action_masks())[0]))

Opponents' decisions are played inside `reset` and `step` until the learner
is to act again, so every observation and reward returned belongs to the
learner (never the next player's observation with the previous player's
reward). `action_masks()` is what sb3-contrib's MaskablePPO reads.

Observations are the learner's int32 vector, or with ``obs_type="float"``
float32 in [-1, 1], each entry scaled by its bounds
(`framework.obs_spec.FloatTransform`; docs/observation.md). Opponent policies
always get the int32 observation (agents read its fields).
"""
from __future__ import annotations

from typing import Any, Callable, ClassVar, Sequence

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from .description import (REWARD_MODES, GameDescription, check_reset_options, check_reward, is_legal,
                          terminal_rewards)
from .game import IllegalActionError
from .obs_spec import FloatTransform, check_obs_type

# an opponent policy: (observation, action_mask, rng, game) -> action id
Policy = Callable[[np.ndarray, np.ndarray, np.random.Generator, Any], int]

__all__ = ["GameSingleEnv", "Policy", "REWARD_MODES"]


def _random_policy(obs, mask, rng, game) -> int:
    """Uniformly random legal moves, in Python (for Games without play_random)."""
    return int(rng.choice(np.flatnonzero(mask)))


class GameSingleEnv(gym.Env):
    """One learner against opponent policies.

    Subclasses set the class attribute ``description`` (a `GameDescription`)
    and may override `resolve_opponent` to accept more opponent specs.

    :param num_players: one of ``description.player_counts`` (the learner plus
        num_players - 1 opponents).
    :param opponents: one spec per opponent, or a single spec used for all
        (see `resolve_opponent`).
    :param learner_seat: the learner's seat, or None for a random seat each game.
    :param reward: "win_loss" (+1 sole winner, 0 tied for first, -1 otherwise)
        or "vp_margin" ((own VP - best other VP) / 100), given at the end.
    :param render_mode: None, "ansi" or "human".
    :param illegal: what an illegal learner action does: "lose" (default; as
        PettingZoo's TerminateIllegalWrapper: the episode ends with reward -1,
        the game state is left as it was) or "raise" (IllegalActionError).
    :param obs_type: "int" (the int32 observation) or "float" (float32 in
        [-1, 1], scaled by the Box bounds: `framework.obs_spec.FloatTransform`).
    :param options: the game's options, validated by ``description.check``
        and passed to every new Game.
    """

    description: ClassVar[GameDescription]
    #: ``read_spec(text) -> agent`` for opponents given as agent-spec strings (None: none read)
    read_spec: ClassVar[Callable[[str], Any] | None] = None
    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}

    def __init__(self, num_players: int = 2, opponents: Sequence | Any = "random",
                 learner_seat: int | None = 0, reward: str = "win_loss",
                 render_mode: str | None = None, illegal: str = "lose", obs_type: str = "int",
                 **options):
        d = self.description
        self.obs_type = check_obs_type(obs_type)
        num_players, self.game_options = d.check(num_players, options)
        check_reward(reward)
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', got {render_mode!r}")
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal must be 'lose' or 'raise', got {illegal!r}")
        self.illegal = illegal
        self._constructor_keys = ("num_players", *d.options, "opponents", "learner_seat", "reward",
                                  "render_mode", "illegal", "obs_type")
        for k, v in self.game_options.items():  # env.story, env.catalog, ...
            setattr(self, k, v)
        if learner_seat is not None:
            if isinstance(learner_seat, (bool, np.bool_)) or not isinstance(learner_seat, (int, np.integer)) \
                    or learner_seat not in range(num_players):
                raise ValueError(f"learner_seat must be None or an int 0..{num_players - 1}, got {learner_seat!r}")
            learner_seat = int(learner_seat)
        specs = list(opponents) if isinstance(opponents, (list, tuple)) else [opponents] * (num_players - 1)
        if len(specs) != num_players - 1:
            raise ValueError(f"{num_players} players need {num_players - 1} opponents, got {len(specs)}")
        self._opponents = [self.resolve_opponent(s) for s in specs]
        self.num_players = num_players
        self.learner_seat_option = learner_seat
        self.reward_mode = reward
        self.render_mode = render_mode
        low, high = d.bounds()
        self._to_float = FloatTransform(low, high) if obs_type == "float" else None
        self.observation_space = (self._to_float.box() if self._to_float is not None else
                                  spaces.Box(low=low, high=high, shape=(d.obs_size,), dtype=np.int32))
        self.action_space = spaces.Discrete(d.num_actions)
        self.game = None
        self.learner = 0
        self._ended = False

    def resolve_opponent(self, spec) -> Policy | None:
        """One opponent spec as a policy ``(obs, mask, rng, game) -> int``, or
        None for "random" played inside the engine (``Game.play_random``,
        several moves a call; a Game without it gets a Python random policy).

        Accepted here: "random", any other agent spec of the game's seat
        kinds in the agent table ("balanced", "mcts:iters=200", "raider", ...;
        the game's ``read_spec``), an object with ``act(obs, mask, rng)``
        (given the read-only Game too as ``game=`` when it sets
        ``accepts_game``), or such a callable. Override to accept more (call
        super() for these)."""
        if isinstance(spec, str) and spec == "random":
            return None if hasattr(self.description.game_class, "play_random") else _random_policy
        if isinstance(spec, str):
            spec = self._agent_of_spec(spec)
        if hasattr(spec, "act"):
            if getattr(spec, "accepts_game", False):
                return lambda obs, mask, rng, game: spec.act(obs, mask, rng, game=game)
            return lambda obs, mask, rng, game: spec.act(obs, mask, rng)
        if callable(spec):
            return lambda obs, mask, rng, game: spec(obs, mask, rng)
        raise ValueError(f"an opponent must be 'random', an agent spec, an agent with "
                         f"act(obs, mask, rng) or a callable, got {spec!r}")

    def _agent_of_spec(self, text: str):
        """The agent of an agent-spec string: the class's ``read_spec(text)`` (a
        game's env sets it to the agent table's reader for its game: its single.py)."""
        if self.read_spec is None:
            raise ValueError(f"opponent {text!r}: {self.description.env_name} reads no agent specs: "
                             "give 'random', an agent with act(obs, mask, rng) or a callable")
        return type(self).read_spec(text)

    # ---- Gymnasium API -----------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict | None = None):
        check_reset_options(options, self._constructor_keys, "the env's constructor (gymnasium.make(..., key=value))")
        super().reset(seed=seed)
        rng = self.np_random
        self.learner = (int(rng.integers(self.num_players)) if self.learner_seat_option is None
                        else self.learner_seat_option)
        self.game = self.description.game_class(self.num_players, seed=int(rng.integers(2**31)),
                                                 **self.game_options)
        self._ended = False
        self._random_rng = np.array([rng.integers(1, 2**63)], np.uint64)
        # "random" opponents (None) play inside the engine (Game.play_random), several moves a call
        self._random_seats = sum(1 << p for p in range(self.num_players) if p != self.learner
                                 and self._opponents[(p - self.learner - 1) % self.num_players] is None)
        self._stop_seats = ((1 << self.num_players) - 1) & ~self._random_seats  # where they stop
        self._play_opponents()
        return self._obs(), self._info()

    def step(self, action):
        """The learner's action: an int id (a numpy int or 0-d int array too;
        a float or bool raises IllegalActionError, it is never truncated)."""
        if self.game is None:
            raise RuntimeError("call reset() before step()")
        if self.game.is_over or self._ended:
            raise RuntimeError("the episode is over; call reset()")
        a = action if type(action) is int else self._int_action(action)
        if self.game.current_player != self.learner:
            raise RuntimeError(f"it is not the learner's turn: player {self.game.current_player} is to act "
                               f"(the learner is seat {self.learner}); env.game must not be stepped directly")
        if self.illegal == "lose" and not (0 <= a < self.description.num_actions and is_legal(self.game, a)):
            self._ended = True
            info = self._info()
            info["illegal_action"] = a
            return self._obs(), -1.0, True, False, info
        self.game.step(a)  # IllegalActionError (state unchanged) if illegal
        self._play_opponents()
        done = self.game.is_over
        reward = terminal_rewards(self.game, self.reward_mode)[self.learner] if done else 0.0
        if self.render_mode == "human":
            self.render()
        return self._obs(), reward, done, False, self._info()

    def action_masks(self) -> np.ndarray:
        """Bool mask of the learner's legal actions (all False once the game is over)."""
        if self.game is None or self.game.is_over or self._ended:
            return np.zeros(self.description.num_actions, bool)
        return self.game.action_mask().astype(bool)

    def render(self):
        text = self.description.render(self.game) if self.game else "<call reset() first>"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    # ---- internals -------------------------------------------------------------------
    def _int_action(self, action) -> int:
        if isinstance(action, np.ndarray) and action.shape == ():
            action = action[()]
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise IllegalActionError(f"action must be an int id 0..{self.description.num_actions - 1}, "
                                     f"got {action!r} ({type(action).__name__})")
        return int(action)

    def _play_opponents(self):
        g = self.game
        rng = self.np_random
        while not g.is_over and g.current_player != self.learner:
            p = g.current_player
            if (self._random_seats >> p) & 1:
                g.play_random(self._stop_seats, self._random_rng)
                continue
            policy = self._opponents[(p - self.learner - 1) % self.num_players]
            g.step(int(policy(g.observe(p), g.action_mask(), rng, g)))

    def _obs(self) -> np.ndarray:
        obs = self.game.observe(self.learner)
        return obs if self._to_float is None else self._to_float(obs)

    def _info(self) -> dict[str, Any]:
        g = self.game
        info = {"phase": g.phase, "round": g.round, "learner_seat": self.learner}
        if g.is_over:
            info["scores"] = g.scores()
            info["score_breakdown"] = g.score_breakdown()[self.learner]
        return info
