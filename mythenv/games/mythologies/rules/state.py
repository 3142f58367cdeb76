"""The state's basics shared by every chapter: the constructor (MY § Overall Setup), the State
protocol's queries, the Pantheon queries every chapter asks (top card, visible cards, flags, the
Troll's toll, neighbours, opponents in turn order), gains, drawing and refilling the sanctuary, and
the frame engine: ``_ask`` (a decision), ``_apply`` (its answer), ``_run`` (the frames until the next
decision, each run by the ``@task`` of its kind) and ``_flow`` (the round: selection, each seat's placement turn, upkeep or the final
scoring; MY § Course of the Game)."""

from __future__ import annotations

from mythenv.core import schema as sc
from mythenv.core.bookkeeping import GameLog, log_field
from mythenv.core.errors import StateError
from mythenv.core.fields import (
    SEATS,
    Bytes,
    Declared,
    Field,
    Fields,
    Int,
    Ints,
    Nullable,
    Rng,
    Runtime,
    Seq,
    Text,
    Tree,
)
from mythenv.core.game import TERMINAL
from mythenv.core.knowledge import everyone

from ..cards import MYTHS, NCARDS
from .tables import (
    DECODE,
    FLAGS_OF,
    LINES,
    MYTH_OF,
    NSLOT,
    NUM_ACTIONS,
    OVER,
    PRESETS,
    SEL,
    TYPE_OF,
    describe_action,
)


def _seats(g):
    return g.num_players - 1


def _n(g):
    return g.num_players


_CARD_IDS = Ints(0, NCARDS - 1, max_len=NCARDS, setlike=True)  # a pile of card ids
_SEAT = Int(0, _seats)
_POINTS = 10_000  # Favors, Gems: far above any game
_ID = 10 ** 6  # effect ids and turn counters
#: an effect's working variables: open by design, bounded; never null (a null where the rules keep a
#: record loaded and crashed later: the corruption harness's null_record class, issue 43)
_FRAME_VARS = sc.Json(depth=5, max_len=200, int_bound=_ID, null=False)


def _stack_spec(g):
    """The frames of the stack (plain dicts, ``t`` their kind; the module docstring of ``rules``)."""
    seat, card, slot, step, eid = sc.Int(0, g.num_players - 1), sc.Int(0, NCARDS - 1), sc.Int(0, NSLOT - 1), \
        sc.Int(0, 10), sc.Int(0, _ID)
    slots = sc.IntList(0, NSLOT - 1, max_len=NSLOT, unique=True)
    frame = sc.Variant("t", {
        "turn": sc.Record({"t": sc.Const("turn"), "c": seat, "st": step}),
        "place": sc.Record({"t": sc.Const("place"), "c": seat, "cid": card, "mode": sc.Str(("call", "invoke")),
                            "onto": sc.Nullable(slots), "st": step, "eid": eid, "slot": slot,
                            "new": sc.IntList(0, 5, max_len=6, unique=True)}, optional=("slot", "new")),
        "eff": sc.Record({"t": sc.Const("eff"), "c": seat, "src": card, "e": sc.Int(0, 15), "pc": sc.Int(0, 63),
                          "v": _FRAME_VARS, "eid": eid}),
        "order": sc.Record({"t": sc.Const("order"), "c": seat, "frames": sc.List(_FRAME_VARS, max_len=64)}),
        "sac": sc.Record({"t": sc.Const("sac"), "p": seat, "slots": slots, "stack": sc.Bool(), "eid": eid,
                          "by": seat, "st": step, "scarab": sc.Int(-1, NCARDS - 1)}, optional=("scarab",)),
        "react": sc.Record({"t": sc.Const("react"), "q": seat}),
        # a moved card's gain, ordered with the effects the move triggered (MY § Card Glossary 027 - Sphinx)
        "gainf": sc.Record({"t": sc.Const("gainf"), "c": seat, "fv": sc.Int(0, _POINTS), "gm": sc.Int(0, _POINTS)}),
    }, "stack frame")
    return sc.List(frame, max_len=64)


class StateBase(GameLog, Declared):
    """The constructor, protocol queries, Pantheon queries and the frame engine."""

    LOG_KEEP = 40  # the log's last lines (GameLog._log)

    fields = Fields(
        Field("n", Int(_n, _n), "the number of seats"),
        Field("round", Int(1, 4), "the round, 1..4 (MY § Game Flow: a game is played over 4 rounds)"),
        Field("phase", Int(0, OVER), "SEL (selection), PLACE (placement) or OVER"),
        Field("first", _SEAT, "the first seat of this round"),
        Field("boards", Ints(0, len(MYTHS) - 1, length=4, setlike=True), "the four mythologies' boards in play"),
        Field("sanct", Ints(-1, NCARDS - 1, length=16), "the sanctuary: 4 positions per board, -1 empty",
              default=[-1] * 16),
        Field("faceup", Ints(0, 1, length=16), "per sanctuary position: 1 if its card lies face up",
              default=[1] * 16),
        Field("piles", Seq(_CARD_IDS, length=8), "the draw piles: 2b Creatures of board b, 2b + 1 its Deities",
              hidden=True),
        Field("pan", Seq(_CARD_IDS, length=NSLOT), "each seat's Pantheon: per slot a stack, bottom first",
              per_seat=True),
        Field("disc", _CARD_IDS, "each seat's discard pile", per_seat=True),
        Field("exile", _CARD_IDS, "the exiled cards"),
        Field("hand", Ints(0, NCARDS - 1, max_len=2, setlike=True), "each seat's selected cards",
              per_seat=True, hidden=True),
        Field("known", Bytes(0, lambda g: everyone(g.num_players), NCARDS),
              "per card: bit p set if seat p knows the card where it is now"),
        Field("fav", Ints(0, _POINTS, length=SEATS), "each seat's Favors"),
        Field("gem", Ints(0, _POINTS, length=SEATS), "each seat's Gems"),
        Field("comp", Ints(0, 1, length=6), "each seat's completion bonuses still to take (1 = still there)",
              per_seat=True, default=lambda g: [[1] * 6 for _ in range(g.num_players)]),
        Field("trials", Ints(0, 1, length=2), "each seat's Trials won", per_seat=True),
        Field("destiny", Ints(0, 3, max_len=4, setlike=True), "the Destiny cards revealed this round"),
        Field("dest_board", Ints(-1, 3, length=SEATS), "each seat's destined board (-1 none)",
              default=lambda g: [-1] * g.num_players),
        Field("pawns", Tree(sc.List(sc.Tuple(sc.Int(0, 15), sc.Int(0, 4)), max_len=2), [], "pawns"),
              "each seat's selection pawns: [position, board] (board 4: a Destiny card)", per_seat=True),
        Field("commits", Ints(-1, 1, length=SEATS), "each seat's committed selection choice (-1 none)",
              default=lambda g: [-1] * g.num_players),
        Field("free", Ints(0, 1, length=SEATS), "per seat: 1 if it has a free selection"),
        Field("sel_step", Text(choices=("reveal", "commit", "pick", "done"), default="reveal"),
              "the step of the selection phase"),
        Field("queue", Ints(0, _seats, max_len=_n, setlike=True), "the seats still to pick, in order"),
        Field("turn_idx", Int(0, _n), "the index of the placement turn in the round"),
        Field("tnum", Int(0, _ID), "placement turns played"),
        Field("turn_seat", Int(-1, _seats), "the seat whose placement turn it is (-1 none)", default=-1),
        Field("used", Tree(sc.Map(sc.Str(max_len=40), sc.IntList(-_ID, _ID, length=2), max_len=1000), {},
                           "counters"), "once-per-turn / per-round effect counters, by key"),
        Field("inka", Ints(0, NCARDS * NCARDS, max_len=10_000, setlike=True), "the Inca pairs already scored"),
        Field("dagda", Seq(Ints(-_ID, _ID, length=2), max_len=10_000), "the Dagda's pending [card, turn] records"),
        Field("eid", Int(0, _ID), "the id of the last effect started"),
        Field("stack", Tree(_stack_spec, [], "stack of frames"), "the frame stack, top last (rules docstring)"),
        Field("dec", Tree(lambda g: sc.Nullable(sc.Tuple(sc.Int(0, g.num_players - 1), sc.IntList(
            0, NUM_ACTIONS - 1, min_len=1, max_len=NUM_ACTIONS, unique=True))), None, "decision"),
              "the pending decision: [seat, its legal actions], or null"),
        Field("final", Nullable(Seq(Ints(0, _POINTS, length=4), length=SEATS)),
              "the final scoring per seat (set when the game is over), or null"),
        log_field(),
        Field("rng", Rng(), "the state's chance (every draw from a pile)"),
        runtime=(Runtime("_legal", "unused: legal_actions is the decision's list", None, share=False),
                 Runtime("all", "the bitmask of every seat", lambda g: everyone(g.num_players)),
                 Runtime("_trig", "the effects triggered by the step being resolved", lambda g: [], share=False),
                 Runtime("_obs_memo", "the observation encoder's cache, keyed by zone contents (observe.py)",
                         None, share=False)),
    )

    def setup(self) -> None:
        """The rulebook's setup, on a state at its declared defaults with its generator seeded
        (``Declared.__init__``)."""
        game = self.game
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
        for c in range(NCARDS):
            if MYTH_OF[c] in myths:
                b = myths.index(MYTH_OF[c])
                self.piles[2 * b + TYPE_OF[c]].append(c)
        # MY § Overall Setup 4: a Creature on each of the 3 bottom slots; no Deity during setup
        for b in range(4):
            for pos in range(3):
                self._refill(b, pos)
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
        """Run the top frame's task (``@task(kind)`` of its ``t``) until a decision or the end."""
        guard = 0
        tasks = self.handlers["task"]
        while self.dec is None and self.phase != OVER:
            guard += 1
            if guard > 100_000:
                raise StateError("mythologies: the rules engine did not reach a decision")
            if not self.stack:
                self._flow()
                continue
            f = self.stack[-1]
            tasks[f["t"]](self, f)

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
