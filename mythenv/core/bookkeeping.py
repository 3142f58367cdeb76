"""The books every card game keeps, whatever the game: the last lines of its log, the check that
every card is in exactly one place, and the redeal of the cards a seat cannot see.

- :class:`GameLog` (a mixin) with :func:`log_field`: the state's ``log`` field and ``_log(line)``, which
  keeps the last ``LOG_KEEP`` lines (a game sets ``LOG_KEEP``);
- :func:`check_conserved`: a ``StateError`` unless a list of the cards found in every place is exactly
  the cards of the game, each once (``check_invariants``);
- :func:`redeal`: shuffle the cards at some places among those places (and an unplaced remainder,
  such as a draw pile), the step every ``resample_hidden`` takes once it has listed what a seat cannot
  see. The pool is sorted before it is shuffled, so the result depends on the cards, not on where
  each one sat: a determinization leaks nothing through the order of the hidden places.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .errors import StateError
from .fields import Field, Seq, Text

__all__ = ["GameLog", "log_field", "check_conserved", "redeal"]


def log_field() -> Field:
    """The declared ``log`` field: the last lines of the game's log (saved, public, at most 100)."""
    return Field("log", Seq(Text(500), max_len=100), "the last lines of the game's log")


class GameLog:
    """Mixin of a state with a :func:`log_field`: ``_log(line)`` appends a line and keeps the last
    ``LOG_KEEP``."""

    __slots__ = ()

    #: how many lines the log keeps (a game sets its own)
    LOG_KEEP = 16

    def _log(self, line: str) -> None:
        log = self.log
        log.append(line)
        if len(log) > self.LOG_KEEP:
            del log[:-self.LOG_KEEP]


def check_conserved(what: str, placed: Sequence[int], expected: int | Iterable[int]) -> None:
    """Raise ``StateError("<what> conservation broken (...)")`` unless ``placed`` holds every card of
    ``expected`` exactly once and nothing else. ``expected`` is a count ``n`` (the cards ``0..n-1``) or
    the cards themselves; ``what`` names the game and the cards, e.g. ``"hera_zeus_v0: card"``."""
    want = list(range(expected)) if isinstance(expected, int) else sorted(expected)
    if sorted(placed) != want:
        raise StateError(f"{what} conservation broken ({len(placed)} placed, {len(set(placed))} distinct, "
                         f"{len(want)} expected)")


def redeal(places: Sequence[tuple[list, int]], rng, rest: Iterable[int] = ()) -> list[int]:
    """Deal the cards at ``places`` (``(pile, index)`` pairs) and the cards ``rest`` at random: the
    pool of them all is sorted, shuffled with ``rng`` (a NumPy Generator), and dealt to the places in
    order; the cards left over (as many as ``rest`` held) are returned in their shuffled order."""
    pool = [pile[i] for pile, i in places]
    pool.extend(rest)
    pool.sort()
    rng.shuffle(pool)
    for (pile, i), card in zip(places, pool):
        pile[i] = card
    return pool[len(places):]
