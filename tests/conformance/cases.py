"""The conformance suite runs over every registered game and each of its ``test_configs``.

``WRAPPER_CASES`` is the smaller set the ecosystem and OpenSpiel suites run (they check the
game-agnostic env, wrappers and bridge, not the rules): each game's default config, the first test
config of every other ``mode`` it has (Theosis solo / co-op / teams, Theomachy Advanced / Epic...)
and, if none of those has another number of players, the first test config that does.

``SUITE_CASES`` / ``SUITE_DEFAULT_CASES``, what the conformance suite itself runs over, add the test
games (registered here, never listed by ``mythenv.list_games()``): Kuhn poker, the worked example of
docs/new_game.md. The other suites keep to the registered games (``CASES``, ``WRAPPER_CASES``)."""

import pytest

import mythenv
from mythenv.games import kuhn_poker

CASES = []
for gid in mythenv.list_games():
    for cfg in mythenv.game_class(gid).test_configs:
        CASES.append(pytest.param(gid, cfg, id=f"{gid}-" + ("-".join(f"{k}={v}" for k, v in cfg.items()) or "default")))

DEFAULT_CASES = [pytest.param(gid, {}, id=gid) for gid in mythenv.list_games()]


def _label(gid, cfg):
    return f"{gid}-" + ("-".join(f"{k}={v}" for k, v in cfg.items()) or "default")


WRAPPER_CASES = []
for gid in mythenv.list_games():
    cls = mythenv.game_class(gid)
    game = mythenv.make_game(gid)
    base, n = game.config, game.num_players
    picked, modes = [{}], {base.get("mode")}
    for cfg in cls.test_configs:
        if cfg.get("mode", base.get("mode")) not in modes:
            modes.add(cfg["mode"])
            picked.append(cfg)
    if all(c.get("num_players", n) == n for c in picked):
        picked += [c for c in cls.test_configs if c.get("num_players", n) != n][:1]
    for cfg in picked:
        WRAPPER_CASES.append(pytest.param(gid, cfg, id=_label(gid, cfg)))

TEST_GAMES = [kuhn_poker.register().info.game_id]
SUITE_CASES = CASES + [pytest.param(gid, cfg, id=_label(gid, cfg)) for gid in TEST_GAMES
                       for cfg in mythenv.game_class(gid).test_configs]
SUITE_DEFAULT_CASES = DEFAULT_CASES + [pytest.param(gid, {}, id=gid) for gid in TEST_GAMES]
