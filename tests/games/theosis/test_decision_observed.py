"""What a seat deciding sees of its own pending decision: the observation names the item being
equipped, the second hero of a decision and the Power being aimed, so the legal actions are a function
of the observation (tests/conformance/test_observation_determines_mask.py). Docstrings cite
``001_4e95cd654d8b1058.txt`` (TH)."""

import numpy as np

from mythenv.games.theosis.observe import OBSERVER
from mythenv.games.theosis.rules import NI
from tests.conformance.helpers import checked_observation

from .builder import game

G = game(prep="fast")  # the Fast Action Preparation offers


def both_encoders(g, s, p):
    return checked_observation(g, s, p)


def offer_with_two_hero_choices(g, seeds=range(20)):
    """A state of seeded random play where the seat to move picks from the item offer and two
    different items each leave it a choice between heroes (an ``equip_hero`` decision)."""
    for seed in seeds:
        s = g.new_initial_state(seed=seed)
        rng = np.random.default_rng(seed)
        while not s.is_terminal() and s.phase in ("select", "draft", "mana", "artifact", "item"):
            if s.dec is not None and s.dec[0] == "offer":
                nxt = {}
                for a in s.legal_actions():
                    c = s.clone()
                    c.apply_action(a)
                    if c.dec is not None and c.dec[0] == "equip_hero":
                        nxt[a] = c
                if len(nxt) >= 2:
                    return s, nxt
            la = s.legal_actions()
            s.apply_action(la[int(rng.integers(len(la)))])
    raise AssertionError("no offer with two items that each need a hero choice")


def test_the_item_being_equipped_is_observed_by_every_seat():
    """TH § Fast Action Preparation: "draw two random items per Hero and place them face up on top of
    the Arena, creating an item offer. The players take turns selecting an item and equipping it on
    one of their Heroes". The seat that selected an item and now chooses the Hero knows which item it
    holds, and the offer is face up, so every seat sees it: with two different items selected from the
    same offer, each seat's observation names the selected item in ``dec_item`` (and nothing else
    there), so the mover's two observations differ as its legal heroes may."""
    s, nxt = offer_with_two_hero_choices(G)
    (a1, s1), (a2, s2) = list(nxt.items())[:2]
    mover = s.current_player()
    for p in range(G.num_players):
        o1, o2 = both_encoders(G, s1, p), both_encoders(G, s2, p)
        i1, i2 = OBSERVER.piece(o1, "dec_item"), OBSERVER.piece(o2, "dec_item")
        assert i1.shape == (NI,)
        assert np.flatnonzero(i1).tolist() == [s1.dec[2]]
        assert np.flatnonzero(i2).tolist() == [s2.dec[2]]
        assert s1.dec[2] != s2.dec[2]
    assert s1.current_player() == s2.current_player() == mover


def test_the_slot_choice_names_hero_and_item():
    """TH § Equipping Items / § Market: an item goes in a slot of the chosen Hero's mat; when it fits
    two slots the seat chooses the slot knowing both the Hero and the item: ``equip_slot`` marks the
    Hero in ``dec_heroes`` and the item in ``dec_item``."""
    for seed in range(40):
        s = G.new_initial_state(seed=seed)
        rng = np.random.default_rng(seed)
        while not s.is_terminal() and s.phase != "gold" and not (s.dec is not None and s.dec[0] == "equip_slot"):
            la = s.legal_actions()
            s.apply_action(la[int(rng.integers(len(la)))])
        if s.dec is not None and s.dec[0] == "equip_slot":
            break
    else:
        raise AssertionError("no equip_slot decision reached")
    _, p, h, it = s.dec
    o = both_encoders(G, s, p)
    assert np.flatnonzero(OBSERVER.piece(o, "dec_heroes")).tolist() == [h]
    assert np.flatnonzero(OBSERVER.piece(o, "dec_item")).tolist() == [it]
