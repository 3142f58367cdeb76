"""OpenSpiel bridge: every registered mythenv game as a pyspiel Python game.

``import mythenv.openspiel`` registers each game under ``mythenv_<name>`` (``hera_zeus_v0`` becomes
``mythenv_hera_zeus``), with the game's config options as game parameters, so OpenSpiel's algorithms
run on it unchanged::

    import pyspiel, mythenv.openspiel
    game = pyspiel.load_game("mythenv_demigods(num_players=4)")

Written once over the State protocol of :mod:`mythenv.core.game`; nothing here knows any game.

What is declared, and why:

- **Chance.** A mythenv state draws its chance (shuffles, dice) inside ``apply_action`` from its own
  seeded generator. The pyspiel game opens with one chance node whose outcome is that generator's
  seed (``NUM_SEEDS`` equally likely ones); after it the game is a deterministic function of the
  actions. ``clone()`` copies the generator, so a state and its clone go on identically (what
  OpenSpiel's tests check). A game that exposes its chance events (``Game.max_chance_outcomes`` > 0,
  Kuhn poker) has no seed node: its states are built with ``chance_nodes=True`` and each chance event
  is a pyspiel chance node with the game's own outcomes and probabilities (``State.chance_outcomes``),
  so OpenSpiel's exact algorithms (CFR, exploitability) see the true tree.
- **Imperfect information.** The observation tensor and the information-state tensor of a seat are
  mythenv's observation for that seat (the Observer's named pieces, in the ``dict`` of
  ``make_py_observer``). mythenv observations carry what a seat remembers (known cards, public
  history the rules need), so the information-state string is the observation string plus the move
  number; both are built from the tensor alone, so they never show what the seat cannot see.
- **Utility.** From ``Game.utility_bounds()``: zero-sum where the returns always sum to 0, general
  sum otherwise; terminal rewards only.
- ``resample_from_infostate(player, sampler)`` is ``State.resample_hidden`` (the sampler argument
  is accepted for OpenSpiel's signature; the state's own generator draws), which is what
  OpenSpiel's ``ISMCTSBot`` calls.
- Serialization (``pyspiel.serialize_game_and_state`` / ``deserialize_game_and_state``) pickles the
  adapter's attributes, and the mythenv state pickles as its ``to_dict()`` (JSON data, RNG
  included), so a deserialized state goes on exactly like the original.
"""

from __future__ import annotations

import json
import re
from typing import Any

import numpy as np
import pyspiel

from mythenv.core.game import Game
from mythenv.core.registry import game_class, list_games, make_game

#: the pyspiel short name of each mythenv game id, filled by :func:`register_all`
SHORT_NAMES: dict[str, str] = {}


def short_name(game_id: str) -> str:
    """``hera_zeus_v0`` -> ``mythenv_hera_zeus``."""
    return "mythenv_" + re.sub(r"_v\d+$", "", game_id)


def _param_default(value: Any) -> Any:
    """pyspiel parameters are bool, int, float or str; anything else is passed as its JSON text."""
    if isinstance(value, (bool, int, float, str)):
        return value
    return json.dumps(value)


def _config_from_params(cls: type[Game], params: dict) -> dict:
    """The mythenv config of pyspiel game parameters. A parameter's type is that of the option's
    default; where an option also allows ints but its default is a string (Demigods'
    ``first_player``: ``"random"`` or a seat), an int is written ``int:2`` (pyspiel reads a bare
    ``2`` as an int and refuses it for a string parameter)."""
    config = {}
    opts = {o.name: o for o in cls.info.options}
    for name, value in params.items():
        opt = opts[name]
        if isinstance(value, str) and value.startswith("int:") and isinstance(opt.default, str):
            try:
                value = int(value[4:])
            except ValueError:
                pass  # left as given: the option's own check names what is allowed
        elif isinstance(value, str) and not isinstance(opt.default, str):
            value = json.loads(value)
        config[name] = value
    return config


class _Held:
    """A mythenv State inside the adapter: deep-copied by ``clone()`` (what pyspiel's clone of a
    Python state does to its attributes) and pickled as ``to_dict()`` (pyspiel's serialization)."""

    __slots__ = ("state",)

    def __init__(self, state):
        self.state = state

    def __deepcopy__(self, memo):
        return _Held(self.state.clone())

    def __reduce__(self):
        game = self.state.game
        return (_restore, (game.info.game_id, json.dumps(game.config),
                           json.dumps(self.state.to_dict())))


#: outcomes of the opening chance node: the seeds of the mythenv states a pyspiel game can deal
NUM_SEEDS = 1 << 16
_SEED_P = 1.0 / NUM_SEEDS

_GAMES: dict[tuple[str, str], Game] = {}


def _mythenv_game(game_id: str, config: dict) -> Game:
    key = (game_id, json.dumps(config, sort_keys=True))
    g = _GAMES.get(key)
    if g is None:
        g = _GAMES[key] = make_game(game_id, **config)
    return g


def _restore(game_id: str, config_json: str, state_json: str) -> _Held:
    game = _mythenv_game(game_id, json.loads(config_json))
    return _Held(game.state_from_dict(json.loads(state_json)))


def _obs_string(game: Game, obs: np.ndarray, player: int) -> str:
    """The observation of ``player`` as text: each piece with its nonzero entries."""
    parts = [f"p{player}"]
    for name, piece in game.observer.pieces.items():
        seg = obs[piece.start:piece.stop]
        nz = np.flatnonzero(seg)
        if len(nz):
            parts.append(name + ":" + ",".join(f"{i}={seg[i]:.6g}" for i in nz))
    return " ".join(parts)


class MythenvObserver:
    """OpenSpiel's PyObserver interface over mythenv's Observer: ``tensor`` is the seat's mythenv
    observation, ``dict`` its named pieces (views of ``tensor``). Before the deal (the opening chance
    node) it is all zeros."""

    def __init__(self, game: Game, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        self._game = game
        self._recall = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
        self.tensor = np.zeros(game.observation_size, np.float32)
        self.dict = game.observer.views(self.tensor)

    def set_from(self, state: MythenvState, player: int) -> None:
        s = state.mythenv_state
        if s is None:
            self.tensor.fill(0.0)
        else:
            self._game.observation(s, player, self.tensor)

    def string_from(self, state: MythenvState, player: int) -> str:
        s = state.mythenv_state
        if s is None:
            return f"p{player} before the deal"
        text = _obs_string(self._game, self._game.observation(s, player), player)
        return f"move {state.move_number()} {text}" if self._recall else text


class MythenvState(pyspiel.State):
    """A pyspiel state over one mythenv State. The first node is chance: its outcome is the seed of
    the mythenv state (the deal, and every later shuffle and die of the rules); after it the game is
    a deterministic function of the state and the actions."""

    def __init__(self, game: MythenvGame):
        super().__init__(game)
        g = game.mythenv_game
        # a game that exposes its chance events starts at its first one (its generator draws nothing)
        self._held = _Held(g.new_initial_state(seed=0, chance_nodes=True)) if g.max_chance_outcomes else None

    @property
    def _mgame(self) -> Game:
        # read through the pyspiel game, not kept as an attribute: pyspiel's clone() deep-copies a
        # Python state's attributes, and a copy of the whole mythenv Game per clone cost ~14 ms
        return self.get_game().mythenv_game

    @property
    def mythenv_state(self):
        """The mythenv State behind this pyspiel state (None before the opening chance node)."""
        h = self._held
        return None if h is None else h.state

    def current_player(self) -> int:
        h = self._held
        if h is None:
            return pyspiel.PlayerId.CHANCE
        s = h.state
        return pyspiel.PlayerId.TERMINAL if s.is_terminal() else s.current_player()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        h = self._held
        if h is not None:
            return h.state.chance_outcomes()
        return [(a, _SEED_P) for a in range(NUM_SEEDS)]

    def _legal_actions(self, player: int) -> list[int]:
        s = self.mythenv_state
        if s is None or s.is_terminal() or player != s.current_player():
            return []
        return sorted(s._legal_view())

    def _apply_action(self, action: int) -> None:
        h = self._held
        if h is None:
            self._held = _Held(self._mgame.new_initial_state(seed=int(action)))
        else:
            h.state.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            h = self._held
            return f"seed {action}" if h is None else h.state.action_to_string(int(action))
        return f"{action}:{self._mgame.action_to_string(int(action))}"

    def is_terminal(self) -> bool:
        s = self.mythenv_state
        return s is not None and s.is_terminal()

    def returns(self) -> list[float]:
        s = self.mythenv_state
        if s is None:
            return [0.0] * self._mgame.num_players
        return [float(r) for r in s.returns()]

    def resample_from_infostate(self, player: int, probability_sampler=None) -> MythenvState:
        """A state consistent with everything ``player`` knows: ``State.resample_hidden`` with a
        generator seeded from ``probability_sampler`` (OpenSpiel's ``UniformProbabilitySampler``;
        without one, from fresh entropy). The hidden future (the state's generator) is redrawn too."""
        s = self.mythenv_state
        out = self.clone()
        if s is None:
            return out
        seed = None if probability_sampler is None else int(probability_sampler() * 2**53)
        out._held = _Held(s.resample_hidden(int(player), np.random.default_rng(seed)))
        return out

    def __str__(self) -> str:
        s = self.mythenv_state
        return "before the deal" if s is None else s.render(None)


class MythenvGame(pyspiel.Game):
    """A pyspiel game over one mythenv Game config (subclassed once per mythenv game id)."""

    game_id: str = ""
    game_type: pyspiel.GameType

    def __init__(self, params: dict | None = None):
        params = dict(params or {})
        cls = game_class(self.game_id)
        self._mgame = _mythenv_game(self.game_id, _config_from_params(cls, params))
        lo, hi, total = self._mgame.utility_bounds()
        info = pyspiel.GameInfo(
            num_distinct_actions=self._mgame.num_actions,
            max_chance_outcomes=self._mgame.max_chance_outcomes or NUM_SEEDS,
            num_players=self._mgame.num_players,
            min_utility=float(lo),
            max_utility=float(hi),
            utility_sum=None if total is None else float(total),
            max_game_length=int(type(self._mgame).max_game_length),
        )
        gtype = self.game_type
        if _utility(total) != gtype.utility:  # zero-sum with two seats, general sum with more
            gtype = _game_type(self.game_id, _utility(total))
        super().__init__(gtype, info, params)

    def new_initial_state(self) -> MythenvState:
        return MythenvState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> MythenvObserver:
        return MythenvObserver(self._mgame, iig_obs_type, params)

    @property
    def mythenv_game(self) -> Game:
        """The mythenv Game behind this pyspiel game."""
        return self._mgame


def _utility(total: float | None) -> pyspiel.GameType.Utility:
    if total is None:
        return pyspiel.GameType.Utility.GENERAL_SUM
    return pyspiel.GameType.Utility.ZERO_SUM if total == 0 else pyspiel.GameType.Utility.CONSTANT_SUM


def _game_type(game_id: str, utility: pyspiel.GameType.Utility | None = None) -> pyspiel.GameType:
    """The registered type (utility of the default config) or, with ``utility``, a config's own."""
    cls = game_class(game_id)
    if utility is None:
        utility = _utility(cls().utility_bounds()[2])
    params = {o.name: _param_default(o.default) for o in cls.info.options}
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"mythenv {cls.info.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.info.max_players,
        min_num_players=cls.info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


def load(game: Game) -> MythenvGame:
    """The pyspiel game of a mythenv Game (its config as game parameters; the inverse of how
    parameters are read, ints of a string option written ``int:N``)."""
    register(game.info.game_id)
    cls = type(game)
    defaults = {o.name: o.default for o in cls.info.options}
    params = {}
    for k, v in game.config.items():
        if isinstance(defaults.get(k), str) and isinstance(v, int) and not isinstance(v, bool):
            params[k] = f"int:{v}"
        else:
            params[k] = _param_default(v)
    return pyspiel.load_game(short_name(game.info.game_id), params)


def wrap_state(sgame: MythenvGame, state) -> MythenvState:
    """A pyspiel state of ``sgame`` (see :func:`load`) over the mythenv ``state`` itself (not a copy),
    past the opening chance node: how an arena agent hands a state to an OpenSpiel bot."""
    out = sgame.new_initial_state()
    out._held = _Held(state)
    return out


def register(game_id: str) -> str:
    """Register one mythenv game with pyspiel (idempotent; an unlisted game too, e.g. Kuhn poker after
    ``mythenv.games.kuhn_poker.register()``); returns its short name."""
    name = SHORT_NAMES[game_id] = short_name(game_id)
    if name not in pyspiel.registered_names():
        gtype = _game_type(game_id)
        cls = type(f"MythenvGame_{game_id}", (MythenvGame,), {"game_id": game_id, "game_type": gtype})
        pyspiel.register_game(gtype, cls)
    return name


def register_all() -> dict[str, str]:
    """Register every listed mythenv game with pyspiel (idempotent); returns game id -> short name."""
    for gid in list_games():
        register(gid)
    return dict(SHORT_NAMES)


register_all()

__all__ = ["SHORT_NAMES", "MythenvGame", "MythenvObserver", "MythenvState", "load", "register", "register_all", "short_name",
           "wrap_state"]
