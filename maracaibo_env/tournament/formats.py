"""Game schedules: which agents play which deal in which seats.

A tournament is a list of ``Job``s. Each job is one game: the agents in seat
order, the deal's seed, the solo opponent's level for a solo game. A job's result depends
on nothing but the job, so jobs can be played in any order, on any machine,
and a resumed tournament skips the jobs already stored (by ``Job.key``).

Formats (``--games G`` is the number of deals per pairing or line-up):

    round_robin   2 players: every pair of agents; each deal is played with
                  both seat orders ("duplicate" play: each agent plays each
                  seat's hand once, so the luck of the deal cancels)
    ffa           N players (3-4; 2 is a round robin): every line-up of N
                  agents from the list, each deal with every seating (N!)
    gauntlet      one hero against a pool: N-player games of the hero and
                  N-1 pool members (every choice of them), every seating
    solo          each agent against the game's solo opponent at each chosen
                  level, one game per deal and level (the agent in seat 0):
                  Maracaibo's Jean (very_easy..very_hard, default all five),
                  Pirates' Jordan (0..6 B cards, default all seven); the levels
                  are the agent table's (agent_registry.solo_levels)

Deal d of a tournament with seed S has the seed ``deal_seed(S, d)``, the same
for every pairing, line-up and level: every pairing plays the same deals.

A tournament is of one game (``game``: "maracaibo" or "pirates", see
maracaibo_env.agents.adapter): the game's adapter checks the agent specs, the
player counts and the story card (Pirates has none: story 0), and plays the
jobs. A job of the solo format carries the level in ``Job.difficulty``; the
game's GameResult records it there too (``difficulty``: Jean's 'hard',
Jordan's '3') and lists the opponent's spec in seat 1. Pirates also plays
Jordan in a line-up of one agent and jordan:<k> (``adapter.solo_lineup``),
as before: every seating of such a pairing is the same game.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..agents.adapter import DEFAULT_GAME, get_adapter
from ..agents.registry import compiled_kinds, kind_of, solo_kind, solo_levels
from ..registry import available_games, game_info
from ..framework.options import to_json_value
from ..agents.registry import AgentSpecError
from ..framework.match import ENGINES

FORMATS = ("round_robin", "ffa", "gauntlet", "solo")
_PREFIX = {"round_robin": "rr", "ffa": "ffa", "gauntlet": "gauntlet", "solo": "solo"}
MAX_SEED = 2**31 - 1   # Game seeds are 0..2**31-1


class ScheduleError(ValueError):
    """A tournament configuration that defines no valid schedule."""


@dataclass(frozen=True)
class Job:
    """One game of a tournament: specs[i] sits in seat i."""
    key: str                  # stable and unique within a tournament
    index: int                # position in the schedule (fixes the order of analyses)
    specs: tuple[str, ...]
    seed: int
    deal: int
    lineup: str               # the agents of the game, in schedule order, joined by ','
    difficulty: str | None = None
    story: int = 75
    record_history: bool = False
    engine: str = "auto"      # match.play_match's engine
    data_dir: str | None = None   # play with the game data in this folder
    game: str = DEFAULT_GAME  # which game (registry.available_games())
    options: tuple = ()       # the game's options not at their default: ((name, value), ...)


def deal_seed(tournament_seed: int, deal: int) -> int:
    """The game seed of deal `deal` (0..2**31-1), derived from the tournament seed."""
    ss = np.random.SeedSequence([int(tournament_seed), int(deal)])
    return int(ss.generate_state(1, np.uint32)[0]) & MAX_SEED


def check_agents(agents, game: str = DEFAULT_GAME, fmt: str | None = None) -> list[str]:
    """The agent specs, stripped and parsed by the game's adapter
    (AgentSpecError listing the known specs for an unknown one); duplicates
    are refused, and so is the solo opponent where a line-up cannot play it
    (Jean: --format solo --levels only; Pirates plays jordan:<k> in a line-up
    of two too, adapter.solo_lineup), and in the solo format, which adds it."""
    ad = get_adapter(game)
    out = []
    for a in agents:
        spec = ad.parse_spec(a)
        if not kind_of(spec).seat and (fmt == "solo" or not ad.solo_lineup):
            raise AgentSpecError(f"{spec.text!r} is the solo opponent, not a tournament agent: "
                                 f"use --format solo (--levels picks {_who(game)}'s levels: "
                                 f"{', '.join(solo_levels(game))})")
        if spec.text in out:
            raise ScheduleError(f"agent {spec.text!r} is listed twice")
        out.append(spec.text)
    return out


def _who(game: str) -> str:
    """The game's solo opponent by name ('Jean', 'Jordan')."""
    return game_info(game).solo_opponent or "the solo opponent"


def check_levels(levels, game: str = DEFAULT_GAME) -> tuple[str, ...]:
    """The solo opponent's levels as text (default all of them, easiest first):
    ScheduleError naming the opponent and the known levels for an unknown one."""
    known = solo_levels(game)
    levels = [str(lv) for lv in (levels or known)]
    bad = [lv for lv in levels if lv not in known]
    if bad:
        raise ScheduleError(f"unknown level(s) {', '.join(bad)} of {_who(game)}; "
                            f"known: {', '.join(known)}")
    if len(set(levels)) != len(levels):
        raise ScheduleError("a level is listed twice")
    return tuple(levels)


def resolve(fmt: str | None, players: int | None, game: str = DEFAULT_GAME) -> tuple[str, int]:
    """(format, players) with the defaults filled in: no format means solo for
    1 player, round_robin for 2, ffa for 3-4; ScheduleError if they disagree
    (or the game has no solo opponent)."""
    ad = get_adapter(game)
    if not ad.solo and (fmt == "solo" or players == 1):
        raise ScheduleError(f"{ad.title} has no solo game (no solo opponent): no --format solo, "
                            "no 1 player; play 2-4 players")
    if fmt is None:
        if players is None:
            players = 2
        fmt = {1: "solo", 2: "round_robin"}.get(players, "ffa")
    if fmt not in FORMATS:
        raise ScheduleError(f"unknown format {fmt!r}; known: {', '.join(FORMATS)}")
    if fmt == "solo":
        if players not in (None, 1):
            raise ScheduleError(f"a solo tournament has 1 player (against {_who(game)}), "
                                f"not {players}")
        return fmt, 1
    if fmt == "round_robin":
        if players not in (None, 2):
            raise ScheduleError(f"round_robin is for 2 players, not {players} "
                                "(use --format ffa for 3-4 players)")
        return fmt, 2
    players = 2 if players is None else players
    if not 2 <= players <= 4:
        raise ScheduleError(f"{fmt} games have 2-4 players, not {players}")
    return fmt, players


#: the agent that completes a default pool too small for its line-ups: every game's
#: agent table has it, and it is the floor the heuristics' ratings are read against
FILLER = "random"


def default_pool(game: str = DEFAULT_GAME, fmt: str | None = None, players: int | None = None,
                 hero: str | None = None) -> tuple[str, ...]:
    """The agents a tournament or a balance run plays when it is given none: the
    game's heuristics (its adapter's ``default_agents``), then ``random``
    (``FILLER``) when they are fewer than the schedule needs: one agent per seat
    for a round robin or free-for-all, one per seat but the hero's for a gauntlet
    (the hero is never in its own pool), one for solo (every default agent plays
    the solo opponent). A line-up never holds the same agent twice
    (``check_agents``), so a short pool gets another agent, not a repeat.
    fmt/players as ``resolve`` fills them in; ScheduleError when even the filled
    pool is too small."""
    fmt, players = resolve(fmt, players, game)
    ad = get_adapter(game)
    need = 1 if fmt == "solo" else players - (fmt == "gauntlet")
    hero = ad.parse_spec(hero).text if hero is not None else None
    pool = [a for a in ad.default_agents if a != hero]
    if len(pool) < need and FILLER not in pool and FILLER != hero:
        pool.append(FILLER)
    if len(pool) < need:
        raise ScheduleError(f"{ad.title}'s default agents ({', '.join(pool)}) are too few for "
                            f"{fmt} with {players} players: give --agents")
    return tuple(pool)


def schedule(fmt: str, players: int, agents, games: int, seed: int, *, hero: str | None = None,
             levels=None, story: int | None = None, record_history: bool = False,
             engine: str = "auto", data_dir: str | None = None,
             game: str = DEFAULT_GAME, options: tuple = ()) -> list[Job]:
    """Every game of a tournament, deal by deal (deal 0 of every pairing
    first), so an interrupted tournament has about as many games of each
    pairing, and each deal's seatings are finished together. story None: the
    game's default (75 for Maracaibo, 0 for Pirates)."""
    fmt, players = resolve(fmt, players, game)
    agents = check_agents(agents, game, fmt)
    if story is None:
        story = get_adapter(game).default_story
    if isinstance(games, bool) or not isinstance(games, (int, np.integer)) or games < 1:
        raise ScheduleError(f"games (deals per pairing) must be an int >= 1, not {games!r}")
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise ScheduleError(f"the tournament seed must be an int >= 0, not {seed!r}")
    prefix = _PREFIX[fmt]
    if fmt == "solo":
        levels = check_levels(levels, game)
        if not agents:
            raise ScheduleError("a solo tournament needs at least one agent")
        units = [((a,), lv) for a in agents for lv in levels]
    else:
        if levels:
            raise ScheduleError(f"--levels is for solo tournaments ({_who(game)}'s levels)")
        if fmt == "gauntlet":
            if hero is None:
                raise ScheduleError("a gauntlet needs a hero (--hero SPEC)")
            hero = check_agents([hero], game)[0]
            if hero in agents:
                raise ScheduleError(f"the hero {hero!r} is also in the pool (--agents lists "
                                    "the hero's opponents)")
            if len(agents) < players - 1:
                raise ScheduleError(f"a {players}-player gauntlet needs at least {players - 1} "
                                    f"pool agents, not {len(agents)}")
            lineups = [(hero, *c) for c in itertools.combinations(agents, players - 1)]
        else:
            if hero is not None:
                raise ScheduleError("--hero is for the gauntlet format")
            if len(agents) < players:
                raise ScheduleError(f"{fmt} with {players} players needs at least {players} "
                                    f"agents, not {len(agents)}")
            lineups = list(itertools.combinations(agents, players))
        units = [(lu, None) for lu in lineups]
    jobs = []
    for d in range(int(games)):
        s = deal_seed(int(seed), d)
        for lineup, level in units:
            name = ",".join(lineup)
            if level is not None:
                jobs.append(Job(f"{prefix}|{name}|level={level}|deal={d}", len(jobs), lineup, s,
                                d, name, level, story, record_history, engine, data_dir, game,
                                options))
                continue
            for perm in itertools.permutations(lineup):
                jobs.append(Job(f"{prefix}|{name}|deal={d}|seats={','.join(perm)}", len(jobs),
                                perm, s, d, name, None, story, record_history, engine, data_dir,
                                game, options))
    return jobs


def seatings(fmt: str, players: int) -> int:
    """How many games one deal gives one pairing or line-up (1 for solo)."""
    fmt, players = resolve(fmt, players)
    return 1 if fmt == "solo" else math.factorial(players)


@dataclass(frozen=True)
class TournamentConfig:
    """What defines a tournament's games (and nothing about how they are run:
    workers and backend change no result). ``normalized()`` fills in the
    defaults; two configs with equal ``to_dict()`` schedule the same games."""
    agents: tuple[str, ...]
    format: str | None = None        # None: solo / round_robin / ffa by players
    players: int | None = None       # None: 2 (1 for solo)
    games: int = 10                  # deals per pairing or line-up
    seed: int = 0
    story: int | None = None         # None: the game's default (Maracaibo 75; Pirates 0, no story cards)
    levels: tuple[str, ...] | None = None   # solo: the opponent's levels (default all):
                                            # Jean's very_easy..very_hard, Jordan's '0'..'6'
    hero: str | None = None          # gauntlet: the agent every game includes
    replays: bool = False            # store each game's action history
    engine: str = "auto"             # match.play_match's engine: auto, compiled, python
    data_dir: str | None = None      # game data folder (default: the shipped data)
    game: str = DEFAULT_GAME         # which game: registry.available_games()
    options: tuple = ()              # the game's options: ((name, value), ...) or a dict

    def normalized(self) -> "TournamentConfig":
        """The same tournament with every default filled in and the specs
        checked (AgentSpecError, ScheduleError)."""
        if isinstance(self.agents, str):
            raise ScheduleError("agents is a list of spec strings, not one string")
        if self.game not in available_games():
            raise ScheduleError(f"unknown game {self.game!r}; known: {', '.join(available_games())}")
        ad = get_adapter(self.game)
        fmt, players = resolve(self.format, self.players, self.game)
        agents = tuple(check_agents(self.agents, self.game, fmt))
        if not agents:
            raise ScheduleError("no agents given")
        story = ad.default_story if self.story is None else self.story
        if not ad.stories and story != ad.default_story:
            raise ScheduleError(f"story cards are Maracaibo's; {ad.title} has none (no --story)")
        if ad.stories and (story not in ad.stories or isinstance(story, bool)):
            raise ScheduleError(f"story must be one of {ad.stories}, not {story!r}")
        levels = None
        if fmt == "solo":
            levels = check_levels(self.levels, self.game)
        elif self.levels:
            raise ScheduleError(f"levels are for solo tournaments ({_who(self.game)}'s levels)")
        hero = check_agents([self.hero], self.game)[0] if self.hero is not None else None
        for name, v, low in (("games", self.games, 1), ("seed", self.seed, 0)):
            if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < low:
                raise ScheduleError(f"{name} must be an int >= {low}, not {v!r}")
        if self.engine not in ENGINES:
            raise ScheduleError(f"engine must be one of {', '.join(ENGINES)}, not {self.engine!r}")
        if self.engine == "compiled":
            slow = [a for a in (*agents, *([hero] if hero else []))
                    if not ad.compiled_ok(ad.parse_spec(a))]
            if slow:
                raise ScheduleError(f"engine 'compiled' plays {compiled_kinds(self.game)} agents "
                                    f"only, not {', '.join(slow)}")
        data_dir = None
        if self.data_dir is not None:
            if Path(self.data_dir).is_dir():
                data_dir = str(Path(self.data_dir).resolve())
            else:       # a data set's name travels as a name: every process lays out its own copy
                from ..framework.datafiles import DataError
                try:
                    ad.load_catalog(str(self.data_dir))
                except DataError as e:
                    raise ScheduleError(f"data_dir: {e}") from None
                data_dir = str(self.data_dir)
        options = check_game_options(self.game, self.options, players)
        if fmt == "solo":       # --levels sets the opponent's level: no option may set it too
            row = solo_kind(self.game)
            set_by_level = row.solo_game(row.parse(row.spec_examples()[0]))
            clash = [k for k, _ in options if k in set_by_level]
            if clash:
                raise ScheduleError(f"option {clash[0]!r} is {_who(self.game)}'s level in a solo "
                                    "tournament: choose it with levels (--levels)")
        cfg = TournamentConfig(agents, fmt, players, int(self.games), int(self.seed),
                               int(story), levels, hero, bool(self.replays), self.engine,
                               data_dir, self.game, options)
        cfg.jobs()   # every remaining check (counts, levels, hero) before anything runs
        return cfg

    def jobs(self) -> list[Job]:
        """The schedule (see ``schedule``)."""
        return schedule(self.format, self.players, self.agents, self.games, self.seed,
                        hero=self.hero, levels=self.levels, story=self.story,
                        record_history=self.replays, engine=self.engine, data_dir=self.data_dir,
                        game=self.game, options=tuple(self.options))

    def to_dict(self) -> dict:
        """Plain JSON-able values (lists for tuples)."""
        return {"format": self.format, "players": self.players, "agents": list(self.agents),
                "games": self.games, "seed": self.seed, "story": self.story,
                "levels": list(self.levels) if self.levels is not None else None,
                "hero": self.hero, "replays": self.replays, "engine": self.engine,
                "data_dir": self.data_dir, "game": self.game,
                # only when set, so tournaments stored before options keep their settings
                **({"options": {k: to_json_value(v) for k, v in self.options}} if self.options else {})}

    @classmethod
    def from_dict(cls, d: dict) -> "TournamentConfig":
        known = {f for f in cls.__dataclass_fields__}
        extra = set(d) - known
        if extra:
            raise ScheduleError(f"unknown tournament setting(s): {', '.join(sorted(extra))}")
        d = dict(d)
        d["agents"] = tuple(d.get("agents", ()))
        if d.get("levels") is not None:
            d["levels"] = tuple(d["levels"])
        if isinstance(d.get("options"), dict):
            d["options"] = tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in d["options"].items())
        return cls(**d)


def check_game_options(game: str, options, players: int) -> tuple:
    """((name, value), ...) of the options not at their default, in the game's
    order, validated by the game (ScheduleError naming what is allowed)."""
    from ..framework.options import check_options, non_default
    from ..framework.game import GameConfigError
    cls = get_adapter(game).game_class()
    given = dict(options.items() if isinstance(options, dict) else options or ())
    try:
        values = check_options(cls.OPTIONS, given)
        chosen = non_default(cls.OPTIONS, values)
        cls(players, seed=0, **chosen)     # the game's own checks of the combination
    except GameConfigError as e:
        raise ScheduleError(f"options: {e}") from None
    return tuple(chosen.items())


def config_differences(stored: dict, requested: dict) -> list[str]:
    """'name: stored X, requested Y' for every setting that differs."""
    out = []
    for k in sorted(set(stored) | set(requested)):
        a, b = stored.get(k), requested.get(k)
        if a != b:
            out.append(f"{k}: stored {a!r}, requested {b!r}")
    return out
