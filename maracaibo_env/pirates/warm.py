"""The fork server's preload for Pirates tournaments (as _warm.py for
Maracaibo): one short game per engine loads the Pirates core and heuristics
once, and every forked worker starts with them in memory."""
try:
    from .match import play_pirates_match
    play_pirates_match(["raider", "random"], 0)                    # the compiled seats
    play_pirates_match(["raider", "random"], 0, engine="python")   # the agent objects
except Exception:   # noqa: BLE001 - a worker then loads what it needs itself
    pass
