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
"""


def add_parser(sub) -> None:
    p = sub.add_parser("prices", help="the value model: rates, priced kinds, cards against the band",
                       epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--data", metavar="DIR", help="a data folder or a shipped data set (default: the shipped data)")
    p.add_argument("--cards", action="store_true", help="list every card, not only those outside the band")
    p.add_argument("--kinds", action="store_true", help="list every priced kind with its formula")


def main(args) -> int:
    from rich.console import Console
    from rich.table import Table

    from ..maracaibo.data_load import DataError
    from ..maracaibo.value_model import card_report, load_prices, price_rows, read_cards
    console = Console()
    try:
        prices = load_prices(args.data)
        rows = card_report(prices, read_cards(args.data))
    except (DataError, OSError) as exc:
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
