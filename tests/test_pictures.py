"""Pictures (issue 30): ``Game.frame(state, seat)`` and ``render_mode="rgb_array"`` in every game and
mode. Each frame is an ``(H, W, 3)`` uint8 array of one fixed size per config; it changes as the game
moves; a seat's frame shows nothing that seat cannot know (a state resampled from the seat's view,
``resample_hidden(seat, rng)``, draws the identical frame); the AEC env and the Gymnasium wrapper
return it; Gymnasium's ``RecordVideo`` films a whole game."""

from __future__ import annotations

import numpy as np
import pytest

import mythenv
from mythenv.core import draw
from mythenv.core.errors import ConfigError
from mythenv.core.registry import game_class

STEPS = 36  # random moves per config: keep the suite fast


def _configs():
    out = []
    for gid in mythenv.list_games():
        cls = game_class(gid)
        cfgs = list(cls.test_configs)
        if gid == "theomachy_v0":  # every mode at 2 and 8 seats
            cfgs += [{"num_players": n, "mode": m, "deck": "draft", "max_hands": 3}
                     for n in (2, 8) for m in ("advanced", "epic")] + [{"num_players": 2}, {"num_players": 8}]
        if gid == "theosis_v0":  # both semi co-op modes in the Hierapolis preparation too
            cfgs += [{"num_players": 3, "mode": "semi_coop_light", "encounter": "p3_2", "monsters": "voax"},
                     {"num_players": 2, "mode": "semi_coop_heavy", "encounter": "godslayer:4", "heroes_per_player": 2}]
        seen = []
        for cfg in cfgs:
            if cfg not in seen:
                seen.append(cfg)
                out.append(pytest.param(gid, cfg, id=f"{gid}-{'-'.join(f'{k}={v}' for k, v in cfg.items()) or 'default'}"))
    return out


CONFIGS = _configs()


def _walk(game, seed: int, steps: int = STEPS):
    """The states of a random game from ``seed``, at most ``steps`` moves."""
    s = game.new_initial_state(seed=seed)
    rng = np.random.default_rng(seed)
    out = [s.clone()]
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply_action(int(rng.choice(s.legal_actions())))
        out.append(s.clone())
    return out


@pytest.mark.parametrize("gid,cfg", CONFIGS)
def test_frames_shape_change_and_hidden_cards(gid, cfg):
    game = mythenv.make_game(gid, **cfg)
    states = _walk(game, seed=3)
    first = game.frame(states[0], "all")
    assert first.dtype == np.uint8 and first.ndim == 3 and first.shape[2] == 3
    assert 900 <= first.shape[1] <= 1400 and 400 <= first.shape[0] <= 1400
    last = game.frame(states[-1], "all")
    assert last.shape == first.shape, "one fixed frame size per config"
    assert not np.array_equal(first, last), "the frame changes as the game moves"
    rng = np.random.default_rng(0)
    for s in (states[len(states) // 2], states[-1]):
        seat = s.current_player() if not s.is_terminal() else 0
        mine = game.frame(s, seat)
        assert mine.shape == first.shape
        for _ in range(2):
            r = s.resample_hidden(seat, rng)
            assert np.array_equal(game.frame(r, seat), mine), f"seat {seat}'s frame shows what it cannot know"
    img = game.picture(states[-1], 0)
    assert img.mode == "RGB" and img.size == (first.shape[1], first.shape[0])


@pytest.mark.parametrize("gid", mythenv.list_games())
def test_frame_seat_errors(gid):
    game = mythenv.make_game(gid)
    s = game.new_initial_state(seed=0)
    for bad in (-1, game.num_players, "everyone", 1.0, True, None):
        with pytest.raises(ConfigError, match="seat"):
            game.frame(s, bad)
    for bad in (game.num_players, "x", 0.5):
        with pytest.raises(ConfigError, match="render_seat"):
            mythenv.make_env(gid, render_mode="rgb_array", render_seat=bad)


def test_omniscient_and_seat_views_differ():
    """Hera's hand is drawn face up for Hera and as backs for Zeus."""
    game = mythenv.make_game("hera_zeus_v0")
    s = game.new_initial_state(seed=0)
    assert not np.array_equal(game.frame(s, 0), game.frame(s, 1))
    assert not np.array_equal(game.frame(s, 1), game.frame(s, "all"))
    # the resampling check has teeth: Zeus's hidden hand is redrawn, which the omniscient view shows
    r = s.resample_hidden(0, np.random.default_rng(0))
    assert np.array_equal(game.frame(r, 0), game.frame(s, 0))
    assert not np.array_equal(game.frame(r, "all"), game.frame(s, "all"))


@pytest.mark.parametrize("gid", mythenv.list_games())
def test_rgb_array_on_the_aec_env(gid):
    env = mythenv.make_env(gid, render_mode="rgb_array")
    assert "rgb_array" in env.metadata["render_modes"] and env.metadata["render_fps"] > 0
    env.reset(seed=1)
    game = env.game
    f0 = env.render()
    assert f0.dtype == np.uint8 and f0.shape[2] == 3
    assert np.array_equal(f0, game.frame(env.game_state, env.game_state.current_player()))
    rng = np.random.default_rng(1)
    for _ in range(10):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            break
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.render().shape == f0.shape
    omni = mythenv.make_env(gid, render_mode="rgb_array", render_seat="all")
    omni.reset(seed=1)
    assert np.array_equal(omni.render(), game.frame(omni.game_state, "all"))


def test_after_the_end_the_last_mover_is_drawn():
    env = mythenv.make_env("hera_zeus_v0", render_mode="rgb_array")
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    mover = None
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            break
        mover = env.possible_agents.index(agent)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.game_state.is_terminal()
    assert np.array_equal(env.render(), env.game.frame(env.game_state, mover))


@pytest.mark.parametrize("gid", ["hera_zeus_v0", "theosis_v0"])
def test_rgb_array_on_the_gymnasium_wrapper(gid):
    import gymnasium

    env = gymnasium.make(game_class(gid).gym_id, render_mode="rgb_array", seat=1)
    obs, info = env.reset(seed=0)
    frame = env.render()
    base = env.unwrapped
    assert frame.dtype == np.uint8 and np.array_equal(frame, base.game.frame(base.game_state, 1))
    env.close()


def test_record_video_films_a_whole_game(tmp_path):
    """Gymnasium's RecordVideo (moviepy, the ``video`` extra) films one whole Hera and Zeus game."""
    pytest.importorskip("moviepy")
    import gymnasium
    from gymnasium.wrappers import RecordVideo

    env = RecordVideo(gymnasium.make("mythenv/HeraZeus-v0", render_mode="rgb_array"), str(tmp_path / "videos"),
                      episode_trigger=lambda e: e == 0, disable_logger=True)
    obs, info = env.reset(seed=0)
    rng = np.random.default_rng(0)
    done, steps = False, 0
    while not done:
        obs, r, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        done = term or trunc
        steps += 1
    env.close()
    videos = list((tmp_path / "videos").glob("*.mp4"))
    assert steps > 5 and len(videos) == 1 and videos[0].stat().st_size > 1000


def test_draw_primitives_and_default_font():
    """The default font draws at several sizes without a system font; the primitives draw inside
    the canvas; ``to_array`` gives a writable H x W x 3 uint8 array."""
    c = draw.Canvas(320, 200)
    for size in (8, 12, 20, 32):
        f = draw.font(size)
        assert f.getbbox("Hg")[3] > size * 0.6
    draw.card(c, (5, 5, 60, 90), "Zeus", ["strength 7"], (50, 140, 80))
    draw.card_back(c, (70, 5, 125, 90), "3")
    draw.token(c, (150, 40), 15, (200, 60, 50), "P1")
    draw.hexagon(c, (200, 40), 20, text="Rā")
    draw.track(c, (5, 100, 315, 140), -3, 3, {1: [((0, 0, 0), "")]}, "track")
    n = draw.text_box(c, (5, 150, 120, 195), "a long text that wraps over several lines " * 3, 12)
    assert 1 <= n <= 3
    a = draw.to_array(c.image)
    assert a.shape == (200, 320, 3) and a.dtype == np.uint8 and a.flags.writeable
    assert len(np.unique(a.reshape(-1, 3), axis=0)) > 10
    assert draw.plain("Rā Pūca") == "Ra Puca"
    assert draw.wrap("one two three", 12, 40)[0] in ("one", "one two")


@pytest.mark.parametrize("gid", mythenv.list_games())
def test_pettingzoo_render_test(gid):
    """PettingZoo's own render_test: every mode in metadata["render_modes"] returns its type
    (rgb_array: an H x W x 3 uint8 array)."""
    from pettingzoo.test import render_test

    render_test(lambda render_mode=None: mythenv.make_env(gid, render_mode=render_mode))
    assert game_class(gid).picture_renderer is not None


def test_theosis_hit_regions_cover_the_hex_choices():
    """Issue 45: ``Game.hit_regions`` gives every legal hex choice and Ritual token placement of the
    seat to move a hexagon inside the picture (a placement's rotations share their hex), nothing for
    a seat that is not to move, and nothing in the games without regions."""
    from mythenv.core.view import SeatView
    from mythenv.games.theosis.heuristic import heuristic_action

    g = mythenv.make_game("theosis_v0")
    s, rng = g.new_initial_state(seed=6), np.random.default_rng(6)
    seen = set()
    while not s.is_terminal() and "rplace" not in seen:
        p, legal = s.current_player(), s.legal_actions()
        fams = {g.codec.decode(a)[0] for a in legal}
        if fams & {"hex", "rplace"}:
            regions = g.hit_regions(s, p)
            assert g.hit_regions(s, 1 - p) == {}
            w, h = g.picture(s, p).size
            for a in legal:
                fam, idx = g.codec.decode(a)
                if fam in ("hex", "rplace"):
                    pts = regions[a]
                    assert len(pts) == 12 and all(0 <= x <= w for x in pts[0::2]) and all(0 <= y <= h for y in pts[1::2])
            assert set(regions) <= set(legal)
            seen |= fams
        s.apply_action(heuristic_action(SeatView(g, s, s.current_player(), rng), rng))
    assert {"hex", "rplace"} <= seen
    for gid in ("hera_zeus_v0", "demigods_v0", "mythologies_v0", "theomachy_v0"):
        other = mythenv.make_game(gid)
        st = other.new_initial_state(seed=0)
        assert other.hit_regions(st, st.current_player()) == {}
