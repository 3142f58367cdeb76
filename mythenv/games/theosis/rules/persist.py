"""Checking a loaded state and the determinization for search (``resample_hidden``). Copying, saving
and loading are generated from the declared fields (``state.StateBase.fields``); the text and the
picture are ``render.py``'s, wired by the Game.
"""

from __future__ import annotations

from typing import Self

import numpy as np

from mythenv.core.bookkeeping import check_conserved
from mythenv.core.errors import StateError

from ..cards import HEROES, POWERS
from .actions import MAXHP, NC, NH, NI, PK, SK, TURNS, team_of_seat


class Persist:
    """Checking a loaded state (``check_invariants``); ``resample_hidden``."""

    __slots__ = ()  # the state's fields are StateBase's slots (rules/state.py)

    def check_invariants(self) -> None:
        """Every drafted Power is in exactly one place of its owner's; every item token in exactly
        one place; Health, Mana and positions in range."""
        for p in range(self.n):
            cards = self.hand[p] + self.disc[p] + self.inplay[p]
            if len(set(cards)) != len(cards) or any(self.cowner[c] != p for c in cards):
                raise StateError(f"theosis_v0: seat {p}'s Powers are duplicated or misplaced")
            # --- Hierapolis: one Power per Hierapolis turn with a hero to place (fewer for a player
            # whose heroes all fell in the preparation)
            hier = self.game.config["prep"] == "hierapolis"
            if self.phase not in ("select", "draft") and (len(cards) > 6 if hier else len(cards) != 6):
                raise StateError(f"theosis_v0: seat {p} holds {len(cards)} Powers instead of 6")
            if len(self.ret) != self.n or any(c not in self.inplay[p] for c in self.ret[p]):
                raise StateError(f"theosis_v0: seat {p}'s recycled Powers are not in play")
        owned = sum(1 for c in range(NC) if self.cowner[c] >= 0)
        if owned != sum(len(self.hand[p]) + len(self.disc[p]) + len(self.inplay[p]) for p in range(self.n)):
            raise StateError("theosis_v0: Power ownership does not match the piles")
        items = self.pouch + self.offer + self.gone + [i for h in range(NH) for i in self.eq[h] if i >= 0]
        items += self.arow + ([self.bart] if self.bart >= 0 else [])  # --- Hierapolis
        check_conserved("theosis_v0: item", items, NI)
        seen = set()
        for h in range(NH):
            if not 0 <= self.hp[h] <= MAXHP:
                raise StateError(f"theosis_v0: {HEROES[h].key} has Health {self.hp[h]}")
            if any(m not in (0, 1) for m in self.mana[h]):
                raise StateError(f"theosis_v0: {HEROES[h].key} has a bad Mana slot")
            if self.alive(h):
                if self.pos[h] in seen:
                    raise StateError("theosis_v0: two heroes share a hex")
                seen.add(self.pos[h])
        if (self.phase == "over") != (self.winner != -2) or not -2 <= self.winner < self.nteams:
            raise StateError(f"theosis_v0: winner {self.winner} in phase {self.phase!r} (-2 while the game runs, "
                             f"-1 or a team 0..{self.nteams - 1} once it is over)")
        if self.winner == -2:
            d = self.dec
            if d is None or str(d[0]) not in self.handlers["decision"] or not 0 <= d[1] < self.n:
                raise StateError(f"theosis_v0: a running game must ask a seat for a decision (got {d!r})")
        elif self.dec is not None:
            raise StateError("theosis_v0: a finished game has a pending decision")
        for t in self.q:
            if str(t[0]) not in self.handlers["task"]:
                raise StateError(f"theosis_v0: unknown task {t[0]!r} in the queue")
        if self.winner == -2:
            self._check_carries_on()
        if not 0 <= self.turn <= TURNS or (self.phase == "arena" and self.turn < 1):
            raise StateError(f"theosis_v0: Arena turn {self.turn} in phase {self.phase!r} (turns 1..{TURNS})")
        if not 0 <= self.initiative < self.n:
            raise StateError(f"theosis_v0: the initiative holder {self.initiative} is not a seat")
        for p in range(self.n):
            own = sum(1 for h in range(NH) if self.owner[h] == p)
            if own > self.hpp or (self.phase != "select" and own != self.hpp):
                raise StateError(f"theosis_v0: seat {p} owns {own} heroes (this mode gives each player {self.hpp})")
        if any(self.pos[h] >= 0 and self.owner[h] < 0 for h in range(NH)):
            raise StateError("theosis_v0: a hero nobody owns stands in the Arena")
        # the seats' teams are the mode's (every seat its own once the monsters of a heavy semi co-op
        # game fell: mphase 1)
        if self.mphase == 1 and (self.mode != "semi_coop_heavy" or self.mkind[0] < 0 or self.monsters_alive()):
            raise StateError("theosis_v0: saved state field mphase: 1 (the monsters fell) in a heavy semi co-op game "
                             "only, once every monster is out")
        teams = self._teams_in(self.mphase)
        if self.team != teams:
            raise StateError(f"theosis_v0: saved state field team: {self.team} in monster phase {self.mphase}; this "
                             f"mode and phase seat the players in teams {teams}")
        if self.nteams != max(teams) + 1:
            raise StateError(f"theosis_v0: saved state field nteams: {self.nteams}; the teams {teams} are "
                             f"{max(teams) + 1}")
        if len(self.ward) != self.nteams:
            raise StateError(f"theosis_v0: saved state field ward: {len(self.ward)} entries for {self.nteams} teams")
        self._check_untouched()
        self._check_order()
        self._check_ranking()
        self._check_records()
        self._check_asked()
        if any((self.para[h] or self.swal[h] or self.ensl[h] or self.anchor[h]) and self.owner[h] < 0
               for h in range(NH)):
            raise StateError("theosis_v0: a hero nobody owns is paralyzed, swallowed, enslaved or anchored")
        self._check_rituals()  # --- Rituals (rituals.py)
        self._check_monsters(seen)  # --- Monsters
        self._hp_invariants()  # --- Hierapolis
        self._cp_invariants()  # --- Co-op preparation

    def _teams_in(self, mphase: int) -> list[int]:
        if mphase == 1 and self.mode == "semi_coop_heavy":
            return list(range(self.n))
        return [team_of_seat(self.mode, self.n, p) for p in range(self.n)]

    #: the fields the Hero Phase changes from their starting values (``_init_fields``); then those
    #: Fast Action Preparation changes too (the draft, the Mana, the offers)
    PICKS = frozenset(("phase", "owner", "arch", "pickno", "order", "q", "dec", "log", "steps"))
    FAST = PICKS | {"cowner", "hand", "vis", "pool", "mana", "eq", "offer", "pouch"}
    #: the fields only the Arena changes (turns, combat, Rituals cast, monsters), and those only the
    #: Hierapolis preparation holds (back at their starting values once it ends)
    ARENA_ONLY = frozenset(("turn", "bondage", "acted", "anchor", "blackout", "cb", "dbl", "disc", "ensl", "flip_a",
                            "flip_w", "gaia", "inplay", "kept", "mact", "martyr", "mcb", "mdown", "mgone", "mkind",
                            "mlast", "mlost", "mphase", "mpos", "mstack", "mstat", "para", "ret", "rdue", "rhex",
                            "rimm", "rshown", "rtok", "stealth", "swal", "token", "tpool", "ward", "winner"))
    PREP_ONLY = frozenset(("arow", "bart", "bpart", "mdraw", "mseat", "msupply", "pdraw", "pool", "pturn", "spots"))

    def _check_untouched(self) -> None:
        """What the phases so far have not changed still holds its starting value: in the Hero Phase
        everything but the picks, in Fast Action Preparation everything but the draft, the Mana and
        the offers, before the Arena what only the Arena changes, after the Hierapolis preparation
        what only it holds."""
        phase = self.phase
        if phase == "over":
            return
        if phase == "select":
            same = [f for f in self.fields.saved if f.name not in self.PICKS]
        elif phase in ("draft", "mana", "artifact", "item"):
            same = [f for f in self.fields.saved if f.name not in self.FAST or f.name == "pool" and phase != "draft"]
        else:
            same = [f for f in self.fields.saved if f.name in (self.PREP_ONLY if phase == "arena" else self.ARENA_ONLY)
                    or f.name in self.PREP_ONLY and phase in ("gold", "place")]
        start = type(self).blank(self.game)
        for f in same:
            if getattr(self, f.name) != getattr(start, f.name):
                raise StateError(f"theosis_v0: saved state field {f.name}: {getattr(self, f.name)!r} in phase {phase!r}, "
                                 f"which has not changed it from {getattr(start, f.name)!r} yet")

    def _check_order(self) -> None:
        """``order``, the seats of the step under way, as the step left it: in the Hero Phase the
        snake order still to pick; in a draft round (Fast Action Preparation) the seats still to draft
        in the round's direction, the others holding one Power more, and the queue the rounds still
        to come; in an Artifact or item offer the seat after the one asked; in a Hierapolis turn
        every seat from the turn's first player. Cards in the draft pool belong to nobody."""
        n, order, phase, d = self.n, self.order, self.phase, self.dec
        want, v = None, -1
        if phase == "select":
            snake = [p for r in range(self.hpp) for p in (range(n) if r % 2 == 0 else range(n - 1, -1, -1))]
            picked = snake[:sum(1 for o in self.owner if o >= 0)]
            want = snake[len(picked):]
            if any(self.owner.count(p) != picked.count(p) for p in range(n)):
                raise StateError(f"theosis_v0: fields owner and order disagree: the heroes picked {self.owner} are "
                                 f"not the snake order's picks so far {picked}")
        elif phase == "draft":
            rounds = [t for t in self.q if t[0] in ("draft_round", "mana_start")]
            v = 6 - len(rounds)
            seats = list(range(n)) if v % 2 == 0 else list(range(n - 1, -1, -1))
            if not 0 <= v < 6 or rounds != [["draft_round", k] for k in range(v + 1, 6)] + [["mana_start"]]:
                raise StateError(f"theosis_v0: fields phase and q disagree: the queue {self.q!r} is not the draft "
                                 "rounds to come")
            if any(len(self.hand[p]) != v + (p not in order) for p in range(n)):
                raise StateError(f"theosis_v0: fields order and hand disagree: seats {order} still to draft in "
                                 f"round {v}, the seats hold {[len(h) for h in self.hand]} Powers")
            want = seats[n - len(order):] if order else None
        elif phase in ("artifact", "item") and len(order) != 1:
            want = "one seat"
        elif phase == "prep" and self.pturn > 0:
            want = [(self.pfirst + k) % n for k in range(n)]
        if want is not None and order != want or (d is not None and d[0] in ("pick", "draft") and d[1] != order[0]):
            raise StateError(f"theosis_v0: fields order, phase, dec and owner disagree: order {order} in phase "
                             f"{phase!r} (deciding: {d and d[:2]}), not {want}")
        if any(self.cowner[c] >= 0 for c in self.pool):
            raise StateError("theosis_v0: fields pool and cowner disagree: a Power in the draft pool belongs to a seat")
        # the pool of a draft round or a Hierapolis turn: Powers of its value (``fast_prep.DRAFT_POOL``)
        value = v if phase == "draft" else self.pturn - 1 if phase == "prep" else -1
        if self.pool and any(POWERS[c].value_slot != value for c in self.pool):
            raise StateError(f"theosis_v0: fields pool and {'q' if phase == 'draft' else 'pturn'} disagree: the "
                             f"Powers {self.pool} in the pool of value slot {value}")

    def _check_ranking(self) -> None:
        """The Ranking lists every hero in play once from the placement on; while the monster modes'
        players choose it, the heroes ranked so far and those still to rank are every hero once;
        before, it is empty."""
        owned = [h for h in range(NH) if self.owner[h] >= 0]
        r, phase = self.ranking, self.phase
        if phase in ("place", "arena"):
            ok = sorted(r) == owned
        elif phase == "gold" and self.mmode:
            left = sum(1 for t in self.q if t[0] == "m_rank_pick") + (self.dec is not None and self.dec[0] == "m_rank")
            ok = len(set(r)) == len(r) and set(r) <= set(owned) and len(r) + left == len(owned)
        else:
            ok = phase == "over" or not r
        if not ok:
            raise StateError(f"theosis_v0: fields ranking, owner and phase disagree: Ranking {r} in phase {phase!r} "
                             f"(the heroes in play: {owned})")

    #: the tasks and decisions that read a record, which must then be there: the combat ``cb``, its
    #: duel ``cb["du"]``, a hero's duel against a monster ``cb["mdu"]``, the monsters' strike ``mcb``
    NEEDS = {
        "cb": frozenset(("c_begin", "c_defs", "c_defskill", "c_duel", "c_end", "commit", "defskill")),
        "du": frozenset(("d_after", "d_atext", "d_damage", "d_dtext", "d_outcome", "r_duel", "profane",
                         "push_offer", "blind", "dtype", "incinerate_slot", "profane_slot", "pull", "purloin_item",
                         "raise", "replace", "shock_give", "tactics",
                         *(f"yn {what}" for what in ("bloodthirst", "confusion_att", "confusion_def", "equalize_att",
                                                     "equalize_def", "follow", "force_sunder", "incinerate",
                                                     "lifeswap", "oppress_att", "oppress_def", "purloin", "push",
                                                     "tenacity")))),
        "mdu": frozenset(("m_houtcome",)),
        "mcb": frozenset(("m_commit", "m_defskill", "m_duel", "m_face_end", "m_outcome", "m_strike", "m_strike_end")),
    }
    #: a record exists exactly while one of these is queued: a combat until ``c_end``, a monster's
    #: face until ``m_face_end``
    HOLDS = {"cb": frozenset(("c_begin", "c_defs", "c_defskill", "c_duel", "c_end")),
             "mcb": frozenset(("m_face_end",))}
    #: the tasks ``[kind, i]`` (False) and decisions ``[kind, seat, hero, i]`` (True) that name target
    #: ``i`` of a record (the hero, when named, is that target; -1 the attacker, for a commit); a task
    #: that moves on through the targets may name the one past the last
    TARGET_ARGS = {(False, "c_defskill"): "cb", (False, "c_defs"): "cb", (False, "c_duel"): "cb",
                   (True, "commit"): "cb", (True, "defskill"): "cb",
                   (False, "m_defskill"): "mcb", (False, "m_duel"): "mcb", (True, "m_commit"): "mcb",
                   (True, "m_defskill"): "mcb"}

    def _check_records(self) -> None:
        """The combat record and the monsters' strike are there while a task or decision uses them
        (and only then), with one committed Power, Defense Skill (and, for a strike, value, roll and
        hit) per target; a queued step names a target the record has."""
        cb, mcb = self.cb, self.mcb
        recs = {"cb": cb, "mcb": mcb, "du": cb and cb["du"], "mdu": cb and cb.get("mdu")}
        steps = [(True, t[1:]) if t[0] == "ask" else (False, t) for t in self.q]
        if self.dec is not None:
            steps.append((True, self.dec))
        kinds = {f"yn {t[2]}" if t[0] == "yn" else t[0] for _, t in steps}  # (a yes / no question by its name)
        for name, kinds_of in self.NEEDS.items():
            if recs[name] is None and kinds & kinds_of:
                raise StateError(f"theosis_v0: fields {'cb' if name in ('du', 'mdu') else name} and q / dec disagree: "
                                 f"no {name} while {', '.join(sorted(kinds & kinds_of))} needs it")
        for name, kinds_of in self.HOLDS.items():
            if recs[name] is not None and not kinds & kinds_of:
                raise StateError(f"theosis_v0: fields {name} and q disagree: a record left over with nothing queued "
                                 "that uses it")
        for name, keys in (("cb", ("dcards", "dskills")), ("mcb", ("dcards", "dskills", "dvals", "rolls", "hits"))):
            rec = recs[name]
            if rec is not None and any(k in rec and len(rec[k]) != len(rec["targets"]) for k in keys):
                raise StateError(f"theosis_v0: saved state field {name}: {', '.join(keys)} are not one per target")
        if mcb is not None and mcb["targets"] and "hits" not in mcb:
            raise StateError("theosis_v0: saved state field mcb: a strike with targets has no hits")
        for asks, t in steps:
            rec = self.TARGET_ARGS.get((asks, t[0]))
            if rec is None:
                continue
            targets = recs[rec]["targets"]
            i = t[3] if asks else t[1]
            last = len(targets) if t[0] in ("c_defs", "c_duel") else len(targets) - 1
            bad = not (-1 if t[0] == "commit" else 0) <= i <= last
            if not bad and asks:
                bad = t[2] != (cb["att"] if i < 0 else targets[i])
            if bad:
                raise StateError(f"theosis_v0: fields {'dec' if t is self.dec else 'q'} and {rec} disagree: {t!r} "
                                 f"names no target of {rec} (targets {targets})")

    #: the decisions ``[kind, seat, hero, ...]`` that ask the hero's owner (a hero's own choices)
    OWNER_DECIDES = frozenset(("atk_target", "bless_card", "bless_target", "commit", "defskill", "discard",
                               "equip_slot", "hp_eslot", "hp_gslot", "m_commit", "m_defskill", "mana", "mana_gain",
                               "move", "place", "profane_slot", "r_remove", "raise", "res_mana", "res_mode", "row",
                               "sk_dir", "sk_target", "skill_use", "spell_area", "spell_card", "tactics", "ungrave"))
    #: the tasks ``[kind, hero, key]`` and decisions ``[kind, seat, hero, key]`` of a hero's Skill
    SKILL_TASKS = frozenset(("sk_aim", "sk_effect"))
    SKILL_DECISIONS = frozenset(("sk_dir", "sk_target", "move"))

    def _check_asked(self) -> None:
        """Who is asked and about what: a hero's own choices go to its owner (a Tentacles move to the
        Power's holder); a Skill queued or chosen is the hero's; gold is put on heroes from a purse
        that holds some; no hero stands in the Arena before the placement, nor one still to place."""
        steps = [(True, t[1:]) if t[0] == "ask" else (False, t) for t in self.q]
        if self.dec is not None:
            steps.append((True, self.dec))
        for asks, t in steps:
            kind = t[0]
            if asks and kind in self.OWNER_DECIDES:
                h = t[2]
                who = self.cowner[PK["tentacles_black"]] if kind == "move" and t[3] == "tentacles" else self.owner[h]
                if not 0 <= h < NH or t[1] != who:
                    raise StateError(f"theosis_v0: fields {'q' if t is not self.dec else 'dec'} and owner disagree: "
                                     f"{t!r} asks seat {t[1]}, not the one deciding for the hero ({who})")
            if kind in (self.SKILL_DECISIONS if asks else self.SKILL_TASKS):
                h, key = (t[2], (t[4] if len(t) > 4 else "") if kind == "move" else t[3]) if asks else (t[1], t[2])
                plain = kind == "move" and t[3] in ("move", "tentacles")  # a move of no Skill
                if key != "" if plain else key not in SK or self.skill_slot(h, key) < 0:
                    raise StateError(f"theosis_v0: fields {'q' if t is not self.dec else 'dec'} and arch disagree: "
                                     f"{t!r} names a Skill hero {h} does not have")
        d = self.dec
        if d is not None and d[0] == "gold" and self.purse[d[1]] < 1:
            raise StateError(f"theosis_v0: fields dec and purse disagree: seat {d[1]} puts gold from an empty purse")
        waiting = [t[1] for t in self.q if t[0] == "place_one"] + ([d[2]] if d is not None and d[0] == "place" else [])
        before = self.phase not in ("place", "arena", "over")
        if any(self.pos[h] >= 0 and (before or h in waiting) for h in range(NH)):
            raise StateError(f"theosis_v0: fields pos and phase disagree: a hero stands in the Arena in phase "
                             f"{self.phase!r} before it is placed")
        unplaced = {h for h in range(NH) if self.owner[h] >= 0 and self.hp[h] > 0 and self.pos[h] < 0}
        if self.phase == "place" and (len(set(waiting)) != len(waiting) or not unplaced <= set(waiting)
                                      or any(self.owner[h] < 0 for h in waiting)):
            raise StateError(f"theosis_v0: fields q and pos disagree: the heroes still to place {waiting} are not "
                             f"those off the board {sorted(unplaced)}, once each")

    #: the tasks that carry a game on: each queues the next phase, turn or actor (or ends the game),
    #: so a running game's queue always ends with one; and the decisions whose answer queues it
    #: (a hero pick queues the next selection, an offer's answer the next offer turn), the only ones
    #: asked with the queue empty
    CARRY_ON_TASKS = frozenset(("next_actor", "turn_end", "arena_start", "rank", "m_rank_done", "mana_start",
                                "offer_start", "offer_turn", "hp_end", "hp_align"))
    CARRY_ON_DECISIONS = frozenset(("pick", "offer"))

    def _check_carries_on(self) -> None:
        """A running game's queue cannot run dry: it ends with a task that carries the game on, or it
        is empty while the pending decision's answer queues one (a corrupted save with the queue
        emptied or cut short crashed in play: "the task queue ran dry")."""
        q = self.q
        if q and q[-1][0] not in self.CARRY_ON_TASKS:
            raise StateError(f"theosis_v0: saved state field q[{len(q) - 1}][0]: a running game's queue ends with "
                             f"a task that carries it on ({', '.join(sorted(self.CARRY_ON_TASKS))}), got {q[-1][0]!r}")
        if not q and self.dec[0] not in self.CARRY_ON_DECISIONS:
            raise StateError(f"theosis_v0: saved state field q: empty in a running game while the decision "
                             f"{self.dec[0]!r} is pending (only {', '.join(sorted(self.CARRY_ON_DECISIONS))} queue "
                             "what follows them): the queue would run dry")

    # ================================================================== determinization
    def resample_hidden(self, player: int, rng: np.random.Generator) -> Self:
        """Redistribute, for every other team, the Powers whose place ``player`` does not know (hand,
        face-down discards, face-down combat commits) among those places, canonically (sorted then
        shuffled by ``rng``); hidden Defense-Skill commits are redrawn among the legal ones.

        What the table has seen stays: every Power whose place ``player`` knows keeps it (a Blessing
        or Spell being used is face up, so a pending target choice keeps its card), the Powers
        recycled while in play stay marked by their place, and a choice the seat to act has
        announced stays possible: after "use a Blessing / a Spell face up" its redrawn hand holds a
        Power that choice can take (the draw is repeated until it does)."""
        s = self.clone()
        bit = 1 << player
        mine = self.team[player]
        dec = self.dec
        need = None
        if dec is not None and dec[0] == "bless_card":
            need = dec[1], lambda c: POWERS[c].type == "blessing"
        elif dec is not None and dec[0] == "spell_card":
            need = dec[1], lambda c: s._spell_ok(dec[2], c)
        for q in range(self.n):
            if self.team[q] == mine:
                continue
            places = []
            for i, c in enumerate(s.hand[q]):
                if not self.vis[c] & bit:
                    places.append(("h", i))
            for i, c in enumerate(s.disc[q]):
                if not self.vis[c] & bit:
                    places.append(("d", i))
            for i, c in enumerate(s.inplay[q]):
                if not self.vis[c] & bit:
                    places.append(("p", i))
            if len(places) < 2:
                continue
            pile = {"h": s.hand[q], "d": s.disc[q], "p": s.inplay[q]}
            cards = sorted(pile[k][i] for k, i in places)
            perm = rng.permutation(len(cards))
            if need is not None and need[0] == q:
                ok = need[1]
                known = any(ok(c) for c in s.hand[q] if self.vis[c] & bit)
                in_hand = [x for x, (k, _i) in enumerate(places) if k == "h"]
                tries = 0
                while not known and not any(ok(cards[perm[x]]) for x in in_hand):
                    tries += 1
                    if tries < 64:
                        perm = rng.permutation(len(cards))
                        continue
                    # practically never (each draw succeeds with probability 1/6 or more): put a
                    # fitting Power in a random unknown hand place
                    fit = [j for j in range(len(cards)) if ok(cards[j])]
                    x = in_hand[int(rng.integers(len(in_hand)))]
                    y = int(np.flatnonzero(perm == fit[int(rng.integers(len(fit)))])[0])
                    perm[x], perm[y] = perm[y], perm[x]
            old_to_new = {}
            for (k, i), j in zip(places, perm):
                old_to_new[pile[k][i]] = cards[j]
            for (k, i), j in zip(places, perm):
                pile[k][i] = cards[j]
            s.hand[q].sort()
            s.ret[q] = [old_to_new.get(c, c) for c in s.ret[q]]
            if s.cb is not None:
                cb = s.cb
                if cb["acard"] in old_to_new and self.owner[cb["att"]] == q:
                    cb["acard"] = old_to_new[cb["acard"]]
                cb["dcards"] = [old_to_new.get(c, c) if c >= 0 and self.owner[t] == q else c
                                for t, c in zip(cb["targets"], cb["dcards"])]
        if s.cb is not None:
            # a Defense Skill chosen (or not) with a face-down Power is hidden until its duel is
            # revealed; the defender was asked whenever it had an option, so redraw every such
            # choice already made, the empty one included
            cb = s.cb
            shown = cb["du"]["i"] if cb["du"] is not None else -1
            for i, t in enumerate(cb["targets"]):
                if i <= shown or cb["dcards"][i] < 0 or self.team[self.owner[t]] == mine:
                    continue
                if dec is not None and dec[0] == "defskill" and dec[3] == i:
                    continue
                opts = [self.skill(t, x).key for x in s._def_skill_opts(t, cb["att"])]
                if opts and self.alive(t):
                    opts = [""] + opts
                    cb["dskills"][i] = opts[int(rng.integers(len(opts)))]
        self._r_resample(s, player, rng)  # --- Rituals: other teams' prepared Rituals (rituals.py)
        s._resample_tokens(rng)  # --- Monsters: the Stamina Tokens nobody sees
        s._hp_resample(player, rng)  # --- Hierapolis: bids, Rituals, the face-down Artifacts
        s.rng = np.random.default_rng(int(rng.integers(2**63 - 1)))
        s._legal = None
        return s
