"""A fingerprint of fixed games of every agent kind, to show that a change kept behaviour.

    python benchmarks/fingerprint.py                 # one sha per (game, line-up, engine)
    python benchmarks/fingerprint.py --out fp.json   # and write them as JSON

Each line-up plays a small tournament through the public command line
(`python -m maracaibo_env tournament --replays`) on fixed seeds; the games'
seeds, scores, winners, breakdowns and action histories are hashed.
Times are left out. The vector envs (`VECTOR_LINEUPS`) are stepped in this
process by seeded random learners and their arrays hashed. Run it before and
after a structural change and compare the two files: every sha must be the same.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

#: (game, agents, players, engine): every agent kind that takes a seat, and both solo opponents
LINEUPS = [
    ("maracaibo", "random,balanced", 2, "python"),
    ("maracaibo", "random,balanced", 2, "compiled"),
    ("maracaibo", "tuned,fast,quick", 3, "auto"),
    ("maracaibo", "mcts:iters=30:depth=2,strongest", 2, "python"),
    ("maracaibo", "mcts:iters=20:value=maracaibo,policy:maracaibo-2p", 2, "python"),
    ("maracaibo", "python:maracaibo_env.agents.random_agent:RandomAgent,balanced", 2, "python"),
    ("maracaibo", "balanced", 1, "auto"),
    ("pirates", "random,raider", 2, "python"),
    ("pirates", "explorer,builder,raider", 3, "compiled"),
    ("pirates", "mcts:iters=40,strongest", 2, "python"),
    ("pirates", "explorer", 1, "auto"),
]
_FIELDS = "seed, scores, winners, breakdown, history"
#: (game, players, opponents, obs_type): the vector envs, stepped by seeded random learners
VECTOR_LINEUPS = [
    ("maracaibo", 2, "balanced:eps=0.3:depth=0", "int"),
    ("maracaibo", 3, "random", "float"),
    ("maracaibo", 1, "random", "int"),
    ("maracaibo", 2, "curriculum", "int"),
    ("pirates", 2, "raider:eps=0.4", "int"),
    ("pirates", 4, "random", "float"),
    ("pirates", 1, "random", "int"),
]


def fingerprint(game: str, agents: str, players: int, engine: str) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "t.sqlite"
        cmd = [sys.executable, "-m", "maracaibo_env", "tournament", "--db", str(db), "--game", game,
               "--agents", agents, "--players", str(players), "--games", "2", "--seed", "11",
               "--engine", engine, "--replays", "--no-progress"]
        if players == 1:
            cmd += ["--levels", "easy" if game == "maracaibo" else "2"]
        subprocess.run(cmd, check=True, capture_output=True, text=True)
        with sqlite3.connect(db) as con:
            rows = con.execute(f"SELECT {_FIELDS} FROM games ORDER BY job_key, job_index").fetchall()
    return hashlib.sha256(json.dumps(rows).encode()).hexdigest()[:16]


def vector_fingerprint(game: str, players: int, opponents: str, obs_type: str, steps: int = 400) -> str:
    """The sha of 64 vector-env games' observations, rewards, dones, masks and
    terminal observations over `steps` learner steps (actions drawn from the
    masks by a seeded generator), and of their final scores."""
    import numpy as np
    from maracaibo_env.registry import game_part
    v = game_part(game, "vector").LearnerGames(64, num_players=players, opponents=opponents, seed=11,
                                                obs_type=obs_type)
    rng = np.random.default_rng(5)
    h = hashlib.sha256(np.ascontiguousarray(v.observations()).tobytes())
    for _ in range(steps):
        masks = v.action_masks()
        acts = (rng.random(masks.shape) * masks).argmax(axis=1)
        obs, rewards, dones, infos = v.step(acts)
        for a in (obs, rewards, dones, masks):
            h.update(np.ascontiguousarray(a).tobytes())
        for i in np.flatnonzero(dones):
            h.update(np.ascontiguousarray(infos[i]["terminal_observation"]).tobytes())
    h.update(np.ascontiguousarray(v.batch.scores()).tobytes())
    return h.hexdigest()[:16]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", help="write {line-up: sha} as JSON here")
    args = ap.parse_args(argv)
    out = {}
    for game, agents, players, engine in LINEUPS:
        key = f"{game} {players}p {engine} {agents}"
        out[key] = fingerprint(game, agents, players, engine)
        print(f"{out[key]}  {key}", flush=True)
    for game, players, opponents, obs_type in VECTOR_LINEUPS:
        key = f"{game} vector {players}p {opponents} {obs_type}"
        out[key] = vector_fingerprint(game, players, opponents, obs_type)
        print(f"{out[key]}  {key}", flush=True)
    if args.out:
        Path(args.out).write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
