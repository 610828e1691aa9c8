"""One adapter per game: what tournaments and balance reports need to know of
a game, so that their code (schedules, the SQLite store, ratings, reports)
is the same for every game.

    from maracaibo_env.agents.adapter import get_adapter
    ad = get_adapter("pirates")          # any id of registry.available_games()
    spec = ad.parse_spec("raider")       # AgentSpecError listing ad.known_specs()
    result = ad.play_job(job)            # one tournament job -> match.GameResult
    cat = ad.load_catalog(data_dir)      # the game data (data_hash, component names)

An adapter gives:

* identity: ``name`` (stored with every tournament and game), ``title``
  (the game's id and title in maracaibo_env.registry, which names the
  adapter class of each game);
* the rules a schedule must respect: ``player_counts``, ``solo`` (the game
  has a solo opponent: read from the agent table, a kind that takes no
  seat), ``solo_format`` (the same: the tournaments' --format solo --levels
  and the balance runs' --solo schedule it at the agent table's levels,
  agent_registry.solo_levels), ``solo_lineup`` (a line-up of one agent and
  the opponent's spec also plays the solo game: Pirates' jordan:<k>, not
  Maracaibo's jean:<level>), ``solo_data`` (the data files the opponent's
  play rests on, for the balance report's provenance note),
  ``stories``/``default_story`` (Maracaibo's story cards;
  Pirates has none and plays story 0), ``rounds`` (length of GameResult.turns);
* what a result records of this game only: ``result_details`` (the keys of
  GameResult.details and what each holds), ``story_of(result)`` (the story
  card a result was played with: a deal is its seed, line-up, solo level and
  story);
* agents: ``known_specs()``, ``parse_spec(text)``, ``claims(text)`` (a spec of
  this game), ``compiled_ok(spec)``, ``make_agent(spec)``: every adapter reads
  them from the agent table (maracaibo_env.agents.registry) for its game id;
  ``play_job(job)`` and ``warm_modules`` (preloaded by the local process pool);
* scoring and components: ``vp_sources``, ``component_kinds`` (kind -> plural
  noun, the balance report's component sections), ``taken(result, seat)``
  (what a player took and when), ``component_sources(cat)``,
  ``kind_note(cat, kind)``, ``data_summary(cat)``, ``component_method`` (the
  report's Methods text);
* presentation: ``report_name`` (a prefix of the tournament report's first
  line), ``scores_table`` (the tournament report also prints VP by source and
  game length), ``default_agents`` and ``examples`` for help texts;
* the web app: ``warm_specs()`` (agents its bot workers run once at start),
  ``setup_of(result, options)`` (the Game arguments of a stored game).
"""
from __future__ import annotations

from typing import Any

from ..framework.provenance import note_of
from . import registry as agent_registry
from ..registry import DEFAULT_GAME, available_games, game_adapter, game_info


def __getattr__(name):
    # GAMES: the registered games, read when asked (a game registered later is in it)
    if name == "GAMES":
        return available_games()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class GameAdapter:
    name: str = ""
    title: str = ""
    report_name: str = ""
    player_counts: tuple[int, ...] = ()
    solo_lineup: bool = False
    solo_data: tuple[str, ...] = ()
    stories: tuple[int, ...] = ()
    default_story: int = 0
    rounds: int = 0
    default_agents: tuple[str, ...] = ()
    scores_table: bool = False
    component_kinds: dict[str, str] = {}
    component_method: str = ""
    warm_modules: tuple[str, ...] = ()
    #: the solo opponent's level of the calibration's solo games (maracaibo calibrate)
    calibration_level: str | None = None
    #: the keys of GameResult.details this game's results hold, and what each holds
    result_details: dict[str, str] = {}

    def game_class(self):
        """The game's Game class (its OPTIONS, its constructor)."""
        raise NotImplementedError

    @property
    def solo(self) -> bool:
        """Whether the game has a solo opponent (a kind of the agent table that takes no seat)."""
        return agent_registry.solo_kind(self.name) is not None

    @property
    def solo_format(self) -> bool:
        """Whether tournaments (--format solo) and balance runs (--solo) schedule solo
        games: every game with a solo opponent (``solo``)."""
        return self.solo

    # ---- agents: the agent table's rows for this game ----------------------------------
    def known_specs(self) -> list[str]:
        """The spec forms of this game's agents (agent_registry.available_agents)."""
        return agent_registry.available_agents(self.name)

    def parse_spec(self, text: str):
        """The AgentSpec of a spec string (AgentSpecError listing the known specs,
        naming the game that knows it when another does)."""
        return agent_registry.parse_spec(text, self.name)

    def claims(self, text: str) -> bool:
        """Whether text is meant as one of this game's agents."""
        return agent_registry.claims(text, self.name)

    def compiled_ok(self, spec) -> bool:
        """Whether the compiled engine can play this seat."""
        return agent_registry.compiled_ok(spec)

    def play_job(self, job):
        raise NotImplementedError

    def make_agent(self, spec):
        """A new agent object for a parsed seat spec (act(obs, mask, rng[, game=]))."""
        return agent_registry.make_agent(spec)

    # ---- what a result records of this game only (GameResult.details) -----------------
    def story_of(self, result) -> int:
        """The story card a result was played with (one of ``stories``;
        ``default_story`` for a game without story cards). Results with the same
        seed, line-up, solo level and story_of were dealt the same game."""
        return self.default_story

    # ---- data and components ----------------------------------------------------------
    vp_sources: tuple[str, ...] = ()

    def load_catalog(self, data_dir=None):
        raise NotImplementedError

    def taken(self, result, seat: int) -> dict[str, dict[int, int]]:
        """{kind: {item id: first round taken}} of one seat, from the game's events."""
        out: dict[str, dict[int, int]] = {k: {} for k in self.component_kinds}
        for s, kind, item, rnd in result.events:
            if s == seat and kind in out:
                prev = out[kind].get(item)
                out[kind][item] = rnd if prev is None else min(prev, rnd)
        return out

    def component_sources(self, cat) -> dict[str, list[tuple[str, str, str]]]:
        raise NotImplementedError

    def kind_note(self, cat, kind: str) -> str:
        """'reconstructed: 140 of 157 project cards' (or 'all from the rulebook ...')."""
        return note_of(self.component_sources(cat)[kind], self.component_kinds[kind])

    def data_summary(self, cat) -> dict:
        raise NotImplementedError

    # ---- the web app ----------------------------------------------------------------------
    def warm_specs(self) -> list[str]:
        """Agent specs the web app's bot workers play once at start (their compiled code
        loads before the first decision's clock starts)."""
        return ["random", *self.default_agents]

    def setup_of(self, result, options: dict) -> tuple[int, dict]:
        """(num_players, keywords) of Game(...) that re-create a stored tournament game:
        a solo game (its line-up holds the solo opponent, agent_registry.solo_opponent)
        has one player less and the opponent's solo_game options (Jean's or Jordan's level)."""
        found = agent_registry.solo_opponent(result.specs, self.name)
        if found is None:
            return len(result.specs), dict(options)
        spec = found[1]
        return len(result.specs) - 1, {**options, **agent_registry.kind_of(spec).solo_game(spec)}

    def __repr__(self) -> str:
        return f"<{self.title} adapter>"


def get_adapter(game: Any = None) -> GameAdapter:
    """The adapter of a registered game id (None: the default game); ValueError
    (registry.UnknownGameError) listing the known ones for an unknown one."""
    return game_adapter(DEFAULT_GAME if game is None else game)


def game_title(game: str | None) -> str:
    """'Maracaibo' or 'Pirates of Maracaibo' (the name itself for an unknown game)."""
    try:
        return game_info(DEFAULT_GAME if game is None else game).title
    except ValueError:
        return str(game)
