"""What one seat of Theosis sees: the observation pieces and their encoder.

A seat (and its team mates, who share private information, TH § Team vs Team) sees the whole Arena
(positions, Health, Mana, gold, Ranking, items, Blessing / Curse tokens), its team's Power hands and
discard piles, and of every other player the Powers whose place it has seen (revealed in combat, or
known to be back in hand after a recycle) plus the public pile sizes. Seats are relative: index 0 is
the observing seat, then clockwise.
"""

from __future__ import annotations

import numpy as np

from mythenv.core.observe import Observer

from .cards import HEROES
from .rules import NC, NH, NHEX, NI, PK

PHASES = ("select", "draft", "mana", "artifact", "item", "gold", "place", "arena", "over")
KINDS = ("atk_target hurt_def blackout bless_card bless_target blind commit crimson_amount crimson_target "
         "defskill discard draft dtype equip_hero equip_slot gold holy_target incinerate_slot lay_target mana "
         "mana_gain move offer pick place profane_slot pull purloin_item raise replace res_dead res_mana "
         "res_mode res_place row shock_give sk_dir sk_target skill_use spell_area spell_card steal_from "
         "steal_slot tactics teleport uncurse ungrave vile_target yn").split()
KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
TOKENS = ("valor", "aegis", "rejuvenation", "thalassic_favour", "pacify", "poison", "fiery_purge", "terror",
          "entangling_roots", "tentacles_black")
TOKEN_CARDS = [PK[k] for k in TOKENS]
HF = 6 + 1 + 1 + 1 + 1 + 3 + 1 + 12 + 1 + 1 + 1 + 1 + 1 + 1 + 2 + NHEX + NI + len(TOKENS) + 1
CF = 6 + 7

OBSERVER = Observer([
    ("phase", (len(PHASES),), "game phase"),
    ("decision", (len(KINDS),), "kind of decision pending"),
    ("to_move", (1,), "1 when this seat decides now"),
    ("decider", (6,), "relative seat deciding now"),
    ("turn", (10,), "Arena turn 0..9 (one-hot)"),
    ("heroes", (NH, HF), "per hero: owner (relative seat, 6), unchosen, ally, enemy, alive, health/9, mana x3, "
                         "gold/10, ranking (12), acted, blacked out, stealth, weapons flipped, armor flipped, "
                         "archetype (2), hex (61), items (42), tokens (10), speed/8"),
    ("cards", (NC, CF), "per Power: owner (relative seat, 6), own team in hand / discard / in play, "
                        "other's card known in hand / discard / in play, other's card place unknown"),
    ("piles", (6, 3), "per relative seat: hand, discard, in-play sizes / 6"),
    ("pool", (NC,), "Powers open in the draft"),
    ("offer", (NI,), "artifact / item offer"),
    ("dec_heroes", (NH,), "heroes named by the pending decision"),
    ("combat", (NH, 2), "combat: attacker, defenders"),
    ("combat_card", (NC,), "revealed Powers of the current combat"),
    ("misc", (4,), "bondage active, spell ward on own team, own purse/3, initiative is own seat"),
])
_P = {n: p.start for n, p in OBSERVER.pieces.items()}
_TOK = {c: i for i, c in enumerate(TOKEN_CARDS)}


# decision kinds whose record names a hero, and where (``dec[1 + i]``)
_HERO_ARGS = {"mana": 1, "equip_slot": 1, "place": 1, "move": 1, "row": 1, "discard": 1, "mana_gain": 1,
              "bless_card": 1, "bless_target": 1, "spell_card": 1, "spell_area": 1, "atk_target": 1,
              "skill_use": 1, "sk_target": 1, "sk_dir": 1, "commit": 1, "defskill": 1, "uncurse": 1,
              "teleport": 1, "blind": 1, "shock_give": 1, "pull": 1, "crimson_amount": 2}


_HERO_RANGE = range(NH)
_TOKEN_AT = 27 + 5 + 2 + NHEX + NI  # where a hero's token one-hots start in its block
_SPEED = [hero.speed / 8.0 for hero in HEROES]


def encode(state, p: int, out: np.ndarray) -> None:
    # one-hot entries are written at once through a memoryview (cheaper than a numpy scalar write or
    # collecting them for one fancy assignment); the scalar values go last, as they always did
    w = memoryview(out) if out.dtype == np.float32 and out.flags.c_contiguous else out
    n = state.n
    vals = []
    w[_P["phase"] + PHASES.index(state.phase)] = 1.0
    dec = state.dec
    if dec is not None and state.winner == -2:
        w[_P["decision"] + KIND_INDEX[dec[0]]] = 1.0
        if dec[1] == p:
            w[_P["to_move"]] = 1.0
        w[_P["decider"] + (dec[1] - p) % n] = 1.0
        if dec[0] in _HERO_ARGS:
            h = dec[1 + _HERO_ARGS[dec[0]]]
            if isinstance(h, int) and 0 <= h < NH:
                w[_P["dec_heroes"] + h] = 1.0
    w[_P["turn"] + min(state.turn, 9)] = 1.0
    myteam = state.team[p]
    base = _P["heroes"]
    ranking = state.ranking
    owner, team, hp, pos, mana, gold, eq, arch = (state.owner, state.team, state.hp, state.pos, state.mana,
                                                  state.gold, state.eq, state.arch)
    flags = (state.acted, state.blackout, state.stealth, state.flip_w, state.flip_a)
    for h in range(NH):
        o = base + h * HF
        own = owner[h]
        if own < 0:
            w[o + 6] = 1.0
            continue
        w[o + (own - p) % n] = 1.0
        w[o + 7 if team[own] == myteam else o + 8] = 1.0
        if hp[h] > 0 and pos[h] >= 0:  # state.alive(h) (the owner is known to be set here)
            w[o + 9] = 1.0
        vals.append((o + 10, hp[h] / 9.0))
        m = mana[h]
        if m[0]:
            w[o + 11] = 1.0
        if m[1]:
            w[o + 12] = 1.0
        if m[2]:
            w[o + 13] = 1.0
        vals.append((o + 14, min(gold[h], 10) / 10.0))
        k = o + 27
        for flag in flags:
            if flag[h]:
                w[k] = 1.0
            k += 1
        w[k + arch[h]] = 1.0
        k += 2
        if pos[h] >= 0:
            w[k + pos[h]] = 1.0
        k += NHEX
        for i in eq[h]:
            if i >= 0:
                w[k + i] = 1.0
        vals.append((o + HF - 1, _SPEED[h]))
    # the Ranking (its first place for a hero) and the tokens, one pass each instead of one per hero
    seen = set()
    for i, h in enumerate(ranking):
        if h in _HERO_RANGE and h not in seen and owner[h] >= 0:
            seen.add(h)
            w[base + h * HF + 15 + i] = 1.0
    for c, j in _TOK.items():
        h = state.token[c]
        if h in _HERO_RANGE and state.owner[h] >= 0:
            w[base + h * HF + _TOKEN_AT + j] = 1.0
    base = _P["cards"]
    bit = 1 << p
    for q in range(n):
        rel = (q - p) % n
        mine = state.team[q] == myteam
        for j, pile in enumerate((state.hand[q], state.disc[q], state.inplay[q])):
            vals.append((_P["piles"] + rel * 3 + j, len(pile) / 6.0))
            for c in pile:
                o = base + c * CF
                w[o + rel] = 1.0
                if mine:
                    w[o + 6 + j] = 1.0
                elif state.vis[c] & bit:
                    w[o + 9 + j] = 1.0
                else:
                    w[o + 12] = 1.0
    for c in state.pool:
        w[_P["pool"] + c] = 1.0
    for i in state.offer:
        w[_P["offer"] + i] = 1.0
    cb = state.cb
    if cb is not None:
        w[_P["combat"] + cb["att"] * 2] = 1.0
        for t in cb["targets"]:
            w[_P["combat"] + t * 2 + 1] = 1.0
        du = cb["du"]
        if cb["src"] == "spell":
            w[_P["combat_card"] + cb["spell"]] = 1.0
        if du is not None:
            for c in (du["ac"], du["dc"]):
                if c >= 0 and state.vis[c] & bit:
                    w[_P["combat_card"] + c] = 1.0
    m = _P["misc"]
    if state.bondage >= 0:
        w[m] = 1.0
    if state.ward[myteam]:
        w[m + 1] = 1.0
    vals.append((m + 2, state.purse[p] / 3.0))
    if state.initiative == p:
        w[m + 3] = 1.0
    for i, v in vals:
        w[i] = v
