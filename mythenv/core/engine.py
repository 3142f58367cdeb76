"""The rules engine's tables: a game's steps, decisions and effects registered by name, found by grep.

A game's rules are methods of its state class, marked with the name they are asked for by:

    @task("draw")              # a step the game's task queue runs: the queue holds ["draw", args...]
    def draw(self, seat): ...

    @decision("discard")       # what an action does at a pending decision ["discard", seat, args...]
    def discard(self, fam, i, seat): ...

    @lister("discard")         # the legal actions of that pending decision
    def discard_options(self, seat): ...

    @handles("op", "gain")     # any table of the game's own: its card effects, its yes/no questions
    def gain(self, frame, op): ...

``Engine.__init_subclass__`` gathers the marked methods of a class and its bases into
``cls.handlers[kind][name]`` (kinds ``"task"``, ``"decision"``, ``"lister"`` or the game's own), each
the function ``getattr`` would find on the class, so a subclass that overrides a marked method keeps
its place in the table. The engine dispatches with ``self.handlers[kind][name](self, ...)``: no name is
built from strings, and ``grep 'task("draw")'`` finds the step a queue entry ``["draw", ...]`` runs.
A name a class registers twice for one kind is a ``TypeError`` when the class is made; a name a saved
state asks for that no rule handles is a ``StateError`` (``Engine.handler``), which a loader reports.

The queue and stack themselves are each game's declared fields (``mythenv.core.fields``): a game
whose rulebook has one pending decision at a time keeps one record, a game with nested decisions a
stack of records; the engine's part is that every record names a registered rule.
"""

from __future__ import annotations

from collections.abc import Callable

from .errors import StateError

__all__ = ["Engine", "decision", "handles", "lister", "task"]


def handles(kind: str, name: str) -> Callable:
    """Mark a method as the rule of kind ``kind`` that a state asks for as ``name``."""
    if not (isinstance(kind, str) and kind and isinstance(name, str) and name):
        raise TypeError(f"handles(kind, name) takes two non-empty strings, not {kind!r}, {name!r}")

    def mark(fn: Callable) -> Callable:
        fn.__dict__.setdefault("_engine_names", []).append((kind, name))
        return fn

    return mark


def task(name: str) -> Callable:
    """Mark a method as the task queue's step ``name`` (a queue entry ``[name, args...]``)."""
    return handles("task", name)


def decision(name: str) -> Callable:
    """Mark a method as what an action does at the pending decision ``name``."""
    return handles("decision", name)


def lister(name: str) -> Callable:
    """Mark a method as the lister of the pending decision ``name``'s legal actions."""
    return handles("lister", name)


class Engine:
    """Mixin of a state class whose rules are registered by name (see the module docstring)."""

    __slots__ = ()

    #: kind -> name -> the class's function for it (built per class by ``__init_subclass__``)
    handlers: dict[str, dict[str, Callable]] = {}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        where: dict[tuple[str, str], str] = {}
        for klass in reversed(cls.__mro__):  # bases first: a subclass's mark replaces its base's
            own: dict[tuple[str, str], str] = {}
            for attr, fn in vars(klass).items():
                for key in getattr(fn, "_engine_names", ()):
                    if key in own:
                        raise TypeError(f"{klass.__name__}: {key[0]} {key[1]!r} is handled by both "
                                        f"{own[key]} and {attr}")
                    own[key] = attr
            where.update(own)
        table: dict[str, dict[str, Callable]] = {}
        for (kind, name), attr in where.items():
            table.setdefault(kind, {})[name] = getattr(cls, attr)
        cls.handlers = table

    def handler(self, kind: str, name: object) -> Callable:
        """The rule of ``kind`` named ``name``; a ``StateError`` naming both if there is none (a saved
        state asking for a step this game does not have)."""
        fn = self.handlers.get(kind, {}).get(name) if isinstance(name, str) else None
        if fn is None:
            info = getattr(getattr(self, "game", None), "info", None)
            game = getattr(info, "game_id", type(self).__name__)
            raise StateError(f"{game}: no {kind} named {name!r}")
        return fn

    @classmethod
    def handled(cls, kind: str) -> dict[str, Callable]:
        """The rules of ``kind`` (name -> function), for a saved-state schema listing the names."""
        return dict(cls.handlers.get(kind, {}))
