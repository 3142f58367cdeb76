"""The standard evaluation suite: the configs ``mythenv evaluate`` and the ladder
(``python -m mythenv.eval.ladder``) play, their fixed seeds, and the ladder's agents. Defined here
once, so two users' numbers come from the same games.

Every game's default config, plus the other configs a policy ships for (issue 28): Theomachy
Advanced at two seats and Theosis solo (one seat against the monsters). Each config has its own
fixed seed; ``--seed S`` shifts every config's seed by ``1000 * S`` (game ``i`` of an arena run deals
with the ``i``-th child of ``numpy.random.SeedSequence(seed)``, so a shorter run plays the first
games of a longer one).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mythenv.core.errors import ConfigError
from mythenv.core.game import Game
from mythenv.core.registry import make_game


@dataclass(frozen=True)
class SuiteConfig:
    key: str                   # what reports and --configs call it
    game: str                  # game id
    config: dict = field(default_factory=dict)
    seed: int = 0
    label: str = ""
    team: bool = False         # every seat on one side against the game (co-op): no opponent seat

    def make(self) -> Game:
        return make_game(self.game, **self.config)

    def no_opponent(self) -> str | None:
        """Why the config has no opponent seat for a best response to exploit: ``"co-op"`` (every seat
        on one team), ``"one seat"`` (the game itself is the opponent), or None (it has one)."""
        if self.team:
            return "co-op"
        if self.make().num_players == 1:
            return "one seat"
        return None

    def arena_seed(self, offset: int = 0) -> int:
        return self.seed + 1000 * offset

    @property
    def file_key(self) -> str:
        """``key`` as a file name part (``theosis_v0:solo`` -> ``theosis_v0-solo``)."""
        return self.key.replace(":", "-")


SUITE: tuple[SuiteConfig, ...] = (
    SuiteConfig("hera_zeus_v0", "hera_zeus_v0", {}, 2801, "Hera and Zeus"),
    SuiteConfig("demigods_v0", "demigods_v0", {}, 2802, "Demigods, 2 seats"),
    SuiteConfig("mythologies_v0", "mythologies_v0", {}, 2803, "Mythologies, 2 seats"),
    SuiteConfig("theomachy_v0", "theomachy_v0", {}, 2804, "Theomachy Basic, 2 seats"),
    SuiteConfig("theomachy_v0:advanced", "theomachy_v0", {"mode": "advanced", "deck": "draft"}, 2805,
                "Theomachy Advanced, 2 seats"),
    SuiteConfig("theosis_v0", "theosis_v0", {}, 2806, "Theosis, 2 seats free-for-all, Hierapolis preparation"),
    SuiteConfig("theosis_v0:solo", "theosis_v0", {"num_players": 1, "mode": "solo"}, 2807,
                "Theosis solo, one seat against the monsters"),
)

#: the configs with more seats a policy ships for (issue 44): not on the two-seat ladder, but a best
#: response can be trained against them (``mythenv evaluate AGENT --exploit STEPS --configs KEY``: the
#: frozen agent at every other seat); the co-op config has no opponent seat to exploit
MORE_SEATS: tuple[SuiteConfig, ...] = (
    SuiteConfig("demigods_v0:4p", "demigods_v0", {"num_players": 4}, 2808, "Demigods, 4 seats"),
    SuiteConfig("theomachy_v0:4p", "theomachy_v0", {"num_players": 4}, 2809, "Theomachy Basic, 4 seats"),
    SuiteConfig("theosis_v0:coop2", "theosis_v0", {"mode": "coop", "num_players": 2}, 2810,
                "Theosis co-op, 2 seats against the monsters", team=True),
)

#: the ISMCTS budgets of the ladder (the first is the one ``mythenv evaluate`` plays against)
ISMCTS = ("ismcts:iterations=4:rollout=heuristic", "ismcts:iterations=16:rollout=heuristic")
#: OpenSpiel's MCTS bot through the bridge (on a determinization of the seat's view)
OPENSPIEL = "openspiel:bot=mcts:simulations=16"
#: the shipped trained policy (``make_agent("ppo", game)``); configs it does not ship for skip it
SHIPPED = "ppo"
#: who ``mythenv evaluate`` plays against, in report order
EVALUATE_OPPONENTS = ("random", "heuristic", ISMCTS[0], SHIPPED)
#: every agent of the ladder, in report order
LADDER_AGENTS = ("random", "heuristic", *ISMCTS, SHIPPED, OPENSPIEL)
#: the opponent of a one-seat config: the game itself (Theosis' monsters)
MONSTERS = "monsters"


def select(keys: list[str] | None = None) -> list[SuiteConfig]:
    """The suite, or the configs named by ``keys`` (a config key, or a game id for all its configs)."""
    if not keys:
        return list(SUITE)
    out = []
    for k in keys:
        hit = [c for c in SUITE if k in (c.key, c.game)]
        if not hit:
            raise ConfigError(f"{k!r} is not in the evaluation suite; its configs: "
                              + ", ".join(c.key for c in SUITE) + " (or a game id for all of its configs)")
        out += [c for c in hit if c not in out]
    return [c for c in SUITE if c in out]


def exploit_configs(keys: list[str]) -> list[SuiteConfig]:
    """The configs ``mythenv evaluate --exploit`` plays for ``keys``: a key of the suite or of
    :data:`MORE_SEATS` names that config; a game id names its suite (two-seat) configs."""
    out: list[SuiteConfig] = []
    for k in keys:
        exact = [c for c in (*SUITE, *MORE_SEATS) if c.key == k]
        if not exact and not any(k == c.game for c in SUITE):
            raise ConfigError(f"{k!r} is not a config to exploit; the configs: "
                              + ", ".join(c.key for c in (*SUITE, *MORE_SEATS)) + " (or a game id for its suite configs)")
        out += [c for c in (exact or select([k])) if c not in out]
    return out


def available(spec: str, cfg: SuiteConfig, game: Game | None = None) -> str | None:
    """None if ``spec`` builds for ``cfg``, else why not (the shipped policy does not ship for every
    config: its ConfigError says so)."""
    from mythenv.agents import make_agent

    try:
        make_agent(spec, game or cfg.make(), seed=0)
    except ConfigError as e:
        return str(e)
    return None


__all__ = ["EVALUATE_OPPONENTS", "ISMCTS", "LADDER_AGENTS", "MONSTERS", "MORE_SEATS", "OPENSPIEL", "SHIPPED",
           "SUITE", "SuiteConfig", "available", "exploit_configs", "select"]
