"""MY § B - Placement Phase (In Turn Order): a seat's turn (play or discard each selected card,
infinity effects with a cost activated at any time, the end of the turn and its Trial check), playing
one card (the invocation cost, the 4 Gems of a Deity: MY § Deities; the Troll's toll, the slot,
the completion rule, the invocation gain, the download-arrow effects), reaction windows for other
seats' infinity effects, the order of simultaneous triggers, and the completion gains of planes and
columns (MY § Lexicon: Complete, Completion gains)."""

from __future__ import annotations

from mythenv.core.engine import task

from .tables import (
    A_END,
    A_STOP,
    COLUMN_GAIN,
    COST_OF,
    EFFECTS_OF,
    GAINS_OF,
    NSLOT,
    OFF,
    PLANE_GAIN,
    ROW,
    card_name,
)


class PlacementPhase:
    """The Placement Phase: turns, playing a card, reactions, completion."""

    def place_slots(self, p: int, cost: int, onto=None) -> list[int]:
        """Slots a card of invocation cost ``cost`` may be placed on (MY § B - Placement Phase 2:
        empty or crushing a Creature, never a Deity; the Troll's Favor)."""
        out = []
        if self.gem[p] < cost:
            return out
        for s in (range(NSLOT) if onto is None else onto):
            if self.crushable(p, s) and len(self.toll(p, s)) <= self.fav[p]:
                out.append(s)
        return out

    def activations(self, p: int) -> list[int]:
        out = []
        for s, c in self.visible(p):
            for e, eff in enumerate(EFFECTS_OF[c]):
                if eff.when != "activate" or self.gem[p] < eff.cost_gems:
                    continue
                if eff.limit and self.used.get(f"{c}:{e}", [0, 0])[0] == self.tnum and \
                        self.used[f"{c}:{e}"][1] >= eff.limit:
                    continue
                if self._op_possible(p, c, eff.ops[0], eff.cost_gems):
                    out.append(OFF["activate"] + s)
                    break
        return out

    def _op_possible(self, p: int, src: int, op: dict, cost: int) -> bool:
        f = {"c": p, "src": src, "v": {"o": {}}}
        if op["op"] == "move":
            return bool(self._move_sources(f, op))
        if op["op"] == "invoke":
            return bool(self._invoke_candidates(f, op, self.gem[p] - cost))
        return True

    def turn_actions(self, p: int) -> list[int]:
        """What seat ``p`` may do in its placement turn: play (where it can pay) or discard each card
        in hand, activate a card; end the turn only with an empty hand. Empty: the turn is over."""
        acts = []
        for i, c in enumerate(self.hand[p]):
            if self.place_slots(p, COST_OF[c]):
                acts.append(OFF["play"] + i)
            acts.append(OFF["discard"] + i)
        acts += self.activations(p)
        if not self.hand[p] and acts:
            acts.append(A_END)
        return acts

    @task("turn")
    def _f_turn(self, f: dict) -> None:
        p = f["c"]
        if f["st"] == 0:
            self.tnum += 1
            self.turn_seat = p
            self.inka = []
            self.dagda = []
            f["st"] = 1
        if f["st"] == 1:
            ans = f.pop("ans", None)
            if ans is not None:
                name, i = ans
                if name == "play":
                    c = self.hand[p].pop(i)
                    self.stack.append({"t": "place", "c": p, "cid": c, "mode": "invoke", "onto": None,
                                       "st": 0, "eid": 0})
                    self._log(f"P{p} invokes {card_name(c)}")
                    return
                if name == "discard":
                    c = self.hand[p].pop(i)
                    self.disc[p].append(c)
                    self.known[c] = self.all
                    self.gem[p] += 2
                    self._log(f"P{p} discards {card_name(c)} for 2 Gems")
                elif name == "activate":
                    self._activate(p, i)
                    return
                else:
                    f["st"] = 2
            if f["st"] == 1:
                acts = self.turn_actions(p)
                if acts:
                    self._ask(p, acts)
                    return
                f["st"] = 2
        # MY § Trials: checked at the end of the seat's own placement turn
        self._check_trials(p)
        self.stack.pop()

    def _activate(self, p: int, s: int) -> None:
        """Pay the cost of the infinity effect of the card on slot ``s`` and run it (MY § Card
        Effects: infinity icon; "x1" = once per turn, any player's turn)."""
        c = self.top(p, s)
        for e, eff in enumerate(EFFECTS_OF[c]):  # noqa: B007 (e is used after the loop)
            if eff.when == "activate":
                break
        self.gem[p] -= eff.cost_gems
        key = f"{c}:{e}"
        u = self.used.get(key)
        self.used[key] = [self.tnum, (u[1] + 1 if u and u[0] == self.tnum else 1)]
        self.eid += 1
        self.stack.append({"t": "eff", "c": p, "src": c, "e": e, "pc": 0, "v": {}, "eid": self.eid})
        self._log(f"P{p} activates {card_name(c)}")

    @task("react")
    def _f_react(self, f: dict) -> None:
        """A reaction window: before an opponent's effect reaches seat ``q``, ``q`` may use its
        cost infinity effects (MY § Card Effects: 'in reaction to an effect produced by a card of an
        opposing player'). Only opened when ``q`` has one it can use."""
        q = f["q"]
        ans = f.pop("ans", None)
        if ans is not None:
            if ans[0] == "stop":
                self.stack.pop()
                return
            self._activate(q, ans[1])
            return
        acts = self.activations(q)
        if not acts:
            self.stack.pop()
            return
        self._ask(q, acts + [A_STOP])

    def _windows(self, f: dict, targets) -> bool:
        o = f["v"]["o"]
        if o.get("rw"):
            return False
        o["rw"] = 1
        qs = [q for q in targets if self.activations(q)]
        for q in reversed(qs):
            self.stack.append({"t": "react", "q": q})
        return bool(qs)

    @task("order")
    def _f_order(self, f: dict) -> None:
        """Several effects of one seat triggered at once: the seat picks which resolves first
        (MY § Card Glossary 027 Sphinx, 068 Impundulu)."""
        ans = f.pop("ans", None)
        if ans is None:
            self._ask(f["c"], [OFF["opt"] + i for i in range(min(8, len(f["frames"])))])
            return
        chosen = f["frames"].pop(ans[1])
        self.stack.pop()
        if len(f["frames"]) > 1:
            self.stack.append(f)
        elif f["frames"]:
            self.stack.append(f["frames"][0])
        self.stack.append(chosen)

    @task("place")
    def _f_place(self, f: dict) -> None:
        """MY § B - Placement Phase: 1 pay, 2 place (crush), 3 completion, 4 invocation gain, 5 effect."""
        p, c = f["c"], f["cid"]
        st = f["st"]
        if st == 0:
            ans = f.pop("ans", None)
            if ans is None:
                slots = self.place_slots(p, COST_OF[c], f["onto"])
                if not slots:
                    # no slot can take it (only possible for effect-invoked cards): it is discarded
                    self.disc[p].append(c)
                    self.stack.pop()
                    return
                if len(slots) > 1:
                    self._ask(p, [OFF["slot"] + s for s in slots])
                    return
                s = slots[0]
            else:
                s = ans[1]
            self.gem[p] -= COST_OF[c]
            for q in self.toll(p, s):
                self.fav[p] -= 1
                self.fav[q] += 1
            before = self.lines_full(p)
            crushed = self.top(p, s)
            self.pan[p][s].append(c)
            self.known[c] = self.all
            f["slot"] = s
            # the lines this placement completes are fixed now, before any crush reaction: a card
            # placed in reaction completes its own lines in its own frame, and a card that crushes
            # completes nothing (MY § Lexicon: Complete)
            after = self.lines_full(p)
            f["new"] = [line for line in range(6) if after[line] and not before[line]]
            f["st"] = 2
            if crushed >= 0:
                self._crush_event(p, s, c, crushed, f["eid"], p)
            self._flush()
            return
        if st == 2:
            f["st"] = 3
            self._complete_lines(p, f["new"])
            self._flush()
            return
        if st == 3:
            f["st"] = 4
            if f["mode"] == "invoke":
                fv, gm = GAINS_OF[c][ROW[f["slot"]]]
                self._gain(p, fv, gm)
                self._emit("invoke", p, c, {})
                self._flush()
            return
        self.stack.pop()
        # MY § Card Effects: download-arrow effects apply only during the active player's turn
        if p != self.turn_seat:
            return
        effs = [e for e, eff in enumerate(EFFECTS_OF[c]) if eff.when == "place"]
        for e in reversed(effs):
            self.eid += 1
            self.stack.append({"t": "eff", "c": p, "src": c, "e": e, "pc": 0, "v": {}, "eid": self.eid})

    def _completions(self, p: int, before: list[bool]) -> None:
        after = self.lines_full(p)
        self._complete_lines(p, [line for line in range(6) if after[line] and not before[line]])

    def _complete_lines(self, p: int, lines: list[int]) -> None:
        """MY § Completion rule: a plane / column that becomes complete gives its token once; a
        completion still happens (Mogwai) after the token is gone (MY § Card Glossary 058)."""
        for line in lines:
            if self.comp[p][line]:
                self.comp[p][line] = 0
                fv, gm = PLANE_GAIN if line < 3 else COLUMN_GAIN
                rcv = p
                if not self.has_flag(p, "steal_completion"):
                    for q in self.opponents(p):
                        if self.has_flag(q, "steal_completion"):
                            rcv = q
                            break
                self._gain(rcv, fv, gm)
            self._emit("complete", p, -1, {"line": line})
