"""Theomachy Advanced game: Divine Abilities, Requests, Mythology cards, Heroes and the Phase windows.

The texts are data (``data/pantheons.toml``, loaded by ``pantheons.py``); this mixin interprets
their names, each a rule of the state's tables (``mythenv.core.engine``): ops (``_myth_op``: the
``handles("card_op", ...)`` rules of ``rules/effects.py``, then ``handles("myth_op", ...)``),
conditions (``handles("condition", ...)``), costs (``handles("cost_ok", ...)`` /
``handles("pay_cost", ...)``),
passive triggers (``_passive_sources``), Requests (``_request``) and the windows (``_window``).

A *source* is an int: a Deity index ``d`` (its Ability) or ``ND + m`` for Mythology card ``m``.

Pending decisions added here (top of ``pending`` = last):
``("window", q, w, rest)``: seat ``q`` may use Mythology cards / put a Hero in its Stake in window
``WINDOWS[w]``; ``rest`` the seats asked after it (TM § Mythology Cards and Their Abilities: "Each
player, starting with the First Player, decides at the start and end of a Phase").
``("cost", p, src, left, count)``: ``p`` discards cards to pay its Ability's cost, ``left`` more
(-1: any number, ``decline`` ends it once one is discarded), ``count`` discarded so far.
``("mtarget", p, src, times)``: ``p`` names the opponent of its Ability / Mythology card.
Each has its ``@lister`` and ``@decision`` here (the rules package docstring).

When a window closes (``_window_next``), the game goes on with the rule marked
``@handles("resume", window)`` for it (``grep 'handles("resume"'``: the start or the rest of each
Phase, in the chapter that owns the Phase), found in the state's table
``self.handlers["resume"][WINDOWS[w]]``; every name of ``pantheons.WINDOWS`` has one.
"""

from __future__ import annotations

from mythenv.core.engine import decision, handles, lister
from mythenv.core.words import counted

from ..cards import KINDS
from ..pantheons import DEITIES, MYTHS, ND, WINDOWS
from .exchange import _exchange, _pay
from .tables import ATTACK, BATTLE, BET, EFFECT, MYTH, PH, TOKEN_NAMES, kid

WIN_INDEX = {w: i for i, w in enumerate(WINDOWS)}
#: windows while the Hand is being played: only players still in it (not folded) use cards then
#: (TM § Folding: "can no longer play any card ... until the end of the Betting Phase and the Battle Phase")
HAND_WINDOWS = ("betting_start", "betting_end", "battle_start", "battle_end")


def source_effect(src: int):
    """(ops, target, condition) of a source."""
    if src < ND:
        a = DEITIES[src].ability
        return a.ops, a.target, a.condition
    m = MYTHS[src - ND]
    return m.ops, m.target, m.condition


def source_name(src: int) -> str:
    return f"{DEITIES[src].name}'s Ability" if src < ND else MYTHS[src - ND].name


class MythMixin:
    # ------------------------------------------------------------------ conditions and costs
    # each name of pantheons.CONDITIONS is a handles("condition", name) rule (self, p, c) -> bool, each
    # of pantheons.COSTS a handles("cost_ok", name) rule (may p pay it?) and a handles("pay_cost", name)
    # rule (pay it; True or the cards left to discard when a card choice is now pending)
    @handles("condition", "not_final_round")
    def _if_not_final_round(self, p: int, c: tuple) -> bool:
        return not (self.step == BET and self.round == 2)

    @handles("condition", "final_round")
    def _if_final_round(self, p: int, c: tuple) -> bool:
        return self.step == BET and self.round == 2

    @handles("condition", "in_battle")
    def _if_in_battle(self, p: int, c: tuple) -> bool:
        return self.step == BATTLE

    @handles("condition", "alone")
    def _if_alone(self, p: int, c: tuple) -> bool:
        return self.winners == [p]

    @handles("condition", "first_player")
    def _if_first_player(self, p: int, c: tuple) -> bool:
        return self.first == p

    @handles("condition", "no_prophet_in_cult")
    def _if_no_prophet_in_cult(self, p: int, c: tuple) -> bool:
        return self.cult[p][PH] == 0

    @handles("condition", "attacks_at_least")
    def _if_attacks_at_least(self, p: int, c: tuple) -> bool:
        return self.h_attacks[p] >= c[1]

    @handles("condition", "attack_sphere")
    def _if_attack_sphere(self, p: int, c: tuple) -> bool:
        return bool(self.h_spheres[p] >> c[1] & 1)

    @handles("condition", "attack_spheres_at_least")
    def _if_attack_spheres_at_least(self, p: int, c: tuple) -> bool:
        return bin(self.h_spheres[p]).count("1") >= c[1]

    @handles("condition", "no_attacks")
    def _if_no_attacks(self, p: int, c: tuple) -> bool:
        return self.h_attacks[p] == 0

    @handles("condition", "effects_at_least")
    def _if_effects_at_least(self, p: int, c: tuple) -> bool:
        return self.h_effects[p] >= c[1]

    @handles("condition", "stake_tokens_at_least")
    def _if_stake_tokens_at_least(self, p: int, c: tuple) -> bool:
        return sum(self.stake[p]) >= c[1]

    @handles("condition", "stripped_at_least")
    def _if_stripped_at_least(self, p: int, c: tuple) -> bool:
        return self.h_stripped[p] >= c[1]

    @handles("condition", "cult_at_most")
    def _if_cult_at_most(self, p: int, c: tuple) -> bool:
        return sum(self.cult[p]) <= c[1]

    def _conds(self, p: int, conds) -> bool:
        """Whether every condition holds (the loader admits only the names of pantheons.CONDITIONS)."""
        rules = self.handlers["condition"]
        for c in conds:
            if not rules[c[0]](self, p, c):
                return False
        return True

    @handles("cost_ok", "discard")
    def _can_discard(self, p: int, cost: tuple) -> bool:
        return len(self.hand[p]) >= cost[1]

    @handles("cost_ok", "discard_any")
    def _can_discard_any(self, p: int, cost: tuple) -> bool:
        return len(self.hand[p]) >= 1

    @handles("cost_ok", "sacrifice")
    def _can_sacrifice(self, p: int, cost: tuple) -> bool:
        need = [0, 0, 0]
        need[cost[1]] = cost[2]
        return self._can_pay(p, need)

    @handles("cost_ok", "miracle")
    def _can_spend_miracles(self, p: int, cost: tuple) -> bool:
        return self.miracles[p] >= cost[1]

    def _cost_ok(self, p: int, cost: tuple) -> bool:
        return self.handlers["cost_ok"][cost[0]](self, p, cost)  # the loader admits only pantheons.COSTS

    @handles("pay_cost", "sacrifice")
    def _pay_sacrifice(self, p: int, cost: tuple) -> bool:
        need = [0, 0, 0]
        need[cost[1]] = cost[2]
        _pay(self.cult[p], self.bank, need)
        self.bank[cost[1]] += cost[2]
        self._log(f"{self.name(p)} sacrifices {counted(cost[2], TOKEN_NAMES[cost[1]])}")
        return False

    @handles("pay_cost", "miracle")
    def _pay_miracles(self, p: int, cost: tuple) -> bool:
        self.miracles[p] -= cost[1]
        return False

    @handles("pay_cost", "discard")
    def _pay_discard(self, p: int, cost: tuple) -> int:
        return cost[1]  # a card choice is now pending: this many cards to discard

    @handles("pay_cost", "discard_any")
    def _pay_discard_any(self, p: int, cost: tuple) -> int:
        return -1  # a card choice is now pending: any number of cards, at least one

    def _pay_cost(self, p: int, cost: tuple) -> bool:
        """Pay one cost; True when a card choice is now pending (discard costs)."""
        return self.handlers["pay_cost"][cost[0]](self, p, cost)

    # ------------------------------------------------------------------ targets
    def _src_targets(self, p: int, ops) -> list[int]:
        """The opponents a source may aim at: players still in the Hand while it is played (TM §
        Folding), every other player in the game in the Closing, Prayer and Myth Phases (TM §
        Leaving a Hand in Progress); a source that only damages Places needs a Place."""
        in_hand = self.step in (BET, BATTLE)
        only_places = all(o[0] == "damage_places" for o in ops if o[0] in ("strip", "discard_random", "peek_hand",
                                                                             "damage_places", "cult_loss"))
        out = []
        for i in range(1, self.n):
            q = (p + i) % self.n
            if not (self.active(q) if in_hand else self.alive[q]):
                continue
            if only_places and not self.places[q]:
                continue
            out.append(q)
        return out

    def _src_ready(self, p: int, src: int) -> bool:
        ops, target, condition = source_effect(src)
        if not self._conds(p, condition):
            return False
        return target == "self" or bool(self._src_targets(p, ops))

    def _use_source(self, p: int, src: int, times: int) -> None:
        """Apply a source's ops (``times`` times), asking for the target first if several fit."""
        ops, target, _ = source_effect(src)
        if target == "opponent":
            tg = self._src_targets(p, ops)
            if len(tg) > 1:
                self.pending.append(("mtarget", p, src, times))
                return
            if tg:
                self._apply_ops(p, ops, tg[0], times)
        elif target == "all_opponents":
            for q in self._src_targets(p, ops):
                self._apply_ops(p, ops, q, times)
        else:
            self._apply_ops(p, ops, -1, times)
        self._source_done(p)

    def _source_done(self, p: int) -> None:
        """After a source took effect: back to the window, the Myth Phase or the turn it came from."""
        if self.pending and self.pending[-1][0] == "window":
            self._window_after(self.pending[-1][1])
        elif self.step == MYTH:
            self._myth_next(advance=True)
        else:
            self._after_card(p)

    def _apply_ops(self, p: int, ops, t: int, times: int) -> None:
        for _ in range(times):
            for op in ops:
                self._myth_op(p, op, t)

    def _myth_op(self, p: int, op: tuple, t: int) -> None:
        """One instant op of an Ability / Mythology card by ``p`` (target ``t``, -1 none): the Prayer
        cards' ops act as on a card (``_card_op``, never an Attack), the rest are the Pantheon's own
        ``handles("myth_op", name)`` rules or mean something else here (``power`` is this Hand's bonus,
        ``shield`` lasts the Hand)."""
        if self._card_op(p, op, t):
            return
        self.handlers["myth_op"][op[0]](self, p, op, t)  # the loader keeps the other ops apart

    @handles("myth_op", "power")
    def _hand_bonus(self, p: int, op: tuple, t: int) -> None:
        self.bonus[p] += op[1]

    @handles("myth_op", "shield")
    def _hand_shield(self, p: int, op: tuple, t: int) -> None:
        self.hand_shield[p] = True

    @handles("myth_op", "multi_essence")
    def _hand_multi_essence(self, p: int, op: tuple, t: int) -> None:
        self.hand_multi[p] = True

    @handles("myth_op", "gain")
    def _gain(self, p: int, op: tuple, t: int) -> None:
        g = self._bank_give(self.cult[p], op[1], op[2])
        self._log(f"{self.name(p)} takes {counted(g, TOKEN_NAMES[op[1]])} from the bank")

    @handles("myth_op", "win_gain")
    def _win_gain(self, p: int, op: tuple, t: int) -> None:
        if self.winners == [p]:
            self._gain(p, op, t)

    @handles("myth_op", "cult_loss")
    def _cult_loss(self, p: int, op: tuple, t: int) -> None:
        k = min(op[2], self.cult[t][op[1]])
        self.cult[t][op[1]] -= k
        self.bank[op[1]] += k
        _exchange(self.cult[t], self.bank)
        self._log(f"{self.name(t)} loses {counted(k, TOKEN_NAMES[op[1]])} from the Cult")

    @handles("myth_op", "miracle")
    def _gain_miracles(self, p: int, op: tuple, t: int) -> None:
        self.miracles[p] += op[1]

    @handles("myth_op", "save")
    def _save_tokens(self, p: int, op: tuple, t: int) -> None:
        self.saved[p][op[1]] += op[2]

    # ------------------------------------------------------------------ passives
    def _passive_sources(self, p: int, trigger: str):
        """(ops, target) of ``p``'s passive sources at ``trigger`` whose conditions hold: the
        revealed Deity's passive Ability, passive Mythology cards in play, Heroes in the Stake."""
        out = []
        d = self.deity[p]
        if d >= 0 and self.revealed:
            a = DEITIES[d].ability
            if a.kind == "passive" and a.trigger == trigger and self._conds(p, a.condition):
                out.append((a.ops, a.target))
        for m in self.myth_own[p]:
            M = MYTHS[m]
            if M.trigger != trigger:
                continue
            if M.use == "passive" or (M.use == "hero" and m in self.hero_stake[p]):
                if self._conds(p, M.condition):
                    out.append((M.ops, M.target))
        return out

    def _always(self, p: int, name: str) -> int:
        """The largest argument of static op ``name`` (1 for no argument) among ``p``'s passives, 0 if none."""
        best = 0
        for ops, _ in self._passive_sources(p, "always"):
            for op in ops:
                if op[0] == name:
                    best = max(best, op[1] if len(op) > 1 else 1)
        return best

    def _fire(self, p: int, trigger: str) -> None:
        for ops, _target in self._passive_sources(p, trigger):
            for op in ops:
                self._myth_op(p, op, -1)

    def _attack_passive(self, p: int, k) -> None:
        """An Attack (kind ``k``) of ``p``'s took effect: its God's passive Ability at trigger "attack"
        acts if ``k``'s Essence is one of its ``spheres`` (any when none is given), with no action,
        announcement or cost (TM § Divine Abilities: "the player does not have to do or say
        anything"), at most ``uses`` times per Hand (0: no limit; "Morrigan's Passive Ability
        specifies that her power may be used several times"); "all_opponents" is every other player
        still in the Battle (TM § Folding)."""
        d = self.deity[p]
        if d < 0 or not self.revealed:
            return
        a = DEITIES[d].ability
        if a.trigger != "attack" or (a.spheres and k.sphere not in a.spheres):
            return
        if (a.uses and self.ab_uses[p] >= a.uses) or not self._src_ready(p, d):
            return
        self.ab_uses[p] += 1
        self._log(f"{DEITIES[d].name}'s Ability acts for {self.name(p)}")
        for t in (self._src_targets(p, a.ops) if a.target == "all_opponents" else (-1,)):
            for op in a.ops:
                self._myth_op(p, op, t)

    def _myth_power(self, p: int) -> int:
        """End of Battle Power from the Pantheon: this Hand's bonus, Hero tokens in the Stake and the
        passive "battle" ops (TM § Divine Abilities: Poseidon works for all the Battles he is in)."""
        total = self.bonus[p]
        for m in self.hero_stake[p]:
            total += MYTHS[m].hero_power
        for ops, _ in self._passive_sources(p, "battle"):
            for op in ops:
                if op[0] == "power":
                    total += op[1]
                elif op[0] == "per_token":
                    total += op[1] * sum(self.stake[p])
                elif op[0] == "per_type":
                    total += op[2] * self.stake[p][op[1]]
                elif op[0] == "per_attack":
                    total += op[1] * self.attacks[p]
        return total

    def _static_essence(self, p: int, sph: list, orbs: list) -> None:
        """The static ``essence SPHERE ORB N`` ops of ``p``'s passives (Danu): one more Essence of
        SPHERE and N orbs of ORB for every prerequisite, as a Power card in play (TM § How to Play
        Action Cards counts the Power cards played)."""
        for ops, _ in self._passive_sources(p, "always"):
            for op in ops:
                if op[0] == "essence":
                    sph[op[1]] += 1
                    orbs[op[2]] += op[3]

    def _multi(self, p: int) -> bool:
        return self.hand_multi[p] or self._always(p, "multi_essence") > 0

    # ------------------------------------------------------------------ Requests (TM § God's Request)
    def _request(self, p: int, event: str) -> None:
        d = self.deity[p]
        if d < 0 or self.req_done[p] or not self.alive[p]:
            return
        r = DEITIES[d].request
        if r.event == event and self._conds(p, r.condition):
            self.req_done[p] = True
            self.miracles[p] += 1
            self._log(f"{self.name(p)} fulfils {DEITIES[d].name}'s Request: a Miracle token")

    # ------------------------------------------------------------------ active Abilities
    def _ability_ok(self, p: int) -> bool:
        """May ``p`` announce its active Ability now (TM § Divine Abilities: on its own turn, once per
        Hand unless the text says otherwise, its conditions met and costs payable)? Public facts only."""
        d = self.deity[p]
        if d < 0 or not self.revealed or self.turn != p or not self.active(p):
            return False
        a = DEITIES[d].ability
        if a.kind != "active" or (a.uses and self.ab_uses[p] >= a.uses):
            return False
        if self.step == BET:
            if a.when == "battle":
                return False
        elif self.step == BATTLE:
            if a.when == "betting":
                return False
        else:
            return False
        for c in a.cost:
            if not self._cost_ok(p, c):
                return False
        return self._src_ready(p, d)

    def _use_ability(self, p: int) -> None:
        d = self.deity[p]
        a = DEITIES[d].ability
        self.ab_uses[p] += 1
        self._log(f"{self.name(p)} uses {DEITIES[d].name}'s Ability")
        if self.step == BATTLE:
            self.turn_played = True
        for c in a.cost:
            left = self._pay_cost(p, c)
            if left:
                self.pending.append(("cost", p, d, left, 0))
                return
        self._use_source(p, d, 1)

    @lister("cost")
    def _cost_legal(self, pend) -> list[int]:
        _, p, src, left, count = pend
        C = self.C
        out = sorted({C.off["discard"] + kid(c) for c in self.hand[p]})
        if left < 0 and count >= 1:
            out.append(C.DECLINE)
        return out

    @decision("cost")
    def _cost_apply(self, name: str, i: int) -> None:
        _, p, src, left, count = self.pending.pop()
        if name == "discard":
            c = self._take(p, i)
            self._to_disc(p, c)
            self._log(f"{self.name(p)} discards {KINDS[i].name}")
            count += 1
            if left > 0:
                left -= 1
            if (left > 0 or left < 0) and self.hand[p]:
                self.pending.append(("cost", p, src, left, count))
                return
        times = count if left < 0 else 1
        self._use_source(p, src, times)

    @lister("mtarget")
    def _mtarget_legal(self, pend) -> list[int]:
        _, p, src, _times = pend
        ops, _, _ = source_effect(src)
        return sorted(self.C.off["target"] + (q - p) % self.n - 1 for q in self._src_targets(p, ops))

    @decision("mtarget")
    def _mtarget_apply(self, name: str, i: int) -> None:
        _, p, src, times = self.pending.pop()
        t = (p + i + 1) % self.n
        ops, _, _ = source_effect(src)
        self._log(f"{self.name(p)} aims {source_name(src)} at {self.name(t)}")
        self._apply_ops(p, ops, t, times)
        self._source_done(p)

    # ------------------------------------------------------------------ Phase windows
    def _window_cards(self, q: int, w: int) -> list[int]:
        """The Mythology cards ``q`` may use in window ``w`` (public: cards in play are face up)."""
        name = WINDOWS[w]
        if not self.alive[q] or (name in HAND_WINDOWS and not self.active(q)):
            return []
        out = []
        used = self.myth_used[q]
        for m in self.myth_own[q]:
            if m in used:
                continue
            M = MYTHS[m]
            if M.use == "window" and M.window == name:
                if self._src_ready(q, ND + m):
                    out.append(m)
            elif M.use == "hero" and name == "battle_start" and m not in self.hero_stake[q]:
                out.append(m)
        return out

    def _window(self, name: str) -> bool:
        """Open the window ``name`` if a seat may use a card in it; True when it opened (the caller
        returns and the window's ``resume`` rule continues the flow when it closes, ``_window_next``)."""
        if not self.advanced:
            return False
        w = WIN_INDEX[name]
        seats = [q for q in self._clockwise_from_first() if self._window_cards(q, w)]
        if not seats:
            return False
        self.pending.append(("window", seats[0], w, tuple(seats[1:])))
        return True

    @lister("window")
    def _window_legal(self, pend) -> list[int]:
        _, q, w, _rest = pend
        base = self.C.off["myth"]
        return [base + m for m in sorted(self._window_cards(q, w))] + [self.C.DECLINE]

    @decision("window")
    def _window_apply(self, name: str, i: int) -> None:
        _, q, w, _rest = self.pending[-1]
        if name != "myth":
            self._window_next()
            return
        M = MYTHS[i]
        self.myth_used[q].append(i)
        if M.use == "hero":
            # TM § Heroes: the token joins the Stake just before the Battle; its ability activates
            self.hero_stake[q].append(i)
            self._log(f"{self.name(q)} sends the Hero {M.name} into the Stake")
            if M.trigger == "join" and M.ops:
                self._use_source(q, ND + i, 1)
                return
            self._window_after(q)
            return
        self._log(f"{self.name(q)} uses {M.name}")
        if M.discard:
            self.myth_own[q].remove(i)
            self.myth_out[q].append(i)
        self._use_source(q, ND + i, 1)

    def _window_after(self, q: int) -> None:
        """``q`` stays asked while it has another card for this window."""
        if not self._window_cards(q, self.pending[-1][2]):
            self._window_next()

    def _window_next(self) -> None:
        _, _q, w, rest = self.pending.pop()
        rest = [s for s in rest if self._window_cards(s, w)]
        if rest:
            self.pending.append(("window", rest[0], w, tuple(rest[1:])))
            return
        self.handlers["resume"][WINDOWS[w]](self)

    # ------------------------------------------------------------------ the Phase hook
    def _phase_hook(self, phase: str, when: str) -> bool:
        """The Advanced game at the start / end of each Phase: the per-Hand reset and "hand_start"
        triggers (Starting Phase), the "end_of_battle" Requests, and the Mythology windows. True when
        a window opened (the caller returns; the window's ``@handles("resume", name)`` rule continues)."""
        if not self.advanced:
            return False
        if phase == "starting" and when == "start":
            self._adv_new_hand()
            for p in self._clockwise_from_first():
                if self.alive[p]:
                    self._fire(p, "hand_start")
        if phase == "battle" and when == "end":
            for p in self._clockwise_from_first():
                if self.active(p):
                    self._request(p, "end_of_battle")
            return False
        name = HOOK_WINDOWS.get((phase, when))
        return name is not None and self._window(name)

    def _count_play(self, p: int, k) -> None:
        """What this Hand's Requests and conditions count: Attack cards (and their Essences), Effects."""
        if k.type == ATTACK:
            self.h_attacks[p] += 1
            self.h_spheres[p] |= 1 << k.sphere
        elif k.type == EFFECT:
            self.h_effects[p] += 1

    # ------------------------------------------------------------------ the Closing Phase
    def _myth_closing_start(self, losers) -> None:
        """Before the Stakes move: the Requests of the Hand's events (TM § God's Request; TM § The
        Closing Phase: "some Mythology cards, God Abilities and God Requests take effect at this time
        ... clockwise, starting with the First Player"), then the losers' "lose" triggers."""
        battle = sum(1 for p in range(self.n) if self.active(p)) > 1
        order = self._clockwise_from_first()
        for p in order:
            if not self.alive[p]:
                continue
            if p in self.winners:
                if battle:
                    self._request(p, "win_battle")
                self._request(p, "win_hand")
            elif battle and self.active(p):
                self._request(p, "lose_battle")
        for p in order:
            if p in losers:
                self._fire(p, "lose")

    def _myth_closing_win(self) -> None:
        """After the lone winner's Priest / Prophet went to his Stake: the winners' "win" triggers
        (clockwise from the First Player), then the Heroes live or die."""
        for p in self._clockwise_from_first():
            if p in self.winners:
                self._fire(p, "win")
        self._heroes_closing()

    # ------------------------------------------------------------------ Heroes at the Closing Phase
    def _heroes_closing(self) -> None:
        """TM § Heroes: if the owner loses the Battle the Hero dies (card and token leave the game);
        a winner's Hero token goes back on its card."""
        for p in range(self.n):
            if not self.hero_stake[p]:
                continue
            for m in self.hero_stake[p]:
                if p not in self.winners:
                    self.myth_own[p].remove(m)
                    self.myth_out[p].append(m)
                    self._log(f"the Hero {MYTHS[m].name} of {self.name(p)} dies")
            self.hero_stake[p] = []


#: the Phase hooks of the Basic rules (``_phase_hook(phase, when)``) that are Mythology windows
HOOK_WINDOWS = {
    ("starting", "start"): "starting_start",
    ("starting", "end"): "starting_end",
    ("myth", "start"): "myth_start",
    ("myth", "end"): "myth_end",
    ("betting", "start"): "betting_start",
    ("betting", "end"): "betting_end",
    ("battle", "start"): "battle_start",
    ("end_of_battle", "start"): "battle_end",
    ("closing", "start"): "closing_start",
    ("closing", "end"): "closing_end",
    ("prayer", "start"): "prayer_start",
    ("prayer", "end"): "prayer_end",
}
