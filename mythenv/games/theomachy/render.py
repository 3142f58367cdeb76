"""Theomachy from one seat's view: the text (``render_state``, viewer ``None``: everything) and the
picture (``draw``, seat ``"all"``: everything) through ``mythenv.core.draw``."""

from __future__ import annotations

from mythenv.core import draw as d
from mythenv.core import words as w
from mythenv.core.game import seat_name

from .cards import ESSENCES, KINDS, ORBS, SPHERES
from .pantheons import DEITIES, MYTHS, PANTHEONS
from .rules import ADV_STEP_NAMES, BATTLE, OVER, kind, value
from .rules.tables import TOKEN_NAMES


def _ess(e: int) -> str:
    es = ESSENCES[e]
    return f"{SPHERES[es.sphere].capitalize()}({es.orbs} {ORBS[es.orb]})"


def _tok(t) -> str:
    return f"{t[0]}D/{t[1]}Pr/{t[2]}Ph"


def _cards(cs) -> str:
    return ", ".join(sorted(kind(c).name for c in cs)) or "none"


#: each Step as the table names it
STEP_WORDS = {"draft": "the draft", "draft_drop": "the draft", "betting": "the Betting Phase", "battle": "the Battle",
              "prayer": "the Prayer Phase", "closing": "the Closing Phase", "pantheon": "choosing the Pantheons",
              "god": "choosing the Gods", "myth": "the Myth Phase"}


def status(s, viewer: int | str | None = None) -> tuple[str, str]:
    """The status line's two parts, public, in the table's words for ``viewer``: the Hand and its
    Step, and whose decision it is (``mythenv.core.words.to_act_text``; the ending once the game is
    over)."""
    if s.step == OVER:
        context = "Game over"
    else:
        context = f"Hand {s.hands + 1}, {STEP_WORDS.get(ADV_STEP_NAMES[s.step], '')}".rstrip(", ")
    return context, w.to_act_text(s, viewer)


def _const_known(s, i: int, viewer) -> bool:
    return i < s.const_up or viewer is None or bool(s.peek[viewer])


def render_state(s, viewer: int | None = None) -> str:
    n = s.n
    lines = [f"Theomachy ({w.view_title(viewer)}) - {w.status_text(*status(s, viewer))}"]
    cons = []
    for i, e in enumerate(s.const):
        cons.append(_ess(e) if _const_known(s, i, viewer) else "??")
    lines.append(f"Constellation: {' '.join(cons) or 'none'} | Initial Ante {s.ante} | "
                 f"bet level {_tok(s.level)} | bank {_tok(s.bank)}")
    track = " | ".join(KINDS[kind(c).index].name if c >= 0 else "." for c in s.track)
    lines.append(f"Prayer Track: {track} (deck {len(s.prayer)})")
    for q in range(n):
        flags = []
        if not s.alive[q]:
            flags.append("OUT")
        if s.folded[q]:
            flags.append("folded")
        if s.ls[q]:
            flags.append("LAST STAND")
        if s.first == q:
            flags.append("first")
        line = (f"{w.cap(seat_name(q, viewer))}{' (' + ', '.join(flags) + ')' if flags else ''}: cult {_tok(s.cult[q])} stake {_tok(s.stake[q])} "
                f"(value {value(s.stake[q])})")
        if viewer is None or viewer == q:
            line += f" | hand: {_cards(s.hand[q])}"
        else:
            known = [c for c in s.hand[q] if s.vis[c] >> viewer & 1]
            line += f" | hand: {w.counted(len(s.hand[q]), 'card')}" + (f" (known: {_cards(known)})" if known else "")
        if s.aside[q]:
            line += (f" | set aside: {_cards(s.aside[q])}" if viewer is None or viewer == q
                     else f" | set aside: {len(s.aside[q])} cards")
        if s.draft_hand[q] and (viewer is None or viewer == q):
            line += f" | packet: {_cards(s.draft_hand[q])} | kept: {_cards(s.picks[q])}"
        top = kind(s.disc[q][-1]).name if s.disc[q] else "none"
        line += f" | deck {len(s.deck[q])}, discard {len(s.disc[q])} (top {top})"
        lines.append(line)
        if s.table[q]:
            lines.append(f"    in play: {_cards(s.table[q])}")
        if s.places[q]:
            lines.append("    places: " + ", ".join(kind(pl[0]).name + (" (damaged)" if pl[1] else "")
                                               for pl in s.places[q]))
        if s.advanced:
            lines.append("    " + _pantheon_line(s, q, viewer))
        if s.step == BATTLE and s.active(q):
            lines.append(f"    battle: {w.counted(s.attacks[q], 'attack')}, Power {s.battle_power(q)}")
    if s.log:
        lines.append("recent: " + "; ".join(w.recent_lines(s.log, viewer, 5)))
    return "\n".join(lines)


def _pantheon_line(s, q: int, viewer) -> str:
    """Pantheon, God (hidden from the others until the reveal), Miracles, Mythology cards."""
    pan = f"the {PANTHEONS[s.pantheon[q]].name} Pantheon" if s.pantheon[q] >= 0 else "no Pantheon yet"
    d = s.deity[q]
    if d < 0:
        god = "not chosen yet"
    elif s.revealed or viewer is None or viewer == q:
        god = DEITIES[d].name
    else:
        god = "(face down)"
    deck = s.myth_deck[q]
    top = MYTHS[deck[-1]].name if deck else "none"
    own = []
    for m in s.myth_own[q]:
        tag = " (in Stake)" if m in s.hero_stake[q] else " (used)" if m in s.myth_used[q] else ""
        own.append(MYTHS[m].name + tag)
    return (f"{pan}, God {god}, {w.counted(s.miracles[q], 'Miracle')} | Mythology cards: top {top} "
            f"(deck {len(deck)}), in play {', '.join(own) or 'none'}")


# ----------------------------------------------------------------------------- the picture
WIDTH = 1360
SPHERE_COLORS = ((120, 170, 210), (140, 110, 60), (210, 80, 40), (40, 100, 180))  # air, earth, fire, water
TOKEN_COLORS = ((200, 190, 160), (150, 150, 160), (220, 180, 50))   # Disciple, Priest, Prophet
TYPE_COLORS = {"attack": (180, 50, 50), "effect": (70, 120, 170), "place": (80, 140, 80), "power": (140, 80, 160)}


def height(n: int) -> int:
    """The frame height at ``n`` seats (a fixed size per config): two seats a row."""
    return 78 + 8 + 196 + ((n + 1) // 2) * 236 + 8


def _card(c, box, card: int, size: int = 10, note: str = "") -> None:
    k = kind(card)
    col = TYPE_COLORS.get(k.type, d.MUTED)
    orb = f"{k.orbs} {ORBS[k.orb]}" if k.orb >= 0 and k.orbs else ""
    d.card(c, box, k.name, [f"{k.type}, {SPHERES[k.sphere]}" if k.sphere >= 0 else k.type, orb], col, size, note=note)


def _tokens(c, x: float, y: float, toks, r: float = 11, label: str = "") -> float:
    """A seat's tokens (Disciples, Priests, Prophets) as three discs with counts; returns the x after them."""
    if label:
        c.text((x, y), label, 11, d.MUTED, anchor="lm")
        x += d.font(11).getlength(label) + 6
    for t in range(3):
        d.token(c, (x + r, y), r, TOKEN_COLORS[t], str(toks[t]), 11, ink=d.INK)
        x += 2 * r + 4
    return x + 6


def _cards_row(c, box, faces, backs: int, label: str, max_w: float = 56) -> None:
    """``faces`` (card ids, drawn face up) then ``backs`` card backs in a row under ``label``."""
    total = len(faces) + backs
    d.label(c, (box[0], box[1]), f"{label} ({total})", 11, d.MUTED, box[2] - box[0])
    cells = d.row((box[0], box[1] + 14, box[2], box[3]), max(total, 6), 3, max_width=max_w)
    for i, cb in enumerate(cells[:total]):
        if i < len(faces):
            _card(c, cb, faces[i], 9)
        else:
            d.card_back(c, cb)
    if total > len(cells):
        d.label(c, (box[2], box[3]), f"+{total - len(cells)}", 12, anchor="rd")


def draw(state, seat):
    """Seat ``seat``'s view (``"all"``: everything): the Constellation (unrevealed Essences as backs),
    the Initial Ante, the bet level and the bank, the Prayer Track, then each seat: its Cult (Disciples,
    Priests, Prophets), its Stake, its hand (faces the seat knows, backs for the others), its cards in
    play and Places, its deck and discard pile; in the Advanced game its Pantheon, God (face down for
    the others until the reveal), Miracles and Mythology cards."""
    s = state
    viewer = None if seat == "all" else seat
    n = s.n
    c = d.Canvas(WIDTH, height(n))
    cur = s.current_player()
    ret = s.returns()
    scores = []
    for q in range(n):
        tag = "out" if not s.alive[q] else "folded" if s.folded[q] else ""
        tags = ", ".join(t for t in ("to act" if q == cur else "", tag) if t)
        scores.append((w.cap(seat_name(q, viewer)) + (f" ({tags})" if tags else ""),
                       (f"{ret[q]:+g}" if cur < 0 else f"cult {value(s.cult[q])}")
                       + (f", {s.vp[q]} VP" if s.epic else ""), d.seat_color(q)))
    mode = s.game.config.get("mode", "basic")
    turn, pending = status(s, viewer)
    x0, y0, x1, y1 = d.header(c, f"Theomachy, {mode.capitalize()} game ({n} players) - {d.view_name(seat)}",
                              turn, pending, "".join(w.recent_lines(s.log, viewer, 1)), scores)
    cons_b, bet_b, track_b = d.split((x0, y0, x1, y0 + 188), 3.2, 2, 3.2, vertical=False, gap=10)
    inner = d.panel(c, cons_b, "Constellation", d.MUTED)
    cells = d.row(inner, max(5, len(s.const)), 4, max_width=80)
    for i, (cb, e) in enumerate(zip(cells, s.const)):
        if _const_known(s, i, viewer):
            es = ESSENCES[e]
            d.card(c, cb, SPHERES[es.sphere].capitalize(), [f"{es.orbs} {ORBS[es.orb]}"], SPHERE_COLORS[es.sphere], 11)
        else:
            d.card_back(c, cb)
    inner = d.panel(c, bet_b, "Bets", d.MUTED)
    c.text((inner[0], inner[1] + 2), f"Initial Ante {s.ante}", 13)
    _tokens(c, inner[0], inner[1] + 40, s.level, label="bet level")
    _tokens(c, inner[0], inner[1] + 74, s.bank, label="bank")
    x = inner[0]
    for t, worth in enumerate((2, 5, 10)):   # the key: each colour's token and what it is worth
        d.token(c, (x + 5, inner[1] + 104), 5, TOKEN_COLORS[t], "")
        key = f"{TOKEN_NAMES[t]} {worth}"
        c.text((x + 13, inner[1] + 104), key, 10, d.MUTED, anchor="lm")
        x += 13 + d.font(10).getlength(key) + 10
    inner = d.panel(c, track_b, f"Prayer Track (deck {len(s.prayer)})", d.MUTED)
    for cb, x in zip(d.row(inner, max(4, len(s.track)), 4, max_width=80), s.track):
        if x >= 0:
            _card(c, cb, x)
        else:
            c.rect(cb, None, d.LINE, radius=5)
    cells = [cb for r in d.grid((x0, y0 + 196, x1, y1), (n + 1) // 2, 2, gap=8) for cb in r]
    for q in range(n):
        flags = [f for f, on in (("OUT", not s.alive[q]), ("folded", s.folded[q]), ("LAST STAND", s.ls[q]),
                                 ("first player", s.first == q)) if on]
        inner = d.panel(c, cells[q], w.cap(seat_name(q, viewer)) + (f" ({', '.join(flags)})" if flags else "")
                        + f"  deck {len(s.deck[q])}, discard {len(s.disc[q])}", d.seat_color(q), size=13)
        ix0, iy0, ix1, iy1 = inner
        xx = _tokens(c, ix0, iy0 + 11, s.cult[q], label="cult")
        xx = _tokens(c, xx, iy0 + 11, s.stake[q], label=f"stake (value {value(s.stake[q])})")
        if s.step == BATTLE and s.active(q):
            c.text((xx, iy0 + 11), f"battle: {w.counted(s.attacks[q], 'attack')}, Power {s.battle_power(q)}", 12, anchor="lm")
        mine = viewer is None or viewer == q
        rows = d.split((ix0, iy0 + 26, ix1, iy1), 1, 1, gap=4)
        hand_b, play_b = d.split(rows[0], 1.4, 1, vertical=False, gap=8)
        faces = sorted(s.hand[q] if mine else [x for x in s.hand[q] if s.vis[x] >> viewer & 1],
                       key=lambda x: kind(x).name)
        _cards_row(c, hand_b, faces, len(s.hand[q]) - len(faces), "hand")
        _cards_row(c, play_b, sorted(s.table[q], key=lambda x: kind(x).name) + [pl[0] for pl in s.places[q]], 0,
                   "in play and Places")
        lines = []
        bottom = rows[1]
        if s.advanced:
            pan = f"{PANTHEONS[s.pantheon[q]].name} Pantheon" if s.pantheon[q] >= 0 else "no Pantheon yet"
            dd = s.deity[q]
            gb, bottom = d.split(rows[1], 1, 3, vertical=False, gap=8)
            cb = (gb[0], gb[1] + 14, gb[0] + 70, gb[3])
            d.label(c, (gb[0], gb[1]), f"{pan}, {w.counted(s.miracles[q], 'Miracle')}", 11, d.MUTED, gb[2] - gb[0])
            if dd < 0:  # no God chosen yet: an empty place for it
                c.rect(cb, None, d.LINE, radius=5)
                c.text(((cb[0] + cb[2]) / 2, (cb[1] + cb[3]) / 2), "God", 10, d.MUTED, anchor="mm")
            elif s.revealed or mine:
                d.card(c, cb, DEITIES[dd].name, ["God"], d.seat_color(q), 10)
            else:
                d.card_back(c, cb, "God")
            own = [MYTHS[m].name + (" (in Stake)" if m in s.hero_stake[q] else " (used)" if m in s.myth_used[q] else "")
                   for m in s.myth_own[q]]
            deck = s.myth_deck[q]
            lines.append(f"Mythology cards: top {MYTHS[deck[-1]].name if deck else 'none'} (deck {len(deck)}), "
                         f"in play {', '.join(own) or 'none'}")
        if s.aside[q]:
            lines.append(f"set aside: {_cards(s.aside[q]) if mine else f'{len(s.aside[q])} cards'}")
        if s.draft_hand[q] and mine:
            lines.append(f"packet: {_cards(s.draft_hand[q])} | kept: {_cards(s.picks[q])}")
        lines.append(f"discard top: {kind(s.disc[q][-1]).name if s.disc[q] else 'none'}")
        d.text_box(c, bottom, "\n".join(lines), 11)
    return c.image
