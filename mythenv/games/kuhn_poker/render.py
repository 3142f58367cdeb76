"""Kuhn poker as text, from one seat (``None``: every card)."""

from __future__ import annotations

from mythenv.core.words import table_text

from .rules import CARDS


def render_state(state, player: int | None = None) -> str:
    cards = " ".join(CARDS[c] if player in (None, s) else "?" for s, c in enumerate(state.cards))
    moves = " ".join(("pass", "bet")[b] for b in state.bets)
    ending = f" | {table_text(state.ending_text(), player)}" if state.is_terminal() else ""
    return f"cards {cards or '-'} | moves {moves or '-'}{ending}"
