"""Start-up cost: first import + compile (cold, empty numba cache) and a
cached start, each in a fresh interpreter; plus state bytes per game.

    python benchmarks/bench_startup.py [--json] [--skip-cold]
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

SNIPPET = ("import maracaibo_env as m; g = m.Game(3, seed=0); g.step(g.legal_actions()[0]); "
           "m.Game(1, seed=0)")


def _run(env) -> float:
    t = time.perf_counter()
    subprocess.run([sys.executable, "-c", SNIPPET], env=env, check=True)
    return time.perf_counter() - t


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--skip-cold", action="store_true", help="skip the cold compile (minutes)")
    args = ap.parse_args(argv)
    from maracaibo_env.core.layout import STATE_SIZE
    rows = [{"name": "state_bytes_per_game", "value": STATE_SIZE * 4}]
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        if not args.skip_cold:
            rows.append({"name": "cold_start_s", "value": round(_run(env), 2)})
        else:
            _run(env)
        rows.append({"name": "cached_start_s", "value": round(min(_run(env) for _ in range(3)), 2)})
    for r in rows:
        print(json.dumps(r) if args.json else f"{r['name']:22s} {r['value']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
