"""Helpers of tests/serve/test_security.py: what a hostile user sends to ``mythenv serve``, and the
means to watch that the server does not act on it.

- :func:`record_doc` / :func:`with_value` / :func:`dumps`: a valid record (``Recorder``) and the same
  record with one field replaced, re-hashed (``content_hash``) so that the hash is not what refuses
  it; values that JSON cannot carry through ``json.dumps`` (``1e400``, 100,000 nested arrays) are
  spliced in as raw text, integers of any length are written whole.
- :class:`Watch`: every file opened, module imported and code compiled or run, while it is active
  (a ``sys.addaudithook`` hook; hooks cannot be removed, so this one is installed once and does
  nothing while no Watch is active).
- :func:`running`: the app on a real uvicorn server on 127.0.0.1 (a free port, in a thread).
"""

from __future__ import annotations

import contextlib
import copy
import json
import socket
import sys
import threading
import time
from typing import Any

import numpy as np

import mythenv
from mythenv.core.record import Recorder, content_hash

# ---------------------------------------------------------------------------------------------------
# strings that break a page if they reach it unescaped

#: each one, embedded raw in a page, runs script or stops the page's own script from running
HTML_HOSTILE = (
    "<!--<script>",
    "</script><script>window.PWNED=1</script>",
    "<img src=x onerror=window.PWNED=1>",
    "\u2028\u2029",
    "<!--<script></script><script>window.PWNED=1</script>-->",
    "\"'><svg onload=window.PWNED=1>&amp;",
)


# ---------------------------------------------------------------------------------------------------
# records

class Raw:
    """A JSON text spliced into a record as is (a value ``json.dumps`` cannot write)."""

    def __init__(self, text: str, label: str):
        self.text, self.label = text, label

    def __repr__(self) -> str:
        return f"Raw({self.label})"


#: an integer of 5,000 digits (over Python's 4,300-digit str/int conversion limit)
BIG = 10**5000 - 1
FLOAT_OVERFLOW = Raw("1e400", "1e400")
NEG_FLOAT_OVERFLOW = Raw("-1e400", "-1e400")
DEEP = Raw("[" * 100_000 + "]" * 100_000, "100000 nested arrays")


def label(v: Any) -> str:
    """A short name of a hostile value (``repr`` of an integer over 4,300 digits fails)."""
    if isinstance(v, int) and not isinstance(v, bool) and v.bit_length() > 1000:
        return f"<int of ~{int(v.bit_length() * 0.30103)} digits>"
    if isinstance(v, str) and len(v) > 30:
        return f"<str of {len(v)}: {v[:10]!r}...>"
    return repr(v)[:40]


def _nested(depth: int) -> list:
    v: list = []
    for _ in range(depth):
        v = [v]
    return v


#: values no record field may hold (each is refused wherever it replaces a field's value, unless it
#: equals that value); see test_security.test_hostile_record_values_refused
RECORD_HOSTILE: tuple = (10**400, BIG, FLOAT_OVERFLOW, NEG_FLOAT_OVERFLOW, DEEP, "\u0000", "a\u0000b",
                         "x" * 100_000, True, False, None, 2.0, -1, 1.5, [], {}, _nested(200))


@contextlib.contextmanager
def any_int_digits():
    """Python's int <-> str digit limit lifted (to write or hash integers of any length)."""
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(old)


def record_doc(gid: str = "hera_zeus_v0", steps: int = 6, seed: int = 0, agents=None, config=None) -> dict:
    """The record (a dict) of a game's first ``steps`` seeded random actions."""
    game = mythenv.make_game(gid, **(config or {}))
    state = game.new_initial_state(seed=seed)
    rec = Recorder(game, seed, agents or ["random"] * game.num_players)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        la = state.legal_actions()
        rec.apply(state, la[int(rng.integers(len(la)))])
    return rec.finish(state)


def get_path(doc: Any, path: tuple) -> Any:
    for k in path:
        doc = doc[k]
    return doc


def with_value(doc: dict, path: tuple, value: Any, rehash: bool = True) -> dict:
    """A copy of ``doc`` whose field at ``path`` (keys and list indices) is ``value``, re-hashed."""
    out = copy.deepcopy(doc)
    target = out
    for k in path[:-1]:
        target = target[k]
    target[path[-1]] = value
    if rehash:
        out["sha256"] = _hash(out)
    return out


def _raws(doc: Any, found: dict) -> Any:
    """``doc`` with every Raw replaced by a unique placeholder string (collected in ``found``)."""
    if isinstance(doc, Raw):
        key = f"@@RAW{len(found)}@@"
        found[key] = doc.text
        return key
    if isinstance(doc, dict):
        return {k: _raws(v, found) for k, v in doc.items()}
    if isinstance(doc, list):
        return [_raws(v, found) for v in doc]
    return doc


def _hash(doc: dict) -> str:
    with any_int_digits():
        try:
            return content_hash(_raws(doc, {}))
        except (ValueError, TypeError, RecursionError):  # NaN-like or too deep: a stale hash it is
            return doc.get("sha256", "")


def dumps(doc: dict) -> bytes:
    """The record's JSON bytes, Raw values spliced in, integers written whole."""
    found: dict[str, str] = {}
    plain = _raws(doc, found)
    with any_int_digits():
        text = json.dumps(plain)
    for key, raw in found.items():
        text = text.replace(json.dumps(key), raw)
    return text.encode("utf-8")


# ---------------------------------------------------------------------------------------------------
# watching what the process does

_ACTIVE: list[Watch] = []
_EVENTS = ("open", "import", "exec", "compile", "os.listdir", "os.scandir", "pickle.find_class",
           "os.system", "subprocess.Popen", "os.exec", "os.posix_spawn", "ctypes.dlopen", "marshal.loads",
           "shutil.copyfile", "os.remove", "os.rename", "os.mkdir")


def _describe(event: str, args: tuple) -> str:
    try:
        if event == "exec":
            return str(getattr(args[0], "co_filename", ""))
        if event == "compile":
            return str(args[1]) if len(args) > 1 else ""
        if event == "marshal.loads":
            return ""
        if event == "import":  # (module, filename, sys.path, ...): the module and its file only
            return f"{args[0]} {args[1]}"
        return " ".join(str(a) for a in args[:3])[:1000]
    except Exception:  # noqa: BLE001 - a hook must never fail
        return ""


def _hook(event: str, args: tuple) -> None:
    if not _ACTIVE or event not in _EVENTS:
        return
    what = _describe(event, args)
    for w in _ACTIVE:
        w.events.append((event, what))


sys.addaudithook(_hook)


class Watch:
    """``with Watch() as w: ...``; then ``w.events`` is every (event, what) seen in the process
    meanwhile (any thread), and ``w.new_modules`` the modules imported meanwhile."""

    def __init__(self):
        self.events: list[tuple[str, str]] = []
        self.new_modules: set[str] = set()

    def __enter__(self) -> Watch:
        self._before = set(sys.modules)
        _ACTIVE.append(self)
        return self

    def __exit__(self, *exc) -> None:
        _ACTIVE.remove(self)
        self.new_modules = set(sys.modules) - self._before

    def mentioning(self, *needles: str) -> list[tuple[str, str]]:
        return [e for e in self.events if any(n and n in e[1] for n in needles)]

    def of(self, *kinds: str) -> list[tuple[str, str]]:
        return [e for e in self.events if e[0] in kinds]


# ---------------------------------------------------------------------------------------------------
# a real server

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def running(app, start_timeout: float = 20.0):
    """``app`` served by uvicorn on 127.0.0.1 (a free port) in a daemon thread; yields its base URL."""
    import uvicorn

    port = free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    t = threading.Thread(target=srv.run, daemon=True)
    t.start()
    deadline = time.time() + start_timeout
    while not srv.started:
        if time.time() > deadline or not t.is_alive():
            srv.should_exit = True
            raise AssertionError("the server did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        t.join(timeout=20)


def wait_js(page, fn: str, arg=None, timeout: float = 15.0):
    """Poll ``fn`` (a JS function of ``arg``) until it is truthy. Playwright's ``wait_for_function``
    evaluates its predicate with ``eval``, which the page's Content-Security-Policy forbids (no
    'unsafe-eval'); ``page.evaluate`` goes through the DevTools protocol and is not subject to it."""
    import time as _time

    end = _time.monotonic() + timeout
    while True:
        if page.evaluate(fn, arg):
            return
        if _time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {fn}")
        _time.sleep(0.05)
