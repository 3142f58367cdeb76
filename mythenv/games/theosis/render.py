"""Theosis from one seat's view: the text (``render_state``, viewer ``None``: everything) and the
picture (``draw``, seat ``"all"``: everything) through ``mythenv.core.draw``."""

from __future__ import annotations

import re

from mythenv.core import draw as d
from mythenv.core import words as w
from mythenv.core.game import seat_name

from .cards import HEROES, HIERAPOLIS, ITEMS, MONSTERS, POWERS, RITUALS, STATUSES, TOKENS
from .rules import DT_NAMES, HEXES, NC, NH, SPOT_NAMES, R
from .rules.texts import hex_text


def _card(state, c, viewer):
    if viewer is None or state.vis[c] >> viewer & 1:
        p = POWERS[c]
        return f"{p.name}({p.attack}/{p.defense})"
    return "?"


#: the steps of the preparation as the table names them
PHASE_WORDS = {"select": "Choosing the heroes", "draft": "Drafting Powers", "mana": "Placing Mana gems",
               "artifact": "Taking Artifacts", "item": "Taking items", "gold": "Sharing the gold",
               "place": "Placing the heroes in the Arena"}


def status(state, viewer: int | str | None = None) -> tuple[str, str]:
    """The status line's two parts, public, in the table's words for ``viewer``: the phase and its
    turn, and whose decision it is (``mythenv.core.words.to_act_text``; the ending once the game is
    over)."""
    if state.winner != -2:
        context = "Game over"
    elif state.phase == "prep":
        context = f"Hierapolis, turn {state.pturn}"
    elif state.phase == "arena":
        context = f"The Arena, turn {state.turn}"
    else:
        context = PHASE_WORDS.get(state.phase, w.cap(state.phase.replace("_", " ")))
    return context, w.to_act_text(state, viewer)


_COORD = re.compile(r"\((-?\d+), (-?\d+)\)")
_TURNED = re.compile(r"\(turned (\d)\)")


def _hex_words(m: re.Match) -> str:
    qr = (int(m.group(1)), int(m.group(2)))
    return hex_text(HEXES.index(qr)) if qr in HEXES else m.group(0)


#: the faces of the Thieves' Guild die in words
FACE_WORDS = {"steal_mana": "steal a Mana gem", "damage": "take 3 Damage", "steal_gold_2": "steal 2 gold",
              "steal_gold_4": "steal 4 gold", "initiative": "take the initiative marker", "fence": "the fence"}
_FACE = re.compile(r"(?<=die: )([a-z0-9_]+)")


def _words(line: str) -> str:
    """A line of the log with its places as the picture shows them (a hex by its row and its place
    in the row, a Ritual token's turn in degrees) and the Thieves' Guild die's face in words."""
    line = _FACE.sub(lambda m: FACE_WORDS.get(m.group(1), m.group(1).replace("_", " ")), line)
    return _TURNED.sub(lambda m: f"(turned {60 * int(m.group(1))} degrees)", _COORD.sub(_hex_words, line))


def _team(state, p: int) -> str:
    """", team 2" where the seats play in teams (numbered as a person counts); "" where every seat
    plays for itself or all play together."""
    teams = set(state.team[:state.n])
    return f", team {state.team[p] + 1}" if 1 < len(teams) < state.n else ""


def _where(state, h: int) -> str:
    return hex_text(state.pos[h]) if state.pos[h] >= 0 else "not in the Arena"


def render_state(state, viewer: int | None = None) -> str:
    lines = []
    lines.append(f"Theosis ({w.view_title(viewer)}) - {w.status_text(*status(state, viewer))}")
    occ = {state.pos[h]: h for h in range(NH) if state.alive(h)}
    mocc = {state.mpos[m]: m for m in range(len(state.mkind)) if state.m_alive(m)}  # --- Monsters
    for r in range(-R, R + 1):
        row = []
        for q in range(-R, R + 1):
            if (q, r) not in HEXES:
                continue
            i = HEXES.index((q, r))
            h = occ.get(i, -1)
            v = state.rhex[i]  # --- Rituals: a token hex shows its Ritual's initial (# where blocked)
            empty = "[ ]" if (q, r) == (0, 0) else (" . " if v < 0 else
                                                    f" {RITUALS[v >> 1].name[0]}{'#' if v & 1 else ' '}")
            if i in mocc:  # --- Monsters: the monster's initials, e.g. KO
                empty = "M" + MONSTERS[state.mkind[mocc[i]]].key[:2].upper()
            row.append(f"{HEROES[h].key[:2].upper()}{state.owner[h] + 1}" if h >= 0 else empty)
        lines.append(" " * (2 * abs(r)) + " ".join(f"{x:3s}" for x in row))
    if state.ranking:
        lines.append("ranking: " + ", ".join(HEROES[h].name for h in state.ranking))
    for h in range(NH):
        if state.owner[h] < 0:
            continue
        eq = ",".join(ITEMS[i].name for i in state.eq[h] if i >= 0) or "-"
        tokens = ",".join(POWERS[c].name for c in range(NC) if state.token[c] == h)
        lines.append(f" {HEROES[h].name} ({HEROES[h].archetypes[state.arch[h]]}, {seat_name(state.owner[h], viewer)}): "
                     f"Health {state.hp[h]}, Mana {state.mana[h]}, gold {state.gold[h]}, {_where(state, h)},"
                     f" items {eq}" + (f" tokens {tokens}" if tokens else "") + (" stealth" if state.stealth[h] else ""))
    for p in range(state.n):
        mine = viewer is None or state.team[p] == state.team[viewer]
        if mine:
            hand = ", ".join(_card(state, c, None) for c in state.hand[p])
        else:
            hand = f"{len(state.hand[p])} cards"
        disc = ", ".join(_card(state, c, None if mine else viewer) for c in state.disc[p])
        lines.append(f" {w.cap(seat_name(p, viewer))}{_team(state, p)}: hand {hand} | discard [{disc}] | in play {len(state.inplay[p])}")
    # --- Rituals: the tokens and the cards face up are public; a prepared Ritual its team's only
    if state.rtok:
        lines.append(" ritual tokens: " + ", ".join(f"{RITUALS[ri].name} from {hex_text(i // 6)}, turned "
                                                    f"{60 * (i % 6)} degrees ({seat_name(p, viewer)})"
                                                    for ri, i, p in state.rtok))
    if state.rshown:
        lines.append(" rituals face up: " + ", ".join(RITUALS[ri].name for ri in state.rshown))
    for p in range(state.n):
        if state.prepared[p]:
            mine = viewer is None or state.team[p] == state.team[viewer]
            what = (", ".join(f"{RITUALS[ri].name} (turn {t})" for ri, t in state.prepared[p]) if mine
                    else _face_down(state.prepared[p]))
            lines.append(f" {w.cap(seat_name(p, viewer))}, Rituals prepared: {what}")
    # --- Monsters: the top Stamina Token is public (unless face down), the pile below it hidden from all
    for m in range(len(state.mkind)):
        k = state.mkind[m]
        if k < 0:
            continue
        st = state.mstack[m]
        top = _stamina_top(state, m)
        where = hex_text(state.mpos[m]) if state.mpos[m] >= 0 else "defeated"
        lines.append(f" monster {MONSTERS[k].name} at {where}: {len(st)} Stamina Tokens, top {top}"
                     + "".join(f", {x.replace('_', ' ')}" for x, v in zip(STATUSES, state.mstat[m]) if v))
    if any(state.kept):
        lines.append(" Stamina Tokens kept: " + ", ".join(f"{seat_name(p, viewer)} {len(k)}" for p, k in enumerate(state.kept)))
    if state.offer:
        lines.append(" offer: " + ", ".join(ITEMS[i].name for i in state.offer))
    if state.phase == "prep" or state.pturn:  # --- Hierapolis
        lines += _render_prep(state, viewer)
    if state.log:
        lines.append("recent: " + "; ".join(w.recent_lines(state.log, viewer, 5, _words)))
    return "\n".join(lines)


# --- Hierapolis
def _render_prep(state, viewer) -> list[str]:
    """The Hierapolis board as ``viewer`` sees it: sealed bids and the Rituals of other teams hidden."""
    from .cards import HIERAPOLIS, RITUALS
    from .rules import SPOT_NAMES

    def sees(q):
        return viewer is None or state.team[q] == state.team[viewer]

    out = [f" Hierapolis turn {state.pturn}, {seat_name(state.pfirst, viewer)} first; initiative marker: "
           f"{seat_name(state.initiative, viewer)}"]
    out.append(" tracks: " + ", ".join(f"{t['left']} or {t['right']} {v:+d}" for t, v in zip(HIERAPOLIS["tracks"], state.track)))
    out.append(" purses: " + ", ".join(f"{seat_name(q, viewer)} {state.purse[q]}" + (f" (+{state.msupply[q]} gems)" if state.msupply[q]
                                                                  else "") for q in range(state.n)))
    taken = [f"{SPOT_NAMES[i]}: " + ", ".join(seat_name(q, viewer) for q in seats)
             for i, seats in enumerate(state.spots) if seats]
    if taken:
        out.append(" spots: " + "; ".join(taken))
    if state.ehero:  # --- Co-op preparation: the enemy heroes (public)
        out.append(" enemy heroes: " + ", ".join(
            f"{HEROES[h].name} {state.egold[k]} gold, health {state.hp[h]}"
            + (f" at the {SPOT_NAMES[state.espot[k]]}" if state.espot[k] >= 0 else "")
            for k, h in enumerate(state.ehero)))
    if state.bart >= 0:
        bids = []
        for q in range(state.n):
            if state.bjoin[q]:
                b = state.bid[q]
                bids.append(f"{seat_name(q, viewer)} " + ("?" if b < 0 else str(b) if state.brev or sees(q) else "sealed"))
        out.append(f" Artifact up for bidding: {ITEMS[state.bart].name}" + (" | bids: " + ", ".join(bids) if bids else ""))
    for q in range(state.n):
        if state.prepared[q]:
            if sees(q):
                out.append(f" {w.cap(seat_name(q, viewer))}, Rituals: " + ", ".join(f"{RITUALS[r].name} (turn {t})"
                                                                               for r, t in state.prepared[q]))
            else:
                out.append(f" {w.cap(seat_name(q, viewer))}, Rituals: {_face_down(state.prepared[q])}")
    if state.mseat >= 0 and sees(state.mseat):
        out.append(f" Mage Tower draw of {seat_name(state.mseat, viewer)}: " + ", ".join(RITUALS[r].name for r in state.mdraw))
    return out


def _stamina_top(state, m: int) -> str:
    """What the table sees of monster ``m``'s Stamina pile: its top token (unless face down)."""
    st = state.mstack[m]
    return ("face down" if state.mdown[m] else _token_text(TOKENS[st[0]])) if st else "-"


def _token_text(t) -> str:
    """A Stamina Token face up: the Damage that takes it, its resistances and protections."""
    text = f"{t.damage} Damage"
    if t.resistance:
        text += ", resists " + " and ".join(DT_NAMES[x] for x in sorted(t.resistance))
    if t.protection:
        text += ", immune to " + " and ".join(DT_NAMES[x] for x in sorted(t.protection))
    return text


def _face_down(prepared) -> str:
    """Another team's prepared Rituals: the cards face down, the turn markers on them public."""
    turns = ", ".join(str(t) for _ri, t in prepared)
    return f"{len(prepared)} face down (turn marker{'s' if len(prepared) > 1 else ''} {turns})"


# ----------------------------------------------------------------------------- the picture
WIDTH, HEIGHT = 1360, 960
TERRAIN = (222, 214, 190)


def _hero_label(h: int) -> str:
    return HEROES[h].name.split()[0][:9]


def _arena(c, box, state, hexes: dict | None = None) -> None:
    """The hex Arena: heroes (their seat's colour, Health below the name), monsters, Ritual tokens
    (``hexes``, when given, gets each hex's corners: where a person clicks it)."""
    inner = d.panel(c, box, "The Arena", d.MUTED)
    x0, y0, x1, y1 = inner
    size = min((x1 - x0) / (3 ** 0.5 * (2 * R + 1)), (y1 - y0) / (3 * R + 2)) * 0.98
    origin = ((x0 + x1) / 2, (y0 + y1) / 2)
    occ = {state.pos[h]: h for h in range(NH) if state.alive(h)}
    mocc = {state.mpos[m]: m for m in range(len(state.mkind)) if state.m_alive(m)}
    for i, (q, r) in enumerate(HEXES):
        ctr = d.hex_center(q, r, size, origin)
        v = state.rhex[i]
        fill = (250, 240, 200) if (q, r) == (0, 0) else TERRAIN
        text = "centre" if (q, r) == (0, 0) else ""
        if v >= 0:
            fill = (200, 170, 220) if not v & 1 else (150, 120, 170)
            text = RITUALS[v >> 1].name[:10] + ("\n(blocked)" if v & 1 else "")
        d.hexagon(c, ctr, size - 1, fill, d.LINE, text, 9)
        if hexes is not None:
            hexes[i] = [round(v, 1) for pt in d.hex_points(ctr, size - 1) for v in pt]
        h = occ.get(i, -1)
        if h >= 0:
            col = d.seat_color(state.owner[h]) if state.owner[h] >= 0 else d.MUTED
            d.token(c, ctr, size * 0.7, col, "", outline=d.INK)
            c.text((ctr[0], ctr[1] - 5), _hero_label(h), max(8, int(size * 0.3)), d.HEADER_INK, anchor="mm")
            c.text((ctr[0], ctr[1] + 8), f"HP {state.hp[h]}", max(8, int(size * 0.3)), d.HEADER_INK, anchor="mm")
        elif i in mocc:
            m = mocc[i]
            d.token(c, ctr, size * 0.75, (60, 60, 60), "", outline=(200, 40, 40))
            c.text((ctr[0], ctr[1] - 5), MONSTERS[state.mkind[m]].name[:9], max(8, int(size * 0.28)), d.HEADER_INK, anchor="mm")
            c.text((ctr[0], ctr[1] + 8), f"{len(state.mstack[m])} stam.", max(8, int(size * 0.28)), d.HEADER_INK, anchor="mm")


def _hierapolis(c, box, state, viewer) -> None:
    """The Hierapolis board: the Quests and locations with the seats placed on them, the Alignment
    tracks, purses, the Artifact up for bidding."""
    inner = d.panel(c, box, f"Hierapolis - turn {state.pturn}, {seat_name(state.pfirst, viewer)} first, initiative: "
                    f"{seat_name(state.initiative, viewer)}",
                    d.MUTED)
    spots_b, tracks_b = d.split(inner, 3, 1.3, gap=8)
    cols = 3
    rows = (len(SPOT_NAMES) + cols - 1) // cols
    cells = d.grid(spots_b, rows, cols, gap=6)
    for i, name in enumerate(SPOT_NAMES):
        cb = cells[i // cols][i % cols]
        gold = "golden" in name
        c.rect(cb, fill=(245, 230, 180) if gold else d.PANEL, outline=d.LINE, width=2, radius=6)
        d.text_box(c, (cb[0], cb[1], cb[2], cb[1] + 34), name, 12, align="center")
        for j, q in enumerate(state.spots[i]):
            d.token(c, (cb[0] + 20 + 30 * j, cb[3] - 18), 12, d.seat_color(q), w.seat_mark(q, viewer), 10)
        for k, h in enumerate(state.ehero):
            if state.espot[k] == i:
                d.token(c, (cb[2] - 20 - 30 * k, cb[3] - 18), 12, d.MUTED, _hero_label(h)[:2], 10)
    tr = d.split(tracks_b, *([1] * len(HIERAPOLIS["tracks"])), 1.2)
    for t, v, tb in zip(HIERAPOLIS["tracks"], state.track, tr):
        L = t["length"]
        labels = [str(abs(L - k)) for k in range(2 * L + 1)]   # +k (towards ``left``) is drawn on the left
        d.track(c, tb, -L, L, {-v: [(d.HIGHLIGHT, "")]}, f"{t['left']} <- track -> {t['right']}", 11, labels)
    lines = ["purses: " + ", ".join(f"{seat_name(q, viewer)} {state.purse[q]}" + (f" (+{state.msupply[q]} gems)" if state.msupply[q] else "")
                                    for q in range(state.n))]
    if state.bart >= 0:
        bids = []
        for q in range(state.n):
            if state.bjoin[q]:
                b = state.bid[q]
                sees = viewer is None or state.team[q] == state.team[viewer]
                bids.append(f"{seat_name(q, viewer)} " + ("?" if b < 0 else str(b) if state.brev or sees else "sealed"))
        lines.append(f"Artifact up for bidding: {ITEMS[state.bart].name}" + (" | bids: " + ", ".join(bids) if bids else ""))
    if state.ehero:
        lines.append("enemy heroes: " + ", ".join(f"{HEROES[h].name} {state.egold[k]} gold, health {state.hp[h]}"
                                                 for k, h in enumerate(state.ehero)))
    if state.mseat >= 0 and (viewer is None or state.team[state.mseat] == state.team[viewer]):
        lines.append(f"Mage Tower draw of {seat_name(state.mseat, viewer)}: " + ", ".join(RITUALS[r].name for r in state.mdraw))
    d.text_box(c, tr[-1], "\n".join(lines), 11)


def draw(state, seat, hexes: dict | None = None):
    """Seat ``seat``'s view (``"all"``: everything): the hex Arena (or, in the Hierapolis
    preparation, the Hierapolis board), every hero with its Health, Mana, gold and items, each seat's
    Powers (faces for its team, backs for the others), prepared Rituals (face down for the other
    teams), the monsters and the score line."""
    viewer = None if seat == "all" else seat
    n = state.n
    c = d.Canvas(WIDTH, HEIGHT)
    cur = state.current_player()
    ret = state.returns()
    mode = state.game.config.get("mode", "")
    scores = []
    for p in range(n):
        alive = sum(1 for h in range(NH) if state.owner[h] == p and state.hp[h] > 0)
        scores.append((w.cap(seat_name(p, viewer)) + (" (to act)" if p == cur else ""),
                       _team(state, p)[2:] + (", " if _team(state, p) else "")
                       + (f"{ret[p]:+g}" if state.winner != -2 else f"purse {state.purse[p]}" if state.phase == "prep"
                          else f"{alive} heroes up"), d.seat_color(p)))
    turn, pending = status(state, viewer)
    prep = "fast preparation" if state.game.config.get("prep") == "fast" else "Hierapolis"
    x0, y0, x1, y1 = d.header(c, f"Theosis, {mode.replace('_', ' ')} ({n} player{'s' if n > 1 else ''}, {prep}) - "
                              f"{d.view_name(seat)}", turn, pending, "".join(w.recent_lines(state.log, viewer, 1, _words)), scores)
    left, right = d.split((x0, y0, x1, y1), 1.15, 1, vertical=False, gap=10)
    if state.phase == "prep":
        _hierapolis(c, left, state, viewer)
    else:
        _arena(c, left, state, hexes)
    heroes = [h for h in range(NH) if state.owner[h] >= 0 or h in state.ehero]
    hb, sb = d.split(right, max(3, len(heroes)) * 0.33 + 0.6, n * 0.55 + 1.0, gap=8)
    inner = d.panel(c, hb, "Heroes (Health, Mana, gold, items)", d.MUTED)
    lh = min(28, (inner[3] - inner[1]) / max(1, len(heroes)))
    for k, h in enumerate(heroes):
        y = inner[1] + k * lh
        p = state.owner[h]
        col = d.seat_color(p) if p >= 0 else d.MUTED
        d.token(c, (inner[0] + 9, y + lh / 2), min(9, lh / 2 - 1), col, "")
        eq = ",".join(ITEMS[i].name for i in state.eq[h] if i >= 0) or "-"
        dead = " (fallen)" if state.hp[h] <= 0 else "" if state.pos[h] >= 0 else " (not in the Arena)"
        arch = HEROES[h].archetypes[state.arch[h]] if state.arch[h] >= 0 else ""
        who = f", {seat_name(p, viewer)}" if p >= 0 and n > 1 else ""
        d.label(c, (inner[0] + 22, y + lh / 2), f"{HEROES[h].name} ({arch}{who}) HP {state.hp[h]}  Mana {sum(state.mana[h])}/3  "
                f"gold {state.gold[h]}  items {eq}{dead}", 11, width=inner[2] - inner[0] - 24, anchor="lm")
    inner = d.panel(c, sb, "Seats: Powers in hand, Rituals, monsters", d.MUTED)
    row_h = min(86, (inner[3] - inner[1] - 60) / n)   # one row of Powers per seat, the rest for the text
    rows = [(inner[0], inner[1] + p * row_h, inner[2], inner[1] + (p + 1) * row_h - 4) for p in range(n)]
    rows.append((inner[0], inner[1] + n * row_h, inner[2], inner[3]))
    for p in range(n):
        rb = rows[p]
        mine = viewer is None or state.team[p] == state.team[viewer]
        d.label(c, (rb[0], rb[1]), f"{w.cap(seat_name(p, viewer))}{_team(state, p)}: hand {len(state.hand[p])}, discard "
                f"{len(state.disc[p])}, in play {len(state.inplay[p])}", 11, d.seat_color(p), rb[2] - rb[0])
        cells = d.row((rb[0], rb[1] + 14, rb[2], rb[3]), max(8, len(state.hand[p]) + 1), 3, max_width=58)
        for cb, x in zip(cells, state.hand[p]):
            if mine:
                pw = POWERS[x]
                d.card(c, cb, pw.name, [f"{pw.attack}/{pw.defense}"], d.seat_color(p), 9)
            else:
                d.card_back(c, cb)
        if state.prepared[p] and len(cells) > len(state.hand[p]):
            cb = cells[len(state.hand[p])]
            if mine:
                d.card(c, cb, "Rituals", [", ".join(RITUALS[r].name for r, _ in state.prepared[p])], (120, 80, 150), 9)
            else:
                # face down, the turn markers on them public (TH § Mage Tower)
                turns = ",".join(str(t) for _r, t in state.prepared[p])
                d.card_back(c, cb, f"{len(state.prepared[p])} R t{turns}", color=(120, 80, 150))
    lines = []
    for m in range(len(state.mkind)):
        k = state.mkind[m]
        if k < 0:
            continue
        st = state.mstack[m]
        top = _stamina_top(state, m)
        lines.append(f"{MONSTERS[k].name}: {len(st)} Stamina Tokens, top {top}"
                     + "".join(f", {x.replace('_', ' ')}" for x, v in zip(STATUSES, state.mstat[m]) if v))
    if state.rshown:
        lines.append("Rituals face up: " + ", ".join(RITUALS[ri].name for ri in state.rshown))
    if state.offer:
        lines.append("offer: " + ", ".join(ITEMS[i].name for i in state.offer))
    if state.ranking:
        lines.append("ranking: " + ", ".join(HEROES[h].name for h in state.ranking))
    d.text_box(c, rows[-1], "\n".join(lines) or "-", 11)
    return c.image


def hit_regions(state, seat) -> dict[int, list[float]]:
    """Where a person clicks the picture (``Game.hit_regions``): the Arena's hexes for a hex choice
    (a move, a target) and for a Ritual token's placement (every rotation of a token at a hex shares
    that hex: the page then asks for the rotation). Hex ``i``'s action ids come from the codec."""
    if state.phase == "prep":
        return {}
    hexes: dict[int, list[float]] = {}
    draw(state, seat, hexes)
    codec = state.game.codec
    out = {}
    for a in state.legal_actions():
        fam, idx = codec.decode(a)
        if fam in ("hex", "rplace") and idx[0] in hexes:
            out[a] = hexes[idx[0]]
    return out
