"""Observer: named pieces laid out over one flat float32 vector.

Games declare their pieces once (``("hand", (20,))``, ``("field", (2, 3, 4, 22))``, ...); the
encoder writes through preallocated views and users read pieces by name with :meth:`split` or
:meth:`piece`. All values lie in [0, 1] so the observation space is ``Box(0, 1)``.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from math import prod
from pathlib import Path

import numpy as np

from .errors import StateError


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


def seats(state) -> int:
    """``state.n``, the seat count an encoder lays its per-seat pieces out for, which must be the
    config's (``state.game.num_players``): a state whose ``n`` was changed (``n = 2**63``) gets a
    StateError naming it instead of a layout, a loop or a bit mask of ``n`` seats."""
    n, want = state.n, state.game.num_players
    if type(n) is not int or n != want:
        raise StateError(f"{state.game.info.game_id}: state.n = {n!r}, but this game has {want} seats "
                         f"(an observation is laid out for the config's seats)")
    return n


def pile_counts(memo: dict, slot, cards, kind_of, values, nkinds: int) -> memoryview:
    """``float32[nkinds]``: ``values[n]`` for each kind with ``n`` cards of it in ``cards``.

    For encoders of long piles (decks, discard piles) that change little between two observations:
    the result is kept in ``memo[slot]`` keyed by the pile's contents, so it is never stale, and is
    updated from the previous pile when cards were only taken from or put on its end (a draw, a
    discard) instead of recounted. ``kind_of[card]`` is the card's kind, ``values[n]`` the encoded
    value of a count (its length bounds the count).
    """
    key = tuple(cards)
    hit = memo.get(slot)
    if hit is not None:
        old, cnt, vec = hit
        if old == key:
            return memoryview(vec)
        n_old, n_new = len(old), len(key)
        if n_new < n_old and old[:n_new] == key:
            changed, step = old[n_new:], -1
        elif n_new > n_old and key[:n_old] == old:
            changed, step = key[n_old:], 1
        else:
            changed = None
        if changed is not None:
            w = memoryview(vec)
            for c in changed:
                k = kind_of[c]
                cnt[k] += step
                w[k] = values[cnt[k]]
            memo[slot] = (key, cnt, vec)
            return w
    cnt = [0] * nkinds
    for c in key:
        cnt[kind_of[c]] += 1
    vec = np.array([values[x] for x in cnt], np.float32)
    memo[slot] = (key, cnt, vec)
    return memoryview(vec)


#: how to rebuild the compiled encoders, named by the warning about a stale one
REBUILD = "python setup.py build_ext --inplace (a checkout) or pip install -e . (or reinstall)"


class StaleCompiledEncoderWarning(UserWarning):
    """A compiled observation encoder was built from other sources than those beside it: it is not
    used (the game encodes in Python, the reference, with the same values)."""


def source_hash(path: str | os.PathLike) -> str:
    """The fingerprint of one source of a compiled encoder: the SHA-256 of its bytes, in hex (what
    ``setup.py`` passes to the build as ``COBSERVE_SHA256_*``)."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def stale_reason(mod) -> str | None:
    """Why the compiled encoder module ``mod`` is out of date, or None when it is not. Its ``sources``
    (``{path from the module's directory: SHA-256}``, set at build time by ``setup.py`` through
    cobserve.h) must match the files beside it: the game's ``observe.py``, which every install ships,
    and its ``_cobserve.c`` and ``core/cobserve.h`` where they are there (a checkout; an install that
    ships no C source is not compared on them). A module without them (built some other way, or
    before there were fingerprints) is out of date."""
    built = getattr(mod, "sources", None)
    where = Path(getattr(mod, "__file__", None) or ".").parent
    if not isinstance(built, dict) or "observe.py" not in built:
        return "it carries no fingerprint of the sources it was built from"
    changed = []
    for rel, digest in built.items():
        path = Path(os.path.normpath(where / rel))
        if path.name == "observe.py" or path.exists():
            try:
                same = source_hash(path) == digest
            except OSError:
                same = False
            if not same:
                changed.append(str(path))
    return f"built from another version of {', '.join(changed)}" if changed else None


def compiled_module(name: str):
    """The compiled observation encoder ``name`` (a C extension built at install, see cobserve.h), or
    None when it was not built (no C compiler then), the environment sets ``MYTHENV_PURE_PYTHON=1``,
    or it is out of date: built from other sources than the ones beside it (:func:`stale_reason`),
    which a :class:`StaleCompiledEncoderWarning` naming the module, the changed files and
    :data:`REBUILD` says, once per import of the game."""
    if os.environ.get("MYTHENV_PURE_PYTHON", "") not in ("", "0"):
        return None
    try:
        mod = importlib.import_module(name)
    except ImportError:
        return None
    why = stale_reason(mod)
    if why is not None:
        warnings.warn(f"{mod.__file__}: the compiled observation encoder {name} is out of date ({why}); not "
                      f"used: the game encodes observations in Python (same values, slower). Rebuild it: "
                      f"{REBUILD}", StaleCompiledEncoderWarning, stacklevel=2)
        return None
    return mod
