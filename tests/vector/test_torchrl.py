"""TorchRL over the batched engine (mythenv.vector.adapters.to_torchrl), with torchrl unmodified: its
own spec checker passes, rollouts with masked policies take legal actions only, and every value is the
engine's own for the same seed and actions. The Gymnasium view beneath it (MaskDictVecEnv: PettingZoo's
observation dict, AutoresetMode.DISABLED) needs no torch and is tested without it."""

from __future__ import annotations

import numpy as np
import pytest

from mythenv.core.errors import StateError
from mythenv.vector import make_vec
from mythenv.vector.adapters import MaskDictVecEnv

NEEDS = "torchrl is not installed (pip install torchrl; the [train] extra has it)"


def torchrl_or_skip():
    return pytest.importorskip("torchrl", reason=NEEDS)


@pytest.fixture(autouse=True)
def one_torch_thread():
    """One torch thread, as the examples run (two threads on two busy cores made a rollout 30x slower)."""
    try:
        import torch
    except ImportError:
        yield
        return
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)


def masked_random_policy(seed: int):
    """A policy sampling uniformly among the legal actions of each row (from "action_mask")."""
    import torch

    gen = torch.Generator().manual_seed(seed)

    def policy(td):
        mask = td["action_mask"]
        return td.set("action", torch.multinomial(mask.float(), 1, generator=gen).squeeze(-1))

    return policy


def all_legal(td) -> bool:
    """Every action of a rollout was masked in at the step it was taken."""
    return bool(td["action_mask"].gather(-1, td["action"].unsqueeze(-1)).all())


# ----------------------------------------------------------------------------- TorchRL
@pytest.mark.parametrize("gid, config", [("hera_zeus_v0", {}), ("theomachy_v0", {}),
                                         ("theosis_v0", {"num_players": 1, "mode": "solo",
                                                         "encounter": "solo_3", "prep": "fast"}),
                                        ("hera_zeus_v0", {"self_play": True})])
def test_check_env_specs(gid, config):
    """TorchRL's own checker: the specs describe what reset and step return (batch size (N,), the mask
    a bool (N, A) observation, categorical actions, the infos' returns, seat and episode length); in
    self-play too (each step's "seat" says whose decision it is)."""
    torchrl_or_skip()
    from torchrl.envs.utils import check_env_specs

    from mythenv.vector.adapters import to_torchrl

    vec = make_vec(gid, 3, seed=0, **config)
    env = to_torchrl(vec)
    assert tuple(env.batch_size) == (3,)
    assert env.observation_spec["observation"].shape == (3, vec.single_observation_space.shape[0])
    assert env.observation_spec["action_mask"].shape == (3, vec.single_action_space.n)
    assert env.full_action_spec["action"].space.n == vec.single_action_space.n
    assert env.observation_spec["returns"].shape == (3, vec.num_players)
    check_env_specs(env, seed=0)
    env.close()


def test_rollout_masked_policies_take_legal_actions_only():
    """env.rollout with a policy sampling from the mask, and with no policy (TorchRL's rand_action,
    which the ActionMask transform restricts to the mask): every action legal, games end and go on."""
    torchrl_or_skip()
    from mythenv.vector.adapters import to_torchrl

    env = to_torchrl(make_vec("hera_zeus_v0", 6, opponents="random", seed=1))
    env.set_seed(1)
    td = env.rollout(300, masked_random_policy(0), break_when_any_done=False)
    assert td.shape == (6, 300) and all_legal(td)
    done = td["next", "done"].squeeze(-1)
    assert done.sum() >= 6                          # every row played through at least one game on average
    assert not td["next", "action_mask"][done].any()   # nothing is legal at a game's end
    assert (td["next", "reward"].squeeze(-1)[~done] == 0).all()
    td2 = env.rollout(200, break_when_any_done=False)    # no policy: env.rand_action, masked by ActionMask
    assert all_legal(td2)
    env.close()


def test_values_are_the_engines_own():
    """The same seed and actions through make_vec directly: every observation, mask, reward, end, seat
    and return of the TorchRL rollout is the engine's, with the ended game's final observation in
    "next" and the row's next game (already started by the engine) in the following step's root."""
    torchrl_or_skip()
    from mythenv.vector.adapters import to_torchrl

    n, steps = 4, 250
    env = to_torchrl(make_vec("hera_zeus_v0", n, opponents="random", seed=7))
    env.set_seed(7)   # resets the engine with seed 7
    td = env.rollout(steps, masked_random_policy(3), break_when_any_done=False, auto_reset=False,
                     tensordict=env.reset())
    env.close()
    assert all_legal(td)

    ref = make_vec("hera_zeus_v0", n, opponents="random", seed=7)
    ref.reset(seed=7)
    obs, info = ref.reset()   # env.reset() above: the rows' generators go on
    ended_games = 0
    for t in range(steps):
        np.testing.assert_array_equal(td["observation"][:, t].numpy(), obs)
        np.testing.assert_array_equal(td["action_mask"][:, t].numpy(), ref.action_masks())
        np.testing.assert_array_equal(td["seat"][:, t].numpy(), info["seat"])
        obs, rew, term, trunc, info = ref.step(td["action"][:, t].numpy())
        nxt = td["next"][:, t]
        ended = term | trunc
        np.testing.assert_array_equal(nxt["reward"].squeeze(-1).numpy(), rew)
        np.testing.assert_array_equal(nxt["terminated"].squeeze(-1).numpy(), term)
        np.testing.assert_array_equal(nxt["done"].squeeze(-1).numpy(), ended)
        expect = np.where(ended[:, None], info["final_observation"], obs)
        np.testing.assert_array_equal(nxt["observation"].numpy(), expect)
        np.testing.assert_array_equal(nxt["action_mask"].numpy(), ref.action_masks() & ~ended[:, None])
        np.testing.assert_array_equal(nxt["seat"].numpy(), np.where(ended, info["final_seat"], info["seat"]))
        np.testing.assert_array_equal(nxt["returns"].numpy()[ended], info["returns"][ended])
        np.testing.assert_array_equal(nxt["episode_length"].numpy()[ended], info["episode_length"][ended])
        ended_games += int(ended.sum())
        obs, info = obs.copy(), {k: np.array(v) for k, v in info.items()}
    assert ended_games >= n
    ref.close()


def test_masked_categorical_actor_and_collector():
    """TorchRL's own policy pieces read the mask: a ProbabilisticActor with MaskedCategorical and a
    Collector over the env (partial resets of the rows that ended) take legal actions only."""
    torchrl_or_skip()
    import torch
    from tensordict.nn import TensorDictModule
    from torchrl.collectors import Collector
    from torchrl.modules import MLP, MaskedCategorical, ProbabilisticActor

    from mythenv.vector.adapters import to_torchrl

    torch.manual_seed(0)
    env = to_torchrl(make_vec("mythologies_v0", 4, seed=0))
    actor = ProbabilisticActor(
        TensorDictModule(MLP(out_features=env.action_spec.space.n, num_cells=[32]),
                         in_keys=["observation"], out_keys=["logits"]),
        in_keys={"logits": "logits", "mask": "action_mask"}, distribution_class=MaskedCategorical,
        return_log_prob=True)
    collector = Collector(env, actor, frames_per_batch=4 * 80, total_frames=4 * 80 * 2,
                          auto_register_policy_transforms=False)
    batches = list(collector)
    collector.shutdown()
    assert len(batches) == 2 and all(all_legal(b) for b in batches)
    assert sum(int(b["next", "done"].sum()) for b in batches) >= 1
    assert torch.isfinite(batches[0]["action_log_prob"]).all()


def test_workers():
    """The sharded engine (num_workers=2) behind TorchRL: specs check and legal masked rollouts."""
    torchrl_or_skip()
    from torchrl.envs.utils import check_env_specs

    from mythenv.vector.adapters import to_torchrl

    env = to_torchrl(make_vec("hera_zeus_v0", 4, num_workers=2, seed=0))
    check_env_specs(env, seed=0)
    assert all_legal(env.rollout(100, masked_random_policy(1), break_when_any_done=False))
    env.close()


# ----------------------------------------------------------------------------- the view, torch-free
def test_mask_dict_view_disabled_autoreset():
    """MaskDictVecEnv: the step that ends a row returns the ended game's final observation and an empty
    mask; the row must be reset (reset_mask) before the next step, and gets the engine's next game."""
    vec = make_vec("hera_zeus_v0", 3, seed=0)
    view = MaskDictVecEnv(vec)
    assert view.metadata["autoreset_mode"] == view.autoreset_mode
    with pytest.raises(StateError, match="reset"):
        view.step(np.zeros(3, int))
    obs, info = view.reset(seed=0)
    assert view.observation_space.contains(obs)
    rng = np.random.default_rng(0)
    for _ in range(2000):
        acts = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
        obs, rew, term, trunc, info = view.step(acts)
        if term.any():
            break
    else:
        raise AssertionError("no game ended")
    assert not obs["action_mask"][term].any() and obs["action_mask"][~term].any(axis=1).all()
    assert (info["returns"][term] != 0).any()
    with pytest.raises(StateError, match="not reset"):
        view.step(acts)
    if not term.all():
        with pytest.raises(StateError, match="have not ended"):
            view.reset(options={"reset_mask": ~term})
    before = obs["observation"].copy()
    obs2, _ = view.reset(options={"reset_mask": term})
    np.testing.assert_array_equal(obs2["observation"][~term], before[~term])   # the others go on
    np.testing.assert_array_equal(obs2["action_mask"], vec.action_masks())
    assert obs2["action_mask"].any(axis=1).all()
    view.step(np.array([np.flatnonzero(m)[0] for m in obs2["action_mask"]]))   # every row can move again
    view.close()
