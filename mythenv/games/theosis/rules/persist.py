"""Checking a loaded state and the determinization for search (``resample_hidden``). Copying, saving
and loading are generated from the declared fields (``state.StateBase.fields``); the text and the
picture are ``render.py``'s, wired by the Game.
"""

from __future__ import annotations

from typing import Self

import numpy as np

from mythenv.core.errors import StateError

from ..cards import HEROES, POWERS
from .actions import MAXHP, NC, NH, NI, TURNS, team_of_seat


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
        if sorted(items) != list(range(NI)):
            raise StateError(f"theosis_v0: item conservation broken ({len(items)} placed, {NI} tokens)")
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
        if self.phase == "arena" and sorted(self.ranking) != sorted(h for h in range(NH) if self.owner[h] >= 0):
            raise StateError("theosis_v0: the Ranking does not list every hero once")
        phases = ("select", "draft", "item", "artifact", "place", "gold", "mana", "arena", "over", "prep")
        if self.phase not in phases:
            raise StateError(f"theosis_v0: phase {self.phase!r} is none of {', '.join(phases)}")
        if (self.phase == "over") != (self.winner != -2) or not -2 <= self.winner < self.nteams:
            raise StateError(f"theosis_v0: winner {self.winner} in phase {self.phase!r} (-2 while the game runs, "
                             f"-1 or a team 0..{self.nteams - 1} once it is over)")
        if self.winner == -2:
            d = self.dec
            if d is None or not hasattr(self, "_D_" + str(d[0])) or not 0 <= d[1] < self.n:
                raise StateError(f"theosis_v0: a running game must ask a seat for a decision (got {d!r})")
        elif self.dec is not None:
            raise StateError("theosis_v0: a finished game has a pending decision")
        for t in self.q:
            if not hasattr(self, "_T_" + str(t[0])):
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
        teams = list(range(self.n)) if self.mphase == 1 and self.mode == "semi_coop_heavy" \
            else [team_of_seat(self.mode, self.n, p) for p in range(self.n)]
        if self.team != teams:
            raise StateError(f"theosis_v0: saved state field team: {self.team}; this mode and phase seat the "
                             f"players in teams {teams}")
        if self.nteams != max(teams) + 1:
            raise StateError(f"theosis_v0: saved state field nteams: {self.nteams}; the teams {teams} are "
                             f"{max(teams) + 1}")
        if any((self.para[h] or self.swal[h] or self.ensl[h] or self.anchor[h]) and self.owner[h] < 0
               for h in range(NH)):
            raise StateError("theosis_v0: a hero nobody owns is paralyzed, swallowed, enslaved or anchored")
        self._check_rituals()  # --- Rituals (rituals.py)
        self._check_monsters(seen)  # --- Monsters
        self._hp_invariants()  # --- Hierapolis
        self._cp_invariants()  # --- Co-op preparation

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
