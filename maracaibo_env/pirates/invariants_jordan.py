"""Invariants of a solo game against Jordan (checklist §19), part of
`pirates.invariants.check_invariants` (which calls these with its checker).

Checked: his deck is 6 distinct solo cards of which DIFFICULTY are B cards
(SOLO-05), the card shown is the last one drawn, his track level follows the
advance slots covered on the solo ship board (SOLO-26), he has no doubloons
(SOLO-02), uses no multiplayer ship slot, black market, hideout space or
set-up choice, and (SOLO-32) nothing on his cards counts for him: his fields
hold only the types of the improvements he acquired. At a decision point the
human (seat 0) is the one to act.
"""
from __future__ import annotations

from .core import layout as L
from .core.catalog_layout import KIND_IMP, TY_CREW, TY_EQUIPMENT, JS_ADVANCE

JORDAN = 1
IGNORED = ("INC_COINS", "INC_VP", "RAID_POW", "EXPL_BONUS", "DISCOUNT", "MOVE_BONUS", "REROLL",
           "RAID_ACTS", "WHALE", "HAS_POSEIDON", "FORFEIT_N", "LIGHTNING", "UPG", "NUPG", "COINS")


def check_jordan(c, strict: bool) -> None:
    if not c.g("SOLO")[0]:
        return
    cat = c.cat
    deck = c.g("J_DECK").tolist()
    letters = cat.field("J_LETTER")
    if len(set(deck)) != L.J_DECK_N:
        c.fail("J_DECK", deck, f"{L.J_DECK_N} different solo cards (SOLO-05)")
    nb = sum(int(letters[x]) for x in deck)
    if nb != int(c.g("DIFFICULTY")[0]):
        c.fail("J_DECK", deck, f"DIFFICULTY = {int(c.g('DIFFICULTY')[0])} B cards, found {nb} (SOLO-05)")
    drawn, card = int(c.g("J_DRAWN")[0]), int(c.g("J_CARD")[0])
    if (drawn == 0 and card != -1) or (drawn > 0 and card != deck[drawn - 1]):
        c.fail("J_CARD", card, "the card drawn last (J_DECK[J_DRAWN - 1]), -1 before his first turn")
    upg = int(c.g("J_UPG")[0])
    adv = sum(1 for k in cat.field("J_SLOT")[:upg].tolist() if k == JS_ADVANCE)
    if int(c.g("J_LEVEL")[0]) != min(adv, 3):
        c.fail("J_LEVEL", int(c.g("J_LEVEL")[0]), f"the advance slots covered ({adv}), at most 3 (SOLO-26)")
    at = f"players[{JORDAN}]."
    for name in ("BUR", "BONUS", "BURSP", "POSEIDON"):
        if c.p(name, JORDAN).any():
            c.fail(at + name, c.p(name, JORDAN).tolist(), "all 0: Jordan never uses his hideout's spaces")
    for name in ("BM_AT", "SETUPQ"):
        if (c.p(name, JORDAN) != -1).any():
            c.fail(at + name, c.p(name, JORDAN).tolist(), "all -1 (no black markets, no set-up choice)")
    if strict and not c.g("OVER")[0] and int(c.g("CUR")[0]) != 0:
        c.fail("CUR", int(c.g("CUR")[0]), "0: Jordan's turns are played inside the engine")


def jordan_derived(c, q: int, at: str) -> None:
    """His counts: the types of the improvements in his pile; every other
    derived field 0 (he ignores effects, income and ongoing bonuses, SOLO-32/33)."""
    t = c.t
    tab = [x for x in c.p("TAB", q)[: c.p1("TAB_N", q)].tolist() if t.kind[x] == KIND_IMP]
    want = {"CREW": sum(t.type[x] == TY_CREW for x in tab),
            "EQUIP": sum(t.type[x] == TY_EQUIPMENT for x in tab),
            "SHIPCARDS": sum(t.type[x] not in (TY_CREW, TY_EQUIPMENT) for x in tab)}
    want.update({name: 0 for name in IGNORED})
    for name, v in want.items():
        if c.p1(name, q) != v:
            c.fail(at + name, c.p1(name, q), f"{int(v)} (Jordan: the types of his improvements only)")
    if c.p("COLOUR_POW", q).any():
        c.fail(at + "COLOUR_POW", c.p("COLOUR_POW", q).tolist(), "all 0 for Jordan")
