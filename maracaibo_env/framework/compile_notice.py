"""A status line on stderr while numba compiles this package's kernels.

The first use of the core (the first Game, Batch or env, and the first call of
a kernel not yet in numba's on-disk cache) compiles it, once: under a minute
on two cores; later runs load the cache in about a second. Rather than a long
silence, a compile still running after DELAY seconds shows

    maracaibo_env: compiling the numba core (first run only): 12 s, play_rows (maracaibo_env.maracaibo.agents.opponents)

(a live line on a terminal, one plain line otherwise) and, once numba has
compiled nothing for half a second, one line "compiled in N s". It listens to
numba's "numba:compile" events, so nothing runs on a normal call, and a cache
load (no compile event) prints nothing. MARACAIBO_COMPILE_NOTICE=0 turns it
off; MARACAIBO_COMPILE_NOTICE_DELAY sets DELAY (default 1 s).
"""
from __future__ import annotations

import atexit
import os
import threading
import time

from numba.core import event

DELAY = float(os.environ.get("MARACAIBO_COMPILE_NOTICE_DELAY", "1.0"))
_PACKAGES = ("maracaibo_env", "agents")
_MESSAGE = "maracaibo_env: compiling the numba core (first run only)"


class _Elapsed:
    """The status text; rich re-renders it on every refresh: the elapsed time
    and the kernel being compiled (the outermost one: its callees compile inside it)."""

    def __init__(self, notice):
        self.notice = notice

    def __rich__(self):
        n = self.notice
        return f"{_MESSAGE}: {time.perf_counter() - (n.t0 or 0):.0f} s, {n.current}"


def _name(data) -> str:
    """'play_rows (maracaibo_env.maracaibo.agents.opponents)': a compiled function, as the notice names it."""
    fn = getattr(data.get("dispatcher"), "py_func", None)
    return f"{fn.__qualname__} ({fn.__module__})" if fn is not None else "?"


class CompileNotice(event.Listener):
    """Shows the status line from the first compile of one of our kernels
    until numba has compiled nothing for GAP seconds (a first Game compiles
    a few kernels one after another: one line for all of them)."""

    GAP = 0.5

    def __init__(self, delay: float = DELAY):
        self.delay = delay
        self.depth = 0        # nesting of compile events (callees compile inside callers)
        self.t0 = None        # start of the current session of compiles, None between sessions
        self.t_end = 0.0
        self.timer = None     # shows the line after `delay`, or ends the session after GAP
        self.status = None    # rich Status while shown on a terminal
        self.shown = False
        self.current = ""     # the outermost kernel being compiled now
        self.kernels = 0      # outermost kernels compiled in this session
        self.lock = threading.RLock()

    def on_start(self, ev):
        with self.lock:
            self.depth += 1
            if self.depth == 1 and (self.t0 is not None or _is_ours(ev.data)):
                self.current = _name(ev.data)
                self.kernels = self.kernels + 1 if self.t0 is not None else 1
            if self.t0 is not None:  # a session is open: keep it
                self._cancel()
                if not self.shown:
                    self._later(self.delay - (time.perf_counter() - self.t0), self._show)
            elif _is_ours(ev.data):
                self.t0 = time.perf_counter()
                self._later(self.delay, self._show)

    def on_end(self, ev):
        with self.lock:
            self.depth -= 1
            if self.depth == 0 and self.t0 is not None:
                self.t_end = time.perf_counter()
                self._cancel()
                self._later(self.GAP, self._finish)

    def _later(self, seconds, fn):
        self.timer = threading.Timer(max(0.0, seconds), fn)
        self.timer.daemon = True
        self.timer.start()

    def _cancel(self):
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def _show(self):
        with self.lock:
            if self.t0 is None or self.shown or self.depth == 0:
                return
            self.shown = True
            console = _console()
            if console.is_terminal:
                self.status = console.status(_Elapsed(self))
                self.status.start()
            else:  # pipes, CI logs, pytest: one plain line, no redraws
                console.print(f"{_MESSAGE} ... ({self.current} first)", markup=False, highlight=False,
                              soft_wrap=True)

    def _finish(self):
        with self.lock:
            if self.t0 is None or self.depth > 0:
                return
            if self.shown:
                if self.status is not None:
                    self.status.stop()
                    self.status = None
                _console().print(f"maracaibo_env: compiled in {self.t_end - self.t0:.1f} s "
                                 f"({self.kernels} entry point{'s' * (self.kernels != 1)}; cached for "
                                 "later runs; `maracaibo compile` compiles everything ahead)",
                                 markup=False, highlight=False, soft_wrap=True)
            self.t0, self.shown, self.kernels = None, False, 0
            self._cancel()

    def flush(self):
        """End a pending session now (at exit, so its last line is not lost)."""
        with self.lock:
            if self.t0 is not None and self.depth == 0:
                self._finish()


def _is_ours(data) -> bool:
    fn = getattr(data.get("dispatcher"), "py_func", None)
    return (getattr(fn, "__module__", "") or "").split(".")[0] in _PACKAGES


_CONSOLE = None


def _console():
    global _CONSOLE
    if _CONSOLE is None:
        from rich.console import Console
        _CONSOLE = Console(stderr=True, highlight=False, emoji=False)
    return _CONSOLE


_INSTALLED = None


def install() -> None:
    """Register the notice once per process (framework/jit.py calls it: every compiled kernel imports that)."""
    global _INSTALLED
    if _INSTALLED is None and os.environ.get("MARACAIBO_COMPILE_NOTICE", "1") != "0":
        _INSTALLED = CompileNotice()
        event.register("numba:compile", _INSTALLED)
        atexit.register(_INSTALLED.flush)
