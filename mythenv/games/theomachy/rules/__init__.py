"""Theomachy: The Warrior Gods, the Basic, Advanced and Epic games: the rules (``000_b58b559235c1f04d.txt``,
cited TM § Section).

Seats ``0..n-1``; clockwise (to a player's left) is ``p + 1``. Tokens are typed: index 0 Disciple
(2 Power), 1 Priest (5), 2 Prophet (10); a token vector is ``[disciples, priests, prophets]``.

Prayer card ids are ``box * 120 + i`` (a second copy of the box's cards is used at 5-8 players, see
the doc page); Essence card ids are ``0..23``. Knowledge of Prayer cards is a bitmask per card in
``vis`` (bit ``p``: seat ``p`` knows the card where it is now).

Betting bookkeeping: ``level`` is the highest bet on the table (a token vector that only grows: every
raise is "call, then one more token"), ``paid[p]`` what seat ``p`` has put in so far. Calling pays
``level - paid[p]`` of the exact token types (TM § Actions). Effects that take tokens out of a
Stake change the Stake, never ``paid``/``level``.

Pending decisions are tuples on ``pending`` (top = last):
``("target", p, card)``: ``p`` chooses the opponent its card targets;
``("react", q, card, actor, target, rest)``: seat ``q`` may react to ``card`` played by ``actor``;
``rest`` holds the seats asked after it (TM § Playing a Card in Reaction to an Action);
``("closing", q, -1, rest)``: seat ``q`` may play Closing-Phase Effects (TM § The Closing Phase).
The Advanced game adds ``window``, ``cost`` and ``mtarget`` (``myth``). Each kind's legal actions and
what an action does there are the methods marked ``@lister(kind)`` and ``@decision(kind)`` in the
chapter that owns it (``mythenv.core.engine``; ``TheomachyState`` mixes in ``Engine``, which gathers
them into ``handlers["lister"]`` / ``handlers["decision"]``): ``_compute_legal`` and ``_step``
dispatch on the top record's tag, ``handlers["lister"][tag](self, record)`` and
``handlers["decision"][tag](self, family, index)``. A new decision is a new ``pending`` record kind
(``state.StateBasics.fields``) and its two marked methods.
Who is asked in these windows, and whether a turn ends by itself, follows the config ``windows``:
``"public"`` (default) decides from public facts only (``_could_play``, ``_may_go_on``); ``"holders"``
asks only seats holding a playable card, which tells the table what they hold.

The rules are a package split by the rulebook's chapters; each module holds one mixin of
``TheomachyState`` methods and the class below assembles them:
``tables`` (token types, Steps, card tables, action codes), ``state`` (the state's fields, declared once:
``mythenv.core.fields`` generates the copies, saved states and the schema; whose turn, returns, seat
order, Essence, draw piles, the Phase hook, the action dispatch), ``exchange`` (TM § Exchanging Tokens),
``preparation`` (TM § Game Preparation: setup, pre-built decks, draft), ``starting`` (TM § The
Starting Phase, TM § Losing and Winning), ``betting`` (TM § The Betting Phase), ``effects`` (playing
cards, the data-driven card effects), ``windows`` (TM § Playing a Card in Reaction to an Action),
``battle`` (TM § The Battle Phase), ``closing`` (TM § The Closing Phase), ``prayer`` (TM § The Prayer
Phase), ``advanced`` (TM § Choose a Pantheon, TM § Final Selection of the God, TM § The Myth Phase),
``myth`` (TM § Pantheons, Their Gods and Mythology Cards: Abilities, Requests, Mythology cards,
Heroes and their windows), ``epic`` (TM § Epic Game Mode), ``persist`` (invariants of a
saved state, ``resample_hidden``), ``texts`` (the actions, moves, decisions and the end in words). Every name is defined once, so the order of the bases does
not matter today; a mixin that overrides a method of another goes before it in the bases (the earlier
base wins).
"""

from __future__ import annotations

from mythenv.core.engine import Engine
from mythenv.core.game import State

from ..cards import ESSENCES, KINDS
from .advanced import AdvancedMixin
from .battle import BattlePhase
from .betting import BettingPhase
from .closing import ClosingPhase
from .effects import CardPlay
from .epic import EpicRules
from .exchange import Tokens, _exchange, _needs_exchange, _pay
from .myth import MythMixin
from .persist import Persistence
from .prayer import PrayerPhase
from .preparation import Preparation
from .starting import StartingPhase
from .state import StateBasics
from .tables import (
    _CODES,
    ADV_STEP_NAMES,
    ATTACK,
    BATTLE,
    BET,
    BOX_CARDS,
    BOX_SUPPLY,
    CLOSING,
    CLOSING_KINDS,
    DECK_SIZE,
    DRAFT,
    DRAFT_DROP,
    DRAFT_MANY,
    DRAFT_PICK,
    EFFECT,
    GOD,
    HAND_SIZE,
    KIND_OF,
    LAST_STAND_PER_BOX,
    MARK_OF,
    MYTH,
    NE,
    NK,
    OVER,
    PANTHEON,
    PH,
    PLACE,
    POWER,
    POWER_KINDS,
    PR,
    PRAYER,
    REACT_KINDS,
    REACTION_KINDS,
    START_CULT,
    STEP_NAMES,
    TOKEN_NAMES,
    TRACK_COST,
    TYPE_OF,
    Codes,
    D,
    codes,
    families,
    kid,
    kind,
    value,
)
from .texts import Texts
from .windows import ReactionWindows

__all__ = [
    "ADV_STEP_NAMES", "GOD", "MYTH", "PANTHEON",
    "ATTACK", "BATTLE", "BET", "BOX_CARDS", "BOX_SUPPLY", "CLOSING", "CLOSING_KINDS", "D", "DECK_SIZE", "DRAFT",
    "DRAFT_DROP", "DRAFT_MANY", "DRAFT_PICK", "EFFECT", "ESSENCES", "HAND_SIZE", "KINDS", "KIND_OF",
    "LAST_STAND_PER_BOX", "MARK_OF", "NE", "NK", "OVER", "PH", "PLACE", "POWER", "POWER_KINDS", "PR", "PRAYER",
    "REACT_KINDS", "REACTION_KINDS", "START_CULT", "STEP_NAMES", "TOKEN_NAMES", "TRACK_COST", "TYPE_OF",
    "Codes", "TheomachyState", "_CODES", "_exchange", "_needs_exchange", "_pay", "codes", "families", "kid",
    "kind", "value",
]


class TheomachyState(
    Engine,             # the rule tables (mythenv.core.engine): listers, decisions, window resumes by name
    # one line per rules module (a new mode's mixin goes above the ones whose methods it overrides)
    Texts,              # the actions, moves, decisions and the end in words (overrides action_to_string)
    EpicRules,          # Epic: Victory Points, no elimination (overrides _eliminate, returns, scores)
    MythMixin,          # Advanced / Epic: Abilities, Requests, Mythology cards, Heroes, windows
    AdvancedMixin,      # Advanced / Epic: Pantheon and God choice, the Myth Phase
    Preparation,
    StartingPhase,
    BettingPhase,
    CardPlay,
    ReactionWindows,
    BattlePhase,
    ClosingPhase,
    PrayerPhase,
    Tokens,
    StateBasics,
    Persistence,
    State,
):
    """The whole truth of one Theomachy (Basic game) position."""
