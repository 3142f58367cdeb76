"""MY § A - Selection Phase (Simultaneous): Destiny cards, the hidden pawn commits (a sequential
commit in the AEC loop, revealed together), placing a pawn on a free card of the assigned board or on
the Creature draw pile when no Creature is free, and taking the selected cards at the end."""

from __future__ import annotations

from ..cards import MYTHS
from .tables import (
    OFF,
    PLACE,
)


class SelectionPhase:
    """The Selection Phase: Destiny cards, pawn commits and picks."""

    def sel_options(self, p: int) -> list[int]:
        """MY § A - Selection Phase 3: a free card of the assigned board; the draw pile only when no
        Creature is available (MY § Card Glossary 011: Odin)."""
        b = self.dest_board[p]
        taken = {(pb, pos) for q in range(self.n) for pb, pos in self.pawns[q]}
        odin = MYTHS[self.boards[b]] == "norse" and any(self.has_flag(q, "odin_block") for q in self.opponents(p))
        out = []
        creature = False
        if not odin:
            for pos in range(4):
                if self.sanct[4 * b + pos] >= 0 and (b, pos) not in taken:
                    out.append(OFF["sanct"] + 4 * b + pos)
                    creature = creature or pos < 3
        if not creature:
            on_pile = sum(1 for q in range(self.n) for pb, pos in self.pawns[q] if pb == b and pos == 4)
            if len(self.piles[2 * b]) > on_pile:
                out.append(OFF["pile"] + b)
        return out

    def _sel_flow(self) -> None:
        n = self.n
        order = [(self.first + i) % n for i in range(n)]
        if self.sel_step == "reveal":
            if len(self.destiny) == 4 or all(len(self.pawns[p]) == 2 for p in range(n)):
                self._end_selection()
                return
            left = [k for k in range(4) if k not in self.destiny]
            k = left[int(self.rng.integers(len(left)))]
            self.destiny.append(k)
            for p in range(n):
                self.dest_board[p] = (p + k) % 4
            self._log(f"Destiny card {len(self.destiny)} revealed")
            if n == 2:
                self._two_player_exile(len(self.destiny))
            remaining = 4 - len(self.destiny) + 1
            for p in range(n):
                need = 2 - len(self.pawns[p])
                self.free[p] = 0
                if need == 0 or not self.sel_options(p):
                    self.commits[p] = 0
                elif remaining <= need:
                    self.commits[p] = 1
                else:
                    self.commits[p] = -1
                    self.free[p] = 1
            self.sel_step = "commit"
            return
        if self.sel_step == "commit":
            for p in order:
                if self.commits[p] == -1:
                    self._ask(p, [OFF["commit"], OFF["commit"] + 1])
                    return
            self.sel_step = "pick"
            self.queue = [p for p in order if self.commits[p] == 1]
            return
        if self.sel_step == "pick":
            while self.queue:
                p = self.queue[0]
                opts = self.sel_options(p)
                if opts:
                    self._ask(p, opts)
                    return
                self.queue.pop(0)
            self.sel_step = "reveal"

    def _apply_selection(self, seat: int, name: str, i: int) -> None:
        if name == "commit":
            self.commits[seat] = i
            return
        p = self.queue.pop(0)
        if name == "sanct":
            self.pawns[p].append([i // 4, i % 4])
        else:
            self.pawns[p].append([i, 4])

    def _end_selection(self) -> None:
        n = self.n
        for i in range(n):
            p = (self.first + i) % n
            for b, pos in self.pawns[p]:
                if pos < 4:
                    c = self.sanct[4 * b + pos]
                    if self.faceup[4 * b + pos]:
                        self.known[c] = self.all
                    else:
                        self.known[c] |= 1 << p
                    self.sanct[4 * b + pos] = -1
                    self.faceup[4 * b + pos] = 1
                else:
                    c = self._draw(2 * b)
                    if c < 0:
                        continue
                    self.known[c] = 1 << p
                self.hand[p].append(c)
            self.hand[p].sort()
        for p in range(n):
            self.pawns[p] = []
            self.commits[p] = -1
            self.free[p] = 0
        self.sel_step = "done"
        self.phase = PLACE
        self.turn_idx = 0
