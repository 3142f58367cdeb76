"""ActionCodec: named action families laid out in one flat ``Discrete(n)``.

A family is a name and a shape, e.g. ``("play", (15, 3, 4))`` for (card kind, column, position).
``encode("play", k, c, i)`` gives the flat id, ``decode(a)`` gives ``("play", (k, c, i))``.
Decoding is a table lookup so rules can use it in hot paths: ``offsets`` (family -> first id),
``decode_table`` (id -> family, index tuple) and ``flat_table`` (id -> family, index inside the
family) are the tables a game's rules read. ``describe(a)`` names an action with the family's label:
``labels`` maps a family to a str (its every action's description) or to a function of the index
tuple's entries, e.g. ``{"play": lambda k, c, i: f"play {KINDS[k]} to column {c}", "pass": "pass"}``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from math import prod

import numpy as np

from .errors import IllegalActionError


@dataclass(frozen=True)
class Family:
    name: str
    shape: tuple[int, ...]
    start: int

    @property
    def size(self) -> int:
        return prod(self.shape)

    @property
    def stop(self) -> int:
        return self.start + self.size


Label = str | Callable[..., str]


class ActionCodec:
    """The flat layout of ``families`` (in order, each family's ids row-major over its shape).

    ``labels``: family name -> the :data:`Label` ``describe`` uses (a family without one is named
    ``name[i, ...]``, or ``name`` when it has no index); labels of names that are not families of
    this layout are ignored, so one table can serve every layout of a game (player counts, modes).
    A codec pickles only when its labels do (a lambda does not): what holds a labelled codec and
    must pickle is rebuilt from its config (``__reduce__``).
    """

    def __init__(self, families: Sequence[tuple[str, tuple[int, ...]]],
                 labels: Mapping[str, Label] | None = None):
        self.families: dict[str, Family] = {}
        start = 0
        for name, shape in families:
            if name in self.families:
                raise ValueError(f"duplicate action family {name!r}")
            shape = tuple(int(s) for s in shape)
            fam = Family(name, shape, start)
            self.families[name] = fam
            start += fam.size
        self.size = start
        self._labels = {k: v for k, v in (labels or {}).items() if k in self.families}
        # decode tables: flat id -> (family name, index tuple)
        self.decode_table: list[tuple[str, tuple[int, ...]]] = []
        for fam in self.families.values():
            for flat in range(fam.size):
                idx = []
                rem = flat
                for dim in reversed(fam.shape):
                    idx.append(rem % dim)
                    rem //= dim
                self.decode_table.append((fam.name, tuple(reversed(idx))))
        #: family name -> first flat id
        self.offsets: dict[str, int] = {f.name: f.start for f in self.families.values()}
        #: flat id -> (family name, flat index inside the family)
        self.flat_table: list[tuple[str, int]] = [
            (f.name, i) for f in self.families.values() for i in range(f.size)]
        # strides per family for encode
        self._strides: dict[str, tuple[int, ...]] = {}
        for fam in self.families.values():
            strides = []
            acc = 1
            for dim in reversed(fam.shape):
                strides.append(acc)
                acc *= dim
            self._strides[fam.name] = tuple(reversed(strides))

    def encode(self, name: str, *idx: int) -> int:
        fam = self.families.get(name)
        if fam is None:
            raise KeyError(f"unknown action family {name!r}; families: {', '.join(self.families)}")
        if len(idx) != len(fam.shape):
            raise ValueError(f"action family {name!r} takes {len(fam.shape)} indices {fam.shape}, got {idx}")
        flat = 0
        for i, dim, stride in zip(idx, fam.shape, self._strides[name]):
            if not 0 <= i < dim:
                raise ValueError(f"index {i} out of range 0..{dim - 1} in action family {name!r}")
            flat += i * stride
        return fam.start + flat

    def decode(self, action: int) -> tuple[str, tuple[int, ...]]:
        if not 0 <= action < self.size:
            raise IllegalActionError(action, None, None, f"actions are 0..{self.size - 1}")
        return self.decode_table[action]

    def family_of(self, action: int) -> str:
        return self.decode(action)[0]

    def describe(self, action: int) -> str:
        name, idx = self.decode(action)
        label = self._labels.get(name)
        if label is not None:
            return label if type(label) is str else label(*idx)
        return f"{name}{list(idx)}" if idx else name

    def range(self, name: str) -> range:
        fam = self.families[name]
        return range(fam.start, fam.stop)

    def __repr__(self) -> str:
        fams = ", ".join(f"{f.name}{list(f.shape)}" for f in self.families.values())
        return f"ActionCodec(n={self.size}: {fams})"


def as_action(action: object) -> int | None:
    """``action`` as a flat action id when it is an integer (a Python or numpy integer, or a 0-d
    integer array), else ``None``: bools, floats (even ``48.0``), strings, ``None`` and arrays of
    other shapes are not actions. Only the slow paths call this (a plain ``int`` is taken as is)."""
    if type(action) is int:
        return action
    if isinstance(action, bool) or isinstance(action, np.bool_):
        return None
    if isinstance(action, (int, np.integer)):
        return int(action)
    if isinstance(action, np.ndarray) and action.ndim == 0 and action.dtype.kind in "iu":
        return int(action)
    return None
