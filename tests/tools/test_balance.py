"""Balance reports (maracaibo_env.balance): the statistics against textbook
and hand-computed values, the analysis on small synthetic GameResult lists
with known answers, the report files, the comparison of two reports, and the
command line on a few real games."""
from __future__ import annotations

import json
import math

import numpy as np
import pytest

pytest.importorskip("scipy")
pytest.importorskip("openskill")
pytest.importorskip("matplotlib")

from maracaibo_env import load_catalog  # noqa: E402
from maracaibo_env.framework.match import GameResult  # noqa: E402
from maracaibo_env.balance import analyze, compare_reports, write_report, load_report  # noqa: E402
from maracaibo_env.balance import stats as S  # noqa: E402
from maracaibo_env.balance.cli import run as balance_cli  # noqa: E402

SOURCES = ("cards", "prestige", "quests", "automa")
HASH = load_catalog().data_hash


def fake(specs, scores, winners=None, *, events=(), careers=None, seed=0, story=75,
         difficulty=None, data_hash=HASH, decisions=200) -> GameResult:
    """A hand-made GameResult: every VP under 'cards' (Jean's under 'automa')."""
    n = len(scores)
    if winners is None:
        best = max(scores)
        winners = [i for i, s in enumerate(scores) if s == best]
    breakdown = [{k: 0 for k in SOURCES} for _ in range(n)]
    for i, s in enumerate(scores):
        breakdown[i]["automa" if difficulty is not None and i == 1 else "cards"] = s
    return GameResult(seed=seed, specs=list(specs), scores=list(scores), winners=list(winners),
                      breakdown=breakdown, decisions=decisions, turns=[[4, 5, 5, 6] for _ in range(n)],
                      events=list(events), difficulty=difficulty, data_hash=data_hash,
                      details={"careers": list(careers) if careers is not None else [0] * n,
                               "story": story})


# ------------------------------------------------------------------ statistics

def test_wilson_hand_computed():
    p, lo, hi = S.wilson(4, 6)
    assert p == pytest.approx(2 / 3)
    assert (lo, hi) == pytest.approx((0.2999, 0.9032), abs=2e-4)
    p, lo, hi = S.wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    assert math.isnan(S.wilson(0, 0)[0])


def test_newcombe_textbook():
    # Newcombe (1998), Stat Med 17:873, example (a): 56/70 vs 48/80, method 10
    d, lo, hi = S.newcombe_diff(56, 70, 48, 80)
    assert d == pytest.approx(0.2)
    assert (lo, hi) == pytest.approx((0.0524, 0.3339), abs=1e-4)


def test_cmh_textbook_rabbits():
    # Cochran (1954) penicillin and rabbits (R's mantelhaen.test example):
    # Mantel-Haenszel X-squared = 3.9286 (continuity-corrected), p = 0.04747,
    # common odds ratio 7 with the RGB interval [1.026713, 47.725133]
    tables = [[[0, 6], [0, 5]], [[3, 3], [0, 6]], [[6, 0], [2, 4]], [[5, 1], [6, 0]], [[2, 0], [5, 0]]]
    c = S.cmh(tables)
    assert c.statistic == pytest.approx(3.9286, abs=1e-4)
    assert c.p == pytest.approx(0.04747, abs=1e-5)
    assert c.odds_ratio == pytest.approx(7.0)
    assert (c.or_lo, c.or_hi) == pytest.approx((1.026713, 47.725133), rel=1e-5)
    assert S.cmh(tables, correction=False).statistic == pytest.approx(5.6571, abs=1e-4)


def test_cmh_shared_controls_is_textbook_cmh_with_one_stratum_per_group():
    tables = [[[7, 3], [20, 30]], [[4, 6], [10, 25]], [[9, 1], [30, 12]]]
    groups = [((t[1][0], t[1][0] + t[1][1]), [(t[0][0], t[0][0] + t[0][1])]) for t in tables]
    a, b = S.cmh(tables), S.cmh_shared_controls(groups)
    assert b.statistic == pytest.approx(a.statistic)
    assert b.p == pytest.approx(a.p)
    assert b.odds_ratio == pytest.approx(a.odds_ratio)


def test_cmh_shared_controls_counts_shared_controls_once():
    # two round strata against the same controls: the variance must exceed the
    # textbook sum that treats the controls as two independent samples
    groups = [((30, 100), [(30, 50), (30, 50)])]
    shared = S.cmh_shared_controls(groups, correction=False)
    naive = S.cmh([[[30, 20], [30, 70]], [[30, 20], [30, 70]]], correction=False)
    assert shared.statistic < naive.statistic
    assert shared.p < 0.05


def test_shared_control_tests_keep_their_size_under_the_null():
    # 4 round strata of 60 takers against 200 shared non-takers, one win rate
    # for all: the shared-control CMH and the stratified difference reject
    # about 5%, the textbook CMH that reuses the controls 4 times about 12%
    rng = np.random.default_rng(1)
    sims, shared, naive, diff = 600, 0, 0, 0
    for _ in range(sims):
        c = int(rng.binomial(200, 0.3))
        strata = [(int(rng.binomial(60, 0.3)), 60) for _ in range(4)]
        shared += S.cmh_shared_controls([((c, 200), strata)]).p < 0.05
        naive += S.cmh([[[a, n - a], [c, 200 - c]] for a, n in strata]).p < 0.05
        d = S.stratified_diff([((200, c / 200, c * (200 - c) / 200 / 199),
                                [(n, a / n, a * (n - a) / n / (n - 1)) for a, n in strata])])
        diff += d["p"] < 0.05
    assert shared / sims < 0.085 and diff / sims < 0.085
    assert naive / sims > 0.09


def test_bh_matches_hand_and_scipy():
    p = [0.01, 0.04, 0.03, 0.005]
    assert S.bh(p) == pytest.approx([0.02, 0.04, 0.04, 0.02])
    from scipy.stats import false_discovery_control
    rng = np.random.default_rng(3)
    ps = list(rng.uniform(0, 0.2, 40))
    assert S.bh(ps) == pytest.approx(list(false_discovery_control(ps)))
    q = S.bh([0.01, float("nan"), 0.02])
    assert math.isnan(q[1]) and q[0] == pytest.approx(0.02) and q[2] == pytest.approx(0.02)


def test_mean_ci_and_stratified_difference_by_hand():
    m = S.mean_ci([100, 90, 110, 100, 90, 110])
    assert m["mean"] == 100 and m["sd"] == pytest.approx(math.sqrt(80))
    assert (m["lo"], m["hi"]) == pytest.approx((90.6135, 109.3865), abs=1e-3)
    # one group, one stratum: the plain difference of means with the unpooled standard error
    t, c = [10.0, 12.0, 14.0], [5.0, 6.0, 7.0, 8.0]
    d = S.stratified_diff([(c, [t])])
    assert d["estimate"] == pytest.approx(12 - 6.5)
    assert d["se"] == pytest.approx(math.sqrt(4 / 3 + np.var(c, ddof=1) / 4))
    # weights follow the takers: 1 taker in group 1 (diff 10), 3 in group 2 (diff 2)
    d = S.stratified_diff([([0.0, 0.0, 2.0], [[11.0]]), ([5.0, 7.0], [[8.0, 8.0, 8.0]])])
    assert d["estimate"] == pytest.approx(0.25 * (11 - 2 / 3) + 0.75 * (8 - 6))
    assert d["se"] > 0       # degenerate samples borrow their group's variance


def test_chisquare_gof_by_hand():
    c = S.chisquare_gof([4, 1, 1], [2, 2, 2])
    assert c["statistic"] == pytest.approx(3.0) and c["df"] == 2
    assert c["p"] == pytest.approx(math.exp(-1.5))


# ------------------------------------------------------------------ analysis

def rotated_3p():
    """6 games of X, Y, Z in rotating seats; seat 1 wins 4, seats 2 and 3 one each."""
    agents = ["balanced", "random", "ship_income"]
    win_seat = [0, 0, 0, 0, 1, 2]
    seat1 = [100, 90, 110, 100, 90, 110]
    out = []
    for g in range(6):
        r = g % 3
        specs = agents[r:] + agents[:r]
        scores = [seat1[g] if s == 0 else 60 + 5 * s for s in range(3)]
        scores[win_seat[g]] = 130
        out.append(fake(specs, scores, [win_seat[g]], seed=g))
    return out


def test_seat_statistics_hand_computed():
    a = analyze(rotated_3p(), min_takers=1000)
    s = a["seats"]["3p"]
    assert s["games"] == 6 and s["balanced"]
    w = s["seats"][0]["win"]
    assert (w["k"], w["n"]) == (4, 6)
    assert (w["lo"], w["hi"]) == pytest.approx((0.2999, 0.9032), abs=2e-4)
    assert [x["expected_wins"] for x in s["seats"]] == pytest.approx([2, 2, 2])
    assert s["chi_square"]["statistic"] == pytest.approx(3.0)
    assert s["chi_square"]["p"] == pytest.approx(math.exp(-1.5))
    vp = s["seats"][1]["vp"]   # seat 2: 65 five times, 130 once
    assert vp["mean"] == pytest.approx((5 * 65 + 130) / 6)
    assert a["metrics"]["seat/3p/1/win"]["k"] == 4
    assert any("3p seat advantage" in f["text"] for f in a["findings"])


def synthetic_2p(n=300, seed=11, hash_=HASH):
    """2-player games of two agents in alternating seats, a random winner;
    card 5 always goes to the winner, quest 2 to the loser, card 7 to a
    random player (no effect), careers at random."""
    rng = np.random.default_rng(seed)
    out = []
    for g in range(n):
        specs = ["balanced", "ship_income"] if g % 2 == 0 else ["ship_income", "balanced"]
        w = int(rng.integers(2))
        scores = [int(85 + rng.integers(-10, 11)) for _ in range(2)]
        scores[w] = int(100 + rng.integers(-10, 11))
        events = [(w, "card", 5, int(rng.integers(1, 5))), (1 - w, "quest", 2, int(rng.integers(1, 5))),
                  (int(rng.integers(2)), "card", 7, int(rng.integers(1, 5))), (w, "city", 0, 1), (1 - w, "city", 0, 2)]
        out.append(fake(specs, scores, [w], events=events, careers=[int(rng.integers(8)), int(rng.integers(8))],
                        seed=g // 2, data_hash=hash_))
    return out


def component(a, kind, key):
    return next(x for x in a["components"][kind]["items"] if x["key"] == key)


def test_component_taken_only_by_winners_is_flagged():
    a = analyze(synthetic_2p())
    cat = load_catalog()
    strong = component(a, "card", cat.card_keys[5])
    assert strong["takers"] == 300 and strong["tested"]
    assert strong["win_takers"]["p"] == 1.0 and strong["win_others"]["p"] == 0.0
    assert strong["flag"] == "strong" and strong["q_win"] < 0.05 and strong["q_vp"] < 0.05
    assert strong["vp_diff"]["estimate"] == pytest.approx(15, abs=2.5)
    assert strong["cmh"]["p"] < 1e-10
    assert set(strong["by_round"]) <= {"I", "II", "III", "IV"}
    weak = component(a, "quest", cat.quest_keys[2])
    assert weak["flag"] == "weak"
    neutral = component(a, "card", cat.card_keys[7])
    assert neutral["tested"] and neutral["flag"] is None
    # a city tile every player used has no non-takers to compare with
    city = component(a, "city", a["components"]["city"]["items"][0]["key"])
    assert not city["tested"] and "non-takers" in city["note"]
    # every game used story 75: nothing to compare it with
    assert not component(a, "story", "75")["tested"]
    # BH family: the win and VP test of every tested component
    tested = sum(x["tested"] for k in ("card", "career", "prestige", "city", "quest", "story")
                 for x in a["components"][k]["items"])
    assert a["components"]["_tests"]["family"] == 2 * tested
    flagged = [f for f in a["findings"] if f["topic"] == "components" and f["level"] == "flag"]
    assert flagged and "strong" in flagged[0]["text"]


def test_small_but_significant_effect_is_not_flagged_unless_asked():
    """4,000 games where card 9's taker (seat 0 of every other pair of games)
    scores exactly 1 VP more, never enough to change the winner (margins are
    at least 5): significant, but below the default 2-VP minimum effect and
    with no win-rate effect; flagged with min_effect_vp=0."""
    rng = np.random.default_rng(5)
    games = []
    for g in range(4000):
        specs = ["balanced", "ship_income"] if g % 2 == 0 else ["ship_income", "balanced"]
        w = int(rng.integers(2))
        scores = [0, 0]
        scores[w] = int(100 + rng.integers(0, 6))
        scores[1 - w] = int(90 + rng.integers(-5, 1))
        taker = g % 4 < 2
        if taker:
            scores[0] += 1
        events = [(0, "card", 9, 2)] if taker else []
        games.append(fake(specs, scores, [w], events=events, seed=g))
    cat = load_catalog()
    card = component(analyze(games), "card", cat.card_keys[9])
    assert card["tested"] and card["q_vp"] < 0.05 < 2.0 > abs(card["vp_diff"]["estimate"])
    assert card["flag"] is None
    card = component(analyze(games, min_effect_vp=0.0, min_effect_win=0.0), "card", cat.card_keys[9])
    assert card["flag"] == "strong"


def test_components_marked_with_their_source():
    a = analyze(synthetic_2p(40))
    card = a["components"]["card"]
    assert card["note"] == "reconstructed: 157 of 157 project cards"
    assert card["reconstructed"] == 157 and card["total"] == 157
    career = a["components"]["career"]
    assert career["note"] == "reconstructed: 7 of 8 career cards"
    assert component(a, "career", "k1")["source"] == "published"
    q01 = component(a, "quest", "q01")
    assert q01["source"] == "rulebook" and q01["name"].startswith("q01: ")
    assert a["provenance"]["data"]["note"].startswith("reconstructed: ")


def test_meta_data_identity_duplicates_and_modified_data():
    a = analyze(synthetic_2p(20))
    m = a["meta"]
    assert not m["data_modified"] and m["catalog_hash"] == HASH
    assert m["duplicate"]["sets"] == 10 and "duplicate play" in m["duplicate"]["note"]
    b = analyze(synthetic_2p(20, hash_="f" * 64))
    assert b["meta"]["data_modified"] and "MODIFIED" in b["meta"]["data_note"]
    assert any("catalog" in w for w in b["meta"]["warnings"])


def test_solo_tie_goes_to_jean_and_jean_sources():
    games = [fake(["balanced"], [120, 120], [0, 1], difficulty="easy", seed=1),
             fake(["balanced"], [121, 120], [0], difficulty="easy", seed=2),
             fake(["balanced"], [100, 150], [1], difficulty="easy", seed=3),
             fake(["random"], [30, 150], [1], difficulty="hard", seed=1)]
    a = analyze(games)
    easy = a["solo"]["levels"]["easy"]
    assert easy["agents"]["balanced"]["win"]["k"] == 1 and easy["agents"]["balanced"]["win"]["n"] == 3
    assert easy["jean_vp"]["mean"] == pytest.approx((120 + 120 + 150) / 3)
    assert easy["jean_sources"]["automa"]["mean"] == pytest.approx((120 + 120 + 150) / 3)
    assert list(a["solo"]["levels"]) == ["easy", "hard"]
    assert a["length"]["1p"]["games"] == 4
    assert "automa.toml" in a["solo"]["note"]


def test_strategies_and_scores_sections():
    a = analyze(synthetic_2p(60))
    st = a["strategies"]
    assert set(st["ratings"]) == {"balanced", "ship_income"}
    assert all(v["games"] == 60 for v in st["ratings"].values())
    pair = {(x["a"], x["b"]): x for x in st["pairwise"]}
    ab, ba = pair[("balanced", "ship_income")], pair[("ship_income", "balanced")]
    assert ab["n"] == 60 and ab["k"] + ba["k"] == pytest.approx(60)
    assert a["scores"]["2p"]["balanced"]["vp"]["n"] == 60
    assert a["sources"]["2p"]["balanced"]["cards"]["mean"] == pytest.approx(a["scores"]["2p"]["balanced"]["vp"]["mean"])
    assert a["length"]["2p"]["turns_per_round"][3]["mean"] == 6


def test_strategy_ratings_order_and_hand_counted_pairs():
    """Three agents where a always beats b and b always beats c (2 players,
    both seatings): the ratings order a > b > c and the pairwise credits are
    the hand counts."""
    from maracaibo_env.balance import ratings as R
    games = []
    for d in range(10):
        for x, y in (("a", "b"), ("b", "c"), ("a", "c")):
            games.append(fake([x, y], [60, 40], seed=d))
            games.append(fake([y, x], [40, 60], seed=d))
    ratings, pairs, impl = R.strategy_ratings(games)
    assert impl == "maracaibo_env.tournament.ratings"
    order = list(ratings)
    assert ratings["a"]["mu"] > ratings["b"]["mu"] > ratings["c"]["mu"], order
    by = {(x["a"], x["b"]): x for x in pairs}
    assert (by[("a", "b")]["k"], by[("a", "b")]["n"]) == (20, 20)
    assert (by[("c", "b")]["k"], by[("c", "b")]["n"]) == (0, 20)
    assert by[("a", "b")]["lo"] == pytest.approx(0.8389, abs=1e-4)  # Wilson 20/20


# ------------------------------------------------------------------ report files and compare

def test_report_files_written(tmp_path):
    a = analyze(synthetic_2p(60) + rotated_3p())
    paths = write_report(a, tmp_path)
    html = paths["html"].read_text()
    assert html.startswith("<!doctype html>") and 'id="findings"' in html
    assert html.count("data:image/png;base64,") >= 5 and "<table" in html
    assert "http://" not in html and "https://" not in html and "<script" not in html
    assert "reconstructed: 157 of 157 project cards" in html
    md = paths["md"].read_text()
    assert "## Findings" in md and "| seat |" in md and "Benjamini-Hochberg" in md
    j = load_report(paths["json"])
    assert j["schema"] == "maracaibo-balance/1" and j["meta"]["timing"]["report_seconds"] > 0
    json.dumps(j, allow_nan=False)


def test_compare_finds_the_changed_component(tmp_path):
    a = analyze(synthetic_2p(300, seed=11))
    same = compare_reports(a, analyze(synthetic_2p(300, seed=11)))
    assert same["significant"] == 0 and same["compared"] > 0
    # B: card 5 goes to a random player, as card 7 does: its advantage is gone
    b_games = synthetic_2p(300, seed=12)
    rng = np.random.default_rng(5)
    cat = load_catalog()
    for r in b_games:
        r.events = [(int(rng.integers(2)), k, i, rd) if (k, i) == ("card", 5) else (s, k, i, rd)
                    for s, k, i, rd in r.events]
    b = analyze(b_games)
    c = compare_reports(a, b)
    row = next(r for r in c["rows"] if r["key"] == f"component/card/{cat.card_keys[5]}/vp_effect")
    assert row["significant"] and row["diff"] < -10 and row["hi"] < 0
    win = next(r for r in c["rows"] if r["key"] == f"component/card/{cat.card_keys[5]}/win")
    assert win["kind"] == "proportion" and win["significant"]
    assert {"component": f"card {cat.card_names[5]}", "a": "strong", "b": None} in c["flag_changes"]
    pa, pb = tmp_path / "a.json", tmp_path / "b.json"
    pa.write_text(json.dumps(S.clean(a)))
    pb.write_text(json.dumps(S.clean(b)))
    assert balance_cli(["--compare", str(pa), str(pb), "--out", str(tmp_path / "diff")]) == 0
    assert "Balance comparison" in (tmp_path / "diff" / "compare.html").read_text()
    assert "| metric |" in (tmp_path / "diff" / "compare.md").read_text()


def test_compare_rejects_a_file_that_is_not_a_report(tmp_path, capsys):
    bad = tmp_path / "x.json"
    bad.write_text("{}")
    assert balance_cli(["--compare", str(bad), str(bad)]) == 2
    assert "not a balance report" in capsys.readouterr().err


# ------------------------------------------------------------------ command line on real games

@pytest.mark.slow
def test_cli_plays_games_and_reads_them_back(tmp_path):
    db, out = tmp_path / "b.sqlite", tmp_path / "rep"
    code = balance_cli(["--games", "1", "--players", "2", "--agents", "balanced,random", "--no-progress",
                        "--db", str(db), "--out", str(out)])
    assert code == 0
    a = load_report(out / "balance.json")
    assert a["meta"]["games"] == 2 and a["meta"]["multiplayer_games"] == {"2p": 2}
    assert a["meta"]["duplicate"]["sets"] == 1 and not a["meta"]["data_modified"]
    assert balance_cli(["--db", str(db), "--no-run", "--out", str(tmp_path / "again")]) == 0
    again = load_report(tmp_path / "again" / "balance.json")
    assert again["metrics"]["seat/2p/1/vp"] == a["metrics"]["seat/2p/1/vp"]


def test_cli_modified_data_reaches_the_games(tmp_path):
    import shutil
    from pathlib import Path
    import maracaibo_env
    data = tmp_path / "data"
    shutil.copytree(Path(maracaibo_env.__file__).parent / "maracaibo" / "data", data)
    cards = data / "cards.toml"
    text = cards.read_text()
    cards.write_text(text.replace("cost = 12", "cost = 13", 1))
    cat = maracaibo_env.load_catalog(data)
    assert cat.data_hash != HASH
    out = tmp_path / "rep"
    assert balance_cli(["--games", "1", "--players", "2", "--agents", "balanced,random", "--no-progress",
                        "--data", str(data), "--db", str(tmp_path / "m.sqlite"), "--out", str(out)]) == 0
    a = load_report(out / "balance.json")
    assert a["meta"]["data_modified"] and a["meta"]["data_hashes"] == {cat.data_hash: 2}
    assert a["meta"]["catalog_hash"] == cat.data_hash


def test_cli_bad_data_file_names_file_entry_and_field(tmp_path, capsys):
    import shutil
    from pathlib import Path
    import maracaibo_env
    data = tmp_path / "data"
    shutil.copytree(Path(maracaibo_env.__file__).parent / "maracaibo" / "data", data)
    cards = data / "cards.toml"
    cards.write_text(cards.read_text().replace("cost = 12", 'cost = "twelve"', 1))
    assert balance_cli(["--data", str(data), "--games", "1", "--players", "2", "--agents", "balanced,random"]) == 2
    err = capsys.readouterr().err
    assert "cards.toml" in err and "cost" in err and "twelve" in err


def test_cli_argument_errors(capsys):
    assert balance_cli(["--agents", "nobody", "--players", "2"]) == 2
    assert "unknown agent spec" in capsys.readouterr().err
    assert balance_cli(["--agents", "balanced,random", "--players", "4"]) == 2
    assert "at least 4 agents" in capsys.readouterr().err
    assert balance_cli(["--players", "5"]) == 2
    assert balance_cli(["--no-run"]) == 2
    with pytest.raises(SystemExit):
        balance_cli(["--help"])
    assert "worked example" in capsys.readouterr().out


# ------------------------------------------------------------------ summary and figures (issue 26)

def _component(name, lo, est, hi):
    return {"kind": "card", "name": name, "source": "reconstructed", "takers": 10, "flag": None, "tested": True,
            "vp_diff": {"lo": lo, "estimate": est, "hi": hi}, "win_diff": {"estimate": 0.0}}


def test_summary_lists_a_component_as_strongest_or_weakest_never_both():
    from maracaibo_env.balance.analysis import strongest_and_weakest
    # two components, overlapping intervals: the old ranking (highest lower bound,
    # lowest upper bound) put each of them in both lists
    a, b = _component("A", -1.0, 0.5, 2.0), _component("B", -0.5, 1.0, 3.0)
    assert strongest_and_weakest([a, b]) == ([], [])
    # one clearly above 0, one clearly below, one straddling: each in its list only
    up, down, mid = _component("up", 1.0, 2.0, 3.0), _component("down", -3.0, -2.0, -1.0), _component("m", -1, 0, 1)
    assert strongest_and_weakest([mid, down, up]) == ([up], [down])
    # a single component is never both, whatever its interval
    for one in (up, down, mid):
        strong, weak = strongest_and_weakest([one])
        assert not (strong and weak)
    # at most `top` each, best first
    many = [_component(f"c{i}", i, i + 1, i + 2) for i in range(1, 6)]
    assert [x["name"] for x in strongest_and_weakest(many, top=3)[0]] == ["c5", "c4", "c3"]
    # NaN intervals are left out
    nan = _component("nan", float("nan"), float("nan"), float("nan"))
    assert strongest_and_weakest([nan]) == ([], [])


def test_summary_findings_name_no_component_twice():
    a = analyze(synthetic_2p(300, seed=11))
    lines = {f["text"].split(":")[0]: f["text"] for f in a["findings"] if f["topic"] == "components"}
    strong = next(t for k, t in lines.items() if k.startswith("strongest components"))
    weak = next(t for k, t in lines.items() if k.startswith("weakest components"))
    assert "card " in strong and "quest " in weak     # card 5 goes to winners, quest 2 to losers
    named = lambda text: {p.split(" [")[0].split(":")[0].strip() for p in text.split(": ", 1)[1].split("; ")}  # noqa: E731
    assert not named(strong) & named(weak)


def _captured_figures(monkeypatch):
    """Every matplotlib Figure the balance and calibration reports draw, as drawn."""
    import maracaibo_env.balance.figures as F
    import maracaibo_env.calibration.report as C
    drawn = []
    original = F._png

    def keep(fig):
        out = original(fig)
        drawn.append(fig)
        return out
    monkeypatch.setattr(F, "_png", keep)
    monkeypatch.setattr(C, "_png", keep)
    return drawn


def _legend_overlaps(fig) -> list[str]:
    fig.canvas.draw()
    r = fig.canvas.get_renderer()
    legends = [ax.get_legend() for ax in fig.axes if ax.get_legend() is not None] + list(fig.legends)
    out = []
    for i, leg in enumerate(legends):
        box = leg.get_window_extent(r)
        for ax in fig.axes:
            if box.overlaps(ax.get_window_extent(r)):
                out.append(f"legend {i} covers axes {ax.get_ylabel() or ax.get_xlabel()!r}")
            if ax.title.get_text() and box.overlaps(ax.title.get_window_extent(r)):
                out.append(f"legend {i} covers the title {ax.title.get_text()!r}")
        for j, other in enumerate(legends[i + 1:], i + 1):
            if box.overlaps(other.get_window_extent(r)):
                out.append(f"legends {i} and {j} overlap")
    return out


def test_figure_legends_sit_outside_the_axes(monkeypatch):
    from maracaibo_env.balance.figures import figures
    from maracaibo_env.calibration.report import figure as calibration_figure
    drawn = _captured_figures(monkeypatch)
    solo = [fake([ag], [100 + 10 * k, 110], [1], difficulty=lv, seed=k)
            for k in range(4) for ag in ("balanced", "random", "ship_income") for lv in ("easy", "hard")]
    a = analyze(synthetic_2p(60) + rotated_3p() + solo)
    figs = figures(a)
    rows = [{"name": f"target_{i}", "players": 3, "layout": None, "low": 0.0, "high": 10.0,
             "value": v, "lo": v - 1, "hi": v + 1, "in_range": 0 <= v <= 10}
            for i, v in enumerate((-20.0, 5.0, 12.0, 0.5, 30.0, 9.5))]
    assert calibration_figure(rows)
    with_legend = [f for f in drawn if f.legends or any(ax.get_legend() for ax in f.axes)]
    assert len(figs) >= 8 and len(with_legend) >= 7, (len(figs), len(with_legend))
    problems = {i: p for i, f in enumerate(drawn) if (p := _legend_overlaps(f))}
    assert not problems, problems
