"""Pirates of Maracaibo as the env adapters see it (see maracaibo_env/framework)."""
from __future__ import annotations

from ..framework.description import GameDescription
from .core.actions import NUM_ACTIONS
from .core.observe import OBS_SIZE
from .game import PLAYER_COUNTS, Game, _check_catalog
from ..framework.game import int_option, str_option
from .render import render_text


def _check_options(num_players, options: dict) -> tuple[int, dict]:
    """num_players and the layout checked up front; the data of ``data_dir``
    (your modified game data) compiled once, or the shipped data."""
    num_players = int_option("num_players", num_players, PLAYER_COUNTS)
    catalog = _check_catalog(None, options.get("data_dir"))
    layout = options.get("layout")
    if layout is not None:
        str_option("layout", layout, catalog.layout_keys)
    return num_players, {"layout": layout, "catalog": catalog}


PIRATES = GameDescription(
    game_class=Game,
    env_name="pirates_v0",
    num_actions=NUM_ACTIONS,
    obs_size=OBS_SIZE,
    player_counts=PLAYER_COUNTS,
    render=render_text,
    options=("layout",),
    check_options=_check_options,
)
