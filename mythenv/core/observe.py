"""Observer: named pieces laid out over one flat float32 vector.

Games declare their pieces once (``("hand", (20,))``, ``("field", (2, 3, 4, 22))``, ...); the
encoder writes through preallocated views and users read pieces by name with :meth:`split` or
:meth:`piece`. All values lie in [0, 1] so the observation space is ``Box(0, 1)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import prod

import numpy as np


@dataclass(frozen=True)
class Piece:
    name: str
    shape: tuple[int, ...]
    start: int
    doc: str = ""

    @property
    def size(self) -> int:
        return prod(self.shape)

    @property
    def stop(self) -> int:
        return self.start + self.size


class Observer:
    def __init__(self, pieces: Sequence[tuple]):
        self.pieces: dict[str, Piece] = {}
        start = 0
        for spec in pieces:
            name, shape = spec[0], tuple(int(s) for s in spec[1])
            doc = spec[2] if len(spec) > 2 else ""
            if name in self.pieces:
                raise ValueError(f"duplicate observation piece {name!r}")
            p = Piece(name, shape, start, doc)
            self.pieces[name] = p
            start += p.size
        self.size = start

    def offset(self, name: str) -> int:
        return self.pieces[name].start

    def views(self, buf: np.ndarray) -> dict[str, np.ndarray]:
        """Writable views of ``buf`` shaped per piece (no copies)."""
        return {n: buf[p.start:p.stop].reshape(p.shape) for n, p in self.pieces.items()}

    def piece(self, obs: np.ndarray, name: str) -> np.ndarray:
        p = self.pieces.get(name)
        if p is None:
            raise KeyError(f"unknown observation piece {name!r}; pieces: {', '.join(self.pieces)}")
        return obs[..., p.start:p.stop].reshape(obs.shape[:-1] + p.shape)

    def split(self, obs: np.ndarray) -> dict[str, np.ndarray]:
        return {n: self.piece(obs, n).copy() for n in self.pieces}

    def describe(self) -> str:
        return "\n".join(f"{p.name:28s} {str(p.shape):16s} [{p.start}:{p.stop}] {p.doc}"
                         for p in self.pieces.values())
