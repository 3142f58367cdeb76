"""The saved-state schema of Demigods (``DemigodsState.to_dict``), checked by
``Game.state_from_dict`` before a state is built (see ``mythenv.core.schema``). Relations between
fields (every card in one place, whose turn it is, the turn bound) are
``DemigodsState.check_invariants``."""

from __future__ import annotations

from mythenv.core.schema import Bool, Int, IntList, List, Str, Tagged, Tuple, saved_state

from .rules import CTX_NAMES, NK, OVER

NCTX = len(CTX_NAMES)


def build(game) -> object:
    n, nc = game.num_players, game.num_cards
    card = Int(0, nc - 1)
    cards = IntList(0, nc - 1, max_len=nc, unique=True)
    seat = Int(0, n - 1)
    seats = IntList(0, n - 1, max_len=n - 1, unique=True)
    victim = Int(-1, n - 1)
    rtype = Int(0, 1)  # Army or Wealth
    pending = Tagged({
        "target": Tuple(seat, card),  # the seat that played the card picks its target
        "speech": Tuple(seat, Int(-1, nc - 1), Int(0, NCTX - 1), victim),
        "effect": Tuple(seat, Int(-1, nc - 1), Int(0, NCTX - 1), victim),
        "steal": Tuple(seat, rtype, IntList(0, n - 1, min_len=1, max_len=n - 1, unique=True)),
        "athena": Tuple(seat, seat),
        "halve": Tuple(seat, rtype, Int(1, 4 * nc)),  # units of 500 still to discard
        "otype": Tuple(seat, Int(0, NK - 1)),
        "trade": Tuple(seat, seats),
        "endturn": Tuple(seat),
        "claim": Tuple(seat),
        "advance": Tuple(seat),
    }, "pending decision")
    per_seat = dict(length=n)
    return saved_state({
        "deck": cards,
        "discard": cards,
        "hand": List(cards, **per_seat),
        "kingdom": List(cards, **per_seat),
        "front": List(cards, **per_seat),
        "blessed": IntList(0, 1, length=nc),
        "vis": IntList(0, (1 << n) - 1, length=nc),
        "phase": Int(0, OVER),
        "turn_player": seat,
        "turns": Int(0, game.config["max_rounds"] * n),
        "reshuffled": Bool(),
        "pending": List(pending, max_len=4 * n + 8),
        "winner": victim,
        "first": seat,
        "log": List(Str(max_len=500), max_len=100),
    })
