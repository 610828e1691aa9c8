"""Catalog: the validated TOML game data compiled into one int32 vector.

The core only ever sees this vector (offsets in core/catalog_layout.py);
Python tools use the name tables kept beside it (location keys, card names).
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import numpy as np

from .core import enums as E
from .core.catalog_layout import (CATALOG, CATALOG_SIZE, MAX_OUT, CARD_REQS,
                                  CARD_EFFS, Q_COSTS, Q_REWARDS, STORY_Q, MAX_SC, SC_INS_CAP,
                                  SC_INS_W, SC_DEC_CAP, HASHED_SIZES)
from .core.layout import MAX_LOC, MAX_EXP, N_CARDS, N_QUESTS
from .data_load import FILES, STORY_NUMBERS, load_raw, DataError, career_thresholds
from ..framework.datafiles import data_folder, files_digest

EXPLORE_DEFAULT = 2     # QREW-12: a quest's explorer reward moves up to 2 unless printed otherwise


@dataclass
class Catalog:
    array: np.ndarray
    loc_keys: list[str]
    loc_names: list[str]
    exp_keys: list[str]
    goods_keys: list[str]
    synergy_keys: list[str]
    card_keys: list[str]
    card_names: list[str]
    tile_keys: list[str]
    tile_names: list[str]
    quest_keys: list[str]
    token_keys: list[str]
    career_names: list[str]
    building_keys: list[str]
    automa_ids: list[str] = field(default_factory=list)
    raw: dict = field(repr=False, default_factory=dict)
    #: campaign story cards (data/story.toml) by slot: their numbers
    story_numbers: list[int] = field(default_factory=list)

    def loc_index(self, key: str) -> int:
        return self.loc_keys.index(str(key))

    @property
    def data_hash(self) -> str:
        """Identity of the compiled game data: sha256 of the catalog array and
        its key tables (what the core and the action names read; display names
        are left out). Saved games and replays record it."""
        h = self.__dict__.get("_data_hash")
        if h is None:
            a = self.array.astype("<i4")
            # the campaign's fields are left out (story_hash): adding them kept this hash
            base = np.concatenate([a[off: off + HASHED_SIZES[name]] for name, (off, _) in CATALOG.items()])
            digest = hashlib.sha256(base.tobytes())
            keys = [self.loc_keys, self.exp_keys, self.goods_keys, self.synergy_keys, self.card_keys,
                    self.tile_keys, self.quest_keys, self.token_keys, self.building_keys, self.automa_ids]
            digest.update(json.dumps(keys).encode())
            h = self.__dict__["_data_hash"] = digest.hexdigest()
        return h

    @property
    def story_hash(self) -> str:
        """Identity of the campaign's story cards (data/story.toml as compiled:
        the story-card fields and the story quests' rows); campaigns record it."""
        a = self.array.astype("<i4")
        parts = [a[off + HASHED_SIZES[name]: off + size] for name, (off, size) in CATALOG.items()
                 if HASHED_SIZES[name] < size]
        return hashlib.sha256(np.concatenate(parts).tobytes()).hexdigest()

    @property
    def campaign_hash(self) -> str:
        """What a campaign game's saves and replays record: data_hash and
        story_hash together (Game.data_hash_of)."""
        return hashlib.sha256(f"{self.data_hash}:{self.story_hash}".encode()).hexdigest()

    def story_slot(self, number: int) -> int:
        """The slot of campaign story card `number` (ValueError if not in story.toml)."""
        try:
            return self.story_numbers.index(number)
        except ValueError:
            raise ValueError(f"story card {number} is not in story.toml; allowed: "
                             f"{', '.join(str(n) for n in self.story_numbers) or 'none'}") from None


class _Writer:
    def __init__(self):
        self.a = np.zeros(CATALOG_SIZE, np.int32)

    def set(self, name, value, i=0):
        off, size = CATALOG[name]
        if not 0 <= i < size:
            raise DataError(f"catalog field {name}: index {i} exceeds capacity {size}")
        self.a[off + i] = value

    def fill(self, name, value):
        off, size = CATALOG[name]
        self.a[off:off + size] = value


def compile_catalog(raw: dict) -> Catalog:
    """Turn validated raw data (data_load.load_raw) into a Catalog."""
    w = _Writer()
    goods = raw["goods"]["good"]
    goods_keys = [g["key"] for g in goods]
    synergy_keys = [s["key"] for s in raw["goods"]["synergy"]]
    w.set("NGOODS", len(goods))
    for i, g in enumerate(goods):
        w.set("GOOD_OBJECT", 1 if g["kind"] == "object" else 0, i)
    w.set("HERBS", goods_keys.index("herbs"))
    w.set("MAPS", goods_keys.index("map"))
    w.set("BOOKS", goods_keys.index("book"))

    # board
    locs = sorted(raw["board"]["location"], key=lambda l: l["number"])
    if len(locs) > MAX_LOC:
        raise DataError(f"board.toml: {len(locs)} locations exceed the capacity {MAX_LOC}")
    loc_keys = [str(l["key"]) for l in locs]
    w.set("NLOC", len(locs))
    w.fill("LOC_GOOD", -1)
    w.fill("LOC_FLAG", 0)
    for i, l in enumerate(locs):
        w.set("LOC_NUMBER", l["number"], i)
        w.set("LOC_KIND", E.LOC_KINDS.index(l["kind"]), i)
        if l["kind"] == "start":
            w.set("HAVANA", i)
        w.set("LOC_MUST_STOP", int(l.get("must_stop", False)), i)
        w.set("LOC_TILE_SLOT", int(l.get("tile_slot", False)), i)
        w.set("LOC_MARACAIBO", int(l.get("maracaibo", False)), i)
        act = l.get("action")
        if act:
            w.set("LOC_ACT", E.CITY_ACTIONS.index(act["kind"]), i)
            w.set("LOC_ACT_AMT", act.get("amount", 0), i)
        mkt = l.get("market")
        if mkt:
            w.set("LOC_GOOD", goods_keys.index(mkt["good"]), i)
            w.set("LOC_SPACES", mkt["spaces"], i)
        flag = l.get("flag")
        if flag:
            w.set("LOC_FLAG", E.FLAG_KINDS.index(flag["kind"]), i)
            w.set("LOC_FLAG_AMT", flag.get("amount", 0), i)
    outs = [0] * len(locs)
    for arrow in raw["board"]["arrow"]:
        s = loc_keys.index(str(arrow["from"]))
        t = loc_keys.index(str(arrow["to"]))
        if outs[s] >= MAX_OUT:
            raise DataError(f"board.toml: location {loc_keys[s]!r} has more than {MAX_OUT} arrows")
        k = s * MAX_OUT + outs[s]
        w.set("LOC_NEXT", t, k)
        w.set("LOC_COST", arrow.get("cost", 1), k)
        w.set("LOC_BRANCH", {"upper": 1, "lower": 2}.get(arrow.get("branch"), 0), k)
        r0, r1 = arrow.get("rounds", [1, 4])
        w.set("LOC_R0", r0, k)
        w.set("LOC_R1", r1, k)
        outs[s] += 1
    for i, n in enumerate(outs):
        w.set("LOC_NEXT_N", n, i)
    w.fill("SETUP_MARKER", -1)
    for nation, key in raw["board"].get("setup", {}).get("two_player_markers", {}).items():
        w.set("SETUP_MARKER", loc_keys.index(str(key)), E.NATIONS.index(nation))
    loc_names = [l.get("name", l["key"]) for l in locs]
    _compile_legacy(w, raw.get("legacy_tiles", {}).get("tile", []), loc_keys, loc_names, goods_keys)

    # city tiles
    tiles = raw["city_tiles"]["tile"]
    for i, t in enumerate(tiles):
        w.set("TILE_PLAYERS", sum(1 << n for n in t["players"]), i)
        w.set("TILE_SPECIAL", int(t.get("special", False)), i)
        w.set("TILE_MARACAIBO", int(t.get("maracaibo", False)), i)
        w.set("TILE_ACT", E.CITY_ACTIONS.index(t["action"]["kind"]), i)
        w.set("TILE_ACT_AMT", t["action"].get("amount", 0), i)
        w.set("TILE_GOOD", goods_keys.index(t["market"]["good"]), i)
        w.set("TILE_SPACES", t["market"]["spaces"], i)
        flag = t.get("flag")
        if flag:
            w.set("TILE_FLAG", E.FLAG_KINDS.index(flag["kind"]), i)
            w.set("TILE_FLAG_AMT", flag.get("amount", 0), i)

    # explorer track
    spaces = raw["explorer"]["space"]
    if len(spaces) > MAX_EXP:
        raise DataError(f"explorer.toml: {len(spaces)} spaces exceed the capacity {MAX_EXP}")
    exp_keys = [s["key"] for s in spaces]
    w.set("NEXP", len(spaces))
    w.fill("EXP_QUEST", -1)
    qi = 0
    for i, s in enumerate(spaces):
        w.set("EXP_NUMBER", s["number"], i)
        nxt = s.get("next", [])
        w.set("EXP_NEXT_N", len(nxt), i)
        for j, k in enumerate(nxt):
            w.set("EXP_NEXT", exp_keys.index(k), i * 2 + j)
        rew = s.get("reward")
        if rew:
            w.set("EXP_REWARD", E.EXPLORER_REWARDS.index(rew["kind"]), i)
            w.set("EXP_REWARD_AMT", rew.get("amount", 0), i)
        if s.get("quest", False):
            w.set("EXP_QUEST", qi, i)
            qi += 1
        w.set("EXP_BARRIER", E.BARRIERS.index(s.get("barrier", "none")), i)
        w.set("EXP_LAST", int(s.get("last", False)), i)
    starts = set(exp_keys) - {k for s in spaces for k in s.get("next", [])}
    w.set("EXP_START", exp_keys.index(sorted(starts)[0]))
    w.set("EXP_RETIRE", exp_keys.index(raw["explorer"]["retirement"]["space"]))
    for i, v in enumerate(raw["explorer"]["last_space"]["vp"]):
        w.set("LAST_VP", v, i)

    # influence: noble rank at each position, next band position
    inf = raw["influence"]
    n_sp = inf["track"]["spaces"]
    w.set("INF_SPACES", n_sp)
    bands = sorted((r["position"], r["value"]) for r in inf["rank"])
    for pos in range(n_sp):
        rank = max([v for bp, v in bands if bp <= pos], default=0)
        w.set("RANK_AT", rank, pos)
        nxt = [bp for bp, _ in bands if bp > pos]
        w.set("NEXT_RANK_POS", nxt[0] if nxt else -1, pos)

    # income tracks
    dt = raw["income"]["doubloon_track"]
    w.set("DINC_START", dt["start"])
    w.set("DINC_MAX", dt["max"])
    for i, v in enumerate(dt["vp"]):
        w.set("DINC_VP", v, dt["start"] + i)
    w.set("VINC_MAX", raw["income"]["vp_track"]["max"])

    # ship areas: fixed ids (enums.SHIP_AREAS), prerequisites from data
    w.fill("AREA_REQ_AREA", -1)
    for area in raw["ship"]["area"]:
        i = E.SHIP_AREAS.index(area["key"])
        if "requires_area" in area:
            w.set("AREA_REQ_AREA", E.SHIP_AREAS.index(area["requires_area"]), i)
        w.set("AREA_REQ_COUNT", area.get("requires_completed", 0), i)

    # combat tokens
    tokens = raw["combat_tokens"]["token"]
    for i, t in enumerate(tokens):
        w.set("TOK_MOD", E.TOKEN_MODIFIERS.index(t.get("modifier", "none")), i)
        for n, nation in enumerate(E.NATIONS):
            side = t[nation]
            w.set("TOK_VAL", side["value"], i * 3 + n)
            w.set("TOK_BONUS", E.TOKEN_BONUSES.index(side.get("bonus", "none")), i * 3 + n)
            w.set("TOK_AMT", side.get("amount", 0), i * 3 + n)

    # quests
    quests = raw["quests"]["quest"]
    for i, q in enumerate(quests):
        _write_quest(w, i, q, goods_keys)

    # careers
    careers = raw["careers"]["career"]
    for i, c in enumerate(careers):
        for j, t in enumerate(c["tasks"]):
            o = i * 3 + j
            w.set("CAR_KIND", E.CAREER_TASKS.index(t["kind"]), o)
            low, high = career_thresholds(t)
            w.set("CAR_LOW", low, o)
            w.set("CAR_HIGH", high, o)
            w.set("CAR_DBL", t["doubloons"], o)
            w.set("CAR_VP", t["vp"], o)

    # prestige
    buildings = raw["prestige"]["building"]
    invest_synergy = synergy_keys.index(raw["prestige"]["investing"]["synergy"])
    for i, bld in enumerate(buildings):
        w.set("PRE_COST", bld["cost"], i)
        w.set("PRE_SYN", invest_synergy, i)     # the same token for every building
        w.set("PRE_KIND", E.BUILDINGS.index(bld["key"]), i)

    # story cards
    for story in raw["story_cards"]["story"]:
        s = STORY_NUMBERS.index(story["number"])
        qs = story["quests"]
        if len(qs) > STORY_Q:
            raise DataError(f"story_cards.toml: card {story['number']} has more than {STORY_Q} quests")
        w.set("SQ_N", len(qs), s)
        for j, q in enumerate(qs):
            o = s * STORY_Q + j
            w.set("SQ_ROUND", q["round"], o)
            w.set("SQ_LOC", loc_keys.index(str(q["location"])), o)
            w.set("SQ_PMASK", sum(1 << n for n in q["players"]), o)

    # project cards
    cards = raw["cards"]["card"]
    if len(cards) != N_CARDS:
        raise DataError(f"cards.toml: {len(cards)} cards, the game has {N_CARDS}")
    w.fill("CARD_EFF_COND", -1)
    w.fill("CARD_REQ_ARG", 0)
    for i, c in enumerate(cards):
        w.set("CARD_DECK", 0 if c["deck"] == "A" else 1, i)
        w.set("CARD_COST", c["cost"], i)
        w.set("CARD_SYMBOL", goods_keys.index(c["symbol"]), i)
        w.set("CARD_VP", c.get("vp", 0), i)
        w.set("CARD_SYN", sum(1 << synergy_keys.index(s) for s in c.get("synergy", [])), i)
        reqs = c.get("requirements", [])
        if len(reqs) > CARD_REQS:
            raise DataError(f"cards.toml: card {c['key']!r} has more than {CARD_REQS} requirements")
        for j, r in enumerate(reqs):
            o = i * CARD_REQS + j
            w.set("CARD_REQ", E.REQUIREMENTS.index(r["kind"]), o)
            if r["kind"] == "assistant":
                w.set("CARD_REQ_ARG", loc_keys.index(str(r["location"])), o)
            elif r["kind"] == "nation":
                w.set("CARD_REQ_ARG", E.NATIONS.index(r["nation"]), o)
            elif r["kind"] in ("herbs", "cp"):
                w.set("CARD_REQ_ARG", r["amount"], o)
        effs = c.get("effects", [])
        if len(effs) > CARD_EFFS:
            raise DataError(f"cards.toml: card {c['key']!r} has more than {CARD_EFFS} effects")
        for j, e in enumerate(effs):
            o = i * CARD_EFFS + j
            w.set("CARD_EFF", E.EFFECTS.index(e["kind"]), o)
            w.set("CARD_EFF_AMT", e.get("amount", 0), o)
            arg = 0
            if "nation" in e:
                arg = E.NATIONS.index(e["nation"])
            elif "object" in e:
                arg = goods_keys.index(e["object"])
            elif "action" in e:
                arg = E.ASSISTANT_ACTIONS.index(e["action"])
            elif "what" in e:
                arg = 0 if e["what"] == "vp" else 1
            w.set("CARD_EFF_ARG", arg, o)
            if "if_synergy" in e:
                w.set("CARD_EFF_COND", synergy_keys.index(e["if_synergy"]), o)

    # solo: Jean's Automa cards, difficulty tables, disc track
    automa = raw["automa"]
    for i, c in enumerate(automa["card"]):
        w.set("AUTO_LEVEL", "ABC".index(c["level"]), i)
        w.set("AUTO_MOVE", c["move"], i)
        w.set("AUTO_ROUTE", 1 if c["route"] == "upper" else 2, i)
        w.set("AUTO_DISPLAY", c["display"] - 1, i)
        w.set("AUTO_WARRIOR", int(c["warrior"]), i)
        for j, a in enumerate(c["actions"]):
            o = i * 4 + j
            w.set("AUTO_ACT", E.AUTOMA_ACTIONS.index(a["kind"]), o)
            w.set("AUTO_ACT_ARG", E.NATIONS.index(a["nation"]) if "nation" in a else 0, o)
            w.set("AUTO_ACT_AMT", a.get("amount", a.get("steps", a.get("influence", 0))), o)
            w.set("AUTO_ACT_R0", a["rounds"][0], o)
            w.set("AUTO_ACT_R1", a["rounds"][1], o)
    for t, table in enumerate(E.AUTOMA_TABLES):
        for lv, level in enumerate(E.DIFFICULTIES):
            for letter, n in enumerate(automa["difficulty"][table][level]):
                w.set("AUTO_DIFF", n, (t * 5 + lv) * 3 + letter)
    track = automa["track"]
    w.set("TRACK_N", len(track["vp"]))
    for i, (v, m) in enumerate(zip(track["vp"], track["marked"])):
        w.set("TRACK_VP", v, i)
        w.set("TRACK_MARKED", m, i)

    story = raw.get("story", {}).get("card", [])
    _compile_story(w, story, loc_keys, goods_keys)

    return Catalog(
        array=w.a, loc_keys=loc_keys, loc_names=loc_names,
        exp_keys=exp_keys, goods_keys=goods_keys, synergy_keys=synergy_keys,
        card_keys=[c["key"] for c in cards], card_names=[c["name"] for c in cards],
        tile_keys=[t["key"] for t in tiles], tile_names=[t.get("name", t["key"]) for t in tiles],
        quest_keys=[q["key"] for q in quests], token_keys=[t["key"] for t in tokens],
        career_names=[c.get("name", c["key"]) for c in careers],
        building_keys=[b["key"] for b in buildings],
        automa_ids=[c["id"] for c in automa["card"]], raw=raw,
        story_numbers=[c["number"] for c in story])


def _write_quest(w, row, q, goods_keys):
    """One quest row: a quest tile (row < N_QUESTS) or a story quest; the story
    tile a story quest gives is not a row entry (every quest puts its tile on
    the quest track, QUEST-05)."""
    for j, c in enumerate(q["cost"]):
        w.set("Q_COST", E.QUEST_COSTS.index(c["kind"]), row * Q_COSTS + j)
        sym = c.get("object", c.get("good"))
        w.set("Q_COST_ARG", goods_keys.index(sym) if sym else -1, row * Q_COSTS + j)
        w.set("Q_COST_AMT", c.get("amount", 1), row * Q_COSTS + j)
    rewards = [r for r in q["reward"] if r["kind"] != "story_tile"]
    if len(rewards) > Q_REWARDS:
        raise DataError(f"quest row {row}: {len(rewards)} rewards besides the story tile; "
                        f"allowed: at most {Q_REWARDS}")
    for j, r in enumerate(rewards):
        kind = {"per_compass": "per_compass_" + r.get("what", ""),
                "remove_skull_tile": "remove_skull"}.get(r["kind"], r["kind"])
        amt = r.get("amount", EXPLORE_DEFAULT if kind == "explore" else 0)
        w.set("Q_REW", E.QUEST_REWARDS.index(kind), row * Q_REWARDS + j)
        w.set("Q_REW_AMT", amt if amt is not None else EXPLORE_DEFAULT, row * Q_REWARDS + j)


def _compile_story(w, cards, loc_keys, goods_keys):
    """data/story.toml (core/story.py): each card's instructions as (kind,
    argument, player mask) items: a quest placement, a legacy tile (index), a
    C-card (number) or a card to read (slot) is one item each."""
    if len(cards) > MAX_SC:
        raise DataError(f"story.toml: {len(cards)} cards; allowed: at most {MAX_SC}")
    slot = {c["number"]: i for i, c in enumerate(cards)}
    w.set("SC_N", len(cards))

    def items(ins):
        k = E.INSTRUCTION_KINDS.index(ins["kind"])
        if ins["kind"] == "story_tile":
            return [(k, loc_keys.index(str(ins["location"])), 0)]
        if ins["kind"] == "quests":
            return [(k, loc_keys.index(str(p["location"])), sum(1 << n for n in p["players"]))
                    for p in ins["placements"]]
        if ins["kind"] in ("read", "next_card"):
            return [(k, slot[ins["card"]], 0)]
        if ins["kind"] == "legacy_tiles":
            return [(k, int(t[1:]) - 1, 0) for t in ins["tiles"]]
        return [(k, c, 0) for c in ins["cards"]]       # C-cards by number

    for i, c in enumerate(cards):
        w.set("SC_NUMBER", c["number"], i)
        for side, name in (("front", "SC_FRONT"), ("back", "SC_BACK")):
            flat = [it for ins in c.get(side) or [] for it in items(ins)]
            if len(flat) > SC_INS_CAP:
                raise DataError(f"story.toml: card {c['number']:02d}: {side}: {len(flat)} items "
                                f"(quest placements, tiles, cards); allowed: at most {SC_INS_CAP}")
            w.set(name + "_N", len(flat), i)
            for j, it in enumerate(flat):
                for f, v in enumerate(it):
                    w.set(name, v, (i * SC_INS_CAP + j) * SC_INS_W + f)
        if c.get("quest"):
            w.set("SC_QUEST", 1, i)
            _write_quest(w, N_QUESTS + i, c["quest"], goods_keys)
        req = c.get("requirement")
        if req:
            w.set("SC_REQ", E.STORY_REQUIREMENTS.index(req["kind"]), i)
            w.set("SC_REQ_TILE", int(req["tile"][1:]) - 1 if "tile" in req else 0, i)
        dec = c.get("decision")
        if dec:
            w.set("SC_DEC_N", len(dec["option"]), i)
            for j, o in enumerate(dec["option"]):
                w.set("SC_DEC", slot[o["read"]], i * SC_DEC_CAP + j)


def _compile_legacy(w, tiles, loc_keys, loc_names, goods_keys):
    """legacy_tiles.toml (§28): per-tile values at index L-number - 1; the new
    cities L4/L7 become locations after the board's (their number is the one
    of the location they fork from, so "skipped" and "beyond" comparisons by
    number keep working), their arrows and the re-priced routes go to LEG_AR_*."""
    w.fill("LEG_LOC", -1)
    w.fill("LEG_CITY_GOOD", -1)
    n_ar = 0
    nloc = len(loc_keys)
    off_num = CATALOG["LOC_NUMBER"][0]

    def arrow(frm, to, cost, tile, new):
        nonlocal n_ar
        for name, v in (("LEG_AR_FROM", frm), ("LEG_AR_TO", to), ("LEG_AR_COST", cost),
                        ("LEG_AR_TILE", tile), ("LEG_AR_NEW", new)):
            w.set(name, v, n_ar)
        n_ar += 1

    for t in tiles:
        num = int(t["tile"][1:])
        i = num - 1
        kind = t["kind"]
        w.set("LEG_KIND", E.LEGACY_KINDS.index(kind), i)
        if "location" in t:
            w.set("LEG_LOC", loc_keys.index(str(t["location"])), i)
        if kind == "city_quest":
            w.set("LEG_CITY_GOOD", goods_keys.index(t["market"]["good"]), i)
            w.set("LEG_CITY_SPACES", t["market"]["spaces"], i)
        elif kind == "route":
            arrow(loc_keys.index(str(t["from"])), loc_keys.index(str(t["to"])), t["cost"], num, 0)
        elif kind == "new_city":
            if nloc >= MAX_LOC:
                raise DataError(f"legacy_tiles.toml: {t['tile']}: no room for another location "
                                f"(capacity {MAX_LOC})")
            loc = nloc
            nloc += 1
            loc_keys.append(t["key"])
            loc_names.append(t["city_name"])
            frm, to = loc_keys.index(str(t["from"])), loc_keys.index(str(t["to"]))
            w.set("LOC_NUMBER", int(w.a[off_num + frm]), loc)
            w.set("LOC_KIND", E.LOC_KINDS.index("legacy_city"), loc)
            w.set("LOC_NEW_TILE", num, loc)
            w.set("LOC_GOOD", goods_keys.index(t["market"]["good"]), loc)
            w.set("LOC_SPACES", t["market"]["spaces"], loc)
            if t.get("flag"):
                w.set("LOC_FLAG", E.FLAG_KINDS.index(t["flag"]["kind"]), loc)
                w.set("LOC_FLAG_AMT", t["flag"].get("amount", 0), loc)
            w.set("LEG_LOC", loc, i)
            w.set("LEG_EXP", t["explorer"], i)
            w.set("LEG_ACT", E.LEGACY_CITY_ACTIONS.index(t["action"]), i)
            arrow(frm, loc, t["cost"], num, 1)
            arrow(loc, to, t["cost"], num, 1)
        elif kind == "figure":
            w.set("LEG_AMT", t["figures"], i)
        elif kind == "silver_fleet":
            w.set("LEG_INF", t["influence"], i)
            w.set("LEG_AMT", t["doubloons"], i)
            for k, c in enumerate(t["spaces"]):
                w.set("LEG_SILVER", c, k)
        elif kind == "gold_mine":
            w.set("LEG_COST_AMT", t["cost"], i)
            w.set("LEG_AMT", t["doubloons"], i)
            w.set("LEG_EXP", t["explorer"], i)
        elif kind == "disc":
            w.set("LEG_SPACES", t["spaces"], i)
            if t.get("cost"):
                w.set("LEG_COST", E.LEGACY_COSTS.index(t["cost"]["kind"]), i)
                w.set("LEG_COST_AMT", t["cost"]["amount"], i)
            w.set("LEG_REW", E.LEGACY_REWARDS.index(t["reward"]["kind"]), i)
            w.set("LEG_REW_AMT", t["reward"]["amount"], i)
            w.set("LEG_TWO_P", int(t["two_player_disc"]), i)
            w.set("LEG_TOLL", t.get("toll", 0), i)
        elif kind == "vp":
            w.set("LEG_AMT", t["vp"], i)
    w.set("LEG_AR_N", n_ar)
    w.set("NLOC", nloc)


@lru_cache(maxsize=4)
def _load_cached(path: str, digest: str) -> Catalog:
    raw = load_raw(path)
    if (Path(path) / "story.toml").exists():   # the campaign's cards (optional: no campaign without)
        from .story import load_story_cards, read_toml
        load_story_cards(path)                    # validated with file, entry and field named
        raw["story"] = read_toml(Path(path) / "story.toml")
    return compile_catalog(raw)


_SHIPPED_DATA = (Path(__file__).parent / "data").resolve()


def load_catalog(data_dir: str | Path | None = None) -> Catalog:
    """The compiled catalog for a data folder or a named data set (default:
    the shipped data), cached while the folder's files keep their content."""
    path = data_folder(data_dir, _SHIPPED_DATA) if data_dir else _SHIPPED_DATA
    # keyed by content, not just the path: an edited or deleted file is read again
    return _load_cached(str(path), files_digest(path, [f"{stem}.toml" for stem in FILES]
                                                + ["story.toml"]))
