"""PufferLib over the batched engine (mythenv.vector.adapters.to_pufferlib / make_pufferlib), with
PufferLib unmodified: its native vectorization (the env is the vecenv), its Serial and Multiprocessing
backends, legal masked play from the mask in the observation, and every value the engine's own.

PufferLib is not among the project's extras (docs/vector.md, PufferLib, says why): these tests run where
it is installed (``pip install --no-deps pufferlib-core==3.0.23 rich-argparse`` beside torch 2.13) and
are skipped elsewhere."""

from __future__ import annotations

from functools import partial

import numpy as np
import pytest

from mythenv.core.errors import ConfigError
from mythenv.vector import make_vec

pufferlib = pytest.importorskip("pufferlib", reason="pufferlib is not installed (docs/vector.md: PufferLib)")
vector = pytest.importorskip("pufferlib.vector")

from mythenv.vector.adapters import make_pufferlib, to_pufferlib  # noqa: E402


def masked_actions(obs: np.ndarray, D: int, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal action per agent, from the mask in the observation's last columns."""
    return np.array([rng.choice(np.flatnonzero(m)) for m in obs[:, D:] > 0], np.int32)


def test_native_pufferenv_is_the_engine():
    """pufferlib.vector.make with the native backend returns the PufferEnv itself (one agent per row);
    its observations are the engine's followed by the masks, its rewards and ends the engine's, games
    restart in the same step, and the infos list has one dict per ended game."""
    n = 6
    env = vector.make(partial(make_pufferlib, "hera_zeus_v0", n, opponents="heuristic"), seed=3)
    assert isinstance(env, pufferlib.PufferEnv) and env.num_agents == n
    D, A = env.observation_size, env.num_actions
    assert env.single_observation_space.shape == (D + A,) and env.single_action_space.n == A
    ref = make_vec("hera_zeus_v0", n, opponents="heuristic")
    obs, _ = env.reset(seed=3)
    ref_obs, _ = ref.reset(seed=3)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(250):
        np.testing.assert_array_equal(obs[:, :D], ref_obs)
        np.testing.assert_array_equal(obs[:, D:] > 0, ref.action_masks())
        np.testing.assert_array_equal(env.action_masks(), ref.action_masks())
        acts = masked_actions(obs, D, rng)
        obs, rew, term, trunc, infos = env.step(acts)
        ref_obs, ref_rew, ref_term, _, ref_info = ref.step(acts)
        np.testing.assert_array_equal(rew, ref_rew)
        np.testing.assert_array_equal(term, ref_term)
        assert len(infos) == int(ref_term.sum())
        for info, i in zip(infos, np.flatnonzero(ref_term)):
            assert info == {"episode_return": float(ref_rew[i]), "episode_length": int(ref_info["episode_length"][i]),
                            "seat": int(ref_info["final_seat"][i]), "returns": ref_info["returns"][i].tolist()}
        ended += int(term.sum())
    assert ended >= n
    # PufferLib's own send / recv protocol (what its trainer calls)
    env.send(masked_actions(obs, D, rng))
    out = env.recv()
    assert out[0] is env.observations and out[0].shape == (n, D + A)
    env.close()
    ref.close()


@pytest.mark.parametrize("backend", ["Serial", "Multiprocessing"])
def test_pufferlib_backends(backend):
    """PufferLib's Serial and Multiprocessing backends over two engines (each built by make_pufferlib in
    PufferLib's buffers; Multiprocessing's are shared memory): legal masked play, games end, and each
    engine's rows are those of make_vec with PufferLib's seed for it (seed + i)."""
    kwargs = {"num_workers": 2} if backend == "Multiprocessing" else {}
    vec = vector.make(partial(make_pufferlib, "mythologies_v0", 3), backend=getattr(vector, backend),
                                num_envs=2, seed=5, **kwargs)
    try:
        refs = [make_vec("mythologies_v0", 3) for _ in range(2)]
        obs, _ = vec.reset(seed=5)
        ref_obs = np.concatenate([r.reset(seed=5 + i)[0] for i, r in enumerate(refs)])
        D = ref_obs.shape[1]
        assert obs.shape[0] == 6
        rng = np.random.default_rng(1)
        ended = 0
        for _ in range(150):
            np.testing.assert_array_equal(obs[:, :D], ref_obs)
            np.testing.assert_array_equal(obs[:, D:] > 0, np.concatenate([r.action_masks() for r in refs]))
            acts = masked_actions(obs, D, rng)
            obs, rew, term, trunc, infos = vec.step(acts)
            outs = [r.step(acts[3 * i:3 * i + 3]) for i, r in enumerate(refs)]
            ref_obs = np.concatenate([o[0] for o in outs])
            np.testing.assert_array_equal(rew, np.concatenate([o[1] for o in outs]))
            np.testing.assert_array_equal(term, np.concatenate([o[2] for o in outs]))
            ended += int(term.sum())
        assert ended >= 1
    finally:
        vec.close()


def test_self_play_is_refused():
    with pytest.raises(ConfigError, match="self-play"):
        to_pufferlib(make_vec("hera_zeus_v0", 2, self_play=True))
