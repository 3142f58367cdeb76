"""MY § Card Effects and § Cost of Cards: the data-driven effects of ``data/cards.toml`` run as
``eff`` frames (download-arrow effects on play, infinity effects triggered by events in reaction,
hourglass effects at the final scoring), the events and what they trigger, and the effect primitives
that gain, count, make opponents give, lose or choose, exchange, pay, choose a plane or a mythology,
and fill the sanctuary face down (Loki), with the Card Glossary's rulings (MY § Card Glossary).

Each primitive is the method marked ``@handles("op", name)`` for the ``op`` name of ``data/cards.toml``
(the others, Move, Sacrifice and Invoke, are in ``lexicon``): ``_f_eff`` (the ``eff`` frame's task) runs
an effect's ops one at a time through ``self.handlers["op"]``; a primitive returns 1 when done, 0 when
it waits for a decision (it runs again with the answer in the frame) and 2 to end the effect."""

from __future__ import annotations

from mythenv.core.engine import handles, task
from mythenv.core.errors import StateError

from ..cards import CREATURE, MYTHS, NCARDS
from .tables import (
    A_STOP,
    ADJ,
    EFFECTS_OF,
    GAINS_OF,
    HAS_EVENT,
    LINES_OF,
    MYTH_OF,
    OFF,
    ROW,
    TRIVIAL,
    TYPE_OF,
)


class CardEffects:
    """Card effects: events, triggers and the effect primitives."""

    def _emit(self, event: str, p: int, subject: int, info: dict) -> None:
        """Queue the infinity effects triggered by ``event`` in pantheon ``p`` about card
        ``subject``. The subject's own 'if crushed / sacrificed' effects come first (MY § Card
        Glossary 030: Bénou), then the other seats' in turn order from the active seat."""
        n = self.n
        start = self.turn_seat if self.turn_seat >= 0 else 0
        found = []
        for i in range(n):
            q = (start + i) % n
            pool = [c for _, c in self.visible(q)]
            if q == p and subject >= 0 and subject not in pool:
                pool.append(subject)
            for c in pool:
                if not HAS_EVENT[c]:
                    continue
                for e, eff in enumerate(EFFECTS_OF[c]):
                    if eff.when != "event":
                        continue
                    if self._matches(eff, event, q, c, p, subject, info):
                        key = f"{c}:{e}"
                        if eff.limit:
                            u = self.used.get(key)
                            cnt = u[1] if u and u[0] == self.tnum else 0
                            if cnt >= eff.limit:
                                continue
                            self.used[key] = [self.tnum, cnt + 1]
                        self.eid += 1
                        fr = {"t": "eff", "c": q, "src": c, "e": e, "pc": 0, "v": {}, "eid": self.eid}
                        if c == subject and not eff.scope:
                            found.insert(0, fr)
                        else:
                            found.append(fr)
        self._trig.extend(found)

    def _matches(self, eff, event, q, c, p, subject, info) -> bool:
        ev = eff.event
        if not eff.scope:   # the card's own 'if crushed / sacrificed / when it crushes'
            if c != subject or q != p:
                return False
            if event == "crushed":
                return ev in ("crushed", "crushed_or_sacrificed")
            if event == "sacrificed":
                return ev in ("sacrificed", "crushed_or_sacrificed")
            return ev == event
        if eff.scope == "own" and q != p or eff.scope == "opponent" and q == p:
            return False
        if eff.scope == "neighbour" and (q == p or p not in self.neighbours(q)):
            return False
        if c == subject and self.slot_of(q, c) < 0 and ev not in ("crush",):
            return False      # a covered / discarded card only answers its own crush (Puma)
        if ev == "crushed_or_sacrificed":
            if event not in ("crushed", "sacrificed"):
                return False
        elif ev == "crush":
            if event != "crushed":
                return False
        elif ev != event:
            return False
        if eff.kind == "creature" and (subject < 0 or TYPE_OF[subject] != CREATURE):
            return False
        if eff.own_turn and self.turn_seat != q:
            return False
        if ev == "complete":
            s = self.slot_of(q, c)
            if s < 0:
                return False
            line = info["line"]
            if eff.line == "src_plane" and line != ROW[s]:
                return False
            if eff.line == "src" and line not in LINES_OF[s]:
                return False
        if ev == "move" and eff.scope == "neighbour":
            return False          # counted once per move effect in do_moves
        if ev == "move" and eff.scope == "own":
            # MY § Card Glossary 065: at most 1 Gem per card triggering the move, per turn
            key = c * NCARDS + info.get("cause", subject)
            if key in self.inka:
                return False
            self.inka.append(key)
        if ev == "touch":
            key = [info["eid"], subject]
            if key in self.dagda:
                return False
            self.dagda.append(key)
        return True

    def _flush(self) -> None:
        if not self._trig:
            return
        trig = self._trig
        self._trig = []
        if len(trig) >= 2:
            heavy: dict[int, list] = {}
            for fr in trig:
                if fr["t"] == "gainf" or not TRIVIAL[fr["src"]][fr["e"]]:
                    heavy.setdefault(fr["c"], []).append(fr)
            for q in list(heavy):
                if all(fr["t"] == "gainf" for fr in heavy[q]):
                    del heavy[q]
            for q, frs in heavy.items():
                if len(frs) >= 2:
                    first = trig.index(frs[0])
                    trig = [x for x in trig if x not in frs]
                    trig.insert(first, {"t": "order", "c": q, "frames": frs})
        for fr in reversed(trig):
            self.stack.append(fr)

    def _crush_event(self, p, s, crusher, crushed, eid, by) -> None:
        self._emit("crushed", p, crushed, {})
        self._emit("self_crushes", p, crusher, {})
        if eid:
            self._emit("touch", p, crushed, {"eid": eid, "by": by})

    @task("eff")
    def _f_eff(self, f: dict) -> None:
        ops = EFFECTS_OF[f["src"]][f["e"]].ops
        if f["pc"] >= len(ops):
            self.stack.pop()
            return
        op = ops[f["pc"]]
        f["v"].setdefault("o", {})
        r = self.handlers["op"][op["op"]](self, f, op)
        self._flush()
        if r == 1:
            f["pc"] += 1
            f["v"]["o"] = {}
        elif r == 2:
            f["pc"] = len(ops)

    @handles("op", "gain")
    def _op_gain(self, f, op):
        self._gain(f["c"], op.get("favors", 0), op.get("gems", 0))
        return 1

    def count(self, f: dict, what: str, op: dict) -> int:
        p = f["c"]
        vis = self.visible(p)
        ss = self.slot_of(p, f["src"])
        if what == "crushed":
            return sum(max(0, len(st) - 1) for st in self.pan[p])
        if what == "stacks":
            return sum(1 for st in self.pan[p] if len(st) >= 2)
        if what == "own_discard":
            return len(self.disc[p])
        if what == "plane_pairs":
            k = len({ROW[s] for s, _ in vis})
            return k * (k - 1) // 2
        if what == "distinct_myths":
            return len({MYTH_OF[c] for _, c in vis})
        if what == "destined_board":
            b = self.dest_board[p]
            return 0 if b < 0 else sum(1 for pos in range(4) if self.sanct[4 * b + pos] >= 0)
        if what == "gems":
            return self.gem[p]
        if what == "creatures":
            return sum(1 for _, c in vis if TYPE_OF[c] == CREATURE)
        if what == "plane_creatures":
            return sum(1 for s, c in vis if TYPE_OF[c] == CREATURE and ROW[s] == op["plane"])
        if what == "adjacent_creatures":
            return 0 if ss < 0 else sum(1 for t in ADJ[ss] if self.pan[p][t] and TYPE_OF[self.pan[p][t][-1]] == CREATURE)
        if what == "empty_slots":
            return sum(1 for st in self.pan[p] if not st)
        if what == "chosen_myth":
            return self.myth_count(p, f["v"].get("myth", -1))
        if what.startswith("myth:"):
            return self.myth_count(p, MYTHS.index(what[5:]))
        raise StateError(f"unknown counter {what!r}")

    @handles("op", "gain_count")
    def _op_gain_count(self, f, op):
        k = self.count(f, op["count"], op)
        if op.get("div"):
            k //= op["div"]
        if op.get("max"):
            k = min(k, op["max"])
        self._gain(f["c"], k * op.get("favors", 0), k * op.get("gems", 0))
        return 1

    def _targets(self, p: int, who: str) -> list[int]:
        return self.neighbours(p) if who == "neighbours" else self.opponents(p)

    @handles("op", "opp_give")
    def _op_opp_give(self, f, op):
        p = f["c"]
        if self._windows(f, self._targets(p, op.get("who", "opponents"))):
            return 0
        for q in self._targets(p, op.get("who", "opponents")):
            if self.protected_tokens(q):
                continue
            g = min(self.gem[q], op.get("gems", 0))
            v = min(self.fav[q], op.get("favors", 0))
            self.gem[q] -= g
            self.fav[q] -= v
            self._gain(p, v, g)
        return 1

    @handles("op", "opp_lose")
    def _op_opp_lose(self, f, op):
        if self._windows(f, self._targets(f["c"], op.get("who", "opponents"))):
            return 0
        for q in self._targets(f["c"], op.get("who", "opponents")):
            if self.protected_tokens(q):
                continue
            self.gem[q] -= min(self.gem[q], op.get("gems", 0))
            self.fav[q] -= min(self.fav[q], op.get("favors", 0))
        return 1

    @handles("op", "opp_choice")
    def _op_opp_choice(self, f, op):
        """Each opponent gives or sacrifices (MY § Card Glossary 012 Thor, 015 Draugr, 053 Nuwa):
        when only one is fully possible it is forced; when neither, give what you have."""
        p = f["c"]
        o = f["v"]["o"]
        if self._windows(f, self._targets(p, op.get("who", "opponents"))):
            return 0
        if "q" not in o:
            o["q"] = [q for q in self._targets(p, op.get("who", "opponents")) if not self.protected_tokens(q)]
            o["i"] = 0
        gems, favors, sac = op.get("gems", 0), op.get("favors", 0), op.get("sac", "creature")
        while o["i"] < len(o["q"]):
            q = o["q"][o["i"]]
            ans = f.pop("ans", None)
            if op.get("per_creature"):
                if "list" not in o:
                    o["list"] = [[s, c] for s, c in self.visible(q) if TYPE_OF[c] == CREATURE]
                    o["j"] = 0
                if ans is not None:
                    s, c = o["list"][o["j"]]
                    o["j"] += 1
                    if ans[1] == 0:
                        self.gem[q] -= gems
                        self.gem[p] += gems
                    else:
                        self._push_sac(q, [s], False, f)
                        return 0
                while o["j"] < len(o["list"]):
                    s, c = o["list"][o["j"]]
                    if self.top(q, s) != c:
                        o["j"] += 1
                        continue
                    can_give = self.gem[q] >= gems
                    can_sac = self.sacrificeable(q, s)
                    if can_give and can_sac:
                        self._ask(q, [OFF["opt"], OFF["opt"] + 1])
                        return 0
                    o["j"] += 1
                    if can_give:
                        self.gem[q] -= gems
                        self.gem[p] += gems
                    elif can_sac:
                        self._push_sac(q, [s], False, f)
                        return 0
                del o["list"]
                o["i"] += 1
                continue
            cands = self._sac_candidates(q, sac)
            have_g, have_f = self.gem[q], self.fav[q]
            full = have_g >= gems and have_f >= favors
            stage = o.get("stage", 0)
            if ans is not None:
                if stage == 0:
                    if ans[1] == 0:
                        stage = 2          # give
                    else:
                        stage = 1
                        o["stage"] = 1
                        if len(cands) > 1:
                            self._ask(q, [OFF["slot"] + s for s in cands])
                            return 0
                        ans = ["slot", cands[0]]
                if stage == 1:
                    o["stage"] = 0
                    o["i"] += 1
                    self._push_sac(q, [ans[1]], False, f)
                    return 0
            else:
                if full and cands:
                    o["stage"] = 0
                    self._ask(q, [OFF["opt"], OFF["opt"] + 1])
                    return 0
                if cands:
                    o["stage"] = 1
                    if len(cands) > 1:
                        self._ask(q, [OFF["slot"] + s for s in cands])
                        return 0
                    o["stage"] = 0
                    o["i"] += 1
                    self._push_sac(q, [cands[0]], False, f)
                    return 0
                stage = 2
            # give (as much as possible)
            g, v = min(have_g, gems), min(have_f, favors)
            self.gem[q] -= g
            self.fav[q] -= v
            self._gain(p, v, g)
            o["stage"] = 0
            o["i"] += 1
        return 1

    @handles("op", "gain_of")
    def _op_gain_of(self, f, op):
        p = f["c"]
        ss = self.slot_of(p, f["src"])
        plane = ROW[ss] if ss >= 0 else 0
        src = op["src"]
        if src == "plane_all":
            for s, c in self.visible(p):
                if ROW[s] == plane:
                    self._gain(p, *GAINS_OF[c][plane])
            return 1
        ans = f.pop("ans", None)
        if src == "adjacent":
            cands = [s for s in ADJ[ss] if self.pan[p][s]] if ss >= 0 else []
            fam = "slot"
        elif src == "sanct_deity":
            cands = [4 * b + 3 for b in range(4) if self.sanct[4 * b + 3] >= 0 and self.faceup[4 * b + 3]]
            fam = "sanct"
        else:
            cands = sorted({c for q in range(self.n) for c in self.disc[q]})
            fam = "card"
        if ans is None and len(cands) > 1:
            self._ask(p, [OFF[fam] + x for x in cands])
            return 0
        if ans is None:
            if not cands:
                return 1
            x = cands[0]
        else:
            x = ans[1]
        if src == "adjacent":
            c = self.top(p, x)
            f["v"]["chosen"] = [x, c]
            self._gain(p, *GAINS_OF[c][ROW[x]])
        elif src == "sanct_deity":
            self._gain(p, *GAINS_OF[self.sanct[x]][plane])
        else:
            self._gain(p, *GAINS_OF[x][plane])
        return 1

    @handles("op", "choose_plane")
    def _op_choose_plane(self, f, op):
        ans = f.pop("ans", None)
        if ans is None:
            self._ask(f["c"], [OFF["opt"] + i for i in range(3)])
            return 0
        f["v"]["plane"] = ans[1]
        return 1

    @handles("op", "choose_myth")
    def _op_choose_myth(self, f, op):
        p = f["c"]
        ans = f.pop("ans", None)
        if ans is None:
            # MY § Card Glossary 047: only a mythology printed on a visible card of your Pantheon
            # (the Unwabu adds to the count of any mythology but makes only its own, Zulu, present)
            present = sorted({MYTH_OF[c] for _, c in self.visible(p)})
            if not present:
                return 1
            self._ask(p, [OFF["opt"] + m for m in present])
            return 0
        f["v"]["myth"] = ans[1]
        return 1

    @handles("op", "loki_fill")
    def _op_loki_fill(self, f, op):
        """MY § Card Glossary 013: the sanctuary is completed with face-down cards (no Deity slot in
        round 1, MY § C - Upkeep reminder); Loki's owner looks at them."""
        p = f["c"]
        for b in range(4):
            for pos in range(4):
                if pos == 3 and self.round == 1:
                    continue
                if self.sanct[4 * b + pos] < 0:
                    self._refill(b, pos, faceup=False, seer=1 << p)
        return 1

    @handles("op", "exchange")
    def _op_exchange(self, f, op):
        """MY § Card Glossary 051: exchanges in the order and number you choose, within your Gems and
        the empty slots of each opponent's Pantheon."""
        p = f["c"]
        o = f["v"]["o"]
        done = o.setdefault("done", [0] * self.n)
        ans = f.pop("ans", None)
        if ans is not None:
            if ans[0] == "stop":
                return 1
            q = ans[1]
            done[q] += 1
            self.gem[p] -= op.get("gems", 1)
            self.gem[q] += op.get("gems", 1)
            self.fav[p] += op.get("favors", 2)
        if self.gem[p] < op.get("gems", 1):
            return 1
        acts = [OFF["opt"] + q for q in self.opponents(p)
                if done[q] < sum(1 for st in self.pan[q] if not st)]
        if not acts:
            return 1
        self._ask(p, acts + [A_STOP])
        return 0

    @handles("op", "pay")
    def _op_pay(self, f, op):
        p = f["c"]
        ans = f.pop("ans", None)
        if ans is None:
            if self.gem[p] < op.get("gems", 0):
                return 2
            self._ask(p, [OFF["opt"], A_STOP])
            return 0
        if ans[0] == "stop":
            return 2
        self.gem[p] -= op.get("gems", 0)
        return 1
