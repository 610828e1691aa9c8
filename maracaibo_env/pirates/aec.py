"""Pirates of Maracaibo as a PettingZoo AEC environment (`pirates_v0`).

    from maracaibo_env import pirates_v0
    env = pirates_v0.env(num_players=3)
    env.reset(seed=42)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else \
            env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

Observations are ``{"observation": int32[OBS_SIZE], "action_mask": int8[NUM_ACTIONS]}``
from the observing seat (see `Game.observation_spec()`; ``obs_type="float"``:
float32 in [-1, 1], docs/observation.md); rewards are terminal
("win_loss" or "vp_margin", as Maracaibo's). Everything else is the shared
adapter (maracaibo_env.framework.aec).
"""
from __future__ import annotations

from pathlib import Path

from ..framework.aec import GameAECEnv, make_env
from .description import PIRATES

__all__ = ["env", "raw_env"]


class raw_env(GameAECEnv):
    """Pirates of Maracaibo as a PettingZoo AECEnv.

    :param num_players: 2, 3 or 4; 1 = solo against Jordan (one agent; his
        turns are played inside the game, his last turn is in ``infos["jordan"]``).
    :param difficulty: solo only: B cards in Jordan's deck, 0..6 (SOLO-05).
    :param render_mode: None, "human" (prints) or "ansi" (render() returns a string).
    :param seed: seeds the generator that picks game seeds for `reset(seed=None)`.
    :param reward: "win_loss" or "vp_margin".
    :param obs_type: "int" (int32 observation) or "float" (float32 in [-1, 1];
        docs/observation.md).
    :param layout: a Caribbean layout key of the data (default: the data's default).
    :param data_dir: play with the game data in this folder (see `pirates.Game`).
    :param fog_locations, fog_improvements, skirmish, quest_hunters, rubies, retirement:
        the modules (§20), any combination (see `pirates.Game`).
    """

    description = PIRATES

    def __init__(self, num_players: int = 2, render_mode: str | None = None,
                 seed: int | None = None, reward: str = "win_loss", layout: str | None = None,
                 data_dir: str | Path | None = None, difficulty: int = 0, fog_locations: bool = False,
                 fog_improvements: bool = False, skirmish: bool = False, quest_hunters: bool = False,
                 rubies: bool = False, retirement: bool = False, obs_type: str = "int") -> None:
        super().__init__(num_players, render_mode, seed, reward, obs_type, layout=layout, data_dir=data_dir,
                         difficulty=difficulty, fog_locations=fog_locations,
                         fog_improvements=fog_improvements, skirmish=skirmish,
                         quest_hunters=quest_hunters, rubies=rubies, retirement=retirement)


env = make_env(raw_env)
