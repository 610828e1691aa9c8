"""Scenario helpers for rule tests: hand-build a state, then play decisions.

    g = new_game(3, seed=1); finish_setup(g)
    at_main(g, p=0, loc="2")                 # ship of player 0 at location "2", Phase B
    g.step("main:city")

put/get read and write state fields by name (core/layout.py), so tests never
use raw offsets. resume(g) lets the engine resolve pending tasks after edits.
"""
from __future__ import annotations

import copy
import dataclasses
import functools

import numpy as np

from maracaibo_env.maracaibo.catalog import compile_catalog, load_catalog
from maracaibo_env.maracaibo.core import engine, layout as L, enums as E
from maracaibo_env.maracaibo.core.catalog_layout import CATALOG
from maracaibo_env.maracaibo.game import Game


def new_game(n=2, seed=0, story=75, catalog=None) -> Game:
    return Game(num_players=n, seed=seed, story=story, catalog=catalog)


def finish_setup(g: Game) -> Game:
    """Take the first legal option in every set-up decision."""
    while g.phase.startswith("setup"):
        g.step(g.legal_actions()[0])
    return g


def get(g: Game, name: str, p: int | None = None):
    v = g.state[L.field_slice(name, p)]
    return int(v[0]) if len(v) == 1 else v.copy()


def put(g: Game, name: str, value, p: int | None = None, index: int | None = None):
    sl = L.field_slice(name, p)
    if index is None:
        g.state[sl] = value
    else:
        g.state[sl.start + index] = value


def refresh(g: Game):
    """Recompute the legal mask after editing the state by hand."""
    engine.legal_mask(g.state, g._cat, g._mask)


def resume(g: Game):
    """Let the engine resolve pending tasks (and forced single choices)."""
    engine.step_unchecked(g.state, g._cat, -1, g._mask)  # -1: advance only


def loc(g: Game, key) -> int:
    return g.catalog.loc_keys.index(str(key))


def at_phase(g: Game, p: int, phase: str):
    put(g, "CUR", p)
    put(g, "TURN_P", p)
    put(g, "PHASE", E.PHASES.index(phase))
    refresh(g)


def at_main(g: Game, p: int, loc_key, mp: int = 1, main_done: int = 0):
    """Player p's Phase B with the ship at loc_key after sailing mp MP."""
    put(g, "SHIP", loc(g, loc_key), p)
    put(g, "MP_SPENT", mp)
    put(g, "MAIN_DONE", main_done)
    put(g, "STK_N", 0)
    put(g, "STK", 0)
    put(g, "COMPASS_AT_START", compasses(g, p))
    at_phase(g, p, "main")


def compasses(g: Game, p: int) -> int:
    from maracaibo_env.maracaibo.core.common import compasses as c
    return int(c(g.state, g._cat, p))


def push_task(g: Game, op: str, p: int, a: int = 0, b: int = 0):
    """Put a pending task on the stack and let the engine pick it up."""
    from maracaibo_env.maracaibo.core.common import push
    push(g.state, E.OPS.index(op), p, a, b)
    resume(g)


def set_hand(g: Game, p: int, cards):
    """Give player p exactly these card ids (taken from wherever they are:
    the displaced hand goes to the discard pile, conservation is kept)."""
    cards = [int(c) for c in cards]
    _remove_cards_everywhere(g, cards)
    old = [int(c) for c in get(g, "HAND", p)[: get(g, "HAND_N", p)]]
    for c in old:
        _discard(g, c)
    hand = np.full(L.HAND_CAP, -1, np.int32)
    hand[: len(cards)] = cards
    put(g, "HAND", hand, p)
    put(g, "HAND_N", len(cards), p)


def _discard(g, c):
    n = get(g, "DISCARD_N")
    put(g, "DISCARD", c, index=n)
    put(g, "DISCARD_N", n + 1)


def _remove_cards_everywhere(g, cards):
    s = set(cards)
    for name, count in (("DRAW", "DRAW_N"), ("DISCARD", "DISCARD_N")):
        arr = [int(c) for c in get(g, name)[: get(g, count)] if int(c) not in s]
        full = np.full(L.N_CARDS, -1, np.int32)
        full[: len(arr)] = arr
        put(g, name, full)
        put(g, count, len(arr))
    m = get(g, "MARKET")
    for k in range(L.MARKET_SIZE):
        if int(m[k]) in s:
            put(g, "MARKET", -1, index=k)
    for p in range(g.num_players):
        h = [int(c) for c in get(g, "HAND", p)[: get(g, "HAND_N", p)] if int(c) not in s]
        full = np.full(L.HAND_CAP, -1, np.int32)
        full[: len(h)] = h
        put(g, "HAND", full, p)
        put(g, "HAND_N", len(h), p)
        plan = get(g, "PLAN", p)
        put(g, "PLAN", [-1 if int(c) in s else int(c) for c in plan], p)
        t = [int(c) for c in get(g, "TABLEAU", p)[: get(g, "TABLEAU_N", p)] if int(c) not in s]
        full = np.full(L.TABLEAU_CAP, -1, np.int32)
        full[: len(t)] = t
        put(g, "TABLEAU", full, p)
        put(g, "TABLEAU_N", len(t), p)
    # cards that were out of the game (unused B-cards) come back into play
    in_play = (get(g, "DRAW_N") + get(g, "DISCARD_N") + int((get(g, "MARKET") >= 0).sum())
               + sum(get(g, "HAND_N", p) + int((get(g, "PLAN", p) >= 0).sum()) + get(g, "TABLEAU_N", p)
                     for p in range(g.num_players)))
    put(g, "CARDS_OUT", L.N_CARDS - in_play - len(cards))


def set_tableau(g: Game, p: int, cards):
    cards = [int(c) for c in cards]
    _remove_cards_everywhere(g, cards)
    t = np.full(L.TABLEAU_CAP, -1, np.int32)
    t[: len(cards)] = cards
    put(g, "TABLEAU", t, p)
    put(g, "TABLEAU_N", len(cards), p)


def cards_with_symbol(g: Game, symbol: str, n: int, exclude=()):
    sym = g.catalog.goods_keys.index(symbol)
    off = CATALOG["CARD_SYMBOL"][0]
    out = [c for c in range(L.N_CARDS) if g._cat[off + c] == sym and c not in exclude]
    return out[:n]


def card_by_name(g: Game, name: str) -> int:
    return g.catalog.card_names.index(name)


def cat_get(g_or_cat, name: str, i: int = 0) -> int:
    arr = g_or_cat._cat if isinstance(g_or_cat, Game) else g_or_cat
    return int(arr[CATALOG[name][0] + i])


def custom_catalog(base=None, **edits):
    """A copy of the shipped catalog (or of base) with fields changed:
    custom_catalog(TOK_VAL={0: 6, 1: 5}) sets TOK_VAL[0] = 6, TOK_VAL[1] = 5."""
    base = base or load_catalog()
    arr = base.array.copy()
    for name, changes in edits.items():
        off, size = CATALOG[name]
        for i, v in changes.items():
            assert 0 <= i < size, (name, i)
            arr[off + i] = v
    c = dataclasses.replace(base, array=arr)
    return c


# Noble-rank bands chosen by the tests (position, rank), unlike the shipped,
# reconstructed ones (DATA-13), so a rule test's expected values are its own.
TEST_RANK_BANDS = [(2, 1), (5, 3), (11, 4)]


def catalog_from_raw(edit):
    """The shipped data with edit(raw) applied to a copy of its raw tables,
    compiled: a test that sets a reconstructed value itself can state the
    expected result as a fixed number."""
    raw = copy.deepcopy(load_catalog().raw)
    edit(raw)
    return compile_catalog(raw)


def rank_bands_catalog(bands=TEST_RANK_BANDS):
    """The shipped data with the noble-rank bands replaced by `bands`."""
    def edit(raw):
        raw["influence"]["rank"] = [dict(position=p, value=v, source="reconstructed")
                                    for p, v in bands]
    return catalog_from_raw(edit)


def check(g: Game):
    from maracaibo_env.maracaibo.invariants import check_invariants
    bad = check_invariants(g.state, g.catalog)
    assert not bad, bad


def make_catalog(cards=None, tokens=None, default_symbol=None, base=None, **extra):
    """The shipped catalog with some cards and combat tokens redefined.
    cards: {id: dict(cost=0, symbol=None, effects=[(kind, arg, amt, cond)],
    reqs=[(kind, arg)], syn=[names])} (unnamed effect / requirement slots cleared);
    tokens: {t: (modifier, [(value, bonus, amount)] for france, england, spain)};
    extra: further custom_catalog edits {FIELD: {index: value}}; base: the
    catalog to start from (default the shipped one)."""
    base = base or load_catalog()
    ed = {k: {} for k in ("CARD_COST", "CARD_SYMBOL", "CARD_SYN", "CARD_EFF", "CARD_EFF_ARG",
                          "CARD_EFF_AMT", "CARD_EFF_COND", "CARD_REQ", "CARD_REQ_ARG",
                          "TOK_MOD", "TOK_VAL", "TOK_BONUS", "TOK_AMT")}
    for t, (m, sides) in (tokens or {}).items():
        ed["TOK_MOD"][t] = E.TOKEN_MODIFIERS.index(m)
        for n, (v, b, a) in enumerate(sides):
            ed["TOK_VAL"][t * 3 + n] = v
            ed["TOK_BONUS"][t * 3 + n] = E.TOKEN_BONUSES.index(b)
            ed["TOK_AMT"][t * 3 + n] = a
    for cid, c in (cards or {}).items():
        ed["CARD_COST"][cid] = c.get("cost", 0)
        symbol = c.get("symbol", default_symbol)
        if symbol:
            ed["CARD_SYMBOL"][cid] = base.goods_keys.index(symbol)
        ed["CARD_SYN"][cid] = sum(1 << base.synergy_keys.index(s) for s in c.get("syn", []))
        effs = c.get("effects", [])
        for k in range(4):
            kind, arg, amt, cond = effs[k] if k < len(effs) else ("none", 0, 0, -1)
            ed["CARD_EFF"][cid * 4 + k] = E.EFFECTS.index(kind)
            ed["CARD_EFF_ARG"][cid * 4 + k] = arg
            ed["CARD_EFF_AMT"][cid * 4 + k] = amt
            ed["CARD_EFF_COND"][cid * 4 + k] = cond
        reqs = c.get("reqs", [])
        for k in range(3):
            kind, arg = reqs[k] if k < len(reqs) else ("none", 0)
            ed["CARD_REQ"][cid * 3 + k] = E.REQUIREMENTS.index(kind)
            ed["CARD_REQ_ARG"][cid * 3 + k] = arg
    for k, v in extra.items():
        ed.setdefault(k, {}).update(v)
    return custom_catalog(base, **ed)


def own(g: Game) -> set[str]:
    """The legal action names of the decision itself: without the free actions
    (§16) that every decision of Phase B also offers."""
    return {a for a in g.legal_action_names() if not a.startswith("free:")}


def retrack_heuristic_game(g_start: Game, history, agents):
    """Replay history (a compiled game's moves) through the Python agents
    (None: a random seat, not checked): every heuristic seat's move must be
    among its agent's best. Returns (events, turns, moves checked)."""
    from maracaibo_env.maracaibo.core.tracking import (SNAP_SIZE, EVENT_CAP, MAX_ROUNDS, EVENT_KINDS,
                                                         snapshot, record)
    g = g_start
    prev, cur = np.zeros(SNAP_SIZE, np.int32), np.zeros(SNAP_SIZE, np.int32)
    events = np.zeros((EVENT_CAP, 4), np.int32)
    turns = np.zeros((L.MAX_P, MAX_ROUNDS), np.int32)
    snapshot(g.state, prev)
    n, checked = 0, 0
    for a in history:
        me = g.current_player
        agent = agents[me]
        if agent is not None:
            legal = np.array(g.legal_actions())
            vals = agent.values(g, legal)
            best = set(legal[vals >= vals.max() - 1e-9].tolist())
            assert a in best, f"move {a} of seat {me} is not among the agent's best {sorted(best)}"
            checked += 1
        g.step(int(a))
        n = record(prev, cur, g.state, me, int(a), events, n, turns)
        prev, cur = cur, prev
    assert g.is_over
    return [(int(s), EVENT_KINDS[k], int(i), int(r)) for s, k, i, r in events[:n]], turns, checked


@functools.lru_cache(maxsize=None)
def pre_calibration_catalog():
    """The Maracaibo data that recorded regression values were made with: the
    shipped data with tests/data/pre_calibration_maracaibo's cards.toml and
    quests.toml swapped in (the files before issue 25's calibration)."""
    import shutil
    import tempfile
    from pathlib import Path
    from maracaibo_env.maracaibo.data_load import DATA_DIR
    folder = Path(tempfile.mkdtemp(prefix="pre_calibration_")) / "data"
    shutil.copytree(DATA_DIR, folder)
    frozen = Path(__file__).parent / "data" / "pre_calibration_maracaibo"
    for name in ("cards.toml", "quests.toml"):
        shutil.copy(frozen / name, folder / name)
    return load_catalog(folder)


# ================================================================ published facts
#: the project's record of the published facts, per game (in the package, so a
#: clone needs nothing beside it)
FACTS_FILES = {game: f"maracaibo_env/{game}/facts/published_facts.toml" for game in ("maracaibo", "pirates")}
#: the facts survey of each game in the shared folder beside the checkout (optional)
SHARED_FACTS = {"maracaibo": "maracaibo_published_facts.md", "pirates": "pirates_published_facts.md"}


def _root():
    from pathlib import Path
    return Path(__file__).resolve().parent.parent


@functools.lru_cache(maxsize=None)
def published_facts(game: str) -> dict:
    """The published-facts file of `game` ("maracaibo", "pirates") as TOML:
    its [[source]] table and its [[fact]] entries (id, section, fact, sources,
    strength, values)."""
    import tomllib
    with open(_root() / FACTS_FILES[game], "rb") as f:
        return tomllib.load(f)


def shared_facts_text(game: str) -> str:
    """The facts survey of `game` in ../shared/data/ beside the checkout (or
    shared/data/ inside it), for the consistency tests only: the calling test is
    skipped, naming the places looked at, when it is not there."""
    import pytest
    root = _root()
    name = SHARED_FACTS[game]
    places = (root.parent / "shared" / "data" / name, root / "shared" / "data" / name)
    for p in places:
        if p.is_file():
            return p.read_text(encoding="utf-8")
    pytest.skip(f"{name} is not beside this checkout (looked at {', '.join(str(p) for p in places)})")


def fact_match(fact_id, text: str, pattern: str, flags: int = 0):
    """re.search(pattern, text), asserting that it matched: a reworded fact
    fails loudly instead of passing a test vacuously."""
    import re
    m = re.search(pattern, text, flags)
    assert m, f"published fact {fact_id} no longer reads as expected: {pattern!r} not in {text!r}"
    return m


class FactBook:
    """The facts of a game's published-facts file by ID (ints for Maracaibo,
    "F1.2" for Pirates): values(fid) are the numbers and names a test compares
    with the data; a fact without them, or a missing name, fails the test."""

    def __init__(self, game: str):
        self.game = game
        data = published_facts(game)
        self.name = FACTS_FILES[game]
        self.facts = {f["id"]: f for f in data["fact"]}
        self.sources = {s["id"]: s for s in data["source"]}
        assert self.facts, f"no facts in {self.name}"

    def fact(self, fid) -> dict:
        assert fid in self.facts, f"fact {fid} is not in {self.name}"
        return self.facts[fid]

    def text(self, fid) -> str:
        return self.fact(fid)["fact"]

    def values(self, fid) -> dict:
        v = self.fact(fid).get("values")
        assert v, f"fact {fid} of {self.name} has no values"
        return v

    def value(self, fid, key: str):
        v = self.values(fid)
        assert key in v, f"fact {fid} of {self.name} has no value {key!r} (it has {sorted(v)})"
        return v[key]


def raw_toml(folder, name: str) -> dict:
    """A data file as plain TOML (not through the engine's loader)."""
    import tomllib
    from pathlib import Path
    with open(Path(folder) / f"{name}.toml", "rb") as f:
        return tomllib.load(f)
