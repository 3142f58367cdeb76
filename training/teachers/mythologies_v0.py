"""The Mythologies distillation teachers: a trained policy in the selection phase, the heuristic's
placement (``HybridTeacher``) or the heuristic's placement lookahead scored with the policy's value
network as well (``ValueTeacher``, expert iteration).

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

``ValueTeacher`` rates each placement option as the heuristic does (the option, then the heuristic's
greedy choices up to the next turn-level choice) and mixes that with the value network's estimate of
the state it leads to, from the seat's own observation: ``(1 - w) * evaluation / 10 + w * value``
(the heuristic's evaluation is in Favors, 10 of them about a game's margin; the value is the expected
+-1 result). ``TEACHER_MODEL`` (environment) or ``model`` names the SB3 zip holding the value network
(training/reproduce.py saves the run's current model there); ``TEACHER_VALUE_WEIGHT`` or
``value_weight`` sets w (0.15 by default). Measured with the 1M-step policy of
training/state/mythologies_v0 (selection and value) against the heuristic, seats rotated
(``TEACHER_VALUE_WEIGHT=W TEACHER_MODEL=M.zip TEACHER_POLICY=P.npz mythenv arena mythologies_v0
--agents python:training/teachers/mythologies_v0.py:ValueTeacher,heuristic --games 400 --workers 2
--seed 555``): w = 1 (the value alone) 0.27 (200 games), 0.5 0.63 (200 games), 0.3 0.65, 0.15
0.725, 0.08 0.72; at seed 20261201 w = 0.5 0.60, 0.3 0.67; the HybridTeacher 0.57 / 0.54 on the
same seeds (the sweep ran as an experiment script computing the same score, whose random tie-break
differs; this class at w = 0.15, seed 20261201, 200 games: 0.725). The heuristic's evaluation is short-sighted (one turn); the value network
knows what the rest of the game makes of a position but not its fine differences: the mix uses each
for what it sees.
"""

from __future__ import annotations

import os

import numpy as np

from mythenv.agents.base import Agent
from mythenv.agents.numpy_policy import make_ppo_agent
from mythenv.games.mythologies.heuristic import heuristic_ties, option_value
from mythenv.games.mythologies.rules.tables import SEL

VALUE_WEIGHT = 0.15


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


class ValueTeacher(HybridTeacher):
    name = "mythologies-value-teacher"

    def __init__(self, game, seed=None, path: str | None = None, model: str | None = None,
                 value_weight: float | None = None):
        super().__init__(game, seed, path)
        model = model or os.environ.get("TEACHER_MODEL")
        if not model:
            raise ValueError("the Mythologies value teacher needs an SB3 model with its value network: "
                             "model=... or TEACHER_MODEL")
        import torch
        from sb3_contrib import MaskablePPO

        torch.set_num_threads(1)
        self.torch = torch
        self.model = MaskablePPO.load(model, device="cpu")
        self.w = float(value_weight if value_weight is not None
                       else os.environ.get("TEACHER_VALUE_WEIGHT", VALUE_WEIGHT))

    def act_with_ties(self, view):
        """The best rated option and every option rated as high (equal successor states)."""
        la = view.legal_actions
        if view.known.phase == SEL:
            return super().act_with_ties(view)
        if len(la) == 1:
            return la[0], [la[0]]
        p, game = view.seat, self.game
        after, vals, obs = [], [], []
        for a in la:
            state, v = option_value(view.known, p, a)
            after.append(state)
            vals.append(v / 10.0)
            obs.append(np.zeros(game.observation_size, np.float32) if state.is_terminal()
                       else np.asarray(game.observation(state, p), np.float32))
        with self.torch.no_grad():
            value = self.model.policy.predict_values(self.torch.as_tensor(np.stack(obs))).numpy().ravel()
        value = [float(s.returns()[p]) if s.is_terminal() else float(x) for s, x in zip(after, value)]
        score = (1 - self.w) * np.array(vals) + self.w * np.array(value)
        best = score.max()
        tied = [a for a, x in zip(la, score) if x >= best - 1e-9]
        return tied[int(self.rng.integers(len(tied)))], tied
