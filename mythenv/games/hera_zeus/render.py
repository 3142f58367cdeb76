"""Hera and Zeus from one seat's view: the text (``render_state``, viewer ``None``: everything) and the
picture (``draw``, seat ``"all"``: everything) through ``mythenv.core.draw``."""

from __future__ import annotations

import re

from mythenv.core import draw as d
from mythenv.core import words as w
from mythenv.core.game import seat_name

from .rules import (
    FIG,
    IS_FIELD,
    KIND_OF,
    NCOL,
    NROW,
    OVER,
    SETUP,
    SIDE_NAMES,
    STRENGTH,
    SYMBOL,
    card_name,
    column_text,
    kind_name,
    place_text,
)


def _slot(state, side: int, x: int, viewer: int | None) -> str:
    if x == FIG:
        return f"[{SIDE_NAMES[side].upper()}]"
    known = viewer is None or state.vis[x] >> viewer & 1
    name = card_name(x) if known else "??"
    return f"{name}{'' if state.up[x] else '*'}" if known else "??"


def status(state, viewer: int | str | None = None) -> tuple[str, str]:
    """The status line's two parts, public, in the table's words for ``viewer``: whose turn it is,
    and whose decision it is (``mythenv.core.words.to_act_text``; the ending once the game is over)."""
    if state.phase == OVER:
        context = "Game over"
    elif state.phase == SETUP:
        context = "Setup"
    else:
        context = f"{SIDE_NAMES[state.turn_player]}'s turn {state.turns[state.turn_player]}"
    return context, w.to_act_text(state, viewer)


def _where(m: re.Match) -> str:
    c, i = int(m.group(1)), m.group(2)
    return place_text(c, int(i)) if i is not None else column_text(c)


def _words(line: str) -> str:
    """A line of the log with its columns and positions as the picture shows them ("column 0
    position 1" -> "the left column, row 2")."""
    return _PLACE.sub(_where, line)


_PLACE = re.compile(r"\bcolumn (\d)(?: position (\d))?")


def render_state(state, viewer: int | None = None) -> str:
    lines = []
    lines.append(f"Hera and Zeus - {w.view_title(viewer, SIDE_NAMES[viewer] if viewer is not None else '')} - "
                 f"{w.status_text(*status(state, viewer))}")
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
        lines.append("recent: " + "; ".join(w.recent_lines(state.log, viewer, 4, _words)))
    return "\n".join(lines)


# ----------------------------------------------------------------------------- the picture
WIDTH, HEIGHT = 1160, 980
SIDE_COLORS = ((130, 70, 170), (50, 140, 80))  # Hera violet, Zeus green (HZ § The Cards)


def _face(c, box, card: int, face_up: bool, size: int = 12) -> None:
    k = KIND_OF[card]
    side = card // (len(KIND_OF) // 2)
    lines = (["symbol"] if SYMBOL[k] else []) + ([] if face_up else ["(face down)"])
    col = SIDE_COLORS[side] if face_up else d.mix(SIDE_COLORS[side], d.BACK, 0.6)
    d.card(c, box, card_name(card), lines, col, size, big=str(STRENGTH[k]) if IS_FIELD[k] else "")


def _hand(c, box, state, side: int, seat) -> None:
    """A hand: faces the seat knows, backs for the others (sorted faces first, as the text lists them)."""
    hand = state.hand[side]
    known = sorted((x for x in hand if seat == "all" or state.vis[x] >> seat & 1), key=card_name)
    cells = [cb for r in d.grid(box, 2, 6, gap=5) for cb in r]
    for i in range(min(len(hand), len(cells))):
        if i < len(known):
            _face(c, cells[i], known[i], True, 11)
        else:
            d.card_back(c, cells[i], "")
    if len(hand) > len(cells):
        d.label(c, (box[2], box[3]), f"+{len(hand) - len(cells)}", 14, anchor="rd")
    if not hand:
        d.label(c, (box[0] + 4, box[1] + 4), "(no cards)", 13, d.MUTED)


def draw(state, seat):
    """Seat ``seat``'s view of the table (``"all"``: everything): the field of each side (3 columns x
    4 rows, the 1st rows facing each other), both hands (backs where the seat does not know the card),
    decks and discard piles, action points and the header."""
    viewer = None if seat == "all" else seat
    c = d.Canvas(WIDTH, HEIGHT)
    cur = state.current_player()
    turn, pending = status(state, viewer)
    scores = [(f"{w.cap(seat_name(p, viewer))} ({SIDE_NAMES[p]})" + (" - to act" if p == cur else ""),
               f"{state.returns()[p]:+g}" if state.phase == OVER else f"{len(state.hand[p])} in hand",
               SIDE_COLORS[p]) for p in (0, 1)]
    body = d.header(c, f"Hera and Zeus - {d.view_name(seat, SIDE_NAMES)}", turn, pending,
                    "".join(w.recent_lines(state.log, viewer, 1, _words)), scores)
    x0, y0, x1, y1 = body
    order = [1, 0] if viewer in (None, 0) else [0, 1]   # the viewer's side at the bottom
    field_box = (x0, y0, x0 + 470, y1)
    side_box = (x0 + 486, y0, x1, y1)
    halves = d.split(field_box, 1, 1, gap=18)
    for h, side in enumerate(order):
        inner = d.panel(c, halves[h], f"{SIDE_NAMES[side]}'s field", SIDE_COLORS[side])
        cells = d.grid(inner, NROW, NCOL, gap=5)
        for col in range(NCOL):
            column = state.field[side][col]
            for r in range(NROW):
                cb = cells[NROW - 1 - r if h == 0 else r][col]   # the 1st rows face each other
                if r >= len(column):
                    c.rect(cb, fill=None, outline=d.mix(d.LINE, d.BG, 0.5), radius=5)
                    c.text(((cb[0] + cb[2]) / 2, (cb[1] + cb[3]) / 2), f"row {r + 1}", 10, d.MUTED, anchor="mm")
                    continue
                x = column[r]
                if x == FIG:
                    c.rect(cb, fill=d.mix(SIDE_COLORS[side], d.PANEL, 0.75), outline=SIDE_COLORS[side], radius=5)
                    d.token(c, ((cb[0] + cb[2]) / 2, (cb[1] + cb[3]) / 2), min(cb[2] - cb[0], cb[3] - cb[1]) * 0.38,
                            SIDE_COLORS[side], SIDE_NAMES[side], 13)
                elif viewer is None or state.vis[x] >> viewer & 1:
                    _face(c, cb, x, bool(state.up[x]))
                else:
                    d.card_back(c, cb)
    # hands and piles, each side beside its own half
    for h, side in enumerate(order):
        inner = d.panel(c, (side_box[0], halves[h][1], side_box[2], halves[h][3]),
                        f"{SIDE_NAMES[side]} ({seat_name(side, viewer)}): hand {len(state.hand[side])}"
                        + (f", {state.ap_left} action point(s) left" if state.phase != OVER
                           and side == state.turn_player and state.phase != SETUP else ""),
                        SIDE_COLORS[side])
        hand_box, piles_box = d.split(inner, 2.2, 1, gap=8)
        _hand(c, hand_box, state, side, seat)
        deck_b, disc_b, ap_b = d.row(piles_box, 3, gap=12, max_width=120)
        d.pile(c, deck_b, len(state.deck[side]), "deck")
        top = state.disc[side][-1] if state.disc[side] else None
        d.pile(c, disc_b, len(state.disc[side]), "discard", card_name(top) if top is not None else None,
               SIDE_COLORS[side])
        if state.phase != OVER and side == state.turn_player and state.phase != SETUP:
            d.label(c, (ap_b[0], ap_b[1] + 4), "action points", 13)
            for k in range(max(state.ap_left, 0)):
                d.token(c, (ap_b[0] + 16 + 30 * k, ap_b[1] + 40), 12, d.HIGHLIGHT, "", outline=d.INK)
    return c.image


__all__ = ["render_state", "draw", "kind_name", "KIND_OF"]
