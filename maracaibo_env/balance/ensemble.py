"""Verdicts over a data ensemble: does a balance verdict survive the value
model's uncertainty? (`maracaibo balance --data-ensemble K`; docs/balance.md)

The same schedule is played on K data sets (maracaibo_env.maracaibo.ensemble:
set 0 is the base data, the others drawn inside the model's spreads), each
analysed as a balance report. Per seat and per component, each set gives a
verdict code:

    "+"      strong component / seat ahead      (significant, upward)
    "-"      weak component / seat behind       (significant, downward)
    "mixed"  significant, win rate and VP disagree in direction
    "0"      tested, not significant
    "n/a"    not tested in that set (too few takers, no games)

and `classify` reads the K codes: **holds** (the same direction, significant
in every set), **flips** (significant upward in one set and downward in
another) or **unclear** (anything else, "not significant anywhere" included).

    s = summarize(analyses, sets, settings)     # JSON-ready (schema SCHEMA)
    paths = write_ensemble(s, "out/")            # ensemble.html / .md / .json
    print_ensemble(s, console)                   # rich tables
"""
from __future__ import annotations

import datetime as _dt
from pathlib import Path

from .report import write_formats
from .stats import clean

SCHEMA = "maracaibo-balance-ensemble/1"
CLASSES = ("holds", "flips", "unclear")
SIGNIFICANT = ("+", "-", "mixed")
#: how a code reads in a table, per kind of row
WORDS = {"seat": {"+": "ahead", "-": "behind"}, "component": {"+": "strong", "-": "weak"}}
COMMON = {"mixed": "mixed", "0": "none", "n/a": "not tested"}


def classify(codes: list[str]) -> str:
    """'holds', 'flips' or 'unclear' for one row's verdict codes, one per set."""
    if codes and (all(c == "+" for c in codes) or all(c == "-" for c in codes)):
        return "holds"
    if "+" in codes and "-" in codes:
        return "flips"
    return "unclear"


def _combine(win: str | None, vp: str | None) -> str:
    """One code from the directions of the significant win and VP differences."""
    dirs = {d for d in (win, vp) if d}
    return "0" if not dirs else dirs.pop() if len(dirs) == 1 else "mixed"


def component_code(item: dict) -> str:
    """A component's code in one report: its flag (Benjamini-Hochberg over the
    report's component tests and the minimum effect; analysis._components)."""
    if not item.get("tested"):
        return "n/a"
    return {"strong": "+", "weak": "-", "mixed": "mixed"}.get(item.get("flag"), "0")


def seat_code(block: dict, seat: dict, alpha: float) -> str:
    """A seat's code in one report: its player count's seat test significant
    after Benjamini-Hochberg (the report's q_win / q_vp <= alpha) and this
    seat outside its 95% interval: the win rate's Wilson interval excludes the
    rate expected from the agents seated there, or the interval of VP minus
    the agent's mean VP excludes 0."""
    q_win, q_vp = block.get("q_win"), block.get("q_vp")
    if q_win is None and q_vp is None:
        return "n/a"
    win = seat["win"]
    expected = seat["expected_rate"]
    w = None
    if q_win is not None and q_win <= alpha and win["p"] is not None and expected is not None:
        w = "+" if win["lo"] > expected else "-" if win["hi"] < expected else None
    vp = seat["vp_vs_agent"]
    v = None
    if q_vp is not None and q_vp <= alpha and vp.get("lo") is not None:
        v = "+" if vp["lo"] > 0 else "-" if vp["hi"] < 0 else None
    return _combine(w, v)


def _rows_of(a: dict, alpha: float) -> dict[tuple, dict]:
    """(kind, key) -> {name, source, code, effect} for every seat and component of one report."""
    out = {}
    for label, block in a.get("seats", {}).items():
        for s in block["seats"]:
            p, e = s["win"]["p"], s["expected_rate"]
            out[("seat", f"{label}/{s['seat']}")] = {
                "kind": "seat", "name": f"seat {s['seat']}, {label}", "source": "",
                "code": seat_code(block, s, alpha),
                "effect": None if p is None or e is None else 100 * (p - e), "unit": "pts"}
    for kind, block in a.get("components", {}).items():
        if kind.startswith("_"):
            continue
        for x in block["items"]:
            est = x.get("vp_diff", {}).get("estimate") if x.get("tested") else None
            out[(kind, x["key"])] = {"kind": kind, "name": x["name"], "source": x["source"],
                                     "code": component_code(x), "effect": est, "unit": "VP"}
    return out


def verdict_rows(analyses: list[dict], alpha: float) -> list[dict]:
    """One row per seat and component found in any of the reports (one report
    per data set, in set order): its codes and effects per set and its class.
    Seats first; then flips, holds, unclear; then by name."""
    per_set = [_rows_of(clean(a), alpha) for a in analyses]
    keys = []
    for rows in per_set:
        keys += [k for k in rows if k not in keys]
    out = []
    for k in keys:
        first = next(rows[k] for rows in per_set if k in rows)
        codes = [rows[k]["code"] if k in rows else "n/a" for rows in per_set]
        cls = classify(codes)
        out.append({"kind": first["kind"], "key": k[1], "name": first["name"], "source": first["source"],
                    "unit": first["unit"], "codes": codes,
                    "effects": [rows[k]["effect"] if k in rows else None for rows in per_set],
                    "class": cls, "direction": codes[0] if cls == "holds" else ""})
    order = {c: i for i, c in enumerate(("flips", "holds", "unclear"))}
    out.sort(key=lambda r: (r["kind"] != "seat", order[r["class"]],
                            not any(c in SIGNIFICANT for c in r["codes"]), r["kind"], r["name"]))
    return out


def summarize(analyses: list[dict], sets: list[dict], settings: dict, title: str | None = None) -> dict:
    """The ensemble as a JSON-ready dict. sets: one dict per data set (index,
    name, folder, data_hash, values, tries, report), in the order of analyses;
    settings: alpha, min effects, seed, spreads, schedule (recorded as given)."""
    rows = verdict_rows(analyses, settings["alpha"])
    sets = [{**s, "games": a["meta"]["games"], "data_modified": a["meta"]["data_modified"]}
            for s, a in zip(sets, analyses)]
    counts = {c: sum(1 for r in rows if r["class"] == c) for c in CLASSES}
    quiet = sum(1 for r in rows if not any(c in SIGNIFICANT for c in r["codes"]))
    return clean({"schema": SCHEMA, "title": title or f"{analyses[0]['title']} over {len(sets)} data sets",
                  "generated": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
                  "settings": settings, "sets": sets, "rows": rows, "counts": counts,
                  "not_significant_anywhere": quiet})


# ------------------------------------------------------------------ tables

def _cell(code: str, effect, kind: str, unit: str) -> str:
    word = WORDS["seat" if kind == "seat" else "component"].get(code) or COMMON[code]
    return word if effect is None else f"{word} {effect:+.1f} {unit}"


def _set_head(s: dict) -> str:
    return f"set {s['index']}" + (" (base)" if s["index"] == 0 else "")


def table_sets(e: dict) -> tuple[list, list]:
    head = ["set", "data hash", "games", "draws tried", "data folder", "report"]
    rows = [[_set_head(s), s["data_hash"], str(s["games"]), str(s["tries"]), s["folder"], s["report"]]
            for s in e["sets"]]
    return head, rows


def table_prices(e: dict) -> tuple[list, list]:
    sets = e["sets"]
    names = list(sets[0]["values"])
    sources = e["settings"].get("sources", {})
    head = ["price", "source"] + [_set_head(s) for s in sets]
    rows = [[n, sources.get(n, "")] + [f"{s['values'].get(n, float('nan')):g}" for s in sets] for n in names]
    return head, rows


def table_verdicts(e: dict, rows: list[dict]) -> tuple[list, list]:
    head = ["kind", "name", "source", "verdict"] + [_set_head(s) for s in e["sets"]]
    out = [[r["kind"], r["name"], r["source"], r["class"]]
           + [_cell(c, x, r["kind"], r["unit"]) for c, x in zip(r["codes"], r["effects"])] for r in rows]
    return head, out


def _split(e: dict):
    """(seat rows, component rows significant in some set, component rows significant in none)."""
    seats = [r for r in e["rows"] if r["kind"] == "seat"]
    comps = [r for r in e["rows"] if r["kind"] != "seat"]
    return (seats, [r for r in comps if any(c in SIGNIFICANT for c in r["codes"])],
            [r for r in comps if not any(c in SIGNIFICANT for c in r["codes"])])


def _summary_line(e: dict) -> str:
    c = e["counts"]
    return (f"{len(e['sets'])} data sets, {len(e['rows'])} seats and components: {c['holds']} hold, "
            f"{c['flips']} flip, {c['unclear']} unclear ({e['not_significant_anywhere']} of them "
            "significant in no set).")


METHOD = ("A verdict **holds** when it is significant in the same direction in every data set, "
          "**flips** when it is significant upward in one set and downward in another, and is "
          "**unclear** otherwise (significant in some sets only, 'mixed', not tested, or significant "
          "nowhere). Components: the report's flag (Benjamini-Hochberg FDR over the report's component "
          "tests and the minimum effect); seats: the player count's seat test significant after "
          "Benjamini-Hochberg and the seat's 95% interval (win rate against the rate expected from the "
          "agents seated there, or VP minus the agent's mean) clear of the expectation. Effects: VP "
          "difference of takers against comparable non-takers; a seat's win rate minus the expected "
          "rate (points).")


def render_markdown(e: dict) -> str:
    from .report import md_table
    s = e["settings"]
    seats, some, none = _split(e)
    out = [f"# {e['title']}\n", f"Generated {e['generated']}. {_summary_line(e)}\n",
           f"Data sets drawn with seed {s['seed']} within {s['spread_text']} of the base prices "
           "(maracaibo_env.maracaibo.ensemble); set 0 is the base data unchanged. Every set played "
           "the same schedule (same seeds and line-ups).\n", METHOD + "\n", "## Data sets\n",
           md_table(*table_sets(e)), "\n## Drawn prices\n", md_table(*table_prices(e)),
           "\n## Seats\n", md_table(*table_verdicts(e, seats)),
           "\n## Components significant in at least one set\n", md_table(*table_verdicts(e, some)),
           "\n## Components significant in no set\n", md_table(*table_verdicts(e, none))]
    return "\n".join(out)


def render_html(e: dict) -> str:
    from .report import CSS, _e, _html_table
    s = e["settings"]
    seats, some, none = _split(e)
    body = [f"<header><h1>{_e(e['title'])}</h1><p>{_e(_summary_line(e))}</p></header><main>",
            f"<p class=\"note\">Generated {_e(e['generated'])}. Data sets drawn with seed {_e(s['seed'])} "
            f"within {_e(s['spread_text'])} of the base prices; set 0 is the base data unchanged. Every "
            "set played the same schedule.</p>",
            f"<p class=\"note\">{_e(METHOD.replace('**', ''))}</p>",
            "<h2>Data sets</h2>", _html_table(*table_sets(e)),
            "<h2>Drawn prices</h2><div class=\"scroll\">", _html_table(*table_prices(e)), "</div>"]
    for title, rows in (("Seats", seats), ("Components significant in at least one set", some),
                        ("Components significant in no set", none)):
        head, cells = table_verdicts(e, rows)
        classes = [{"holds": "flag-strong", "flips": "flag-weak"}.get(r["class"], "") for r in rows]
        body.append(f"<h2>{_e(title)}</h2><div class=\"scroll\">" + _html_table(head, cells, classes)
                    + "</div>")
    return (f"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{_e(e['title'])}"
            f"</title><style>{CSS}</style></head><body>" + "\n".join(body) + "</main></body></html>")


def write_ensemble(e: dict, out_dir, basename: str = "ensemble") -> dict[str, Path]:
    """Write <basename>.html, .md and .json into out_dir; returns their paths."""
    return write_formats(out_dir, basename, render_html(e), render_markdown(e), clean(e))


def print_ensemble(e: dict, console) -> None:
    """The verdicts as rich tables: every seat, and every component significant
    in at least one set (the files list the rest)."""
    from rich.table import Table
    seats, some, none = _split(e)
    t = Table(title="Data sets", title_justify="left")
    for h in ("set", "data hash", "games", "draws tried"):
        t.add_column(h)
    for s in e["sets"]:
        t.add_row(_set_head(s), s["data_hash"][:16], str(s["games"]), str(s["tries"]))
    console.print(t)
    style = {"holds": "bold green", "flips": "bold red"}
    for title, rows in (("Seats", seats), ("Components significant in at least one set", some)):
        head, cells = table_verdicts(e, rows)
        t = Table(title=title, title_justify="left")
        for h in head:
            t.add_column(h, overflow="fold")
        for r, c in zip(rows, cells):
            t.add_row(*c, style=style.get(r["class"]))
        if rows:
            console.print(t)
        else:
            console.print(f"{title}: none")
    console.print(_summary_line(e) + (f" The {len(none)} components significant in no set are listed "
                                      "in the files." if none else ""), highlight=False)
