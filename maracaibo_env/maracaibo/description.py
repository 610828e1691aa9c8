"""Maracaibo as the env adapters see it: its `GameDescription` (shared by
`maracaibo_env.maracaibo.aec` and `maracaibo_env.maracaibo.single`; see maracaibo_env/framework)."""
from __future__ import annotations

from .core.actions import NUM_ACTIONS
from .core.observe import OBS_SIZE
from ..framework.description import GameDescription
from ..framework.options import check_options
from .game import OPTIONS, PLAYER_COUNTS, Game, _check_catalog, _check_config
from .core.obs_spec import OBS
from .render import render_text


def _check_options(num_players, options: dict) -> tuple[int, dict]:
    """Game._check_config's checks (ints only, solo options only in a solo
    game), and the catalog of ``data_dir`` (your modified game data) or the
    shipped one."""
    o = options
    num_players, _, story = _check_config(num_players, 0, o["story"], o["difficulty"],
                                          o["automa_table"], o["automa_income"])
    variants = check_options(OPTIONS, {k: o[k] for k in VARIANT_OPTIONS if k in o})
    catalog = _check_catalog(None, o["data_dir"])
    out = {"story": story, "difficulty": o["difficulty"], "automa_table": o["automa_table"],
           "automa_income": o["automa_income"], "catalog": catalog,
           **{k: variants[k] for k in VARIANT_OPTIONS}}
    if o.get("campaign") is not None:
        out["campaign"] = campaign_start(o["campaign"], catalog)
    return num_players, out


def campaign_start(value, catalog) -> dict:
    """The envs' ``campaign`` option as Game's campaign start: "new" (story
    card 01), a chapter 2..11 (its card 80..89), a Campaign (its archive now)
    or a start dict. Every reset plays a new game from this same start."""
    from .campaign_start import CHAPTERS, chapter_card, check_start
    from ..framework.game import GameConfigError
    if value == "new":
        value = {"pending": [chapter_card(1)]}
    elif type(value) is int:
        if value not in CHAPTERS:
            raise GameConfigError(f"campaign = {value}: a chapter is 2..11 (card 80 starts chapter 2)")
        value = {"pending": [chapter_card(value)]}
    elif hasattr(value, "archive") and hasattr(value, "next_game"):   # a maracaibo.campaign.Campaign
        value = value.next_start()   # CampaignError when nothing is left to pick up
    return check_start(value, catalog)


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
    options=("story", "difficulty", "automa_table", "automa_income", *VARIANT_OPTIONS, "campaign"),
    check_options=_check_options,
    observation_bounds=OBS.bounds,
    play_infos=_play_infos,
)
