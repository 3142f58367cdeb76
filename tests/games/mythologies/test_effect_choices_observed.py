"""What every seat sees of an effect being resolved: the slots it chose so far (a move's source and
destination, the cards picked to sacrifice) and the plane it chose, so the mover's legal actions are a
function of its observation (tests/conformance/test_observation_determines_mask.py). Docstrings cite
``003_4f78a05115d81413.txt`` (MY)."""

import numpy as np

import mythenv
from tests.conformance.helpers import checked_observation

G = mythenv.make_game("mythologies_v0")
G3 = mythenv.make_game("mythologies_v0", num_players=3)
PIECES = G.observer


def both_encoders(g, s, p):
    return checked_observation(g, s, p)


def _eff(s):
    for f in reversed(s.stack):
        if f["t"] == "eff":
            return f
    return None


def sibling_moves(seeds=range(40)):
    """A state of seeded random play and two of its legal actions that each leave an effect with a
    move source chosen (the card taken, its destination still to choose), the same seat to move."""
    for seed in seeds:
        s = G.new_initial_state(seed=seed)
        rng = np.random.default_rng(seed)
        while not s.is_terminal():
            found = {}
            for a in s.legal_actions():
                c = s.clone()
                c.apply_action(a)
                f = None if c.is_terminal() else _eff(c)
                if f is not None and "src" in f.get("v", {}).get("o", {}) and c.current_player() == s.current_player():
                    found[f["v"]["o"]["src"]] = c
            if len(found) >= 2:
                return list(found.items())[:2]
            la = s.legal_actions()
            s.apply_action(la[int(rng.integers(len(la)))])
    raise AssertionError("no two move sources found")


def test_a_moved_cards_source_slot_is_seen_while_its_destination_is_chosen():
    """MY § Lexicon, Move: "Take a card from your Pantheon and reposition it on any other slot". The
    player has taken the card in view of the table while it chooses the slot: every seat's
    ``effect_slots`` marks the source slot (column 0), so the mover's observations after taking two
    different cards differ, as its legal destinations do."""
    (s1, a), (s2, b) = sibling_moves()
    assert s1 != s2
    mover = a.current_player()
    for p in range(G.num_players):
        va = PIECES.piece(both_encoders(G, a, p), "effect_slots")
        vb = PIECES.piece(both_encoders(G, b, p), "effect_slots")
        assert va.shape == (9, 3)
        assert np.flatnonzero(va[:, 0]).tolist() == [s1]
        assert np.flatnonzero(vb[:, 0]).tolist() == [s2]
    assert not np.array_equal(both_encoders(G, a, mover), both_encoders(G, b, mover))


def test_the_effect_pieces_are_empty_outside_an_effect():
    """Outside an effect (a seat's turn, the selection) nothing is marked as chosen."""
    s = G.new_initial_state(seed=3)
    for p in range(G.num_players):
        o = both_encoders(G, s, p)
        assert not PIECES.piece(o, "effect_slots").any() and not PIECES.piece(o, "effect_plane").any()


def _find(pred, game=G, seeds=range(60)):
    """The first state of seeded random play (every legal action of each position tried) where
    ``pred(state)`` holds."""
    for seed in seeds:
        s = game.new_initial_state(seed=seed)
        rng = np.random.default_rng(seed)
        while not s.is_terminal():
            for a in s.legal_actions():
                c = s.clone()
                c.apply_action(a)
                if not c.is_terminal() and pred(c):
                    return c
            la = s.legal_actions()
            s.apply_action(la[int(rng.integers(len(la)))])
    raise AssertionError("no such state reached")


def test_a_reaction_window_is_told_from_the_effects_own_choice():
    """MY § Infinity icon: a permanent effect "may be activated ... in reaction to an effect produced by
    a card of an opposing player, during another player's turn". A seat asked whether to react is not
    making the resolving effect's own choice (a slot to sacrifice, say): every seat's ``reacting`` is
    1 while a reaction window is open, 0 while the effect itself asks."""
    s = _find(lambda c: c.stack and c.stack[-1]["t"] == "react", G3)
    for p in range(G3.num_players):
        assert G3.observer.piece(both_encoders(G3, s, p), "reacting").tolist() == [1.0]
    e = _find(lambda c: c.stack and c.stack[-1]["t"] == "eff", G3)
    for p in range(G3.num_players):
        assert G3.observer.piece(both_encoders(G3, e, p), "reacting").tolist() == [0.0]



def test_the_card_being_placed_is_seen_by_its_player_while_the_slot_is_chosen():
    """MY § B - Placement Phase: "the player invokes a card from his hand ... and places it on a slot
    of his Pantheon". While the slot is chosen the player holds the card it is placing (it has left
    ``hand_own``), so the ``placing`` piece names its design for that seat; two different cards give
    two different observations, as they give different gains per slot. A seat that does not know the
    card (selected from a draw pile) does not see it until it lies on the Pantheon."""
    from mythenv.games.mythologies.cards import BY_NAME
    from tests.games.mythologies.helpers import A, new, placement, play, put

    seen = {}
    for name in ("Scarab", "Ushabti"):
        s = new(("greek", "egyptian", "chinese", "hindu"))
        put(s, 0, "c1", "Ushabti")
        placement(s, 0, hand=[name, "Minotaur"], favors=[0, 0], gems=[0, 0])
        play(s, name)
        assert s.stack[-1]["t"] == "place" and s.current_player() == 0
        assert A("slot", "c2") in s.legal_actions()
        s.known[s.stack[-1]["cid"]] = 1  # the card came from a draw pile: only seat 0 knows it
        mine = PIECES.piece(both_encoders(G, s, 0), "placing")
        assert np.flatnonzero(mine).tolist() == [BY_NAME[name]]
        assert not PIECES.piece(both_encoders(G, s, 1), "placing").any()
        s.known[s.stack[-1]["cid"]] = s.all  # known to the table (selected face up)
        assert np.flatnonzero(PIECES.piece(both_encoders(G, s, 1), "placing")).tolist() == [BY_NAME[name]]
        s.apply_action(A("slot", "c2"))
        assert not PIECES.piece(both_encoders(G, s, 0), "placing").any()  # placed: on the Pantheon
        seen[name] = mine
    assert not np.array_equal(seen["Scarab"], seen["Ushabti"])


def test_hand_positions_are_seen_in_the_order_of_the_play_and_discard_actions():
    """MY § B - Placement Phase: the player invokes or discards the selected cards it holds. The
    actions name a hand position (``play[i]`` / ``discard[i]``, the hand sorted by card id), so the
    ``hand_slots`` piece shows the design at each position to its owner only: after discarding the
    card at position 0 the other card moves to position 0, and the opponent's piece stays empty."""
    from mythenv.games.mythologies.cards import BY_NAME
    from mythenv.games.mythologies.rules import DESIGN_OF as DES
    from tests.games.mythologies.helpers import A, new, placement

    s = new(("greek", "egyptian", "chinese", "hindu"))
    placement(s, 0, hand=["Scarab", "Minotaur"], favors=[0, 0], gems=[0, 0])
    hand = s.hand[0]
    assert len(hand) == 2
    slots = PIECES.piece(both_encoders(G, s, 0), "hand_slots")
    assert slots.shape == (2, len(BY_NAME))
    assert [int(np.flatnonzero(slots[j])[0]) for j in range(2)] == [DES[c] for c in hand]
    assert not PIECES.piece(both_encoders(G, s, 1), "hand_slots").any()
    second = DES[hand[1]]
    s.apply_action(A("discard", 0))  # 2 Gems; the turn goes on with the other card
    assert s.current_player() == 0 and [DES[c] for c in s.hand[0]] == [second]
    slots = PIECES.piece(both_encoders(G, s, 0), "hand_slots")
    assert np.flatnonzero(slots[0]).tolist() == [second] and not slots[1].any()
