"""`maracaibo prices`: the value model of the project cards (data/prices.toml):
every rate, every priced kind, and each card's value against the band of the
published cards."""
from __future__ import annotations

import argparse
import sys

EXAMPLES = """examples:
  maracaibo prices                      the rates, then the cards outside the band (none on the shipped data)
  maracaibo prices --cards              every card: cost, value, value per doubloon, the band at its cost
  maracaibo prices --kinds              every effect, requirement and quest part with its formula
  maracaibo prices --data my_data/      the same for a data folder of your own
  maracaibo prices --data my_data/ --reprice
                                        after editing my_data/prices.toml (a rate, an expectation, the
                                        income supply): set every reconstructed card of my_data/cards.toml
                                        to it (costs, printed VP, income amounts; comments kept)
"""


def add_parser(sub) -> None:
    p = sub.add_parser("prices", help="the value model: rates, priced kinds, cards against the band",
                       epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--data", metavar="DIR", help="a data folder or a shipped data set (default: the shipped data)")
    p.add_argument("--cards", action="store_true", help="list every card, not only those outside the band")
    p.add_argument("--kinds", action="store_true", help="list every priced kind with its formula")
    p.add_argument("--reprice", action="store_true",
                   help="rewrite the cards.toml of the --data folder: the income supply of its prices.toml, "
                        "every reconstructed card priced by the model (needs --data with a folder)")


def main(args) -> int:
    from rich.console import Console
    from rich.table import Table

    from ..framework.files import FileError
    from ..maracaibo.data_load import DataError
    from ..maracaibo.value_model import (apply_supply, card_report, load_prices, price_rows, read_cards,
                                         rewrite_cards, supply, supply_table)
    console = Console()
    try:
        prices = load_prices(args.data)
        cards = read_cards(args.data)
        if args.reprice:
            cards = _reprice(args, prices, cards, apply_supply, rewrite_cards, supply_table)
        rows = card_report(prices, cards)
    except (DataError, FileError, OSError, ValueError) as exc:
        print(f"maracaibo prices: {exc}", file=sys.stderr)
        return 2
    rates = Table(title="Rates (doubloons per unit)")
    for col in ("name", "value", "source", "ref", "why"):
        rates.add_column(col, overflow="fold")
    for name, r in prices.file.rate.items():
        rates.add_row(name, f"{r.value:g}", r.source, r.ref, r.why)
    for name, e in prices.file.expect.items():
        rates.add_row(name, f"{e.value:g}", "reconstructed", "", e.why)
    console.print(rates)
    if args.kinds:
        kinds = Table(title="Priced kinds (value at X = 1)")
        for col in ("table", "kind", "formula", "value", "sources"):
            kinds.add_column(col, overflow="fold")
        for r in price_rows(prices):
            kinds.add_row(r.table, r.kind, r.formula, f"{r.value:g}", r.sources)
        console.print(kinds)
    decks = Table(title="Income supply (cards carrying it / total amount; published cards included)")
    for col in ("deck", "doubloon income", "VP income", "conditional doubloon income", "conditional VP income"):
        decks.add_column(col)
    for deck in sorted({c["deck"] for c in cards}):
        got = supply(cards, deck)
        decks.add_row(deck, *(f"{got[k]['cards']} / {got[k]['amount']:+d}" for k in
                              ("doubloon_income", "vp_income", "conditional_doubloon_income",
                               "conditional_vp_income")))
    console.print(decks)
    b = prices.band
    shown = rows if args.cards else [r for r in rows if not r.in_band]
    cards = Table(title=f"Cards: value per doubloon in [{b.low - b.tolerance:g}, {b.high + b.tolerance:g}] "
                        f"+/- {b.slack:g} doubloons ({sum(not r.in_band for r in rows)} of {len(rows)} outside)")
    for col in ("key", "name", "deck", "cost", "value", "per doubloon", "allowed", "in band"):
        cards.add_column(col)
    for r in shown:
        cards.add_row(r.key, r.name + (" (published)" if r.published else ""), r.deck, str(r.cost), f"{r.value:g}",
                      "-" if not r.cost else f"{r.ratio:.2f}", f"{r.lowest:g}..{r.highest:g}",
                      "yes" if r.in_band else "[red]no[/red]")
    console.print(cards)
    return 0 if all(r.in_band for r in rows) else 1


def _reprice(args, prices, cards, apply_supply, rewrite_cards, supply_table):
    """Set the --data folder's cards.toml to its prices.toml; the cards as written."""
    from pathlib import Path
    from ..maracaibo.data_load import DataError
    folder = Path(args.data) if args.data else None
    if folder is None or not folder.is_dir():
        raise DataError("--reprice rewrites a data folder of your own: name it with --data DIR "
                        "(a copy of maracaibo_env/maracaibo/data)")
    target = supply_table(prices) or {}
    new = apply_supply(cards, prices, target)
    path = folder / "cards.toml"
    text = path.read_text(encoding="utf-8")
    from ..framework.files import write_atomic
    write_atomic(path, rewrite_cards(text, new).encode("utf-8"))
    changed = sum(a != b for a, b in zip(cards, new))
    print(f"{path}: {changed} card(s) repriced")
    return new
