"""A person's game against bots (or a game of bots to watch): `PlaySession`.

    s = PlaySession("maracaibo", players=3, seat=0, opponents=["balanced", "random"])
    s.view()                 # what the person sees (play/view.py)
    s.act("sail:4:mp3")      # the person's decision (id or name); the bots answer
    s.hint()                 # what the strongest agent would do
    s.undo()                 # take back the last decision (and the bots' answers)
    s.save("game.json"); PlaySession.load("game.json")

The terminal and the web app are two faces of this one object. A decision
that is not legal raises IllegalActionError and changes nothing. With
seat=None nobody is human: `step_bot()` plays one bot decision at a time (a
game to watch live).
"""
from __future__ import annotations

import json

import numpy as np

from ..agents.adapter import get_adapter
from ..agents.registry import kind_of
from ..framework.game import GameConfigError
from ..registry import DEFAULT_GAME, available_games, game_info, make
from .labels import detail, seat_names
from .view import build_view

SAVE_FORMAT, SAVE_VERSION = "maracaibo-play-save", 1
SAVE_KEYS = {"format", "version", "game", "seat", "seats", "hint", "agent_seed", "rng", "replay"}
MAX_SAVE_BYTES = 4 << 20
#: the bots' spec when a session names no opponents (maracaibo_env/agents/strongest.py)
DEFAULT_BOT = "strongest"


def _short(x, limit: int = 80) -> str:
    text = repr(x)
    return text if len(text) <= limit else text[:limit] + "…"


class PlayError(ValueError):
    """A request the session cannot do now (nothing to undo, not your turn, a bad save file)."""


class PlaySession:
    """One game: the human seat (or None), the bots of the other seats, a move log and undo.

    :param game: a registered game id (registry.available_games(): "maracaibo", "pirates").
    :param players: players who decide (1 = solo against the game's solo opponent).
    :param seat: the person's seat, 0..players-1, or None to watch bots only.
    :param opponents: agent specs for the other deciding seats in seat order
        (cycled when fewer; default: `strongest`, the game's strongest agent).
    :param options: the game's options ({name: value}, see `maracaibo demo --help`).
    :param seed: the deal; agent_seed: the bots' random generator.
    :param hint: the agent spec that `hint()` asks (default: the game's strongest agent,
        registry GameInfo.hint_agent).
    """

    def __init__(self, game: str = DEFAULT_GAME, players: int = 2, seat: int | None = 0,
                 opponents=None, options: dict | None = None, seed: int = 0,
                 agent_seed: int = 0, hint: str | None = None):
        if game not in available_games():
            raise GameConfigError(f"game must be one of {available_games()}, got {game!r}")
        self.kind = game
        self.adapter = get_adapter(game)
        self.game = make(game, players, seed=seed, **(options or {}))
        deciding = self.game.num_players
        if seat is not None and (type(seat) is not int or not 0 <= seat < deciding):
            raise GameConfigError(f"seat must be an int 0..{deciding - 1} (or None to watch), got {seat!r}")
        bots = [p for p in range(deciding) if p != seat]
        specs = list(opponents) if opponents else [DEFAULT_BOT]
        if bots and not specs:
            raise GameConfigError("opponents must name at least one agent")
        self.seats = [None if p == seat else str(specs[bots.index(p) % len(specs)]) for p in range(deciding)]
        self._setup(seat, hint, agent_seed)

    def _setup(self, seat, hint, agent_seed) -> None:
        self.seat = seat
        self.hint_spec = hint or game_info(self.kind).hint_agent
        self.agent_seed = agent_seed
        if isinstance(agent_seed, bool) or not isinstance(agent_seed, int) or not 0 <= agent_seed < 2**63:
            raise GameConfigError(f"agent_seed must be an int 0..2**63-1, got {agent_seed!r}")
        self.agents = {}
        for p, spec in enumerate(self.seats):
            if spec is not None:
                parsed = self.adapter.parse_spec(spec)    # AgentSpecError lists the known ones
                if not kind_of(parsed).seat:
                    raise GameConfigError(f"{spec!r} is the solo opponent, not a seat's agent: play a "
                                          "solo game (players=1) instead")
                self.agents[p] = self.adapter.make_agent(parsed)
        self.adapter.parse_spec(self.hint_spec)
        self.rng = np.random.default_rng(agent_seed)
        self.log: list[dict] = []
        self._undo: list[tuple] = []

    # ---- what is seen ------------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        return seat_names(self.game, ["you" if s is None and self.seat is not None else s
                                      for s in self.seats])

    def view(self) -> dict:
        v = build_view(self.game, self.seat, self.names)
        v["log"] = self.log[-200:]
        v["log_total"] = len(self.log)
        v["can_undo"] = bool(self._undo)
        v["seats"] = self.seats
        return v

    @property
    def human_to_act(self) -> bool:
        return not self.game.is_over and self.seat is not None and self.game.current_player == self.seat

    # ---- acting ----------------------------------------------------------------------------
    def act(self, action, answer: bool = True) -> dict:
        """The person's decision (an id or a name), then (answer=True) the bots'
        until the person is to act again; returns the log entry of the decision.
        The web app passes answer=False and has the bots answer one request at a time."""
        if self.seat is None:
            raise PlayError("this is a game of bots to watch: nobody is human here")
        if not self.human_to_act:
            raise PlayError("it is not your turn" if not self.game.is_over else "the game is over")
        g = self.game
        a = g._checked_action(action) if not (type(action) is int and 0 <= action < g.NUM_ACTIONS
                                              and g._mask[action]) else action
        self._undo.append((g.clone(), len(self.log), self.rng.bit_generator.state))
        entry = self._do(a)
        if answer:
            self.advance()
        return entry

    @property
    def bot_to_act(self) -> int | None:
        """The seat of the bot to decide now (None: the person's turn or the game is over)."""
        g = self.game
        return None if g.is_over or self.human_to_act else g.current_player

    def apply_bot(self, action: int, rng_state: dict) -> dict:
        """A bot decision computed elsewhere (the web app's worker processes) from
        this session's game and generator: the decision and the generator's state
        after it, exactly as step_bot() would have left them."""
        if self.bot_to_act is None:
            raise PlayError("no bot is to act now")
        a = self.game._checked_action(action)
        self.rng.bit_generator.state = rng_state
        return self._do(a)

    def step_bot(self) -> dict | None:
        """One bot decision (None when the person is to act or the game is over)."""
        g = self.game
        if g.is_over or self.human_to_act:
            return None
        from maracaibo_env.agents.base import act_with
        return self._do(act_with(self.agents[g.current_player], g, self.rng))

    def advance(self, limit: int = 100_000) -> int:
        """Bot decisions until the person is to act or the game ends; returns how many."""
        n = 0
        while n < limit and self.step_bot() is not None:
            n += 1
        return n

    def _do(self, a: int) -> dict:
        g = self.game
        p, name = g.current_player, g.action_names[a]
        entry = {"n": len(g.history), "round": g.round, "player": p, "who": self.names[p],
                 "action": name, "detail": detail(g, name)}
        before = self._opponent_log()
        g.step(a)
        self.log.append(entry)
        after = self._opponent_log()
        if after and after != before:      # the solo opponent played a turn
            who = self.names[1]
            self.log.append({"n": len(g.history), "round": g.round, "player": 1, "who": who,
                             "action": "turn", "detail": ", ".join(
                                 f"{e} {x}" if x is not None else str(e) for e, x in after)})
        return entry

    def _opponent_log(self):
        """The solo opponent's last turn (GameBase.solo_log), None in a game without one
        (every seat with a score decides)."""
        g = self.game
        if g.num_players == g.num_seats:
            return None
        return g.solo_log()

    def undo(self) -> None:
        """Take back the person's last decision and the bots' decisions after it."""
        if not self._undo:
            raise PlayError("nothing to undo: you have made no decision yet")
        game, n, rng = self._undo.pop()
        self.game = game
        del self.log[n:]
        self.rng.bit_generator.state = rng

    def hint(self) -> dict:
        """What the hint agent would play now: {"id", "name", "detail", "agent"}."""
        from maracaibo_env.agents.base import act_with
        rng = self.hint_rng()
        agent = self.adapter.make_agent(self.adapter.parse_spec(self.hint_spec))
        return self.hint_reply(act_with(agent, self.game.clone(), rng))

    def hint_rng(self) -> np.random.Generator:
        """The hint's own generator (seeded by the decision number: the same hint every time)."""
        if not self.human_to_act:
            raise PlayError("a hint is for your own turn")
        return np.random.default_rng(len(self.game.history))

    def hint_reply(self, a: int) -> dict:
        name = self.game.action_names[a]
        return {"id": a, "name": name, "detail": detail(self.game, name), "agent": self.hint_spec}

    # ---- saving ------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        from ..framework.replay import replay_rows
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": self.kind, "seat": self.seat,
                "seats": self.seats, "hint": self.hint_spec, "agent_seed": self.agent_seed,
                "rng": self.rng.bit_generator.state, "replay": replay_rows(self.game)}

    def save(self, path) -> None:
        """Write the session (setup, every decision, whose seat is whose) as JSON, atomically."""
        from ..framework.files import write_atomic
        write_atomic(path, json.dumps(self.to_dict()))     # never through a planted link

    @classmethod
    def load(cls, path, allow_code: bool = False) -> "PlaySession":
        """A saved session. Its agents must be ones a page could choose
        (play/limits.py: no python: classes, no policy files, capped search)
        unless allow_code: a save is a file from anywhere."""
        from ..framework.files import FileError, read_bytes
        try:        # a regular file under the cap: a device or a FIFO is refused at once
            text = read_bytes(path, MAX_SAVE_BYTES, "saved session")
        except FileError as exc:
            raise PlayError(f"{path}: cannot read: {exc.reason}") from None
        try:
            d = json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise PlayError(f"{path}: not a saved session (not JSON: {exc})") from None
        return cls.from_dict(d, str(path), allow_code=allow_code)

    @classmethod
    def from_dict(cls, d, where: str = "saved session", allow_code: bool = False) -> "PlaySession":
        """Rebuild a session: every decision is re-run and checked (ReplayError/PlayError say where).
        Agent specs are checked before anything is imported or opened (see load)."""
        from ..framework.replay import load_replay_rows, ReplayError
        if not isinstance(d, dict) or d.get("format") != SAVE_FORMAT:
            raise PlayError(f"{where}: not a saved session (expected {{\"format\": \"{SAVE_FORMAT}\", ...}})")
        if d.get("version") != SAVE_VERSION or set(d) != SAVE_KEYS:
            raise PlayError(f"{where}: expected version {SAVE_VERSION} with exactly the keys {sorted(SAVE_KEYS)}")
        kind, seat, seats = d["game"], d["seat"], d["seats"]
        if kind not in available_games():
            raise PlayError(f"{where}: game must be one of {available_games()}, got {kind!r}")
        if not (isinstance(seats, list) and all(x is None or isinstance(x, str) for x in seats)
                and isinstance(d["hint"], str)):
            raise PlayError(f"{where}: seats must be a list of agent specs (null at the person's seat) and "
                            f"hint an agent spec, got seats={_short(seats)}, hint={_short(d['hint'])}")
        if not allow_code:
            from .limits import check_safe_spec
            for spec in [x for x in seats if x is not None] + [d["hint"]]:
                try:
                    check_safe_spec(spec, kind)
                except ValueError as exc:
                    raise PlayError(f"{where}: {exc} (a save you trust can be opened with --allow-code)") \
                        from None
        rows = d["replay"]
        if not (isinstance(rows, list) and rows and isinstance(rows[-1], dict) and "end" in rows[-1]):
            raise PlayError(f"{where}: replay must be a list of lines ending with its end line")
        try:
            game, _ = load_replay_rows(rows, where + " replay", partial=True)
        except ReplayError as exc:
            raise PlayError(str(exc)) from None
        if type(game).REPLAY_FORMAT != game_info(kind).replay_format:
            raise PlayError(f"{where}: the replay is not a game of {kind}")
        n = game.num_players
        if not (isinstance(seats, list) and len(seats) == n and all(s is None or isinstance(s, str) for s in seats)
                and (seat is None or (type(seat) is int and 0 <= seat < n and seats[seat] is None))
                and sum(s is None for s in seats) == (seat is not None)):
            raise PlayError(f"{where}: seats must list {n} agent specs with null at the person's seat "
                            f"(seat {seat!r}), got {seats!r}")
        s = object.__new__(cls)
        s.kind, s.adapter, s.seats = kind, get_adapter(kind), seats
        try:
            if not isinstance(d["hint"], str):
                raise PlayError(f"hint must be an agent spec string, got {d['hint']!r}")
            s._setup(seat, d["hint"], d["agent_seed"])
        except ValueError as exc:
            raise PlayError(f"{where}: {exc}") from None
        # re-run the decisions to rebuild the log and the undo points
        g = type(game)(**game.config, catalog=game.catalog)
        s.game = g
        for a in game.history:
            if s.human_to_act:
                s._undo.append((g.clone(), len(s.log), s.rng.bit_generator.state))
            s._do(a)
        try:
            s.rng.bit_generator.state = d["rng"]
        except (TypeError, ValueError, KeyError, IndexError, OverflowError) as exc:
            raise PlayError(f"{where}: rng is not a numpy PCG64 state ({exc})") from None
        return s
