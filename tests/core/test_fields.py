"""The declared fields' kinds a game with modes needs (``mythenv.core.fields``): a mode's own fields
(``only=``), record tags of some configs only, per-entry bounds (``Row``) and constants (``Const``).
Theomachy declares its state with them; its saves, copies and schema are checked against the
hand-written ones they replaced by ``tests/perf`` (fingerprints) and ``tests/robustness``."""

from __future__ import annotations

import json

import numpy as np
import pytest

from mythenv.core import schema as sc
from mythenv.core.errors import StateError
from mythenv.core.fields import (
    SEATS,
    Const,
    Declared,
    Field,
    Fields,
    Flag,
    Int,
    Ints,
    Records,
    Rng,
    Row,
    Runtime,
)


class _Info:
    game_id = "toy_v0"


class _Game:
    info = _Info()

    def __init__(self, mode: str, n: int = 2):
        self.config = {"mode": mode}
        self.num_players = n


def _advanced(g) -> bool:
    return g.config["mode"] != "basic"


class ToyState(Declared):
    fields = Fields(
        Field("boxes", Const(lambda g: 1 if g.num_players <= 4 else 2), "boxes in play"),
        Field("bank", Row(Int(0, 45), Int(0, 30), Int(0, 20)), "tokens per type, each bounded by its supply",
              default=[45, 30, 20]),
        Field("pending", Records({"target": (Int(0, SEATS), Int(0, 9)),
                                  "window": (Int(0, SEATS), Const(-1), Ints(0, 7, max_len=8, setlike=True,
                                                                            as_tuple=True))},
                                 what="pending decision", only={"window": _advanced}), "pending decisions"),
        Field("rng", Rng(), "chance"),
        Field("deity", Ints(-1, 5, length=SEATS), "each seat's God", default=lambda g: [-1] * g.num_players,
              only="advanced"),
        Field("revealed", Flag(), "the Gods are revealed", only="advanced"),
        runtime=(Runtime("advanced", "not the basic mode", _advanced),),
    )

    def setup(self) -> None:
        pass

    def check_invariants(self) -> None:
        pass

    def current_player(self) -> int:
        return 0

    def is_terminal(self) -> bool:
        return False

    def returns(self) -> list[float]:
        return [0.0, 0.0]

    def _compute_legal(self) -> list[int]:
        return [0]

    def _apply(self, action: int) -> None:
        pass

    def action_to_string(self, action: int) -> str:
        return str(action)

    def resample_hidden(self, player, rng):
        return self.clone()


def _load(game, d):
    sc.validate(ToyState.fields.schema(game), d, "toy_v0")
    return ToyState.from_dict(game, d)


def test_a_modes_own_fields_exist_and_are_saved_in_that_mode_only():
    basic, adv = _Game("basic"), _Game("advanced")
    b, a = ToyState(basic, 0), ToyState(adv, 0)
    assert not hasattr(b, "deity") and a.deity == [-1, -1] and a.revealed is False
    db, da = b.to_dict(), a.to_dict()
    assert list(db)[3:] == ["boxes", "bank", "pending", "rng"]
    assert list(da)[3:] == ["boxes", "bank", "pending", "rng", "deity", "revealed"]  # in declared order
    a.deity[1] = 3
    c = a.clone()
    assert c.deity == [-1, 3] and c.deity is not a.deity and not hasattr(b.clone(), "deity")
    assert json.dumps(_load(adv, json.loads(json.dumps(c.to_dict()))).to_dict()) == json.dumps(c.to_dict())
    assert _load(basic, json.loads(json.dumps(db))).to_dict() == db
    # the other mode's keys: refused by name, and missing ones too
    with pytest.raises(StateError, match="deity"):
        _load(basic, {**db, "deity": [-1, -1]})
    del da["revealed"]
    with pytest.raises(StateError, match="revealed"):
        _load(adv, da)
    assert "(only when advanced)" in ToyState.fields.table()


def test_record_tags_of_some_configs_only_and_constants():
    basic, adv = _Game("basic"), _Game("advanced", 6)
    a = ToyState(adv, 0)
    assert a.boxes == 2 and a.bank == [45, 30, 20]
    a.pending.append(("window", 1, -1, (2, 0)))
    d = json.loads(json.dumps(a.to_dict()))
    assert d["pending"] == [["window", 1, -1, [2, 0]]]
    assert _load(adv, d).pending == [("window", 1, -1, (2, 0))]
    b = ToyState(basic, 0).to_dict()
    with pytest.raises(StateError, match=r"field pending\[0\]"):
        _load(basic, {**b, "pending": [["window", 1, -1, []]]})
    with pytest.raises(StateError, match=r"field pending\[0\]\[2\]: expected -1"):
        _load(adv, {**d, "pending": [["window", 1, 0, []]]})
    with pytest.raises(StateError, match="field boxes: expected 2"):
        _load(adv, {**d, "boxes": 1})
    with pytest.raises(StateError, match=r"field bank\[2\]: 21 is out of range"):
        _load(basic, {**b, "bank": [45, 30, 21]})


def test_declarations_that_cannot_be_built_are_refused():
    with pytest.raises(TypeError, match="names no runtime flag"):
        Fields(Field("x", Int(0, 1), "x", only="nope"))
    with pytest.raises(TypeError, match="immutable kind"):
        Row(Ints(0, 1))
    with pytest.raises(TypeError, match="not declared"):
        Records({"a": (Int(0, 1),)}, only={"b": _advanced})


class _Dealt(ToyState):
    def setup(self, extra: int = 0) -> None:
        self.bank[0] -= 1 + extra + int(self.rng.integers(3))


def test_the_core_builds_a_new_state_from_its_declared_defaults_then_its_setup():
    """``Declared(game, seed, **options)``: every field at its declared default, ``rng`` seeded with
    ``seed``, then the game's ``setup(**options)``; ``Declared.blank(game)``: the defaults alone, no
    setup and no generator; a declared state without a setup cannot be made (an abstract method)."""
    g = _Game("basic")
    a, b = _Dealt(g, 5), _Dealt(g, 5)
    draw = int(np.random.default_rng(5).integers(3))
    assert a.bank == b.bank == [45 - 1 - draw, 30, 20]  # the setup ran on the defaults, rng seeded
    assert a.rng.integers(1 << 30) == b.rng.integers(1 << 30)
    assert _Dealt(g, 5, extra=2).bank[0] == 45 - 3 - draw  # the game's own options reach its setup
    blank = _Dealt.blank(g)
    assert blank.bank == [45, 30, 20] and blank.pending == [] and blank.boxes == 1
    with pytest.raises(AttributeError, match="rng"):
        blank.rng  # noqa: B018

    class NoSetup(ToyState):
        setup = Declared.setup

    with pytest.raises(TypeError, match="abstract class NoSetup with abstract method '?setup"):
        NoSetup(g, 0)
