"""Text rendering of a Theosis state from one seat's view (``None``: everything)."""

from __future__ import annotations

from .cards import HEROES, ITEMS, POWERS, RITUALS
from .mdata import MONSTERS, STATUSES, TOKENS
from .rules import HEXES, NC, NH, R


def _card(state, c, viewer):
    if viewer is None or state.vis[c] >> viewer & 1:
        p = POWERS[c]
        return f"{p.name}({p.attack}/{p.defense})"
    return "?"


def render_state(state, viewer: int | None = None) -> str:
    lines = []
    who = "omniscient" if viewer is None else f"seat {viewer}"
    if state.winner != -2:
        status = "game over: " + (f"team {state.winner} wins ({state.reason})" if state.winner >= 0 else state.reason)
    else:
        status = f"phase {state.phase}, turn {state.turn}, seat {state.dec[1]} decides {state.dec[0]}"
    lines.append(f"Theosis ({who} view) - {status}")
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
            row.append(f"{HEROES[h].key[:2].upper()}{state.owner[h]}" if h >= 0 else empty)
        lines.append(" " * (2 * abs(r)) + " ".join(f"{x:3s}" for x in row))
    if state.ranking:
        lines.append("ranking: " + ", ".join(HEROES[h].key for h in state.ranking))
    for h in range(NH):
        if state.owner[h] < 0:
            continue
        eq = ",".join(ITEMS[i].name for i in state.eq[h] if i >= 0) or "-"
        tokens = ",".join(POWERS[c].name for c in range(NC) if state.token[c] == h)
        lines.append(f" P{state.owner[h]} {HEROES[h].name} [{HEROES[h].archetypes[state.arch[h]]}] hp {state.hp[h]} "
                     f"mana {state.mana[h]} gold {state.gold[h]} pos {HEXES[state.pos[h]] if state.pos[h] >= 0 else '-'}"
                     f" items {eq}" + (f" tokens {tokens}" if tokens else "") + (" stealth" if state.stealth[h] else ""))
    for p in range(state.n):
        mine = viewer is None or state.team[p] == state.team[viewer]
        if mine:
            hand = ", ".join(_card(state, c, None) for c in state.hand[p])
        else:
            hand = f"{len(state.hand[p])} cards"
        disc = ", ".join(_card(state, c, None if mine else viewer) for c in state.disc[p])
        lines.append(f" seat {p} (team {state.team[p]}): hand {hand} | discard [{disc}] | in play {len(state.inplay[p])}")
    # --- Rituals: the tokens and the cards face up are public; a prepared Ritual its team's only
    if state.rtok:
        lines.append(" ritual tokens: " + ", ".join(f"{RITUALS[ri].name} at {HEXES[i // 6]} turned {i % 6} (P{p})"
                                                    for ri, i, p in state.rtok))
    if state.rshown:
        lines.append(" rituals face up: " + ", ".join(RITUALS[ri].name for ri in state.rshown))
    for p in range(state.n):
        if state.prepared[p]:
            mine = viewer is None or state.team[p] == state.team[viewer]
            what = (", ".join(f"{RITUALS[ri].name} (turn {t})" for ri, t in state.prepared[p]) if mine
                    else _face_down(state.prepared[p]))
            lines.append(f" seat {p} rituals prepared: {what}")
    # --- Monsters: the top Stamina Token is public (unless face down), the pile below it hidden from all
    for m in range(len(state.mkind)):
        k = state.mkind[m]
        if k < 0:
            continue
        st = state.mstack[m]
        top = ("face down" if state.mdown[m] else TOKENS[st[0]].key) if st else "-"
        where = HEXES[state.mpos[m]] if state.mpos[m] >= 0 else "defeated"
        lines.append(f" monster {MONSTERS[k].name} at {where}: {len(st)} Stamina Tokens, top {top}"
                     + "".join(f", {x}" for x, v in zip(STATUSES, state.mstat[m]) if v))
    if any(state.kept):
        lines.append(" Stamina Tokens kept: " + ", ".join(f"seat {p} {len(k)}" for p, k in enumerate(state.kept)))
    if state.offer:
        lines.append(" offer: " + ", ".join(ITEMS[i].name for i in state.offer))
    if state.phase == "prep" or state.pturn:  # --- Hierapolis
        lines += _render_prep(state, viewer)
    if state.log:
        lines.append("recent: " + "; ".join(state.log[-5:]))
    return "\n".join(lines)


# --- Hierapolis
def _render_prep(state, viewer) -> list[str]:
    """The Hierapolis board as ``viewer`` sees it: sealed bids and the Rituals of other teams hidden."""
    from .cards import HIERAPOLIS, RITUALS
    from .rules import SPOT_NAMES

    def sees(q):
        return viewer is None or state.team[q] == state.team[viewer]

    out = [f" Hierapolis turn {state.pturn}, P{state.pfirst} first; initiative marker P{state.initiative}"]
    out.append(" tracks: " + ", ".join(f"{t['key']} {v:+d}" for t, v in zip(HIERAPOLIS["tracks"], state.track)))
    out.append(" purses: " + ", ".join(f"P{q} {state.purse[q]}" + (f" (+{state.msupply[q]} gems)" if state.msupply[q]
                                                                  else "") for q in range(state.n)))
    taken = [f"{SPOT_NAMES[i]}: " + ",".join(f"P{q}" for q in seats) for i, seats in enumerate(state.spots) if seats]
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
                bids.append(f"P{q} " + ("?" if b < 0 else str(b) if state.brev or sees(q) else "sealed"))
        out.append(f" Artifact up for bidding: {ITEMS[state.bart].name}" + (" | bids: " + ", ".join(bids) if bids else ""))
    for q in range(state.n):
        if state.prepared[q]:
            if sees(q):
                out.append(f" P{q} Rituals: " + ", ".join(f"{RITUALS[r].name} (turn {t})" for r, t in state.prepared[q]))
            else:
                out.append(f" P{q} Rituals: {_face_down(state.prepared[q])}")
    if state.mseat >= 0 and sees(state.mseat):
        out.append(f" Mage Tower draw of P{state.mseat}: " + ", ".join(RITUALS[r].name for r in state.mdraw))
    return out


def _face_down(prepared) -> str:
    """Another team's prepared Rituals: the cards face down, the turn markers on them public."""
    turns = ", ".join(str(t) for _ri, t in prepared)
    return f"{len(prepared)} face down (turn marker{'s' if len(prepared) > 1 else ''} {turns})"
