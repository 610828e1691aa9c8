"""Bot decisions for the web server, in worker processes: `BotPool`.

    pool = BotPool(workers=1, timeout=5.0)
    action, rng_state, seconds = await pool.decide("maracaibo", "balanced", game, rng_state)
    pool.close()

Why processes: an agent's decision is compiled code that holds the GIL (an
MCTS decision can take a second), so in the server's process it would stall
every other request. A worker is a spawned process that answers one
decision at a time; a thread per worker hands it jobs and waits with a hard
deadline. A job that runs past its time budget, or whose request went away
(the awaiting task was cancelled), gets its worker killed and a new one
started; a full queue is refused at once (`PoolBusy`) instead of growing.

A decision is reproducible: the job carries the game (pickled) and the
state of the session's random generator, and the answer carries the
generator's state after the decision, exactly as if the agent had run in
the session's own process.
"""
from __future__ import annotations

import asyncio
import multiprocessing
import pickle
import queue
import threading
import time

#: a decision that takes longer is stopped (the allowed bots take < 0.3 s)
DECISION_TIMEOUT = 5.0
#: jobs waiting for a worker, per worker, before new ones are refused
QUEUE_PER_WORKER = 16


class PoolBusy(RuntimeError):
    """Too many decisions queued: try again shortly."""


class DecisionFailed(RuntimeError):
    """The decision ran past its time budget, or its worker failed."""


class _Job:
    __slots__ = ("payload", "loop", "future", "cancelled", "submitted")

    def __init__(self, payload: bytes, loop, future):
        self.payload, self.loop, self.future = payload, loop, future
        self.cancelled = threading.Event()
        self.submitted = time.monotonic()

    def deliver(self, result=None, error: Exception | None = None) -> None:
        def done():
            if not self.future.done():
                if error is not None:
                    self.future.set_exception(error)
                else:
                    self.future.set_result(result)
        try:
            self.loop.call_soon_threadsafe(done)
        except RuntimeError:           # the loop has closed: nobody waits any more
            pass


class BotPool:
    """`workers` processes answering bot decisions, each with `timeout` seconds."""

    def __init__(self, workers: int = 1, timeout: float = DECISION_TIMEOUT,
                 max_queue: int | None = None):
        if type(workers) is not int or not 1 <= workers <= 64:
            raise ValueError(f"workers must be an int 1..64, got {workers!r}")
        self.timeout = float(timeout)
        self.max_queue = max_queue if max_queue is not None else QUEUE_PER_WORKER * workers
        self._jobs: queue.Queue[_Job] = queue.Queue()
        self._closing = threading.Event()
        self._ctx = multiprocessing.get_context("spawn")   # no fork of a threaded server
        self._procs: list = [None] * workers
        self._ready = [False] * workers
        self.restarts = 0       # workers killed (a decision past its budget, or cancelled)
        self._threads = [threading.Thread(target=self._serve, args=(i,), daemon=True,
                                          name=f"bot-worker-{i}") for i in range(workers)]
        for t in self._threads:
            t.start()

    # ---- the server's side ------------------------------------------------------------
    @property
    def queued(self) -> int:
        return self._jobs.qsize()

    @property
    def ready(self) -> int:
        """Workers warmed up and taking jobs."""
        return sum(self._ready)

    async def decide(self, kind: str, spec: str, game, rng_state: dict):
        """(action, rng state after it, seconds of the worker's time) of `spec`'s
        decision in `game`; PoolBusy, DecisionFailed, or the agent's own error."""
        if self._closing.is_set():
            raise DecisionFailed("the server is shutting down")
        if self._jobs.qsize() >= self.max_queue:
            raise PoolBusy(f"{self._jobs.qsize()} bot decisions are waiting for a worker; try again shortly")
        loop = asyncio.get_running_loop()
        job = _Job(pickle.dumps((kind, spec, game, rng_state), protocol=pickle.HIGHEST_PROTOCOL),
                   loop, loop.create_future())
        self._jobs.put(job)
        try:
            return await job.future
        except asyncio.CancelledError:
            job.cancelled.set()            # the worker thread drops or kills it
            raise

    def close(self, wait: float = 0.5) -> None:
        """Stop the workers (killing any decision in progress) within about `wait` seconds."""
        self._closing.set()
        for p in list(self._procs):
            if p is not None:
                p[0].kill()
        end = time.monotonic() + wait
        for t in self._threads:
            t.join(max(0.0, end - time.monotonic()))

    # ---- one thread per worker process --------------------------------------------------
    def _start(self, i: int):
        parent, child = self._ctx.Pipe()
        proc = self._ctx.Process(target=worker_main, args=(child,), daemon=True, name=f"maracaibo-bot-{i}")
        proc.start()
        child.close()
        self._procs[i] = (proc, parent)
        # wait for its warm-up (loading compiled code); no deadline: the first
        # run of a fresh install compiles for minutes
        while not self._closing.is_set():
            if parent.poll(0.1):
                try:
                    parent.recv()
                    self._ready[i] = True
                    return proc, parent
                except (EOFError, OSError):
                    break
            if not proc.is_alive():
                break
        self._stop(i)
        return None, None

    def _stop(self, i: int) -> None:
        p = self._procs[i]
        self._procs[i] = None
        self._ready[i] = False
        if p is not None:
            p[0].kill()
            p[0].join(1)
            p[1].close()

    def _serve(self, i: int) -> None:
        proc = conn = None
        while not self._closing.is_set():
            if proc is None:
                proc, conn = self._start(i)
                if proc is None:
                    if not self._closing.is_set():
                        time.sleep(1.0)       # a worker that cannot start: retry, do not spin
                    continue
            try:
                job = self._jobs.get(timeout=0.2)
            except queue.Empty:
                continue
            if job.cancelled.is_set():
                continue
            try:
                conn.send_bytes(job.payload)
            except (OSError, ValueError):
                job.deliver(error=DecisionFailed("the bot's worker process failed; try again"))
                self._stop(i)
                proc = conn = None
                continue
            deadline = time.monotonic() + self.timeout
            answer, why = None, None
            while True:
                if conn.poll(0.01):
                    try:
                        answer = pickle.loads(conn.recv_bytes())
                    except (EOFError, OSError):
                        why = "the bot's worker process failed; try again"
                    break
                if job.cancelled.is_set():
                    why = "cancelled"
                elif self._closing.is_set():
                    why = "the server is shutting down"
                elif time.monotonic() > deadline:
                    why = f"the bot's decision took longer than {self.timeout:g} s and was stopped"
                elif not proc.is_alive():
                    why = "the bot's worker process failed; try again"
                if why:
                    break
            if why is not None:                  # kill it: numba code cannot be interrupted
                self._stop(i)
                self.restarts += 1
                proc = conn = None
                job.deliver(error=DecisionFailed(why))
                continue
            ok, value = answer
            job.deliver(result=value) if ok else job.deliver(error=value)


# ---- the worker process ------------------------------------------------------------------
def _warm() -> None:
    """Load every allowed agent's compiled code once, before the first job's clock starts."""
    import numpy as np
    from maracaibo_env.agents.base import act_with
    from ...agents.adapter import get_adapter
    from ...registry import available_games, game_info, make
    for kind in available_games():
        if game_info(kind).adapter is None:
            continue
        ad = get_adapter(kind)
        g = make(kind, 2, seed=0)
        for spec in ad.warm_specs():
            try:
                act_with(ad.make_agent(ad.parse_spec(spec)), g, np.random.default_rng(0))
            except Exception:      # a policy for another shape of game: warmed on first use
                pass


def worker_main(conn) -> None:
    """Answer jobs (kind, spec, game, rng state) with (True, (action, rng state, seconds))
    or (False, exception), one at a time, until the pipe closes."""
    import numpy as np
    from maracaibo_env.agents.base import act_with
    from ...agents.adapter import get_adapter
    _warm()
    conn.send(True)
    agents: dict = {}
    catalogs: dict = {}
    while True:
        try:
            kind, spec, game, rng_state = pickle.loads(conn.recv_bytes())
        except (EOFError, OSError, KeyboardInterrupt):
            return
        t0 = time.process_time()
        try:
            # one catalog object per data set: the agents cache their tables by it
            cat = catalogs.setdefault(game.catalog.data_hash, game.catalog)
            game.catalog, game._cat = cat, cat.array
            agent = agents.get((kind, spec))
            if agent is None:
                if len(agents) >= 64:
                    agents.clear()
                ad = get_adapter(kind)
                agent = agents[(kind, spec)] = ad.make_agent(ad.parse_spec(spec))
            rng = np.random.default_rng()
            rng.bit_generator.state = rng_state
            a = act_with(agent, game, rng)
            reply = (True, (a, rng.bit_generator.state, time.process_time() - t0))
        except Exception as exc:           # the agent's own error goes back to the request
            reply = (False, exc if _picklable(exc) else RuntimeError(str(exc)))
        try:
            conn.send_bytes(pickle.dumps(reply, protocol=pickle.HIGHEST_PROTOCOL))
        except (OSError, BrokenPipeError):
            return


def _picklable(obj) -> bool:
    try:
        pickle.loads(pickle.dumps(obj))
        return True
    except Exception:
        return False
