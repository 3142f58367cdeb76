"""The fast paths: a clone's generator built on first use, and the state's fields as ``__slots__``."""

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


def test_every_field_is_a_slot():
    """The state's fields are ``__slots__`` (rules/state.py): a field set outside them would land in
    the instance dict, and CPython 3.11 stops specialising the rules' method calls on such a state.
    Every test config is played, cloned, saved and loaded, resampled and encoded; no field may
    reach the dict, and every slot is set."""
    from mythenv.games.theosis.rules.state import StateBase

    cls = mythenv.game_class("theosis_v0")
    rng = np.random.default_rng(3)
    for cfg in [{}] + [dict(c) for c in cls.test_configs]:
        game = mythenv.make_game("theosis_v0", **cfg)
        s = game.new_initial_state(seed=5)
        seen = [s]
        while not s.is_terminal():
            if rng.random() < 0.05:
                c = s.clone()
                c.legal_actions()
                r = s.resample_hidden(s.current_player(), rng)
                r.legal_actions()
                game.observation(s, s.current_player())
                seen += [c, r, game.state_from_dict(s.to_dict())]
            la = s.legal_actions()
            s.apply_action(la[int(rng.integers(len(la)))])
        s.returns()
        s.to_dict()
        for st in seen:
            assert vars(st) == {}, (cfg, sorted(vars(st)))
            unset = [n for n in StateBase.__slots__ if not hasattr(st, n)]
            assert not unset, (cfg, unset)  # every field set in every state (a clone, a load...)
