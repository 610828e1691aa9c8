"""Fuzzing Pirates of Maracaibo, small (benchmarks/fuzz.py --game pirates):
random play with the invariants of maracaibo_env.pirates.invariants on
sampled states and JSON round trips; crafted saved games (mutated saves
loaded in a worker subprocess) that must be rejected with an error naming a
field or play to the end, never crash, hang or raise anything else; and the
invariants themselves, which must hold along real games and catch broken states."""
import json
import random
import sys
from pathlib import Path

import numpy as np
import pytest

from maracaibo_env.pirates import Game, load_catalog
from maracaibo_env.pirates.core import layout as L
from maracaibo_env.pirates.core import constants as K
from maracaibo_env.pirates.invariants import check_invariants

FUZZ = Path(__file__).resolve().parents[2] / "benchmarks" / "fuzz.py"
CRAFTED = 200


@pytest.fixture(scope="module")
def fuzz():
    sys.path.insert(0, str(FUZZ.parent))       # benchmarks/: fuzz.py and its fuzz_harness, fuzz_pirates
    import fuzz
    return fuzz


@pytest.fixture(scope="module")
def cat():
    return load_catalog()


@pytest.fixture(scope="module")
def crafted_summary(fuzz, tmp_path_factory):
    out = tmp_path_factory.mktemp("pirates_fuzz")
    summary = out / "summary.json"
    rc = fuzz.main(["--game", "pirates", "--crafted", str(CRAFTED), "--jobs", "1", "--batch", str(CRAFTED),
                    "--seed", "5", "--quiet", "--out", str(out / "failures"), "--json", str(summary)])
    return rc, json.loads(summary.read_text())


@pytest.mark.slow
def test_random_play_keeps_every_invariant(fuzz, tmp_path):
    summary = tmp_path / "random.json"
    rc = fuzz.main(["--game", "pirates", "--decisions", "4000", "--check-every", "4", "--json-every", "8",
                    "--seed", "3", "--out", str(tmp_path / "violations"), "--json", str(summary)])
    s = json.loads(summary.read_text())
    assert rc == 0 and s["violations"] == 0
    assert s["decisions"] >= 4000 and s["states_checked"] > 900 and s["json_round_trips"] > 100


@pytest.mark.slow
def test_crafted_saved_games_never_crash(crafted_summary):
    """Rejected with a clear error, or loaded and played: no crash, hang,
    stray exception or unclear rejection."""
    rc, s = crafted_summary
    assert s["mutations"] == CRAFTED and s["rejected"] + s["played_out"] + s["failures"] == CRAFTED
    assert s["crashes"] == 0 and s["hangs"] == 0 and s["harness_errors"] == 0
    worst = [f for f in s["failure_cases"] if "raised" in f["reason"] or f["reason"] in ("unclear rejection", "no end")]
    assert not worst, worst
    assert s["rejected"] > 40 and s["played_out"] > 20     # both paths exercised
    assert s["decisions_played"] > 1000


def test_crafted_saved_games_keep_every_invariant(crafted_summary):
    """Game.from_dict refuses every state that breaks an invariant (issue 12's fix)."""
    rc, s = crafted_summary
    assert rc == 0 and s["failures"] == 0, s["failure_kinds"]


def test_cases_are_reproducible(fuzz, cat):
    import fuzz_pirates
    target = fuzz_pirates.Pirates()
    a, da = fuzz.make_case(3, 17, cat, target)
    b, db = fuzz.make_case(3, 17, cat, target)
    assert a == b and da == db and len(da) >= 2
    from maracaibo_env.pirates.game import PLAYER_COUNTS
    assert {c[0] for c in target.configs} == set(PLAYER_COUNTS)
    assert {c[1] for c in target.configs} == set(cat.layout_keys)


@pytest.mark.slow
def test_invariants_hold_along_random_games(cat):
    for seed, layout in enumerate(cat.layout_keys):
        g = Game(2 + seed % 3, seed=seed, layout=layout, catalog=cat)
        r = random.Random(seed)
        while True:
            bad = check_invariants(g, cat, strict=seed % 2 == 0 or g.is_over)
            assert not bad, (seed, len(g.history), g.phase, bad)
            if g.is_over:
                break
            g.step(r.choice(g.legal_actions()))
        assert not check_invariants(g.state, cat, strict=True)


def _midgame(cat, steps=150):
    g = Game(3, seed=11, catalog=cat)
    r = random.Random(11)
    for _ in range(steps):
        g.step(r.choice(g.legal_actions()))
    assert not check_invariants(g, cat, strict=True)
    return g


def _set(g, name, value, p=None, i=None):
    sl = L.LAYOUT.field_slice(name, p)
    if i is None:
        g.state[sl] = value
    else:
        g.state[sl.start + i] = value


@pytest.mark.parametrize("what, edit, expect", [
    ("a card twice", lambda g: _set(g, "SLOT_CARD", int(g.state[K.G_T2 + g.state[K.G_T2_N] - 1]), i=0),
     "each card in one place only"),
    ("VP without its source", lambda g: _set(g, "VP", int(g.state[L.LAYOUT.field_slice("VP", 1)][0]) + 3, 1),
     "the sum of VP_SRC"),
    ("negative doubloons", lambda g: _set(g, "COINS", -1, 0), "doubloons >= 0"),
    ("negative island cubes", lambda g: _set(g, "ISLAND", -2, i=1), "island cubes >= 0"),
    ("a quest lost", lambda g: _set(g, "QDECK_N", int(g.state[K.G_QDECK_N]) - 1), "all 25 accounted for"),
    ("a figurehead twice", lambda g: _set(g, "FIG", int(max(g.state[K.G_FIGM:K.G_FIGM + L.FIGM_CAP])), 2),
     "figurehead"),
    ("NUPG off", lambda g: _set(g, "NUPG", int(g.state[L.LAYOUT.field_slice("NUPG", 0)][0]) + 1, 0), "NUPG"),
    ("a tile on one side only", lambda g: _set(g, "BM_AT", 3, 1, 0), "BM_AT"),
    ("the turn order", lambda g: _set(g, "TURNS", int(g.state[L.LAYOUT.field_slice("TURNS", 2)][0]) + 2, 2),
     "TURNS"),
    ("not a decision point", lambda g: _set(g, "PHASE", 30), "PHASE"),
])
def test_invariants_catch_broken_states(cat, what, edit, expect):
    g = _midgame(cat)
    edit(g)
    bad = check_invariants(g, cat, strict=True)
    assert bad and any(expect in b for b in bad), (what, bad)


def test_a_stale_mask_is_caught(cat):
    g = _midgame(cat)
    mask = g.action_mask()
    mask[np.flatnonzero(mask == 0)[0]] = 1
    assert any("legal mask" in b for b in check_invariants(g.state, cat, mask=mask))


def test_a_quest_in_the_market_before_it_is_dealt_is_refused():
    """Found by the 100,000-case crafted run (case 43131): a save in the set-up
    quest choice with a quest already in the market lost that quest when the
    market was dealt. Such a save is now refused."""
    g = Game(2, seed=1)
    assert g.phase == "keepq"
    d = g.to_dict()
    st = d["state"]
    n = st["QDECK_N"]
    st["QMARKET"][0], st["QDECK"][n - 1] = st["QDECK"][n - 1], -1
    st["QDECK_N"] = n - 1
    with pytest.raises(ValueError, match="QMARKET"):
        Game.from_dict(d)
