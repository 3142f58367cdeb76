"""Agents see only what their seat knows; the arena is seeded, rotates seats and reports."""

import json
import subprocess
import sys

import numpy as np
import pytest

import mythenv
from mythenv.agents import Agent, make_agent, register_agent
from mythenv.core.errors import ConfigError
from mythenv.core.view import SeatView
from mythenv.eval import run_arena, tournament, wilson

GAMES = mythenv.list_games()


@pytest.mark.parametrize("gid", GAMES)
@pytest.mark.parametrize("name", ["random", "heuristic", "ismcts:iterations=6"])
def test_agent_choice_ignores_other_seats_hidden_information(gid, name):
    """An agent's choice is unchanged when only information hidden from its seat changes."""
    game = mythenv.make_game(gid)
    rng = np.random.default_rng(0)
    checked = 0
    for seed in range(4):
        s = game.new_initial_state(seed=seed)
        step = 0
        while not s.is_terminal() and step < 200:
            p = s.current_player()
            if step % (5 if "ismcts" not in name else 25) == 0:
                other = s.resample_hidden(p, np.random.default_rng(step))  # same knowledge, other hidden cards
                a1 = make_agent(name, game, seed=1)
                a2 = make_agent(name, game, seed=1)
                a1.reset(p, 1)
                a2.reset(p, 1)
                c1 = a1.act(SeatView(game, s, p, np.random.default_rng(9)))
                c2 = a2.act(SeatView(game, other, p, np.random.default_rng(9)))
                assert c1 == c2, f"{name} at step {step} depends on hidden information"
                checked += 1
            la = s.legal_actions()
            s.apply_action(la[int(rng.integers(len(la)))])
            step += 1
    assert checked > 5


@pytest.mark.parametrize("gid", GAMES)
def test_heuristic_beats_random_in_the_arena(gid):
    res = run_arena(gid, ["heuristic", "random"], games=60, seed=1).summary()
    assert res["win_rate"]["heuristic"] > res["win_rate"]["random"]


def test_arena_is_seeded_rotates_seats_and_workers_do_not_change_results():
    a = run_arena("hera_zeus_v0", ["heuristic", "random"], games=12, seed=5)
    b = run_arena("hera_zeus_v0", ["heuristic", "random"], games=12, seed=5, workers=2)
    assert [r.returns for r in a.records] == [r.returns for r in b.records]
    seats = [r.seats for r in a.records]
    assert seats.count(["heuristic", "random"]) == seats.count(["random", "heuristic"]) == 6
    s = a.summary()
    assert set(s) >= {"game", "num_players", "games", "win_rate", "ci95", "draws", "mean_length"}
    assert s["win_rate"]["heuristic"] + s["win_rate"]["random"] + s["draws"] / s["games"] == pytest.approx(1.0)


def test_arena_errors_list_what_exists():
    with pytest.raises(ConfigError) as e:
        run_arena("hera_zeus_v0", ["nobody", "random"], games=2)
    assert "available agents" in str(e.value) and "heuristic" in str(e.value)
    with pytest.raises(ConfigError):
        run_arena("hera_zeus_v0", ["random"], games=0)


def test_register_agent_and_tournament():
    class FirstLegal(Agent):
        name = "first_legal"

        def act(self, view):
            return view.legal_actions[0]

    register_agent("first_legal", FirstLegal)
    ratings = tournament("hera_zeus_v0", ["heuristic", "random", "first_legal"], games_per_match=6, seed=0)
    assert {r.agent for r in ratings} == {"heuristic", "random", "first_legal"}
    assert all(r.games == 12 for r in ratings)
    assert ratings == sorted(ratings, key=lambda r: -r.ordinal)


def test_winners_are_every_seat_paid_a_win():
    from mythenv.eval.arena import winning_seats

    assert winning_seats([1.0, -1.0]) == (0,)
    assert winning_seats([1.0, -1.0, 1.0, -1.0]) == (0, 2)  # a Theosis team of seats 0 and 2
    assert winning_seats([1.0, 1.0, -1.0]) == (0, 1)  # Mythologies' shared victory
    assert winning_seats([1.0, 1.0]) == (0, 1)  # the co-op table beat the monsters
    assert winning_seats([0.0, 0.0, -1.0]) == ()  # Theomachy's last seats out together: a tie
    assert winning_seats([0.0, 0.0]) == () and winning_seats([-1.0]) == () and winning_seats([1.0]) == (0,)


def test_a_team_win_counts_for_both_seats_not_as_a_draw():
    # Theosis teams_2x2: seats 0 and 2 against 1 and 3 (TH, teams), so with agents heuristic,random
    # rotated each team is one agent; before, every shared +1 counted as a draw
    res = run_arena("theosis_v0", ["heuristic", "random"], games=4, seed=0,
                    config={"num_players": 4, "mode": "teams_2x2", "prep": "fast"})
    s = res.summary()
    for r in res.records:
        team = [i for i, x in enumerate(r.returns) if x == 1.0]
        assert r.winners == tuple(team) and len(team) == 2 and r.winner == -1
    assert s["draws"] == 0 and s["win_rate"]["heuristic"] + s["win_rate"]["random"] == pytest.approx(1.0)
    assert s["win_rate"]["heuristic"] == (s["mean_return"]["heuristic"] + 1) / 2
    # one seat against the monsters: a game not won is lost, not drawn
    solo = run_arena("theosis_v0", ["heuristic"], games=6, seed=0,
                     config={"num_players": 1, "mode": "solo", "encounter": "solo_3", "prep": "fast"})
    assert solo.summary()["draws"] == sum(1 for r in solo.records if r.returns[0] == 0)


def test_an_agent_at_several_seats_is_counted_by_games():
    """An agent at 3 of 4 seats (a table of heuristics) or at both seats of a co-op team gives one
    result per game, the share of its seats that won: its rate is the per-seat rate, its interval
    counts games, not seats (its seats' results are tied); at one seat a game nothing changes."""
    table = run_arena("demigods_v0", ["random", "heuristic", "heuristic", "heuristic"], games=8, seed=2,
                      config={"num_players": 4}).summary()
    for agent, seats in (("random", 1), ("heuristic", 3)):
        wins = table["win_rate"][agent] * 8 * seats
        assert table["ci95"][agent] == pytest.approx(list(wilson(wins / seats, 8))), agent
    team = run_arena("theosis_v0", ["random", "random"], games=6, seed=1,
                     config={"num_players": 2, "mode": "coop", "prep": "fast"}).summary()
    assert team["ci95"]["random"] == pytest.approx(list(wilson(team["win_rate"]["random"] * 6, 6)))


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and hi - lo < 0.2
    assert wilson(0, 0) == (0.0, 1.0)
    for n in (1, 3, 100, 300, 1000):  # the interval holds the rate, also at 0 and 1
        assert wilson(n, n)[1] == 1.0 and wilson(0, n)[0] == 0.0
        assert all(lo <= k / n <= hi for k in range(n + 1) for lo, hi in [wilson(k, n)])


def test_cli_arena_json_and_errors():
    out = subprocess.run([sys.executable, "-m", "mythenv.cli", "arena", "hera_zeus_v0", "--agents",
                          "heuristic,random", "--games", "6", "--json"], capture_output=True, text=True, check=True)
    d = json.loads(out.stdout)
    assert d["game"] == "hera_zeus_v0" and d["num_players"] == 2 and d["games"] == 6
    assert set(d["win_rate"]) == {"heuristic", "random"}
    bad = subprocess.run([sys.executable, "-m", "mythenv.cli", "arena", "nope"], capture_output=True, text=True)
    assert bad.returncode == 2 and "available games" in bad.stderr


def test_benchmark_smoke(tmp_path):
    from benchmarks.bench import main

    assert main(["--quick", "--games", "hera_zeus_v0", "--no-vec", "--out", str(tmp_path / "r.json")]) == 0
    rep = json.loads((tmp_path / "r.json").read_text())
    r = rep["results"]["hera_zeus_v0"]
    assert r["aec_steps_per_s"] > 0 and r["state_steps_per_s"] > 0 and r["clone_us"] > 0
    assert r["resample_us"] > 0 and r["one_env_mb"] > 0
    assert rep["results"]["texas_holdem_v4"]["x_texas_holdem_v4"] == 1.0


def test_ismcts_is_seeded_and_reproducible():
    from mythenv.agents.ismcts import ISMCTSAgent

    game = mythenv.make_game("hera_zeus_v0")
    s = game.new_initial_state(seed=2)
    rng = np.random.default_rng(0)
    for _ in range(12):
        la = s.legal_actions()
        s.apply_action(la[int(rng.integers(len(la)))])
    p = s.current_player()
    picks = []
    for _ in range(2):
        ag = ISMCTSAgent(game, seed=4, iterations=30)
        ag.reset(p, 4)
        picks.append(ag.act(SeatView(game, s, p, np.random.default_rng(1))))
    assert picks[0] == picks[1] and picks[0] in s.legal_actions()


def test_ismcts_beats_random_and_rejects_bad_options():
    res = run_arena("hera_zeus_v0", ["ismcts:iterations=40", "random"], games=8, seed=3).summary()
    assert res["win_rate"]["ismcts:iterations=40"] > res["win_rate"]["random"]
    with pytest.raises(ConfigError):
        make_agent("ismcts:iterations=0", "hera_zeus_v0")
    with pytest.raises(ConfigError):
        make_agent("ismcts:rollout=oracle", "hera_zeus_v0")
    with pytest.raises(ConfigError):
        make_agent("ismcts:depth=3", "hera_zeus_v0")


def test_policy_adapters_mask_and_fall_back():
    """A loaded policy is an agent: SB3-style ``predict`` gets the mask; torch-style logits are masked."""
    from mythenv.agents.policy import SB3PolicyAgent, TorchPolicyAgent

    game = mythenv.make_game("hera_zeus_v0")
    s = game.new_initial_state(seed=0)
    view = SeatView(game, s, s.current_player(), np.random.default_rng(0))

    class MaskedModel:
        def predict(self, obs, deterministic=True, action_masks=None):
            assert obs.shape == (game.observation_size,) and action_masks.dtype == bool
            return np.array(int(np.flatnonzero(action_masks)[-1])), None

    class UnmaskedModel:
        def predict(self, obs, deterministic=True):
            return np.array(game.num_actions - 1), None  # usually illegal

    assert SB3PolicyAgent(game, model=MaskedModel()).act(view) == view.legal_actions[-1]
    assert SB3PolicyAgent(game, model=UnmaskedModel(), seed=0).act(view) in view.legal_actions
    logits = np.zeros((1, game.num_actions))
    logits[0, 0] = 100.0  # action 0 is illegal at setup: the mask must win
    agent = TorchPolicyAgent(game, policy=lambda obs: logits)
    assert agent.act(view) in view.legal_actions
    assert make_agent("ppo", "hera_zeus_v0").act(view) in view.legal_actions  # the shipped policy
    with pytest.raises(ConfigError, match="num_players"):  # none ships for five seats
        make_agent("ppo", mythenv.make_game("demigods_v0", num_players=5))


def test_agent_spec_parsing():
    from mythenv.agents.base import parse_agent_spec

    assert parse_agent_spec("ismcts:iterations=200:rollout=heuristic") == (
        "ismcts", {"iterations": 200, "rollout": "heuristic"})
    assert parse_agent_spec("ppo:runs/hz/final.zip") == ("ppo", {"path": "runs/hz/final.zip"})


def test_soak_smoke(tmp_path):
    from benchmarks.soak import main

    assert main(["--steps", "3000", "--games", "hera_zeus_v0", "--out", str(tmp_path / "s.json")]) == 0
    rep = json.loads((tmp_path / "s.json").read_text())
    r = rep["games"]["hera_zeus_v0"]
    assert r["steps"] >= 3000 and len(r["rss_mb_samples"]) >= 9


def test_breakdown_smoke_restores_encoders_and_writes_its_block(tmp_path, capsys, monkeypatch):
    import mythenv
    from benchmarks import breakdown, readme

    cls = type(mythenv.make_game("hera_zeus_v0"))
    before = (cls.__dict__.get("encode"), cls.__dict__.get("compiled"))
    doc = tmp_path / "README.md"
    doc.write_text("intro\n<!-- breakdown:start -->\nold\n<!-- breakdown:end -->\ntail\n")
    monkeypatch.setattr(readme, "README", doc)
    monkeypatch.setattr(breakdown, "write_block", lambda name, body: readme.write_block(name, body, doc))
    assert breakdown.main(["--steps", "200", "--readme", "hera_zeus_v0"]) == 0
    assert (cls.__dict__.get("encode"), cls.__dict__.get("compiled")) == before
    row = [x for x in capsys.readouterr().out.splitlines() if x.startswith("| hera_zeus_v0")]
    assert len(row) == 1 and all(float(c) > 0 for c in row[0].strip("|").split("|")[1:])
    text = doc.read_text()
    assert text.startswith("intro\n") and text.endswith("tail\n") and "old" not in text and row[0] in text


def test_instruction_counts_table_and_loop(tmp_path, capsys, monkeypatch):
    """benchmarks.instructions: the per-step arithmetic and the README block (callgrind itself is
    replaced by a fake counter: valgrind runs take minutes), and the measured loop of every mode."""
    import shutil

    from benchmarks import instructions, readme

    fake = {"raw": 1000, "aec": 1600, "aec_python": 2000, "aec_no_encoder": 1500}
    monkeypatch.setattr(instructions, "count", lambda gid, mode, steps: 10**6 + fake[mode] * steps)
    monkeypatch.setattr(shutil, "which", lambda name: "/usr/bin/" + name)
    doc = tmp_path / "README.md"
    doc.write_text("<!-- instructions:start -->\n<!-- instructions:end -->\n")
    monkeypatch.setattr(instructions, "write_block", lambda name, body: readme.write_block(name, body, doc))
    assert instructions.main(["--steps", "10", "--readme", "hera_zeus_v0"]) == 0
    row = "| hera_zeus_v0 | 1.0k | 1.6k | 2.0k | 1.5k | 0.62 | 0.50 | 0.67 |"
    assert row in capsys.readouterr().out and row in doc.read_text()
    for mode in instructions.MODES:  # what runs under valgrind
        assert instructions.main(["--_loop", "demigods_v0", mode, "20"]) == 0


def test_interleaved_smoke_writes_its_block(tmp_path, capsys, monkeypatch):
    """benchmarks.interleaved: every config of a game is measured against hanabi slices and the
    README block holds one row per config with a positive median inside its quartiles."""
    from benchmarks import interleaved, readme

    doc = tmp_path / "README.md"
    doc.write_text("intro\n<!-- interleaved:start -->\nold\n<!-- interleaved:end -->\n")
    monkeypatch.setattr(interleaved, "write_block", lambda name, body: readme.write_block(name, body, doc))
    assert interleaved.main(["--slices", "3", "--steps", "30", "--readme", "theosis_v0"]) == 0
    rows = [x for x in capsys.readouterr().out.splitlines() if x.startswith("| theosis_v0")]
    assert len(rows) == 1 + len(interleaved.mythenv.game_class("theosis_v0").benchmark_configs)
    for row in rows:
        _label, median, quart = (c.strip() for c in row.strip("|").split("|"))
        lo, hi = map(float, quart.split("-"))
        assert 0 < lo <= float(median) <= hi
        assert row in doc.read_text()
    assert "old" not in doc.read_text()
    with pytest.raises(SystemExit):
        interleaved.main(["--slices", "0"])


def test_a_game_past_its_length_bound_is_stopped_and_counted_a_draw(tmp_path, monkeypatch):
    """A game still going after 2 x max_game_length decisions (a seat can repeat a loop some rules
    allow: Mythologies' Bénou / Hyena-Man / Garuda chain) is stopped there: every return 0, no
    winner, its record written with "finished": false; the arena goes on to the next game."""
    from mythenv.eval.arena import play_game
    from mythenv.games.hera_zeus import HeraZeusGame

    game = mythenv.make_game("hera_zeus_v0")
    agents = [make_agent("random", game, seed=s) for s in range(2)]
    whole = play_game(game, agents, seed=3)
    assert whole.length > 6 and whole.winner in (0, 1)
    monkeypatch.setattr(HeraZeusGame, "max_game_length", 3)   # stopped after 6 decisions
    cut = play_game(game, agents, seed=3, record=tmp_path / "cut.json")
    assert cut.length == 6 and cut.returns == [0.0, 0.0] and cut.winner == -1 and cut.winners == ()
    doc = json.loads((tmp_path / "cut.json").read_text())
    assert doc["finished"] is False and len(doc["steps"]) == 6
    result = run_arena("hera_zeus_v0", ["random", "random"], games=4, seed=0)
    assert len(result.records) == 4 and all(g.length == 6 and g.winner == -1 for g in result.records)
    assert result.summary()["draws"] == 4
