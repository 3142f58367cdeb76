"""Mythologies from one seat's view: the text (``render_state``, viewer ``None``: everything) and the
picture (``draw``, seat ``"all"``: everything) through ``mythenv.core.draw``."""

from __future__ import annotations

from mythenv.core import draw as d
from mythenv.core import words as w
from mythenv.core.game import seat_name

from .cards import BOARDS, DEITY, DESIGN_OF, DESIGNS, MYTHS
from .rules import NSLOT, OVER, PLANE_NAMES, SEL, card_name


def status(state, viewer: int | str | None = None) -> tuple[str, str]:
    """The status line's two parts, public, in the table's words for ``viewer``: the round and its
    phase, and whose decision it is (``mythenv.core.words.to_act_text``; the ending once the game is
    over)."""
    if state.phase == OVER:
        context = "Game over"
    elif state.phase == SEL:
        context = f"Round {state.round}, selection, Destiny card {len(state.destiny)}"
    else:
        ts = state.turn_seat
        context = f"Round {state.round}, placement" + (
            "" if ts == state.current_player() else f", {w.possessive(ts, viewer)} turn")
    return context, w.to_act_text(state, viewer)


def _trials(won) -> str:
    """A seat's Trials won, in words."""
    names = [("1st", "2nd")[t] for t in (0, 1) if won[t]]
    return f"won the {' and '.join(names)} Trial{'s' if len(names) > 1 else ''}" if names else "no Trial won"


def _sees(state, c: int, i: int, viewer) -> bool:
    """Whether ``viewer`` (None: everyone) sees the card ``c`` at sanctuary position ``i``."""
    return bool(state.faceup[i] or viewer is None or state.known[c] >> viewer & 1)


def render_state(state, viewer: int | None = None) -> str:
    n = state.n
    lines = []
    lines.append(f"Mythologies ({w.view_title(viewer)}) - {w.status_text(*status(state, viewer))}")
    lines.append(f"  first player: {seat_name(state.first, viewer)}")
    for t in (0, 1):
        a, b = BOARDS[state.boards[2 * t]], BOARDS[state.boards[2 * t + 1]]
        lines.append(f"  Trial {t + 1} ({state.trial_favors(t)} Favors): {a.start_text} {b.end_text}.")
    for b in range(4):
        cells = []
        for pos in range(4):
            c = state.sanct[4 * b + pos]
            if c < 0:
                cells.append("-")
            elif _sees(state, c, 4 * b + pos, viewer):
                cells.append(card_name(c) + ("" if state.faceup[4 * b + pos] else "(face-down)"))
            else:
                cells.append("(face-down)")
            pawned = [seat_name(q, viewer) for q in range(n) if [b, pos] in state.pawns[q]]
            if pawned:
                cells[-1] += " (pawn of " + ", ".join(pawned) + ")"
        lines.append(f"  {MYTHS[state.boards[b]].capitalize() + ' board':15s} (Trial {b // 2 + 1}): " + " | ".join(cells)
                     + f"  (piles {len(state.piles[2 * b])}/{len(state.piles[2 * b + 1])})")
    for q in range(n):
        lines.append(f"  {w.cap(seat_name(q, viewer))}: {state.fav[q]} Favors, {w.counted(state.gem[q], 'Gem')}, "
                     f"{_trials(state.trials[q])}")
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


# ----------------------------------------------------------------------------- the picture
WIDTH, HEIGHT = 1320, 930
MYTH_COLORS = ((60, 110, 190), (90, 120, 140), (200, 160, 40), (220, 110, 40), (60, 150, 90),
               (190, 50, 50), (150, 90, 50), (60, 140, 70))


def _card(c, box, card: int, size: int = 10, note: str = "", face_down: bool = False) -> None:
    des = DESIGNS[DESIGN_OF[card]]
    col = MYTH_COLORS[des.myth % len(MYTH_COLORS)]
    kind = "Deity" if des.type == DEITY else "Creature"
    d.card(c, box, des.name, [f"{MYTHS[des.myth].capitalize()} {kind}" + (f", cost {des.cost}" if des.cost else "")]
           + (["(face down)"] if face_down else []) + ([des.text] if des.text else []), col, size, note=note)


def draw(state, seat):
    """Seat ``seat``'s view (``"all"``: everything): the four Mythology boards of the Sanctuary (the
    1st Trial on top) with their Creatures, Deity and the selection pawns on them, every Pantheon
    (3 planes x 3 columns, the top card of each stack), the selected cards (backs where the seat does
    not know them), discard piles, Favors, Gems and Trials."""
    viewer = None if seat == "all" else seat
    n = state.n
    c = d.Canvas(WIDTH, HEIGHT)
    cur = state.current_player()
    sc = state.scores()
    scores = [(w.cap(seat_name(q, viewer)) + (" (to act)" if q == cur else ""),
               f"{sc[q]:g} Favors, {w.counted(state.gem[q], 'Gem')}", d.seat_color(q)) for q in range(n)]
    turn, pending = status(state, viewer)
    x0, y0, x1, y1 = d.header(c, f"Mythologies ({n} players) - {d.view_name(seat)}",
                              turn, pending, "".join(w.recent_lines(state.log, viewer, 1)), scores)
    sanct, info = d.split((x0, y0, x1, y0 + 430), 3, 1, vertical=False, gap=10)
    boards = d.grid(d.panel(c, sanct, "Sanctuary", d.MUTED), 2, 2, gap=8)
    for b in range(4):
        bb = boards[b // 2][b % 2]
        t = b // 2
        inner = d.panel(c, bb, f"{MYTHS[state.boards[b]].capitalize()}  (Trial {t + 1}, piles {len(state.piles[2 * b])}/"
                        f"{len(state.piles[2 * b + 1])})", MYTH_COLORS[state.boards[b] % len(MYTH_COLORS)], size=12)
        on_pile = [q for q in range(n) if [b, 4] in state.pawns[q]]
        for j, q in enumerate(on_pile):  # a pawn on the board's draw pile (a card drawn at random)
            d.token(c, (bb[2] - 14 - 24 * j, bb[1] + 11), 10, d.seat_color(q), w.seat_mark(q, viewer), 9)
        cells = d.row(inner, 4, gap=6)
        for pos in range(4):
            cb = cells[pos]
            i = 4 * b + pos
            x = state.sanct[i]
            if x < 0:
                c.rect(cb, None, d.LINE, radius=5)
                c.text(((cb[0] + cb[2]) / 2, (cb[1] + cb[3]) / 2), "Deity" if pos == 3 else "empty", 10, d.MUTED, anchor="mm")
            elif _sees(state, x, i, viewer):
                _card(c, cb, x, face_down=not state.faceup[i])
            else:
                d.card_back(c, cb)
            pawned = [q for q in range(n) if [b, pos] in state.pawns[q]]
            for j, q in enumerate(pawned):
                d.token(c, (cb[0] + 16 + 28 * j, cb[3] - 16), 13, d.seat_color(q), w.seat_mark(q, viewer), 11)
    inner = d.panel(c, info, "Trials", d.MUTED)
    lines = [f"Trial {t + 1} ({state.trial_favors(t)} Favors): {BOARDS[state.boards[2 * t]].start_text} "
             f"{BOARDS[state.boards[2 * t + 1]].end_text}." for t in (0, 1)]
    lines.append(f"first player: {seat_name(state.first, viewer)}")
    if state.exile:
        lines.append("exiled: " + ", ".join(card_name(x) for x in state.exile))
    lines.append("recent: " + "; ".join(w.recent_lines(state.log, viewer, 4)))
    d.text_box(c, inner, "\n\n".join(lines), 12)
    pans = d.row((x0, y0 + 440, x1, y1), n, gap=10)
    for q in range(n):
        inner = d.panel(c, pans[q], f"{w.cap(seat_name(q, viewer))}: {state.fav[q]} Favors, {w.counted(state.gem[q], 'Gem')}, "
                        f"{_trials(state.trials[q])}", d.seat_color(q), size=13)
        grid_b, hand_b = d.split(inner, 3.6, 1, gap=6)
        cells = d.grid(grid_b, 3, 3, gap=4)
        for s in range(NSLOT):
            cb = cells[s // 3][s % 3]
            st = state.pan[q][s]
            if st:
                _card(c, cb, st[-1], note=f"+{len(st) - 1}" if len(st) > 1 else "")
            else:
                c.rect(cb, None, d.mix(d.LINE, d.BG, 0.4), radius=5)
                c.text(((cb[0] + cb[2]) / 2, (cb[1] + cb[3]) / 2), PLANE_NAMES[s // 3], 10, d.MUTED, anchor="mm")
        hand = state.hand[q]
        d.label(c, (hand_b[0], hand_b[1]), f"selected ({len(hand)}), discard {len(state.disc[q])}", 11, d.MUTED)
        for cb, x in zip(d.row((hand_b[0], hand_b[1] + 14, hand_b[2], hand_b[3]), max(3, len(hand)), 4,
                               max_width=90), hand):
            if viewer is None or state.known[x] >> viewer & 1:
                _card(c, cb, x, 9)
            else:
                d.card_back(c, cb)
    return c.image
