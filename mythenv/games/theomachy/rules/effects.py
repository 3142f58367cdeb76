"""Playing Action and Power cards (TM § How to Play Power Cards, TM § How to Play Action Cards, TM §
Effect Cards, TM § Place Cards, TM § Allowed Battle Actions): which cards are playable, targets, and
the data-driven card effects (``Kind.ops`` from ``cards.py``, see ``data/prayer.toml``)."""

from __future__ import annotations

from mythenv.core.engine import decision, handles, lister
from mythenv.core.words import counted

from ..cards import KINDS
from .exchange import _exchange
from .tables import ATTACK, BATTLE, BET, EFFECT, PLACE, POWER, TOKEN_NAMES, kid, kind


class CardPlay:
    """Playing cards from the hand and resolving their data-driven effects (the ops of ``cards.py``)."""

    def _targets(self, p: int, k) -> list[int]:
        out = []
        for i in range(1, self.n):
            q = (p + i) % self.n
            if not self.active(q):
                continue
            if k.op("damage_places") and not self.places[q]:
                continue
            out.append(q)
        return out

    def _card_playable(self, p: int, k, battle: bool) -> bool:
        if k.type == POWER:
            return True
        if battle:
            if k.type != ATTACK:
                return False
            if not (self.action_sphere < 0 or self.multi or k.sphere == self.action_sphere
                    or k.op("multi_essence") or (self.advanced and self._multi(p))):
                return False
        else:
            if k.type == ATTACK or k.timing in ("reaction", "closing"):
                return False
            if k.type == PLACE and self.cult[p][k.token] <= 0:
                return False
        if k.once and k.index in self.once[p]:
            return False
        if not self._meets(p, k):
            return False
        if k.targeted and not self._targets(p, k):
            return False
        return True

    def _playable_kinds(self, p: int) -> list[int]:
        battle = self.step == BATTLE
        seen = set()
        out = []
        for c in self.hand[p]:
            k = kid(c)
            if k in seen:
                continue
            seen.add(k)
            if self._card_playable(p, KINDS[k], battle):
                out.append(k)
        out.sort()
        return out

    def _playable(self, p: int) -> bool:
        battle = self.step == BATTLE
        for c in self.hand[p]:
            if self._card_playable(p, kind(c), battle):
                return True
        return False

    def _play(self, p: int, k: int) -> None:
        c = self._take(p, k)
        self._public(c)
        kk = KINDS[k]
        if kk.once:
            self.once[p].append(k)
        if self.advanced:
            self._count_play(p, kk)  # what the Requests and conditions count (rules/myth.py)
        if kk.type == POWER:
            self.table[p].append(c)
            self._log(f"{self.name(p)} plays {kk.name}")
            if self.step == BATTLE:
                self.turn_played = True
            self._after_card(p)
            return
        if kk.type == PLACE:
            # TM § Place Cards: a token from the Cult (never the Stake) goes on the card
            self.cult[p][kk.token] -= 1
            _exchange(self.cult[p], self.bank)
            self.places[p].append([c, 0, kk.token])
            self._log(f"{self.name(p)} builds {kk.name} with a {TOKEN_NAMES[kk.token]}")
            self._after_card(p)
            return
        if self.step == BATTLE:
            self.turn_played = True
            if self.action_sphere < 0:
                self.action_sphere = kk.sphere
            if kk.op("multi_essence"):
                self.multi = True
        if kk.targeted:
            tg = self._targets(p, kk)
            if len(tg) > 1:
                self.pending.append(("target", p, c))
                return
            self._announce(p, c, tg[0])
            return
        self._announce(p, c, -1)

    @lister("target")
    def _target_legal(self, pend) -> list[int]:
        """The opponents ``p`` may aim its card ``c`` at (the decision ``("target", p, c)``)."""
        p, c = pend[1], pend[2]
        return sorted(self.C.off["target"] + (q - p) % self.n - 1 for q in self._targets(p, kind(c)))

    @decision("target")
    def _target_apply(self, name: str, i: int) -> None:
        """``p`` names the ``i``-th opponent after it as its card's target."""
        _, p, c = self.pending.pop()
        self._announce(p, c, (p + i + 1) % self.n)

    def _announce(self, p: int, c: int, target: int) -> None:
        """The card is played (and its target named): reactions come first (TM § Special Rules)."""
        kk = kind(c)
        self._log(f"{self.name(p)} plays {kk.name}" + (f" on {self.name(target)}" if target >= 0 else ""))
        trigger = "effect" if kk.type == EFFECT else "attack"
        if trigger == "attack" and target < 0:
            seats = []
        elif trigger == "attack":
            seats = [target]
        else:
            seats = [q for q in self._clockwise_from_first() if q != p and self.active(q)]
        seats = [q for q in seats if self._asked_react(q, trigger)]
        if seats:
            self.pending.append(("react", seats[0], c, p, target, tuple(seats[1:])))
            return
        self._resolve(p, c, target)

    def _card_op(self, p: int, op: tuple, t: int, attack: bool = False) -> bool:
        """One op of the shared Prayer vocabulary acting at once, by ``p`` on target ``t`` (-1 none):
        a played card's text (``_resolve``) or a Pantheon source's (``_myth_op`` in ``rules/myth.py``),
        its ``handles("card_op", name)`` rule. An ``attack`` strips nothing from a shielded Stake (TM §
        Allowed Battle Actions: Shield). False when ``op`` acts elsewhere (End of Battle Power,
        continuous and static ops)."""
        rule = self.handlers["card_op"].get(op[0])
        if rule is None:
            return False
        rule(self, p, op, t, attack)
        return True

    @handles("card_op", "strip")
    def _strip(self, p: int, op: tuple, t: int, attack: bool) -> None:
        if t >= 0 and not (attack and self._shielded(t)):
            k = self._stake_remove(t, op[1], op[2])
            self._log(f"{self.name(t)} loses {counted(k, TOKEN_NAMES[op[1]])} from the Stake")
            if self.advanced:
                self.h_stripped[p] += k

    @handles("card_op", "bank_to_stake")
    def _bank_to_stake(self, p: int, op: tuple, t: int, attack: bool) -> None:
        g = min(op[2], self.bank[op[1]])
        self.bank[op[1]] -= g
        self.stake[p][op[1]] += g

    @handles("card_op", "discard_random")
    def _discard_random(self, p: int, op: tuple, t: int, attack: bool) -> None:
        for _ in range(op[1]):
            if self.hand[t]:
                x = self.hand[t].pop(int(self.rng.integers(len(self.hand[t]))))
                self._to_disc(t, x)
                self._log(f"{self.name(t)} discards {kind(x).name} at random")

    @handles("card_op", "draw")
    def _draw_op(self, p: int, op: tuple, t: int, attack: bool) -> None:
        self._draw(p, op[1])

    @handles("card_op", "peek_hand")
    def _peek_hand(self, p: int, op: tuple, t: int, attack: bool) -> None:
        for x in self.hand[t]:
            self.vis[x] |= 1 << p

    @handles("card_op", "peek_face_down")
    def _peek_face_down(self, p: int, op: tuple, t: int, attack: bool) -> None:
        self.peek[p] = True

    @handles("card_op", "damage_places")
    def _damage_places_op(self, p: int, op: tuple, t: int, attack: bool) -> None:
        self._damage_places(t)

    def _resolve(self, p: int, c: int, t: int) -> None:
        kk = kind(c)
        is_attack = kk.type == ATTACK
        for op in kk.ops:
            self._card_op(p, op, t, is_attack)
        if is_attack:
            self.attacks[p] += 1
            self.table[p].append(c)
            if self.advanced:
                self._attack_passive(p, kk)  # Morrigan's Ability (trigger "attack", rules/myth.py)
        elif kk.continuous:
            self.table[p].append(c)
        else:
            self._to_disc(p, c)
        self._after_card(p)

    def _after_card(self, p: int) -> None:
        """After a card is fully played: the turn ends by itself when it may not go on (``_may_go_on``)."""
        if self.step == BET and self.acted_now and self.turn == p and not self._may_go_on(p):
            self._end_bet_turn()
        elif self.step == BATTLE and self.turn == p and not self._may_go_on(p):
            self._end_battle_turn(passed=False)

    def _shielded(self, p: int) -> bool:
        for c in self.table[p]:
            if kind(c).op("shield"):
                return True
        return self.advanced and (self.hand_shield[p] or self._always(p, "shield") > 0)

    def _damage_places(self, p: int) -> None:
        """TM § The Closing Phase: turn a Place; an already damaged one is discarded, its token to the bank."""
        keep = []
        for pl in self.places[p]:
            if pl[1]:
                self.bank[pl[2]] += 1
                self._to_disc(p, pl[0])
                self._log(f"{self.name(p)}'s {kind(pl[0]).name} is destroyed")
            else:
                pl[1] = 1
                keep.append(pl)
        self.places[p] = keep
