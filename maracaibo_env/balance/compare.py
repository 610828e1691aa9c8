"""What changed between two balance reports (e.g. before and after raising a
card's cost): `maracaibo balance --compare A.json B.json`.

    c = compare_reports(load_report("A.json"), load_report("B.json"))
    print_comparison(c)                     # rich tables
    write_comparison(c, "out/")             # compare.html / .md / .json

Every metric present in both reports (their `metrics` section) is compared as
B minus A:

    proportion   difference of rates, Newcombe hybrid score 95% interval,
                 pooled two-proportion z test
    mean         difference of means, Welch t interval and test
    estimate     difference of two normal estimates (a stratified effect, a
                 rating mu with its sigma), normal interval and z test

Significance: Benjamini-Hochberg FDR (default 5%) over all compared metrics.
The tests treat the two reports as independent samples; when B replays A's
seeds (the same schedule on changed data) they are conservative.
"""
from __future__ import annotations

import html as _html
import math
from pathlib import Path

from .report import write_formats
from .stats import (bh, clean, isnan, mean_diff_from_summary, newcombe_diff, normal_diff,
                    two_proportion_p)

SECTION_NAMES = {"seat": "Seat advantage", "agent": "Strategies per player count", "rating": "Ratings",
                 "pair": "Head-to-head", "source": "VP by source", "length": "Game length",
                 "component": "Components", "solo": "Solo against Jean"}   # Maracaibo's


def _section(sec: str, c: dict) -> str:
    """A section's title; the solo one names the game's solo opponent (Jean, Jordan)."""
    if sec == "solo":
        from ..registry import game_info
        return f"Solo against {game_info(c.get('game', 'maracaibo')).solo_opponent}"
    return SECTION_NAMES.get(sec, sec)


def _value(rec) -> str:
    k = rec.get("kind")
    if k == "proportion":
        return "n/a" if isnan(rec.get("p")) else f"{100 * rec['p']:.1f}% (n={rec['n']})"
    if k == "mean":
        return "n/a" if isnan(rec.get("mean")) else f"{rec['mean']:.2f} (n={rec['n']})"
    if k == "estimate":
        return "n/a" if isnan(rec.get("estimate")) else f"{rec['estimate']:+.2f} (se {rec['se']:.2f})"
    return "?"


def compare_metric(ra: dict, rb: dict) -> dict:
    """B minus A for one metric: {'diff', 'lo', 'hi', 'p', 'unit'}."""
    kind = rb.get("kind")
    if kind != ra.get("kind"):
        return {"diff": math.nan, "lo": math.nan, "hi": math.nan, "p": math.nan, "unit": ""}
    if kind == "proportion":
        d, lo, hi = newcombe_diff(rb["k"], rb["n"], ra["k"], ra["n"])
        p = two_proportion_p(rb["k"], rb["n"], ra["k"], ra["n"])
        return {"diff": d, "lo": lo, "hi": hi, "p": p, "unit": "pts", "scale": 100.0}
    if kind == "mean":
        d, lo, hi, p = mean_diff_from_summary(_f(rb["mean"]), _f(rb["sd"]), rb["n"] or 0,
                                              _f(ra["mean"]), _f(ra["sd"]), ra["n"] or 0)
        return {"diff": d, "lo": lo, "hi": hi, "p": p, "unit": "", "scale": 1.0}
    if kind == "estimate":
        d, lo, hi, p = normal_diff(_f(rb["estimate"]), _f(rb["se"]), _f(ra["estimate"]), _f(ra["se"]))
        return {"diff": d, "lo": lo, "hi": hi, "p": p, "unit": "", "scale": 1.0}
    return {"diff": math.nan, "lo": math.nan, "hi": math.nan, "p": math.nan, "unit": ""}


def _f(x) -> float:
    return math.nan if x is None else float(x)


def _flags(report) -> dict[str, tuple[str, str | None]]:
    out = {}
    for kind, block in report.get("components", {}).items():
        if kind.startswith("_"):
            continue
        for x in block.get("items", []):
            out[f"{kind}/{x['key']}"] = (f"{kind} {x['name']}", x.get("flag"))
    return out


def _summary(report, path=None) -> dict:
    m = report["meta"]
    return {"path": str(path) if path else "", "title": report.get("title", ""), "games": m["games"],
            "agents": m["agents"], "player_counts": m["player_counts"], "data_hash": m["catalog_hash"],
            "data_modified": m["data_modified"], "generated": m["generated"]}


def compare_reports(a: dict, b: dict, *, alpha: float = 0.05, path_a=None, path_b=None) -> dict:
    """The comparison of report b against report a (both JSON dicts);
    ValueError when they are reports of different games."""
    ga, gb = (r.get("meta", {}).get("game", "maracaibo") for r in (a, b))
    if ga != gb:
        from ..agents.adapter import game_title
        raise ValueError(f"report A is of {game_title(ga)}, report B of {game_title(gb)}: only "
                         "reports of the same game compare")
    ma, mb = a.get("metrics", {}), b.get("metrics", {})
    keys = [k for k in ma if k in mb]
    rows = []
    for k in keys:
        ra, rb = ma[k], mb[k]
        c = compare_metric(ra, rb)
        rows.append({"key": k, "section": k.split("/", 1)[0], "label": rb.get("label") or ra.get("label") or k,
                     "kind": rb.get("kind"), "a": _value(ra), "b": _value(rb), **c})
    q = bh([r["p"] for r in rows])
    for r, qq in zip(rows, q):
        r["q"] = qq
        r["significant"] = (not isnan(qq)) and qq <= alpha
    notes = []
    sa, sb = _summary(a, path_a), _summary(b, path_b)
    if sa["data_hash"] != sb["data_hash"]:
        notes.append(f"game data differ: A {sa['data_hash'][:16]}, B {sb['data_hash'][:16]}")
    else:
        notes.append("both reports use the same game data")
    if sa["agents"] != sb["agents"]:
        notes.append(f"agents differ: A {', '.join(sa['agents'])}; B {', '.join(sb['agents'])}")
    fa, fb = _flags(a), _flags(b)
    flag_changes = [{"component": fb.get(k, fa.get(k))[0], "a": fa.get(k, ("", None))[1],
                     "b": fb.get(k, ("", None))[1]}
                    for k in sorted(set(fa) | set(fb))
                    if fa.get(k, ("", None))[1] != fb.get(k, ("", None))[1]]
    return {"schema": "maracaibo-balance-compare/1", "game": ga, "a": sa, "b": sb, "alpha": alpha,
            "rows": rows, "only_a": [k for k in ma if k not in mb], "only_b": [k for k in mb if k not in ma],
            "flag_changes": flag_changes, "notes": notes,
            "significant": sum(r["significant"] for r in rows), "compared": len(rows),
            "tests": sum(1 for r in rows if not isnan(r["p"]))}


# ------------------------------------------------------------------ rendering

def _diff_text(r) -> str:
    if isnan(r["diff"]):
        return "n/a"
    s = r.get("scale", 1.0)
    unit = f" {r['unit']}" if r.get("unit") else ""
    if isnan(r["lo"]):
        return f"{s * r['diff']:+.2f}{unit}"
    return f"{s * r['diff']:+.2f}{unit} [{s * r['lo']:+.2f}, {s * r['hi']:+.2f}]"


def _p(p) -> str:
    if isnan(p):
        return "n/a"
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def selected_rows(c: dict, show_all: bool = False, top: int = 8) -> dict[str, list[dict]]:
    """Rows to show per section: every significant change, then the largest
    other changes (smallest p) up to `top` per section; all with show_all."""
    out: dict[str, list[dict]] = {}
    for r in c["rows"]:
        out.setdefault(r["section"], []).append(r)
    if show_all:
        return out
    sel = {}
    for sec, rows in out.items():
        sig = [r for r in rows if r["significant"]]
        rest = sorted((r for r in rows if not r["significant"] and not isnan(r["p"])), key=lambda r: r["p"])
        sel[sec] = sig + rest[:max(0, top - len(sig))]
    return sel


HEAD = ["metric", "A", "B", "B - A [95% CI]", "p", "q (BH)", "significant"]


def _cells(r) -> list[str]:
    return [r["label"], r["a"], r["b"], _diff_text(r), _p(r["p"]), _p(r["q"]), "yes" if r["significant"] else ""]


def print_comparison(c: dict, show_all: bool = False, console=None) -> None:
    """The comparison as rich tables on the console."""
    from rich.console import Console
    from rich.table import Table
    con = console or Console()
    a, b = c["a"], c["b"]
    con.print(f"[bold]A[/bold] {a['path'] or a['title']}: {a['games']} games, data {a['data_hash'][:16]}"
              f"{' (modified)' if a['data_modified'] else ''}")
    con.print(f"[bold]B[/bold] {b['path'] or b['title']}: {b['games']} games, data {b['data_hash'][:16]}"
              f"{' (modified)' if b['data_modified'] else ''}")
    for n in c["notes"]:
        con.print(f"  {n}")
    con.print(f"{c['compared']} metrics in both reports, {c['tests']} tested; [bold]{c['significant']}[/bold] "
              f"changed significantly (Benjamini-Hochberg FDR {100 * c['alpha']:.0f}%).")
    for sec, rows in selected_rows(c, show_all).items():
        if not rows:
            continue
        t = Table(title=_section(sec, c), title_justify="left", show_lines=False)
        for h in HEAD:
            t.add_column(h, overflow="fold")
        for r in rows:
            t.add_row(*_cells(r), style="bold" if r["significant"] else None)
        con.print(t)
    if c["flag_changes"]:
        t = Table(title="Component flags that changed", title_justify="left")
        for h in ("component", "A", "B"):
            t.add_column(h)
        for f in c["flag_changes"]:
            t.add_row(f["component"], f["a"] or "-", f["b"] or "-")
        con.print(t)


def render_markdown(c: dict, show_all: bool = True) -> str:
    from .report import md_table
    a, b = c["a"], c["b"]
    out = ["# Balance comparison (B - A)\n",
           f"- A: {a['path'] or a['title']}: {a['games']} games, data {a['data_hash'][:16]}",
           f"- B: {b['path'] or b['title']}: {b['games']} games, data {b['data_hash'][:16]}"]
    out += [f"- {n}" for n in c["notes"]]
    out.append(f"\n{c['compared']} metrics compared, {c['significant']} changed significantly "
               f"(Benjamini-Hochberg FDR {100 * c['alpha']:.0f}%).\n")
    for sec, rows in selected_rows(c, show_all).items():
        out.append(f"\n## {_section(sec, c)}\n\n" + md_table(HEAD, [_cells(r) for r in rows]))
    if c["flag_changes"]:
        out.append("\n## Component flags that changed\n\n"
                   + md_table(["component", "A", "B"], [[f["component"], f["a"] or "-", f["b"] or "-"]
                                                        for f in c["flag_changes"]]))
    return "\n".join(out) + "\n"


def render_html(c: dict, show_all: bool = True) -> str:
    from .report import CSS, _html_table
    e = _html.escape
    a, b = c["a"], c["b"]
    parts = [f"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Balance comparison"
             f"</title><style>{CSS}</style></head><body><header><h1>Balance comparison (B - A)</h1>"
             f"<p>A: {e(a['path'] or a['title'])} ({a['games']} games, data {e(a['data_hash'][:16])}) &middot; "
             f"B: {e(b['path'] or b['title'])} ({b['games']} games, data {e(b['data_hash'][:16])})</p></header><main>",
             "<section id=\"findings\"><h2>Summary</h2><ul class=\"findings\">"
             + "".join(f"<li>{e(n)}</li>" for n in c["notes"])
             + f"<li class=\"flag\">{c['significant']} of {c['compared']} metrics changed significantly "
               f"(Benjamini-Hochberg FDR {100 * c['alpha']:.0f}%).</li></ul></section>"]
    for sec, rows in selected_rows(c, show_all).items():
        classes = ["flag-strong" if r["significant"] and r["diff"] > 0 else
                   "flag-weak" if r["significant"] else "" for r in rows]
        parts.append(f"<section><h2>{e(_section(sec, c))}</h2><div class=\"scroll\">"
                     + _html_table(HEAD, [_cells(r) for r in rows], classes) + "</div></section>")
    if c["flag_changes"]:
        parts.append("<section><h2>Component flags that changed</h2>"
                     + _html_table(["component", "A", "B"], [[f["component"], f["a"] or "-", f["b"] or "-"]
                                                             for f in c["flag_changes"]]) + "</section>")
    parts.append("</main></body></html>")
    return "\n".join(parts)


def write_comparison(c: dict, out_dir, basename: str = "compare") -> dict[str, Path]:
    return write_formats(out_dir, basename, render_html(c), render_markdown(c), clean(c))
