"""A tiny RLlib training iteration on a local Ray (needs the distributed extra; skipped without it)."""

import json
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("ray.rllib")
torch = pytest.importorskip("torch")

from ..conformance.cases import CASES  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("gid,cfg", CASES)
def test_rllib_pettingzoo_env_passes_rllib_env_checker(gid, cfg):
    """RLlib's own PettingZooEnv wrapper over the default AEC env, checked by the function its env
    runners call when ``disable_env_checking`` is off (it steps unmasked sampled actions), then a few
    hundred steps of sampled actions through the wrapper: illegal ones end the game with the offender
    at -1 (PettingZoo classic), which the wrapper reports as ``__all__`` done."""
    import warnings

    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
    from ray.rllib.utils.pre_checks.env import check_multiagent_environments

    import mythenv
    from mythenv.core.errors import IllegalActionWarning

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", IllegalActionWarning)
        env = PettingZooEnv(mythenv.make_env(gid, **cfg))
        check_multiagent_environments(env)
        rng = np.random.default_rng(0)
        obs, infos = env.reset(seed=0)
        ends = 0
        for step in range(300):
            (agent, o), = obs.items()
            space = env.get_action_space(agent)
            action = space.sample() if step % 5 == 0 else int(rng.choice(np.flatnonzero(o["action_mask"])))
            obs, rewards, terms, truncs, infos = env.step({agent: action})
            assert all(env.get_observation_space(a).contains(x) for a, x in obs.items())
            if terms["__all__"] or truncs["__all__"]:
                ends += 1
                obs, infos = env.reset()
        assert ends > 0


def test_rllib_env_runner_builds_with_its_env_checker_on():
    """An RLlib MultiAgentEnvRunner over the plain PettingZooEnv(make_env(...)) with
    ``disable_env_checking=False`` (RLlib's default) runs RLlib's env checker on construction, then
    samples an episode with the masked module (mythenv's training config, checker switched on)."""
    from ray.rllib.env.multi_agent_env_runner import MultiAgentEnvRunner
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
    from ray.tune.registry import register_env

    import mythenv
    from mythenv.train.rllib import build_config

    register_env("mythenv_checked_hera_zeus", lambda cfg: PettingZooEnv(mythenv.make_env("hera_zeus_v0", **cfg)))
    config = build_config("hera_zeus_v0", hiddens=(16,)).environment(
        "mythenv_checked_hera_zeus", env_config={}, disable_env_checking=False)
    runner = MultiAgentEnvRunner(config=config)
    episodes = runner.sample(num_episodes=1)
    assert episodes and episodes[0].is_done
    runner.stop()


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
                           "--num-cpus", "2", "--out", str(tmp_path / "ckpt"), "--policy", "per-seat",
                           "--eval-games", "2"])
    assert rc == 0
    assert any((tmp_path / "ckpt").iterdir())
    # each seat's own policy (seat_0, seat_1) played the evaluation games
    assert json.loads((tmp_path / "ckpt" / "evaluation.json").read_text())["eval"]["random"]["games"] == 2


def test_rllib_script_reports_win_rates_and_the_checkpoint_loads_as_an_agent(tmp_path, capsys):
    """After training the script plays the checkpoint against random and the heuristic in the arena
    (rllib:CHECKPOINT, seats rotated) and writes the win rates; the same checkpoint plays in
    ``mythenv evaluate`` through its directory path."""
    sys.path.insert(0, str(ROOT / "training"))
    import rllib_train

    import mythenv
    from mythenv.agents import make_agent
    from mythenv.agents.loaders import resolve_agent_spec
    from mythenv.core.view import SeatView
    from mythenv.eval.evaluate import evaluate

    ck = tmp_path / "ckpt"
    rc = rllib_train.main(["hera_zeus_v0", "--num-env-runners", "0", "--iterations", "1",
                           "--train-batch-size", "200", "--minibatch-size", "100", "--num-epochs", "1",
                           "--num-cpus", "1", "--out", str(ck), "--eval-games", "4"])
    assert rc == 0
    res = json.loads((ck / "evaluation.json").read_text())
    assert set(res["eval"]) == {"random", "heuristic"}
    for r in res["eval"].values():
        assert r["games"] == 4 and r["ci95"][0] <= r["win_rate"] <= r["ci95"][1]
    assert "vs heuristic: win rate" in capsys.readouterr().out
    assert resolve_agent_spec(str(ck)) == f"rllib:{ck}"
    game = mythenv.make_game("hera_zeus_v0")
    agent = make_agent(f"rllib:{ck}", game, seed=0)
    assert agent.modules == ["shared"]
    state = game.new_initial_state(seed=1)
    agent.reset(state.current_player(), 0)
    view = SeatView(game, state, state.current_player(), np.random.default_rng(0))
    assert agent.act(view) in view.legal_actions
    rep = evaluate(str(ck), games=2, configs=["hera_zeus_v0"], opponents=("random",), ladder=None, progress=False)
    assert rep["configs"]["hera_zeus_v0"]["results"]["random"]["games"] == 2


def test_readme_rllib_example_registers_an_env_rllib_checks():
    """The README's RLlib call ("Using mythenv with ...") runs as written and the env it registers
    passes RLlib's env checker."""
    import re

    from ray.rllib.utils.pre_checks.env import check_multiagent_environments
    from ray.tune.registry import ENV_CREATOR, _global_registry

    blocks = [b for b in re.findall(r"```py\n(.*?)```", (ROOT / "README.md").read_text(), re.S) if "ray.rllib" in b]
    assert len(blocks) == 1
    exec(compile(blocks[0], "README.md RLlib example", "exec"), {})
    env = _global_registry.get(ENV_CREATOR, "hera_zeus")({})
    check_multiagent_environments(env)
