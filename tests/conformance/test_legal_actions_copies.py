"""Conformance: ``legal_actions()`` hands out a fresh list in every game and config.

A caller (an agent, a wrapper, a search) that appends to, clears or pops from the list it was given
must not change what the game reports or accepts: the legal actions, the mask and the actions
``apply_action`` takes stay the same. (The core wraps every game's ``legal_actions`` so that it
copies; the games' hot paths read ``_legal_view`` without a copy.)
"""

import numpy as np
import pytest

import mythenv
from mythenv.core.errors import IllegalActionError

from .cases import SUITE_CASES as CASES  # the test games too
from .helpers import mask_of

SEEDS = (0, 1, 2)
MAX_STEPS = 3000


def _illegal(game, legal: list[int]) -> int:
    """An action id of the codec that is not legal here (or one past the codec if all are)."""
    have = set(legal)
    for a in range(game.num_actions):
        if a not in have:
            return a
    return game.num_actions


@pytest.mark.parametrize("gid,cfg", CASES)
def test_legal_actions_is_a_copy(gid, cfg):
    game = mythenv.make_game(gid, **cfg)
    for seed in SEEDS:
        state = game.new_initial_state(seed=seed)
        rng = np.random.default_rng(seed)
        steps = 0
        while not state.is_terminal() and steps < MAX_STEPS:
            # the first call after a move may be the one that builds the game's cache: mutate that one
            first = state.legal_actions()
            ref = list(first)
            assert ref, f"{gid} {cfg}: no legal action in a live state at step {steps}"
            bad = _illegal(game, ref)
            first.append(bad)
            assert state.legal_actions() == ref
            ref_mask = mask_of(game, state)
            assert sorted(np.flatnonzero(ref_mask).tolist()) == sorted(set(ref))

            again = state.legal_actions()
            assert again is not first
            again.clear()
            assert state.legal_actions() == ref
            assert np.array_equal(mask_of(game, state), ref_mask)

            popped = state.legal_actions()
            a = popped.pop(int(rng.integers(len(popped))))
            assert state.legal_actions() == ref
            assert np.array_equal(mask_of(game, state), ref_mask)

            # the appended id is still refused (and refusing it leaves the state as it was) ...
            with pytest.raises(IllegalActionError):
                state.apply_action(bad)
            assert state.legal_actions() == ref
            # ... and the popped one, a legal action, is still accepted
            state.apply_action(a)
            steps += 1
