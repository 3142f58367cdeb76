"""Reward shaping in the batched engine (``make_vec(..., shaping=W, gamma=g)``): each learner step pays
``g * phi(s') - phi(s)`` on top of the game's reward, ``phi = W x`` (the learner's ``State.progress()``
less the other seats' mean), ``phi = 0`` at the end (Ng, Harada & Russell 1999), as ``mythenv train``'s
single-game envs do. The expected rewards here are computed from the states' ``progress()`` directly."""

from __future__ import annotations

import numpy as np
import pytest

from mythenv.core.errors import ConfigError
from mythenv.vector import make_vec

CASES = [("mythologies_v0", {}, "heuristic"), ("theosis_v0", {"mode": "solo", "num_players": 1}, "random")]


def margin(state, seat: int) -> float:
    sc = state.progress()
    others = [x for q, x in enumerate(sc) if q != seat]
    return sc[seat] - (sum(others) / len(others) if others else 0.0)


def play(vec, steps: int, seed: int = 0):
    """Random masked play; per step: the rewards, ends, returns and final seats, and each row's potential
    before and after the step, computed from the rows' states (None for workers' rows, out of reach)."""
    rng = np.random.default_rng(seed)
    vec.reset()
    local = hasattr(vec, "states")
    out = []
    for _ in range(steps):
        before = [margin(st, p) for st, p in zip(vec.states, vec._seats)] if local else None
        masks = vec.action_masks()
        _, rew, term, _, info = vec.step(np.array([rng.choice(np.flatnonzero(m)) for m in masks]))
        after = [margin(st, p) for st, p in zip(vec.states, vec._seats)] if local else None
        out.append((rew.copy(), term.copy(), info["returns"].copy(), info["final_seat"].copy(), before, after))
    return out


@pytest.mark.parametrize("gid,config,opponents", CASES)
def test_each_step_pays_the_potential_difference(gid, config, opponents):
    """Shaped minus the unshaped engine's reward, row by row (the same seeds: shaping draws no random
    numbers, so the games are the same): ``g * W * margin(s') - W * margin(s)`` where the game goes on,
    ``- W * margin(s)`` on the step that ends it (its reward is the return)."""
    w, g = 0.5, 0.9
    shaped = make_vec(gid, 4, opponents=opponents, seed=3, shaping=w, gamma=g, **config)
    plain = make_vec(gid, 4, opponents=opponents, seed=3, **config)
    a, b = play(shaped, 150), play(plain, 150)
    moved = ended = 0
    for (rew, term, ret, fseat, before, after), (rew0, term0, ret0, _, _, _) in zip(a, b):
        assert np.array_equal(term, term0) and np.array_equal(ret, ret0)
        for i in range(4):
            if term[i]:
                expect = ret[i][fseat[i]] - w * before[i]
                ended += 1
            else:
                expect = g * w * after[i] - w * before[i]
                assert rew0[i] == 0.0
            assert rew[i] == pytest.approx(expect, abs=1e-5)
            moved += abs(expect) > 1e-9 and not term[i]
    assert moved > 0 and ended > 0


def test_undiscounted_shaping_sums_to_the_return_less_the_start():
    """With ``gamma = 1`` an episode's shaped rewards sum to its return less ``phi(s0)`` (0 when every
    seat starts level): the shaping changes no policy's ranking."""
    vec = make_vec("mythologies_v0", 4, opponents="random", seed=5, shaping=1.0, gamma=1.0)
    totals, done = np.zeros(4), []
    for rew, term, ret, fseat, _, _ in play(vec, 1500, seed=1):
        totals += rew
        for i in np.flatnonzero(term):
            done.append((totals[i], ret[i][fseat[i]]))
            totals[i] = 0.0
    assert len(done) >= 4
    for total, ret in done:
        assert total == pytest.approx(ret, abs=1e-4)


def test_shaped_rows_are_the_same_with_two_workers():
    runs = []
    for workers in (1, 2):
        vec = make_vec("mythologies_v0", 4, opponents="heuristic", seed=9, num_workers=workers, shaping=0.2)
        try:
            runs.append([(r, t) for r, t, *_ in play(vec, 80)])
        finally:
            vec.close()
    for (r1, t1), (r2, t2) in zip(*runs):
        assert np.array_equal(r1, r2) and np.array_equal(t1, t2)
    assert any(r.any() for r, _ in runs[0])


def test_shaping_options_are_validated():
    for bad in (-0.1, float("nan"), float("inf"), True, "1", 1001, None):
        with pytest.raises(ConfigError, match="shaping="):
            make_vec("mythologies_v0", 2, shaping=bad)
    for bad in (0, 1.5, float("nan"), False, "0.9"):
        with pytest.raises(ConfigError, match="gamma="):
            make_vec("mythologies_v0", 2, shaping=0.1, gamma=bad)
    with pytest.raises(ConfigError, match="self_play"):
        make_vec("mythologies_v0", 2, self_play=True, shaping=0.1)
    with pytest.raises(ConfigError, match="hera_zeus_v0 keeps no points"):
        make_vec("hera_zeus_v0", 2, shaping=0.1)
    assert make_vec("hera_zeus_v0", 2, shaping=0).shaping == 0.0   # off: any game
