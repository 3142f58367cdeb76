"""The compiled encoders never crash (issue 19, "The compiled encoders"): states whose properties,
methods and values run Python code that empties the state's containers in the middle of an
encoding (tests/robustness/crash_harness.py) make the encoder return or raise, never take the
process down with a signal; and the Python encoders do not allocate by a count read from the state."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import mythenv

ROOT = Path(__file__).resolve().parents[2]
COMPILED = [g for g in mythenv.list_games() if mythenv.game_class(g).compiled is not None]


def _run(args, timeout=300):
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=timeout, cwd=ROOT)


def test_every_game_has_a_compiled_encoder():
    assert COMPILED == mythenv.list_games()


@pytest.mark.parametrize("gid", COMPILED)
def test_hostile_hooks_never_crash_the_encoder(gid):
    r = _run(["-m", "tests.robustness.crash_harness", gid])
    assert r.returncode == 0, f"exit {r.returncode} (a negative code is the signal): {r.stderr[-2000:]}"
    assert r.stdout.startswith("ok "), r.stdout
    assert int(r.stdout.split()[1]) > 100, r.stdout  # hooks x positions x seats were really run


@pytest.mark.parametrize("gid", [g for g in mythenv.list_games() if hasattr(mythenv.make_game(g).new_initial_state(seed=0), "n")])
def test_huge_seat_count_is_an_error_not_an_allocation(gid):
    """``state.n = 10**30``: both encoders raise or encode the config's seats, within a 2 GB
    address-space limit and a time limit (the issue's Mythologies case built a list of n seats)."""
    script = f"""
import resource
resource.setrlimit(resource.RLIMIT_AS, (2 * 2**30, 2 * 2**30))
import numpy as np
import mythenv
for compiled in (False, True):
    game = mythenv.make_game({gid!r})
    game.use_compiled(compiled)
    state = game.new_initial_state(seed=0)
    state.n = 10**30
    try:
        game.observation(state, 0)  # an encoder that takes the seat count from the config may succeed
    except (ValueError, IndexError, OverflowError, TypeError) as e:
        print(type(e).__name__)
    other = game.new_initial_state(seed=0)
    out = np.zeros(game.observation_size, np.float32)
    game.observation(other, 0, out)
    other.n = 10**30
    try:
        game.observation(other, 0, out)  # a buffer already written
    except (ValueError, IndexError, OverflowError, TypeError) as e:
        print(type(e).__name__)
print("done")
"""
    r = _run(["-c", script], timeout=60)
    assert r.returncode == 0 and r.stdout.strip().endswith("done"), (r.stdout, r.stderr[-2000:])


def test_mythologies_names_the_field():
    from mythenv.core.errors import StateError

    game = mythenv.make_game("mythologies_v0")
    game.use_compiled(False)
    state = game.new_initial_state(seed=0)
    state.n = 10**30
    with pytest.raises(StateError, match="state.n"):
        game.observation(state, 0)


@pytest.mark.parametrize("gid", mythenv.list_games())
def test_absurd_ints_are_an_error_not_an_allocation(gid):
    """Issue 27: a hook setting a count to 2**63 ran the Python encoder out of memory. Every int
    attribute of states along a random game, set to 2**63, 10**9, 10**30 or -2**63: the Python encoder
    (for the last seat and, through Game.observation on a buffer already written, the first) and the
    compiled one return or raise, allocating at most 50 MB (traced),
    under a 3 GB address-space limit (tests/robustness/crash_harness.py, ``run_absurd``)."""
    r = _run(["-m", "tests.robustness.crash_harness", "--absurd", gid], timeout=600)
    assert r.returncode == 0, (r.stdout[-2000:], r.stderr[-2000:])
    assert r.stdout.startswith("ok ") and int(r.stdout.split()[1]) > 100, r.stdout


SEATED = [g for g in mythenv.list_games() if hasattr(mythenv.make_game(g).new_initial_state(seed=0), "n")]


@pytest.mark.parametrize("gid", SEATED)
@pytest.mark.parametrize("bad", [2 ** 63, 10 ** 9, -1, 0])
def test_a_wrong_seat_count_is_named(gid, bad):
    """The seat count the Python encoders lay their per-seat pieces out for is ``state.n``: one that is
    not the config's is a StateError naming ``state.n``, what it is and the seats the game has
    (``mythenv.core.observe.seats``), from Game.observation into a new array and into a buffer
    already written."""
    from mythenv.core.errors import StateError

    game = mythenv.make_game(gid)
    game.use_compiled(False)
    state = game.new_initial_state(seed=0)
    state.n = bad
    with pytest.raises(StateError, match=rf"state\.n = {bad}, but this game has {game.num_players} seats"):
        game.observation(state, 0)
    other = game.new_initial_state(seed=0)
    out = np.zeros(game.observation_size, np.float32)
    game.observation(other, 0, out)
    other.n = bad
    with pytest.raises(StateError, match=r"state\.n"):
        game.observation(other, 0, out)
