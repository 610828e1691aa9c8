"""`maracaibo play`: a game against bots in the terminal (or a game of bots to watch).

    maracaibo play --players 3 --opponents balanced,random
    maracaibo play --resume maracaibo-save.json

The screen draws the session's view (play/view.py) with rich; the person
answers a prompt with an action's number or name, or a command (help lists
them). Everything the game knows lives in PlaySession: this module only
draws and reads.
"""
from __future__ import annotations

import argparse
import random
import sys

from rich.columns import Columns
from rich.console import Console
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..agents.registry import agents_help
from ..framework.game import GameConfigError, IllegalActionError
from ..registry import DEFAULT_GAME, available_games, game_info
from .labels import explain
from .session import PlayError, PlaySession

PROMPT = "your move (number, name, ?, hint, undo, save FILE, log, help, quit)> "
DEFAULT_SAVE = "maracaibo-save.json"
LOG_TAIL = 8

EXAMPLES = """examples:
  maracaibo play                                  you against the default bots, 2 players
  maracaibo play --players 3 --opponents balanced,random --seed 7
  maracaibo play --players 1                      solo against the Automa Jean
  maracaibo play --game pirates --players 1 --option difficulty=3
                                                  Pirates solo against Jordan
  maracaibo play --seat 1 --hint-agent mcts:iters=400
                                                  you play second; a stronger hint
  maracaibo play --resume maracaibo-save.json     go on with a saved game
  maracaibo play --resume mine.json --allow-code  ... whose bots include your own python: agent
  maracaibo play --watch --players 4              bots only, move by move
  maracaibo play --campaign camp.json             the next game of a campaign (`maracaibo campaign new
                                                  camp.json`); recorded into camp.json at the end
  maracaibo play --resume mine.json --campaign camp.json
                                                  finish a saved campaign game, then record it

at the prompt: a number or an action's name plays it; ? N explains action N;
hint asks the hint agent; undo takes back your last decision; save FILE;
log shows every move so far; quit (or quit FILE: save, then quit).
"""

HELP = """commands:
  N or NAME      play action number N of the list, or the action with that exact name
  ? N / ? NAME   explain an action (its rule and what its arguments point at)
  hint           what the hint agent would play now
  undo           take back your last decision (and the bots' answers to it)
  save [FILE]    save the game (default {save}); go on later with --resume FILE
  log            every move so far
  board          draw the whole screen again (an empty line lists the actions again)
  help, ?        this text
  quit [FILE]    stop (with FILE: save first); Ctrl-D also stops"""


def add_parser(subparsers):
    from ..framework.cli_options import add_option_argument, game_help, options_help
    games = [game_info(g) for g in available_games()]
    p = subparsers.add_parser(
        "play", help="play against bots in the terminal (or --watch bots play)",
        description=f"Play {' or '.join(g.title for g in games)} against bots in the terminal.",
        epilog=EXAMPLES + "\n" + options_help() + "\n" + agents_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", default=DEFAULT_GAME, choices=available_games(), help=game_help())
    p.add_argument("--players", type=int, default=2,
                   help="players who decide, 1..4 (default 2; 1 = solo against "
                        + " / ".join(g.solo_opponent for g in games if g.solo_opponent) + ")")
    p.add_argument("--seat", type=int, default=0, help="your seat, 0..players-1 (default 0)")
    p.add_argument("--opponents", metavar="SPEC,...",
                   help="the bots' agent specs in seat order, cycled (default: strongest, the game's strongest agent; "
                        "e.g. random, balanced, mcts:iters=200; every spec: see below)")
    add_option_argument(p)
    p.add_argument("--seed", type=int, help="the deal (default: drawn at random and printed)")
    p.add_argument("--agent-seed", type=int, help="the bots' random generator (default: the seed)")
    p.add_argument("--hint-agent", metavar="SPEC",
                   help="the agent that `hint` asks (default "
                        + ", ".join(f"{g.hint_agent} for {g.title}" for g in games) + ")")
    p.add_argument("--resume", metavar="FILE", help="go on with a game saved by `save FILE` "
                                                    "(the other set-up arguments are ignored)")
    p.add_argument("--allow-code", action="store_true",
                   help="with --resume: accept a save whose agents run code or read files (python:<module>:"
                        "<Class>, policy:<file>) or search without the web app's caps; only for saves you "
                        "trust (without it such a save is refused before anything is imported)")
    p.add_argument("--watch", action="store_true", help="bots in every seat, printed move by move; no input")
    p.add_argument("--campaign", metavar="FILE",
                   help="play the next game of this campaign file (Maracaibo; `maracaibo campaign new "
                        "FILE`); the finished game is recorded into FILE (with --resume: a saved game "
                        "of FILE)")
    return p


def main(args, input_fn=input, console: Console | None = None) -> int:
    """Run `maracaibo play`; returns the exit status (2: a bad set-up, said on stderr)."""
    console = console or Console(highlight=False, emoji=False)
    try:
        campaign = _campaign(args)
        session = _session(args, campaign)
    except (GameConfigError, PlayError, OSError, ValueError) as exc:   # AgentSpecError, CampaignError too
        print(f"maracaibo play: {exc}", file=sys.stderr)
        return 2
    try:
        rc = watch(session, console) if session.seat is None else play(session, console, input_fn)
    except KeyboardInterrupt:      # Ctrl-C, also while the bots think
        console.print()
        return 130
    return _record(campaign, args.campaign, session, console) if campaign is not None else rc


def _campaign(args):
    """The --campaign file's Campaign (None without --campaign)."""
    if not args.campaign:
        return None
    if args.game != DEFAULT_GAME and not args.resume:
        raise GameConfigError(f"--campaign is {game_info(DEFAULT_GAME).title}'s campaign; allowed: "
                              f"--game {DEFAULT_GAME}")
    from ..maracaibo.campaign import Campaign
    return Campaign.load(args.campaign)


def _record(campaign, path: str, s: PlaySession, out: Console) -> int:
    """Record a finished campaign game into the campaign file and show what carries over."""
    if not s.game.is_over:
        out.print(f"the game is not over: nothing recorded in {path} (save it, then finish it with "
                  f"--resume FILE --campaign {path})", markup=False)
        return 0
    from .campaign import print_game
    try:
        summary = campaign.record(s.game)
        campaign.save(path)
    except (OSError, ValueError) as exc:     # CampaignError: not the game handed out
        print(f"maracaibo play: not recorded in {path}: {getattr(exc, 'strerror', None) or exc}",
              file=sys.stderr)
        return 2
    print_game(out, campaign, summary, s.seats)
    out.print(f"recorded into {path}", markup=False)
    return 0


def _session(args, campaign=None) -> PlaySession:
    if args.resume:
        s = PlaySession.load(args.resume, allow_code=args.allow_code)
        # Campaign.record checks that it is exactly the game handed out; this says the obvious early
        if campaign is not None and (campaign.to_dict()["open"] is None or not s.game.config.get("campaign")):
            raise PlayError(f"{args.resume} is not the game in play of {args.campaign} (its next game "
                            "saved with `save FILE`)")
        return s
    from ..framework.cli_options import parse_options
    options = parse_options(args.game, args.option)
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    if campaign is not None:     # the campaign's game; the file remembers it, for --resume
        options["campaign"] = campaign.next_game(args.players, seed, **options).config["campaign"]
    opponents = [s.strip() for s in args.opponents.split(",") if s.strip()] if args.opponents else None
    if args.opponents is not None and not opponents:
        raise GameConfigError("--opponents must name at least one agent spec")
    s = PlaySession(args.game, args.players, None if args.watch else args.seat, opponents, options,
                    seed, seed if args.agent_seed is None else args.agent_seed, args.hint_agent)
    if campaign is not None:
        campaign.save(args.campaign)
    return s


# ---- the loops ---------------------------------------------------------------------------
def play(s: PlaySession, out: Console, input_fn=input) -> int:
    """The person's game: a screen per decision, then the final table."""
    _intro(s, out)
    s.advance()
    mark = _last_mine(s)   # the log entries from here on are news on the next screen
    redraw = True
    while not s.game.is_over:
        v = s.view()
        items = [it for grp in v["actions"] for it in grp["items"]]
        if redraw:
            draw(s, v, mark, out)
            redraw = False
        try:
            line = input_fn(PROMPT).strip()
        except EOFError:       # Ctrl-D
            out.print()
            return 0
        word, _, rest = line.partition(" ")
        word, rest = word.lower(), rest.strip()
        if not line:
            draw_actions(v, out)
        elif line.isdigit():
            k = int(line)
            if 1 <= k <= len(items):
                mark, redraw = _act(s, items[k - 1]["name"], out), True
            else:
                out.print(f"no action {k}: choose a number 1..{len(items)} (or type help)", markup=False)
        elif line.startswith("?") and line[1:].strip():
            name = _lookup(line[1:].strip(), items, s, out)
            if name:
                out.print(explain(s.game, name), markup=False)
        elif line == "?" or word == "help":
            out.print(HELP.format(save=DEFAULT_SAVE), markup=False)
        elif word == "hint":
            _hint(s, items, out)
        elif word == "undo":
            try:
                s.undo()
            except PlayError as exc:
                out.print(str(exc), markup=False)
                continue
            out.print("took back your last decision", markup=False)
            mark, redraw = _last_mine(s), True
        elif word == "save":
            _save(s, rest or DEFAULT_SAVE, out)
        elif word == "log":
            for e in s.log:
                out.print(_entry(e, _names(v)), markup=False)
            out.print(f"({len(s.log)} moves)", markup=False)
        elif word == "board":
            redraw = True
        elif word in ("quit", "exit", "q"):
            if rest and not _save(s, rest, out):
                continue
            return 0
        elif any(it["name"] == line for it in items):
            mark, redraw = _act(s, line, out), True
        elif line in s.game.action_names:
            out.print(f"{line!r} is not legal now; choose one of the {len(items)} listed actions "
                      "(by number or name)", markup=False)
        else:
            out.print(f"unknown command or action {line!r}: type a number 1..{len(items)}, an action's "
                      "exact name, or help", markup=False)
    v = s.view()
    draw_log(s, mark, _names(v), out)
    draw_final(v, out)
    return 0


def watch(s: PlaySession, out: Console) -> int:
    """A game of bots, printed move by move."""
    _intro(s, out)
    seen, rnd = len(s.log), None
    names = _names(s.view())
    while not s.game.is_over:
        if s.game.round != rnd:
            rnd = s.game.round
            out.rule(f"{game_info(s.kind).title}: round {rnd}")
        s.step_bot()
        for e in s.log[seen:]:
            out.print(_entry(e, names), markup=False)
        seen = len(s.log)
    draw_final(s.view(), out)
    return 0


def _intro(s: PlaySession, out: Console) -> None:
    seed = s.game.config.get("seed")
    bots = ", ".join(f"seat {p}: {spec}" for p, spec in enumerate(s.seats) if spec is not None)
    out.print(f"seed {seed} (the same deal again: --seed {seed}); bots: {bots or '-'}; "
              f"{len(s.log)} moves so far", markup=False)


def _last_mine(s: PlaySession) -> int:
    """Where the moves since the person's previous decision start in the log (0: none yet)."""
    return next((i for i in range(len(s.log) - 1, -1, -1) if s.log[i]["player"] == s.seat), 0)


def _act(s: PlaySession, name: str, out: Console) -> int:
    """Play name; returns the log index from which the next screen shows news."""
    mark = len(s.log)
    try:
        s.act(name)
    except (IllegalActionError, PlayError) as exc:
        out.print(str(exc), markup=False)
    return mark


def _lookup(text: str, items: list[dict], s: PlaySession, out: Console) -> str | None:
    """The action name that `? text` asks about (a number of the list or any action's name)."""
    if text.isdigit():
        k = int(text)
        if 1 <= k <= len(items):
            return items[k - 1]["name"]
        out.print(f"no action {k}: choose a number 1..{len(items)}", markup=False)
        return None
    if text in s.game.action_names:
        return text
    out.print(f"unknown action {text!r}: give a number 1..{len(items)} or an action's exact name",
              markup=False)
    return None


def _hint(s: PlaySession, items: list[dict], out: Console) -> None:
    try:
        h = s.hint()
    except (PlayError, ValueError) as exc:
        out.print(f"no hint: {exc}", markup=False)
        return
    k = next((i for i, it in enumerate(items, 1) if it["id"] == h["id"]), None)
    detail = f"  ({h['detail']})" if h["detail"] else ""
    out.print(f"hint ({h['agent']}): {k if k else '-'}  {h['name']}{detail}", markup=False)


def _save(s: PlaySession, path: str, out: Console) -> bool:
    try:
        s.save(path)
    except (OSError, ValueError) as exc:     # ValueError: a NUL in the path
        out.print(f"cannot save to {path}: {getattr(exc, 'strerror', None) or exc}", markup=False)
        return False
    out.print(f"saved to {path} (go on with: maracaibo play --resume {path})", markup=False)
    return True


# ---- drawing -----------------------------------------------------------------------------
def _entry(e: dict, names: list[str]) -> str:
    detail = f"  ({e['detail']})" if e.get("detail") else ""
    return f"round {e['round']}  {names[e['player']]}: {e['action']}{detail}"


def _names(v: dict) -> list[str]:
    """The players' names, with the seat added where two bots share a spec."""
    names = [p["name"] for p in v["players"]]
    return [f"{n} #{p}" if names.count(n) > 1 else n for p, n in enumerate(names)]


def _locations(v: dict, names: list[str]) -> Table:
    """A map with routes (Maracaibo): the locations with ships or something on them."""
    board = Table(title="map", title_justify="left")
    for c in ("location", "ships", "notes"):
        board.add_column(c)
    for n in v["map"]["nodes"]:
        if n["ships"] or n["notes"]:
            board.add_row(Text(n["label"]), Text(", ".join(names[p] for p in n["ships"])),
                          Text("; ".join(n["notes"])))
    return board


def _grid(v: dict, names: list[str]) -> Table:
    """A map drawn as a grid (Pirates): one cell per board position, as on the page."""
    nodes = v["map"]["nodes"]
    xs, ys = sorted({n["x"] for n in nodes}), sorted({n["y"] for n in nodes})
    board = Table(title="map", title_justify="left", show_header=False, show_lines=True)
    for _ in xs:
        board.add_column(max_width=14)
    cells = {(n["x"], n["y"]): n for n in nodes}
    for y in ys:
        row = []
        for x in xs:
            n = cells.get((x, y))
            if n is None:
                row.append(Text(""))
                continue
            text = Text(f"{n['number']} " if n["number"] else "", style="dim")
            text.append(n["label"] + ("; " + "; ".join(n["notes"]) if n["notes"] else ""))
            if n["ships"]:
                text.append("\n⛵ " + ", ".join(names[p] for p in n["ships"]), style="bold")
            row.append(text)
        board.add_row(*row)
    return board


def draw(s: PlaySession, v: dict, mark: int, out: Console) -> None:
    """The whole screen of one decision."""
    names = _names(v)
    who = names[v["to_act"]] if v["to_act"] is not None else "-"
    out.print(Panel(Text(f"{v['title']}   round {v['round']}/{v['rounds']}   phase {v['phase']}   "
                         f"to act: {who}", style="bold"), expand=False))
    board = _grid(v, names) if not v["map"]["edges"] else _locations(v, names)
    tracks = Table(title="tracks", title_justify="left")
    tracks.add_column("track")
    for name in names:
        tracks.add_column(Text(name), justify="right")
    for t in v["tracks"]:
        tracks.add_row(Text(t["name"]), *[Text(str(x)) for x in t["values"]])
    out.print(Columns([board, tracks]))
    out.print(_players_table(v))
    mine = Table.grid(padding=(0, 1))
    for label in ("hand", "plan", "market"):
        if v[label]:
            mine.add_row(Text(label + ":", style="bold"), Text(", ".join(v[label])))
    for note in v["notes"]:
        mine.add_row(Text("note:", style="bold"), Text(note))
    out.print(mine)
    draw_log(s, mark, names, out)
    draw_actions(v, out)


def _players_table(v: dict) -> Table:
    """One column per player: their fields (in the view's order) and public cards."""
    t = Table(title="players", title_justify="left")
    t.add_column("")
    for name in _names(v):
        t.add_column(Text(name))
    labels = []
    for p in v["players"]:
        labels += [f[0] for f in p["fields"] if f[0] not in labels]
    for label in labels:
        cells = [dict((f[0], f[1]) for f in p["fields"]).get(label, "") for p in v["players"]]
        t.add_row(Text(label), *[Text(str(c)) for c in cells])
    t.add_row(Text("cards"), *[Text(", ".join(p["cards"]) or "-") for p in v["players"]])
    return t


def draw_log(s: PlaySession, mark: int, names: list[str], out: Console) -> None:
    """The moves since the person's previous decision (the last LOG_TAIL of them)."""
    news = s.log[mark:]
    if not news:
        return
    out.print(Text("since your last decision:", style="bold"))
    if len(news) > LOG_TAIL:
        out.print(f"  ... {len(news) - LOG_TAIL} earlier moves (type log to see them)", markup=False)
    for e in news[-LOG_TAIL:]:
        out.print("  " + _entry(e, names), markup=False)


def draw_actions(v: dict, out: Console) -> None:
    """The legal actions by group, numbered 1..k in order."""
    k = 0
    width = len(str(sum(len(g["items"]) for g in v["actions"])))
    for grp in v["actions"]:
        out.print(Text(grp["title"], style="bold"))
        for it in grp["items"]:
            k += 1
            detail = f"  ({it['detail']})" if it["detail"] else ""
            out.print(f"  {k:>{width}}  {it['name']}{detail}", markup=False)


def draw_final(v: dict, out: Console) -> None:
    """The VP by source (rows with any VP), a total row, and the winners."""
    f = v["final"]
    names = _names(v)
    winners = set(f["winners"])
    t = Table(title="final score")
    t.add_column("VP source")
    for p, name in enumerate(names):
        t.add_column(Text(name + (" (win)" if p in winners else "")), justify="right")
    for i, src in enumerate(f["sources"]):
        row = [b[i] for b in f["breakdown"]]
        if any(row):
            t.add_row(Text(src), *[Text(str(x)) for x in row])
    t.add_section()
    t.add_row(Text("total", style="bold"), *[Text(str(x), style="bold") for x in f["scores"]])
    out.print(t)
    out.print("final scores: " + ", ".join(f"{n} {x}" for n, x in zip(names, f["scores"])), markup=False)
    out.print("winner(s): " + ", ".join(names[p] for p in f["winners"]), markup=False)
