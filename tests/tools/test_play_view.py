"""What a person is shown (play/view.py, play/labels.py): the arguments of
actions resolved to what they point at, and nothing hidden leaks."""
from __future__ import annotations

import json

import numpy as np

from maracaibo_env import Game
from maracaibo_env.pirates import Game as PiratesGame
from maracaibo_env.pirates.core import layout as PL
from maracaibo_env.pirates.core import constants as K
from maracaibo_env.play.labels import detail, explain
from maracaibo_env.play.view import build_view


def _random_moves(g, n, seed=0):
    rng = np.random.default_rng(seed)
    for _ in range(n):
        if g.is_over:
            break
        g.step(int(rng.choice(g.legal_actions())))


def test_hand_arguments_name_the_card_in_that_slot():
    g = Game(3, seed=2)
    seen = 0
    for k in range(300):
        if g.is_over:
            break
        hand = g.player_view(g.current_player)["HAND"]
        for a in g.legal_actions():
            name = g.action_names[a]
            tail = name.rsplit(":", 1)[-1]
            if tail.startswith("hand") and tail[4:].isdigit():
                assert detail(g, name) == g.catalog.card_names[hand[int(tail[4:])]]
                seen += 1
        _random_moves(g, 1, k)
    assert seen > 50


def test_sail_names_the_location_and_the_cost():
    g = Game(2, seed=1)
    _random_moves(g, 200, 3)
    names = [n for n in g.legal_action_names() if n.startswith("sail:")]
    for name in names:
        _, loc, mp = name.split(":")
        assert detail(g, name) == f"{g.catalog.loc_names[g.catalog.loc_keys.index(loc)]}, {mp[2:]} MP"


def test_fogged_and_facedown_cards_stay_hidden():
    g = PiratesGame(2, seed=3, fog_locations=True)
    fog = g.state[K.G_SLOT_FOG:K.G_SLOT_FOG + 27].astype(bool)
    cards = g.state[PL.LAYOUT.field_slice("SLOT_CARD")]
    hidden = {g.catalog.card_names[c] for c, f in zip(cards, fog) if f and c >= 0}
    shown = {g.catalog.card_names[c] for c, f in zip(cards, fog) if not f and c >= 0}
    assert hidden and not hidden & shown
    for seat in (0, 1, None):
        text = json.dumps(build_view(g, seat))
        assert not any(json.dumps(h)[1:-1] in text for h in hidden)
    labels = [detail(g, n) for n in g.action_names if n.startswith(("acquire:", "sail:"))]
    assert not any(h in lab for h in hidden for lab in labels)


def test_a_spectator_sees_no_hand_and_the_actor_sees_their_own():
    g = Game(2, seed=5)
    _random_moves(g, 30)
    p = g.current_player
    mine = build_view(g, p)
    other = build_view(g, 1 - p)
    nobody = build_view(g, None)
    hand = g.player_view(p)["HAND"][:g.player_view(p)["HAND_N"]]
    assert mine["hand"] == [g.catalog.card_names[c] for c in hand] and mine["actions"]
    assert other["actions"] == [] and nobody["hand"] == [] and nobody["actions"] == []


def test_the_final_view_adds_up():
    for g in (Game(3, seed=4), PiratesGame(3, seed=4)):
        g.play_random(0, np.array([9], np.uint64))
        f = build_view(g, None)["final"]
        assert [sum(b) for b in f["breakdown"]] == f["scores"] == g.scores()
        assert f["winners"] == g.winners()


def test_explain_gives_the_rule_and_the_arguments():
    g = Game(2, seed=1)
    name = g.legal_action_names()[0]
    text = explain(g, name)
    assert text.splitlines()[0].startswith(name) and "-" in text   # a checklist ID such as SETUP-19


def _find(make, want, seeds=range(40)):
    """The first state of random games (seed by seed) where want(game) holds."""
    for seed in seeds:
        g = make(seed)
        rng = np.random.default_rng(seed)
        while not g.is_over:
            if want(g):
                return g
            g.step(int(rng.choice(g.legal_actions())))
    raise AssertionError("no such state in the games searched")


def test_a_generic_choice_says_what_each_option_is():
    """Homeward bound 20: Combat or explore 2 (board.toml, rulebook): choice:0 / choice:1."""
    from maracaibo_env.maracaibo.core import constants as L
    from maracaibo_env.maracaibo.core.enums import CHOICES
    g = _find(lambda s: Game(2, seed=s), lambda g: g.phase == "choice" and CHOICES[
        int(g.state[L.G_STK + (int(g.state[L.G_STK_N]) - 1) * L.STACK_W + 2])] == "home20")
    assert detail(g, "choice:0") == "Combat" and detail(g, "choice:1") == "explore up to 2"


def test_a_location_side_says_its_actions():
    """Bonaire explores 3 (EXP-09); its other side gives doubloons."""
    def at_bonaire(g):
        if g.phase != "side":
            return False
        slot = int(g.state[PL.LAYOUT.field_slice("SHIP", g.current_player)][0])
        return g.catalog.card_names[int(g.state[PL.LAYOUT.field_slice("SLOT_CARD")][slot])] == "Bonaire"
    g = _find(lambda s: PiratesGame(2, seed=s), at_bonaire)
    assert "explore 3" in [detail(g, "side:0"), detail(g, "side:1")]


def test_every_kind_of_generic_choice_has_its_options_described():
    from maracaibo_env.maracaibo.core.enums import CHOICES
    from maracaibo_env.maracaibo.view import choice_texts as _choice_texts
    table = _choice_texts()
    assert set(table) == set(CHOICES)
    assert all(("options" in e) != ("option" in e) for e in table.values())


def test_every_offered_effect_and_side_is_described():
    for seed in range(3):
        g = PiratesGame(3, seed=seed)
        rng = np.random.default_rng(seed)
        while not g.is_over:
            for name in g.legal_action_names():
                if name.startswith(("effect:", "side:", "keep_quest:", "quest_market:", "discard_quest:")):
                    assert detail(g, name), (name, g.phase)
            g.step(int(rng.choice(g.legal_actions())))
