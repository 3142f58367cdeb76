"""The Mythologies distillation teachers (training/teachers/mythologies_v0.py): the selection is the
handed policy's, the placement the heuristic's (HybridTeacher) or the heuristic's lookahead mixed with
the value network (ValueTeacher); with the value's weight at 0 the latter rates options as the heuristic."""

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("sb3_contrib")

import mythenv  # noqa: E402
from mythenv.agents import make_agent  # noqa: E402
from mythenv.core.view import SeatView  # noqa: E402
from mythenv.games.mythologies.heuristic import heuristic_ties, option_value  # noqa: E402
from mythenv.games.mythologies.rules.tables import SEL  # noqa: E402

TEACHERS = Path(__file__).resolve().parents[2] / "training" / "teachers" / "mythologies_v0.py"


@pytest.fixture(scope="module")
def small_model(tmp_path_factory):
    import gymnasium
    from sb3_contrib import MaskablePPO

    from mythenv.agents.numpy_policy import export_sb3

    d = tmp_path_factory.mktemp("teacher")
    env = gymnasium.make("mythenv/Mythologies-v0").unwrapped
    model = MaskablePPO("MlpPolicy", env, policy_kwargs={"net_arch": [16]}, seed=0, device="cpu")
    model.save(d / "m.zip")
    export_sb3(model, d / "m.npz", {"game": "mythologies_v0", "game_config": {}})
    return d / "m.zip", d / "m.npz"


def _decisions(game, agents, seed, n):
    """The views of up to n decisions with more than one option, each yielded before it is played, the
    game played by ``agents``."""
    state, rng = game.new_initial_state(seed=seed), np.random.default_rng(seed)
    for s, a in enumerate(agents):
        a.reset(s, seed + s)
    seen = 0
    while not state.is_terminal() and seen < n:
        p = state.current_player()
        view = SeatView(game, state, p, rng)
        if len(view.legal_actions) > 1:
            seen += 1
            yield view
        state.apply_action(agents[p].act(SeatView(game, state, p, rng)))


def test_value_teacher_with_no_value_weight_rates_turn_choices_as_the_heuristic(small_model, monkeypatch):
    zip_path, npz = small_model
    monkeypatch.setenv("TEACHER_POLICY", str(npz))
    game = mythenv.make_game("mythologies_v0")
    spec = f"python:{TEACHERS}:ValueTeacher"
    teacher = make_agent(spec, game, seed=0, model=str(zip_path), value_weight=0.0)
    policy = make_agent(f"ppo:{npz}", game, seed=0)
    checked = sel = 0
    for view in _decisions(game, [make_agent("heuristic", game, seed=1), make_agent("heuristic", game, seed=2)], 3, 200):
        teacher.reset(view.seat, 0)
        a, tied = teacher.act_with_ties(view)
        assert a in tied and set(tied) <= set(view.legal_actions)
        if view.known.phase == SEL:
            assert tied == [policy.act(view)], "the selection is the handed policy's greedy choice"
            sel += 1
        elif not view.known.stack or view.known.stack[-1]["t"] == "turn":
            _, h_tied = heuristic_ties(view, np.random.default_rng(0))
            assert sorted(tied) == sorted(h_tied), "value weight 0: the heuristic's own tied best options"
            checked += 1
    assert checked >= 10 and sel >= 5


def test_value_teacher_adds_the_value_of_the_state_an_option_leads_to(small_model, monkeypatch):
    """The score of an option is (1 - w) * evaluation / 10 + w * V(observation after the lookahead)."""
    import torch

    zip_path, npz = small_model
    monkeypatch.setenv("TEACHER_MODEL", str(zip_path))
    monkeypatch.setenv("TEACHER_POLICY", str(npz))
    game = mythenv.make_game("mythologies_v0")
    teacher = make_agent(f"python:{TEACHERS}:ValueTeacher", game, seed=0, value_weight=1.0)
    checked = 0
    for view in _decisions(game, [make_agent("random", game, seed=1), make_agent("random", game, seed=2)], 5, 300):
        if view.known.phase == SEL or checked >= 20:
            continue
        checked += 1
        la = view.legal_actions
        after = [option_value(view.known, view.seat, a)[0] for a in la]
        obs = np.stack([np.asarray(game.observation(s, view.seat), np.float32) for s in after])
        with torch.no_grad():
            v = teacher.model.policy.predict_values(torch.as_tensor(obs)).numpy().ravel()
        v = np.array([s.returns()[view.seat] if s.is_terminal() else x for s, x in zip(after, v)])
        _, tied = teacher.act_with_ties(view)
        assert sorted(tied) == sorted(a for a, x in zip(la, v) if x >= v.max() - 1e-9)
    assert checked == 20


def test_value_teacher_without_a_model_says_what_it_needs(small_model, monkeypatch):
    _, npz = small_model
    monkeypatch.delenv("TEACHER_MODEL", raising=False)
    monkeypatch.setenv("TEACHER_POLICY", str(npz))
    game = mythenv.make_game("mythologies_v0")
    with pytest.raises(ValueError, match="TEACHER_MODEL"):
        make_agent(f"python:{TEACHERS}:ValueTeacher", game, seed=0)
