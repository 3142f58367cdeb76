"""Mythologies: the rules (``003_4f78a05115d81413.txt``, cited as MY § Section).

Layout. A Pantheon is 3 x 3 slots ``s = 3 * plane + column`` (plane 0 celestial, 1 terrestrial,
2 abyssal); a slot holds a stack (list of card ids, bottom first, the top is visible). The sanctuary
is 4 Mythology boards (0 top-left, 1 top-right: the 1st Trial; 2 bottom-left, 3 bottom-right: the
2nd Trial), each with 3 Creature positions (0..2) and a Deity position (3). Draw piles are unordered
sets; a card is drawn from them uniformly at random by the state's RNG when needed, so they hold no
hidden order.

Everything that happens is driven by an explicit stack of frames (plain dicts): ``turn`` (a seat's
placement phase), ``place`` (invoking / calling one card), ``eff`` (running one card effect, a list of
primitive ops from ``data/cards.toml``) and ``sac`` (a batch of simultaneous sacrifices). A frame that
needs a choice sets ``self.dec = [seat, legal actions]``; the answer is stored in the frame and the
frame runs again. Triggered infinity effects are pushed as ``eff`` frames above the frame that caused
them, so they resolve in reaction, before it continues (MY § Worked Examples, Example 2).

Knowledge: ``known[c]`` is a bitmask of the seats that know card ``c`` where it is now (hands filled
from draw piles and face-down sanctuary cards laid by Loki are the only hidden places).
"""

from __future__ import annotations

import numpy as np

from mythenv.core.actions import ActionCodec
from mythenv.core.errors import StateError
from mythenv.core.game import TERMINAL, State, rng_from_json, rng_to_json

from .cards import BOARDS, COMPLETION, CREATURE, DEITY, DESIGN_OF, DESIGNS, MYTHS, NCARDS

SEL, PLACE, OVER = 0, 1, 2
NSLOT = 9
ROW = [s // 3 for s in range(NSLOT)]
COL = [s % 3 for s in range(NSLOT)]
ADJ = [[t for t in range(NSLOT) if abs(ROW[s] - ROW[t]) + abs(COL[s] - COL[t]) == 1] for s in range(NSLOT)]
DIAG = [[t for t in range(NSLOT) if t != s and abs(ROW[s] - ROW[t]) == abs(COL[s] - COL[t])]
        for s in range(NSLOT)]
LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8]]
LINES_OF = [[ROW[s], 3 + COL[s]] for s in range(NSLOT)]
REGIONS = {
    "plane0": [[0, 1, 2]], "plane1": [[3, 4, 5]], "plane2": [[6, 7, 8]],
    "any_column": [[0, 3, 6], [1, 4, 7], [2, 5, 8]], "column1": [[1, 4, 7]],
    "any_diagonal": [[0, 4, 8], [2, 4, 6]], "corners": [[0, 2, 6, 8]],
    "any_plane": [[0, 1, 2], [3, 4, 5], [6, 7, 8]],
}
PLANE_NAMES = ("celestial", "terrestrial", "abyssal")
TYPE_OF = [DESIGNS[DESIGN_OF[c]].type for c in range(NCARDS)]
MYTH_OF = [DESIGNS[DESIGN_OF[c]].myth for c in range(NCARDS)]
FLAGS_OF = [DESIGNS[DESIGN_OF[c]].flags for c in range(NCARDS)]
GAINS_OF = [DESIGNS[DESIGN_OF[c]].gains for c in range(NCARDS)]
COST_OF = [DESIGNS[DESIGN_OF[c]].cost for c in range(NCARDS)]
EFFECTS_OF = [DESIGNS[DESIGN_OF[c]].effects for c in range(NCARDS)]
HAS_EVENT = [any(e.when == "event" for e in DESIGNS[DESIGN_OF[c]].effects) for c in range(NCARDS)]
TRIVIAL = [[all(op["op"] in ("gain", "gain_count", "opp_lose", "opp_give") for op in e.ops) for e in
            DESIGNS[DESIGN_OF[c]].effects] for c in range(NCARDS)]
PLANE_GAIN = COMPLETION["planes"]
COLUMN_GAIN = COMPLETION["columns"]
NORSE = MYTHS.index("norse")
PRESETS = {"first_game": ("celtic", "egyptian", "greek", "inca")}

# ----------------------------------------------------------------------------- actions
FAMILIES = (
    ("commit", (2,)),        # selection: keep the pawn (0) or place it (1), a hidden commit
    ("sanct", (4, 4)),       # a sanctuary position (board, 0..2 Creature / 3 Deity)
    ("pile", (4,)),          # the Creature draw pile of a board
    ("play", (2,)),          # invoke the i-th selected card (hand sorted by card id)
    ("discard", (2,)),       # discard the i-th selected card for 2 Gems
    ("slot", (NSLOT,)),      # a slot of the Pantheon the decision is about
    ("card", (NCARDS,)),     # a card in a discard pile
    ("opt", (8,)),           # a numbered option (see the decision)
    ("activate", (NSLOT,)),  # use the cost infinity effect of the visible card on this slot
    ("stop", ()),            # decline / stop an optional or "up to" effect
    ("end_turn", ()),
)


LABELS = {
    "commit": lambda i: "selection: place a pawn" if i else "selection: keep the pawn",
    "sanct": lambda b, pos: f"sanctuary board {b} {'Deity' if pos == 3 else f'Creature {pos + 1}'}",
    "pile": lambda b: f"top of the Creature draw pile of board {b}",
    "play": lambda i: f"play selected card {i}",
    "discard": lambda i: f"discard selected card {i}",
    "slot": lambda s: f"slot {PLANE_NAMES[ROW[s]]} {COL[s] + 1}",
    "card": lambda c: f"card {card_name(c)} (#{c})",
    "opt": lambda i: f"option {i}",
    "activate": lambda s: f"activate the card on slot {PLANE_NAMES[ROW[s]]} {COL[s] + 1}",
}
CODEC = ActionCodec(FAMILIES, LABELS)
OFF, NUM_ACTIONS = CODEC.offsets, CODEC.size
A_STOP, A_END = OFF["stop"], OFF["end_turn"]
DECODE: list[tuple[str, int]] = CODEC.flat_table


def card_name(c: int) -> str:
    return DESIGNS[DESIGN_OF[c]].name


describe_action = CODEC.describe


def _cp(x):
    if isinstance(x, dict):
        return {k: _cp(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_cp(v) for v in x]
    return x


# ----------------------------------------------------------------------------- the state
class MythologiesState(State):
    """The whole truth of one Mythologies position."""

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

    # ------------------------------------------------------------------ protocol
    def current_player(self) -> int:
        if self.phase == OVER or self.dec is None:
            return TERMINAL
        return self.dec[0]

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list[int]:
        if self.phase == OVER or self.dec is None:
            return []
        return self.dec[1]

    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0] * self.n
        if self.game.config["reward"] == "score":
            sc = [f[0] for f in self.final]
            return [float(sc[p] - max(sc[q] for q in range(self.n) if q != p)) for p in range(self.n)]
        best = max(self.final)
        return [1.0 if self.final[p] == best else -1.0 for p in range(self.n)]

    def scores(self) -> list[float]:
        if self.final is None:
            return [float(f) for f in self.fav]
        return [float(f[0]) for f in self.final]

    def action_to_string(self, action: int) -> str:
        return describe_action(action)

    # ------------------------------------------------------------------ small helpers
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

    # ------------------------------------------------------------------ the driver
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

    # ------------------------------------------------------------------ A - selection phase
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

    def _two_player_exile(self, k: int) -> None:
        """MY § Additional Rule for 2 Players."""
        if k > 3:
            return
        used = {self.dest_board[0], self.dest_board[1]}
        taken = {(pb, pos) for q in range(self.n) for pb, pos in self.pawns[q]}
        for b in range(4):
            if b in used:
                continue
            for pos in (k - 1, 3):
                c = self.sanct[4 * b + pos]
                if c >= 0 and (b, pos) not in taken:
                    self.sanct[4 * b + pos] = -1
                    self.faceup[4 * b + pos] = 1
                    self.exile.append(c)
                    self.known[c] = self.all
                    break

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

    # ------------------------------------------------------------------ C - upkeep
    def _upkeep(self) -> None:
        """MY § C - Upkeep: advance the round, pass the first-player marker left, refill the
        sanctuary (the Deity slot as soon as round 1 ends), reshuffle the Destiny cards."""
        self.round += 1
        self.first = (self.first + 1) % self.n
        for b in range(4):
            for pos in range(4):
                if self.sanct[4 * b + pos] < 0:
                    self._refill(b, pos)
        self.destiny = []
        self.sel_step = "reveal"
        self.phase = SEL
        self._log(f"round {self.round}")

    # ------------------------------------------------------------------ B - placement phase
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

    # ------------------------------------------------------------------ events and triggers
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

    # ------------------------------------------------------------------ moves
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

    # ------------------------------------------------------------------ effect frames
    def _f_eff(self, f: dict) -> None:
        ops = EFFECTS_OF[f["src"]][f["e"]].ops
        if f["pc"] >= len(ops):
            self.stack.pop()
            return
        op = ops[f["pc"]]
        f["v"].setdefault("o", {})
        r = getattr(self, "_op_" + op["op"])(f, op)
        self._flush()
        if r == 1:
            f["pc"] += 1
            f["v"]["o"] = {}
        elif r == 2:
            f["pc"] = len(ops)

    # simple gains ------------------------------------------------------
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

    def _op_opp_lose(self, f, op):
        if self._windows(f, self._targets(f["c"], op.get("who", "opponents"))):
            return 0
        for q in self._targets(f["c"], op.get("who", "opponents")):
            if self.protected_tokens(q):
                continue
            self.gem[q] -= min(self.gem[q], op.get("gems", 0))
            self.fav[q] -= min(self.fav[q], op.get("favors", 0))
        return 1

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

    def _op_choose_plane(self, f, op):
        ans = f.pop("ans", None)
        if ans is None:
            self._ask(f["c"], [OFF["opt"] + i for i in range(3)])
            return 0
        f["v"]["plane"] = ans[1]
        return 1

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

    # ------------------------------------------------------------------ trials and scoring
    def trial_met(self, p: int, t: int) -> bool:
        """Trial ``t`` (0: top boards, 1: bottom boards): the start's measure over the end's region."""
        start = BOARDS[self.boards[2 * t]]
        end = BOARDS[self.boards[2 * t + 1]]
        pan = self.pan[p]
        for region in REGIONS[end.region]:
            cards = [(s, pan[s][-1]) for s in region if pan[s]]
            m = start.measure
            if m == "inv_gems":
                v = sum(GAINS_OF[c][ROW[s]][1] for s, c in cards)
            elif m == "inv_favors":
                v = sum(GAINS_OF[c][ROW[s]][0] for s, c in cards)
            elif m == "creatures":
                v = sum(1 for _, c in cards if TYPE_OF[c] == CREATURE)
            elif m == "deities":
                v = sum(1 for _, c in cards if TYPE_OF[c] == DEITY)
            elif m == "distinct_myths":
                v = len({MYTH_OF[c] for _, c in cards})
            elif m == "same_myth":
                wild = sum(1 for _, c in cards if "all_myths" in FLAGS_OF[c])
                v = max([sum(1 for _, c in cards if MYTH_OF[c] == mm and "all_myths" not in FLAGS_OF[c])
                         for mm in range(8)] + [0]) + wild
            elif m == "all_cards":
                v = sum(len(pan[s]) for s in region)
            else:
                v = max([len(pan[s]) for s in region] + [0])
            if v >= start.at_least:
                return True
        return False

    def trial_favors(self, t: int) -> int:
        return BOARDS[self.boards[2 * t]].start_favors + BOARDS[self.boards[2 * t + 1]].end_favors

    def _check_trials(self, p: int) -> None:
        """MY § Trials: 1st Trial from round 3 (one Favor less in round 4), 2nd Trial in round 4,
        each at most once per seat."""
        for t in (0, 1):
            if self.trials[p][t] or self.round < 3 + t:
                continue
            if self.trial_met(p, t):
                self.trials[p][t] = 1
                self.fav[p] += self.trial_favors(t) - (1 if t == 0 and self.round == 4 else 0)
                self._log(f"P{p} fulfils Trial {t + 1}")

    def _final_scoring(self) -> None:
        """MY § End of Game and Final Scoring: Favors, hourglass Favors, then 3 Gems = 1 Favor;
        ties: Gems left, Deities, visible cards; then shared victory."""
        self.stack = []
        for p in range(self.n):
            for _s, c in self.visible(p):
                for e, eff in enumerate(EFFECTS_OF[c]):
                    if eff.when == "endgame":
                        fr = {"t": "eff", "c": p, "src": c, "e": e, "pc": 0, "v": {"o": {}}, "eid": 0}
                        for op in eff.ops:
                            getattr(self, "_op_" + op["op"])(fr, op)
        final = []
        for p in range(self.n):
            conv = self.gem[p] // 3
            self.fav[p] += conv
            self.gem[p] -= 3 * conv
            vis = self.visible(p)
            final.append([self.fav[p], self.gem[p], sum(1 for _, c in vis if TYPE_OF[c] == DEITY), len(vis)])
        self.final = final
        self.phase = OVER
        self.dec = None

    # ------------------------------------------------------------------ copies and I/O
    def clone(self) -> MythologiesState:
        s = MythologiesState(self.game, _empty=True)
        s.n, s.all = self.n, self.all
        s.round, s.phase, s.first = self.round, self.phase, self.first
        s.boards = self.boards[:]
        s.sanct, s.faceup = self.sanct[:], self.faceup[:]
        s.piles = [x[:] for x in self.piles]
        s.pan = [[st[:] for st in pp] for pp in self.pan]
        s.disc = [x[:] for x in self.disc]
        s.exile = self.exile[:]
        s.hand = [x[:] for x in self.hand]
        s.known = bytearray(self.known)
        s.fav, s.gem = self.fav[:], self.gem[:]
        s.comp = [x[:] for x in self.comp]
        s.trials = [x[:] for x in self.trials]
        s.destiny, s.dest_board = self.destiny[:], self.dest_board[:]
        s.pawns = [[pw[:] for pw in x] for x in self.pawns]
        s.commits, s.free = self.commits[:], self.free[:]
        s.sel_step, s.queue = self.sel_step, self.queue[:]
        s.turn_idx, s.tnum, s.turn_seat = self.turn_idx, self.tnum, self.turn_seat
        s.used = {k: v[:] for k, v in self.used.items()}
        s.inka = self.inka[:]
        s.dagda = [x[:] for x in self.dagda]
        s.eid = self.eid
        s.stack = _cp(self.stack)
        s.dec = None if self.dec is None else [self.dec[0], self.dec[1][:]]
        s.final = None if self.final is None else [x[:] for x in self.final]
        s.log = self.log[:]
        self._clone_rng_into(s)
        return s

    def to_dict(self) -> dict:
        d = self._save_header()
        for k in self._FIELDS:
            v = getattr(self, k)
            d[k] = list(v) if isinstance(v, bytearray) else _cp(v)
        d["rng"] = rng_to_json(self.rng)
        return d

    @classmethod
    def from_dict(cls, game, d: dict) -> MythologiesState:
        s = cls(game, _empty=True)
        for k in cls._FIELDS:
            if k not in d:
                raise StateError(f"mythologies_v0: saved state lacks {k!r}")
            setattr(s, k, _cp(d[k]))
        if "rng" not in d:
            raise StateError("mythologies_v0: saved state lacks 'rng'")
        if s.n != game.num_players:
            raise StateError(f"mythologies_v0: saved state has {s.n} seats, the game {game.num_players}")
        s.known = bytearray(d["known"])
        s.all = (1 << s.n) - 1
        s.rng = rng_from_json(d["rng"])
        s.check_invariants()
        return s

    def check_invariants(self) -> None:
        where = []
        for x in self.piles:
            where.extend(x)
        where.extend(c for c in self.sanct if c >= 0)
        for p in range(self.n):
            for st in self.pan[p]:
                where.extend(st)
            where.extend(self.disc[p])
            where.extend(self.hand[p])
        where.extend(self.exile)
        where.extend(f["cid"] for f in self.stack if f["t"] == "place" and f["st"] < 2)
        expect = sorted(c for c in range(NCARDS) if MYTH_OF[c] in self.boards)
        if sorted(where) != expect:
            raise StateError("mythologies_v0: card conservation broken (a card is missing or in two places)")
        for k, pile in enumerate(self.piles):
            # the draw piles of the four boards: 2b its Creatures, 2b + 1 its Deities
            myth, deity = self.boards[k // 2], k % 2 == 1
            if any(MYTH_OF[c] != myth or (TYPE_OF[c] == DEITY) != deity for c in pile):
                raise StateError(f"mythologies_v0: piles[{k}] holds a card that is not a "
                                 f"{MYTHS[myth]} {'Deity' if deity else 'Creature'}")
        everyone = (1 << self.n) - 1
        for p in range(self.n):
            if not all(self.known[c] >> p & 1 for c in self.hand[p]):
                raise StateError(f"mythologies_v0: known: seat {p} does not know a card in its own hand")
            if not all(self.known[c] == everyone for c in self.disc[p] + [c for st in self.pan[p] for c in st]):
                raise StateError(f"mythologies_v0: known: a card in seat {p}'s pantheon or discard pile is not "
                                 f"known to every seat (they are face up)")
        if not all(self.known[c] == everyone for c in self.exile):
            raise StateError("mythologies_v0: known: an exiled card is not known to every seat")
        if min(self.fav + self.gem) < 0:
            raise StateError("mythologies_v0: negative Gems or Favors")
        for p in range(self.n):
            for st in self.pan[p]:
                for c in st[:-1]:
                    if TYPE_OF[c] == DEITY:
                        raise StateError("mythologies_v0: a Deity was crushed")
        if len(self.destiny) > 4 or any(len(x) > 2 for x in self.pawns) or any(len(h) > 2 for h in self.hand):
            raise StateError("mythologies_v0: too many Destiny cards, pawns or selected cards")
        if self.phase not in (SEL, PLACE, OVER):
            raise StateError(f"mythologies_v0: phase {self.phase!r} is none of {SEL} (selection), {PLACE} (placement), "
                             f"{OVER} (over)")
        if not 1 <= self.round <= 4:  # MY § Game Flow: a game is played over 4 rounds
            raise StateError(f"mythologies_v0: round {self.round} is not 1..4")
        if len(set(self.boards)) != 4:
            raise StateError(f"mythologies_v0: the four boards {self.boards} are not four mythologies")
        if (self.phase == OVER) != (self.final is not None):
            raise StateError("mythologies_v0: a final scoring exactly when the game is over")
        if self.phase == OVER:
            if self.dec is not None or self.stack:
                raise StateError("mythologies_v0: a finished game has a pending decision")
        elif self.dec is None or not self.dec[1] or not 0 <= self.dec[0] < self.n:
            raise StateError("mythologies_v0: a running game has no seat to act or no legal action")
        if self.phase != OVER and (self.phase == PLACE) != (self.sel_step == "done"):
            raise StateError(f"mythologies_v0: selection step {self.sel_step!r} in phase {self.phase}")
        if not self.destiny:  # MY § Selection Phase: a Destiny card is revealed before anyone is asked
            raise StateError("mythologies_v0: destiny: no Destiny card revealed this round")
        if self.dest_board != [(p + self.destiny[-1]) % 4 for p in range(self.n)]:
            # MY § Selection Phase: Destiny card k sends seat p to board (p + k) mod 4 (data/boards.toml)
            raise StateError(f"mythologies_v0: dest_board {self.dest_board} is not what the last Destiny card "
                             f"{self.destiny[-1]} assigns")
        if any(len(x) > len(self.destiny) for x in self.pawns):
            raise StateError(f"mythologies_v0: pawns {self.pawns}: more pawns than Destiny cards revealed")
        spots = [(b, pos) for q in range(self.n) for b, pos in self.pawns[q] if pos < 4]
        if len(set(spots)) != len(spots) or any(self.sanct[4 * b + pos] < 0 for b, pos in spots):
            raise StateError(f"mythologies_v0: pawns {self.pawns} share a sanctuary place or stand on an empty one "
                             f"(MY § Selection Phase: a pawn takes a free card)")
        if self.dec is not None and self.dec[1] != sorted(self.dec[1]):
            raise StateError(f"mythologies_v0: dec: the actions {self.dec[1]} are not in order")
        if self.phase == SEL:
            # MY § Selection Phase: the seat asked is the next to pick, or one still to commit
            if self.stack:
                raise StateError("mythologies_v0: effects are resolving during the selection phase")
            if any(self.hand):
                raise StateError(f"mythologies_v0: hand: cards {self.hand} in hand during the selection phase "
                                 f"(the selected cards are taken when it ends)")
            seat = self.dec[0]
            if self.sel_step == "pick" and self.queue[:1] != [seat]:
                raise StateError(f"mythologies_v0: seat {seat} is asked to pick, the queue is {self.queue}")
            if self.sel_step == "commit" and self.commits[seat] != -1:
                raise StateError(f"mythologies_v0: seat {seat} is asked to commit but has committed")
            if self.sel_step not in ("pick", "commit"):
                raise StateError(f"mythologies_v0: selection step {self.sel_step!r} asks nobody")
            want = self.sel_options(seat) if self.sel_step == "pick" else [OFF["commit"], OFF["commit"] + 1]
            if self.dec[1] != sorted(want):
                raise StateError(f"mythologies_v0: dec: seat {seat} is offered {self.dec[1]}, the selection "
                                 f"offers {sorted(want)}")
        elif self.phase == PLACE:
            if not self.stack or self.stack[0]["t"] != "turn":
                raise StateError("mythologies_v0: the placement phase has no turn being played")
            if any(self.pawns):
                raise StateError(f"mythologies_v0: pawns {self.pawns} stand in the sanctuary during the placement "
                                 f"phase (they are taken back when the selection ends)")
            top = self.stack[-1]
            if top["t"] == "turn" and top["st"] == 1 and "ans" not in top:
                want = sorted(self.turn_actions(top["c"]))
                if self.dec[0] != top["c"] or self.dec[1] != want:
                    raise StateError(f"mythologies_v0: dec: seat {self.dec[0]} is offered {self.dec[1]}; seat "
                                     f"{top['c']}'s turn offers {want}")
        if not 0 <= self.first < self.n:
            raise StateError(f"mythologies_v0: first player {self.first} is not a seat")

    def resample_hidden(self, player: int, rng: np.random.Generator) -> MythologiesState:
        """Re-deal every card ``player`` does not know among the hidden places (draw piles, other
        seats' cards drawn from a pile, face-down sanctuary cards), within each (mythology, type),
        and re-draw the other seats' hidden selection commits."""
        s = self.clone()
        bit = 1 << player
        groups: dict[tuple[int, int], list] = {}
        for pile in range(8):
            for i, c in enumerate(s.piles[pile]):
                groups.setdefault((MYTH_OF[c], TYPE_OF[c]), []).append(("pile", pile, i, c))
        for i, c in enumerate(s.sanct):
            if c >= 0 and not s.faceup[i] and not s.known[c] & bit:
                groups.setdefault((MYTH_OF[c], TYPE_OF[c]), []).append(("sanct", i, 0, c))
        for q in range(s.n):
            for i, c in enumerate(s.hand[q]):
                if not s.known[c] & bit:
                    groups.setdefault((MYTH_OF[c], TYPE_OF[c]), []).append(("hand", q, i, c))
        for key in sorted(groups):
            locs = groups[key]
            cards = sorted(x[3] for x in locs)
            bits = {x[3]: s.known[x[3]] for x in locs}
            order = rng.permutation(len(cards))
            for loc, j in zip(locs, order):
                c = cards[int(j)]
                kind, a, i, old = loc
                if kind == "pile":
                    s.piles[a][i] = c
                elif kind == "sanct":
                    s.sanct[a] = c
                else:
                    s.hand[a][i] = c
                s.known[c] = bits[old]
        for pile in s.piles:
            pile.sort()
        for q in range(s.n):
            s.hand[q].sort()
        if s.phase == SEL and s.sel_step == "commit":
            for q in range(s.n):
                if q != player and s.free[q] and s.commits[q] >= 0:
                    s.commits[q] = int(rng.integers(2))
        s.rng = np.random.default_rng(int(rng.integers(2**63 - 1)))
        s._legal = None
        return s

    def render(self, player: int | None = None) -> str:
        from .render import render_state

        return render_state(self, player)
