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


def python_observation(game, state, p: int) -> np.ndarray:
    """Seat ``p``'s observation by the game's Python encoder (the reference), whatever is compiled."""
    out = np.zeros(game.observation_size, np.float32)
    game.encode(state, p, out)
    return out


def check_incremental(game, state, rng, bufs, memos, every: bool, prob: float = 0.3) -> int:
    """Update some seats' buffers with ``Game.encode_update_python`` (every seat when ``every``, else
    each with probability ``prob``) and assert each equals a full Python encode of ``state``; returns
    how many buffers were checked."""
    checked = 0
    for p in range(game.num_players):
        if every or rng.random() < prob:
            game.encode_update_python(state, p, bufs[p], memos[p])
            want = python_observation(game, state, p)
            assert np.array_equal(bufs[p], want), (p, np.flatnonzero(bufs[p] != want))
            checked += 1
    return checked


def play_incremental(game, seeds, rng, every: bool, prob: float = 0.3, strided: bool = False,
                     max_steps: int = 100_000) -> int:
    """Random games from each of ``seeds`` with :func:`check_incremental` before every move and at the
    end (every seat then); returns how many buffers were checked. ``strided``: the buffers are views
    with a stride, which ``encode_update`` cannot update in place (it re-encodes them)."""
    checked = 0
    size = game.observation_size
    for seed in seeds:
        state = game.new_initial_state(seed=seed)
        if strided:
            bufs = [np.zeros(2 * size, np.float32)[::2] for _ in range(game.num_players)]
        else:
            bufs = [np.zeros(size, np.float32) for _ in range(game.num_players)]
        memos = [{} for _ in range(game.num_players)]
        steps = 0
        while not state.is_terminal() and steps < max_steps:
            checked += check_incremental(game, state, rng, bufs, memos, every, prob)
            la = state.legal_actions()
            state.apply_action(la[int(rng.integers(len(la)))])
            steps += 1
        checked += check_incremental(game, state, rng, bufs, memos, True)
    return checked


def play_resampled_incremental(game, state, rng) -> int:
    """For every seat: a world resampled from that seat's view of ``state``, played out at random with
    the seat's incrementally updated buffer checked against a full encode after every move; returns
    how many buffers were checked."""
    checked = 0
    for p in range(game.num_players):
        s = state.resample_hidden(p, rng)
        buf, memo = np.zeros(game.observation_size, np.float32), {}
        while not s.is_terminal():
            game.encode_update_python(s, p, buf, memo)
            want = python_observation(game, s, p)
            assert np.array_equal(buf, want), (p, np.flatnonzero(buf != want))
            checked += 1
            la = s.legal_actions()
            s.apply_action(la[int(rng.integers(len(la)))])
    return checked
