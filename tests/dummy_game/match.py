"""Harbour Race in tournaments, balance reports and the calibration: one game
played to a ``framework.match.GameResult``, its components and its adapter
(``RaceAdapter``, a maracaibo_env.agents.adapter.GameAdapter).

Every seat is played in Python by its agent object (the game has no compiled
engine, so every engine plays the same), random choices from
``numpy.random.default_rng(seed)``. A result records scores, the VP breakdown,
winners (ties broken by coins), decisions, each player's turns in each of the
5 rounds, and the events ``(seat, "space", item, round)``: a bonus taken on
space item + 1. It records nothing of its own (``details`` is {}).
"""
from __future__ import annotations

import numpy as np

from maracaibo_env.agents import registry as A
from maracaibo_env.agents.adapter import GameAdapter
from maracaibo_env.agents.base import act_with
from maracaibo_env.framework.match import ENGINES, GameResult

from .game import PLAYER_COUNTS, ROUNDS, VP_SOURCES, Game, load_catalog

GAME = "race"


def play_race_match(specs, seed: int, *, record_history: bool = False, engine: str = "auto",
                    data_dir=None, catalog=None, agents=None, options: dict | None = None) -> GameResult:
    """Play one game; specs[i] sits in seat i. Reproducible from (specs, seed, data)."""
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(ENGINES)}, not {engine!r}")
    parsed = [s if isinstance(s, A.AgentSpec) else A.parse_spec(s, GAME) for s in specs]
    if len(parsed) not in PLAYER_COUNTS:
        raise ValueError(f"a Harbour Race game has 2-4 agents, not {len(parsed)}")
    cat = catalog if catalog is not None else load_catalog(data_dir)
    g = Game(len(parsed), seed=seed, catalog=cat, **dict(options or {}))
    agents = agents if agents is not None else [A.make_agent(p) for p in parsed]
    rng = np.random.default_rng(seed)
    n = g.num_seats
    turns = [[0] * ROUNDS for _ in range(n)]
    events = []
    decisions = 0
    while not g.is_over:
        p, rnd = g.current_player, g.round
        bonus = g.score_breakdown()[p]["bonus"]
        g.step(act_with(agents[p], g, rng))
        decisions += 1
        turns[p][rnd - 1] += 1
        if g.score_breakdown()[p]["bonus"] > bonus:
            pos = int(g.state[g.LAYOUT.field_slice("POS", p)][0])
            events.append((p, "space", pos - 1, rnd))
    return GameResult(seed=int(seed), specs=[str(p) for p in parsed], scores=g.scores(), winners=g.winners(),
                      breakdown=g.score_breakdown(), decisions=decisions, turns=turns, events=events,
                      data_hash=cat.data_hash,
                      history=list(g.history) if record_history else None, game=GAME)


class RaceAdapter(GameAdapter):
    name = GAME
    title = "Harbour Race"
    report_name = "Harbour Race"
    player_counts = PLAYER_COUNTS
    rounds = ROUNDS
    default_agents = ("greedy", "trader")
    scores_table = True
    vp_sources = VP_SOURCES
    component_kinds = {"space": "bonus spaces"}
    component_method = ("A player took a bonus space when its ship landed on it while the bonus lay "
                        "there (the round is the one it happened in).")

    def game_class(self):
        return Game

    def play_job(self, job) -> GameResult:
        return play_race_match(list(job.specs), job.seed, record_history=job.record_history,
                               engine=job.engine, data_dir=job.data_dir, options=dict(job.options))

    def load_catalog(self, data_dir=None):
        return load_catalog(data_dir)

    def component_sources(self, cat) -> dict[str, list[tuple[str, str, str]]]:
        spaces = cat.raw["board"]["space"]
        return {"space": [(s["key"], s["name"], s["source"]) for s in spaces]}

    def data_summary(self, cat) -> dict:
        from maracaibo_env.framework.provenance import data_summary
        return data_summary(cat)
