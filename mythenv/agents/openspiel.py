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

import numpy as np

from mythenv.core.errors import ConfigError
from mythenv.core.game import Game
from mythenv.core.view import SeatView

from .base import Agent

BOTS = ("mcts", "ismcts")


class OpenSpielBotAgent(Agent):
    name = "openspiel"

    def __init__(self, game: Game, seed: int | None = None, bot: str = "mcts", simulations: int = 16,
                 uct_c: float = 2.0, rollouts: int = 1):
        super().__init__(game, seed)
        if bot not in BOTS:
            raise ConfigError(f"openspiel agent: bot={bot!r} is not allowed; allowed: {', '.join(map(repr, BOTS))}")
        if int(simulations) <= 0 or int(rollouts) <= 0:
            raise ConfigError(f"openspiel agent: simulations={simulations} and rollouts={rollouts} must be positive")
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
        a = int(self._bot.step(self._mos.wrap_state(self.sgame, view.determinize())))
        return a if a in la else la[int(self.rng.integers(len(la)))]


__all__ = ["BOTS", "OpenSpielBotAgent"]
