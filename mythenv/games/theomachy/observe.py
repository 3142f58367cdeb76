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

from mythenv.core.clayout import CDecl, CEnum, CStrings
from mythenv.core.observe import Observer, pile_counts, seats

from .cards import ESSENCES, KINDS
from .pantheons import ND, NM, NP, WINDOWS
from .rules import ADV_STEP_NAMES, BATTLE, BET, BOX_CARDS, KIND_OF, NE, NK, POWER, STEP_NAMES, TheomachyState

NW = len(WINDOWS)
_OBSERVERS: dict[tuple[int, bool], Observer] = {}

#: the entries of the ``decision`` piece: an ordinary turn, then a pending decision by its kind
#: (``state.pending[-1][0]``): choosing a target, a reaction window, the Closing window
_DECISIONS = ("turn", "target", "react", "closing")
#: the entries of the ``adv_decision`` piece, by the kind of the pending Advanced decision: a Phase
#: window, discarding for an Ability's cost, naming the target of an Ability or Mythology card
_ADV_DECISIONS = ("window", "cost", "mtarget")


def _basic_pieces(n: int, advanced: bool) -> list:
    """The pieces of every mode (the Advanced / Epic game has more steps, and its own pieces after these)."""
    return [
        ("step", (len(ADV_STEP_NAMES if advanced else STEP_NAMES),), "phase of the game"),
        ("decision", (len(_DECISIONS),), "ordinary turn / choosing a target / reaction window / Closing window"),
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
        ("battle_turn", (5,), "the sphere this Battle turn's Attacks are bound to (one-hot, by its first "
                              "Attack) and whether a multi-Essence Attack lifted the bound"),
    ]


def _adv_pieces(n: int) -> list:
    """The Advanced / Epic game's pieces (after the Basic ones, so the Basic layout never moves)."""
    return [
        ("adv_decision", (len(_ADV_DECISIONS),), "Phase window / discarding for an Ability's cost / naming the "
                                                 "target of an Ability or Mythology card"),
        ("pantheon", (n, NP), "each seat's Pantheon (TM § Choose a Pantheon)"),
        ("deity", (n, ND), "each seat's God: this seat's once chosen, the others' once all are revealed"),
        ("god_chosen", (n,), "has chosen its God (face down until every seat has)"),
        ("miracles", (n,), "Miracle tokens / 10"),
        ("myth_top", (n, NM + 1), "the face-up top card of each Mythology deck (last = empty deck)"),
        ("myth_deck", (n,), "Mythology deck size / 5"),
        ("myth_own", (n, NM), "Mythology cards in play (Heroes on their card or in the Stake included)"),
        ("myth_used", (n, NM), "Mythology cards used this Hand"),
        ("hero_stake", (n, NM), "Hero tokens in the Stake"),
        ("myth_out", (n, NM), "Mythology cards out of the game (immediate cards, dead Heroes)"),
        ("ability", (n, 2), "Ability uses this Hand / 4 (an active one, or a passive one acting on each "
                            "Attack), the Request's Miracle earned this Hand"),
        ("hand_record", (n, 5), "this Hand: Attacks played / 10, their Essences / 4, Effects played / 10, "
                                "tokens removed from opponents' Stakes / 10, Pantheon Power bonus / 20"),
        ("window", (NW,), "the open Phase window (TM § Mythology Cards and Their Abilities)"),
        ("pending_source", (ND + NM,), "the Ability (by Deity) or Mythology card of the pending cost / target"),
        ("cost_left", (2,), "discards still owed / 5 (1 = any number), cards discarded so far / 10"),
        ("victory_points", (n,), "Victory Points / 10 (TM § Epic Game Mode; public; 0 in the Advanced game)"),
    ]


def observer(n: int, advanced: bool = False) -> Observer:
    ob = _OBSERVERS.get((n, advanced))
    if ob is None:
        ob = _OBSERVERS[(n, advanced)] = Observer(_basic_pieces(n, advanced) + (_adv_pieces(n) if advanced else []))
    return ob


def _offsets(n: int, advanced: bool) -> dict[str, int]:
    return {name: piece.start for name, piece in observer(n, advanced).pieces.items()}


_OFFS: dict[tuple[int, bool], dict[str, int]] = {}


_QUARTER = [min(i * 0.25, 1.0) for i in range(4 * BOX_CARDS + 1)]  # count -> count / 4 capped at 1
_PENDING = {kind: i for i, kind in enumerate(_DECISIONS) if i}  # a pending kind -> its entry of decision


def _counts(w, cards, base: int) -> None:
    """Write per-kind counts / 4 (capped at 1) of ``cards`` at ``base`` (the piece is zero)."""
    if not cards:
        return
    cnt: dict[int, int] = {}
    for c in cards:
        k = KIND_OF[c % BOX_CARDS]
        cnt[k] = cnt.get(k, 0) + 1
    for k, x in cnt.items():
        w[base + k] = _QUARTER[x]


_KIND_OF_ID = [KIND_OF[c % BOX_CARDS] for c in range(2 * BOX_CARDS)]  # card id (two boxes) -> kind


def _counts_memo(state: TheomachyState, slot, cards) -> memoryview:
    """Per-kind counts of a long, rarely changing pile (draw pile, discard pile), kept on the state
    keyed by the pile's contents so it is never stale (see ``pile_counts``)."""
    memo = state._obs_memo
    if memo is None:
        memo = state._obs_memo = {}
    return pile_counts(memo, slot, cards, _KIND_OF_ID, _QUARTER, NK)


def _set(w, i: int, x: float) -> None:
    w[i] = x if x < 1.0 else 1.0


def encode(state: TheomachyState, p: int, out: np.ndarray) -> None:
    """Fill the zeroed ``out`` with seat ``p``'s view (values written through a memoryview, capped at 1)."""
    n = seats(state)
    adv = state.advanced
    P = _OFFS.get((n, adv))
    if P is None:
        P = _OFFS[(n, adv)] = _offsets(n, adv)
    # single-element writes through a memoryview cost about half a numpy scalar write (a third for +=)
    w = memoryview(out) if out.dtype == np.float32 and out.flags.c_contiguous else out
    bit = 1 << p
    cur = state.current_player()
    step = state.step
    pending = state.pending
    w[P["step"] + step] = 1.0
    dec = _PENDING.get(pending[-1][0], -1) if pending else 0  # -1: an Advanced decision (adv_decision)
    if dec >= 0:
        w[P["decision"] + dec] = 1.0
    if cur == p:
        w[P["to_move"]] = 1.0
    if step == BET:
        w[P["bet_round"] + min(state.round, 2)] = 1.0
        if state.acted_now and state.turn == p:
            w[P["acted_now"]] = 1.0
    elif step == BATTLE and state.turn_played and state.turn == p:
        w[P["acted_now"]] = 1.0
    level = state.level
    if state.alive[p]:
        paid = state.paid[p]
        for t in range(3):
            d = level[t] - paid[t]
            if d > 0:
                _set(w, P["to_call"] + t, d / 10.0)
    w[P["ante"] + state.ante - 1] = 1.0
    hand = state.hand[p]
    _counts(w, hand, P["hand"])
    others = ((1 << n) - 1) ^ bit
    vis = state.vis
    _counts(w, [c for c in hand if vis[c] & others], P["hand_known"])
    _counts(w, state.aside[p], P["set_aside"])
    w[P["deck"]:P["deck"] + NK] = _counts_memo(state, ("deck", p), state.deck[p])
    w[P["discard"]:P["discard"] + NK] = _counts_memo(state, ("disc", p), state.disc[p])
    _counts(w, state.draft_hand[p], P["draft_packet"])
    if state.picked_now[p] >= 0:
        _counts(w, state.picks[p] + [state.picked_now[p]], P["draft_kept"])
    else:
        _counts(w, state.picks[p], P["draft_kept"])
    base = P["opp_hand_known"]
    for i in range(1, n):
        q = (p + i) % n
        _counts(w, [c for c in state.hand[q] + state.aside[q] if vis[c] & bit], base + (i - 1) * NK)
    battle = step == BATTLE
    cult, stake, lsk, paid = P["cult"], P["stake"], P["last_stand_tokens"], P["paid"]
    seat, sizes, top, table, places = P["seat"], P["sizes"], P["discard_top"], P["table"], P["places"]
    for i in range(n):
        q = (p + i) % n
        r3 = i * 3
        for base, tokens in ((cult, state.cult[q]), (stake, state.stake[q]), (lsk, state.lsk[q]),
                             (paid, state.paid[q])):
            if tokens[0] or tokens[1] or tokens[2]:
                base += r3
                for x in tokens:
                    if x:
                        w[base] = x / 20.0 if x < 20 else 1.0  # token counts / 20, capped at 1
                    base += 1
        sb = seat + i * 6
        if state.alive[q]:
            w[sb] = 1.0
        if state.folded[q]:
            w[sb + 1] = 1.0
        if state.ls[q]:
            w[sb + 2] = 1.0
        if state.first == q:
            w[sb + 3] = 1.0
        if state.acted[q]:
            w[sb + 4] = 1.0
        if cur == q:
            w[sb + 5] = 1.0
        zb = sizes + r3
        disc = state.disc[q]
        _set(w, zb, (len(state.hand[q]) + len(state.aside[q])) / 10.0)
        _set(w, zb + 1, len(state.deck[q]) / 30.0)
        _set(w, zb + 2, len(disc) / 60.0)
        w[top + i * (NK + 1) + (KIND_OF[disc[-1] % BOX_CARDS] if disc else NK)] = 1.0
        _counts(w, state.table[q], table + i * NK)
        if state.places[q]:
            pb = places + i * NK * 2
            cnt: dict[int, int] = {}
            for pl in state.places[q]:
                j = pb + KIND_OF[pl[0] % BOX_CARDS] * 2 + pl[1]
                cnt[j] = cnt.get(j, 0) + 1
            for j, x in cnt.items():
                w[j] = _QUARTER[2 * x]
        if battle and state.active(q):
            _set(w, P["battle"] + i * 2, state.attacks[q] / 10.0)
            _set(w, P["battle"] + i * 2 + 1, state.battle_power(q) / 150.0)
    lb, bb = P["level"], P["bank"]
    for t in range(3):
        _set(w, lb + t, level[t] / 20.0)
        _set(w, bb + t, state.bank[t] / 100.0)
    cb = P["constellation"]
    peek = state.peek[p]
    up = state.const_up
    for i, e in enumerate(state.const):
        w[cb + i * (NE + 1) + (e if i < up or peek else NE)] = 1.0
    sph, orbs = state.essence(p)
    mb = P["my_essence"]
    for s in range(4):
        _set(w, mb + s, sph[s] / 5.0)
    _set(w, mb + 4, orbs[0] / 20.0)
    _set(w, mb + 5, orbs[1] / 20.0)
    eb = P["essence_discard"]
    for e in state.ess_disc:
        w[eb + e] = 1.0
    _set(w, P["essence_deck"], len(state.ess_deck) / float(NE))
    tb = P["track"]
    for i, c in enumerate(state.track):
        w[tb + i * (NK + 1) + (KIND_OF[c % BOX_CARDS] if c >= 0 else NK)] = 1.0
    _set(w, P["prayer_deck"], len(state.prayer) / 240.0)
    if pending and pending[-1][0] in ("target", "react"):
        pend = pending[-1]
        w[P["pending_card"] + KIND_OF[pend[2] % BOX_CARDS]] = 1.0
        actor = pend[1] if pend[0] == "target" else pend[3]
        w[P["pending_seats"] + (actor - p) % n] = 1.0
        if pend[0] == "react" and pend[4] >= 0:
            w[P["pending_seats"] + n + (pend[4] - p) % n] = 1.0
    _set(w, P["hands"], state.hands / float(state.game.config["max_hands"]))
    if battle:
        if 0 <= state.action_sphere < 4:
            w[P["battle_turn"] + state.action_sphere] = 1.0
        if state.multi:
            w[P["battle_turn"] + 4] = 1.0
    if adv:
        _encode_adv(state, p, w, P)


_ADV_PENDING = {kind: i for i, kind in enumerate(_ADV_DECISIONS)}  # -> its entry of adv_decision


def _encode_adv(state: TheomachyState, p: int, w, P) -> None:
    """The Advanced pieces. A God chosen face down is seen by its owner only until the reveal (TM §
    Final Selection of the God); everything else here is public (cards in play face up, Miracle
    tokens, the face-up top card of each Mythology deck)."""
    n = seats(state)
    pending = state.pending
    if pending:
        pend = pending[-1]
        j = _ADV_PENDING.get(pend[0], -1)  # 0 window, 1 cost, 2 mtarget (_ADV_DECISIONS)
        if j >= 0:
            w[P["adv_decision"] + j] = 1.0
            if j == 0:
                w[P["window"] + pend[2]] = 1.0
            else:
                w[P["pending_source"] + pend[2]] = 1.0
                if j == 1:
                    _set(w, P["cost_left"], 1.0 if pend[3] < 0 else pend[3] / 5.0)
                    _set(w, P["cost_left"] + 1, pend[4] / 10.0)
    revealed = state.revealed
    for i in range(n):
        q = (p + i) % n
        pan = state.pantheon[q]
        if pan >= 0:
            w[P["pantheon"] + i * NP + pan] = 1.0
        d = state.deity[q]
        if d >= 0:
            w[P["god_chosen"] + i] = 1.0
            if revealed or q == p:
                w[P["deity"] + i * ND + d] = 1.0
        _set(w, P["miracles"] + i, state.miracles[q] / 10.0)
        deck = state.myth_deck[q]
        w[P["myth_top"] + i * (NM + 1) + (deck[-1] if deck else NM)] = 1.0
        _set(w, P["myth_deck"] + i, len(deck) / 5.0)
        row = i * NM
        for m in state.myth_own[q]:
            w[P["myth_own"] + row + m] = 1.0
        for m in state.myth_used[q]:
            w[P["myth_used"] + row + m] = 1.0
        for m in state.hero_stake[q]:
            w[P["hero_stake"] + row + m] = 1.0
        for m in state.myth_out[q]:
            w[P["myth_out"] + row + m] = 1.0
        _set(w, P["ability"] + i * 2, state.ab_uses[q] / 4.0)
        if state.req_done[q]:
            w[P["ability"] + i * 2 + 1] = 1.0
        hb = P["hand_record"] + i * 5
        _set(w, hb, state.h_attacks[q] / 10.0)
        _set(w, hb + 1, bin(state.h_spheres[q]).count("1") / 4.0)
        _set(w, hb + 2, state.h_effects[q] / 10.0)
        _set(w, hb + 3, state.h_stripped[q] / 10.0)
        _set(w, hb + 4, state.bonus[q] / 20.0)
        if state.vp[q]:  # TM § Epic Game Mode: Victory Points, public
            _set(w, P["victory_points"] + i, state.vp[q] / 10.0)



# ----------------------------------------------------------------------------- compiled encoder
#: what ``_cobserve.c`` reads, declared once: ``_clayout.h`` is generated from it
#: (``python -m mythenv.core.cheaders``) and ``c_layout`` packs the layout by its names. The pieces are
#: the observer's, in its order (the C code checks the extents their offsets imply against the shapes it
#: writes, so a changed Observer raises). The Advanced attributes and pieces exist in the Advanced and
#: Epic configs only (the declaration's checks look across the game's test configs).
C_DECL = CDecl(enums=(
    CEnum("attr", "A_", "NBASIC_ATTRS", (
        "n", "step", "pending", "round", "acted_now", "turn", "turn_played", "level", "alive", "paid", "ante",
        "hand", "vis", "aside", "deck", "disc", "draft_hand", "picked_now", "picks", "cult", "stake", "lsk",
        "folded", "ls", "first", "acted", "table", "places", "attacks", "bank", "peek", "const_up", "const",
        "ess_disc", "ess_deck", "track", "prayer", "hands", "action_sphere", "multi"), kind="attrs",
          meaning="the state's attributes (prefetch reads those a call uses before any item is borrowed)"),
    CEnum("adv_attr", "A_", "NATTRS", (
        "revealed", "pantheon", "deity", "miracles", "myth_deck", "myth_own", "myth_used", "hero_stake",
        "myth_out", "ab_uses", "req_done", "h_attacks", "h_spheres", "h_effects", "h_stripped", "bonus", "vp"),
          kind="attrs", start="NBASIC_ATTRS", meaning="the Advanced state's attributes (read only when the layout's adv is 1)"),
    CEnum("method", "M_", "NCALLED", ("current_player", "essence", "active", "battle_power"), kind="methods",
          start="NATTRS", meaning="the state's methods: the rules the encoder calls"),
    CEnum("pending_name", "K_", "NBASIC_NAMES", _DECISIONS[1:], start="NCALLED",
          meaning="the kinds of a pending decision (pending[-1][0]), in the order of DEC_TARGET .."),
    CEnum("adv_pending_name", "K_", "NNAMES", _ADV_DECISIONS, start="NBASIC_NAMES",
          meaning="the kinds of a pending Advanced decision, in the order of the adv_decision enum"),
    CEnum("decision", "DEC_", "NDECISIONS", _DECISIONS,
          meaning="the decision piece's entries: an ordinary turn, then the kinds of pending_name"),
    CEnum("adv_decision", "ADEC_", "NADV_DECISIONS", _ADV_DECISIONS, meaning="the adv_decision piece's entries"),
    CEnum("piece", "PC_", "NPIECES", tuple(name for name, _, _ in _basic_pieces(2, False)), kind="pieces",
          meaning="the pieces of observer(n), in its order (the layout's offsets give each its start)"),
    CEnum("adv_piece", "PA_", "NADV_PIECES", tuple(name for name, _, _ in _adv_pieces(2)), kind="pieces",
          meaning="the Advanced pieces of observer(n, True), in its order (adv_offsets gives each its start)"),
    CEnum("layout", "L_", "LAYOUT_LEN", ("n", "size", "nsteps", "nk", "ne", "bet", "battle", "max_hands", "kind_of",
                                         "offsets", "adv", "np", "nd", "nm", "nw", "adv_offsets"), kind="layout",
          meaning="the entries of the layout tuple (observe.c_layout)"),
), strings=(CStrings("NAMES", ("attr", "adv_attr", "method", "pending_name", "adv_pending_name"), "NNAMES"),))


def c_layout(game) -> tuple:
    """What ``_cobserve.encode`` (the compiled twin of ``encode``) needs of this config: the entries of
    ``C_DECL``'s layout enum, by name:

    - ``n``: the seats; ``size``: the observation size; ``nsteps``: the number of steps (``STEP_NAMES``,
      ``ADV_STEP_NAMES`` in the Advanced / Epic modes);
    - ``nk``, ``ne``: the numbers of Prayer card kinds / Essence cards; ``bet``, ``battle``: the betting
      and Battle steps;
    - ``max_hands``: the Hand bound (a float, the divisor of the ``hands`` piece);
    - ``kind_of``: the kind of every Prayer card id of both boxes (bytes);
    - ``offsets``: the start of every piece of the piece enum, in its order (int32 bytes);
    - ``adv``: 1 in the Advanced / Epic modes, else 0; ``np``, ``nd``, ``nm``, ``nw``: the numbers of
      Pantheons, Deities, Mythology cards and Phase windows; ``adv_offsets``: the start of every piece of
      the Advanced piece enum (int32 bytes; zeros in the Basic game).

    The rules it needs (``current_player``, ``essence``, ``active``, ``battle_power``) are the state's
    methods."""
    n = game.num_players
    adv = game.config["mode"] != "basic"
    ob = observer(n, adv)
    offsets = np.asarray([ob.offset(name) for name in C_DECL.enum("piece").names], np.int32).tobytes()
    adv_offsets = np.asarray([ob.offset(name) if adv else 0 for name in C_DECL.enum("adv_piece").names],
                             np.int32).tobytes()
    return C_DECL.pack(
        "layout", n=n, size=ob.size, nsteps=len(ADV_STEP_NAMES if adv else STEP_NAMES), nk=NK, ne=NE, bet=BET,
        battle=BATTLE, max_hands=float(game.config["max_hands"]), kind_of=bytes(_KIND_OF_ID), offsets=offsets,
        adv=int(adv), np=NP, nd=ND, nm=NM, nw=NW, adv_offsets=adv_offsets)


__all__ = ["observer", "encode", "ESSENCES", "KINDS", "POWER"]
