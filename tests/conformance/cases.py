"""The conformance suite runs over every registered game and each of its ``test_configs``."""

import pytest

import mythenv

CASES = []
for gid in mythenv.list_games():
    for cfg in mythenv.game_class(gid).test_configs:
        CASES.append(pytest.param(gid, cfg, id=f"{gid}-" + ("-".join(f"{k}={v}" for k, v in cfg.items()) or "default")))

DEFAULT_CASES = [pytest.param(gid, {}, id=gid) for gid in mythenv.list_games()]
