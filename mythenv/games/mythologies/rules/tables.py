"""The tables the rules are built on: the Pantheon's slots, planes, columns, adjacency and diagonals
(MY § Lexicon: Plane, Adjacency, Diagonal), the regions the Trials measure, the card tables derived
from ``data/cards.toml`` (MY § Anatomy of a Card), the preset mythologies (MY § Overall Setup) and the
action families (one flat ``Discrete`` laid out by ``CODEC``)."""

from __future__ import annotations

from mythenv.core.actions import ActionCodec

from ..cards import COMPLETION, DESIGN_OF, DESIGNS, MYTHS, NCARDS

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


_ORD = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th")
_BOARD = ("top-left", "top-right", "bottom-left", "bottom-right")   # as the picture draws the Sanctuary
_COLUMN = ("left", "middle", "right")


def _copy(c: int) -> str:
    """" (2nd copy)" for the second card of a name in the box, and so on ("" for the first)."""
    k = sum(1 for x in range(c) if card_name(x) == card_name(c))
    return f" ({_ORD[k]} copy)" if k else ""


def _slot(s: int) -> str:
    return f"the {PLANE_NAMES[ROW[s]]} plane, {_COLUMN[COL[s]]} column"


#: the labels without the position (a state names cards and mythologies: ``rules/texts.py``)
LABELS = {
    "commit": lambda i: "reveal a pawn" if i else "reveal no pawn",
    "sanct": lambda b, pos: f"the {'Deity' if pos == 3 else _ORD[pos] + ' Creature'} of the {_BOARD[b]} board",
    "pile": lambda b: f"the Creature draw pile of the {_BOARD[b]} board",
    "play": lambda i: f"invoke your {_ORD[i]} selected card",
    "discard": lambda i: f"discard your {_ORD[i]} selected card for 2 Gems",
    "slot": _slot,
    "card": lambda c: f"{card_name(c)}{_copy(c)} from a discard pile",
    "opt": lambda i: f"the {_ORD[i]} option",
    "activate": lambda s: f"activate the card on {_slot(s)}",
    "stop": "stop",
    "end_turn": "end the turn",
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


__all__ = [
    "ADJ", "A_END", "A_STOP", "CODEC", "COL", "COLUMN_GAIN", "COST_OF", "DECODE", "DIAG", "EFFECTS_OF",
    "FAMILIES", "FLAGS_OF", "GAINS_OF", "HAS_EVENT", "LABELS", "LINES", "LINES_OF", "MYTH_OF", "NORSE",
    "NSLOT", "NUM_ACTIONS", "OFF", "OVER", "PLACE", "PLANE_GAIN", "PLANE_NAMES", "PRESETS", "REGIONS", "ROW",
    "SEL", "TRIVIAL", "TYPE_OF", "card_name", "describe_action",
]
