"""Heroes against monsters, the end of the game (TH § Game Modes: the winning conditions of each
monster mode): the end, the returns and scores of each mode, final_info, the MVP, invariants and
the determinization of the Stamina Tokens."""

from __future__ import annotations

from ...cards import HEROES, TOKENS
from ..actions import (
    MAXHP,
    NH,
)
from ..state import StateBase
from .setup import MAXM

#: the heroes-only end check, called directly (``super()`` looks through the state's 22 classes, and
#: this runs before every task of the Arena)
_heroes_over = StateBase._check_elimination


class MonsterResults:
    """The end of a monster game (see the module docstring)."""

    __slots__ = ()  # the state's fields are StateBase's slots (rules/state.py)

    # ================================================================== the end
    def _m_over(self, won: bool, why: str) -> None:
        self.winner = 0 if won else -1
        self.mlost = 0 if won else 1
        self.reason = why
        self.phase = "over"
        self.dec = None
        self._log(f"game over: {why}")

    # ``_mwitness`` (a runtime slot of StateBase.fields): see ``_check_elimination``

    def _check_elimination(self) -> bool:
        if not self.mmode or self.mphase == 1:
            return _heroes_over(self)
        m, w = self._mwitness  # a monster and a hero last found standing: while both are, play goes on
        pos = self.pos
        if self.mpos[m] >= 0 and self.mkind[m] >= 0 and self.hp[w] > 0 and self.owner[w] >= 0 and (pos[w] >= 0 or self.swal[w]):
            return False
        mkind, mpos, owner, hp, swal = self.mkind, self.mpos, self.owner, self.hp, self.swal
        cb = self.cb
        if cb is not None and cb["du"] is not None and cb["du"].get("zombie"):
            return False
        m = next((m for m, (k, x) in enumerate(zip(mkind, mpos)) if k >= 0 and x >= 0), -1)
        if m < 0:  # ``monsters_alive``
            if self.mode == "semi_coop_heavy":
                # "after all monsters are eliminated, the normal competitive mode continues"
                self.mphase = 1
                self.team = list(range(self.n))
                self.nteams = self.n
                self.ward = [0] * self.n
                self._log("every monster is defeated: the competitive game goes on")
                return _heroes_over(self)
            self._m_over(True, "every monster is defeated")
            return True
        # a hero in the Arena or swallowed (``alive`` inlined: this runs before every task)
        for h, (o, x) in enumerate(zip(owner, hp)):
            if o >= 0 and x > 0 and (pos[h] >= 0 or swal[h]):
                self._mwitness = (m, h)
                return False
        self._m_over(False, "every hero fell")
        return True

    def returns(self) -> list[float]:
        """Monster modes (TH § Game Modes): co-op, solo and light semi co-op: +1 for every player when
        every monster falls before the end of turn 9, -1 for every player otherwise (light semi co-op:
        "all players are considered victorious"; the Most Valuable Player is in ``scores()``). Heavy
        semi co-op: -1 for all if the monsters survive or kill every hero; after the monsters fall, the
        competitive game's returns (+1 the winner, -1 the others, 0 on a tie)."""
        if self.mmode and self.mlost:
            return [-1.0] * self.n
        return super().returns()

    def scores(self) -> list[float]:
        """Monster modes: Stamina Tokens kept per player (light semi co-op; the most is the Most
        Valuable Player); other modes: the returns."""
        if not self.mmode:
            return super().scores()
        return [float(len(k)) for k in self.kept]

    def progress(self) -> list[float]:
        """Solo and co-op against the monsters (what reward shaping reads; the points say nothing
        before the end there): for every seat alike, the share of the monsters' Stamina Tokens removed
        less the share of the heroes' Health lost, in [-1, 1]; other modes: ``scores()``."""
        if not self.mmode or self.mode not in ("solo", "coop"):
            return self.scores()
        dealt = sum(len(a) + len(b) for a, b in zip(self.mstack, self.mgone))
        removed = sum(len(b) for b in self.mgone) / dealt if dealt else 0.0
        health = [x for o, x in zip(self.owner, self.hp) if o >= 0]
        lost = (MAXHP * len(health) - sum(health)) / (MAXHP * len(health)) if health else 0.0
        return [removed - lost] * self.n

    def final_info(self) -> dict:
        """Monster modes: the Stamina Tokens each player kept and the Most Valuable Player(s) (light
        semi co-op), whether the monsters were all defeated."""
        if not self.mmode:
            return {}
        out = {"monsters_defeated": not self.monsters_alive()}
        if self.mode == "semi_coop_light":
            out.update(stamina_tokens=[len(k) for k in self.kept], mvp=self.mvp())
        return out

    def mvp(self) -> list[int]:
        """The Most Valuable Players of light semi co-op: the players with the most kept tokens."""
        best = max((len(k) for k in self.kept), default=0)
        return [p for p in range(self.n) if len(self.kept[p]) == best] if best else []

    # ================================================================== invariants, determinization
    def _check_monsters(self, seen: set) -> None:
        """Every Stamina Token in exactly one place (a pile, removed, unused); monsters on free hexes;
        the heroes' monster statuses name monsters that exist."""
        from mythenv.core.bookkeeping import check_conserved
        from mythenv.core.errors import StateError
        toks = self.tpool + [t for m in range(MAXM) for t in self.mstack[m] + self.mgone[m]]
        kept = [t for k in self.kept for t in k]
        if self.mkind[0] >= 0:  # every token in one place once the monsters entered, none before
            check_conserved("theosis_v0: Stamina Token", toks, len(TOKENS))
        elif toks or kept:
            raise StateError("theosis_v0: Stamina Tokens placed before the monsters entered")
        if len(set(kept)) != len(kept) or not set(kept) <= set(t for m in range(MAXM) for t in self.mgone[m]):
            raise StateError("theosis_v0: a kept Stamina Token was never removed")
        for m in range(MAXM):
            if self.mkind[m] < 0:
                if self.mpos[m] >= 0 or self.mstack[m]:
                    raise StateError(f"theosis_v0: empty monster slot {m} has a position or Stamina")
                continue
            if self.mpos[m] >= 0:
                if self.mpos[m] in seen:
                    raise StateError("theosis_v0: a monster shares a hex")
                seen.add(self.mpos[m])
                if not self.mstack[m]:
                    raise StateError("theosis_v0: a monster in the Arena has no Stamina Token")
            elif self.mstack[m]:
                raise StateError("theosis_v0: a defeated monster keeps Stamina Tokens")
        for h in range(NH):
            for what, v in (("swallowed", self.swal[h]), ("anchored", self.anchor[h])):
                if v and not (1 <= v <= MAXM and self.mkind[v - 1] >= 0):
                    raise StateError(f"theosis_v0: {HEROES[h].key} is {what} by no monster")
            if self.swal[h] and self.pos[h] >= 0:
                raise StateError(f"theosis_v0: {HEROES[h].key} is swallowed and on the board")

    def _resample_tokens(self, rng) -> None:
        """The Stamina Tokens nobody sees (TH § Monster Stamina: "They cannot look through the stack"):
        each pile below its top (the whole pile when the top lies face down) and the unused tokens,
        redistributed among those places."""
        if self.mkind[0] < 0:
            return
        places = [("p", 0, i) for i in range(len(self.tpool))]
        for m in range(MAXM):
            st = self.mstack[m]
            for i in range(len(st)):
                if i > 0 or self.mdown[m]:
                    places.append(("s", m, i))
        if len(places) < 2:
            return
        cards = sorted(self.tpool[i] if k == "p" else self.mstack[m][i] for k, m, i in places)
        perm = rng.permutation(len(cards))
        for (k, m, i), j in zip(places, perm):
            if k == "p":
                self.tpool[i] = cards[j]
            else:
                self.mstack[m][i] = cards[j]
        self.tpool.sort()
