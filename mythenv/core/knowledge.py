"""Who knows which card, whatever the game: a card's knowledge mask is a bitmask of seats, bit ``p``
set when seat ``p`` knows the card where it is now (``known`` in Mythologies, ``vis`` elsewhere).

- :func:`everyone`: the mask of every seat of an ``n``-seat game (a face-up card's; the upper bound
  of the declared field);
- :func:`check_known_by` and :func:`check_known_to_all`: a ``StateError`` unless a seat knows every
  card of one of its own zones, or every seat knows every card of a face-up zone
  (``check_invariants``);
- :func:`masks_at` and :func:`set_masks`: the masks of the cards at some ``(pile, index)`` places,
  and the giving of masks to whatever cards are at those places, the two ends of a
  ``resample_hidden`` redeal (the cards dealt take the knowledge of the places they now fill).

Rules code that sets a bit as a card moves (``vis[c] |= 1 << p``) keeps it inline: a step pays for
every call.
"""

from __future__ import annotations

from collections.abc import Iterable, MutableSequence, Sequence

from .errors import StateError

__all__ = ["everyone", "check_known_by", "check_known_to_all", "masks_at", "set_masks"]


def everyone(n: int) -> int:
    """The mask of every seat of an ``n``-seat game: bits ``0..n-1``."""
    return (1 << n) - 1


def check_known_by(what: str, masks: Sequence[int], cards: Iterable[int], seat: int, where: str = "hand",
                   who: str | None = None) -> None:
    """Raise ``StateError("<what>: <who> does not know a card of its own <where>")`` unless ``seat``
    knows each of ``cards``. ``what`` names the game and the field (``"theomachy_v0: vis"``), ``who``
    the seat (``"seat <seat>"`` unless given)."""
    bit = 1 << seat
    if not all(masks[c] & bit for c in cards):
        raise StateError(f"{what}: {who or f'seat {seat}'} does not know a card of its own {where}")


def check_known_to_all(what: str, masks: Sequence[int], cards: Iterable[int], n: int, where: str) -> None:
    """Raise ``StateError("<what>: a card of <where> is not known to every seat (it lies face up)")``
    unless each of ``cards`` is known to all ``n`` seats; ``where`` names the zone
    (``"seat 0's discard pile"``)."""
    full = everyone(n)
    if not all(masks[c] == full for c in cards):
        raise StateError(f"{what}: a card of {where} is not known to every seat (it lies face up)")


def masks_at(masks: Sequence[int], places: Iterable[tuple[Sequence[int], int]]) -> list[int]:
    """The mask of the card at each ``(pile, index)`` place, in order (read before a redeal)."""
    return [masks[pile[i]] for pile, i in places]


def set_masks(masks: MutableSequence[int], places: Iterable[tuple[Sequence[int], int]], new: Iterable[int]) -> None:
    """Give the card now at each ``(pile, index)`` place the mask ``new`` holds for that place."""
    for (pile, i), m in zip(places, new):
        masks[pile[i]] = m
