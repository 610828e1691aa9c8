"""The calibration report: a table (Markdown, HTML, JSON) and one figure of
every target's value with its 95% interval against its range."""
from __future__ import annotations

import json
from pathlib import Path

from ..balance.report import _e, _html_table
from ..balance.figures import _png

HEAD = ["target", "statistic", "at", "players", "value [95%]", "range", "in range", "games", "source"]
#: an illustration's columns: its worked example's figure instead of a range and a verdict
HEAD_ILLUSTRATION = ["target", "statistic", "at", "players", "value [95%]", "example", "games", "source"]
TITLES = {"constraint": "Constraints (stated facts: a game outside the range fails the report)",
          "illustration": "Illustrations (worked examples: reported beside the measurement, never fitted)"}


def _fmt(x) -> str:
    if x is None:
        return "–"
    if abs(x) < 1e-9:                   # a Wilson bound's rounding residue
        return "0"
    return f"{x:.0f}" if abs(x) >= 100 else f"{x:.3g}"


def table_rows(rows: list[dict]) -> list[list[str]]:
    """The cells of rows of one kind (a constraint's range and verdict, an illustration's example)."""
    out = []
    for r in rows:
        val = "no games" if r["value"] is None else (
            f"{_fmt(r['value'])} [{_fmt(r['lo'])}, {_fmt(r['hi'])}]" if r["lo"] is not None
            else _fmt(r["value"]))
        name = f"{r['name']} ({r['layout']})" if r.get("layout") else r["name"]
        if r.get("kind", "constraint") == "constraint":
            ok = {True: "yes", False: "**no**", None: "–"}[r["in_range"]]
            out.append([name, r["statistic"], r["at"], str(r["players"]), val, r["range"], ok,
                        str(r["games"]), r["source"]])
        else:
            out.append([name, r["statistic"], r["at"], str(r["players"]), val, _fmt(r["example"]),
                        str(r["games"]), r["source"]])
    return out


def of_kind(rows: list[dict], kind: str) -> list[dict]:
    return [r for r in rows if r.get("kind", "constraint") == kind]


def head_of(kind: str) -> list[str]:
    return HEAD if kind == "constraint" else HEAD_ILLUSTRATION


def _by_target(rows: list[dict]) -> list[dict]:
    """One row per target name (for the sources: rows repeat per player count and layout)."""
    return list({r["name"]: r for r in rows}.values())


def violated(rows: list[dict]) -> list[dict]:
    """The constraints measured outside their range."""
    return [r for r in of_kind(rows, "constraint") if r["in_range"] is False]


def summary(rows: list[dict]) -> str:
    measured = [r for r in of_kind(rows, "constraint") if r["in_range"] is not None]
    inside = sum(r["in_range"] for r in measured)
    shown = sum(r["value"] is not None for r in of_kind(rows, "illustration"))
    return (f"{inside} of {len(measured)} measured constraints in range; {shown} illustration "
            f"rows reported beside their worked examples (not targets)")


def render_markdown(title: str, meta: dict, rows: list[dict]) -> str:
    lines = [f"# {title}", "", meta["about"], "", f"**{summary(rows)}.**"]
    for kind in TITLES:
        part = of_kind(rows, kind)
        if not part:
            continue
        head = head_of(kind)
        lines += ["", f"## {TITLES[kind]}", "", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        for r in table_rows(part):
            lines.append("| " + " | ".join(c.replace("|", "/") for c in r) + " |")
    lines += ["", "## Sources", ""]
    for r in _by_target(rows):
        lines.append(f"- **{r['name']}** ({r.get('kind', 'constraint')}, {r['source']}): {r['reference']}")
    return "\n".join(lines) + "\n"


def render_html(title: str, meta: dict, rows: list[dict], png: str | None) -> str:
    body = [f"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{_e(title)}</title>"
            "<style>body{font-family:sans-serif;max-width:70em;margin:2em auto;padding:0 1em}"
            "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.25em .5em}"
            "tr.out td{background:#fde8e8}img{max-width:100%}</style></head><body>",
            f"<h1>{_e(title)}</h1><p>{_e(meta['about'])}</p><p><b>{_e(summary(rows))}.</b></p>"]
    for kind in TITLES:
        part = of_kind(rows, kind)
        if part:
            body.append(f"<h2>{_e(TITLES[kind])}</h2>")
            body.append(_html_table(head_of(kind), [[c.replace("**", "") for c in r] for r in table_rows(part)],
                                    ["out" if r["in_range"] is False else "" for r in part]))
    if png:
        body.append(f'<figure><img alt="targets" src="data:image/png;base64,{png}"><figcaption>Each '
                    "constraint's value (dot) and 95% interval (bar) against its range (band), as a "
                    "share of the range's width from its low end; each illustration's value as a "
                    "multiple of its worked example's figure (line at 1).</figcaption></figure>")
    body.append("<h2>Sources</h2><ul>" + "".join(
        f"<li><b>{_e(r['name'])}</b> ({_e(r.get('kind', 'constraint'))}, {_e(r['source'])}): "
        f"{_e(r['reference'])}</li>" for r in _by_target(rows)) + "</ul>")
    body.append("</body></html>")
    return "\n".join(body)


def figure(rows: list[dict]) -> str | None:
    """PNG (base64) of every measured target, scaled so its range is 0..1."""
    measured = [r for r in rows if r["value"] is not None]
    if not measured:
        return None
    from matplotlib.figure import Figure
    fig = Figure(figsize=(8, 0.45 * len(measured) + 1.2))
    ax = fig.add_subplot()
    for i, r in enumerate(measured):
        if r.get("kind", "constraint") == "constraint":
            width = (r["high"] - r["low"]) or 1.0
            scale = (lambda x, r=r, width=width: (x - r["low"]) / width)
        else:               # an illustration: as a multiple of its example's figure (1 = the example)
            scale = (lambda x, r=r: x / r["example"] if r["example"] else x)
        y = len(measured) - 1 - i
        if r.get("kind", "constraint") == "constraint":
            ax.fill_betweenx([y - 0.3, y + 0.3], 0, 1, color="#cfe8cf")
        else:
            ax.plot([1, 1], [y - 0.3, y + 0.3], color="#36c", lw=2)
        if r["lo"] is not None:
            ax.plot([scale(r["lo"]), scale(r["hi"])], [y, y], color="#333")
        ax.plot([scale(r["value"])], [y], "o", color={True: "#2a7", False: "#c33", None: "#36c"}[r["in_range"]])
    ax.set_yticks(range(len(measured)))
    ax.set_yticklabels([f"{r['name']} ({r['players']}p{', ' + r['at'] if r.get('at', 'end') != 'end' else ''}"
                        f"{', ' + r['layout'] if r.get('layout') else ''})" for r in reversed(measured)])
    ax.set_xlabel("constraint: position in its range (0 = low, 1 = high); illustration: value / example")
    ax.axvline(0, color="#888", lw=0.5)
    ax.axvline(1, color="#888", lw=0.5)
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch
    keys = [Patch(color="#cfe8cf", label="the target's range"), Line2D([], [], color="#333", label="95% interval"),
            Line2D([], [], ls="", marker="o", color="#2a7", label="measured, in range"),
            Line2D([], [], ls="", marker="o", color="#c33", label="measured, out of range"),
            Line2D([], [], color="#36c", lw=2, label="an illustration's example"),
            Line2D([], [], ls="", marker="o", color="#36c", label="illustration, measured")]
    # above the axes, never over the rows (points far out of range reach any corner)
    ax.legend(handles=keys, loc="lower left", bbox_to_anchor=(0.0, 1.02), borderaxespad=0.0, ncol=3,
              fontsize=7, frameon=False)
    fig.tight_layout()
    return _png(fig)


def write_report(out: Path, title: str, meta: dict, rows: list[dict]) -> list[Path]:
    """calibration.md, calibration.html and calibration.json in folder out."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    png = figure(rows)
    paths = [out / "calibration.md", out / "calibration.html", out / "calibration.json"]
    paths[0].write_text(render_markdown(title, meta, rows))
    paths[1].write_text(render_html(title, meta, rows, png))
    paths[2].write_text(json.dumps({"meta": meta, "targets": rows}, indent=1))
    return paths
