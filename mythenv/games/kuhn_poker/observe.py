"""What one seat of Kuhn poker sees: its own card and every move (OpenSpiel's information state)."""

from __future__ import annotations

from mythenv.core.observe import Observer

OBSERVER = Observer([
    ("to_move", (1,), "1 when this seat acts now"),
    ("seat", (2,), "this seat, one-hot (seat 0 acts first)"),
    ("card", (3,), "this seat's card, one-hot J, Q, K (none before the deal)"),
    ("bets", (3, 2), "the moves so far, one-hot pass / bet per turn"),
])
_CARD, _BETS = OBSERVER.offset("card"), OBSERVER.offset("bets")


def encode(state, p: int, out) -> None:
    out[0] = state.current_player() == p
    out[1 + p] = 1.0
    if p < len(state.cards):
        out[_CARD + state.cards[p]] = 1.0
    for turn, move in enumerate(state.bets):
        out[_BETS + 2 * turn + move] = 1.0
