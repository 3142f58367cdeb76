"""The batched engine: ``num_envs`` games stepped in one call, in this process.

:class:`VecEnv` is a ``gymnasium.vector.VectorEnv``. Each row is one game seen from one seat (the
learner's); the other seats are played inside the engine by opponents, or, with ``self_play=True``,
every seat's decision comes back to the caller. Observations and masks are written in place into one
``(N, D)`` float32 and one ``(N, A)`` int8 buffer by the game's encoder (the compiled one when it was
built) and ``State.legal_mask``; rewards, ends and infos are arrays. A row that ends is reset in the
same step (``AutoresetMode.SAME_STEP``): its observation is the new game's, the final one is in
``infos["final_observation"]``.

Every row owns a random generator (``SeedSequence(seed).spawn(rows)``) from which its game seeds,
seats, opponent draws and opponent choices come, so a row's games do not depend on how many rows
there are next to it or on which process steps it (``mythenv.vector.shard`` runs slices of the rows
in worker processes). See docs/vector.md.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from mythenv.core.errors import ConfigError, IllegalActionError, StateError
from mythenv.core.game import Game, State
from mythenv.core.registry import game_class
from mythenv.core.view import SeatView

SEAT_MODES = ("rotate", "random")
#: ``self`` in a pool draws a snapshot added with ``add_snapshot``: the newest with this probability,
#: else one of the last ``SNAPSHOTS_KEPT`` uniformly (as ``mythenv train``'s pool does)
LATEST_PROB = 0.5
SNAPSHOTS_KEPT = 10


# ----------------------------------------------------------------------------------- opponents
class _Random:
    """Uniform over the legal actions, from the row's generator (played inline by the engine)."""

    name = "random"
    batched = False


RANDOM = _Random()


class _Heuristic:
    """The game's rule-based baseline ``type(game).heuristic(view, rng)`` (``HeuristicAgent``)."""

    batched = False
    name = "heuristic"

    def __init__(self, game: Game):
        fn = getattr(type(game), "heuristic", None)
        if fn is None:
            raise ConfigError(f"{game.info.game_id} registers no heuristic")
        self.fn = fn

    def act(self, game: Game, st: State, p: int, rng: np.random.Generator) -> int:
        return self.fn(SeatView(game, st, p, rng), rng)


class _AgentOpponent:
    """Any agent (an ``Agent`` instance, a registered name, ``fn(view) -> action``), asked one row at a
    time. One instance serves every row: before each call it is handed the row's generator
    (``agent.rng``) and seat, so its draws stay those of the row."""

    batched = False

    def __init__(self, agent: Any, name: str):
        self.agent, self.name = agent, name

    def act(self, game: Game, st: State, p: int, rng: np.random.Generator) -> int:
        agent = self.agent
        agent.rng, agent.seat = rng, p
        return agent.act(SeatView(game, st, p, rng))


class _PolicyOpponent:
    """An exported policy (``NumpyPolicy``): one forward pass over every row waiting on it; greedy
    (``deterministic``) or a sample of the masked softmax drawn with each row's generator."""

    batched = True

    def __init__(self, policy: Any, deterministic: bool, name: str):
        self.policy, self.deterministic, self.name = policy, deterministic, name

    def choose(self, obs: np.ndarray, mask: np.ndarray, rngs: list[np.random.Generator]) -> list[int]:
        z = self.policy.logits(obs)
        z = np.where(mask.view(bool), z, np.float32(-np.inf))
        if self.deterministic:
            return np.argmax(z, axis=1).tolist()
        z = z.astype(np.float64)
        p = np.exp(z - z.max(axis=1, keepdims=True))
        cum = np.cumsum(p, axis=1)
        u = np.array([r.random() for r in rngs]) * cum[:, -1]
        # the first action whose cumulative weight passes u (a masked action adds nothing, so never it)
        return np.minimum((cum <= u[:, None]).sum(axis=1), mask.shape[1] - 1).tolist()


class _Opponents:
    """Turns the ``opponents`` argument into a draw ``draw(rng, seat) -> [opponent or None per seat]``
    (None at the learner's seat). Opponents built from the same spec are one object, so the rows
    waiting on one policy meet in one forward pass."""

    def __init__(self, game: Game, spec: Any, deterministic: bool | None):
        self.game = game
        self.deterministic = deterministic
        self._cache: dict[Any, Any] = {}
        self.snapshots: list[Any] = []   # ``self`` opponents, newest last (add_snapshot)
        n_other = game.num_players - 1
        self.fixed: list[Any] | None = None
        self.pool: list[tuple[Any, float]] | None = None
        if isinstance(spec, dict):
            if not spec:
                raise ConfigError("opponents={}: a pool needs at least one entry")
            pool = []
            for k, w in spec.items():
                if isinstance(w, bool) or not isinstance(w, (int, float, np.integer, np.floating)) or not w >= 0:
                    raise ConfigError(f"opponents pool: weight {w!r} of {k!r} must be a number >= 0")
                pool.append((k if k == "self" else self.resolve(k, pooled=True), float(w)))
            if sum(w for _, w in pool) <= 0:
                raise ConfigError(f"opponents pool {spec!r}: the weights must have a positive sum")
            self.pool = pool
            self._weights_for(False)   # checks a pool of only ``self`` has somewhere to go
        elif isinstance(spec, (list, tuple)):
            if len(spec) != n_other:
                raise ConfigError(f"opponents: {len(spec)} given for {n_other} other seat(s) of "
                                  f"{game.info.game_id} with {game.num_players} players")
            self.fixed = [self.resolve(s) for s in spec]
        else:
            self.fixed = [self.resolve(spec)] * n_other

    # ---- specs
    def resolve(self, spec: Any, pooled: bool = False) -> Any:
        """One opponent object per spec (cached): ``random``, ``heuristic``, ``ppo``, ``ppo:PATH.npz``,
        a bare ``PATH.npz`` (in a pool: a snapshot), another agent name, an Agent, or a callable."""
        from mythenv.agents.base import Agent, FunctionAgent, make_agent, parse_agent_spec

        key = (spec, pooled) if isinstance(spec, str) else id(spec)
        if key in self._cache:
            return self._cache[key][1]
        game = self.game
        if isinstance(spec, str):
            base, kw = parse_agent_spec(spec)
            if spec == "random":
                opp = RANDOM
            elif spec == "heuristic":
                opp = _Heuristic(game)
            elif spec.endswith(".npz") and base != "ppo":   # a bare path: an exported snapshot
                opp = self._policy(spec, kw.get("deterministic"), greedy=False)
            elif base == "ppo" and (kw.get("path") is None or str(kw["path"]).endswith(".npz")) and \
                    set(kw) <= {"path", "deterministic"}:
                opp = self._policy(kw.get("path"), kw.get("deterministic"), greedy=True, name=spec)
            else:
                opp = _AgentOpponent(make_agent(spec, game), spec)
        elif isinstance(spec, Agent):
            opp = _AgentOpponent(spec, getattr(spec, "name", type(spec).__name__))
        elif callable(spec):
            opp = _AgentOpponent(FunctionAgent(game, spec), getattr(spec, "__name__", "function"))
        else:
            raise ConfigError(f"opponent {spec!r} is not an agent name ('random', 'heuristic', 'ppo', "
                              "'ppo:PATH.npz', ...), a PATH.npz, an Agent or a callable(view) -> action")
        self._cache[key] = (spec, opp)   # the spec is kept so that its id stays unique
        return opp

    def _policy(self, path: str | None, deterministic: Any, greedy: bool, name: str | None = None):
        from mythenv.agents.numpy_policy import NumpyPolicy, shipped_policy

        pol = shipped_policy(self.game) if path is None else NumpyPolicy.load(path)
        pol.check_game(self.game)
        if self.deterministic is not None:
            greedy = self.deterministic
        if deterministic is not None:
            if not isinstance(deterministic, bool):
                raise ConfigError(f"opponent {name or path}: deterministic={deterministic!r} is not true/false")
            greedy = deterministic
        return _PolicyOpponent(pol, greedy, name or str(path))

    def add_snapshot(self, path: str) -> None:
        """A snapshot the pool's ``self`` entry may draw from now on (sampled, not greedy)."""
        opp = self.resolve(str(path), pooled=True)
        if opp not in self.snapshots:
            self.snapshots.append(opp)
            del self.snapshots[:-SNAPSHOTS_KEPT]

    def _weights_for(self, have_snapshots: bool) -> tuple[list[Any], list[float]]:
        kinds = [(k, w) for k, w in self.pool if w > 0 and (k != "self" or have_snapshots)]
        if not kinds:   # only ``self`` and no snapshot yet: random until the first one
            kinds = [(RANDOM, 1.0)]
        total = sum(w for _, w in kinds)
        cum, acc = [], 0.0
        for _, w in kinds:
            acc += w / total
            cum.append(acc)
        cum[-1] = 1.0
        return [k for k, _ in kinds], cum

    # ---- per game
    def draw(self, rng: np.random.Generator, seat: int) -> list[Any]:
        n = self.game.num_players
        if self.fixed is not None:
            out = list(self.fixed)
            out.insert(seat, None)
            return out
        kinds, cum = self._weights_for(bool(self.snapshots))
        out = []
        for p in range(n):
            if p == seat:
                out.append(None)
                continue
            k = kinds[bisect.bisect_right(cum, rng.random())] if len(kinds) > 1 else kinds[0]
            if k == "self":
                recent = self.snapshots
                k = recent[-1] if rng.random() < LATEST_PROB else recent[int(rng.random() * len(recent))]
            out.append(k)
        return out

    def names(self) -> list[str]:
        if self.fixed is not None:
            return [o.name for o in self.fixed]
        return [k if k == "self" else k.name for k, _ in self.pool]


# ----------------------------------------------------------------------------------- the engine
def check_num_envs(num_envs: Any) -> int:
    if isinstance(num_envs, np.integer):
        num_envs = int(num_envs)
    if not isinstance(num_envs, int) or isinstance(num_envs, bool) or num_envs <= 0:
        raise ConfigError(f"num_envs={num_envs!r} is not allowed; expected an int >= 1")
    return num_envs


def check_seat(seat: Any, n: int) -> int | str:
    if isinstance(seat, np.integer) and not isinstance(seat, np.bool_):
        seat = int(seat)
    if isinstance(seat, str) and seat in SEAT_MODES or (
            isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < n):
        return seat
    raise ConfigError(f"seat={seat!r} is not allowed; allowed: 0..{n - 1}, 'rotate', 'random'")


def _finite(name: str, v: Any, ok, allowed: str) -> float:
    """``v`` as a float when it is a finite number (not a bool) for which ``ok`` holds, else a
    ConfigError naming ``name`` and what is ``allowed``."""
    if isinstance(v, np.floating | np.integer):
        v = float(v)
    if not isinstance(v, int | float) or isinstance(v, bool) or not math.isfinite(v) or not ok(v):
        raise ConfigError(f"{name}={v!r} must be {allowed}")
    return float(v)


def check_shaping(w: Any, game: Game | None = None) -> float:
    """The reward-shaping weight as a float, or a ConfigError naming what is allowed; with ``game``, a
    weight above 0 is refused for a game whose ``State.progress()`` is its returns."""
    w = _finite("shaping", w, lambda x: 0 <= x <= 1000, "a number from 0 to 1000 (0: the game's reward alone)")
    if w and game is not None and not game.new_initial_state(seed=0).measures_progress():
        raise ConfigError(f"shaping={w}: {game.info.game_id} keeps no points and measures no progress "
                          "(State.progress is its returns); use shaping = 0 for this game")
    return w


def check_gamma(g: Any) -> float:
    """The shaping's discount as a float in (0, 1], or a ConfigError."""
    return _finite("gamma", g, lambda x: 0 < x <= 1, "a number in (0, 1] (the learner's discount)")


def row_generators(seed: Any, rows: range, total: int) -> list[np.random.Generator]:
    """The generators of rows ``rows`` out of ``total``: ``seed`` an int (``SeedSequence(seed)``'s
    ``total`` children) or a list of ``total`` ints (one seed per row)."""
    if isinstance(seed, (list, tuple, np.ndarray)):
        if len(seed) != total:
            raise ConfigError(f"reset(seed=[...]): {len(seed)} seeds for {total} rows")
        return [np.random.default_rng(int(seed[i])) for i in rows]
    if isinstance(seed, np.integer):
        seed = int(seed)
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ConfigError(f"seed={seed!r} is not allowed; expected an int >= 0, a list of one per row, or None")
    children = np.random.SeedSequence(seed).spawn(total)
    return [np.random.default_rng(children[i]) for i in rows]


def check_actions(actions: Any, mask: np.ndarray, arange: np.ndarray, seats: Sequence[int], describe) -> list[int]:
    """``actions`` as a list of ints, after checking that each is in range and legal in its row (by
    the ``(N, A)`` int8 ``mask``), or ``IllegalActionError`` naming the first bad row and its action."""
    a = np.asarray(actions)
    n, A = mask.shape
    if a.shape != (n,) or a.dtype.kind not in "iu":
        raise IllegalActionError(actions if a.size <= 8 else f"array {a.dtype} {a.shape}", None, None,
                                 f"step() takes one integer action per row: an int array of shape ({n},)")
    if a.min() >= 0 and a.max() < A:
        ok = mask[arange, a]
        if ok.all():
            return a.tolist()
        bad = ok == 0
    else:
        bad = (a < 0) | (a >= A)
    i = int(np.flatnonzero(bad)[0])
    act = int(a[i])
    who = f"row {i} (seat {seats[i]})"
    legal = np.flatnonzero(mask[i]).tolist()
    if not 0 <= act < A:
        raise IllegalActionError(act, legal, None, f"{who}: actions are 0..{A - 1}; nothing was applied")
    raise IllegalActionError(act, legal, describe, f"{who}: it is not legal now; nothing was applied")


def infos_dict(seat: np.ndarray, returns: np.ndarray, ended: np.ndarray, final_obs: np.ndarray,
               final_seat: np.ndarray, ep_len: np.ndarray) -> dict[str, np.ndarray]:
    """The infos of a step (the arrays as given; the caller copies what it must)."""
    return {
        "seat": seat, "current_player": seat,
        "returns": returns, "_returns": ended,
        "final_observation": final_obs, "_final_observation": ended,
        "final_obs": final_obs, "_final_obs": ended,
        "final_mask": ended,
        "final_seat": final_seat,
        "episode_length": ep_len, "_episode_length": ended,
    }


def _byte_rows(mask: np.ndarray) -> list[memoryview]:
    """One writable memoryview per row of the int8 ``mask``: the engine sets a row's legal actions
    with item writes (a Python loop of them beats numpy's fancy indexing on the short lists of a
    decision, as in ``State.legal_mask``)."""
    return [memoryview(row) for row in mask]


class VecEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` games of ``game`` (a game id or a Game) stepped together; see :func:`mythenv.make_vec`.

    ``copy`` (default False): ``reset``/``step``/``action_masks`` return the engine's buffers themselves
    (and one infos dict of them), rewritten in place by the next ``step`` (what a rollout loop that stores or converts them at once
    wants; a fresh ``(N, D)`` array per step costs more than the step of a small game); ``copy=True``
    returns copies, as Gymnasium's own vector envs do by default."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}
    render_mode = None

    def __init__(self, game: str | Game, num_envs: int, *, opponents: Any = "random",
                 seat: int | str = "rotate", self_play: bool = False, seed: int | None = None,
                 deterministic: bool | None = None, copy: bool = False, shaping: float = 0.0,
                 gamma: float = 0.99, rows: range | None = None, total_rows: int | None = None,
                 **config: Any):
        if not isinstance(game, str) and config:
            raise ConfigError(f"config {sorted(config)} given with a Game: pass a game id, or the Game alone")
        self.game = game = game_class(game)(**config) if isinstance(game, str) else game
        n = check_num_envs(num_envs)
        P, D, A = game.num_players, game.observation_size, game.num_actions
        self.num_envs, self.num_players = n, P
        # rows of a larger batch (a worker's shard): their global indices and the batch's size
        self.rows = range(n) if rows is None else rows
        self.total_rows = n if total_rows is None else total_rows
        if not isinstance(self_play, bool):
            raise ConfigError(f"self_play={self_play!r} is not allowed; expected True or False")
        if deterministic is not None and not isinstance(deterministic, bool):
            raise ConfigError(f"deterministic={deterministic!r} is not allowed; expected None, True or False")
        self.self_play = self_play
        self.seat_mode = check_seat(seat, P) if not self_play else "self_play"
        self.opponents = None if self_play else _Opponents(game, opponents, deterministic)
        # potential-based reward shaping (Ng, Harada & Russell 1999) on the learner's rows
        self.shaping, self.gamma = check_shaping(shaping, game), check_gamma(gamma)
        if self.shaping and self_play:
            raise ConfigError("shaping needs a learner's seat per row; self_play=True returns every seat's "
                              "decisions (shape the rewards in the learner instead)")
        self.copy = copy

        self.single_observation_space = gymnasium.spaces.Box(0.0, 1.0, (D,), np.float32)
        self.single_action_space = gymnasium.spaces.Discrete(A)
        self.observation_space = batch_space(self.single_observation_space, n)
        self.action_space = batch_space(self.single_action_space, n)
        self.metadata = dict(self.metadata, name=game.info.game_id)

        # the buffers every step writes in place, and one view per row of each (made once)
        self._obs = np.zeros((n, D), np.float32)
        self._mask = np.zeros((n, A), np.int8)
        self._final_obs = np.zeros((n, D), np.float32)
        self._scratch_obs = np.zeros((n, D), np.float32)    # policy opponents' observations
        self._scratch_mask = np.zeros((n, A), np.int8)
        self._obs_rows, self._mask_rows = list(self._obs), _byte_rows(self._mask)
        self._final_rows = list(self._final_obs)
        self._rew = np.zeros(n, np.float32)
        self._term = np.zeros(n, bool)
        self._trunc = np.zeros(n, bool)
        self._ended = np.zeros(n, bool)
        self._returns = np.zeros((n, P), np.float32)
        self._seat = np.zeros(n, np.int64)
        self._final_seat = np.full(n, -1, np.int64)
        self._len = np.zeros(n, np.int64)           # decisions of the row's learner in its current game
        self._moves = [0] * n                       # decisions of every seat in the row's current game
        #: a game still going after this many decisions is truncated (``Game.max_moves``)
        self.max_moves = game.max_moves
        self._ep_len = np.zeros(n, np.int64)
        self._arange = np.arange(n)
        self._phi = np.zeros(n, np.float64)        # the shaping's potential at each row's learner decision

        # the fastest exact encoder: the compiled one, called directly (it zeroes and writes the row)
        direct = type(game).observation is Game.observation
        self._c_encode = game._c_encode if direct else None
        self._c_layout = game.c_layout
        # a game whose seats can be out before the end (eliminations): the learner's row ends then
        state_class = getattr(type(game), "state_class", None)
        self._has_finished = state_class is None or state_class.finished_seats is not State.finished_seats

        self.states: list[State | None] = [None] * n
        self._seats: list[int] = [0] * n           # each row's seat (copied into _seat after each call)
        self._opps: list[list[Any]] = [[]] * n
        self._games = [0] * n
        self._rngs: list[np.random.Generator] = []
        self._waiting: dict[Any, list[tuple[int, int]]] = {}
        self._seed = seed
        self._infos_view: dict | None = None
        #: decisions applied since the env was made (every seat's: the learners' and the opponents')
        self.decisions = 0

    # ----------------------------------------------------------------- public API
    def reset(self, *, seed: Any = None, options: dict | None = None):
        """Start a new game in every row. ``seed``: an int (row generators ``SeedSequence(seed)``'s
        children), a list of one int per row, or None (the first time: fresh entropy; later: the rows'
        generators go on)."""
        if seed is None and not self._rngs:
            seed = self._seed if self._seed is not None else int(np.random.SeedSequence().entropy % 2**63)
        if seed is not None:
            self._rngs = row_generators(seed, self.rows, self.total_rows)
            self._games = [0] * self.num_envs
        self._waiting = {}
        self._ended.fill(False)
        self._rew.fill(0.0)
        self._term.fill(False)
        self._trunc.fill(False)
        self._returns.fill(0.0)
        self._final_seat.fill(-1)
        self._ep_len.fill(0)
        for i in range(self.num_envs):
            self._new_game(i)
        self._mask.fill(0)   # each row's legal actions are then set in it (_run)
        for i in range(self.num_envs):
            self._run(i)
        self._play_policies()
        self._seat[:] = self._seats
        if self.shaping:
            self._phi[:] = [self._potential(i) for i in range(self.num_envs)]
        return self._out_obs(), self._infos()

    def step(self, actions):
        self.apply_checked(self._check_actions(actions))
        return self._out_obs(), self._out(self._rew), self._out(self._term), self._out(self._trunc), self._infos()

    def apply_checked(self, acts: Sequence[int]) -> None:
        """``step`` for actions already checked (python ints, one per row): apply them and play on to
        each row's next learner decision, leaving the outputs in the buffers (the caller's shard of a
        :class:`~mythenv.vector.shard.ShardedVecEnv`, whose actions were checked for the whole batch)."""
        if self._ended.any():   # rewards and ends are only ever set on rows that ended
            self._rew.fill(0.0)
            self._term.fill(False)
            self._trunc.fill(False)
            self._ended.fill(False)
            self._returns.fill(0.0)
            self._final_seat.fill(-1)
            self._ep_len.fill(0)
        self._len += 1
        self.decisions += self.num_envs
        states, run, moves = self.states, self._run, self._moves
        self._mask.fill(0)   # the whole batch's masks at once: each row's legal actions are then set in it (_run)
        for i in range(self.num_envs):
            states[i]._apply(acts[i])
            moves[i] += 1
            run(i)
        if self._waiting:
            self._play_policies()
        self._seat[:] = self._seats
        if self.shaping:
            self._shape()

    def write_into(self, obs: np.ndarray, mask: np.ndarray, final_obs: np.ndarray | None = None) -> None:
        """Write the observations and masks into ``obs`` ``(num_envs, D)`` float32 and ``mask``
        ``(num_envs, A)`` int8 (views of a larger batch's buffers) instead of the engine's own, and the
        final observations of the rows that end into ``final_obs`` ``(num_envs, D)`` float32 when given,
        from the next ``reset`` on."""
        n, D, A = self.num_envs, self.game.observation_size, self.game.num_actions
        if (obs.shape != (n, D) or obs.dtype != np.float32 or mask.shape != (n, A) or mask.dtype != np.int8
                or final_obs is not None and (final_obs.shape != (n, D) or final_obs.dtype != np.float32)):
            raise ConfigError(f"write_into: buffers of shapes {(n, D)} float32 and {(n, A)} int8 expected")
        self._obs, self._mask = obs, mask
        self._obs_rows, self._mask_rows = list(obs), _byte_rows(mask)
        if final_obs is not None:
            self._final_obs, self._final_rows = final_obs, list(final_obs)
            self._infos_view = None

    def action_masks(self) -> np.ndarray:
        """The legal actions of each row's seat to act, ``(num_envs, num_actions)`` bool (a view of the
        engine's int8 mask buffer; a copy with ``copy=True``)."""
        return self._out(self._mask.view(bool))

    def add_snapshot(self, path: str) -> None:
        """Make ``path`` (an exported ``.npz`` policy) one of the snapshots the pool's ``self`` entry
        draws from (at the rows' next games)."""
        if self.opponents is None or self.opponents.pool is None or not any(k == "self" for k, _ in self.opponents.pool):
            raise ConfigError("add_snapshot: the opponents are not a pool with a 'self' entry")
        self.opponents.add_snapshot(path)

    @property
    def opponent_names(self) -> list[str]:
        """The opponents (one per other seat) or the pool's entries; [] in self-play."""
        return [] if self.opponents is None else self.opponents.names()

    def close_extras(self, **kwargs) -> None:
        self.states = [None] * self.num_envs

    # ----------------------------------------------------------------- rows
    def _new_game(self, i: int) -> None:
        """Row ``i``'s next game: the game seed, the learner's seat and the opponents, in that order,
        from the row's generator."""
        rng = self._rngs[i]
        self.states[i] = self.game.new_initial_state(seed=int(rng.integers(2**62)))
        mode = self.seat_mode
        if mode == "rotate":
            seat = (self.rows[i] + self._games[i]) % self.num_players
        elif mode == "random":
            seat = int(rng.integers(self.num_players))
        elif mode == "self_play":
            seat = -1
        else:
            seat = mode
        self._games[i] += 1
        self._seats[i] = seat
        self._len[i] = 0
        self._moves[i] = 0
        if self.opponents is not None:
            self._opps[i] = self.opponents.draw(rng, seat)

    def _end(self, i: int, ret: Sequence[float], seat: int) -> None:
        """Row ``i``'s game is over for ``seat`` (the learner, or in self-play the seat that moved
        last), with the returns ``ret``: record it and start the next game. Only a game in which the
        row's learner took a decision is recorded (not one that ends before, within ``reset`` or after
        an autoreset in the same step)."""
        if self._len[i] > 0:
            self._ended[i] = True
            self._term[i] = True
            self._rew[i] = ret[seat]
            self._returns[i] = ret
            self._final_seat[i] = seat
            self._ep_len[i] = self._len[i]
            self._encode(self.states[i], seat, self._final_rows[i])
        self._new_game(i)

    def _truncate(self, i: int, seat: int) -> None:
        """Row ``i``'s game has gone on for ``max_moves`` decisions: it is truncated for ``seat`` (no
        return; ``truncated`` and the final observation set as at an end, when the learner took a
        decision in it) and the next game starts."""
        if self._len[i] > 0:
            self._ended[i] = True
            self._trunc[i] = True
            self._rew[i] = 0.0
            self._returns[i] = 0.0
            self._final_seat[i] = seat
            self._ep_len[i] = self._len[i]
            self._encode(self.states[i], seat, self._final_rows[i])
        self._new_game(i)

    def _encode(self, st: State, p: int, out: np.ndarray) -> None:
        c = self._c_encode
        if c is None or not c(st, p, out, self._c_layout):
            self.game.observation(st, p, out)

    def _run(self, i: int) -> None:
        """Play row ``i`` until its learner is to act (then write its observation and mask), or until an
        opponent that acts in batch is to act (then queue the row for it). A game that ends is recorded
        and the next one starts."""
        st = self.states[i]
        if self.self_play:
            p = st.current_player()
            while p < 0 or self._moves[i] >= self.max_moves:
                if p < 0:
                    self._end(i, st.returns(), self._seats[i])
                else:
                    self._truncate(i, p)
                st = self.states[i]
                p = st.current_player()
            self._seats[i] = p
        else:
            seat, opps, rng = self._seats[i], self._opps[i], self._rngs[i]
            moves = 0
            while True:
                p = st.current_player()
                if p >= 0 and self._moves[i] >= self.max_moves:
                    self.decisions += moves
                    moves = 0
                    self._truncate(i, seat)
                    st, seat, opps = self.states[i], self._seats[i], self._opps[i]
                    continue
                if p == seat:
                    break
                if p < 0 or self._has_finished and seat in (fin := st.finished_seats()):
                    self._end(i, st.returns() if p < 0 else [fin.get(s, 0.0) for s in range(self.num_players)], seat)
                    st, seat, opps = self.states[i], self._seats[i], self._opps[i]
                    continue
                o = opps[p]
                moves += 1
                if o is RANDOM:
                    la = st._legal_view()
                    st._apply(la[int(rng.random() * len(la))])
                elif o.batched:   # its move is counted in the row's game when it is applied (_play_policies)
                    self._waiting.setdefault(o, []).append((i, p))
                    self.decisions += moves
                    return
                else:
                    st.apply_action(o.act(self.game, st, p, rng))
                self._moves[i] += 1
            self.decisions += moves
        c = self._c_encode
        if c is None or not c(st, p, self._obs_rows[i], self._c_layout):
            self.game.observation(st, p, self._obs_rows[i])
        w = self._mask_rows[i]   # zeroed with the batch's masks at the start of the step
        for a in st._legal_view():
            w[a] = 1

    def _play_policies(self) -> None:
        """Every row waiting on a policy opponent: one forward pass per policy over its rows, the
        actions applied, and the rows played on (which may queue them again)."""
        while self._waiting:
            waiting, self._waiting = self._waiting, {}
            for o, lst in waiting.items():
                k = len(lst)
                obs, mask = self._scratch_obs[:k], self._scratch_mask[:k]
                states, rngs = self.states, self._rngs
                for j, (i, p) in enumerate(lst):
                    self._encode(states[i], p, obs[j])
                    states[i].legal_mask(mask[j])
                for (i, _), a in zip(lst, o.choose(obs, mask, [rngs[i] for i, _ in lst])):
                    states[i]._apply(a)
                    self._moves[i] += 1
                for i, _ in lst:
                    self._run(i)

    def _potential(self, i: int) -> float:
        """The shaping's potential of row ``i`` at its learner's decision: ``shaping`` x the learner's
        ``State.progress()`` less the other seats' mean (``State.progress_margin``)."""
        return self.shaping * self.states[i].progress_margin(self._seats[i])

    def _shape(self) -> None:
        """Add ``gamma * phi(s') - phi(s)`` to each row's reward for the step just played: ``s`` the
        learner's last decision, ``s'`` its next one, ``phi = 0`` where its game ended (the row's
        reward is then its return less ``phi(s)``), so a policy's shaped return differs from its
        true one by ``-phi(s0)`` alone; then ``phi`` of the decision each row now faces."""
        ended, gamma, phi = self._ended, self.gamma, self._phi
        shaped = self._rew
        for i in range(self.num_envs):
            now = self._potential(i)
            shaped[i] = (shaped[i] if ended[i] else gamma * now) - phi[i]
            phi[i] = now

    # ----------------------------------------------------------------- checks and outputs
    def _check_actions(self, actions) -> list[int]:
        if not self._rngs or self.states[0] is None:
            raise StateError("reset() needs to be called before step")
        return check_actions(actions, self._mask, self._arange, self._seats, self.game.action_to_string)

    def _out(self, a: np.ndarray) -> np.ndarray:
        return a.copy() if self.copy else a

    def _out_obs(self) -> np.ndarray:
        return self._obs.copy() if self.copy else self._obs

    def _infos(self) -> dict[str, np.ndarray]:
        if not self.copy:   # the engine's arrays, in one dict built once
            if self._infos_view is None:
                self._infos_view = infos_dict(self._seat, self._returns, self._ended, self._final_obs,
                                              self._final_seat, self._ep_len)
            return self._infos_view
        ended = self._ended.copy()
        final = self._final_obs.copy() if self.copy and ended.any() else self._final_obs
        return infos_dict(self._out(self._seat), self._out(self._returns), ended, final,
                          self._out(self._final_seat), self._out(self._ep_len))

    def __repr__(self) -> str:
        return f"VecEnv({self.game.info.game_id}, num_envs={self.num_envs})"
