"""Text rendering of a Demigods state from one seat's view (``None``: everything)."""

from __future__ import annotations

from .rules import ACT, CTX_NAMES, DRAW, KINDS, OVER, TYPE_NAMES, card_label


def render_state(state, viewer: int | None = None) -> str:
    g = state.game
    kind_of = g.kind_of
    n = state.n
    lines = []
    who = "omniscient" if viewer is None else f"seat {viewer}"
    if state.phase == OVER:
        status = f"game over: seat {state.winner} claims the throne" if state.winner >= 0 else "game over: a draw"
    else:
        cur = state.current_player()
        step = "draws" if state.phase == DRAW else "plays or discards" if state.phase == ACT else ""
        status = f"turn {state.turns + 1}: seat {state.turn_player} {step}"
        if state.pending:
            rec = state.pending[-1]
            extra = f" ({CTX_NAMES[rec[3]]})" if rec[0] == "speech" else ""
            status += f"; seat {cur} decides: {rec[0]}{extra}"
    lines.append(f"Demigods ({who} view, speech {g.config['speech']}) - {status}")
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
        lines.append(f"{mark}seat {q}: hand {htxt}")
        lines.append(f"   kingdom: {' | '.join(kd)} | front: {fr}")
    lines.append("(* = blessed)")
    if state.log:
        lines.append("recent: " + "; ".join(state.log[-5:]))
    return "\n".join(lines)
