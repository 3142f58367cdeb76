"""Hostile states for the compiled encoders (issue 19, "The compiled encoders"), run as
``python -m tests.robustness.crash_harness GAME_ID`` in a subprocess by test_compiled_crashes.py;
``--absurd GAME_ID`` runs :func:`run_absurd` (absurd ints for both encoders, issue 27).

Every attribute, method and value the C encoder reads is given a hook that runs Python code which
empties every container of the state (lists, dicts, bytearrays, nested ones too) while the encoder
works: a property on each attribute, an override of each method, and ints / strs inside the state
(and dict keys) replaced by subclasses whose ``__hash__`` / ``__eq__`` / ``__bool__`` / ``__index__``
do the same. The encoder must return or raise, never crash; the process prints ``ok N`` at the end.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import numpy as np

import mythenv

_busy = [False]
_victims: list = []


def _raw(obj, name):
    for klass in type(obj).__mro__[1:]:
        d = klass.__dict__.get(name)
        if d is not None and hasattr(d, "__get__") and not callable(d):
            return d.__get__(obj, type(obj))
    return obj.__dict__[name] if name in obj.__dict__ else object.__getattribute__(obj, name)


def _wipe() -> None:
    """Empty every container reachable from the victim state (once per hook call, never reentrant)."""
    if _busy[0] or not _victims:
        return
    _busy[0] = True
    try:
        st = _victims[0]
        seen: set[int] = set()
        todo = [_raw(st, n) for n in _attr_names(st)]
        while todo:
            x = todo.pop()
            if id(x) in seen:
                continue
            seen.add(id(x))
            if isinstance(x, list):
                todo.extend(x)
                x.clear()
            elif isinstance(x, dict):
                todo.extend(x.values())
                x.clear()
            elif isinstance(x, bytearray):
                del x[:]
            elif isinstance(x, set):
                x.clear()
            elif isinstance(x, tuple):
                todo.extend(x)
    finally:
        _busy[0] = False


def _attr_names(st) -> list[str]:
    """The state's attributes: its instance dict and the slots that hold a value (a slot of a field
    declared for another mode, ``Field(..., only=...)``, is unset)."""
    names = set(getattr(st, "__dict__", {}))
    for klass in type(st).__mro__:
        for n in getattr(klass, "__slots__", ()):
            try:
                klass.__dict__[n].__get__(st, type(st))
            except (AttributeError, KeyError):
                continue
            names.add(n)
    return sorted(n for n in names if not n.startswith("__"))


class EvilInt(int):
    def __hash__(self):
        _wipe()
        return int.__hash__(self)

    def __eq__(self, other):
        _wipe()
        return int.__eq__(self, other)

    def __bool__(self):
        _wipe()
        return int.__bool__(self)

    def __index__(self):
        _wipe()
        return int(self)


class EvilStr(str):
    def __hash__(self):
        _wipe()
        return str.__hash__(self)

    def __eq__(self, other):
        _wipe()
        return str.__eq__(self, other)


def _poison(x):
    """A copy of ``x`` with its ints and strs (dict keys too) replaced by the hooking subclasses."""
    if isinstance(x, bool):
        return x
    if isinstance(x, int):
        return EvilInt(x)
    if isinstance(x, str):
        return EvilStr(x)
    if isinstance(x, list):
        return [_poison(v) for v in x]
    if isinstance(x, tuple):
        return tuple(_poison(v) for v in x)
    if isinstance(x, dict):
        return {_poison(k): _poison(v) for k, v in x.items()}
    return x


def _read_names(game_id: str) -> list[str]:
    """The identifiers the game's C encoder names (attributes, methods, dict keys): in its _cobserve.c and
    in the _clayout.h generated from its declaration (mythenv.core.clayout)."""
    pkg = Path(mythenv.__file__).parent / "games" / game_id.rsplit("_v", 1)[0]
    src = "".join(f.read_text() for f in (pkg / "_cobserve.c", pkg / "_clayout.h") if f.exists())
    return sorted(set(re.findall(r'"([A-Za-z_][A-Za-z0-9_]*)"', src)))


def _positions(game, n_pos: int = 6):
    """States along a random game (initial, middle, late ones)."""
    rng = np.random.default_rng(0)
    st = game.new_initial_state(seed=0)
    out, step = [st.clone()], 0
    while not st.is_terminal() and len(out) < n_pos:
        st.apply_action(int(rng.choice(st.legal_actions())))
        step += 1
        if step % 25 == 0:
            out.append(st.clone())
    return out


def _evil_class(base, hooks: dict):
    return type("Evil" + base.__name__, (base,), {"__slots__": (), **hooks})


def _prop(name):
    def get(self):
        _wipe()
        return _raw(self, name)

    def put(self, value):
        for klass in type(self).__mro__[1:]:
            d = klass.__dict__.get(name)
            if d is not None and hasattr(d, "__set__"):
                d.__set__(self, value)
                return
        self.__dict__[name] = value

    return property(get, put)


def _method(name, base):
    real = getattr(base, name)

    def hooked(self, *a, **k):
        _wipe()
        return real(self, *a, **k)

    return hooked


def run(game_id: str) -> int:
    cases = 0
    for cfg in mythenv.game_class(game_id).test_configs:
        game = mythenv.make_game(game_id, **cfg)
        enc = type(game).compiled
        if enc is None:
            continue
        for pos in _positions(game):
            base = type(pos)
            attrs = set(_attr_names(pos))
            hooks = []
            for n in _read_names(game_id):
                if n in attrs:
                    hooks.append({n: _prop(n)})
                elif callable(getattr(base, n, None)):
                    hooks.append({n: _method(n, base)})
            hooks.append("poison")
            for hook in hooks:
                for p in range(game.num_players):
                    st = pos.clone()
                    if hook == "poison":
                        for n in _attr_names(st):
                            v = _raw(st, n)
                            if isinstance(v, (list, dict, tuple, str)) or type(v) is int:
                                try:
                                    setattr(st, n, _poison(v))
                                except (AttributeError, TypeError):
                                    pass
                        _victims[:] = [st]
                    else:
                        st.__class__ = _evil_class(base, hook)
                        _victims[:] = [st]
                    out = np.zeros(game.observation_size, np.float32)
                    try:
                        enc.encode(st, p, out, game.c_layout)
                    except Exception:  # noqa: BLE001 - an exception is the allowed outcome
                        pass
                    _victims.clear()
                    cases += 1
    print("ok", cases, flush=True)
    return 0


ABSURD = (2 ** 63, 10 ** 9, 10 ** 30, -(2 ** 63))


def run_absurd(game_id: str, max_bytes: int = 50_000_000) -> int:
    """Issue 27 (item 9): every int attribute of a state set to an absurd value (``2**63``, ``10**9``,
    ``10**30``, ``-2**63``; a hook set a count to ``2**63`` and the Python encoder ran out of memory).
    Both encoders (the Python one, for the last seat and, through ``Game.observation`` on a buffer
    already written, for the first; and the compiled one) must return or raise an error, allocating at
    most ``max_bytes`` (traced); run under an address-space limit. Prints ``ok N`` (N encodings) or the
    first offender and exits 1."""
    import tracemalloc

    cases = 0
    for cfg in mythenv.game_class(game_id).test_configs[:4]:
        for compiled in (False, True):
            game = mythenv.make_game(game_id, **cfg)
            if compiled and type(game).compiled is None:
                continue
            game.use_compiled(compiled)
            for pos in _positions(game, 3):
                for name in _attr_names(pos):
                    if type(_raw(pos, name)) is not int:
                        continue
                    for bad in ABSURD:
                        for reused in (False, True) if not compiled else (False,):
                            st = pos.clone()
                            out = np.zeros(game.observation_size, np.float32)
                            if reused:
                                game.observation(st, 0, out)
                            try:
                                setattr(st, name, bad)
                            except (AttributeError, TypeError):
                                continue
                            tracemalloc.start()
                            try:
                                if reused:
                                    game.observation(st, 0, out)
                                else:
                                    game.observation(st, game.num_players - 1)
                            except MemoryError:
                                print(f"{cfg} compiled={compiled} {name}={bad}: MemoryError", flush=True)
                                return 1
                            except Exception:  # noqa: BLE001 - an error is an allowed outcome
                                pass
                            finally:
                                peak = tracemalloc.get_traced_memory()[1]
                                tracemalloc.stop()
                            if peak > max_bytes:
                                print(f"{cfg} compiled={compiled} {name}={bad}: {peak} bytes", flush=True)
                                return 1
                            cases += 1
    print("ok", cases, flush=True)
    return 0


if __name__ == "__main__":
    if sys.argv[1] == "--absurd":
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))
        sys.exit(run_absurd(sys.argv[2]))
    sys.exit(run(sys.argv[1]))
