"""Game records (mythenv/core/record.py, docs/records.md): a record replays its game exactly, and a
tampered, truncated or foreign record is refused with a RecordError that names what is wrong."""

import copy
import json

import numpy as np
import pytest

import mythenv
from mythenv.core.errors import MythenvError, RecordError
from mythenv.core.record import FORMAT, VERSION, Recorder, content_hash, load_record, state_hash, write_record
from tests.conformance.cases import CASES


def _play(game, seed, max_steps=None):
    """A random game recorded step by step; returns the record and the state hash after each step."""
    state = game.new_initial_state(seed=seed)
    rec = Recorder(game, seed, ["random"] * game.num_players)
    rng = np.random.default_rng(seed + 1)
    hashes = [state_hash(state)]
    while not state.is_terminal() and (max_steps is None or len(rec.steps) < max_steps):
        la = state.legal_actions()
        rec.apply(state, la[int(rng.integers(len(la)))])
        hashes.append(state_hash(state))
    return rec.finish(state), hashes, state


@pytest.mark.parametrize("gid,cfg", CASES)
def test_record_replays_every_game_and_config(gid, cfg, tmp_path):
    """Written to disk and loaded, a whole game's record replays into the same states (each step's
    saved state hashes equal) and the same returns, for every game and test config."""
    game = mythenv.make_game(gid, **cfg)
    doc, hashes, final = _play(game, seed=11)
    assert doc["finished"] and len(doc["steps"]) == len(hashes) - 1
    path = write_record(doc, tmp_path / "g.json")
    rp = load_record(path)
    assert [state_hash(s) for s in rp.states] == hashes
    assert rp.final.returns() == final.returns() == doc["returns"]
    # every step names the acting seat and the action's text; the rewards add up to the returns
    assert all(0 <= st["seat"] < game.num_players and st["text"] for st in doc["steps"])
    paid = np.sum([st["rewards"] for st in doc["steps"]], axis=0)
    assert np.allclose(paid, final.returns())


def test_unfinished_record_is_valid():
    """A record of a game stopped after 15 steps replays as an unfinished game (finished=false)."""
    game = mythenv.make_game("demigods_v0", num_players=3)
    doc, hashes, state = _play(game, seed=2, max_steps=15)
    assert not doc["finished"] and len(doc["steps"]) == 15
    rp = load_record(json.dumps(doc))
    assert not rp.final.is_terminal()
    assert state_hash(rp.final) == hashes[-1]
    assert rp.final.current_player() == state.current_player()


@pytest.fixture(scope="module")
def good():
    doc, _, _ = _play(mythenv.make_game("hera_zeus_v0"), seed=4)
    return doc


def _resealed(doc):
    """``doc`` with its hash recomputed: a forger who knows the format (the replay must catch it)."""
    doc = copy.deepcopy(doc)
    doc["sha256"] = content_hash(doc)
    return doc


def _refused(doc_or_text, *words):
    with pytest.raises(RecordError) as e:
        load_record(doc_or_text)
    msg = str(e.value)
    for w in words:
        assert w in msg, msg
    assert isinstance(e.value, ValueError) and isinstance(e.value, MythenvError)
    return msg


def test_bad_hash_refused(good):
    d = copy.deepcopy(good)
    d["sha256"] = "0" * 64
    _refused(d, "integrity check failed")


def test_any_edit_without_the_hash_refused(good):
    """Changing one reward, one action or the seed without resealing fails the integrity check."""
    for edit in (lambda d: d["steps"][5]["rewards"].__setitem__(0, 1.0),
                 lambda d: d["steps"][3].__setitem__("action", d["steps"][4]["action"]),
                 lambda d: d.__setitem__("seed", d["seed"] + 1)):
        d = copy.deepcopy(good)
        edit(d)
        _refused(d, "integrity check failed")


def test_flipped_action_refused_by_the_replay(good):
    """An action swapped for another (hash resealed) is caught by the replay at its step."""
    d = copy.deepcopy(good)
    k = 6
    d["steps"][k]["action"] = next(a for a in range(1000) if a != d["steps"][k]["action"])
    _refused(_resealed(d), f"step {k}")


def test_flipped_action_with_its_text_refused(good):
    """A legal other action with its true text (resealed): the later steps or returns disagree."""
    game = mythenv.make_game("hera_zeus_v0")
    rp = load_record(good)
    k = 2
    st = rp.states[k]
    other = next(a for a in st.legal_actions() if a != good["steps"][k]["action"])
    d = copy.deepcopy(good)
    d["steps"][k].update(action=other, text=game.action_to_string(other))
    _refused(_resealed(d))


def test_changed_reward_refused(good):
    d = copy.deepcopy(good)
    d["steps"][-1]["rewards"] = [0.0, 0.0]
    _refused(_resealed(d), f"step {len(d['steps']) - 1}", "pays")
    d = copy.deepcopy(good)
    d["returns"] = [1.0, -1.0] if good["returns"] != [1.0, -1.0] else [-1.0, 1.0]
    _refused(_resealed(d), "returns")


def test_changed_text_refused(good):
    d = copy.deepcopy(good)
    d["steps"][0]["text"] = "resign"
    _refused(_resealed(d), "step 0", "resign")


def test_truncated_refused(good):
    text = json.dumps(good)
    _refused(text[: len(text) // 2], "not valid JSON")
    d = copy.deepcopy(good)
    del d["steps"][-3:]  # fewer steps, resealed: the game is not over where the record says it is
    _refused(_resealed(d), "finished")
    d = copy.deepcopy(good)
    del d["returns"]
    _refused(d, "missing returns")


def test_foreign_records_refused(good):
    d = copy.deepcopy(good)
    d["format"] = "chess-pgn"
    _refused(d, "not a mythenv-record record", "chess-pgn")
    d = copy.deepcopy(good)
    d["version"] = VERSION + 1
    _refused(_resealed(d), "unknown", f"version {VERSION + 1}")
    d = copy.deepcopy(good)
    d["game"] = "chess_v0"
    _refused(_resealed(d), "chess_v0")
    d = copy.deepcopy(good)
    d["game"], d["config"] = "demigods_v0", {"num_players": 2}  # another game of ours: the replay disagrees
    _refused(_resealed(d))
    _refused([1, 2, 3], "a record is")
    _refused("[1, 2]", "not an object")


def test_malformed_fields_refused(good):
    for edit, words in (
            (lambda d: d["steps"][0].__setitem__("seat", 7), ("step 0", "seat 7")),
            (lambda d: d["steps"][1].__setitem__("action", -1), ("step 1", "action -1")),
            (lambda d: d["steps"][2].__setitem__("extra", 1), ("step 2",)),
            (lambda d: d.__setitem__("seed", "zero"), ("seed",)),
            (lambda d: d.__setitem__("agents", ["random"]), ("agents",)),
            (lambda d: d.__setitem__("config", {"first_player": "nobody"}), ("first_player",)),
            (lambda d: d.__setitem__("surprise", True), ("unknown surprise",))):
        d = copy.deepcopy(good)
        edit(d)
        _refused(_resealed(d), *words)


def test_record_file_is_json_with_its_fields(good, tmp_path):
    p = write_record(good, tmp_path / "r.json")
    d = json.loads(p.read_text())
    assert d["format"] == FORMAT and d["version"] == VERSION and d["game"] == "hera_zeus_v0"
    assert d["sha256"] == content_hash(d)
    assert set(d["steps"][0]) == {"seat", "action", "text", "rewards"}


def test_recorder_refuses_illegal_actions_and_records_nothing():
    """An illegal or out-of-range action raises the state's IllegalActionError; nothing is recorded."""
    game = mythenv.make_game("hera_zeus_v0")
    state = game.new_initial_state(seed=0)
    rec = Recorder(game, 0, ["random", "random"])
    legal = set(state.legal_actions())
    for bad in (next(a for a in range(game.num_actions) if a not in legal), game.num_actions + 5, -1):
        with pytest.raises(mythenv.IllegalActionError):
            rec.apply(state, bad)
    assert rec.steps == [] and state_hash(state) == state_hash(game.new_initial_state(seed=0))
    with pytest.raises(RecordError, match="seed"):
        Recorder(game, -1, ["random", "random"])
    with pytest.raises(RecordError, match="agent names"):
        Recorder(game, 0, ["random"])


def _old_format(doc, texts):
    """``doc`` as a version-1 record would hold it: the older, code-like step texts, resealed."""
    d = copy.deepcopy(doc)
    d["version"] = 1
    for st, t in zip(d["steps"], texts):
        st["text"] = t
    return _resealed(d)


def test_version_1_record_replays_without_its_texts(good, tmp_path):
    """Issue 45: a record written before the texts were reworded (version 1, its steps' texts in the
    older words) still replays: its action ids, their legality, the seats, rewards, returns and the
    final state are checked, its texts are not; the replay hands out the current words. A current
    (version 2) record's texts are still checked."""
    assert VERSION == 2
    old = _old_format(good, [f"hp_spot {st['action']}" for st in good["steps"]])
    rp = load_record(write_record(old, tmp_path / "old.json"))
    assert rp.record["version"] == 1 and rp.final.returns() == good["returns"]
    assert [rp.text(k) for k in range(len(rp.steps))] == [st["text"] for st in good["steps"]]
    # the same edit in a version-2 record is refused at the first step
    d = copy.deepcopy(good)
    d["steps"][0]["text"] = "hp_spot 0"
    _refused(_resealed(d), "step 0", "hp_spot 0")
    # a version-1 record is still refused where its actions do not replay: an illegal action, a seat
    d = copy.deepcopy(old)
    d["steps"][1]["action"] = next(a for a in range(rp.game.num_actions) if a not in rp.states[1].legal_actions())
    _refused(_resealed(d), "step 1", "not legal")
    d = copy.deepcopy(old)
    d["steps"][0]["seat"] = 1 - d["steps"][0]["seat"]
    _refused(_resealed(d), "step 0", "acts")
    d = copy.deepcopy(old)
    d["version"] = 0
    _refused(_resealed(d), "unknown", "version 0", "versions 1, 2")


def test_version_1_record_through_mythenv_replay(good, tmp_path, capsys):
    """`mythenv replay` prints a version-1 record's steps in the current words, not its stored ones."""
    from mythenv.cli import main

    f = write_record(_old_format(good, ["old words"] * len(good["steps"])), tmp_path / "old.json")
    capsys.readouterr()
    assert main(["replay", str(f)]) == 0
    out = capsys.readouterr().out
    assert "old words" not in out and good["steps"][0]["text"] in out
