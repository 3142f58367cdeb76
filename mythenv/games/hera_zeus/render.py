"""Text rendering of a Hera and Zeus state from one seat's view (``None``: everything)."""

from __future__ import annotations

from .rules import FIG, KIND_OF, NCOL, NROW, OVER, SETUP, SIDE_NAMES, card_name, kind_name


def _slot(state, side: int, x: int, viewer: int | None) -> str:
    if x == FIG:
        return f"[{SIDE_NAMES[side].upper()}]"
    known = viewer is None or state.vis[x] >> viewer & 1
    name = card_name(x) if known else "??"
    return f"{name}{'' if state.up[x] else '*'}" if known else "??"


def render_state(state, viewer: int | None = None) -> str:
    lines = []
    cur = state.current_player()
    who = "omniscient" if viewer is None else SIDE_NAMES[viewer]
    if state.phase == OVER:
        status = f"game over: {SIDE_NAMES[state.winner]} wins ({state.reason})"
    elif state.phase == SETUP:
        status = f"setup: {SIDE_NAMES[cur]} lays out the first row"
    else:
        status = (f"{SIDE_NAMES[state.turn_player]}'s turn {state.turns[state.turn_player]}, "
                  f"{state.ap_left} action point(s) left")
        if state.pending:
            status += f"; {SIDE_NAMES[cur]} decides: {state.pending[-1][0]}"
        elif state.ap_left <= 0:
            status += f"; all points spent ({SIDE_NAMES[cur]} may still play a free {SIDE_NAMES[cur]} card or end the turn)"
    lines.append(f"Hera and Zeus ({who} view) - {status}")
    order = [1, 0] if viewer in (None, 0) else [0, 1]
    for side in order:
        hand = state.hand[side]
        if viewer is None or viewer == side:
            htxt = ", ".join(sorted(card_name(c) for c in hand)) or "-"
        else:
            known = [card_name(c) for c in hand if state.vis[c] >> viewer & 1]
            htxt = f"{len(hand)} cards" + (f" (known: {', '.join(sorted(known))})" if known else "")
        top = card_name(state.disc[side][-1]) if state.disc[side] else "-"
        lines.append(f"{SIDE_NAMES[side]}: hand {htxt} | deck {len(state.deck[side])} | "
                     f"discard {len(state.disc[side])} (top {top})")
        rows = range(NROW - 1, -1, -1) if side == order[0] else range(NROW)
        for r in rows:
            cells = []
            for c in range(NCOL):
                col = state.field[side][c]
                cells.append(_slot(state, side, col[r], viewer) if r < len(col) else ".")
            lines.append(f"   row {r + 1}: " + " | ".join(f"{t:^14s}" for t in cells))
        if side == order[0]:
            lines.append("   " + "-" * 52)
    lines.append("(* = face down)")
    if state.log:
        lines.append("recent: " + "; ".join(state.log[-4:]))
    return "\n".join(lines)


__all__ = ["render_state", "kind_name", "KIND_OF"]
