"""The replay page's size (issue 45): a long seeded game of every game (random moves, up to 200
steps) written as one page with every seat's view and the omniscient one stays under a few MB (it
was 25-110 MB with one PNG per frame and view; docs/records.md has the measurements). The page is
still self-contained, its data still goes through ``script_json`` (no raw ``<``, ``>``, ``&``), and
the frames it draws are the game's pictures pixel for pixel (checked at the first, middle and last
step). A bound in bytes, not in time."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

import mythenv
from mythenv.core.record import Recorder, load_record
from mythenv.serve.page import has_picture, replay_html, sheet_frames

#: the bound for a page of up to 200 steps with every view (measured: 0.8-2.3 MB while every view
#: named the seats alike; 1.1-3.6 MB since each seat's view names that seat "you" in its status line,
#: panels and log, so the views share fewer tiles: Demigods' six scrolling log lines are most of it)
MAX_PAGE_BYTES = 4_000_000
MAX_STEPS = 200
#: a seed per game whose random game is long (the games of Mythologies and Theomachy under random
#: moves end in 60-100 steps; the others are cut at MAX_STEPS)
LONG = {"hera_zeus_v0": 5, "demigods_v0": 2, "mythologies_v0": 6, "theomachy_v0": 2, "theosis_v0": 0}


def long_replay(gid: str):
    game = mythenv.make_game(gid)
    seed = LONG[gid]
    state = game.new_initial_state(seed=seed)
    rec = Recorder(game, seed, ["random"] * game.num_players)
    rng = np.random.default_rng(seed)
    while not state.is_terminal() and len(rec.steps) < MAX_STEPS:
        la = state.legal_actions()
        rec.apply(state, la[int(rng.integers(len(la)))])
    return load_record(rec.finish(state))


@pytest.mark.parametrize("gid", sorted(LONG))
def test_long_game_page_is_small(gid):
    if not has_picture(mythenv.make_game(gid)):
        pytest.skip("needs Game.frame (the pictures)")
    rp = long_replay(gid)
    n = len(rp.steps)
    assert n >= 60
    page = replay_html(rp)
    size = len(page.encode("utf-8"))
    assert size <= MAX_PAGE_BYTES, f"{gid}: {n} steps make a page of {size:,} bytes"
    assert "http://" not in page and "https://" not in page
    blob = re.search(r'<script id="data" type="application/json">(.*?)</script>', page, re.S).group(1)
    assert not any(c in blob for c in "<>&\u2028\u2029")
    data = json.loads(blob)
    assert data["views"] == [str(p) for p in range(rp.game.num_players)] + ["all"]
    for v in data["views"]:
        frames = data["frames"][v]
        assert len(frames) == n + 1
        drawn = sheet_frames(data["picture"], frames)
        seat = v if v == "all" else int(v)
        for k in (0, n // 2, n):
            assert (drawn[k] == rp.game.frame(rp.states[k], seat)).all(), (v, k)
