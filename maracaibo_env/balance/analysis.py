"""Balance analysis of a list of GameResult (2-, 3-, 4-player and solo games mixed).

    a = analyze(results, catalog)       # a JSON-ready dict (schema SCHEMA)

Sections of the result (docs/balance.md explains each):

    meta        games, agents, player counts, data identity, duplicate play, timing
    provenance  how much of each component kind and of the whole data is reconstructed
    findings    the summary a designer reads first
    seats       seat / turn-order advantage per player count
    strategies  openskill ratings, win rate and VP per agent, head-to-head records
    scores      final VP distribution per player count and agent
    sources     mean VP by source (GameResult.breakdown) per player count and agent
    length      decisions per game, turns per player in each round
    components  every project card, career, prestige building, city tile, quest
                tile and story card: how often taken, and how takers fare
                against comparable non-takers
    solo        win rate against the solo opponent (Jean, Jordan) per level and
                agent, the opponent's VP by source
    metrics     every comparable number under a stable key (what --compare reads)

Games. The results are of one game (GameResult.game: Maracaibo or Pirates of
Maracaibo); its adapter (maracaibo_env.agents.adapter) says which components there
are (Pirates: figureheads, improvements, residences), how many rounds, and
where the data comes from. Maracaibo-only sections (careers, story cards)
are simply absent from a Pirates report.

Solo games. A solo game is one whose line-up holds the game's solo opponent
(tournament.ratings.solo_of: the agent table's kind that takes no seat,
Maracaibo's jean:<level>, Pirates' jordan:<k>, whichever seat a Pirates
line-up gave him); its level is the spec's. The solo section and the
opponent's keys carry the opponent's kind as their prefix: Maracaibo's
``jean_vp``, ``jean_sources``, ``solo/<level>/jean_vp``,
``solo/<level>/jean_source/<source>`` and ``length['1p']['jean_turns_per_round']``
(as they always were), Pirates' ``jordan_vp``, ``jordan_sources``,
``solo/<k>/jordan_vp`` ...; ``solo['opponent']`` names him ("Jean", "Jordan")
and ``solo['key']`` is the prefix.

Conventions. A player is one deciding seat of one game (the solo opponent is
not a player). A win is 1 for a sole winner and 1/k for a k-way shared win
(GameResult.winners, after the game's tie-breakers); in solo games the player
wins only by scoring more than the opponent (a tie goes to the opponent, as
both games' rules say). Every interval is 95%.
"""
from __future__ import annotations

import datetime as _dt
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from scipy import stats as st

from ..agents.adapter import GameAdapter, get_adapter
from ..agents.registry import solo_kind, solo_levels
from ..registry import game_info
from ..tournament.ratings import solo_of
from ..framework import provenance as prov
from .ratings import finishing_ranks, strategy_ratings
from .stats import (NAN, bh, chisquare_gof, cmh_shared_controls, isnan, mean_ci,
                    stratified_diff, wilson)

#: a game's catalog (its adapter's load_catalog): Maracaibo's or Pirates'
Catalog = Any

SCHEMA = "maracaibo-balance/1"
ROUND_NAMES = {0: "set-up", 1: "I", 2: "II", 3: "III", 4: "IV"}    # later rounds: their number


@dataclass
class Player:
    """One deciding seat of one game."""
    game: int
    players: int                  # 1 in a solo game
    group: str                    # '3p' or '1p:hard': the player-count stratum
    seat: int
    agent: str
    score: int
    win: float                    # win credit
    breakdown: dict
    turns: list
    taken: dict = field(default_factory=dict)   # kind -> {item: first round taken}


def pc_label(n: int) -> str:
    return f"{n}p"


def players_of(results, adapter: GameAdapter | None = None) -> list[Player]:
    """The deciding players of every game, with what each took and when
    (adapter: the games' game, default Maracaibo)."""
    ad = adapter or get_adapter()
    out = []
    for gi, r in enumerate(results):
        so = solo_of(r)
        solo = so is not None
        seats = [so.agent] if solo else range(len(r.specs))
        nw = len(r.winners) or 1
        for s in seats:
            if solo:
                win = 1.0 if r.scores[so.agent] > r.scores[so.opponent] else 0.0
                group = f"1p:{so.level}"
            else:
                win = 1.0 / nw if s in r.winners else 0.0
                group = pc_label(len(r.specs))
            taken = ad.taken(r, s)
            out.append(Player(gi, 1 if solo else len(r.specs), group, s, r.specs[s], int(r.scores[s]),
                              win, dict(r.breakdown[s]), list(r.turns[s]) if s < len(r.turns) else [],
                              taken))
    return out


# ------------------------------------------------------------------ records

def prop(k, n, label="") -> dict:
    p, lo, hi = wilson(k, n)
    return {"kind": "proportion", "k": float(k), "n": int(n), "p": p, "lo": lo, "hi": hi, "label": label}


def meanrec(values, label="") -> dict:
    m = mean_ci(values)
    return {"kind": "mean", **m, "label": label}


def estimate(est: dict, label="") -> dict:
    return {"kind": "estimate", "estimate": est["estimate"], "se": est["se"], "lo": est["lo"],
            "hi": est["hi"], "p": est.get("p", NAN), "label": label}


def quantiles(values) -> dict:
    x = np.asarray(values, float)
    if x.size == 0:
        return {}
    q = np.percentile(x, [0, 5, 25, 50, 75, 95, 100])
    return dict(zip(("min", "p5", "q25", "median", "q75", "p95", "max"), map(float, q)))


# ------------------------------------------------------------------ sections

def _level(r) -> str | None:
    """The solo opponent's level of a solo game, None for a multi-player one."""
    so = solo_of(r)
    return None if so is None else so.level


def _solo_side(ad: GameAdapter) -> tuple[str, str]:
    """(the solo opponent's name, the prefix of its keys): ('Jean', 'jean'), ('Jordan', 'jordan')."""
    row = solo_kind(ad.name)
    return game_info(ad.name).solo_opponent or "the solo opponent", row.kind if row else "opponent"


def _meta(results, cat: Catalog, shipped_hash: str, ad: GameAdapter) -> dict:
    multi = [r for r in results if solo_of(r) is None]
    solo = [(r, so) for r in results if (so := solo_of(r)) is not None]
    hashes = Counter(r.data_hash or "(unrecorded)" for r in results)
    modified = any(h not in (shipped_hash, "(unrecorded)") for h in hashes)
    notes = []
    if len(hashes) > 1:
        notes.append(f"the games were played with {len(hashes)} different game-data versions; "
                     "the report mixes them")
    if cat.data_hash not in hashes and results:
        notes.append("component names come from a catalog whose data hash differs from the games'")
    # duplicate play: the same seed and line-up in several seat orders
    sets: dict[tuple, set] = defaultdict(set)
    def deal(r):
        return len(r.specs), r.seed, _level(r), ad.story_of(r), tuple(sorted(r.specs))
    for r in results:
        sets[deal(r)].add(tuple(r.specs))
    dup = [k for k, orders in sets.items() if len(orders) > 1]
    dup_games = sum(1 for r in results if len(sets[deal(r)]) > 1)
    dup_note = ""
    if dup:
        dup_note = (f"duplicate play: {dup_games} of {len(results)} games are seat rotations of "
                    f"{len(dup)} shared deals (same seed and line-up in other seat orders); seat and "
                    "strategy differences are measured on the same deals, and intervals, which treat "
                    "games as independent, are conservative for them")
    agents = sorted({s for r in multi for s in r.specs} | {r.specs[so.agent] for r, so in solo})
    return {
        "game": ad.name,
        "games": len(results),
        "multiplayer_games": {pc_label(n): c for n, c in sorted(Counter(len(r.specs) for r in multi).items())},
        "solo_games": dict(sorted(Counter(so.level for _, so in solo).items())),
        "player_counts": sorted({len(r.specs) for r in multi} | ({1} if solo else set())),
        "agents": agents,
        **({"stories": {str(k): v for k, v in sorted(Counter(ad.story_of(r) for r in results).items())}}
           if ad.stories else {}),
        "data_hashes": dict(hashes),
        "catalog_hash": cat.data_hash,
        "shipped_hash": shipped_hash,
        "data_modified": bool(modified),
        "data_note": ("games played with MODIFIED game data (hash differs from the shipped data)"
                      if modified else "games played with the shipped game data"),
        "warnings": notes,
        "duplicate": {"sets": len(dup), "games": dup_games, "note": dup_note},
        "generated": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
    }


def _seats(results, metrics) -> dict:
    out = {}
    by_pc: dict[int, list] = defaultdict(list)
    for r in results:
        if solo_of(r) is None:
            by_pc[len(r.specs)].append(r)
    for pc, games in sorted(by_pc.items()):
        label = pc_label(pc)
        credit = [[(1.0 / max(1, len(r.winners))) if s in r.winners else 0.0 for s in range(pc)] for r in games]
        # each agent's win rate and mean VP at this player count (for the agent-adjusted expectation)
        a_w: dict[str, list] = defaultdict(list)
        a_vp: dict[str, list] = defaultdict(list)
        for r, c in zip(games, credit):
            for s in range(pc):
                a_w[r.specs[s]].append(c[s])
                a_vp[r.specs[s]].append(r.scores[s])
        rate_of = {a: float(np.mean(v)) for a, v in a_w.items()}
        vp_of = {a: float(np.mean(v)) for a, v in a_vp.items()}
        ranks = [finishing_ranks(r) for r in games]
        seats = []
        resid = np.array([[r.scores[s] - vp_of[r.specs[s]] for s in range(pc)] for r in games], float)
        for s in range(pc):
            k = sum(c[s] for c in credit)
            n = len(games)
            expected = sum(rate_of[r.specs[s]] for r in games)
            w = prop(k, n, f"{label} seat {s + 1} win rate")
            vp = meanrec([r.scores[s] for r in games], f"{label} seat {s + 1} mean VP")
            seats.append({"seat": s + 1, "win": w, "expected_wins": expected,
                          "expected_rate": expected / n if n else NAN,
                          "vp": vp, "vp_vs_agent": meanrec(resid[:, s]),
                          "mean_rank": float(np.mean([rk[s] for rk in ranks]))})
            metrics[f"seat/{label}/{s + 1}/win"] = w
            metrics[f"seat/{label}/{s + 1}/vp"] = vp
        chi = chisquare_gof([x["win"]["k"] for x in seats], [x["expected_wins"] for x in seats])
        vp_test = {"test": "", "statistic": NAN, "p": NAN}
        try:
            if pc >= 3 and len(games) >= 2:
                f = st.friedmanchisquare(*[resid[:, s] for s in range(pc)])
                vp_test = {"test": "Friedman chi-square (games as blocks)", "statistic": float(f.statistic),
                           "p": float(f.pvalue)}
            elif pc == 2 and len(games) >= 2 and np.any(resid[:, 0] != resid[:, 1]):
                f = st.wilcoxon(resid[:, 0], resid[:, 1])
                vp_test = {"test": "Wilcoxon signed-rank (paired by game)", "statistic": float(f.statistic),
                           "p": float(f.pvalue)}
        except ValueError:
            pass
        # how evenly the agents were spread over the seats
        shares = defaultdict(lambda: [0] * pc)
        for r in games:
            for s in range(pc):
                shares[r.specs[s]][s] += 1
        imbalance = 0.0
        for a, cnt in shares.items():
            tot = sum(cnt)
            imbalance = max(imbalance, max(abs(c / tot - 1 / pc) for c in cnt))
        out[label] = {
            "players": pc, "games": len(games), "fair_share": 1 / pc, "seats": seats,
            "chi_square": {**chi, "test": "Pearson chi-square goodness of fit: wins per seat against "
                                          "the wins expected from the agents seated there"},
            "vp_test": vp_test,
            "agent_seat_counts": {a: c for a, c in sorted(shares.items())},
            "seat_imbalance": imbalance,
            "balanced": imbalance <= 0.05,
        }
    return out


def _strategies(results, players, metrics) -> dict:
    ratings, pw, impl = strategy_ratings(results)
    for a, x in ratings.items():
        metrics[f"rating/{a}"] = {"kind": "estimate", "estimate": x["mu"], "se": x["sigma"],
                                  "lo": x["mu"] - 1.96 * x["sigma"], "hi": x["mu"] + 1.96 * x["sigma"],
                                  "p": NAN, "label": f"{a} openskill mu (+-sigma)"}
    per: dict[str, dict] = defaultdict(dict)
    cells: dict[tuple, list] = defaultdict(list)
    for p in players:
        if p.players >= 2:
            cells[(pc_label(p.players), p.agent)].append(p)
    for (label, a), ps in sorted(cells.items()):
        w = prop(sum(p.win for p in ps), len(ps), f"{a} win rate, {label}")
        vp = meanrec([p.score for p in ps], f"{a} mean VP, {label}")
        per[label][a] = {"win": w, "vp": vp, "fair_share": 1 / int(label[:-1])}
        metrics[f"agent/{label}/{a}/win"] = w
        metrics[f"agent/{label}/{a}/vp"] = vp
    for x in pw:
        metrics[f"pair/{x['a']}|{x['b']}"] = {"kind": "proportion", "k": float(x["k"]), "n": x["n"],
                                              "p": x["p"], "lo": x["lo"], "hi": x["hi"],
                                              "label": f"{x['a']} ahead of {x['b']}"}
    return {"ratings": dict(sorted(ratings.items(), key=lambda kv: -kv[1]["ordinal"])),
            "by_player_count": dict(per), "pairwise": pw, "implementation": impl}


def _scores_sources(players, sources, metrics) -> tuple[dict, dict]:
    cells: dict[tuple, list] = defaultdict(list)
    for p in players:
        cells[(pc_label(p.players), p.agent)].append(p)
    scores: dict[str, dict] = defaultdict(dict)
    srcs: dict[str, dict] = defaultdict(dict)
    for (label, a), ps in sorted(cells.items()):
        vals = [p.score for p in ps]
        scores[label][a] = {"vp": mean_ci(vals), "quantiles": quantiles(vals)}
        row = {}
        for src in sources:
            m = meanrec([p.breakdown.get(src, 0) for p in ps], f"{a} VP from {src}, {label}")
            row[src] = m
            if m["mean"] != 0 or (m["sd"] or 0) != 0:
                metrics[f"source/{label}/{a}/{src}"] = m
        srcs[label][a] = row
    return dict(scores), dict(srcs)


def _length(results, players, metrics, rounds: int = 4, ad: GameAdapter | None = None) -> dict:
    out = {}
    key = _solo_side(ad or get_adapter())[1]
    games: dict[str, list] = defaultdict(list)
    for r in results:
        games[pc_label(1 if solo_of(r) is not None else len(r.specs))].append(r)
    for label, gs in sorted(games.items()):
        ps = [p for p in players if pc_label(p.players) == label]
        dec = meanrec([r.decisions for r in gs], f"decisions per game, {label}")
        metrics[f"length/{label}/decisions"] = dec
        per_round = []
        for ri in range(rounds):
            m = meanrec([p.turns[ri] for p in ps if len(p.turns) > ri],
                        f"turns per player in round {ROUND_NAMES.get(ri + 1, ri + 1)}, {label}")
            per_round.append(m)
            metrics[f"length/{label}/turns_r{ri + 1}"] = m
        total = meanrec([sum(p.turns) for p in ps], f"turns per player per game, {label}")
        entry = {"games": len(gs), "decisions": dec, "turns_per_round": per_round, "turns_per_game": total,
                 "decision_quantiles": quantiles([r.decisions for r in gs])}
        if label == "1p":        # the opponent's turns: Maracaibo's jean_turns_per_round
            opp = [(r, solo_of(r).opponent) for r in gs]
            entry[f"{key}_turns_per_round"] = [meanrec([r.turns[j][ri] for r, j in opp if len(r.turns) > j])
                                               for ri in range(rounds)]
        out[label] = entry
    return out


def _components(players, cat: Catalog, alpha: float, min_takers: int, metrics,
                min_effect_vp: float = 0.0, min_effect_win: float = 0.0,
                ad: GameAdapter | None = None) -> dict:
    ad = ad or get_adapter()
    kinds = tuple(ad.component_kinds)
    comps = ad.component_sources(cat)
    if not players:
        out = {k: {"note": ad.kind_note(cat, k), "items": [], "tested": 0, "flagged": 0,
                   "median_vp_effect": NAN, "reconstructed": 0, "total": len(comps[k])} for k in kinds}
        out["_tests"] = {"family": 0, "alpha": alpha, "min_takers": min_takers}
        return out
    group_keys = sorted({(p.group, p.agent) for p in players})
    gindex = {g: i for i, g in enumerate(group_keys)}
    gid = np.array([gindex[(p.group, p.agent)] for p in players])
    win = np.array([p.win for p in players], float)
    vp = np.array([p.score for p in players], float)
    n_rows = len(players)
    out: dict[str, dict] = {}
    all_tests: list[tuple[dict, str]] = []
    for kind in kinds:
        items = comps[kind]
        taken = np.full((n_rows, len(items)), -1, np.int16)
        for i, p in enumerate(players):
            for item, rnd in p.taken.get(kind, {}).items():
                if 0 <= item < len(items):
                    taken[i, item] = rnd
        rows = []
        for j, (key, name, source) in enumerate(items):
            t = taken[:, j]
            is_t = t >= 0
            n_t = int(is_t.sum())
            rec = {"kind": kind, "id": j, "key": key, "name": name, "source": source,
                   "takers": n_t, "players": n_rows,
                   "take": prop(n_t, n_rows, f"{kind} {name}: share of players who took it"),
                   "by_round": {ROUND_NAMES.get(int(r), str(r)): int(c)
                                for r, c in sorted(Counter(t[is_t].tolist()).items())},
                   "win_takers": prop(win[is_t].sum(), n_t), "win_others": prop(win[~is_t].sum(), n_rows - n_t),
                   "vp_takers": mean_ci(vp[is_t]), "vp_others": mean_ci(vp[~is_t]),
                   "tested": False, "note": "", "flag": None, "q_win": NAN, "q_vp": NAN}
            # strata: (player-count group, agent) x round taken; controls: the group's non-takers
            cmh_groups, win_groups, vp_groups = [], [], []
            usable = 0
            for g in range(len(group_keys)):
                in_g = gid == g
                ctrl = in_g & ~is_t
                n0 = int(ctrl.sum())
                rounds = sorted(set(t[in_g & is_t].tolist()))
                if not rounds:
                    continue
                strata_mask = [in_g & (t == r) for r in rounds]
                if n0 == 0:
                    continue
                usable += sum(int(m.sum()) for m in strata_mask)
                cmh_groups.append(((float(win[ctrl].sum()), n0),
                                   [(float(win[m].sum()), int(m.sum())) for m in strata_mask]))
                win_groups.append((win[ctrl], [win[m] for m in strata_mask]))
                vp_groups.append((vp[ctrl], [vp[m] for m in strata_mask]))
            n_others = n_rows - n_t
            if n_t < min_takers:
                rec["note"] = f"too few takers to test ({n_t} < {min_takers})"
            elif n_others < min_takers:
                rec["note"] = f"too few non-takers to test ({n_others} < {min_takers})"
            elif usable < min_takers:
                rec["note"] = (f"only {usable} takers have non-takers of the same player count and "
                               "agent to compare with")
            else:
                c = cmh_shared_controls(cmh_groups)
                rec["cmh"] = c.as_dict()
                rec["win_diff"] = stratified_diff(win_groups)
                rec["vp_diff"] = stratified_diff(vp_groups)
                rec["tested"] = not isnan(c.p) or not isnan(rec["vp_diff"]["p"])
                if not rec["tested"]:
                    rec["note"] = "no variation to test"
                else:
                    all_tests.append((rec, "win"))
                    all_tests.append((rec, "vp"))
            label = f"{kind} {name}"
            metrics[f"component/{kind}/{key}/take"] = rec["take"]
            if n_t:
                metrics[f"component/{kind}/{key}/win"] = {**rec["win_takers"], "kind": "proportion",
                                                          "label": f"{label}: takers' win rate"}
                metrics[f"component/{kind}/{key}/vp"] = {"kind": "mean", **rec["vp_takers"],
                                                         "label": f"{label}: takers' mean VP"}
            if rec["tested"]:
                metrics[f"component/{kind}/{key}/vp_effect"] = estimate(
                    rec["vp_diff"], f"{label}: VP vs comparable non-takers")
                metrics[f"component/{kind}/{key}/win_effect"] = estimate(
                    rec["win_diff"], f"{label}: win rate vs comparable non-takers")
            rows.append(rec)
        r_count = sum(1 for _, _, s in items if s == "reconstructed")
        out[kind] = {"note": ad.kind_note(cat, kind), "reconstructed": r_count, "total": len(items),
                     "items": rows}
    # Benjamini-Hochberg over every component test (win and VP of each tested component)
    pv = [(rec["cmh"]["p"] if which == "win" else rec["vp_diff"]["p"]) for rec, which in all_tests]
    qv = bh(pv)
    for (rec, which), q in zip(all_tests, qv):
        rec["q_win" if which == "win" else "q_vp"] = q
    for kind in kinds:
        tested = [r for r in out[kind]["items"] if r["tested"]]
        for rec in tested:
            # significant after the correction and large enough to matter: with
            # 100,000 games a 0.3 VP difference is significant, not actionable
            sig_w = (not isnan(rec["q_win"]) and rec["q_win"] <= alpha
                     and abs(rec["win_diff"]["estimate"]) >= min_effect_win)
            sig_v = (not isnan(rec["q_vp"]) and rec["q_vp"] <= alpha
                     and abs(rec["vp_diff"]["estimate"]) >= min_effect_vp)
            dirs = set()
            if sig_w:
                dirs.add("strong" if rec["win_diff"]["estimate"] > 0 else "weak")
            if sig_v:
                dirs.add("strong" if rec["vp_diff"]["estimate"] > 0 else "weak")
            rec["flag"] = None if not dirs else (dirs.pop() if len(dirs) == 1 else "mixed")
        effects = [r["vp_diff"]["estimate"] for r in tested if not isnan(r["vp_diff"]["estimate"])]
        med = float(np.median(effects)) if effects else NAN
        for rec in tested:
            rec["vp_vs_kind"] = rec["vp_diff"]["estimate"] - med if not isnan(med) else NAN
        out[kind].update({"tested": len(tested), "median_vp_effect": med,
                          "flagged": sum(1 for r in tested if r["flag"])})
    out["_tests"] = {"family": len(pv) - sum(isnan(p) for p in pv), "alpha": alpha, "min_takers": min_takers,
                     "min_effect_vp": min_effect_vp, "min_effect_win": min_effect_win}
    return out


def _solo(results, cat: Catalog, sources, metrics, ad: GameAdapter | None = None) -> dict:
    """Per level of the solo opponent: each agent's wins (more VP than the
    opponent), VP and margin, the opponent's VP and VP by source; the keys of
    the opponent's numbers start with its kind ('jean_vp', 'jordan_vp')."""
    ad = ad or get_adapter()
    solo = [(r, so) for r in results if (so := solo_of(r)) is not None]
    if not solo:
        return {}
    who, key = _solo_side(ad)
    order = solo_levels(ad.name)
    levels = sorted({so.level for _, so in solo}, key=lambda d: order.index(d) if d in order else 99)
    note = prov.file_note(cat, list(ad.solo_data), ad.data_summary(cat)) if ad.solo_data else ""
    out = {"levels": {}, "note": note}
    for lv in levels:
        gs = [(r, so) for r, so in solo if so.level == lv]
        agents = {}
        for a in sorted({r.specs[so.agent] for r, so in gs}):
            ga = [(r.scores[so.agent], r.scores[so.opponent]) for r, so in gs if r.specs[so.agent] == a]
            w = prop(sum(1 for mine, his in ga if mine > his), len(ga), f"{a} beats {who} ({lv})")
            agents[a] = {"games": len(ga), "win": w,
                         "vp": meanrec([mine for mine, _ in ga]),
                         f"{key}_vp": meanrec([his for _, his in ga]),
                         "margin": meanrec([mine - his for mine, his in ga])}
            metrics[f"solo/{lv}/{a}/win"] = w
        opp = meanrec([r.scores[so.opponent] for r, so in gs], f"{who}'s mean VP ({lv})")
        metrics[f"solo/{lv}/{key}_vp"] = opp
        osrc = {}
        for src in sources:
            m = meanrec([r.breakdown[so.opponent].get(src, 0) for r, so in gs],
                        f"{who}'s VP from {src} ({lv})")
            osrc[src] = m
            if m["mean"] != 0:
                metrics[f"solo/{lv}/{key}_source/{src}"] = m
        out["levels"][lv] = {"games": len(gs), "agents": agents, f"{key}_vp": opp,
                             f"{key}_sources": osrc}
    out.update(opponent=who, key=key)
    return out


# ------------------------------------------------------------------ findings

def _fmt_p(p) -> str:
    if isnan(p):
        return "n/a"
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def _pct(x) -> str:
    return "n/a" if isnan(x) else f"{100 * x:.1f}%"


def strongest_and_weakest(items: list[dict], top: int = 3) -> tuple[list[dict], list[dict]]:
    """The summary's strongest and weakest components: at most `top` each,
    only those whose 95% interval of the VP difference lies wholly above 0
    (strongest, highest lower bound first) or wholly below 0 (weakest,
    lowest upper bound first). An interval that straddles 0 is in neither
    list, so no component is ever in both, however few there are or however
    their intervals overlap."""
    ranked = [x for x in items if not isnan(x["vp_diff"]["lo"]) and not isnan(x["vp_diff"]["hi"])]
    strong = sorted((x for x in ranked if x["vp_diff"]["lo"] > 0), key=lambda x: -x["vp_diff"]["lo"])[:top]
    chosen = {id(x) for x in strong}
    weak = sorted((x for x in ranked if x["vp_diff"]["hi"] < 0 and id(x) not in chosen),
                  key=lambda x: x["vp_diff"]["hi"])[:top]
    return strong, weak


def _findings(a: dict, alpha: float) -> list[dict]:
    f = []
    m = a["meta"]
    f.append({"level": "info", "topic": "games",
              "text": f"{m['games']} games ({', '.join(f'{v} x {k}' for k, v in m['multiplayer_games'].items())}"
                      + (f"; solo: {', '.join(f'{v} x {k}' for k, v in m['solo_games'].items())}" if m["solo_games"] else "")
                      + f"); agents: {', '.join(m['agents'])}."})
    f.append({"level": "warn" if m["data_modified"] else "info", "topic": "data",
              "text": f"{m['data_note']}; data hash {m['catalog_hash'][:16]}; "
                      f"{a['provenance']['data']['note']}."})
    if m["duplicate"]["note"]:
        f.append({"level": "info", "topic": "duplicate", "text": m["duplicate"]["note"] + "."})
    for w in m["warnings"]:
        f.append({"level": "warn", "topic": "data", "text": w + "."})
    # seats: BH over the player counts' two seat tests
    seat_tests = []
    for label, s in a["seats"].items():
        seat_tests.append((label, "win", s["chi_square"]["p"]))
        seat_tests.append((label, "vp", s["vp_test"]["p"]))
    q = bh([p for *_, p in seat_tests])
    for (label, which, p), qq in zip(seat_tests, q):
        a["seats"][label]["q_" + which] = qq
    for label, s in a["seats"].items():
        best = max(s["seats"], key=lambda x: x["win"]["p"] if not isnan(x["win"]["p"]) else -1)
        worst = min(s["seats"], key=lambda x: x["win"]["p"] if not isnan(x["win"]["p"]) else 2)
        sig = (not isnan(s.get("q_win", NAN)) and s["q_win"] <= alpha) or \
              (not isnan(s.get("q_vp", NAN)) and s["q_vp"] <= alpha)
        if best is worst or best["win"]["p"] == worst["win"]["p"]:
            text = (f"{label} seat advantage: every seat wins {_pct(best['win']['p'])}; all seats equal: "
                    f"chi-square p = {_fmt_p(s['chi_square']['p'])}, VP "
                    f"{s['vp_test']['test'].split(' (')[0] or 'test'} p = {_fmt_p(s['vp_test']['p'])}.")
            f.append({"level": "info", "topic": "seats", "text": text})
            continue
        text = (f"{label} seat advantage: seat {best['seat']} wins {_pct(best['win']['p'])} "
                f"[{_pct(best['win']['lo'])}, {_pct(best['win']['hi'])}], seat {worst['seat']} "
                f"{_pct(worst['win']['p'])} (expected from the agents seated: "
                f"{_pct(best['expected_rate'])} / {_pct(worst['expected_rate'])}); "
                f"all seats equal: chi-square p = {_fmt_p(s['chi_square']['p'])}, "
                f"VP {s['vp_test']['test'].split(' (')[0] or 'test'} p = {_fmt_p(s['vp_test']['p'])}"
                + (" - SIGNIFICANT after BH." if sig else " - no significant seat effect.")
                + ("" if s["balanced"] else " Agents were not spread evenly over the seats; the expected "
                   "wins adjust for that."))
        f.append({"level": "flag" if sig else "info", "topic": "seats", "text": text})
    r = a["strategies"]["ratings"]
    if r:
        top = next(iter(r.items()))
        f.append({"level": "info", "topic": "strategies",
                  "text": f"strongest strategy by openskill ordinal: {top[0]} (mu {top[1]['mu']:.1f}, "
                          f"sigma {top[1]['sigma']:.2f}, {top[1]['games']} games)."})
    comps = a["components"]
    tested = [x for k, c in comps.items() if not k.startswith("_") for x in c["items"] if x["tested"]]
    flagged = [x for x in tested if x["flag"]]
    fam = comps["_tests"]["family"]
    f.append({"level": "flag" if flagged else "info", "topic": "components",
              "text": f"{len(flagged)} of {len(tested)} tested components flagged (Benjamini-Hochberg FDR "
                      f"{100 * alpha:.0f}% over {fam} tests, and a difference of at least "
                      f"{comps['_tests'].get('min_effect_vp', 0):g} VP or "
                      f"{100 * comps['_tests'].get('min_effect_win', 0):g} win-rate points)"
                      + (": " + ", ".join(f"{x['kind']} {x['name']} ({x['flag']}, "
                                          f"{x['vp_diff']['estimate']:+.1f} VP)"
                                          for x in sorted(flagged, key=lambda x: -abs(x['vp_diff']['estimate']))[:12])
                         if flagged else ".")
                      + ("" if not flagged else "." if len(flagged) <= 12 else f" and {len(flagged) - 12} more.")})

    def desc(x):
        rc = " [reconstructed]" if x["source"] == "reconstructed" else ""
        return (f"{x['kind']} {x['name']}{rc}: {x['vp_diff']['estimate']:+.1f} VP "
                f"[{x['vp_diff']['lo']:+.1f}, {x['vp_diff']['hi']:+.1f}], win rate "
                f"{100 * x['win_diff']['estimate']:+.1f} pts, {x['takers']} takers"
                + (f", flagged {x['flag']}" if x["flag"] else ", not flagged"))

    strong, weak = strongest_and_weakest(tested)
    if strong or weak or any(not isnan(x["vp_diff"]["lo"]) for x in tested):
        f.append({"level": "info", "topic": "components",
                  "text": "strongest components (95% interval of the VP difference wholly above 0; "
                          "highest lower bound first): "
                          + ("; ".join(desc(x) for x in strong) if strong else "none") + "."})
        f.append({"level": "info", "topic": "components",
                  "text": "weakest components (95% interval of the VP difference wholly below 0; "
                          "lowest upper bound first): "
                          + ("; ".join(desc(x) for x in weak) if weak else "none") + "."})
    who, key = a["solo"].get("opponent", "Jean"), a["solo"].get("key", "jean")
    for lv, s in a["solo"].get("levels", {}).items():
        best = max(s["agents"].items(), key=lambda kv: kv[1]["win"]["p"])
        f.append({"level": "info", "topic": "solo",
                  "text": f"solo {lv}: best agent {best[0]} beats {who} in {_pct(best[1]['win']['p'])} "
                          f"[{_pct(best[1]['win']['lo'])}, {_pct(best[1]['win']['hi'])}] of "
                          f"{best[1]['games']} games; {who} scores {s[f'{key}_vp']['mean']:.0f} VP on average."})
    return f


# ------------------------------------------------------------------ entry point

def results_game(results, game: str | None = None) -> str:
    """The one game the results are of (ValueError naming both when they mix
    games, or when they are not of `game`)."""
    from ..agents.adapter import game_title
    have = sorted({getattr(r, "game", "maracaibo") for r in results})
    if len(have) > 1:
        raise ValueError("the results mix games (" + ", ".join(game_title(g) for g in have)
                         + "): a balance report is of one game")
    if game is not None and have and have[0] != game:
        raise ValueError(f"the results are {game_title(have[0])} games, not {game_title(game)}")
    return game or (have[0] if have else "maracaibo")


def analyze(results, catalog: Catalog | None = None, *, alpha: float = 0.05, min_takers: int = 10,
            min_effect_vp: float = 2.0, min_effect_win: float = 0.05,
            play_seconds: float | None = None, title: str | None = None,
            extra_meta: dict | None = None, game: str | None = None) -> dict:
    """The balance analysis of `results` (a list of GameResult), as a JSON-ready
    dict. catalog: the game data the games were played with (names and
    sources of components; default the shipped data). alpha: the FDR level of
    the component flags; min_takers: fewer takers (or non-takers) than this
    and a component is described but not tested; min_effect_vp /
    min_effect_win: a flag also needs a difference at least this large
    (VP, win-rate fraction), so that huge runs flag what matters. game: the
    results' game (default: the one they record; ValueError if they mix
    games or differ from it); title: default '<game> balance report'."""
    t0 = time.perf_counter()
    results = list(results)
    ad = get_adapter(results_game(results, game))
    shipped = ad.load_catalog()
    cat = catalog if catalog is not None else shipped
    title = title or f"{ad.title} balance report"
    players = players_of(results, ad)
    sources: list[str] = []
    for r in results:
        for b in r.breakdown:
            for k in b:
                if k not in sources:
                    sources.append(k)
    metrics: dict[str, dict] = {}
    a = {"schema": SCHEMA, "title": title, "meta": _meta(results, cat, shipped.data_hash, ad)}
    if extra_meta:
        a["meta"].update(extra_meta)
    comp_sources = ad.component_sources(cat)
    a["provenance"] = {
        "data": ad.data_summary(cat),
        "kinds": {k: {"note": ad.kind_note(cat, k),
                      "counts": prov.counts(s for *_, s in comp_sources[k])} for k in ad.component_kinds},
    }
    a["seats"] = _seats(results, metrics)
    a["strategies"] = _strategies(results, players, metrics)
    a["sources_order"] = sources
    a["scores"], a["sources"] = _scores_sources(players, sources, metrics)
    a["length"] = _length(results, players, metrics, ad.rounds, ad)
    a["components"] = _components(players, cat, alpha, min_takers, metrics, min_effect_vp, min_effect_win,
                                  ad)
    a["solo"] = _solo(results, cat, sources, metrics, ad)
    a["findings"] = _findings(a, alpha)
    a["metrics"] = metrics
    a["meta"]["timing"] = {"play_seconds": play_seconds, "analysis_seconds": time.perf_counter() - t0}
    a["settings"] = {"alpha": alpha, "min_takers": min_takers, "min_effect_vp": min_effect_vp,
                     "min_effect_win": min_effect_win}
    return a
