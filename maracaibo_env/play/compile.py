"""`maracaibo compile [--game G]`: compile every numba kernel a user may
touch, ahead of use, in parallel processes, with one progress bar.

numba compiles a kernel on its first call and keeps it in its on-disk cache
(framework/numba_cache.py), so each first use of a part (the first Game, the
vector env, the heuristics, the search, Pirates) pays its compile then. This
command pays all of it at once. Kernels share their callees (the engine's
step above all, then the heuristics), and two processes compiling the same
callee would both do the work, so a part runs once the parts it builds on
have filled the cache (`after`): each game's core first, then its
heuristics, then what uses them (the vector env, search, the envs), as
many at a time as --jobs allows. Each part is a short real use in a fresh
process: it compiles exactly what that use needs.

    maracaibo compile                    # every game
    maracaibo compile --game maracaibo --jobs 2

Each game declares its parts (registry GameInfo.compile_parts, in the game's
warm.py); this module only runs them.
"""
from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from multiprocessing import get_context
from typing import Callable, Iterator, NamedTuple

from ..registry import available_games, game_info, game_part

class Part(NamedTuple):
    """One part of a game's compile: a short real use, run in a fresh process."""
    game: str
    name: str
    what: str                   # what it compiles, in words
    run: Callable[[], object]
    after: tuple[str, ...]      # the parts (of the same game) whose compiled code it reuses


def parts(games=None) -> list[Part]:
    """The parts of `games` (default: every registered game), in registry order and
    each game's own order; a game whose row declares none has none."""
    out = []
    for g in games or available_games():
        if game_info(g).compile_parts:
            mine = [Part(g, *row) for row in game_part(g, "compile_parts")]
            for k, p in enumerate(mine):
                earlier = {q.name for q in mine[:k]}
                if not set(p.after) <= earlier:
                    raise ValueError(f"{g} compile part {p.name!r}: `after` names "
                                     f"{sorted(set(p.after) - earlier)}, not a part declared before it")
            out += mine
    return out


def _run_part(game: str, name: str) -> tuple[str, float]:
    t = time.perf_counter()
    next(p for p in parts([game]) if p.name == name).run()
    return name, time.perf_counter() - t


def compile_all(games=None, jobs: int | None = None, progress: bool = True) -> dict[str, float]:
    """Compile the parts of `games` (default: all); returns seconds per part
    and "total" (wall). Each part runs in a fresh process."""
    todo = parts(games)
    jobs = jobs or os.cpu_count() or 1
    out: dict[str, float] = {}
    t0 = time.perf_counter()
    # the workers' status lines off (the bar shows progress)
    with _env("MARACAIBO_COMPILE_NOTICE", "0"):
        return _compile(todo, jobs, progress, out, t0)


@contextmanager
def _env(name: str, value: str) -> Iterator[None]:
    """os.environ[name] = value for a with block (the processes started in it inherit it)."""
    old = os.environ.get(name)
    os.environ[name] = value
    try:
        yield
    finally:
        if old is None:
            del os.environ[name]
        else:
            os.environ[name] = old


def _order(todo: list[Part]) -> list[Part]:
    """`todo` with the parts that most others wait for first (then in the
    declared order): the longest chains start early."""
    def waiting_on(p: Part) -> int:
        return sum(1 for q in todo if q.game == p.game and p.name in _ancestors(q, todo))
    return sorted(todo, key=lambda p: -waiting_on(p))


def _ancestors(p: Part, todo: list[Part]) -> set[str]:
    found, stack = set(), list(p.after)
    while stack:
        name = stack.pop()
        if name not in found:
            found.add(name)
            stack += [a for q in todo if q.game == p.game and q.name == name for a in q.after]
    return found


def _compile(todo: list[Part], jobs, progress, out, t0) -> dict[str, float]:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
    waiting, running, done = _order(todo), {}, set()
    with Progress(TextColumn("[bold]maracaibo compile[/]"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("{task.description}"), TimeElapsedColumn(), disable=not progress) as bar:
        task = bar.add_task("", total=len(todo))
        with ProcessPoolExecutor(max_workers=jobs, mp_context=get_context("spawn")) as pool:
            while waiting or running:
                for p in [p for p in waiting if all((p.game, a) in done for a in p.after)]:
                    if len(running) < jobs:
                        waiting.remove(p)
                        running[pool.submit(_run_part, p.game, p.name)] = p
                bar.update(task, description=", ".join(p.name for p in running.values()))
                finished = next(as_completed(running))
                p = running.pop(finished)
                out[p.name] = finished.result()[1]
                done.add((p.game, p.name))
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
