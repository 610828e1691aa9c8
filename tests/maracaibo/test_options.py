"""Game options across the API: `Game(...)` keywords, validation with the
list of what is allowed, saved games and replays (older formats still load),
the CLI's --option, tournaments, and the envs."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from maracaibo_env import Game, GameConfigError
from maracaibo_env.framework.options import Option, check_options, label, parse_option_args
from maracaibo_env.pirates import Game as PiratesGame
from maracaibo_env.maracaibo.core import layout as L
from maracaibo_env.maracaibo.core import constants as K

OLD = Path(__file__).parents[1] / "data" / "old_saves"


# ---- the framework -------------------------------------------------------------------------
SPECS = (Option("skirmish", "flag", False), Option("k", "int", 0, range(7)),
         Option("table", "choice", "en", ("en", "de")), Option("tiles", "set", (), ("L1", "L2", "L6")))


def test_check_options_normalises_and_fills_defaults():
    v = check_options(SPECS, {"tiles": ["L6", "L1"], "skirmish": True})
    assert v == {"skirmish": True, "k": 0, "table": "en", "tiles": ("L1", "L6")}
    assert label(SPECS, v) == "skirmish+tiles=L1,L6"
    assert label(SPECS, check_options(SPECS, {})) == "base"


@pytest.mark.parametrize("given, needle", [
    ({"nope": 1}, "unknown option 'nope'; options: skirmish, k, table, tiles"),
    ({"skirmish": 1}, "skirmish must be True or False, got 1"),
    ({"k": 7}, "k must be one of 0, 1, 2, 3, 4, 5, 6, got 7"),
    ({"k": 2.0}, "k must be one of"),
    ({"table": "fr"}, "table must be one of en, de"),
    ({"tiles": "L1"}, "tiles must be a list of distinct names"),
    ({"tiles": ["L1", "L1"]}, "names a member twice"),
    ({"tiles": ["L9"]}, "unknown ['L9']; allowed: L1, L2, L6"),
])
def test_bad_options_say_what_is_allowed(given, needle):
    with pytest.raises(GameConfigError) as e:
        check_options(SPECS, given)
    assert needle in str(e.value)


def test_command_line_options():
    assert parse_option_args(SPECS, ["skirmish", "k=3", "tiles=L2,L1", "table=de"]) == \
        {"skirmish": True, "k": 3, "tiles": ("L1", "L2"), "table": "de"}
    assert parse_option_args(SPECS, ["skirmish=off"]) == {"skirmish": False}
    for items, needle in ((["k"], "needs a value"), (["k=x"], "must be one of"), (["x"], "unknown option"),
                          (["k=1", "k=2"], "given twice"), (["skirmish=maybe"], "on/off")):
        with pytest.raises(GameConfigError, match=needle):
            parse_option_args(SPECS, items)


# ---- both games -----------------------------------------------------------------------------------
def test_unknown_keyword_lists_the_options_of_each_game():
    with pytest.raises(GameConfigError, match="options: legacy, retirement, open_prestige"):
        Game(2, skirmish=True)
    with pytest.raises(GameConfigError, match="options: fog_locations, fog_improvements, skirmish"):
        PiratesGame(2, legacy=["L1"])


def test_options_are_in_the_state_config_and_saves():
    g = Game(2, seed=3, legacy=["L9", "L6"], open_prestige=True)
    assert g.options["legacy"] == ("L6", "L9") and g.options["open_prestige"]
    assert g.config["legacy"] == ["L6", "L9"] and g.config["open_prestige"] is True
    assert "retirement" not in g.config                # defaults stay out of replay headers
    h = Game.from_json(g.to_json())
    assert h.options == g.options and np.array_equal(h.state, g.state)
    c = g.clone()
    assert c.options == g.options


def test_a_difficulty_needs_a_solo_game():
    with pytest.raises(GameConfigError, match="applies only to a solo game"):
        PiratesGame(3, difficulty=2)


@pytest.mark.parametrize("name, cls", [("maracaibo_format2_3p", Game), ("maracaibo_format2_solo", Game),
                                       ("pirates_format1_3p", PiratesGame)])
def test_saves_of_the_previous_format_still_load_with_every_option_off(name, cls):
    """Files written by the release before the options (format 2 / 1). The data
    changed since (Pirates' layouts were redrawn; both games' reconstructed data
    was calibrated, issue 25), so a save needs ignore_data_hash=True and is then
    checked against the current data."""
    d = json.loads((OLD / f"{name}.json").read_text())
    assert d["format"] < cls.FORMAT_VERSION and d["format"] in cls.READABLE_FORMATS
    with pytest.raises(ValueError, match="other game data"):
        cls.from_dict(d)
    g = cls.from_dict(d, ignore_data_hash=True)
    assert not any(v for k, v in g.options.items() if k not in ("difficulty", "automa_table", "automa_income"))
    assert g.legal_actions()
    h = cls.from_json(g.to_json())               # and saves again in the current format
    assert h.to_dict()["format"] == cls.FORMAT_VERSION and np.array_equal(h.state, g.state)


@pytest.mark.parametrize("name", ["maracaibo_format2_3p", "maracaibo_format2_solo", "pirates_format1_3p"])
def test_a_replay_of_the_earlier_data_is_refused_by_its_data_hash(name):
    """The data changed (Pirates' layouts; both games' calibration, issue 25), so
    the old game would not re-run: refused, saying why."""
    from maracaibo_env.framework.replay import ReplayError, verify_replay
    with pytest.raises(ReplayError, match="recorded with other game data"):
        verify_replay(OLD / f"{name}.replay.jsonl")


def test_an_unknown_data_hash_is_still_refused():
    d = json.loads((OLD / "maracaibo_format2_3p.json").read_text())
    d["data_hash"] = "0" * 64
    with pytest.raises(ValueError, match="other game data"):
        Game.from_dict(d)


# ---- CLI, tournaments, envs ----------------------------------------------------------------------------
def test_cli_demo_option(capsys):
    from maracaibo_env.cli import main
    assert main(["demo", "--players", "2", "--option", "open_prestige", "--option", "retirement"]) == 0
    out = capsys.readouterr().out
    assert "options retirement+open_prestige" in out
    assert main(["demo", "--option", "legacy=L19"]) == 2
    assert "allowed: L1, L2" in capsys.readouterr().err
    assert main(["demo", "--game", "pirates", "--option", "open_prestige"]) == 2
    assert "unknown option 'open_prestige'" in capsys.readouterr().err


def test_demo_help_lists_the_options_of_both_games(capsys):
    from maracaibo_env.cli import main
    with pytest.raises(SystemExit):
        main(["demo", "--help"])
    out = capsys.readouterr().out
    assert "open_prestige" in out and "fog_locations" in out and "legacy" in out


def test_tournament_config_carries_and_checks_options():
    from maracaibo_env.tournament.formats import TournamentConfig, ScheduleError
    cfg = TournamentConfig(agents=("random", "balanced"), players=2, games=1,
                           options=(("open_prestige", True),)).normalized()
    assert cfg.options == (("open_prestige", True),)
    assert all(j.options == (("open_prestige", True),) for j in cfg.jobs())
    assert cfg.to_dict()["options"] == {"open_prestige": True}
    assert TournamentConfig.from_dict(cfg.to_dict()) == cfg
    plain = TournamentConfig(agents=("random", "balanced"), players=2, games=1).normalized()
    assert "options" not in plain.to_dict()      # stored tournaments from before keep their settings
    with pytest.raises(ScheduleError, match="unknown option 'skirmish'"):
        TournamentConfig(agents=("random", "balanced"), players=2, games=1,
                         options=(("skirmish", True),)).normalized()


def test_a_tournament_game_is_played_with_its_options():
    from maracaibo_env.agents.adapter import get_adapter
    from maracaibo_env.tournament.formats import TournamentConfig
    cfg = TournamentConfig(agents=("random", "balanced"), players=2, games=1,
                           options=(("open_prestige", True),)).normalized()
    r = get_adapter("maracaibo").play_job(cfg.jobs()[0])
    assert len(r.scores) == 2


def test_envs_take_the_options():
    from maracaibo_env import maracaibo_v1
    from maracaibo_env.maracaibo.single import MaracaiboSingleEnv
    e = maracaibo_v1.raw_env(num_players=2, open_prestige=True, legacy=[])
    e.reset(seed=1)
    assert e.game.options["open_prestige"] and e.open_prestige is True
    with pytest.raises(ValueError, match="retirement must be True or False"):
        maracaibo_v1.raw_env(num_players=2, retirement="yes")
    s = MaracaiboSingleEnv(num_players=2, open_prestige=True)
    s.reset(seed=2)
    assert s.game.options["open_prestige"]


@pytest.mark.slow
def test_balance_with_an_option_and_the_comparison_on_vs_off(tmp_path):
    """A module on vs off: two balance runs on the same seeds, then --compare."""
    from maracaibo_env.balance.cli import run
    from maracaibo_env.balance import load_report

    def balance(*argv):
        return run(list(argv))
    common = ["--games", "1", "--players", "2", "--agents", "balanced,random", "--no-progress"]
    assert balance(*common, "--db", str(tmp_path / "off.sqlite"), "--out", str(tmp_path / "off")) == 0
    assert balance(*common, "--option", "open_prestige", "--db", str(tmp_path / "on.sqlite"),
                   "--out", str(tmp_path / "on")) == 0
    on = load_report(tmp_path / "on" / "balance.json")
    assert on["meta"]["options"] == "open_prestige"
    assert on["meta"]["schedule"]["2p"]["options"] == {"open_prestige": True}
    assert balance("--compare", str(tmp_path / "off" / "balance.json"), str(tmp_path / "on" / "balance.json")) == 0
    assert balance(*common, "--option", "open_prestige=maybe") == 2


@pytest.mark.slow
def test_batches_take_the_options():
    from maracaibo_env.maracaibo.batch import Batch
    from maracaibo_env.maracaibo.core import layout as L
    from maracaibo_env.pirates.batch import Batch as PBatch
    b = Batch(3, num_players=3, seed=1, open_prestige=True)
    assert (b.states[:, K.G_PR_REVEALED] == 4).all()
    with pytest.raises(GameConfigError, match="legacy"):
        Batch(2, legacy=["L24"])
    with pytest.raises(GameConfigError, match="unknown option"):
        PBatch(2, open_prestige=True)
    PBatch(2, num_players=2)


def test_a_save_of_format_3_loads_as_a_game_without_the_campaign():
    """Format 4 added the campaign's fields (issue 27); a format-3 save (written
    by the release before it, same data: since issue 37 the data set
    "calibrated") loads with them 0 and plays on."""
    from maracaibo_env.maracaibo.catalog import load_catalog
    d = json.loads((OLD / "maracaibo_format3_2p.json").read_text())
    assert d["format"] == 3
    g = Game.from_dict(d, catalog=load_catalog("calibrated"))
    assert g.options["legacy"] == ("L12",)
    assert not any(g.state[L.field_slice(n)].any() for n in ("CAMPAIGN", "SC_PLAY", "SC_LOG_N"))
    assert g.legal_actions()
    h = Game.from_json(g.to_json(), catalog=g.catalog)
    assert h.to_dict()["format"] == 5 and np.array_equal(h.state, g.state)
