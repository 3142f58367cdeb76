"""TM § The Prayer Phase: The Prayer Track, the blind draw, TM § Clean-up Step and the Hand bound."""

from __future__ import annotations

from mythenv.core.engine import handles

from .exchange import _exchange
from .tables import OVER, PRAYER, TRACK_COST, kind


class PrayerPhase:
    """The Prayer Track, the blind draw and the Clean-up Step."""

    @handles("resume", "closing_end")
    def _start_prayer(self) -> None:
        self.step = PRAYER
        if self._phase_hook("prayer", "start"):
            return  # a window: _prayer_begin follows when it closes
        self._prayer_begin()

    @handles("resume", "prayer_start")
    def _prayer_begin(self) -> None:
        self.prayer_left = sum(self.alive)
        self.prayer_seat = self.first
        self._prayer_next(advance=False)

    def _prayer_legal(self, p: int) -> list[int]:
        out = []
        for i in range(6):
            if self.track[i] < 0:
                continue
            t = TRACK_COST[i]
            if t >= 0 and self.cult[p][t] <= 0:
                continue
            out.append(self.C.off["track"] + i)
        if self.prayer:
            out.append(self.C.BLIND)
        return out

    def _prayer_next(self, advance: bool) -> None:
        while True:
            if advance:
                self.prayer_left -= 1
                self.prayer_seat = self._next(self.prayer_seat, lambda q: self.alive[q])
            if self.prayer_left <= 0:
                self._cleanup()
                return
            if self._prayer_legal(self.prayer_seat):
                return
            self._log(f"{self.name(self.prayer_seat)} can take no Prayer card")
            advance = True

    def _prayer_take(self, p: int, name: str, i: int) -> None:
        if name == "blind":
            c = self.prayer.pop()
            self._to_disc(p, c)
            self._log(f"{self.name(p)} takes the top card of the Prayer deck")
        else:
            c = self.track[i]
            self.track[i] = -1
            t = TRACK_COST[i]
            if t >= 0:
                self.cult[p][t] -= 1
                self.bank[t] += 1
                _exchange(self.cult[p], self.bank)
            self.disc[p].append(c)
            self._log(f"{self.name(p)} takes {kind(c).name} from space {i + 1}")
        self._prayer_next(advance=True)

    def _cleanup(self) -> None:
        """TM § Clean-up Step: free spaces emptied into the box, cards shift right, refill on the left."""
        for i in (4, 5):
            if self.track[i] >= 0:
                self.boxed.append(self.track[i])
                self.track[i] = -1
        rest = [c for c in self.track if c >= 0]
        self.track = [-1] * (6 - len(rest)) + rest
        for i in range(6):
            if self.track[i] < 0 and self.prayer:
                self.track[i] = self.prayer.pop()
                self._public(self.track[i])
        if self._phase_hook("prayer", "end"):
            return  # a window: _after_prayer follows when it closes
        self._after_prayer()

    @handles("resume", "prayer_end")
    def _after_prayer(self) -> None:
        """TM § Clean-up Step: "begin a new Hand if you are playing in Basic mode, otherwise go on to
        the Myth Phase"."""
        if self.advanced:
            self._start_myth()
            return
        self._end_hand()

    @handles("resume", "myth_end")
    def _end_hand(self) -> None:
        self.hands += 1
        if self.hands >= self.game.config["max_hands"]:
            self.step = OVER
            self.result_kind = "bound"
            self._log(f"the Hand bound ({self.hands}) is reached: a draw between the survivors")
            return
        self._start_hand()
