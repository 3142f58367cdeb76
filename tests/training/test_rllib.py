"""A tiny RLlib training iteration on a local Ray (needs the distributed extra; skipped without it)."""

import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("ray.rllib")
torch = pytest.importorskip("torch")

ROOT = Path(__file__).resolve().parents[2]


def test_masked_module_gives_zero_probability_to_illegal_actions():
    import gymnasium
    from ray.rllib.core.columns import Columns

    from mythenv.train.rllib import MaskedPPOTorchRLModule

    obs_space = gymnasium.spaces.Dict({"observation": gymnasium.spaces.Box(0, 1, (6,), np.float32),
                                       "action_mask": gymnasium.spaces.Box(0, 1, (5,), np.int8)})
    m = MaskedPPOTorchRLModule(observation_space=obs_space, action_space=gymnasium.spaces.Discrete(5),
                               model_config={"fcnet_hiddens": [8], "head_fcnet_hiddens": []})
    mask = torch.tensor([[0, 1, 0, 1, 0], [1, 0, 0, 0, 0]], dtype=torch.int8)
    batch = {Columns.OBS: {"observation": torch.rand(2, 6), "action_mask": mask}}
    for fwd in (m.forward_exploration, m.forward_inference, m.forward_train):
        logits = fwd(dict(batch))[Columns.ACTION_DIST_INPUTS]
        probs = torch.softmax(logits, -1)
        assert torch.all(probs[mask == 0] == 0) and torch.allclose(probs.sum(-1), torch.ones(2))
    assert m.compute_values(dict(batch)).shape == (2,)


def test_rllib_script_runs_iterations_on_local_ray(tmp_path):
    """Illegal actions raise in the env, so finishing the iterations shows the masks reach the policy."""
    sys.path.insert(0, str(ROOT / "training"))
    import rllib_train

    rc = rllib_train.main(["hera_zeus_v0", "--num-env-runners", "1", "--iterations", "2",
                           "--train-batch-size", "300", "--minibatch-size", "100", "--num-epochs", "1",
                           "--num-cpus", "2", "--out", str(tmp_path / "ckpt"), "--policy", "per-seat"])
    assert rc == 0
    assert any((tmp_path / "ckpt").iterdir())
