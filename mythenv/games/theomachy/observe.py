"""What one seat of Theomachy sees: the observation pieces and their encoder.

Seat-indexed pieces are relative: row 0 is this seat, row ``i`` the player ``i`` seats to its left
(clockwise). A seat sees its own hand, draw-pile contents (not order), discard pile, draft packet
and kept draft cards; the cards of opponents' hands it has looked at (Insight) while they stay
there; and everything public: cults, stakes (Last Stand tokens apart), bets, who folded, Places and
their damage, cards played this Hand, discard-pile tops, the revealed Constellation (and the
face-down cards if it cast Prophecy), the Essence discard pile, the Prayer Track, the Initial Ante.
"""

from __future__ import annotations

import numpy as np

from mythenv.core.observe import Observer

from .cards import ESSENCES, KINDS
from .rules import BATTLE, BET, NE, NK, POWER, STEP_NAMES, TheomachyState, kid

_OBSERVERS: dict[int, Observer] = {}


def observer(n: int) -> Observer:
    ob = _OBSERVERS.get(n)
    if ob is None:
        ob = _OBSERVERS[n] = Observer([
            ("step", (len(STEP_NAMES),), "phase of the game"),
            ("decision", (4,), "ordinary turn / choosing a target / reaction window / Closing window"),
            ("to_move", (1,), "1 when this seat acts now"),
            ("bet_round", (3,), "betting round 1..3 (one-hot)"),
            ("acted_now", (1,), "this seat took its betting action this turn / played a card this Battle turn"),
            ("to_call", (3,), "tokens this seat must add to call, per type / 10"),
            ("ante", (3,), "Initial Ante level 1..3 (one-hot)"),
            ("hand", (NK,), "own hand, count per card kind / 4"),
            ("hand_known", (NK,), "own hand cards an opponent has looked at / 4"),
            ("set_aside", (NK,), "own cards set aside on folding (back in hand at the Closing Phase) / 4"),
            ("deck", (NK,), "own draw pile contents (order unknown) / 4"),
            ("discard", (NK,), "own discard pile / 4"),
            ("draft_packet", (NK,), "the draft packet in hand / 4"),
            ("draft_kept", (NK,), "draft cards kept so far / 4"),
            ("opp_hand_known", (n - 1, NK), "opponents' hand cards this seat has looked at / 4"),
            ("cult", (n, 3), "Cult tokens per type / 20"),
            ("stake", (n, 3), "Stake tokens per type / 20"),
            ("last_stand_tokens", (n, 3), "bank tokens on a Last Stand card / 20"),
            ("paid", (n, 3), "tokens bet this Hand per type / 20"),
            ("level", (3,), "the highest bet on the table per type / 20"),
            ("bank", (3,), "bank tokens per type / 100"),
            ("seat", (n, 6), "in the game, folded, Last Stand, First Player, acted this round, to move"),
            ("sizes", (n, 3), "hand / 10, draw pile / 30, discard pile / 60"),
            ("discard_top", (n, NK + 1), "top card of each discard pile (last = empty)"),
            ("table", (n, NK), "Power cards, continuous Effects and Attacks played this Hand / 4"),
            ("places", (n, NK, 2), "Places in play: intact / damaged"),
            ("battle", (n, 2), "Attacks resolved this Battle / 10, current Power total / 150"),
            ("constellation", (5, NE + 1), "Constellation cards (last = face down, unknown)"),
            ("my_essence", (6,), "own Essences per sphere / 5, Order and Chaos orbs / 20"),
            ("essence_discard", (NE,), "Essence cards in the discard pile"),
            ("essence_deck", (1,), "Essence draw pile size / 24"),
            ("track", (6, NK + 1), "Prayer Track spaces (last = empty)"),
            ("prayer_deck", (1,), "Prayer draw pile size / 240"),
            ("pending_card", (NK,), "card being targeted / reacted to"),
            ("pending_seats", (2, n), "its player and its target (relative seats)"),
            ("hands", (1,), "Hands played / the Hand bound"),
        ])
    return ob


def _offsets(n: int) -> dict[str, int]:
    return {name: piece.start for name, piece in observer(n).pieces.items()}


_OFFS: dict[int, dict[str, int]] = {}


def encode(state: TheomachyState, p: int, out: np.ndarray) -> None:
    """Fill the zeroed ``out`` with seat ``p``'s view (values gathered in a dict, written at once)."""
    n = state.n
    P = _OFFS.get(n)
    if P is None:
        P = _OFFS[n] = _offsets(n)
    acc: dict[int, float] = {}

    def one(i: int, x: float = 1.0) -> None:
        acc[i] = x

    def counts(cards, base: int) -> None:
        for c in cards:
            i = base + kid(c)
            acc[i] = acc.get(i, 0.0) + 0.25

    bit = 1 << p
    cur = state.current_player()
    one(P["step"] + state.step)
    if state.pending:
        one(P["decision"] + {"target": 1, "react": 2, "closing": 3}[state.pending[-1][0]])
    else:
        one(P["decision"])
    if cur == p:
        one(P["to_move"])
    if state.step == BET:
        one(P["bet_round"] + min(state.round, 2))
        if state.acted_now and state.turn == p:
            one(P["acted_now"])
    elif state.step == BATTLE and state.turn_played and state.turn == p:
        one(P["acted_now"])
    if state.alive[p]:
        for t in range(3):
            d = state.level[t] - state.paid[p][t]
            if d > 0:
                one(P["to_call"] + t, d / 10.0)
    one(P["ante"] + state.ante - 1)
    hand = state.hand[p]
    counts(hand, P["hand"])
    others = ((1 << n) - 1) ^ bit
    vis = state.vis
    counts([c for c in hand if vis[c] & others], P["hand_known"])
    counts(state.aside[p], P["set_aside"])
    counts(state.deck[p], P["deck"])
    counts(state.disc[p], P["discard"])
    counts(state.draft_hand[p], P["draft_packet"])
    counts(state.picks[p], P["draft_kept"])
    if state.picked_now[p] >= 0:
        counts([state.picked_now[p]], P["draft_kept"])
    base = P["opp_hand_known"]
    for i in range(1, n):
        q = (p + i) % n
        counts([c for c in state.hand[q] + state.aside[q] if vis[c] & bit], base + (i - 1) * NK)
    battle = state.step == BATTLE
    for i in range(n):
        q = (p + i) % n
        r3 = i * 3
        for t in range(3):
            if state.cult[q][t]:
                one(P["cult"] + r3 + t, state.cult[q][t] / 20.0)
            if state.stake[q][t]:
                one(P["stake"] + r3 + t, state.stake[q][t] / 20.0)
            if state.lsk[q][t]:
                one(P["last_stand_tokens"] + r3 + t, state.lsk[q][t] / 20.0)
            if state.paid[q][t]:
                one(P["paid"] + r3 + t, state.paid[q][t] / 20.0)
        sb = P["seat"] + i * 6
        if state.alive[q]:
            one(sb)
        if state.folded[q]:
            one(sb + 1)
        if state.ls[q]:
            one(sb + 2)
        if state.first == q:
            one(sb + 3)
        if state.acted[q]:
            one(sb + 4)
        if cur == q:
            one(sb + 5)
        zb = P["sizes"] + r3
        one(zb, (len(state.hand[q]) + len(state.aside[q])) / 10.0)
        one(zb + 1, len(state.deck[q]) / 30.0)
        one(zb + 2, len(state.disc[q]) / 60.0)
        one(P["discard_top"] + i * (NK + 1) + (kid(state.disc[q][-1]) if state.disc[q] else NK))
        counts(state.table[q], P["table"] + i * NK)
        pb = P["places"] + i * NK * 2
        for pl in state.places[q]:
            j = pb + kid(pl[0]) * 2 + pl[1]
            acc[j] = acc.get(j, 0.0) + 0.5
        if battle and state.active(q):
            one(P["battle"] + i * 2, state.attacks[q] / 10.0)
            one(P["battle"] + i * 2 + 1, state.battle_power(q) / 150.0)
    for t in range(3):
        one(P["level"] + t, state.level[t] / 20.0)
        one(P["bank"] + t, state.bank[t] / 100.0)
    cb = P["constellation"]
    peek = state.peek[p]
    for i, e in enumerate(state.const):
        one(cb + i * (NE + 1) + (e if i < state.const_up or peek else NE))
    sph, orbs = state.essence(p)
    mb = P["my_essence"]
    for s in range(4):
        one(mb + s, sph[s] / 5.0)
    one(mb + 4, orbs[0] / 20.0)
    one(mb + 5, orbs[1] / 20.0)
    for e in state.ess_disc:
        one(P["essence_discard"] + e)
    one(P["essence_deck"], len(state.ess_deck) / float(NE))
    tb = P["track"]
    for i, c in enumerate(state.track):
        one(tb + i * (NK + 1) + (kid(c) if c >= 0 else NK))
    one(P["prayer_deck"], len(state.prayer) / 240.0)
    if state.pending and state.pending[-1][0] != "closing":
        pend = state.pending[-1]
        one(P["pending_card"] + kid(pend[2]))
        actor = pend[1] if pend[0] == "target" else pend[3]
        one(P["pending_seats"] + (actor - p) % n)
        if pend[0] == "react" and pend[4] >= 0:
            one(P["pending_seats"] + n + (pend[4] - p) % n)
    one(P["hands"], state.hands / float(state.game.config["max_hands"]))
    out[list(acc.keys())] = list(acc.values())
    np.minimum(out, 1.0, out=out)


__all__ = ["observer", "encode", "ESSENCES", "KINDS", "POWER"]
