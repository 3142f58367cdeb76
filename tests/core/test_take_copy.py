"""mythenv.core.game.take_copy: which copy of a card leaves a hand (docs/design.md, "Whose turn it is is
public": "which copy of a card leaves a hand never depends on ids others cannot tell apart")."""

from __future__ import annotations

from mythenv.core.game import take_copy

#: card id -> kind: ids 3, 5 and 8 are copies of kind 0, id 9 is kind 1
KIND = {3: 0, 5: 0, 8: 0, 9: 1}


def test_an_unknown_copy_is_the_lowest_id():
    """No other seat knows any copy of kind 0: the lowest id leaves, whatever the hand order."""
    hand = [8, 9, 5, 3]
    vis = {3: 0b01, 5: 0b01, 8: 0b01, 9: 0b01}      # only seat 0, the owner, knows them
    assert take_copy(hand, 0, KIND.__getitem__, vis, others=0b10) == 3
    assert hand == [8, 9, 5]


def test_a_copy_the_others_know_leaves_first():
    """Seat 1 knows copy 8 (it saw it): that copy leaves, so seat 1's picture of the hand stays true."""
    hand = [9, 5, 8, 3]
    vis = {3: 0b01, 5: 0b01, 8: 0b11, 9: 0b11}
    assert take_copy(hand, 0, KIND.__getitem__, vis, others=0b10) == 8
    assert hand == [9, 5, 3]


def test_the_first_known_copy_in_hand_order():
    """Several known copies: the first one in hand order leaves (three seats, seat 2 knows 5, seat 1
    knows 3)."""
    hand = [5, 3, 9]
    vis = {3: 0b011, 5: 0b101, 8: 0, 9: 0b001}
    assert take_copy(hand, 0, KIND.__getitem__, vis, others=0b110) == 5
    assert hand == [3, 9]
