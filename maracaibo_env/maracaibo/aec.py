"""PettingZoo AEC adapter for Maracaibo (classic-games convention).

    from maracaibo_env.maracaibo.aec import env      # or: from maracaibo_env import maracaibo_v1
    e = env(num_players=3)
    e.reset(seed=0)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else pick(obs["action_mask"])
        e.step(action)

The env is `maracaibo_env.framework.aec.GameAECEnv` given Maracaibo's
description (`maracaibo_env.maracaibo.description.MARACAIBO`); the framework module's
docstring has the whole contract. In short:

The adapter holds no rules: legality, effects and turn order come from
`maracaibo_env.maracaibo.game.Game` (and through it the numba core).

Turn order is not round-robin: one player often makes several decisions in a
row, and during scoring other players decide. `agent_selection` is always the
game's current player.

Observations: ``{"observation": int32[OBS_SIZE], "action_mask": int8[NUM_ACTIONS]}``
from the observing agent's point of view (see `Game.observation_spec()`); the
mask is all zeros for every agent that is not the one to act. With
``obs_type="float"`` the observation is float32 in [-1, 1], each entry scaled
by its bounds (docs/observation.md).

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
`obs_type`, `render_mode`, `seed`, the solo options); `reset(options=...)` accepts no
keys of its own.
"""
from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from .description import MARACAIBO
from ..framework.aec import RENDER_MODES, GameAECEnv, GuardedEnv, make_env
from ..framework.description import REWARD_MODES

__all__ = ["env", "raw_env", "GuardedEnv", "RENDER_MODES", "REWARD_MODES"]


class raw_env(GameAECEnv):
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
    :param obs_type: "int" (int32 observation) or "float" (float32 in [-1, 1];
        docs/observation.md).
    :param data_dir: play with the game data in this folder (see `Game`).
    :param legacy: legacy tiles in play, e.g. ["L6", "L9"] (§28; see `Game`).
    :param retirement: the Retirement module (§29).
    :param open_prestige: all prestige buildings face up (VAR-01).
    :param campaign: play campaign games (§27): "new" (story card 01), a
        chapter 2..11, a ``maracaibo_env.maracaibo.campaign.Campaign`` (its archive now)
        or a start dict (see ``Game``); every reset starts from it again.
    """

    description = MARACAIBO

    def __init__(self, num_players: int = 2, render_mode: str | None = None,
                 seed: int | None = None, story: int = 75, reward: str = "win_loss",
                 difficulty: str = "medium", automa_table: str = "en", automa_income: str = "en",
                 data_dir: str | Path | None = None, legacy: Iterable[str] = (), retirement: bool = False,
                 open_prestige: bool = False, obs_type: str = "int", campaign=None) -> None:
        super().__init__(num_players, render_mode, seed, reward, obs_type, story=story, difficulty=difficulty,
                         automa_table=automa_table, automa_income=automa_income, data_dir=data_dir,
                         legacy=legacy, retirement=retirement, open_prestige=open_prestige, campaign=campaign)


env = make_env(raw_env)
