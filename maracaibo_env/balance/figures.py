"""Figures of a balance report, drawn with matplotlib's Agg canvas (no pyplot,
no display) from the analysis dict alone, each returned as a base64 PNG.

    figures(analysis) -> list of {'id', 'section', 'title', 'png', 'caption', 'provenance'}

A figure whose data is missing (no solo games, a single player count...) is
left out. Every caption says what the error bars are; `provenance` says how
much of the data behind the figure is reconstructed.
"""
from __future__ import annotations

import base64
import io
import math

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

COLORS = ("#4477AA", "#EE6677", "#228833", "#CCBB44", "#66CCEE", "#AA3377", "#BBBBBB", "#000000",
          "#EE8866", "#44BB99", "#99DDFF", "#FFAABB", "#77AADD", "#DDDDDD", "#332288", "#882255",
          "#117733", "#999933")
STRONG, WEAK, NEUTRAL = "#228833", "#CC3311", "#555555"


def _nan(x) -> bool:
    return x is None or (isinstance(x, float) and math.isnan(x))


def _v(x, default=0.0) -> float:
    return default if _nan(x) else float(x)


def _png(fig: Figure) -> str:
    FigureCanvasAgg(fig)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=96, bbox_inches="tight")
    return base64.b64encode(buf.getvalue()).decode("ascii")


def _err(rec) -> tuple[float, float]:
    """(below, above) error-bar lengths of a record with p/mean and lo/hi."""
    c = _v(rec.get("p", rec.get("mean", rec.get("estimate"))))
    lo, hi = rec.get("lo"), rec.get("hi")
    if _nan(lo) or _nan(hi):
        return 0.0, 0.0
    return max(0.0, c - lo), max(0.0, hi - c)


def _center(rec) -> float:
    return _v(rec.get("p", rec.get("mean", rec.get("estimate"))))


def legend_above(ax, ncol: int | None = None, **kw):
    """The axes' legend outside it, in a row above its top edge, so it never
    covers data (tight_layout and savefig's tight bounding box make room)."""
    handles, names = ax.get_legend_handles_labels()
    if not handles:
        return None
    return ax.legend(handles, names, loc="lower left", bbox_to_anchor=(0.0, 1.02), borderaxespad=0.0,
                     ncol=ncol or min(4, len(handles)), fontsize=7, frameon=False, **kw)


def figure_legend_above(fig, ax, ncol: int | None = None):
    """One legend for a row of axes (the handles of `ax`), above the figure."""
    handles, names = ax.get_legend_handles_labels()
    if not handles:
        return None
    return fig.legend(handles, names, loc="lower center", bbox_to_anchor=(0.5, 1.0), borderaxespad=0.0,
                      ncol=ncol or min(6, len(handles)), fontsize=7, frameon=False)


def _item(fid, section, title, fig, caption, provenance) -> dict:
    return {"id": fid, "section": section, "title": title, "png": _png(fig), "caption": caption,
            "provenance": provenance}


def _agent_colors(agents) -> dict:
    return {a: COLORS[i % len(COLORS)] for i, a in enumerate(sorted(agents))}


def seat_figures(a, note) -> list[dict]:
    seats = a["seats"]
    if not seats:
        return []
    out = []
    n = len(seats)
    fig = Figure(figsize=(3.6 * n, 3.2))
    for i, (label, s) in enumerate(seats.items()):
        ax = fig.add_subplot(1, n, i + 1)
        xs = np.arange(len(s["seats"])) + 1
        ys = [100 * _center(x["win"]) for x in s["seats"]]
        err = np.array([[100 * e for e in _err(x["win"])] for x in s["seats"]]).T
        ax.bar(xs, ys, color=COLORS[0], alpha=0.85, yerr=err, capsize=4, label="win rate")
        ax.scatter(xs, [100 * _v(x["expected_rate"]) for x in s["seats"]], marker="_", s=400,
                   color="black", zorder=3, label="expected from agents")
        ax.set_title(f"{label}: {s['games']} games, chi-square p={_v(s['chi_square']['p'], float('nan')):.3f}",
                     fontsize=9)
        ax.set_xticks(xs)
        ax.set_xlabel("seat (turn order)")
        if i == 0:
            ax.set_ylabel("win rate, %")
    fig.tight_layout()
    figure_legend_above(fig, fig.axes[0])
    out.append(_item("seat-win", "seats", "Win rate per seat", fig,
                     "Bars: win rate per seat (shared wins count 1/k) with Wilson 95% intervals; black "
                     "marks: the rate expected from the agents seated there (equal seats).", note))
    fig = Figure(figsize=(3.6 * n, 3.2))
    for i, (label, s) in enumerate(seats.items()):
        ax = fig.add_subplot(1, n, i + 1)
        xs = np.arange(len(s["seats"])) + 1
        ys = [_center(x["vp"]) for x in s["seats"]]
        err = np.array([_err(x["vp"]) for x in s["seats"]]).T
        ax.errorbar(xs, ys, yerr=err, fmt="o", color=COLORS[1], capsize=4)
        ax.set_title(f"{label}: VP test p={_v(s['vp_test']['p'], float('nan')):.3f}", fontsize=9)
        ax.set_xticks(xs)
        ax.set_xlabel("seat (turn order)")
        if i == 0:
            ax.set_ylabel("mean final VP")
    fig.tight_layout()
    out.append(_item("seat-vp", "seats", "Mean VP per seat", fig,
                     "Mean final VP per seat with Student-t 95% intervals.", note))
    return out


def strategy_figures(a, note) -> list[dict]:
    s = a["strategies"]
    out = []
    if s["ratings"]:
        items = list(s["ratings"].items())[::-1]
        fig = Figure(figsize=(6.4, 0.45 * len(items) + 1.2))
        ax = fig.add_subplot(111)
        ys = np.arange(len(items))
        ax.errorbar([x["mu"] for _, x in items], ys, xerr=[2 * x["sigma"] for _, x in items], fmt="o",
                    color=COLORS[0], capsize=4, label="mu +- 2 sigma")
        ax.scatter([x["ordinal"] for _, x in items], ys, marker="|", s=200, color="black",
                   label="ordinal (mu - 3 sigma)")
        ax.set_yticks(ys)
        ax.set_yticklabels([k for k, _ in items])
        ax.set_xlabel("openskill Plackett-Luce rating")
        legend_above(ax)
        fig.tight_layout()
        out.append(_item("ratings", "strategies", "Strategy ratings", fig,
                         "openskill Plackett-Luce mu with +-2 sigma, and the ordinal mu - 3 sigma; "
                         "multi-player games replayed in order.", note))
    pw = s["pairwise"]
    if pw:
        agents = sorted({x["a"] for x in pw} | {x["b"] for x in pw})
        idx = {x: i for i, x in enumerate(agents)}
        m = np.full((len(agents), len(agents)), np.nan)
        for x in pw:
            if not _nan(x["p"]):
                m[idx[x["a"]], idx[x["b"]]] = 100 * x["p"]
        fig = Figure(figsize=(1.0 * len(agents) + 2.8, 0.8 * len(agents) + 1.6))
        ax = fig.add_subplot(111)
        im = ax.imshow(m, cmap="RdBu", vmin=0, vmax=100)
        for i in range(len(agents)):
            for j in range(len(agents)):
                if not math.isnan(m[i, j]):
                    ax.text(j, i, f"{m[i, j]:.0f}", ha="center", va="center", fontsize=8,
                            color="white" if abs(m[i, j] - 50) > 30 else "black")
        ax.set_xticks(range(len(agents)))
        ax.set_xticklabels(agents, rotation=35, ha="right", fontsize=8)
        ax.set_yticks(range(len(agents)))
        ax.set_yticklabels(agents, fontsize=8)
        ax.set_xlabel("opponent B")
        ax.set_ylabel("agent A")
        fig.colorbar(im, ax=ax, label="% of meetings A finished ahead of B")
        fig.tight_layout()
        out.append(_item("pairwise", "strategies", "Head-to-head", fig,
                         "Share of meetings (one seat of A, one of B in a game) in which A finished "
                         "ahead; intervals in the table.", note))
    per = s["by_player_count"]
    if per:
        labels = list(per)
        agents = sorted({a for v in per.values() for a in v})
        colors = _agent_colors(agents)
        fig = Figure(figsize=(max(5.0, 1.2 * len(labels) * max(1, len(agents)) * 0.45 + 2), 3.4))
        ax = fig.add_subplot(111)
        w = 0.8 / max(1, len(agents))
        for k, ag in enumerate(agents):
            xs, ys, errs = [], [], []
            for i, lab in enumerate(labels):
                rec = per[lab].get(ag)
                if rec:
                    xs.append(i + (k - (len(agents) - 1) / 2) * w)
                    ys.append(100 * _center(rec["win"]))
                    errs.append([100 * e for e in _err(rec["win"])])
            if xs:
                ax.bar(xs, ys, width=w, color=colors[ag], label=ag, yerr=np.array(errs).T, capsize=2)
        for i, lab in enumerate(labels):
            fair = 100 / int(lab[:-1])
            ax.hlines(fair, i - 0.45, i + 0.45, colors="black", linestyles="dashed")
        ax.set_xticks(range(len(labels)))
        ax.set_xticklabels(labels)
        ax.set_ylabel("win rate, %")
        legend_above(ax)
        fig.tight_layout()
        out.append(_item("agent-win", "strategies", "Win rate per agent and player count", fig,
                         "Win rate with Wilson 95% intervals; dashed: the fair share 1/players.", note))
    return out


def score_figures(a, note) -> list[dict]:
    out = []
    sc = a["scores"]
    if not sc:
        return out
    labels = list(sc)
    n = len(labels)
    fig = Figure(figsize=(max(4.0, 3.4 * n), 3.6))
    for i, lab in enumerate(labels):
        ax = fig.add_subplot(1, n, i + 1)
        stats, names = [], []
        for ag, rec in sc[lab].items():
            q = rec["quantiles"]
            if not q:
                continue
            stats.append({"med": q["median"], "q1": q["q25"], "q3": q["q75"], "whislo": q["p5"],
                          "whishi": q["p95"], "mean": _v(rec["vp"]["mean"]), "fliers": [q["min"], q["max"]],
                          "label": ag})
            names.append(ag)
        if stats:
            ax.bxp(stats, showmeans=True, showfliers=True)
            ax.set_xticks(range(1, len(names) + 1))
            ax.set_xticklabels(names, rotation=35, ha="right", fontsize=7)
        ax.set_title(lab, fontsize=9)
        if i == 0:
            ax.set_ylabel("final VP")
    fig.tight_layout()
    out.append(_item("scores", "scores", "Final VP distribution", fig,
                     "Boxes: quartiles and median; whiskers: 5th and 95th percentiles; circles: minimum "
                     "and maximum; triangle: mean.", note))
    src = a["sources"]
    order = a.get("sources_order", [])
    used = [s for s in order if any(_v(row[s]["mean"]) > 0 for lab in src for row in src[lab].values()
                                    if s in row)]
    if used:
        fig = Figure(figsize=(max(4.0, 3.4 * n), 4.0))
        scolors = {s: COLORS[i % len(COLORS)] for i, s in enumerate(used)}
        for i, lab in enumerate(labels):
            ax = fig.add_subplot(1, n, i + 1)
            agents = list(src.get(lab, {}))
            bottom = np.zeros(len(agents))
            for s in used:
                vals = np.array([_v(src[lab][ag][s]["mean"]) for ag in agents])
                ax.bar(range(len(agents)), vals, bottom=bottom, color=scolors[s], label=s)
                bottom += vals
            ax.set_xticks(range(len(agents)))
            ax.set_xticklabels(agents, rotation=35, ha="right", fontsize=7)
            ax.set_title(lab, fontsize=9)
            if i == 0:
                ax.set_ylabel("mean VP")
        fig.tight_layout()
        figure_legend_above(fig, fig.axes[0])
        out.append(_item("sources", "scores", "VP by source", fig,
                         "Mean VP per source (GameResult.breakdown), stacked, per agent and player count.",
                         note))
    return out


def length_figures(a, note) -> list[dict]:
    ln = a["length"]
    if not ln:
        return []
    fig = Figure(figsize=(8.4, 3.4))
    ax = fig.add_subplot(1, 2, 1)
    n = max(len(rec["turns_per_round"]) for rec in ln.values())     # Maracaibo 4, Pirates 3 rounds
    for i, (lab, rec) in enumerate(ln.items()):
        ys = [_center(r) for r in rec["turns_per_round"]]
        err = np.array([_err(r) for r in rec["turns_per_round"]]).T
        ax.errorbar(np.arange(1, len(ys) + 1) + 0.05 * i, ys, yerr=err, marker="o", capsize=3, label=lab,
                    color=COLORS[i % len(COLORS)])
    ax.set_xticks(list(range(1, n + 1)))
    ax.set_xticklabels([("I", "II", "III", "IV")[i] if i < 4 else str(i + 1) for i in range(n)])
    ax.set_xlabel("round")
    ax.set_ylabel("turns per player")
    legend_above(ax)
    ax2 = fig.add_subplot(1, 2, 2)
    labs = list(ln)
    stats = []
    for lab in labs:
        q = ln[lab]["decision_quantiles"]
        stats.append({"med": q["median"], "q1": q["q25"], "q3": q["q75"], "whislo": q["p5"], "whishi": q["p95"],
                      "mean": _v(ln[lab]["decisions"]["mean"]), "fliers": [q["min"], q["max"]], "label": lab})
    ax2.bxp(stats, showmeans=True)
    ax2.set_ylabel("decisions per game")
    fig.tight_layout()
    return [_item("length", "length", "Game length", fig,
                  "Left: mean turns per player in each round with Student-t 95% intervals. Right: "
                  "decisions per game (boxes: quartiles; whiskers: 5th-95th percentiles).", note)]


def component_figure(kind: str, block: dict, top: int = 15) -> dict | None:
    items = [x for x in block["items"] if x["tested"] and not _nan(x["vp_diff"]["estimate"])]
    if not items:
        return None
    items.sort(key=lambda x: x["vp_diff"]["estimate"])
    if len(items) > 2 * top:
        shown = items[:top] + items[-top:]
        cut = top
    else:
        shown, cut = items, None
    fig = Figure(figsize=(7.4, 0.26 * len(shown) + 1.4))
    ax = fig.add_subplot(111)
    ys = np.arange(len(shown))
    for y, x in zip(ys, shown):
        d = x["vp_diff"]
        color = STRONG if x["flag"] == "strong" else WEAK if x["flag"] == "weak" else NEUTRAL
        ax.errorbar([d["estimate"]], [y], xerr=[[d["estimate"] - d["lo"]], [d["hi"] - d["estimate"]]],
                    fmt="o" if x["source"] != "reconstructed" else "s", color=color, capsize=2,
                    mfc=color if x["flag"] else "white")
    ax.axvline(0, color="black", lw=0.8)
    med = block.get("median_vp_effect")
    if not _nan(med):
        ax.axvline(med, color="grey", lw=0.8, ls="--")
    if cut is not None:
        ax.axhline(cut - 0.5, color="grey", lw=0.6, ls=":")
    ax.set_yticks(ys)
    ax.set_yticklabels([("* " if x["source"] == "reconstructed" else "") + x["name"] for x in shown], fontsize=7)
    ax.set_xlabel("VP difference, takers minus comparable non-takers")
    ax.set_title(f"{kind}: " + (f"the {top} weakest and {top} strongest of {len(items)} tested"
                                if cut is not None else f"{len(items)} tested"), fontsize=9)
    fig.tight_layout()
    return _item(f"components-{kind}", f"components-{kind}", f"Strength of {kind} components", fig,
                 "Stratified VP difference (takers minus non-takers of the same player count and agent, "
                 "strata by round taken) with 95% intervals. Filled green/red: flagged strong/weak "
                 "(Benjamini-Hochberg FDR); squares and '*': reconstructed components; dashed: the "
                 "median effect of this kind.", block["note"])


def solo_figures(a, note) -> list[dict]:
    solo = a["solo"]
    if not solo or not solo.get("levels"):
        return []
    from .solo import solo_side
    who, key = solo_side(a)             # ('Jean', 'jean'), ('Jordan', 'jordan')
    levels = list(solo["levels"])
    agents = sorted({ag for lv in solo["levels"].values() for ag in lv["agents"]})
    colors = _agent_colors(agents)
    fig = Figure(figsize=(9.0, 3.6))
    ax = fig.add_subplot(1, 2, 1)
    w = 0.8 / max(1, len(agents))
    for k, ag in enumerate(agents):
        xs, ys, errs = [], [], []
        for i, lv in enumerate(levels):
            rec = solo["levels"][lv]["agents"].get(ag)
            if rec:
                xs.append(i + (k - (len(agents) - 1) / 2) * w)
                ys.append(100 * _center(rec["win"]))
                errs.append([100 * e for e in _err(rec["win"])])
        if xs:
            ax.bar(xs, ys, width=w, color=colors[ag], label=ag, yerr=np.array(errs).T, capsize=2)
    ax.set_xticks(range(len(levels)))
    ax.set_xticklabels(levels, fontsize=8)
    ax.set_ylabel(f"% of games the agent beats {who}")
    legend_above(ax, ncol=min(3, len(agents)))
    ax2 = fig.add_subplot(1, 2, 2)
    order = a.get("sources_order", [])
    used = [s for s in order if any(_v(solo["levels"][lv][f"{key}_sources"].get(s, {}).get("mean")) > 0
                                    for lv in levels)]
    bottom = np.zeros(len(levels))
    for i, s in enumerate(used):
        vals = np.array([_v(solo["levels"][lv][f"{key}_sources"][s]["mean"]) for lv in levels])
        ax2.bar(range(len(levels)), vals, bottom=bottom, color=COLORS[i % len(COLORS)], label=s)
        bottom += vals
    ax2.set_xticks(range(len(levels)))
    ax2.set_xticklabels(levels, fontsize=8)
    ax2.set_ylabel(f"{who}'s mean VP")
    legend_above(ax2, ncol=min(3, max(1, len(used))))
    fig.tight_layout()
    return [_item("solo", "solo", f"Solo against {who}", fig,
                  f"Left: win rate against {who} (a tie goes to {who}) with Wilson 95% intervals. Right: "
                  f"{who}'s mean VP by source.", note)]


def figures(a: dict) -> list[dict]:
    """Every figure of the report, in section order."""
    note = a["provenance"]["data"]["note"]
    out = []
    out += seat_figures(a, note)
    out += strategy_figures(a, note)
    out += score_figures(a, note)
    out += length_figures(a, note)
    for kind, block in a["components"].items():
        if kind.startswith("_"):
            continue
        f = component_figure(kind, block)
        if f:
            out.append(f)
    if a["solo"]:
        from .solo import solo_side
        solo_note = note + f"; {solo_side(a)[0]}: " + a["solo"].get("note", "")
    else:
        solo_note = note
    out += solo_figures(a, solo_note)
    return out
