"""Hostile records (issue 41): a record whose hash is valid but which holds a value no record can hold
(an integer of 400 or 5,000 digits, a float out of range, NaN, a NUL character or a lone surrogate in
a string, JSON nested hundreds or a hundred thousand levels deep, a bool or a float where an integer
belongs) is a ``RecordError`` with a short message, from every kind of source ``load_record`` takes
(dict, JSON text, bytes, a path) and from ``mythenv replay`` (``mythenv: error: ...``, exit code 2),
never another exception.

The values are put in every field of a valid record and the record is resealed (its ``sha256``
recomputed the way a forger would), so the integrity check is not what refuses them."""

from __future__ import annotations

import copy
import hashlib
import json
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mythenv
from mythenv.cli import main
from mythenv.core.errors import RecordError
from mythenv.core.record import Recorder, canonical, content_hash, load_record, write_record
from tests.serve.hostile import any_int_digits

SENTINEL = "HOSTILE-VALUE-9f3e1c"

#: JSON text of each hostile class, and words its refusal names (any one of them)
HOSTILE_TEXT = {
    "int 10**400": ("1" + "0" * 400, ("integer",)),
    "int -10**400": ("-1" + "0" * 400, ("integer",)),
    "int over 4300 digits": ("9" * 5000, ("integer",)),
    "int 2**128": (str(2 ** 128), ("integer",)),
    "float 1e400": ("1e400", ("range",)),
    "float -1e400": ("-1e400", ("range",)),
    "NaN": ("NaN", ("NaN",)),
    "Infinity": ("-Infinity", ("Infinity",)),
    "NUL in a string": ('"random\\u0000x"', ("NUL",)),
    "NUL alone": ('"\\u0000"', ("NUL",)),
    "lone surrogate": ('"a\\ud800b"', ("surrogate",)),
    "nested 40 deep": ("[" * 40 + "]" * 40, ("nests",)),
    "nested 100000 deep": ("[" * 100_000 + "]" * 100_000, ("nests",)),
    "object nested 300 deep": ('{"a":' * 300 + "1" + "}" * 300, ("nests",)),
}

#: Python values of the classes a dict source can hold (a dict can hold what JSON text cannot)
HOSTILE_PY = {
    "int 10**400": 10 ** 400,
    "int over 4300 digits": 10 ** 5000,
    "float inf": float("inf"),
    "float nan": float("nan"),
    "NUL in a string": "random\x00x",
    "lone surrogate": "a\ud800b",
    "nested 40 deep": None,  # built below
    "a set": {1, 2},
    "bytes": b"random",
    "a numpy int": np.int64(3),
}


def _nested(depth):
    v: list = []
    for _ in range(depth - 1):
        v = [v]
    return v


HOSTILE_PY["nested 40 deep"] = _nested(40)


def _record(gid, cfg, steps, agent_seeds):
    game = mythenv.make_game(gid, **cfg)
    state = game.new_initial_state(seed=3)
    rec = Recorder(game, 3, [f"agent{p}" for p in range(game.num_players)], agent_seeds)
    rng = np.random.default_rng(3)
    for _ in range(steps):
        la = state.legal_actions()
        rec.apply(state, la[int(rng.integers(len(la)))])
    return rec.finish(state)


@pytest.fixture(scope="module", params=["hera_zeus_v0", "demigods_v0"])
def good(request):
    if request.param == "hera_zeus_v0":
        return _record("hera_zeus_v0", {}, 4, [5, None])
    return _record("demigods_v0", {"num_players": 3}, 3, [5, None, 7])


def _paths(doc, path=()):
    """Every field of ``doc`` (objects and lists included) as a path of keys and indices."""
    if path:
        yield path
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _paths(v, (*path, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from _paths(v, (*path, i))


def _fields(doc):
    return [p for p in _paths(doc) if p != ("sha256",)]


def _set(doc, path, value):
    d = copy.deepcopy(doc)
    at = d
    for k in path[:-1]:
        at = at[k]
    at[path[-1]] = value
    return d


def _forged_text(doc, path, literal: str) -> str:
    """The record's JSON with the JSON text ``literal`` at ``path`` and a sha256 that matches it: the
    sha256 of the canonical content with the literal in place (what the hash check computes)."""
    d = _set(doc, path, SENTINEL)
    d.pop("sha256")
    body = canonical(d).decode("ascii").replace(json.dumps(SENTINEL), literal)
    digest = hashlib.sha256(body.encode("ascii")).hexdigest()
    return body[:-1] + f',"sha256":"{digest}"}}'


def _forged_dict(doc, path, value):
    """The record as a dict with ``value`` at ``path``, resealed with ``content_hash`` where the value
    can be hashed at all (an inf, a set or bytes cannot: then the hash of the record without it)."""
    d = _set(doc, path, value)
    with any_int_digits():
        try:
            d["sha256"] = content_hash(d)
        except (TypeError, ValueError, RecursionError):
            d["sha256"] = content_hash(doc)
    return d


def _refused(source, words=()):
    with pytest.raises(RecordError) as e:
        load_record(source)
    msg = str(e.value)
    assert msg and len(msg) < 600 and "Traceback" not in msg, msg
    if words:
        assert any(w in msg for w in words), msg
    return msg


def test_the_forgery_is_hash_valid(good):
    """The forging helpers produce records whose hash is right (a harmless value loads)."""
    load_record(good)
    text = _forged_text(good, ("agents", 0), json.dumps("someone else"))
    assert load_record(text).record["agents"][0] == "someone else"
    assert load_record(_forged_dict(good, ("agents", 0), "someone else")).record["agents"][0] == "someone else"


@pytest.mark.parametrize("name", sorted(HOSTILE_TEXT))
def test_hostile_json_in_every_field(good, name, tmp_path):
    """Each class of hostile JSON text, in every field of a valid record, from text, bytes and a
    path: a RecordError naming the class (the format field is checked first: 'not a record')."""
    literal, words = HOSTILE_TEXT[name]
    f = tmp_path / "r.json"
    for path in _fields(good):
        text = _forged_text(good, path, literal)
        expect = words if path != ("format",) or name in ("nested 100000 deep",) else ()
        for source in (text, text.encode("utf-8")):
            _refused(source, expect)
        f.write_text(text, encoding="utf-8")
        _refused(f, expect)
        _refused(str(f), expect)


@pytest.mark.parametrize("name", sorted(HOSTILE_PY))
def test_hostile_values_in_every_field_of_a_dict(good, name):
    """The same (and what only a dict can hold: sets, bytes, numpy ints) handed in as a dict."""
    for path in _fields(good):
        _refused(_forged_dict(good, path, HOSTILE_PY[name]))


def test_hostile_keys(good):
    """A NUL, a surrogate or a non-string as a key, at the top, in the config and in a step."""
    for where in ((), ("config",), ("steps", 0)):
        for key in ("x\x00", "\udc80", 7, None):
            d = copy.deepcopy(good)
            at = d
            for k in where:
                at = at[k]
            at[key] = 1
            try:
                d["sha256"] = content_hash(d)
            except (TypeError, ValueError):
                pass
            _refused(d)
    text = _forged_text(good, ("config",), '{"first\\u0000player": "hera"}')
    _refused(text, ("NUL",))


@pytest.mark.parametrize("field,literal,words", [
    (("version",), "true", ("version", "integer", "true")),
    (("version",), "1.0", ("version", "integer", "1.0")),
    (("seed",), "true", ("seed", "true")),
    (("seed",), "3.0", ("seed", "3.0")),
    (("num_players",), "2.0", ("num_players", "integer", "2.0")),
    (("num_players",), "true", ("num_players", "true")),
])
def test_a_bool_or_float_where_an_integer_belongs(good, field, literal, words):
    """``version: true`` (true == 1 in Python), ``num_players: 2.0`` (2.0 == 2): the wrong type,
    refused by name, not read as the integer they compare equal to."""
    if field == ("num_players",) and good["num_players"] != 2:
        literal = {"2.0": f"{good['num_players']}.0", "true": "true"}[literal]
        words = tuple(w.replace("2.0", literal) for w in words)
    msg = _refused(_forged_text(good, field, literal))
    assert all(w in msg for w in words), msg
    msg = _refused(_forged_dict(good, field, json.loads(literal)))
    assert all(w in msg for w in words), msg


def test_every_integer_field_refuses_bools_and_floats(good):
    """Every integer of the record (seed, agent seeds, seats, actions, version, num_players, config
    integers) replaced by true, false or the equal float: refused."""
    ints = [p for p in _fields(good) if type(_get(good, p)) is int]
    assert len(ints) >= 6
    for path in ints:
        v = _get(good, path)
        for other in (True, False, float(v)):
            _refused(_forged_dict(good, path, other))
            _refused(_forged_text(good, path, json.dumps(other)))


def _get(doc, path):
    for k in path:
        doc = doc[k]
    return doc


def test_sources_that_are_not_records():
    """Paths that cannot be read (a NUL in the path, too long, a directory) and bytes that are not
    UTF-8: a RecordError each."""
    for source in ("a\x00b.json", "x" * 5000, ".", b"\xff\xfe{", bytearray(b'{"format": 1e400}')):
        _refused(source)


#: 40 to 6,000 digits (every one at least 10**39 > 2**128), as JSON text
BIG_DIGITS = st.builds(lambda sign, lead, rest: sign + lead + rest, st.sampled_from(["", "-"]),
                       st.sampled_from("123456789"), st.text("0123456789", min_size=39, max_size=6000))

JSON_LEAF = st.one_of(
    BIG_DIGITS,
    st.sampled_from(["1e400", "-1e999", "NaN", "Infinity", "-Infinity", "true", "false", "2.0"]),
    st.text(min_size=0, max_size=8).map(lambda s: json.dumps(s[:4] + "\x00" + s[4:])),
    st.text(min_size=0, max_size=8).map(lambda s: json.dumps(s[:4] + "\udfff" + s[4:])),
    st.integers(min_value=33, max_value=3000).map(lambda n: "[" * n + "]" * n),
)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), gid=st.sampled_from(["hera_zeus_v0", "demigods_v0"]), literal=JSON_LEAF)
def test_generated_hostile_records(data, gid, literal):
    """Hypothesis: a hostile JSON value (or a bool / float) at any field of a valid record, resealed:
    a RecordError, or, only for a bool or float that happens to be legal there, a loaded record."""
    doc = _RECORDS[gid]
    path = data.draw(st.sampled_from(_fields(doc)))
    text = _forged_text(doc, path, literal)
    try:
        load_record(text)
    except RecordError as e:
        assert str(e) and len(str(e)) < 600
    else:
        assert literal in ("true", "false", "2.0"), (path, literal[:50])


_RECORDS = {"hera_zeus_v0": _record("hera_zeus_v0", {}, 4, [5, None]),
            "demigods_v0": _record("demigods_v0", {"num_players": 3}, 3, [5, None, 7])}


# ----- mythenv replay -----
@pytest.mark.parametrize("name", sorted(HOSTILE_TEXT))
def test_replay_cli_refuses_hostile_records(name, tmp_path, capsys):
    """``mythenv replay`` on each class (in the seed, an agent name, a step's text, the config):
    ``mythenv: error: ...`` on stderr and exit code 2, text or --html."""
    literal, _ = HOSTILE_TEXT[name]
    doc = _RECORDS["demigods_v0"]
    for path in (("seed",), ("agents", 1), ("steps", 0, "text"), ("config", "max_rounds"), ("num_players",)):
        f = tmp_path / "r.json"
        f.write_text(_forged_text(doc, path, literal), encoding="utf-8")
        for extra in ([], ["--html", str(tmp_path / "r.html")]):
            capsys.readouterr()
            assert main(["replay", str(f), *extra]) == 2
            err = capsys.readouterr().err
            assert err.startswith("mythenv: error: ") and err.count("\n") == 1, err[:300]


def test_replay_cli_type_confusions(tmp_path, capsys):
    doc = _RECORDS["hera_zeus_v0"]
    for path, literal, word in ((("version",), "true", "version"), (("seed",), "true", "seed"),
                                (("num_players",), "2.0", "num_players")):
        f = tmp_path / "r.json"
        f.write_text(_forged_text(doc, path, literal), encoding="utf-8")
        capsys.readouterr()
        assert main(["replay", str(f)]) == 2
        err = capsys.readouterr().err
        assert err.startswith("mythenv: error: ") and word in err, err


def test_replay_html_into_a_missing_directory(tmp_path):
    """``mythenv replay good.json --html missing/dir/x.html`` (a real process): one error line naming
    the directory, exit code 2, no traceback, and nothing written."""
    f = write_record(_RECORDS["hera_zeus_v0"], tmp_path / "good.json")
    out = tmp_path / "missing" / "dir" / "x.html"
    r = subprocess.run([sys.executable, "-m", "mythenv.cli", "replay", str(f), "--html", str(out)],
                       capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert r.returncode == 2, r.stderr
    assert r.stderr.startswith("mythenv: error: --html") and "does not exist" in r.stderr, r.stderr
    assert "Traceback" not in r.stderr and not out.parent.exists()


def test_replay_html_onto_a_directory(tmp_path, capsys):
    """An --html path that is a directory: the write fails with a clear error, not a traceback."""
    f = write_record(_RECORDS["hera_zeus_v0"], tmp_path / "good.json")
    (tmp_path / "page.html").mkdir()
    assert main(["replay", str(f), "--html", str(tmp_path / "page.html")]) == 2
    assert capsys.readouterr().err.startswith("mythenv: error: --html")


def test_replay_text_escapes_control_characters(tmp_path, capsys):
    """Agent names are free text (a valid record may hold escape sequences): the text replay prints
    them escaped, so a record cannot drive the terminal it is printed on."""
    doc = _forged_dict(_RECORDS["hera_zeus_v0"], ("agents", 0), "evil\x1b[2J\x07name")
    f = write_record(doc, tmp_path / "r.json")
    assert load_record(f).record["agents"][0] == "evil\x1b[2J\x07name"
    capsys.readouterr()
    assert main(["replay", str(f)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "evil\\x1b[2J\\x07name" in out


def test_a_file_named_like_json_is_read_as_a_path(tmp_path, capsys, monkeypatch):
    """``mythenv replay '{x}.json'`` reads the file of that name (load_record takes a str that starts
    with '{' as JSON text; the CLI always passes a path)."""
    write_record(_RECORDS["hera_zeus_v0"], tmp_path / "{x}.json")
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    assert main(["replay", "{x}.json"]) == 0, capsys.readouterr().err
