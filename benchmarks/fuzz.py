"""Fuzzing, two kinds.

Random play (--decisions): games across every player count and option, the
conservation invariants checked on sampled states, exact JSON round trips.

    python benchmarks/fuzz.py --decisions 10000000 [--check-every 20] [--json-every 2000]

Games run inside numba (uniform random legal actions from a per-game seed).
Every violation is reported with a replay file that reproduces it.

Crafted saved games (--crafted): valid saved states from random games, one or
more fields changed to random or boundary values (or moved consistently: a
card from one place to another, VP with its source, a task pushed on the
stack), each loaded in a worker subprocess. Every case must be rejected with
a clear ValueError naming a field, or load and play to the end with uniform
random moves, every invariant (strict: also the turn structure and the
engine's decision point) holding; never a crash, a hang or any other error.

    python benchmarks/fuzz.py --crafted 100000 [--jobs 2] [--seed 0] [--out fuzz_failures] [--json summary.json]
    python benchmarks/fuzz.py --case fuzz_failures/crafted_0_123.json     # re-run one saved case here

A case is fully determined by (seed, case number): workers receive only the
numbers. A worker that dies (a segfault) or stalls is replaced; the case it
was on is counted as a crash or a hang and saved with its saved game.
"""
from __future__ import annotations

import argparse
import itertools
import json
import os
import select
import re
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

import numpy as np
from numba import njit

from maracaibo_env import Game
from maracaibo_env.catalog import load_catalog, STORY_NUMBERS
from maracaibo_env.core import drop_stale_cache, engine, layout as L
from maracaibo_env.core.actions import NUM_ACTIONS
from maracaibo_env.core.random_play import pick_uniform
from maracaibo_env.core.enums import DIFFICULTIES, AUTOMA_TABLES, OPS
from maracaibo_env.invariants import check_invariants

CONFIGS = ([(n, s, "medium", "en") for n in (2, 3, 4) for s in STORY_NUMBERS]
           + [(1, 75, d, t) for d in DIFFICULTIES for t in AUTOMA_TABLES])


drop_stale_cache(__file__)  # its compiled functions link the engine's code


# ---- random play -------------------------------------------------------------------------------------
@njit(cache=True)
def _play(cat, n, seed, story, diff, table, every, samples, sample_at, actions):
    """One random game; fills samples every `every` decisions and records the
    actions. Returns (decisions, samples taken)."""
    state = np.zeros(L.STATE_SIZE, np.int32)
    mask = np.zeros(NUM_ACTIONS, np.int8)
    engine.new_game_with(state, cat, n, seed, story, diff, table, mask)
    x = np.uint64(seed) * np.uint64(6364136223846793005) + np.uint64(1442695040888963407)
    steps, ns = 0, 0
    while state[L.G_OVER] == 0:
        a, x = pick_uniform(mask, x)
        actions[steps] = a
        engine.step_unchecked(state, cat, a, mask)
        steps += 1
        if steps % every == 0 and ns < samples.shape[0]:
            samples[ns, :] = state
            sample_at[ns] = steps
            ns += 1
    samples[ns, :] = state  # the terminal state is always checked
    sample_at[ns] = steps
    return steps, ns + 1


def _game(cfg, seed) -> Game:
    n, story, diff, table = cfg
    solo = {"difficulty": diff, "automa_table": table} if n == 1 else {}
    return Game(n, seed=seed, story=story, **solo)


def _write_replay(cfg, seed, actions, path):
    g = _game(cfg, seed)
    for a in actions:
        if g.is_over:
            break
        g.step(int(a))
    g.save_replay(path)


def random_play(args) -> int:
    catalog = load_catalog()
    cat = catalog.array
    samples = np.zeros((2000, L.STATE_SIZE), np.int32)
    sample_at = np.zeros(2000, np.int64)
    actions = np.zeros(20000, np.int64)
    decisions = checked = roundtrips = violations = games = 0
    t0 = time.time()
    for i in itertools.count():
        if decisions >= args.decisions:
            break
        cfg = CONFIGS[i % len(CONFIGS)]
        n, story, diff, table = cfg
        seed = (args.seed * 1_000_003 + i) % 2**31
        steps, ns = _play(cat, n, seed, STORY_NUMBERS.index(story), DIFFICULTIES.index(diff),
                          AUTOMA_TABLES.index(table), args.check_every, samples, sample_at, actions)
        decisions += steps
        games += 1
        for j in range(ns):
            bad = check_invariants(samples[j], catalog, strict=True)
            checked += 1
            if not bad and checked % args.json_every == 0:
                text = json.dumps({"format": 2, "data_hash": catalog.data_hash,
                                   "state": L.describe_state(samples[j], True)})
                roundtrips += 1
                if not np.array_equal(Game.from_json(text).state, samples[j]):
                    bad = ["JSON round trip changed the state"]
            if bad:
                violations += 1
                Path(args.out).mkdir(exist_ok=True)
                path = Path(args.out) / f"violation_{violations}_n{n}_seed{seed}.jsonl"
                _write_replay(cfg, seed, actions[: sample_at[j]], path)
                print(f"VIOLATION game {cfg} seed {seed} after {sample_at[j]} decisions: {bad[:3]} "
                      f"-> replay {path}")
                break
    dt = time.time() - t0
    print(f"{decisions:,} decisions in {games:,} games ({dt:.0f} s); {checked:,} states checked, "
          f"{roundtrips:,} JSON round trips; {violations} violations")
    return 1 if violations else 0


# ---- crafted saved games: making a case ------------------------------------------------------------------
# values a hand-edited file is likely to hold: limits of the arrays, of the data, of int32
BOUNDARY = (-2**31, -1000, -3, -2, -1, 0, 1, 2, 3, 4, 5, 7, 8, 9, 11, 12, 13, 14, 15, 16, 20, 23, 24, 25,
            28, 29, 31, 32, 39, 40, 47, 48, 59, 60, 156, 157, 543, 1000, 10**6, 10**6 + 1, 2**24, 2**31 - 1)
GLOBAL_NAMES = list(L.GLOBAL)
PLAYER_NAMES = list(L.PLAYER)


def make_case(seed: int, k: int, catalog) -> tuple[dict, list[str]]:
    """Case k of a run: a saved game taken from a random game and mutated.
    Returns (saved-game dict, description of each mutation)."""
    rng = np.random.default_rng([seed, k])
    cfg = CONFIGS[int(rng.integers(len(CONFIGS)))]
    g = _game(cfg, int(rng.integers(2**31)))
    stop = int(rng.integers(0, 400))  # games last ~150-350 decisions: some cases are at the end
    moves = 0
    while not g.is_over and moves < stop:
        legal = g.legal_actions()
        g.step(legal[int(rng.integers(len(legal)))])
        moves += 1
    d = g.to_dict()
    st = d["state"]
    done = [f"base: {cfg} after {moves} decisions ({g.phase})"]
    for _ in range(int(rng.choice([1, 1, 1, 1, 2, 2, 3, 5]))):
        done.append(_mutate(st, rng, catalog))
    if rng.random() < 0.01:  # the envelope too, now and then
        key = str(rng.choice(["format", "data_hash"]))
        d[key] = [1, 3, "1", None, True, "0" * 64][int(rng.integers(6))]
        done.append(f"{key} = {d[key]!r}")
    return d, done


def _np(st) -> int:
    """Seats to mutate: NP when it is still a valid count (an earlier mutation may have changed it)."""
    return st["NP"] if isinstance(st["NP"], int) and 2 <= st["NP"] <= L.MAX_P else L.MAX_P


def _fields(st, rng, size_filter=None):
    """(container, name, label) of a random field, players weighted to seats in play."""
    np_ = _np(st)
    while True:
        if rng.random() < 0.45:
            name = GLOBAL_NAMES[int(rng.integers(len(GLOBAL_NAMES)))]
            box, label = st, name
        else:
            p = int(rng.integers(np_)) if rng.random() < 0.95 else int(rng.integers(L.MAX_P))
            name = PLAYER_NAMES[int(rng.integers(len(PLAYER_NAMES)))]
            box, label = st["players"][p], f"players[{p}].{name}"
        if size_filter is None or size_filter(box[name]):
            return box, name, label


def _get(box, name, rng):
    v = box[name]
    if isinstance(v, list):
        i = int(rng.integers(len(v)))
        return v[i], (lambda x: v.__setitem__(i, x)), f"[{i}]"
    return v, (lambda x: box.__setitem__(name, x)), ""


def _mutate(st, rng, catalog) -> str:
    kind = rng.choice(["boundary", "delta", "random", "copy", "swap", "in_range", "move_card",
                       "vp", "push_task", "edit_task", "swap_seats"],
                      p=[0.16, 0.16, 0.08, 0.08, 0.08, 0.16, 0.06, 0.04, 0.07, 0.06, 0.05])
    if kind == "move_card":
        return _move_card(st, rng)
    if kind == "vp":
        p = int(rng.integers(_np(st)))
        j, k = int(rng.integers(L.N_VP_SRC)), int(rng.integers(-5, 40))
        st["players"][p]["VP"] += k
        st["players"][p]["VP_SRC"][j] += k
        return f"players[{p}].VP and VP_SRC[{j}] += {k}"
    if kind in ("push_task", "edit_task"):
        return _task(st, rng, kind)
    if kind == "swap_seats":
        name = PLAYER_NAMES[int(rng.integers(len(PLAYER_NAMES)))]
        a, b = rng.choice(_np(st), 2, replace=False).tolist()
        pa, pb = st["players"][a], st["players"][b]
        pa[name], pb[name] = pb[name], pa[name]
        return f"swap players[{a}].{name} and players[{b}].{name}"
    if kind == "swap":
        box, name, label = _fields(st, rng, lambda v: isinstance(v, list))
        v = box[name]
        i, j = rng.choice(len(v), 2, replace=False).tolist()
        v[i], v[j] = v[j], v[i]
        return f"swap {label}[{i}] and [{j}]"
    box, name, label = _fields(st, rng)
    old, put, at = _get(box, name, rng)
    if kind == "boundary":
        new = int(rng.choice(BOUNDARY))
    elif kind == "delta":
        new = old + int(rng.choice([-3, -2, -1, 1, 1, 2, 3]))
    elif kind == "random":
        new = int(rng.integers(-5, 200))
    elif kind == "copy":
        other = box[name] if isinstance(box[name], list) else [old]
        new = other[int(rng.integers(len(other)))]
    else:  # in_range: a value the range check allows, so later checks and play decide
        new = _in_range(st, label + at, rng, catalog, old)
    new = int(np.clip(new, -2**31, 2**31 - 1))
    put(new)
    return f"{label}{at}: {old} -> {new} ({kind})"


def _in_range(st, label, rng, catalog, old):
    from maracaibo_env.validate import limits
    np_, solo = st["NP"], st["SOLO"] == 1
    if not (isinstance(np_, int) and 2 <= np_ <= 4 and st["SOLO"] in (0, 1)):
        return old
    t = limits(catalog).table(np_, solo)
    i = _index_of(label)
    lo, hi = int(t.lo[i]), int(t.hi[i])
    if hi - lo > 1000:
        hi = lo + 1000 if lo > -1000 else min(hi, 1000)
        lo = max(lo, -1)
    return int(rng.integers(lo, hi + 1))


def _index_of(label: str) -> int:
    """State index of a label such as 'players[1].HAND[3]' or 'ROUND'."""
    p = None
    if label.startswith("players["):
        p = int(label[8])
        label = label[11:]
    name, _, rest = label.partition("[")
    k = int(rest[:-1]) if rest else 0
    sl = L.field_slice(name, p)
    return sl.start + k


def _move_card(st, rng) -> str:
    """A card from one place to another, counts kept consistent."""
    np_ = _np(st)
    places = [("DRAW", st, "DRAW", "DRAW_N"), ("DISCARD", st, "DISCARD", "DISCARD_N")]
    for p in range(np_):
        places.append((f"players[{p}].HAND", st["players"][p], "HAND", "HAND_N"))
    src = [x for x in places if 0 < x[1][x[3]] <= len(x[1][x[2]])]
    if not src:
        return "move_card: nothing to move"
    a = src[int(rng.integers(len(src)))]
    b = places[int(rng.integers(len(places)))]
    n = a[1][a[3]]
    card = a[1][a[2]][n - 1]
    a[1][a[2]][n - 1] = -1
    a[1][a[3]] = n - 1
    m = b[1][b[3]]
    if 0 <= m < len(b[1][b[2]]):
        b[1][b[2]][m] = card
        b[1][b[3]] = m + 1
    else:
        a[1][a[2]][n - 1], a[1][a[3]] = card, n  # no room: put it back
    return f"card {card}: {a[0]} -> {b[0]}"


def _task(st, rng, kind) -> str:
    n = st["STK_N"]
    stk = st["STK"]
    if kind == "edit_task" and isinstance(n, int) and 0 < n <= L.STACK_CAP:
        i = int(rng.integers(n))
        j = int(rng.integers(L.STACK_W))
        old = stk[i * L.STACK_W + j]
        new = int(rng.choice([old - 1, old + 1, -1, 0, 1, 2, 3, 16, 17, 34, 8195, int(rng.integers(-3, 40))]))
        stk[i * L.STACK_W + j] = new
        return f"STK task {i} field {j}: {old} -> {new}"
    if not isinstance(n, int) or not 0 <= n < L.STACK_CAP:
        return "push_task: no room"
    op = int(rng.integers(1, len(OPS)))
    entry = [op, int(rng.integers(_np(st))), int(rng.choice([-2, -1, 0, 1, 2, 3, int(rng.integers(0, 30))])),
             int(rng.choice([0, 0, 1, 2, 3, 18, 34, int(rng.integers(0, 64))]))]
    stk[n * L.STACK_W: (n + 1) * L.STACK_W] = entry
    st["STK_N"] = n + 1
    return f"push task {OPS[op]} {entry[1:]}"


# ---- crafted saved games: running a case ------------------------------------------------------------------
def run_case(d: dict, seed: int, k: int, catalog, check_every: int) -> dict:
    """Load (or reject) and play out one case. Returns {"result": "rejected" |
    "played" | "failure", ...}; exceptions other than a clear rejection are failures."""
    from maracaibo_env.render import render_text
    try:
        g = Game.from_dict(d, catalog)
    except ValueError as exc:
        msg = str(exc)
        if not msg or "=" not in msg and "format" not in msg and "keys" not in msg and "field" not in msg \
                and "lacks" not in msg and "must" not in msg and "data_hash" not in msg:
            return {"result": "failure", "reason": "unclear rejection", "detail": msg}
        return {"result": "rejected", "field": _first_field(msg)}
    except Exception as exc:  # noqa: BLE001  (any other error is a finding)
        return {"result": "failure", "reason": f"load raised {type(exc).__name__}", "detail": str(exc)[:500]}
    rng = np.random.default_rng([seed, k, 1])
    steps = 0
    try:
        for p in range(g.num_seats):
            g.observe(p)
        g.jean_log()
        render_text(g)
        while not g.is_over:
            legal = g.legal_actions()
            if not legal:
                return {"result": "failure", "reason": "no legal action", "detail": f"after {steps} steps"}
            g.step(legal[int(rng.integers(len(legal)))])
            steps += 1
            if steps <= 4 or steps % check_every == 0 or g.is_over:
                bad = check_invariants(g.state, catalog, strict=True)
                if bad:
                    return {"result": "failure", "reason": "invariant", "detail": f"after {steps} steps: "
                            + "; ".join(bad[:3])}
                g.observe(g.current_player if g.current_player >= 0 else 0)
            if steps > 5000:
                return {"result": "failure", "reason": "no end", "detail": "5000 steps without the game ending"}
    except Exception as exc:  # noqa: BLE001
        return {"result": "failure", "reason": f"play raised {type(exc).__name__}",
                "detail": f"after {steps} steps: {str(exc)[:500]}"}
    return {"result": "played", "steps": steps}


def _first_field(msg: str) -> str:
    head = msg.split(": ", 1)[-1] if msg.startswith("invalid") else msg
    name = head.split(" =", 1)[0].split("[", 1)[0]
    if name.startswith("players"):
        name = "players." + head.split(".", 1)[1].split(" =", 1)[0].split("[", 1)[0]
    return re.sub(r" \d+", "", name)[:40]


def worker(args) -> int:
    """Read case numbers from stdin, write one JSON result line per case."""
    catalog = load_catalog()
    print(json.dumps({"ready": True}), flush=True)
    crash, hang = os.environ.get("FUZZ_SELFTEST_CRASH"), os.environ.get("FUZZ_SELFTEST_HANG")
    for line in sys.stdin:
        k = int(line)
        if str(k) == crash:  # the harness's own test: a segfault on this case
            import ctypes
            ctypes.string_at(0)
        if str(k) == hang:
            time.sleep(3600)
        try:
            d, _ = make_case(args.seed, k, catalog)
        except Exception as exc:  # noqa: BLE001  (a bug of the fuzzer itself, not of the game)
            print(json.dumps({"case": k, "result": "harness_error", "detail": repr(exc)[:300]}), flush=True)
            continue
        r = run_case(d, args.seed, k, catalog, args.check_every)
        r["case"] = k
        print(json.dumps(r), flush=True)
    return 0


def _save_case(out: Path, seed: int, k: int, result: dict, catalog) -> Path:
    d, done = make_case(seed, k, catalog)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"crafted_{seed}_{k}.json"
    path.write_text(json.dumps({"seed": seed, "case": k, "reason": result.get("reason"),
                                "detail": result.get("detail"), "mutations": done, "saved_game": d}))
    return path


class _Pool:
    """Workers in subprocesses; a dead or stalled worker is replaced and its
    current case recorded as a crash or a hang."""

    def __init__(self, args, todo, on_result):
        self.args, self.todo, self.on_result = args, todo, on_result
        self.lock = threading.Lock()

    def _next(self, n):
        with self.lock:
            out = self.todo[:n]
            del self.todo[:n]
            return out

    def run(self, jobs):
        threads = [threading.Thread(target=self._loop, daemon=True) for _ in range(jobs)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()

    def _loop(self):
        while True:
            batch = self._next(self.args.batch)
            if not batch:
                return
            self._run_batch(batch)

    def _run_batch(self, batch):
        cmd = [sys.executable, os.path.abspath(__file__), "--worker", "--seed", str(self.args.seed),
               "--check-every", str(self.args.check_every)]
        pending = list(batch)
        while pending:
            errlog = tempfile.TemporaryFile()
            proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errlog)
            proc.stdin.write("".join(f"{k}\n" for k in pending).encode())
            proc.stdin.close()
            reader = _LineReader(proc.stdout.fileno())
            stalled = False
            ready = reader.readline(self.args.start_timeout)
            while pending and ready:
                line = reader.readline(self.args.case_timeout)
                if not line:  # None: no answer in time; "": the worker is gone
                    stalled = line is None
                    break
                r = json.loads(line)
                pending.remove(r["case"])
                self.on_result(r)
            if not pending:
                proc.wait()
                return
            # the worker died (or stalled) on pending[0]
            if proc.poll() is None:
                proc.kill()
            proc.wait()
            errlog.seek(0)
            err = errlog.read().decode(errors="replace")[-400:]
            if not ready:
                raise RuntimeError(f"fuzz worker failed to start:\n{err}")
            k = pending.pop(0)
            reason = "hang" if stalled else f"crash (exit {proc.returncode})"
            self.on_result({"case": k, "result": "failure", "reason": reason, "detail": err})



class _LineReader:
    """Lines from a pipe with a timeout (select on the raw descriptor, own
    buffer): the line, None when none came in time, "" at the end of the pipe."""

    def __init__(self, fd):
        self.fd, self.buf = fd, b""

    def readline(self, timeout):
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.fd], [], [], left)[0]:
                return None
            chunk = os.read(self.fd, 65536)
            if not chunk:
                return ""
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode()


def crafted(args) -> int:
    catalog = load_catalog()
    out = Path(args.out)
    counts = Counter()
    fields = Counter()
    failures = []
    t0 = time.time()
    try:
        from rich.progress import (Progress, BarColumn, MofNCompleteColumn, TextColumn,
                                   TimeElapsedColumn, TimeRemainingColumn)
        progress = Progress(TextColumn("crafted"), BarColumn(), MofNCompleteColumn(),
                            TextColumn("{task.fields[stats]}"), TimeElapsedColumn(), TextColumn("ETA"),
                            TimeRemainingColumn(), disable=args.quiet)
    except ImportError:  # rich is a dependency; plain counts if it is missing
        progress = None
    lock = threading.Lock()

    def on_result(r):
        with lock:
            counts["mutations"] += 1
            if r["result"] == "harness_error":
                counts["harness_errors"] += 1
                failures.append({"case": r["case"], "reason": "harness error", "detail": r["detail"]})
            elif r["result"] == "rejected":
                counts["rejected"] += 1
                fields[r.get("field", "?")] += 1
            elif r["result"] == "played":
                counts["played_out"] += 1
                counts["steps"] += r["steps"]
            else:
                counts["failures"] += 1
                key = "crashes" if r["reason"].startswith("crash") else "hangs" if r["reason"] == "hang" else None
                if key:
                    counts[key] += 1
                path = _save_case(out, args.seed, r["case"], r, catalog)
                failures.append({"case": r["case"], "reason": r["reason"], "detail": r.get("detail", "")[:300],
                                 "file": str(path)})
                if progress is not None:
                    progress.console.print(f"FAILURE case {r['case']}: {r['reason']}: {r.get('detail', '')[:200]} "
                                           f"-> {path}")
            if progress is not None:
                progress.update(task, advance=1, stats=f"rejected {counts['rejected']:,} played "
                                f"{counts['played_out']:,} failures {counts['failures']}")

    todo = list(range(args.crafted))
    if progress is not None:
        with progress:
            task = progress.add_task("crafted", total=args.crafted, stats="")
            _Pool(args, todo, on_result).run(args.jobs)
    else:
        _Pool(args, todo, on_result).run(args.jobs)
    dt = time.time() - t0
    summary = {"mutations": counts["mutations"], "rejected": counts["rejected"],
               "played_out": counts["played_out"], "failures": counts["failures"],
               "crashes": counts["crashes"], "hangs": counts["hangs"], "harness_errors": counts["harness_errors"],
               "decisions_played": counts["steps"], "seconds": round(dt, 1), "seed": args.seed,
               "jobs": args.jobs, "rejected_by_field": dict(fields.most_common(25)), "failure_cases": failures}
    print(f"{summary['mutations']:,} crafted saved games in {dt:.0f} s: {summary['rejected']:,} rejected, "
          f"{summary['played_out']:,} played to the end ({summary['decisions_played']:,} decisions), "
          f"{summary['failures']} failures ({summary['crashes']} crashes, {summary['hangs']} hangs)"
          + (f"; {summary['harness_errors']} fuzzer errors" if summary["harness_errors"] else ""))
    if args.json:
        Path(args.json).write_text(json.dumps(summary, indent=1))
    return 1 if counts["failures"] or counts["harness_errors"] else 0


def replay_case(args) -> int:
    """Re-run one saved case in this process (a crash here is the bug itself)."""
    saved = json.loads(Path(args.case).read_text())
    print("mutations:", *saved["mutations"], sep="\n  ")
    r = run_case(saved["saved_game"], saved["seed"], saved["case"], load_catalog(), args.check_every)
    print(r)
    return 0 if r["result"] != "failure" else 1


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decisions", type=int, default=None, help="random play: total decisions")
    ap.add_argument("--crafted", type=int, default=None, help="crafted saved games: number of cases")
    ap.add_argument("--case", help="re-run one saved crafted case (a JSON file from --out)")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--check-every", type=int, default=None,
                    help="invariants every N decisions (default 20 random play, 8 crafted)")
    ap.add_argument("--json-every", type=int, default=100, help="JSON round trip every N-th sample")
    ap.add_argument("--jobs", type=int, default=2, help="crafted: worker processes")
    ap.add_argument("--batch", type=int, default=250, help="crafted: cases per worker process")
    ap.add_argument("--case-timeout", type=float, default=120, help="crafted: seconds before a case is a hang")
    ap.add_argument("--start-timeout", type=float, default=900, help="crafted: seconds for a worker to start")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default="fuzz_failures", help="folder for failing cases / replays")
    ap.add_argument("--json", help="crafted: write the summary here")
    ap.add_argument("--quiet", action="store_true", help="crafted: no progress bar")
    args = ap.parse_args(argv)
    if args.worker:
        args.check_every = args.check_every or 8
        return worker(args)
    if args.case:
        args.check_every = args.check_every or 8
        return replay_case(args)
    if args.crafted is not None:
        args.check_every = args.check_every or 8
        return crafted(args)
    args.check_every = args.check_every or 20
    args.decisions = args.decisions or 1_000_000
    return random_play(args)


if __name__ == "__main__":
    raise SystemExit(main())
