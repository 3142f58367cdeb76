"""Theomachy tables: token types, Steps, the card tables and the flat action codes (TM § Box Contents,
TM § Actions). Module-level data shared by every rules module."""

from __future__ import annotations

from mythenv.core.actions import ActionCodec

from ..cards import ESSENCES, KINDS
from ..pantheons import MYTHS, PANTHEONS

D, PR, PH = 0, 1, 2
TOKEN_NAMES = ("Disciple", "Priest", "Prophet")
BOX_CARDS = sum(k.count for k in KINDS)
NK = len(KINDS)
NE = len(ESSENCES)
#: designed bank: the 95 follower tokens of one box split by type; 5-8 players use two boxes
BOX_SUPPLY = (45, 30, 20)
LAST_STAND_PER_BOX = 4
START_CULT = (8, 5, 3)          # TM § Setup: 3 Prophets, 5 Priests, 8 Disciples
TRACK_COST = (PR, PR, D, D, -1, -1)   # TM § The Starting Phase / The Prayer Track
DRAFT = {2: (6, 3), 3: (4, 4)}        # TM § Second Method: players -> (rounds, cards per round)
DRAFT_MANY = (3, 5)
DECK_SIZE = 8
HAND_SIZE = 5

DRAFT_PICK, DRAFT_DROP, BET, BATTLE, PRAYER, OVER, CLOSING = range(7)
STEP_NAMES = ("draft", "draft_drop", "betting", "battle", "prayer", "over", "closing")
#: the Advanced / Epic modes' own Steps (TM § Choose a Pantheon, § Final Selection of the God, § The Myth Phase)
PANTHEON, GOD, MYTH = range(7, 10)
ADV_STEP_NAMES = STEP_NAMES + ("pantheon", "god", "myth")

# card tables (box 0 layout; a card's kind is KIND_OF[c % BOX_CARDS])
KIND_OF: list[int] = []
MARK_OF: list[int] = []          # pre-built numeral index 0..3, or -1
for _k in KINDS:
    for _i in range(_k.count):
        KIND_OF.append(_k.index)
        m = -1
        acc = 0
        for _d in range(4):
            if acc <= _i < acc + _k.decks[_d]:
                m = _d
            acc += _k.decks[_d]
        MARK_OF.append(m)
TYPE_OF = [k.type for k in KINDS]
ATTACK, EFFECT, PLACE, POWER = "attack", "effect", "place", "power"
POWER_KINDS = [k.index for k in KINDS if k.type == POWER]
REACTION_KINDS = [k.index for k in KINDS if k.timing == "reaction"]
#: reaction kinds per trigger ("effect" / "attack") and the Closing-Phase kinds, for the public windows
REACT_KINDS = {t: tuple(k for k in KINDS if k.timing == "reaction" and k.react == t) for t in ("effect", "attack")}
CLOSING_KINDS = tuple(k for k in KINDS if k.timing == "closing")


def kind(c: int):
    return KINDS[KIND_OF[c % BOX_CARDS]]


def kid(c: int) -> int:
    return KIND_OF[c % BOX_CARDS]


def families(n: int, advanced: bool = False):
    """The action families; the Advanced / Epic modes append theirs (so the Basic ids never move)."""
    return _basic_families(n) + (_advanced_families() if advanced else ())


def _advanced_families():
    return (
        ("pantheon", (len(PANTHEONS),)),   # TM § Choose a Pantheon
        ("god", (3,)),              # TM § Final Selection of the God: the i-th God of your Pantheon
        ("ability", ()),            # announce your God's active Ability (TM § Divine Abilities)
        ("discard", (NK,)),         # pay an Ability's discard cost with a card of this kind
        ("myth", (len(MYTHS),)),    # use this Mythology card / send this Hero into the Stake (windows)
        ("myth_buy", ()),           # TM § The Myth Phase: buy the visible Mythology card
        ("myth_bottom", ()),        # ... move it to the bottom of the deck
        ("myth_leave", ()),         # ... leave the deck as it is
    )


def _basic_families(n: int):
    return (
        ("play", (NK,)),            # play a card of this kind from your hand
        ("target", (n - 1,)),       # the opponent i+1 seats to your left
        ("pass", ()),               # betting: no raise pending / battle: pass the turn
        ("call", ()),
        ("raise", (3,)),            # call, then one more token of this type
        ("fold", ()),
        ("last_stand", ()),         # take a Last Stand card and call from the bank
        ("end_turn", ()),           # end your turn after your action / after playing Battle cards
        ("decline", ()),            # do not react
        ("pick", (NK,)),            # draft: keep a card of this kind from the packet
        ("drop", (NK,)),            # draft: put a kept card of this kind back (12 -> 8)
        ("track", (6,)),            # prayer: take the card on this Prayer Track space
        ("blind", ()),              # prayer: take the top card of the Prayer draw pile
    )


#: ``describe`` labels of the action families of every layout (Basic and the Advanced / Epic modes)
LABELS = {
    "play": lambda k: f"play {KINDS[k].name}",
    "pick": lambda k: f"keep {KINDS[k].name}",
    "drop": lambda k: f"put back {KINDS[k].name}",
    "discard": lambda k: f"discard {KINDS[k].name}",
    "target": lambda i: "target the player on your left" if i == 0 else f"target the player {i + 1} places to your left",
    "pass": "pass",
    "call": "call",
    "raise": lambda t: f"raise: call, then add a {TOKEN_NAMES[t]}",
    "fold": "fold",
    "decline": "decline",
    "track": lambda i: f"take the card on space {i + 1} of the Prayer Track",
    "blind": "take the top card of the Prayer draw pile",
    "pantheon": lambda i: f"choose the {PANTHEONS[i].name} Pantheon",
    "god": lambda i: f"choose the {('1st', '2nd', '3rd')[i]} God of your Pantheon",
    "ability": "announce your God's Ability",
    "myth": lambda m: f"use {MYTHS[m].name}",
    "last_stand": "take a Last Stand card and call from the bank",
    "end_turn": "end your turn",
    "myth_buy": "buy the visible Mythology card",
    "myth_bottom": "move the visible Mythology card to the bottom of the deck",
    "myth_leave": "leave the Mythology deck as it is",
}


class Codes:
    """Flat action ids of one player count: ``off`` (family -> first id), ``decode`` (id -> family,
    index inside the family) and ``describe``, from the layout's :class:`ActionCodec` ``codec``."""

    def __init__(self, n: int, advanced: bool = False):
        self.n, self.advanced = n, advanced
        self.codec = ActionCodec(families(n, advanced), LABELS)
        off = self.off = self.codec.offsets
        self.decode: list[tuple[str, int]] = self.codec.flat_table
        self.size = self.codec.size
        self.PASS, self.CALL, self.FOLD = off["pass"], off["call"], off["fold"]
        self.LAST_STAND, self.END, self.DECLINE, self.BLIND = (off["last_stand"], off["end_turn"],
                                                               off["decline"], off["blind"])

    def describe(self, a: int) -> str:
        return self.codec.describe(a)

    def __reduce__(self):  # pickled as the shared table of its layout (the labels are lambdas)
        return codes, (self.n, self.advanced)


_CODES: dict[tuple[int, bool], Codes] = {}


def codes(n: int, advanced: bool = False) -> Codes:
    c = _CODES.get((n, advanced))
    if c is None:
        c = _CODES[(n, advanced)] = Codes(n, advanced)
    return c


def value(tokens) -> int:
    return tokens[0] * 2 + tokens[1] * 5 + tokens[2] * 10
