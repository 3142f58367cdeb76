"""`mythenv play --record`, `arena --record DIR`, `replay` (text and --html) and the human agent."""

import io
import json
import re

import numpy as np
import pytest

import mythenv
from mythenv.agents import make_agent
from mythenv.cli import main
from mythenv.core.errors import MythenvError
from mythenv.core.record import Recorder, load_record, write_record
from mythenv.core.view import SeatView
from mythenv.serve.page import has_picture, sheet_frames

#: the pictures are drawn (Game.frame); the picture checks run only then
DRAWS = has_picture(mythenv.make_game("hera_zeus_v0"))


def test_play_record_and_replay_text(tmp_path, capsys):
    f = tmp_path / "g.json"
    assert main(["play", "hera_zeus_v0", "--agents", "heuristic,random", "--seed", "2", "--record", str(f)]) == 0
    rp = load_record(f)
    assert rp.record["agents"] == ["heuristic", "random"] and rp.record["seed"] == 2 and rp.record["finished"]
    capsys.readouterr()
    assert main(["replay", str(f)]) == 0
    out = capsys.readouterr().out
    n = len(rp.steps)
    assert f"--- step {n}/{n}: Player {rp.steps[-1]['seat'] + 1}" in out
    assert rp.steps[0]["text"] in out and rp.final.ending_text() in out
    assert "seat " not in out and "returns" not in out
    assert out.count("--- step ") == n


def test_arena_record_dir(tmp_path, capsys):
    d = tmp_path / "recs"
    assert main(["arena", "demigods_v0", "--agents", "heuristic,random", "--games", "3", "--seed", "1",
                 "--json", "--record", str(d)]) == 0
    summary = json.loads(capsys.readouterr().out)
    files = sorted(d.glob("*.json"))
    assert len(files) == 3 == summary["games"]
    reps = [load_record(p) for p in files]
    assert [r.record["agents"] for r in reps] == [["heuristic", "random"], ["random", "heuristic"],
                                                  ["heuristic", "random"]]
    assert sum(r.final.returns()[r.record["agents"].index("heuristic")] for r in reps) == pytest.approx(
        3 * summary["mean_return"]["heuristic"])


def test_replay_refuses_a_bad_record(tmp_path, capsys):
    f = tmp_path / "g.json"
    main(["play", "hera_zeus_v0", "--agents", "random", "--record", str(f)])
    f.write_text(f.read_text().replace('"seed": 0', '"seed": 1'))
    capsys.readouterr()
    assert main(["replay", str(f)]) == 2
    assert "integrity check failed" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    assert "cannot read the record" in capsys.readouterr().err


def short_record(path, gid="hera_zeus_v0", steps=8, seed=0):
    """A record of a game's first ``steps`` random actions (an unfinished game; pictures are slow to
    encode, so the page tests use few steps)."""
    game = mythenv.make_game(gid)
    state = game.new_initial_state(seed=seed)
    rec = Recorder(game, seed, ["random"] * game.num_players)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        la = state.legal_actions()
        rec.apply(state, la[int(rng.integers(len(la)))])
    return write_record(rec.finish(state), path)


def _page_data(path):
    blob = re.search(r'<script id="data" type="application/json">(.*?)</script>', path.read_text(), re.S).group(1)
    return json.loads(blob.replace("<\\/", "</"))


@pytest.mark.skipif(not DRAWS, reason="needs Game.frame (the pictures)")
def test_replay_html_is_self_contained(tmp_path):
    """The page loads nothing from the network: its tiles are PNG data URIs, a frame per step and
    view, each drawn exactly as ``game.frame``; ``--seat 1`` holds seat 1's frames only and the other seat's actions without their text."""
    f, out, one = short_record(tmp_path / "g.json", steps=10), tmp_path / "g.html", tmp_path / "seat1.html"
    rp = load_record(f)
    assert len({s["seat"] for s in rp.steps}) == 2  # both seats act in these steps
    n = len(rp.steps)
    assert main(["replay", str(f), "--html", str(out)]) == 0
    page = out.read_text()
    assert "http://" not in page and "https://" not in page and "//cdn" not in page
    data = _page_data(out)
    assert data["views"] == ["0", "1", "all"]
    assert all(u.startswith("data:image/png;base64,") for u in data["picture"]["atlases"])
    assert all(len(fr) == n + 1 for fr in data["frames"].values())
    # the frames the page draws are the game's pictures, pixel for pixel
    for v in data["views"]:
        drawn = sheet_frames(data["picture"], data["frames"][v])
        assert all((a == rp.game.frame(s, int(v) if v != "all" else v)).all() for a, s in zip(drawn, rp.states))
    assert [s["text"] for s in data["steps"]] == [s["text"] for s in rp.steps]
    assert main(["replay", str(f), "--html", str(one), "--seat", "1"]) == 0
    d1 = _page_data(one)
    assert d1["views"] == ["1"] and list(d1["frames"]) == ["1"]  # only seat 1's view is in the page
    assert all((a == b).all() for a, b in zip(sheet_frames(d1["picture"], d1["frames"]["1"]),
                                              sheet_frames(data["picture"], data["frames"]["1"])))
    assert all((s["text"] is None) == (s["seat"] != 1) for s in d1["steps"])
    assert main(["replay", str(f), "--html", str(one), "--seat", "2"]) == 2


def test_replay_text_from_one_seat(tmp_path, capsys):
    """``replay --seat 0`` prints seat 0's view and names only seat 0's actions."""
    f = tmp_path / "g.json"
    main(["play", "hera_zeus_v0", "--agents", "random", "--record", str(f)])
    rp = load_record(f)
    capsys.readouterr()
    assert main(["replay", str(f), "--seat", "0"]) == 0
    out = capsys.readouterr().out
    assert rp.states[0].render(0) in out and rp.states[-1].render(0) in out
    heads = [line for line in out.splitlines() if line.startswith("--- step ")]
    assert len(heads) == len(rp.steps)
    for k, (h, st) in enumerate(zip(heads, rp.steps)):
        # seat 0's own actions in full; the other seat's as the table saw them (no hidden card)
        head = h.split("  rewards")[0]
        if st["seat"] == 0:
            assert head.startswith(f"--- step {k + 1}/{len(rp.steps)}: you (") and head.endswith(st["text"]), h
        else:
            assert head.endswith(": " + rp.states[k].public_action_text(st["action"])), h


def test_human_agent_asks_again_on_bad_input():
    """Bad inputs (out of range, zero, words, empty) are refused with a message; the state is not
    touched; a number then picks that legal action."""
    game = mythenv.make_game("hera_zeus_v0")
    state = game.new_initial_state(seed=0)
    p = state.current_player()
    before = json.dumps(state.to_dict(), sort_keys=True)
    la = state.legal_actions()
    out = io.StringIO()
    agent = make_agent("human", game, stdin=io.StringIO(f"{len(la) + 1}\n0\nattack!\n\n2\n"), stdout=out)
    agent.reset(p)
    a = agent.act(SeatView(game, state, p, __import__("numpy").random.default_rng(0)))
    assert a == la[1]
    text = out.getvalue()
    assert text.count("is not a choice") == 4
    assert f"    2. {state.action_to_string(la[1])}" in text and state.render(p) in text
    assert json.dumps(state.to_dict(), sort_keys=True) == before
    # an action's exact name is a choice too; closed stdin or q is a clear error, not a hang
    name = state.action_to_string(la[3])
    agent = make_agent("human", game, stdin=io.StringIO(name + "\n"), stdout=io.StringIO())
    assert agent.act(SeatView(game, state, p, None)) == la[3]
    for feed, words in (("", "stdin was closed"), ("q\n", "quit")):
        agent = make_agent("human", game, stdin=io.StringIO(feed), stdout=io.StringIO())
        with pytest.raises(MythenvError, match=words):
            agent.act(SeatView(game, state, p, None))


def test_play_with_a_human_seat(monkeypatch, capsys, tmp_path):
    """`mythenv play --agents human,random` reads the person's choices from stdin (always 1 here)."""
    monkeypatch.setattr("sys.stdin", io.StringIO("x\n" + "1\n" * 400))
    f = tmp_path / "h.json"
    assert main(["play", "hera_zeus_v0", "--agents", "human,random", "--record", str(f)]) == 0
    out = capsys.readouterr().out
    assert "--- your turn (Player 1) ---" in out and "'x' is not a choice" in out
    assert load_record(f).record["agents"] == ["human", "random"]
