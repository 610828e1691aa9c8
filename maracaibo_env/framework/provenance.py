"""Where a game's data comes from: each entry's `source` ("rulebook",
"published" or "reconstructed") as its data files say it (`Catalog.raw`), so
every table and figure can say how much of it rests on reconstructed data.
Every game's data files carry the same field; a game's own component kinds
(its cards, tiles, ...) are its adapter's (the game's provenance.py).

    counts(sources)                {source: n}, the three known sources first
    note_of(rows, noun)            'reconstructed: 157 of 157 cards'
    data_summary(cat)              counts over every entry of every data file
    file_note(cat, files)          'reconstructed: 0 of 17 entries of automa.toml'
"""
from __future__ import annotations

from collections import Counter

SOURCES = ("rulebook", "published", "reconstructed")


def counts(sources) -> dict[str, int]:
    c = Counter(sources)
    return {s: int(c.get(s, 0)) for s in (*SOURCES, *sorted(set(c) - set(SOURCES)))}


def note_of(rows, noun: str) -> str:
    """The note of one kind's (key, name, source) rows."""
    n = len(rows)
    r = sum(1 for *_, s in rows if s == "reconstructed")
    if r == 0:
        return f"all {n} {noun} from the rulebook or published sources"
    return f"reconstructed: {r} of {n} {noun}"


def data_summary(cat) -> dict:
    """Source counts over every entry of every data file (an entry is a table
    row such as one card, or a one-off table such as the doubloon track)."""
    raw = cat.raw or {}
    per_file: dict[str, dict[str, int]] = {}
    total: Counter = Counter()
    for file, tables in raw.items():
        if not isinstance(tables, dict):
            continue
        c: Counter = Counter()
        for value in tables.values():
            if isinstance(value, list):
                c.update(e.get("source", "unknown") for e in value if isinstance(e, dict))
            elif isinstance(value, dict) and "source" in value:
                c[value["source"]] += 1
        per_file[file] = counts(c.elements())
        total.update(c)
    n = sum(total.values())
    r = total.get("reconstructed", 0)
    return {"entries": n, "reconstructed": r, "per_file": per_file, "counts": counts(total.elements()),
            "note": f"reconstructed: {r} of {n} data entries (every file)"}


def file_note(cat, files, summary: dict | None = None) -> str:
    """'reconstructed: 0 of 17 entries of automa.toml' (summary: a game's
    ``data_summary(cat)``, default this module's)."""
    summary = (summary or data_summary(cat))["per_file"]
    n = r = 0
    for f in files:
        c = summary.get(f, {})
        n += sum(c.values())
        r += c.get("reconstructed", 0)
    names = ", ".join(f"{f}.toml" for f in files)
    return f"reconstructed: {r} of {n} entries of {names}"
