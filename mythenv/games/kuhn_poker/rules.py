"""Kuhn poker's rules, as OpenSpiel's ``kuhn_poker``: three cards (J, Q, K), two seats, an ante of 1 each.

The deal (one card to each seat) is the game's chance event, exposed: a state built with
``chance_nodes=True`` waits at it (``chance_outcomes()``), any other draws it from its generator.
Seat 0 acts first; a move is a pass or a bet of 1. Pass, pass: showdown for 1. A bet is called (bet:
showdown for 2) or folded (pass: the bettor wins 1). Pass, bet, then fold or call the same way.
The higher card wins a showdown.
"""

from __future__ import annotations

import numpy as np

from mythenv.core.errors import StateError
from mythenv.core.fields import Declared, Field, Fields, Flag, Ints, Rng
from mythenv.core.game import CHANCE, TERMINAL

CARDS = "JQK"
PASS, BET = 0, 1
FAMILIES = (("pass", ()), ("bet", ()))


class KuhnState(Declared):
    """One Kuhn poker position: its fields, declared once (the core generates the rest)."""

    fields = Fields(
        Field("cards", Ints(0, 2, max_len=2, setlike=True), "the card (0 J, 1 Q, 2 K) dealt to each seat so far",
              hidden=True),
        Field("bets", Ints(PASS, BET, max_len=3), "the moves so far (PASS or BET), seat 0's first"),
        Field("chance_nodes", Flag(), "True: the state waits at the deal for its outcome (State.chance_nodes)"),
        Field("rng", Rng(), "the state's chance: the deal, unless it waits at it"),
    )

    def setup(self, chance_nodes: bool = False) -> None:
        self.chance_nodes = chance_nodes
        self._draw_chance()

    def current_player(self) -> int:
        if len(self.cards) < 2:
            return CHANCE
        return TERMINAL if self.is_terminal() else len(self.bets) % 2

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if len(self.cards) == 2:
            return []
        left = self._legal_view()
        return [(c, 1 / len(left)) for c in left]

    def _compute_legal(self) -> list[int]:
        if len(self.cards) < 2:
            return [c for c in range(3) if c not in self.cards]
        return [] if self.is_terminal() else [PASS, BET]

    def _apply(self, action: int) -> None:
        (self.cards if len(self.cards) < 2 else self.bets).append(action)
        self._legal = None
        self._draw_chance()

    def is_terminal(self) -> bool:
        b = self.bets
        return len(b) == 3 or len(b) == 2 and b != [PASS, BET]

    def returns(self) -> list[float]:
        """The chips won: +-1 (a fold, or a showdown after pass, pass) or +-2 (a called bet)."""
        if not self.is_terminal():
            return [0.0, 0.0]
        pot = [1 + sum(self.bets[0::2]), 1 + sum(self.bets[1::2])]
        winner = int(pot[1] > pot[0]) if pot[0] != pot[1] else int(self.cards[1] > self.cards[0])
        won = float(min(pot))
        return [won, -won] if winner == 0 else [-won, won]

    def check_invariants(self) -> None:
        """What the declared fields cannot say: the deal is whole before a move, and only a pass, bet
        has a third move (the saved-state schema checks each field's type and bounds)."""
        c, b = self.cards, self.bets
        if not ((len(c) == 2 or self.chance_nodes and not b) and (len(b) < 3 or b[:2] == [PASS, BET])):
            raise StateError(f"kuhn_poker_v0: not a Kuhn poker position: cards {c!r}, bets {b!r}, "
                             f"chance_nodes {self.chance_nodes!r}")

    def resample_hidden(self, player: int, rng: np.random.Generator) -> KuhnState:
        """The other seat's card (if dealt) redrawn from the cards ``player`` does not hold."""
        s, other = self.clone(), 1 - player
        if other < len(s.cards):
            free = [c for c in range(3) if c not in s.cards[player:player + 1]]
            s.cards[other] = free[int(rng.integers(len(free)))]
        s.rng, s._legal = np.random.default_rng(int(rng.integers(2**63 - 1))), None
        return s

    def action_to_string(self, action: int) -> str:
        return f"deal {CARDS[action]}" if self.current_player() == CHANCE else self.game.action_to_string(action)
