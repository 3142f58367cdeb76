"""Game (an immutable description built from a validated config) and the State protocol.

The split follows OpenSpiel: a :class:`Game` knows the rules' parameters, the action codec and the
observer; a :class:`State` is the whole truth of one position and can be cloned, serialized and
determinized. Chance is resolved inside the state from its own seeded ``numpy.random.Generator``,
so a state plus its RNG state replays exactly. A game may also expose its chance events (OpenSpiel's
explicit chance nodes): ``Game.max_chance_outcomes`` > 0, and a state built with ``chance_nodes=True``
stops at each of them (``current_player() == CHANCE``, ``chance_outcomes()``) for the caller to pick the
outcome; every other state draws them from its generator (``State._draw_chance``).
"""

from __future__ import annotations

import functools
import os
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
from numpy.random.bit_generator import ISeedSequence

from .actions import ActionCodec, as_action
from .errors import ConfigError, IllegalActionError, StateError
from .observe import Observer, compiled_module
from .schema import validate

TERMINAL = -4
"""``current_player()`` of a finished game."""
CHANCE = -1
"""``current_player()`` at a chance event, in a state that exposes them (``State.chance_nodes``); both
numbers are pyspiel's."""

_INT8 = np.dtype(np.int8)
_UNBUILT = object()


def _resolved(data: Any) -> str | None:
    """The absolute path a ``data=`` config value names (``None`` for a value that is no path)."""
    if not isinstance(data, (str, os.PathLike)):
        return None
    return str(Path(data).expanduser().resolve())


#: ``lookup(game_cls, data) -> Game class``: the class of ``game_cls``'s game played with the data files
#: in the directory ``data``; registered by :mod:`mythenv.variants` (the core knows nothing above it)
_VARIANT_LOOKUP: Callable | None = None


def register_variant_lookup(lookup: Callable) -> None:
    """Make ``Game(data=DIR)`` build the game of ``lookup(game_cls, DIR)`` (a variant deck's class)."""
    global _VARIANT_LOOKUP
    _VARIANT_LOOKUP = lookup


def _passes(check: Callable[[Any], bool], value: Any) -> bool:
    try:
        return bool(check(value))
    except Exception:  # noqa: BLE001 - a check that cannot even look at the value refuses it
        return False


@dataclass(frozen=True)
class IntRange:
    """A check for :class:`Option`: an integer (not a bool) in ``lo..hi``, a multiple of ``step``.
    Unlike a lambda it says its bounds, so a form can offer a number input with them."""

    lo: int
    hi: int
    step: int = 1

    def __call__(self, v: Any) -> bool:
        return isinstance(v, int) and not isinstance(v, bool) and self.lo <= v <= self.hi and v % self.step == 0


@dataclass(frozen=True)
class Option:
    """One configuration key of a game: its default, and either the allowed values or a check."""

    name: str
    default: Any
    allowed: tuple | None = None
    check: Callable[[Any], bool] | None = None
    doc: str = ""
    allowed_text: str = ""
    #: what a person reads for it in a form ("Number of players"); default: the name in words
    label: str = ""
    #: its integer values are seat numbers (shown as "Player N"; a seat of the game's table)
    seats: bool = False

    @property
    def title(self) -> str:
        """The option's name for people: ``label``, else ``name`` in words (``max_rounds`` -> "Max rounds")."""
        return self.label or self.name.replace("_", " ").capitalize()

    def validate(self, game_id: str, value: Any) -> Any:
        """The value as stored in the config (numpy integers and bools become Python ones, so a
        saved state's config stays JSON), or ``ConfigError``: a float or a bool is never taken for an
        integer, nor anything else for an allowed value it merely compares equal to."""
        if isinstance(value, np.bool_):
            value = bool(value)
        elif isinstance(value, np.integer):
            value = int(value)
        if not isinstance(value, (str, int, float, type(None))) or (
                isinstance(value, float) and not isinstance(self.default, float)):
            raise ConfigError(
                f"{game_id}: {self.name}={value!r} is not allowed ({type(value).__name__}); expected "
                + (self.allowed_text or ", ".join(repr(v) for v in self.allowed or ()) or self.doc))
        bool_mismatch = self.allowed is not None and isinstance(value, bool) and not any(
            isinstance(v, bool) for v in self.allowed)  # True == 1 in Python: keep them apart
        if self.allowed is not None and (value not in self.allowed or bool_mismatch):
            raise ConfigError(
                f"{game_id}: {self.name}={value!r} is not allowed; allowed values: "
                + ", ".join(repr(v) for v in self.allowed)
            )
        if self.check is not None and not _passes(self.check, value):
            raise ConfigError(
                f"{game_id}: {self.name}={value!r} is not allowed; expected {self.allowed_text or self.doc}"
            )
        return value


@dataclass(frozen=True)
class GameInfo:
    """Static metadata of a game."""

    game_id: str
    name: str
    min_players: int
    max_players: int
    rulebook: str
    modes: tuple[str, ...] = ("default",)
    options: tuple[Option, ...] = field(default_factory=tuple)


def rng_to_json(rng: np.random.Generator) -> dict:
    """The bit generator state of ``rng`` as JSON-able data."""
    st = rng.bit_generator.state
    return {"bit_generator": st["bit_generator"], "state": {k: str(v) for k, v in st["state"].items()},
            "has_uint32": st["has_uint32"], "uinteger": st["uinteger"]}


class _Overwritten(ISeedSequence):
    """The seed of a generator whose state is set right after: zeros, at no cost (``PCG64()`` would
    gather OS entropy through a ``SeedSequence``, most of the cost of building a generator). Not
    spawnable: ``spawn()`` on such a generator raises ``TypeError``."""

    def generate_state(self, n_words: int, dtype=np.uint32) -> np.ndarray:
        return np.zeros(n_words, dtype)


_OVERWRITTEN = _Overwritten()


def rng_in_state(state: dict) -> np.random.Generator:
    """A new PCG64 generator in the bit-generator state ``state`` (as ``rng.bit_generator.state``
    gives it)."""
    out = np.random.Generator(np.random.PCG64(_OVERWRITTEN))
    out.bit_generator.state = state
    return out


def rng_from_json(d: dict) -> np.random.Generator:
    """Inverse of :func:`rng_to_json`."""
    if d.get("bit_generator") != "PCG64":
        raise StateError(f"unsupported bit generator {d.get('bit_generator')!r}; only PCG64 states load")
    return rng_in_state({
        "bit_generator": "PCG64",
        "state": {k: int(v) for k, v in d["state"].items()},
        "has_uint32": int(d["has_uint32"]),
        "uinteger": int(d["uinteger"]),
    })


def take_copy(hand: list[int], k: int, kind_of: Callable[[int], int], vis: Sequence[int], others: int) -> int:
    """Remove a card of kind ``k`` from ``hand`` and return it: the first copy (in hand order) that a
    seat in the bitmask ``others`` knows of, else the copy with the lowest id. Which copy of a card
    leaves a hand must never depend on ids the other seats cannot tell apart, and a copy they know
    of leaving first keeps their picture of the hand true. ``kind_of(c)`` is card ``c``'s kind,
    ``vis[c]`` the bitmask of the seats that know card ``c``; ``hand`` must hold a copy of ``k``."""
    best = -1
    for c in hand:
        if kind_of(c) == k:
            if vis[c] & others:
                best = c
                break
            if best < 0 or c < best:
                best = c
    hand.remove(best)
    return best


def seat_name(seat: int, viewer: int | str | None = None) -> str:
    """The one way a seat is named to a person, everywhere (texts, log, replay, records): "you" to
    the seat itself, else "Player N" counted from 1 as at the table. Capitalise at a sentence start."""
    return "you" if viewer == seat else f"Player {seat + 1}"


class State(ABC):
    """The protocol every game state implements (see ``docs/design.md``).

    ``apply_action`` raises :class:`IllegalActionError` and leaves the state unchanged when the
    action is not legal. ``returns()`` is per seat, zero until the game ends.
    """

    game: Game
    #: version of the ``to_dict`` layout; ``Game.state_from_dict`` refuses other versions
    save_version: ClassVar[int] = 1
    #: the generator behind ``rng`` (None in a clone until its first draw) and, until then, its state
    _rng: np.random.Generator | None = None
    _rng_state: dict | None = None
    #: True: the state stops at each chance event of its game (``current_player() == CHANCE``), where
    #: ``legal_actions()`` are the outcomes of ``chance_outcomes()`` and the caller applies one (how
    #: OpenSpiel's tree algorithms walk it, through ``mythenv.openspiel``). False, the default (every
    #: state the envs, agents and tools build): the state draws each outcome from ``rng`` at once
    #: (``_draw_chance``), so no seat ever sees a chance node. Only a game with
    #: ``Game.max_chance_outcomes`` > 0 has chance events to expose; it takes
    #: ``new_initial_state(seed, chance_nodes=True)``, keeps the flag in its clones and saved states.
    chance_nodes: bool = False

    @property
    def rng(self) -> np.random.Generator:
        """The state's chance: every random draw of the rules comes from it. A clone's generator is
        built on its first use (see ``_clone_rng_into``)."""
        try:
            rng = self._rng
        except AttributeError:  # a slotted state built empty
            rng = None
        if rng is None:
            st = self._rng_state
            if st is None:
                raise AttributeError(f"{type(self).__name__!r} object has no generator 'rng' yet", name="rng", obj=self)
            rng = self._rng = rng_in_state(st)
            self._rng_state = None
        return rng

    @rng.setter
    def rng(self, value: np.random.Generator) -> None:
        self._rng = value
        self._rng_state = None

    def _clone_rng_into(self, clone: State) -> None:
        """Give ``clone`` (being built by ``clone()``) a generator in the state of ``self.rng``.

        The generator itself is built on the clone's first use of ``rng``: building one costs about
        as much as copying a whole position, and many clones (search, resampling) never draw. A clone
        whose generator is still unbuilt passes its saved state on. (A property, not ``__getattr__``:
        a class with ``__getattr__`` loses CPython's fast attribute reads on every ``self.x``.)
        """
        rng = getattr(self, "_rng", None)
        clone._rng = None
        clone._rng_state = self._rng_state if rng is None else rng.bit_generator.state

    def _save_header(self) -> dict:
        """The keys every saved state starts with (checked by ``Game.state_from_dict``)."""
        return {"game": self.game.info.game_id, "config": dict(self.game.config), "version": self.save_version}

    @abstractmethod
    def current_player(self) -> int: ...

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At a chance event (``current_player() == CHANCE``): its outcomes as ``(action, probability)``
        pairs, the probabilities summing to 1, in the order of ``legal_actions()``; ``[]`` anywhere
        else, and always in a game that draws its chance inside its rules."""
        return []

    def _draw_chance(self) -> None:
        """Draw the outcome of each chance event the state is at from ``rng`` (one ``rng.random()``
        each, against the cumulative probabilities) and apply it, until a seat is to act or the game
        is over; nothing in a state that exposes its chance events (``chance_nodes``). A game with
        chance events calls this at the end of its constructor and of ``_apply``."""
        while not self.chance_nodes and self.current_player() == CHANCE:
            outcomes = self.chance_outcomes()
            x, a = self.rng.random(), outcomes[-1][0]  # the last one where rounding leaves x >= 0
            for outcome, p in outcomes:
                x -= p
                if x < 0:
                    a = outcome
                    break
            self._apply(a)

    def _compute_legal(self) -> list[int]:
        """The legal actions of this position (called once per position; the result is cached in
        ``self._legal``, which ``_apply`` must reset). Override this, or ``legal_actions`` itself."""
        raise TypeError(f"{type(self).__name__} must implement legal_actions() or _compute_legal()")

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("legal_actions")
        if own is None or getattr(own, "_hands_out_copies", False):
            return
        if "_legal_view" not in cls.__dict__:
            # a state that computes legal_actions() its own way: that is its view (which may be the
            # game's live list), and legal_actions() hands out a copy of it
            cls._legal_view = own
            cls.legal_actions = State.legal_actions
        else:
            # both written by the game: whatever its legal_actions() returns, callers get a copy
            @functools.wraps(own)
            def legal_actions(self) -> list[int]:
                return list(own(self))

            legal_actions._hands_out_copies = True
            cls.legal_actions = legal_actions

    def _legal_view(self) -> list[int]:
        """The legal actions without a copy, for hot paths (the env, ``legal_mask``, ``apply_action``):
        the caller must not modify the list. A subclass that overrides ``legal_actions`` gets it as
        its view (and ``legal_actions`` becomes a copy of it, see ``__init_subclass__``)."""
        la = self._legal
        if la is None:
            la = self._legal = self._compute_legal()
        return la

    def legal_actions(self) -> list[int]:
        """The legal actions as a fresh list: the caller may keep or modify it, the game never sees
        it. A game's own ``legal_actions`` (or ``_legal_view``) is wrapped so that this always holds."""
        return list(self._legal_view())

    legal_actions._hands_out_copies = True

    def legal_mask(self, out: np.ndarray) -> np.ndarray:
        """Fill the preallocated int8 array ``out`` (length ``game.num_actions``) with the mask."""
        out.fill(0)
        la = self._legal_view()
        if la:
            if out.dtype == _INT8 and out.flags.c_contiguous:
                w = memoryview(out)  # a Python loop of item writes beats fancy indexing on short lists
                for a in la:
                    w[a] = 1
            else:
                out[la] = 1
        return out

    @abstractmethod
    def _apply(self, action: int) -> None:
        """Apply a legal action (validated by ``apply_action``)."""

    def apply_action(self, action: int) -> None:
        if self.is_terminal():
            raise StateError(f"{self.game.info.game_id}: the game is over; no action can be applied")
        a = action if type(action) is int else as_action(action)
        if a is None:  # a bool, float, string, None, array...: never read as an action id
            raise IllegalActionError(action, self.legal_actions(), None,
                                     "actions are integers from the game's action codec "
                                     f"(0..{self.game.num_actions - 1})")
        if a not in self._legal_view():
            raise IllegalActionError(action, self.legal_actions(), self.action_to_string,
                                     f"it is not legal for seat {self.current_player()} now")
        self._apply(a)

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def returns(self) -> list[float]: ...

    def finished_seats(self) -> dict[int, float]:
        """Seats that are out of a game that goes on (eliminated players), with their final return.
        The env terminates them at once and pays that return; by default no seat leaves early."""
        return {}

    def final_info(self) -> dict:
        """What a finished game reports besides the returns (the envs put it in every seat's ``info``
        on the step that ends the game); public facts only. Empty unless a game has some."""
        return {}

    def scores(self) -> list[float]:
        """Game points where the game has them; by default the returns."""
        return self.returns()

    def progress(self) -> list[float]:
        """Per seat, how far the game has gone that seat's way, what the trainer's potential-based
        reward shaping reads (``shaping = W``); by default the points, ``scores()``. A game whose
        points say nothing before the end (a team against the game itself) may measure it otherwise."""
        return self.scores()

    def progress_margin(self, seat: int) -> float:
        """``seat``'s ``progress()`` less the other seats' mean (its own progress in a one-seat game):
        the potential of the trainers' reward shaping, ``shaping`` x this."""
        sc = self.progress()
        others = [x for q, x in enumerate(sc) if q != seat]
        return sc[seat] - (sum(others) / len(others) if others else 0.0)

    def measures_progress(self) -> bool:
        """Whether ``progress()`` says anything before the end (the game keeps points or measures its
        progress otherwise): reward shaping is refused for a game where it does not."""
        cls = type(self)
        return cls.scores is not State.scores or cls.progress is not State.progress

    @abstractmethod
    def clone(self) -> State: ...

    @abstractmethod
    def to_dict(self) -> dict: ...

    @classmethod
    @abstractmethod
    def from_dict(cls, game: Game, d: dict) -> State: ...

    @abstractmethod
    def resample_hidden(self, player: int, rng: np.random.Generator) -> State:
        """A full state consistent with everything ``player`` knows; ``self`` is unchanged."""

    @abstractmethod
    def action_to_string(self, action: int) -> str: ...

    def public_action_text(self, action: int) -> str:
        """What every other seat saw of ``action``, the move the seat to move is about to make
        (called before it is applied), in the rulebook's words and without its subject: the table
        names the seat (``seat_name``), as in "Player 2 plays a card face down" or "Player 2 moves
        Norn to the Tavern". Nothing hidden from the other seats may show. The default says nothing
        of the move; a game overrides it with what its table sees."""
        return "makes a move"

    def decision_text(self) -> str:
        """The decision the seat to move faces now, in words for a header and without its subject,
        like ``public_action_text`` ("chooses where Pegasus puts the card", "bids for the turn
        order"); "" when the game names none beyond whose turn it is. Public: never names what other
        seats cannot see."""
        return ""

    def ending_text(self) -> str:
        """Who won and why, in words, with the score (the game is over). The default says who won
        from ``returns()``; a game overrides it with its own ending ("Player 1 wins with 14 Favors to 4")."""
        returns = self.returns()
        best = max(returns)
        winners = [seat_name(s) for s, r in enumerate(returns) if r == best]
        if len(winners) == len(returns):
            return "The game is drawn."
        return f"{' and '.join(winners)} {'wins' if len(winners) == 1 else 'win'}."

    @abstractmethod
    def check_invariants(self) -> None:
        """Raise ``StateError`` if the state breaks a conservation law of the game (every card in
        exactly one place, token totals, ...). Used by the fuzzing tests and ``from_dict``."""

    def render(self, player: int | None = None) -> str:
        """Text view from ``player``'s seat (``None``: the omniscient view, for debugging): the text
        renderer the Game class wires in (``Game.text_renderer``), so the rules never import it."""
        return self.game.render_text(self, player)

    def __str__(self) -> str:
        return self.render(None)


class Game(ABC):
    """A validated configuration of one game plus its codec and observer.

    Subclasses set ``info`` and ``state_class`` and build ``codec`` / ``observer`` in
    ``_setup()``. ``game.observation(state, p)`` is the flat float32 vector seat ``p`` sees.
    """

    info: ClassVar[GameInfo]
    state_class: ClassVar[type[State]]
    #: configs the conformance suite runs over (the default config is always included)
    test_configs: ClassVar[tuple[dict, ...]] = ({},)
    #: configs ``python -m benchmarks`` measures besides the default one (each game mode a user
    #: would train on, e.g. a solo mode or an advanced rule set)
    benchmark_configs: ClassVar[tuple[dict, ...]] = ()
    #: an upper bound on the number of actions of one game, checked by the fuzzing tests
    max_game_length: ClassVar[int] = 10_000
    #: the most outcomes one chance event of the game has, when the game exposes its chance events
    #: (``State.chance_outcomes``, ``State.chance_nodes``; OpenSpiel then sees them as chance nodes);
    #: 0: the game draws its chance inside its rules and exposes none
    max_chance_outcomes: ClassVar[int] = 0
    #: how many random games the conformance fuzz test plays (keep CI time in mind)
    fuzz_games: ClassVar[int] = 300
    #: Gymnasium id registered by ``import mythenv`` (e.g. "mythenv/HeraZeus-v0")
    gym_id: ClassVar[str | None] = None
    #: rule-based baseline ``heuristic(view, rng) -> action`` (see ``mythenv.agents``)
    heuristic: ClassVar = None
    #: a cheaper policy of the same signature for search rollouts (default: ``heuristic``)
    rollout_policy: ClassVar = None
    #: the game's observation module (its ``observe.py``): ``encode(state, p, out)`` writes seat ``p``'s
    #: view (the default :meth:`encode`) and, for a game with a compiled twin, ``c_layout(game)`` is what
    #: the twin reads of a config (the default :meth:`compiled_layout`)
    observe_module: ClassVar = None
    #: the game's compiled observation encoder, a C extension module with ``encode(state, p, out,
    #: layout) -> bool`` (see mythenv/core/cobserve.h and ``compiled_module``); None: Python only. A
    #: class that sets ``observe_module`` gets the ``_cobserve`` module beside it, when it is built and
    #: up to date
    compiled: ClassVar = None

    #: the game's text view ``render_state(state, player) -> str`` (``player`` None: omniscient), from
    #: its ``render`` module; the Game wires it to ``State.render`` so the rules never import render
    text_renderer: ClassVar = None
    #: the game's picture ``draw(state, seat) -> PIL.Image.Image`` (``seat`` an int or ``"all"``), drawn
    #: through ``mythenv.core.draw``; ``Game.picture`` / ``Game.frame`` call it
    picture_renderer: ClassVar = None
    #: the status line of the game's text and picture, ``status(state, viewer) -> (context, to_act)``:
    #: the public context (the round, the phase: "Turn 4", "Hand 2, the Betting Phase") and whose
    #: decision it is, in words for ``viewer`` (``mythenv.core.words.to_act_text``); ``Game.status``
    #: calls it (None: no context, only whose decision it is)
    status_renderer: ClassVar = None
    #: optional: where on that picture a person clicks for an action, ``hit_regions(state, seat) ->
    #: {action: [x0, y0, x1, y1, ...]}`` (a polygon in picture pixels) for the legal actions of ``seat``
    #: when it is to move; several actions may share a region (a hex, then a rotation); None: no regions
    hit_renderer: ClassVar = None

    #: the variant data directory of a variant game's class (``mythenv.variants``); None: the shipped data
    data_dir: ClassVar[str | None] = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        mod = cls.__dict__.get("observe_module")
        if mod is not None and "compiled" not in cls.__dict__:
            cls.compiled = compiled_module(f"{mod.__package__}._cobserve")

    def __new__(cls, **config: Any):
        data = config.get("data")
        if data is not None and (cls.data_dir is None or cls.data_dir != _resolved(data)):
            # a variant deck: the game's package loaded with the data files in the directory ``data``
            if _VARIANT_LOOKUP is None:
                raise ConfigError(f"{cls.info.game_id}: data={data!r} needs the variant decks' lookup, which "
                                  "no package registered (import mythenv.variants)")
            game = object.__new__(_VARIANT_LOOKUP(cls, data))
            game.__init__(**config)
            return game
        return object.__new__(cls)

    def __init__(self, **config: Any):
        data = config.pop("data", None)
        if data is not None and type(self).data_dir != _resolved(data):
            raise ConfigError(f"{self.info.game_id}: data={data!r} is not this variant's directory "
                              f"{type(self).data_dir!r}")
        opts = {o.name: o for o in self.info.options}
        unknown = sorted(set(config) - set(opts))
        if unknown:
            raise ConfigError(
                f"{self.info.game_id}: unknown config key(s) {', '.join(map(repr, unknown))}; "
                f"allowed keys: {', '.join(sorted(opts)) or '(none)'}, data (a variant deck's directory)"
            )
        self.config: dict[str, Any] = {}
        for name, opt in opts.items():
            self.config[name] = opt.validate(self.info.game_id, config.get(name, opt.default))
        if type(self).data_dir is not None:
            self.config["data"] = type(self).data_dir  # saved states and copies of the config know the deck
        self.codec: ActionCodec
        self.observer: Observer
        self._setup()
        self.use_compiled(True)

    def use_compiled(self, on: bool = True) -> bool:
        """Encode observations with the game's compiled encoder (``on``, the default, when it was built)
        or with its Python encoder (the reference; same values). Returns whether the compiled one is used."""
        mod = type(self).compiled if on else None
        self._c_encode = None if mod is None else mod.encode
        self.c_layout = None if mod is None else self.compiled_layout()
        return mod is not None

    def compiled_layout(self) -> tuple:
        """What the compiled encoder needs to know of this config (piece offsets, tables), built once: the
        observe module's ``c_layout(game)`` (empty without one)."""
        layout = getattr(self.observe_module, "c_layout", None)
        return () if layout is None else layout(self)

    @abstractmethod
    def _setup(self) -> None:
        """Build ``self.codec``, ``self.observer`` and anything else derived from the config."""

    # ----- metadata -----
    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @property
    def agent_names(self) -> list[str]:
        return [f"player_{i}" for i in range(self.num_players)]

    @property
    def num_actions(self) -> int:
        return self.codec.size

    @property
    def observation_size(self) -> int:
        return self.observer.size

    @property
    def max_moves(self) -> int:
        """Decisions (every seat's) after which a game still going is cut off: ``2 x max_game_length``.
        Random play never gets there (the fuzz tests check ``max_game_length``), but a seat can: some
        rules allow a loop without end, such as Mythologies' crushed Bénou calling back the cards that
        sacrificed it. The batched engine and the Gymnasium env truncate such a game, the arena counts
        it a draw, imitation leaves it out, the web app refuses replies past it, and ISMCTS ends its
        rollouts there."""
        return 2 * self.max_game_length

    # ----- states -----
    def new_initial_state(self, seed: int | None = None) -> State:
        """A new game of this config, its chance seeded with ``seed``: ``state_class(self, seed)`` (a
        declared state builds its defaults and runs its setup, ``mythenv.core.fields.Declared``)."""
        return self.state_class(self, seed)

    def state_from_dict(self, d: dict) -> State:
        if not isinstance(d, dict):
            raise StateError(f"{self.info.game_id}: a saved state is a dict, got {type(d).__name__}")
        if d.get("game") != self.info.game_id:
            raise StateError(f"saved state is for game {d.get('game')!r}, not {self.info.game_id!r}")
        if d.get("version") != self.state_class.save_version:
            raise StateError(f"{self.info.game_id}: unsupported saved-state version {d.get('version')!r}; "
                             f"expected {self.state_class.save_version}")
        if d.get("config") != self.config:
            raise StateError(f"{self.info.game_id}: saved state has config {d.get('config')!r}, "
                             f"this game has {self.config!r}")
        spec = self.__dict__.get("_saved_state_spec", _UNBUILT)
        if spec is _UNBUILT:
            spec = self._saved_state_spec = self.state_schema()
        if spec is not None:
            validate(spec, d, self.info.game_id)
        try:
            s = self.state_class.from_dict(self, d)
            if not s.is_terminal():
                # a position of the game: someone (a seat, or chance where the state exposes it) is to
                # act and has a legal action
                cp = s.current_player()
                if not (0 <= cp < self.num_players or cp == CHANCE and s.chance_nodes):
                    raise StateError(f"{self.info.game_id}: saved state asks seat {cp!r} to act "
                                     f"(seats 0..{self.num_players - 1})")
                if not s._legal_view():
                    raise StateError(f"{self.info.game_id}: saved state is a running game where seat {cp} "
                                     f"has no legal action")
            return s
        except StateError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError, RecursionError) as e:
            raise StateError(f"{self.info.game_id}: corrupt saved state ({type(e).__name__}: {e})") from None

    def state_schema(self):
        """The :mod:`mythenv.core.schema` spec of this config's saved states, which
        :meth:`state_from_dict` checks before a state is built (built once per game): by default the
        one generated from the state class's declared fields (:mod:`mythenv.core.fields`); ``None``:
        no schema, only the state's own checks."""
        fields = getattr(self.state_class, "fields", None)
        return None if fields is None else fields.schema(self)

    # ----- observations -----
    def encode(self, state: State, player: int, out: np.ndarray) -> None:
        """Fill ``out`` (zeroed, length ``observation_size``) with seat ``player``'s view: the observe
        module's ``encode`` (a game without one overrides this)."""
        if self.observe_module is None:
            raise TypeError(f"{type(self).__name__} sets no observe_module and does not implement encode()")
        self.observe_module.encode(state, player, out)

    def observation(self, state: State, player: int, out: np.ndarray | None = None) -> np.ndarray:
        """Seat ``player``'s view of ``state``: written into ``out`` (a buffer of any contents, length
        ``observation_size``) or a new array. The compiled encoder writes the whole buffer (zeroing it
        first); where there is none, or it declines the buffer (not a C-contiguous float32 array), the
        buffer is zeroed and :meth:`encode` writes it: the same values either way (the conformance
        suite checks this in every game)."""
        if out is None:
            out = np.zeros(self.observer.size, dtype=np.float32)
        c = self._c_encode
        if c is None or not c(state, player, out, self.c_layout):
            out.fill(0.0)
            self.encode(state, player, out)
        return out

    def observation_dict(self, state: State, player: int) -> dict[str, np.ndarray]:
        """The observation split into its named pieces (copies)."""
        return self.observer.split(self.observation(state, player))

    def action_to_string(self, action: int) -> str:
        return self.codec.describe(action)

    # ----- people -----
    def render_text(self, state: State, player: int | None = None) -> str:
        """Seat ``player``'s text view of ``state`` (``None``: everything)."""
        r = type(self).text_renderer
        if r is None:
            raise NotImplementedError(f"{self.info.game_id} has no text renderer")
        return r(state, player)

    def check_seat(self, seat: Any) -> int | str:
        """``seat`` as a picture takes it (an int seat or ``"all"``), or ``ConfigError`` naming what is
        allowed."""
        if isinstance(seat, np.integer) and not isinstance(seat, np.bool_):
            seat = int(seat)
        n = self.num_players
        if seat == "all" and isinstance(seat, str) or (isinstance(seat, int) and not isinstance(seat, bool)
                                                       and 0 <= seat < n):
            return seat
        raise ConfigError(f"{self.info.game_id}: seat={seat!r} is not allowed; allowed: 0..{n - 1} "
                          "(that seat's view) or 'all' (the omniscient view, for debugging)")

    def picture(self, state: State, seat: int | str):
        """The table of ``state`` as seat ``seat`` sees it (an int, or ``"all"``: everything, for
        debugging; no default, so that no caller shows hidden cards by omission), a
        ``PIL.Image.Image`` in RGB mode of a fixed size per config."""
        r = type(self).picture_renderer
        if r is None:
            raise NotImplementedError(f"{self.info.game_id} has no picture renderer")
        return r(state, self.check_seat(seat))

    def status(self, state: State, viewer: int | str | None = None) -> tuple[str, str]:
        """The status line of ``state`` for ``viewer`` (a seat, or ``None`` / ``"all"``: nobody's):
        the game's public context ("Round 2, placement") and whose decision it is in words ("You
        choose the slot for Bénou", "Player 2 bids for the turn order"; the ending once the game is
        over), as the header of the picture and of the text view says them (``status_renderer``)."""
        viewer = None if viewer == "all" else viewer
        r = type(self).status_renderer
        if r is None:
            from .words import to_act_text

            return "", to_act_text(state, viewer)
        return r(state, viewer)

    def hit_regions(self, state: State, seat: int) -> dict[int, list[float]]:
        """The picture's click targets for ``seat``'s legal actions (``hit_renderer``; ``{}`` when the
        game has none or ``seat`` is not to move): action -> polygon ``[x0, y0, x1, y1, ...]``."""
        r = type(self).hit_renderer
        if r is None or state.is_terminal() or state.current_player() != seat:
            return {}
        legal = set(state.legal_actions())
        return {a: pts for a, pts in r(state, seat).items() if a in legal}

    def frame(self, state: State, seat: int | str) -> np.ndarray:
        """:meth:`picture` as an ``(H, W, 3)`` uint8 array (what ``render_mode="rgb_array"`` returns)."""
        from .draw import to_array

        return to_array(self.picture(state, seat))

    def utility_bounds(self) -> tuple[float, float, float | None]:
        """``(lowest, highest, total)``: the range of one seat's return and the sum of all seats'
        returns when every finished game has the same sum (``None`` otherwise). The default fits a
        game whose returns lie in [-1, 1]: with two seats, +1 / -1 or a 0 / 0 draw (zero-sum)."""
        return (-1.0, 1.0, 0.0 if self.num_players == 2 else None)

    def __repr__(self) -> str:
        cfg = ", ".join(f"{k}={v!r}" for k, v in self.config.items())
        return f"{type(self).__name__}({cfg})"


def seat_list(values: Sequence[float]) -> list[float]:
    return [float(v) for v in values]
