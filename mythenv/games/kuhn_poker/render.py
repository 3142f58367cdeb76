"""Kuhn poker as text, from one seat (``None``: every card)."""

from __future__ import annotations

from .rules import CARDS


def render_state(state, player: int | None = None) -> str:
    cards = " ".join(CARDS[c] if player in (None, s) else "?" for s, c in enumerate(state.cards))
    moves = " ".join(("pass", "bet")[b] for b in state.bets)
    ending = f" | returns {state.returns()}" if state.is_terminal() else ""
    return f"cards {cards or '-'} | moves {moves or '-'}{ending}"
