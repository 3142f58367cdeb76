"""What one seat of Theosis sees: the observation pieces and their encoder.

A seat (and its team mates, who share private information, TH § Team vs Team) sees the whole Arena
(positions, Health, Mana, gold, Ranking, items, Blessing / Curse tokens), its team's Power hands and
discard piles, and of every other player the Powers whose place it has seen (revealed in combat, or
known to be back in hand after a recycle) plus the public pile sizes. In Hierapolis it sees the
board, every purse, who takes part in a bidding and who has bid, the bids once revealed (its team's
at once), and its team's Mage Tower draw; in the co-op preparation the enemy heroes (who they are,
their Health, gold and spots, what they took out of the game: all public). Seats are relative:
index 0 is the observing seat, then clockwise.

``encode`` is the reference encoder; ``_cobserve.c`` is its compiled twin, checked against it bit for
bit (``tests/conformance/test_compiled_encoders.py``). Where the twin is not used (not built,
``MYTHENV_PURE_PYTHON=1``, or a buffer it declines), ``encode`` re-encodes the whole observation.
"""

from __future__ import annotations

import numpy as np

from mythenv.core.clayout import CDecl, CEnum, CStrings, chain
from mythenv.core.observe import Observer, seats

from .cards import HEROES, HIERAPOLIS, MONSTERS, STATUSES
from .cards import TOKENS as STAMINA
from .rules import MAXM, NC, NH, NHEX, NI, PK, TURNS
from .rules.monsters import MON_CURSE_CARDS, MON_CURSES
from .rules.rituals import NR

PHASES = ("select", "draft", "mana", "artifact", "item", "gold", "place", "arena", "over",
          "prep")  # --- Hierapolis
KINDS = ("atk_target hurt_def blackout bless_card bless_target blind commit crimson_amount crimson_target "
         "defskill discard draft dtype equip_hero equip_slot gold holy_target incinerate_slot lay_target mana "
         "mana_gain move offer pick place profane_slot pull purloin_item raise replace res_dead res_mana "
         "res_mode res_place row shock_give sk_dir sk_target skill_use spell_area spell_card steal_from "
         "steal_slot tactics teleport uncurse ungrave vile_target yn "
         "r_place r_surge r_remove r_unused "  # --- Rituals
         "m_commit m_defskill m_tactics m_raise m_rank").split()  # --- Monsters: the last five
# --- Hierapolis: the Preparation Phase's decisions (rules/hierapolis.py)
KINDS += ("hp_spot hp_power hp_hurt hp_steal hp_keep hp_eslot hp_market hp_gem hp_gslot hp_mtarget hp_mslot "
          "hp_heal hp_ritual hp_rturn hp_join hp_bid").split()
KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
TOKENS = ("valor", "aegis", "rejuvenation", "thalassic_favour", "pacify", "poison", "fiery_purge", "terror",
          "entangling_roots", "tentacles_black")
TOKEN_CARDS = [PK[k] for k in TOKENS]
HF = 6 + 1 + 1 + 1 + 1 + 3 + 1 + 12 + 1 + 1 + 1 + 1 + 1 + 1 + 2 + NHEX + NI + len(TOKENS) + 1
# --- Hierapolis
NSPOT = 18
NTRACK = len(HIERAPOLIS["tracks"])
TRACK_LEN = max(t["length"] for t in HIERAPOLIS["tracks"])
TRACK_W = 2 * TRACK_LEN + 1
CF = 6 + 7
# --- Co-op Hierapolis: an enemy hero's block (hero, in the game, health, gold, spot)
EF = NH + 3 + NSPOT

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
    ("dec_heroes", (NH,), "hero the pending decision is about"),
    ("dec_other", (NH,), "second hero named by the pending decision (a target, a source)"),
    ("dec_item", (NI,), "item named by the pending decision (the one being equipped)"),
    ("dec_card", (NC,), "Power named by the pending decision, when this seat may see it"),
    ("combat", (NH, 2), "combat: attacker, defenders"),
    ("combat_card", (NC,), "revealed Powers of the current combat"),
    ("misc", (4,), "bondage active, spell ward on own team, own purse/3 (at most 1), initiative is own seat"),
    # --- Hierapolis: the Preparation Phase (every purse, the board, the bids, the Mage Tower)
    ("prep_turn", (7,), "Hierapolis turn 0..6 (one-hot; 0 outside the Preparation Phase)"),
    ("prep_first", (6,), "relative seat playing first this Hierapolis turn"),
    ("spots", (NSPOT, 6), "per Hierapolis spot (golden Quest slots, plain Quest slots, locations): "
                          "heroes of each relative seat there this turn / 3 (at most 1)"),
    ("tracks", (NTRACK, TRACK_W), "per Alignment track: the marker's position (one-hot, -length..+length)"),
    ("purses", (6,), "per relative seat: gold in its purse / 30 (every change of a purse is public)"),
    ("supply", (6,), "per relative seat: Mana gems in its supply (Cathedral) / 4"),
    ("bids", (6, 3), "per relative seat: takes part in this bidding, has bid, its bid / 30 (once revealed, "
                     "or a team mate's)"),
    ("bid_art", (NI,), "the Artifact up for bidding"),
    ("prep_drawn", (NR,), "the Rituals drawn at the Mage Tower, when the drawing seat is of this seat's team"),
    ("prep_dec", (15,), "the pending Hierapolis decision: optional / mandatory / from the supply, first "
                        "hero, its Quest (6), the bid digit (3), the bid so far / 100 (own team), amount / 4"),
    # --- Co-op Hierapolis (rules/coop_prep.py): the enemy heroes, public, during the Preparation Phase only
    ("enemies", (3, EF), "per enemy hero (first, second, third): hero (12), in the game, health/9, gold/30 "
                         "(at most 1; it bids all of it), its spot this turn (18, as in spots)"),
    ("enemy_took", (NI,), "the items the enemy heroes took out of the game (weapon, Artifact, fenced token)"),
    # --- Rituals (rules/rituals.py): the tokens are public, a prepared Ritual its team's only
    ("rit_board", (NHEX, NR + 1), "per hex: the Ritual token covering it (one-hot), a hex no Hero may occupy"),
    ("rit_cards", (NR, 2 + TURNS), "per Ritual card: face up (cast or negated), prepared by own team, "
                                   "its turn (1..9) when prepared by own team"),
    ("rit_seats", (6,), "per relative seat: Rituals prepared and not yet cast / 9 (each lies under a turn "
                        "marker of its own; the box has nine)"),
    ("rit_marks", (6, TURNS), "per relative seat: the turn markers (turns 1..9) lying on its face-down Rituals "
                              "not yet cast (public: a marker lies on top of the card)"),
    ("rit_heroes", (NH, NR + 1), "per hero: immune to that Ritual this turn (Nature's Grace), "
                                 "Gaia's Escutcheon protecting it"),
    ("dec_ritual", (NR,), "Ritual named by the pending decision (the one being placed, the one just removed)"),
    # --- Monsters
    ("monsters", (MAXM, 109), "per monster slot: kind (7), in the Arena, hex (61), visible top Stamina Token (13), "
                              "top token face down, pile size/13, statuses (6), Curses on it (5), removed "
                              "tokens/13, target of the current combat, last face per table (6 + 6)"),
    ("mheroes", (NH, 4), "per hero: paralyzed, swallowed, enslaved, pain-anchored"),
    ("mkept", (6,), "Stamina Tokens kept per relative seat / 13 (light semi co-op)"),
    ("mstrike", (NH,), "heroes the current monster strike targets"),
])
_P = {n: p.start for n, p in OBSERVER.pieces.items()}
_TOK = {c: i for i, c in enumerate(TOKEN_CARDS)}


# decision kinds whose record names a hero, and where (``dec[1 + i]``, the arguments of
# ``TheosisState._ask`` after the deciding seat)
_HERO_ARGS = {"mana": 1, "equip_slot": 1, "place": 1, "move": 1, "row": 1, "discard": 1, "mana_gain": 1,
              "bless_card": 1, "bless_target": 1, "spell_card": 1, "spell_area": 1, "atk_target": 1,
              "skill_use": 1, "sk_target": 1, "sk_dir": 1, "commit": 1, "defskill": 1, "uncurse": 1,
              "teleport": 1, "blind": 1, "shock_give": 1, "pull": 1, "crimson_amount": 2,
              "steal_from": 1, "steal_slot": 1, "res_place": 1, "purloin_item": 1, "profane_slot": 1,
              "replace": 1, "incinerate_slot": 1, "vile_target": 1, "blackout": 1, "lay_target": 1,
              "holy_target": 1, "crimson_target": 1, "res_mode": 1, "ungrave": 1, "res_mana": 1, "res_dead": 1,
              "tactics": 1, "raise": 1, "hurt_def": 2}
# ... a second hero (the target robbed, raised, defended against; the source of a hurt)
_OTHER_ARGS = {"steal_slot": 2, "res_place": 2, "purloin_item": 2, "profane_slot": 2, "crimson_amount": 1,
               "hurt_def": 1}
# ... an item (the one being equipped: public, it was taken from the offer)
_ITEM_ARGS = {"equip_hero": 1, "equip_slot": 2}
# ... a Power (the Blessing or Spell being aimed: shown to the seat's team and to seats that saw it)
_CARD_ARGS = {"bless_target": 2, "spell_area": 2}
# --- Rituals: ... a Ritual (face up: the one being placed, the token Terrashaper just removed)
_RIT_ARGS = {"r_place": 1, "r_unused": 2}
_HERO_ARGS.update({"r_remove": 1, "r_unused": 1})
# --- Hierapolis: the hero being equipped / given a gem / robbed of one; the token drawn, taken or won
_HERO_ARGS.update({"hp_eslot": 1, "hp_gslot": 1, "hp_mslot": 1})
_ITEM_ARGS.update({"hp_keep": 1, "hp_eslot": 2})


_HERO_RANGE = range(NH)
_TOKEN_AT = 27 + 5 + 2 + NHEX + NI  # where a hero's token one-hots start in its block
_SPEED = [hero.speed / 8.0 for hero in HEROES]


_PHASE, _DECISION, _TO_MOVE, _DECIDER, _DEC_HEROES, _TURN, _POOL, _OFFER, _COMBAT, _COMBAT_CARD, _MISC = (
    _P[k] for k in ("phase", "decision", "to_move", "decider", "dec_heroes", "turn", "pool", "offer", "combat",
                    "combat_card", "misc"))
_PHASE_INDEX = {ph: _PHASE + i for i, ph in enumerate(PHASES)}
_DEC_OTHER, _DEC_ITEM, _DEC_CARD = _P["dec_other"], _P["dec_item"], _P["dec_card"]
#: the decision arguments each piece marks: (kind -> where in ``dec``, piece offset, entries)
_DEC_ARGS = ((_HERO_ARGS, _DEC_HEROES, NH), (_OTHER_ARGS, _DEC_OTHER, NH), (_ITEM_ARGS, _DEC_ITEM, NI),
             (_CARD_ARGS, _DEC_CARD, NC), (_RIT_ARGS, _P["dec_ritual"], NR))
_RIT_BOARD, _RIT_CARDS, _RIT_SEATS, _RIT_MARKS, _RIT_HEROES = (
    _P[k] for k in ("rit_board", "rit_cards", "rit_seats", "rit_marks", "rit_heroes"))
_GAIA = NR  # the Gaia's Escutcheon column of rit_heroes
# --- Monsters: the fields of a monster's block
MF = 109
_M_ALIVE, _M_HEX, _M_TOP, _M_DOWN, _M_SIZE, _M_STAT, _M_CURSE, _M_GONE, _M_TARGET, _M_LAST0, _M_LAST1 = (
    7, 8, 8 + NHEX, 8 + NHEX + 13, 8 + NHEX + 14, 8 + NHEX + 15, 8 + NHEX + 21, 8 + NHEX + 26, 8 + NHEX + 27,
    8 + NHEX + 28, 8 + NHEX + 34)
assert _M_LAST1 + 6 == MF and len(MONSTERS) == 7 and len(STAMINA) == 13 and len(STATUSES) == 6
_NTOK = float(len(STAMINA))


def _small(state, p: int, myteam: int) -> list:
    """``(index, value)`` of the small pieces (phase, decision, turn, draft pool, offer, combat, misc)."""
    on = [(_PHASE_INDEX[state.phase], 1.0)]
    dec = state.dec
    if dec is not None and state.winner == -2:
        on.append((_DECISION + KIND_INDEX[dec[0]], 1.0))
        if dec[1] == p:
            on.append((_TO_MOVE, 1.0))
        on.append((_DECIDER + (dec[1] - p) % state.n, 1.0))
        kind = dec[0]
        for args, base, limit in _DEC_ARGS:
            if kind in args:
                x = dec[1 + args[kind]]
                if isinstance(x, int) and 0 <= x < limit:
                    if base == _DEC_CARD and state.team[dec[1]] != myteam and not state.vis[x] & (1 << p):
                        continue
                    on.append((base + x, 1.0))
    on.append((_TURN + min(state.turn, 9), 1.0))
    if state.pool:
        on += [(_POOL + c, 1.0) for c in state.pool]
    if state.offer:
        on += [(_OFFER + i, 1.0) for i in state.offer]
    cb = state.cb
    if cb is not None:
        on.append((_COMBAT + cb["att"] * 2, 1.0))
        on += [(_COMBAT + t * 2 + 1, 1.0) for t in cb["targets"] if t < NH]  # --- Monsters: heroes only
        du = cb["du"]
        if cb["src"] == "spell":
            on.append((_COMBAT_CARD + cb["spell"], 1.0))
        if du is not None:
            bit = 1 << p
            for c in (du["ac"], du["dc"]):
                if c >= 0 and state.vis[c] & bit:
                    on.append((_COMBAT_CARD + c, 1.0))
    if state.bondage >= 0:
        on.append((_MISC, 1.0))
    if state.ward[myteam]:
        on.append((_MISC + 1, 1.0))
    on.append((_MISC + 2, min(state.purse[p] / 3.0, 1.0)))  # --- Hierapolis: capped (purses grow there)
    if state.initiative == p:
        on.append((_MISC + 3, 1.0))
    _rituals(state, p, myteam, on)
    _prep(state, p, myteam, on)  # --- Hierapolis
    return on


def _rituals(state, p: int, myteam: int, on: list) -> None:
    """The Ritual pieces (appended to ``on``): the tokens in the Arena and the cards face up (public),
    the Rituals prepared by the seat's team with their turns (TH § Team vs Team: team mates share
    Rituals), how many each seat prepared (the face-down cards lie by the Hero mats) and the turn
    marker on each (TH § Mage Tower: "Select one turn token and place it on top of your Ritual": the
    table sees which markers are taken and where they lie, not the card under them), and per hero
    Nature's Grace immunities and Gaia's Escutcheon."""
    if state.rtok:
        for x, v in enumerate(state.rhex):
            if v >= 0:
                o = _RIT_BOARD + x * (NR + 1)
                on.append((o + (v >> 1), 1.0))
                if v & 1:
                    on.append((o + NR, 1.0))
    for ri in state.rshown:
        on.append((_RIT_CARDS + ri * (2 + TURNS), 1.0))
    n = state.n
    team = state.team
    for q, prep in enumerate(state.prepared):
        if prep:
            rel = (q - p) % n
            on.append((_RIT_SEATS + rel, len(prep) / TURNS))
            o = _RIT_MARKS + rel * TURNS - 1  # turn t at column t - 1
            for _ri, t in prep:
                on.append((o + t, 1.0))
            if team[q] == myteam:
                for ri, t in prep:
                    o = _RIT_CARDS + ri * (2 + TURNS)
                    on.append((o + 1, 1.0))
                    on.append((o + 1 + t, 1.0))
    turn = state.turn
    for h, (m, g) in enumerate(zip(state.rimm, state.gaia)):
        if m or g >= turn > 0:
            o = _RIT_HEROES + h * (NR + 1)
            for ri in range(NR):
                if m >> ri & 1:
                    on.append((o + ri, 1.0))
            if g >= turn > 0:
                on.append((o + _GAIA, 1.0))


# --- Hierapolis: the pieces of the Preparation Phase
_PREP_TURN, _PREP_FIRST, _SPOTS, _TRACKS, _PURSES, _SUPPLY, _BIDS, _BID_ART, _DRAWN, _PREP_DEC = (
    _P[k] for k in ("prep_turn", "prep_first", "spots", "tracks", "purses", "supply", "bids", "bid_art", "prep_drawn",
                    "prep_dec"))
_ENEMIES, _ENEMY_TOOK = _P["enemies"], _P["enemy_took"]  # --- Co-op Hierapolis
_E_ALIVE, _E_HEALTH, _E_GOLD, _E_SPOT = NH, NH + 1, NH + 2, NH + 3  # the fields of an enemy hero's block
#: what ``prep_dec`` can read of a decision's record: nothing, the first hero (spot), its Quest (power),
#: optional (keep, market), optional / mandatory / from the supply (gem), the bid digit and the bid so far
#: (bid), an amount (hurt / steal); the compiled encoder gets each as its index here (``C_DECL``'s
#: ``prep_code`` enum)
_PREP_CODES = ("none", "spot", "power", "keep", "market", "gem", "bid", "amount")
#: decision kind -> what ``prep_dec`` reads of its record (one of ``_PREP_CODES``; "none" when absent)
_PREP_KIND = {"hp_spot": "spot", "hp_power": "power", "hp_keep": "keep", "hp_market": "market", "hp_gem": "gem",
              "hp_gslot": "gem", "hp_bid": "bid", "hp_hurt": "amount", "hp_steal": "amount"}


def _prep(state, p: int, myteam: int, on: list) -> None:
    """``(index, value)`` of the Hierapolis pieces (appended to ``on``)."""
    n = state.n
    team = state.team
    on.append((_PREP_TURN + state.pturn, 1.0))
    if state.pturn:
        on.append((_PREP_FIRST + (state.pfirst - p) % n, 1.0))
    for i, held in enumerate(state.spots):
        if held:
            cnt = [0] * 6
            for q in held:
                cnt[(q - p) % n] += 1
            on += [(_SPOTS + i * 6 + r, min(c / 3.0, 1.0)) for r, c in enumerate(cnt) if c]
    for t, v in enumerate(state.track):
        on.append((_TRACKS + t * TRACK_W + v + TRACK_LEN, 1.0))
    for q in range(n):
        r = (q - p) % n
        if state.purse[q]:
            on.append((_PURSES + r, min(state.purse[q] / 30.0, 1.0)))
        if state.msupply[q]:
            on.append((_SUPPLY + r, min(state.msupply[q] / 4.0, 1.0)))
        if state.bjoin[q]:
            on.append((_BIDS + r * 3, 1.0))
        b = state.bid[q]
        if b >= 0:
            on.append((_BIDS + r * 3 + 1, 1.0))
            if b and (state.brev or team[q] == myteam):
                on.append((_BIDS + r * 3 + 2, min(b / 30.0, 1.0)))
    if state.bart >= 0:
        on.append((_BID_ART + state.bart, 1.0))
    if state.mseat >= 0 and team[state.mseat] == myteam:
        on += [(_DRAWN + r, 1.0) for r in state.mdraw]
    dec = state.dec
    if dec is not None and state.winner == -2:
        code = _PREP_KIND.get(dec[0], "none")
        if code == "spot":
            if dec[2] == 0:
                on.append((_PREP_DEC + 3, 1.0))
        elif code == "power":
            on.append((_PREP_DEC + 4 + dec[2], 1.0))
        elif code == "keep":
            on.append((_PREP_DEC + dec[3], 1.0))
        elif code == "market":
            on.append((_PREP_DEC + dec[2], 1.0))
        elif code == "gem":
            on.append((_PREP_DEC + dec[-1], 1.0))
        elif code == "bid":
            on.append((_PREP_DEC + 10 + dec[2], 1.0))
            if dec[3] and team[dec[1]] == myteam:
                on.append((_PREP_DEC + 13, min(dec[3] / 100.0, 1.0)))
        elif code == "amount":
            on.append((_PREP_DEC + 14, min(dec[2] / 4.0, 1.0)))
    if state.ehero and state.phase == "prep":
        _enemies(state, on)


def _enemies(state, on: list) -> None:
    """--- Co-op Hierapolis: the enemy heroes (``coop_prep``; all they are and do is public at the
    table, and none of it depends on a sealed bid): per enemy hero its identity, whether it is still
    in the game, its Health, its own gold (its whole bid at the reveal) and the spot it took this
    turn; and what they took out of the game (during the preparation ``gone`` holds only that)."""
    hp, egold, espot = state.hp, state.egold, state.espot
    for k, h in enumerate(state.ehero):
        o = _ENEMIES + k * EF
        on.append((o + h, 1.0))
        if hp[h] > 0:
            on.append((o + _E_ALIVE, 1.0))
            on.append((o + _E_HEALTH, hp[h] / 9.0))
        if egold[k]:
            on.append((o + _E_GOLD, min(egold[k] / 30.0, 1.0)))
        if espot[k] >= 0:
            on.append((o + _E_SPOT + espot[k], 1.0))
    on += [(_ENEMY_TOOK + i, 1.0) for i in state.gone]


def _hero_marks(state) -> tuple[dict, dict]:
    """Each chosen hero's first place in the Ranking, and the token one-hots on each hero."""
    owner = state.owner
    first: dict[int, int] = {}
    for i, h in enumerate(state.ranking):
        if h in _HERO_RANGE and h not in first and owner[h] >= 0:
            first[h] = i
    toks: dict[int, list[int]] = {}
    token = state.token
    for c, j in _TOK.items():
        h = token[c]
        if h in _HERO_RANGE and owner[h] >= 0:
            toks.setdefault(h, []).append(j)
    return first, toks


def _heroes(w, state, p: int, myteam: int, heroes, first: dict, toks: dict) -> None:
    """Write the (zeroed) blocks of ``heroes``."""
    n = state.n
    base = _P["heroes"]
    owner, team, hp, pos, mana, gold, eq, arch = (state.owner, state.team, state.hp, state.pos, state.mana,
                                                  state.gold, state.eq, state.arch)
    flags = (state.acted, state.blackout, state.stealth, state.flip_w, state.flip_a)
    for h in heroes:
        o = base + h * HF
        own = owner[h]
        if own < 0:
            w[o + 6] = 1.0
            continue
        w[o + (own - p) % n] = 1.0
        w[o + 7 if team[own] == myteam else o + 8] = 1.0
        if hp[h] > 0 and pos[h] >= 0:  # state.alive(h) (the owner is known to be set here)
            w[o + 9] = 1.0
        m = mana[h]
        if m[0]:
            w[o + 11] = 1.0
        if m[1]:
            w[o + 12] = 1.0
        if m[2]:
            w[o + 13] = 1.0
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
        i = first.get(h)
        if i is not None:
            w[o + 15 + i] = 1.0
        for j in toks.get(h, ()):
            w[o + _TOKEN_AT + j] = 1.0
        w[o + 10] = hp[h] / 9.0
        w[o + 14] = min(gold[h], 10) / 10.0
        w[o + HF - 1] = _SPEED[h]


def _pile(w, state, p: int, myteam: int, q: int, j: int, cards) -> None:
    """Write the (zeroed) blocks of the Powers ``cards`` in seat ``q``'s pile ``j`` (hand, discard,
    in play)."""
    rel = (q - p) % state.n
    base = _P["cards"]
    if state.team[q] == myteam:
        for c in cards:
            o = base + c * CF
            w[o + rel] = 1.0
            w[o + 6 + j] = 1.0
        return
    bit = 1 << p
    vis = state.vis
    for c in cards:
        o = base + c * CF
        w[o + rel] = 1.0
        w[o + (9 + j if vis[c] & bit else 12)] = 1.0


def _monsters(w, state, p: int) -> None:
    """--- Monsters: the (zeroed) monster pieces."""
    mk = state.mkind
    if mk[0] < 0:
        return
    base = _P["monsters"]
    token = state.token
    cb = state.cb
    for m in range(MAXM):
        k = mk[m]
        if k < 0:
            continue
        o = base + m * MF
        w[o + k] = 1.0
        pos = state.mpos[m]
        if pos >= 0:
            w[o + _M_ALIVE] = 1.0
            w[o + _M_HEX + pos] = 1.0
        st = state.mstack[m]
        if st and pos >= 0:
            if state.mdown[m]:
                w[o + _M_DOWN] = 1.0
            else:
                w[o + _M_TOP + st[0]] = 1.0
        w[o + _M_SIZE] = len(st) / _NTOK
        for j, v in enumerate(state.mstat[m]):
            if v:
                w[o + _M_STAT + j] = 1.0
        for j, c in enumerate(MON_CURSE_CARDS):
            if token[c] == NH + m:
                w[o + _M_CURSE + j] = 1.0
        w[o + _M_GONE] = len(state.mgone[m]) / _NTOK
        if cb is not None and NH + m in cb["targets"]:
            w[o + _M_TARGET] = 1.0
        f0, f1 = state.mlast[m]
        if f0 >= 0:
            w[o + _M_LAST0 + f0] = 1.0
        if f1 >= 0:
            w[o + _M_LAST1 + f1] = 1.0
    base = _P["mheroes"]
    for j, xs in enumerate((state.para, state.swal, state.ensl, state.anchor)):
        for h in _HERO_RANGE:
            if xs[h]:
                w[base + h * 4 + j] = 1.0
    n = state.n
    for q in range(n):
        w[_P["mkept"] + (q - p) % n] = len(state.kept[q]) / _NTOK
    mc = state.mcb
    if mc is not None:
        for t in mc["targets"]:
            w[_P["mstrike"] + t] = 1.0


def encode(state, p: int, out: np.ndarray) -> None:
    seats(state)  # a state whose seat count is not the config's is named, never laid out
    # single-element writes through a memoryview cost about half a numpy scalar write
    w = memoryview(out) if out.dtype == np.float32 and out.flags.c_contiguous else out
    myteam = state.team[p]
    _monsters(w, state, p)  # --- Monsters
    for i, v in _small(state, p, myteam):
        w[i] = v
    first, toks = _hero_marks(state)
    _heroes(w, state, p, myteam, _HERO_RANGE, first, toks)
    for q in range(state.n):
        rel = (q - p) % state.n
        for j, pile in enumerate((state.hand[q], state.disc[q], state.inplay[q])):
            w[_P["piles"] + rel * 3 + j] = len(pile) / 6.0
            _pile(w, state, p, myteam, q, j, pile)


# ----------------------------------------------------------------------------- compiled encoder
#: the int32 table ``numbers`` of the layout (``_c_numbers``): these enums' entries, one after the other
_NUMBERS = chain(
    CEnum("piece", "P_", "NPIECES", tuple(OBSERVER.pieces), kind="pieces",
          meaning="the pieces of observe.OBSERVER: numbers[P_X] is where piece x starts"),
    CEnum("hero_field", "H_", "H_END", ("unchosen", "ally", "enemy", "alive", "health", "mana", "gold", "rank",
                                        "flags", "arch", "hex", "items", "tokens", "speed"),
          meaning="where the fields of a hero's block start (observe._heroes)"),
    CEnum("card_field", "C_", "C_END", ("own_pile", "known_pile", "unknown"),
          meaning="where the fields of a Power's block start (observe._pile)"),
    CEnum("monster_field", "M_", "M_END", ("alive", "hex", "top", "down", "size", "stat", "curse", "gone", "target",
                                           "last0", "last1"),
          meaning="--- Monsters: where the fields of a monster's block start (observe._monsters)"),
    CEnum("number", "N_", "N_NUMBERS", (
        "size", "players", "heroes", "cards", "hf", "cf", "turn_cap", "items",
        "rituals", "turns", "hex",  # --- Rituals: Ritual cards, Arena turns, hexes
        "mf", "maxm", "ntok", ("curse", "NMCURSES"),  # --- Monsters: block size, slots, tokens, Curse cards
        "track_w", "track_len",  # --- Hierapolis: an Alignment track's width and length
        "ef", "phase_prep"),  # --- Co-op Hierapolis: an enemy hero's block size, the "prep" phase's index
          meaning="sizes and counts (observe._c_numbers)"),
)

#: what ``_cobserve.c`` reads, declared once: ``_clayout.h`` is generated from it
#: (``python -m mythenv.core.cheaders``), ``c_layout`` packs the layout and ``_c_numbers`` its table by
#: these names
C_DECL = CDecl(enums=(
    CEnum("attr", "A_", "NATTR", (
        "phase", "dec", "winner", "n", "team", "turn", "pool", "offer", "cb", "vis", "bondage", "ward", "purse",
        "initiative", "ranking", "token",
        # per hero (acted .. flip_a: the flags in the order of their one-hots, observe._heroes)
        "owner", "hp", "pos", "gold", "arch", "acted", "blackout", "stealth", "flip_w", "flip_a", "mana", "eq",
        "hand", "disc", "inplay",  # per seat: the three piles, in this order
        # --- Rituals: per seat the prepared [ritual, turn] pairs; the cards face up; per hex the token; per
        # hero the Nature's Grace immunities and the last turn of Gaia's Escutcheon
        "prepared", "rshown", "rhex", "rimm", "gaia",
        # --- Monsters: per monster slot; per hero (paralyzed, swallowed, enslaved, anchored, in this
        # order); per seat
        "mkind", "mpos", "mdown", "mstack", "mstat", "mlast", "mgone", "mcb",
        "para", "swal", "ensl", "anchor", "kept",
        # --- Hierapolis
        "pturn", "pfirst", "brev", "bart", "mseat", "spots", "track", "msupply", "bjoin", "bid", "mdraw",
        # --- Co-op Hierapolis: the enemy heroes, their gold and spots; the items out of the game
        "ehero", "egold", "espot", "gone"), kind="attrs",
          meaning="the state's attributes, fetched at every call (n before the per-seat lists)"),
    CEnum("key", "K_", "NKEYS", ("att", "targets", "du", "src", "spell",
                                 "ac", "dc"),  # the duel's two cards, together and in this order
          meaning='keys of the combat record cb and of its duel cb["du"], and the value "spell"'),
    CEnum("mon_curse", "CURSE_", "NMCURSES", MON_CURSES,
          meaning="--- Monsters: the Curses a monster can carry (rules.monsters.MON_CURSES), in the order of "
                  "their one-hots"),
    *_NUMBERS,
    CEnum("prep_code", "PREP_", "NPREP_CODES", _PREP_CODES,
          meaning="--- Hierapolis: what prep_dec reads of a decision's record (observe._PREP_CODES)"),
    CEnum("layout", "LAYOUT_", "LAYOUT_LEN", ("numbers", "phases", "kinds", "hero_arg", "token_card", "token_slot",
                                              "speed", "other_arg", "item_arg", "card_arg", "rit_arg",
                                              "prep_kind"), kind="layout",
          meaning="the entries of the layout tuple (observe.c_layout)"),
), strings=(CStrings("attr_names", ("attr",), "NATTR"), CStrings("key_names", ("key",), "NKEYS")))


def _c_numbers(game) -> list[int]:
    """The int32 table ``numbers`` of ``c_layout``: the entries of ``_NUMBERS``' enums, by name."""
    values = {
        "piece": {name: OBSERVER.pieces[name].start for name in C_DECL.enum("piece").names},
        # where the fields of a hero's block start (_heroes): the five flags take five entries, the
        # archetype two, the ranking twelve
        "hero_field": dict(unchosen=6, ally=7, enemy=8, alive=9, health=10, mana=11, gold=14, rank=15, flags=27,
                           arch=27 + 5, hex=27 + 5 + 2, items=27 + 5 + 2 + NHEX, tokens=_TOKEN_AT, speed=HF - 1),
        # where the fields of a Power's block start (_pile): own team's pile, other's known pile, place unknown
        "card_field": dict(own_pile=6, known_pile=9, unknown=12),
        "monster_field": dict(alive=_M_ALIVE, hex=_M_HEX, top=_M_TOP, down=_M_DOWN, size=_M_SIZE, stat=_M_STAT,
                              curse=_M_CURSE, gone=_M_GONE, target=_M_TARGET, last0=_M_LAST0, last1=_M_LAST1),
        "number": dict(size=OBSERVER.size, players=game.num_players, heroes=NH, cards=NC, hf=HF, cf=CF,
                       turn_cap=9,  # the turn one-hot's cap: min(state.turn, 9)
                       items=NI, rituals=NR, turns=TURNS, hex=NHEX,
                       mf=MF, maxm=MAXM, ntok=len(STAMINA), curse=MON_CURSE_CARDS,
                       track_w=TRACK_W, track_len=TRACK_LEN,
                       ef=EF, phase_prep=PHASES.index("prep")),
    }
    return [v for e in _NUMBERS
            for v in C_DECL.flat(e.tag, widths={"curse": len(MON_CURSE_CARDS)}, **values[e.tag])]


def c_layout(game) -> tuple:
    """What ``_cobserve.encode`` (the compiled twin of ``encode``) needs of this config: the entries of
    ``C_DECL``'s layout enum, by name:

    - ``numbers``: ``_c_numbers``, as int32 ``bytes``: where each piece starts, where the fields of the
      hero, Power and monster blocks start, the observation size, seats, heroes, Powers, block sizes,
      the turn cap ...;
    - ``phases``: phase name -> index in the phase piece (dict); ``kinds``: decision kind -> index in the
      decision piece (``KIND_INDEX``);
    - ``hero_arg``: per decision kind, where its record names a hero (``_HERO_ARGS``: the hero is
      ``dec[1 + i]``), 0 for none (``bytes``); ``other_arg``, ``item_arg``, ``card_arg``, ``rit_arg``: the
      same for a second hero, an item, a Power and a Ritual (``_OTHER_ARGS``, ``_ITEM_ARGS``,
      ``_CARD_ARGS``, ``_RIT_ARGS``);
    - ``token_card``: the Power card of each token (``_TOK``'s keys, ``bytes``) and ``token_slot``: its
      slot in a hero's token one-hots (``_TOK``'s values, ``bytes``);
    - ``speed``: per hero, its speed / 8 (float32 ``bytes``);
    - ``prep_kind``: per decision kind, what the Hierapolis piece ``prep_dec`` reads of it (``_PREP_KIND``:
      the index of its code in ``_PREP_CODES``, the prep_code enum; ``bytes``).
    """
    def per_kind(args: dict) -> bytes:
        return bytes(args.get(k, 0) for k in KINDS)

    return C_DECL.pack(
        "layout", numbers=np.asarray(_c_numbers(game), np.int32).tobytes(),
        phases={ph: i for i, ph in enumerate(PHASES)}, kinds=dict(KIND_INDEX),
        hero_arg=per_kind(_HERO_ARGS), other_arg=per_kind(_OTHER_ARGS), item_arg=per_kind(_ITEM_ARGS),
        card_arg=per_kind(_CARD_ARGS), rit_arg=per_kind(_RIT_ARGS),
        token_card=bytes(_TOK), token_slot=bytes(_TOK.values()), speed=np.asarray(_SPEED, np.float32).tobytes(),
        prep_kind=bytes(_PREP_CODES.index(_PREP_KIND.get(k, "none")) for k in KINDS))  # --- Hierapolis
