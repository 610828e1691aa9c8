"""The value model of the project cards and quest tiles (``data/prices.toml``;
docs/data_provenance.md "The value model").

Every card effect, requirement, granted synergy token and quest part has a
price in doubloons of cost, written in ``prices.toml`` as a formula over the
rulebook's exchange rates and the model's expectations. A card's value is
``vp_rate * vp + effects + synergy - requirements``; its value per doubloon of
cost must lie in the band of the published cards. The engine never reads this
module: the data tests, ``maracaibo prices`` and the data ensembles do.

    >>> from maracaibo_env.maracaibo.value_model import load_prices, card_report
    >>> prices = load_prices()
    >>> [row.key for row in card_report(prices) if not row.in_band]
    []
"""
from __future__ import annotations

import ast
import math
import operator
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .data_load import DATA_DIR, DataError

__all__ = ["Prices", "load_prices", "card_value", "card_parts", "quest_value", "card_report", "read_cards",
           "fit_card", "rewrite_cards", "price_rows", "PriceRow", "allowed", "DECK_MAX_COST",
           "CardRow", "priced_cost", "FILE", "supply", "supply_table", "apply_supply", "SUPPLY_KINDS"]

FILE = "prices.toml"


# ---------------------------------------------------------------- formulas
_BINARY = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv}
_CALLS = {"max": max, "min": min}


def _compile(text: str, names: set[str], where: str) -> Callable[[dict], float]:
    """A formula of prices.toml as a function of a name -> number mapping.
    Only numbers, known names, + - * /, max, min and `a if what == 'vp' else b`."""
    try:
        tree = ast.parse(text, mode="eval").body
    except SyntaxError as e:
        raise DataError(f"{FILE}: {where}: {text!r} is not a formula ({e.msg}); "
                        "allowed: numbers, names, + - * / ( ), max(a, b), min(a, b)") from None

    def build(node):
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
            v = float(node.value)
            return lambda env: v
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            s = node.value
            return lambda env: s
        if isinstance(node, ast.Name):
            if node.id not in names:
                raise DataError(f"{FILE}: {where}: unknown name {node.id!r} in {text!r}; "
                                f"allowed: {', '.join(sorted(names))}")
            key = node.id
            return lambda env: env[key]
        if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
            op, a, b = _BINARY[type(node.op)], build(node.left), build(node.right)
            return lambda env: op(a(env), b(env))
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            a = build(node.operand)
            return lambda env: -a(env)
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _CALLS
                and len(node.args) == 2 and not node.keywords):
            f, a, b = _CALLS[node.func.id], build(node.args[0]), build(node.args[1])
            return lambda env: f(a(env), b(env))
        if isinstance(node, ast.IfExp) and isinstance(node.test, ast.Compare) and len(node.test.ops) == 1 \
                and isinstance(node.test.ops[0], ast.Eq):
            left, right = build(node.test.left), build(node.test.comparators[0])
            yes, no = build(node.body), build(node.orelse)
            return lambda env: yes(env) if left(env) == right(env) else no(env)
        raise DataError(f"{FILE}: {where}: {ast.unparse(node)!r} is not allowed in {text!r}; "
                        "allowed: numbers, names, + - * / ( ), max(a, b), min(a, b)")

    return build(tree)


# ---------------------------------------------------------------- the file
class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Rate(_Strict):
    value: float = Field(ge=0, allow_inf_nan=False)
    source: str = Field(pattern="^(rulebook|published|reconstructed)$")
    ref: str = ""
    why: str


class Expectation(_Strict):
    value: float = Field(ge=0, allow_inf_nan=False)
    why: str


class Band(_Strict):
    low: float = Field(gt=0, allow_inf_nan=False)
    high: float = Field(gt=0, allow_inf_nan=False)
    tolerance: float = Field(ge=0, lt=1, allow_inf_nan=False)
    slack: float = Field(ge=0, allow_inf_nan=False)
    target: float = Field(gt=0, allow_inf_nan=False)


class SupplyEntry(_Strict):
    cards: int = Field(ge=0, le=200)
    amount: int = Field(ge=0, le=1000)


class PricesFile(_Strict):
    rate: dict[str, Rate]
    expect: dict[str, Expectation]
    effect: dict[str, str]
    action: dict[str, str]
    requirement: dict[str, str]
    quest_cost: dict[str, str]
    quest_reward: dict[str, str]
    band: Band
    #: deck -> income kind -> the cards carrying it and its total amount (apply_supply)
    supply: dict[str, dict[str, SupplyEntry]] = {}


#: the formula tables of prices.toml, and the names each may use besides the
#: rates, the expectations and X
TABLES = {"effect": {"action"}, "action": set(), "requirement": set(), "quest_cost": set(),
          "quest_reward": {"what", "vp", "doubloons"}}


@dataclass(frozen=True)
class Prices:
    """prices.toml, checked and compiled. ``env`` maps every rate and
    expectation name to its number; ``formulas[table][kind]`` takes it plus X."""
    file: PricesFile
    env: dict[str, float]
    formulas: dict[str, dict[str, Callable]]

    @property
    def band(self) -> Band:
        return self.file.band

    def with_values(self, **values: float) -> "Prices":
        """The same model with some rates or expectations changed (an ensemble draw)."""
        unknown = set(values) - set(self.env)
        if unknown:
            raise ValueError(f"unknown price names {sorted(unknown)}; allowed: {sorted(self.env)}")
        return Prices(self.file, {**self.env, **values}, self.formulas)


def load_prices(data_dir: str | Path | None = None) -> Prices:
    """Read and check ``prices.toml`` of a data folder (default: the shipped data).

    :raises DataError: the file is missing or malformed; the message names the entry."""
    from ..framework.datafiles import data_folder
    folder = DATA_DIR if data_dir is None else data_folder(data_dir, DATA_DIR)
    path = Path(folder) / FILE
    if not path.is_file():
        path = DATA_DIR / FILE          # a data folder without its own prices uses the shipped ones
    try:
        with open(path, "rb") as f:
            raw = tomllib.load(f)
        parsed = PricesFile.model_validate(raw)
    except tomllib.TOMLDecodeError as e:
        raise DataError(f"{FILE}: not valid TOML: {e}") from None
    except ValidationError as e:
        err = e.errors()[0]
        raise DataError(f"{FILE}: {'.'.join(str(p) for p in err['loc'])}: {err['msg']}") from None
    for deck, kinds in parsed.supply.items():
        if deck not in DECK_MAX_COST or set(kinds) - set(SUPPLY_KINDS):
            raise DataError(f"{FILE}: supply.{deck}: decks are {sorted(DECK_MAX_COST)}, kinds "
                            f"{sorted(SUPPLY_KINDS)}; got {deck!r} with {sorted(kinds)}")
    if parsed.band.low > parsed.band.high or not parsed.band.low <= parsed.band.target <= parsed.band.high:
        raise DataError(f"{FILE}: band: low <= target <= high is required; got {parsed.band}")
    env = {k: r.value for k, r in parsed.rate.items()}
    clash = set(env) & set(parsed.expect)
    if clash:
        raise DataError(f"{FILE}: {sorted(clash)} named both a rate and an expectation")
    env.update({k: e.value for k, e in parsed.expect.items()})
    names = set(env) | {"X"}
    formulas = {table: {k: _compile(v, names | extra, f"{table}.{k}") for k, v in getattr(parsed, table).items()}
                for table, extra in TABLES.items()}
    return Prices(parsed, env, formulas)


# ---------------------------------------------------------------- values
def _price(prices: Prices, table: str, kind: str, amount: float, **extra) -> float:
    formulas = prices.formulas[table]
    if kind not in formulas:
        raise DataError(f"{FILE}: [{table}] has no price for {kind!r}; every kind the data uses needs one "
                        f"(known: {', '.join(sorted(formulas))})")
    return float(formulas[kind]({**prices.env, "X": float(amount), **extra}))


def card_parts(card: dict, prices: Prices) -> list[tuple[str, float]]:
    """What each part of a card is worth, in doubloons: printed VP, each effect,
    the synergy token it grants, each requirement (negative)."""
    parts = [("vp", prices.env["vp"] * card["vp"])]
    for e in card["effects"]:
        extra = {}
        if e["kind"] == "assistant":
            extra["action"] = _price(prices, "action", e["action"], 1)
        value = _price(prices, "effect", e["kind"], e.get("amount", 1), **extra)
        # a synergy-conditional income pays only while the token is held (INC-03);
        # NCA-02's condition is inside its own formula
        if "if_synergy" in e and e["kind"].startswith("income_"):
            value *= prices.env["synergy_held"]
        label = e["kind"] + (f"[{e['action']}]" if "action" in e else "") + (f"|{e['if_synergy']}" if "if_synergy" in e else "")
        parts.append((label, value))
    for s in card.get("synergy", []):
        parts.append((f"synergy:{s}", prices.env["synergy_token"]))
    for r in card["requirements"]:
        parts.append((f"requires:{r['kind']}", -_price(prices, "requirement", r["kind"], r.get("amount", 1))))
    return parts


def card_value(card: dict, prices: Prices) -> float:
    return sum(v for _, v in card_parts(card, prices))


def quest_value(quest: dict, prices: Prices) -> tuple[float, float]:
    """(reward, cost) of a quest tile in doubloons."""
    reward = sum(_price(prices, "quest_reward", r["kind"], r.get("amount", 1), what=r.get("what", ""),
                        doubloons=1.0) for r in quest["reward"])
    cost = sum(_price(prices, "quest_cost", c["kind"], c.get("amount", 1)) for c in quest["cost"])
    return reward, cost


def priced_cost(card: dict, prices: Prices, max_cost: int = 30) -> int:
    """The cost that puts a card's value at the band's target (whole doubloons, 0..max_cost)."""
    return int(min(max_cost, max(0, math.floor(card_value(card, prices) / prices.band.target + 0.5))))


@dataclass(frozen=True)
class CardRow:
    key: str
    name: str
    deck: str
    cost: int
    value: float
    lowest: float          # the least value the band allows at this cost
    highest: float         # the most
    published: bool

    @property
    def in_band(self) -> bool:
        return self.lowest <= self.value <= self.highest + 1e-9

    @property
    def ratio(self) -> float:
        return self.value / self.cost if self.cost else math.inf


def allowed(cost: float, prices: Prices) -> tuple[float, float]:
    """The least and the most value a card of this cost may give."""
    b = prices.band
    return ((b.low - b.tolerance) * cost - b.slack, (b.high + b.tolerance) * cost + b.slack)


def read_cards(data_dir: str | Path | None = None) -> list[dict]:
    from ..framework.datafiles import data_folder
    folder = DATA_DIR if data_dir is None else data_folder(data_dir, DATA_DIR)
    with open(Path(folder) / "cards.toml", "rb") as f:
        return tomllib.load(f)["card"]


def card_report(prices: Prices, cards: list[dict] | None = None) -> list[CardRow]:
    """Every card with its value and the band at its cost."""
    rows = []
    for c in read_cards() if cards is None else cards:
        lo, hi = allowed(c["cost"], prices)
        rows.append(CardRow(c["key"], c["name"], c["deck"], c["cost"], card_value(c, prices), lo, hi,
                            "ref" in c))
    return rows


#: the dearest card of each deck on the published scale: A-cards are the cheap
#: starting deck (Legionnaire, an A-card, costs 12); the B deck's dearest printed
#: cost we know is Harbor's 16, and the reconstruction allows up to 20
DECK_MAX_COST = {"A": 12, "B": 20}


def fit_card(card: dict, prices: Prices) -> dict:
    """A reconstructed card priced by the model: its cost put at the band's
    target; where that passes its deck's dearest cost, printed VP goes first,
    then one point of the largest amount, until it fits. Effects and
    requirements keep their kinds; a card with nothing left to lower costs
    what its value asks, past the deck's dearest cost. Published cards (with a
    ``ref``) are returned unchanged."""
    if "ref" in card:
        return card
    card = {**card, "effects": [dict(e) for e in card["effects"]]}
    cap = DECK_MAX_COST[card["deck"]]
    while priced_cost(card, prices) > cap:
        if card["vp"] > 0:
            card["vp"] -= 1
            continue
        with_amount = [e for e in card["effects"] if e.get("amount", 0) > 1]
        if not with_amount:
            break
        max(with_amount, key=lambda e: _price(prices, "effect", e["kind"], 1))["amount"] -= 1
    card["cost"] = priced_cost(card, prices)
    return card


def _inline(value) -> str:
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_inline(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(_inline(v) for v in value) + "]"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return str(value)


def rewrite_cards(text: str, cards: list[dict]) -> str:
    """cards.toml's text with the cost, printed VP and effects of each card
    replaced by those of ``cards`` (matched by key); comments and every other
    line stay as they are."""
    import re
    by_key = {c["key"]: c for c in cards}
    blocks = re.split(r"(?m)^(?=\[\[card\]\])", text)
    out = []
    for block in blocks:
        m = re.search(r'(?m)^key = "([^"]+)"', block)
        card = by_key.get(m[1]) if m else None
        if card is not None:
            for field in ("cost", "vp"):
                block = re.sub(rf"(?m)^{field} = \d+", f"{field} = {card[field]}", block, count=1)
            block = re.sub(r"(?m)^effects = \[.*\]$", "effects = " + _inline(card["effects"]), block, count=1)
        out.append(block)
    return "".join(out)


@dataclass(frozen=True)
class PriceRow:
    table: str             # effect, action, requirement, quest_cost, quest_reward
    kind: str
    formula: str
    value: float           # at X = 1 (an assistant: its best action's value is not applied)
    sources: str           # the sources of the rates it uses: rulebook, published, reconstructed


def price_rows(prices: Prices) -> list[PriceRow]:
    """Every priced kind with its formula, its value for X = 1 and where its numbers come from."""
    rows = []
    raw = prices.file
    for table in TABLES:
        for kind, text in getattr(raw, table).items():
            names = {n.id for n in ast.walk(ast.parse(text, mode="eval")) if isinstance(n, ast.Name)}
            kinds = sorted({raw.rate[n].source for n in names if n in raw.rate}
                           | ({"reconstructed"} if names & set(raw.expect) else set()))
            extra = {"action": 0.0} if table == "effect" else ({"what": "doubloons"} if table == "quest_reward" else {})
            rows.append(PriceRow(table, kind, text, _price(prices, table, kind, 1, **extra), ", ".join(kinds)))
    return rows


# ---------------------------------------------------------------- the income supply
#: the income kinds of the supply table: (effect kind, conditional)
SUPPLY_KINDS = {"doubloon_income": ("income_doubloons", False), "vp_income": ("income_vp", False),
                "conditional_doubloon_income": ("income_doubloons", True),
                "conditional_vp_income": ("income_vp", True)}
#: the synergy symbols a conditional income added by the supply asks for, in turn
SUPPLY_SYMBOLS = ("crossed_axes", "crown", "anchor", "medal", "house")


def _income_effects(card: dict, kind: str, conditional: bool) -> list[dict]:
    return [e for e in card["effects"] if e["kind"] == kind and ("if_synergy" in e) == conditional]


def supply(cards: list[dict], deck: str) -> dict[str, dict]:
    """How much income a deck holds: per supply kind, the cards carrying it and
    its total amount (published cards included)."""
    out = {}
    for name, (kind, conditional) in SUPPLY_KINDS.items():
        effects = [e for c in cards if c["deck"] == deck for e in _income_effects(c, kind, conditional)]
        out[name] = {"cards": len({id(c) for c in cards if c["deck"] == deck
                                   and _income_effects(c, kind, conditional)}),
                     "amount": sum(e["amount"] for e in effects)}
    return out


def _stable_order(key: str) -> str:
    import hashlib
    return hashlib.sha256(key.encode()).hexdigest()


def _capacity(card: dict, effect: dict, prices: Prices) -> int:
    """The most of ``effect``'s amount the card can carry within its deck's
    dearest cost once its printed VP is lowered to 0 (as fit_card would)."""
    bare = {**card, "vp": 0, "effects": [dict(e) for e in card["effects"]]}
    i = next(k for k, e in enumerate(card["effects"]) if e is effect)
    a = 1
    while a < 20:
        bare["effects"][i]["amount"] = a + 1
        if priced_cost(bare, prices) > DECK_MAX_COST[card["deck"]]:
            break
        a += 1
    return a


def supply_table(prices: Prices) -> dict[str, dict[str, dict]]:
    """prices.toml's [supply] as plain dicts (deck -> kind -> {"cards", "amount"})."""
    return {d: {k: e.model_dump() for k, e in kinds.items()} for d, kinds in prices.file.supply.items()}


def apply_supply(cards: list[dict], prices: Prices, target: dict[str, dict[str, dict]]) -> list[dict]:
    """The cards with each deck's income supply set to ``target`` (deck ->
    kind -> {"cards": n, "amount": total}) and every reconstructed card
    priced by the model. Cards that already carry an income keep it; more
    cards get one, chosen in a fixed order of their keys among the
    reconstructed cards with room (fewer than 3 effects, no income yet, no
    assistant); the total is spread over the carriers in proportion
    to what they carry, at least 1 each; fewer carriers drop the smallest
    income of a card that keeps another effect. Published cards are never
    changed.
    :raises ValueError: a target the deck cannot hold (fewer carriers than
    the published cards, more than the cards with room, a total below one a
    carrier, or one the deck's dearest cost cannot price)."""
    cards = [{**c, "effects": [dict(e) for e in c["effects"]]} for c in cards]
    for deck, kinds in target.items():
        for name, want in kinds.items():
            kind, conditional = SUPPLY_KINDS[name]
            carriers = [c for c in cards if c["deck"] == deck and _income_effects(c, kind, conditional)]
            fixed = [c for c in carriers if "ref" in c]
            free = [c for c in carriers if "ref" not in c]
            if want["cards"] < len(fixed) or want["amount"] < want["cards"]:
                raise ValueError(f"supply {deck}.{name}: {want} is below the published cards' {len(fixed)} "
                                 "carriers or below 1 a carrier")
            room = sorted((c for c in cards if c["deck"] == deck and "ref" not in c and c not in carriers
                           and len(c["effects"]) < 3
                           and all(e["kind"] != "assistant" and not e["kind"].startswith("income_")
                                   for e in c["effects"])),
                          key=lambda c: _stable_order(c["key"]))
            while len(fixed) + len(free) > want["cards"]:
                # fewer carriers: the smallest income goes, from a card that keeps another effect
                keeps = [c for c in free if len(c["effects"]) > len(_income_effects(c, kind, conditional))]
                if not keeps:
                    raise ValueError(f"supply {deck}.{name}: {want['cards']} carriers asked; the others carry "
                                     "nothing else, so their income cannot go")
                c = min(keeps, key=lambda c: (sum(e["amount"] for e in _income_effects(c, kind, conditional)),
                                              _stable_order(c["key"])))
                c["effects"] = [e for e in c["effects"] if e not in _income_effects(c, kind, conditional)]
                free.remove(c)
            for c in room[:max(0, want["cards"] - len(fixed) - len(free))]:
                e = {"kind": kind, "amount": 1}
                if conditional:
                    e["if_synergy"] = SUPPLY_SYMBOLS[len(free) % len(SUPPLY_SYMBOLS)]
                c["effects"].append(e)
                free.append(c)
            if len(fixed) + len(free) < want["cards"]:
                raise ValueError(f"supply {deck}.{name}: {want['cards']} carriers asked, "
                                 f"{len(fixed) + len(free)} possible")
            # the amount left to the reconstructed carriers, in proportion to what they carry
            left = want["amount"] - sum(e["amount"] for c in fixed for e in _income_effects(c, kind, conditional))
            effects = [_income_effects(c, kind, conditional)[0] for c in free]
            for c in free:                                         # one effect of the kind per card
                extra = _income_effects(c, kind, conditional)[1:]
                c["effects"] = [e for e in c["effects"] if not any(e is x for x in extra)]
            if effects:
                caps = [_capacity(c, e, prices) for c, e in zip(free, effects)]
                base = [e["amount"] for e in effects]
                scale = left / sum(base)
                amounts = [min(cap, max(1, int(b * scale))) for b, cap in zip(base, caps)]
                order = sorted(range(len(effects)), key=lambda i: (-(base[i] * scale - amounts[i]),
                                                                  _stable_order(free[i]["key"])))
                while sum(amounts) != left:
                    step = 1 if sum(amounts) < left else -1
                    movable = [j for j in order if 1 <= amounts[j] + step <= caps[j]]
                    if not movable:
                        raise ValueError(f"supply {deck}.{name}: {left} cannot be spread over {len(order)} "
                                         f"cards of at most {sum(caps)} (the deck's dearest cost, "
                                         f"{DECK_MAX_COST[deck]}, caps what a card carries)")
                    # the card furthest below (or above) its proportional share moves first
                    j = max(movable, key=lambda j: step * (base[j] * scale - amounts[j]))
                    amounts[j] += step
                for e, a in zip(effects, amounts):
                    e["amount"] = a
    fitted = [fit_card(c, prices) for c in cards]
    for deck, kinds in target.items():
        got = supply(fitted, deck)
        for name, want in kinds.items():
            if got[name] != want:
                raise ValueError(f"supply {deck}.{name}: {want} asked, {got[name]} once the cards are priced "
                                 f"(the deck's dearest cost, {DECK_MAX_COST[deck]}, caps what a card carries)")
    return fitted
