"""Imported by the local pool's fork server before it forks any worker: one
short game loads the compiled game core and heuristic agents (numba's disk
cache, or a compile) once, and every worker forked from the server starts
with them in memory instead of loading them itself."""
try:
    from .match import play_match
    play_match(["balanced", "random"], 0)                     # compiled whole games
    play_match(["balanced", "random"], 0, engine="python")    # the Python agent loop
except Exception:   # noqa: BLE001 - a worker then loads what it needs itself
    pass
