"""Corrupted saved states (issue 27, item 7): of 62,877 corrupted saved states, 1,594 loaded as
impossible positions and 55 loaded and crashed during play. The classes: JSON ``true`` / ``false``
where an int belongs (bool is an int subclass), duplicates where a set is meant (``winners = [1, 1]``),
negative codes, a card moved from a pile into a hand without its count changing elsewhere.

A loaded state is either refused with a ``StateError`` naming the field, or plays on like a real one.
The harness (``tests/robustness/corrupt_states.py``) applies every mutation class to saved states of
real random play and gives each its verdict; here a bounded sample per game and config (each mode and
another player count: ``WRAPPER_CASES``). ``MYTHENV_CORRUPT_PER_CLASS=N`` runs ``N`` mutations per
class and config (default 6); ``python -m tests.robustness.corrupt_states`` is the large run."""

from __future__ import annotations

import json
import os

import pytest

import mythenv
from mythenv.core.errors import StateError
from tests.conformance.cases import WRAPPER_CASES
from tests.robustness.corrupt_states import DECLARED_ONLY, MUTATIONS, check_one, game_of, positions, run

PER_CLASS = int(os.environ.get("MYTHENV_CORRUPT_PER_CLASS", "8"))
CASES = [pytest.param(*c.values, id=c.id) for c in WRAPPER_CASES]


def _mid(gid: str, cfg: dict | None = None, at: int = 2) -> dict:
    """A mid-game saved position of a seeded random game (a fresh copy)."""
    return json.loads(json.dumps(positions(gid, cfg or {}, 0, 6)[at]))


def _refused(gid: str, d: dict, *words: str, cfg: dict | None = None) -> str:
    with pytest.raises(StateError) as e:
        game_of(gid, cfg or {}).state_from_dict(d)
    msg = str(e.value)
    for w in words:
        assert w in msg, f"{w!r} not in {msg!r}"
    return msg


@pytest.mark.parametrize("gid,cfg", CASES)
def test_corrupted_saved_states_are_refused_or_play_on(gid, cfg):
    """Every mutation class on saved states of real play: a StateError naming the changed field, or
    a state that saves back to the same dict and plays to the end with the protocol holding."""
    counts, failures = run([(gid, cfg)], PER_CLASS, seed=0, n_positions=6)
    assert not failures, f"{len(failures)} corrupted states were neither refused nor real:\n" + "\n".join(failures[:15])
    declared = getattr(game_of(gid, cfg).state_class, "fields", None) is not None
    for name in MUTATIONS:
        if name in DECLARED_ONLY and not declared:
            continue  # a repeat in a declared set-like field: only games that declare their fields
        assert counts[gid, name, "refused"] + counts[gid, name, "played"] > 0, f"class {name} never applied"
    assert sum(counts[gid, name, "refused"] for name in MUTATIONS) > 0


@pytest.mark.parametrize("gid", mythenv.list_games())
def test_bools_are_refused_wherever_an_int_belongs(gid):
    """Issue 27: most of the impossible positions were JSON true / false in an int's place, which
    loaded as the int it equals (``True == 1``). Every int of a saved state (the first entries of
    every int field, nested lists included) given as a bool is refused, naming the place."""
    base = _mid(gid)
    places = []
    for k, v in base.items():
        if k in ("game", "config", "version"):
            continue
        stack = [((k,), v)]
        found = 0
        while stack and found < 3:
            path, x = stack.pop(0)
            if type(x) is int:
                places.append(path)
                found += 1
            elif isinstance(x, list):
                stack.extend((path + (i,), y) for i, y in enumerate(x[:3]))
            elif isinstance(x, dict) and not (gid == "mythologies_v0" and path[-1] in ("v", "frames")):
                # (a Mythologies effect's working variables are open JSON by design: schema.py)
                stack.extend((path + (j,), y) for j, y in x.items())
    assert len(places) > 10
    for path in places:
        for b in (True, False):
            d = _mid(gid)
            box = d
            for key in path[:-1]:
                box = box[key]
            box[path[-1]] = b
            text = "".join(f"[{p}]" if isinstance(p, int) else ("." if i else "") + p for i, p in enumerate(path))
            _refused(gid, d, f"field {text}:", f"got {b}")


def test_duplicates_where_a_set_is_meant():
    """Issue 27: ``winners = [1, 1]`` loaded. The set-like lists (card piles, seats still to be asked, the
    winners, the Destiny cards revealed, a decision's actions) refuse a repeated entry, naming it."""
    d = _mid("theomachy_v0", at=5)
    d["winners"] = [1, 1]
    _refused("theomachy_v0", d, "field winners[1]", "1 repeats entry [0]", "distinct")
    d = _mid("hera_zeus_v0")
    d["deck"][0].append(d["deck"][0][0])
    _refused("hera_zeus_v0", d, "field deck[0]", "repeats entry [0]")
    d = _mid("mythologies_v0")
    assert d["destiny"]
    d["destiny"] = [d["destiny"][0]] * 2
    _refused("mythologies_v0", d, "field destiny", "repeats")
    d = _mid("mythologies_v0")
    d["dec"][1].append(d["dec"][1][-1])
    _refused("mythologies_v0", d, "field dec[1]", "repeats")
    d = _mid("demigods_v0")
    d["discard"] = d["discard"] + d["discard"][:1] if d["discard"] else [d["deck"][0], d["deck"][0]]
    _refused("demigods_v0", d, "field discard", "repeats")


@pytest.mark.parametrize("gid", mythenv.list_games())
def test_negative_codes_are_refused(gid):
    """Issue 27: negative task and decision codes loaded. Every int field of a saved state and the
    first entry of every int list, set one below the range its schema gives (a code or count from 0:
    -1) or to -2**63, is refused, naming the field."""
    from mythenv.core.schema import Int, IntList

    game = game_of(gid, {})
    base = _mid(gid)
    checked = 0
    for k, spec in game.state_schema().fields.items():
        if k not in base:
            continue
        for bad in ("lo", -(2 ** 63)):
            d = _mid(gid)
            if type(spec) is Int:
                d[k] = spec.lo - 1 if bad == "lo" else bad
                _refused(gid, d, f"field {k}: ", "out of range")
            elif type(spec) is IntList and d[k]:
                d[k][0] = spec.lo - 1 if bad == "lo" else bad
                _refused(gid, d, f"field {k}[0]: ", "out of range")
            else:
                continue
            checked += 1
    assert checked > 10


def _move(d: dict, src: tuple, dst: tuple, copy: bool = False) -> int:
    a, b = d, d
    for key in src:
        a = a[key]
    for key in dst:
        b = b[key]
    c = a[0] if copy else a.pop(0)
    b.append(c)
    return c


def test_mythologies_card_moved_into_a_hand():
    """Issue 27, Mythologies: a card moved from a draw pile into a hand loaded. MY § Selection Phase: a
    seat takes the cards its pawns stand on when the selection ends, so in a hand it knows them; a card
    added without leaving its pile is in two places (card conservation over the four mythologies)."""
    for at in range(6):
        d = _mid("mythologies_v0", at=at)
        if d["phase"] == 1 and d["hand"][0] and d["piles"][0]:
            break
    else:
        pytest.fail("no placement-phase position with a hand")
    moved = json.loads(json.dumps(d))
    _move(moved, ("piles", 0), ("hand", 0))
    moved["hand"][0] = moved["hand"][0][-2:]
    moved["piles"][0] += [c for c in d["hand"][0] if c not in moved["hand"][0]]
    _refused("mythologies_v0", moved, "piles[0] holds a card that is not")
    copied = json.loads(json.dumps(d))
    copied["hand"][0] = sorted(copied["hand"][0][:1] + copied["piles"][0][:1])
    _refused("mythologies_v0", copied, "card conservation broken")
    wrong_pile = json.loads(json.dumps(d))
    _move(wrong_pile, ("piles", 0), ("piles", 2))
    _refused("mythologies_v0", wrong_pile, "piles[2] holds a card that is not")


def test_theomachy_card_moved_into_a_hand():
    """Issue 27, Theomachy: a card moved from the Prayer deck into a hand loaded. TM § Setup: every
    Prayer card of the box is in exactly one place; a hand is seen by its holder only, so a card moved
    there without its knowledge is refused; one copied there is in two places."""
    d = _mid("theomachy_v0", at=3)
    moved = json.loads(json.dumps(d))
    c = _move(moved, ("prayer",), ("hand", 0))
    moved["vis"][c] = 0
    _refused("theomachy_v0", moved, "vis: seat 0 does not know a card of its own hand")
    copied = json.loads(json.dumps(d))
    _move(copied, ("prayer",), ("hand", 0), copy=True)
    _refused("theomachy_v0", copied, "Prayer card conservation broken")


@pytest.mark.parametrize("gid", mythenv.list_games())
def test_check_one_sees_a_real_state_as_real(gid):
    """The harness's verdict on an unchanged saved state of real play: it loads and plays to the end."""
    import random

    game = game_of(gid, {})
    for d in positions(gid, {}, 0, 3):
        assert check_one(game, d, ("log",), random.Random(0)) == "played"


def test_mythologies_gain_frame_loads():
    """A position real play reaches, found by the long run of the harness: a moved card's gain waiting
    on the stack (a ``gainf`` frame, MY § Card Glossary 027 - Sphinx) was refused by the schema as an
    unknown stack frame kind. It loads and plays on."""
    import random

    game = game_of("mythologies_v0", {})
    s = game.new_initial_state(seed=38)
    rnd = random.Random(38)
    while not any(f["t"] == "gainf" for f in s.stack):
        assert not s.is_terminal(), "the seeded game no longer reaches a gain frame"
        s.apply_action(rnd.choice(s.legal_actions()))
    d = json.loads(json.dumps(s.to_dict()))
    assert check_one(game, d, ("stack",), random.Random(0)) == "played"


DECLARED = [gid for gid in mythenv.list_games() if getattr(mythenv.game_class(gid).state_class, "fields", None)]


def _declared_cases() -> list:
    """Each declaring game's default config and, for a game with fields of its own modes only
    (``Field(..., only=...)``: Theomachy's Advanced fields), the first test config that has them."""
    out = []
    for gid in DECLARED:
        out.append(pytest.param(gid, {}, id=gid))
        cls = mythenv.game_class(gid)
        have = set(game_of(gid, {}).state_schema().fields)
        for flag in sorted({f.only for f in cls.state_class.fields if f.only}):
            names = {f.name for f in cls.state_class.fields if f.only == flag}
            for cfg in cls.test_configs:
                if names - have and names <= set(game_of(gid, cfg).state_schema().fields):
                    out.append(pytest.param(gid, cfg, id=f"{gid}-{flag}"))
                    break
    return out


def _field_places(v, path, depth=2):
    """``path`` and the places nested in ``v`` up to ``depth`` levels (lists and dicts)."""
    yield path, v
    if depth and isinstance(v, (list, dict)):
        items = v.items() if isinstance(v, dict) else enumerate(v[:3])
        for k, x in items:
            yield from _field_places(x, path + (k,), depth - 1)


def _path_text(path) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else ("." if i else "") + p for i, p in enumerate(path))


@pytest.mark.parametrize("gid,cfg", _declared_cases())
def test_declared_fields_refuse_the_issue_43_classes(gid, cfg):
    """Issue 43: a held-out pass found saves that loaded as impossible positions: a flag given as
    ``true``, ``null`` where a record must be, repeats in set-like lists, an emptied queue. In a game
    that declares its fields (``mythenv.core.fields``), each is refused with a StateError naming the
    field, wherever it can occur: every declared field (and its first entries) given ``null`` unless
    declared nullable, ``true`` unless a flag, every set-like list with a repeat, every record of a
    stack given ``null`` / ``true`` and every non-empty queue inside a record emptied below its length."""
    from mythenv.core.fields import Flag, Ints, Nullable, Records, Rng, Seq, Tree
    from mythenv.core.schema import Nullable as NullableSpec

    game = game_of(gid, cfg)
    fields = game.state_class.fields
    saved = set(game.state_schema().fields)  # a field of another mode only (``only=``) is not saved

    def nullable(kind) -> bool:
        return isinstance(kind, Nullable) or isinstance(kind, Tree) and isinstance(kind.spec(game), NullableSpec)

    checked = 0
    for at in range(6):
        base = _mid(gid, cfg, at=at)
        for f in fields:
            if isinstance(f.kind, Rng) or f.name not in saved:
                continue
            kinds = {0: f.kind}  # the kind at each depth below the field
            k, depth = f.kind, 0
            while isinstance(k, (Seq, Nullable)):
                if isinstance(k, Seq):
                    depth += 1
                k = k.item
                kinds.setdefault(depth, k)  # the outermost kind at each depth (a Nullable first)
            for path, _v in _field_places(base[f.name], (f.name,)):
                kind = kinds.get(len(path) - 1)
                if kind is None:
                    continue
                for bad in (None, True):
                    if bad is None and (nullable(kind) or (len(path) > 1 and isinstance(
                            kinds.get(len(path) - 2), Seq) and nullable(kinds[len(path) - 2].item))):
                        continue
                    if bad is True and isinstance(kind, Flag):
                        continue
                    d = json.loads(json.dumps(base))
                    box = d
                    for key in path[:-1]:
                        box = box[key]
                    box[path[-1]] = bad
                    _refused(gid, d, f"field {_path_text(path)}", cfg=cfg)
                    checked += 1
            # a repeat in every set-like list of the field
            if f.setlike:
                for path, v in _field_places(base[f.name], (f.name,), depth=3):
                    if type(v) is list and v and all(type(x) is int for x in v):
                        d = json.loads(json.dumps(base))
                        box = d
                        for key in path:
                            box = box[key]
                        if len(box) > 1:
                            box[-1] = box[0]  # the length stays (a full column must not be refused for it)
                        else:
                            box.append(box[0])
                        _refused(gid, d, f"field {_path_text(path)}", "repeats", cfg=cfg)
                        checked += 1
            # the records of a stack: null / true in a record's place, a queue in a record emptied
            if isinstance(f.kind, Records):
                for i, rec in enumerate(base[f.name]):
                    for bad in (None, True, []):
                        d = json.loads(json.dumps(base))
                        d[f.name][i] = bad
                        _refused(gid, d, f"field {f.name}[{i}]", cfg=cfg)
                        checked += 1
                    args = f.kind.kinds[rec[0]]
                    for j, a in enumerate(args, 1):
                        if isinstance(a, Ints) and (a.min_len or a.setlike) and rec[j]:
                            d = json.loads(json.dumps(base))
                            if a.min_len:
                                d[f.name][i][j] = []
                                _refused(gid, d, f"field {f.name}[{i}][{j}]", cfg=cfg)
                            if a.setlike:
                                d = json.loads(json.dumps(base))
                                q = d[f.name][i][j]
                                if len(q) > 1:
                                    q[-1] = q[0]
                                else:
                                    q.append(q[0])
                                _refused(gid, d, f"field {f.name}[{i}][{j}]", "repeats", cfg=cfg)
                            checked += 1
    assert checked > 100
