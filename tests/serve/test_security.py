"""The web app (``mythenv serve``) against a hostile user (issue 41): what it trusts and what it
refuses, each class generated rather than only the examples of the issue (docs/serve.md says the same
in words).

- DNS rebinding: a ``Host`` that is not a loopback name, the bound host or an allowed host is a 400.
- Cross-site writes: a POST whose ``Origin`` is not ``http://<Host>`` is a 403; a POST body that is
  not ``application/json`` a 415 (text/plain simple requests, forms, multipart).
- Every answer carries nosniff, ``X-Frame-Options: DENY`` and ``frame-ancestors 'none'``; every error
  (404 and 405 included) is a 4xx ``{"error": ...}``, never a 5xx or a traceback.
- Opponents come from a fixed menu with bounded, typed options: no request names a file, a path or
  a module, and nothing is opened, imported or run when one tries (an audit hook watches).
- Opponents think on a bounded pool with a time budget per move: a full pool answers 429 at once and
  a real server under a burst of the heaviest allowed requests keeps answering.
- A move and the replies it triggers happen together or not at all.
- ``config.data``: only the shipped data or a variant named on the command line, by its name; the
  error never tells whether a path exists nor shows a file's content.
- Records with hostile values in every field are 422; oversized bodies 413; hostile frame queries 422.
- The least recently used session is evicted, not a live match.
- Pages (``mythenv replay --html`` and the web app's replay view) run their own script only, for
  records whose strings hold ``<!--<script>``, ``</script>``, ``<img onerror>``, U+2028/U+2029.
"""

from __future__ import annotations

import json
import math
import os
import random
import shutil
import sys
import threading
import time
import urllib.parse
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
httpx = pytest.importorskip("httpx")
from fastapi.testclient import TestClient  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import mythenv  # noqa: E402
import mythenv.serve.app as app_module  # noqa: E402
from mythenv.agents import list_agents  # noqa: E402
from mythenv.agents.base import HeuristicAgent  # noqa: E402
from mythenv.serve.app import create_app  # noqa: E402
from mythenv.serve.page import has_picture  # noqa: E402
from tests.serve import hostile as H  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
VARIANT = ROOT / "examples" / "variants" / "hera_zeus_three_heroes"
SHIPPED_NPZ = ROOT / "mythenv" / "agents" / "policies" / "hera_zeus_v0.npz"
BASE = "http://127.0.0.1"
CHROMIUM = "/usr/bin/chromium"
DRAWS = has_picture(mythenv.make_game("hera_zeus_v0"))


def variant_arg(path) -> str:
    """A variant directory as ``data_dirs`` / ``--data`` take it (GAME=DIR: the game it is a variant of)."""
    return f"hera_zeus_v0={path}"


#: the fixed menu of opponents (the contract), and each option's type and bounds
MENU = ("heuristic", "ismcts", "openspiel", "ppo", "random")
OPTIONS = {
    ("ismcts", "iterations"): ("int", 1, 1000),
    ("ismcts", "c"): ("float", 0, 10),
    ("ismcts", "rollout"): ("choice", ("random", "heuristic")),
    ("ismcts", "max_rollout"): ("int", 1, 2000),
    ("openspiel", "bot"): ("choice", ("mcts", "ismcts")),
    ("openspiel", "simulations"): ("int", 2, 200),
    ("openspiel", "uct_c"): ("float>", 0, 10),  # 0 excluded
    ("openspiel", "rollouts"): ("int", 1, 4),
    ("ppo", "deterministic"): ("bool",),
}
NUMERIC = [k for k, v in OPTIONS.items() if v[0] in ("int", "float", "float>")]
HEAVY_ISMCTS = "ismcts:iterations=1000:max_rollout=2000:rollout=heuristic:c=10"
HEAVY_OPENSPIEL = "openspiel:bot=ismcts:simulations=200:rollouts=4:uct_c=10"


# ---------------------------------------------------------------------------------------------------
# helpers

def client_for(app, base: str = BASE) -> TestClient:
    # raise_server_exceptions=False: a crash is seen as the 500 a user would get, and reported as such
    return TestClient(app, base_url=base, raise_server_exceptions=False)


@pytest.fixture()
def app():
    return create_app()


@pytest.fixture()
def client(app):
    with client_for(app) as c:
        yield c


@pytest.fixture(scope="module")
def shared():
    """One app for the tests that only look at answers (many requests, no shared state checked)."""
    a = create_app()
    with client_for(a) as c:
        c.app_ = a
        yield c


def refused(r, status=None) -> str:
    """``r`` is a 4xx JSON ``{"error": text}`` (of ``status``, an int or a tuple, when given), never a
    5xx nor a traceback; returns the text."""
    assert r.status_code < 500, (r.status_code, r.text[:800])
    if status is not None:
        assert r.status_code in (status if isinstance(status, tuple) else (status,)), (r.status_code, r.text[:800])
    assert 400 <= r.status_code < 500, (r.status_code, r.text[:800])
    assert r.headers.get("content-type", "").startswith("application/json"), (r.headers, r.text[:300])
    body = r.json()
    assert isinstance(body, dict) and isinstance(body.get("error"), str) and body["error"], body
    assert "Traceback" not in r.text and 'File "' not in r.text, r.text[:800]
    return body["error"]


def secure(r) -> None:
    """The headers every answer carries."""
    h = r.headers
    assert h.get("x-content-type-options", "").lower() == "nosniff", (r.request.url, dict(h))
    assert h.get("x-frame-options", "").upper() == "DENY", (r.request.url, dict(h))
    assert "frame-ancestors 'none'" in h.get("content-security-policy", ""), (r.request.url, dict(h))


def new_match(c, opponents="random", game="hera_zeus_v0", seat=0, seed=3, config=None, **kw):
    body = {"game": game, "seat": seat, "opponents": opponents, "seed": seed, **kw}
    if config is not None:
        body["config"] = config
    return c.post("/api/matches", json=body)


def created(r) -> dict:
    assert r.status_code == 201, (r.status_code, r.text[:800])
    return r.json()


def view_of(c, m) -> dict:
    r = c.get(f"/api/matches/{m['match']}", params={"token": m["token"]})
    assert r.status_code == 200, (r.status_code, r.text[:800])
    return r.json()


def act_body(m, v, action) -> dict:
    return {"token": m["token"], "step": v["step"], "action": action}


def n_sessions(a) -> int:
    return len(a.state.hub.sessions)


def upload(c, doc_or_bytes, **headers):
    body = doc_or_bytes if isinstance(doc_or_bytes, bytes) else H.dumps(doc_or_bytes)
    return c.post("/api/replays", content=body, headers={"content-type": "application/json", **headers})


def handing_over(seed: int, gid="hera_zeus_v0", seat=0, **config) -> list[int]:
    """Actions of ``seat`` from the start of ``gid`` (seed ``seed``): each but the last leaves ``seat``
    to act (a Hera and Zeus turn may be several placements), the last hands the turn to another seat."""
    s = mythenv.make_game(gid, **config).new_initial_state(seed=seed)
    path: list[int] = []
    for _ in range(20):
        assert s.current_player() == seat and not s.is_terminal()
        for a in s.legal_actions():
            t = s.clone()
            t.apply_action(a)
            if not t.is_terminal() and t.current_player() != seat:
                return path + [a]
        a = s.legal_actions()[0]
        s.apply_action(a)
        path.append(a)
    raise AssertionError(f"no action of seat {seat} hands the turn over at seed {seed}")


def to_hand_over(c, m, seed: int) -> tuple[dict, dict]:
    """Play the person's moves of match ``m`` (started with ``seed``, the person to move, no reply
    yet) up to the one that needs a reply; returns the view then and that move's body."""
    *prefix, last = handing_over(seed)
    for a in prefix:
        v = c.get(f"/api/matches/{m['match']}", params={"token": m["token"]}).json()
        r = c.post(f"/api/matches/{m['match']}/act", json=act_body(m, v, a))
        assert r.status_code == 200, (r.status_code, r.text[:300])
    v = c.get(f"/api/matches/{m['match']}", params={"token": m["token"]}).json()
    assert v["your_turn"] and last in [x["action"] for x in v["legal"]], v
    return v, act_body(m, v, last)


@pytest.fixture(scope="module")
def record_bytes() -> bytes:
    return H.dumps(H.record_doc(steps=6))


# ---------------------------------------------------------------------------------------------------
# Host: DNS rebinding

_r = random.Random(41)
LOOPBACK_HOSTS = ["localhost", "localhost:8000", "127.0.0.1", "127.0.0.1:1", "[::1]", "[::1]:65535",
                  "127.255.255.254", "127.0.0.2:8000"] + \
                 [f"127.{_r.randrange(256)}.{_r.randrange(256)}.{_r.randrange(256)}{_r.choice(['', ':8000'])}"
                  for _ in range(6)]
FOREIGN_HOSTS = ["testserver", "evil.example", "evil.example:8000", "localhost.evil.example",
                 "127.0.0.1.evil.example", "127.0.0.1.nip.io", "evil-localhost", "0.0.0.0", "0.0.0.0:8000",
                 "10.0.0.1", "192.168.1.10:8000", "128.0.0.1", "126.0.0.1", "[::2]", "[fe80::1]", "1.2.3.4", ""]


@pytest.mark.parametrize("host", LOOPBACK_HOSTS)
def test_loopback_hosts_served(shared, host):
    r = shared.get("/api/games", headers={"host": host})
    assert r.status_code == 200, (host, r.status_code, r.text[:300])
    secure(r)
    r = shared.get("/", headers={"host": host})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html"), host
    secure(r)


@pytest.mark.parametrize("host", FOREIGN_HOSTS)
def test_foreign_hosts_refused(app, client, host, record_bytes):
    """A page on another name that resolves to 127.0.0.1 (DNS rebinding) gets nothing: no page, no
    menu, no new game, no replay."""
    h = {"host": host}
    for r in (client.get("/", headers=h), client.get("/api/games", headers=h), client.get("/nope", headers=h),
              client.post("/api/matches", json={"game": "hera_zeus_v0", "seed": 1}, headers=h),
              client.post("/api/replays", content=record_bytes, headers={**h, "content-type": "application/json"})):
        refused(r, 400)
        secure(r)
    assert n_sessions(app) == 0


@settings(max_examples=30, deadline=None)
@given(name=st.from_regex(r"\A[a-z][a-z0-9-]{0,14}(\.[a-z][a-z0-9-]{0,9}){0,3}(:[0-9]{1,5})?\Z"),
       ip=st.tuples(st.integers(0, 255), st.integers(0, 255), st.integers(0, 255)))
def test_generated_hosts(shared, name, ip):
    """Any DNS name but localhost is refused; any 127.x.y.z is served."""
    if name.split(":")[0] != "localhost":
        refused(shared.get("/api/games", headers={"host": name}), 400)
    assert shared.get("/api/games", headers={"host": "127.{}.{}.{}".format(*ip)}).status_code == 200


def test_allowed_hosts():
    a = create_app(allowed_hosts=["mybox.lan", "10.1.2.3"])
    with client_for(a) as c:
        for host in ("mybox.lan", "mybox.lan:8000", "10.1.2.3", "10.1.2.3:80", "localhost", "127.0.0.1:9"):
            assert c.get("/api/games", headers={"host": host}).status_code == 200, host
        for host in ("other.lan", "mybox.lan.evil.example", "10.1.2.4", "evil.mybox.lan"):
            refused(c.get("/api/games", headers={"host": host}), 400)


def test_cli_serve_builds_the_hardened_app(monkeypatch):
    """``mythenv serve --host H --policy NAME=PATH --data GAME=DIR --allow-host N``: the bound host and
    N are served, the policy is on the menu, the variant is listed by its name and playable; a foreign
    Host is still refused."""
    import uvicorn

    from mythenv.cli import main

    seen = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, *a, **kw: seen.setdefault("app", app))
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, *a, **kw: seen.setdefault("app", self.config.app))
    assert main(["serve", "--host", "10.1.2.3", "--port", "8123", "--policy", f"mine={SHIPPED_NPZ}",
                 "--data", variant_arg(VARIANT), "--allow-host", "mybox.lan"]) == 0
    assert "app" in seen, "mythenv serve started no server"
    with client_for(seen["app"], "http://10.1.2.3:8123") as c:
        g = c.get("/api/games")
        assert g.status_code == 200, g.text
        names = [o["name"] for o in g.json()["opponents"]]
        assert "mine" in names and set(MENU) <= set(names)
        variants = g.json()["variants"]
        assert [v["game"] for v in variants] == ["hera_zeus_v0"]
        created(new_match(c, opponents="mine:deterministic=false"))
        created(new_match(c, config={"data": variants[0]["name"]}))
        refused(c.get("/api/games", headers={"host": "evil.example"}), 400)
        assert c.get("/api/games", headers={"host": "mybox.lan:8123"}).status_code == 200  # --allow-host


# ---------------------------------------------------------------------------------------------------
# cross-origin writes

FOREIGN_ORIGINS = ["http://evil.example", "null", "http://127.0.0.1:9", "https://127.0.0.1", "http://localhost",
                   "http://127.0.0.1.evil.example", "http://127.0.0.1@evil.example", "file://", "http://[::1]",
                   "http://evil.example/http://127.0.0.1"]


@pytest.fixture()
def three_writes(app, client, record_bytes):
    """The three POSTs (new game, move, upload), each valid; and what shows whether any took effect."""
    m = created(new_match(client, seed=5))
    v = view_of(client, m)
    writes = [("/api/matches", json.dumps({"game": "hera_zeus_v0", "seed": 1}).encode()),
              (f"/api/matches/{m['match']}/act", json.dumps(act_body(m, v, v["legal"][0]["action"])).encode()),
              ("/api/replays", record_bytes)]

    def unchanged():
        assert n_sessions(app) == 1 and view_of(client, m) == v

    return writes, unchanged


@pytest.mark.parametrize("origin", FOREIGN_ORIGINS)
def test_cross_origin_writes_refused(client, three_writes, origin):
    writes, unchanged = three_writes
    for url, body in writes:
        r = client.post(url, content=body, headers={"content-type": "application/json", "origin": origin})
        refused(r, 403)
        secure(r)
    unchanged()


def test_same_origin_writes_pass(client, three_writes):
    writes, _ = three_writes
    for (url, body), status in zip(writes, (201, 200, 201)):
        r = client.post(url, content=body, headers={"content-type": "application/json", "origin": BASE})
        assert r.status_code == status, (url, r.status_code, r.text[:300])
    # the Origin must be the request's own Host, port included
    a = create_app()
    with client_for(a, "http://127.0.0.1:8000") as c:
        body = {"game": "hera_zeus_v0", "seed": 1}
        assert c.post("/api/matches", json=body, headers={"origin": "http://127.0.0.1:8000"}).status_code == 201
        refused(c.post("/api/matches", json=body, headers={"origin": "http://127.0.0.1"}), 403)
        assert c.post("/api/matches", json=body).status_code == 201  # no Origin: a script or curl


BAD_TYPES = [None, "text/plain", "text/plain;charset=UTF-8", "text/plain; charset=application/json",
             "application/x-www-form-urlencoded", "multipart/form-data; boundary=xyz", "application/xml",
             "text/html", "application/javascript", "text/json"]


@pytest.mark.parametrize("ctype", BAD_TYPES)
def test_non_json_bodies_refused(client, three_writes, ctype):
    """The bodies a cross-site page can send without a CORS preflight (text/plain, forms, multipart),
    and any other non-JSON type, are 415 even when the bytes are valid JSON."""
    writes, unchanged = three_writes
    for url, body in writes:
        r = client.post(url, content=body, headers={} if ctype is None else {"content-type": ctype})
        refused(r, 415)
        secure(r)
    unchanged()


def test_forms_and_multipart_refused(client, three_writes, record_bytes):
    writes, unchanged = three_writes
    for url, _ in writes:
        refused(client.post(url, data={"game": "hera_zeus_v0", "token": "x"}), 415)
        refused(client.post(url, files={"record": ("r.json", record_bytes, "application/json")}), 415)
    unchanged()
    assert client.post("/api/matches", content=writes[0][1],
                       headers={"content-type": "application/json; charset=utf-8"}).status_code == 201


# ---------------------------------------------------------------------------------------------------
# headers and errors everywhere

def test_security_headers_on_every_kind_of_answer(client, record_bytes):
    m = created(new_match(client, seed=2))
    rs = [client.get("/"), client.get("/api/games"), new_match(client), client.get("/nope"),
          client.delete("/api/games"), client.get("/api/games", headers={"host": "evil.example"}),
          client.post("/api/matches", json={"game": "hera_zeus_v0"}, headers={"origin": "http://evil.example"}),
          client.post("/api/matches", content=b"{}", headers={"content-type": "text/plain"}),
          new_match(client, opponents="python"), upload(client, record_bytes),
          client.get(f"/api/matches/{m['match']}", params={"token": m["token"]}),
          client.get(f"/api/matches/{m['match']}", params={"token": "guess"})]
    if DRAWS:
        rs.append(client.get(f"/api/matches/{m['match']}/frame.png", params={"token": m["token"]}))
        assert rs[-1].status_code == 200
    for r in rs:
        secure(r)


ROUTES = [("GET", "/nope", 404), ("GET", "/api", 404), ("GET", "/api/nope", 404), ("GET", "/docs", 404),
          ("GET", "/redoc", 404), ("GET", "/openapi.json", 404), ("GET", "/static/../../../../etc/passwd", None),
          ("GET", "/%2e%2e/%2e%2e/etc/passwd", None), ("GET", "/api/matches/x", None),
          ("GET", "/api/matches/x?token=y", None), ("GET", "/api/replays/x/frame.png?token=y", None),
          ("GET", "/api/matches", 405), ("DELETE", "/api/games", 405), ("PUT", "/api/matches", 405),
          ("POST", "/", 405), ("PATCH", "/api/replays", 405), ("GET", "/api/matches/x/act", 405),
          ("OPTIONS", "/api/matches", 405), ("DELETE", "/", 405), ("GET", "/api/replays", 405)]


@pytest.mark.parametrize("method,path,status", ROUTES)
def test_every_error_is_json(shared, method, path, status):
    r = shared.request(method, path)
    refused(r, status)
    secure(r)


@settings(max_examples=40, deadline=None)
@given(method=st.sampled_from(["GET", "POST", "PUT", "DELETE", "PATCH"]),
       path=st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=40))
def test_generated_routes(shared, method, path):
    url = "/" + urllib.parse.quote(path, safe="/?=&")
    r = shared.request(method, url)
    if r.status_code >= 300:
        refused(r)
    secure(r)


# ---------------------------------------------------------------------------------------------------
# opponents: the menu

def test_menu_lists_only_the_fixed_opponents(tmp_path):
    a = create_app()
    with client_for(a) as c:
        g = c.get("/api/games").json()
    ops = {o["name"]: o for o in g["opponents"]}
    assert set(ops) == set(MENU), sorted(ops)
    text = json.dumps(g)
    for word in ("PATH", ".zip", "ppo:/", "python:", "FILE.py"):
        assert word not in text, word
    assert set(g.get("agents", MENU)) <= set(MENU), g.get("agents")  # no other list of agents
    for name, o in ops.items():
        assert isinstance(o.get("doc"), str) and o["doc"], name
        want = {k for (agent, k) in OPTIONS if agent == name}
        assert set(o["options"]) == want, (name, sorted(o["options"]))
        for key, spec in o["options"].items():
            kind = OPTIONS[(name, key)]
            assert spec["type"] == kind[0].rstrip(">"), (name, key, spec)
            if kind[0] == "int":
                assert (spec["min"], spec["max"]) == kind[1:], (name, key, spec)
                assert kind[1] <= spec["default"] <= kind[2] and type(spec["default"]) is int
            elif kind[0] in ("float", "float>"):
                assert spec["max"] == kind[2] and spec["min"] >= kind[1], (name, key, spec)
                assert spec["default"] <= kind[2] and (spec["default"] > 0 if kind[0] == "float>" else spec["default"] >= 0)
            elif kind[0] == "choice":
                assert set(spec["choices"]) == set(kind[1]) and spec["default"] in kind[1], (name, key, spec)
            else:
                assert spec["default"] in (True, False), (name, key, spec)
    # a policy named on the command line joins the menu, with the ppo option only
    with client_for(create_app(policies={"mine": str(SHIPPED_NPZ)})) as c:
        g = c.get("/api/games").json()
        ops = {o["name"]: o for o in g["opponents"]}
        assert set(ops) == set(MENU) | {"mine"}
        assert set(ops["mine"]["options"]) == {"deterministic"} and ops["mine"]["options"]["deterministic"]["type"] == "bool"
        assert str(SHIPPED_NPZ) not in json.dumps(g)  # the server's path is not shown
        created(new_match(c, opponents="mine"))
        created(new_match(c, opponents="mine:deterministic=true"))
        for spec in ("mine:path=/etc/passwd", f"mine:{SHIPPED_NPZ}", "mine:x.npz", "mine:nosuch=1",
                     "mine:deterministic=1", "mine2", "Mine"):
            refused(new_match(c, opponents=spec), 422)


def test_menu_defaults_are_accepted(shared):
    g = shared.get("/api/games").json()
    for o in g["opponents"]:
        for key, spec in o["options"].items():
            d = spec["default"]
            text = d if isinstance(d, str) else json.dumps(d)  # a choice is written bare: rollout=random
            created(new_match(shared, opponents=f"{o['name']}:{key}={text}"))


# ---------------------------------------------------------------------------------------------------
# opponents: nothing a request names is opened, imported or run

EVIL = """
import pathlib
pathlib.Path({marker!r}).write_text("ran")
from mythenv.agents.base import RandomAgent


class Evil(RandomAgent):
    pass


def make(game, seed=None, **kw):
    return Evil(game, seed)
"""


def _hostile_code(tmp_path, monkeypatch):
    box = tmp_path / "box"
    box.mkdir()
    marker = tmp_path / "MARKER"
    py = box / "evil.py"
    py.write_text(EVIL.format(marker=str(marker)))
    modname = f"mythenv_hostile_probe_{os.getpid()}"
    (box / f"{modname}.py").write_text(EVIL.format(marker=str(marker)))
    monkeypatch.syspath_prepend(str(box))
    (box / "model.zip").write_bytes(b"PK\x05\x06" + b"\0" * 18)
    shutil.copy(SHIPPED_NPZ, box / "policy.npz")
    (box / "ckpt").mkdir()
    (box / "ckpt" / "rllib_checkpoint.json").write_text("{}")
    (box / "model.pt").write_bytes(b"\0" * 16)
    paths = [str(py), f"{py}:Evil", f"{py}:make", f"{modname}:make", "os:system", "this:s",
             "mythenv.agents.loaders:load_python_agent", str(box / "model.zip"), str(box / "policy.npz"),
             str(box / "ckpt"), str(box / "model.pt"), "/etc/passwd", "../../../../etc/passwd", "x.npz",
             "/x/model.zip", "C:\\x\\model.zip", "~/model.zip", "evil.py"]
    return box, marker, modname, paths


def hostile_specs(paths) -> list[str]:
    """Spec strings naming code, files or paths, for every registered agent and every menu agent."""
    out = list(paths)  # the CLI's bare forms: FILE.py, FILE.py:NAME, module:NAME, PATH.zip, a directory
    for name in sorted(set(list_agents()) | set(MENU) | {"python", "torch", "rllib", "human"}):
        if name not in MENU:
            out.append(name)
        for p in paths:
            out += [f"{name}:{p}", f"{name}:path={p}"]
    out += ["ppo:policy=1", "ppo:deterministic=true:x.npz", "ismcts:iterations=5:/tmp/x.py", "random::/tmp/x.py",
            "python:os:system", "python:subprocess:run", "torch:/x/model.pt", "rllib:/tmp",
            "human", "human:", "Random", "random,python", "ppo:path=", "ppo:x=1:path=/etc/passwd"]
    return out


def test_opponent_specs_naming_code_refused(app, client, tmp_path, monkeypatch):
    """Every spec that names a file, path, module or unlisted agent is a 422; while they are sent no
    file of theirs is opened, no module imported, no code compiled or run (marker file absent)."""
    box, marker, modname, paths = _hostile_code(tmp_path, monkeypatch)
    specs = hostile_specs(paths)
    # warm up the refusal paths once (lazy imports of the validation itself are not the point)
    for spec in ("nosuch", "random:nosuch=1", "ismcts:iterations=0", "ismcts:x"):
        refused(new_match(client, opponents=spec), 422)
    refused(new_match(client, game="demigods_v0", config={"num_players": 3}, opponents=["random", "nosuch"]), 422)
    had_this = "this" in sys.modules
    bad = []
    with H.Watch() as w:
        for spec in specs:
            for r in (new_match(client, opponents=spec),
                      new_match(client, game="demigods_v0", config={"num_players": 3}, opponents=["random", spec]),
                      new_match(client, seat=1, opponents=[spec])):
                if r.status_code != 422:
                    bad.append((spec, r.status_code, r.text[:200]))
                else:
                    refused(r, 422)
    assert not bad, bad[:20]
    assert not marker.exists(), "a requested Python file ran on the server"
    assert modname not in sys.modules and ("this" in sys.modules) == had_this
    assert not w.mentioning(str(box), "/etc/passwd", modname), w.mentioning(str(box), "/etc/passwd", modname)[:10]
    assert not w.of("pickle.find_class", "os.system", "subprocess.Popen", "os.exec", "os.posix_spawn",
                    "ctypes.dlopen"), w.of("pickle.find_class", "os.system", "subprocess.Popen")[:10]
    assert not w.new_modules, sorted(w.new_modules)
    assert n_sessions(app) == 0


@pytest.mark.parametrize("opponents", [5, None, [5], {"name": "random"}, ["random", None], [], ["random"] * 50,
                                       "", "x" * 100_000, ["random", ["random"]], True])
def test_opponents_of_the_wrong_shape_refused(app, client, opponents):
    refused(new_match(client, opponents=opponents), 422)
    assert n_sessions(app) == 0


# ---------------------------------------------------------------------------------------------------
# opponents: options

COMMON_BAD = ["true", "false", "null", "[]", "{}", '"x"', "x", "", "NaN", "Infinity", "-Infinity", "1e400", "-1e400",
              "1e9", "-1", "0x10", "1_0", "+5", "\u0000"]
LONG = "9" * 5000


def option_values(kind) -> tuple[list[str], list[str]]:
    """(accepted, refused) option values as the text after ``key=``."""
    if kind[0] == "int":
        lo, hi = kind[1:]
        ok = [str(lo), str(hi), str((lo + hi) // 2)]
        bad = [str(lo - 1), str(hi + 1), "1.5", f"{hi}.0", f"{lo}.0", "1e2", '"5"', "-0.5"] + COMMON_BAD + [LONG]
        if lo > 0:
            bad.append("0")
        return ok, bad
    if kind[0] in ("float", "float>"):
        lo, hi = kind[1:]
        ok = ["10", "10.0", "2", "2.5", "0.5"] + (["0", "0.0"] if kind[0] == "float" else ["0.01"])
        bad = ["-0.001", "10.001", "11", "-1", '"1"'] + COMMON_BAD + [LONG, "1e-400x"]
        if kind[0] == "float>":
            bad += ["0", "0.0", "-0.0"]
        return ok, bad
    if kind[0] == "choice":
        others = {"random": "mcts", "heuristic": "mcts", "mcts": "random", "ismcts": "heuristic"}
        return list(kind[1]), ["Random", "HEURISTIC", "MCTS", "1", "../x", "random\u0000", '"x"',
                               others[kind[1][0]]] + COMMON_BAD
    return ["true", "false"], ["1", "0", '"true"', "True", "yes", "1.0", "x", "null", "[]", ""]


@pytest.mark.parametrize("agent,key", list(OPTIONS))
def test_option_bounds(shared, agent, key):
    """Every option at its bounds is accepted; just outside them, or of the wrong type, is a 422
    naming the agent and the option."""
    ok, bad = option_values(OPTIONS[(agent, key)])
    for v in ok:
        r = new_match(shared, opponents=f"{agent}:{key}={v}")
        assert r.status_code == 201, (agent, key, v, r.status_code, r.text[:300])
    wrong = []
    for v in bad:
        r = new_match(shared, opponents=f"{agent}:{key}={v}")
        if r.status_code != 422:
            wrong.append((v[:20], r.status_code, r.text[:200]))
            continue
        err = refused(r, 422)
        if v != LONG and not (agent in err and key in err):
            wrong.append((v[:20], "error does not name the agent and option", err[:200]))
    assert not wrong, wrong


@pytest.mark.parametrize("agent,key", NUMERIC)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(v=st.one_of(st.integers(-3000, 3000), st.integers(), st.floats(-20, 20),
                   st.floats(allow_nan=True, allow_infinity=True), st.booleans()))
def test_numeric_option_accepted_iff_in_bounds(shared, agent, key, v):
    kind, lo, hi = OPTIONS[(agent, key)]
    if kind == "int":
        ok = type(v) is int and lo <= v <= hi
    else:
        ok = type(v) in (int, float) and math.isfinite(v) and (lo < v if kind == "float>" else lo <= v) and v <= hi
    r = new_match(shared, opponents=f"{agent}:{key}={json.dumps(v)}")
    if ok:
        assert r.status_code == 201, (v, r.status_code, r.text[:300])
    else:
        refused(r, 422)


@pytest.mark.parametrize("spec", ["random:nosuch=1", "random:seed=1", "heuristic:depth=2", "ismcts:nosuch=1",
                                  "ismcts:seed=1", "ismcts:time_limit=1e9", "ismcts:think_seconds=100",
                                  "openspiel:time_limit=1e9", "openspiel:game=x", "ppo:policy=1", "ppo:path=x.npz",
                                  "ppo:__class__=1", "ismcts:iterations", "ismcts:=5", "ismcts:iterations=5=5",
                                  "openspiel:simulations=1:simulations=1"])
def test_unknown_options_refused(shared, spec):
    err = refused(new_match(shared, opponents=spec), 422)
    assert spec.split(":")[0] in err, err


def test_shipped_ppo_missing_for_the_config(app, client):
    for game, config, opp in (("demigods_v0", {"num_players": 3}, ["ppo", "random"]),
                              ("mythologies_v0", {"num_players": 4}, ["random", "ppo", "random"])):
        assert "ppo" in refused(new_match(client, game=game, config=config, opponents=opp), 422)
    assert n_sessions(app) == 0
    created(new_match(client, opponents="ppo"))  # Hera and Zeus ships one


# ---------------------------------------------------------------------------------------------------
# time: a budget per move, a bounded pool, a server that keeps answering

def test_think_budget_bounds_a_search_move():
    """1,000 ISMCTS iterations with heuristic rollouts take some 12 s per Mythologies move unbudgeted;
    with think_seconds=0.5 each of the opponent's opening moves ends in about half a second."""
    with client_for(create_app(think_seconds=0.5)) as c:
        t = time.monotonic()
        m = created(new_match(c, game="mythologies_v0", seat=1, seed=1, opponents=HEAVY_ISMCTS))
        took = time.monotonic() - t
    moves = sum(1 for e in m["log"] if e["seat"] != 1)
    assert moves >= 1
    assert took < 0.5 * moves + 3.0, (took, moves)


def _post(base, url, body, timeout=60.0):
    t = time.monotonic()
    try:
        with httpx.Client(timeout=timeout) as h:
            r = h.post(base + url, json=body)
        return r.status_code, r.text, time.monotonic() - t
    except Exception as e:  # noqa: BLE001 - a timeout or a dropped connection is a finding
        return None, f"{type(e).__name__}: {e}", time.monotonic() - t


def test_full_pool_answers_429_at_once():
    """One worker: while it thinks, a new game that needs an opponent's move and a move that needs a
    reply are refused at once (429), the move changes nothing, and the menu is served."""
    a = create_app(think_seconds=2.0, opponent_workers=1)
    with H.running(a) as base, httpx.Client(base_url=base, timeout=30) as h:
        m = h.post("/api/matches", json={"game": "hera_zeus_v0", "seat": 0, "opponents": "random", "seed": 7}).json()
        v, move = to_hand_over(h, m, 7)
        heavy = {"game": "mythologies_v0", "seat": 1, "opponents": HEAVY_ISMCTS, "seed": 1}
        first = {}
        t = threading.Thread(target=lambda: first.setdefault("r", _post(base, "/api/matches", heavy)))
        t.start()
        time.sleep(1.0)
        assert t.is_alive(), first  # it is thinking
        status, text, took = _post(base, "/api/matches", {**heavy, "seed": 2})
        assert status == 429 and took < 2.0, (status, text[:300], took)
        assert "error" in json.loads(text)
        status, text, took = _post(base, f"/api/matches/{m['match']}/act", move)
        assert status == 429 and took < 2.0, (status, text[:300], took)
        assert h.get(f"/api/matches/{m['match']}", params={"token": m["token"]}).json() == v  # unchanged
        t0 = time.monotonic()
        assert h.get("/api/games").status_code == 200 and time.monotonic() - t0 < 2.0
        t.join(timeout=60)
        assert not t.is_alive() and first["r"][0] == 201, first
        assert h.post(f"/api/matches/{m['match']}/act", json=move).status_code == 200  # playable again


def test_burst_of_heavy_requests_keeps_the_server_answering():
    """30 concurrent requests of the heaviest allowed opponents (new games whose opponent moves first,
    and moves that need a reply) against 2 workers: every answer is 201/200/429 (no 5xx, no timeout),
    GET /api/games answers during and after the burst, and refusals answer sooner than served requests."""
    a = create_app(think_seconds=1.0, opponent_workers=2)
    started = time.monotonic()
    with H.running(a) as base, httpx.Client(base_url=base, timeout=30) as h:
        jobs = []
        for k in range(5):  # moves that make a heavy search opponent reply
            seed = 20 + k
            m = h.post("/api/matches", json={"game": "hera_zeus_v0", "seat": 0, "opponents": HEAVY_ISMCTS,
                                             "seed": seed}).json()
            jobs.append((f"/api/matches/{m['match']}/act", to_hand_over(h, m, seed)[1]))
        for k in range(20):
            jobs.append(("/api/matches", {"game": "mythologies_v0", "seat": 1, "opponents": HEAVY_ISMCTS, "seed": k}))
        for k in range(5):
            jobs.append(("/api/matches", {"game": "hera_zeus_v0", "seat": 1, "opponents": HEAVY_OPENSPIEL, "seed": k}))
        out = [None] * len(jobs)

        def run(i, url, body):
            out[i] = _post(base, url, body, timeout=40)

        threads = [threading.Thread(target=run, args=(i, u, b), daemon=True) for i, (u, b) in enumerate(jobs)]
        for t in threads:
            t.start()
        time.sleep(0.5)
        t0 = time.monotonic()
        assert h.get("/api/games", timeout=10).status_code == 200
        during = time.monotonic() - t0
        for t in threads:
            t.join(timeout=max(1.0, 90 - (time.monotonic() - started)))
        assert not any(t.is_alive() for t in threads), "a burst request did not finish"
        t0 = time.monotonic()
        assert h.get("/api/games", timeout=10).status_code == 200
        after = time.monotonic() - t0
    statuses = [o[0] for o in out]
    assert all(s in (200, 201, 429) for s in statuses), [(s, o[1][:200]) for s, o in zip(statuses, out)
                                                          if s not in (200, 201, 429)]
    assert 429 in statuses and any(s in (200, 201) for s in statuses), statuses
    # no wall-clock bound (the machine's load decides those): the listing answered during and after the
    # burst (above), and a refusal does not queue behind the searches: the 429s came back sooner than
    # the requests that were served
    refused = sorted(o[2] for o in out if o[0] == 429)
    served = sorted(o[2] for o in out if o[0] in (200, 201))
    assert refused[len(refused) // 2] < served[len(served) // 2], (refused, served, during, after)


# ---------------------------------------------------------------------------------------------------
# a move and its replies: all or nothing

def _boom(view):
    raise RuntimeError("the opponent broke")


FAILURES = {"raises": _boom, "illegal -1": lambda view: -1, "None": lambda view: None,
            "out of range": lambda view: 10**9, "a string": lambda view: "x"}


@pytest.mark.parametrize("failure", list(FAILURES))
def test_failing_reply_leaves_the_match_unchanged(app, client, monkeypatch, failure):
    m = created(new_match(client, opponents="heuristic", seed=11))
    before, body = to_hand_over(client, m, 11)
    agent = app.state.hub.sessions[m["match"]].agents[1]
    monkeypatch.setattr(agent, "act", FAILURES[failure])
    err = refused(client.post(f"/api/matches/{m['match']}/act", json=body))
    assert "heuristic" in err, err
    assert view_of(client, m) == before
    monkeypatch.undo()
    r = client.post(f"/api/matches/{m['match']}/act", json=body)  # the same move now plays
    assert r.status_code == 200, r.text[:300]
    assert r.json()["step"] > before["step"]


def test_replies_without_end_are_refused_and_leave_the_match_unchanged(app, client, monkeypatch):
    """The agents' replies are bounded (2 x max_game_length moves: an agent can repeat a loop some rules
    allow, as Mythologies' Bénou / Hyena-Man / Garuda chain): past it the move is refused with a 4xx
    naming the opponent, and the match is as it was."""
    from mythenv.games.hera_zeus import HeraZeusGame

    m = created(new_match(client, opponents="heuristic", seed=11))
    before, body = to_hand_over(client, m, 11)
    monkeypatch.setattr(HeraZeusGame, "max_game_length", 0)   # not one reply allowed
    err = refused(client.post(f"/api/matches/{m['match']}/act", json=body))
    assert "heuristic" in err and "did not hand the turn back" in err, err
    assert view_of(client, m) == before
    monkeypatch.undo()
    r = client.post(f"/api/matches/{m['match']}/act", json=body)  # the same move now plays
    assert r.status_code == 200, r.text[:300]


def test_second_reply_failing_undoes_the_first(app, client, monkeypatch):
    """Three seats: the person's move, seat 1's reply (it works), seat 2's reply (it fails): none of
    them stays."""
    cfg = {"num_players": 3, "first_player": 0}
    m = created(new_match(client, game="demigods_v0", config=cfg, opponents=["random", "heuristic"], seed=4))
    agents = app.state.hub.sessions[m["match"]].agents
    calls = []
    real1 = agents[1].act
    monkeypatch.setattr(agents[1], "act", lambda view: calls.append(1) or real1(view))
    monkeypatch.setattr(agents[2], "act", _boom)
    for _ in range(300):
        before = view_of(client, m)
        assert not before["finished"] and before["your_turn"]
        n = len(calls)
        r = client.post(f"/api/matches/{m['match']}/act", json=act_body(m, before, before["legal"][0]["action"]))
        if r.status_code == 200:
            continue
        assert "heuristic" in refused(r), r.text
        assert view_of(client, m) == before
        assert len(calls) > n, "seat 2 acted right after the person: the chain was not exercised"
        break
    else:
        raise AssertionError("seat 2 never had to reply")


def test_failing_first_move_creates_no_match(app, client, monkeypatch):
    monkeypatch.setattr(HeuristicAgent, "act", _boom)
    assert "heuristic" in refused(new_match(client, seat=1, opponents="heuristic"))
    assert n_sessions(app) == 0
    monkeypatch.undo()
    created(new_match(client, seat=1, opponents="heuristic"))


# ---------------------------------------------------------------------------------------------------
# config.data

@pytest.fixture()
def secret_dir(tmp_path):
    """A variant directory with a wrong value that is a secret: no error may show it."""
    d = tmp_path / "secret"
    d.mkdir()
    text = (VARIANT / "cards.toml").read_text()
    assert "deck_size = 43" in text
    (d / "cards.toml").write_text(text.replace("deck_size = 43", 'deck_size = "SECRET_4f1c"'))
    return d


def _data_values(tmp_path, secret_dir, name) -> list:
    return [str(VARIANT), str(VARIANT) + "/", "examples/variants/hera_zeus_three_heroes", f"./{name}",
            f"{name}/", f"../{name}", f"{name}/../{name}", f"{name}\u0000", "\u0000", "/etc", "/", ".", "..", "",
            "~", "/nonexistent_41", str(secret_dir), str(secret_dir / "cards.toml"), str(tmp_path / "missing"),
            str(ROOT / "mythenv" / "games" / "hera_zeus" / "data"), "x" * 100_000, "%2e%2e", "file:///etc",
            5, True, 1.5, [], {}, ["x"], {"name": name}, 10**400]


def test_data_only_named_variants(tmp_path, secret_dir):
    """Only a variant named on the command line, by its listed name, is played; paths of any kind
    (that exist or not, the variant's own path included), odd strings and non-strings are 422 and
    never show a file's content."""
    name = VARIANT.name
    with client_for(create_app()) as c:
        assert c.get("/api/games").json()["variants"] == []
        for data in _data_values(tmp_path, secret_dir, name) + [name]:
            err = refused(new_match(c, config={"data": data}), 422)
            assert "SECRET" not in err
    a = create_app(data_dirs=[variant_arg(VARIANT)])
    with client_for(a) as c:
        variants = c.get("/api/games").json()["variants"]
        assert len(variants) == 1 and variants[0]["game"] == "hera_zeus_v0", variants
        listed = variants[0]["name"]
        assert str(ROOT) not in json.dumps(variants)  # the server's paths are not shown
        created(new_match(c, config={"data": listed}))
        for data in _data_values(tmp_path, secret_dir, listed):
            err = refused(new_match(c, config={"data": data}), 422)
            assert "SECRET" not in err
        refused(new_match(c, game="demigods_v0", config={"data": listed}), 422)  # a Hera and Zeus variant
        assert n_sessions(a) == 1


def _same_error(texts_by_value: dict) -> set:
    """The error texts with each one's own value taken out (a message may quote what was sent)."""
    out = set()
    for value, text in texts_by_value.items():
        for form in sorted({json.dumps(value), repr(value), value}, key=len, reverse=True):
            text = text.replace(form, "<V>")
        out.add(text)
    return out


def test_data_errors_do_not_tell_what_exists(tmp_path, secret_dir):
    pairs = [(str(secret_dir), str(tmp_path / "missing")), (str(secret_dir / "cards.toml"), str(tmp_path / "no.toml")),
             ("/etc", "/etc_nonexistent_41"), (str(VARIANT), str(VARIANT) + "_missing"), ("tests", "tests_missing_41")]
    for data_dirs in (None, [variant_arg(VARIANT)]):
        with client_for(create_app(data_dirs=data_dirs)) as c:
            for there, missing in pairs:
                texts = {v: refused(new_match(c, config={"data": v}), 422) for v in (there, missing)}
                assert len(_same_error(texts)) == 1, texts


def test_records_naming_data_off_the_command_line_refused(tmp_path, secret_dir):
    doc = H.record_doc(steps=6, config={"data": str(VARIANT)})
    assert doc["config"]["data"]
    with client_for(create_app()) as c:
        err = refused(upload(c, doc), 422)
        texts = {}
        for data in (str(secret_dir), str(tmp_path / "missing"), "\u0000", "../../etc", 5, [], "/etc"):
            texts[data if isinstance(data, str) else repr(data)] = err = refused(
                upload(c, H.with_value(doc, ("config", "data"), data)), 422)
            assert "SECRET" not in err
        assert len(_same_error({k: texts[k] for k in (str(secret_dir), str(tmp_path / "missing"))})) == 1, texts
    with client_for(create_app(data_dirs=[variant_arg(VARIANT)])) as c:
        assert upload(c, doc).status_code == 201  # named on the command line: replayed
        refused(upload(c, H.with_value(doc, ("config", "data"), str(secret_dir))), 422)


# ---------------------------------------------------------------------------------------------------
# records

RECORD_PATHS = [("format",), ("version",), ("game",), ("config",), ("config", "first_player"), ("seed",),
                ("agents",), ("agents", 0), ("agent_seeds",), ("agent_seeds", 0), ("num_players",), ("steps",),
                ("steps", 0), ("steps", 0, "seat"), ("steps", 0, "action"), ("steps", 0, "text"),
                ("steps", 0, "rewards"), ("steps", 0, "rewards", 0), ("finished",), ("returns",), ("returns", 0),
                ("final_state_sha256",), ("sha256",)]


@pytest.fixture(scope="module")
def base_doc() -> dict:
    return H.record_doc(steps=6)


def test_hostile_record_values_refused(shared, base_doc):
    """Every field of a valid record, replaced by each hostile value and re-hashed: 422 JSON."""
    assert upload(shared, base_doc).status_code == 201
    wrong = []
    for path in RECORD_PATHS:
        orig = H.get_path(base_doc, path)
        for v in H.RECORD_HOSTILE:
            same_number = isinstance(orig, float) and type(v) in (int, float) and v == orig
            if (type(v) is type(orig) and v == orig) or same_number or (path == ("config",) and v == {}):
                continue  # not a change
            doc = H.with_value(base_doc, path, v, rehash=path != ("sha256",))
            r = upload(shared, doc)
            if r.status_code != 422:
                wrong.append((path, H.label(v), r.status_code, r.text[:160]))
            else:
                refused(r, 422)
    extra = [({**base_doc, "extra": 1}, "top-level key"),
             (H.with_value(base_doc, ("config", "\u0000"), 1), "config key \\0"),
             (H.with_value(base_doc, ("config", "x" * 100_000), 1), "long config key"),
             (H.with_value(base_doc, ("steps", 0, "extra"), 1), "step key")]
    for doc, what in extra:
        doc = {**doc, "sha256": H._hash(doc)}
        r = upload(shared, doc)
        if r.status_code != 422:
            wrong.append((what, r.status_code, r.text[:160]))
    assert not wrong, wrong


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.integers(-10**500, 10**500)
                    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20),
                    lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=5), c, max_size=3),
                    max_leaves=8)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(RECORD_PATHS[:-1]), value=JSON)
def test_generated_record_values(shared, base_doc, path, value):
    r = upload(shared, H.with_value(base_doc, path, value))
    if r.status_code != 201:
        refused(r, 422)


def test_oversized_records_413(client):
    limit = app_module.MAX_RECORD_BYTES
    big = b'{"format": "' + b"x" * limit + b'"}'
    refused(upload(client, big), 413)

    def chunks():  # no Content-Length: the server must count what it reads
        yield b'{"format": "'
        for _ in range(limit // (1 << 20) + 1):
            yield b"x" * (1 << 20)
        yield b'"}'

    refused(client.post("/api/replays", content=chunks(), headers={"content-type": "application/json"}), 413)


@pytest.mark.skipif(not DRAWS, reason="needs Game.frame (the pictures)")
def test_hostile_frame_queries(client, base_doc):
    rp = created(upload(client, base_doc))
    url = f"/api/replays/{rp['replay']}/frame.png"
    n = len(base_doc["steps"])
    assert client.get(url, params={"token": rp["token"], "step": n, "view": "1"}).status_code == 200
    for view in ("²", "-1", "1e3", "０", "٠", "1.0", " 0", "0 ", "+0", "NaN", LONG, "", "2", "all ", "ALL", "None",
                 "0x0", "\u0000", "1\u0000"):
        refused(client.get(url, params={"token": rp["token"], "view": view}), 422)
    for step in ("-1", str(n + 1), "1e3", "²", LONG, "x", "", str(10**30)):
        refused(client.get(url, params={"token": rp["token"], "step": step}), 422)
    m = created(new_match(client))
    for step in ("-1", "1e3", "²", LONG, "x", str(10**30)):
        refused(client.get(f"/api/matches/{m['match']}/frame.png", params={"token": m["token"], "step": step}))


# ---------------------------------------------------------------------------------------------------
# eviction

def test_uploads_do_not_evict_a_live_match(monkeypatch, base_doc):
    monkeypatch.setattr(app_module, "MAX_SESSIONS", 4)
    monkeypatch.setattr(app_module, "MAX_REPLAYS", 3)  # replays are counted apart from matches
    a = create_app()
    with client_for(a) as c:
        m = created(new_match(c))
        first = created(upload(c, base_doc))
        for _ in range(10):
            created(upload(c, base_doc))
            view_of(c, m)  # the person is playing
        v = view_of(c, m)
        r = c.post(f"/api/matches/{m['match']}/act", json=act_body(m, v, v["legal"][0]["action"]))
        assert r.status_code == 200, r.text[:300]
        refused(c.get(f"/api/replays/{first['replay']}", params={"token": first["token"]}), 404)  # the cap holds
        assert n_sessions(a) <= 1 + 3


# ---------------------------------------------------------------------------------------------------
# pages in a real browser (kept to two tests for CI time)

@pytest.fixture(scope="module")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no system Chromium at {CHROMIUM} (CI installs it: apt-get install -y chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    pw = sync_api.sync_playwright().start()
    b = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                           args=["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                                 "--disable-component-update", "--disable-sync", "--no-first-run"])
    yield b
    b.close()
    pw.stop()


@pytest.fixture(scope="module")
def hostile_record(tmp_path_factory):
    """A Hera and Zeus record (a variant whose directory path holds markup) whose every free string
    is hostile: the agent names and the data path."""
    base = tmp_path_factory.mktemp("hostile")
    d = base / "a<!--<script>" / "</script><script>window.PWNED=1<" / "script><img src=x onerror=window.PWNED=1>\u2028\u2029"
    d.mkdir(parents=True)
    shutil.copy(VARIANT / "cards.toml", d / "cards.toml")
    agents = [H.HTML_HOSTILE[0], "".join(H.HTML_HOSTILE[1:])]
    doc = H.record_doc(steps=4, agents=agents, config={"data": str(d)})
    f = base / "hostile.json"
    f.write_bytes(H.dumps(doc))
    return f, d, doc


def _page(browser):
    ctx = browser.new_context(viewport={"width": 1300, "height": 900})
    pg = ctx.new_page()
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    return ctx, pg, errors


INJECTED = "document.querySelectorAll('img[src=\"x\"], svg, script:not([id=data])').length"


@pytest.mark.skipif(not DRAWS, reason="the page needs Game.frame (the pictures)")
def test_replay_page_runs_only_its_own_script(browser, hostile_record, tmp_path):
    from mythenv.cli import main

    f, _, doc = hostile_record
    out = tmp_path / "page.html"
    assert main(["replay", str(f), "--html", str(out)]) == 0
    ctx, pg, errors = _page(browser)
    try:
        pg.goto(out.as_uri())
        n = len(doc["steps"])
        H.wait_js(pg, f"() => document.querySelectorAll('#actions li').length === {n}")
        pg.wait_for_timeout(300)
        assert pg.evaluate("typeof window.PWNED") == "undefined"
        assert pg.evaluate(INJECTED) == 1  # the page's own script element, nothing injected
        meta = pg.text_content("#meta")
        assert doc["agents"][0] in meta and "window.PWNED=1</script>" in meta  # shown as text
        assert not errors, errors
    finally:
        ctx.close()


def test_web_replay_view_runs_only_its_own_script(browser, hostile_record):
    f, d, doc = hostile_record
    with H.running(create_app(data_dirs=[variant_arg(d)])) as base:
        ctx, pg, errors = _page(browser)
        try:
            pg.goto(base + "/")
            pg.wait_for_selector("#record-file", state="attached")
            pg.set_input_files("#record-file", str(f))
            pg.click("#open-record")
            pg.wait_for_selector("#replay:not(.hidden)", timeout=15000)
            n = len(doc["steps"])
            H.wait_js(pg, f"() => document.querySelectorAll('#ractions li').length === {n}")
            pg.wait_for_timeout(300)
            assert pg.evaluate("typeof window.PWNED") == "undefined"
            assert pg.evaluate("document.querySelectorAll('img[src=\"x\"], svg').length") == 0
            assert doc["agents"][0] in pg.text_content("#rmeta")
            assert not errors, errors
        finally:
            ctx.close()
