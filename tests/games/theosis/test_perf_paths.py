"""The fast paths: a clone's generator built on first use, and the incremental observation encoder."""

import numpy as np

import mythenv


def _play(state, rng, steps):
    for _ in range(steps):
        if state.is_terminal():
            break
        la = state.legal_actions()
        state.apply_action(la[int(rng.integers(len(la)))])


def test_clone_draws_what_the_original_would_have_drawn():
    game = mythenv.make_game("theosis_v0")
    rng = np.random.default_rng(0)
    s = game.new_initial_state(seed=4)
    _play(s, rng, 40)
    expect = s.rng.bit_generator.state
    c = s.clone()
    cc = c.clone()  # a clone of a clone whose generator was never built
    _play(s, rng, 40)  # the original draws on: its clones are not affected
    assert c.rng.bit_generator.state == expect
    assert cc.rng.bit_generator.state == expect
    assert c.rng is not cc.rng and c.rng is not s.rng
    a, b = c.clone(), c.clone()
    seq = np.random.default_rng(1).integers(0, 2**31, 60)
    for x in seq:  # the same moves from the same position give the same games
        for st in (a, b):
            if not st.is_terminal():
                la = st.legal_actions()
                st.apply_action(la[int(x) % len(la)])
    assert a.to_dict() == b.to_dict()


def test_encode_update_equals_a_full_encode_at_every_step():
    for cfg in ({}, {"num_players": 4, "mode": "teams_2x2", "variant": "blitz", "expansion": True}):
        game = mythenv.make_game("theosis_v0", **cfg)
        rng = np.random.default_rng(2)
        for seed in range(3):
            s = game.new_initial_state(seed=seed)
            bufs = [np.zeros(game.observation_size, np.float32) for _ in range(game.num_players)]
            memos = [{} for _ in range(game.num_players)]
            while not s.is_terminal():
                for p in range(game.num_players):
                    if rng.random() < 0.5:
                        game.encode_update(s, p, bufs[p], memos[p])
                        assert np.array_equal(bufs[p], game.observation(s, p))
                _play(s, rng, 1)
