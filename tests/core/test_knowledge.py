"""mythenv.core.knowledge: the mask of every seat, the checks of who knows a zone's cards, and the
masks carried across a redeal."""

import numpy as np
import pytest

from mythenv.core.bookkeeping import redeal
from mythenv.core.errors import StateError
from mythenv.core.knowledge import check_known_by, check_known_to_all, everyone, masks_at, set_masks


def test_everyone_sets_a_bit_per_seat():
    assert [everyone(n) for n in (1, 2, 3, 8)] == [0b1, 0b11, 0b111, 0xFF]


def test_known_by_passes_when_the_seat_knows_each_card():
    masks = [0b001, 0b011, 0b110, 0b111]
    check_known_by("g: vis", masks, [0, 1, 3], 0)
    check_known_by("g: vis", masks, [1, 2, 3], 1)
    check_known_by("g: vis", masks, [], 2)  # an empty zone


def test_known_by_names_the_field_the_seat_and_the_zone():
    masks = [0b001, 0b011, 0b110, 0b111]
    with pytest.raises(StateError, match=r"^g: vis: seat 0 does not know a card of its own hand$"):
        check_known_by("g: vis", masks, [0, 2], 0)
    with pytest.raises(StateError, match=r"^g: known: seat 2 does not know a card of its own deck$"):
        check_known_by("g: known", masks, [3, 1], 2, "deck")
    with pytest.raises(StateError, match=r"^g: vis: Hera does not know a card of its own hand$"):
        check_known_by("g: vis", masks, [0], 1, who="Hera")


def test_known_to_all_wants_the_full_mask():
    masks = [0b11, 0b111, 0b101]
    check_known_to_all("g: vis", masks, [0], 2, "seat 0's discard pile")
    check_known_to_all("g: vis", masks, [1], 3, "the exile")
    with pytest.raises(StateError, match=r"^g: vis: a card of the exile is not known to every seat "
                                         r"\(it lies face up\)$"):
        check_known_to_all("g: vis", masks, [1, 2], 3, "the exile")
    with pytest.raises(StateError, match="g: vis: a card of seat 1's table"):
        check_known_to_all("g: vis", masks, [1], 2, "seat 1's table")  # more than every seat is wrong too


def test_masks_stay_with_their_places_across_a_redeal():
    masks = [0b01, 0b10, 0b11, 0b00, 0b01, 0b10]  # card c's mask
    a, b = [0, 1, 2], [3, 4, 5]
    places = [(a, 1), (b, 0), (b, 2)]
    kept = masks_at(masks, places)
    assert kept == [0b10, 0b00, 0b10]
    redeal(places, np.random.default_rng(3))
    assert [a[1], b[0], b[2]] != [1, 3, 5]  # the cards moved
    set_masks(masks, places, kept)
    assert [masks[a[1]], masks[b[0]], masks[b[2]]] == kept
    assert (masks[0], masks[2], masks[4]) == (0b01, 0b11, 0b01)  # the cards that stayed keep theirs


def test_set_masks_gives_each_place_its_own_and_works_on_bytes():
    masks = bytearray(4)
    hand, pile = [2, 0], [3]
    set_masks(masks, [(hand, 0), (hand, 1), (pile, 0)], [0b1, 0b10, 0b11])
    assert list(masks) == [0b10, 0, 0b1, 0b11]
