"""examples/cleanrl_ppo.py trains on the batched engine with tiny sizes: the steps add up, the losses are
finite and every sampled action was legal (the engine raises IllegalActionError otherwise)."""
import importlib.util
import math
from pathlib import Path

import numpy as np

import mythenv

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "cleanrl_ppo.py"


def _load():
    spec = importlib.util.spec_from_file_location("cleanrl_ppo_example", EXAMPLE)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_cleanrl_ppo_tiny_run(capsys):
    mod = _load()
    res = mod.main(["--game", "hera_zeus_v0", "--num-envs", "8", "--num-steps", "16", "--total-steps", "256",
                    "--hidden", "32", "--opponents", "heuristic=0.35,random=0.35", "--seed", "0",
                    "--eval-games", "4", "--quiet"])
    assert res["steps"] == 256
    assert res["seconds"] > 0 and res["steps_per_s"] > 0
    assert res["losses"], "no minibatch update ran"
    for loss in res["losses"]:
        assert all(math.isfinite(v) for v in loss.values()), loss
    assert 0.0 <= res["win_rate"] <= 1.0
    assert "learner steps/s" in capsys.readouterr().out


def test_masked_policy_only_picks_legal_actions():
    """The masked logits put no probability on illegal actions: sampled actions are legal in every row."""
    import torch
    mod = _load()
    env = mythenv.make_vec("hera_zeus_v0", 8, opponents="random", seed=1)
    obs, _ = env.reset()
    agent = mod.Agent(env.single_observation_space.shape[0], int(env.single_action_space.n), [32])
    for _ in range(50):
        mask = env.action_masks().copy()
        with torch.no_grad():
            action, logp, _, _ = agent.act(torch.from_numpy(obs), torch.from_numpy(mask))
        a = action.numpy()
        assert mask[np.arange(8), a].all()
        assert torch.isfinite(logp).all()
        obs, *_ = env.step(a)    # IllegalActionError here if a mask were ignored
    env.close()


def test_parse_opponents():
    mod = _load()
    assert mod.parse_opponents("heuristic") == "heuristic"
    assert mod.parse_opponents("heuristic=0.35,random=0.35") == {"heuristic": 0.35, "random": 0.35}
