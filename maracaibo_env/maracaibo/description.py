"""Maracaibo as the env adapters see it: its `GameDescription` (shared by
`maracaibo_env.maracaibo.aec` and `maracaibo_env.maracaibo.single`; see maracaibo_env/framework)."""
from __future__ import annotations

from .core.actions import NUM_ACTIONS
from .core.observe import OBS_SIZE
from ..framework.description import GameDescription
from ..framework.options import check_options
from .game import OPTIONS, PLAYER_COUNTS, Game, _check_catalog, _check_config
from .obs_bounds import observation_bounds
from .render import render_text


def _check_options(num_players, options: dict) -> tuple[int, dict]:
    """Game._check_config's checks (ints only, solo options only in a solo
    game), and the catalog of ``data_dir`` (your modified game data) or the
    shipped one."""
    o = options
    num_players, _, story = _check_config(num_players, 0, o["story"], o["difficulty"],
                                          o["automa_table"], o["automa_income"])
    variants = check_options(OPTIONS, {k: o[k] for k in VARIANT_OPTIONS if k in o})
    return num_players, {"story": story, "difficulty": o["difficulty"], "automa_table": o["automa_table"],
                         "automa_income": o["automa_income"], "catalog": _check_catalog(None, o["data_dir"]),
                         **{k: variants[k] for k in VARIANT_OPTIONS}}


VARIANT_OPTIONS = ("legacy", "retirement", "open_prestige")


def _play_infos(game: Game) -> dict | None:
    """A solo game: Jean's last turn (``{"jean": [(event, arg), ...]}``)."""
    return {"jean": game.solo_log()} if game.solo else None


MARACAIBO = GameDescription(
    game_class=Game,
    env_name="maracaibo_v1",
    num_actions=NUM_ACTIONS,
    obs_size=OBS_SIZE,
    player_counts=PLAYER_COUNTS,
    render=render_text,
    options=("story", "difficulty", "automa_table", "automa_income", *VARIANT_OPTIONS),
    check_options=_check_options,
    observation_bounds=observation_bounds,
    play_infos=_play_infos,
)
