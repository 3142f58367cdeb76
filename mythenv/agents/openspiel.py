"""OpenSpiel's search bots as arena agents, through the bridge (:mod:`mythenv.openspiel`):
``openspiel`` (``openspiel:bot=mcts:simulations=16``, ``openspiel:bot=ismcts``).

Each decision hands the bot a pyspiel state over a determinization of the seat's view
(``SeatView.determinize``: what the seat knows, the hidden rest resampled), so the bot never reads
what its seat cannot see: ``bot="mcts"`` is OpenSpiel's ``MCTSBot`` (UCT with random rollouts,
``RandomRolloutEvaluator``) searching that one sampled world; ``bot="ismcts"`` is its ``ISMCTSBot``,
which resamples a world per simulation itself (``allow_inconsistent_action_sets=True``). Needs the
openspiel extra.
"""

from __future__ import annotations

import math
import time

import numpy as np

from mythenv.core.errors import ConfigError
from mythenv.core.game import Game
from mythenv.core.view import SeatView

from .base import Agent, is_int, is_number

BOTS = ("mcts", "ismcts")


class OpenSpielBotAgent(Agent):
    name = "openspiel"

    def __init__(self, game: Game, seed: int | None = None, bot: str = "mcts", simulations: int = 16,
                 uct_c: float = 2.0, rollouts: int = 1, time_limit: float | None = None):
        super().__init__(game, seed)
        if bot not in BOTS:
            raise ConfigError(f"openspiel agent: bot={bot!r} is not allowed; allowed: {', '.join(map(repr, BOTS))}")
        # OpenSpiel's MCTSBot needs two simulations at least (one expands the root, one picks a child)
        if not is_int(simulations) or simulations < 2:
            raise ConfigError(f"openspiel agent: simulations={simulations!r} must be an integer >= 2")
        if not is_int(rollouts) or rollouts < 1:
            raise ConfigError(f"openspiel agent: rollouts={rollouts!r} must be a positive integer")
        if not (is_number(uct_c) and uct_c > 0):
            raise ConfigError(f"openspiel agent: uct_c={uct_c!r} must be a finite number > 0")
        if time_limit is not None and not (is_number(time_limit) and time_limit > 0):
            raise ConfigError(f"openspiel agent: time_limit={time_limit!r} must be a positive number of seconds")
        self.time_limit = time_limit
        try:
            from open_spiel.python.algorithms import ismcts, mcts

            import mythenv.openspiel as mos
        except ImportError as e:
            raise ConfigError(f"openspiel agent needs OpenSpiel ({e}): pip install 'mythenv[openspiel]'") from None
        self._mos, self._mcts, self._ismcts = mos, mcts, ismcts
        self.sgame = mos.load(game)
        self.bot, self.simulations, self.uct_c, self.rollouts = bot, int(simulations), float(uct_c), int(rollouts)
        self._make_bot()

    def _make_bot(self) -> None:
        rs = np.random.RandomState(int(self.rng.integers(2**31)))
        ev = self._mcts.RandomRolloutEvaluator(self.rollouts, rs)
        if self.time_limit is not None:
            ev = _DeadlineEvaluator(ev, self.game.num_players)
        self._evaluator = ev
        if self.bot == "mcts":
            self._bot = self._mcts.MCTSBot(self.sgame, self.uct_c, self.simulations, ev, random_state=rs)
        else:
            self._bot = self._ismcts.ISMCTSBot(self.sgame, ev, self.uct_c, self.simulations, random_state=rs,
                                               allow_inconsistent_action_sets=True)

    def reset(self, seat: int, seed: int | None = None) -> None:
        super().reset(seat, seed)
        self._make_bot()

    def act(self, view: SeatView) -> int:
        la = view.legal_actions
        if len(la) == 1:
            return la[0]
        if isinstance(self._evaluator, _DeadlineEvaluator):
            self._evaluator.deadline = time.monotonic() + self.time_limit
        a = int(self._bot.step(self._mos.wrap_state(self.sgame, view.determinize())))
        return a if a in la else la[int(self.rng.integers(len(la)))]


class _DeadlineEvaluator:
    """OpenSpiel's evaluator interface around another one: past ``deadline`` (a ``time.monotonic()``
    time) a leaf is valued 0 for every seat instead of being rolled out, so the remaining simulations
    only walk the tree and a decision ends soon after its time budget."""

    def __init__(self, inner, num_players: int):
        self.inner, self.deadline = inner, math.inf
        self._zeros = np.zeros(num_players)

    def evaluate(self, state):
        if time.monotonic() > self.deadline:
            return self._zeros
        return self.inner.evaluate(state)

    def prior(self, state):
        return self.inner.prior(state)


__all__ = ["BOTS", "OpenSpielBotAgent"]
