"""`maracaibo tournament` and `maracaibo balance` without --agents (issue 38, item 7):
the default pool (tournament.formats.default_pool) fits every game, player count,
format and solo; the commands a README reader types first run as written; and the
options the two commands share are written once (tournament.cli.add_shared_arguments).
"""
import argparse
import json

import pytest

from maracaibo_env.agents.adapter import get_adapter
from maracaibo_env.registry import available_games
from maracaibo_env.tournament.formats import (FILLER, ScheduleError, TournamentConfig,
                                              default_pool)

GAMES = ("maracaibo", "pirates")


# ---- the default pool -------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("fmt,players", [(None, None), (None, 1), (None, 2), (None, 3), (None, 4),
                                         ("solo", None), ("round_robin", 2), ("ffa", 3),
                                         ("ffa", 4), ("gauntlet", 2), ("gauntlet", 4)])
def test_the_default_pool_schedules_every_format_and_player_count(game, fmt, players):
    ad = get_adapter(game)
    hero = ad.default_agents[0] if fmt == "gauntlet" else None
    pool = default_pool(game, fmt, players, hero)
    assert len(set(pool)) == len(pool) and hero not in pool
    assert pool[:len(ad.default_agents) - (hero is not None)] == tuple(
        a for a in ad.default_agents if a != hero)           # the game's heuristics first
    cfg = TournamentConfig(agents=pool, format=fmt, players=players, games=1, hero=hero,
                           game=game).normalized()           # a valid schedule, nothing played
    assert cfg.jobs()


def test_random_fills_a_pool_smaller_than_the_seats():
    assert default_pool("pirates", players=4) == ("raider", "explorer", "builder", FILLER)
    assert default_pool("pirates", players=3) == ("raider", "explorer", "builder")
    assert default_pool("pirates", "solo") == ("raider", "explorer", "builder")
    assert default_pool("pirates", "gauntlet", 4, hero="raider") == ("explorer", "builder", FILLER)
    assert default_pool("pirates", "gauntlet", 4, hero="random") == ("raider", "explorer", "builder")
    assert default_pool("maracaibo", players=4) == get_adapter("maracaibo").default_agents


def test_a_pool_too_small_even_with_random_is_an_error(monkeypatch):
    ad = get_adapter("pirates")
    monkeypatch.setattr(type(ad), "default_agents", ("raider",))
    assert default_pool("pirates", players=2) == ("raider", FILLER)
    with pytest.raises(ScheduleError, match="too few for ffa with 3 players: give --agents"):
        default_pool("pirates", players=3)


# ---- the options both commands share ----------------------------------------------------------

SHARED = ("--game", "--agents", "--levels", "--seed", "--story", "--data", "--option", "--workers",
          "--resume", "--no-progress")
#: every option of the two commands before the shared ones were written once
TOURNAMENT_OPTIONS = {"--db", "--game", "--agents", "--players", "--format", "--games", "--hero",
                      "--levels", "--seed", "--story", "--engine", "--data", "--replays", "--option",
                      "--workers", "--backend", "--address", "--resume", "--show", "--report-only",
                      "--json", "--bootstrap", "--no-progress", "-h", "--help"}
BALANCE_OPTIONS = {"--game", "--games", "--players", "--agents", "--solo", "--levels", "--seed",
                   "--story", "--workers", "--data", "--resume", "--option", "--no-progress", "--db",
                   "--no-run", "--tournament", "--compare", "--all", "--out", "--title", "--alpha",
                   "--min-takers", "--min-effect-vp", "--min-effect-win", "--data-ensemble", "-h", "--help"}


def _actions(command: str) -> dict[str, argparse.Action]:
    from maracaibo_env.cli import build_parser
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return {s: a for a in sub.choices[command]._actions for s in a.option_strings}


def test_both_commands_keep_every_option_and_share_one_definition():
    t, b = _actions("tournament"), _actions("balance")
    assert set(t) == TOURNAMENT_OPTIONS and set(b) == BALANCE_OPTIONS
    for opt in SHARED:
        same = ("dest", "default", "type", "nargs", "choices", "metavar")
        assert [getattr(t[opt], k) for k in same] == [getattr(b[opt], k) for k in same], opt
        if opt not in ("--game", "--workers"):     # the stored-games option, Ray's CPUs
            assert t[opt].help == b[opt].help, opt
    assert "--show reads it" in t["--game"].help and "--no-run reads it" in b["--game"].help
    for g in available_games():                    # the default pools are in the help
        assert ", ".join(get_adapter(g).default_agents) in b["--agents"].help


def test_balance_levels_take_commas_or_spaces(tmp_path, capsys):
    from maracaibo_env.balance.cli import run as balance_cli
    for levels in (["0,9"], ["0", "9"]):
        assert balance_cli(["--game", "pirates", "--solo", "--players", "2", "--levels", *levels]) == 2
        assert "unknown level(s) 9 of Jordan" in capsys.readouterr().err


# ---- the commands as a reader types them (tiny game counts) -----------------------------------

def _maracaibo(argv, capsys):
    from maracaibo_env.cli import main
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seats", ["--players 2", "--players 3", "--players 4", "--format solo"])
def test_tournament_without_agents_plays_the_default_pool(game, seats, tmp_path, capsys):
    pytest.importorskip("openskill")
    pytest.importorskip("statsmodels")
    from maracaibo_env.tournament.store import load_tournament
    db = tmp_path / "t.sqlite"
    solo_levels = {"maracaibo": ["--levels", "hard"], "pirates": ["--levels", "0", "3"]}[game]
    argv = ["tournament", "--game", game, *seats.split(), "--games", "1", "--db", str(db),
            "--no-progress", "--bootstrap", "20", *(solo_levels if "solo" in seats else [])]
    code, out, err = _maracaibo(argv, capsys)
    assert code == 0, err
    players = 1 if "solo" in seats else int(seats.split()[1])
    pool = default_pool(game, players=players)
    assert f"agents: {', '.join(pool)} (no --agents: " in err
    info = load_tournament(db)
    assert info.game == game and tuple(info.config["agents"]) == pool
    assert info.games_stored == info.jobs_total > 0 and info.finished
    assert all(a in out for a in pool)               # every agent is in the printed tables


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_balance_without_agents_plays_2_3_4_players_and_solo(game, tmp_path, capsys):
    """`maracaibo balance [--game pirates] --solo` (the README's line) with 1 deal, one level."""
    pytest.importorskip("matplotlib")
    out_dir = tmp_path / "rep"
    level = {"maracaibo": "hard", "pirates": "3"}[game]
    code, out, err = _maracaibo(["balance", "--game", game, "--solo", "--levels", level,
                                 "--games", "1", "--no-progress", "--db", str(tmp_path / "b.sqlite"),
                                 "--out", str(out_dir)], capsys)
    assert code == 0, err
    pool = default_pool(game, players=4)
    assert f"agents: {', '.join(pool)} (no --agents: " in err
    assert f"wrote {out_dir / 'balance.json'}" in out
    report = json.loads((out_dir / "balance.json").read_text(encoding="utf-8"))
    meta = report["meta"]
    assert meta["game"] == game and sorted(meta["agents"]) == sorted(pool)
    assert set(meta["multiplayer_games"]) == {"2p", "3p", "4p"}
    assert meta["solo_games"] == {level: len(pool)}
