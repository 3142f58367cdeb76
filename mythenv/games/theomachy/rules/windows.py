"""TM § Special Rules, Playing a Card in Reaction to an Action: the reaction windows (who is asked,
from public facts or, with ``windows="holders"``, from the hand), and whether a turn ends by itself."""

from __future__ import annotations

from mythenv.core.engine import decision, lister

from ..cards import KINDS
from .tables import CLOSING, EFFECT, POWER, REACT_KINDS, kind


class ReactionWindows:
    """Who is asked in a reaction window and whether a turn ends by itself (config ``windows``)."""

    def _may_go_on(self, p: int) -> bool:
        """May ``p``'s betting turn (after its action) or Battle turn go on? With public windows: while
        ``p`` holds any card (a Power card can always be played, and whether it holds one is private),
        so the turn ends by itself only on an empty hand; with ``windows="holders"``: while ``p`` holds
        a playable card (leaks the hand)."""
        if self.public_windows:
            return bool(self.hand[p]) or (self.advanced and self._ability_ok(p))
        return self._playable(p) or (self.advanced and self._ability_ok(p))

    def _could_play(self, q: int, kinds) -> bool:
        """Public facts only: could ``q`` hold one of ``kinds`` and fuel it? It needs the card and
        enough Power cards from its hand: each Power card gives one Essence and two orbs, so at least
        max(missing symbols, missing orbs / 2) of them beside the card (its hand size, the revealed
        Constellation, its played Power cards and once-per-Hand plays are public)."""
        hn = len(self.hand[q])
        if hn == 0:
            return False
        sph, orbs = self.essence(q)
        for k in kinds:
            if k.once and k.index in self.once[q]:
                continue
            need = k.symbols - sph[k.sphere]
            if k.orb >= 0:
                od = k.orbs - orbs[k.orb]
                need = max(need, (od + 1) // 2)
            if max(need, 0) + 1 <= hn:
                return True
        return False

    def _asked_react(self, q: int, trigger: str) -> bool:
        """Is ``q`` asked in the reaction window of a ``trigger`` card (TM § Playing a Card in
        Reaction to an Action)? Public windows: whenever it could react given public facts (it may
        pass); ``windows="holders"``: only when it holds a reaction it can fuel."""
        if self.public_windows:
            return self._could_play(q, REACT_KINDS[trigger])
        return self._can_react(q, trigger)

    def _can_react(self, q: int, trigger: str, now: bool = False) -> bool:
        """``q`` holds a reaction to ``trigger`` it can play (with the Power cards of its hand unless
        ``now``, TM § Playing a Card in Reaction: Power cards may be played first)."""
        extra = None if now else [c for c in self.hand[q] if kind(c).type == POWER]
        for c in self.hand[q]:
            k = kind(c)
            if k.timing == "reaction" and k.react == trigger and self._meets(q, k, extra):
                return True
        return False

    @lister("react")
    def _react_legal(self, pend) -> list[int]:
        _, q, c, actor, target, rest = pend
        trigger = "effect" if kind(c).type == EFFECT else "attack"
        C = self.C
        out = set()
        for x in self.hand[q]:
            k = kind(x)
            if k.type == POWER:
                out.add(C.off["play"] + k.index)
            elif k.timing == "reaction" and k.react == trigger and self._meets(q, k):
                out.add(C.off["play"] + k.index)
        out.add(C.DECLINE)
        return sorted(out)

    @decision("react")
    def _react_apply(self, name: str, i: int) -> None:
        _, q, c, actor, target, rest = self.pending[-1]
        if name == "play":
            k = KINDS[i]
            if k.type == POWER:
                x = self._take(q, i)
                self._public(x)
                self.table[q].append(x)
                self._log(f"{self.name(q)} plays {k.name}")
                return
            x = self._take(q, i)
            self._public(x)
            self._to_disc(q, x)
            if self.advanced:
                self._count_play(q, k)  # a reaction is an Effect card played (the Requests' counts)
            self.pending.pop()
            self._log(f"{self.name(q)} reacts with {k.name}: {kind(c).name} is cancelled")
            self._to_disc(actor, c)
            if self.step == CLOSING:
                self._closing_after(actor)
            else:
                self._after_card(actor)
            return
        # decline: ask the next seat that can react, else the card resolves
        self.pending.pop()
        trigger = "effect" if kind(c).type == EFFECT else "attack"
        rest = [s for s in rest if self._asked_react(s, trigger)]
        if rest:
            self.pending.append(("react", rest[0], c, actor, target, tuple(rest[1:])))
            return
        if self.step == CLOSING:
            self._closing_resolve(actor, c)
        else:
            self._resolve(actor, c, target)
