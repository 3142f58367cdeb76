"""Corrupted saved states (issue 27, item 7): the mutation classes that loaded as impossible positions
or crashed later, applied to saved states of real random play of every game and config.

A corrupted state is either refused by ``game.state_from_dict`` with a ``StateError`` that names the
field, or it loads into a state that plays on like a real one: it saves back to the very dict it
was loaded from, its ``check_invariants()`` hold, and random play from it reaches the end with the
protocol holding at every step (someone to act with a non-empty legal set that equals the mask,
``clone`` and ``to_dict`` / ``state_from_dict`` round trips, the observation encodes).

Issue 43 grew the classes with those a held-out pass still found: JSON ``null`` where a record must
be, ``true`` for a flag or a record, a repeat in every field a game declares set-like (its
``mythenv.core.fields`` declaration; always refused, naming the field) and an emptied queue.

``tests/robustness/test_corrupt_states.py`` runs a bounded sample in CI; the larger run is

    PYTHONPATH=$PWD python -m tests.robustness.corrupt_states [--per-class N] [--seed S] [GAME_ID ...]

which prints, per game and mutation class, how many corrupted states were refused and how many
loaded and played to the end, and lists every failure (none is allowed).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from functools import cache

import numpy as np

import mythenv
from mythenv.core.errors import StateError

HEADER = ("game", "config", "version")


def cases() -> list[tuple[str, dict]]:
    """Every registered game and each of its ``test_configs``."""
    return [(gid, cfg) for gid in mythenv.list_games() for cfg in mythenv.game_class(gid).test_configs]


def case_id(gid: str, cfg: dict) -> str:
    return f"{gid}-" + ("-".join(f"{k}={v}" for k, v in cfg.items()) or "default")


@cache
def _game(gid: str, cfg_json: str):
    return mythenv.make_game(gid, **json.loads(cfg_json))


def game_of(gid: str, cfg: dict):
    return _game(gid, json.dumps(cfg, sort_keys=True))


@cache
def _positions(gid: str, cfg_json: str, seed: int, n: int) -> tuple[str, ...]:
    """``n`` saved positions (JSON text) spread over seeded random games, the last ones included."""
    game = _game(gid, cfg_json)
    rnd = random.Random(seed)
    out: list[str] = []
    g = 0
    while len(out) < n:
        s = game.new_initial_state(seed=seed * 1000 + g)
        g += 1
        game_states = [json.dumps(s.to_dict())]
        while not s.is_terminal():
            s.apply_action(rnd.choice(s.legal_actions()))
            game_states.append(json.dumps(s.to_dict()))
        k = min(n - len(out), 6)
        picks = sorted(rnd.sample(range(len(game_states) - 1), min(k - 1, len(game_states) - 1)))
        out.extend(game_states[i] for i in picks)
        out.append(game_states[-1])
    return tuple(out[:n])


def positions(gid: str, cfg: dict, seed: int = 0, n: int = 6) -> list[dict]:
    return [json.loads(t) for t in _positions(gid, json.dumps(cfg, sort_keys=True), seed, n)]


# ----------------------------------------------------------------------------- where to mutate
def _walk(d, prefix=()):
    """``(path, value)`` of every place in ``d`` (dict entries and list entries), outer first."""
    items = d.items() if isinstance(d, dict) else enumerate(d)
    for k, v in items:
        p = prefix + (k,)
        yield p, v
        if isinstance(v, (dict, list)):
            yield from _walk(v, p)


def _places(d: dict):
    return [(p, v) for p, v in _walk(d) if p[0] not in HEADER]


def _box(d, path):
    for k in path[:-1]:
        d = d[k]
    return d


def _is_int(v) -> bool:
    return type(v) is int


def _int_lists(d):
    return [(p, v) for p, v in _places(d) if type(v) is list and v and all(map(_is_int, v))]


# ----------------------------------------------------------------------------- the mutation classes
# Each takes a saved state (a dict it may change) and a ``random.Random``; it returns the path it
# changed (a tuple of keys, the top-level one first; a list of them where it changed several) and a
# short description, or None when the state offers no place for it.

def m_int_to_bool(d, rnd):
    """JSON true / false where an int belongs (bool is an int subclass in Python)."""
    ints = [(p, v) for p, v in _places(d) if _is_int(v)]
    if not ints:
        return None
    p, v = rnd.choice(ints)
    b = bool(v) if v in (0, 1) and rnd.random() < 0.8 else rnd.random() < 0.5
    _box(d, p)[p[-1]] = b
    return p, f"{v} -> {b}"


def m_duplicate(d, rnd):
    """An entry of a list of ints repeated in it (``winners = [1, 1]`` where a set is meant)."""
    lists = _int_lists(d)
    if not lists:
        return None
    p, v = rnd.choice(lists)
    x = rnd.choice(v)
    if rnd.random() < 0.5 and len(v) > 1:
        i = rnd.randrange(len(v))
        v[i] = x
        return p, f"entry {i} set to {x} (already there)"
    v.insert(rnd.randrange(len(v) + 1), x)
    return p, f"{x} repeated"


def m_negative(d, rnd):
    """A negative int (task or decision codes, counts, ids)."""
    ints = [(p, v) for p, v in _places(d) if _is_int(v)]
    if not ints:
        return None
    p, v = rnd.choice(ints)
    new = rnd.choice((-1, -2, -v - 1 if v > 0 else -3, -(10 ** 6)))
    if new == v:
        new = v - 1
    _box(d, p)[p[-1]] = new
    return p, f"{v} -> {new}"


def m_out_of_range(d, rnd):
    """An int pushed out of its range (one past it, or absurd)."""
    ints = [(p, v) for p, v in _places(d) if _is_int(v)]
    if not ints:
        return None
    p, v = rnd.choice(ints)
    new = rnd.choice((v + 1, v + 7, 2 * v + 100, 10 ** 9, 2 ** 63, 2 ** 64 + 1))
    _box(d, p)[p[-1]] = new
    return p, f"{v} -> {new}"


def m_move_card(d, rnd):
    """An int moved from one list of ints (a pile) to another (a hand) without its count changing
    elsewhere: copied (in two places), dropped (in none) or moved (in another zone)."""
    lists = _int_lists(d)
    if not lists:
        return None
    src_p, src = rnd.choice(lists)
    targets = [(p, v) for p, v in _places(d) if type(v) is list and all(map(_is_int, v)) and p != src_p]
    how = rnd.choice(("copy", "drop", "move"))
    i = rnd.randrange(len(src))
    x = src[i]
    if how == "drop" or not targets:
        src.pop(i)
        return [src_p], f"{x} dropped"
    dst_p, dst = rnd.choice(targets)
    if how == "move":
        src.pop(i)
    dst.insert(rnd.randrange(len(dst) + 1), x)
    return [dst_p, src_p], f"{x} {how}d from {_path_text(src_p)}"


WRONG = [None, "x", "", 1.5, float("nan"), float("inf"), [], [1], ["x"], [[]], {}, {"k": 1}, "1", [True]]


def m_wrong_type(d, rnd):
    """A value of another type (str, None, float, list, dict) in any place."""
    places = _places(d)
    p, v = rnd.choice(places)
    new = rnd.choice(WRONG)
    if type(new) is type(v) and new == v:
        new = None if v is not None else "x"
    _box(d, p)[p[-1]] = new if not isinstance(new, (list, dict)) else json.loads(json.dumps(new))
    return p, f"{type(v).__name__} -> {_show(new)}"


def m_keys(d, rnd):
    """A dict key removed, or an unknown one added (at the top or in a nested record)."""
    dicts = [((), d)] + [(p, v) for p, v in _places(d) if type(v) is dict and v]
    p, box = rnd.choice(dicts)
    if rnd.random() < 0.5:
        keys = [k for k in box if p or k not in HEADER]
        k = rnd.choice(keys)
        del box[k]
        return p + (k,), "removed"
    k = rnd.choice(("extra", "x", "rng2", "_"))
    box[k] = rnd.choice((0, None, [], "x"))
    return p + (k,), "added"


def m_truncate(d, rnd):
    """A list cut short (its tail lost, as a save cut off would lose it) or emptied."""
    lists = [(p, v) for p, v in _places(d) if type(v) is list and v]
    if not lists:
        return None
    p, v = rnd.choice(lists)
    n = rnd.randrange(len(v))
    del v[n:]
    return p, f"cut to {n} entries"


def m_null_record(d, rnd):
    """JSON null where a record, a list or a table must be (issue 43: ``null`` loaded where a record
    must be). A field declared nullable may take it: then the state must play on."""
    places = [(p, v) for p, v in _places(d) if isinstance(v, (list, dict))]
    if not places:
        return None
    p, v = rnd.choice(places)
    _box(d, p)[p[-1]] = None
    return p, f"{_show(v)} -> null"


def m_true_flag(d, rnd):
    """JSON true where a flag is false, or where a record or a list must be (issue 43: a flag given as
    ``true`` at the start). A flag set may be a real position: then it must play on."""
    places = [(p, v) for p, v in _places(d) if v is False or isinstance(v, (list, dict))]
    if not places:
        return None
    p, v = rnd.choice(places)
    _box(d, p)[p[-1]] = True
    return p, f"{_show(v)} -> true"


def _declared(game):
    """The state class's declared fields (``mythenv.core.fields``), or None for a game that does not
    declare them."""
    return getattr(game.state_class, "fields", None)


def _lists_under(v, path):
    """``(path, list)`` of the int lists nested in ``v`` (``v`` itself included)."""
    if type(v) is list:
        if v and all(map(_is_int, v)):
            yield path, v
        else:
            for i, x in enumerate(v):
                yield from _lists_under(x, path + (i,))


def m_repeat_setlike(d, rnd, game):
    """An entry repeated in a field declared set-like (issue 43: repeats in ``order``, ``rdeck``,
    ``aseen``...): always refused, naming the field. Only games that declare their fields."""
    fields = _declared(game)
    if fields is None:
        return None
    lists = [pl for name in fields.setlike() if name in d for pl in _lists_under(d[name], (name,))]
    if not lists:
        return None
    p, v = rnd.choice(lists)
    x = rnd.choice(v)
    if rnd.random() < 0.5 and len(v) > 1:
        i = rnd.randrange(len(v))
        while v[i] == x:
            i = (i + 1) % len(v)
        v[i] = x
        return p, f"entry {i} set to {x} (already there)"
    v.insert(rnd.randrange(len(v) + 1), x)
    return p, f"{x} repeated"


m_repeat_setlike.needs_game = True


def m_empty_queue(d, rnd):
    """A list emptied (issue 43: an emptied ``order`` loaded and raised ``IndexError`` later): a queue
    declared non-empty is refused, another list may be empty in a real position and must play on."""
    lists = [(p, v) for p, v in _places(d) if type(v) is list and v]
    if not lists:
        return None
    p, v = rnd.choice(lists)
    n = len(v)
    v.clear()
    return p, f"emptied ({n} entries)"


MUTATIONS = {
    "int_to_bool": m_int_to_bool,
    "duplicate": m_duplicate,
    "negative": m_negative,
    "out_of_range": m_out_of_range,
    "move_card": m_move_card,
    "wrong_type": m_wrong_type,
    "keys": m_keys,
    "truncate": m_truncate,
    "null_record": m_null_record,
    "true_flag": m_true_flag,
    "repeat_setlike": m_repeat_setlike,
    "empty_queue": m_empty_queue,
}
#: classes that must always be refused (a repeat in a set-like field is never a real position)
MUST_REFUSE = frozenset({"repeat_setlike"})
#: classes that apply only to games that declare their fields (``mythenv.core.fields``)
DECLARED_ONLY = frozenset({"repeat_setlike"})


def _path_text(path) -> str:
    out = ""
    for k in path:
        out += f"[{k}]" if isinstance(k, int) else ("." if out else "") + str(k)
    return out


def _show(v) -> str:
    r = repr(v)
    return r if len(r) <= 30 else r[:27] + "..."


# ----------------------------------------------------------------------------- the verdict
class Failure(AssertionError):
    pass


def _same(a, b) -> bool:
    """Equal as JSON (so ``True`` differs from ``1``, and nan equals nan)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def play_out(game, s, rnd: random.Random, max_steps: int | None = None) -> int:
    """Play ``s`` to the end with random actions, checking the protocol at every step; the steps."""
    max_steps = max_steps or game.max_game_length
    mask = np.zeros(game.num_actions, np.int8)
    for step in range(max_steps + 1):
        if step % 16 == 0:
            s.check_invariants()
            d = s.to_dict()
            if not _same(game.state_from_dict(json.loads(json.dumps(d))).to_dict(), d):
                raise Failure(f"step {step}: to_dict / state_from_dict is not a round trip")
            if not _same(s.clone().to_dict(), d):
                raise Failure(f"step {step}: a clone saves differently")
        if s.is_terminal():
            if len(s.returns()) != game.num_players:
                raise Failure(f"returns {s.returns()} are not one per seat")
            return step
        cp = s.current_player()
        if not 0 <= cp < game.num_players:
            raise Failure(f"step {step}: seat {cp!r} is asked to act")
        la = s.legal_actions()
        if not la:
            raise Failure(f"step {step}: a running game where seat {cp} has no legal action")
        if step % 16 == 0:
            mask[:] = 0
            s.legal_mask(mask)
            if np.flatnonzero(mask).tolist() != sorted(la):
                raise Failure(f"step {step}: the mask differs from the legal actions")
            game.observation(s, cp)
        s.apply_action(rnd.choice(la))
    raise Failure(f"not over after {max_steps} steps")


def check_one(game, d: dict, path, rnd: random.Random) -> str:
    """``"refused"`` or ``"played"``; raises ``Failure`` when the state is neither cleanly refused nor
    a real position. ``path``: where the mutation changed ``d`` (one path or a list of them)."""
    paths = path if isinstance(path, list) else [path]
    text = json.dumps(d)
    try:
        s = game.state_from_dict(d)
    except StateError as e:
        msg = str(e)
        if not _same(json.loads(text), d):
            raise Failure("a refused load changed the dict it was given") from None
        if "saved state field " in msg:
            named = msg.split("saved state field ", 1)[1].split(":")[0]
            tops = {str(p[0]) for p in paths}
            if named.split(".")[0].split("[")[0] not in tops:
                raise Failure(f"the error names {named!r}, the change was at {' and '.join(sorted(tops))}: "
                              f"{msg}") from None
        elif not msg.startswith(game.info.game_id) and "saved state is for game" not in msg:
            raise Failure(f"the error does not say the game: {msg}") from None
        return "refused"
    except Exception as e:  # noqa: BLE001 - any other exception is the failure this harness finds
        raise Failure(f"load raised {type(e).__name__}: {e}") from None
    try:
        if not _same(s.to_dict(), json.loads(text)):
            raise Failure("loaded, but saves back to a different dict (the load changed a value)")
        play_out(game, s, rnd)
    except Failure:
        raise
    except Exception as e:  # noqa: BLE001
        raise Failure(f"loaded, then {type(e).__name__} in play: {e}") from None
    return "played"


def run(case_list, per_class: int, seed: int = 0, n_positions: int = 6, verbose: bool = False,
        show_played: bool = False):
    """Apply every mutation class ``per_class`` times per case; ``(counts, failures)`` where counts is
    a Counter of ``(game_id, class, outcome)`` and failures a list of descriptions. ``verbose``
    prints each failure as it is found, ``show_played`` each corrupted state that loaded."""
    counts: Counter = Counter()
    failures: list[str] = []
    for gid, cfg in case_list:
        game = game_of(gid, cfg)
        pos = positions(gid, cfg, seed, n_positions)
        for name, mutate in MUTATIONS.items():
            rnd = random.Random(f"{seed}-{case_id(gid, cfg)}-{name}")
            for k in range(per_class):
                i = k % len(pos)
                d = json.loads(json.dumps(pos[i]))
                change = mutate(d, rnd, game) if getattr(mutate, "needs_game", False) else mutate(d, rnd)
                if change is None:
                    counts[gid, name, "n/a"] += 1
                    continue
                path, what = change
                try:
                    outcome = check_one(game, d, path, rnd)
                    if outcome != "refused" and name in MUST_REFUSE:
                        raise Failure("loaded, but this corruption is never a real position")
                except Failure as e:
                    outcome = "FAILED"
                    where = " and ".join(map(_path_text, path if isinstance(path, list) else [path]))
                    failures.append(f"{case_id(gid, cfg)} position {i} {name} at {where} "
                                    f"({what}): {e}")
                    if verbose:
                        print(failures[-1], flush=True)
                if outcome == "played" and show_played:
                    where = " and ".join(map(_path_text, path if isinstance(path, list) else [path]))
                    print(f"played: {case_id(gid, cfg)} position {i} {name} at {where} ({what})", flush=True)
                counts[gid, name, outcome] += 1
    return counts, failures


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="*", help="game ids (default: all)")
    ap.add_argument("--per-class", type=int, default=200, help="mutations per class and config")
    ap.add_argument("--positions", type=int, default=12, help="saved positions per config")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("-v", "--verbose", action="store_true", help="print each failure as it is found")
    ap.add_argument("--show-played", action="store_true", help="print each corrupted state that loaded")
    a = ap.parse_args(argv)
    todo = [c for c in cases() if not a.games or c[0] in a.games]
    t0 = time.perf_counter()
    counts, failures = run(todo, a.per_class, a.seed, a.positions, a.verbose, a.show_played)
    for gid in sorted({k[0] for k in counts}):
        print(gid)
        for name in MUTATIONS:
            row = {o: counts[gid, name, o] for o in ("refused", "played", "n/a", "FAILED")}
            print(f"  {name:15s} " + "  ".join(f"{o} {v:6d}" for o, v in row.items()))
    total = sum(v for k, v in counts.items() if k[2] != "n/a")
    print(f"{total} corrupted states, {len(failures)} failures, {time.perf_counter() - t0:.0f} s")
    for f in failures[:200]:
        print("FAIL", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
