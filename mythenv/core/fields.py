"""State declared once: typed fields from which the core builds the mechanical parts of a state.

A game lists its state's fields on its State class (``fields = Fields(...)``), each with a type
(:class:`Int`, :class:`Flag`, :class:`Text`, :class:`Const`, :class:`Ints`, :class:`Bytes`, :class:`Row`, :class:`Seq`,
:class:`Records`, :class:`Tree`, :class:`Rng`), its bounds, whether it is per seat, set-like or ordered, nullable,
public or hidden, only in some modes, and a one-line meaning. From that one list the core generates
(:class:`Declared`):

- ``__slots__`` (the fields and the runtime slots such as ``game`` and ``_legal``);
- ``_init_fields(game)``: every field at its default; the constructor ``Declared(game, seed)`` starts
  from it, seeds ``rng`` and calls the game's ``setup()`` (the rulebook's setup, the one part a game
  writes); ``Declared.blank(game)`` is the state at its defaults, before any setup;
- ``clone()``: a specialised copy (ints shared, lists sliced, nested lists copied to their declared
  depth), compiled once per class, so it is as fast as a hand-written one;
- ``to_dict()`` / ``from_dict(game, d)``: the saved layout (the header, then the fields in declared
  order), exactly what the hand-written methods wrote before;
- the saved-state schema (:mod:`mythenv.core.schema`) that ``Game.state_from_dict`` checks before a
  state is built: ints are never bools, a field is ``null`` only when declared nullable, a set-like
  list never repeats an entry, a queue declared non-empty (``min_len``) is never empty, and each
  refusal is a ``StateError`` naming the field.

A mode's own fields (``Field(..., only="advanced")``: a :class:`Runtime` flag of the config) exist,
are copied, saved, loaded and checked only in the states of that mode; the saved states of the other
modes have no such key, and their schema refuses one.

Relations between fields (every card in exactly one place, whose turn it is) stay the game's
``check_invariants()``, which ``from_dict`` runs after the fields are loaded; a game that must
adjust a loaded state first defines ``_after_load()``.

A bound (``lo``, ``hi``, a length) may be a number or a function of the game (``lambda g:
g.num_cards - 1``): the schema is built per game config, the copying code once per class.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterable
from typing import Any

import numpy as np

from . import schema as sc
from .game import State, rng_from_json, rng_to_json

__all__ = ["Int", "Flag", "Text", "Const", "Ints", "Bytes", "Row", "Seq", "Nullable", "Records", "Tree", "Rng", "Field",
           "Runtime", "Fields", "Declared", "SEATS"]

#: the number of seats of the game (``game.num_players``), as a length: a per-seat list
SEATS = "seats"


def _val(x, game):
    """A bound as a number for ``game``: ``x(game)`` when it is a function of the game."""
    if x == SEATS:
        return game.num_players
    return x(game) if callable(x) else x


class Kind:
    """The type of a field or of an entry: how it is copied, saved, loaded and checked.

    ``copy(e, fresh)`` / ``save(e, fresh)`` / ``load(e, fresh)`` return Python source of an expression
    that copies / saves / loads the value of the expression ``e`` (``fresh()`` gives an unused
    variable name for comprehensions); ``None`` from ``copy`` means the value is immutable and is
    shared. ``spec(game)`` is the :mod:`mythenv.core.schema` spec of the saved value."""

    immutable = True

    def copy(self, e: str, fresh) -> str | None:
        return None

    def save(self, e: str, fresh) -> str:
        return e

    def load(self, e: str, fresh) -> str:
        return e

    def spec(self, game) -> sc.Spec:
        raise NotImplementedError

    def default(self, game):
        raise NotImplementedError

    def describe(self) -> str:
        return type(self).__name__.lower()


class Int(Kind):
    """An int in ``lo..hi`` (never a bool)."""

    def __init__(self, lo, hi, default=None):
        self.lo, self.hi, self._default = lo, hi, default

    def spec(self, game):
        return sc.Int(_val(self.lo, game), _val(self.hi, game))

    def default(self, game):
        if self._default is not None:
            return self._default
        lo, hi = _val(self.lo, game), _val(self.hi, game)
        return 0 if lo <= 0 <= hi else lo

    def describe(self):
        return f"int {self.lo}..{self.hi}"


class Flag(Kind):
    """A bool (JSON ``true`` / ``false``, never an int)."""

    def __init__(self, default: bool = False):
        self._default = default

    def spec(self, game):
        return sc.Bool()

    def default(self, game):
        return self._default

    def describe(self):
        return "flag"


class Text(Kind):
    """A str of at most ``max_len`` characters, or one of ``choices``."""

    def __init__(self, max_len: int = 500, choices: Iterable[str] | None = None, default: str = ""):
        self.max_len, self.choices, self._default = max_len, choices, default

    def spec(self, game):
        return sc.Str(self.choices, max_len=self.max_len)

    def default(self, game):
        return self._default

    def describe(self):
        return "text"


class Const(Kind):
    """A value the game's config fixes (the number of boxes in play, a constant argument of a record),
    saved and checked as exactly that value; ``value`` may be a function of the game."""

    def __init__(self, value):
        self.value = value

    def spec(self, game):
        return sc.Const(_val(self.value, game))

    def default(self, game):
        return _val(self.value, game)

    def describe(self):
        return "constant" if callable(self.value) else f"constant {self.value!r}"


def _lengths(length, min_len, max_len, game) -> dict:
    if length is not None:
        return {"length": _val(length, game)}
    return {"min_len": _val(min_len, game), "max_len": _val(max_len, game)}


class Ints(Kind):
    """A list of ints in ``lo..hi`` (a pile of card ids, a queue of seats). ``setlike``: no entry
    twice (a pile, the seats still to ask); otherwise ordered, repeats allowed. ``length`` for a
    fixed length, else ``min_len..max_len`` (``min_len=1``: a queue that is never empty).
    ``as_tuple``: held as a tuple (immutable, shared by copies), saved as a list."""

    def __init__(self, lo, hi, *, length=None, min_len=0, max_len=10_000, setlike: bool = False,
                 as_tuple: bool = False):
        self.lo, self.hi, self.length, self.min_len, self.max_len = lo, hi, length, min_len, max_len
        self.setlike, self.as_tuple = setlike, as_tuple
        self.immutable = as_tuple

    def copy(self, e, fresh):
        return None if self.as_tuple else f"{e}[:]"

    def save(self, e, fresh):
        return f"list({e})" if self.as_tuple else f"{e}[:]"

    def load(self, e, fresh):
        return f"tuple({e})" if self.as_tuple else f"{e}[:]"

    def spec(self, game):
        return sc.IntList(_val(self.lo, game), _val(self.hi, game), unique=self.setlike,
                          **_lengths(self.length, self.min_len, self.max_len, game))

    def default(self, game):
        n = 0 if self.length is None else _val(self.length, game)
        out = [0] * n
        return tuple(out) if self.as_tuple else out

    def describe(self):
        return ("set of " if self.setlike else "list of ") + f"ints {self.lo}..{self.hi}"


class Bytes(Kind):
    """A fixed-length table of small ints ``lo..hi`` held as a ``bytearray`` (per-card bits, flags),
    saved as a list of ints."""

    immutable = False

    def __init__(self, lo, hi, length):
        self.lo, self.hi, self.length = lo, hi, length

    def copy(self, e, fresh):
        return f"{e}[:]"

    def save(self, e, fresh):
        return f"list({e})"

    def load(self, e, fresh):
        return f"bytearray({e})"

    def spec(self, game):
        return sc.IntList(_val(self.lo, game), _val(self.hi, game), length=_val(self.length, game))

    def default(self, game):
        return bytearray(_val(self.length, game))

    def describe(self):
        return f"table of ints {self.lo}..{self.hi}"


class Row(Kind):
    """A fixed-length list whose entries have kinds of their own (a vector of token counts, each
    bounded by its own supply; a ``[card, damaged, token type]`` place): held and saved as a list,
    checked entry by entry. The entries are immutable kinds (:class:`Int`, :class:`Flag`,
    :class:`Text`, :class:`Const`)."""

    immutable = False

    def __init__(self, *items: Kind):
        if not items or not all(k.immutable for k in items):
            raise TypeError("Row: one or more entries, each of an immutable kind (Int, Flag, Text, Const)")
        self.items = items

    def copy(self, e, fresh):
        return f"{e}[:]"

    def save(self, e, fresh):
        return f"{e}[:]"

    def load(self, e, fresh):
        return f"{e}[:]"

    def spec(self, game):
        return sc.Tuple(*(k.spec(game) for k in self.items))

    def default(self, game):
        return [k.default(game) for k in self.items]

    def describe(self):
        return "[" + ", ".join(k.describe() for k in self.items) + "]"


class Seq(Kind):
    """A list of ``item`` values: per seat (``length=SEATS``), of a fixed ``length`` (an int or a
    function of the game), or of ``min_len..max_len`` entries. A fixed int length of at most 4 is
    copied entry by entry (no loop)."""

    def __init__(self, item: Kind, *, length=None, min_len=0, max_len=10_000):
        self.item, self.length, self.min_len, self.max_len = item, length, min_len, max_len
        self.immutable = False

    def _map(self, e, fresh, expr_of) -> str:
        if type(self.length) is int and self.length <= 4:
            return "[" + ", ".join(expr_of(f"{e}[{i}]") for i in range(self.length)) + "]"
        x = fresh()
        return f"[{expr_of(x)} for {x} in {e}]"

    def copy(self, e, fresh):
        if self.item.immutable:
            return f"{e}[:]"
        return self._map(e, fresh, lambda x: self.item.copy(x, fresh))

    def save(self, e, fresh):
        probe = self.item.save("_", lambda: "_")
        if probe == "_":
            return f"{e}[:]"
        return self._map(e, fresh, lambda x: self.item.save(x, fresh))

    def load(self, e, fresh):
        probe = self.item.load("_", lambda: "_")
        if probe == "_":
            return f"{e}[:]"
        return self._map(e, fresh, lambda x: self.item.load(x, fresh))

    def spec(self, game):
        return sc.List(self.item.spec(game), **_lengths(self.length, self.min_len, self.max_len, game))

    def default(self, game):
        n = 0 if self.length is None else _val(self.length, game)
        return [self.item.default(game) for _ in range(n)]

    def describe(self):
        return f"list of {self.item.describe()}"


class Nullable(Kind):
    """``None`` or an ``item`` value (``null`` in a saved state is refused everywhere else)."""

    def __init__(self, item: Kind):
        self.item = item
        self.immutable = item.immutable

    def _wrap(self, e, inner):
        return e if inner == e else f"(None if {e} is None else {inner})"

    def copy(self, e, fresh):
        inner = self.item.copy(e, fresh)
        return None if inner is None else self._wrap(e, inner)

    def save(self, e, fresh):
        return self._wrap(e, self.item.save(e, fresh))

    def load(self, e, fresh):
        return self._wrap(e, self.item.load(e, fresh))

    def spec(self, game):
        return sc.Nullable(self.item.spec(game))

    def default(self, game):
        return None

    def describe(self):
        return f"{self.item.describe()} or null"


_RECORD_KEYS = iter(range(10 ** 9))


class Records(Kind):
    """A stack or queue of records: tuples whose first entry is a tag naming the kind, then its
    arguments, whose kinds ``kinds[tag]`` lists (an argument is an :class:`Int`, or an :class:`Ints`
    list, held as a list or, ``as_tuple``, a tuple, or a :class:`Const`). Saved as lists of the tag
    and the arguments. ``only``: the tags that exist in some configs only, each with a function of
    the game saying whether it does (``{"window": lambda g: g.config["mode"] != "basic"}``): the
    schema of another config refuses them."""

    def __init__(self, kinds: dict[str, tuple[Kind, ...]], *, what: str = "record", min_len=0, max_len=10_000,
                 only: dict | None = None):
        self.kinds, self.what, self.min_len, self.max_len = dict(kinds), what, min_len, max_len
        self.only = dict(only or {})
        if not set(self.only) <= set(self.kinds):
            raise TypeError(f"Records: only= names tags that are not declared: {sorted(set(self.only) - set(self.kinds))}")
        self.key = next(_RECORD_KEYS)  # names its helpers in the generated code
        self.immutable = False
        self.mutable_tags = frozenset(t for t, args in self.kinds.items() if not all(a.immutable for a in args))
        self._copy = {t: self._compile(args, "copy") for t, args in self.kinds.items()}
        self._save = {t: self._compile(args, "save") for t, args in self.kinds.items()}
        self._load = {t: self._compile(args, "load") for t, args in self.kinds.items()}

    @staticmethod
    def _compile(args, how: str):
        """``f(record) -> record`` of one tag: each argument copied / saved / loaded by its kind."""
        names = iter(f"_v{i}" for i in range(10 ** 6))

        def fresh():
            return next(names)

        parts = ["r[0]"]
        for i, a in enumerate(args, 1):
            x = getattr(a, how)(f"r[{i}]", fresh)
            parts.append(f"r[{i}]" if x is None else x)
        body = ", ".join(parts)
        src = f"lambda r: ({body},)" if how == "copy" or how == "load" else f"lambda r: [{body}]"
        return eval(src)  # noqa: S307 - source built above from the declared kinds only

    def copy(self, e, fresh):
        if not self.mutable_tags:
            return f"{e}[:]"  # records of immutable entries: the tuples are shared
        return f"_rec_copy_{self.key}({e})"

    def save(self, e, fresh):
        return f"_rec_save_{self.key}({e})"

    def load(self, e, fresh):
        return f"_rec_load_{self.key}({e})"

    def helpers(self) -> dict:
        """The functions the generated code calls for this field."""
        cp, sv, ld, mut = self._copy, self._save, self._load, self.mutable_tags

        def rec_copy(rs):
            return [cp[r[0]](r) if r[0] in mut else r for r in rs]

        def rec_save(rs):
            return [sv[r[0]](r) for r in rs]

        def rec_load(rs):
            return [ld[r[0]](r) for r in rs]

        i = self.key
        return {f"_rec_copy_{i}": rec_copy, f"_rec_save_{i}": rec_save, f"_rec_load_{i}": rec_load}

    def spec(self, game):
        tags = {t: sc.Tuple(*(a.spec(game) for a in args)) for t, args in self.kinds.items()
                if t not in self.only or self.only[t](game)}
        return sc.List(sc.Tagged(tags, self.what), min_len=_val(self.min_len, game), max_len=_val(self.max_len, game))

    def default(self, game):
        return []

    def describe(self):
        return f"list of {self.what}s"


def tree_copy(x):
    """A deep copy of nested lists and dicts (other values are shared: ints, strs, tuples)."""
    if type(x) is dict:
        return {k: tree_copy(v) for k, v in x.items()}
    if type(x) is list:
        for v in x:
            if type(v) is list or type(v) is dict:
                return [tree_copy(v) for v in x]
        return x[:]
    return x


class Tree(Kind):
    """Nested lists and dicts of plain values whose shape a schema ``spec`` describes (a stack of
    frames held as dicts, an effect's open working variables): copied, saved and loaded as a deep
    copy. ``spec``: a :mod:`mythenv.core.schema` spec, or a function of the game returning one."""

    immutable = False

    def __init__(self, spec, default=None, what: str = "tree"):
        self._spec, self._default, self.what = spec, default, what

    def copy(self, e, fresh):
        return f"_tree({e})"

    def save(self, e, fresh):
        return f"_tree({e})"

    def load(self, e, fresh):
        return f"_tree({e})"

    def spec(self, game):
        return self._spec if isinstance(self._spec, sc.Spec) else self._spec(game)

    def default(self, game):
        return tree_copy(self._default)

    def describe(self):
        return self.what


class Rng(Kind):
    """The state's generator (``State.rng``), saved as its bit generator state (``rng_to_json``)."""

    immutable = False


class Field:
    """One field of a state: its name, kind and one-line meaning.

    ``per_seat``: one value per seat (a list of ``game.num_players`` of them, or of ``seats`` when
    the game fixes the count); ``nullable``: ``None`` is allowed (as JSON ``null``);
    ``hidden``: some seat may not see it (a hand, a deck order), which ``resample_hidden`` and the
    observers must respect (documentation and tooling; the core copies it like any field);
    ``default``: the value ``_init_fields`` sets, or a function of the game giving it (else the
    kind's: 0, empty, False, None); ``only``: the name of a :class:`Runtime` flag (a game mode): the
    field exists only in the states where it is true (set, copied, saved, loaded and in the schema
    only there; a saved state of another mode has no such key)."""

    __slots__ = ("name", "kind", "meaning", "hidden", "default", "only")

    def __init__(self, name: str, kind: Kind, meaning: str, *, per_seat: bool | int = False,
                 nullable: bool = False, hidden: bool = False, default: Any = None, only: str | None = None):
        if not meaning or "\n" in meaning:
            raise TypeError(f"field {name!r}: the meaning is one line of text")
        if nullable:
            kind = Nullable(kind)
        if per_seat:
            kind = Seq(kind, length=SEATS if per_seat is True else per_seat)
        self.name, self.kind, self.meaning, self.hidden, self.default = name, kind, meaning, hidden, default
        self.only = only

    @property
    def setlike(self) -> bool:
        k = self.kind
        while isinstance(k, (Seq, Nullable)):
            k = k.item
        return isinstance(k, Ints) and k.setlike

    def __repr__(self) -> str:
        return f"Field({self.name!r}, {self.kind.describe()}: {self.meaning})"


class Runtime:
    """A slot that is no part of the saved position: the game, caches. ``start(game)`` is its value
    in a new or loaded state (a constant when not callable); a clone ``share``s the original's value,
    starts afresh (``share=False``) or owns a copy of it (``share="copy"``: lists and dicts copied
    deep; a cache worth keeping that a clone must not share)."""

    __slots__ = ("name", "meaning", "start", "share")

    def __init__(self, name: str, meaning: str, start: Any = None, share: bool | str = True):
        self.name, self.meaning, self.start, self.share = name, meaning, start, share


GAME = Runtime("game", "the Game (config, codec, observer) this state belongs to", lambda g: g)
LEGAL = Runtime("_legal", "the legal actions of this position, computed once (State._legal_view)", None)


class Fields:
    """The declared fields of a state class, in saved order, and its runtime slots.

    ``Fields(field, ..., runtime=(...), seats=None)``; ``GAME`` and ``LEGAL`` runtime slots come
    first unless given."""

    def __init__(self, *fields: Field, runtime: Iterable[Runtime] = ()):
        runtime = tuple(runtime)
        have = {r.name for r in runtime}
        self.runtime = tuple(r for r in (GAME, LEGAL) if r.name not in have) + runtime
        self.fields = tuple(fields)
        self.by_name = {f.name: f for f in self.fields}
        if len(self.by_name) != len(self.fields):
            raise TypeError("a field is declared twice")
        self.saved = tuple(f for f in self.fields if not isinstance(f.kind, Rng))
        starts = {r.name: r.start for r in self.runtime}
        for f in self.fields:
            if f.only is not None and (f.only not in starts or isinstance(f.kind, Rng)):
                raise TypeError(f"field {f.name!r}: only={f.only!r} names no runtime flag (or the field is the Rng)")
        self._flags = {f.only: starts[f.only] for f in self.fields if f.only is not None}

    def __iter__(self):
        return iter(self.fields)

    def __getitem__(self, name: str) -> Field:
        return self.by_name[name]

    @property
    def slots(self) -> tuple[str, ...]:
        out = [r.name for r in self.runtime]
        for f in self.fields:
            if isinstance(f.kind, Rng):  # the generator and, in a clone until its first draw, its state
                out += ["_rng", "_rng_state"]
            else:
                out.append(f.name)
        return tuple(out)

    def setlike(self) -> list[str]:
        """The names of the set-like fields (no entry twice)."""
        return [f.name for f in self.fields if f.setlike]

    def hidden(self) -> list[str]:
        return [f.name for f in self.fields if f.hidden]

    # ------------------------------------------------------------------ the schema
    def schema(self, game) -> sc.Record:
        """The saved-state spec of ``game``'s config (``Game.state_schema``)."""
        on = {name: start(game) if callable(start) else start for name, start in self._flags.items()}
        return sc.saved_state({f.name: f.kind.spec(game) for f in self.saved if f.only is None or on[f.only]})

    # ------------------------------------------------------------------ generated methods
    def build(self, qualname: str, module: str = "") -> dict:
        """The generated methods of the class ``qualname``: ``clone``, ``to_dict``, ``from_dict``,
        ``_init_fields``, ``_init_runtime`` (and ``_fields_source``, their source)."""
        counter = iter(range(10 ** 6))

        def fresh():
            return f"_x{next(counter)}"

        ns: dict = {"_new": object.__new__, "rng_to_json": rng_to_json, "rng_from_json": rng_from_json,
                    "_tree": tree_copy,
                    "_runtime": {r.name: r.start for r in self.runtime}}
        for f in self.fields:
            k = f.kind
            stack = [k]
            while stack:
                x = stack.pop()
                if isinstance(x, Records):
                    ns.update(x.helpers())
                elif isinstance(x, (Seq, Nullable)):
                    stack.append(x.item)
        clone = ["def clone(self):", "    s = _new(type(self))"]
        to_dict = ["    return {**self._save_header(),"]
        save_pre: list[str] = []
        from_dict = ["def from_dict(cls, game, d):", "    s = _new(cls)"]
        init_rt = ["def _init_runtime(self, game):"]
        for r in self.runtime:
            start = (f"_runtime[{r.name!r}](game)" if callable(r.start) else repr(r.start))
            init_rt.append(f"    self.{r.name} = {start}")
            from_dict.append(f"    s.{r.name} = {start}")
            again = f"_runtime[{r.name!r}](self.game)" if callable(r.start) else repr(r.start)
            own = f"_tree(self.{r.name})" if r.share == "copy" else f"self.{r.name}" if r.share else again
            clone.append(f"    s.{r.name} = {own}")
        if any(isinstance(f.kind, Rng) for f in self.fields):
            init_rt.append("    self._rng_state = None")  # no generator yet (``State.rng``)
        if len(init_rt) == 1:
            init_rt.append("    pass")
        # each field's lines as (only, line): a mode's own fields (``only``) go under ``if <obj>.<flag>:``;
        # the saved dict is one literal up to the first of them, statements after it
        cl: list = []
        ld: list = []
        sv_rest: list = []
        literal = True
        for f in self.fields:
            n, k, only = f.name, f.kind, f.only
            literal = literal and only is None
            if isinstance(k, Rng):
                cl.append((None, "    self._clone_rng_into(s)"))
                if literal:
                    to_dict.append(f"        {n!r}: rng_to_json(self.rng),")
                else:
                    sv_rest.append((None, f"    d[{n!r}] = rng_to_json(self.rng)"))
                ld.append((None, "    s.rng = rng_from_json(d['rng'])"))
                continue
            cp = k.copy("_v", fresh)
            if cp is None:
                cl.append((only, f"    s.{n} = self.{n}"))
            elif cp.count("_v") > 1:  # read the attribute once
                cl.append((only, f"    _v = self.{n}; s.{n} = {cp}"))
            else:
                cl.append((only, f"    s.{n} = {cp.replace('_v', f'self.{n}')}"))
            sv = k.save("_v", fresh)
            if not literal:
                once = f"_v = self.{n}; " if sv.count("_v") > 1 else ""
                sv_rest.append((only, f"    {once}d[{n!r}] = " + (sv if once else sv.replace("_v", f"self.{n}"))))
            else:
                if sv.count("_v") > 1:
                    save_pre.append(f"    _s{len(save_pre)} = self.{n}")
                    sv = sv.replace("_v", f"_s{len(save_pre) - 1}")
                else:
                    sv = sv.replace("_v", f"self.{n}")
                to_dict.append(f"        {n!r}: {sv},")
            lo = k.load("_v", fresh)
            if lo.count("_v") > 1:
                ld.append((only, f"    _v = d[{n!r}]; s.{n} = {lo}"))
            else:
                ld.append((only, f"    s.{n} = {lo.replace('_v', f'd[{n!r}]')}"))
        clone += _guarded(cl, "self")
        from_dict += _guarded(ld, "s")
        # the defaults: built once per game (bounds and lengths may depend on its config), copied
        key = f"_field_defaults_{module}.{qualname}"
        saved = [f for f in self.fields if not isinstance(f.kind, Rng)]

        def _defaults(game) -> list:
            t = [f.kind.default(game) if f.default is None else f.default(game) if callable(f.default)
                 else f.default for f in saved]
            game.__dict__[key] = t
            return t

        ns["_defaults"] = _defaults
        init_f = ["def _init_fields(self, game):", f"    _t = game.__dict__.get({key!r}) or _defaults(game)"]
        inits = []
        for i, f in enumerate(saved):
            cp = f.kind.copy("_v", fresh)
            inits.append((f.only, f"    self.{f.name} = " + (f"_t[{i}]" if cp is None else cp.replace("_v", f"_t[{i}]"))))
        init_f += _guarded(inits, "self")
        clone.append("    return s")
        to_dict.append("    }")
        if sv_rest:
            to_dict[0] = "    d = {**self._save_header(),"
            to_dict += _guarded(sv_rest, "self") + ["    return d"]
        from_dict += ["    s._after_load()", "    s.check_invariants()", "    return s"]
        src = "\n".join(clone + ["def to_dict(self):"] + save_pre + to_dict + from_dict + init_rt + init_f) + "\n"
        code = compile(src, f"<fields of {module}.{qualname}>", "exec")
        exec(code, ns)  # noqa: S102 - source generated above from the declared fields only
        out = {"clone": ns["clone"], "to_dict": ns["to_dict"], "from_dict": classmethod(ns["from_dict"]),
               "_init_fields": ns["_init_fields"], "_init_runtime": ns["_init_runtime"]}
        for name, fn in out.items():
            f = fn.__func__ if isinstance(fn, classmethod) else fn
            f.__qualname__ = f"{qualname}.{name}"
            f._generated_from_fields = True
        out["_fields_source"] = src
        return out

    def table(self) -> str:
        """The fields as a Markdown table (name, kind, seen by, meaning), for docs."""
        rows = ["| field | kind | hidden | meaning |", "|---|---|---|---|"]
        for f in self.fields:
            kind = f.kind.describe() + (f" (only when {f.only})" if f.only else "")
            rows.append(f"| `{f.name}` | {kind} | {'yes' if f.hidden else ''} | {f.meaning} |")
        return "\n".join(rows)


def _guarded(lines: list, obj: str) -> list[str]:
    """The ``(only, line)`` pairs as source: a run of lines of one mode flag goes under one
    ``if <obj>.<flag>:``, the others as they are."""
    out: list[str] = []
    cur = None
    for only, line in lines:
        if only != cur and only is not None:
            out.append(f"    if {obj}.{only}:")
        cur = only
        out.append(line if only is None else "    " + line)
    return out


GENERATED = ("clone", "to_dict", "from_dict", "_init_fields", "_init_runtime")


class _DeclaredMeta(type(State)):
    """Builds a state class from its ``fields``: the slots go in before the class is made, the
    generated methods after. A class body that writes one of them itself is refused: the fields are
    the one place a state is declared."""

    def __new__(mcs, name, bases, ns, **kw):
        fields = ns.get("fields")
        if isinstance(fields, Fields):
            own = sorted(set(GENERATED) & set(ns))
            if own:
                raise TypeError(f"{name} declares its fields; {', '.join(own)} are generated from them "
                                "(mythenv.core.fields), not written by hand")
            have: set[str] = set()
            for b in bases:
                for k in b.__mro__:
                    have.update(k.__dict__.get("__slots__", ()))
            slots = tuple(s for s in fields.slots if s not in have)
            ns["__slots__"] = tuple(ns.get("__slots__", ())) + tuple(s for s in slots if s not in ns.get("__slots__", ()))
            # in the namespace before the class is made, so that ABCMeta sees them implemented
            ns.update(fields.build(ns.get("__qualname__", name), ns.get("__module__", "")))
        return super().__new__(mcs, name, bases, ns, **kw)


class Declared(State, metaclass=_DeclaredMeta):
    """A state whose fields are declared (``fields = Fields(...)`` in the class body); see the module
    docstring. The game still writes the rules, ``check_invariants`` and ``resample_hidden``."""

    fields: Fields

    def __init__(self, game, seed: int | None = None, **options):
        """A new game of ``game``'s config: the runtime slots, every field at its declared default, the
        generator (the field ``rng``) seeded with ``seed``, then the rulebook's :meth:`setup`, which is
        handed ``options`` (a game's own arguments of ``Game.new_initial_state``)."""
        self._init_runtime(game)
        self._init_fields(game)
        self.rng = np.random.default_rng(seed)
        self.setup(**options)

    @abstractmethod
    def setup(self) -> None:
        """The game's setup as its rulebook gives it (shuffle, deal, the first player...), on a state
        whose fields are at their declared defaults and whose ``rng`` is seeded."""

    @classmethod
    def blank(cls, game):
        """A state of ``game`` at the declared defaults, before any setup and with no generator (what a
        saved position is compared with, field by field)."""
        s = cls.__new__(cls)
        s._init_runtime(game)
        s._init_fields(game)
        return s

    def _after_load(self) -> None:
        """Called by the generated ``from_dict`` once the fields are loaded, before
        ``check_invariants``: a game's own adjustments or checks of a loaded state (none by default)."""

    def _init_fields(self, game) -> None:  # replaced by the generated one
        raise NotImplementedError

    def _init_runtime(self, game) -> None:  # replaced by the generated one
        raise NotImplementedError
