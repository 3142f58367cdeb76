"""Bad configs and command lines (issue 19, "Configs and the CLI"): a ``ConfigError`` naming the key
and what is allowed; on the command line a one-line ``error:`` message and exit code 2, the
argparse way, before anything is run."""

from __future__ import annotations

import json
import subprocess
import sys

import gymnasium
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mythenv
from mythenv.cli import main
from mythenv.core.errors import ConfigError
from tests.conformance.cases import CASES

GAMES = mythenv.list_games()
FAST = settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))


def _int_options(gid):
    """The options of ``gid`` whose values are integers (allowed ints, or an integer check)."""
    cls = mythenv.game_class(gid)
    for o in cls.info.options:
        if isinstance(o.default, int) and not isinstance(o.default, bool):
            yield o


@pytest.mark.parametrize("gid,cfg", CASES)
def test_numpy_values_become_python_values(gid, cfg):
    np_cfg = {k: (np.bool_(v) if isinstance(v, bool) else np.int64(v) if isinstance(v, int) else v)
              for k, v in cfg.items()}
    game = mythenv.make_game(gid, **np_cfg)
    assert game.config == mythenv.make_game(gid, **cfg).config
    assert all(type(v) in (str, int, bool, type(None)) for v in game.config.values())
    json.dumps(game.new_initial_state(seed=0).to_dict())  # the saved state stays JSON


@pytest.mark.parametrize("gid", GAMES)
@FAST
@given(data=st.data())
def test_floats_bools_and_containers_are_not_ints(gid, data):
    opts = list(_int_options(gid))
    if not opts:
        return
    o = data.draw(st.sampled_from(opts))
    good = o.default
    bad = data.draw(st.sampled_from([float(good), good + 0.5, True, False, np.True_, np.float64(good), None,
                                     str(good), [good], (good,), {good: good}, np.array([good, good]),
                                     np.array([good]), float("nan"), float("inf")]))
    with pytest.raises(ConfigError, match=o.name):
        mythenv.make_game(gid, **{o.name: bad})


@pytest.mark.parametrize("gid", GAMES)
@FAST
@given(value=st.one_of(st.integers(), st.floats(), st.text(max_size=6), st.booleans(), st.none(),
                       st.lists(st.integers(), max_size=2)))
def test_any_value_is_a_valid_config_or_a_config_error(gid, value):
    """A value for every option: either a game whose config is JSON, or ConfigError."""
    for o in mythenv.game_class(gid).info.options:
        try:
            game = mythenv.make_game(gid, **{o.name: value})
        except ConfigError as e:
            assert o.name in str(e)
            continue
        assert json.loads(json.dumps(game.config)) == game.config


def test_issue_repros():
    with pytest.raises(ConfigError, match="num_players=2.0"):
        mythenv.make_game("theosis_v0", num_players=2.0)
    assert mythenv.make_game("theomachy_v0", num_players=np.int64(3)).config["num_players"] == 3
    assert type(mythenv.make_game("theosis_v0", expansion=np.True_).config["expansion"]) is bool
    for seat in (1.0, None, True, "1", [1], np.float64(0.0)):
        with pytest.raises(ConfigError, match="seat="):
            gymnasium.make("mythenv/HeraZeus-v0", seat=seat)
    assert gymnasium.make("mythenv/HeraZeus-v0", seat=np.int64(1)).unwrapped.seat == 1


def _cli(argv, capsys):
    """Exit code and stderr of the CLI (argparse's own errors leave through SystemExit)."""
    try:
        code = main(argv)
    except SystemExit as e:
        code = e.code
    err = capsys.readouterr().err
    return code, err


def check_refused(argv, capsys, needle=""):
    code, err = _cli(argv, capsys)
    assert code == 2, (argv, code, err)
    lines = [line for line in err.splitlines() if "error:" in line]
    assert len(lines) == 1 and "Traceback" not in err, err
    assert needle in lines[0], lines[0]
    return lines[0]


ISSUE_CASES = [
    (["arena", "hera_zeus_v0", "--seed", "-1"], "--seed"),
    (["play", "hera_zeus_v0", "--seed", "-5"], "--seed"),
    (["play", "hera_zeus_v0", "--agents", ""], "--agents"),
    (["arena", "hera_zeus_v0", "--agents", ",,"], "--agents"),
    (["tournament", "hera_zeus_v0", "--agents", " "], "--agents"),
    (["arena", "hera_zeus_v0", "--games", "0"], "--games"),
    (["arena", "hera_zeus_v0", "--workers", "0"], "--workers"),
    (["arena", "all", "--config", "num_players=3"], "arena all: --config applies to every game"),
    (["arena", "theosis_v0", "--config", "num_players=2.0"], "num_players=2.0"),
    (["play", "theosis_v0", "--config", "num_players"], "KEY=VALUE"),
    (["play", "hera_zeus_v0", "--agents", "nosuch"], "unknown agent"),
    (["play", "hera_zeus_v0", "--agents", "torch:/missing/x.pt"], "torch:/missing/x.pt"),
    (["play", "no_such_game"], "unknown game"),
    (["train", "no_such_game"], "unknown game"),
    (["train", "hera_zeus_v0", "--steps", "0"], "--steps"),
    (["bench", "--repeats", "0"], "--repeats"),
    (["bench", "--seconds", "-1"], "--seconds"),
    (["bench", "--out", "/missing/dir/x.json"], "/missing/dir"),
    (["bench", "--games", "no_such_game"], "no_such_game"),
]


@pytest.mark.parametrize("argv,needle", ISSUE_CASES, ids=lambda v: " ".join(v) if isinstance(v, list) else "")
def test_cli_refuses_with_one_line_and_code_2(argv, needle, capsys):
    check_refused(argv, capsys, needle)


@FAST
@given(cmd=st.sampled_from(["arena", "tournament", "play"]),
       flag=st.sampled_from(["--seed", "--games", "--workers"]),
       value=st.one_of(st.integers(max_value=-1), st.sampled_from(["x", "1.5", "", "nan", "1e3", "--"])))
def test_cli_generated_bad_numbers(cmd, flag, value, capsys):
    if cmd == "play" and flag != "--seed":
        flag = "--seed"
    check_refused([cmd, "hera_zeus_v0", flag, str(value)], capsys)


@FAST
@given(agents=st.text(alphabet=", \t", max_size=5))
def test_cli_generated_empty_agent_lists(agents, capsys):
    check_refused(["play", "hera_zeus_v0", "--agents", agents], capsys, "--agents")


def test_arena_config_applies(capsys):
    code = main(["arena", "theosis_v0", "--config", "num_players=3", "--games", "1", "--agents", "random", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["config"]["num_players"] == 3 and out["num_players"] == 3


def test_missing_train_extra_is_reported(tmp_path):
    """Without torch: the agent and `train` say what to install; an unknown game is still named first."""
    script = ("import sys; sys.modules['torch'] = None; sys.modules['sb3_contrib'] = None\n"
              "from mythenv.cli import main\n"
              "codes = [main(['play', 'hera_zeus_v0', '--agents', 'torch:/x.pt']),\n"
              "         main(['train', 'no_such_game']), main(['train', 'hera_zeus_v0', '--steps', '10'])]\n"
              "print(codes)\n")
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert r.stdout.strip() == "[2, 2, 2]", r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 3 and "Traceback" not in r.stderr, r.stderr
    assert "needs torch" in lines[0] and "train extra" in lines[0]
    assert "unknown game 'no_such_game'" in lines[1]
    assert "training needs the train extra" in lines[2]
