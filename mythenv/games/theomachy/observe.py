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


def _counts(cards, row: np.ndarray, scale: float = 0.25) -> None:
    for c in cards:
        k = kid(c)
        v = row[k] + scale
        row[k] = v if v < 1.0 else 1.0


def encode(state: TheomachyState, p: int, out: np.ndarray) -> None:
    n = state.n
    v = observer(n).views(out)
    bit = 1 << p
    cur = state.current_player()
    v["step"][state.step] = 1
    if state.pending:
        v["decision"][{"target": 1, "react": 2, "closing": 3}[state.pending[-1][0]]] = 1
    else:
        v["decision"][0] = 1
    if cur == p:
        v["to_move"][0] = 1
    if state.step == BET:
        v["bet_round"][min(state.round, 2)] = 1
        if state.acted_now and state.turn == p:
            v["acted_now"][0] = 1
    elif state.step == BATTLE and state.turn_played and state.turn == p:
        v["acted_now"][0] = 1
    if state.alive[p]:
        for t in range(3):
            v["to_call"][t] = min(max(state.level[t] - state.paid[p][t], 0) / 10.0, 1.0)
    v["ante"][state.ante - 1] = 1
    _counts(state.hand[p], v["hand"])
    others = ((1 << n) - 1) ^ bit
    _counts([c for c in state.hand[p] if state.vis[c] & others], v["hand_known"])
    _counts(state.aside[p], v["set_aside"])
    _counts(state.deck[p], v["deck"])
    _counts(state.disc[p], v["discard"])
    _counts(state.draft_hand[p], v["draft_packet"])
    kept = state.picks[p] + ([state.picked_now[p]] if state.picked_now[p] >= 0 else [])
    _counts(kept, v["draft_kept"])
    for i in range(1, n):
        q = (p + i) % n
        _counts([c for c in state.hand[q] if state.vis[c] & bit], v["opp_hand_known"][i - 1])
    seat = v["seat"]
    sizes = v["sizes"]
    for i in range(n):
        q = (p + i) % n
        for t in range(3):
            v["cult"][i, t] = min(state.cult[q][t] / 20.0, 1.0)
            v["stake"][i, t] = min(state.stake[q][t] / 20.0, 1.0)
            v["last_stand_tokens"][i, t] = min(state.lsk[q][t] / 20.0, 1.0)
            v["paid"][i, t] = min(state.paid[q][t] / 20.0, 1.0)
        seat[i, 0] = state.alive[q]
        seat[i, 1] = state.folded[q]
        seat[i, 2] = state.ls[q]
        seat[i, 3] = state.first == q
        seat[i, 4] = state.acted[q]
        seat[i, 5] = cur == q
        sizes[i, 0] = min((len(state.hand[q]) + len(state.aside[q])) / 10.0, 1.0)
        sizes[i, 1] = min(len(state.deck[q]) / 30.0, 1.0)
        sizes[i, 2] = min(len(state.disc[q]) / 60.0, 1.0)
        v["discard_top"][i, kid(state.disc[q][-1]) if state.disc[q] else NK] = 1
        _counts(state.table[q], v["table"][i])
        for pl in state.places[q]:
            cell = v["places"][i, kid(pl[0])]
            cell[pl[1]] = min(cell[pl[1]] + 0.5, 1.0)
        if state.step == BATTLE and state.active(q):
            v["battle"][i, 0] = min(state.attacks[q] / 10.0, 1.0)
            v["battle"][i, 1] = min(state.battle_power(q) / 150.0, 1.0)
    for t in range(3):
        v["level"][t] = min(state.level[t] / 20.0, 1.0)
        v["bank"][t] = min(state.bank[t] / 100.0, 1.0)
    for i, e in enumerate(state.const):
        if i < state.const_up or state.peek[p]:
            v["constellation"][i, e] = 1
        else:
            v["constellation"][i, NE] = 1
    sph, orbs = state.essence(p)
    me = v["my_essence"]
    for s in range(4):
        me[s] = min(sph[s] / 5.0, 1.0)
    me[4] = min(orbs[0] / 20.0, 1.0)
    me[5] = min(orbs[1] / 20.0, 1.0)
    for e in state.ess_disc:
        v["essence_discard"][e] = 1
    v["essence_deck"][0] = len(state.ess_deck) / float(NE)
    for i, c in enumerate(state.track):
        v["track"][i, kid(c) if c >= 0 else NK] = 1
    v["prayer_deck"][0] = min(len(state.prayer) / 240.0, 1.0)
    if state.pending and state.pending[-1][0] != "closing":
        pend = state.pending[-1]
        v["pending_card"][kid(pend[2])] = 1
        actor = pend[1] if pend[0] == "target" else pend[3]
        v["pending_seats"][0, (actor - p) % n] = 1
        if pend[0] == "react" and pend[4] >= 0:
            v["pending_seats"][1, (pend[4] - p) % n] = 1
    v["hands"][0] = min(state.hands / float(state.game.config["max_hands"]), 1.0)


__all__ = ["observer", "encode", "ESSENCES", "KINDS", "POWER"]
