"""`maracaibo campaign`: Maracaibo's campaign game by game, kept in one JSON file.

    maracaibo campaign new camp.json            # story card 01 (SETUP-18)
    maracaibo campaign next camp.json           # bots play the next game; it is recorded
    maracaibo campaign show camp.json
    maracaibo campaign chapter camp.json 2      # start over at chapter 2 (card 80)

The file is ``Campaign.to_json()`` (maracaibo_env/maracaibo/campaign.py): the archive
that carries from game to game and each recorded game's summary. To play a
game yourself: ``maracaibo play --campaign camp.json``.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..agents.registry import AgentSpecError, agents_help
from ..framework.datafiles import DataError
from ..framework.game import GameConfigError
from ..maracaibo.campaign import GAME, Campaign, CampaignError, chapter_card, unknown_backs

#: what can go wrong with a file, a spec or an option: said on one line, exit status 2
ERRORS = (CampaignError, GameConfigError, AgentSpecError, DataError, OSError, UnicodeDecodeError)

EXAMPLES = """examples:
  maracaibo campaign new camp.json                start a campaign at story card 01
  maracaibo campaign next camp.json               the next game: the strongest bot in every seat,
                                                  recorded into camp.json
  maracaibo campaign next camp.json --players 3 --agents tuned,balanced,random --seed 5
                                                  3 players, one agent per seat
  maracaibo campaign next camp.json --agents random --option retirement
                                                  random bots, with an optional rule
  maracaibo campaign show camp.json               where the campaign stands (--json: as JSON)
  maracaibo campaign chapter camp.json 2          start over at chapter 2 (needs story card 80)
  maracaibo campaign new mine.json --data my_data/
                                                  a campaign with your own story.toml
                                                  (pass the same --data to every action)
  maracaibo play --campaign camp.json             play the next game yourself, against bots
"""

#: what each story_log event means, for the table of a game's story cards
EVENT_TEXT = {"drawn": "drawn: its front followed", "read": "its back read",
              "removed": "removed from the game (STORY-06)",
              "pending": "drawn in final scoring: followed next game",
              "again": "in the archive: read again at set-up", "chosen": "chosen in a decision"}
#: a "read" of a card whose back no source prints (campaign.unknown_backs)
UNKNOWN_BACK = ("its back read: printed in no source (story.toml back_known = false), so no next card "
                "and no new quests follow")


def add_parser(subparsers) -> argparse.ArgumentParser:
    """Add `campaign` (and its actions) to an argparse subparsers object."""
    from ..framework.cli_options import add_option_argument
    p = subparsers.add_parser(
        "campaign", help="play Maracaibo's campaign game by game, kept in a JSON file",
        description="Maracaibo's campaign: the story cards, legacy tiles and C-cards a game leaves\n"
                    "carry over to the next (the archive), kept in one JSON file.",
        epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    acts = p.add_subparsers(dest="action", required=True, metavar="ACTION")

    def action(name: str, help: str) -> argparse.ArgumentParser:
        a = acts.add_parser(name, help=help, description=help, epilog=EXAMPLES,
                            formatter_class=argparse.RawDescriptionHelpFormatter)
        a.add_argument("file", metavar="FILE", help="the campaign file (JSON)")
        return a

    def data(a: argparse.ArgumentParser) -> None:
        a.add_argument("--data", metavar="DIR",
                       help="the game data in DIR (a copy of maracaibo_env/maracaibo/data with your "
                            "story.toml); the same for every action on one file")

    new = action("new", "create a campaign file that starts at story card 01")
    new.add_argument("--force", action="store_true", help="overwrite FILE if it exists")
    data(new)
    ch = action("chapter", "(re)start a campaign file at chapter N (story card 78+N); "
                           "its recorded games are kept")
    ch.add_argument("chapter", type=int, metavar="N", help="the chapter, 2..11")
    data(ch)
    nxt = action("next", "bots play the campaign's next game; it is recorded and the file saved")
    nxt.epilog = EXAMPLES + "\n" + agents_help([GAME])
    nxt.add_argument("--players", type=int, metavar="N",
                     help="players, 1..4 (default: as in the last recorded game, else 2; 1 = solo "
                          "against Jean)")
    nxt.add_argument("--seed", type=int, metavar="S",
                     help="the deal and the bots' random generator (default: the number of games "
                          "recorded so far)")
    nxt.add_argument("--agents", metavar="SPEC,SPEC,...",
                     help="the bots in seat order, cycled when fewer (default: strongest, the "
                          "strongest agent measured for the player count; specs: see below)")
    add_option_argument(nxt)
    data(nxt)
    show = action("show", "print where a campaign stands: the archive and the last games")
    show.add_argument("--json", action="store_true", help="print Campaign.summary() as JSON instead")
    data(show)
    return p


def main(args, console: Console | None = None) -> int:
    """Run `maracaibo campaign ACTION`; 0, or 2 with one line on stderr."""
    console = console or Console(highlight=False, emoji=False)
    try:
        return ACTIONS[args.action](args, console)
    except ERRORS as exc:
        what = f"{exc.filename}: {exc.strerror}" if isinstance(exc, OSError) and exc.strerror else exc
        print(f"maracaibo campaign {args.action}: {what}", file=sys.stderr)
        return 2


# ---- the actions -----------------------------------------------------------------------------
def _new(args, out: Console) -> int:
    if Path(args.file).exists() and not args.force:
        raise CampaignError(f"{args.file} exists; allowed: another file name, or --force to start it again")
    c = Campaign.new(args.data)
    c.save(args.file)
    out.print(f"new campaign in {args.file}: the first game starts with story card 01; play it with "
              f"`maracaibo campaign next {args.file}` or `maracaibo play --campaign {args.file}`", markup=False)
    return 0


def _chapter(args, out: Console) -> int:
    c = Campaign.load(args.file, args.data) if Path(args.file).exists() else Campaign(args.data)
    c.start_chapter(args.chapter)
    c.save(args.file)
    out.print(f"{args.file}: chapter {args.chapter} starts with story card {chapter_card(args.chapter)} "
              f"({len(c.games)} earlier game(s) kept)", markup=False)
    return 0


def _next(args, out: Console) -> int:
    import numpy as np
    from ..agents.base import act_with
    from ..agents.registry import make_agent
    from ..framework.cli_options import parse_options
    from .session import DEFAULT_BOT
    c = Campaign.load(args.file, args.data)
    players = args.players if args.players is not None else (c.games[-1]["num_players"] if c.games else 2)
    if players not in (1, 2, 3, 4):
        raise GameConfigError(f"--players {players}; allowed: 1..4 (1 = solo against Jean)")
    seed = args.seed if args.seed is not None else len(c.games)
    specs = [s.strip() for s in (args.agents or DEFAULT_BOT).split(",") if s.strip()]
    if not specs or len(specs) > players:
        raise AgentSpecError(f"--agents {args.agents!r}: allowed: 1..{players} agent specs for "
                             f"{players} player(s), cycled over the seats")
    seats = [specs[p % len(specs)] for p in range(players)]
    agents = [make_agent(s, game=GAME) for s in seats]     # AgentSpecError before the game
    game = c.next_game(players, seed, **parse_options(GAME, args.option))
    rng = np.random.default_rng(seed)
    while not game.is_over:
        game.step(act_with(agents[game.current_player], game, rng))
    summary = c.record(game)
    c.save(args.file)
    print_game(out, c, summary, seats)
    out.print(f"saved to {args.file}", markup=False)
    return 0


def _show(args, out: Console) -> int:
    c = Campaign.load(args.file, args.data)
    if args.json:
        print(json.dumps(c.summary(), indent=1))
    else:
        out.print(c.show(), markup=False)
    return 0


ACTIONS = {"new": _new, "chapter": _chapter, "next": _next, "show": _show}


# ---- printing a recorded game (also `maracaibo play --campaign`) ------------------------------
def print_game(out: Console, c: Campaign, summary: dict, seats: list) -> None:
    """A recorded game: its story cards, the scores and winners, and the archive now.
    seats: each seat's agent spec (None: the person)."""
    from ..maracaibo.story import load_story_cards
    titles = {card.number: card.title or "" for card in load_story_cards(c.data_dir)}
    out.rule(f"campaign game {summary['game']}: {summary['num_players']} player(s), seed {summary['seed']}")
    story = Table(title="story cards this game", title_justify="left")
    for col in ("card", "title", "what happened"):
        story.add_column(col)
    unknown = unknown_backs(c.catalog)
    for n, event in summary["story"]:
        what = UNKNOWN_BACK if event == "read" and n in unknown else EVENT_TEXT.get(event, event)
        story.add_row(f"{n:02d}", Text(titles.get(n, "")), what)
    if not summary["story"]:
        story.add_row("-", "", "no story card this game")
    out.print(story)
    scores = Table(title="scores", title_justify="left")
    for col, justify in (("seat", "left"), ("agent", "left"), ("VP", "right"), ("", "left")):
        scores.add_column(col, justify=justify)
    names = seats + (["Jean (Automa)"] if len(summary["scores"]) > len(seats) else [])
    for p, (name, vp) in enumerate(zip(names, summary["scores"])):
        scores.add_row(str(p), Text(name or "you"), str(vp), "winner" if p in summary["winners"] else "")
    out.print(scores)
    print_archive(out, summary["archive"])
    if c.games and c.games[-1] is summary:    # the campaign now: can its next game start?
        try:
            c.next_start()
        except CampaignError as exc:
            out.print(f"the next game cannot start: {exc}", markup=False)


def print_archive(out: Console, a: dict) -> None:
    """What carries over to the next game."""
    cards = lambda ns: ", ".join(f"{n:02d}" for n in ns) or "none"   # noqa: E731
    t = Table(title="the archive now (carries over to the next game)", title_justify="left")
    t.add_column("what")
    t.add_column("")
    t.add_row("story cards in play", cards(a["in_play"]))
    t.add_row("pending: drawn in final scoring, followed next game", cards(a["pending"]))
    t.add_row("legacy tiles", ", ".join(a["legacy"]) or "none")
    t.add_row("C-cards in the project pile", ", ".join(map(str, a["c_pile"])) or "none")
    t.add_row("story cards done (read or removed)", cards(a["gone"]))
    out.print(t)
