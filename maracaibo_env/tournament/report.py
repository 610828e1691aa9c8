"""A stored tournament's tables: built from the database only.

    rep = build_report("rr.sqlite")          # the latest tournament in the file
    rep.print()                              # rich tables on stdout
    json.dumps(rep.to_dict())                # the same numbers, machine-readable

The game's adapter (maracaibo_env.agents.adapter) names the game in the first line
and, for Pirates (``scores_table``), adds the mean VP by source of each agent
(``score_breakdown()``) and the game length (decisions, turns per player and
round).

A solo game is one whose line-up holds the game's solo opponent, the agent
table's kind that takes no seat (``ratings.solo_of``): Maracaibo's
jean:<level> or Pirates' jordan:<k>, added by the solo format (--format solo
--levels) or, for Pirates, named in a pairing with one agent.
Every game's solo games make the same table: per agent and opponent level,
wins, mean VP and the opponent's mean VP (JSON ``mean_jean`` and its generic
twin ``mean_opponent``); the opponent is rated by openskill like a player but
is in no multi-player table (summaries, pairwise, Bradley-Terry, VP by source).
"""
from __future__ import annotations

import dataclasses
import itertools
import math
from dataclasses import dataclass

from rich.console import Console
from rich.box import SIMPLE_HEAD
from rich.table import Table

from ..agents.adapter import get_adapter
from ..agents.registry import solo_kind, solo_levels, solo_opponent
from ..registry import game_info
from . import ratings as R
from .formats import TournamentConfig, seatings
from .store import TournamentInfo, load_games, load_tournament


@dataclass
class Report:
    db_path: str
    info: TournamentInfo
    games: int
    seconds: float                       # sum of the games' own times
    skill: list[R.SkillRating]
    summaries: dict[str, R.AgentSummary]
    pairwise: dict[tuple[str, str], R.Rate]
    bt: R.BTFit | None
    solo: list[R.SoloRow]
    scores: dict | None = None           # agent -> players, mean VP, mean VP by source
    length: dict | None = None           # decisions and turns per player and round

    @property
    def game(self) -> str:
        return self.info.game

    @property
    def config(self) -> TournamentConfig:
        return TournamentConfig.from_dict(self.info.config)

    def to_dict(self) -> dict:
        asd = dataclasses.asdict
        return {
            "db": self.db_path, "tournament": asd(self.info), "games": self.games,
            "game_seconds": self.seconds,
            "openskill": [asd(s) for s in self.skill],
            "agents": {a: _summary_dict(s) for a, s in self.summaries.items()},
            "pairwise": [{"row": a, "column": b, **_rate_dict(r)}
                         for (a, b), r in sorted(self.pairwise.items())],
            "bradley_terry": None if self.bt is None else asd(self.bt),
            "solo": [{"agent": s.agent, "level": s.level, **_rate_dict(s.wins),
                      "mean_score": s.mean_score, "mean_jean": s.mean_jean,
                      "opponent": s.opponent, "mean_opponent": s.mean_opponent} for s in self.solo],
            **({"vp_by_source": self.scores, "length": self.length} if self.scores is not None
               else {}),
        }

    def print(self, console: Console | None = None) -> None:
        render(self, console or Console())


def _rate_dict(r: R.Rate) -> dict:
    return {"credit": r.count, "games": r.n, "rate": r.rate, "low": r.low, "high": r.high}


def _summary_dict(s: R.AgentSummary) -> dict:
    return {"games": s.games, "win_share": _rate_dict(s.wins), "mean_score": s.mean_score,
            "mean_rank": s.mean_rank}


def build_report(db_path, tournament_id: int | None = None, *, bootstrap: int = 1000,
                 bootstrap_seed: int = 0) -> Report:
    """Every table of a stored tournament (default: the latest in the file)."""
    info = load_tournament(db_path, tournament_id)
    stored = load_games(db_path, info.id)
    results = [g.result for g in stored]
    ad = get_adapter(info.game)
    return Report(str(db_path), info, len(results), sum(g.seconds for g in stored),
                  R.openskill_ratings(results), R.agent_summaries(results), R.pairwise(results),
                  R.bradley_terry(results, bootstrap=bootstrap, seed=bootstrap_seed),
                  R.solo_table(results),
                  *((vp_by_source(results, ad.vp_sources), game_length(results, ad.rounds))
                    if ad.scores_table else ()))


def vp_by_source(results, sources) -> dict:
    """Per agent (multi-player games): players (seat-games), mean final VP and
    the mean VP of every source (score_breakdown), sources in the game's order."""
    acc: dict[str, list] = {}
    for r in results:
        if R.solo_of(r) is not None:
            continue
        for s, agent in enumerate(r.specs):
            acc.setdefault(agent, []).append((r.scores[s], r.breakdown[s]))
    out = {}
    for agent, rows in acc.items():
        names = list(sources) + sorted({k for _, b in rows for k in b} - set(sources))
        out[agent] = {"players": len(rows), "vp": sum(v for v, _ in rows) / len(rows),
                      "sources": {k: sum(b.get(k, 0) for _, b in rows) / len(rows) for k in names}}
    return out


def game_length(results, rounds: int) -> dict:
    """Mean decisions per game and mean turns per player in each round."""
    games = [r for r in results if R.solo_of(r) is None]
    seats = [t for r in games for t in r.turns]
    mean = (lambda xs: sum(xs) / len(xs) if xs else float("nan"))
    return {"games": len(games), "decisions": mean([r.decisions for r in games]),
            "turns_per_round": [mean([t[i] for t in seats if len(t) > i]) for i in range(rounds)],
            "turns_per_game": mean([sum(t) for t in seats])}


def _pct(x: float) -> str:
    return "—" if math.isnan(x) else f"{100 * x:.1f}%"


def _ci(r: R.Rate) -> str:
    return f"{_pct(r.rate)} [{100 * r.low:.0f}–{100 * r.high:.0f}]"


def describe(info: TournamentInfo) -> str:
    """One line: what the tournament is and how far it got."""
    c = info.config
    ad = get_adapter(info.game)
    parts = [f"format {c['format']}", f"{c['players']} player{'s' if c['players'] > 1 else ''}"]
    if c.get("hero"):
        parts.append(f"hero {c['hero']}")
    parts.append(f"{len(c['agents'])} agent{'s' if len(c['agents']) > 1 else ''}")
    unit = "agent and level" if c["format"] == "solo" else "pairing" if c["players"] == 2 \
        else "line-up"
    parts.append(f"{c['games']} deal{'s' if c['games'] > 1 else ''} per {unit}")
    parts.append(f"seed {c['seed']}, story {c['story']}" if ad.stories else f"seed {c['seed']}")
    if c.get("engine", "auto") != "auto":
        parts.append(f"engine {c['engine']}")
    if c.get("data_dir"):
        parts.append(f"data from {c['data_dir']}")
    state = "finished" if info.finished else "unfinished: continue it with --resume"
    name = f"{ad.report_name} tournament" if ad.report_name else "tournament"
    return (f"{name} {info.id}: " + ", ".join(parts) + f"; {info.games_stored} of "
            f"{info.jobs_total} games stored ({state}); maracaibo_env {info.package_version}, "
            f"data {info.data_hash[:12]}")


def duplicate_note(info: TournamentInfo) -> str:
    c = info.config
    if c["format"] == "solo":
        return (f"Common deals: every agent played the same {c['games']} deal(s) (seeds) at every "
                f"level of {_opponent(info.game)}.")
    k = seatings(c["format"], c["players"])
    solo = [a for a in c["agents"] if solo_opponent([a], info.game) is not None]
    return (f"Duplicate play: every deal was played in all {k} seatings of each "
            f"{'pairing' if c['players'] == 2 else 'line-up'} with the same seed, so each agent "
            "held every seat's hand and the luck of the deal cancels; every pairing played the "
            "same deals." + (f" A pairing with {_opponent(info.game)} ({', '.join(solo)}) is the "
                             "solo game: the engine seats the agent first, so its seatings "
                             "replay the same game." if solo else ""))


def render(rep: Report, console: Console) -> None:
    info = rep.info
    console.print(describe(info), highlight=False)
    if rep.games == 0:
        console.print("no games stored yet")
        return
    console.print(duplicate_note(info), highlight=False)
    per = rep.seconds / rep.games
    console.print(f"{rep.games} games, {per:.3f} s of play per game on average", highlight=False)

    t = Table(title="Ratings (openskill Plackett-Luce; rank by VP, ties share)",
              caption="ordinal = μ − 3σ, a conservative skill" + (
                  "; wins = win share (1/k for a k-way tie) with its 95% Wilson interval; VP "
                  "(and rank) are means" if rep.summaries else
                  f"; solo games rank the agent against {_opponent_form(info.game)} "
                  f"(a tie goes to {_opponent(info.game)})"),
              title_justify="left", caption_justify="left", box=SIMPLE_HEAD)
    multi = info.config["players"] > 2
    has_summary = bool(rep.summaries)          # multi-player games (not solo)
    t.add_column("agent", no_wrap=True)
    cols = ["games", "μ ± σ", "ordinal"]
    cols += (["wins [95% CI]", "VP"] if has_summary else []) + (["rank"] if multi else [])
    for col in cols:
        t.add_column(col, justify="right", no_wrap=True)
    for s in rep.skill:
        su = rep.summaries.get(s.agent)
        row = [s.agent, str(s.games), f"{s.mu:.1f} ± {s.sigma:.1f}", f"{s.ordinal:.1f}"]
        if has_summary:
            row += [_ci(su.wins) if su else "—", f"{su.mean_score:.1f}" if su else "—"]
        if multi:
            row.append(f"{su.mean_rank:.2f}" if su else "—")
        t.add_row(*row)
    console.print(t)

    agents = [s.agent for s in rep.skill if solo_opponent([s.agent], info.game) is None]
    if rep.pairwise:
        two = info.config["players"] == 2
        m = Table(title=("Win rate, row against column" if two else
                         "Head to head: how often the row finished ahead of the column"),
                  caption="ties count 1/2; [95% Wilson interval]; games played together",
                  title_justify="left", caption_justify="left", box=SIMPLE_HEAD)
        m.add_column("", no_wrap=True)
        for a in agents:
            m.add_column(a, justify="right")
        for a in agents:
            cells = []
            for b in agents:
                r = rep.pairwise.get((a, b))
                cells.append("—" if a == b or r is None else f"{_ci(r)}\n{r.n} games")
            m.add_row(a, *cells)
        console.print(m)

    if rep.bt is not None:
        b = Table(title="Bradley-Terry (2 players), Elo scale",
                  caption=f"maximum likelihood, mean 0; 95% percentile bootstrap over "
                          f"{rep.bt.bootstrap} resamples of duplicate sets",
                  title_justify="left", caption_justify="left", box=SIMPLE_HEAD)
        for col in ("agent", "Elo", "95% interval", "games"):
            b.add_column(col, justify="left" if col == "agent" else "right")
        for x in rep.bt.ratings:
            iv = "—" if math.isnan(x.low) else f"[{x.low:+.0f}, {x.high:+.0f}]"
            b.add_row(x.agent, f"{x.elo:+.0f}", iv, str(x.games))
        console.print(b)
        if rep.bt.regularised:
            console.print("(an agent won or lost every game: the fit adds half a drawn game "
                          "per pair, so its Elo is finite)", highlight=False)

    if rep.scores:
        _render_scores(rep, agents, console)

    if rep.solo:
        who = _opponent(info.game)
        order = {lv: i for i, lv in enumerate(solo_levels(info.game))}
        levels = list(dict.fromkeys(s.level for s in sorted(
            rep.solo, key=lambda s: (order.get(s.level, len(order)), s.level))))
        st = Table(title=f"Solo against {who}: win rate [95% Wilson]",
                   caption=f"a tie goes to {who}; third line: mean VP of the agent / of {who}; "
                           f"{rep.solo[0].wins.n} games per cell",
                   title_justify="left", caption_justify="left", box=SIMPLE_HEAD)
        st.add_column("agent", no_wrap=True)
        for lv in levels:
            st.add_column(lv, justify="right", no_wrap=True)
        cell = {(s.agent, s.level): s for s in rep.solo}
        for a, _ in itertools.groupby(rep.solo, key=lambda s: s.agent):
            row = []
            for lv in levels:
                s = cell.get((a, lv))
                row.append("—" if s is None else
                           f"{_pct(s.wins.rate)}\n"
                           f"[{100 * s.wins.low:.0f}–{100 * s.wins.high:.0f}]"
                           f"\n{s.mean_score:.0f} / {s.mean_jean:.0f}")
            st.add_row(a, *row)
        console.print(st)


def _opponent(game: str) -> str:
    """The solo opponent's name: 'Jean', 'Jordan'."""
    return game_info(game).solo_opponent or "the solo opponent"


def _opponent_form(game: str) -> str:
    """'jean:<level>', 'jordan:<0-6>': the solo opponent's spec form."""
    row = solo_kind(game)
    forms = row.spec_forms() if row is not None else []
    return forms[0] if len(forms) == 1 else f"{row.kind}:<level>" if row is not None else "it"


def _render_scores(rep: Report, agents, console: Console) -> None:
    order = [a for a in agents if a in rep.scores] + [a for a in rep.scores if a not in agents]
    sources = list(next(iter(rep.scores.values()))["sources"])
    used = [k for k in sources if any(rep.scores[a]["sources"].get(k, 0) for a in order)]
    t = Table(title="VP by source, mean per player and game",
              caption="score_breakdown() of every seat an agent played; sources that scored "
                      "nothing for any agent are left out",
              title_justify="left", caption_justify="left", box=SIMPLE_HEAD)
    t.add_column("source", no_wrap=True)
    for a in order:
        t.add_column(a, justify="right", no_wrap=True)
    t.add_row("final VP", *[f"{rep.scores[a]['vp']:.1f}" for a in order])
    for k in used:
        t.add_row(k, *[f"{rep.scores[a]['sources'].get(k, 0):.1f}" for a in order])
    t.add_row("players", *[str(rep.scores[a]["players"]) for a in order])
    console.print(t)
    ln = rep.length
    if ln and ln["games"]:
        rounds = ", ".join(f"{ROMAN[i]} {x:.2f}" for i, x in enumerate(ln["turns_per_round"]))
        console.print(f"Game length: {ln['decisions']:.1f} decisions per game on average; turns "
                      f"per player in round {rounds} ({ln['turns_per_game']:.1f} per game).",
                      highlight=False)


ROMAN = ("I", "II", "III", "IV", "V", "VI")
