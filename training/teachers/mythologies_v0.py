"""The Mythologies distillation teacher: a trained policy in the selection phase, the heuristic in placement.

Measured (100 games each against the heuristic, seats rotated, from the 700k-step PPO policy of
training/state/mythologies_v0): the PPO policy alone won 0.40; PPO in selection with the heuristic's
one-turn rollouts in placement won 0.645, PPO in placement with the heuristic's selection 0.39. The
policy selects better than the heuristic and places worse, so the recipe's imitation phase fits the
policy to this teacher, which keeps its selection and takes the heuristic's placement. In placement
the heuristic's equally rated actions are all targets (``act_with_ties``): the heuristic breaks 59% of
its slot choices at random among equal slots (measured on 788 slot choices), which a student
fitted to the one it picked learns as noise.

``TEACHER_POLICY`` (environment) or ``path`` names the selection policy: an exported ``.npz`` or an
SB3 zip (training/reproduce.py sets it to the run's newest checkpoint).
"""

from __future__ import annotations

import os

from mythenv.agents.base import Agent
from mythenv.agents.numpy_policy import make_ppo_agent
from mythenv.games.mythologies.heuristic import heuristic_ties
from mythenv.games.mythologies.rules.tables import SEL


class HybridTeacher(Agent):
    name = "mythologies-teacher"

    def __init__(self, game, seed=None, path: str | None = None):
        super().__init__(game, seed)
        path = path or os.environ.get("TEACHER_POLICY")
        if not path:
            raise ValueError("the Mythologies teacher needs its selection policy: path=... or TEACHER_POLICY")
        self.policy = make_ppo_agent(game, seed=seed, path=path)

    def reset(self, seat, seed=None):
        super().reset(seat, seed)
        self.policy.reset(seat, seed)

    def act(self, view):
        return self.act_with_ties(view)[0]

    def act_with_ties(self, view):
        """The action and the actions the teacher rates as high (the heuristic's ties; the policy's
        greedy choice alone)."""
        if view.known.phase == SEL:
            a = self.policy.act(view)
            return a, [a]
        return heuristic_ties(view, self.rng)
