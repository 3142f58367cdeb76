"""The saved-state schema of Theomachy (``TheomachyState.to_dict``), checked by
``Game.state_from_dict`` before a state is built (see ``mythenv.core.schema``). Relations between
fields (every card in one place, tokens conserved, whose turn it is) are
``TheomachyState.check_invariants``."""

from __future__ import annotations

from mythenv.core.schema import Bool, Const, Int, IntList, List, Str, Tagged, Tuple, saved_state

from .pantheons import ND, NM, NP, WINDOWS
from .rules import BOX_CARDS, BOX_SUPPLY, CLOSING, MYTH, NE, NK, STEP_NAMES

MAX_POWER = 100_000  # End of Battle totals: a sum of card values, far below this


def build(game) -> object:
    n = game.num_players
    boxes = 1 if n <= 4 else 2  # TM § Setup: a second box from five players on (as the state builds it)
    nc = BOX_CARDS * boxes
    supply = [s * boxes for s in BOX_SUPPLY]
    top = max(supply)
    hands = game.config["max_hands"]
    seat = Int(0, n - 1)
    card = Int(0, nc - 1)
    cards = IntList(0, nc - 1, max_len=nc, unique=True)
    seats = IntList(0, n - 1, max_len=n, unique=True)
    per_seat = dict(length=n)
    tokens = List(IntList(0, top, length=3), **per_seat)
    advanced = game.config["mode"] != "basic"
    kinds = {
        "target": Tuple(seat, card),  # the seat picks the target of the card it plays
        "closing": Tuple(seat, Const(-1), seats),  # a Closing window: the seats still to be asked
        "react": Tuple(seat, card, seat, Int(-1, n - 1), seats),  # card, its actor and target, seats left
    }
    if advanced:
        src = Int(0, ND + NM - 1)  # a Deity's Ability or ND + a Mythology card
        kinds.update({
            "window": Tuple(seat, Int(0, len(WINDOWS) - 1), seats),  # a Phase window, the seats still to be asked
            "cost": Tuple(seat, Int(0, ND - 1), Int(-1, 5 * nc), Int(0, nc)),  # discards owed (-1: any), made
            "mtarget": Tuple(seat, src, Int(1, nc)),  # naming the target, how often the ops act
        })
    pending = Tagged(kinds, "pending decision")
    assert len(STEP_NAMES) == CLOSING + 1
    fields = {
        "boxes": Const(boxes),
        "ncards": Const(nc),
        "first": seat,
        "turn": seat,
        "round": Int(0, 3),  # betting rounds: the Flop, the Turn, the River, then the Battle
        "action_sphere": Int(-1, 3),
        "passes": Int(0, n),
        "const_up": Int(0, 5),
        "ante": Int(1, 3),
        "ess_shuffles": Int(0, 5 * (hands + 1)),
        "draft_round": Int(0, 6),
        "draft_seat": seat,
        "prayer_seat": seat,
        "prayer_left": Int(0, n),
        "hands": Int(0, hands),
        "step": Int(0, MYTH if advanced else CLOSING),
        "acted_now": Bool(),
        "turn_played": Bool(),
        "multi": Bool(),
        "supply": Tuple(*(Const(s) for s in supply)),
        "elim": IntList(-1, hands, length=n),
        "bank": Tuple(*(Int(0, s) for s in supply)),
        "level": Tuple(*(Int(0, s) for s in supply)),
        "attacks": IntList(0, nc, length=n),
        "power": IntList(0, MAX_POWER, length=n),
        "vis": IntList(0, (1 << n) - 1, length=nc),
        "prayer": cards,
        "track": IntList(-1, nc - 1, length=6),
        "boxed": cards,
        "ess_deck": IntList(0, NE - 1, max_len=NE, unique=True),
        "ess_disc": IntList(0, NE - 1, max_len=NE, unique=True),
        "const": IntList(0, NE - 1, max_len=5, unique=True),
        "picked_now": IntList(-1, nc - 1, length=n),
        "draft_disc": cards,
        "winners": seats,
        "cult": tokens,
        "stake": tokens,
        "lsk": tokens,
        "paid": tokens,
        "saved": tokens,
        "deck": List(cards, **per_seat),
        "hand": List(cards, **per_seat),
        "disc": List(cards, **per_seat),
        "table": List(cards, **per_seat),
        "draft_hand": List(cards, **per_seat),
        "picks": List(cards, **per_seat),
        "aside": List(cards, **per_seat),
        "once": List(IntList(0, NK - 1, max_len=NK, unique=True), **per_seat),
        "alive": List(Bool(), **per_seat),
        "ls": List(Bool(), **per_seat),
        "folded": List(Bool(), **per_seat),
        "acted": List(Bool(), **per_seat),
        "peek": List(Bool(), **per_seat),
        "places": List(List(Tuple(card, Int(0, 1), Int(0, 2)), max_len=nc), **per_seat),
        "pending": List(pending, max_len=4 * n + 8),
        "result_kind": Str(("", "winner", "shared", "bound", "victory")),
        "log": List(Str(max_len=500), max_len=100),
    }
    if advanced:
        myths = IntList(0, NM - 1, max_len=5, unique=True)
        big = 1_000_000  # Miracles, bonus Power and the per-Hand counts: sums of plays, far below this
        fields.update({
            "pick_seat": seat,
            "myth_seat": seat,
            "myth_left": Int(0, n),
            "revealed": Bool(),
            "pantheon": IntList(-1, NP - 1, length=n),
            "deity": IntList(-1, ND - 1, length=n),
            "miracles": IntList(0, big, length=n),
            "vp": IntList(0, big, length=n),  # Victory Points (Epic game; 0 in the Advanced game)
            "myth_known": IntList(0, 5, length=n),
            "ab_uses": IntList(0, big, length=n),
            "bonus": IntList(0, big, length=n),
            "h_attacks": IntList(0, big, length=n),
            "h_spheres": IntList(0, 15, length=n),
            "h_effects": IntList(0, big, length=n),
            "h_stripped": IntList(0, big, length=n),
            "req_done": List(Bool(), **per_seat),
            "hand_multi": List(Bool(), **per_seat),
            "hand_shield": List(Bool(), **per_seat),
            "myth_deck": List(myths, **per_seat),
            "myth_own": List(myths, **per_seat),
            "myth_used": List(myths, **per_seat),
            "hero_stake": List(myths, **per_seat),
            "myth_out": List(myths, **per_seat),
        })
    return saved_state(fields)
