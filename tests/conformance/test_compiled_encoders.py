"""The compiled observation encoders (``mythenv/games/<game>/_cobserve.c``, built at install) write
exactly what the games' Python encoders write, bit for bit, for every seat at every step of random
games, of loaded and of resampled states, in every test config; they decline (return False, touch
nothing) buffers they cannot write, and refuse a malformed layout or state with an error. One built
from other sources than those beside it (an edit to observe.py, _cobserve.c or cobserve.h without a
rebuild) is never used (issue 43)."""

import shutil
import warnings
from pathlib import Path

import numpy as np
import pytest

import mythenv
from mythenv.core import observe as core_observe
from mythenv.core.observe import REBUILD, StaleCompiledEncoderWarning, compiled_module

from .cases import SUITE_CASES as CASES  # the test games too (a game without a compiled encoder is left out)
from .helpers import python_observation

GAMES_DIR = Path(mythenv.__file__).parent / "games"
WITH_C = sorted(p.parent.name for p in GAMES_DIR.glob("*/_cobserve.c"))
COMPILED_CASES = [c for c in CASES if mythenv.game_class(c.values[0]).compiled is not None]


def _module_name(gid: str) -> str:
    return mythenv.game_class(gid).__module__


@pytest.mark.skipif(shutil.which("cc") is None and shutil.which("gcc") is None,
                    reason="no C compiler on this machine: the games use their Python encoders")
def test_every_compiled_encoder_was_built():
    assert WITH_C, "no game has a compiled encoder source"
    built = sorted(_module_name(g).rsplit(".", 1)[-1] for g in mythenv.list_games()
                   if mythenv.game_class(g).compiled is not None)
    assert built == WITH_C, f"sources {WITH_C}, built and up to date {built} (rebuild: {REBUILD})"


def _check(game, state, c, layout, buf) -> int:
    for p in range(game.num_players):
        buf.fill(np.nan)  # the encoder zeroes the buffer itself
        assert c(state, p, buf, layout) is True
        want = python_observation(game, state, p)
        assert np.array_equal(buf, want), (p, np.flatnonzero(buf != want))
    return game.num_players


@pytest.mark.parametrize("gid,cfg", COMPILED_CASES)
def test_compiled_encoder_equals_python_encoder(gid, cfg):
    game = mythenv.make_game(gid, **cfg)
    c, layout = game.compiled.encode, game.c_layout
    rng = np.random.default_rng(17)
    buf = np.empty(game.observation_size, np.float32)
    checked = 0
    for seed in range(12):
        state = game.new_initial_state(seed=seed)
        steps = 0
        while not state.is_terminal() and steps < 2000:
            checked += _check(game, state, c, layout, buf)
            if steps % 50 == 7:  # a loaded copy and a world resampled from one seat's view
                checked += _check(game, game.state_from_dict(state.to_dict()), c, layout, buf)
                seat = int(rng.integers(game.num_players))
                checked += _check(game, state.resample_hidden(seat, rng), c, layout, buf)
            la = state.legal_actions()
            state.apply_action(la[int(rng.integers(len(la)))])
            steps += 1
        checked += _check(game, state, c, layout, buf)
    assert checked > 12 * 10 * game.num_players


@pytest.mark.parametrize("gid", sorted({c.values[0] for c in COMPILED_CASES}))
def test_compiled_encoder_declines_buffers_it_cannot_write(gid):
    game = mythenv.make_game(gid)
    c, layout = game.compiled.encode, game.c_layout
    state = game.new_initial_state(seed=0)
    n = game.observation_size
    bad = [np.full(n, 7, np.float64), np.full(2 * n, 7, np.float32)[::2], np.full(n + 1, 7, np.float32),
           np.full(n - 1, 7, np.float32), bytearray(4 * n)]
    ro = np.full(n, 7, np.float32)
    ro.flags.writeable = False
    bad.append(ro)
    for out in bad:
        before = bytes(memoryview(out).cast("B")) if isinstance(out, bytearray) else np.array(out, copy=True)
        assert c(state, 0, out, layout) is False
        after = bytes(memoryview(out).cast("B")) if isinstance(out, bytearray) else out
        assert np.array_equal(np.asarray(after), np.asarray(before))
    # and the Game falls back to Python for them: a strided buffer still gets the right values
    strided = np.zeros(2 * n, np.float32)[::2]
    game.observation(state, 0, strided)
    assert np.array_equal(strided, python_observation(game, state, 0))


@pytest.mark.parametrize("gid", sorted({c.values[0] for c in COMPILED_CASES}))
def test_compiled_encoder_refuses_bad_arguments(gid):
    game = mythenv.make_game(gid)
    c, layout = game.compiled.encode, game.c_layout
    state = game.new_initial_state(seed=0)
    buf = np.zeros(game.observation_size, np.float32)
    with pytest.raises(TypeError):
        c(state, 0, buf)
    with pytest.raises(TypeError):
        c(state, 0, buf, "not a layout")
    with pytest.raises(TypeError):
        c(state, 0, buf, layout[:-1] if layout else (1,))
    with pytest.raises((TypeError, AttributeError)):
        c(object(), 0, buf, layout)
    with pytest.raises(ValueError):
        c(state, game.num_players, buf, layout)
    with pytest.raises((ValueError, TypeError)):
        c(state, -1, buf, layout)


def test_use_compiled_switches_encoders():
    for gid in mythenv.list_games():
        game = mythenv.make_game(gid)
        has = type(game).compiled is not None
        assert game.use_compiled(True) is has
        assert game.use_compiled(False) is False and game.c_layout is None
        state = game.new_initial_state(seed=1)
        assert np.array_equal(game.observation(state, 0), python_observation(game, state, 0))


def _attr_values(state) -> list:
    names = [n for cls in type(state).__mro__ for n in getattr(cls, "__slots__", ())]
    names += list(getattr(state, "__dict__", {}))
    kinds = (list, dict, bytearray, set, np.ndarray)
    values = [v for v in (getattr(state, n, None) for n in names if n != "__dict__") if isinstance(v, kinds)]
    inner = [x for v in values if isinstance(v, list) for x in v if isinstance(x, kinds)]  # hands, columns
    return values + inner


@pytest.mark.parametrize("gid", sorted({c.values[0] for c in COMPILED_CASES}))
def test_compiled_encoder_leaks_nothing(gid):
    """No reference to anything of the state is kept or lost by a call, and no memory is kept."""
    import gc
    import sys
    import tracemalloc

    game = mythenv.make_game(gid)
    c, layout = game.compiled.encode, game.c_layout
    rng = np.random.default_rng(2)
    buf = np.zeros(game.observation_size, np.float32)
    state = game.new_initial_state(seed=4)
    for _ in range(40):  # a state in the middle of a game
        la = state.legal_actions()
        state.apply_action(la[int(rng.integers(len(la)))])
    values = _attr_values(state)
    before = [sys.getrefcount(v) for v in values]
    for _ in range(200):
        for p in range(game.num_players):
            c(state, p, buf, layout)
    assert [sys.getrefcount(v) for v in values] == before
    gc.collect()
    tracemalloc.start()
    c(state, 0, buf, layout)
    start = tracemalloc.get_traced_memory()[0]
    for _ in range(2000):
        c(state, 0, buf, layout)
    grown = tracemalloc.get_traced_memory()[0] - start
    tracemalloc.stop()
    assert grown < 4096, f"{grown} bytes kept by 2000 calls"


@pytest.mark.parametrize("gid", sorted({c.values[0] for c in COMPILED_CASES}))
def test_env_switching_encoders_mid_game_stays_exact(gid):
    """The AEC env calls the compiled encoder directly; switching a game to its Python encoder (and
    back) in the middle of a game keeps every observation exact."""
    env = mythenv.make_env(gid).unwrapped
    rng = np.random.default_rng(0)
    steps = 0
    episode = 0
    while steps < 200:
        env.reset(seed=episode)
        episode += 1
        for agent in env.agent_iter():
            if steps % 40 == 13:
                env.game.use_compiled(steps % 80 != 13)  # off, then on again, ...
            obs, _r, term, trunc, _i = env.last()
            seat = env._index[agent]
            assert np.array_equal(obs["observation"], python_observation(env.game, env.game_state, seat)), steps
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1


STALE_GID = "hera_zeus_v0"


def _copy_of_package(root: Path, gid: str, *, c_source: bool, edit: str | None = None) -> str:
    """A copy of ``gid``'s built encoder and the sources it was built from, laid out as in mythenv
    (``<root>/games/<game>/``, ``<root>/core/cobserve.h``; the C sources and the generated _clayout.h only
    with ``c_source``, as in a checkout), ``edit``'s file given one more line; the copy's module name."""
    pkg = Path(mythenv.game_class(gid).compiled.__file__).parent
    d = root / "games" / pkg.name
    d.mkdir(parents=True)
    shutil.copy2(mythenv.game_class(gid).compiled.__file__, d)
    names = ["observe.py"] + (["_cobserve.c", "_clayout.h"] if c_source else [])
    for n in names:
        shutil.copy2(pkg / n, d / n)
    if c_source:
        (root / "core").mkdir()
        shutil.copy2(pkg.parents[1] / "core" / "cobserve.h", root / "core" / "cobserve.h")
    if edit is not None:
        target = root / "core" / "cobserve.h" if edit == "cobserve.h" else d / edit
        target.write_text(target.read_text() + ("# " if edit.endswith(".py") else "// ") + "an edit, not rebuilt\n")
    return f"{root.name}.games.{pkg.name}._cobserve"


def _import_copy(name: str):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        mod = compiled_module(name)
    return mod, [w for w in caught if issubclass(w.category, StaleCompiledEncoderWarning)]


@pytest.mark.skipif(mythenv.game_class(STALE_GID).compiled is None, reason="no compiled encoder built")
def test_an_out_of_date_compiled_encoder_is_detected_and_never_used(tmp_path, monkeypatch):
    """Issue 43: after an edit to observe.py the env kept running the compiled module built before it.
    Each module carries the SHA-256 of the sources it was built from (``setup.py``, cobserve.h
    ``sources``); at import, one whose observe.py, _cobserve.c, generated _clayout.h or cobserve.h differs
    from the file beside it is refused with one warning naming the module, the file and the rebuild command. A copy laid out
    as an install with no C source beside it (a wheel) is compared on observe.py only, and used."""
    monkeypatch.syspath_prepend(str(tmp_path))
    cases = {"fresh": (True, None), "wheel": (False, None), "obs": (True, "observe.py"),
             "csrc": (True, "_cobserve.c"), "header": (True, "cobserve.h"), "generated": (True, "_clayout.h"),
             "wheel_obs": (False, "observe.py")}
    for label, (c_source, edit) in cases.items():
        name = _copy_of_package(tmp_path / f"copy_{label}", STALE_GID, c_source=c_source, edit=edit)
        mod, caught = _import_copy(name)
        if edit is None:
            assert mod is not None and mod.encode and not caught, label
            continue
        assert mod is None and len(caught) == 1, label
        text = str(caught[0].message)
        assert "_cobserve" in text and edit in text and "out of date" in text and REBUILD in text, text
        assert str(tmp_path / f"copy_{label}") in text  # the files named are the copy's


@pytest.mark.skipif(mythenv.game_class(STALE_GID).compiled is None, reason="no compiled encoder built")
def test_a_game_with_a_stale_encoder_encodes_in_python_with_the_same_values(monkeypatch):
    """The source hash monkeypatched to differ from every fingerprint: the game's module is refused (the
    class attribute ``compiled`` as the game's import sets it is None), ``use_compiled`` reports the
    Python encoder, and every observation equals what the real compiled encoder writes."""
    cls = mythenv.game_class(STALE_GID)
    real = cls.compiled
    monkeypatch.setattr(core_observe, "source_hash", lambda path: "0" * 64)
    mod, caught = _import_copy(real.__name__)
    assert mod is None and len(caught) == 1 and "observe.py" in str(caught[0].message)
    monkeypatch.setattr(cls, "compiled", mod)
    game = mythenv.make_game(STALE_GID)
    assert game.use_compiled(True) is False and game.c_layout is None
    layout = game.compiled_layout()
    rng = np.random.default_rng(3)
    buf = np.empty(game.observation_size, np.float32)
    for seed in range(3):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            for p in range(game.num_players):
                assert real.encode(state, p, buf, layout) is True
                assert np.array_equal(game.observation(state, p), buf)
            la = state.legal_actions()
            state.apply_action(la[int(rng.integers(len(la)))])
