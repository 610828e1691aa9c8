"""The value model of the project cards and quest tiles (docs/data_provenance.md
"The value model"; checklist DATA-01, CON-42, QUEST-04).

Every effect kind, requirement, granted synergy token and quest part has a
price (maracaibo_env/maracaibo/data/prices.toml, read by value_model.py). The
rates are checked here against numbers typed from the rulebook and the
published cards, never read from the prices file, so a moved rate fails; the
three published cards' values are worked out by hand below. Then every
reconstructed card must lie in the published cards' band, and the edits an
audit planted (cheap assistants, a free discount, a cut price, a free synergy
token, +1 income, a doubled quest reward) must each leave a card outside it.

The data files are read as TOML, not through the engine's catalog.
"""
from __future__ import annotations

import copy
import statistics
import tomllib
from pathlib import Path

import pytest

from maracaibo_env.maracaibo.data_load import EFFECT_KINDS, REQUIREMENT_KINDS
from maracaibo_env.maracaibo.value_model import (
    allowed, apply_supply, card_parts, card_report, card_value, fit_card, load_prices, quest_value,
    rewrite_cards, supply, supply_table)

DATA = Path(__file__).resolve().parents[2] / "maracaibo_env" / "maracaibo" / "data"
SETS = DATA.parent / "data_sets"

# --- Rates typed from the rulebook (000 = shared/rules/000_*.txt, English) ---
RULEBOOK_RATES = {
    "vp": 4 / 2,                 # L501: "Take 4 doubloons or score 2 victory points for each assistant"
    "village_action": 1,         # L519: option B, "Take 1 doubloon"
    "hand_card": 1,              # L314: each face-up card costs 1 doubloon
    "cp": 3 / 3,                 # L481 "3 combat points" = L485 "2 doubloons + a village action"
    "influence": 3 - 1,          # L489 "1 CP and 1 influence" = 3
    "disc": 3 - 1,               # L477 "1 CP, remove a disc" = 3
    "figure": 2,                 # L1137: a figure for 2 combat points
    "explorer_space": (4 + 4 * 2) / 3,   # L816: explorer up to 3, or 4 doubloons and 4 VP
    "noble_rank": 4 + 4 * 2,     # L816: the third option
    "unused_assistant": 2 * 2,   # L569: 2 VP for each unused assistant
    # L898-910: 1 doubloon at each of the 3 interim scorings, and the doubloon
    # track's final VP rises 1 per 2 positions (published: 23 -> 4, 24 -> 5, 34 -> 10)
    "doubloon_income": 3 + (10 - 5) / (34 - 24) * 2,
    "vp_income": 4 * 2,          # 1 VP at 3 interim scorings and the final one
    "per_compass": 2,            # fact 58: 2 doubloons per compass (the example quest)
}


@pytest.fixture(scope="module")
def prices():
    return load_prices()


def _cards(folder: Path = DATA) -> list[dict]:
    with open(folder / "cards.toml", "rb") as f:
        return tomllib.load(f)["card"]


def _quests(folder: Path = DATA) -> list[dict]:
    with open(folder / "quests.toml", "rb") as f:
        return tomllib.load(f)["quest"]


def _out_of_band(cards, prices) -> list[str]:
    return [r.key for r in card_report(prices, cards) if not r.published and not r.in_band]


@pytest.mark.parametrize("name", sorted(RULEBOOK_RATES))
def test_data_01_rates_are_the_rulebooks(prices, name):
    rate = prices.file.rate[name]
    assert rate.value == pytest.approx(RULEBOOK_RATES[name]), name
    assert rate.source in ("rulebook", "published") and (rate.ref or rate.source == "rulebook"), name


def test_data_01_every_kind_has_a_price(prices):
    # no card the model cannot see: every effect kind, requirement kind and
    # assistant action of the vocabulary (AA-01..AA-17) has a formula
    assert set(EFFECT_KINDS) == set(prices.formulas["effect"])
    assert set(REQUIREMENT_KINDS) == set(prices.formulas["requirement"])
    assert set(prices.formulas["action"]) == {f"aa{i:02d}" for i in range(1, 18)}
    for card in _cards():
        for label, value in card_parts(card, prices):
            if label != "vp":
                assert value != 0 or label.startswith("nva_"), (card["key"], label)


def test_data_01_published_cards_by_hand(prices):
    # worked out from the facts with the rulebook rates: doubloon income 4, VP
    # income 8, VP 2; a synergy-conditional income counts a quarter
    by_name = {c["name"]: c for c in _cards()}
    legionnaire = 2 * 4 + 0.25 * 2 * 8                 # fact 47: +2 income, anchor -> +2 VP income
    harbor = 2 * 2 + 0.25 * (4 + 2) * 8                # fact 48: 2 VP, +4 / +2 VP income with tokens
    mary_read = 2 * 2 + 2 * 4                          # fact 49: 2 VP, +2 income
    assert (legionnaire, harbor, mary_read) == (12, 16, 12)
    assert card_value(by_name["Legionnaire"], prices) == legionnaire
    assert card_value(by_name["Harbor"], prices) == harbor
    assert card_value(by_name["Mary Read"], prices) == mary_read
    # the band is theirs: value per doubloon 12/12, 16/16, 12/10
    assert (prices.band.low, prices.band.high) == (1.0, 1.2)
    assert [by_name[n]["cost"] for n in ("Legionnaire", "Harbor", "Mary Read")] == [12, 16, 10]


def test_data_01_hand_made_cards(prices):
    # an assistant: 3 rounds of the better of 2 VP unused (4) or AA-01's 3 VP +
    # 5 doubloons (11) less the main action it displaces (5), less its figure
    aa01 = {"vp": 0, "effects": [{"kind": "assistant", "action": "aa01"}],
            "requirements": [{"kind": "assistant", "location": "1"}]}
    assert card_value(aa01, prices) == 3 * max(4, 11 - 5) - 2
    # a discount of 2 on three later purchases; a synergy token; 3 herbs
    assert card_value({"vp": 1, "effects": [{"kind": "perm_discount", "amount": 2}], "requirements": [],
                       "synergy": ["crown"]}, prices) == 2 + 6 + 4
    assert card_value({"vp": 0, "effects": [{"kind": "income_vp", "amount": 1}],
                       "requirements": [{"kind": "herbs", "amount": 3}]}, prices) == 8 - 3


def test_data_01_the_band_at_its_boundary(prices):
    # cost 10: a value of 9.5 .. 12.5 is allowed (1.0 and 1.2 per doubloon, half a doubloon of rounding)
    assert allowed(10, prices) == pytest.approx((9.5, 12.5))
    assert allowed(0, prices) == pytest.approx((-0.5, 0.5))


def test_data_01_every_card_lies_in_the_band(prices):
    rows = card_report(prices, _cards())
    assert rows and not [(r.key, r.cost, r.value) for r in rows if not r.in_band]


def test_data_01_reconstructed_cards_are_priced_at_the_target(prices):
    # fit_card is the identity on the shipped data: its costs are the model's
    for card in _cards():
        assert fit_card(card, prices)["cost"] == card["cost"], card["key"]


@pytest.mark.parametrize("deck", ["A", "B"])
def test_data_01_deck_cost_scale(deck):
    # the published scale: A-cards are the cheap starting deck (Legionnaire, an
    # A-card, costs 12), B-cards cost about Mary Read's and Harbor's 10-16
    costs = [c["cost"] for c in _cards() if c["deck"] == deck]
    assert (5 <= statistics.median(costs) <= 10) if deck == "A" else (10 <= statistics.median(costs) <= 16)


# --- the audit's planted edits: each must leave a card outside the band -------
def _edit(cards, key=None, name=None):
    return next(c for c in cards if c["key"] == key or c["name"] == name)


def _cheap_assistants(cards):
    low = {d: min(c["cost"] for c in cards if c["deck"] == d) for d in "AB"}
    for c in cards:
        if any(e["kind"] == "assistant" for e in c["effects"]):
            c["cost"], c["vp"] = low[c["deck"]], 0


def _free_moneylender(cards):
    c = _edit(cards, name="Moneylender")
    c["cost"], c["effects"] = 0, [{"kind": "perm_discount", "amount": 3}]


def _cheap_emissary(cards):
    _edit(cards, name="Emissary")["cost"] = 5


def _crown_cabin_boy(cards):
    _edit(cards, name="Cabin Boy")["synergy"] = ["crown"]


def _more_income(cards):
    for c in cards:
        for e in c["effects"]:
            if e["kind"].startswith("income_") and "ref" not in c:
                e["amount"] += 1
                return c["key"]


def _dearer(cards):
    _edit(cards, name="Moneylender")["cost"] += 3


EDITS = {"cheap assistants": _cheap_assistants, "free Moneylender with discount 3": _free_moneylender,
         "Emissary cut to 5": _cheap_emissary, "Cabin Boy grants the crown": _crown_cabin_boy,
         "the first income card +1": _more_income, "Moneylender 3 dearer": _dearer}


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_data_01_planted_edits_leave_the_band(prices, edit):
    cards = copy.deepcopy(_cards())
    assert not _out_of_band(cards, prices)
    EDITS[edit](cards)
    assert _out_of_band(cards, prices), edit


def test_data_01_one_more_point_of_income_leaves_the_band_on_every_card(prices):
    # either direction: +1 and -1 of any income amount puts that card out
    for card in _cards():
        if "ref" in card:
            continue
        for i, e in enumerate(card["effects"]):
            if e["kind"] in ("income_doubloons", "income_vp") and "if_synergy" not in e:
                for step in (+1, -1):
                    if e["amount"] + step < 1:
                        continue
                    edited = copy.deepcopy(card)
                    edited["effects"][i]["amount"] += step
                    assert _out_of_band([edited], prices), (card["key"], e["kind"], step)


def test_data_01_the_rewrite_keeps_the_file(prices, tmp_path):
    # the repricing tool changes costs, VP and effects only: fitting the shipped file again is a no-op
    text = (DATA / "cards.toml").read_text()
    assert rewrite_cards(text, [fit_card(c, prices) for c in _cards()]) == text
    cheap = [dict(c, cost=0) for c in _cards()]
    assert tomllib.loads(rewrite_cards(text, cheap))["card"][5]["cost"] == 0


def test_the_partly_priced_data_set_breaks_the_model(prices):
    # the tests above can fail: the previous default priced income and VP only
    assert len(_out_of_band(_cards(SETS / "partly_priced"), prices)) > 50
    assert len(_out_of_band(_cards(SETS / "calibrated"), prices)) > 50


# --- quest tiles ----------------------------------------------------------------
#: the most each reward kind may give on one tile (flat parts; QUEST-04, fact 59):
#: the printed tiles' own numbers where there are some, one unit otherwise
QUEST_CAPS = {
    "doubloons": 5,      # 000 L553: the story quest pays 5 doubloons
    "vp": 2,             # neither printed tile has flat VP: a small part
    "explore": 3,        # fact 58: the example tile moves the explorer up to 3
    "cp": 3,             # fact 59: "X CP"; the largest CP amount of a city action (L481)
    "influence": 1,      # fact 59: "1 influence"
    "spain2": 1, "figure": 1, "combat": 1, "discs2": 1, "story": 1,
}


def test_quest_04_con_37_every_tile_has_the_rulebook_reward_shape():
    # 000 L954: "Part of the reward depends on how many compass symbols you have ...
    # Additionally, you may also receive a further reward which does not depend" on them;
    # the example tile pays 2 doubloons per compass (fact 58), the story quest 1 VP (L553)
    for q in _quests():
        per_compass = [r for r in q["reward"] if r["kind"] == "per_compass"]
        flat = [r for r in q["reward"] if r["kind"] != "per_compass"]
        assert len(per_compass) == 1, q["key"]
        amount = per_compass[0]["amount"]
        assert (1 <= amount <= 3) if per_compass[0]["what"] == "doubloons" else (1 <= amount <= 2), q["key"]
        assert len(flat) <= 1, q["key"]


def test_quest_04_every_flat_reward_kind_has_a_cap():
    kinds = {r["kind"] for q in _quests() for r in q["reward"]} - {"per_compass"}
    assert kinds <= set(QUEST_CAPS), kinds - set(QUEST_CAPS)


@pytest.mark.parametrize("kind", sorted(QUEST_CAPS))
def test_quest_04_every_reward_kind_is_capped(kind):
    for q in _quests():
        for r in q["reward"]:
            if r["kind"] == kind:
                assert r.get("amount", 1) <= QUEST_CAPS[kind], (q["key"], r)


def test_quest_04_a_doubled_quest_reward_is_caught():
    quests = copy.deepcopy(_quests())
    # the audit's edit: the largest flat doubloons (5) -> 10
    doubloons = max((r for q in quests for r in q["reward"] if r["kind"] == "doubloons"), key=lambda r: r["amount"])
    doubloons["amount"] *= 2
    assert any(r.get("amount", 1) > QUEST_CAPS[r["kind"]] for q in quests for r in q["reward"]
               if r["kind"] in QUEST_CAPS)


def test_quest_04_every_quest_part_has_a_price(prices):
    for q in _quests():
        reward, cost = quest_value(q, prices)
        assert reward > 0 and cost > 0, q["key"]


# --- the income supply ------------------------------------------------------------
def test_data_01_the_decks_hold_the_stated_income_supply(prices):
    # prices.toml's [supply] is the reconstruction's one free part; the cards hold exactly it
    cards = _cards()
    table = supply_table(prices)
    assert set(table) == {"A", "B"}
    for deck in "AB":
        assert supply(cards, deck) == table[deck], deck
    # the published cards are part of it: Legionnaire +2 (A), Mary Read +2, Harbor's +4 / +2 (B)
    assert table["A"]["doubloon_income"]["amount"] >= 2 and table["B"]["conditional_vp_income"]["amount"] >= 6


def test_data_01_a_planted_income_edit_breaks_the_supply(prices):
    cards = copy.deepcopy(_cards())
    _more_income(cards)
    assert any(supply(cards, d) != supply_table(prices)[d] for d in "AB")


def test_data_01_a_larger_supply_is_priced_and_exact(prices):
    table = copy.deepcopy(supply_table(prices))
    table["A"]["doubloon_income"] = {"cards": 18, "amount": 30}
    table["B"]["conditional_vp_income"] = {"cards": 8, "amount": 24}
    cards = apply_supply(_cards(), prices, table)
    assert {d: supply(cards, d) for d in "AB"} == table
    assert not _out_of_band(cards, prices)
    # published cards untouched, card identities kept
    assert [c for c in cards if "ref" in c] == [c for c in _cards() if "ref" in c]
    assert [c["key"] for c in cards] == [c["key"] for c in _cards()]
    # the shipped supply is a fixed point
    assert apply_supply(_cards(), prices, supply_table(prices)) == _cards()


@pytest.mark.parametrize("deck,kind,want,why", [
    ("A", "doubloon_income", {"cards": 0, "amount": 0}, "published"),      # Legionnaire carries one
    ("B", "vp_income", {"cards": 16, "amount": 15}, "below 1 a carrier"),
    ("B", "vp_income", {"cards": 16, "amount": 60}, "cannot be spread"),  # +4 VP income passes 20 doubloons
])
def test_data_01_a_supply_the_decks_cannot_hold_is_refused(prices, deck, kind, want, why):
    table = copy.deepcopy(supply_table(prices))
    table[deck][kind] = want
    with pytest.raises(ValueError, match=why):
        apply_supply(_cards(), prices, table)


def test_data_01_reprice_command_sets_a_folder_to_its_table(tmp_path):
    import shutil
    from maracaibo_env.cli import main
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    text = (folder / "prices.toml").read_text()
    (folder / "prices.toml").write_text(text.replace("doubloon_income = { cards = 15, amount = 19 }",
                                                     "doubloon_income = { cards = 18, amount = 30 }"))
    assert main(["prices", "--data", str(folder), "--reprice"]) == 0
    assert supply(_cards(folder), "A")["doubloon_income"] == {"cards": 18, "amount": 30}
    assert main(["prices", "--data", str(folder)]) == 0             # every card in the band
    assert main(["prices", "--reprice"]) == 2                        # the shipped data is not rewritten


@pytest.mark.parametrize("old,new,message", [
    ('imm_cp = "X * cp"', 'imm_cp = "X * cpp"', "unknown name 'cpp'"),
    ('imm_cp = "X * cp"', 'imm_cp = "__import__(1)"', "not allowed"),
    ('imm_cp = "X * cp"', 'imm_cp = "X *"', "not a formula"),
    ("target = 1.1", "target = 1.3", "low <= target <= high"),
    ('vp = { value = 2.0,', 'vp = { value = -2.0,', "rate.vp.value"),
    ("[supply.A]", "[supply.C]", "supply.C"),
    ('imm_cp = "X * cp"\n', "", "no price for 'imm_cp'"),
])
def test_data_01_a_malformed_prices_file_is_refused_with_its_place(tmp_path, old, new, message):
    import shutil
    from maracaibo_env.maracaibo.data_load import DataError
    folder = tmp_path / "data"
    shutil.copytree(DATA, folder)
    text = (folder / "prices.toml").read_text()
    assert old in text
    (folder / "prices.toml").write_text(text.replace(old, new, 1))
    with pytest.raises(DataError, match=message):
        prices = load_prices(folder)
        card_report(prices, _cards(folder))


def test_data_01_a_smaller_supply_drops_incomes_from_cards_that_keep_an_effect(prices):
    table = copy.deepcopy(supply_table(prices))
    table["B"]["doubloon_income"] = {"cards": 20, "amount": 40}
    cards = apply_supply(_cards(), prices, table)
    assert supply(cards, "B")["doubloon_income"] == {"cards": 20, "amount": 40}
    assert all(c["effects"] for c in cards) and not _out_of_band(cards, prices)
    # a deck whose income cards carry nothing else cannot lose them
    table["A"]["doubloon_income"] = {"cards": 1, "amount": 2}
    with pytest.raises(ValueError, match="carry nothing else"):
        apply_supply(_cards(), prices, table)
