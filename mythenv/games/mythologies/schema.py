"""The saved-state schema of Mythologies (``MythologiesState.to_dict``), checked by
``Game.state_from_dict`` before a state is built (see ``mythenv.core.schema``). Relations between
fields (every card in one place, whose turn it is) are ``MythologiesState.check_invariants``.

The variables an effect keeps while it resolves (a frame's ``v``, the frames an ``order`` frame
holds, a placement's ``new`` lines) are open by design; they are checked as bounded JSON."""

from __future__ import annotations

from mythenv.core.schema import (
    Bool,
    Const,
    Int,
    IntList,
    Json,
    List,
    Map,
    Nullable,
    Record,
    Str,
    Tuple,
    Variant,
    saved_state,
)

from .rules import MYTHS, NCARDS, NSLOT, NUM_ACTIONS, OVER

POINTS = Int(0, 10_000)  # Favors, Gems: far above any game
ID = Int(0, 10 ** 6)  # effect ids and turn counters
FRAME_VARS = Json(depth=5, max_len=200, int_bound=10 ** 6)


def build(game) -> object:
    n = game.num_players
    seat = Int(0, n - 1)
    card = Int(0, NCARDS - 1)
    cards = IntList(0, NCARDS - 1, max_len=NCARDS, unique=True)
    slot = Int(0, NSLOT - 1)
    per_seat = dict(length=n)
    step = Int(0, 10)
    frame = Variant("t", {
        "turn": Record({"t": Const("turn"), "c": seat, "st": step}),
        "place": Record({"t": Const("place"), "c": seat, "cid": card, "mode": Str(("call", "invoke")),
                         "onto": Nullable(IntList(0, NSLOT - 1, max_len=NSLOT, unique=True)), "st": step, "eid": ID,
                         "slot": slot, "new": IntList(0, 5, max_len=6, unique=True)}, optional=("slot", "new")),
        "eff": Record({"t": Const("eff"), "c": seat, "src": card, "e": Int(0, 15), "pc": Int(0, 63),
                       "v": FRAME_VARS, "eid": ID}),
        "order": Record({"t": Const("order"), "c": seat, "frames": List(FRAME_VARS, max_len=64)}),
        "sac": Record({"t": Const("sac"), "p": seat, "slots": IntList(0, NSLOT - 1, max_len=NSLOT, unique=True),
                       "stack": Bool(), "eid": ID, "by": seat, "st": step, "scarab": Int(-1, NCARDS - 1)},
                      optional=("scarab",)),
        "react": Record({"t": Const("react"), "q": seat}),
        # a moved card's gain, ordered with the effects the move triggered (MY § Card Glossary 027 - Sphinx)
        "gainf": Record({"t": Const("gainf"), "c": seat, "fv": POINTS, "gm": POINTS}),
    }, "stack frame")
    return saved_state({
        "n": Const(n),
        "round": Int(1, 4),  # MY § Game Flow: a game is played over 4 rounds
        "phase": Int(0, OVER),
        "first": seat,
        "boards": IntList(0, len(MYTHS) - 1, length=4),
        "sanct": IntList(-1, NCARDS - 1, length=16),
        "faceup": IntList(0, 1, length=16),
        "piles": List(cards, length=8),
        "pan": List(List(cards, length=NSLOT), **per_seat),
        "disc": List(cards, **per_seat),
        "exile": cards,
        "hand": List(IntList(0, NCARDS - 1, max_len=2, unique=True), **per_seat),
        "known": IntList(0, (1 << n) - 1, length=NCARDS),
        "fav": IntList(0, POINTS.hi, **per_seat),
        "gem": IntList(0, POINTS.hi, **per_seat),
        "comp": List(IntList(0, 1, length=6), **per_seat),
        "trials": List(IntList(0, 1, length=2), **per_seat),
        "destiny": IntList(0, 3, max_len=4, unique=True),
        "dest_board": IntList(-1, 3, **per_seat),
        "pawns": List(List(Tuple(Int(0, 15), Int(0, 4)), max_len=2), **per_seat),
        "commits": IntList(-1, 1, **per_seat),
        "free": IntList(0, 1, **per_seat),
        "sel_step": Str(("reveal", "commit", "pick", "done")),
        "queue": IntList(0, n - 1, max_len=n, unique=True),
        "turn_idx": Int(0, n),
        "tnum": ID,
        "turn_seat": Int(-1, n - 1),
        "used": Map(Str(max_len=40), IntList(-ID.hi, ID.hi, length=2), max_len=1000),
        "inka": IntList(0, NCARDS * NCARDS, max_len=10_000, unique=True),
        "dagda": List(IntList(-ID.hi, ID.hi, length=2), max_len=10_000),
        "eid": ID,
        "stack": List(frame, max_len=64),
        "dec": Nullable(Tuple(seat, IntList(0, NUM_ACTIONS - 1, min_len=1, max_len=NUM_ACTIONS, unique=True))),
        "final": Nullable(List(IntList(0, POINTS.hi, length=4), **per_seat)),
        "log": List(Str(max_len=500), max_len=100),
    })
