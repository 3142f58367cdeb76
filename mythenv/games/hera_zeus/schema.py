"""The saved-state schema of Hera and Zeus (``HeraZeusState.to_dict``), checked by
``Game.state_from_dict`` before a state is built (see ``mythenv.core.schema``). Relations between
fields (every card in one place, whose turn it is) are ``HeraZeusState.check_invariants``."""

from __future__ import annotations

from mythenv.core.schema import Int, IntList, List, Nullable, Str, Tagged, Tuple, saved_state

from .rules import DECK, FIG, NCARDS, NCOL, NK, NROW, OVER

CARD = Int(0, NCARDS - 1)
CARDS = IntList(0, NCARDS - 1, max_len=NCARDS, unique=True)
SEAT = Int(0, 1)
COUNT = Int(0, 100_000)  # turns played; far above any game (max_game_length actions)

PENDING = Tagged({
    "order": Tuple(SEAT, IntList(0, NCARDS - 1, min_len=2, max_len=NCARDS, unique=True)),  # discards to order
    "pegcol": Tuple(SEAT, CARD),  # Pegasus: the column for the picked card
    "dio": Tuple(SEAT, CARD, Int(0, NCOL - 1), Int(0, NROW - 1)),  # Dionysus: where the card goes
}, "pending decision")


def build(game) -> object:
    two = dict(length=2)
    return saved_state({
        "deck": List(IntList(0, NCARDS - 1, max_len=DECK, unique=True), **two),
        "hand": List(IntList(0, NCARDS - 1, max_len=DECK, unique=True), **two),
        "field": List(List(IntList(FIG, NCARDS - 1, max_len=NROW, unique=True), length=NCOL), **two),
        "up": IntList(0, 1, length=NCARDS),
        "disc": List(CARDS, **two),
        "vis": IntList(0, 3, length=NCARDS),
        "seen": IntList(0, 3, length=NCARDS),
        "lost": IntList(0, 3, length=NCARDS),
        "turns": IntList(0, COUNT.hi, length=2),
        "phase": Int(0, OVER),
        "setup_seat": SEAT,
        "turn_player": SEAT,
        "ap_left": Int(0, 4),
        "ap_used": Int(0, 4),
        "pending": List(PENDING, max_len=8),
        "winner": Int(-1, 1),
        "reason": Str(max_len=500),
        "memory": List(Nullable(IntList(0, DECK, length=NK)), **two),
        "first": SEAT,
        "log": List(Str(max_len=500), max_len=100),
    })
