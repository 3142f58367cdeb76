"""The web app's API (mythenv/serve/app.py) through Starlette's TestClient: a game played to the
end, its record replayed, and every forged or stale request refused with a 4xx message that changes
no game; two sessions never see each other's games or hidden cards."""

import json

import numpy as np
import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")
from fastapi.testclient import TestClient  # noqa: E402

import mythenv  # noqa: E402
from mythenv.core.record import load_record  # noqa: E402
from mythenv.core.words import table_text  # noqa: E402
from mythenv.serve.app import create_app  # noqa: E402
from mythenv.serve.page import has_picture  # noqa: E402

#: the pictures are drawn (Game.frame); the picture checks run only then
DRAWS = has_picture(mythenv.make_game("hera_zeus_v0"))

JSON = {"content-type": "application/json"}
needs_frames = pytest.mark.skipif(not DRAWS, reason="needs Game.frame (the pictures)")


@pytest.fixture()
def client():
    app = create_app()
    with TestClient(app, raise_server_exceptions=True, base_url="http://127.0.0.1") as c:
        c.hub = app.state.hub
        yield c


def _new(client, game="hera_zeus_v0", **kw):
    r = client.post("/api/matches", json={"game": game, "opponents": "random", "seed": 3, **kw})
    assert r.status_code == 201, r.text
    return r.json()


def _view(client, m):
    r = client.get(f"/api/matches/{m['match']}", params={"token": m["token"]})
    assert r.status_code == 200, r.text
    return r.json()


def _play_out(client, m):
    v = m
    while not v["finished"]:
        assert v["your_turn"] and v["legal"]
        r = client.post(f"/api/matches/{m['match']}/act",
                        json={"token": m["token"], "step": v["step"], "action": v["legal"][-1]["action"]})
        assert r.status_code == 200, r.text
        v = r.json()
    return v


def test_whole_game_and_its_record(client):
    """Played to the end by the person's seat (always its last legal action) against random; the
    downloaded record replays to the same returns."""
    m = _new(client, seat=1)
    assert m["seat"] == 1 and m["agents"] == ["random", "you"]
    v = _play_out(client, m)
    assert v["returns"] is not None and v["legal"] == []
    r = client.get(f"/api/matches/{m['match']}/record", params={"token": m["token"]})
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    rp = load_record(r.content)
    assert rp.final.returns() == v["returns"] and len(rp.steps) == v["step"]
    # the log names every step's seat as at the table; the person's own actions carry their full
    # text, the others' what the table saw of them (public_action_text before the move was made)
    assert [e["seat"] for e in v["log"]] == [s["seat"] for s in rp.steps]
    assert [e["who"] for e in v["log"]] == ["you" if s["seat"] == 1 else "Player 1" for s in rp.steps]
    assert [e["text"] for e in v["log"]] == [
        s["text"] if s["seat"] == 1 else rp.states[k].public_action_text(s["action"]) for k, s in enumerate(rp.steps)]
    assert v["seats"] == ["Player 1", "you"]
    # the end in words: the game's ending_text, not the returns, naming the person's seat as the
    # picture does ("You win", not "Player 2 wins")
    assert v["ending"] == table_text(rp.final.ending_text(), 1) and v["ending"]
    assert "Player 2" not in v["ending"]


def _refused(client, method, url, status, words, **kw):
    r = getattr(client, method)(url, **kw)
    assert r.status_code == status, (r.status_code, r.text)
    msg = r.json()["error"]
    for w in words:
        assert w in msg, msg
    return msg


def test_forged_and_stale_requests_change_nothing(client):
    m = _new(client)
    before = _view(client, m)
    act = f"/api/matches/{m['match']}/act"
    ok = {"token": m["token"], "step": before["step"], "action": before["legal"][0]["action"]}
    legal = {x["action"] for x in before["legal"]}
    illegal = next(a for a in range(10_000) if a not in legal)
    _refused(client, "post", act, 403, ["wrong or missing token"], json={**ok, "token": "guess"})
    _refused(client, "post", act, 409, ["stale", f"step {before['step'] + 1}"], json={**ok, "step": before["step"] + 1})
    _refused(client, "post", act, 422, ["illegal action", "legal now"], json={**ok, "action": illegal})
    _refused(client, "post", act, 422, ["out of range"], json={**ok, "action": 10**9})
    _refused(client, "post", act, 422, ["out of range"], json={**ok, "action": -1})
    _refused(client, "post", act, 422, ["malformed", "action"], json={**ok, "action": "3"})
    _refused(client, "post", act, 422, ["malformed", "action"], json={**ok, "action": 1.0})
    _refused(client, "post", act, 422, ["malformed"], json={"token": m["token"]})
    _refused(client, "post", act, 422, ["malformed", "not valid JSON"], content=b"{not json", headers={"content-type": "application/json"})
    _refused(client, "post", act, 422, ["malformed", "extra"], json={**ok, "extra": 1})
    _refused(client, "post", "/api/matches/nope/act", 404, ["no game"], json=ok)
    _refused(client, "get", f"/api/matches/{m['match']}", 403, ["token"])
    _refused(client, "get", f"/api/matches/{m['match']}/record", 409, ["once the game is over"],
             params={"token": m["token"]})
    assert _view(client, m) == before  # nothing changed
    # the real request still works afterwards, and a replay of it is stale
    assert client.post(act, json=ok).status_code == 200
    _refused(client, "post", act, 409, ["stale"], json=ok)
    assert client.get("/api/games").status_code == 200  # the server is still serving


def test_bad_new_game_requests(client):
    for body, expect in (({"game": "chess_v0"}, ["unknown game"]),
                         ({"game": "hera_zeus_v0", "config": {"first_player": "nobody"}}, ["first_player"]),
                         ({"game": "hera_zeus_v0", "seat": 2}, ["seat 2"]),
                         ({"game": "hera_zeus_v0", "opponents": "human"}, ["not offered by this server"]),
                         ({"game": "hera_zeus_v0", "opponents": ["random", "random"]}, ["1 agent names"]),
                         ({"game": "hera_zeus_v0", "seed": -4}, ["seed"]),
                         ({"game": 5}, ["malformed", "game"])):
        _refused(client, "post", "/api/matches", 422, expect, json=body)
    assert client.hub.sessions == {}


def test_two_sessions_never_see_each_other(client):
    """Two tabs' Demigods games: neither token opens the other game, and a seat's whole answer (view
    and picture) is the same when the cards hidden from it are dealt otherwise."""
    a = _new(client, game="demigods_v0", config={"num_players": 3})
    b = _new(client, game="demigods_v0", config={"num_players": 3})
    assert a["match"] != b["match"] and a["token"] != b["token"]
    _refused(client, "get", f"/api/matches/{b['match']}", 403, ["token"], params={"token": a["token"]})
    _refused(client, "post", f"/api/matches/{a['match']}/act", 403, ["token"],
             json={"token": b["token"], "step": a["step"], "action": a["legal"][0]["action"]})
    match = client.hub.sessions[a["match"]]
    real = match.state
    view = _view(client, a)
    frame = client.get(f"/api/matches/{a['match']}/frame.png", params={"token": a["token"]}).content \
        if DRAWS else None
    for k in range(3):
        match.state = real.resample_hidden(a["seat"], np.random.default_rng(k))
        assert _view(client, a) == view
        if frame is not None:
            assert client.get(f"/api/matches/{a['match']}/frame.png", params={"token": a["token"]}).content == frame
    match.state = real


@needs_frames
def test_frames_and_replays(client):
    m = _new(client)
    r = client.get(f"/api/matches/{m['match']}/frame.png", params={"token": m["token"], "step": m["step"]})
    assert r.status_code == 200 and r.headers["content-type"] == "image/png" and r.content[:4] == b"\x89PNG"
    _refused(client, "get", f"/api/matches/{m['match']}/frame.png", 409, ["stale"],
             params={"token": m["token"], "step": m["step"] + 5})
    v = _play_out(client, m)
    rec = client.get(f"/api/matches/{m['match']}/record", params={"token": m["token"]}).content
    r = client.post("/api/replays", content=rec, headers=JSON)
    assert r.status_code == 201, r.text
    rp = r.json()
    assert len(rp["steps"]) == v["step"] and rp["views"] == ["0", "1", "all"]
    url = f"/api/replays/{rp['replay']}/frame.png"
    for step, view in ((0, "all"), (len(rp["steps"]), "1"), (3, "0")):
        r = client.get(url, params={"token": rp["token"], "step": step, "view": view})
        assert r.status_code == 200 and r.content[:4] == b"\x89PNG"
    _refused(client, "get", url, 422, ["out of range"], params={"token": rp["token"], "step": 10**6})
    _refused(client, "get", url, 422, ["view"], params={"token": rp["token"], "view": "7"})
    _refused(client, "get", url, 403, ["token"], params={"token": m["token"]})


def test_bad_records_refused(client):
    m = _new(client)
    _play_out(client, m)
    doc = client.get(f"/api/matches/{m['match']}/record", params={"token": m["token"]}).json()
    doc["steps"][2]["text"] = "something else"
    n = len(client.hub.sessions)
    _refused(client, "post", "/api/replays", 422, ["record refused", "integrity"], content=json.dumps(doc), headers=JSON)
    _refused(client, "post", "/api/replays", 422, ["record refused", "not valid JSON"], content=b'{"format": "myth', headers=JSON)
    _refused(client, "post", "/api/replays", 422, ["no record"], content=b"", headers=JSON)
    assert len(client.hub.sessions) == n  # nothing half-loaded


def test_log_says_what_the_table_saw_before_the_move(client, monkeypatch):
    """Another seat's step reads as the game's public_action_text, asked before the move is made
    (here a text that names whose turn it is then: the mover, not the next seat); the ending is
    the game's ending_text."""
    cls = type(mythenv.make_game("demigods_v0").new_initial_state(seed=0))
    monkeypatch.setattr(cls, "public_action_text",
                        lambda self, a: f"moves while Player {self.current_player() + 1} is to move")
    monkeypatch.setattr(cls, "ending_text", lambda self: "Somebody wins with 3 points to 1.")
    m = _new(client, game="demigods_v0", config={"num_players": 3}, seat=0)
    v = m
    for _ in range(40):
        if v["finished"]:
            break
        r = client.post(f"/api/matches/{m['match']}/act",
                        json={"token": m["token"], "step": v["step"], "action": v["legal"][0]["action"]})
        v = r.json()
    others = [e for e in v["log"] if e["seat"] != 0]
    assert others and all(e["text"] == f"moves while {e['who']} is to move" for e in others)
    assert {e["who"] for e in others} <= {"Player 2", "Player 3"}
    assert v["to_act_name"] in (None, "you", "Player 2", "Player 3")
    match = client.hub.sessions[m["match"]]
    match.state = _finished(match.game)
    assert _view(client, m)["ending"] == "Somebody wins with 3 points to 1."


def _finished(game):
    s = game.new_initial_state(seed=1)
    rng = np.random.default_rng(0)
    while not s.is_terminal():
        legal = s.legal_actions()
        s.apply_action(legal[rng.integers(len(legal))])
    return s


def _games(client):
    return {g["id"]: g for g in client.get("/api/games").json()["games"]}


def test_setup_form_options_in_words_with_their_rules(client):
    """/api/games describes each option for the form: a label in words, its input (choice with
    labelled values, bool, int with bounds, text) and which combinations of the few-valued options
    can be played, found by the games' own validators."""
    games = _games(client)
    for g in games.values():
        for o in g["options"]:
            assert o["label"] and "_" not in o["label"] and '"' not in o["label"], o
            assert o["kind"] in ("choice", "bool", "int", "text"), o
            if o["kind"] == "choice":
                assert all(c["label"] and '"' not in c["label"] and "_" not in c["label"] for c in o["choices"]), o
                assert o["default"] in [c["value"] for c in o["choices"]], o
            if o["kind"] == "int":
                assert o["min"] <= o["default"] <= o["max"] and o["step"] >= 1, o
        keys = g["rules"]["keys"]
        assert all(any(o["name"] == k for o in g["options"]) for k in keys)
        defaults = [next(o["default"] for o in g["options"] if o["name"] == k) for k in keys]
        assert defaults in g["rules"]["valid"], g["id"]  # the defaults play
    dg = {o["name"]: o for o in games["demigods_v0"]["options"]}
    assert dg["num_players"]["label"] == "Number of players"
    assert [c["label"] for c in dg["first_player"]["choices"]] == ["Random", "Player 1", "Player 2", "Player 3",
                                                                   "Player 4", "Player 5"]
    assert dg["max_rounds"]["kind"] == "int" and (dg["max_rounds"]["min"], dg["max_rounds"]["max"]) == (1, 10_000)
    assert dg["army_goal"]["step"] == 500
    rules = games["demigods_v0"]["rules"]
    assert rules["keys"] == ["num_players", "first_player"]  # speech plays with everything: left out
    seats = {n: sorted(fp for k, fp in rules["valid"] if k == n and fp != "random") for n in (2, 3, 4, 5)}
    assert seats == {n: list(range(n)) for n in (2, 3, 4, 5)}  # the first player is a seat of the table
    tm = games["theomachy_v0"]
    assert {o["name"]: o["kind"] for o in tm["options"]}["num_players"] == "choice"  # 2..8: a few values
    assert tm["rules"]["keys"] == ["deck", "mode"]
    assert ["prebuilt", "advanced"] not in tm["rules"]["valid"] and ["draft", "advanced"] in tm["rules"]["valid"]
    th = games["theosis_v0"]
    valid = [dict(zip(th["rules"]["keys"], c)) for c in th["rules"]["valid"]]
    assert {c["mode"] for c in valid if c["num_players"] == 1} == {"solo"}
    assert {o["name"]: o["kind"] for o in th["options"]}["expansion"] == "bool"
    assert games["hera_zeus_v0"]["ppo_configs"] == [{"first_player": "hera"}]


def test_server_refuses_what_the_form_would_not_offer(client):
    """The form's rules are a convenience: the server validates every config itself (a 422 naming the
    option)."""
    for game, config, expect in (("demigods_v0", {"num_players": 2, "first_player": 3}, ["first_player"]),
                                 ("theomachy_v0", {"mode": "advanced", "deck": "prebuilt"}, ["deck", "draft"]),
                                 ("theosis_v0", {"num_players": 1}, ["solo"]),
                                 ("demigods_v0", {"max_rounds": 0}, ["max_rounds"])):
        _refused(client, "post", "/api/matches", 422, expect, json={"game": game, "config": config})
    created = _new(client, game="theomachy_v0", config={"mode": "advanced", "deck": "draft"})
    assert created["config"]["mode"] == "advanced"
