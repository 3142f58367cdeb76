"""Screenshots of the replay page in a 1366x768 window, the picture at its printed size (issue 45):
``python examples/replay_screenshots.py`` writes ``docs/images/replay_<game>_{start,mid,end}.png``
(each game heuristic against random, seed 1, seat 0's view, the page's picture clicked to 100%;
palette PNGs to keep the docs small).

Needs the dev extra's Playwright and the system's Chromium (``/usr/bin/chromium``; Playwright never
downloads a browser here).
"""

from __future__ import annotations

import io
import sys
import tempfile
from pathlib import Path

import numpy as np
from PIL import Image
from playwright.sync_api import sync_playwright

import mythenv
from mythenv.agents import make_agent
from mythenv.core.record import Recorder, load_record
from mythenv.core.view import SeatView
from mythenv.serve.page import replay_html

ROOT = Path(__file__).resolve().parents[1]
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
GAMES = ["hera_zeus_v0", "demigods_v0", "mythologies_v0", "theomachy_v0", "theosis_v0"]


def record(gid: str, seed: int = 1):
    game = mythenv.make_game(gid)
    agents = [make_agent("heuristic", game, seed=seed), make_agent("random", game, seed=seed + 1)]
    for p, a in enumerate(agents):
        a.reset(p, seed + p)
    state = game.new_initial_state(seed=seed)
    rec = Recorder(game, seed, ["heuristic", "random"])
    rng = np.random.default_rng(seed)
    while not state.is_terminal() and len(rec.steps) < 400:
        p = state.current_player()
        rec.apply(state, agents[p].act(SeatView(game, state, p, rng)))
    return load_record(rec.finish(state))


def main(out: Path = ROOT / "docs" / "images", games=GAMES) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw, tempfile.TemporaryDirectory() as tmp:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        for gid in games:
            rp = record(gid)
            html = Path(tmp) / f"{gid}.html"
            html.write_text(replay_html(rp, seat=0), encoding="utf-8")
            page.goto(html.as_uri())
            page.click("#frame")  # 100%
            n = len(rp.steps)
            for name, k in (("start", 0), ("mid", n // 2), ("end", n)):
                page.evaluate("k => { const s = document.getElementById('slider'); s.value = k; s.oninput(); }", k)
                page.wait_for_timeout(200)
                png = page.screenshot()
                img = Image.open(io.BytesIO(png)).convert("RGB").quantize(64, method=Image.Quantize.MEDIANCUT)
                target = out / f"replay_{gid.removesuffix('_v0')}_{name}.png"
                img.save(target, optimize=True)
                print(f"wrote {target} ({target.stat().st_size // 1000} KB, step {k} of {n})")
        browser.close()


if __name__ == "__main__":
    main(games=sys.argv[1:] or GAMES)
