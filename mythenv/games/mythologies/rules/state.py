"""The state's basics shared by every chapter: the constructor (MY § Overall Setup), the State
protocol's queries, the Pantheon queries every chapter asks (top card, visible cards, flags, the
Troll's toll, neighbours, opponents in turn order), gains, drawing and refilling the sanctuary, and
the frame engine: ``_ask`` (a decision), ``_apply`` (its answer), ``_run`` (the frames until the next
decision) and ``_flow`` (the round: selection, each seat's placement turn, upkeep or the final
scoring; MY § Course of the Game)."""

from __future__ import annotations

import numpy as np

from mythenv.core.errors import StateError
from mythenv.core.game import TERMINAL, State

from ..cards import MYTHS, NCARDS
from .tables import (
    DECODE,
    FLAGS_OF,
    LINES,
    MYTH_OF,
    NSLOT,
    OVER,
    PRESETS,
    SEL,
    TYPE_OF,
    describe_action,
)


class StateBase(State):
    """The constructor, protocol queries, Pantheon queries and the frame engine."""

    _FIELDS = ("n", "round", "phase", "first", "boards", "sanct", "faceup", "piles", "pan", "disc", "exile",
               "hand", "known", "fav", "gem", "comp", "trials", "destiny", "dest_board", "pawns",
               "commits", "free", "sel_step", "queue", "turn_idx", "tnum", "turn_seat", "used", "inka",
               "dagda", "eid", "stack", "dec", "final", "log")

    def __init__(self, game, seed: int | None = None, _empty: bool = False):
        self.game = game
        self._legal = None
        self._obs_memo = None  # observation encoder's cache, keyed by zone contents (observe.py)
        self._trig = []
        if _empty:
            return
        n = game.num_players
        self.n = n
        self.rng = np.random.default_rng(seed)
        # MY § Overall Setup 1: four mythologies at random (or chosen), 2: two pairs of boards
        choice = game.config["mythologies"]
        if choice == "random":
            myths = [int(m) for m in self.rng.choice(8, size=4, replace=False)]
        else:
            names = PRESETS.get(choice, tuple(choice.split(",")))
            myths = [MYTHS.index(m) for m in names]
            order = self.rng.permutation(4)
            myths = [myths[int(i)] for i in order]
        self.boards = myths
        self.piles = [[], [], [], [], [], [], [], []]   # 2b: Creatures of board b, 2b+1: Deities
        for c in range(NCARDS):
            if MYTH_OF[c] in myths:
                b = myths.index(MYTH_OF[c])
                self.piles[2 * b + TYPE_OF[c]].append(c)
        self.sanct = [-1] * 16
        self.faceup = [1] * 16
        self.known = bytearray(NCARDS)
        self.all = (1 << n) - 1
        # MY § Overall Setup 4: a Creature on each of the 3 bottom slots; no Deity during setup
        for b in range(4):
            for pos in range(3):
                self._refill(b, pos)
        self.round = 1
        self.phase = SEL
        self.first = 0
        self.pan = [[[] for _ in range(NSLOT)] for _ in range(n)]
        self.disc = [[] for _ in range(n)]
        self.exile = []
        self.hand = [[] for _ in range(n)]
        self.fav = [0] * n
        self.gem = [0] * n
        self.comp = [[1] * 6 for _ in range(n)]
        self.trials = [[0, 0] for _ in range(n)]
        self.destiny = []
        self.dest_board = [-1] * n
        self.pawns = [[] for _ in range(n)]
        self.commits = [-1] * n
        self.free = [0] * n
        self.sel_step = "reveal"
        self.queue = []
        self.turn_idx = 0
        self.tnum = 0
        self.turn_seat = -1
        self.used = {}
        self.inka = []
        self.dagda = []
        self.eid = 0
        self.stack = []
        self.dec = None
        self.final = None
        self.log = []
        self._run()

    def current_player(self) -> int:
        if self.phase == OVER or self.dec is None:
            return TERMINAL
        return self.dec[0]

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list[int]:
        """The live list (State makes this the ``_legal_view`` and hands callers a copy)."""
        if self.phase == OVER or self.dec is None:
            return []
        return self.dec[1]

    def action_to_string(self, action: int) -> str:
        return describe_action(action)

    def _log(self, msg: str) -> None:
        self.log.append(msg)
        if len(self.log) > 40:
            del self.log[:-40]

    def top(self, p: int, s: int) -> int:
        st = self.pan[p][s]
        return st[-1] if st else -1

    def visible(self, p: int) -> list[tuple[int, int]]:
        return [(s, st[-1]) for s, st in enumerate(self.pan[p]) if st]

    def has_flag(self, p: int, flag: str) -> bool:
        for st in self.pan[p]:
            if st and flag in FLAGS_OF[st[-1]]:
                return True
        return False

    def slot_of(self, p: int, c: int) -> int:
        for s, st in enumerate(self.pan[p]):
            if st and st[-1] == c:
                return s
        return -1

    def toll(self, p: int, s: int) -> list[int]:
        """Opponents with a Troll on slot ``s`` (MY § Card Effects, card 018)."""
        return [q for q in range(self.n) if q != p and self.pan[q][s] and "toll" in FLAGS_OF[self.pan[q][s][-1]]]

    def protected_tokens(self, q: int) -> bool:
        return self.has_flag(q, "protect_tokens")

    def neighbours(self, p: int) -> list[int]:
        out = [(p - 1) % self.n, (p + 1) % self.n]
        return [q for i, q in enumerate(out) if q != p and q not in out[:i]]

    def opponents(self, p: int) -> list[int]:
        """Opponents in turn order after ``p``."""
        return [(p + i) % self.n for i in range(1, self.n)]

    def myth_count(self, p: int, m: int) -> int:
        return sum(1 for _, c in self.visible(p) if MYTH_OF[c] == m or "all_myths" in FLAGS_OF[c])

    def lines_full(self, p: int) -> list[bool]:
        pan = self.pan[p]
        return [bool(pan[a] and pan[b] and pan[c]) for a, b, c in LINES]

    def _gain(self, p: int, favors: int = 0, gems: int = 0) -> None:
        self.fav[p] += favors
        self.gem[p] += gems

    def _draw(self, pile: int) -> int:
        cards = self.piles[pile]
        if not cards:
            return -1
        i = int(self.rng.integers(len(cards)))
        return cards.pop(i)

    def _refill(self, b: int, pos: int, faceup: bool = True, seer: int = 0) -> None:
        c = self._draw(2 * b + (1 if pos == 3 else 0))
        self.sanct[4 * b + pos] = c
        self.faceup[4 * b + pos] = 1 if faceup else 0
        if c >= 0:
            self.known[c] = self.all if faceup else seer

    def _ask(self, seat: int, actions: list[int]) -> None:
        if len(actions) == 1 and self.stack and self.stack[-1]["t"] != "turn":
            # a forced choice inside an effect is taken at once (no decision, nothing hidden)
            self.stack[-1]["ans"] = list(DECODE[actions[0]])
            return
        self.dec = [seat, sorted(actions)]

    def _apply(self, a: int) -> None:
        seat = self.dec[0]
        name, i = DECODE[a]
        self.dec = None
        if not self.stack:
            self._apply_selection(seat, name, i)
        else:
            self.stack[-1]["ans"] = [name, i]
        self._run()

    def _run(self) -> None:
        guard = 0
        while self.dec is None and self.phase != OVER:
            guard += 1
            if guard > 100_000:
                raise StateError("mythologies: the rules engine did not reach a decision")
            if not self.stack:
                self._flow()
                continue
            f = self.stack[-1]
            t = f["t"]
            if t == "eff":
                self._f_eff(f)
            elif t == "place":
                self._f_place(f)
            elif t == "sac":
                self._f_sac(f)
            elif t == "react":
                self._f_react(f)
            elif t == "order":
                self._f_order(f)
            elif t == "gainf":
                self.stack.pop()
                self._gain(f["c"], f["fv"], f["gm"])
            else:
                self._f_turn(f)

    def _flow(self) -> None:
        if self.phase == SEL:
            self._sel_flow()
        elif self.turn_idx < self.n:
            seat = (self.first + self.turn_idx) % self.n
            self.turn_idx += 1
            self.stack.append({"t": "turn", "c": seat, "st": 0})
        elif self.round == 4:
            self._final_scoring()
        else:
            self._upkeep()
