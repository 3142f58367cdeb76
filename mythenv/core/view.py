"""SeatView: everything one seat may know when it acts, and nothing more.

Agents (baselines and users' policies) are handed a SeatView: the observation vector, the action
mask and legal actions, and :meth:`SeatView.determinize`, a full state sampled from what the seat
knows (``State.resample_hidden``), which rule-based and search agents may read freely because the
hidden parts of it are random.
"""

from __future__ import annotations

from functools import cached_property

import numpy as np

from .game import Game, State


class SeatView:
    __slots__ = ("game", "seat", "_state", "rng", "__dict__")

    def __init__(self, game: Game, state: State, seat: int, rng: np.random.Generator,
                 determinized: bool = False):
        self.game = game
        self.seat = seat
        self._state = state
        self.rng = rng
        if determinized:
            # the state is already a sample of what the seat may believe (search rollouts): the
            # view reads it directly instead of resampling it again
            self.__dict__["known"] = state

    @cached_property
    def legal_actions(self) -> list[int]:
        return self._state.legal_actions() if self._state.current_player() == self.seat else []

    @cached_property
    def observation(self) -> np.ndarray:
        return self.game.observation(self._state, self.seat)

    @cached_property
    def action_mask(self) -> np.ndarray:
        m = np.zeros(self.game.num_actions, np.int8)
        if self.legal_actions:
            m[self.legal_actions] = 1
        return m

    def obs_dict(self) -> dict[str, np.ndarray]:
        return {"observation": self.observation, "action_mask": self.action_mask}

    def piece(self, name: str) -> np.ndarray:
        return self.game.observer.piece(self.observation, name)

    def determinize(self) -> State:
        """A fresh full state consistent with this seat's knowledge (hidden parts resampled)."""
        return self._state.resample_hidden(self.seat, self.rng)

    @cached_property
    def known(self) -> State:
        """One determinization, cached for this decision (read only your own / public parts)."""
        return self.determinize()

    def action_to_string(self, a: int) -> str:
        return self._state.action_to_string(a)

    def render(self) -> str:
        """The text view of the table from this seat (what its player sees: ``State.render(seat)``)."""
        return self._state.render(self.seat)
