"""Text rendering of a Mythologies state from one seat's view (``None``: everything)."""

from __future__ import annotations

from .cards import BOARDS, MYTHS
from .rules import NSLOT, OVER, PLANE_NAMES, SEL, card_name


def render_state(state, viewer: int | None = None) -> str:
    n = state.n
    lines = []
    who = "omniscient" if viewer is None else f"player_{viewer}"
    if state.phase == OVER:
        status = "game over; final [Favors, Gems, Deities, visible]: " + str(state.final)
    elif state.phase == SEL:
        status = f"round {state.round} selection, Destiny card {len(state.destiny)} ({state.sel_step})"
    else:
        status = f"round {state.round} placement, player_{state.turn_seat}'s turn"
    lines.append(f"Mythologies ({who} view) - {status}; first player: player_{state.first}")
    if state.dec is not None and state.phase != OVER:
        lines.append(f"  to act: player_{state.dec[0]}")
    for t in (0, 1):
        a, b = BOARDS[state.boards[2 * t]], BOARDS[state.boards[2 * t + 1]]
        lines.append(f"  Trial {t + 1} ({state.trial_favors(t)} Favors): {a.start_text} {b.end_text}.")
    for b in range(4):
        cells = []
        for pos in range(4):
            c = state.sanct[4 * b + pos]
            if c < 0:
                cells.append("-")
            elif state.faceup[4 * b + pos] or viewer is None or state.known[c] >> viewer & 1:
                cells.append(card_name(c) + ("" if state.faceup[4 * b + pos] else "(face-down)"))
            else:
                cells.append("(face-down)")
            pawned = [f"P{q}" for q in range(n) if [b, pos] in state.pawns[q]]
            if pawned:
                cells[-1] += "<" + ",".join(pawned) + ">"
        lines.append(f"  board {b} {MYTHS[state.boards[b]]:9s}: " + " | ".join(cells)
                     + f"  (piles {len(state.piles[2 * b])}/{len(state.piles[2 * b + 1])})")
    for q in range(n):
        lines.append(f"  player_{q}: {state.fav[q]} Favors, {state.gem[q]} Gems, trials {state.trials[q]}")
        for r in range(3):
            row = []
            for s in range(3 * r, 3 * r + 3):
                st = state.pan[q][s]
                row.append(f"{card_name(st[-1])}" + (f"(+{len(st) - 1})" if len(st) > 1 else "") if st else ".")
            lines.append(f"    {PLANE_NAMES[r]:11s} " + " | ".join(row))
        hand = [card_name(c) if viewer is None or c in state.hand[q] and state.known[c] >> viewer & 1 else "?"
                for c in state.hand[q]]
        if hand:
            lines.append(f"    selected: {', '.join(hand)}")
        if state.disc[q]:
            lines.append(f"    discard: {', '.join(card_name(c) for c in state.disc[q])}")
    if state.exile:
        lines.append("  exiled: " + ", ".join(card_name(c) for c in state.exile))
    assert NSLOT == 9
    return "\n".join(lines)
