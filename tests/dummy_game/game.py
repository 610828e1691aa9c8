"""Harbour Race's rules, its data catalog and its `Game` (a framework.game.GameBase).

    from dummy_game.game import Game
    g = Game(3, seed=7)
    while not g.is_over:
        g.step(g.legal_actions()[0])          # ids or names ('sail:2', 'buy:gem')
    g.scores(), g.score_breakdown(), g.winners()

The rules are plain Python over one int32 state vector (LAYOUT); the game's
chance (the bonus space) comes from an xorshift64* generator kept in the state,
so a seed and a list of actions replay the same game.
"""
from __future__ import annotations

import hashlib
import tomllib
from functools import lru_cache
from pathlib import Path

import numpy as np

from maracaibo_env.framework.errors import GameConfigError, StateError
from maracaibo_env.framework.game import GameBase, int_option
from maracaibo_env.framework.layout import StateLayout
from maracaibo_env.framework.obs_spec import ObsSpec

DATA_DIR = Path(__file__).with_name("data")
PLAYER_COUNTS = (2, 3, 4)
MAX_P = 4
ROUNDS = 5
TURNS_PER_ROUND = 2             # each player's turns in a round
TRACK = 10                      # the harbour's space; the quay is 0
GEM_COST, GEM_VP = 3, 2
FIRST_VP, LATER_VP = 5, 2       # reaching the harbour first / later
START_COINS = 1                 # seat p starts with START_COINS + p coins
MAX_COINS, MAX_VP, MAX_GEMS = 99, 99, ROUNDS * TURNS_PER_ROUND

ACTION_NAMES = ("sail:1", "sail:2", "trade", "buy:gem")
SAIL1, SAIL2, TRADE, BUY = range(len(ACTION_NAMES))
NUM_ACTIONS = len(ACTION_NAMES)
VP_SOURCES = ("race", "gems", "bonus")

LAYOUT = StateLayout(
    [("NP", 1), ("CUR", 1), ("ROUND", 1), ("TURN", 1), ("OVER", 1), ("SEED", 1), ("RNG", 2),
     ("BONUS", 1), ("ARRIVED", 1)],
    [("POS", 1), ("COINS", 1), ("GEMS", 1), ("VP", 1), ("VP_SRC", len(VP_SOURCES)), ("TURNS", 1)],
    max_players=MAX_P)
G = {name: off for name, (off, _) in LAYOUT.glob.items()}
P = {name: off for name, (off, _) in LAYOUT.player.items()}
_SEAT = (TRACK, MAX_COINS, MAX_GEMS, MAX_VP)     # an observed seat: position, coins, gems, VP

OBS = ObsSpec([
    ("round", 1, f"round 1..{ROUNDS}", 1, ROUNDS),
    ("turn", 1, "turns taken in this round, all players", 0, MAX_P * TURNS_PER_ROUND),
    ("bonus", 1, "the bonus space 1..9", 1, TRACK - 1),
    ("players", 1, "number of players", 2, MAX_P),
    ("me", 4, "own position, coins, gems, VP", 0, _SEAT),
    ("others", 4 * (MAX_P - 1), "the next seats' position, coins, gems, VP (0: no such seat)", 0,
     _SEAT * (MAX_P - 1)),
])
OBS_SIZE = OBS.size


# ---- the data -----------------------------------------------------------------------------
class Catalog:
    """The board's data: ``array`` (int32: the track's length, then each space's bonus VP),
    ``data_hash`` (sha256 of board.toml), ``raw`` (the file as read: every entry's source,
    framework.provenance) and the spaces' keys and names."""

    def __init__(self, text: bytes, where: str):
        try:
            raw = tomllib.loads(text.decode("utf-8"))
        except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise GameConfigError(f"{where}: not a TOML file: {exc}") from None
        spaces = raw.get("space", [])
        if raw.get("track", {}).get("length") != TRACK or len(spaces) != TRACK - 1:
            raise GameConfigError(f"{where}: a track of length {TRACK} with {TRACK - 1} spaces")
        self.raw = {"board": raw}
        self.space_keys = [s["key"] for s in spaces]
        self.space_names = [s["name"] for s in spaces]
        self.array = np.array([TRACK, *(int(s["vp"]) for s in spaces)], np.int32)
        self.data_hash = hashlib.sha256(text).hexdigest()


@lru_cache(maxsize=None)
def _shipped() -> Catalog:
    return Catalog((DATA_DIR / "board.toml").read_bytes(), "board.toml")


def load_catalog(data_dir=None) -> Catalog:
    """The shipped board, or the board.toml of a folder."""
    if data_dir is None:
        return _shipped()
    path = Path(data_dir) / "board.toml"
    if not path.is_file():
        raise GameConfigError(f"data_dir must be a folder with a board.toml, got {data_dir!r}")
    return Catalog(path.read_bytes(), str(path))


# ---- the generator: xorshift64* in two int32 halves of the state -------------------------------
_MASK = (1 << 64) - 1


def _rng_get(st) -> int:
    lo, hi = (int(v) for v in st[G["RNG"]:G["RNG"] + 2].view(np.uint32))
    return lo | hi << 32


def _rng_set(st, x: int) -> None:
    st[G["RNG"]:G["RNG"] + 2] = np.array([x & 0xFFFFFFFF, x >> 32], np.uint32).view(np.int32)


def xorshift(x: int) -> tuple[int, int]:
    """(the next state, a 64-bit output) of xorshift64*."""
    x ^= x >> 12
    x ^= (x << 25) & _MASK
    x ^= x >> 27
    return x, (x * 0x2545F4914F6CDD1D) & _MASK


def _below(st, n: int) -> int:
    x, out = xorshift(_rng_get(st))
    _rng_set(st, x)
    return (out >> 33) % n


def _seed_state(seed: int) -> int:
    return (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK or 1


# ---- the rules ----------------------------------------------------------------------------------
def _pf(p: int, name: str) -> int:
    """Offset of player p's field."""
    return LAYOUT.players + p * LAYOUT.player_size + P[name]


def new_game(st, n: int, seed: int) -> None:
    st[:] = 0
    st[G["NP"]], st[G["SEED"]], st[G["ROUND"]] = n, seed, 1
    _rng_set(st, _seed_state(seed))
    for p in range(n):
        st[_pf(p, "COINS")] = START_COINS + p
    st[G["BONUS"]] = 1 + _below(st, TRACK - 1)
    st[G["CUR"]] = 0


def first_player(st) -> int:
    return (int(st[G["ROUND"]]) - 1) % int(st[G["NP"]])


def fill_mask(st, mask) -> None:
    mask[:] = 0
    if st[G["OVER"]]:
        return
    p = int(st[G["CUR"]])
    pos, coins = int(st[_pf(p, "POS")]), int(st[_pf(p, "COINS")])
    mask[SAIL1] = pos < TRACK
    mask[SAIL2] = pos < TRACK and coins >= 1
    mask[TRADE] = coins + 2 <= MAX_COINS
    mask[BUY] = coins >= GEM_COST


def _score(st, p: int, source: int, vp: int) -> None:
    st[_pf(p, "VP_SRC") + source] += vp
    st[_pf(p, "VP")] += vp


def apply(st, cat, a: int, mask) -> None:
    """Apply a legal action of the current player, then pass the turn (or end the game)."""
    p = int(st[G["CUR"]])
    if a in (SAIL1, SAIL2):
        if a == SAIL2:
            st[_pf(p, "COINS")] -= 1
        pos = min(TRACK, int(st[_pf(p, "POS")]) + a + 1)
        st[_pf(p, "POS")] = pos
        if pos == st[G["BONUS"]]:
            _score(st, p, 2, int(cat[pos]))
            st[G["BONUS"]] = 1 + _below(st, TRACK - 1)
        if pos == TRACK:
            _score(st, p, 0, FIRST_VP if st[G["ARRIVED"]] == 0 else LATER_VP)
            st[G["ARRIVED"]] += 1
    elif a == TRADE:
        st[_pf(p, "COINS")] += 2
    else:
        st[_pf(p, "COINS")] -= GEM_COST
        st[_pf(p, "GEMS")] += 1
        _score(st, p, 1, GEM_VP)
    st[_pf(p, "TURNS")] += 1
    n = int(st[G["NP"]])
    st[G["TURN"]] += 1
    if st[G["TURN"]] == n * TURNS_PER_ROUND:
        if st[G["ROUND"]] == ROUNDS:
            st[G["OVER"]], st[G["CUR"]] = 1, -1
            fill_mask(st, mask)
            return
        st[G["ROUND"]] += 1
        st[G["TURN"]] = 0
    st[G["CUR"]] = (first_player(st) + int(st[G["TURN"]])) % n
    fill_mask(st, mask)


def observe(st, p: int, out) -> None:
    n = int(st[G["NP"]])
    out[:] = 0
    out[0], out[1], out[2], out[3] = st[G["ROUND"]], st[G["TURN"]], st[G["BONUS"]], n
    for k in range(n):
        q = (p + k) % n
        o = 4 + 4 * k
        out[o:o + 4] = (st[_pf(q, "POS")], st[_pf(q, "COINS")], st[_pf(q, "GEMS")], st[_pf(q, "VP")])


def problems(st, cat) -> list[str]:
    """Why a state is not one the rules can reach ([] when it is)."""
    out = []
    n = int(st[G["NP"]])
    if n not in PLAYER_COUNTS:
        return [f"NP = {n}: allowed {PLAYER_COUNTS}"]
    over, rnd, turn = int(st[G["OVER"]]), int(st[G["ROUND"]]), int(st[G["TURN"]])
    if over not in (0, 1):
        out.append(f"OVER = {over}: allowed 0 or 1")
    if not 1 <= rnd <= ROUNDS:
        out.append(f"ROUND = {rnd}: allowed 1..{ROUNDS}")
    last = n * TURNS_PER_ROUND if over else n * TURNS_PER_ROUND - 1
    if not 0 <= turn <= last or (over and (rnd, turn) != (ROUNDS, n * TURNS_PER_ROUND)):
        out.append(f"TURN = {turn}: allowed 0..{last} "
                   f"(the game over: {n * TURNS_PER_ROUND} in round {ROUNDS})")
    if not 1 <= st[G["BONUS"]] <= TRACK - 1:
        out.append(f"BONUS = {int(st[G['BONUS']])}: allowed 1..{TRACK - 1}")
    if out:
        return out
    cur = -1 if over else (first_player(st) + turn) % n
    if st[G["CUR"]] != cur:
        out.append(f"CUR = {int(st[G['CUR']])}: round {rnd}, turn {turn} is seat {cur}'s")
    arrived = 0
    for p in range(MAX_P):
        block = st[_pf(p, "POS"):_pf(p, "POS") + LAYOUT.player_size]
        if p >= n:
            if block.any():
                out.append(f"players[{p}]: a seat beyond NP = {n} holds {block.tolist()}")
            continue
        pos, coins, gems, vp = (int(st[_pf(p, f)]) for f in ("POS", "COINS", "GEMS", "VP"))
        src = st[_pf(p, "VP_SRC"):_pf(p, "VP_SRC") + len(VP_SOURCES)]
        turns = int(st[_pf(p, "TURNS")])
        arrived += pos == TRACK
        if not 0 <= pos <= TRACK or not 0 <= coins <= MAX_COINS or not 0 <= gems <= MAX_GEMS:
            out.append(f"players[{p}]: POS {pos}, COINS {coins}, GEMS {gems}: allowed 0..{TRACK}, "
                       f"0..{MAX_COINS}, 0..{MAX_GEMS}")
        if (src < 0).any() or vp != int(src.sum()) or vp > MAX_VP or int(src[1]) != GEM_VP * gems:
            out.append(f"players[{p}]: VP {vp} is not the sum of VP_SRC {src.tolist()} (gems {gems})")
        done = (rnd - 1) * TURNS_PER_ROUND + sum(1 for k in range(turn) if (first_player(st) + k) % n == p)
        if turns != done:
            out.append(f"players[{p}]: TURNS = {turns}, but {done} turns were taken by now")
    if arrived != st[G["ARRIVED"]]:
        out.append(f"ARRIVED = {int(st[G['ARRIVED']])}, but {arrived} ships are in the harbour")
    return out


# ---- the Game -----------------------------------------------------------------------------------
class Game(GameBase):
    """One game of Harbour Race.

    :param num_players: 2, 3 or 4.
    :param seed: an int 0..2**31-1; the same seed and actions replay the same game.
    :param catalog: the board's data (default: the shipped board.toml).
    :param data_dir: play with the board.toml of this folder.
    """
    NUM_ACTIONS = NUM_ACTIONS
    OBS_SIZE = OBS_SIZE
    OBS = OBS
    LAYOUT = LAYOUT
    VP_SOURCES = VP_SOURCES
    FORMAT_VERSION = 1
    REPLAY_FORMAT, REPLAY_VERSION = "race-replay", 1

    def __init__(self, num_players: int = 2, seed: int = 0, catalog: Catalog | None = None,
                 data_dir=None) -> None:
        num_players = int_option("num_players", num_players, PLAYER_COUNTS)
        seed = int_option("seed", seed, range(2**31), "0..2**31-1")
        if catalog is not None and data_dir is not None:
            raise GameConfigError("give catalog or data_dir, not both")
        self.catalog = self._catalog_from(catalog) if data_dir is None else load_catalog(data_dir)
        self._cat = self.catalog.array
        self.state = np.zeros(LAYOUT.size, np.int32)
        self._mask = np.zeros(NUM_ACTIONS, np.int8)
        new_game(self.state, num_players, seed)
        fill_mask(self.state, self._mask)
        self.config = {"num_players": num_players, "seed": seed}
        self.history: list[int] | None = []

    @property
    def phase(self) -> str:
        return "over" if self.is_over else "sail"

    @property
    def current_player(self) -> int:
        """The player to decide now (-1 once the game is over)."""
        return int(self.state[G["CUR"]])

    def winners(self) -> list[int]:
        """Most VP; ties broken by most coins; still tied: shared."""
        key = [(s, int(self.state[_pf(p, "COINS")])) for p, s in enumerate(self.scores())]
        return [p for p, k in enumerate(key) if k == max(key)]

    def solo_log(self) -> list:
        """Harbour Race has no solo opponent."""
        return []

    # ---- hooks of GameBase ------------------------------------------------------------------
    def _names(self):
        return list(ACTION_NAMES)

    def _engine_step(self, a: int) -> None:
        apply(self.state, self._cat, a, self._mask)

    def _engine_step_observe(self, a: int, out) -> None:
        apply(self.state, self._cat, a, self._mask)
        if not self.is_over:
            observe(self.state, self.current_player, out)

    def _fill_mask(self) -> None:
        fill_mask(self.state, self._mask)

    def _observe(self, p, out) -> None:
        observe(self.state, p, out)

    def _random_moves(self, stop_seats, rng, buf) -> int:
        """Uniform random legal moves (rng: the random player's xorshift64* state) until
        a seat in stop_seats is to act, the game ends or buf is full."""
        k, x = 0, int(rng[0])
        while k < len(buf) and not self.is_over and not (stop_seats >> self.current_player) & 1:
            legal = np.flatnonzero(self._mask)
            x, out = xorshift(x)
            a = int(legal[(out >> 33) % len(legal)])
            apply(self.state, self._cat, a, self._mask)
            buf[k] = a
            k += 1
        rng[0] = x
        return k

    def _redraw_hidden(self, seat, x) -> None:
        """What no seat sees is the generator (the bonus spaces to come): a new one."""
        _rng_set(self.state, int(x) or 1)

    @classmethod
    def _catalog_from(cls, catalog):
        if catalog is None:
            return load_catalog()
        if not isinstance(catalog, Catalog):
            raise GameConfigError(f"catalog must be a dummy_game Catalog, got {type(catalog).__name__}")
        return catalog

    @classmethod
    def _validate(cls, state, catalog) -> None:
        found = problems(state, catalog)
        if found:
            raise StateError(found, "saved game")
