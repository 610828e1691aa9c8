"""Pirates of Maracaibo as the env adapters see it (see maracaibo_env/framework)."""
from __future__ import annotations

from ..framework.description import GameDescription
from .core.actions import NUM_ACTIONS
from .core.observe import OBS_SIZE
from .game import PLAYER_COUNTS, Game, _check_catalog
from ..framework.game import GameConfigError, int_option, str_option
from .core.options import MAX_DIFFICULTY, MODULES
from ..framework.options import check_options
from .game import OPTIONS, _check_combination
from .render import render_text


def _check_options(num_players, options: dict) -> tuple[int, dict]:
    """num_players and the layout checked up front; the data of ``data_dir``
    (your modified game data) compiled once, or the shipped data."""
    num_players = int_option("num_players", num_players, PLAYER_COUNTS)
    difficulty = int_option("difficulty", options.get("difficulty", 0), range(MAX_DIFFICULTY + 1))
    if num_players != 1 and difficulty != 0:
        raise GameConfigError(f"difficulty={difficulty} applies only to a solo game against Jordan "
                              f"(num_players=1)")
    modules = check_options(OPTIONS, {m: options[m] for m in MODULES if m in options})
    _check_combination(num_players, modules)
    catalog = _check_catalog(None, options.get("data_dir"))
    layout = options.get("layout")
    if layout is not None:
        str_option("layout", layout, catalog.layout_keys)
    return num_players, {"layout": layout, "catalog": catalog, "difficulty": difficulty,
                         **{m: modules[m] for m in MODULES}}


def _play_infos(game: Game) -> dict | None:
    """A solo game: Jordan's last turn (``{"jordan": [(event, arg), ...]}``)."""
    return {"jordan": game.solo_log()} if game.solo else None


PIRATES = GameDescription(
    game_class=Game,
    env_name="pirates_v0",
    num_actions=NUM_ACTIONS,
    obs_size=OBS_SIZE,
    player_counts=PLAYER_COUNTS,
    render=render_text,
    options=("layout", "difficulty", *MODULES),
    check_options=_check_options,
    play_infos=_play_infos,
)
