"""Replays of every registered game (the format lives in framework/replay.py):

    from maracaibo_env.replay import load_replay, verify_replay, write_replay
    game, final_scores = load_replay("game.jsonl")       # any game: the header's format says which
"""
from .framework.replay import (
    HEADER_KEYS, ReplayError, load_replay, load_replay_bytes, load_replay_rows, replay_rows,
    verify_replay, write_replay)

__all__ = ["HEADER_KEYS", "ReplayError", "load_replay", "load_replay_bytes", "load_replay_rows",
           "replay_rows", "verify_replay", "write_replay"]
