"""TM § Epic Game Mode: the race to 10 Victory Points (``mode="epic"``: the Advanced game plus this).

"Apply the normal rules, but during the Closing Phase, proceed as follows":

* each winner of a Hand receives one Victory Point (``_epic_hand_won``);
* if a player is eliminated (a failed Last Stand, or he cannot pay the next Initial Ante), each winner
  of the Hand receives three Victory Points. Read here (designed, the text is open): the three points
  come **on top of** the one for winning and are given **per eliminated player** (two players out in
  one Hand: 1 + 6 to each winner). A failed Last Stand, and a Cult left empty, are known in the
  Closing Phase and score for that Hand's winners; a player who cannot pay the Initial Ante is found
  at the next Starting Phase, and the three points go to the winners of the Hand just played
  (``winners`` still names them then);
* no elimination: each eliminated player re-creates a Cult of one Prophet, two Priests and four
  Disciples (``_eliminate``: the rest of his Cult goes back to the bank first; a token the bank lacks
  is not taken) and keeps everything else (cards, Places, Pantheon, Miracles); a player re-created at
  the Starting Phase then pays the Initial Ante from his new Cult;
* the Duel at the Summit (Head-to-Head) rule does not apply (TM § Duel at the Summit: "This rule
  does not apply to the Epic mode since players cannot be eliminated there");
* "As soon as a player reaches at least 10 Victory Points the game stops immediately" (the rest of
  the Closing Phase, or of the Starting Phase, is not played); every player with 10 or more shares
  the victory ("in case of a tie, the two players fraternally share the victory").

Returns (``returns``): +1 for each player with 10 or more Victory Points when the game stops, -1 for
every other player; if the Hand bound ``max_hands`` ends the game first, 0 for everyone (a draw, as
in the Basic game). ``scores()`` are the Victory Points. Victory Points are public (observation
piece ``victory_points``).
"""

from __future__ import annotations

from mythenv.core.errors import StateError
from mythenv.core.words import counted

from .exchange import _pay
from .tables import OVER

#: TM § Epic Game Mode: "one Prophet, two Priests and 4 Disciples" as a token vector
EPIC_CULT = (4, 2, 1)
#: TM § Epic Game Mode: "the first to have 10 Victory Points"
EPIC_TARGET = 10
#: Victory Points for each winner of a Hand, and for each winner per eliminated player
VP_WIN, VP_ELIMINATION = 1, 3


class EpicRules:
    """TM § Epic Game Mode (active when ``self.epic``; every method defers to the normal rules otherwise)."""

    def _eliminate(self, p: int) -> None:
        """TM § Epic Game Mode: "there is no elimination of players: everyone stays in the game until the
        end"; the eliminated player re-creates a Cult of 1 Prophet, 2 Priests and 4 Disciples."""
        if not self.epic:
            super()._eliminate(p)
            return
        cult = self.cult[p]
        for t in range(3):
            self.bank[t] += cult[t]
            g = min(EPIC_CULT[t], self.bank[t])
            self.bank[t] -= g
            cult[t] = g
        self._log(f"{self.name(p)} re-creates a Cult of {counted(cult[2], 'Prophet')}, {counted(cult[1], 'Priest')} and "
                  f"{counted(cult[0], 'Disciple')}")

    def _epic_award(self, seats, points: int) -> bool:
        """``points`` Victory Points to each of ``seats``; True when the game stops (someone has 10)."""
        if points <= 0 or not seats:
            return False
        for w in seats:
            self.vp[w] += points
            self._log(f"{self.name(w)} receives {counted(points, 'Victory Point')} ({self.vp[w]} in all)")
        top = [q for q in range(self.n) if self.vp[q] >= EPIC_TARGET]
        if not top:
            return False
        self.step = OVER
        self.pending = []
        self.result_kind = "victory"
        self._log(", ".join(self.name(q) for q in top) + f" reach(es) {EPIC_TARGET} Victory Points: "
                  + ("a shared victory" if len(top) > 1 else "victory"))
        return True

    def _epic_hand_won(self, out) -> bool:
        """The Closing Phase: each winner of the Hand receives 1 Victory Point, and 3 more per player
        eliminated in it (``out``, already re-created by ``_eliminate``). True when the game stops."""
        return self._epic_award(self.winners, VP_WIN + VP_ELIMINATION * len(out))

    def _epic_ante(self, out) -> bool:
        """The Starting Phase: the players of ``out`` could not pay the Initial Ante and were
        re-created by ``_eliminate``; they pay it from the new Cult, and the winners of the Hand just
        played receive 3 Victory Points per player. True when the game stops."""
        need = (self.ante, 0, 0)
        for p in out:
            if _pay(self.cult[p][:], self.bank[:], need):
                _pay(self.cult[p], self.bank, need)
                self.stake[p] = [self.ante, 0, 0]
                self.paid[p] = [self.ante, 0, 0]
        return self._epic_award(self.winners, VP_ELIMINATION * len(out))

    def _epic_check(self) -> None:
        """Invariants of the Victory Points: none outside the Epic game; in it nobody is ever out, a
        game goes on only while everyone has fewer than 10, and "victory" means someone has 10."""
        if not self.epic:
            if any(self.vp) or self.result_kind == "victory":
                raise StateError("theomachy_v0: Victory Points outside the Epic game")
            return
        if not all(self.alive):
            raise StateError("theomachy_v0: a player is out of an Epic game (TM § Epic Game Mode: no elimination)")
        top = max(self.vp)
        if self.step != OVER and top >= EPIC_TARGET:
            raise StateError(f"theomachy_v0: {top} Victory Points and the game goes on (it stops at {EPIC_TARGET})")
        if self.result_kind in ("winner", "shared") or (self.result_kind == "victory") != (top >= EPIC_TARGET):
            raise StateError(f"theomachy_v0: result {self.result_kind!r} with at most {top} Victory Points")

    def returns(self) -> list[float]:
        if not self.epic:
            return super().returns()
        if self.step != OVER or self.result_kind != "victory":
            return [0.0] * self.n
        return [1.0 if v >= EPIC_TARGET else -1.0 for v in self.vp]

    def scores(self) -> list[float]:
        """The Victory Points in the Epic game (TM § Epic Game Mode), else the returns."""
        if not self.epic:
            return super().scores()
        return [float(v) for v in self.vp]
