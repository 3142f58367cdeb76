"""The versioned game record: write, verify, replay (format: ``docs/records.md``).

A record holds what replays a game exactly through the State protocol: the game id and config, the
seed of the state's chance, and every action (its id, its text from ``action_to_string`` and the
acting seat), plus what checks the replay: the per-step rewards, the final returns, a hash of the
final saved state, and a sha256 over the canonical JSON of all of it (so an edit is detected).

>>> rec = Recorder(game, seed=3, agents=["random", "heuristic"])   # doctest: +SKIP
>>> rec.apply(state, action)          # instead of state.apply_action(action), every step
>>> write_record(rec.finish(state), "game.json")
>>> replay = load_record("game.json")  # validated, replayed and checked, or RecordError
>>> replay.states[-1].returns()

:func:`load_record` validates the whole document before anything runs, replays it into a fresh
state and checks every step against the record; only then is the :class:`Replay` handed out.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import MythenvError, RecordError
from .game import Game, State
from .registry import make_game

FORMAT = "mythenv-record"
#: the version this mythenv writes. Version 2 (issue 45): the steps' texts are the rulebook's words
#: (``action_to_string`` of the reworded games); version 1 records hold the older, code-like texts.
VERSION = 2
#: the versions this mythenv reads: a version-1 record is replayed and checked like a version-2 one
#: (seats, action ids and their legality, rewards, returns, final state) except its steps' texts,
#: which are not compared (they were written in the older words)
READABLE_VERSIONS = (1, 2)
#: the keys of a record (versions 1 and 2 have the same keys), each with the check of its value (``sha256`` is the integrity hash)
KEYS = ("format", "version", "game", "config", "seed", "agents", "agent_seeds", "num_players", "steps",
        "finished", "returns", "final_state_sha256", "sha256")
STEP_KEYS = ("seat", "action", "text", "rewards")
#: the longest agent name a record may hold (an agent spec with its options)
MAX_AGENT_NAME = 1000
#: integers in a record (seeds, seats, action ids, config values) are below this in magnitude
INT_LIMIT = 2 ** 128
#: how deep a record's JSON nests (a record itself is 4 levels deep; configs add a few)
MAX_DEPTH = 32


def canonical(doc: dict) -> bytes:
    """The canonical JSON bytes of ``doc`` (sorted keys, no spaces, ASCII, no NaN)."""
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=True,
                      allow_nan=False).encode("ascii")


def content_hash(doc: dict) -> str:
    """The sha256 of a record's canonical content (every key but ``sha256``)."""
    return hashlib.sha256(canonical({k: v for k, v in doc.items() if k != "sha256"})).hexdigest()


def state_hash(state: State) -> str:
    """The sha256 of a state's canonical saved form (``to_dict``): equal hashes, equal states."""
    return hashlib.sha256(canonical(state.to_dict())).hexdigest()


def _payouts(state: State, done: set[int], n: int) -> list[float]:
    """What each seat is paid on the step that led to ``state``: its final return on the step it
    leaves a game that goes on (``finished_seats``), or when the game ends if it was still in; else
    0. Each seat is paid once, so a seat's rewards add up to its return."""
    if state.is_terminal():
        return [0.0 if p in done else float(r) for p, r in enumerate(state.returns())]
    out = [0.0] * n
    for p, r in state.finished_seats().items():
        if p not in done:
            done.add(p)
            out[p] = float(r)
    return out


class Recorder:
    """Builds the record of one game: call :meth:`apply` for every action, then :meth:`finish`."""

    def __init__(self, game: Game, seed: int, agents: Sequence[str], agent_seeds: Sequence[int | None] | None = None):
        if not _is_int(seed):
            raise RecordError(f"a recorded game needs a non-negative integer seed below 2**128, got {_short(seed)}")
        n = game.num_players
        if len(agents) != n:
            raise RecordError(f"{game.info.game_id}: {len(agents)} agent names for {n} seats")
        self.game, self.seed = game, seed
        self.agents = [str(a) for a in agents]
        self.agent_seeds = list(agent_seeds) if agent_seeds is not None else [None] * n
        if len(self.agent_seeds) != n or not all(s is None or _is_int(s) for s in self.agent_seeds):
            raise RecordError(f"{game.info.game_id}: agent_seeds must be {n} non-negative integers below "
                              f"2**128 or None, got {_short(self.agent_seeds)}")
        self.steps: list[dict] = []
        self._done: set[int] = set()

    def apply(self, state: State, action: int) -> None:
        """Apply ``action`` to ``state`` (the game this recorder began with) and record it."""
        if state.is_terminal() or action not in state._legal_view():
            state.apply_action(action)  # raises the state's own error (StateError, IllegalActionError)
        seat = state.current_player()
        text = state.action_to_string(action)
        state.apply_action(action)
        self.steps.append({"seat": int(seat), "action": int(action), "text": text,
                           "rewards": _payouts(state, self._done, self.game.num_players)})

    def finish(self, state: State) -> dict:
        """The record of the game so far (``state`` is where it stands: finished or not)."""
        doc = {"format": FORMAT, "version": VERSION, "game": self.game.info.game_id,
               "config": dict(self.game.config), "seed": self.seed, "agents": list(self.agents),
               "agent_seeds": list(self.agent_seeds), "num_players": self.game.num_players,
               "steps": [dict(s) for s in self.steps], "finished": bool(state.is_terminal()),
               "returns": [float(r) for r in state.returns()], "final_state_sha256": state_hash(state)}
        doc["sha256"] = content_hash(doc)
        return doc


def write_record(doc: dict, path: str | os.PathLike) -> Path:
    """Write a record (as :meth:`Recorder.finish` made it) as JSON; returns the path."""
    p = Path(path)
    p.write_text(json.dumps(doc, indent=1, allow_nan=False) + "\n", encoding="utf-8")
    return p


@dataclass
class Replay:
    """A verified record and its replay: ``states[k]`` is the position after ``k`` steps."""

    record: dict
    game: Game
    states: list[State] = field(repr=False)

    @property
    def steps(self) -> list[dict]:
        return self.record["steps"]

    @property
    def final(self) -> State:
        return self.states[-1]

    def text(self, k: int) -> str:
        """Step ``k``'s action in this mythenv's words (``action_to_string`` before it was taken): the
        record's own text for a current record (the replay checked it is that), the newer words for
        a version-1 record (whose texts are in the older words)."""
        if self.record.get("version", VERSION) >= 2:
            return self.steps[k]["text"]
        return self.states[k].action_to_string(self.steps[k]["action"])

    def public_text(self, k: int) -> str:
        """What the table saw of step ``k``'s action (``public_action_text``, before it was taken)."""
        return self.states[k].public_action_text(self.steps[k]["action"])


def _short(v: Any, limit: int = 80) -> str:
    """``v`` for an error message: as JSON (``true``, not ``True``), cut to ``limit`` characters,
    and never an exception (a huge integer, a cycle or a non-JSON object is named by its type)."""
    try:
        text = json.dumps(v, ensure_ascii=True)
    except (TypeError, ValueError, RecursionError):
        text = f"<{type(v).__name__}>"
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _parse_int(text: str) -> int:
    # checked before int(): an integer over 4,300 digits is a ValueError there (and slow to convert)
    if len(text) > 40:
        raise RecordError(f"the record holds an integer of {len(text.lstrip('-'))} digits; "
                          f"integers in a record are below 2**128")
    return int(text)


def _parse_float(text: str) -> float:
    v = float(text)
    if not math.isfinite(v):
        raise RecordError(f"the record holds the number {text[:40]}, which is out of a float's range")
    return v


def _parse_constant(text: str) -> Any:
    raise RecordError(f"the record holds {text}, which is not JSON (numbers in a record are finite)")


def _where(path: tuple) -> str:
    out = "the record"
    for k in path:
        out += f"[{k}]" if isinstance(k, int) else f".{k}" if k.isidentifier() else f"[{_short(k, 40)}]"
    return out


def _check_values(doc: dict) -> None:
    """Every value of the record is plain, bounded JSON: objects with string keys, lists, strings
    without NUL characters or lone surrogates, booleans, null, integers below 2**128 and finite
    floats, nested at most ``MAX_DEPTH`` deep. (Iterative: no depth of input is a RecursionError.)"""
    todo: list[tuple[Any, tuple]] = [(doc, ())]
    while todo:
        v, path = todo.pop()
        if isinstance(v, str):
            bad = _bad_text(v)
            if bad:
                raise RecordError(f"{_where(path)}: {bad}")
        elif v is None or isinstance(v, bool):
            pass
        elif isinstance(v, int):
            if not -INT_LIMIT < v < INT_LIMIT:
                raise RecordError(f"{_where(path)}: an integer of {v.bit_length()} bits is too large "
                                  f"(integers in a record are below 2**128)")
        elif isinstance(v, float):
            if not math.isfinite(v):
                raise RecordError(f"{_where(path)}: {v} is not a JSON number (numbers in a record are finite)")
        elif isinstance(v, (dict, list, tuple)):
            if len(path) >= MAX_DEPTH:
                raise RecordError(f"{_where(path[:4])}...: the record nests deeper than {MAX_DEPTH} levels")
            if isinstance(v, dict):
                for k, x in v.items():
                    if not isinstance(k, str):
                        raise RecordError(f"{_where(path)}: a key {_short(k)} is not a string")
                    bad = _bad_text(k)
                    if bad:
                        raise RecordError(f"{_where(path)}: a key {_short(k)}: {bad}")
                    todo.append((x, (*path, k)))
            else:
                todo.extend((x, (*path, i)) for i, x in enumerate(v))
        else:
            raise RecordError(f"{_where(path)}: a {type(v).__name__} is not a JSON value")


def _bad_text(s: str) -> str | None:
    """What is wrong with a record's string, or None."""
    if "\x00" in s:
        return "a string holds a NUL character (\\u0000)"
    if not s.isascii():
        try:
            s.encode("utf-8")
        except UnicodeEncodeError:
            return "a string holds a lone surrogate (not valid Unicode)"
    return None


def _parse(source: Any) -> dict:
    if isinstance(source, dict):
        return source
    if isinstance(source, (bytes, bytearray)):
        text, where = bytes(source).decode("utf-8", errors="replace"), "the record"
    elif isinstance(source, str) and source.lstrip()[:1] in ("{", "["):
        text, where = source, "the record"
    elif isinstance(source, (str, os.PathLike)):
        try:
            text, where = Path(source).read_text(encoding="utf-8"), _short(str(source), 200)
        except (OSError, UnicodeDecodeError, ValueError) as e:  # ValueError: a NUL in the path
            why = getattr(e, "strerror", None) or e  # an OSError's text repeats the (maybe long) path
            raise RecordError(f"cannot read the record {_short(str(source), 200)}: {why}") from None
    else:
        raise RecordError(f"a record is a path, JSON text or a dict, got {type(source).__name__}")
    try:
        doc = json.loads(text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant)
    except RecordError:
        raise
    except RecursionError:
        raise RecordError(f"{where}: the JSON nests deeper than Python's parser goes "
                          f"(a record nests at most {MAX_DEPTH} levels)") from None
    except ValueError as e:  # JSONDecodeError is a ValueError
        raise RecordError(f"{where} is not valid JSON (truncated or not a record?): {e}") from None
    if not isinstance(doc, dict):
        raise RecordError(f"{where} is not a {FORMAT} record: the JSON is a {type(doc).__name__}, not an object")
    return doc


def _is_int(v: Any, lo: int = 0) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v < INT_LIMIT


def _is_num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _check_shape(doc: dict) -> Game:
    """Everything of the record that can be checked without playing it; returns its Game."""
    fmt = doc.get("format")
    if type(fmt) is not str or fmt != FORMAT:
        raise RecordError(f"not a {FORMAT} record (format {_short(fmt)})")
    _check_values(doc)
    version = doc.get("version")
    if type(version) is not int:
        raise RecordError(f"the record's version must be an integer, got {_short(version)}")
    if version not in READABLE_VERSIONS:
        raise RecordError(f"unknown {FORMAT} version {version}; this mythenv reads versions "
                          f"{', '.join(map(str, READABLE_VERSIONS))}")
    missing = [k for k in KEYS if k not in doc]
    unknown = [k if k.isidentifier() else _short(k, 40) for k in sorted(set(doc) - set(KEYS))]
    if missing or unknown:
        raise RecordError("the record's fields are wrong: " + "; ".join(
            x for x in (missing and f"missing {', '.join(missing)}", unknown and f"unknown {', '.join(unknown)}") if x))
    try:
        digest = content_hash(doc)
    except (TypeError, ValueError, RecursionError) as e:  # (_check_values has refused what reaches this)
        raise RecordError(f"the record is not plain JSON: {e}") from None
    if not isinstance(doc["sha256"], str) or digest != doc["sha256"]:
        raise RecordError("integrity check failed: the record's sha256 does not match its content "
                          "(it was changed after it was written)")
    if not isinstance(doc["game"], str) or not isinstance(doc["config"], dict):
        raise RecordError("the record's game must be a game id and its config an object")
    try:
        game = make_game(doc["game"], **doc["config"])
    except MythenvError as e:
        raise RecordError(f"the record's game cannot be built here: {e}") from None
    except Exception as e:  # noqa: BLE001 - a config no game validation foresaw: the record is refused
        raise RecordError(f"the record's game cannot be built here: {type(e).__name__}: {e}") from None
    n = game.num_players
    if not _is_int(doc["seed"]):
        raise RecordError(f"seed must be a non-negative integer below 2**128, got {_short(doc['seed'])}")
    if type(doc["num_players"]) is not int:
        raise RecordError(f"num_players must be an integer, got {_short(doc['num_players'])}")
    if doc["num_players"] != n:
        raise RecordError(f"num_players is {doc['num_players']} but this config has {n} seats")
    for key in ("agents", "agent_seeds"):
        v = doc[key]
        if not isinstance(v, list) or len(v) != n:
            raise RecordError(f"{key} must be a list of {n} entries (one per seat), got {_short(v)}")
    if not all(isinstance(a, str) and len(a) <= MAX_AGENT_NAME for a in doc["agents"]):
        raise RecordError(f"agents must be agent names (strings of at most {MAX_AGENT_NAME} characters), "
                          f"got {_short(doc['agents'])}")
    if not all(s is None or _is_int(s) for s in doc["agent_seeds"]):
        raise RecordError(f"agent_seeds must be non-negative integers or null, got {_short(doc['agent_seeds'])}")
    if not isinstance(doc["finished"], bool):
        raise RecordError(f"finished must be true or false, got {_short(doc['finished'])}")
    if not isinstance(doc["returns"], list) or len(doc["returns"]) != n or not all(map(_is_num, doc["returns"])):
        raise RecordError(f"returns must be {n} numbers, got {_short(doc['returns'])}")
    if not isinstance(doc["final_state_sha256"], str):
        raise RecordError("final_state_sha256 must be a hex string")
    steps = doc["steps"]
    if not isinstance(steps, list):
        raise RecordError("steps must be a list")
    for k, st in enumerate(steps):
        if not isinstance(st, dict) or set(st) != set(STEP_KEYS):
            raise RecordError(f"step {k} must be an object with exactly the keys {', '.join(STEP_KEYS)}")
        if not _is_int(st["seat"]) or st["seat"] >= n:
            raise RecordError(f"step {k}: seat {_short(st['seat'])} is not a seat (0..{n - 1})")
        if not _is_int(st["action"]) or st["action"] >= game.num_actions:
            raise RecordError(f"step {k}: action {_short(st['action'])} is not an action id (0..{game.num_actions - 1})")
        if not isinstance(st["text"], str):
            raise RecordError(f"step {k}: text must be a string")
        r = st["rewards"]
        if not isinstance(r, list) or len(r) != n or not all(map(_is_num, r)):
            raise RecordError(f"step {k}: rewards must be {n} numbers, got {_short(r)}")
    return game


def _replay(doc: dict, game: Game) -> list[State]:
    state = game.new_initial_state(seed=doc["seed"])
    states = [state.clone()]
    done: set[int] = set()
    check_text = doc["version"] >= 2  # version 1 holds the older texts: ids and legality are checked
    for k, st in enumerate(doc["steps"]):
        if state.is_terminal():
            raise RecordError(f"step {k}: the game was already over after {k} steps, "
                              f"but the record has {len(doc['steps'])}")
        cp = state.current_player()
        if cp != st["seat"]:
            raise RecordError(f"step {k}: the record says seat {st['seat']} acts, but seat {cp} is to act")
        a = st["action"]
        if a not in state._legal_view():
            raise RecordError(f"step {k}: action {a} ({_short(st['text'])}) is not legal here for seat {cp}")
        text = state.action_to_string(a) if check_text else st["text"]
        if text != st["text"]:
            raise RecordError(f"step {k}: action {a} is {text!r} here, but the record says {_short(st['text'])}")
        state.apply_action(a)
        pay = _payouts(state, done, game.num_players)
        if pay != [float(x) for x in st["rewards"]]:
            raise RecordError(f"step {k}: the replay pays {pay}, but the record says {st['rewards']}")
        states.append(state.clone())
    if state.is_terminal() != doc["finished"]:
        raise RecordError(f"the record says finished={doc['finished']}, but after {len(doc['steps'])} steps "
                          f"the game is {'over' if state.is_terminal() else 'still running'}")
    ret = [float(r) for r in state.returns()]
    if ret != [float(x) for x in doc["returns"]]:
        raise RecordError(f"the replay returns {ret}, but the record says {doc['returns']}")
    if state_hash(state) != doc["final_state_sha256"]:
        raise RecordError("the replayed final state differs from the recorded one (final_state_sha256)")
    return states


def load_record(source: Any) -> Replay:
    """Read (a path, JSON text, bytes or a dict), validate, replay and check a record. Raises
    :class:`RecordError` naming what is wrong; nothing is handed out unless every check passed."""
    doc = _parse(source)
    game = _check_shape(doc)
    try:
        states = _replay(doc, game)
    except RecordError:
        raise
    except Exception as e:  # noqa: BLE001 - whatever a replay trips on, the record is refused
        raise RecordError(f"the record does not replay: {type(e).__name__}: {e}") from None
    return Replay(json.loads(json.dumps(doc)), game, states)
