"""Demigods from one seat's view: the text (``render_state``, viewer ``None``: everything) and the
picture (``draw``, seat ``"all"``: everything) through ``mythenv.core.draw``."""

from __future__ import annotations

from mythenv.core import draw as d
from mythenv.core import words as w
from mythenv.core.game import seat_name

from .rules import KINDS, OVER, TYPE_NAMES, card_label


def status(state, viewer: int | str | None = None) -> tuple[str, str]:
    """The status line's two parts, public, in the table's words for ``viewer``: the turn, and whose
    decision it is (``mythenv.core.words.to_act_text``; the ending once the game is over)."""
    if state.phase == OVER:
        context = "Game over"
    else:   # whose turn it is, when another seat decides in it (a victim named, a card stolen)
        tp = state.turn_player
        context = f"Turn {state.turns + 1}" + ("" if tp == state.current_player() else
                                               f", {w.possessive(tp, viewer)} turn")
    return context, w.to_act_text(state, viewer)


def render_state(state, viewer: int | None = None) -> str:
    g = state.game
    kind_of = g.kind_of
    n = state.n
    lines = []
    lines.append(f"Demigods ({w.view_title(viewer)}, speech {g.config['speech']}) - "
                 f"{w.status_text(*status(state, viewer))}")
    top = card_label(kind_of[state.discard[-1]]) if state.discard else "-"
    lines.append(f"deck {len(state.deck)} | discard {len(state.discard)} (top: {top})")
    for q in range(n):
        hand = state.hand[q]
        if viewer is None:
            htxt = ", ".join(sorted(card_label(kind_of[c]) for c in hand)) or "-"
        else:
            bit = 1 << viewer
            known = sorted(card_label(kind_of[c]) for c in hand if state.vis[c] & bit)
            htxt = f"{len(hand)} cards" + (f" (known: {', '.join(known)})" if known else "")
        kd = []
        for t in (0, 1):
            cards = sorted((kind_of[c], state.blessed[c]) for c in state.kingdom[q]
                           if KINDS[kind_of[c]].category == ("army", "wealth")[t])
            vals = " + ".join(f"{KINDS[k].value:,}{'*' if b else ''}" for k, b in cards) or "0"
            kd.append(f"{TYPE_NAMES[t]} {state.total(q, t):,} [{vals}]")
        fr = ", ".join(KINDS[kind_of[c]].name for c in state.front[q]) or "-"
        mark = ">" if state.phase != OVER and q == state.turn_player else " "
        lines.append(f"{mark}{w.cap(seat_name(q, viewer))}: hand {htxt}")
        lines.append(f"   kingdom: {' | '.join(kd)} | front: {fr}")
    lines.append("(* = blessed)")
    if state.log:
        lines.append("recent: " + "; ".join(w.recent_lines(state.log, viewer, 5)))
    return "\n".join(lines)


# ----------------------------------------------------------------------------- the picture
WIDTH = 1280
CATEGORY_COLORS = {"army": (170, 60, 50), "wealth": (190, 145, 30), "god": (70, 90, 170),
                   "guardian": (50, 130, 110), "curse": (90, 50, 90), "cure": (70, 150, 200)}


def _card(c, box, kind: int, blessed: bool = False, size: int = 11) -> None:
    k = KINDS[kind]
    col = CATEGORY_COLORS.get(k.category, d.MUTED)
    if k.category in ("army", "wealth"):
        d.card(c, box, TYPE_NAMES[0 if k.category == "army" else 1], [], col, size,
               highlight=blessed, note="x2 blessed" if blessed else "", big=f"{k.value:,}")
    else:
        d.card(c, box, k.category.capitalize(), [k.name], col, size)


def height(n: int) -> int:
    """The frame height at ``n`` seats (a fixed size per config)."""
    return 78 + 8 + 150 + n * 168 + 8


def draw(state, seat):
    """Seat ``seat``'s view (``"all"``: everything): the deck and the discard pile, then one row per
    kingdom: its Army and Wealth cards (blessed ones framed in gold, counting double), the cards in
    front of it (Guardians, Curses), its hand (faces the seat knows, backs for the others)."""
    viewer = None if seat == "all" else seat
    g = state.game
    kind_of = g.kind_of
    n = state.n
    c = d.Canvas(WIDTH, height(n))
    cur = state.current_player()
    turn, pending = status(state, viewer)
    scores = [(w.cap(seat_name(q, viewer)) + (" (to act)" if q == cur and state.phase != OVER else ""),
               f"{state.returns()[q]:+g}" if state.phase == OVER else
               f"A {state.total(q, 0):,} W {state.total(q, 1):,}", d.seat_color(q)) for q in range(n)]
    x0, y0, x1, y1 = d.header(c, f"Demigods ({n} players, speech {g.config['speech']}) - {d.view_name(seat)}",
                              turn, pending, "".join(w.recent_lines(state.log, viewer, 1)), scores)
    top_box = (x0, y0, x1, y0 + 142)
    inner = d.panel(c, top_box, f"The table - the throne needs Army {g.config['army_goal']:,} and Wealth "
                    f"{g.config['wealth_goal']:,}", d.MUTED)
    deck_b, disc_b, log_b = d.split(inner, 1, 1, 8, vertical=False, gap=12)
    deck_b = (deck_b[0], deck_b[1], deck_b[0] + 80, deck_b[3])
    disc_b = (deck_b[2] + 14, deck_b[1], deck_b[2] + 94, deck_b[3])
    d.pile(c, deck_b, len(state.deck), "deck")
    top = state.discard[-1] if state.discard else None
    if top is None:
        d.pile(c, disc_b, 0, "discard")
    else:
        d.pile(c, disc_b, len(state.discard), "discard", card_label(kind_of[top]),
               CATEGORY_COLORS.get(KINDS[kind_of[top]].category, d.MUTED))
    log_b = (disc_b[2] + 20, inner[1], inner[2], inner[3])
    d.text_box(c, log_b, "recent:\n" + "\n".join(w.recent_lines(state.log, viewer, 6)), 12, bg=d.PANEL)
    y = top_box[3] + 8
    for q in range(n):
        box = (x0, y, x1, y + 160)
        y += 168
        mark = "  - to play" if state.phase != OVER and q == state.turn_player else ""
        inner = d.panel(c, box, f"{w.cap(seat_name(q, viewer))}: Army {state.total(q, 0):,}, Wealth {state.total(q, 1):,}{mark}",
                        d.seat_color(q))
        king_b, front_b, hand_b = d.split(inner, 5, 2.2, 4.2, vertical=False, gap=10)
        cards = sorted(((kind_of[x], state.blessed[x]) for x in state.kingdom[q]),
                       key=lambda kb: (KINDS[kb[0]].category, KINDS[kb[0]].value))
        d.label(c, (king_b[0], king_b[1]), "kingdom", 11, d.MUTED)
        for cb, (k, b) in zip(d.row((king_b[0], king_b[1] + 14, king_b[2], king_b[3]), max(len(cards), 6), 4,
                                    max_width=70), cards):
            _card(c, cb, k, bool(b))
        d.label(c, (front_b[0], front_b[1]), "in front (guardians, curses)", 11, d.MUTED, front_b[2] - front_b[0])
        fr = state.front[q]
        for cb, x in zip(d.row((front_b[0], front_b[1] + 14, front_b[2], front_b[3]), max(len(fr), 3), 4,
                               max_width=70), fr):
            _card(c, cb, kind_of[x])
        hand = state.hand[q]
        known = sorted((kind_of[x] for x in hand if viewer is None or state.vis[x] >> viewer & 1),
                       key=lambda k: (KINDS[k].category, KINDS[k].value, KINDS[k].name))
        d.label(c, (hand_b[0], hand_b[1]), f"hand ({len(hand)})", 11, d.MUTED)
        cells = d.row((hand_b[0], hand_b[1] + 14, hand_b[2], hand_b[3]), max(len(hand), 7), 4, max_width=62)
        for i, cb in enumerate(cells[:len(hand)]):
            if i < len(known):
                _card(c, cb, known[i], size=10)
            else:
                d.card_back(c, cb)
    return c.image
