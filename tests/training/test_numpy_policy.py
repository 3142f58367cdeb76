"""The torch-free policy files: export from MaskablePPO, the numpy forward pass equal to torch's,
the shipped policies' records, and the ``ppo`` agent's choice of file."""

import json
from pathlib import Path

import numpy as np
import pytest

from mythenv.agents import make_agent
from mythenv.agents.numpy_policy import NumpyPolicy, shipped_policies
from mythenv.core.errors import ConfigError
from mythenv.core.registry import make_game

ROOT = Path(__file__).resolve().parents[2]


def recorded_observations(game_id, config, n=200, seed=0):
    """Observations (and masks) of the acting seats along seeded random games."""
    from mythenv.core.registry import make_env

    env = make_env(game_id, **config)
    obs, masks, rng, g = [], [], np.random.default_rng(seed), 0
    while len(obs) < n:
        env.reset(seed=seed + g)
        g += 1
        for _agent in env.agent_iter():
            o, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            obs.append(o["observation"].copy())
            masks.append(o["action_mask"].copy())
            legal = np.flatnonzero(o["action_mask"])
            env.step(int(rng.choice(legal)))
            if len(obs) >= n:
                break
    return np.array(obs, dtype=np.float32), np.array(masks)


def torch_logits(policy, obs):
    import torch

    with torch.no_grad():
        x = torch.as_tensor(obs)
        return policy.action_net(policy.mlp_extractor.forward_actor(policy.extract_features(x))).numpy()


def tiny_model(game_id, net_arch=(32, 16), seed=0, game_config=None):
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv

    from mythenv.train.pool import make_env as train_env

    venv = DummyVecEnv([train_env(game_id, {"random": 1.0}, seed, game_config=game_config, monitor=False)])
    return MaskablePPO("MlpPolicy", venv, seed=seed, device="cpu", n_steps=64, batch_size=64,
                       policy_kwargs={"net_arch": list(net_arch)})


@pytest.mark.parametrize("game_id", ["hera_zeus_v0", "demigods_v0"])
def test_export_equals_torch_forward_and_greedy_action(tmp_path, game_id):
    pytest.importorskip("torch")
    from mythenv.agents.numpy_policy import export_sb3

    model = tiny_model(game_id)
    pol = export_sb3(model, tmp_path / "p.npz", {"game": game_id, "game_config": make_game(game_id).config})
    back = NumpyPolicy.load(tmp_path / "p.npz")
    obs, masks = recorded_observations(game_id, {}, n=100)
    want = torch_logits(model.policy, obs)
    for p in (pol, back):
        got = p.logits(obs)
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
        for o, m in zip(obs, masks):  # the greedy masked action is the torch model's
            a, _ = model.predict(o, deterministic=True, action_masks=m.astype(bool))
            assert p.act(o, m) == int(a)
    agent = make_agent(f"ppo:{tmp_path / 'p.npz'}", game_id)
    assert type(agent).__name__ == "NumpyPolicyAgent"


def test_bad_policy_files_are_refused(tmp_path):
    with pytest.raises(ConfigError, match="no policy file"):
        NumpyPolicy.load(tmp_path / "missing.npz")
    (tmp_path / "junk.npz").write_bytes(b"not a zip")
    with pytest.raises(ConfigError, match="not a mythenv policy file"):
        NumpyPolicy.load(tmp_path / "junk.npz")
    np.savez(tmp_path / "other.npz", a=np.zeros(3))
    with pytest.raises(ConfigError, match="not a mythenv policy file"):
        NumpyPolicy.load(tmp_path / "other.npz")
    w = [np.zeros((4, 3), np.float32), np.zeros((2, 4), np.float32)]
    b = [np.zeros(4, np.float32), np.zeros(2, np.float32)]
    NumpyPolicy(w, b, "tanh", {"game": "hera_zeus_v0"}).save(tmp_path / "small.npz")
    pol = NumpyPolicy.load(tmp_path / "small.npz")
    with pytest.raises(ConfigError, match="observation floats"):
        pol.check_game(make_game("hera_zeus_v0"))
    with pytest.raises(ConfigError, match="trained on 'hera_zeus_v0'"):
        pol.check_game(make_game("demigods_v0"))
    with pytest.raises(ConfigError, match="layer 1 takes"):
        NumpyPolicy([w[0], np.zeros((2, 5), np.float32)], b, "tanh", {})


def test_ppo_without_a_path_names_the_shipped_configs():
    """make_agent('ppo', game) picks the shipped policy for the game's config, or says none ships."""
    with pytest.raises(ConfigError, match="no trained policy ships for demigods_v0 .*num_players=5"):
        make_agent("ppo", "demigods_v0", config={"num_players": 5})
    with pytest.raises(ConfigError, match="no trained policy ships for theomachy_v0 .*shipped configs"):
        make_agent("ppo", "theomachy_v0", config={"num_players": 8})


SHIPPED = [p for p in shipped_policies()]


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_shipped_policy_record_and_agent(path):
    """Every shipped file records how it was made, loads for its game and config on the base install,
    and plays a legal game."""
    pol = NumpyPolicy.load(path)
    m = pol.meta
    for key in ("game", "game_config", "algorithm", "steps", "seeds", "wall_time_s", "commit", "recipe",
                "reproduce", "evaluation"):
        assert key in m, key
    assert (ROOT / m["recipe"]).exists()
    ev = m["evaluation"]
    assert ev["games_per_baseline"] >= 1000
    for r in ev["results"].values():
        assert r["games"] >= 1000 and 0 <= r["ci95"][0] <= r["win_rate"] <= r["ci95"][1] <= 1
    game = make_game(m["game"], **{k: v for k, v in m["game_config"].items() if k != "data"})
    agent = make_agent("ppo", game)
    assert agent.policy.meta == m
    from mythenv.eval import run_arena

    s = run_arena(m["game"], ["ppo", "random"], games=2, config=m["game_config"]).summary()
    assert s["games"] == 2


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_shipped_policy_equals_its_torch_network(path):
    """The shipped numpy actor computes the trained torch network's logits on recorded observations
    (the network's weights are kept in training/state/NAME/policy.pt for resuming)."""
    torch = pytest.importorskip("torch")
    pytest.importorskip("sb3_contrib")
    pol = NumpyPolicy.load(path)
    state = ROOT / "training" / "state" / path.stem
    prog = json.loads((state / "progress.json").read_text())
    if prog["steps"] != pol.meta["steps"]:
        pytest.skip(f"training/state/{path.stem} has moved on to {prog['steps']} steps (shipped: {pol.meta['steps']})")
    model = tiny_model(pol.meta["game"], net_arch=pol.meta["net_arch"], game_config=pol.meta["game_config"])
    model.policy.load_state_dict(torch.load(state / "policy.pt", map_location="cpu"))
    obs, _ = recorded_observations(pol.meta["game"], pol.meta["game_config"], n=100)
    np.testing.assert_allclose(pol.logits(obs), torch_logits(model.policy, obs), rtol=1e-4, atol=1e-4)


def test_exported_policy_plays_without_torch(tmp_path):
    """The base install has no torch: an exported policy still plays in the arena (torch and
    sb3-contrib are made unimportable in a fresh interpreter)."""
    import subprocess
    import sys

    game = make_game("demigods_v0")
    rng = np.random.default_rng(0)
    w = [rng.normal(size=(8, game.observation_size)).astype(np.float32),
         rng.normal(size=(game.num_actions, 8)).astype(np.float32)]
    b = [np.zeros(8, np.float32), np.zeros(game.num_actions, np.float32)]
    NumpyPolicy(w, b, "tanh", {"game": "demigods_v0", "game_config": game.config}).save(tmp_path / "p.npz")
    code = ("import sys; sys.modules['torch'] = None; sys.modules['sb3_contrib'] = None\n"
            "from mythenv.eval import run_arena\n"
            f"s = run_arena('demigods_v0', ['ppo:{tmp_path / 'p.npz'}', 'random'], games=2).summary()\n"
            "assert s['games'] == 2, s\n"
            "assert 'torch' not in sys.modules or sys.modules['torch'] is None\n"
            "print('ok')\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr
