"""Data ensembles: game data drawn inside the value model's stated uncertainty
(issue 48; docs/balance.md "Verdicts over a data ensemble").

Most project cards are reconstructed: their costs follow from the value model
(``data/prices.toml``, ``value_model.py``), whose expectations are ours and
whose published rates are read off three printed cards. A balance verdict is
worth acting on only when it survives that uncertainty, so ``maracaibo
balance --data-ensemble K`` plays the same games on K data sets:

    draws = draw_data_sets(3, seed=0)        # list[DataSetDraw]
    draws[1].folder                          # a full data folder: --data / Game(data_dir=...)
    draws[1].data_hash, draws[1].values      # its Catalog.data_hash, the prices drawn

* Draw 0 is the base data itself (default the shipped data), copied unchanged.
* Draw i > 0 multiplies every rate and expectation whose source is not the
  rulebook by a factor drawn uniformly within +-SPREAD of its source: 25% for
  the reconstructed ones (every expectation, synergy_token, nation_condition,
  main_action), 10% for the published ones (synergy_held, per_compass). The
  rulebook's exchange rates stay. Then every reconstructed card is repriced by
  ``value_model.fit_card`` under the drawn prices; published cards, quest
  tiles and every other file stay as they are.
* A draw that leaves any card outside the band under its own prices (a
  published card, whose printed cost is a fact, or a card fit_card cannot
  bring into it) is outside what the model allows and is drawn again, up to
  MAX_TRIES times. The published cards thus narrow the spread in practice:
  Harbor's value rests on synergy_held, which keeps only draws near 0.25.

Draw i depends on (seed, i) and the base data alone, so a larger K adds draws
and keeps the first ones. The spreads are module constants for now (they may
move into prices.toml).
"""
from __future__ import annotations

import random
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from .data_load import DATA_DIR, DataError
from .value_model import FILE as PRICES_FILE
from .value_model import Prices, card_report, fit_card, load_prices, read_cards, rewrite_cards

__all__ = ["DataSetDraw", "draw_data_sets", "uncertain_prices", "price_sources", "check_size", "spread_text", "SPREAD",
           "MAX_SETS", "MAX_TRIES"]

#: the relative spread of a price by its source: a draw multiplies it by a
#: factor within [1 - spread, 1 + spread]; "rulebook" prices are not drawn
SPREAD = {"reconstructed": 0.25, "published": 0.10}
#: the most data sets an ensemble holds (each one plays the whole balance schedule)
MAX_SETS = 32
#: draws tried for one data set before giving up (about half are kept with SPREAD above)
MAX_TRIES = 200
#: decimals a drawn price keeps (so prices.toml records exactly what priced the cards)
DIGITS = 4


@dataclass(frozen=True)
class DataSetDraw:
    """One data set of an ensemble."""
    index: int                   # 0: the base data itself
    folder: Path                 # a full data folder
    data_hash: str               # Catalog.data_hash of the folder: what the games record
    values: dict[str, float]     # every drawn price (uncertain_prices), as priced
    tries: int                   # draws made until one kept every card in the band (0 for draw 0)

    @property
    def name(self) -> str:
        return f"set-{self.index:02d}"


def spread_text() -> str:
    """'+-25% (reconstructed), +-10% (published)'."""
    return ", ".join(f"+-{100 * v:g}% ({k})" for k, v in SPREAD.items())


def check_size(k) -> int:
    """K as an int, or ValueError saying what is allowed."""
    if isinstance(k, bool) or not isinstance(k, int):
        try:
            k = int(str(k).strip())
        except ValueError:
            raise ValueError(f"the number of data sets must be a whole number from 1 to {MAX_SETS}, "
                             f"not {k!r}") from None
    if not 1 <= k <= MAX_SETS:
        raise ValueError(f"the number of data sets must be from 1 to {MAX_SETS} (each plays the whole "
                         f"schedule), not {k}")
    return k


def price_sources(data_dir) -> dict[str, str]:
    """The drawn prices of a data folder's value model and their sources."""
    return uncertain_prices(load_prices(data_dir))


def uncertain_prices(prices: Prices) -> dict[str, str]:
    """The prices a draw changes: name -> source ('published' or 'reconstructed';
    every expectation is reconstructed)."""
    out = {k: r.source for k, r in prices.file.rate.items() if r.source != "rulebook"}
    out.update({k: "reconstructed" for k in prices.file.expect})
    return out


def _draw_values(prices: Prices, rng: random.Random) -> dict[str, float]:
    return {name: round(prices.env[name] * rng.uniform(1 - SPREAD[src], 1 + SPREAD[src]), DIGITS)
            for name, src in uncertain_prices(prices).items()}


def _fits(prices: Prices, cards: list[dict]) -> bool:
    return all(row.in_band for row in card_report(prices, cards))


def _draw(base_prices: Prices, base_cards: list[dict], seed: int, index: int):
    """(values, repriced cards, tries) of draw `index` > 0."""
    rng = random.Random(f"maracaibo-ensemble:{seed}:{index}")
    for tries in range(1, MAX_TRIES + 1):
        values = _draw_values(base_prices, rng)
        prices = base_prices.with_values(**values)
        cards = [fit_card(c, prices) for c in base_cards]
        if _fits(prices, cards):
            return values, cards, tries
    raise DataError(f"data ensemble: no draw of {MAX_TRIES} kept every card in the value model's band "
                    f"(seed {seed}, draw {index}); the spreads ({spread_text()}) are too wide for this data")


def _rewrite_prices(text: str, values: dict[str, float], note: str) -> str:
    """prices.toml's text with each named rate's or expectation's value replaced."""
    for name, v in values.items():
        text, n = re.subn(rf"(?m)^({re.escape(name)} = \{{ value = )[-+0-9.eE]+", rf"\g<1>{v!r}", text, count=1)
        if n != 1:
            raise DataError(f"{PRICES_FILE}: no line '{name} = {{ value = ...' to record the drawn value in")
    return note + text


def default_folder(seed: int, data_dir=None) -> Path:
    """Where draw_data_sets writes without out_dir: the user's cache, one folder
    per base data (its files' digest) and seed."""
    import os
    from ..framework.datafiles import files_digest
    base = _base_folder(data_dir)
    digest = files_digest(base, sorted(p.name for p in base.glob("*.toml")))
    root = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return root / "maracaibo_env" / "data_ensembles" / f"{digest[:12]}-seed{seed}"


def _base_folder(data_dir) -> Path:
    from ..framework.datafiles import data_folder
    return DATA_DIR if data_dir is None else data_folder(data_dir, DATA_DIR)


def draw_data_sets(k: int, seed: int = 0, out_dir=None, data_dir=None,
                   progress: bool = False) -> list[DataSetDraw]:
    """K data sets drawn inside the value model's uncertainty (the module's
    docstring says how), written as full data folders ``out_dir/set-NN``
    (default: ``default_folder(seed, data_dir)`` in the user's cache).

    :param k: data sets, 1..MAX_SETS; draw 0 is the base data unchanged.
    :param seed: the draws' seed; the same (k, seed, base data) gives the same sets.
    :param data_dir: the base data (a folder or a data set's name; default the shipped data).
    :param progress: a rich progress bar on stderr.
    :raises ValueError: a bad k. :raises DataError: bad base data, or no draw fits.
    """
    from .catalog import load_catalog
    k = check_size(k)
    base = _base_folder(data_dir)
    out = Path(out_dir) if out_dir is not None else default_folder(seed, data_dir)
    base_prices = load_prices(base)
    base_cards = read_cards(base)
    cards_text = (base / "cards.toml").read_text(encoding="utf-8")
    prices_path = base / PRICES_FILE if (base / PRICES_FILE).is_file() else DATA_DIR / PRICES_FILE
    prices_text = prices_path.read_text(encoding="utf-8")
    names = uncertain_prices(base_prices)
    draws = []
    with _Bar(progress, k) as bar:
        for i in range(k):
            folder = out / f"set-{i:02d}"
            # written over in place (never removed): a folder of ours gets the same files again
            shutil.copytree(base, folder, ignore=shutil.ignore_patterns("__pycache__", ".*"),
                            dirs_exist_ok=True)
            if i == 0:
                values, tries = {n: base_prices.env[n] for n in names}, 0
                if not (folder / PRICES_FILE).is_file():
                    shutil.copyfile(prices_path, folder / PRICES_FILE)
            else:
                values, cards, tries = _draw(base_prices, base_cards, seed, i)
                (folder / "cards.toml").write_text(rewrite_cards(cards_text, cards), encoding="utf-8")
                note = (f"# Data ensemble draw {i} of seed {seed} (maracaibo_env.maracaibo.ensemble):\n"
                        f"# the {len(values)} prices not from the rulebook drawn within {spread_text()},\n"
                        "# the reconstructed cards of cards.toml repriced by value_model.fit_card.\n#\n")
                (folder / PRICES_FILE).write_text(_rewrite_prices(prices_text, values, note), encoding="utf-8")
                if load_prices(folder).env != base_prices.with_values(**values).env:
                    raise DataError(f"{folder / PRICES_FILE}: the drawn values did not read back as written")
            draws.append(DataSetDraw(i, folder.resolve(), load_catalog(folder).data_hash, values, tries))
            bar.advance()
    return draws


class _Bar:
    """A rich progress bar over the draws, or nothing."""

    def __init__(self, on: bool, total: int):
        self._p = None
        if on:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
            self._p = Progress(TextColumn("[bold]drawing data sets"), BarColumn(), MofNCompleteColumn(),
                               TimeElapsedColumn(), console=Console(stderr=True), transient=True)
            self._task = self._p.add_task("", total=total)

    def __enter__(self):
        if self._p:
            self._p.start()
        return self

    def advance(self):
        if self._p:
            self._p.advance(self._task)

    def __exit__(self, *exc):
        if self._p:
            self._p.stop()
