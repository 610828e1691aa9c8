"""Building Pirates test positions: put a field, open a decision, land a ship.

    g = game(2)                                 # a fresh 2-player game, quests kept
    put(g, "COINS", 20, player=0)
    land(g, slot_of(g, "trinidad"))             # the current player's move ends there
    g.step("effect:0") ...                      # then step named actions

Expected values in tests come from the rulebook and the checklist, never
from the engine's tables.
"""

from maracaibo_env.pirates import Game
from maracaibo_env.pirates.core import engine, sailing, common as K
from maracaibo_env.pirates.core import layout as L
from maracaibo_env.pirates.core import constants as KC
from maracaibo_env.framework.rng import below_at, seed_at


def game(num_players=2, seed=0, keep_quests=True, **kw) -> Game:
    g = Game(num_players, seed=seed, **kw)
    while keep_quests and g.phase == "keepq":
        g.step("keep_quest:0")
    return g


def put(g, name, value, player=None):
    """Set a state field (an int, or a list for a multi-int field)."""
    sl = L.LAYOUT.field_slice(name, player)
    g.state[sl] = value


def get(g, name, player=None):
    v = g.state[L.LAYOUT.field_slice(name, player)]
    return int(v[0]) if len(v) == 1 else [int(x) for x in v]


def refresh(g):
    """Recompute the pending decision after editing the state."""
    engine.advance(g.state, g._cat, g._mask)


def open_decision(g, op, a=0, b=0, c=0):
    """Push a pending decision (an OP_* frame) for the current player on top."""
    K.push(g.state, op, a, b, c)
    refresh(g)


def slot_of(g, card_key) -> int:
    """The Caribbean slot holding the card with this data key (-1 if none)."""
    cid = g.catalog.card_keys.index(card_key)
    cards = get(g, "SLOT_CARD")
    return cards.index(cid) if cid in cards else -1


def place_card(g, slot, card_key):
    """Put the card with this data key into a slot (faceup)."""
    g.state[KC.G_SLOT_CARD + slot] = g.catalog.card_keys.index(card_key)
    g.state[KC.G_SLOT_DOWN + slot] = 0


def land(g, slot, player=None):
    """End the current player's move on `slot` (a card slot, L.SP_GULF or
    L.SP_MARA) as if sailed there: payments and the space's actions follow."""
    p = g.current_player if player is None else player
    assert g.phase == "move", g.phase
    g.state[L.LAYOUT.field_slice("SHIP", p)] = slot
    g.state[KC.G_MV_MOVED] = 1
    sailing.end_move(g.state, g._cat, p)
    refresh(g)


def names(g):
    return g.legal_action_names()


# ---- more position builders (rule tests of §2-5, §14-18) ---------------------------
def begin_turn(g, slot, player=None):
    """Restart the current turn (its move not begun) with the ship of `player`
    (default: the current player) on `slot`: a card slot, L.SP_GULF or
    L.SP_START. The move's start column and length are those of a real turn."""
    assert g.phase == "move" and get(g, "MV_MOVED") == 0, g.phase
    n = get(g, "STK_N")
    frames = [int(g.state[KC.G_STK + i * L.STACK_W]) for i in range(n)]
    assert frames[-2:] == [K.OP_END_TURN, K.OP_MOVE], frames
    K.pop(g.state)
    K.pop(g.state)
    p = g.current_player if player is None else player
    put(g, "SHIP", slot, player=p)
    sailing.start_turn(g.state, g._cat, p)
    refresh(g)


def card_id(g, key) -> int:
    return g.catalog.card_keys.index(key)


def card_data(g, key):
    """The data entry (improvement, location or residence) with this key."""
    c = g.catalog.data.cards
    for x in c.improvement + c.location + c.residence:
        if x.key == key:
            return x
    raise KeyError(key)


def free_slot(g, kind="improvement", avoid=()):
    """A slot holding a card of this kind (not in avoid), to overwrite in a test."""
    c = g.catalog.data.cards
    keys = {x.key for x in getattr(c, kind)}
    for s, cid in enumerate(get(g, "SLOT_CARD")):
        if s not in avoid and cid >= 0 and g.catalog.card_keys[cid] in keys:
            return s
    raise LookupError(kind)


def give_card(g, key, player=None, slot=None):
    """`player` (default: the current one) acquires the improvement `key` through
    an Acquire decision (paid from a temporary purse; doubloons are restored),
    as if bought earlier. Its lightning effects are declined (a mandatory one
    takes the first legal choice)."""
    p = g.current_player if player is None else player
    cur = g.current_player
    if slot is None:
        slot = free_slot(g, "improvement")
    place_card(g, slot, key)
    coins = get(g, "COINS", p)
    put(g, "COINS", 1000, player=p)
    put(g, "CUR", p)
    open_decision(g, K.OP_ACQUIRE, -1, 0)
    g.step(f"acquire:s{slot}")
    while g.phase not in ("move", "over"):          # decline (or settle) its lightning
        g.step("pass" if "pass" in names(g) else names(g)[0])
    put(g, "COINS", coins, player=p)
    put(g, "CUR", cur)
    refresh(g)


def fill_ship(g, player):
    """Cover every upgrade slot of player's ship board (no Upgrade is then
    possible, so Maracaibo's mandatory Upgrade lapses)."""
    n = int(g.catalog.field("N_SHIP_SLOTS")[0])
    put(g, "UPG", (1 << n) - 1, player=player)
    put(g, "NUPG", n, player=player)


def reach_maracaibo(g, player=None):
    """`player` (default: the current one; it must be their turn) starts the
    turn on the Gulf and sails onto Maracaibo (MARA-01) with a full ship board."""
    p = g.current_player if player is None else player
    assert p == g.current_player
    fill_ship(g, p)
    begin_turn(g, L.SP_GULF)
    g.step("sail:maracaibo")


def finish_game(g):
    """Jump to round 3 and let the Maracaibo marker holder reach Maracaibo:
    the third income and the endgame scoring follow (END3-01)."""
    p = get(g, "MARA_SEAT")
    put(g, "ROUND", 3)
    put(g, "CUR", p)
    begin_turn(g, L.SP_START)
    reach_maracaibo(g)
    assert g.is_over


def play_until(g, pred, rng, limit=20000):
    """Random legal steps until pred(g) holds (or the game ends)."""
    for _ in range(limit):
        if g.is_over or pred(g):
            return
        g.step(int(rng.choice(g.legal_actions())))
    raise AssertionError("play_until: limit reached")


# ---- module positions (the module tests and their combinations) ---------------------------
def mgame(num_players=2, seed=0, **mods) -> Game:
    """A game with these modules, past the set-up quest choices."""
    g = Game(num_players, seed=seed, **mods)
    while g.phase in ("keepq", "returnq"):
        g.step(names(g)[0])
    return g


def cid(g, key):
    return g.catalog.card_keys.index(key)


def kind_of(g, c):
    return int(g.catalog.field("CARD_KIND")[c])        # 0 improvement, 1 location, 2 residence


def col_slots(g, col):
    lay = int(g.state[KC.G_LAYOUT])
    colf = g.catalog.field("LAY_COL")[lay * 27:(lay + 1) * 27]
    return [s for s in range(L.N_SLOTS) if colf[s] == col]


def neighbours(g, s):
    lay = int(g.state[KC.G_LAYOUT])
    m = int(g.catalog.field("LAY_NBR")[lay * 30 + s])
    return [x for x in range(30) if (m >> x) & 1]


def finish_turn(g, seen=None, limit=60):
    """Decline what the current turn asks (pass / store / take5 / the first
    legal action) until the next move; returns the action names seen."""
    seen = [] if seen is None else seen
    start = g.current_player
    for _ in range(limit):
        if g.is_over or (g.phase == "move" and (g.current_player != start or get(g, "MV_MOVED") == 0)):
            return seen
        n = names(g)
        seen += n
        for a in ("pass", "store", "take5"):
            if a in n:
                g.step(a)
                break
        else:
            g.step(n[0])
    raise AssertionError("finish_turn: no end")


def force_rolls(g, *faces):
    """Seed the in-state generator so that the next d6 rolls show `faces`."""
    probe = g.state.copy()
    for s in range(1, 200_000):
        seed_at(probe, KC.G_RNG, s)
        if all(below_at(probe, KC.G_RNG, 6) == f - 1 for f in faces):
            seed_at(g.state, KC.G_RNG, s)
            return
    raise AssertionError(f"no seed rolls {faces}")
