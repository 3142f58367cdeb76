"""Theosis (``theosis_v0``): the hero arena for 1 to 6 players: six turns of preparation in Hierapolis
(``prep="hierapolis"``, the default) or Fast Action Preparation (``prep="fast"``), then hex combat
with Rituals; free-for-all or teams, or against monsters (solo, co-op, light and heavy semi co-op).

Rulebook: ``../shared/seeds/001_4e95cd654d8b1058.txt`` (rules, appendix, FAQ and errata). Seats
``player_0..player_{n-1}``; seat 0 selects first and holds the initiative. Returns: +1 for every
player of the winning team (last team standing, or a hero on the centre hex at the end of turn
nine), -1 for the others, 0 for everybody on a tie. See ``docs/games/theosis.md``.

The package: ``rules/`` (the State, a package by the rulebook's chapters, ``rules/monsters/`` the
monster modes), ``observe.py`` (the Observer; ``_cobserve.c`` its compiled twin), ``render.py``,
``heuristic/`` (the baseline, by the same chapters, one entry point), ``cards.py`` + ``data/``
(heroes, Skills, Powers, items, Hierapolis, Rituals, monsters, Stamina Tokens, encounters; the one
loader); the saved-state schema comes from the state's declared fields (``rules/state.py``). This
module wires them into the Game class. Map: ``docs/map.md``.
"""

from __future__ import annotations

from mythenv.core.env import env_constructors
from mythenv.core.errors import ConfigError
from mythenv.core.game import Game, GameInfo, Option
from mythenv.core.registry import register_game

from . import observe, render, rules
from .cards import ARENA, ENCOUNTERS, MODES, MONSTER_INDEX, MONSTERS, parse_encounter
from .heuristic import heuristic_action
from .rules.monsters import MONSTER_MODES, TARGETING

GAME_ID = "theosis_v0"


@register_game
class TheosisGame(Game):
    info = GameInfo(
        game_id=GAME_ID,
        name="Theosis",
        min_players=1,
        max_players=6,
        rulebook="001_4e95cd654d8b1058.txt",
        modes=tuple(MODES) + MONSTER_MODES,
        options=(
            Option("num_players", 2, (1, 2, 3, 4, 5, 6), label="Number of players", doc="number of players (TH § Game Modes; 1: solo)"),
            Option("mode", "free_for_all", tuple(MODES) + MONSTER_MODES, label="Game mode",
                   doc="free_for_all, or teams_2x2 (4 players), teams_2x3 / teams_3x2 (6 players); against "
                       "monsters: solo (1 player), coop, semi_coop_light, semi_coop_heavy (2-6 players)"),
            Option("variant", "normal", ("normal", "blitz"), label="Heroes (normal or blitz)",
                   doc="heroes per player: normal 3 / blitz 2 (5-6 players and 2x3 / 3x2 teams: 2)"),
            Option("prep", "hierapolis", ("hierapolis", "fast"), label="Preparation",
                   doc="preparation: six turns in Hierapolis (TH § Preparation Phase) or Fast Action Preparation"),
            Option("expansion", False, (False, True), label="Expansion Powers", doc="the six Expansion Powers (optional rule)"),
            # --- Monsters
            Option("encounter", "auto", label="Encounter (monster modes)", check=lambda v: isinstance(v, str) and (v == "auto" or v in ENCOUNTERS
                                                                                or ":" in v),
                   doc="monster modes: a row of the encounter table (data/encounters.toml), 'auto' (the "
                       "row of num_players and heroes_per_player), or a free 'monster:tokens,...'",
                   allowed_text="'auto', " + ", ".join(map(repr, ENCOUNTERS)) + " or 'monster:tokens,...'"),
            Option("monsters", "random", label="Monsters (monster modes)", check=lambda v: isinstance(v, str),
                   doc="monster modes: which monsters a table row fights, comma separated keys of "
                       "data/monsters.toml, or 'random' (drawn when the heroes enter the Arena)"),
            Option("heroes_per_player", 0, (0, 2, 3, 4), label="Heroes per player (monster modes)",
                   doc="monster modes: heroes per player (0: the encounter's); 4 where the table has it"),
            Option("targeting", "priority", label="Monsters' targets", check=lambda v: isinstance(v, str) and v in TARGETING,
                   doc="the monsters' target policy (rules.monsters.TARGETING; 'priority': the printed "
                       "Monster Priority List as one deterministic order, 'nearest')"),
        ),
    )
    state_class = rules.TheosisState
    observe_module = observe
    text_renderer = staticmethod(render.render_state)
    status_renderer = staticmethod(render.status)
    picture_renderer = staticmethod(render.draw)
    hit_renderer = staticmethod(render.hit_regions)
    gym_id = "mythenv/Theosis-v0"
    test_configs = ({}, {"num_players": 4}, {"num_players": 6},
                    {"num_players": 4, "mode": "teams_2x2", "variant": "blitz", "expansion": True},
                    # --- Monsters
                    {"num_players": 1, "mode": "solo", "encounter": "solo_3", "prep": "fast"},
                    {"num_players": 2, "mode": "coop", "encounter": "p2_2", "monsters": "mikitas", "prep": "fast"},
                    {"num_players": 3, "mode": "semi_coop_light", "encounter": "p3_2", "monsters": "voax",
                     "prep": "fast"},
                    {"num_players": 2, "mode": "semi_coop_heavy", "encounter": "godslayer:4", "heroes_per_player": 2,
                     "prep": "fast"},
                    # --- Hierapolis
                    {"prep": "fast"}, {"prep": "fast", "num_players": 4, "mode": "teams_2x2", "expansion": True},
                    # --- Co-op preparation: the Hierapolis preparation of the monster modes (enemy heroes
                    # with nine or fewer heroes, the balance rule with ten or more)
                    {"num_players": 1, "mode": "solo", "encounter": "solo_3"},
                    {"num_players": 2, "mode": "coop", "encounter": "p2_2", "monsters": "mikitas"},
                    {"num_players": 5, "mode": "coop", "encounter": "p5_2"})
    # --- Monsters: the benchmark measures one solo and one co-op config besides the default
    benchmark_configs = ({"num_players": 1, "mode": "solo", "encounter": "solo_3", "prep": "fast"},
                         {"num_players": 2, "mode": "coop", "encounter": "p2_2", "prep": "fast"})
    max_game_length = 5000
    fuzz_games = 40
    heuristic = staticmethod(heuristic_action)

    def utility_bounds(self) -> tuple[float, float, float | None]:
        """+1 / -1 per player, 0 for all on a tie. Zero-sum only in a two-player competitive game:
        the monster modes share one result (all +1 or all -1) and a one-seat game has no opponent."""
        total = 0.0 if self.num_players == 2 and self.config["mode"] not in MONSTER_MODES else None
        return (-1.0, 1.0, total)

    def _setup(self) -> None:
        cfg = self.config
        if cfg["mode"] in MONSTER_MODES:
            self._setup_monsters()
        else:
            self._setup_pvp()
        from mythenv.core.actions import ActionCodec
        self.codec = ActionCodec(rules.FAMILIES)
        assert self.codec.size == rules.NUM_ACTIONS
        self.observer = observe.OBSERVER

    def _setup_monsters(self) -> None:
        """--- Monsters: TH § Game Modes (Solo and Co-op; Heroes Facing Monsters Modes)."""
        cfg = self.config
        mode, n = cfg["mode"], cfg["num_players"]
        if mode == "solo" and n != 1:
            raise ConfigError(f"{GAME_ID}: mode='solo' is played by one player: pass num_players=1")
        if mode != "solo" and n < 2:
            raise ConfigError(f"{GAME_ID}: mode={mode!r} is played by 2-6 players; one player plays mode='solo'")
        if cfg["variant"] != "normal":
            raise ConfigError(f"{GAME_ID}: variant={cfg['variant']!r} is a Player vs Player option; the monster "
                              "modes set heroes per player with heroes_per_player or the encounter")
        # --- Co-op preparation: prep="hierapolis" plays the co-op Hierapolis preparation
        # (rules/coop_prep.py), prep="fast" Fast Action Preparation
        enc, hpp = cfg["encounter"], cfg["heroes_per_player"]
        if ":" in enc:
            try:
                spec = parse_encounter(enc)
            except ValueError as e:
                raise ConfigError(f"{GAME_ID}: encounter={enc!r}: {e}") from None
            if hpp == 0:
                raise ConfigError(f"{GAME_ID}: a free encounter needs heroes_per_player (2, 3 or 4)")
            boss = MONSTERS[spec[0][0]].boss
            if cfg["monsters"] != "random":
                raise ConfigError(f"{GAME_ID}: a free encounter names its monsters; leave monsters='random'")
        else:
            if enc == "auto":
                rows = [e for e in ENCOUNTERS.values() if e.players == n and (hpp == 0 or e.heroes == hpp)]
                if not rows:
                    raise ConfigError(f"{GAME_ID}: no row of the encounter table has {n} players"
                                      + (f" with {hpp} heroes each" if hpp else "") + "; rows: "
                                      + ", ".join(f"{e.key} ({e.players}x{e.heroes})" for e in ENCOUNTERS.values()))
                e = rows[0]
            else:
                e = ENCOUNTERS[enc]
            if e.players != n:
                raise ConfigError(f"{GAME_ID}: encounter={enc!r} is for {e.players} player(s), not num_players={n}")
            if hpp not in (0, e.heroes):
                raise ConfigError(f"{GAME_ID}: encounter={e.key!r} gives each player {e.heroes} heroes, not "
                                  f"heroes_per_player={hpp}")
            hpp = e.heroes
            boss = e.boss
            if cfg["monsters"] == "random":
                spec = [(-1, e.tokens)] * e.monsters
            else:
                keys = [k.strip() for k in cfg["monsters"].split(",")]
                bad = [k for k in keys if k not in MONSTER_INDEX]
                if bad:
                    raise ConfigError(f"{GAME_ID}: monsters={cfg['monsters']!r}: unknown {bad}; monsters: "
                                      + ", ".join(MONSTER_INDEX))
                if len(keys) != e.monsters or len(set(keys)) != len(keys):
                    raise ConfigError(f"{GAME_ID}: encounter={e.key!r} fights {e.monsters} different "
                                      f"{'boss' if e.boss else 'monster'}(s); monsters names {len(keys)}")
                if any(MONSTERS[MONSTER_INDEX[k]].boss != e.boss for k in keys):
                    raise ConfigError(f"{GAME_ID}: encounter={e.key!r} fights "
                                      + ("a boss (apollyon, godslayer)" if e.boss else "monsters, not bosses"))
                spec = [(MONSTER_INDEX[k], e.tokens) for k in keys]
        if n * hpp > 12:
            raise ConfigError(f"{GAME_ID}: {n} players x {hpp} heroes is more than the 12 heroes")
        self.hpp = hpp
        self.encounter_monsters = tuple(spec)
        self.encounter_boss = boss
        # the starting triads: a player's corner (designed: two neighbouring corners for four heroes,
        # a triad holding three; TH § Entering the Arena, errata p.14)
        if hpp <= 3:
            self.corners = [[c] for c in (ARENA["triads"][n] if n >= 2 else [0])]
        else:
            self.corners = [[2 * p, 2 * p + 1] for p in range(n)]

    def _setup_pvp(self) -> None:
        cfg = self.config
        for k, v in (("encounter", "auto"), ("monsters", "random"), ("heroes_per_player", 0)):
            if cfg[k] != v:
                raise ConfigError(f"{GAME_ID}: {k}={cfg[k]!r} is an option of the monster modes "
                                  f"({', '.join(MONSTER_MODES)}), not of mode={cfg['mode']!r}")
        if cfg["num_players"] < 2:
            raise ConfigError(f"{GAME_ID}: mode={cfg['mode']!r} needs 2-6 players; one player plays mode='solo'")
        self.hpp = 0
        self.encounter_monsters = ()
        self.encounter_boss = False
        self.corners = [[c] for c in ARENA["triads"][cfg["num_players"]]]
        m = MODES[cfg["mode"]]
        if cfg["num_players"] not in m["players"]:
            raise ConfigError(f"{GAME_ID}: mode={cfg['mode']!r} is played by {list(m['players'])} players, "
                              f"not num_players={cfg['num_players']}")
        if rules.heroes_per_player(cfg["mode"], cfg["variant"], cfg["num_players"]) <= 0 or (
                cfg["variant"] == "blitz" and m["blitz"] <= 0):
            raise ConfigError(f"{GAME_ID}: mode={cfg['mode']!r} has no {cfg['variant']!r} variant; "
                              "allowed variant: 'normal'")

    @property
    def num_players(self) -> int:
        return self.config["num_players"]

    def action_to_string(self, action: int) -> str:
        return rules.describe_action(action)


raw_env, env = env_constructors(TheosisGame)

__all__ = ["GAME_ID", "TheosisGame", "env", "raw_env"]
