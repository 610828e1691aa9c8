"""Balance report files: one self-contained HTML page (figures as base64 PNG,
CSS inline, no scripts, nothing fetched), the same numbers as Markdown, and
the analysis as JSON (what `maracaibo balance --compare` reads).

    paths = write_report(analysis, "out/")      # balance.html, balance.md, balance.json
    html = render_html(analysis); md = render_markdown(analysis)

Every renderer works from the JSON form alone, so a report can be rebuilt
from its .json file (`render_html(json.load(...))`).
"""
from __future__ import annotations

import html as _html
import json
import math
import time
from pathlib import Path

from .solo import solo_side  # noqa: F401  (also read from here)
from .stats import clean

METHODS = [
    ("Win", "a sole winner scores 1 win, each of k players sharing the win (after the game's "
            "tie-breakers, GameResult.winners) 1/k; in solo games the player wins only with more VP "
            "than Jean (a tie goes to Jean)."),
    ("Intervals", "95% everywhere: Wilson score intervals for rates; Student-t intervals for means; "
                  "normal intervals for stratified differences; differences of two rates in --compare "
                  "use Newcombe's hybrid score interval, differences of means Welch's t interval."),
    ("Seat advantage", "Pearson chi-square goodness of fit of the wins per seat against the wins "
                       "expected from the agents seated there (each agent's win rate at that player "
                       "count, summed over the games; with agents spread evenly this is the equal "
                       "share 1/players), df = seats - 1. VP: Friedman chi-square (3-4 seats) or "
                       "Wilcoxon signed-rank (2 seats) on VP minus the agent's mean VP, games as "
                       "blocks. The player counts' tests are corrected together with Benjamini-Hochberg."),
    ("Strategies", "openskill Plackett-Luce (library defaults mu 25, sigma 25/3) over the multi-player "
                   "games in order, each seat a one-player team ranked by score (equal scores share a "
                   "rank), games where an agent sits twice skipped; the ordinal is mu - 3 sigma "
                   "(maracaibo_env.tournament.ratings). Head-to-head: A's credit "
                   "against B in the games both played (1 ahead, 1/2 level), Wilson intervals."),
    ("Component strength", "A player (one deciding seat of one game) took a component when the game "
                           "recorded it: a project card bought or played, a prestige building invested "
                           "in, a quest tile fulfilled, a city tile whose action was used, the career "
                           "card kept, the story card of the game. Players are grouped by player count "
                           "(solo: by Jean's level) and agent; the strata are (group, round of the first "
                           "take). Each taker is compared with the non-takers of its group. Win rate: "
                           "Cochran-Mantel-Haenszel test over the strata (continuity-corrected; the round "
                           "strata of a group share its non-takers, so the variance is taken under one "
                           "win rate per group, which equals the textbook CMH variance when a group has "
                           "one stratum), with the Mantel-Haenszel odds ratio and the stratified "
                           "difference of win rates. VP: stratified mean difference, weights = takers per "
                           "stratum, standard error counting each group's non-takers once (normal test). "
                           "A component with fewer takers or non-takers than the minimum is described, not "
                           "tested."),
    ("Multiple comparisons", "Benjamini-Hochberg false-discovery-rate control over all component "
                             "tests together (the CMH win test and the VP test of every tested "
                             "component); a component is flagged strong or weak when one of its "
                             "q-values is at most the FDR level and that difference is at least the "
                             "minimum effect (default 2 VP, 5 win-rate points: with 100,000 games a "
                             "fraction of a VP is significant but not worth a designer's change); "
                             "'mixed' when the two disagree in direction."),
    ("Caveats", "Takers choose their components: an effect measures the players who took a component, "
                "not the component alone (a strong agent's favourites look strong). The strata by player "
                "count and agent remove the largest part of that; compare two reports on the same seeds "
                "(--compare) to measure a change to the data itself."),
]


def _game(a):
    """The adapter of the report's game (Maracaibo for a report written before Pirates)."""
    from ..agents.adapter import get_adapter
    return get_adapter(a["meta"].get("game", "maracaibo"))


def _level_name(lv: str) -> str:
    """'hard' (Jean's), 'level 3' (Jordan's k)."""
    return f"level {lv}" if lv.isdigit() else lv


def methods(a) -> list[tuple[str, str]]:
    """METHODS, with the game's own sentence on what taking a component means and
    its solo opponent's name."""
    what = _game(a).component_method
    who = solo_side(a)[0]
    return [(k, (what + " Players are grouped" + v.split(" Players are grouped", 1)[1]
                 if k == "Component strength" else v).replace("Jean", who)) for k, v in METHODS]


def _solo_absent(a) -> str:
    ad = _game(a)
    return ("No solo games in these results." if ad.solo_format else
            f"{ad.title} has no solo game.")


# ------------------------------------------------------------------ formatting

def _nan(x) -> bool:
    return x is None or (isinstance(x, float) and math.isnan(x))


def pct(rec, digits=1) -> str:
    if not rec or _nan(rec.get("p")):
        return "n/a"
    return f"{100 * rec['p']:.{digits}f}% [{100 * rec['lo']:.{digits}f}, {100 * rec['hi']:.{digits}f}]"


def num(rec, digits=1, key="mean") -> str:
    if not rec or _nan(rec.get(key)):
        return "n/a"
    if _nan(rec.get("lo")):
        return f"{rec[key]:.{digits}f}"
    return f"{rec[key]:.{digits}f} [{rec['lo']:.{digits}f}, {rec['hi']:.{digits}f}]"


def signed(rec, digits=1, scale=1.0, unit="") -> str:
    if not rec or _nan(rec.get("estimate")):
        return "n/a"
    e, lo, hi = (scale * rec[k] if not _nan(rec[k]) else float("nan") for k in ("estimate", "lo", "hi"))
    return f"{e:+.{digits}f}{unit} [{lo:+.{digits}f}, {hi:+.{digits}f}]"


def pval(p) -> str:
    if _nan(p):
        return "n/a"
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def f1(x, digits=1) -> str:
    return "n/a" if _nan(x) else f"{x:.{digits}f}"


def seconds(x) -> str:
    if _nan(x):
        return "n/a"
    return f"{x:.1f} s" if x < 120 else f"{x / 60:.1f} min"


def _timing(m) -> str:
    t = m.get("timing", {})
    return ", ".join(f"{k.replace('_seconds', '')} {seconds(v)}" for k, v in t.items() if not _nan(v)) or "n/a"


# ------------------------------------------------------------------ tables (shared by HTML and MD)

def _table_about(a) -> tuple[list, list]:
    m = a["meta"]
    rows = [
        ["games", f"{m['games']}"],
        ["multi-player games", ", ".join(f"{k}: {v}" for k, v in m["multiplayer_games"].items()) or "none"],
        *([[f"solo games ({solo_side(a)[0]}'s level)",
            ", ".join(f"{k}: {v}" for k, v in m["solo_games"].items()) or "none"]]
          if _game(a).solo_format else []),
        ["agents", ", ".join(m["agents"])],
        ["player counts", ", ".join(str(x) for x in m["player_counts"])],
        *([["story cards", ", ".join(f"{k}: {v}" for k, v in m["stories"].items())]]
          if "stories" in m else []),
        ["game data", m["data_note"]],
        ["data hash (catalog)", m["catalog_hash"]],
        ["data hash (shipped data)", m["shipped_hash"]],
        ["data hashes in the games", ", ".join(f"{k[:16]}: {v}" for k, v in m["data_hashes"].items())],
        ["data provenance", a["provenance"]["data"]["note"]],
        ["duplicate play", m["duplicate"]["note"] or "no seat rotations of a shared deal found"],
        ["time taken", _timing(m)],
        ["generated", m["generated"]],
    ]
    for k in ("command", "options", "data_dir", "tournament", "db"):
        if m.get(k):
            rows.append([k.replace("_", " "), str(m[k])])
    return ["", ""], rows


def _table_provenance(a) -> tuple[list, list]:
    rows = []
    for kind, v in a["provenance"]["kinds"].items():
        c = v["counts"]
        rows.append([kind, str(c.get("rulebook", 0)), str(c.get("published", 0)), str(c.get("reconstructed", 0)),
                     v["note"]])
    return ["kind", "rulebook", "published", "reconstructed", "note"], rows


def _tables_seats(a) -> list[tuple[str, list, list, str]]:
    out = []
    for label, s in a["seats"].items():
        rows = [[str(x["seat"]), pct(x["win"]), f"{100 * x['expected_rate']:.1f}%", num(x["vp"]),
                 num(x["vp_vs_agent"], key="mean"), f1(x["mean_rank"], 2)] for x in s["seats"]]
        test = (f"{s['games']} games. All seats equal? {s['chi_square']['test']}: chi-square = "
                f"{f1(s['chi_square']['statistic'], 2)}, df = {s['chi_square']['df']}, p = "
                f"{pval(s['chi_square']['p'])} (BH q = {pval(s.get('q_win'))}); VP: "
                f"{s['vp_test']['test'] or 'not tested'}, p = {pval(s['vp_test']['p'])} "
                f"(BH q = {pval(s.get('q_vp'))})."
                + ("" if s["balanced"] else f" Agents were not spread evenly over the seats (largest "
                   f"deviation from an equal share {100 * s['seat_imbalance']:.0f} points)."))
        out.append((f"{label}", ["seat", "win rate [95% CI]", "expected from agents", "mean VP [95% CI]",
                                 "VP minus agent mean", "mean place"], rows, test))
    return out


def _tables_strategies(a) -> list[tuple[str, list, list, str]]:
    s = a["strategies"]
    out = []
    if s["ratings"]:
        rows = [[k, f1(v["mu"], 2), f1(v["sigma"], 2), f1(v["ordinal"], 2), str(v["games"])]
                for k, v in s["ratings"].items()]
        out.append(("Ratings (openskill Plackett-Luce)", ["agent", "mu", "sigma", "ordinal", "games"], rows,
                    f"Computed by {s.get('implementation', '')}."))
    for label, per in s["by_player_count"].items():
        rows = [[ag, pct(v["win"]), f"{100 * v['fair_share']:.1f}%", num(v["vp"]), str(v["win"]["n"])]
                for ag, v in per.items()]
        out.append((f"Win rate and VP per agent, {label}",
                    ["agent", "win rate [95% CI]", "fair share", "mean VP [95% CI]", "players"], rows, ""))
    if s["pairwise"]:
        rows = [[x["a"], x["b"], pct(x), f1(x["k"]), str(x["n"])] for x in s["pairwise"]]
        out.append(("Head-to-head", ["agent A", "opponent B", "A's credit [95% CI]", "credit", "games"],
                    rows, "Credit: 1 when A finished ahead of B, 1/2 when level."))
    return out


def _tables_scores(a) -> list[tuple[str, list, list, str]]:
    out = []
    for label, per in a["scores"].items():
        rows = []
        for ag, v in per.items():
            q = v["quantiles"]
            rows.append([ag, str(v["vp"]["n"]), num(v["vp"]), f1(v["vp"]["sd"]),
                         " / ".join(f1(q.get(k), 0) for k in ("min", "q25", "median", "q75", "max"))])
        out.append((f"Final VP, {label}", ["agent", "players", "mean [95% CI]", "sd", "min / q25 / median / q75 / max"],
                    rows, ""))
    order = a.get("sources_order", [])
    for label, per in a["sources"].items():
        used = [s for s in order if any(not _nan(v[s]["mean"]) and v[s]["mean"] != 0 for v in per.values() if s in v)]
        rows = [[ag] + [f1(v[s]["mean"]) for s in used] for ag, v in per.items()]
        out.append((f"Mean VP by source, {label}", ["agent"] + used, rows, ""))
    return out


def _table_length(a) -> tuple[list, list]:
    rows = []
    for label, v in a["length"].items():
        rows.append([label, str(v["games"]), num(v["decisions"]), *[num(r, 2) for r in v["turns_per_round"]],
                     num(v["turns_per_game"])])
    n = max((len(v["turns_per_round"]) for v in a["length"].values()), default=_game(a).rounds)
    return ["players", "games", "decisions per game",
            *[f"turns {ROUND_NAMES[i] if i < len(ROUND_NAMES) else i + 1}" for i in range(n)],
            "turns per game"], rows


ROUND_NAMES = ("I", "II", "III", "IV")      # later rounds: their number


COMP_HEAD = ["component", "key", "source", "takers (share)", "rounds taken", "takers' win rate",
             "others' win rate", "win-rate difference (pts)", "MH odds ratio", "CMH p", "q",
             "takers' VP", "VP difference", "VP p", "q", "flag"]


def _component_rows(block) -> list[list]:
    items = sorted(block["items"], key=lambda x: (not x["tested"],
                                                  -(x.get("vp_diff", {}).get("estimate") or 0) if x["tested"]
                                                  else -x["takers"]))
    rows = []
    for x in items:
        rounds = ", ".join(f"{k}: {v}" for k, v in x["by_round"].items())
        if x["tested"]:
            c = x["cmh"]
            orr = "n/a" if _nan(c["odds_ratio"]) else f"{c['odds_ratio']:.2f}"
            rows.append([x["name"], x["key"], x["source"], f"{x['takers']} ({100 * x['take']['p']:.1f}%)", rounds,
                         pct(x["win_takers"]), pct(x["win_others"]), signed(x["win_diff"], 1, 100),
                         orr, pval(c["p"]), pval(x["q_win"]), num(x["vp_takers"]), signed(x["vp_diff"]),
                         pval(x["vp_diff"]["p"]), pval(x["q_vp"]), x["flag"] or ""])
        else:
            share = "n/a" if _nan(x["take"]["p"]) else f"{100 * x['take']['p']:.1f}%"
            rows.append([x["name"], x["key"], x["source"], f"{x['takers']} ({share})", rounds,
                         pct(x["win_takers"]), pct(x["win_others"]), "", "", "", "", num(x["vp_takers"]),
                         "", "", "", x["note"]])
    return rows


def _solo_tables(a) -> list[tuple[str, list, list, str]]:
    solo = a["solo"]
    if not solo:
        return []
    out = []
    who, key = solo_side(a)
    for lv, s in solo["levels"].items():
        rows = [[ag, str(v["games"]), pct(v["win"]), num(v["vp"]), num(v[f"{key}_vp"]), num(v["margin"])]
                for ag, v in s["agents"].items()]
        out.append((f"{who} at {_level_name(lv)} ({s['games']} games)",
                    ["agent", "games", f"beats {who} [95% CI]", "agent's VP", f"{who}'s VP", "margin"],
                    rows, ""))
    order = a.get("sources_order", [])
    levels = list(solo["levels"])
    src = {lv: solo["levels"][lv][f"{key}_sources"] for lv in levels}
    used = [s for s in order if any((src[lv].get(s) or {}).get("mean") for lv in levels)]
    rows = [[lv] + [f1(src[lv][s]["mean"]) for s in used] for lv in levels]
    out.append((f"{who}'s mean VP by source", ["level"] + used, rows, ""))
    return out


# ------------------------------------------------------------------ HTML

CSS = """
body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;margin:0;color:#222;background:#fafafa}
main{max-width:1200px;margin:0 auto;padding:1rem 1.5rem 3rem}
header{background:#1f3b57;color:#fff;padding:1rem 1.5rem}
header h1{margin:0 0 .3rem;font-size:1.5rem} header p{margin:0;opacity:.9}
nav{background:#e8eef4;padding:.5rem 1.5rem;font-size:.9rem} nav a{margin-right:1rem;color:#1f3b57}
h2{border-bottom:2px solid #1f3b57;padding-bottom:.2rem;margin-top:2.2rem}
h3{margin-top:1.6rem}
table{border-collapse:collapse;margin:.6rem 0;font-size:.82rem;background:#fff}
th,td{border:1px solid #ccd;padding:.25rem .45rem;text-align:left;vertical-align:top}
th{background:#e8eef4}
.scroll th{position:sticky;top:0}
tr.flag-strong td{background:#e6f4e6} tr.flag-weak td{background:#fbe7e3} tr.flag-mixed td{background:#fff6d6}
tr.reconstructed td:first-child::after{content:' *';color:#a33}
.prov{font-size:.85rem;color:#6b3a00;background:#fff4e0;border-left:4px solid #e69500;padding:.3rem .6rem}
.findings li{margin:.35rem 0} .findings li.flag{font-weight:600;color:#8a1c00} .findings li.warn{color:#8a5a00}
figure{margin:1rem 0;background:#fff;border:1px solid #dde;padding:.5rem;display:inline-block;max-width:100%}
figure img{max-width:100%;height:auto} figcaption{font-size:.8rem;color:#444;max-width:60rem}
.note{font-size:.85rem;color:#444} .scroll{overflow-x:auto;max-height:38rem;overflow-y:auto}
dl.methods dt{font-weight:600;margin-top:.6rem} dl.methods dd{margin-left:1rem}
"""


def _e(x) -> str:
    return _html.escape(str(x))


def _html_table(head, rows, row_classes=None, cls="") -> str:
    out = [f'<table class="{cls}">' if cls else "<table>"]
    if any(head):
        out.append("<thead><tr>" + "".join(f"<th>{_e(h)}</th>" for h in head) + "</tr></thead>")
    out.append("<tbody>")
    for i, r in enumerate(rows):
        rc = f' class="{row_classes[i]}"' if row_classes and row_classes[i] else ""
        out.append(f"<tr{rc}>" + "".join(f"<td>{_e(c)}</td>" for c in r) + "</tr>")
    out.append("</tbody></table>")
    return "".join(out)


def _html_figs(figs, section) -> str:
    out = []
    for f in figs:
        if f["section"] != section:
            continue
        out.append(f'<figure id="fig-{_e(f["id"])}"><img alt="{_e(f["title"])}" '
                   f'src="data:image/png;base64,{f["png"]}"><figcaption><b>{_e(f["title"])}.</b> '
                   f'{_e(f["caption"])} <i>Data: {_e(f["provenance"])}.</i></figcaption></figure>')
    return "\n".join(out)


def render_html(analysis: dict, figs: list[dict] | None = None) -> str:
    """The report as one self-contained HTML page."""
    a = clean(analysis)
    if figs is None:
        from .figures import figures
        figs = figures(a)
    m = a["meta"]
    whole = a["provenance"]["data"]["note"]
    parts = [f"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
             f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
             f"<title>{_e(a['title'])}</title><style>{CSS}</style></head><body>",
             f"<header><h1>{_e(a['title'])}</h1><p>{m['games']} games &middot; players: "
             f"{_e(', '.join('solo' if n == 1 else str(n) for n in m['player_counts']))} &middot; agents: "
             f"{_e(', '.join(m['agents']))} &middot; data {_e(m['catalog_hash'][:16])}"
             f"{' (MODIFIED)' if m['data_modified'] else ''} &middot; time taken: {_e(_timing(m))} &middot; "
             f"generated {_e(m['generated'])}</p></header>",
             "<nav>" + "".join(f'<a href="#{i}">{t}</a>' for i, t in (
                 ("findings", "Findings"), ("about", "About"), ("seats", "Seats"), ("strategies", "Strategies"),
                 ("scores", "Scores"), ("length", "Length"), ("components", "Components"), ("solo", "Solo"),
                 ("methods", "Methods"))) + "</nav><main>"]
    parts.append('<section id="findings"><h2>Findings</h2><ul class="findings">'
                 + "".join(f'<li class="{_e(f["level"])}">{_e(f["text"])}</li>' for f in a["findings"])
                 + "</ul></section>")
    head, rows = _table_about(a)
    parts.append('<section id="about"><h2>About these games</h2>' + _html_table(head, rows)
                 + "<h3>Where the game data comes from</h3>"
                 + _html_table(*_table_provenance(a))
                 + f'<p class="prov">Every section rests on the whole game data ({_e(whole)}); component '
                   "tables mark each reconstructed component with *.</p></section>")
    sec = ['<section id="seats"><h2>Seat and turn-order advantage</h2>',
           f'<p class="prov">Rests on the whole game data: {_e(whole)}.</p>']
    if not a["seats"]:
        sec.append("<p>No multi-player games.</p>")
    for title, head, rows, note in _tables_seats(a):
        sec.append(f"<h3>{_e(title)}</h3>" + _html_table(head, rows) + f'<p class="note">{_e(note)}</p>')
    sec.append(_html_figs(figs, "seats") + "</section>")
    parts.append("".join(sec))
    sec = ['<section id="strategies"><h2>Strategies: ratings and match-ups</h2>',
           f'<p class="prov">Rests on the whole game data: {_e(whole)}.</p>']
    for title, head, rows, note in _tables_strategies(a):
        sec.append(f"<h3>{_e(title)}</h3><div class=\"scroll\">" + _html_table(head, rows) + "</div>"
                   + (f'<p class="note">{_e(note)}</p>' if note else ""))
    sec.append(_html_figs(figs, "strategies") + "</section>")
    parts.append("".join(sec))
    sec = ['<section id="scores"><h2>Scores and VP by source</h2>',
           f'<p class="prov">Rests on the whole game data: {_e(whole)}.</p>', _html_figs(figs, "scores")]
    for title, head, rows, note in _tables_scores(a):
        sec.append(f"<h3>{_e(title)}</h3><div class=\"scroll\">" + _html_table(head, rows) + "</div>")
    parts.append("".join(sec) + "</section>")
    head, rows = _table_length(a)
    parts.append('<section id="length"><h2>Game length</h2>'
                 f'<p class="prov">Rests on the whole game data: {_e(whole)}.</p>'
                 + _html_table(head, rows) + _html_figs(figs, "length")
                 + '<p class="note">Turns: ended turns of each player in each round (GameResult.turns); '
                   f"decisions: every decision of the game, {_e(solo_side(a)[0])}'s automatic turns not counted.</p></section>")
    comps = a["components"]
    tests = comps.get("_tests", {})
    sec = ['<section id="components"><h2>Component strength</h2>',
           f'<p class="note">Takers against non-takers of the same player count and agent, stratified by '
           f'the round taken; flags: Benjamini-Hochberg FDR {100 * a["settings"]["alpha"]:.0f}% over '
           f'{tests.get("family", 0)} tests and a difference of at least '
           f'{a["settings"].get("min_effect_vp", 0):g} VP or '
           f'{100 * a["settings"].get("min_effect_win", 0):g} win-rate points; components with fewer than {a["settings"]["min_takers"]} takers '
           "or non-takers are not tested. Rows: green = strong, red = weak; * = reconstructed.</p>"]
    for kind, block in comps.items():
        if kind.startswith("_"):
            continue
        rows_src = sorted(block["items"], key=lambda x: (not x["tested"],
                                                         -(x.get("vp_diff", {}).get("estimate") or 0) if x["tested"]
                                                         else -x["takers"]))
        classes = [" ".join(c for c in ((f"flag-{x['flag']}" if x["flag"] else ""),
                                         ("reconstructed" if x["source"] == "reconstructed" else "")) if c)
                   for x in rows_src]
        sec.append(f'<h3 id="components-{_e(kind)}">{_e(kind.capitalize())}</h3>'
                   f'<p class="prov">{_e(block["note"])}.</p>'
                   f'<p class="note">{block.get("tested", 0)} tested, {block.get("flagged", 0)} flagged; median '
                   f'VP difference of the tested: {f1(block.get("median_vp_effect"))}.</p>'
                   + _html_figs(figs, f"components-{kind}")
                   + '<div class="scroll">' + _html_table(COMP_HEAD, _component_rows(block), classes) + "</div>")
    parts.append("".join(sec) + "</section>")
    sec = [f'<section id="solo"><h2>Solo against {_e(solo_side(a)[0])}</h2>']
    if a["solo"]:
        sec.append(f'<p class="prov">Rests on the whole game data ({_e(whole)}); {_e(solo_side(a)[0])}: '
                   f'{_e(a["solo"]["note"])}.</p>')
        for title, head, rows, note in _solo_tables(a):
            sec.append(f"<h3>{_e(title)}</h3>" + _html_table(head, rows))
        sec.append(_html_figs(figs, "solo"))
    else:
        sec.append(f"<p>{_e(_solo_absent(a))}</p>")
    parts.append("".join(sec) + "</section>")
    parts.append('<section id="methods"><h2>Methods</h2><dl class="methods">'
                 + "".join(f"<dt>{_e(k)}</dt><dd>{_e(v)}</dd>" for k, v in methods(a))
                 + "</dl></section></main></body></html>")
    return "\n".join(parts)


# ------------------------------------------------------------------ Markdown

def _md_cell(x) -> str:
    return str(x).replace("|", "\\|").replace("\n", " ")


def md_table(head, rows) -> str:
    if not rows:
        return "_none_\n"
    head = [h or " " for h in head]
    out = ["| " + " | ".join(_md_cell(h) for h in head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(_md_cell(c) for c in r) + " |" for r in rows]
    return "\n".join(out) + "\n"


def render_markdown(analysis: dict) -> str:
    """The report's numbers as Markdown (no figures)."""
    a = clean(analysis)
    m = a["meta"]
    whole = a["provenance"]["data"]["note"]
    out = [f"# {a['title']}\n", f"{m['games']} games; time taken: {_timing(m)}; generated {m['generated']}.\n",
           "## Findings\n"]
    out += [f"- {'**' if f['level'] == 'flag' else ''}{f['text']}{'**' if f['level'] == 'flag' else ''}"
            for f in a["findings"]]
    out.append("\n## About these games\n")
    out.append(md_table(*_table_about(a)))
    out.append("\n### Where the game data comes from\n")
    out.append(md_table(*_table_provenance(a)))
    out.append(f"\n## Seat and turn-order advantage\n\n> Rests on the whole game data: {whole}.\n")
    for title, head, rows, note in _tables_seats(a):
        out.append(f"\n### {title}\n\n" + md_table(head, rows) + f"\n{note}\n")
    out.append(f"\n## Strategies: ratings and match-ups\n\n> Rests on the whole game data: {whole}.\n")
    for title, head, rows, note in _tables_strategies(a):
        out.append(f"\n### {title}\n\n" + md_table(head, rows) + (f"\n{note}\n" if note else ""))
    out.append(f"\n## Scores and VP by source\n\n> Rests on the whole game data: {whole}.\n")
    for title, head, rows, note in _tables_scores(a):
        out.append(f"\n### {title}\n\n" + md_table(head, rows))
    out.append(f"\n## Game length\n\n> Rests on the whole game data: {whole}.\n\n" + md_table(*_table_length(a)))
    comps = a["components"]
    out.append(f"\n## Component strength\n\nFlags: Benjamini-Hochberg FDR {100 * a['settings']['alpha']:.0f}% "
               f"over {comps.get('_tests', {}).get('family', 0)} tests and a difference of at least "
               f"{a['settings'].get('min_effect_vp', 0):g} VP or "
               f"{100 * a['settings'].get('min_effect_win', 0):g} win-rate points.\n")
    for kind, block in comps.items():
        if kind.startswith("_"):
            continue
        out.append(f"\n### {kind.capitalize()}\n\n> {block['note']}.\n\n{block.get('tested', 0)} tested, "
                   f"{block.get('flagged', 0)} flagged; median VP difference {f1(block.get('median_vp_effect'))}.\n\n"
                   + md_table(COMP_HEAD, _component_rows(block)))
    out.append(f"\n## Solo against {solo_side(a)[0]}\n")
    if a["solo"]:
        out.append(f"\n> Rests on the whole game data ({whole}); {solo_side(a)[0]}: {a['solo']['note']}.\n")
        for title, head, rows, note in _solo_tables(a):
            out.append(f"\n### {title}\n\n" + md_table(head, rows))
    else:
        out.append(f"\n{_solo_absent(a)}\n")
    out.append("\n## Methods\n")
    out += [f"- **{k}.** {v}" for k, v in methods(a)]
    return "\n".join(out) + "\n"


# ------------------------------------------------------------------ files

def write_formats(out_dir, basename: str, html: str, markdown: str, data: dict) -> dict[str, Path]:
    """Write <basename>.html, .md and .json (data, NaN refused) into out_dir,
    made if missing; returns their paths."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths = {"html": out / f"{basename}.html", "md": out / f"{basename}.md", "json": out / f"{basename}.json"}
    paths["html"].write_text(html, encoding="utf-8")
    paths["md"].write_text(markdown, encoding="utf-8")
    paths["json"].write_text(json.dumps(data, indent=1, allow_nan=False), encoding="utf-8")
    return paths


def write_report(analysis: dict, out_dir, basename: str = "balance") -> dict[str, Path]:
    """Write <basename>.html, .md and .json into out_dir; returns their paths.
    The time taken to draw and write is added to meta.timing.report_seconds."""
    t0 = time.perf_counter()
    a = clean(analysis)
    from .figures import figures
    figs = figures(a)
    a["meta"].setdefault("timing", {})["report_seconds"] = time.perf_counter() - t0
    return write_formats(out_dir, basename, render_html(a, figs), render_markdown(a), a)


def load_report(path) -> dict:
    """A report's JSON, checked to be a balance report."""
    from .analysis import SCHEMA
    with open(path, encoding="utf-8") as fh:
        a = json.load(fh)
    if not isinstance(a, dict) or a.get("schema") != SCHEMA:
        raise ValueError(f"{path}: not a balance report JSON (schema {SCHEMA!r} expected, "
                         f"found {a.get('schema') if isinstance(a, dict) else type(a).__name__!r})")
    return a
