"""Pirates of Maracaibo as a single-agent Gymnasium env: one learner seat,
the other seats played by opponents ("random" inside numba, or agents such
as ``maracaibo_env.pirates.agents.heuristics.PiratesHeuristicAgent``). The shared adapter
is maracaibo_env.framework.single; registered as "maracaibo_env/Pirates-v0"."""
from __future__ import annotations

from functools import partial

from ..framework.single import GameSingleEnv
from ..agents.registry import seat_agent
from .description import PIRATES


class PiratesSingleEnv(GameSingleEnv):
    """One learner seat against opponents.

    :param num_players: 2, 3 or 4; 1 = solo against Jordan (Jordan plays
        inside the game, so there are no opponents; ``difficulty=k`` sets his deck).
    :param opponents: a spec or a list of specs, one per other seat ("random",
        another agent spec such as "raider", an agent with ``act``, or a callable).
    :param learner_seat: the learner's seat (None: drawn at each reset).
    :param reward: "win_loss" or "vp_margin".
    :param illegal: what an illegal action does (see framework.single).
    :param layout: a Caribbean layout key. :param data_dir: your edited game data.
    :param obs_type: "int" (int32 observation) or "float" (float32 in [-1, 1];
        docs/observation.md).
    """

    description = PIRATES
    read_spec = staticmethod(partial(seat_agent, game="pirates"))
