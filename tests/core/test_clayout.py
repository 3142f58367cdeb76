"""The compiled encoders' declarations (mythenv.core.clayout): each generated ``_clayout.h`` is what its
game's ``observe.C_DECL`` generates, and what the C code reads by name exists in the Python it reads."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import mythenv
from mythenv.core.clayout import CDecl, CEnum, CStrings, chain, declarations, header

DECLS = declarations()
#: each game package with a compiled encoder's source (_cobserve.c) -> one of its game ids
GAME_OF = {Path(sys.modules[mythenv.game_class(g).__module__].__file__).parent.name: g
           for g in reversed(mythenv.list_games())
           if (Path(sys.modules[mythenv.game_class(g).__module__].__file__).parent / "_cobserve.c").exists()}


def test_every_compiled_game_declares_what_its_encoder_reads():
    assert GAME_OF and set(DECLS) == set(GAME_OF)


@pytest.mark.parametrize("name", sorted(DECLS))
def test_generated_header_is_current(name):
    decl, path, src = DECLS[name]
    assert path.exists(), f"{path} is missing: run python -m mythenv.core.cheaders"
    assert path.read_text() == header(decl, src), f"{path} is out of date: run python -m mythenv.core.cheaders"


@pytest.mark.parametrize("name", sorted(DECLS))
def test_names_read_by_the_c_code_exist(name):
    """Each attribute the C code reads is on the game's states, each method callable on them, each piece
    on its observer: in the default config or in one of the game's test configs (a mode's own fields
    and pieces, such as Theomachy Advanced's, exist in that mode only)."""
    decl = DECLS[name][0]
    configs = [{}, *mythenv.game_class(GAME_OF[name]).test_configs]
    games = [mythenv.make_game(GAME_OF[name], **cfg) for cfg in configs]
    states = [g.new_initial_state(seed=0) for g in games]
    for attr in decl.of_kind("attrs"):
        assert any(hasattr(st, attr) for st in states), f"{name}: the C code reads state.{attr}, which is not there"
    for meth in decl.of_kind("methods"):
        assert all(callable(getattr(st, meth, None)) for st in states), \
            f"{name}: the C code calls state.{meth}(), which is not there"
    pieces = decl.of_kind("pieces")
    assert len(set(pieces)) == len(pieces)
    missing = sorted(set(pieces) - {p for g in games for p in g.observer.pieces})
    assert not missing, f"{name}: the C code writes pieces the observer does not have: {missing}"


def test_pack_and_flat_take_every_entry_once():
    decl = CDecl(enums=(CEnum("layout", "L_", "LEN", ("size", ("pieces", 3), "n"), kind="layout"),))
    assert decl.pack("layout", size=1, pieces=(2, 3, 4), n=5) == (1, (2, 3, 4), 5)
    assert decl.flat("layout", size=1, pieces=(2, 3, 4), n=5) == [1, 2, 3, 4, 5]
    with pytest.raises(ValueError, match="missing \\['n'\\]"):
        decl.pack("layout", size=1, pieces=())
    with pytest.raises(ValueError, match="unknown \\['m'\\]"):
        decl.pack("layout", size=1, pieces=(), n=2, m=3)
    with pytest.raises(ValueError, match="holds 2 values, not 3"):
        decl.flat("layout", size=1, pieces=(2, 3), n=5)
    with pytest.raises(KeyError, match="no enum 'piece'"):
        decl.enum("piece")


def test_header_enums_continue_and_span():
    decl = CDecl(enums=(CEnum("attr", "A_", "NATTRS", ("phase", "hand")),
                        CEnum("method", "A_", "NNAMES", ("current_player",), start="NATTRS"),
                        CEnum("ints", "I_", "I_LEN", ("n", ("pieces", "2 * NPIECES"), ("pend", 7), "last"))),
                 strings=(CStrings("NAMES", ("attr", "method"), "NNAMES"),))
    text = header(decl, "x/observe.py")
    assert "A_PHASE, A_HAND, NATTRS" in text
    assert "A_CURRENT_PLAYER = NATTRS, NNAMES" in text
    assert "I_N, I_PIECES, I_PEND = I_PIECES + 2 * NPIECES, I_LAST = I_PEND + 7, I_LEN" in text
    assert '"phase", "hand", "current_player"' in text


def test_chain_numbers_enums_one_after_the_other():
    first, second = chain(CEnum("a", "A_", "A_END", ("x", "y")), CEnum("b", "B_", "B_END", ("z",)))
    assert first.start is None and second.start == "A_END"
    assert "B_Z = A_END, B_END" in header(CDecl(enums=(first, second)), "x/observe.py")
