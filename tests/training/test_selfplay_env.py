"""The self-play wrapper the learner trains in: seats, opponent pool, rewards, masks, episode ends.
These tests need no torch except where a policy is involved (those skip without the train extra)."""

import numpy as np
import pytest

import mythenv
from mythenv.core.errors import ConfigError, IllegalActionError
from mythenv.train import (
    OpponentPool,
    SelfPlayEnv,
    TrainConfig,
    load_config,
    make_env,
    parse_opponents,
    parse_ppo,
)

GAMES = mythenv.list_games()


def _play_random(env, rng, max_steps=5000):
    """Play one episode with uniformly random legal actions; returns (steps, last reward, infos)."""
    obs, info = env.reset()
    infos = [info]
    for steps in range(1, max_steps):
        mask = env.action_masks()
        assert np.array_equal(mask, info["action_mask"].astype(bool)), "mask in info != action_masks()"
        assert mask.any(), "the learner is asked to act with no legal action"
        obs, r, done, trunc, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        infos.append(info)
        assert env.observation_space.contains(obs)
        if done:
            return steps, r, infos
        assert r == 0.0, "reward before the end of the game"
    raise AssertionError("episode did not end")


def test_seat_rotates_over_resets():
    """With seat="rotate" the learner takes seat 0, 1, 0, 1, ... (2 players), and 0..2 with 3."""
    env = SelfPlayEnv("hera_zeus_v0", OpponentPool({"random": 1.0}))
    env.reset(seed=3)
    seats = [env.unwrapped.seat] + [env.reset()[1]["seat"] for _ in range(5)]
    assert seats == [0, 1, 0, 1, 0, 1]
    env3 = SelfPlayEnv("demigods_v0", OpponentPool({"random": 1.0}), game_config={"num_players": 3})
    env3.reset(seed=0)
    assert [env3.reset()[1]["seat"] for _ in range(6)] == [1, 2, 0, 1, 2, 0]


def test_every_other_seat_gets_an_opponent_from_the_pool():
    env = SelfPlayEnv("demigods_v0", OpponentPool({"random": 1.0, "heuristic": 1.0}),
                      game_config={"num_players": 4})
    kinds = set()
    for i in range(12):
        _, info = env.reset(seed=i)
        seat = info["seat"]
        opp = env.unwrapped.opponents
        assert sorted(opp) == sorted(set(range(4)) - {seat}), "every other seat has an opponent, not the learner's"
        assert len(info["opponents"]) == 3
        kinds.update(info["opponents"])
    assert kinds == {"random", "heuristic"}


def test_pool_weights_and_snapshot_draws():
    rng = np.random.default_rng(0)
    pool = OpponentPool({"random": 1.0, "heuristic": 3.0, "self": 4.0}, latest_prob=0.5, pool_size=3)
    assert pool.probabilities() == {"random": 0.25, "heuristic": 0.75}, "self has no snapshot yet"
    assert {pool.draw(rng)[0] for _ in range(200)} == {"random", "heuristic"}
    for i in range(5):
        pool.add(f"snap_{i}.zip")
    pool.add("snap_4.zip")  # duplicates are ignored
    assert pool.probabilities() == {"random": 0.125, "heuristic": 0.375, "self": 0.5}
    draws = [pool.draw(rng) for _ in range(4000)]
    kinds = [k for k, _ in draws]
    assert abs(kinds.count("heuristic") / 4000 - 0.375) < 0.03
    paths = [p for k, p in draws if k == "self"]
    assert set(paths) == {"snap_2.zip", "snap_3.zip", "snap_4.zip"}, "only the last pool_size snapshots"
    latest = paths.count("snap_4.zip") / len(paths)
    assert abs(latest - (0.5 + 0.5 / 3)) < 0.05, "the newest snapshot is drawn with latest_prob + its share"
    only_self = OpponentPool({"self": 1.0})
    assert only_self.draw(rng) == ("random", None), "self-only pool plays random until a snapshot exists"
    with pytest.raises(ConfigError, match="unknown opponent kind"):
        OpponentPool({"ismcts": 1.0})


@pytest.mark.parametrize("gid", GAMES)
def test_reward_is_the_learners_return_with_the_right_sign_per_seat(gid):
    """The final reward is the return of the seat the learner played (winner +, loser -), for both seats."""
    env = SelfPlayEnv(gid, OpponentPool({"random": 1.0}))
    env.reset(seed=11)
    rng = np.random.default_rng(0)
    seen = {}
    for _ in range(6):
        steps, r, infos = _play_random(env, rng)
        st = env.unwrapped.game_state
        seat = infos[-1]["seat"]
        ret = st.returns()
        assert r == ret[seat]
        best = max(ret)
        if ret.count(best) == 1:
            assert (r > 0) == (ret.index(best) == seat), "positive reward exactly when the learner's seat won"
        seen.setdefault(seat, []).append(r)
    assert set(seen) == {0, 1}, "both seats were played"


@pytest.mark.parametrize("gid", GAMES)
def test_episode_ends_and_then_refuses_steps(gid):
    env = SelfPlayEnv(gid, OpponentPool({"heuristic": 1.0}))
    env.reset(seed=5)
    steps, r, infos = _play_random(env, np.random.default_rng(1))
    assert env.unwrapped.game_state.is_terminal()
    # no action is legal after the end: the mask is all ones so that vector loops sampling from it
    # before their auto-reset never meet an empty mask (Gymnasium's next-step auto-reset ignores it)
    assert infos[-1]["action_mask"].all() and env.action_masks().all()
    with pytest.raises(IllegalActionError):
        env.step(0)
    obs, info = env.reset()
    assert info["action_mask"].any()


def test_illegal_learner_action_raises_and_changes_nothing():
    env = SelfPlayEnv("hera_zeus_v0", OpponentPool({"random": 1.0}))
    env.reset(seed=0)
    before = env.unwrapped.game_state.to_dict()
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    assert env.unwrapped.game_state.to_dict() == before


def test_env_factory_is_seeded():
    f = make_env("hera_zeus_v0", {"random": 1.0, "heuristic": 1.0}, seed=7, monitor=False)
    a, b = f(), f()
    rng_a, rng_b = np.random.default_rng(0), np.random.default_rng(0)
    for _ in range(3):
        ia, ib = _play_random(a, rng_a), _play_random(b, rng_b)
        assert ia[0] == ib[0] and ia[1] == ib[1]
        assert ia[2][-1]["opponents"] == ib[2][-1]["opponents"]


def test_config_files_and_overrides():
    for gid in GAMES:
        cfg = load_config(game=gid)
        assert cfg.game == gid
    cfg = load_config(game="hera_zeus_v0").replace(steps=1000, opponents=parse_opponents("random,self"))
    assert cfg.steps == 1000 and cfg.opponents == {"random": 1.0, "self": 1.0}
    assert parse_opponents("random=0.2,heuristic=0.8") == {"random": 0.2, "heuristic": 0.8}
    with pytest.raises(ConfigError, match="unknown opponent kind"):
        TrainConfig(opponents={"alphazero": 1.0})
    assert parse_ppo("learning_rate=5e-5, n_epochs=3,target_kl=none") == {
        "learning_rate": 5e-5, "n_epochs": 3, "target_kl": None}
    for bad, msg in (("lr=1", "allowed keys: learning_rate"), ("net_arch=64", "allowed keys"),
                     ("ent_coef=lots", "ent_coef='lots' is not a number"), ("", "empty")):
        with pytest.raises(ConfigError, match=msg):
            parse_ppo(bad)
    with pytest.raises(ConfigError, match="unknown \\[ppo\\] key"):
        TrainConfig.from_dict({"ppo": {"learning_rat": 1e-3}})
    with pytest.raises(ConfigError, match="unknown training config key"):
        TrainConfig.from_dict({"stepz": 5})
    with pytest.raises(ConfigError, match="no training config"):
        load_config("/nonexistent.toml")


def test_policy_only_gives_probability_to_legal_actions():
    """The mask reaches MaskablePPO: the action distribution is zero outside the mask."""
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv

    venv = DummyVecEnv([make_env("hera_zeus_v0", {"random": 1.0}, seed=0)])
    model = MaskablePPO("MlpPolicy", venv, n_steps=64, batch_size=64, seed=0, device="cpu")
    env = venv.envs[0]
    for _ in range(10):
        obs, _ = env.reset()
        mask = env.get_wrapper_attr("action_masks")()
        assert np.array_equal(mask, venv.env_method("action_masks")[0])
        obs_t, _ = model.policy.obs_to_tensor(obs)
        dist = model.policy.get_distribution(obs_t, action_masks=mask[None, :])
        probs = dist.distribution.probs.detach().numpy()[0]
        assert probs[~mask].max() == 0.0 and abs(probs[mask].sum() - 1) < 1e-5
        a, _ = model.predict(obs, action_masks=mask, deterministic=False)
        assert mask[int(a)]


def test_shaping_is_potential_based_and_telescopes_to_the_true_return():
    """``shaping`` adds gamma * phi(s') - phi(s) at each learner step, phi = shaping * (own points -
    the others' mean) and phi = 0 at the end: the discounted shaping of a whole episode is -phi(s0), so
    every policy's ranking is the game's own (Ng, Harada & Russell 1999), and mid-game it pays for
    points gained (Mythologies' Favors)."""
    gamma = 0.9
    env = SelfPlayEnv("mythologies_v0", OpponentPool({"random": 1.0}), shaping=0.05, gamma=gamma)
    rng = np.random.default_rng(0)
    plain = SelfPlayEnv("mythologies_v0", OpponentPool({"random": 1.0}))
    for ep in range(3):
        _, info = env.reset(seed=ep)
        plain.reset(seed=ep)
        phi0 = env._phi
        done, t, total, paid = False, 0, 0.0, False
        while not done:
            a = int(rng.choice(np.flatnonzero(env.action_masks())))
            st = env.env.game_state
            me = env.env.seat
            before = st.scores()[me] - st.scores()[1 - me]
            _, r, done, _, info = env.step(a)
            _, r_plain, done_plain, _, _ = plain.step(a)
            assert done == done_plain
            assert r == pytest.approx(r_plain + info["shaping"])
            if not done:
                after = st.scores()[me] - st.scores()[1 - me]
                assert info["shaping"] == pytest.approx(0.05 * (gamma * after - before))
                paid |= after > before and info["shaping"] > 0
            total += gamma ** t * info["shaping"]
            t += 1
        assert total == pytest.approx(-phi0, abs=1e-9)
    assert paid


def test_shaping_needs_a_game_with_points_and_a_non_negative_weight():
    """Hera and Zeus keeps no points (its State.scores is its returns): shaping is refused by name,
    as is a negative weight, in the env and in the training config."""
    env = SelfPlayEnv("hera_zeus_v0", OpponentPool({"random": 1.0}), shaping=0.1)
    with pytest.raises(ConfigError, match="keeps no points"):
        env.reset(seed=0)
    with pytest.raises(ConfigError, match="shaping"):
        SelfPlayEnv("mythologies_v0", OpponentPool({"random": 1.0}), shaping=-1)
    with pytest.raises(ConfigError, match="shaping"):
        TrainConfig(game="mythologies_v0", shaping=-0.5)
    with pytest.raises(ConfigError, match="shaping"):
        TrainConfig(game="mythologies_v0", shaping=True)


def test_theosis_solo_shaping_pays_for_stamina_removed_and_charges_for_health_lost():
    """Theosis against the monsters keeps no points until the end (TH § Game Modes: the heroes win
    when every monster falls), so its ``progress()`` is the share of the monsters' Stamina Tokens
    removed less the share of the heroes' Health lost: with gamma = 1 the shaping is positive on a
    step that removes a token and costs no Health, negative on one that costs Health and removes none,
    and a whole episode's shaping is -phi(start) (0: no token removed, no Health lost at the start)."""
    cfg = {"mode": "solo", "num_players": 1}
    env = SelfPlayEnv("theosis_v0", OpponentPool({"random": 1.0}), game_config=cfg, shaping=0.5, gamma=1.0)
    rng = np.random.default_rng(1)
    gained = lost = 0
    for ep in range(3):
        env.reset(seed=ep)
        assert env._phi == 0.0
        done, total = False, 0.0
        while not done:
            st = env.env.game_state
            tokens = sum(len(x) for x in st.mgone)
            health = sum(h for o, h in zip(st.owner, st.hp) if o >= 0)
            _, _, done, _, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
            total += info["shaping"]
            if done:
                continue
            d_tokens = sum(len(x) for x in st.mgone) - tokens
            d_health = sum(h for o, h in zip(st.owner, st.hp) if o >= 0) - health
            if d_tokens > 0 and d_health >= 0:
                assert info["shaping"] > 0
                gained += 1
            if d_health < 0 and d_tokens <= 0:
                assert info["shaping"] < 0
                lost += 1
            assert -0.5 <= env._phi <= 0.5
        assert total == pytest.approx(0.0, abs=1e-9)
    assert gained and lost
