"""The saved-state schema names the bad field by its path (``pending[0][2]``, ``rng.state.inc``) and
says what is allowed, through every kind of nested spec."""

import pytest

from mythenv.core.errors import StateError
from mythenv.core.schema import (
    Bool,
    Int,
    IntList,
    Json,
    List,
    Map,
    Record,
    Seq,
    Str,
    Tagged,
    Tuple,
    Variant,
    validate,
)


def _refusal(spec, value) -> str:
    with pytest.raises(StateError) as e:
        validate(spec, value, "g")
    return str(e.value)


def test_paths_through_lists_tuples_and_sequences():
    spec = Record({"a": List(Tuple(Int(0, 3), Str()))})
    assert _refusal(spec, {"a": [[1, "x"], [2, 5]]}) == (
        "g: saved state field a[1][1]: expected a str of at most 10000 characters, got 5")
    assert _refusal(Seq((Int(0, 1),), Bool()), [1, True, 3]) == (
        "g: saved state field [2]: expected a bool, got 3")
    assert _refusal(Seq((Int(0, 1),), Bool()), [2]) == (
        "g: saved state field [0]: 2 is out of range; expected an int in 0..1")


def test_paths_through_records_and_maps():
    spec = Record({"n": Int(0, 3), "t": IntList(0, 1, length=2), "m": Map(Str(("a", "b")), IntList(0, 9))})
    ok = {"n": 1, "t": [0, 1], "m": {"a": [9]}}
    validate(spec, ok, "g")
    assert _refusal(spec, {**ok, "n": 4}) == "g: saved state field n: 4 is out of range; expected an int in 0..3"
    assert _refusal(spec, {**ok, "t": [0, 2]}) == (
        "g: saved state field t[1]: 2 is out of range; expected an int in 0..1")
    assert _refusal(spec, {**ok, "m": {"b": [1, 12]}}) == (
        "g: saved state field m.b[1]: 12 is out of range; expected an int in 0..9")
    assert _refusal(spec, {**ok, "m": {"c": []}}) == (
        "g: saved state field m.c: bad key: 'c' is not allowed; expected one of 'a', 'b'")


def test_paths_through_tagged_records_variants_and_json():
    moves = List(Tagged({"move": Tuple(Int(0, 5))}))
    assert _refusal(moves, [["move", 9]]) == (
        "g: saved state field [0][1]: 9 is out of range; expected an int in 0..5")
    assert _refusal(moves, [["jump"]]) == "g: saved state field [0][0]: unknown record kind 'jump'; expected one of 'move'"
    var = Variant("kind", {"a": Record({"kind": Str(("a",)), "n": Int(0, 1)})})
    assert _refusal(var, {"kind": "b"}) == "g: saved state field kind: unknown record kind 'b'; expected one of 'a'"
    assert _refusal(var, {"kind": "a", "n": 2}) == "g: saved state field n: 2 is out of range; expected an int in 0..1"
    assert _refusal(Json(depth=2), {"x": [[1]]}) == "g: saved state field x[0]: a list of length 1 is nested too deep"
    assert _refusal(Json(), {"a": {3: 1}}) == "g: saved state field a[3]: a dict key 3 is not a str"
