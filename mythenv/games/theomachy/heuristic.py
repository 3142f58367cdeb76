"""A rule-based Theomachy baseline.

It reads only its own and public parts of the determinized state ``view.known``:

* Draft / Prayer: keeps the cards with the best static value (Attacks by their Power, stake
  manipulation by the tokens it moves); pays a Priest only for strong cards.
* Betting: rates its hand by the Attacks it can fuel (revealed Constellation + its Power cards),
  raises with a Disciple when strong, calls cheap bets, folds weak hands facing a costly call,
  takes a Last Stand only with a very strong hand. Plays Places, continuous Effects and
  Pestilence / Inspiration / Earthquake when it can, Power cards only to fuel a card it wants.
* Battle: plays its best Attacks (Essence with the most value first), fuelling them with Power
  cards; targets the opponent with the most valuable Stake; always reacts when it can.
* Advanced / Epic: a random Pantheon (the tournaments saw no dominant god, so no preference); the God
  that suits the drafted deck (its Ability's value plus the Attacks / Effects its Request asks for);
  its active Ability whenever the cost is cheap (a spare card, a spare token); every Mythology card
  in its window, a Hero only when its Stake and hand look strong enough to survive the Battle; in
  the Myth Phase it buys what it can pay, moves a card it cannot pay within two Hands to the bottom.
  When it has looked at an opponent's whole hand (Athena, Tower of Babel) it bets by the comparison:
  a hand clearly stronger than the one it read counts as strong, a clearly weaker one as weak.
"""

from __future__ import annotations

from .cards import KINDS, TOKEN_VALUE
from .pantheons import DEITIES, MYTHS, PANTHEONS
from .rules import (
    ATTACK,
    BATTLE,
    DRAFT_DROP,
    DRAFT_PICK,
    EFFECT,
    GOD,
    MYTH,
    PANTHEON,
    PLACE,
    POWER,
    PRAYER,
    kid,
    value,
)


def static_value(k) -> float:
    v = 0.0
    for op in k.ops:
        name = op[0]
        if name == "power":
            v += op[1] if k.type != PLACE else 2 * op[1]
        elif name == "per_token":
            v += 5 * op[1]
        elif name == "per_attack":
            v += 5 * op[1]
        elif name == "strip":
            v += 6 if op[2] < 0 else TOKEN_VALUE[op[1]] * op[2]
        elif name == "bank_to_stake":
            v += TOKEN_VALUE[op[1]] * op[2]
        elif name in ("discard_random", "draw"):
            v += 2 * op[1]
        elif name in ("cancel", "shield", "damage_places", "win_gain", "hand_size"):
            v += 3
        elif name == "multi_essence":
            v += 1
    if k.type == POWER:
        v = 2.5
    return v - 0.3 * (k.symbols + k.orbs / 2.0)


VALUE = [static_value(k) for k in KINDS]


def _fuel(s, p, k) -> bool:
    """Could ``p`` meet ``k``'s prerequisites by playing Power cards from its hand?"""
    extra = [c for c in s.hand[p] if KINDS[kid(c)].type == POWER]
    return s._meets(p, k, extra)


def _power_for(s, p, k):
    """A Power card of ``p``'s hand that brings ``k`` closer to its prerequisites."""
    sph, orbs = s.essence(p)
    best = None
    for c in s.hand[p]:
        pk = KINDS[kid(c)]
        if pk.type != POWER:
            continue
        if sph[k.sphere] < k.symbols and pk.sphere == k.sphere:
            return kid(c)
        if k.orb >= 0 and orbs[k.orb] < k.orbs and pk.orb == k.orb:
            best = kid(c) if best is None else best
    return best


def _attack_value(s, p, k) -> float:
    v = 0.0
    for op in k.ops:
        if op[0] == "power":
            v += op[1]
        elif op[0] == "per_token":
            v += op[1] * sum(s.stake[p])
        elif op[0] == "strip":
            best = 0
            for q in range(s.n):
                if q != p and s.active(q):
                    have = s.stake[q][op[1]]
                    best = max(best, TOKEN_VALUE[op[1]] * (have if op[2] < 0 else min(have, op[2])))
            v += best
        elif op[0] == "bank_to_stake":
            v += TOKEN_VALUE[op[1]] * op[2]
        elif op[0] == "discard_random":
            v += 1
    for pl in s.places[p]:
        if KINDS[kid(pl[0])].op("per_attack"):
            v += 1
    return v


def hand_strength(s, p) -> float:
    total = 0.0
    for c in s.hand[p]:
        k = KINDS[kid(c)]
        if k.type == ATTACK and _fuel(s, p, k):
            total += _attack_value(s, p, k)
    for c in s.table[p]:
        k = KINDS[kid(c)]
        if k.type == ATTACK or k.continuous:
            total += max(0.0, _attack_value(s, p, k))
    return total


def _best_target(s, p, la, C):
    best, bv = la[0], -1
    for a in la:
        q = (p + C.decode[a][1] + 1) % s.n
        v = value(s.stake[q]) + 3 * len(s.places[q])
        if v > bv:
            best, bv = a, v
    return best


def _op_value(ops) -> float:
    v = 0.0
    for op in ops:
        name = op[0]
        if name in ("power", "per_attack"):
            v += op[1] if len(op) > 1 and isinstance(op[1], int) else 2
        elif name in ("per_token", "per_type"):
            v += 3
        elif name in ("strip", "cult_loss", "gain", "bank_to_stake", "win_gain", "save"):
            v += 3
        elif name in ("draw", "discard_random", "miracle"):
            v += 2
        else:
            v += 1.5
    return v


def _god_score(s, p, d) -> float:
    """How well Deity ``d`` suits ``p``'s drafted cards: its Ability plus what its Request asks for."""
    dei = DEITIES[d]
    score = _op_value(dei.ability.ops) + (2.0 if dei.ability.kind == "passive" else 0.0)
    cards = [KINDS[kid(c)] for c in s.picks[p] + s.deck[p]]
    attacks = [k for k in cards if k.type == ATTACK]
    for c in dei.request.condition:
        if c[0] == "attack_sphere":
            score += sum(1 for k in attacks if k.sphere == c[1])
        elif c[0] == "attacks_at_least":
            score += len(attacks) / 2.0
        elif c[0] == "attack_spheres_at_least":
            score += len({k.sphere for k in attacks}) / 1.5
        elif c[0] == "effects_at_least":
            score += sum(1 for k in cards if k.type == EFFECT) / 2.0
        elif c[0] == "no_attacks":
            score += 1.0
        else:
            score += 1.0
    return score


def _junk(s, p, battle: bool) -> list[int]:
    """Kinds of ``p``'s hand it can spare (no use now): in a Battle every non-Attack, non-Power card,
    else the lowest-valued card."""
    if battle:
        return [kid(c) for c in s.hand[p] if KINDS[kid(c)].type not in (ATTACK, POWER)]
    if len(s.hand[p]) < 2:
        return []
    return [min((kid(c) for c in s.hand[p]), key=lambda k: VALUE[k])]


def _ability_worth(s, p) -> bool:
    a = DEITIES[s.deity[p]].ability
    for c in a.cost:
        if c[0] == "discard_any" and not _junk(s, p, s.step == BATTLE):
            return False
        if c[0] == "discard" and len(s.hand[p]) < c[1] + 1:
            return False
        if c[0] == "sacrifice" and s.cult[p][c[1]] < c[2] + 2:
            return False
        if c[0] == "miracle" and s.miracles[p] < c[1]:
            return False
    return True


def _read_hands(s, p, strength: float) -> float:
    """Advanced / Epic: the betting strength corrected by the opponents' hands ``p`` has looked at
    (Athena, Tower of Babel; every card of the hand visible to ``p``): above the strongest one read,
    stronger; below it, weaker (it calls and raises less against a hand it knows beats its own)."""
    read = [hand_strength(s, q) for q in range(s.n)
            if q != p and s.active(q) and s.hand[q] and all(s.vis[c] >> p & 1 for c in s.hand[q])]
    if not read:
        return strength
    return strength + 6.0 if strength > max(read) + 2 else strength - 6.0 if strength + 2 < max(read) else strength


def _advanced(view, rng, s, p, la, C, fam):
    """The Advanced / Epic decisions; None when the Basic logic decides."""
    off = C.off
    if s.pending:
        kind = s.pending[-1][0]
        if kind == "window":
            for a in la:
                name, m = fam[a]
                if name != "myth":
                    continue
                if MYTHS[m].use != "hero":
                    return a
                mine = value(s.stake[p]) + hand_strength(s, p)
                best = max((value(s.stake[q]) for q in range(s.n) if q != p and s.active(q)), default=0)
                if mine + MYTHS[m].hero_power > best + 4:
                    return a
            return C.DECLINE
        if kind == "cost":
            junk = _junk(s, p, s.step == BATTLE)
            for k in junk:
                if off["discard"] + k in la:
                    return off["discard"] + k
            if C.DECLINE in la:
                return C.DECLINE
            return min((a for a in la if fam[a][0] == "discard"), key=lambda a: VALUE[fam[a][1]])
        if kind == "mtarget":
            return _best_target(s, p, la, C)
        return None
    if s.step == PANTHEON:
        return la[int(rng.integers(len(la)))]
    if s.step == GOD:
        gods = PANTHEONS[s.pantheon[p]].deities
        return max(la, key=lambda a: _god_score(s, p, gods[fam[a][1]]) + rng.random())
    if s.step == MYTH:
        if off["myth_buy"] in la:
            return off["myth_buy"]
        deck = s.myth_deck[p]
        if off["myth_bottom"] in la and MYTHS[deck[-1]].cost > s.miracles[p] + 2:
            return off["myth_bottom"]
        return off["myth_leave"]
    if off["ability"] in la and _ability_worth(s, p):
        return off["ability"]
    return None


def heuristic_action(view, rng):
    la = view.legal_actions
    if len(la) == 1:
        return la[0]
    s = view.known
    p = view.seat
    C = s.C
    off = C.off
    fam = {a: C.decode[a] for a in la}
    if s.advanced:
        a = _advanced(view, rng, s, p, la, C, fam)
        if a is not None:
            return a
    if s.pending:
        if s.pending[-1][0] == "target":
            return _best_target(s, p, la, C)
        # reaction / Closing window: play the card if possible, fuel it with Power cards first
        want = "closing" if s.pending[-1][0] == "closing" else "reaction"
        for a in la:
            name, i = fam[a]
            if name == "play" and KINDS[i].timing == want:
                return a
        for c in s.hand[p]:
            k = KINDS[kid(c)]
            if k.timing == want:
                pw = _power_for(s, p, k)
                if pw is not None and off["play"] + pw in la:
                    return off["play"] + pw
        return C.DECLINE
    if s.step == DRAFT_PICK:
        return max(la, key=lambda a: VALUE[fam[a][1]])
    if s.step == DRAFT_DROP:
        return min(la, key=lambda a: VALUE[fam[a][1]])
    if s.step == PRAYER:
        best, bv = None, -1e9
        for a in la:
            name, i = fam[a]
            if name == "blind":
                v = 1.0
            else:
                v = VALUE[kid(s.track[i])] - (4.0 if i < 2 else 1.5 if i < 4 else 0.0)
            if v > bv:
                best, bv = a, v
        return best
    plays = [a for a in la if fam[a][0] == "play"]
    if s.step == BATTLE:
        attacks = [a for a in plays if KINDS[fam[a][1]].type == ATTACK]
        if attacks:
            return max(attacks, key=lambda a: (KINDS[fam[a][1]].op("multi_essence") is not None,
                                               _attack_value(s, p, KINDS[fam[a][1]])))
        # fuel an Attack that fits this action
        for c in sorted(s.hand[p], key=lambda c: -VALUE[kid(c)]):
            k = KINDS[kid(c)]
            if k.type != ATTACK or not _fuel(s, p, k):
                continue
            if s.action_sphere >= 0 and not s.multi and k.sphere != s.action_sphere and not k.op("multi_essence"):
                continue
            pw = _power_for(s, p, k)
            if pw is not None and off["play"] + pw in la:
                return off["play"] + pw
        return C.END if C.END in la else C.PASS
    # betting: useful cards first
    for a in plays:
        k = KINDS[fam[a][1]]
        if k.type == PLACE and s.cult[p][k.token] > 1:
            return a
        if k.type == EFFECT and (k.continuous or k.op("strip") or k.op("draw") or k.op("damage_places")):
            return a
    for c in s.hand[p]:
        k = KINDS[kid(c)]
        if (k.type == PLACE and s.cult[p][k.token] > 1) or (k.type == EFFECT and k.continuous):
            if not s._meets(p, k) and _fuel(s, p, k):
                pw = _power_for(s, p, k)
                if pw is not None and off["play"] + pw in la:
                    return off["play"] + pw
    if C.END in la:
        return C.END
    strength = hand_strength(s, p)
    if s.advanced:
        strength = _read_hands(s, p, strength)
    need = [s.level[t] - s.paid[p][t] for t in range(3)]
    cost = need[0] * 2 + need[1] * 5 + need[2] * 10
    mine = sum(s.stake[p])
    if C.LAST_STAND in la and C.CALL not in la:
        return C.LAST_STAND if strength >= 14 else C.FOLD
    if strength >= 9 and mine < 6 and off["raise"] in la:
        return off["raise"]
    if C.PASS in la:
        return C.PASS
    if C.CALL in la and (cost <= 2 + strength or strength >= 6 or s.ls[p]):
        return C.CALL
    if C.FOLD in la:
        return C.FOLD
    return la[0]
