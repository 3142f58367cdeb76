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
the next item's value is this one's plus the width.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["CEnum", "CStrings", "CDecl", "header", "declarations"]

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
    def names(self) -> tuple[str, ...]:
        return tuple(i if isinstance(i, str) else i[0] for i in self.items)

    def width(self, name: str) -> Any:
        for i in self.items:
            if not isinstance(i, str) and i[0] == name:
                return i[1]
        return 1

    def c(self) -> str:
        parts = []
        prev = None
        for k, it in enumerate(self.items):
            name, width = (it, 1) if isinstance(it, str) else it
            ident = self.prefix + name.upper()
            if prev is not None and prev[1] != 1:
                parts.append(f"{ident} = {self.prefix + prev[0].upper()} + {prev[1]}")
            elif k == 0 and self.start is not None:
                parts.append(f"{ident} = {self.start}")
            else:
                parts.append(ident)
            prev = (name, width)
        if prev is not None and prev[1] != 1:
            parts.append(f"{self.count} = {self.prefix + prev[0].upper()} + {prev[1]}")
        elif not self.items and self.start is not None:
            parts.append(f"{self.count} = {self.start}")
        else:
            parts.append(self.count)
        head = f"/* {self.meaning} */\n" if self.meaning else ""
        return head + f"enum {self.tag} {{\n" + _wrap(parts) + "\n};\n"


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
    _by_tag: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def enum(self, tag: str) -> CEnum:
        if not self._by_tag:
            self._by_tag.update({e.tag: e for e in self.enums})
        try:
            return self._by_tag[tag]
        except KeyError:
            raise KeyError(f"no enum {tag!r} in this declaration ({', '.join(e.tag for e in self.enums)})") from None

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
        for name in self.enum(tag).names:
            w = self.enum(tag).width(name)
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
