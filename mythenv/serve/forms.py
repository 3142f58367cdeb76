"""The setup form's description of each game, derived from the game's declared options (issue 45).

``describe(game_cls)`` says, for every :class:`mythenv.core.game.Option`, what a person reads
(``label``, the values in words), what input it takes (``choice`` / ``bool`` / ``int`` with bounds
and step / ``text``) and, for the options with a few values, which combinations of them can be
played (``rules``): found by building the game with each combination, so the form follows the
game's own validators (Theomachy's Advanced game needs the draft; Demigods' first player is a seat
of the table; Theosis' solo mode is one player) without a copy of them. Options whose every value
plays with every combination of the others are left out of ``rules``. The server still validates
every config it is sent (a 422 naming the option); the form only keeps a person from asking for
a game that cannot be played.
"""

from __future__ import annotations

import functools
import itertools
import json
from typing import Any

from mythenv.core.errors import MythenvError
from mythenv.core.game import Game, IntRange, Option, seat_name

#: an integer option with at most this many values joins the combinations (Theomachy's 2..8 players)
FEW = 12


def value_text(opt: Option, value: Any) -> str:
    """A value as a person reads it: a seat as "Player N", words for the rest."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return seat_name(value) if opt.seats else str(value)
    text = str(value).replace("_", " ")
    return text[:1].upper() + text[1:]


def _values(opt: Option) -> tuple | None:
    """The option's values when there are few of them (None: a number input or a text)."""
    if opt.allowed is not None:
        return tuple(opt.allowed)
    c = opt.check
    if isinstance(c, IntRange) and (c.hi - c.lo) // c.step < FEW:
        return tuple(range(c.lo, c.hi + 1, c.step))
    return None


def _option(opt: Option) -> dict:
    d: dict[str, Any] = {"name": opt.name, "label": opt.title, "doc": opt.doc, "default": opt.default,
                         "allowed": list(opt.allowed) if opt.allowed is not None else None,
                         "hint": opt.allowed_text}
    values = _values(opt)
    if values is not None and set(values) == {False, True} and all(isinstance(v, bool) for v in values):
        d["kind"] = "bool"
    elif values is not None:
        d["kind"] = "choice"
        d["choices"] = [{"value": v, "label": value_text(opt, v)} for v in values]
    elif isinstance(opt.check, IntRange):
        d.update(kind="int", min=opt.check.lo, max=opt.check.hi, step=opt.check.step)
    else:
        d["kind"] = "text"
    return d


def _rules(cls: type[Game]) -> dict:
    """``{"keys": [...], "valid": [[value per key], ...]}``: the combinations of the options with few
    values that build a game (the others at their defaults); options free of every other left out."""
    opts = [o for o in cls.info.options if _values(o) is not None]
    keys = [o.name for o in opts]
    domains = [_values(o) for o in opts]
    valid = set()
    for combo in itertools.product(*domains):
        try:
            cls(**dict(zip(keys, combo)))
        except MythenvError:
            continue
        valid.add(combo)
    # leave out the options that never depend on another (every value plays wherever one does)
    k = 0
    while k < len(keys):
        rest = {c[:k] + c[k + 1:] for c in valid}
        if len(valid) == len(rest) * len(domains[k]):
            valid = rest
            del keys[k], domains[k]
        else:
            k += 1
    order = {c: i for i, c in enumerate(itertools.product(*domains))}
    return {"keys": keys, "valid": [list(c) for c in sorted(valid, key=order.__getitem__)]}


@functools.cache
def describe(cls: type[Game]) -> dict:
    """The form's description of the game class ``cls`` (JSON-able; cached: it builds the game a
    few hundred times at most)."""
    i = cls.info
    return {"id": i.game_id, "name": i.name, "min_players": i.min_players, "max_players": i.max_players,
            "options": [_option(o) for o in i.options], "rules": _rules(cls),
            "ppo_configs": _ppo_configs(i.game_id)}


@functools.cache
def _shipped() -> tuple[tuple[str, str], ...]:
    """(game id, config as JSON) of every policy the package ships (the ``ppo`` opponent)."""
    from mythenv.agents.numpy_policy import NumpyPolicy, shipped_policies

    out = []
    for p in shipped_policies():
        try:
            meta = NumpyPolicy.load(p).meta
        except MythenvError:
            continue
        out.append((meta.get("game"), json.dumps(meta.get("game_config", {}), sort_keys=True)))
    return tuple(out)


def _ppo_configs(game_id: str) -> list[dict]:
    """The configs of ``game_id`` the package ships a trained policy for (``ppo`` plays only those)."""
    return [json.loads(c) for g, c in _shipped() if g == game_id]


__all__ = ["describe", "value_text"]
