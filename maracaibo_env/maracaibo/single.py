"""Single-agent Gymnasium view: one learner seat against fixed opponents.

    from maracaibo_env.maracaibo.single import MaracaiboSingleEnv
    e = MaracaiboSingleEnv(num_players=2, opponents=["random"])
    obs, info = e.reset(seed=0)
    obs, reward, terminated, truncated, info = e.step(int(np.flatnonzero(e.action_masks())[0]))

    import gymnasium, maracaibo_env     # the same env, registered with Gymnasium
    e = gymnasium.make("maracaibo_env/Maracaibo-v1", num_players=2, opponents="random")

Opponents' decisions are played inside `reset` and `step` until the learner
is to act again, so every observation and reward returned belongs to the
learner (never the next player's observation with the previous player's
reward). `action_masks()` is what sb3-contrib's MaskablePPO reads.

The env is `maracaibo_env.framework.single.GameSingleEnv` given Maracaibo's
description (`maracaibo_env.maracaibo.description.MARACAIBO`).
"""
from __future__ import annotations

from functools import partial

from collections.abc import Iterable
from pathlib import Path
from typing import Any, Sequence

from ..agents.registry import seat_agent
from .description import MARACAIBO
from ..framework.single import REWARD_MODES, GameSingleEnv, Policy

__all__ = ["MaracaiboSingleEnv", "Policy", "REWARD_MODES"]


class MaracaiboSingleEnv(GameSingleEnv):
    """One learner against opponent policies.

    :param num_players: 2, 3 or 4 (the learner plus num_players - 1 opponents).
    :param opponents: one spec per opponent, or a single spec used for all:
        "random", any other seat's agent spec ("balanced", "mcts:iters=200",
        "policy:maracaibo-2p", ...: `maracaibo_env.available_agents("maracaibo")`),
        an agent with ``act(observation, action_mask, rng) -> int``, or such a
        callable. "random" opponents play inside numba (`Game.play_random`,
        their own generator seeded from ``reset(seed)``).
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
    :param data_dir: play with the game data in this folder (see `Game`).
    :param obs_type: "int" (int32 observation) or "float" (float32 in [-1, 1];
        docs/observation.md).
    :param campaign: play campaign games (§27): "new" (story card 01), a
        chapter 2..11, a ``maracaibo_env.maracaibo.campaign.Campaign`` (its archive now)
        or a start dict (see ``Game``); every reset starts from it again.
    """

    description = MARACAIBO
    read_spec = staticmethod(partial(seat_agent, game="maracaibo"))

    def __init__(self, num_players: int = 2, opponents: Sequence | Any = "random",
                 learner_seat: int | None = 0, reward: str = "win_loss", story: int = 75,
                 render_mode: str | None = None, illegal: str = "lose",
                 difficulty: str = "medium", automa_table: str = "en", automa_income: str = "en",
                 data_dir: str | Path | None = None, legacy: Iterable[str] = (), retirement: bool = False,
                 open_prestige: bool = False, obs_type: str = "int", campaign=None) -> None:
        super().__init__(num_players, opponents, learner_seat, reward, render_mode, illegal, obs_type,
                         story=story, difficulty=difficulty, automa_table=automa_table,
                         automa_income=automa_income, data_dir=data_dir, legacy=legacy,
                         retirement=retirement, open_prestige=open_prestige, campaign=campaign)
