"""What a game's compiled observation encoder reads, declared once (the source of its C enums).

A game's compiled encoder (``_cobserve.c``, see ``cobserve.h``) reads its config through a layout
tuple built in Python (``observe.c_layout``) by position, the observation's pieces by position, and
the state's attributes and methods by name. Each of those lists is declared once, in the game's
``observe.py``, as a :class:`CDecl` named ``C_DECL``; from it

- Python builds the layout tuple by name: ``C_DECL.pack("layout", size=..., pieces=...)`` puts the
  entries in the declared order and refuses a missing or an unknown one;
- ``python -m mythenv.core.cheaders`` writes the C header ``_clayout.h`` beside the game's
  ``_cobserve.c``: one enum per list (``prefix + NAME`` for each item, then the list's count) and a
  string table for each list the C code interns, so no position is kept by hand in C;
- ``tests/core/test_clayout.py`` checks that each header is what its declaration generates (the
  compiled module is built with the header's hash, so a stale build is refused as for its other
  sources: :func:`mythenv.core.observe.stale_reason`), that each attribute the C code reads is a field
  or attribute of the game's state and each method a method of it, and that each piece is a piece of
  the game's observer.

An item may span several entries of a flat table (``("d_pending", 7)`` or ``("pieces", "2 * NPIECES")``):
the next item's value is this one's plus the width. :func:`chain` numbers several enums one after the
other, the entries of one flat table.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

__all__ = ["CEnum", "CStrings", "CDecl", "chain", "header", "declarations"]

HEADER_NAME = "_clayout.h"


@dataclass(frozen=True)
class CEnum:
    """One list the C code indexes: ``enum tag { PREFIX_ITEM, ..., COUNT }``.

    ``items``: names, or ``(name, width)`` for an item spanning ``width`` entries (an int or a C
    expression). ``start``: a C expression for the first value (another enum's count, to continue it).
    ``kind``: what the items are, for the checks: ``"layout"`` (entries of the layout tuple),
    ``"pieces"`` (pieces of the game's observer), ``"attrs"`` (state attributes read by name),
    ``"methods"`` (state methods called by name), or ``"names"`` (other strings, e.g. the kinds of a
    pending record)."""
    tag: str
    prefix: str
    count: str
    items: tuple[Any, ...]
    kind: str = "names"
    start: str | None = None
    meaning: str = ""

    @property
    def spans(self) -> list[tuple[str, Any]]:
        """``(name, width)`` of each item (width 1 for a plain name)."""
        return [(i, 1) if isinstance(i, str) else (i[0], i[1]) for i in self.items]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.spans)

    def c(self) -> str:
        parts, value = [], self.start  # the C expression of the next value, when it is not the previous + 1
        for name, width in [*self.spans, (None, 1)]:
            ident = self.count if name is None else self.prefix + name.upper()
            parts.append(ident if value is None else f"{ident} = {value}")
            value = None if width == 1 else f"{ident} + {width}"
        head = f"/* {self.meaning} */\n" if self.meaning else ""
        return head + f"enum {self.tag} {{\n" + _wrap(parts) + "\n};\n"


def chain(*enums: CEnum) -> tuple[CEnum, ...]:
    """``enums`` numbered one after the other (each starts at the previous one's count): the entries of
    one flat table."""
    return tuple(e if k == 0 else replace(e, start=enums[k - 1].count) for k, e in enumerate(enums))


@dataclass(frozen=True)
class CStrings:
    """A string table of the items of one or more enums (in their order): ``static const char *const
    name[size] = {...}``, from which the C code interns the names it looks up."""
    name: str
    enums: tuple[str, ...]
    size: str


@dataclass(frozen=True)
class CDecl:
    """A game's compiled-encoder declaration: its enums and string tables (see the module docstring)."""
    enums: tuple[CEnum, ...]
    strings: tuple[CStrings, ...] = ()

    def enum(self, tag: str) -> CEnum:
        for e in self.enums:
            if e.tag == tag:
                return e
        raise KeyError(f"no enum {tag!r} in this declaration ({', '.join(e.tag for e in self.enums)})")

    def of_kind(self, kind: str) -> list[str]:
        return [n for e in self.enums if e.kind == kind for n in e.names]

    def pack(self, tag: str, **values: Any) -> tuple:
        """The values of enum ``tag``'s items in its order (a layout tuple); every item exactly once."""
        names = self.enum(tag).names
        missing = [n for n in names if n not in values]
        extra = sorted(set(values) - set(names))
        if missing or extra:
            raise ValueError(f"enum {tag!r}: missing {missing}, unknown {extra}")
        return tuple(values[n] for n in names)

    def flat(self, tag: str, widths: dict[str, int] | None = None, **values: Any) -> list:
        """The items of enum ``tag`` laid out in one flat list (an item of width ``w`` gives a sequence
        of ``w`` values; ``widths`` gives the width of items declared with a C expression)."""
        self.pack(tag, **values)  # every item exactly once
        out: list = []
        for name, w in self.enum(tag).spans:
            if not isinstance(w, int):
                w = (widths or {})[name]
            v = values[name]
            if w == 1 and not isinstance(v, (list, tuple)):
                out.append(v)
                continue
            if len(v) != w:
                raise ValueError(f"enum {tag!r}: {name} holds {len(v)} values, not {w}")
            out.extend(v)
        return out


def _wrap(parts: Sequence[str], width: int = 104) -> str:
    lines, cur = [], "    "
    for k, p in enumerate(parts):
        tok = p + ("," if k < len(parts) - 1 else "")
        if len(cur) + len(tok) + 1 > width and cur.strip():
            lines.append(cur.rstrip())
            cur = "    "
        cur += tok + " "
    lines.append(cur.rstrip())
    return "\n".join(lines)


def header(decl: CDecl, source: str) -> str:
    """The C header generated from ``decl`` (declared in ``source``)."""
    out = [f"/* Generated from {source} (C_DECL) by `python -m mythenv.core.cheaders`: do not edit.\n"
           f" * The enums and names the game's _cobserve.c reads; see mythenv/core/clayout.py. */",
           "#ifndef MYTHENV_CLAYOUT_H", "#define MYTHENV_CLAYOUT_H", ""]
    for e in decl.enums:
        out.append(e.c())
    for s in decl.strings:
        names = [n for tag in s.enums for n in decl.enum(tag).names]
        body = _wrap([f'"{n}"' for n in names])
        out.append(f"static const char *const {s.name}[{s.size}] = {{\n{body}\n}};\n")
    out.append("#endif")
    return "\n".join(out) + "\n"


def declarations() -> dict[str, tuple[CDecl, Path, str]]:
    """Every registered game package whose ``observe`` module declares ``C_DECL``: the package's name
    -> (the declaration, the header's path, the declaring module's path from the repository root)."""
    from . import registry

    found = {}
    for gid in registry.list_games():
        mod = sys.modules[registry.game_class(gid).__module__]
        pkg = mod.__name__ if hasattr(mod, "__path__") else mod.__name__.rpartition(".")[0]  # the game's package
        try:
            obs = importlib.import_module(f"{pkg}.observe")
        except ModuleNotFoundError:
            continue
        decl = getattr(obs, "C_DECL", None)
        if isinstance(decl, CDecl):
            name = pkg.rsplit(".", 1)[-1]
            found[name] = (decl, Path(obs.__file__).parent / HEADER_NAME, obs.__name__.replace(".", "/") + ".py")
    return found
