"""MY § Lexicon: what can be crushed (Deities and uncrushable cards cannot), sacrificed (Morrigan
protects her plane) and moved (the Naga blocks), and the effect primitives that Move (simultaneous
moves, stacks), Sacrifice (batches, the Scarab's replacement), Invoke and Call a card."""

from __future__ import annotations

from mythenv.core.engine import handles, task

from ..cards import CREATURE, DEITY
from .tables import (
    A_STOP,
    ADJ,
    COST_OF,
    DIAG,
    EFFECTS_OF,
    FLAGS_OF,
    GAINS_OF,
    MYTH_OF,
    NSLOT,
    OFF,
    ROW,
    TYPE_OF,
)


class Lexicon:
    """Crush, Move, Sacrifice, Invoke and Call."""

    def crushable(self, p: int, s: int) -> bool:
        st = self.pan[p][s]
        if not st:
            return True
        c = st[-1]
        return TYPE_OF[c] != DEITY and "uncrushable" not in FLAGS_OF[c]

    def sacrificeable(self, p: int, s: int) -> bool:
        """MY § Lexicon: Sacrifice; Morrigan protects the Creatures of her plane."""
        st = self.pan[p][s]
        if not st:
            return False
        if TYPE_OF[st[-1]] != CREATURE:
            return True
        for t in range(NSLOT):
            if ROW[t] == ROW[s] and self.pan[p][t] and "protect_plane" in FLAGS_OF[self.pan[p][t][-1]]:
                return False
        return True

    def movable(self, p: int, s: int) -> bool:
        """MY § Card Glossary 036: cards and stacks adjacent to a Nâga cannot be moved."""
        if not self.pan[p][s]:
            return False
        for t in ADJ[s]:
            if self.pan[p][t] and "block_moves" in FLAGS_OF[self.pan[p][t][-1]]:
                return False
        return True

    def _move_sources(self, f: dict, op: dict) -> list[int]:
        p = f["c"]
        o = f["v"]["o"]
        pend = o.get("pend", [])
        ss = self.slot_of(p, f["src"])
        tgt = op.get("target", "any")
        out = []
        for s in range(NSLOT):
            if not self.pan[p][s] or not self.movable(p, s):
                continue
            if any(m[0] == s for m in pend):
                continue
            c = self.pan[p][s][-1]
            if tgt == "self" and c != f["src"] or tgt == "other" and c == f["src"]:
                continue
            if tgt == "adjacent" and (ss < 0 or s not in ADJ[ss]):
                continue
            if op.get("kind") == "creature" and TYPE_OF[c] != CREATURE:
                continue
            if self._move_dests(f, op, s):
                out.append(s)
        return out

    def _move_dests(self, f: dict, op: dict, s: int) -> list[int]:
        p = f["c"]
        pend = f["v"]["o"].get("pend", [])
        moving = {m[0] for m in pend}
        stackmove = op.get("what") == "stack"
        ss = self.slot_of(p, f["src"])
        rule = op.get("dest", "any")
        out = []
        for d in range(NSLOT):
            if d == s:
                continue
            st = self.pan[p][d]
            if d in moving:
                st = [] if stackmove else st[:-1]
            if st and (TYPE_OF[st[-1]] == DEITY or "uncrushable" in FLAGS_OF[st[-1]]):
                continue
            if any(m[1] == d and self.pan[p][m[0]] and (TYPE_OF[self.pan[p][m[0]][-1]] == DEITY or
                   "uncrushable" in FLAGS_OF[self.pan[p][m[0]][-1]]) for m in pend):
                continue
            if rule == "orth" and d not in ADJ[s] or rule == "horizontal" and ROW[d] != ROW[s]:
                continue
            if rule == "other_plane" and ROW[d] == ROW[s]:
                continue
            if rule == "diagonal" and (ss < 0 or d not in DIAG[ss]):
                continue
            if rule == "crush" and (not st or TYPE_OF[st[-1]] != CREATURE):
                continue
            if rule == "empty" and st:
                continue
            if rule == "src" and d != ss:
                continue
            out.append(d)
        return out

    def do_moves(self, p: int, moves: list, stack: bool, eid: int, by: int, cause: int = -1) -> None:
        """MY § Lexicon: Move. The moves of one effect are simultaneous; a move onto an
        uncrushable card does not take place."""
        before = self.lines_full(p)
        units = []
        ok = []
        for src, dst in moves:
            if not self.pan[p][src]:
                continue
            unit = self.pan[p][src][:] if stack else [self.pan[p][src][-1]]
            ok.append((src, dst, unit))
        for src, _dst, _unit in ok:
            if stack:
                self.pan[p][src] = []
            else:
                self.pan[p][src].pop()
        crushes = []
        moved = []
        for src, dst, unit in ok:
            st = self.pan[p][dst]
            if st and (TYPE_OF[st[-1]] == DEITY or "uncrushable" in FLAGS_OF[st[-1]]):
                self.pan[p][src].extend(unit)     # the move does not take place
                continue
            if st:
                crushes.append((dst, unit[-1], st[-1]))
            st.extend(unit)
            moved.append(unit[-1])
            units.append(unit)
        if not moved:
            return
        for dst, crusher, crushed in crushes:
            self._crush_event(p, dst, crusher, crushed, eid, by)
        for c in moved:
            self._emit("move", p, c, {"cause": cause if cause >= 0 else c})
            if eid:
                self._emit("touch", p, c, {"eid": eid, "by": by})
        # one Sun Wukong Favor per effect moving a neighbour's cards (MY § Card Glossary 052)
        for q in self.neighbours(p):
            for _s, c in self.visible(q):
                for e, eff in enumerate(EFFECTS_OF[c]):
                    if eff.when == "event" and eff.event == "move" and eff.scope == "neighbour":
                        key = f"w{c}:{eid}:{p}"
                        if eid and key in self.used:
                            continue
                        self.used[key] = [self.tnum, 1]
                        self.eid += 1
                        self._trig.append({"t": "eff", "c": q, "src": c, "e": e, "pc": 0, "v": {},
                                           "eid": self.eid})
        self._completions(p, before)

    def _sac_candidates(self, q: int, kind: str, plane: int = -1, exclude: int = -1) -> list[int]:
        out = []
        for s, c in self.visible(q):
            if c == exclude or plane >= 0 and ROW[s] != plane:
                continue
            if kind == "creature" and TYPE_OF[c] != CREATURE or kind == "deity" and TYPE_OF[c] != DEITY:
                continue
            if self.sacrificeable(q, s):
                out.append(s)
        return out

    def _push_sac(self, q: int, slots: list, stack: bool, f: dict) -> None:
        self.stack.append({"t": "sac", "p": q, "slots": slots, "stack": stack, "eid": f["eid"], "by": f["c"], "st": 0})

    @handles("op", "opp_sacrifice")
    def _op_opp_sacrifice(self, f, op):
        """Each opponent sacrifices a Creature on the given plane if they can (MY § Card Glossary 006)."""
        p = f["c"]
        o = f["v"]["o"]
        if self._windows(f, self.opponents(p)):
            return 0
        if "q" not in o:
            ss = self.slot_of(p, f["src"])
            o["plane"] = ROW[ss] if ss >= 0 else f["v"].get("src_plane", -1)
            o["q"] = self.opponents(p)
            o["i"] = 0
        if o["plane"] < 0:
            return 1
        ans = f.pop("ans", None)
        if ans is not None:
            q = o["q"][o["i"]]
            o["i"] += 1
            self._push_sac(q, [ans[1]], False, f)
            return 0
        while o["i"] < len(o["q"]):
            q = o["q"][o["i"]]
            cands = self._sac_candidates(q, op.get("kind", "creature"), o["plane"])
            if len(cands) > 1:
                self._ask(q, [OFF["slot"] + s for s in cands])
                return 0
            o["i"] += 1
            if cands:
                self._push_sac(q, cands, False, f)
                return 0
        return 1

    @task("sac")
    def _f_sac(self, f: dict) -> None:
        """A batch of simultaneous sacrifices in pantheon ``p`` (MY § Lexicon: Sacrifice), with
        the Scarab's replacement (MY § Card Glossary 025)."""
        p = f["p"]
        slots = [s for s in f["slots"] if self.pan[p][s] and self.sacrificeable(p, s)]
        ans = f.pop("ans", None)
        if f["st"] == 0:
            f["st"] = 1
            scarab = -1
            for s, c in self.visible(p):
                if "scarab" in FLAGS_OF[c] and s not in slots and self.sacrificeable(p, s):
                    scarab = s
            if scarab >= 0 and not f["stack"]:
                prot = [s for s in slots if TYPE_OF[self.pan[p][s][-1]] == CREATURE]
                if prot:
                    f["scarab"] = scarab
                    self._ask(p, [OFF["slot"] + s for s in prot] + [A_STOP])
                    return
        if ans is not None and ans[0] == "slot":
            slots = [f["scarab"] if s == ans[1] else s for s in slots]
        self.stack.pop()
        parent = self.stack[-1] if self.stack else None
        done = []
        for s in slots:
            if f["stack"]:
                cards = self.pan[p][s][::-1]
                self.pan[p][s] = []
            else:
                cards = [self.pan[p][s].pop()]
            for c in cards:
                self.disc[p].append(c)
                self.known[c] = self.all
            done.extend(cards)
        if parent is not None and parent["t"] == "eff":
            o = parent["v"]["o"]
            o["n"] = o.get("n", 0) + len(done)
            if done:
                parent["v"]["sac_myth"] = MYTH_OF[done[0]]
        for c in done:
            self._emit("sacrificed", p, c, {})
            if f["eid"]:
                self._emit("touch", p, c, {"eid": f["eid"], "by": f["by"]})
        self._flush()

    @handles("op", "sacrifice")
    def _op_sacrifice(self, f, op):
        p = f["c"]
        o = f["v"]["o"]
        if o.get("done"):
            k = o.get("n", 0)
            self._gain(p, k * op.get("per_favors", 0), k * op.get("per_gems", 0))
            if op.get("cost") and k == 0:
                return 2
            return 1
        tgt = op.get("target", "creature")
        ss = self.slot_of(p, f["src"])
        if tgt == "below":
            if ss < 0 or ROW[ss] == 2 or not self.pan[p][ss + 3] or not self.sacrificeable(p, ss + 3):
                return 2 if op.get("cost") else 1
            o["done"] = 1
            self._push_sac(p, [ss + 3], False, f)
            return 0
        if tgt == "chosen":
            s, c = f["v"].get("chosen", [-1, -1])
            if s < 0 or self.top(p, s) != c or not self.sacrificeable(p, s):
                return 1
            o["done"] = 1
            self._push_sac(p, [s], False, f)
            return 0
        plane = -1
        if op.get("plane") == "src":
            plane = ROW[ss] if ss >= 0 else -1
            if plane < 0:
                return 2 if op.get("cost") else 1
        elif op.get("plane") == "chosen":
            plane = f["v"].get("plane", -1)
        picked = o.setdefault("picked", [])
        ans = f.pop("ans", None)
        count = op.get("count", 1)
        if ans is not None:
            if ans[0] == "stop":
                o["stopped"] = 1
            else:
                picked.append(ans[1])
        if tgt == "stack":
            cands = [s for s in range(NSLOT) if self.pan[p][s] and self.sacrificeable(p, s)]
        elif tgt == "adjacent_creature":
            cands = [s for s in self._sac_candidates(p, "creature") if ss >= 0 and s in ADJ[ss]]
        else:
            cands = self._sac_candidates(p, "creature", plane, f["src"] if tgt == "other_creature" else -1)
        cands = [s for s in cands if s not in picked]
        if op.get("cost") and not picked and len(cands) < count:
            return 2
        if len(picked) < count and cands and not o.get("stopped"):
            acts = [OFF["slot"] + s for s in cands]
            if op.get("upto"):
                acts.append(A_STOP)
            self._ask(p, acts)
            return 0
        if not picked:
            return 2 if op.get("cost") else 1
        o["done"] = 1
        self._push_sac(p, picked, tgt == "stack", f)
        return 0

    @handles("op", "move")
    def _op_move(self, f, op):
        p = f["c"]
        o = f["v"]["o"]
        if op.get("mirror") and self._windows(f, self.opponents(p)):
            return 0
        o.setdefault("pend", [])
        o.setdefault("k", 0)
        count = op.get("count", 1)
        stackmove = op.get("what") == "stack"
        ans = f.pop("ans", None)
        if ans is not None:
            if ans[0] == "stop":
                o["k"] = count
            elif "src" not in o:
                o["src"] = ans[1]
            else:
                s, d = o.pop("src"), ans[1]
                o["k"] += 1
                if op.get("together"):
                    o["pend"].append([s, d])
                else:
                    self._apply_move(f, op, [[s, d]], stackmove)
                    return 0
        while True:
            if o["k"] >= count:
                break
            if "src" in o:
                dests = self._move_dests(f, op, o["src"])
                self._ask(p, [OFF["slot"] + d for d in dests])
                return 0
            sources = self._move_sources(f, op)
            if not sources:
                break
            acts = [OFF["slot"] + s for s in sources]
            if op.get("upto"):
                acts.append(A_STOP)
            self._ask(p, acts)
            return 0
        if o["pend"]:
            pend = o["pend"]
            o["pend"] = []
            o["k"] = count
            self._apply_move(f, op, pend, stackmove)
            return 0
        return 1

    def _apply_move(self, f, op, moves, stackmove):
        p = f["c"]
        cards = [self.top(p, s) for s, _ in moves]
        self.do_moves(p, moves, stackmove, f["eid"], p, f["src"])
        if op.get("gain"):
            # the moved card's gain is part of this effect; when the move also triggered another
            # effect of this seat, the seat picks the order (MY § Card Glossary 027 - Sphinx)
            for (_s, d), c in reversed(list(zip(moves, cards))):
                if self.top(p, d) == c:
                    fv, gm = GAINS_OF[c][ROW[d]]
                    self._trig.insert(0, {"t": "gainf", "c": p, "fv": fv, "gm": gm})
        if op.get("mirror"):
            # MY § Card Glossary 055: the opponents make the same move (same start and destination)
            for q in self.opponents(p):
                for s, d in moves:
                    if self.pan[q][s] and self.movable(q, s) and self.crushable(q, d):
                        self.do_moves(q, [[s, d]], False, f["eid"], q, f["src"])

    @task("gainf")
    def _f_gainf(self, f: dict) -> None:
        """A moved card's gain, resolved in the order its seat picked (``_apply_move``)."""
        self.stack.pop()
        self._gain(f["c"], f["fv"], f["gm"])

    def _invoke_candidates(self, f: dict, op: dict, gems: int) -> list[int]:
        p = f["c"]
        frm = op.get("from", "sanctuary")
        kind = op.get("kind", "creature")
        onto = None
        if op.get("onto") == "src":
            ss = self.slot_of(p, f["src"])
            if ss < 0:
                return []
            onto = [ss]
        myth = f["v"].get("sac_myth", -1) if op.get("same_myth") else -1
        out = []
        if frm == "sanctuary":
            for i in range(16):
                c = self.sanct[i]
                if c < 0:
                    continue
                typ = DEITY if i % 4 == 3 else CREATURE
                if kind == "creature" and typ != CREATURE:
                    continue
                # a face-down (Loki) card is of its board's mythology: each board is filled from its
                # own piles (MY § Overall Setup 3-4, C - Upkeep 3; Card Glossary 013, 028)
                if myth >= 0 and self.boards[i // 4] != myth:
                    continue
                old = self.gem[p]
                self.gem[p] = gems
                ok = bool(self.place_slots(p, 4 if typ == DEITY else 0, onto))
                self.gem[p] = old
                if ok:
                    out.append(OFF["sanct"] + i)
        else:
            seats = [p] if frm == "discard_own" else range(self.n)
            seen = set()
            for q in seats:
                for c in self.disc[q]:
                    if c in seen or kind == "creature" and TYPE_OF[c] != CREATURE:
                        continue
                    if myth >= 0 and MYTH_OF[c] != myth:
                        continue
                    old = self.gem[p]
                    self.gem[p] = gems
                    ok = bool(self.place_slots(p, COST_OF[c], onto))
                    self.gem[p] = old
                    if ok:
                        seen.add(c)
                        out.append(OFF["card"] + c)
        return out

    @handles("op", "invoke")
    def _op_invoke(self, f, op):
        """Invoke / call a card from the sanctuary or a discard pile (MY § Lexicon: Invoke, Call)."""
        p = f["c"]
        o = f["v"]["o"]
        o.setdefault("k", 0)
        ans = f.pop("ans", None)
        if ans is not None:
            if ans[0] == "stop":
                return 1
            if ans[0] == "sanct":
                c = self.sanct[ans[1]]
                self.sanct[ans[1]] = -1
                self.faceup[ans[1]] = 1
            else:
                c = ans[1]
                for q in range(self.n):
                    if c in self.disc[q]:
                        self.disc[q].remove(c)
                        break
            self.known[c] = self.all
            onto = None
            if op.get("onto") == "src":
                onto = [self.slot_of(p, f["src"])]
            o["k"] += 1
            self.stack.append({"t": "place", "c": p, "cid": c, "mode": op.get("mode", "invoke"),
                               "onto": onto, "st": 0, "eid": f["eid"]})
            return 0
        if o["k"] >= op.get("count", 1):
            return 1
        cands = self._invoke_candidates(f, op, self.gem[p])
        if not cands:
            return 1
        if op.get("optional"):
            cands.append(A_STOP)
        self._ask(p, cands)
        return 0
