"""`GameDescription`: what the env adapters (`framework.aec`, `framework.single`)
need to know about one game, and the terminal rewards both adapters give.

A game supplies one description (keep it beside its `Game`, in a module that
imports neither PettingZoo nor the adapters, so that both adapters can share it):

    PIRATES = GameDescription(
        game_class=Game,                 # Game(num_players, seed=..., **options)
        env_name="pirates_v0",           # PettingZoo metadata["name"]
        num_actions=NUM_ACTIONS,         # the Discrete action space
        obs_size=OBS_SIZE,               # the int32 observation vector
        player_counts=(2, 3, 4),
        options=("variant",),            # Game keyword options the envs take
        render=render,                   # game -> str, the "ansi"/"human" text
    )

The `Game` must offer (as `maracaibo_env.maracaibo.game.Game` does):

* ``Game(num_players, seed=s, **options)`` with s in 0..2**31-1, reproducible;
* ``num_players`` (deciding seats: agents player_0..), ``num_seats`` (seats
  with a score), ``is_over``, ``current_player`` (-1 once over), ``phase``,
  ``round``;
* ``action_mask()`` (a fresh int8 array of num_actions, all zeros once over),
  ``observe(p)`` (a fresh int32 array of obs_size for seat p),
  ``step(a)`` (an int id or a name; IllegalActionError, state unchanged, for
  anything not legal now);
* ``scores()`` and ``score_breakdown()`` (per seat), ``winners()`` (seats).

Used when present, as fast paths (Maracaibo's Game has all three; a
`framework.game.GameBase` has ``_mask``):

* ``_mask``: the live int8 legal mask, read without a copy (`is_legal`).

* ``step_observe(a)``: step, then the next actor's observation (None once the
  game is over), in one call; without it the AEC env steps and then observes.
* ``play_random(stop_seats, rng)``: uniformly random moves until a seat in the
  bitmask ``stop_seats`` is to act (see `maracaibo_env.maracaibo.game.Game.play_random`);
  without it the single-agent env's "random" opponents pick in Python.

A game's env modules, e.g. for Pirates (Maracaibo's are the same, one level up):

    pirates/description.py  PIRATES = GameDescription(...)
    pirates/aec.py          class raw_env(GameAECEnv): description = PIRATES
                            env = make_env(raw_env)             (framework.aec)
    pirates/single.py       class PiratesSingleEnv(GameSingleEnv): description = PIRATES
                            (framework.single; override resolve_opponent for more specs)
    pirates_v0.py           from .pirates.aec import env, raw_env   (the versioned module)
    pirates/__init__.py     gymnasium.register("maracaibo_env/Pirates-v0", entry_point=
                            "maracaibo_env.pirates.single:PiratesSingleEnv"), guarded
                            as in maracaibo_env/__init__.py
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

REWARD_MODES = ("win_loss", "vp_margin")


@dataclass(frozen=True)
class GameDescription:
    """One game, as the env adapters see it.

    :param game_class: the game's ``Game``; envs build it as
        ``game_class(num_players, seed=s, **game_options)``.
    :param env_name: the versioned env name, e.g. "maracaibo_v1" (PettingZoo
        ``metadata["name"]``; the part before ``_v`` names the game in texts).
    :param num_actions: NUM_ACTIONS, the size of the action space and mask.
    :param obs_size: OBS_SIZE, the length of the int32 observation vector.
    :param player_counts: the allowed ``num_players`` values.
    :param options: names of the Game's keyword options that the env
        constructors take and pass on (``reset(options=...)`` refuses them,
        naming them as constructor configuration); not the envs' own
        parameters (num_players, reward, render_mode, seed, ...).
    :param render: ``game -> str``, the text of the "ansi" and "human" render modes.
    :param check_options: ``(num_players, options) -> (num_players, game_options)``:
        validate the constructor's num_players and game options up front
        (raise ValueError naming the option, its value and what is allowed)
        and return num_players as an int and the keyword arguments for
        ``game_class`` (it may add keys, e.g. a data catalog). Each returned
        option also becomes an attribute of the env (``env.story``). Default:
        num_players must be an int in player_counts, and
        ``game_class(num_players, seed=0, **options)`` must build.
    :param observation_bounds: ``() -> (low, high)`` int32 arrays of shape
        (obs_size,) for the observation Box. Default: the Game class's
        ``observation_bounds()`` (the bounds of its ObsSpec rows, see
        framework.obs_spec), else the whole int32 range.
    :param play_infos: ``game -> dict | None``: keys added to every agent's
        PettingZoo infos (e.g. Maracaibo's ``{"jean": ...}`` in a solo game).
        None when the game has none: the AEC env asks once a reset and, only
        if it got a dict, again after every step and at the end.
    """
    game_class: type
    env_name: str
    num_actions: int
    obs_size: int
    player_counts: tuple[int, ...]
    render: Callable[[Any], str]
    options: tuple[str, ...] = ()
    check_options: Callable[[Any, dict], tuple[int, dict]] | None = None
    observation_bounds: Callable[[], tuple[np.ndarray, np.ndarray]] | None = None
    play_infos: Callable[[Any], dict | None] | None = None

    @property
    def title(self) -> str:
        """The game's name in texts: env_name without its version ("maracaibo")."""
        return self.env_name.rsplit("_v", 1)[0]

    def check(self, num_players, options: dict) -> tuple[int, dict]:
        """(num_players, game keyword options), validated (see check_options)."""
        if self.check_options is not None:
            return self.check_options(num_players, options)
        if (isinstance(num_players, (bool, np.bool_)) or not isinstance(num_players, (int, np.integer))
                or num_players not in self.player_counts):
            raise ValueError(f"num_players must be an int, one of {self.player_counts}, got {num_players!r}")
        self.game_class(int(num_players), seed=0, **options)  # its constructor validates the options
        return int(num_players), dict(options)

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """(low, high) of the observation Box: observation_bounds(), else the
        game's own (``game_class.observation_bounds()``, from its ObsSpec),
        else the whole int32 range."""
        if self.observation_bounds is not None:
            return self.observation_bounds()
        own = getattr(self.game_class, "observation_bounds", None)
        if own is not None:
            return own()
        info = np.iinfo(np.int32)
        return (np.full(self.obs_size, info.min, np.int32), np.full(self.obs_size, info.max, np.int32))


def is_legal(game, action: int) -> bool:
    """Whether action id (in range) is legal now: read from the Game's live
    mask ``_mask`` (framework.game.GameBase's; Maracaibo's Game has one too)
    without a copy, else from ``action_mask()``."""
    mask = getattr(game, "_mask", None)
    return bool((mask if mask is not None else game.action_mask())[action])


def check_reward(reward) -> None:
    if reward not in REWARD_MODES:
        raise ValueError(f"reward must be one of {REWARD_MODES}, got {reward!r}")


def check_reset_options(options, constructor_keys, where: str) -> None:
    """reset(options=...) as PettingZoo's and Gymnasium's own envs take it: None
    or a dict, whose keys are ignored (their test suites pass made-up ones);
    only a key that configures the env (`constructor_keys`) raises, since
    ignoring it would silently play another game than the caller asked for."""
    if options is None:
        return
    if not isinstance(options, dict):
        raise ValueError(f"options must be None or a dict, got {type(options).__name__}")
    misplaced = [k for k in options if k in constructor_keys]
    if misplaced:
        raise ValueError(
            f"reset() options configure nothing here; {', '.join(map(repr, misplaced))} "
            f"is constructor configuration: pass it to {where} "
            f"(constructor keys: {', '.join(constructor_keys)})")


def terminal_rewards(game, mode: str) -> list[float]:
    """The end-of-game reward of every seat (``game.num_seats`` of them):

    * "win_loss": a sole winner +1, everyone else -1; k >= 2 seats tied for
      the win (``game.winners()``, so the game's tie-breaks count) 0 each;
    * "vp_margin": (own VP - best VP among the other seats) / 100.
    """
    scores = game.scores()
    if mode == "vp_margin":
        return [(s - max(o for q, o in enumerate(scores) if q != p)) / 100.0
                for p, s in enumerate(scores)]
    winners = game.winners()
    won = 1.0 if len(winners) == 1 else 0.0
    return [won if p in winners else -1.0 for p in range(len(scores))]
