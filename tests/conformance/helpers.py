import numpy as np


def random_walk(state, rng, max_steps, on_step=None):
    """Play uniformly random legal actions until the end (or ``max_steps``); returns the actions."""
    actions = []
    while not state.is_terminal() and len(actions) < max_steps:
        la = state.legal_actions()
        assert la, f"no legal action in a live state at step {len(actions)}"
        a = la[int(rng.integers(len(la)))]
        if on_step is not None:
            on_step(state, a, len(actions))
        state.apply_action(a)
        actions.append(a)
    return actions


def mask_of(game, state):
    m = np.zeros(game.num_actions, np.int8)
    state.legal_mask(m)
    return m
