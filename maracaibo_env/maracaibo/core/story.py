"""The campaign (checklist §27: STORY-01..07, STILE-01..05, SETUP-18, LEG-00b/c,
SOLO-20): story cards in play, their story tiles and quests, the campaign
check at interim and final scoring, decisions by vote.

The cards' contents are in the catalog (SC_* fields, data/story.toml by slot);
the game's campaign state in the state's SC_* / STILE_* / CC_* fields
(layout.py, all 0 outside a campaign, where nothing here is reached:
state[G_CAMPAIGN] guards every call). Cards in play are SC_PLAY entries
(slot + 1); a card drawn during final scoring is in play but pending
(its SC_PENDING bit, by slot), its front followed at the start of the next
game. The space holds every card of story.toml (SC_PLAY_CAP >= MAX_SC): a
card is drawn once, so none is ever turned away for lack of room.

"Read NN" and a back's "next card" are queued: the card being followed
finishes its own instructions first, then the queued cards are drawn in
order (docs/rulings.md).
"""
import numpy as np
from ...framework.jit import njit_noalloc
from ...framework.scratch import stack_array

from .common import board_quest_free, place_board_quest, push, quest_from_pile_to, remove_entry
from .constants import (BOARD_QUEST_CAP, CH_STORY_VOTE, C_LEG_SPACES, C_SC_BACK, C_SC_BACK_N,
                        C_SC_DEC, C_SC_DEC_N, C_SC_FRONT, C_SC_FRONT_N, C_SC_N, C_SC_NUMBER,
                        C_SC_QUEST, C_SC_REQ, C_SC_REQ_TILE, G_BQ_AGE, G_BQ_LOC, G_BQ_TILE,
                        G_CC_DISCARD, G_CC_PILE, G_LEG_DISCS, G_NP, G_SCORING, G_SC_GONE, G_SC_LOG,
                        G_SC_LOG_N, G_SC_PENDING, G_SC_PLAY, G_SC_STILE, G_SC_TAKER, G_SC_VOTES,
                        G_SOLO, G_STILE_USED, G_TRIGGER, IK_CARDS_TO_DISCARD,
                        IK_CARDS_TO_PROJECT_PILE, IK_LEGACY_TILES, IK_NEXT_CARD, IK_QUESTS, IK_READ,
                        IK_STORY_TILE, MAX_SC, N_QUESTS, OP_CHOICE, OP_STORY_TALLY, SC_DEC_CAP,
                        SC_INS_CAP, SC_INS_W, SC_LOG_CAP, SC_PLAY_CAP, SR_LEGACY_TILE_FULL,
                        SR_STORY_TILE_TAKEN, STORY_TILES)
from . import legacy

# SC_LOG events: entry = card number * 8 + event
EV_DRAWN, EV_READ, EV_REMOVED, EV_PENDING, EV_RERUN, EV_CHOSE = 0, 1, 2, 3, 4, 5
QUEUE_CAP = MAX_SC + 1  # draw_cards queues each card once (a card is drawn once)
GONE_BITS = 30          # SC_GONE, SC_PENDING: 30 slots per int (sign bit unused)
VOTE_WEIGHT = 2         # a vote counts 2, the reader's 3: a tie goes to the reader (STORY-04)
JEAN = 1


@njit_noalloc
def log(state, number, ev):
    n = state[G_SC_LOG_N]
    if n < SC_LOG_CAP:
        state[G_SC_LOG + n] = number * 8 + ev
        state[G_SC_LOG_N] = n + 1


@njit_noalloc
def is_gone(state, slot):
    return (state[G_SC_GONE + slot // GONE_BITS] >> (slot % GONE_BITS)) & 1 == 1


@njit_noalloc
def set_gone(state, slot):
    state[G_SC_GONE + slot // GONE_BITS] |= 1 << (slot % GONE_BITS)


@njit_noalloc
def is_pending(state, slot):
    return (state[G_SC_PENDING + slot // GONE_BITS] >> (slot % GONE_BITS)) & 1 == 1


@njit_noalloc
def set_pending(state, slot, on):
    bit = 1 << (slot % GONE_BITS)
    if on:
        state[G_SC_PENDING + slot // GONE_BITS] |= bit
    else:
        state[G_SC_PENDING + slot // GONE_BITS] &= ~bit


@njit_noalloc
def _item(cat, slot, back, j):
    o = (C_SC_BACK if back else C_SC_FRONT) + (slot * SC_INS_CAP + j) * SC_INS_W
    return cat[o], cat[o + 1], cat[o + 2]


@njit_noalloc
def _tile_full(state, cat, tile):
    """L10-L17 (STORY-03): every space of the disc tile holds a disc."""
    slot = tile - legacy.FIRST_DISC
    return (legacy.tile_on(state, tile) and 0 <= slot < legacy.N_DISC_SLOTS
            and state[G_LEG_DISCS + slot] >= cat[C_LEG_SPACES + tile])


@njit_noalloc
def _leave_play(state, cat, i):
    """Card in play i leaves the story-card space; a story tile of it still
    lying on the board goes with it (ruling)."""
    slot = state[G_SC_PLAY + i] - 1
    for k in range(BOARD_QUEST_CAP):
        if state[G_BQ_TILE + k] == N_QUESTS + slot:
            state[G_BQ_TILE + k] = -1
            state[G_BQ_LOC + k] = -1
            state[G_BQ_AGE + k] = -1
    last = SC_PLAY_CAP - 1
    for j in range(i, last):
        state[G_SC_PLAY + j] = state[G_SC_PLAY + j + 1]
        state[G_SC_TAKER + j] = state[G_SC_TAKER + j + 1]
        state[G_SC_STILE + j] = state[G_SC_STILE + j + 1]
    state[G_SC_PLAY + last] = 0
    state[G_SC_TAKER + last] = 0
    state[G_SC_STILE + last] = 0
    set_pending(state, slot, False)


@njit_noalloc
def _needs(cat, slot, tile):
    """STORY-06 (L1539 "require the same legacy tile"): the card needs legacy
    tile `tile` (index L-number - 1) when its requirement is that tile full
    or its front adds the tile (the tile and the card's rules for it, L1475)."""
    if cat[C_SC_REQ + slot] == SR_LEGACY_TILE_FULL and cat[C_SC_REQ_TILE + slot] == tile:
        return True
    for j in range(cat[C_SC_FRONT_N + slot]):
        kind, arg, _ = _item(cat, slot, False, j)
        if kind == IK_LEGACY_TILES and arg == tile:
            return True
    return False


@njit_noalloc
def _share_tile(cat, a, b):
    """Cards a and b (slots) need one legacy tile (_needs)."""
    if cat[C_SC_REQ + a] == SR_LEGACY_TILE_FULL and _needs(cat, b, cat[C_SC_REQ_TILE + a]):
        return True
    for j in range(cat[C_SC_FRONT_N + a]):
        kind, arg, _ = _item(cat, a, False, j)
        if kind == IK_LEGACY_TILES and _needs(cat, b, arg):
            return True
    return False


@njit_noalloc
def _place(state, cat, slot):
    """STORY-01 / STORY-06: put a drawn card on the story-card space. Two
    cards needing the same legacy tile (_needs): the higher number stays, the
    lower leaves the game. Returns its index in play, -1 when it is the lower."""
    set_gone(state, slot)
    i = 0
    while i < SC_PLAY_CAP and state[G_SC_PLAY + i] > 0:
        other = state[G_SC_PLAY + i] - 1
        if _share_tile(cat, slot, other):
            if cat[C_SC_NUMBER + other] < cat[C_SC_NUMBER + slot]:
                log(state, cat[C_SC_NUMBER + other], EV_REMOVED)
                _leave_play(state, cat, i)
                continue
            log(state, cat[C_SC_NUMBER + slot], EV_REMOVED)
            return -1
        i += 1
    if i >= SC_PLAY_CAP:   # SC_PLAY_CAP >= MAX_SC and a card is placed once: cannot happen
        raise ValueError("internal: the story-card space is full (layout.SC_PLAY_CAP < catalog_layout.MAX_SC?)")
    state[G_SC_PLAY + i] = slot + 1
    return i


@njit_noalloc
def _quests_and_tile(state, cat, slot, i, kind, arg, pmask):
    """STORY-02a "Story: N" and STORY-02b "Quest: L (players)". A story tile
    belongs to a card in play (i >= 0); on a back it places nothing (the card
    leaves play; story.toml refuses it there)."""
    if kind == IK_STORY_TILE:
        if i >= 0 and cat[C_SC_QUEST + slot] and state[G_STILE_USED] < STORY_TILES \
                and board_quest_free(state) >= 0:
            state[G_STILE_USED] += 1   # SETUP-03: the tiles are used in ascending order
            state[G_SC_STILE + i] = state[G_STILE_USED]
            place_board_quest(state, N_QUESTS + slot, arg)
    elif kind == IK_QUESTS:
        players = 1 if state[G_SOLO] else state[G_NP]   # the card prints "(1-4)": 1 = solo
        if pmask & (1 << players):
            quest_from_pile_to(state, arg)   # QUEST-09: none left, none placed


@njit_noalloc
def draw_cards(state, cat, first):
    """Draw story card `first` (a slot) and follow its front (STORY-01/02);
    "Read NN" cards are drawn after it, in order. During final scoring a drawn
    card is placed but waits for the next game (SC_PENDING)."""
    final = state[G_SCORING] == 2
    queue = stack_array(QUEUE_CAP, np.int64)
    queue[0] = first
    n, head = 1, 0
    while head < n:
        slot = queue[head]
        head += 1
        if slot < 0 or slot >= cat[C_SC_N] or is_gone(state, slot):
            continue   # a card is drawn once (it is no longer in the pile)
        number = cat[C_SC_NUMBER + slot]
        i = _place(state, cat, slot)
        if i < 0:
            continue
        if final:
            set_pending(state, slot, True)
            log(state, number, EV_PENDING)
            continue
        log(state, number, EV_DRAWN)
        for j in range(cat[C_SC_FRONT_N + slot]):
            kind, arg, pmask = _item(cat, slot, False, j)
            if kind == IK_READ:
                queued = is_gone(state, arg)   # drawn already, or queued: it would be skipped
                for k in range(head, n):
                    queued = queued or queue[k] == arg
                if not queued:   # so at most one entry per card: QUEUE_CAP is never passed
                    queue[n] = arg
                    n += 1
            else:
                _instruction(state, cat, slot, i, kind, arg, pmask)


@njit_noalloc
def _instruction(state, cat, slot, i, kind, arg, pmask):
    bit = 1 << (arg - 90) if 90 <= arg < 100 else 0
    if kind == IK_STORY_TILE or kind == IK_QUESTS:
        _quests_and_tile(state, cat, slot, i, kind, arg, pmask)
    elif kind == IK_CARDS_TO_DISCARD:   # STORY-02c: onto the project discard pile
        state[G_CC_DISCARD] |= bit
        state[G_CC_PILE] &= ~bit
    elif kind == IK_CARDS_TO_PROJECT_PILE:   # STORY-02f: shuffled into the draw pile
        state[G_CC_PILE] |= bit
        state[G_CC_DISCARD] &= ~bit
    elif kind == IK_LEGACY_TILES:   # STORY-02e
        legacy.add_tile(state, cat, arg)


@njit_noalloc
def rerun(state, cat):
    """SETUP-18 "pick up where you left off": the archived cards (in play,
    not pending) are read again: their story tiles and quests are placed (the
    other instructions were carried out before: their tiles and C-cards come
    from the archive, their Read cards are archived themselves; ruling)."""
    for i in range(SC_PLAY_CAP):
        slot = state[G_SC_PLAY + i] - 1
        if slot < 0 or is_pending(state, slot):
            continue
        log(state, cat[C_SC_NUMBER + slot], EV_RERUN)
        for j in range(cat[C_SC_FRONT_N + slot]):
            kind, arg, pmask = _item(cat, slot, False, j)
            _quests_and_tile(state, cat, slot, i, kind, arg, pmask)


@njit_noalloc
def start(state, cat):
    """The campaign's set-up (SETUP-18): archived cards again, then the
    pending ones (a new campaign's card 01, a chapter card, a card drawn in
    the last game's final scoring) are drawn and followed."""
    rerun(state, cat)
    pending = stack_array(SC_PLAY_CAP, np.int64)
    n = 0
    for i in range(SC_PLAY_CAP):
        if state[G_SC_PLAY + i] > 0 and is_pending(state, state[G_SC_PLAY + i] - 1):
            pending[n] = state[G_SC_PLAY + i] - 1
            n += 1
    for k in range(n):   # off the space, then drawn as new (a pending card was never followed)
        for i in range(SC_PLAY_CAP):
            if state[G_SC_PLAY + i] == pending[k] + 1:
                _leave_play(state, cat, i)
                break
        state[G_SC_GONE + pending[k] // GONE_BITS] &= ~(1 << (pending[k] % GONE_BITS))
        draw_cards(state, cat, pending[k])


# a campaign start as one int array (campaign_start.start_template): SC_PLAY,
# SC_PENDING (3), SC_GONE (3), CC_PILE, CC_DISCARD, in this order
START_SIZE = SC_PLAY_CAP + 3 + 3 + 2


@njit_noalloc
def start_from(state, cat, tpl):
    """A state just set up by reset(story=-1): the campaign start tpl written
    into it, then start() (Game and the vector env's restarts share this)."""
    for i in range(SC_PLAY_CAP):
        state[G_SC_PLAY + i] = tpl[i]
    for k in range(3):
        state[G_SC_PENDING + k] = tpl[SC_PLAY_CAP + k]
        state[G_SC_GONE + k] = tpl[SC_PLAY_CAP + 3 + k]
    state[G_CC_PILE] = tpl[SC_PLAY_CAP + 6]
    state[G_CC_DISCARD] = tpl[SC_PLAY_CAP + 7]
    start(state, cat)


# ---- the campaign check (STORY-03..05, INT-06, FIN-06) ----------------------------------
@njit_noalloc
def _fulfilled(state, cat, i):
    """The reader of card in play i when its requirement is met, else -1."""
    slot = state[G_SC_PLAY + i] - 1
    if slot < 0 or is_pending(state, slot):
        return -1
    req = cat[C_SC_REQ + slot]
    if req == SR_STORY_TILE_TAKEN and state[G_SC_TAKER + i] > 0:
        p = state[G_SC_TAKER + i] - 1
        return 0 if state[G_SOLO] and p == JEAN else p   # SOLO-20: you read it
    if req == SR_LEGACY_TILE_FULL and _tile_full(state, cat, cat[C_SC_REQ_TILE + slot]):
        return state[G_TRIGGER]   # the player who ended the round
    return -1


@njit_noalloc
def check(state, cat, o):
    """OP_STORY_CHECK: read the back of the fulfilled card with the lowest
    number above the task's a (cards read so far); the task stays until none
    is left. A decision pushes one vote per player and the tally."""
    best, reader = -1, -1
    for i in range(SC_PLAY_CAP):
        r = _fulfilled(state, cat, i)
        if r >= 0:
            num = cat[C_SC_NUMBER + state[G_SC_PLAY + i] - 1]
            if num > state[o + 2] and (best < 0 or num < cat[C_SC_NUMBER + state[G_SC_PLAY + best] - 1]):
                best, reader = i, r
    if best < 0:
        remove_entry(state, o)
        return
    slot = state[G_SC_PLAY + best] - 1
    state[o + 2] = cat[C_SC_NUMBER + slot]
    log(state, cat[C_SC_NUMBER + slot], EV_READ)
    _leave_play(state, cat, best)   # STORY-05: tucked under the reader's ship board
    nxt = stack_array(SC_INS_CAP, np.int64)
    n = 0
    for j in range(cat[C_SC_BACK_N + slot]):
        kind, arg, pmask = _item(cat, slot, True, j)
        if kind == IK_READ or kind == IK_NEXT_CARD:
            nxt[n] = arg
            n += 1
        else:
            _instruction(state, cat, slot, -1, kind, arg, pmask)
    for k in range(n):
        draw_cards(state, cat, nxt[k])
    if cat[C_SC_DEC_N + slot] > 0:   # STORY-04: everyone votes, from the reader on
        for v in range(4):
            state[G_SC_VOTES + v] = 0
        push(state, OP_STORY_TALLY, reader, slot, 0)
        np_ = state[G_NP]
        for k in range(np_ - 1, -1, -1):
            q = (reader + k) % np_
            if not (state[G_SOLO] and q == JEAN):
                push(state, OP_CHOICE, q, CH_STORY_VOTE, slot * 4 + reader)


@njit_noalloc
def vote(state, p, arg, k):
    """One player's vote for option k of the decision (arg = slot * 4 + reader)."""
    state[G_SC_VOTES + k] += VOTE_WEIGHT + (1 if p == arg % 4 else 0)


@njit_noalloc
def tally(state, cat, o):
    """OP_STORY_TALLY: the majority's option (a tie: the reader's) is read."""
    slot = state[o + 2]
    remove_entry(state, o)
    best = 0
    for k in range(1, cat[C_SC_DEC_N + slot]):
        if state[G_SC_VOTES + k] > state[G_SC_VOTES + best]:
            best = k
    for v in range(4):
        state[G_SC_VOTES + v] = 0
    chosen = cat[C_SC_DEC + slot * SC_DEC_CAP + best]
    log(state, cat[C_SC_NUMBER + chosen], EV_CHOSE)
    draw_cards(state, cat, chosen)
