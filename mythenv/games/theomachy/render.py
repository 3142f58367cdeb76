"""Text rendering of a Theomachy state from one seat's view (``None``: everything)."""

from __future__ import annotations

from .cards import ESSENCES, KINDS, ORBS, SPHERES
from .pantheons import DEITIES, MYTHS, PANTHEONS, WINDOWS
from .rules import ADV_STEP_NAMES, BATTLE, BET, kind, value


def _ess(e: int) -> str:
    es = ESSENCES[e]
    return f"{SPHERES[es.sphere].capitalize()}({es.orbs} {ORBS[es.orb]})"


def _tok(t) -> str:
    return f"{t[0]}D/{t[1]}Pr/{t[2]}Ph"


def _cards(cs) -> str:
    return ", ".join(sorted(kind(c).name for c in cs)) or "-"


def render_state(s, viewer: int | None = None) -> str:
    n = s.n
    who = "omniscient" if viewer is None else f"player_{viewer}"
    cur = s.current_player()
    head = f"Theomachy ({who} view) - Hand {s.hands + 1}, {ADV_STEP_NAMES[s.step]}"
    if s.step == BET:
        head += f" round {s.round + 1}"
    if cur >= 0:
        head += f"; player_{cur} to act"
        pend = s.pending[-1] if s.pending else None
        if pend is None:
            pass
        elif pend[0] in ("target", "react"):
            head += f" ({pend[0]}: {kind(pend[2]).name})"
        elif pend[0] == "closing":
            head += " (Closing-Phase Effects)"
        elif pend[0] == "window":
            head += f" (Mythology window {WINDOWS[pend[2]]})"
        else:
            src = pend[2]
            what = f"{DEITIES[src].name}'s Ability" if src < len(DEITIES) else MYTHS[src - len(DEITIES)].name
            head += f" ({'discarding for' if pend[0] == 'cost' else 'target of'} {what})"
    lines = [head]
    cons = []
    for i, e in enumerate(s.const):
        known = i < s.const_up or viewer is None or s.peek[viewer]
        cons.append(_ess(e) if known else "??")
    lines.append(f"Constellation: {' '.join(cons) or '-'} | Initial Ante {s.ante} | "
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
        line = (f"player_{q} [{' '.join(flags)}] cult {_tok(s.cult[q])} stake {_tok(s.stake[q])} "
                f"(value {value(s.stake[q])})")
        if viewer is None or viewer == q:
            line += f" | hand: {_cards(s.hand[q])}"
        else:
            known = [c for c in s.hand[q] if s.vis[c] >> viewer & 1]
            line += f" | hand: {len(s.hand[q])} cards" + (f" (known: {_cards(known)})" if known else "")
        if s.aside[q]:
            line += (f" | set aside: {_cards(s.aside[q])}" if viewer is None or viewer == q
                     else f" | set aside: {len(s.aside[q])} cards")
        if s.draft_hand[q] and (viewer is None or viewer == q):
            line += f" | packet: {_cards(s.draft_hand[q])} | kept: {_cards(s.picks[q])}"
        top = kind(s.disc[q][-1]).name if s.disc[q] else "-"
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
            lines.append(f"    battle: {s.attacks[q]} attack(s), Power {s.battle_power(q)}")
    if s.log:
        lines.append("recent: " + "; ".join(s.log[-5:]))
    return "\n".join(lines)


def _pantheon_line(s, q: int, viewer) -> str:
    """Pantheon, God (hidden from the others until the reveal), Miracles, Mythology cards."""
    pan = PANTHEONS[s.pantheon[q]].name if s.pantheon[q] >= 0 else "-"
    d = s.deity[q]
    if d < 0:
        god = "-"
    elif s.revealed or viewer is None or viewer == q:
        god = DEITIES[d].name
    else:
        god = "(face down)"
    deck = s.myth_deck[q]
    top = MYTHS[deck[-1]].name if deck else "-"
    own = []
    for m in s.myth_own[q]:
        tag = " (in Stake)" if m in s.hero_stake[q] else " (used)" if m in s.myth_used[q] else ""
        own.append(MYTHS[m].name + tag)
    return (f"pantheon {pan}, god {god}, miracles {s.miracles[q]} | mythology top {top} "
            f"(deck {len(deck)}) | in play: {', '.join(own) or '-'}")
