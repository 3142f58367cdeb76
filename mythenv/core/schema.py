"""Declarative schemas of saved states, checked before a state is built.

A game describes its ``to_dict()`` layout with the specs below (per key its type, range or
enumeration, length; nested lists; records with a fixed key set) in ``games/<game>/schema.py``;
``Game.state_from_dict`` checks a dict against it before anything is allocated, so a malformed
dict raises :class:`~mythenv.core.errors.StateError` naming the field path (``pending[0][2]``,
``rng.state.inc``) and what is allowed. The checks only go as deep as the spec: a value of the
wrong shape (a deeply nested list where strings belong, an int where a byte table belongs) is
refused at its first level, so no input recurses or allocates past what the spec allows.

This module knows no game. It checks structure and ranges; relations between fields (every card
in one place, whose turn it is) are the state's ``check_invariants()``.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from itertools import chain, count, repeat

from .errors import StateError

__all__ = [
    "Spec", "Int", "Bool", "Str", "Const", "Null", "Nullable", "IntList", "List", "Tuple", "Seq", "Record",
    "Tagged", "Variant", "Map", "Union", "BigUInt", "Json", "RNG", "saved_state", "validate",
]

_INT = frozenset((int,))
_LIST = frozenset((list,))
_STR = frozenset((str,))


class _Bad(Exception):
    """A check failed: ``msg`` says what was found and what is allowed; ``path`` is filled in (innermost
    first) while the failure travels out of the nested specs."""

    def __init__(self, msg: str, *at):
        super().__init__(msg)
        self.msg = msg
        self.path: list = list(at)


def _at(key, check, *args) -> None:
    """``check(*args)``; a failure's path gets ``key`` (the entry's index or field name)."""
    try:
        check(*args)
    except _Bad as e:
        e.path.append(key)
        raise


def _check_all(entries) -> None:
    """``check(x)`` for every ``(key, check, x)`` of ``entries`` in order; a failure's path gets the
    entry's ``key``. (One ``try`` for the whole loop: the per-entry cost is the call alone.)"""
    key = None
    try:
        for key, check, x in entries:  # noqa: B007 - key names the bad entry
            check(x)
    except _Bad as e:
        e.path.append(key)
        raise


def _show(v) -> str:
    """A short description of a bad value (never the whole of a huge one)."""
    if isinstance(v, (list, tuple)):
        return f"a {type(v).__name__} of length {len(v)}"
    if isinstance(v, dict):
        return f"a dict with {len(v)} keys"
    if isinstance(v, str):
        return repr(v) if len(v) <= 40 else f"a str of length {len(v)}"
    if isinstance(v, int) and not isinstance(v, bool) and abs(v) >= 10 ** 12:
        return f"an int of {v.bit_length()} bits"
    r = repr(v)
    return r if len(r) <= 40 else f"a {type(v).__name__}"


def _is_int(v) -> bool:
    return type(v) is int or (isinstance(v, int) and not isinstance(v, bool))


class Spec(ABC):
    """One allowed shape of a value. ``check(v)`` raises ``_Bad`` when ``v`` does not fit."""

    @abstractmethod
    def check(self, v) -> None: ...

    @abstractmethod
    def describe(self) -> str: ...


class Any_(Spec):
    """Anything (used for the header keys, which ``Game.state_from_dict`` checks itself)."""

    def check(self, v) -> None:
        return None

    def describe(self) -> str:
        return "any value"


class Int(Spec):
    """An int (not a bool) in ``lo..hi``."""

    __slots__ = ("lo", "hi")

    def __init__(self, lo: int, hi: int):
        self.lo, self.hi = lo, hi

    def check(self, v) -> None:
        if not _is_int(v):
            raise _Bad(f"expected {self.describe()}, got {_show(v)}")
        if not self.lo <= v <= self.hi:
            raise _Bad(f"{_show(v)} is out of range; expected {self.describe()}")

    def describe(self) -> str:
        return f"an int in {self.lo}..{self.hi}"


class Bool(Spec):
    def check(self, v) -> None:
        if type(v) is not bool:
            raise _Bad(f"expected a bool, got {_show(v)}")

    def describe(self) -> str:
        return "a bool"


class Str(Spec):
    """A str: one of ``choices`` when given, else any of at most ``max_len`` characters."""

    __slots__ = ("choices", "max_len")

    def __init__(self, choices: Iterable[str] | None = None, max_len: int = 10_000):
        self.choices = frozenset(choices) if choices is not None else None
        self.max_len = max_len

    def check(self, v) -> None:
        if type(v) is not str:
            raise _Bad(f"expected {self.describe()}, got {_show(v)}")
        if self.choices is not None:
            if v not in self.choices:
                raise _Bad(f"{_show(v)} is not allowed; expected {self.describe()}")
        elif len(v) > self.max_len:
            raise _Bad(f"{_show(v)} is too long; expected {self.describe()}")

    def describe(self) -> str:
        if self.choices is not None:
            shown = sorted(self.choices)
            more = f", ... ({len(shown)} in all)" if len(shown) > 30 else ""
            return "one of " + ", ".join(map(repr, shown[:30])) + more
        return f"a str of at most {self.max_len} characters"


class Const(Spec):
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def check(self, v) -> None:
        if type(v) is not type(self.value) or v != self.value:
            raise _Bad(f"expected {self.value!r}, got {_show(v)}")

    def describe(self) -> str:
        return repr(self.value)


class Null(Spec):
    def check(self, v) -> None:
        if v is not None:
            raise _Bad(f"expected None, got {_show(v)}")

    def describe(self) -> str:
        return "None"


class Nullable(Spec):
    """None or ``spec``."""

    __slots__ = ("spec",)

    def __init__(self, spec: Spec):
        self.spec = spec

    def check(self, v) -> None:
        if v is not None:
            self.spec.check(v)

    def describe(self) -> str:
        return f"None or {self.spec.describe()}"


def _length_text(lo: int, hi: int) -> str:
    return f"length {lo}" if lo == hi else f"length {lo}..{hi}"


def _check_len(v, lo: int, hi: int, spec: Spec) -> None:
    if type(v) is not list and not isinstance(v, (list, tuple)):
        raise _Bad(f"expected {spec.describe()}, got {_show(v)}")
    n = len(v)
    if not lo <= n <= hi:
        raise _Bad(f"{_show(v)}; expected {_length_text(lo, hi)}")


class IntList(Spec):
    """A list of ints in ``lo..hi`` whose length lies in ``min_len..max_len`` (``length`` for an exact
    one); ``unique``: a set (a pile of card ids, the winners), no entry twice. The common case (a byte
    table, a pile of card ids) is checked with C-level ``map`` / ``min`` / ``max``, not a Python loop."""

    __slots__ = ("lo", "hi", "min_len", "max_len", "ok", "unique")

    def __init__(self, lo: int, hi: int, length: int | None = None, min_len: int = 0, max_len: int = 10_000,
                 unique: bool = False):
        self.lo, self.hi = lo, hi
        if length is not None:
            min_len = max_len = length
        self.min_len, self.max_len = min_len, max_len
        self.unique = unique
        #: byte-sized entries: the allowed byte values, which ``bytes.translate`` deletes in one C pass
        #: (whatever is left is out of range); None when entries do not fit in a byte
        self.ok = bytes(range(lo, hi + 1)) if 0 <= lo and hi <= 255 else None

    def fits(self, v) -> bool:
        """The fast test, C-level passes only: ``v`` is a list of an allowed length whose entries are
        all of type int (not bool, which ``bytes()`` and ``sum()`` would take as the int it equals)
        and lie in range."""
        if type(v) is not list or not self.min_len <= len(v) <= self.max_len:
            return False
        if not v:
            return True
        if not _INT.issuperset(map(type, v)) or self.unique and len(set(v)) != len(v):
            return False
        if self.ok is not None:  # byte-sized entries: translate deletes the allowed values in one pass
            try:
                return not bytes(v).translate(None, self.ok)
            except ValueError:  # an entry outside 0..255
                return False
        return min(v) >= self.lo and max(v) <= self.hi

    def fits_rows(self, rows) -> bool:
        """The fast test of a list of such lists at once (their entries checked in one flat pass)."""
        if type(rows) is not list:
            return False
        if not rows:
            return True
        if set(map(type, rows)) != _LIST:
            return False
        lens = set(map(len, rows))
        if min(lens) < self.min_len or max(lens) > self.max_len:
            return False
        flat = list(chain.from_iterable(rows))
        if not _INT.issuperset(map(type, flat)):  # ints only (no bool, float, str, None, container)
            return False
        if self.unique and any(len(set(r)) != len(r) for r in rows):
            return False
        if self.ok is not None:  # byte-sized entries: translate deletes the allowed values in one pass
            try:
                return not bytes(flat).translate(None, self.ok)
            except ValueError:  # an entry outside 0..255
                return False
        return not flat or (min(flat) >= self.lo and max(flat) <= self.hi)

    def check(self, v) -> None:
        if self.fits(v):
            return
        _check_len(v, self.min_len, self.max_len, self)
        if not v:
            return
        if set(map(type, v)) != _INT:
            for i, x in enumerate(v):
                if type(x) is not int:
                    if not _is_int(x):
                        raise _Bad(f"expected an int in {self.lo}..{self.hi}, got {_show(x)}", i)
        if min(v) < self.lo or max(v) > self.hi:
            for i, x in enumerate(v):
                if not self.lo <= x <= self.hi:
                    raise _Bad(f"{_show(x)} is out of range; expected an int in {self.lo}..{self.hi}", i)
        if self.unique and len(set(v)) != len(v):
            first: dict = {}
            for i, x in enumerate(v):
                j = first.setdefault(x, i)
                if j != i:
                    raise _Bad(f"{x} repeats entry [{j}]; expected {self.describe()}", i)

    def describe(self) -> str:
        return (f"a list ({_length_text(self.min_len, self.max_len)}) of "
                + ("distinct " if self.unique else "") + f"ints in {self.lo}..{self.hi}")


class List(Spec):
    """A list of values of ``item`` whose length lies in ``min_len..max_len``."""

    __slots__ = ("item", "min_len", "max_len")

    def __init__(self, item: Spec, length: int | None = None, min_len: int = 0, max_len: int = 10_000):
        self.item = item
        if length is not None:
            min_len = max_len = length
        self.min_len, self.max_len = min_len, max_len

    def check(self, v) -> None:
        _check_len(v, self.min_len, self.max_len, self)
        item = self.item
        if type(item) is IntList:  # a table of int lists: one flat pass when it is right
            if item.fits_rows(v):
                return
        elif type(item) is List and type(item.item) is IntList:  # lists of int lists
            if type(v) is list and (not v or set(map(type, v)) == _LIST):
                lens = set(map(len, v))
                if (not v or (min(lens) >= item.min_len and max(lens) <= item.max_len)) \
                        and item.item.fits_rows(list(chain.from_iterable(v))):
                    return
        elif type(item) is Str and item.choices is None:  # lists of free text (a log)
            if not v or (set(map(type, v)) == _STR and max(map(len, v)) <= item.max_len):
                return
        _check_all(zip(count(), repeat(item.check), v))

    def describe(self) -> str:
        return f"a list ({_length_text(self.min_len, self.max_len)}) of {self.item.describe()}"


class Tuple(Spec):
    """A list of fixed length whose entries have the given specs, in order."""

    __slots__ = ("items", "_checks")

    def __init__(self, *items: Spec):
        self.items = items
        self._checks = tuple(spec.check for spec in items)

    def check(self, v) -> None:
        n = len(self.items)
        _check_len(v, n, n, self)
        _check_all(zip(count(), self._checks, v))

    def describe(self) -> str:
        return f"a list of {len(self.items)} entries"


class Seq(Spec):
    """A list of ``min_len..max_len`` entries: the first ones fit ``head`` (in order), the others ``rest``."""

    __slots__ = ("head", "rest", "min_len", "max_len", "_head_checks")

    def __init__(self, head: tuple[Spec, ...], rest: Spec, min_len: int = 0, max_len: int = 10_000):
        self.head, self.rest, self.min_len, self.max_len = tuple(head), rest, min_len, max_len
        self._head_checks = tuple(spec.check for spec in self.head)

    def check(self, v) -> None:
        _check_len(v, self.min_len, self.max_len, self)
        _check_all(zip(count(), chain(self._head_checks, repeat(self.rest.check)), v))

    def describe(self) -> str:
        return f"a list ({_length_text(self.min_len, self.max_len)}) of {self.rest.describe()}"


class Record(Spec):
    """A dict with exactly the keys of ``fields`` (those in ``optional`` may be missing); every
    other key is refused."""

    __slots__ = ("fields", "keys", "required", "_ints", "_bytes", "_rest")

    def __init__(self, fields: Mapping[str, Spec], optional: Iterable[str] = ()):
        self.fields = dict(fields)
        self.keys = frozenset(self.fields)
        self.required = self.keys - frozenset(optional)
        # the required int fields are checked inline (a method call per field costs more than the test)
        self._ints = tuple((k, s.lo, s.hi) for k, s in self.fields.items() if type(s) is Int and k in self.required)
        # so are the required byte tables of a fixed length (one bytes() pass each)
        self._bytes = tuple((k, s.ok, s.min_len) for k, s in self.fields.items()
                            if type(s) is IntList and k in self.required and s.ok is not None
                            and s.min_len == s.max_len > 0 and not s.unique)
        inline = {k for k, _, _ in self._ints} | {k for k, _, _ in self._bytes}
        self._rest = tuple((k, s.check) for k, s in self.fields.items() if k not in inline)

    def check(self, v) -> None:
        if not isinstance(v, dict):
            raise _Bad(f"expected a dict with keys {', '.join(sorted(self.keys))}, got {_show(v)}")
        ks = v.keys()
        if ks != self.keys:
            missing = sorted(self.required - ks)
            unknown = sorted(map(repr, ks - self.keys))
            if missing:
                e = _Bad(f"missing key(s) {', '.join(map(repr, missing))}")
                raise e
            if unknown:
                shown = ", ".join(unknown[:10]) + (" ..." if len(unknown) > 10 else "")
                raise _Bad(f"unknown key(s) {shown}; allowed keys: {', '.join(sorted(self.keys))}")
        for k, lo, hi in self._ints:
            x = v[k]
            if type(x) is not int or not lo <= x <= hi:
                _at(k, self.fields[k].check, x)
        for k, ok, n in self._bytes:
            x = v[k]
            try:
                if type(x) is list and len(x) == n and _INT.issuperset(map(type, x)) \
                        and not bytes(x).translate(None, ok):
                    continue
            except ValueError:  # an entry outside 0..255: the check names it
                pass
            _at(k, self.fields[k].check, x)
        _check_all((k, check, v[k]) for k, check in self._rest if k in v)

    def describe(self) -> str:
        return f"a dict with keys {', '.join(sorted(self.keys))}"


class Tagged(Spec):
    """A list whose first entry is a tag naming its kind: ``kinds`` maps each tag to the spec of the
    rest of the list (a :class:`Tuple` of the arguments, or a :class:`List` / :class:`Json` when
    the length varies)."""

    __slots__ = ("kinds", "what")

    def __init__(self, kinds: Mapping[str, Spec], what: str = "record"):
        self.kinds = dict(kinds)
        self.what = what

    def check(self, v) -> None:
        if not isinstance(v, (list, tuple)) or not v:
            raise _Bad(f"expected a {self.what} (a list starting with its kind), got {_show(v)}")
        tag = v[0]
        spec = self.kinds.get(tag) if type(tag) is str else None
        if spec is None:
            raise _Bad(f"unknown {self.what} kind {_show(tag)}; expected one of "
                       + ", ".join(map(repr, sorted(self.kinds))), 0)
        try:
            spec.check(v[1:])
        except _Bad as e:
            if e.path:
                e.path[-1] += 1  # the index in the whole record, tag included
            else:
                e.msg = f"{tag!r} {self.what}: {e.msg}"
            raise

    def describe(self) -> str:
        return f"a {self.what}"


class Variant(Spec):
    """A dict whose ``key`` entry (a str) names its kind; ``kinds`` maps each kind to the
    :class:`Record` of the whole dict (``key`` included)."""

    __slots__ = ("key", "kinds", "what")

    def __init__(self, key: str, kinds: Mapping[str, Record], what: str = "record"):
        self.key, self.kinds, self.what = key, dict(kinds), what

    def check(self, v) -> None:
        if not isinstance(v, dict):
            raise _Bad(f"expected a {self.what} (a dict with a {self.key!r} key), got {_show(v)}")
        tag = v.get(self.key)
        spec = self.kinds.get(tag) if type(tag) is str else None
        if spec is None:
            raise _Bad(f"unknown {self.what} kind {_show(tag)}; expected one of "
                       + ", ".join(map(repr, sorted(self.kinds))), self.key)
        spec.check(v)

    def describe(self) -> str:
        return f"a {self.what}"


class Map(Spec):
    """A dict from str keys (checked by ``key``) to values of ``value``, at most ``max_len`` entries."""

    __slots__ = ("key", "value", "max_len")

    def __init__(self, key: Spec, value: Spec, max_len: int = 10_000):
        self.key, self.value, self.max_len = key, value, max_len

    def check(self, v) -> None:
        if not isinstance(v, dict):
            raise _Bad(f"expected {self.describe()}, got {_show(v)}")
        if len(v) > self.max_len:
            raise _Bad(f"{_show(v)}; expected at most {self.max_len} entries")
        _check_all((k, self._entry, (k, x)) for k, x in v.items())

    def _entry(self, kx) -> None:
        k, x = kx
        try:
            self.key.check(k)
        except _Bad as e:
            e.msg = f"bad key: {e.msg}"
            raise
        self.value.check(x)

    def describe(self) -> str:
        return f"a dict (at most {self.max_len} entries) of {self.value.describe()}"


class Union(Spec):
    """A value that fits one of ``specs`` (tried in order)."""

    __slots__ = ("specs",)

    def __init__(self, *specs: Spec):
        self.specs = specs

    def check(self, v) -> None:
        for spec in self.specs:
            try:
                spec.check(v)
                return
            except _Bad:
                continue
        raise _Bad(f"{_show(v)} fits none of: " + "; ".join(s.describe() for s in self.specs))

    def describe(self) -> str:
        return " or ".join(s.describe() for s in self.specs)


class BigUInt(Spec):
    """A non-negative integer below ``2**bits`` written as a str of decimal digits (as
    ``rng_to_json`` writes the generator's 128-bit words) or as an int."""

    __slots__ = ("bits",)

    def __init__(self, bits: int):
        self.bits = bits

    def check(self, v) -> None:
        if type(v) is str:
            if not (0 < len(v) <= 40 and v.isascii() and v.isdigit()):
                raise _Bad(f"expected {self.describe()}, got {_show(v)}")
            n = int(v)
        elif _is_int(v):
            n = v
        else:
            raise _Bad(f"expected {self.describe()}, got {_show(v)}")
        if not 0 <= n < 1 << self.bits:
            raise _Bad(f"{_show(n)} is out of range; expected {self.describe()}")

    def describe(self) -> str:
        return f"an integer in 0..2**{self.bits}-1 (decimal digits)"


class Json(Spec):
    """Any JSON value nested at most ``depth`` levels: None (unless ``null=False``), bools, ints in
    ``-int_bound..int_bound``, finite floats, strs and lists / str-keyed dicts of at most ``max_len``
    entries. For fields whose shape the rules keep open; still bounded in depth and size."""

    __slots__ = ("depth", "max_len", "int_bound", "null")

    def __init__(self, depth: int = 3, max_len: int = 1000, int_bound: int = 2 ** 31, null: bool = True):
        self.depth, self.max_len, self.int_bound, self.null = depth, max_len, int_bound, null

    def check(self, v) -> None:
        self._check(v, self.depth)

    def _check(self, v, depth: int) -> None:
        if v is None:
            if not self.null:
                raise _Bad("null is not allowed here (the rules never keep one)")
            return
        if type(v) is bool:
            return
        if _is_int(v):
            if not -self.int_bound <= v <= self.int_bound:
                raise _Bad(f"{_show(v)} is out of range; expected an int in "
                           f"{-self.int_bound}..{self.int_bound}")
            return
        if type(v) is float:
            if not math.isfinite(v):
                raise _Bad(f"{v!r} is not a finite number")
            return
        if type(v) is str:
            if len(v) > self.max_len:
                raise _Bad(f"{_show(v)} is too long (at most {self.max_len} characters)")
            return
        if isinstance(v, (list, tuple, dict)):
            if depth <= 0:
                raise _Bad(f"{_show(v)} is nested too deep")
            if len(v) > self.max_len:
                raise _Bad(f"{_show(v)}; expected at most {self.max_len} entries")
            items = v.items() if isinstance(v, dict) else enumerate(v)
            for k, x in items:
                if isinstance(v, dict) and type(k) is not str:
                    raise _Bad(f"a dict key {_show(k)} is not a str", k)
                _at(k, self._check, x, depth - 1)
            return
        raise _Bad(f"{_show(v)} is not a JSON value")

    def describe(self) -> str:
        return f"a JSON value nested at most {self.depth} deep"


#: the generator state ``rng_to_json`` writes (PCG64)
RNG = Record({
    "bit_generator": Const("PCG64"),
    "state": Record({"state": BigUInt(128), "inc": BigUInt(128)}),
    "has_uint32": Int(0, 1),
    "uinteger": Int(0, 2 ** 32 - 1),
})

_HEADER = {"game": Any_(), "config": Any_(), "version": Any_()}


def saved_state(fields: Mapping[str, Spec], optional: Iterable[str] = ()) -> Record:
    """The spec of a whole saved state: the header keys (checked by ``Game.state_from_dict``), the
    generator ``rng`` and the game's own ``fields``."""
    return Record({**_HEADER, "rng": RNG, **fields}, optional)


def _path_text(path: list) -> str:
    out = ""
    for p in reversed(path):
        if isinstance(p, int):
            out += f"[{p}]"
        else:
            out += ("." if out else "") + str(p)
    return out


def validate(spec: Spec, value, game_id: str) -> None:
    """Check a saved state against ``spec``; raise ``StateError`` naming the field and what is allowed."""
    try:
        spec.check(value)
    except _Bad as e:
        where = f"saved state field {_path_text(e.path)}" if e.path else "saved state"
        raise StateError(f"{game_id}: {where}: {e.msg}") from None
    except RecursionError:  # pragma: no cover - specs are finite; a safety net
        raise StateError(f"{game_id}: saved state is nested too deep") from None
