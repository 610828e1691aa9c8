"""`maracaibo compile [--game G]`: compile every numba kernel a user may
touch, ahead of use, in parallel processes, with one progress bar.

numba compiles a kernel on its first call and keeps it in its on-disk cache
(framework/numba_cache.py), so each first use of a part (the first Game, the
vector env, the heuristics, the search, Pirates) pays its compile then. This
command pays all of it at once. The work comes in two phases, because
kernels share their callees (the engine's step above all) and two processes
compiling the same callee would both do the work: first each game's core
(the games in parallel), then everything built on it (in parallel). Each
part is a short real use in a fresh process: it compiles exactly what that
use needs.

    maracaibo compile                    # both games
    maracaibo compile --game maracaibo --jobs 2
"""
from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from multiprocessing import get_context

from .registry import available_games


def _maracaibo_core():
    import numpy as np
    import maracaibo_env
    for players in (1, 2, 3, 4):
        g = maracaibo_env.Game(num_players=players, seed=players)
        while not g.is_over:
            g.step(int(np.flatnonzero(g.action_mask())[0]))
        g.observe(0), g.clone(), g.scores()
    maracaibo_env.Game(num_players=2, seed=0, chapter=1)   # the campaign's set-up (core/story.start)


def _maracaibo_batch():
    from maracaibo_env.maracaibo.batch import Batch
    from maracaibo_env.maracaibo.vector import LearnerGames
    b = Batch(4, num_players=2, seed=0)
    b.observations(), b.step(b.random_actions()), b.random_playouts(1)
    for obs_type in ("int", "float"):
        v = LearnerGames(4, num_players=2, opponents="balanced:eps=0.5:depth=0", seed=0, obs_type=obs_type)
        for _ in range(3):
            v.step(v.action_masks().argmax(axis=1))          # the first legal action
    w = LearnerGames(2, num_players=2, opponents=_first_legal, seed=0)   # a Python policy opponent
    w.step(w.action_masks().argmax(axis=1))


def _first_legal(obs, masks):
    return masks.argmax(axis=1)


def _maracaibo_envs():
    import gymnasium
    import maracaibo_env
    env = maracaibo_env.env(num_players=2)
    env.reset(seed=0)
    e = gymnasium.make("maracaibo_env/Maracaibo-v1", opponents="balanced")
    e.reset(seed=0)
    e.step(int(e.unwrapped.action_masks().argmax()))


def _maracaibo_agents():
    from maracaibo_env.maracaibo.match import play_match
    play_match(["balanced", "random"], 0)                     # whole games inside numba
    play_match(["fast", "random"], 0, engine="python")        # the Python agent loop


def _maracaibo_search():
    import numpy as np
    import maracaibo_env
    from maracaibo_env.agents.registry import make_agent, parse_spec
    g = maracaibo_env.Game(num_players=2, seed=0)
    agent = make_agent(parse_spec("mcts:iters=20:depth=5"))
    agent.act(g.observe(g.current_player), g.action_mask(), np.random.default_rng(0), game=g)


def _pirates_core():
    import numpy as np
    from maracaibo_env.pirates.game import Game
    for players in (2, 3, 4):
        g = Game(players, seed=players)
        while not g.is_over:
            g.step(int(np.flatnonzero(g.action_mask())[0]))
        g.observe(0), g.clone()


def _pirates_rest():
    import numpy as np
    from maracaibo_env.pirates.game import Game
    from maracaibo_env.pirates.match import play_pirates_match
    from maracaibo_env.agents.registry import make_agent, parse_spec
    play_pirates_match(["raider", "random"], 0)
    g = Game(2, seed=0)
    agent = make_agent(parse_spec("mcts:iters=20:depth=5", "pirates"))
    agent.act(g.observe(g.current_player), g.action_mask(), np.random.default_rng(0), game=g)
    from maracaibo_env import pirates_v0
    pirates_v0.env(num_players=2).reset(seed=0)


#: (game, phase, name, what it compiles, function): phase 1 runs before phase 2
PARTS = (
    ("maracaibo", 1, "maracaibo core", "Game: the rules engine, observations, solo Jean", _maracaibo_core),
    ("pirates", 1, "pirates core", "Pirates Game: the rules engine, Jordan", _pirates_core),
    ("maracaibo", 2, "maracaibo vector", "Batch and the vector env (LearnerGames, ladder rungs)",
     _maracaibo_batch),
    ("maracaibo", 2, "maracaibo envs", "PettingZoo and Gymnasium envs", _maracaibo_envs),
    ("maracaibo", 2, "maracaibo heuristics", "the heuristics, compiled games (tournaments)",
     _maracaibo_agents),
    ("maracaibo", 2, "maracaibo search", "mcts", _maracaibo_search),
    ("pirates", 2, "pirates agents", "Pirates heuristics, mcts, envs", _pirates_rest),
)


def _run_part(name: str) -> tuple[str, float]:
    t = time.perf_counter()
    next(p for p in PARTS if p[2] == name)[4]()
    return name, time.perf_counter() - t


def compile_all(games=None, jobs: int | None = None, progress: bool = True) -> dict[str, float]:
    """Compile the parts of `games` (default: all); returns seconds per part
    and "total" (wall). Each part runs in a fresh process."""
    games = list(games or available_games())
    parts = [p for p in PARTS if p[0] in games]
    jobs = jobs or os.cpu_count() or 1
    out: dict[str, float] = {}
    t0 = time.perf_counter()
    notice = os.environ.get("MARACAIBO_COMPILE_NOTICE")
    os.environ["MARACAIBO_COMPILE_NOTICE"] = "0"     # the workers' status lines: the bar shows progress
    try:
        return _compile(parts, jobs, progress, out, t0)
    finally:
        if notice is None:
            del os.environ["MARACAIBO_COMPILE_NOTICE"]
        else:
            os.environ["MARACAIBO_COMPILE_NOTICE"] = notice


def _compile(parts, jobs, progress, out, t0) -> dict[str, float]:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
    with Progress(TextColumn("[bold]maracaibo compile[/]"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("{task.description}"), TimeElapsedColumn(), disable=not progress) as bar:
        task = bar.add_task("", total=len(parts))
        with ProcessPoolExecutor(max_workers=jobs, mp_context=get_context("spawn")) as pool:
            for phase in (1, 2):
                names = [p[2] for p in parts if p[1] == phase]
                bar.update(task, description=f"phase {phase}: " + ", ".join(names))
                futures = [pool.submit(_run_part, n) for n in names]
                for f in as_completed(futures):
                    name, secs = f.result()
                    out[name] = secs
                    bar.advance(task)
        bar.update(task, description="done")
    out["total"] = time.perf_counter() - t0
    return out


def add_parser(sub) -> None:
    p = sub.add_parser("compile", help="compile every numba kernel ahead of use (parallel, one progress bar)",
                       description=__doc__.split("\n\n")[0] + "\n\n" + __doc__.split("\n\n")[1],
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       epilog="examples:\n  maracaibo compile\n  maracaibo compile --game pirates --jobs 1\n")
    p.add_argument("--game", choices=available_games(), action="append", default=None,
                   help="only this game's parts (repeatable; default: every game)")
    p.add_argument("--jobs", type=int, default=None,
                   help="processes (default: the CPU count)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")


def main(args) -> int:
    if args.jobs is not None and args.jobs < 1:
        print("maracaibo compile: error: --jobs must be >= 1")
        return 2
    times = compile_all(args.game, args.jobs, progress=not args.no_progress)
    for name, secs in times.items():
        if name != "total":
            print(f"  {name:22s} {secs:6.1f} s")
    print(f"compiled in {times['total']:.1f} s wall; later runs load the cache")
    return 0
