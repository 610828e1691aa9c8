"""Verdicts over a data ensemble (issue 48): data sets drawn inside the value
model's uncertainty (maracaibo_env.maracaibo.ensemble), the holds / flips /
unclear classification (maracaibo_env.balance.ensemble) and
`maracaibo balance --data-ensemble K`."""
from __future__ import annotations

import json

import numpy as np
import pytest

from maracaibo_env.maracaibo.ensemble import (MAX_SETS, SPREAD, check_size, draw_data_sets,
                                              uncertain_prices)
from maracaibo_env.maracaibo.value_model import card_report, load_prices, read_cards

BASE = load_prices()


@pytest.fixture(scope="module")
def draws(tmp_path_factory):
    return draw_data_sets(3, seed=7, out_dir=tmp_path_factory.mktemp("ens"))


# ------------------------------------------------------------------ drawing

def test_draws_are_deterministic_and_differ(draws, tmp_path):
    again = draw_data_sets(3, seed=7, out_dir=tmp_path / "again")
    assert [d.values for d in again] == [d.values for d in draws]
    assert [d.data_hash for d in again] == [d.data_hash for d in draws]
    assert all((a.folder / "cards.toml").read_text() == (d.folder / "cards.toml").read_text()
               for a, d in zip(again, draws))
    assert draws[1].values != draws[2].values
    assert len({d.data_hash for d in draws}) == 3
    # a larger K keeps the first draws; another seed draws others
    assert draw_data_sets(4, seed=7, out_dir=tmp_path / "more")[2].values == draws[2].values
    assert draw_data_sets(2, seed=8, out_dir=tmp_path / "other")[1].values != draws[1].values


def test_draw_zero_is_the_base_data(draws):
    from maracaibo_env import load_catalog
    assert draws[0].index == 0 and draws[0].tries == 0
    assert draws[0].data_hash == load_catalog().data_hash
    assert draws[0].values == {n: BASE.env[n] for n in uncertain_prices(BASE)}


def test_only_prices_not_from_the_rulebook_move_and_within_their_spread(draws):
    sources = uncertain_prices(BASE)
    assert "synergy_held" in sources and "rounds_left" in sources and "vp" not in sources
    for d in draws[1:]:
        drawn = load_prices(d.folder)
        for name, base in BASE.env.items():
            if name not in sources:
                assert drawn.env[name] == base, name
            else:
                assert drawn.env[name] == d.values[name]
                assert abs(drawn.env[name] / base - 1) <= SPREAD[sources[name]] + 1e-3, name
        assert sum(drawn.env[n] != BASE.env[n] for n in sources) >= len(sources) - 1


def test_every_drawn_set_lies_in_the_band_and_keeps_the_published_cards(draws):
    shipped = {c["key"]: c for c in read_cards()}
    for d in draws:
        prices, cards = load_prices(d.folder), read_cards(d.folder)
        out = [r.key for r in card_report(prices, cards) if not r.in_band]
        assert out == [], (d.name, out)
        for c in cards:
            if "ref" in c:
                assert c == shipped[c["key"]]
    changed = [c["key"] for c, s in zip(read_cards(draws[1].folder), read_cards()) if c["cost"] != s["cost"]]
    assert len(changed) > 10


def test_each_drawn_set_loads_as_a_game(draws):
    from maracaibo_env.maracaibo.game import Game
    rng = np.random.default_rng(0)
    for d in draws:
        g = Game(2, seed=3, data_dir=d.folder)
        assert g.catalog.data_hash == d.data_hash
        for _ in range(30):
            if g.is_over:
                break
            g.step(int(rng.choice(g.legal_actions())))


@pytest.mark.parametrize("k, allowed", [(0, False), (1, True), (MAX_SETS, True), (MAX_SETS + 1, False),
                                        ("3", True), ("two", False), ("1.5", False), (True, False)])
def test_size_of_an_ensemble(k, allowed):
    if allowed:
        assert 1 <= check_size(k) <= MAX_SETS
    else:
        with pytest.raises(ValueError, match=f"from 1 to {MAX_SETS}"):
            check_size(k)


# ------------------------------------------------------------------ classification

def test_classify_holds_flips_unclear():
    from maracaibo_env.balance.ensemble import classify
    assert classify(["+", "+", "+"]) == "holds"
    assert classify(["-", "-"]) == "holds"
    assert classify(["+", "0", "-"]) == "flips"
    assert classify(["-", "+"]) == "flips"
    assert classify(["+", "+", "0"]) == "unclear"       # not significant in one set
    assert classify(["+", "mixed"]) == "unclear"
    assert classify(["+", "n/a"]) == "unclear"
    assert classify(["0", "0"]) == "unclear"


def _item(key, flag, vp, tested=True):
    return {"key": key, "name": key.upper(), "source": "reconstructed", "tested": tested, "flag": flag,
            "vp_diff": {"estimate": vp}}


def _report(flags, seat1):
    """A hand-made report: three cards with the given flags, and a 2-player
    seat block whose seat 1 wins at the rate given (0.5 expected)."""
    lo, hi = seat1 - 0.05, seat1 + 0.05
    seats = [{"seat": 1, "win": {"p": seat1, "lo": lo, "hi": hi}, "expected_rate": 0.5,
              "vp_vs_agent": {"mean": 0.0, "lo": -1.0, "hi": 1.0}},
             {"seat": 2, "win": {"p": 1 - seat1, "lo": 1 - hi, "hi": 1 - lo}, "expected_rate": 0.5,
              "vp_vs_agent": {"mean": 0.0, "lo": -1.0, "hi": 1.0}}]
    return {"title": "t", "meta": {"games": 10, "data_modified": False},
            "seats": {"2p": {"seats": seats, "q_win": 0.001, "q_vp": 0.5}},
            "components": {"card": {"items": [_item(k, f, v) for k, (f, v) in flags.items()]},
                           "_tests": {}}}


def test_verdict_rows_on_hand_made_reports():
    from maracaibo_env.balance.ensemble import summarize, verdict_rows
    a = _report({"a01": ("strong", 4.0), "a02": ("strong", 3.0), "a03": ("strong", 5.0)}, 0.7)
    b = _report({"a01": ("strong", 3.5), "a02": ("weak", -3.0), "a03": (None, 0.5)}, 0.72)
    c = _report({"a01": ("strong", 3.0), "a02": ("strong", 2.5), "a03": ("strong", 4.0)}, 0.5)
    rows = {(r["kind"], r["key"]): r for r in verdict_rows([a, b, c], alpha=0.05)}
    assert rows[("card", "a01")]["class"] == "holds" and rows[("card", "a01")]["direction"] == "+"
    assert rows[("card", "a02")]["class"] == "flips" and rows[("card", "a02")]["codes"] == ["+", "-", "+"]
    assert rows[("card", "a03")]["class"] == "unclear"
    assert rows[("seat", "2p/1")]["codes"] == ["+", "+", "0"]     # 0.5 expected lies in set c's interval
    assert rows[("seat", "2p/2")]["codes"] == ["-", "-", "0"]
    assert rows[("seat", "2p/1")]["effects"][0] == pytest.approx(20.0)
    sets = [{"index": i, "name": f"set-0{i}", "folder": "", "data_hash": f"h{i}", "values": {}, "tries": i,
             "report": ""} for i in range(3)]
    s = summarize([a, b, c], sets, {"alpha": 0.05, "seed": 0, "spread_text": ""})
    assert s["counts"] == {"holds": 1, "flips": 1, "unclear": 3}
    # a seat test not significant after BH gives no verdict, whatever its interval
    d = _report({}, 0.7)
    d["seats"]["2p"]["q_win"] = 0.2
    assert verdict_rows([d], alpha=0.05)[0]["codes"] == ["0"]


# ------------------------------------------------------------------ command line

def test_cli_data_ensemble_plays_every_set(tmp_path, capsys):
    pytest.importorskip("scipy")
    from maracaibo_env.balance.cli import run as balance_cli
    from maracaibo_env.balance.report import load_report
    out = tmp_path / "rep"
    code = balance_cli(["--games", "1", "--players", "2", "--agents", "balanced,random", "--no-progress",
                        "--data-ensemble", "2", "--seed", "4", "--out", str(out)])
    assert code == 0
    err = capsys.readouterr().err
    assert "Seats" in err and "data set 2 of 2" in err and "unclear" in err
    e = json.loads((out / "ensemble.json").read_text())
    assert e["schema"] == "maracaibo-balance-ensemble/1" and len(e["sets"]) == 2
    hashes = [s["data_hash"] for s in e["sets"]]
    assert len(set(hashes)) == 2
    md = (out / "ensemble.md").read_text()
    assert all(h in md for h in hashes) and "| seat | seat 1, 2p |" in md
    for s in e["sets"]:
        a = load_report(s["report"])
        assert a["meta"]["data_hashes"] == {s["data_hash"]: 2}
    assert {r["class"] for r in e["rows"]} <= {"holds", "flips", "unclear"}
    assert (out / "ensemble.html").read_text().startswith("<!doctype html>")


@pytest.mark.parametrize("argv, message", [
    (["--data-ensemble", "0"], "from 1 to 32"),
    (["--data-ensemble", "1000"], "from 1 to 32"),
    (["--data-ensemble", "two"], "whole number from 1 to 32"),
    (["--data-ensemble", "2", "--no-run", "--db", "x.sqlite"], "cannot be used with --compare or --no-run"),
    (["--data-ensemble", "2", "--game", "pirates"], "Pirates of Maracaibo has none"),
])
def test_cli_data_ensemble_bad_input(argv, message, capsys):
    from maracaibo_env.balance.cli import run as balance_cli
    assert balance_cli(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
