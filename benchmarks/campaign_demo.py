"""A campaign of several games played by agents, game after game from the
archive (issue 27's closing figure).

    python benchmarks/campaign_demo.py --games 5 --players 3 --agents tuned --chapter 2
    python benchmarks/campaign_demo.py --games 5 --json runs/campaign.json

Each game is `Campaign.next_game` (seed = --seed + game number), played to the
end by the agents in the compiled engine (`maracaibo_env.maracaibo.match`'s
seat tables), then recorded; the campaign's summary of every game (story
cards drawn and read, scores, the archive after it) is printed.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from maracaibo_env.agents.registry import parse_spec  # noqa: E402
from maracaibo_env.maracaibo.campaign import Campaign  # noqa: E402
from maracaibo_env.maracaibo.match import _seat_tables  # noqa: E402


def play_campaign(games: int, players: int, agents: str, seed: int, chapter: int | None = None,
                  data_dir=None) -> Campaign:
    c = Campaign.new(data_dir) if chapter is None else Campaign(data_dir).start_chapter(chapter)
    specs = tuple(parse_spec(a) for a in (agents.split(",") * players)[:players])
    tables = _seat_tables(specs, c.catalog)
    for k in range(games):
        g = c.next_game(num_players=players, seed=seed + k)
        tables.play(g, seed + k, False)
        c.record(g)
    return c


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    ap.add_argument("--agents", default="tuned", help="comma-separated specs, repeated over the seats")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--chapter", type=int, default=None, help="start at this chapter (2..11)")
    ap.add_argument("--json", default=None, help="also write the campaign file here")
    a = ap.parse_args(argv)
    t = time.time()
    c = play_campaign(a.games, a.players, a.agents, a.seed, a.chapter)
    for s in c.games:
        story = ", ".join(f"{n:02d} {e}" for n, e in s["story"]) or "nothing"
        arch = s["archive"]
        print(f"game {s['game']} (seed {s['seed']}): scores {s['scores']}, winners {s['winners']}")
        print(f"  story: {story}")
        print(f"  archive after it: cards {arch['in_play']}, pending {arch['pending']}, tiles "
              f"{arch['legacy']}, C-cards {arch['c_pile']}, done {arch['gone']}")
    print(f"{len(c.games)} games in {time.time() - t:.1f} s")
    if a.json:
        c.save(a.json)


if __name__ == "__main__":
    main()
