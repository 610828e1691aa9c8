"""Tournaments between agents: schedules, a SQLite results store, local or Ray
runners, and ratings (openskill, Wilson intervals, Bradley-Terry Elo).

    from maracaibo_env.tournament import TournamentConfig, run_tournament, load_results
    cfg = TournamentConfig(agents=("balanced", "ship_income", "random"), games=20, seed=1)
    tid = run_tournament(cfg, "rr.sqlite", workers=2)
    results = load_results("rr.sqlite")            # list[match.GameResult], schedule order

Command line: ``maracaibo tournament --help``; docs/tournaments.md.
"""
from .formats import FORMATS, Job, ScheduleError, TournamentConfig, deal_seed, schedule
from .runner import JobError, run_tournament
from .store import StoreError, load_games, load_results, load_tournament

__all__ = ["FORMATS", "Job", "ScheduleError", "TournamentConfig", "deal_seed", "schedule",
           "JobError", "run_tournament", "StoreError", "load_games", "load_results",
           "load_tournament"]
