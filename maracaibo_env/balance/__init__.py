"""Balance reports: what a game designer can act on, from lists of GameResult.

    from maracaibo_env.balance import analyze, write_report, compare_reports
    a = analyze(results, catalog)          # JSON-ready dict
    write_report(a, "out/")                # balance.html / .md / .json
    compare_reports(a_json, b_json)        # what changed between two reports

Command line: `maracaibo balance --help` (maracaibo_env/balance/cli.py);
docs/balance.md. Needs the `tournament` extra (openskill, matplotlib, scipy),
imported only when an analysis runs: importing this package or its cli
(to build the `maracaibo` parser) needs none of them.
"""
_EXPORTS = {
    "analyze": ".analysis", "SCHEMA": ".analysis",
    "write_report": ".report", "render_html": ".report", "render_markdown": ".report",
    "load_report": ".report",
    "compare_reports": ".compare",
}

__all__ = list(_EXPORTS)


def __getattr__(name):
    if name in _EXPORTS:
        import importlib
        return getattr(importlib.import_module(_EXPORTS[name], __name__), name)
    raise AttributeError(f"module 'maracaibo_env.balance' has no attribute {name!r}")
