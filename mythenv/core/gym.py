"""Single-agent Gymnasium view of any game: the learner plays one seat, the other seats are agents.

``gymnasium.make("mythenv/HeraZeus-v0", opponent="random")`` works after ``import mythenv``.
The env has ``action_masks()`` for sb3-contrib's MaskablePPO and puts the mask in ``info`` too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np

from .env import ILLEGAL_ACTION_MODES, RENDER_MODES, check_render_mode, check_render_seat, warn_illegal
from .errors import ConfigError, IllegalActionError, StateError
from .game import Game
from .registry import game_class, list_games
from .view import SeatView

SEAT_MODES = ("rotate", "random")


#: ``resolver(spec, game, seed) -> agent``: turns an opponent spec (an agent name, an Agent, a callable)
#: into an agent; registered by :mod:`mythenv.agents` (the core knows nothing of the agents above it)
_OPPONENT_RESOLVER: Callable | None = None


def register_opponent_resolver(resolver: Callable) -> None:
    """Make the single-agent env build its opponents with ``resolver(spec, game, seed) -> agent``
    (an agent has ``reset(seat, seed)`` and ``act(view) -> action``)."""
    global _OPPONENT_RESOLVER
    _OPPONENT_RESOLVER = resolver


def _make_opponent(spec: Any, game: Game, seed: int | None):
    """An opponent from a name (``"random"``, ``"heuristic"``, ...), an Agent, or ``fn(view)``."""
    if _OPPONENT_RESOLVER is None:
        raise ConfigError(f"opponent {spec!r}: no opponent resolver is registered (import mythenv.agents)")
    return _OPPONENT_RESOLVER(spec, game, seed)


class SingleAgentEnv(gymnasium.Env):
    """The learner takes ``seat`` (an int, ``"rotate"`` through the seats each reset, or
    ``"random"``); every other seat is played by ``opponent`` (one spec for all, or a list with
    one per other seat, or a callable ``opponent_sampler(rng) -> spec`` drawn at each reset).
    Reward: the learner's return when the game ends, 0 before.

    An action outside the mask: with ``illegal_action="terminate"`` (default; ``"penalize"`` is the
    same here) the episode ends (``terminated=True``) with reward -1, an
    :class:`~mythenv.core.errors.IllegalActionWarning` naming the action and ``info["illegal_action"]``,
    which is what Gymnasium's and Stable-Baselines3's env checkers (they step unmasked random actions)
    expect of an env; ``"raise"`` raises ``IllegalActionError`` and changes nothing.

    ``info["action_mask"]`` is the learner's legal actions; on the step that ends an episode, where
    no action is legal any more and the next action is ignored (a vector env resets instead), it is
    all ones, like ``action_masks()``, so code that samples from the mask never meets an empty one.
    The game's State object is ``env.unwrapped.game_state``.

    ``render_mode``: ``"ansi"``, ``"human"`` or ``"rgb_array"`` (an ``(H, W, 3)`` uint8 picture of the
    table), drawn from the learner's seat, or ``render_seat``'s (a seat, or ``"all"``: everything)."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}

    def __init__(self, game: str | Game, opponent: Any = "random", seat: int | str = "rotate",
                 render_mode: str | None = None, opponent_sampler: Callable | None = None,
                 illegal_action: str = "terminate", render_seat: int | str | None = None, **config: Any):
        self.game = game_class(game)(**config) if isinstance(game, str) else game
        n = self.game.num_players
        if isinstance(seat, np.integer) and not isinstance(seat, np.bool_):
            seat = int(seat)
        if not (isinstance(seat, str) and seat in SEAT_MODES
                or isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < n):
            raise ConfigError(f"seat={seat!r} is not allowed; allowed: 0..{n - 1}, 'rotate', 'random'")
        check_render_mode(render_mode)
        self.render_seat = check_render_seat(render_seat, n)
        if illegal_action not in ILLEGAL_ACTION_MODES:
            raise ConfigError(f"illegal_action={illegal_action!r} is not allowed; allowed: "
                              + ", ".join(map(repr, ILLEGAL_ACTION_MODES)))
        self.illegal_action = illegal_action
        self.seat_mode = seat
        self.render_mode = render_mode
        self.opponent_spec = opponent
        self.opponent_sampler = opponent_sampler
        self.observation_space = gymnasium.spaces.Box(0.0, 1.0, (self.game.observation_size,), np.float32)
        self.action_space = gymnasium.spaces.Discrete(self.game.num_actions)
        self._mask = np.zeros(self.game.num_actions, np.int8)
        self._episodes = 0
        self._moves = 0
        self._rng = np.random.default_rng()
        self.game_state = None
        self._last_state = None   # the position an illegal action ended the episode in (rgb_array draws it)
        self.seat = 0 if isinstance(seat, str) else seat
        self.opponents: dict[int, Any] = {}

    # ----- helpers -----
    def _build_opponents(self, seed: int) -> None:
        n = self.game.num_players
        others = [s for s in range(n) if s != self.seat]
        spec = self.opponent_sampler(self._rng) if self.opponent_sampler is not None else self.opponent_spec
        specs: Sequence[Any] = spec if isinstance(spec, (list, tuple)) else [spec] * len(others)
        if len(specs) != len(others):
            raise ConfigError(f"{len(specs)} opponents given for {len(others)} other seats")
        self.opponents = {}
        for i, (s, sp) in enumerate(zip(others, specs)):
            agent = _make_opponent(sp, self.game, seed + i)
            agent.reset(s, seed + 1000 + i)
            self.opponents[s] = agent

    def _advance(self) -> None:
        st = self.game_state
        limit = self.game.max_moves
        while not st.is_terminal() and st.current_player() != self.seat and self._moves < limit:
            p = st.current_player()
            view = SeatView(self.game, st, p, self._rng)
            st.apply_action(self.opponents[p].act(view))
            self._moves += 1

    def _obs(self, ended: bool = False) -> tuple[np.ndarray, dict]:
        st = self.game_state
        obs = self.game.observation(st, self.seat)
        if ended or st.is_terminal():
            mask = np.ones(self.game.num_actions, np.int8)  # no action is legal: any will do (see class doc)
        else:
            mask = st.legal_mask(self._mask).copy()
        return obs, {"action_mask": mask, "seat": self.seat}

    # ----- gymnasium API -----
    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        if seed is not None:  # a seed fixes the episode completely, seat rotation included
            self._rng = np.random.default_rng(seed)
            self._episodes = 0
        n = self.game.num_players
        if self.seat_mode == "rotate":
            self.seat = self._episodes % n
        elif self.seat_mode == "random":
            self.seat = int(self._rng.integers(n))
        self._episodes += 1
        game_seed = int(self._rng.integers(2**62))
        self.game_state = self.game.new_initial_state(seed=game_seed)
        self._moves = 0   # the episode's decisions, every seat's
        self._build_opponents(game_seed % 2**31)
        self._advance()
        return self._obs()

    def step(self, action):
        st = self.game_state
        if st is None or st.is_terminal():
            if self._episodes == 0:
                raise StateError("reset() needs to be called before step")
            raise IllegalActionError(action, [], None, "the episode is over; call reset()")
        if self.illegal_action == "raise":
            st.apply_action(action)  # an illegal action raises IllegalActionError and changes nothing
        else:
            try:
                st.apply_action(action)
            except IllegalActionError:
                warn_illegal(action, f"seat {self.seat}", "the episode ends with reward -1",
                             st.legal_actions(), st.action_to_string, stacklevel=2)
                obs, info = self._obs(ended=True)
                info["illegal_action"] = action
                self._last_state, self.game_state = st, None
                return obs, -1.0, True, False, info
        self._moves += 1
        self._advance()
        done = st.is_terminal()
        truncated = not done and self._moves >= self.game.max_moves   # a runaway game (Game.max_moves)
        obs, info = self._obs(ended=truncated)
        reward = float(st.returns()[self.seat]) if done else 0.0
        if done:
            info.update(st.final_info())
        if truncated:
            self._last_state, self.game_state = st, None
        if self.render_mode == "human":
            print(self.render())
        return obs, reward, done, truncated, info

    def action_masks(self) -> np.ndarray:
        """For sb3-contrib's MaskablePPO."""
        if self.game_state is None or self.game_state.is_terminal():
            return np.ones(self.game.num_actions, bool)
        return self.game_state.legal_mask(self._mask).astype(bool)

    def render(self):
        """The learner's view (or ``render_seat``'s: a seat, or ``"all"`` for everything): text for
        ``"ansi"`` / ``"human"``, an ``(H, W, 3)`` uint8 frame for ``"rgb_array"`` (Gymnasium's
        ``RecordVideo`` films it)."""
        seat = self.seat if self.render_seat is None else self.render_seat
        if self.render_mode == "rgb_array":
            st = self.game_state if self.game_state is not None else self._last_state
            if st is None:
                raise StateError("reset() needs to be called before render")
            return self.game.frame(st, seat)
        st = self.game_state
        text = st.render(None if seat == "all" else seat) if st is not None else ""
        if self.render_mode == "human":
            print(text)
            return None
        return text


def _entry(game_id: str, **kwargs) -> SingleAgentEnv:
    return SingleAgentEnv(game_id, **kwargs)


def register_gymnasium_env(game_id: str) -> None:
    """Register the game's ``gym_id`` (``mythenv/<Name>-v0``) with Gymnasium, if it declares one."""
    gym_id = getattr(game_class(game_id), "gym_id", None)
    if gym_id and gym_id not in gymnasium.registry:
        gymnasium.register(gym_id, entry_point=_entry, kwargs={"game_id": game_id}, disable_env_checker=True)


def register_gymnasium_envs() -> None:
    """Register ``mythenv/<Name>-v0`` for every listed game that declares a ``gym_id``."""
    for gid in list_games():
        register_gymnasium_env(gid)
