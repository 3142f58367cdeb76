"""The one generic PettingZoo AEC environment that drives any mythenv Game.

It does its own turn-order and illegal-action checks in one place instead of stacking PettingZoo's
wrappers (each wrapper layer costs a large share of a fast env's step time, see docs/design.md).
"""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from .actions import as_action
from .errors import (
    ConfigError,
    IllegalActionError,
    IllegalActionWarning,
    RenderModeError,
    StateError,
    _describable,
)
from .game import Game, State

_FLOAT32 = np.dtype(np.float32)  # the observation dtype, converted once (np.empty per step)
ILLEGAL_ACTION_MODES = ("terminate", "penalize", "raise")
RENDER_MODES = ("ansi", "human", "rgb_array")


def check_render_mode(render_mode: str | None) -> None:
    """``RenderModeError`` (a ConfigError and a TypeError) for a render mode mythenv does not offer."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise RenderModeError(f"render_mode={render_mode!r} is not allowed; allowed: None, "
                              + ", ".join(map(repr, RENDER_MODES)))


def check_render_seat(render_seat: Any, num_players: int) -> int | str | None:
    """``render_seat`` as the envs take it (``None``, a seat, or ``"all"``), or ``ConfigError``."""
    if isinstance(render_seat, np.integer) and not isinstance(render_seat, np.bool_):
        render_seat = int(render_seat)
    if render_seat is None or render_seat == "all" and isinstance(render_seat, str) or (
            isinstance(render_seat, int) and not isinstance(render_seat, bool) and 0 <= render_seat < num_players):
        return render_seat
    raise ConfigError(f"render_seat={render_seat!r} is not allowed; allowed: None (the acting seat), "
                      f"0..{num_players - 1} (that seat's view) or 'all' (the omniscient view, for debugging)")


def warn_illegal(action: Any, who: str, outcome: str, legal: list[int], describe, stacklevel: int) -> None:
    """The :class:`IllegalActionWarning` naming the action, who took it and what happens now
    (``stacklevel`` counts from the caller of this function, as ``warnings.warn`` does)."""
    what = repr(action)
    if describe is not None and _describable(action):
        try:
            what += f" ({describe(int(action))})"
        except Exception:  # noqa: BLE001 - an out-of-range action has no description
            pass
    shown = ", ".join(map(str, legal[:20])) + (" ..." if len(legal) > 20 else "")
    warnings.warn(f"illegal action {what} by {who} (legal: {shown}): {outcome}; "
                  "pass illegal_action='raise' to get IllegalActionError instead",
                  IllegalActionWarning, stacklevel=stacklevel + 1)


class MythEnv(AECEnv):
    """PettingZoo AEC env over a :class:`Game`.

    Observations are dicts ``{"observation": float32[obs_size], "action_mask": int8[num_actions]}``.
    Rewards are the game's ``returns()`` paid when the game ends.

    An action the mask does not allow (``illegal_action``):

    - ``"terminate"`` (default, what PettingZoo's classic envs do through their
      ``TerminateIllegalWrapper``): the game ends, the offender gets -1 and every other seat 0, with
      an :class:`IllegalActionWarning` naming the action; ``infos`` name the offender.
    - ``"penalize"``: the same, except that at two seats the other seat gets +1 (zero-sum).
    - ``"raise"``: :class:`IllegalActionError` naming the action and the legal ones; nothing changes
      (for debugging an agent that should never pick an illegal action).

    ``render_mode``: ``"ansi"`` (text), ``"human"`` (the text printed after each step) or
    ``"rgb_array"`` (an ``(H, W, 3)`` uint8 picture of the table, one fixed size per config).
    ``render_seat`` picks whose view is drawn: ``None`` (default) the seat to act, and after the end
    the seat that took the last action; an int that seat; ``"all"`` everything, hidden cards
    included (for debugging). Any other value is a ``ConfigError``.

    ``state()`` is PettingZoo's global state for centralised critics: every seat's observation,
    concatenated in seat order (``state_space`` is the matching ``Box``). The game's own State object
    (the whole truth, for search and analysis) is ``env.game_state``.
    """

    metadata = {"render_modes": list(RENDER_MODES), "is_parallelizable": False, "render_fps": 1}

    def __init__(self, game: Game, render_mode: str | None = None, illegal_action: str = "terminate",
                 copy_observations: bool = True, render_seat: int | str | None = None):
        super().__init__()
        check_render_mode(render_mode)
        self.render_seat = check_render_seat(render_seat, game.num_players)
        if illegal_action not in ILLEGAL_ACTION_MODES:
            raise ConfigError(f"illegal_action={illegal_action!r} is not allowed; allowed: "
                              + ", ".join(map(repr, ILLEGAL_ACTION_MODES)))
        self.game = game
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.copy_observations = copy_observations
        self.metadata = dict(self.metadata, name=game.info.game_id)
        self.possible_agents = list(game.agent_names)
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        n_obs, n_act = game.observation_size, game.num_actions
        obs_box = gymnasium.spaces.Box(0.0, 1.0, (n_obs,), np.float32)
        mask_box = gymnasium.spaces.Box(0, 1, (n_act,), np.int8)
        self.observation_spaces = {
            a: gymnasium.spaces.Dict({"observation": obs_box, "action_mask": mask_box})
            for a in self.possible_agents
        }
        self.action_spaces = {a: gymnasium.spaces.Discrete(n_act) for a in self.possible_agents}
        self.state_space = gymnasium.spaces.Box(0.0, 1.0, (len(self.possible_agents) * n_obs,), np.float32)
        self._obs_bufs = {a: np.zeros(n_obs, np.float32) for a in self.possible_agents}
        self._obs_list = [self._obs_bufs[a] for a in self.possible_agents]   # the same, by seat
        # per-step fast path: the seat's buffer written in place unless the Game overrides observation()
        self._direct_encode = type(game).observation is Game.observation
        self._rewards_zero = True  # every entry of self.rewards is 0.0 (nothing to accumulate)
        self._mask_bufs = {a: np.zeros(n_act, np.int8) for a in self.possible_agents}
        self._mask_list = [self._mask_bufs[a] for a in self.possible_agents]
        self._obs_size, self._num_actions = n_obs, n_act
        self.game_state: State | None = None
        self._last_mover = 0   # the seat that took the last action (render's default after the end)
        self._seed: int | None = None
        self._np_random = np.random.default_rng()

    # ----- spaces -----
    def observation_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.action_spaces[agent]

    # ----- lifecycle -----
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._np_random = np.random.default_rng(seed)
        game_seed = int(self._np_random.integers(0, 2**63 - 1))
        self.game_state = self.game.new_initial_state(seed=game_seed)
        if options and "state" in options:
            self.game_state = self.game.state_from_dict(options["state"])
            if self.game_state.chance_nodes:  # a state saved waiting at chance (OpenSpiel's tree): the
                self.game_state.chance_nodes = False  # env draws its chance itself, as every env state does
                self.game_state._draw_chance()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._rewards_zero = True
        self._last_mover = 0
        self._sync_after_move()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        p = self._index[agent]
        state = self.game_state
        if state is None:
            raise StateError("reset() needs to be called before observe")
        if self._direct_encode:
            buf = self._obs_list[p]
            game = self.game
            c = game._c_encode  # the compiled encoder (Game.observation's first choice), called directly
            if c is not None and self.copy_observations:
                # a fresh array the caller owns, written whole by the compiled encoder (which zeroes it
                # first), instead of the seat's buffer and a copy of it
                obs = np.empty(self._obs_size, _FLOAT32)
                if c(state, p, obs, game.c_layout):
                    return {"observation": obs, "action_mask": self._fresh_mask(state, p)}
                c = None  # it could not write: the Python encoder below
            if c is None or not c(state, p, buf, game.c_layout):
                # no compiled encoder, or it declined: the Python one re-encodes the seat's buffer
                buf.fill(0.0)
                game.encode(state, p, buf)
            obs = buf.copy() if self.copy_observations else buf
        else:
            obs = self.game.observation(state, p, None if self.copy_observations else self._obs_list[p])
        if self.copy_observations:  # fresh arrays the caller owns
            mask = self._fresh_mask(state, p)
        else:
            mask = self._mask_list[p]
            if p == state.current_player():
                state.legal_mask(mask)
            else:
                mask.fill(0)
        return {"observation": obs, "action_mask": mask}

    def _fresh_mask(self, state: State, p: int) -> np.ndarray:
        """Seat ``p``'s action mask as a new int8 array (zeros when another seat is to act)."""
        if p != state.current_player():
            return np.zeros(self._num_actions, np.int8)
        if type(state).legal_mask is State.legal_mask:
            b = bytearray(self._num_actions)  # the mask built in a bytearray, then wrapped (no copy)
            for a in state._legal_view():
                b[a] = 1
            return np.frombuffer(b, np.int8)
        mask = np.zeros(self._num_actions, np.int8)
        state.legal_mask(mask)
        return mask

    def step(self, action: Any) -> None:
        try:
            agent = self.agent_selection
            done = self.terminations[agent] or self.truncations[agent]
        except (AttributeError, KeyError):  # before reset(), or every agent has left
            self._check_stepping("step")
            raise
        if done:
            if action is not None:
                raise IllegalActionError(action, None, None, f"{agent} is done: the only valid action is None")
            self._was_dead_step(action)
            return
        state = self.game_state
        if type(action) is not int:  # numpy integers become ints; anything else is refused below
            a = as_action(action)
            ok = a is not None
            if ok:
                action = a
        else:
            ok = True
        if not ok or action not in state._legal_view():
            if self.illegal_action == "raise":
                describe = state.action_to_string if isinstance(action, (int, np.integer)) else None
                raise IllegalActionError(action, state.legal_actions(), describe,
                                         f"it is not legal for {agent} now (actions are ints 0.."
                                         f"{self.game.num_actions - 1} masked in by action_mask)")
            self._end_on_illegal(agent, action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._last_mover = self._index[agent]
        state._apply(action)
        self._sync_after_move()
        if self.render_mode == "human":
            self.render()

    def _check_stepping(self, what: str) -> None:
        """The clear error for ``step()`` / ``last()`` / ``observe()`` when there is nothing to act on."""
        if self.game_state is None or not hasattr(self, "agent_selection"):
            raise StateError(f"reset() needs to be called before {what}")
        if not self.agents:
            raise StateError(f"{what}() after every agent is done (the game is over and each agent "
                             "has taken its final step(None)); call reset() to play again")

    def last(self, observe: bool = True):
        try:
            return super().last(observe)
        except (AttributeError, KeyError):
            self._check_stepping("last")
            raise

    def _sync_after_move(self) -> None:
        state = self.game_state
        if state.is_terminal():
            ret = state.returns()
            extra = state.final_info()
            for a in self.agents:
                self.rewards[a] = float(ret[self._index[a]])
                self.terminations[a] = True
                if extra:
                    self.infos[a] = {**self.infos.get(a, {}), **extra}
            # hand out the final rewards in seat order
            self.agent_selection = self.agents[0]
        else:
            if not self._rewards_zero:
                for a in self.agents:
                    self.rewards[a] = 0.0
                self._rewards_zero = True
            self.agent_selection = self.possible_agents[state.current_player()]
            out = state.finished_seats()
            if out:  # eliminated seats leave now with their final return
                newly = False
                cur = state.current_player()
                for p, r in out.items():
                    if p == cur:  # it still has a decision to take: it leaves after that
                        continue
                    a = self.possible_agents[p]
                    if a in self.terminations and not self.terminations[a]:
                        self.terminations[a] = True
                        self.rewards[a] = float(r)
                        self._rewards_zero = False
                        newly = True
                if newly:
                    self._accumulate_rewards()
                    self._deads_step_first()
                    return
            if self._rewards_zero:
                return  # adding zero rewards changes no cumulative reward: skip the loop
        self._rewards_zero = False
        self._accumulate_rewards()

    def _end_on_illegal(self, agent: str, action: Any) -> None:
        """``illegal_action="terminate"`` / ``"penalize"``: the game ends with the offender at -1."""
        n = len(self.agents)
        other = 1.0 if n == 2 and self.illegal_action == "penalize" else 0.0
        state = self.game_state
        rewards = ", ".join(f"{a} {-1.0 if a == agent else other:+g}" for a in self.agents)
        warn_illegal(action, agent, f"the game ends ({rewards})", state.legal_actions(),
                     state.action_to_string, stacklevel=3)  # the caller of step()
        for a in self.agents:
            self.rewards[a] = -1.0 if a == agent else other
            self.terminations[a] = True
            self.infos[a] = {"illegal_action_by": agent, "illegal_action": action}
        self._rewards_zero = False
        self._cumulative_rewards[agent] = 0.0
        self._accumulate_rewards()

    # ----- global state (centralised critics) -----
    def state(self) -> np.ndarray:
        """Every seat's observation of the current position, concatenated in seat order: a float32
        vector in ``state_space``. It holds everything some seat knows (each seat's hand, public
        piles, whose turn it is), not what no seat has seen yet (undrawn cards' order)."""
        gs = self.game_state
        if gs is None:
            raise StateError("reset() needs to be called before state")
        n = self._obs_size
        out = np.zeros(len(self.possible_agents) * n, np.float32)
        for p in range(len(self.possible_agents)):
            self.game.observation(gs, p, out[p * n:(p + 1) * n])
        return out

    # ----- people -----
    def render(self) -> str | np.ndarray | None:
        """The position from ``render_seat``'s view: text (``"ansi"``; ``"human"`` prints it) or an
        ``(H, W, 3)`` uint8 frame (``"rgb_array"``). ``render_seat=None`` (the default) draws the acting
        seat's view, and after the end the view of the seat that took the last action; an int draws
        that seat's view, ``"all"`` everything (for debugging: it shows hidden cards)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; pass render_mode='ansi', 'human' "
                                  "or 'rgb_array'")
            return None
        if self.game_state is None:
            raise StateError("reset() needs to be called before render")
        seat = self.render_seat
        if seat is None:
            cur = self.game_state.current_player()
            seat = cur if cur >= 0 else self._last_mover
        if self.render_mode == "rgb_array":
            return self.game.frame(self.game_state, seat)
        text = self.game_state.render(None if seat == "all" else seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    def __str__(self) -> str:
        return self.game.info.game_id


def env_constructors(game_cls: type[Game]):
    """``(raw_env, env)`` module functions in PettingZoo's style for a Game class: both build the
    one generic env (it checks turn order and illegal actions itself, so no wrapper is stacked)."""

    def raw_env(render_mode: str | None = None, illegal_action: str = "terminate", render_seat=None,
                **config) -> MythEnv:
        """The AEC env of this game with the given config."""
        return MythEnv(game_cls(**config), render_mode=render_mode, illegal_action=illegal_action,
                       render_seat=render_seat)

    raw_env.__doc__ = f"The {game_cls.info.name} AEC env (``{game_cls.info.game_id}``) with the given config."
    return raw_env, raw_env
