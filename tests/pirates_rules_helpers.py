"""More Pirates position builders for the rule tests of the actions (§6-§13) and
the glossary (§21): offering one catalog effect, raids with set dice,
giving cards / figureheads / upgrades through the real decisions, the
exploration track walked by the rule (EXP-02/03) and final scoring on a
crafted state.

The data are used only to *find* things (a card with a given effect, the
track's spaces); expected numbers are written in the tests from the rulebook.
"""
from __future__ import annotations

import pirates_helpers as H
from pirates_helpers import K, L, game, names, open_decision, place_card, refresh  # noqa: F401
from maracaibo_env.pirates.core import scoring


def get(g, name, player=None):
    """pirates_helpers.get; a player field defaults to player 0."""
    if player is None and name in L.LAYOUT.player:
        player = 0
    return H.get(g, name, player)


def put(g, name, value, player=None):
    """pirates_helpers.put; a player field defaults to player 0."""
    if player is None and name in L.LAYOUT.player:
        player = 0
    H.put(g, name, value, player)

TREASURES = ("gold", "emerald", "pearl")


# ---- the position ------------------------------------------------------------------
def fresh(num_players=2, seed=0, coins=None):
    """A game at player 0's first move, with an empty Caribbean (every slot
    empty, no treasure-value or black-market tiles, no residence tokens), so
    a test places exactly the cards it needs."""
    g = game(num_players, seed=seed)
    clear_caribbean(g)
    if coins is not None:
        put(g, "COINS", coins, player=0)
    refresh(g)
    return g


def clear_caribbean(g):
    n = L.N_SLOTS
    g.state[L.G_SLOT_CARD:L.G_SLOT_CARD + n] = -1
    g.state[L.G_SLOT_DOWN:L.G_SLOT_DOWN + n] = 0
    g.state[L.G_SLOT_TV:L.G_SLOT_TV + n] = 0
    g.state[L.G_SLOT_BM:L.G_SLOT_BM + n] = 0
    g.state[L.G_SLOT_RES:L.G_SLOT_RES + n] = 0


def slot_in_column(g, col, row=0):
    """The card slot of the current layout in column `col` (1-based), `row`-th from the top."""
    lay = int(g.state[L.G_LAYOUT])
    colf = g.catalog.field("LAY_COL")[lay * 27:(lay + 1) * 27]
    slots = [s for s in range(L.N_SLOTS) if colf[s] == col]
    return slots[row]


def card_id(g, key):
    return g.catalog.card_keys.index(key)


def card_data(g, key):
    c = g.catalog.data.cards
    for x in c.improvement + c.location + c.residence:
        if x.key == key:
            return x
    raise KeyError(key)


def vp(g, p=0):
    return get(g, "VP", p)


def coins(g, p=0):
    return get(g, "COINS", p)


def ph(g):
    return g.phase


# ---- effects of the catalog ------------------------------------------------------------
def eff(g, text, nth=0):
    """Index of the nth effect row whose text is exactly `text` (e.g. 'raid', 'explore n=3')."""
    rows = [i for i, t in enumerate(g.catalog.effects) if t == text]
    return rows[nth]


def offer(g, text, nth=0, choose=True):
    """Offer the one effect `text` to the current player (a pending list), and
    choose it when the list asks."""
    open_decision(g, K.OP_LIST, eff(g, text, nth), 1)
    if choose and g.phase == "list" and "effect:0" in names(g):
        g.step("effect:0")


def pass_all(g, stop_phase="move", limit=200):
    """Decline whatever is pending until `stop_phase` (pass where allowed, else
    'store' / 'take5' / the first legal action)."""
    for _ in range(limit):
        if g.is_over or g.phase == stop_phase:
            return
        n = names(g)
        for a in ("pass", "store", "take5"):
            if a in n:
                g.step(a)
                break
        else:
            g.step(n[0])
    raise AssertionError("pass_all did not reach " + stop_phase)


def take_effects(g, limit=20):
    """Take every effect of the pending list, in the printed order."""
    for _ in range(limit):
        if g.phase != "list":
            return
        g.step(next(n for n in names(g) if n.startswith("effect:")))


# ---- raids ----------------------------------------------------------------------------------
def start_raid(g, text="raid"):
    """Start a raid from the catalog effect `text` (a Location's Raiding action)."""
    offer(g, text)
    assert g.phase == "raid_dice", g.phase


def raid_with(g, dice, die, text="raid"):
    """Start a raid, set the dice (yellow, green, white) and choose `die`
    ('gold' / 'emerald' / 'pearl'); returns the raiding power."""
    start_raid(g, text)
    put(g, "DICE", list(dice))
    refresh(g)
    g.step(f"die:{die}")
    return get(g, "RAID_POWER")


def raid_actions(g):
    return sorted(n[5:] for n in names(g) if n.startswith("raid:"))


# ---- cards, upgrades, figureheads --------------------------------------------------------
def acquire_card(g, key, slot=0, money=99):
    """The current player acquires the improvement `key` from `slot` (placed
    there) through the Improvement decision, with `money` doubloons first.
    Returns the doubloons paid. Lightning effects are left pending."""
    place_card(g, slot, key)
    put(g, "COINS", money, player=g.current_player)
    open_decision(g, K.OP_IMPROVEMENT, slot)
    g.step(f"acquire:s{slot}")
    return money - coins(g, g.current_player)


def give_card(g, key, slot=None):
    """Acquire `key` for the current player without changing their doubloons,
    declining its lightning effects; the slot gets its old card back."""
    p = g.current_player
    slot = L.N_SLOTS - 1 if slot is None else slot
    old_card = int(g.state[L.G_SLOT_CARD + slot])
    old_down = int(g.state[L.G_SLOT_DOWN + slot])
    before = coins(g, p)
    phase = g.phase
    acquire_card(g, key, slot)
    pass_all(g, phase)
    put(g, "COINS", before, player=p)
    g.state[L.G_SLOT_CARD + slot] = old_card
    g.state[L.G_SLOT_DOWN + slot] = old_down
    refresh(g)


def build_token(g, key, slot, p=0):
    """Player p's residence token on the residence `key` placed in `slot`."""
    place_card(g, slot, key)
    g.state[L.G_SLOT_RES + slot] |= 1 << p
    put(g, "NRES", get(g, "NRES", p) + 1, player=p)


def slot_index(g, key):
    return g.catalog.slot_keys.index(key)


def fill_slots(g, keys, p=0):
    """Mark ship slots as filled (no benefits), e.g. to open a barrier line."""
    m = get(g, "UPG", p)
    for k in keys:
        m |= 1 << slot_index(g, k)
    put(g, "UPG", m, player=p)
    put(g, "NUPG", bin(m).count("1"), player=p)
    refresh(g)


SECTION0 = ("s0_coins", "s0_bm1", "s0_explore", "s0_quest", "s0_bm2", "s0_cube")


def section_slots(g, section):
    return [k for i, k in enumerate(g.catalog.slot_keys)
            if g.catalog.field("SLOT_SECTION")[i] == section]


def upgrade(g, key):
    """One Upgrade, the player choosing slot `key`."""
    open_decision(g, K.OP_UPGRADE)
    assert g.phase == "upgrade", g.phase
    g.step(f"upgrade:{key}")


def fig_index(g, name):
    return [n.split(" ", 1)[1] for n in g.catalog.figurehead_names].index(name)


def give_figurehead(g, name, pay=True):
    """Put figurehead `name` first in the market and let the current player
    take it (pay 3, FIG-01). Returns the pending phase after it."""
    p = g.current_player
    figm = get(g, "FIGM")
    figm[0] = fig_index(g, name)
    put(g, "FIGM", figm)
    if not pay:
        put(g, "COINS", coins(g, p) + 3, player=p)
    open_decision(g, K.OP_FIGUREHEAD)
    g.step("figurehead:0")
    return g.phase


# ---- black markets ------------------------------------------------------------------------------
def bm_tile_showing(g, effect_key):
    """Turn the sides (for everyone, SET-16) so that a tile shows `effect_key`;
    returns that tile's index."""
    bm = g.catalog.data.black_market
    for k, t in enumerate(bm.tile):
        if effect_key in (t.front, t.back):
            sides = get(g, "BM_SIDE")
            sides[k] = 0 if t.front == effect_key else 1
            put(g, "BM_SIDE", sides)
            return k
    raise KeyError(effect_key)


def set_bm(g, tile, slot, p=0):
    """Player p's tile already lies on the Location in `slot`."""
    g.state[L.G_SLOT_BM + slot] = p * 8 + tile + 1
    at = get(g, "BM_AT", p)
    at[tile] = slot
    put(g, "BM_AT", at, player=p)


# ---- the exploration track, walked by the rule (EXP-02/03), not by the engine -------------------
def track(g):
    return {x.key: x for x in g.catalog.data.board.track}


def track_reach(g, here, n, occupied=()):
    """Spaces an explorer on `here` may stop on moving 1..n spaces forward;
    spaces in `occupied` (opponents' explorers) are jumped for free."""
    t = track(g)
    out = set()
    frontier = [(here, 0)]
    while frontier:
        s, used = frontier.pop()
        for nx in t[s].next:
            if nx in occupied:
                frontier.append((nx, used))
            elif used + 1 <= n:
                out.add(nx)
                frontier.append((nx, used + 1))
    return out


def explore_choices(g):
    return {n[8:] for n in names(g) if n.startswith("explore:")}


def set_explorer(g, key, p=0):
    put(g, "EXPL", g.catalog.track_keys.index(key), player=p)


def rivers_between(g, path):
    """Rivers crossed walking the spaces of `path` (each entered in turn)."""
    t = track(g)
    return sum(1 for k in path[1:] if t[k].river)


def first_space(g, pred):
    """The first track space (in file order) whose effects satisfy pred(list of (do, n, treasure))."""
    for x in g.catalog.data.board.track:
        if pred([(e.do, e.n, e.treasure) for e in x.effects]):
            return x.key
    raise KeyError("no such space")


# ---- scoring -----------------------------------------------------------------------------------------
def final_gain(g, p=0):
    """VP by source that final scoring (SCORE-*) adds to player p on this state
    (on a copy; the game itself is unchanged)."""
    h = g.clone()
    before = h.score_breakdown()[p]
    scoring.final_scoring(h.state, h._cat)
    after = h.score_breakdown()[p]
    return {k: after[k] - before[k] for k in after}


def income_gain(g, p=0):
    """(doubloons, VP) one income phase (ROUND-01) gives player p, on a copy."""
    h = g.clone()
    c, v = coins(h, p), vp(h, p)
    scoring.income(h.state, h._cat)
    return coins(h, p) - c, vp(h, p) - v


def set_treasures(g, gold=0, emerald=0, pearl=0, p=0):
    put(g, "TRE", [gold, emerald, pearl], player=p)


def set_buried(g, gold=0, emerald=0, pearl=0, p=0):
    """Buried treasures (also owned): the first spaces below the line covered."""
    tre = get(g, "TRE", p)
    bur = [gold, emerald, pearl]
    put(g, "TRE", [max(a, b) for a, b in zip(tre, bur)], player=p)
    put(g, "BUR", bur, player=p)
    sp = [0] * (3 * 8)
    for t, n in enumerate(bur):
        for i in range(n):
            sp[t * 8 + i] = 1
    put(g, "BURSP", sp, player=p)


def give_quests(g, keys, p=0):
    """Player p holds exactly these quests."""
    ids = [g.catalog.quest_keys.index(k) for k in keys]
    hand = ids + [-1] * (L.QHAND_CAP - len(ids))
    put(g, "QHAND", hand, player=p)
    put(g, "QN", len(ids), player=p)


def quest_data(g, key):
    return next(q for q in g.catalog.data.quests.quest if q.key == key)


# ---- picking improvements from the data by what is printed on them -------------------------------
def improvements(g, type=None, lightning=None, income_coins=None, income_vp=None):
    """Keys of improvements (Tier I first) with the given type / lightning yes-no /
    doubloon income / VP income (None = any)."""
    out = []
    for x in sorted(g.catalog.data.cards.improvement, key=lambda x: x.tier):
        if type is not None and x.type != type:
            continue
        if lightning is not None and bool(x.lightning) != lightning:
            continue
        if income_coins is not None and x.income.coins != income_coins:
            continue
        if income_vp is not None and x.income.vp != income_vp:
            continue
        out.append(x.key)
    return out


def cards_with_income(g, coins_total=0, vp_total=0):
    """Improvement keys whose printed income adds up to exactly (coins_total,
    vp_total); None = that income does not matter."""
    imps = [x for x in g.catalog.data.cards.improvement if x.income.coins or x.income.vp]
    any_c, any_v = coins_total is None, vp_total is None
    coins_total = 0 if any_c else coins_total
    vp_total = 0 if any_v else vp_total

    def search(i, c, v, chosen):
        if (any_c or c == 0) and (any_v or v == 0):
            return chosen
        if i == len(imps) or (c < 0 and not any_c) or (v < 0 and not any_v):
            return None
        x = imps[i]
        return (search(i + 1, c - x.income.coins, v - x.income.vp, chosen + [x.key])
                or search(i + 1, c, v, chosen))
    found = search(0, coins_total, vp_total, [])
    if found is None:
        raise ValueError(f"no improvements with income {coins_total} doubloons / {vp_total} VP")
    return found


def give_cards(g, keys):
    for k in keys:
        give_card(g, k)


def give_n(g, n, **kw):
    """Give n different improvements matching `kw` (see improvements())."""
    keys = improvements(g, **kw)
    assert len(keys) >= n, (kw, n)
    give_cards(g, keys[:n])


def imp_with(g, do, n=None, treasure=None, reward=None, part="ongoing", tier=None):
    """The key of the first improvement (Tier I first) printing effect `do`
    (with this n / treasure / reward) in `part` ('ongoing', 'lightning', 'endgame')."""
    for x in sorted(g.catalog.data.cards.improvement, key=lambda x: x.tier):
        if tier is not None and x.tier != tier:
            continue
        for e in getattr(x, part):
            if e.do == do and (n is None or e.n == n) and (treasure is None or e.treasure == treasure) \
                    and (reward is None or e.reward == reward):
                return x.key
    raise KeyError((do, n, treasure, reward, part))


def slot_with(g, do, n=None):
    """The key of the first ship slot whose benefit prints effect `do` (with this n)."""
    for s in g.catalog.data.ship.slot:
        if any(e.do == do and (n is None or e.n == n) for e in s.benefit):
            return s.key
    raise KeyError((do, n))


def printed(g, key, do, part="ongoing"):
    """The n printed with effect `do` on card `key` (summed), or on ship slot `key`."""
    slots = {s.key: s for s in g.catalog.data.ship.slot}
    effs = slots[key].benefit if key in slots else getattr(card_data(g, key), part)
    return sum(e.n for e in effs if e.do == do)
