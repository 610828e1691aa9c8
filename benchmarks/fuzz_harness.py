"""The game-independent part of benchmarks/fuzz.py: random play with sampled
invariant checks, and crafted saved games (mutation, a pool of worker
subprocesses that survives crashes and hangs, reporting).

A game plugs in as a *target* (fuzz.py's Maracaibo, fuzz_pirates.py's
Pirates), an object with:

    name, Game, LAYOUT, configs, boundary, kinds (mutation kinds, probabilities),
    envelope (bad values of "format"/"data_hash"), max_stop (decisions before a case's save)
    load_catalog(), new_game(cfg, seed), check(game, catalog) (strict invariants),
    safety(game, catalog) (what must hold even after an inconsistent state was accepted),
    special(kind, st, rng, catalog) (its own mutation kinds), in_range(st, label, rng, catalog, old),
    exercise(game) (API calls on a loaded game), clear_rejection(msg), rejected_field(msg),
    random_player(catalog) (play(cfg, seed, every), check(j), roundtrip(j), write_replay(cfg, seed, n, path),
    sample_at)

A case is fully determined by (seed, case number): workers receive only the
numbers. A worker that dies (a segfault) or stalls is replaced; the case it
was on is counted as a crash or a hang and saved with its saved game.
"""
from __future__ import annotations

import itertools
import json
import os
import re
import select
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

import numpy as np


# ---- random play -------------------------------------------------------------------------------------
def random_play(args, target) -> int:
    catalog = target.load_catalog()
    player = target.random_player(catalog)
    decisions = checked = roundtrips = violations = games = 0
    per_options: dict[str, dict] = {}
    t0 = last = time.time()
    for i in itertools.count():
        if decisions >= args.decisions:
            break
        cfg = target.configs[i % len(target.configs)]
        seed = (args.seed * 1_000_003 + i) % 2**31
        steps, ns = player.play(cfg, seed, args.check_every)
        decisions += steps
        games += 1
        tally = per_options.setdefault(target.label(cfg), {"games": 0, "decisions": 0, "violations": 0})
        tally["games"] += 1
        tally["decisions"] += steps
        for j in range(ns):
            bad = player.check(j)
            checked += 1
            if not bad and checked % args.json_every == 0:
                roundtrips += 1
                if not player.roundtrip(j):
                    bad = ["JSON round trip changed the state"]
            if bad:
                violations += 1
                tally["violations"] += 1
                Path(args.out).mkdir(exist_ok=True)
                path = Path(args.out) / f"violation_{violations}_n{cfg[0]}_seed{seed}.jsonl"
                player.write_replay(cfg, seed, int(player.sample_at[j]), path)
                print(f"VIOLATION game {cfg} seed {seed} after {player.sample_at[j]} decisions: {bad[:3]} "
                      f"-> replay {path}")
                break
        if args.progress and time.time() - last >= args.progress:
            last = time.time()
            print(f"... {decisions:,} decisions, {games:,} games, {checked:,} states checked, "
                  f"{violations} violations ({last - t0:.0f} s)", flush=True)
    dt = time.time() - t0
    print(f"{decisions:,} decisions in {games:,} games ({dt:.0f} s); {checked:,} states checked, "
          f"{roundtrips:,} JSON round trips; {violations} violations")
    if len(per_options) > 1:
        for name, t in sorted(per_options.items()):
            print(f"  {t['decisions']:>12,} decisions {t['games']:>8,} games {t['violations']:>3} "
                  f"violations  {name}")
    if args.json:
        Path(args.json).write_text(json.dumps({
            "game": target.name, "decisions": decisions, "games": games, "states_checked": checked,
            "json_round_trips": roundtrips, "violations": violations, "seconds": round(dt, 1),
            "seed": args.seed, "check_every": args.check_every, "options": getattr(args, "options", "base"),
            "per_option_set": per_options}, indent=1))
    return 1 if violations else 0


def write_replay(g, actions, path) -> None:
    """Replay file of a game started as g, after the given actions."""
    for a in actions:
        if g.is_over:
            break
        g.step(int(a))
    g.save_replay(path)


# ---- crafted saved games: making a case ------------------------------------------------------------------
def make_case(seed: int, k: int, catalog, target) -> tuple[dict, list[str]]:
    """Case k of a run: a saved game taken from a random game and mutated.
    Returns (saved-game dict, description of each mutation)."""
    rng = np.random.default_rng([seed, k])
    cfg = target.configs[int(rng.integers(len(target.configs)))]
    g = target.new_game(cfg, int(rng.integers(2**31)))
    stop = int(rng.integers(0, target.max_stop))  # some cases are at the end of the game
    moves = 0
    while not g.is_over and moves < stop:
        legal = g.legal_actions()
        g.step(legal[int(rng.integers(len(legal)))])
        moves += 1
    d = g.to_dict()
    st = d["state"]
    done = [f"base: {cfg} after {moves} decisions ({g.phase})"]
    for _ in range(int(rng.choice([1, 1, 1, 1, 2, 2, 3, 5]))):
        done.append(mutate(st, rng, catalog, target))
    if rng.random() < 0.01:  # the envelope too, now and then
        key = str(rng.choice(["format", "data_hash"]))
        d[key] = target.envelope[int(rng.integers(len(target.envelope)))]
        done.append(f"{key} = {d[key]!r}")
    return d, done


def seats(st, layout) -> int:
    """Seats to mutate: NP when it is still a valid count (an earlier mutation may have changed it)."""
    np_ = st["NP"]
    return np_ if isinstance(np_, int) and 2 <= np_ <= layout.max_players else layout.max_players


def pick_field(st, rng, layout, size_filter=None):
    """(container, name, label) of a random field, players weighted to seats in play."""
    gnames, pnames = list(layout.glob), list(layout.player)
    np_ = seats(st, layout)
    while True:
        if rng.random() < 0.45:
            name = gnames[int(rng.integers(len(gnames)))]
            box, label = st, name
        else:
            p = int(rng.integers(np_)) if rng.random() < 0.95 else int(rng.integers(layout.max_players))
            name = pnames[int(rng.integers(len(pnames)))]
            box, label = st["players"][p], f"players[{p}].{name}"
        if size_filter is None or size_filter(box[name]):
            return box, name, label


def _get(box, name, rng):
    v = box[name]
    if isinstance(v, list):
        i = int(rng.integers(len(v)))
        return v[i], (lambda x: v.__setitem__(i, x)), f"[{i}]"
    return v, (lambda x: box.__setitem__(name, x)), ""


def mutate(st, rng, catalog, target) -> str:
    names, probs = target.kinds
    kind = rng.choice(names, p=probs)
    layout = target.LAYOUT
    if kind == "vp":
        p = int(rng.integers(seats(st, layout)))
        j, k = int(rng.integers(len(st["players"][p]["VP_SRC"]))), int(rng.integers(-5, 40))
        st["players"][p]["VP"] += k
        st["players"][p]["VP_SRC"][j] += k
        return f"players[{p}].VP and VP_SRC[{j}] += {k}"
    if kind == "swap_seats":
        pnames = list(layout.player)
        name = pnames[int(rng.integers(len(pnames)))]
        a, b = rng.choice(seats(st, layout), 2, replace=False).tolist()
        pa, pb = st["players"][a], st["players"][b]
        pa[name], pb[name] = pb[name], pa[name]
        return f"swap players[{a}].{name} and players[{b}].{name}"
    if kind == "swap":
        box, name, label = pick_field(st, rng, layout, lambda v: isinstance(v, list))
        v = box[name]
        i, j = rng.choice(len(v), 2, replace=False).tolist()
        v[i], v[j] = v[j], v[i]
        return f"swap {label}[{i}] and [{j}]"
    if kind not in ("boundary", "delta", "random", "copy", "in_range"):
        return target.special(kind, st, rng, catalog)
    box, name, label = pick_field(st, rng, layout)
    old, put, at = _get(box, name, rng)
    if kind == "boundary":
        new = int(rng.choice(target.boundary))
    elif kind == "delta":
        new = old + int(rng.choice([-3, -2, -1, 1, 1, 2, 3]))
    elif kind == "random":
        new = int(rng.integers(-5, 200))
    elif kind == "copy":
        other = box[name] if isinstance(box[name], list) else [old]
        new = other[int(rng.integers(len(other)))]
    else:  # in_range: a value the range check allows, so later checks and play decide
        new = target.in_range(st, label + at, rng, catalog, old)
    new = int(np.clip(new, -2**31, 2**31 - 1))
    put(new)
    return f"{label}{at}: {old} -> {new} ({kind})"


def move_top(places, rng, what) -> str:
    """The top item of one counted list onto another, counts kept consistent.
    places: (label, container, list name, count name)."""
    src = [x for x in places if 0 < x[1][x[3]] <= len(x[1][x[2]])]
    if not src:
        return f"move_{what}: nothing to move"
    a = src[int(rng.integers(len(src)))]
    b = places[int(rng.integers(len(places)))]
    n = a[1][a[3]]
    item = a[1][a[2]][n - 1]
    a[1][a[2]][n - 1] = -1
    a[1][a[3]] = n - 1
    m = b[1][b[3]]
    if 0 <= m < len(b[1][b[2]]):
        b[1][b[2]][m] = item
        b[1][b[3]] = m + 1
    else:
        a[1][a[2]][n - 1], a[1][a[3]] = item, n  # no room: put it back
    return f"{what} {item}: {a[0]} -> {b[0]}"


# ---- crafted saved games: running a case ------------------------------------------------------------------
def run_case(d: dict, seed: int, k: int, catalog, check_every: int, target) -> dict:
    """Load (or reject) and play out one case. Returns {"result": "rejected" |
    "played" | "failure", ...}; exceptions other than a clear rejection are failures.
    A loaded state that already breaks an invariant is a failure (the validator
    accepted it); it is still played out, to find what it does to the engine."""
    try:
        g = target.Game.from_dict(d, catalog)
    except ValueError as exc:
        msg = str(exc)
        if not target.clear_rejection(msg):
            return {"result": "failure", "reason": "unclear rejection", "detail": msg}
        return {"result": "rejected", "field": target.rejected_field(msg)}
    except Exception as exc:  # noqa: BLE001  (any other error is a finding)
        return {"result": "failure", "reason": f"load raised {type(exc).__name__}", "detail": str(exc)[:500]}
    rng = np.random.default_rng([seed, k, 1])
    steps = 0
    accepted_bad = None
    try:
        accepted_bad = target.check(g, catalog) or None
        check = target.safety if accepted_bad else target.check
        target.exercise(g)
        while not g.is_over:
            legal = g.legal_actions()
            if not legal:
                return _failed(accepted_bad, "no legal action", f"after {steps} steps")
            g.step(legal[int(rng.integers(len(legal)))])
            steps += 1
            if steps <= 4 or steps % check_every == 0 or g.is_over:
                bad = check(g, catalog)
                if bad:
                    return _failed(accepted_bad, "invariant", f"after {steps} steps: " + "; ".join(bad[:3]))
                g.observe(g.current_player if g.current_player >= 0 else 0)
            if steps > 5000:
                return _failed(accepted_bad, "no end", "5000 steps without the game ending")
    except Exception as exc:  # noqa: BLE001
        return _failed(accepted_bad, f"play raised {type(exc).__name__}", f"after {steps} steps: {str(exc)[:500]}")
    if accepted_bad:
        return {"result": "failure", "reason": "accepted an inconsistent state",
                "detail": "; ".join(accepted_bad[:3]) + f" (then played {steps} decisions to the end)"}
    return {"result": "played", "steps": steps}


def _failed(accepted_bad, reason, detail) -> dict:
    if accepted_bad:
        reason = f"{reason} (after accepting an inconsistent state)"
        detail = f"{detail} [accepted: {'; '.join(accepted_bad[:2])}]"
    return {"result": "failure", "reason": reason, "detail": detail}


def failure_kind(r: dict) -> str:
    """A failure's kind for grouping: the reason and the first problem, numbers blanked."""
    reason = r["reason"]
    if reason.startswith("crash") or reason == "hang":
        return reason
    first = r.get("detail", "").split("; ")[0]
    first = re.sub(r"^after \d+ steps: ", "", first)
    return f"{reason}: " + re.sub(r"-?\d+", "#", first)[:100]


def worker(args, target) -> int:
    """Read case numbers from stdin, write one JSON result line per case."""
    catalog = target.load_catalog()
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
            d, _ = make_case(args.seed, k, catalog, target)
        except Exception as exc:  # noqa: BLE001  (a bug of the fuzzer itself, not of the game)
            print(json.dumps({"case": k, "result": "harness_error", "detail": repr(exc)[:300]}), flush=True)
            continue
        r = run_case(d, args.seed, k, catalog, args.check_every, target)
        r["case"] = k
        print(json.dumps(r), flush=True)
    return 0


def _save_case(out: Path, seed: int, k: int, result: dict, catalog, target) -> Path:
    d, done = make_case(seed, k, catalog, target)
    out.mkdir(parents=True, exist_ok=True)
    prefix = "crafted" if target.name == "maracaibo" else f"crafted_{target.name}"
    path = out / f"{prefix}_{seed}_{k}.json"
    path.write_text(json.dumps({"game": target.name, "seed": seed, "case": k, "reason": result.get("reason"),
                                "detail": result.get("detail"), "mutations": done, "saved_game": d}))
    return path


class _Pool:
    """Workers in subprocesses; a dead or stalled worker is replaced and its
    current case recorded as a crash or a hang."""
    MAX_START_FAILURES = 5

    def __init__(self, args, todo, on_result):
        self.args, self.todo, self.on_result = args, todo, on_result
        self.lock = threading.Lock()
        self.start_failures = 0

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
        cmd = [sys.executable, self.args.script, "--worker", "--game", self.args.game,
               "--seed", str(self.args.seed), "--check-every", str(self.args.check_every),
               "--options", getattr(self.args, "options", "base")]
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
            if not ready:  # a worker that never started (killed from outside?): retry a few times
                with self.lock:
                    self.start_failures += 1
                    give_up = self.start_failures > self.MAX_START_FAILURES
                if give_up:
                    raise RuntimeError(f"fuzz worker failed to start (exit {proc.returncode}):\n{err}")
                print(f"fuzz worker failed to start (exit {proc.returncode}); retrying", file=sys.stderr)
                time.sleep(2)
                continue
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


def crafted(args, target) -> int:
    catalog = target.load_catalog()
    out = Path(args.out)
    counts = Counter()
    fields = Counter()
    kinds = Counter()
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
                if r["reason"] == "accepted an inconsistent state":
                    counts["accepted_inconsistent"] += 1
                kind = failure_kind(r)
                kinds[kind] += 1
                if kinds[kind] > args.save_per_kind:  # counted; enough of this kind saved already
                    return _tick()
                path = _save_case(out, args.seed, r["case"], r, catalog, target)
                failures.append({"case": r["case"], "reason": r["reason"], "detail": r.get("detail", "")[:300],
                                 "file": str(path)})
                if progress is not None and kinds[kind] == 1:
                    progress.console.print(f"FAILURE case {r['case']}: {r['reason']}: {r.get('detail', '')[:200]} "
                                           f"-> {path}")
            _tick()

    def _tick():
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
    summary = {"game": target.name, "mutations": counts["mutations"], "rejected": counts["rejected"],
               "played_out": counts["played_out"], "failures": counts["failures"],
               "crashes": counts["crashes"], "hangs": counts["hangs"],
               "accepted_inconsistent": counts["accepted_inconsistent"], "harness_errors": counts["harness_errors"],
               "decisions_played": counts["steps"], "seconds": round(dt, 1), "seed": args.seed,
               "jobs": args.jobs, "rejected_by_field": dict(fields.most_common(25)),
               "failure_kinds": dict(kinds.most_common()), "failure_cases": failures}
    print(f"{summary['mutations']:,} crafted saved games in {dt:.0f} s: {summary['rejected']:,} rejected, "
          f"{summary['played_out']:,} played to the end ({summary['decisions_played']:,} decisions), "
          f"{summary['failures']} failures ({summary['crashes']} crashes, {summary['hangs']} hangs"
          + (f", {summary['accepted_inconsistent']} inconsistent states accepted"
             if summary["accepted_inconsistent"] else "") + ")"
          + (f"; {summary['harness_errors']} fuzzer errors" if summary["harness_errors"] else ""))
    for kind, n in kinds.most_common(30):
        print(f"  {n:7,}  {kind}")
    if counts["mutations"] < args.crafted:
        summary["incomplete"] = True
        print(f"INCOMPLETE: {args.crafted - counts['mutations']:,} cases not run (the workers could not start)")
    if args.json:
        Path(args.json).write_text(json.dumps(summary, indent=1))
    return 1 if counts["failures"] or counts["harness_errors"] or counts["mutations"] < args.crafted else 0


def replay_case(args, targets) -> int:
    """Re-run one saved case in this process (a crash here is the bug itself)."""
    saved = json.loads(Path(args.case).read_text())
    target = targets[saved.get("game", args.game)]()
    print("mutations:", *saved["mutations"], sep="\n  ")
    r = run_case(saved["saved_game"], saved["seed"], saved["case"], target.load_catalog(), args.check_every, target)
    print(r)
    return 0 if r["result"] != "failure" else 1
