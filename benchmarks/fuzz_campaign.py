"""Fuzzing Maracaibo's campaign (issue 27: maracaibo/campaign.py, core/story.py), four parts.

play   random campaigns: 1-4 players, started from card 01 (Campaign.new), from
       chapter 2, or from a random valid archive (story cards of the data in
       play / pending / gone, legacy tiles the data describes, C-cards 90-99);
       2-4 games each, uniform random legal actions to the end, the strict
       invariants every --check-every decisions, a JSON save round trip
       (validate_state) now and then, a quarter of the games' replays verified,
       each game recorded into the campaign, the campaign's JSON round trip.
spec   crafted Game(campaign=...) specs (wrong types, unknown keys and
       numbers, repeats, overlaps, too many cards, bools, floats, huge ints,
       nested junk) and misuse of the Campaign API: each raises
       GameConfigError / CampaignError (ValueErrors) with a message; a spec
       that is valid after all must play to the end with every invariant.
file   crafted campaign files: Campaign.from_json on a mutated valid file
       (deleted keys, wrong types, byte flips, truncation, ...): CampaignError,
       or a campaign that shows, saves, hands out a game and records it.
saved  crafted saved campaign games: a campaign game's Game.to_dict() (a
       quarter taken during a story vote) with its campaign fields, any field,
       or the task stack changed: Game.from_dict raises a clear ValueError or
       loads a state that random play finishes with every invariant holding
       (fuzz_harness.make_case / run_case, fuzz.py's mutations).

The shipped story.toml has 6 cards, too few for much of core/story.py (cards
removed by STORY-06, many cards in play at once, story tiles running out, SC_GONE's
second and third ints, 3-4 option decisions): half the play cases and 30 % of
the saved ones use one of N_DECKS story.toml files generated per seed
(random_story_toml: 8-77 valid cards; the last deck first tries story tiles
on backs too, and is made again without them when the data checks refuse it).

    python benchmarks/fuzz_campaign.py --seconds 600 [--seed 0] [--jobs 2] [--parts play,spec,file,saved]
    python benchmarks/fuzz_campaign.py --rerun saved:123 [--seed 0]    # one case here, verbosely

A case is fully determined by (seed, part, case number). Every case runs in a
worker subprocess (fuzz_harness's pool, as fuzz.py --crafted): a worker that
dies (a segfault) or stalls is replaced and its case counted as a crash or a
hang; a worker's address space is capped (--worker-memory) so that a runaway
case raises MemoryError instead of waking the OOM killer. --seconds is shared
among the parts by SHARE. The summary gives, per part, the cases, games,
decisions, rejections and exceptions by type, failures, crashes and hangs;
failing cases are written to --out (at most --save-per-kind of a kind).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import fuzz_harness as H  # noqa: E402
import fuzz  # noqa: E402  (Maracaibo's fuzz target: its mutations)
from maracaibo_env import Game  # noqa: E402
from maracaibo_env.maracaibo.campaign import Campaign, CampaignError, START_KEYS  # noqa: E402
from maracaibo_env.framework.game import GameConfigError  # noqa: E402
from maracaibo_env.maracaibo.catalog import load_catalog  # noqa: E402
from maracaibo_env.maracaibo.core import layout as L  # noqa: E402
from maracaibo_env.maracaibo.core import constants as K
from maracaibo_env.maracaibo.core import catalog_layout as CL  # noqa: E402
from maracaibo_env.maracaibo.core.enums import OPS, CHOICES  # noqa: E402
from maracaibo_env.maracaibo.core.options import LEGACY_TILES  # noqa: E402
from maracaibo_env.maracaibo.invariants import check_invariants  # noqa: E402
from maracaibo_env.maracaibo.legacy import legacy_problem  # noqa: E402

PARTS = ("play", "spec", "file", "saved")
SHARE = {"play": 0.35, "spec": 0.15, "file": 0.15, "saved": 0.35}
C_CARDS = list(range(90, 100))
_CATALOG = None


def _default_catalog():
    global _CATALOG
    if _CATALOG is None:
        _CATALOG = load_catalog()
    return _CATALOG


MAX_STEPS = 5000          # a game never needs this many decisions
LONG_MESSAGE = 10_000     # characters: a rejection this long echoes the whole bad value


# ---- the data's campaign ------------------------------------------------------------------------
def described_tiles(catalog) -> list[str]:
    """Legacy tiles the data describes (legacy_tiles.toml)."""
    off, _ = CL.CATALOG["LEG_KIND"]
    return [t for t in LEGACY_TILES if catalog.array[off + int(t[1:]) - 1] != 0]


# ---- generated story decks (the shipped data has 6 cards: most of core/story.py needs more) ----------
N_DECKS = 3                    # decks per run (seed), written once per worker into temporary data folders
_DECKS: dict = {}


def _toml(v) -> str:
    """v as TOML (inline tables and arrays; strings as JSON strings, which TOML reads alike)."""
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {_toml(x)}" for k, x in v.items()) + " }"
    if isinstance(v, list):
        return "[" + ", ".join(_toml(x) for x in v) + "]"
    return json.dumps(v) if isinstance(v, str) else str(int(v))


def random_story_toml(rng, catalog, back_story_tiles: bool = False) -> str:
    """A random valid story.toml (the loader's schema and checks): 8-77 cards
    with every instruction kind, both requirements, decisions of 2-4 options,
    Read chains (cycles included), chapter card 80, card 01. back_story_tiles:
    backs may hold story_tile instructions too (deck_catalog drops them if the data checks refuse them)."""
    pool = [n for n in range(2, 90) if n not in (75, 76, 77, 80)]
    count = int(rng.choice([8, 20, 40, 77]))
    numbers = sorted([1, 80] + rng.choice(pool, count - 2, replace=False).tolist())
    c_set = sorted(rng.choice(C_CARDS, 8, replace=False).tolist())   # L166: 8 C-cards at most
    tiles = described_tiles(catalog)
    discs = [t for t in tiles if 10 <= int(t[1:]) <= 17]
    locs = list(catalog.loc_keys)
    rewards = [{"kind": "doubloons", "amount": 3}, {"kind": "per_compass", "what": "vp", "amount": 1},
               {"kind": "influence"}, {"kind": "figure"}, {"kind": "cp", "amount": 2}, {"kind": "spain2"},
               {"kind": "remove_skull_tile"}, {"kind": "discs2"}, {"kind": "vp", "amount": 4}, {"kind": "combat"},
               {"kind": "explore"}, {"kind": "explore", "amount": 3}]
    costs = [{"kind": "cp", "amount": 1}, {"kind": "cp", "amount": 2}, {"kind": "doubloons", "amount": 2},
             {"kind": "objects", "object": "map", "amount": 2}, {"kind": "mp4"}, {"kind": "figure"},
             {"kind": "goods", "good": "tobacco", "amount": 2}]

    def pick(seq, lo, hi):
        return [seq[i] for i in rng.choice(len(seq), int(rng.integers(lo, min(hi, len(seq)) + 1)),
                                           replace=False).tolist()]

    def other(n):
        return int(rng.choice([m for m in numbers if m != n]))

    def instruction(n, back):
        kinds = ["quests", "cards_to_discard", "cards_to_project_pile", "legacy_tiles", "read"]
        kinds += ["next_card"] * back + ["story_tile"] * (back and back_story_tiles)
        k = str(rng.choice(kinds))
        if k == "story_tile":
            return {"kind": k, "location": str(rng.choice(locs))}
        if k == "quests":
            return {"kind": k, "placements": [{"location": str(rng.choice(locs)),
                                               "players": sorted(pick([1, 2, 3, 4], 1, 4))}
                                              for _ in range(int(rng.integers(1, 4)))]}
        if k.startswith("cards"):
            return {"kind": k, "cards": sorted(pick(c_set, 1, 3))}
        if k == "legacy_tiles":
            return {"kind": k, "tiles": pick(tiles, 1, 2)}
        return {"kind": k, "card": other(n)}

    out = ["# generated by benchmarks/fuzz_campaign.py (random_story_toml)"]
    for n in numbers:
        card: dict = {"number": n, "source": "reconstructed"}
        front = [instruction(n, False) for _ in range(int(rng.integers(0, 4)))]
        if rng.random() < 0.6:
            front.insert(int(rng.integers(len(front) + 1)), {"kind": "story_tile", "location": str(rng.choice(locs))})
        card["front"] = front
        has_tile = any(i["kind"] == "story_tile" for i in front)
        if has_tile and rng.random() < 0.9:
            cost = pick(costs, 1, 2)   # two of one kind (cp 2 + cp 1) is a known engine gap: one kind once
            if len(cost) == 2 and cost[0]["kind"] == cost[1]["kind"]:
                cost = cost[:1]
            card["quest"] = {"cost": cost,
                             "reward": [{"kind": "story_tile"}] + pick(rewards, 0, 3)}
        r = rng.random()
        if "quest" in card and r < 0.6:
            card["requirement"] = {"kind": "story_tile_taken"}
        elif discs and r < 0.8:
            card["requirement"] = {"kind": "legacy_tile_full", "tile": str(rng.choice(discs))}
        if "requirement" in card:
            card["back"] = [instruction(n, True) for _ in range(int(rng.integers(0, 4)))]
            if rng.random() < 0.4:
                card["decision"] = {"text": "generated", "option": [
                    {"text": f"option {j}", "read": other(n)} for j in range(int(rng.integers(2, 5)))]}
        out.append("[[card]]")
        out += [f"{k} = {_toml(v)}" for k, v in card.items()]
        out.append("")
    return "\n".join(out)


def deck_catalog(seed: int, i: int):
    """Generated deck i of this seed's run, compiled (cached per process)."""
    import atexit
    import shutil
    from maracaibo_env.maracaibo.data_load import DATA_DIR
    key = (seed, i)
    if key not in _DECKS:
        base = _default_catalog()
        folder = Path(tempfile.mkdtemp(prefix="fuzz_campaign_")) / "data"
        atexit.register(shutil.rmtree, folder.parent, True)
        shutil.copytree(DATA_DIR, folder)
        from maracaibo_env.framework.datafiles import DataError
        for back_tiles in ((True, False) if i == N_DECKS - 1 else (False,)):
            text = random_story_toml(np.random.default_rng([seed, 9, i]), base, back_story_tiles=back_tiles)
            (folder / "story.toml").write_text(text)
            try:
                _DECKS[key] = load_catalog(folder)
                break
            except DataError:   # story tiles on backs refused by the data checks: a deck without them
                if not back_tiles:
                    raise
    return _DECKS[key]


def pick_catalog(rng, seed: int, p_deck: float):
    """The shipped data, or (with probability p_deck) a generated deck; (catalog, label)."""
    if rng.random() < p_deck:
        i = int(rng.integers(N_DECKS))
        return deck_catalog(seed, i), f"deck {i}"
    return _default_catalog(), "shipped"


def random_tiles(rng, catalog) -> list[str]:
    """A random set of described tiles that can lie together (DATA-18)."""
    out: list[str] = []
    tiles = described_tiles(catalog)
    for i in rng.permutation(len(tiles))[: int(rng.integers(0, len(tiles) + 1))].tolist():
        if not legacy_problem(catalog, out + [tiles[i]]):
            out.append(tiles[i])
    return [t for t in LEGACY_TILES if t in out]


def random_start(rng, catalog) -> dict:
    """A random valid campaign start (the archive a campaign could hold)."""
    numbers = list(catalog.story_numbers)
    where = rng.integers(0, 4, len(numbers)).tolist()    # 0 nowhere, 1 in play, 2 pending, 3 gone
    start = {k: [] for k in START_KEYS}
    for n, w in zip(numbers, where):
        if w == 1 or w == 2:
            key = "in_play" if w == 1 else "pending"
            if len(start["in_play"]) + len(start["pending"]) < L.SC_PLAY_CAP:
                start[key].append(n)
        elif w == 3:
            start["gone"].append(n)
    start["legacy"] = random_tiles(rng, catalog)
    for c, w in zip(C_CARDS, rng.integers(0, 3, len(C_CARDS)).tolist()):
        if w:
            start["c_pile" if w == 1 else "c_discard"].append(c)
    return start


def new_campaign(rng, catalog) -> tuple[Campaign, str]:
    """A campaign from card 01, chapter 2 or a random archive."""
    how = int(rng.integers(3))
    if how == 0:
        return Campaign.new(catalog=catalog), "card 01"
    if how == 1 and 80 in catalog.story_numbers:
        return Campaign(catalog=catalog).start_chapter(2), "chapter 2"
    start = random_start(rng, catalog)
    d = {**Campaign(catalog=catalog).to_dict(), "archive": start}
    return Campaign.from_dict(json.loads(json.dumps(d)), catalog=catalog), f"archive {start}"


def continued(c) -> str:
    """Whether the campaign's next game can start: "yes"; "chapter 2" when its
    archive held no story card (Campaign.next_start refuses it, saying why: a
    player then starts a chapter, and every deck here has card 80); "" when
    even that is not possible."""
    try:
        c.next_start()
        return "yes"
    except CampaignError as exc:
        assert "holds no story card" in str(exc), f"next_start refused: {exc}"
    if 80 not in c.catalog.story_numbers:
        return ""
    c.start_chapter(2)
    return "chapter 2"


def play_out(g, rng, check_every: int, json_every: int = 0, max_steps: int = MAX_STEPS) -> int:
    """Uniform random legal actions to the end, the strict invariants every
    check_every decisions (and at the end), a JSON save round trip every
    json_every. Raises AssertionError naming the first problem."""
    steps = 0
    while not g.is_over:
        legal = g.legal_actions()
        assert legal, f"no legal action after {steps} steps"
        g.step(legal[int(rng.integers(len(legal)))])
        steps += 1
        if steps % check_every == 0 or g.is_over:
            bad = check_invariants(g.state, g.catalog, strict=True)
            assert not bad, f"invariant after {steps} steps: {'; '.join(bad[:3])}"
        if json_every and steps % json_every == 0:
            h = Game.from_json(g.to_json(), g.catalog)
            assert np.array_equal(h.state, g.state), f"JSON round trip changed the state after {steps} steps"
            assert h.legal_actions() == g.legal_actions(), "JSON round trip changed the legal actions"
        assert steps <= max_steps, f"{max_steps} steps without the game ending"
    return steps


# ---- part play: random campaigns -------------------------------------------------------------------
def case_play(seed: int, k: int, catalog, check_every: int = 1) -> dict:
    """Case k: one campaign of 2-4 games for 1 + k % 4 players."""
    from maracaibo_env.maracaibo.campaign import story_log
    from maracaibo_env.framework.replay import verify_replay
    rng = np.random.default_rng([seed, 1, k])
    n = 1 + k % 4
    catalog, deck = pick_catalog(rng, seed, 0.5)
    c, how = new_campaign(rng, catalog)
    how = f"{deck}, {how}"
    games = steps = 0
    events: Counter = Counter()
    for gi in range(int(rng.integers(2, 5))):
        go = continued(c)
        if not go:
            break
        if go != "yes":
            events["empty archive refused"] += 1
        g = c.next_game(num_players=n, seed=int(rng.integers(2**31)))
        bad = check_invariants(g.state, catalog, strict=True)
        assert not bad, f"game {gi} ({how}) at the start: {'; '.join(bad[:3])}"
        steps += play_out(g, rng, check_every, json_every=int(rng.integers(15, 60)))
        games += 1
        events.update(e for _, e in story_log(g))
        if rng.random() < 0.25:   # the replay reproduces the game (the campaign start rides along)
            with tempfile.TemporaryDirectory() as tmp:
                path = Path(tmp) / "g.jsonl"
                g.save_replay(path)
                assert verify_replay(path, catalog=catalog).scores() == g.scores(), "replay gives other scores"
        c.record(g)
        c.show()
        text = c.to_json()
        c2 = Campaign.from_json(text, catalog=catalog)
        assert c2.to_json() == text, "campaign JSON round trip changed it"
        c = c2 if rng.random() < 0.5 else c
    return {"result": "played", "games": games, "steps": steps, "notes": {**events, deck: 1}}


# ---- part spec: crafted Game(campaign=...) -------------------------------------------------------------
def _deep(depth: int):
    x: list = [1]
    for _ in range(depth):
        x = [x]
    return x


JUNK = [1, -1, 0, 1.5, float("nan"), True, False, None, "1", "", b"1", {"a": 1}, {1, 2}, (1,), [1], [[1]],
        2**70, -2**63, complex(1, 0), np.float64(1), np.bool_(True), np.int8(1), np.array([1]), range(2),
        Ellipsis, object()]


SPEC_KINDS = ("top", "key", "value", "element", "number", "repeat", "overlap", "too_many", "legacy", "deep",
              "huge_list", "valid_odd")


def crafted_spec(rng, catalog, kinds=SPEC_KINDS) -> tuple[object, str, bool, str]:
    """(spec, what was done, must it be rejected?, kind of change from kinds)"""
    kind = str(rng.choice(kinds))
    spec, what, must_reject = _spec(kind, rng, catalog)
    return spec, what, must_reject, kind


def _spec(kind, rng, catalog) -> tuple[object, str, bool]:
    start = random_start(rng, catalog)
    numbers = list(catalog.story_numbers)
    card_keys = ["in_play", "pending", "gone", "c_pile", "c_discard"]
    junk = JUNK[int(rng.integers(len(JUNK)))]
    key = str(rng.choice(START_KEYS))
    if kind == "top":
        spec = [junk, list(start.items()), json.dumps(start), tuple(start), np.array([1]), junk][int(rng.integers(6))]
        return (spec, f"top-level {type(spec).__name__}", spec is not None)
    if kind == "key":
        bad = [1, None, 1.5, True, ("in_play",), "cards", "In_play", "in_play ", "", "story", "legacy_tiles",
               "chapter"][int(rng.integers(12))]
        start[bad] = [] if rng.random() < 0.5 else junk
        return start, f"unknown key {bad!r}", True
    if kind == "value":
        bad = [v for v in JUNK if not isinstance(v, (list, tuple))][int(rng.integers(len(JUNK) - 3))]
        start[key] = bad
        return start, f"{key} = {bad!r}", True
    if kind == "element":
        if key == "legacy":
            bad = [6, None, "l6", "L06", "L19", "L24", "L0", "L26", ["L6"], b"L6", "L6 ", 1.0, True][int(rng.integers(13))]
        else:
            bad = [True, False, 1.0, "1", "01", None, [1], {"n": 1}, np.float64(1), np.bool_(True), np.int8(1),
                   complex(1, 0), float("inf")][int(rng.integers(13))]
        start[key] = list(start[key]) + [bad]
        rng.shuffle(start[key])
        return start, f"{key} holds {bad!r}", True
    if kind == "number":
        key = card_keys[int(rng.integers(5))]
        pool = ([0, 1, 60, 89, 100, 101, -90, 2**31, 2**63, 2**80] if key.startswith("c_") else
                [0, -1, 2, 59, 64, 79, 81, 90, 99, 100, 2**31, 2**63, -2**63, 2**80])
        bad = [x for x in pool if x not in (C_CARDS if key.startswith("c_") else numbers)]
        x = bad[int(rng.integers(len(bad)))]
        start[key] = list(start[key]) + [x]
        return start, f"{key} holds unknown number {x}", True
    if kind == "repeat":
        key = card_keys[int(rng.integers(5))] if rng.random() < 0.8 else "legacy"
        pool = {"legacy": described_tiles(catalog)}.get(key, C_CARDS if key.startswith("c_") else numbers)
        x = pool[int(rng.integers(len(pool)))]
        for k2 in card_keys + ["legacy"]:   # x only here, twice
            start[k2] = [y for y in start[k2] if y != x]
        start[key] = [x, x] if rng.random() < 0.5 else [x, np.int64(x)] if key != "legacy" else [x, x]
        return start, f"{key} repeats {x}", True
    if kind == "overlap":
        if rng.random() < 0.3:
            a, b = "c_pile", "c_discard"
            x = C_CARDS[int(rng.integers(10))]
        else:
            a, b = [("in_play", "pending"), ("in_play", "gone"), ("pending", "gone")][int(rng.integers(3))]
            x = numbers[int(rng.integers(len(numbers)))]
        for k2 in card_keys:
            start[k2] = [y for y in start[k2] if y != x]
        start[a] = start[a] + [x]
        start[b] = start[b] + [x]
        return start, f"{x} in {a} and {b}", True
    if kind == "too_many":   # more than SC_PLAY_CAP cards in play and pending: the data has too few, so repeats
        start["in_play"] = [numbers[i % len(numbers)] for i in range(L.SC_PLAY_CAP + 1 + int(rng.integers(3)))]
        start["pending"] = []
        return start, f"{len(start['in_play'])} cards in play", True
    if kind == "legacy":
        tiles = described_tiles(catalog)
        pairs = [(a, b) for a in tiles for b in tiles if a < b and legacy_problem(catalog, [a, b])]
        if pairs:
            a, b = pairs[int(rng.integers(len(pairs)))]
            start["legacy"] = [a, b]
            return start, f"legacy {a} and {b} clash", True
        start["legacy"] = ["L19"]
        return start, "legacy L19", True
    if kind == "deep":
        d = int(rng.choice([3, 50, 5000, 200000]))
        start[key] = [_deep(d)] if rng.random() < 0.5 else _deep(d)
        return start, f"{key} nested {d} deep", True
    if kind == "huge_list":
        x = numbers[0] if key not in ("c_pile", "c_discard", "legacy") else (90 if key != "legacy" else "L6")
        start[key] = [x] * int(rng.choice([2, 1000, 100000]))
        return start, f"{key} = [{x!r}] * {len(start[key])}", True
    # valid, but odd: tuples, numpy ints, missing keys, empty
    odd = int(rng.integers(4))
    if odd == 0:
        spec = {k: tuple(v) for k, v in start.items()}
    elif odd == 1:
        spec = {k: [np.int64(x) if not isinstance(x, str) else x for x in v] for k, v in start.items()}
    elif odd == 2:
        spec = {k: v for k, v in start.items() if rng.random() < 0.5}
    else:
        spec = {}
    return spec, f"valid ({['tuples', 'numpy ints', 'some keys', 'empty'][odd]})", False


def _api_misuse(rng, catalog) -> tuple[str, object]:
    """Misuse of the Campaign API: (what, callable that must raise a ValueError)."""
    c = Campaign.new(catalog=catalog)
    m = int(rng.integers(6))
    if m == 0:
        ch = [0, 1, 12, -2, "2", 2.0, True, None, 2**70, [2]][int(rng.integers(10))]
        return f"start_chapter({ch!r})", lambda: c.start_chapter(ch)
    if m == 1:
        opt = [{"campaign": {}}, {"legacy": ["L6"]}, {"story": 76}, {"colour": 1}, {"retirement": 2}][int(rng.integers(5))]
        return f"next_game(**{opt})", lambda: c.next_game(2, 0, **opt)
    if m == 2:
        np_, seed = [(0, 0), (5, 0), (2, -1), (2, 2**31), (True, 0), (2.0, 0), ("2", 0)][int(rng.integers(7))]
        return f"next_game({np_!r}, {seed!r})", lambda: c.next_game(np_, seed)
    if m == 3:
        what = [None, 1, "game", Game(2, seed=1)][int(rng.integers(4))]
        return f"record({type(what).__name__})", lambda: c.record(what)
    if m == 4:
        g = c.next_game(2, 1)
        return "record(an unfinished game)", lambda: c.record(g)
    story, legacy = [(76, ()), (75, ["L6"]), (77, ("L1",))][int(rng.integers(3))]
    return f"Game(campaign=..., story={story}, legacy={legacy})", \
        lambda: Game(2, seed=1, story=story, legacy=legacy, campaign={"pending": [1]})


def case_spec(seed: int, k: int, catalog, check_every: int = 8, kinds=SPEC_KINDS) -> dict:
    rng = np.random.default_rng([seed, 2, k])
    before = catalog.array.copy()
    n = 1 + int(rng.integers(4))
    if rng.random() < 0.15:
        what, call = _api_misuse(rng, catalog)
        try:
            call()
        except (GameConfigError, CampaignError, ValueError) as exc:
            if not str(exc):
                return {"result": "failure", "reason": "rejection without a message", "detail": what,
                        "exc": type(exc).__name__}
            return {"result": "rejected", "exc": type(exc).__name__, "what": "api misuse"}
        except Exception as exc:  # noqa: BLE001  (a finding)
            return {"result": "failure", "reason": f"{what} raised {type(exc).__name__}",
                    "detail": str(exc)[:300], "exc": type(exc).__name__}
        return {"result": "failure", "reason": "misuse accepted", "detail": what}
    spec, what, must_reject, kind = crafted_spec(rng, catalog, kinds)
    try:
        g = Game(n, seed=int(rng.integers(2**31)), catalog=catalog, campaign=spec)
    except GameConfigError as exc:
        msg = str(exc)
        if not msg:
            return {"result": "failure", "reason": "rejection without a message", "detail": what,
                    "exc": "GameConfigError"}
        if not np.array_equal(before, catalog.array):
            return {"result": "failure", "reason": "a rejected spec changed the catalog", "detail": what}
        # a message that echoes a huge value is still a clear rejection; counted apart
        return {"result": "rejected", "exc": "GameConfigError",
                "what": kind + (f" (message over {LONG_MESSAGE:,} characters)" if len(msg) > LONG_MESSAGE else "")}
    except Exception as exc:  # noqa: BLE001
        return {"result": "failure", "reason": f"Game(campaign=...) raised {type(exc).__name__}",
                "detail": f"{what}: {str(exc)[:300]}", "exc": type(exc).__name__}
    if must_reject:
        return {"result": "failure", "reason": "accepted a bad spec", "detail": what}
    try:
        steps = play_out(g, rng, check_every)
    except Exception as exc:  # noqa: BLE001
        return {"result": "failure", "reason": f"play raised {type(exc).__name__}", "detail": f"{what}: {exc}"[:400],
                "exc": type(exc).__name__}
    return {"result": "played", "games": 1, "steps": steps, "notes": {f"accepted {kind}": 1}}


# ---- part file: crafted campaign files -----------------------------------------------------------------
_BASES: dict = {}


def base_files(catalog) -> list[str]:
    """Valid campaign files: after a game or two, with a game handed out or not."""
    key = id(catalog)
    if key not in _BASES:
        out = []
        for i in range(3):
            rng = np.random.default_rng([7, i])
            c, _ = new_campaign(rng, catalog)
            for _ in range(1 + i % 2):
                continued(c)
                g = c.next_game(num_players=1 + i, seed=i)
                play_out(g, rng, 10**9)
                c.record(g)
            if i != 1 and continued(c):
                c.next_game(num_players=2, seed=5)   # an open game
            out.append(c.to_json())
        _BASES[key] = out
    return _BASES[key]


def _walk(d, rng):
    """A random (container, key) inside a JSON value: half the time one of the
    top two levels, else any slot of the tree (most lie in the game summaries)."""
    slots: list = []

    def visit(x, depth):
        for k in (list(x) if isinstance(x, dict) else range(len(x)) if isinstance(x, list) else []):
            slots.append((x, k, depth))
            visit(x[k], depth + 1)

    visit(d, 0)
    if rng.random() < 0.5:
        slots = [sl for sl in slots if sl[2] <= 1]
    if not slots:
        return None, None
    box, k, _ = slots[int(rng.integers(len(slots)))]
    return box, k


JSON_JUNK = [None, True, False, 0, 1, -1, 2, 99, 2**63, 1.5, "", "x", "01", [], [1], {}, {"a": 1}, [[1]], "L6",
             [None], ["L6"], [60, 60], [90]]


def crafted_file(rng, catalog) -> tuple[str | bytes, str, str]:
    """(file text, what was done, mutation kind)"""
    bases = base_files(catalog)
    text = bases[int(rng.integers(len(bases)))]
    m = str(rng.choice(["delete", "type", "add_key", "flip", "truncate", "insert", "number", "deep"]))
    if m in ("delete", "type", "add_key"):
        d = json.loads(text)
        box, k = _walk(d, rng)
        if box is None:
            return text, "unchanged", m
        if m == "delete":
            del box[k]
            what = f"deleted {k!r}"
        elif m == "type":
            box[k] = JSON_JUNK[int(rng.integers(len(JSON_JUNK)))]
            what = f"{k!r} = {box[k]!r}"
        else:
            if isinstance(box, dict):
                box["extra" if rng.random() < 0.5 else "In_play"] = 1
            else:
                box.append(JSON_JUNK[int(rng.integers(len(JSON_JUNK)))])
            what = f"added to the container of {k!r}"
        return json.dumps(d), what, m
    b = bytearray(text.encode())
    if m == "flip":
        for _ in range(int(rng.integers(1, 6))):
            i = int(rng.integers(len(b)))
            b[i] = int(rng.integers(256)) if rng.random() < 0.5 else b[i] ^ (1 << int(rng.integers(8)))
        return bytes(b), "byte flips", m
    if m == "truncate":
        return bytes(b[: int(rng.integers(len(b)))]), "truncated", m
    if m == "insert":
        i = int(rng.integers(len(b)))
        junk = [b",", b"]", b"{", b"\"x\":1,", b"NaN", b"1e999", b"\xff\xfe", b"\x00", b"null"][int(rng.integers(9))]
        return bytes(b[:i] + junk + b[i:]), f"inserted {junk!r}", m
    if m == "number":   # a digit changed: another card, seed, score
        digits = [i for i, ch in enumerate(b) if 48 <= ch <= 57]
        i = digits[int(rng.integers(len(digits)))]
        b[i] = 48 + int(rng.integers(10))
        return bytes(b), "a digit changed", m
    return "[" * 100000 + "]" * 100000, "nested 100000 deep", m


def case_file(seed: int, k: int, catalog, check_every: int = 8) -> dict:
    rng = np.random.default_rng([seed, 3, k])
    text, what, kind = crafted_file(rng, catalog)
    try:
        c = Campaign.from_json(text, catalog=catalog)
    except CampaignError as exc:
        if not str(exc):
            return {"result": "failure", "reason": "rejection without a message", "detail": what}
        return {"result": "rejected", "exc": "CampaignError", "what": kind}
    except Exception as exc:  # noqa: BLE001
        return {"result": "failure", "reason": f"from_json raised {type(exc).__name__}",
                "detail": f"{what}: {str(exc)[:300]}", "exc": type(exc).__name__}
    stage = "show"
    try:   # a loaded campaign works like any other
        c.show()
        c.summary()
        repr(c)
        stage = "to_json"
        assert Campaign.from_json(c.to_json(), catalog=catalog).to_json() == c.to_json(), "round trip"
        stage = "next_game"
        if not continued(c):
            return {"result": "played", "games": 0, "steps": 0, "notes": {f"loaded after {kind}": 1}}
        g = c.next_game(num_players=1 + int(rng.integers(4)), seed=int(rng.integers(2**31)))
        steps, games = 0, 0
        if rng.random() < 0.3:
            stage = "play"
            steps = play_out(g, rng, check_every)
            games = 1
            stage = "record"
            c.record(g)
            c.show()
        return {"result": "played", "games": games, "steps": steps, "notes": {f"loaded after {kind}": 1}}
    except Exception as exc:  # noqa: BLE001
        return {"result": "failure", "reason": f"loaded campaign: {stage} raised {type(exc).__name__}",
                "detail": f"{what}: {str(exc)[:300]}", "exc": type(exc).__name__}


# ---- part saved: crafted saved campaign games --------------------------------------------------------
CAMPAIGN_GLOBALS = ("CAMPAIGN", "SC_PLAY", "SC_TAKER", "SC_STILE", "STILE_USED", "STILE_TAKEN", "SC_PENDING",
                    "SC_LOG", "SC_LOG_N", "CC_PILE", "CC_DISCARD", "SC_VOTES", "SC_GONE", "BQ_TILE", "STORY")


def _campaign_values(catalog) -> list[int]:
    n = len(catalog.story_numbers)
    return sorted({*fuzz.BOUNDARY, *(L.N_QUESTS + s for s in range(-1, n + 2)), *range(0, n + 2),
                   *(1 << b for b in range(31)), 1023, 1024, (1 << n) - 1, 1 << n,
                   *(x * 8 + e for x in catalog.story_numbers for e in (0, 5, 6)), 2 * 8 + 1})


class CampaignTarget(fuzz.Maracaibo):
    """Maracaibo's fuzz target on campaign games: configs are seat counts,
    a game is set up from a random archive, and half the mutations hit the
    campaign's fields (or push the campaign check's tasks)."""
    name = "campaign"
    configs = [(n,) for n in (1, 2, 3, 4)]
    kinds = (fuzz.Maracaibo.kinds[0] + ["campaign", "story_task", "story_tile"],
             [p * 0.45 for p in fuzz.Maracaibo.kinds[1]] + [0.35, 0.1, 0.1])

    def __init__(self, catalog=None):
        self.catalog = catalog or _default_catalog()

    def new_game(self, cfg, seed):
        rng = np.random.default_rng([seed, 4])
        return Game(cfg[0], seed=seed, catalog=self.catalog, campaign=random_start(rng, self.catalog))

    @staticmethod
    def label(cfg) -> str:
        return f"campaign {cfg[0]}p"

    def use_options(self, mode: str) -> None:
        pass

    @staticmethod
    def in_range(st, label, rng, catalog, old):
        from maracaibo_env.maracaibo.validate import limits, LEGACY_MASK
        np_, solo, camp = st["NP"], st["SOLO"] == 1, st["CAMPAIGN"]
        if not (isinstance(np_, int) and 2 <= np_ <= 4 and st["SOLO"] in (0, 1) and camp in (0, 1)):
            return old
        t = limits(catalog).table(np_, solo, True, int(st["LEGACY"]) & LEGACY_MASK, camp)
        i = fuzz._index_of(label)
        lo, hi = int(t.lo[i]), int(t.hi[i])
        if hi - lo > 1000:
            hi = lo + 1000 if lo > -1000 else min(hi, 1000)
            lo = max(lo, -1)
        return int(rng.integers(lo, hi + 1))

    @staticmethod
    def special(kind, st, rng, catalog):
        if kind == "campaign":
            return _mutate_campaign(st, rng, catalog)
        if kind == "story_task":
            return _push_story_task(st, rng, catalog)
        if kind == "story_tile":
            return _story_tile(st, rng, catalog)
        return fuzz.Maracaibo.special(kind, st, rng, catalog)


def _mutate_campaign(st, rng, catalog) -> str:
    """One campaign field (or QUESTS) to a value that means something to it."""
    if rng.random() < 0.1:
        p = int(rng.integers(H.seats(st, L.LAYOUT)))
        old = st["players"][p]["QUESTS"]
        st["players"][p]["QUESTS"] = new = old + int(rng.choice([-1, 1, 4, 5]))
        return f"players[{p}].QUESTS: {old} -> {new}"
    name = CAMPAIGN_GLOBALS[int(rng.integers(len(CAMPAIGN_GLOBALS)))]
    v = st[name]
    i = int(rng.integers(len(v))) if isinstance(v, list) else None
    old = v[i] if i is not None else v
    r = rng.random()
    if r < 0.5:
        vals = _campaign_values(catalog)
        new = int(vals[int(rng.integers(len(vals)))])
    elif r < 0.8:
        new = old + int(rng.choice([-2, -1, 1, 2]))
    elif isinstance(v, list):
        new = v[int(rng.integers(len(v)))]
    else:
        new = int(rng.integers(-1, 40))
    new = int(np.clip(new, -2**31, 2**31 - 1))
    if i is None:
        st[name] = new
    else:
        v[i] = new
    return f"{name}{'' if i is None else f'[{i}]'}: {old} -> {new} (campaign)"


def _push_story_task(st, rng, catalog) -> str:
    """A task of the campaign check (or a story vote / skull choice) on the stack."""
    n = st["STK_N"]
    if not isinstance(n, int) or not 0 <= n < L.STACK_CAP:
        return "story_task: no room"
    sc = len(catalog.story_numbers)
    seat = int(rng.integers(H.seats(st, L.LAYOUT)))
    slot = int(rng.integers(-1, sc + 2))
    op = str(rng.choice(["story_check", "story_tally", "score_end", "vote", "skull"]))
    if op == "vote":
        entry = [OPS.index("choice"), seat, CHOICES.index("story_vote"), slot * 4 + int(rng.integers(0, 5))]
    elif op == "skull":
        entry = [OPS.index("choice"), seat, CHOICES.index("skull_tile"), int(rng.choice([0, 0, 1, 5]))]
    elif op == "story_check":
        entry = [OPS.index(op), seat, int(rng.choice([0, 0, 1, 60, 61, 63, 80, 99])), 0]
    else:
        entry = [OPS.index(op), seat, slot if op == "story_tally" else 0, 0]
    st["STK"][n * L.STACK_W: (n + 1) * L.STACK_W] = entry
    st["STK_N"] = n + 1
    return f"push {op} {entry}"


def _story_tile(st, rng, catalog) -> str:
    """A story tile placed on a free board-quest slot (location and age kept consistent),
    or a taken one counted (STILE_TAKEN and a QUESTS together)."""
    if rng.random() < 0.3:
        p = int(rng.integers(H.seats(st, L.LAYOUT)))
        st["STILE_TAKEN"] += 1
        st["players"][p]["QUESTS"] += 1
        return f"STILE_TAKEN and players[{p}].QUESTS += 1"
    free = [k for k, t in enumerate(st["BQ_TILE"]) if t == -1]
    if not free:
        return "story_tile: no free slot"
    k = free[int(rng.integers(len(free)))]
    slot = int(rng.integers(len(catalog.story_numbers)))
    st["BQ_TILE"][k] = L.N_QUESTS + slot
    st["BQ_LOC"][k] = int(rng.integers(catalog.array[CL.CATALOG["NLOC"][0]]))
    st["BQ_AGE"][k] = st["BQ_NEXT_AGE"]
    st["BQ_NEXT_AGE"] += 1
    return f"BQ_TILE[{k}] = story tile of slot {slot}"


def _at_vote(g) -> bool:
    n = int(g.state[K.G_STK_N])
    o = K.G_STK + (n - 1) * L.STACK_W
    return n > 0 and g.state[o] == OPS.index("choice") and g.state[o + 2] == CHOICES.index("story_vote")


def vote_case(seed: int, k: int, catalog, target) -> tuple[dict, list[str]]:
    """A saved game taken while a story card's decision is being voted on
    (STORY-04), when random play gets there within a few games, then mutated."""
    rng = np.random.default_rng([seed, k, 7])
    n = 1 + int(rng.integers(4))
    off, _ = CL.CATALOG["SC_DEC_N"]
    deciding = [x for i, x in enumerate(catalog.story_numbers) if catalog.array[off + i] > 0]
    for tries in range(4):
        start = random_start(rng, catalog)
        if deciding:   # a card with a decision drawn at the start
            x = deciding[int(rng.integers(len(deciding)))]
            for key in ("in_play", "pending", "gone"):
                start[key] = [y for y in start[key] if y != x]
            start["pending"] = start["pending"][: L.SC_PLAY_CAP - 1]
            start["in_play"] = start["in_play"][: L.SC_PLAY_CAP - 1 - len(start["pending"])]
            start["pending"].append(x)
        g = Game(n, seed=int(rng.integers(2**31)), catalog=catalog, campaign=start)
        while not g.is_over and not _at_vote(g):
            legal = g.legal_actions()
            g.step(legal[int(rng.integers(len(legal)))])
        if _at_vote(g):
            break
    d = g.to_dict()
    done = [f"base: {n} seats, {'at a vote' if _at_vote(g) else 'no vote reached'} after {tries + 1} game(s)"]
    for _ in range(int(rng.choice([0, 1, 1, 1, 2]))):
        done.append(H.mutate(d["state"], rng, catalog, target))
    return d, done


def saved_case(seed: int, k: int):
    """(catalog, saved-game dict, mutations) of case k."""
    rng = np.random.default_rng([seed, 5, k])
    catalog, deck = pick_catalog(rng, seed, 0.3)
    target = CampaignTarget(catalog)
    d, done = (vote_case if rng.random() < 0.25 else H.make_case)(seed, k, catalog, target)
    return catalog, target, d, [deck] + done


def case_saved(seed: int, k: int, catalog=None, check_every: int = 8) -> dict:
    catalog, target, d, done = saved_case(seed, k)
    try:
        Game.from_dict(json.loads(json.dumps(d)), catalog)
        exc_name = None
    except ValueError as exc:
        exc_name = type(exc).__name__
    except Exception as exc:  # noqa: BLE001  (run_case reports it)
        exc_name = type(exc).__name__
    r = H.run_case(d, seed, k, catalog, check_every, target)
    r["exc"] = exc_name
    r["notes"] = {done[0]: 1, **({"saved at a vote": 1} if "at a vote" in done[1] else {})}
    if r["result"] == "played":
        r["games"] = 1
    return r


CASES = {"play": case_play, "spec": case_spec, "file": case_file, "saved": case_saved}


# ---- running: workers, the pool, the summary -----------------------------------------------------------
def run_one(part: str, seed: int, k: int, catalog, check_every: int) -> dict:
    """One case here; an unexpected exception (a bug of the case or the engine) is a failure."""
    try:
        r = CASES[part](seed, k, catalog, check_every)
    except AssertionError as exc:
        r = {"result": "failure", "reason": "check failed", "detail": str(exc)[:500]}
    except Exception as exc:  # noqa: BLE001
        r = {"result": "failure", "reason": f"raised {type(exc).__name__}",
             "detail": "".join(traceback.format_exception_only(type(exc), exc))[:500], "exc": type(exc).__name__}
    r["case"] = k
    return r


def worker(args) -> int:
    """Read case numbers from stdin, write one JSON result line per case;
    past FUZZ_DEADLINE (a time.time()) cases are skipped."""
    memory = int(os.environ.get("FUZZ_WORKER_MEMORY", args.worker_memory))
    if memory:   # a runaway case ends in MemoryError, not in the machine's OOM killer
        import resource
        limit = memory * 2**20
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    catalog = load_catalog()
    part = args.game
    deadline = float(os.environ.get("FUZZ_DEADLINE", "inf"))
    crash, hang = os.environ.get("FUZZ_SELFTEST_CRASH"), os.environ.get("FUZZ_SELFTEST_HANG")
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        k = int(line)
        if str(k) == crash:   # the harness's own test (as fuzz.py): a segfault on this case
            import ctypes
            ctypes.string_at(0)
        if str(k) == hang:
            time.sleep(3600)
        if time.time() > deadline:
            print(json.dumps({"case": k, "result": "skipped"}), flush=True)
            continue
        print(json.dumps(run_one(part, args.seed, k, catalog, args.check_every), default=str), flush=True)
    return 0


class _TimedPool(H._Pool):
    def __init__(self, args, todo, on_result, deadline):
        super().__init__(args, todo, on_result)
        self.deadline = deadline

    def _next(self, n):
        if time.time() > self.deadline:
            return []
        return super()._next(n)


def run_part(part: str, args, seconds: float, catalog) -> dict:
    """The part's cases in worker subprocesses for `seconds`; its figures."""
    t0 = time.time()
    deadline = t0 + seconds
    os.environ["FUZZ_DEADLINE"] = str(deadline)
    os.environ["FUZZ_WORKER_MEMORY"] = str(args.worker_memory)
    pargs = argparse.Namespace(**vars(args))
    pargs.game = part
    pargs.batch = 1000   # cases per worker process (past the deadline the worker skips them)
    pargs.options = "base"
    fig = {"part": part, "cases": 0, "rejected": 0, "played": 0, "games": 0, "steps": 0, "failures": 0,
           "crashes": 0, "hangs": 0, "exceptions": Counter(), "kinds": Counter(), "notes": Counter(),
           "failure_cases": []}
    out = Path(args.out)

    def on_result(r):
        if r["result"] == "skipped":
            return
        fig["cases"] += 1
        fig["games"] += r.get("games", 0)
        fig["steps"] += r.get("steps", 0)
        fig["notes"].update(r.get("notes", {}))
        if r.get("exc"):
            fig["exceptions"][r["exc"]] += 1
        if r["result"] == "rejected":
            fig["rejected"] += 1
            fig["kinds"][r.get("what") or r.get("field") or "?"] += 1
        elif r["result"] == "played":
            fig["played"] += 1
        else:
            fig["failures"] += 1
            reason = r.get("reason", "?")
            fig["crashes"] += reason.startswith("crash")
            fig["hangs"] += reason == "hang"
            kind = H.failure_kind(r)
            fig["kinds"]["FAILURE " + kind] += 1
            if fig["kinds"]["FAILURE " + kind] <= args.save_per_kind:
                out.mkdir(parents=True, exist_ok=True)
                path = out / f"campaign_{part}_{args.seed}_{r['case']}.json"
                path.write_text(json.dumps({"part": part, "seed": args.seed, "case": r["case"], **r}, default=str))
                fig["failure_cases"].append({"case": r["case"], "reason": reason,
                                             "detail": str(r.get("detail", ""))[:300], "file": str(path)})
                print(f"FAILURE {part} case {r['case']}: {reason}: {str(r.get('detail', ''))[:300]} -> "
                      f"rerun: --rerun {part}:{r['case']} --seed {args.seed}", flush=True)

    todo = list(range(200_000))
    _TimedPool(pargs, todo, on_result, deadline).run(args.jobs)
    fig["seconds"] = round(time.time() - t0, 1)
    return fig


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=120, help="total seconds for all parts (default 120)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--parts", default=",".join(PARTS), help=f"comma-separated, from {', '.join(PARTS)}")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes")
    ap.add_argument("--check-every", type=int, default=None,
                    help="strict invariants every N decisions (default 1 for play, 8 otherwise)")
    ap.add_argument("--case-timeout", type=float, default=300, help="seconds before a case is a hang")
    ap.add_argument("--start-timeout", type=float, default=900, help="seconds for a worker to start")
    ap.add_argument("--worker-memory", type=int, default=3000,
                    help="MiB of address space per worker (0: no limit); past it a case raises MemoryError")
    ap.add_argument("--save-per-kind", type=int, default=10, help="failing cases saved per kind")
    ap.add_argument("--out", default="fuzz_failures", help="folder for failing cases")
    ap.add_argument("--json", help="write the summary here")
    ap.add_argument("--rerun", help="PART:K: run one case in this process and print its result")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--game", default="play", help=argparse.SUPPRESS)      # the part, for workers
    ap.add_argument("--options", default="base", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    args.script = os.path.abspath(__file__)
    if args.worker:
        args.check_every = args.check_every or (1 if args.game == "play" else 8)
        return worker(args)
    if args.rerun:
        part, k = args.rerun.split(":")
        r = run_one(part, args.seed, int(k), load_catalog(), args.check_every or (1 if part == "play" else 8))
        print(json.dumps(r, indent=1, default=str))
        if part == "saved":
            print("mutations:", *saved_case(args.seed, int(k))[3], sep="\n  ")
        return 0 if r["result"] != "failure" else 1
    parts = [p for p in args.parts.split(",") if p]
    bad = [p for p in parts if p not in PARTS]
    if bad:
        ap.error(f"--parts: unknown {bad}; allowed: {', '.join(PARTS)}")
    catalog = load_catalog()
    total = sum(SHARE[p] for p in parts)
    figs = []
    t0 = time.time()
    for p in parts:
        check_every = args.check_every
        a = argparse.Namespace(**vars(args))
        a.check_every = check_every or (1 if p == "play" else 8)
        figs.append(run_part(p, a, args.seconds * SHARE[p] / total, catalog))
    dt = time.time() - t0
    print(f"campaign fuzzing, seed {args.seed}, {dt:.0f} s, {args.jobs} workers:")
    for f in figs:
        exc = ", ".join(f"{k} {v}" for k, v in f["exceptions"].most_common()) or "none"
        print(f"  {f['part']:5}: {f['cases']:,} cases in {f['seconds']:.0f} s: {f['rejected']:,} rejected, "
              f"{f['played']:,} played ({f['games']:,} games, {f['steps']:,} decisions); exceptions: {exc}; "
              f"{f['failures']} failures ({f['crashes']} crashes, {f['hangs']} hangs)")
        for kind, n in f["kinds"].most_common(12):
            print(f"      {n:7,}  {kind}")
        if f["notes"]:   # story events (play), story data used, saved games taken at a vote
            print("      " + ", ".join(f"{k} {v:,}" for k, v in sorted(f["notes"].items())))
    totals = {k: sum(f[k] for f in figs) for k in ("cases", "games", "steps", "failures", "crashes", "hangs")}
    print(f"  total: {totals['cases']:,} cases, {totals['games']:,} games, {totals['steps']:,} decisions, "
          f"{totals['failures']} failures, {totals['crashes']} crashes, {totals['hangs']} hangs")
    if args.json:
        Path(args.json).write_text(json.dumps({"seed": args.seed, "seconds": round(dt, 1), "jobs": args.jobs,
                                               "totals": totals, "parts": figs}, indent=1, default=dict))
    return 1 if totals["failures"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
