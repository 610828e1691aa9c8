"""`maracaibo serve`: the local web app (play, watch, replays, tournament games)."""
from __future__ import annotations

import argparse
import socket
import sys
from pathlib import Path

EXAMPLES = """examples:
  maracaibo serve                                 http://127.0.0.1:8000: play or watch either game
  maracaibo serve --replays runs/ --db rr.sqlite  also step through the replays in runs/ and the
                                                  games of rr.sqlite (a tournament run with --replays)
  maracaibo serve --campaign camp.json            the page can start the next game of a Maracaibo
                                                  campaign (`maracaibo campaign new camp.json`); a
                                                  finished one is recorded into camp.json
  maracaibo serve --port 8080 --host 0.0.0.0 --allow-host myhost.lan
                                                  reachable from other machines as myhost.lan
                                                  (no login: careful)
"""


def add_parser(subparsers) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "serve", help="a local web app: play against bots, watch bots, step through replays",
        description="Serve the browser front end: play either game against bots, watch bot games "
                    "live, step through replay files and tournament games (SQLite, --replays), "
                    "play a Maracaibo campaign game by game (--campaign).",
        epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--replays", action="append", default=[], metavar="DIR",
                   help="a folder whose *.jsonl replays the page offers (repeatable; nothing else in it "
                        "is readable)")
    p.add_argument("--db", action="append", default=[], metavar="FILE",
                   help="a tournament database whose stored games the page offers (repeatable; opened "
                        "read-only)")
    p.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                   help="a host name the server answers to besides localhost, 127.0.0.1 and --host "
                        "(repeatable; other Host headers are refused, against DNS rebinding)")
    p.add_argument("--bot-workers", type=int, default=None, metavar="N",
                   help="processes that compute bot decisions and hints (default: cores - 1, at least 1)")
    p.add_argument("--campaign", metavar="FILE",
                   help="a Maracaibo campaign file (`maracaibo campaign new FILE`): the page's 'campaign "
                        "game' is its next game, one at a time; a finished one is recorded into FILE")
    return p


def main(args) -> int:
    for d in args.replays:
        if not Path(d).is_dir():
            print(f"maracaibo serve: --replays {d}: not a folder", file=sys.stderr)
            return 2
    for f in args.db:
        if not Path(f).is_file():
            print(f"maracaibo serve: --db {f}: no such file", file=sys.stderr)
            return 2
    if not 0 <= args.port < 65536:
        print(f"maracaibo serve: --port must be 0..65535, got {args.port}", file=sys.stderr)
        return 2
    if args.bot_workers is not None and not 1 <= args.bot_workers <= 64:
        print(f"maracaibo serve: --bot-workers must be 1..64, got {args.bot_workers}", file=sys.stderr)
        return 2
    try:
        import uvicorn
        from .app import create_app
    except ImportError as exc:
        print(f"maracaibo serve needs the web extra ({exc.name} is missing): "
              "pip install 'maracaibo-env[web]'", file=sys.stderr)
        return 2
    try:                # the campaign file is read once, now
        app = create_app(args.replays, args.db, hosts=[args.host, *args.allow_host],
                         bot_workers=args.bot_workers, campaign=args.campaign)
    except ValueError as exc:     # CampaignError, DataError: what is wrong with the file
        if not args.campaign:
            raise
        print(f"maracaibo serve: --campaign {args.campaign}: {exc}", file=sys.stderr)
        return 2
    try:                # a busy port is said now, not after the banner
        with socket.create_server((args.host, args.port)):
            pass
    except OSError as exc:
        print(f"maracaibo serve: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}",
              file=sys.stderr)
        return 2
    print(f"maracaibo serve: http://{args.host}:{args.port}/  (Ctrl-C stops; the first game compiles "
          "the engine, about a minute)", flush=True)
    if args.campaign:
        c = app.state.campaign.campaign
        print(f"campaign {args.campaign}: {len(c.games)} game(s) recorded; the page's campaign game is "
              "its next one", flush=True)
        if c.to_dict()["open"] is not None:
            print(f"note: {args.campaign} has a game in play saved by `maracaibo play --campaign`; a "
                  "campaign game recorded here replaces it", flush=True)
    # a request waits for at most one bot decision, so a second is enough to finish them on SIGTERM
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", timeout_graceful_shutdown=1)
    return 0
