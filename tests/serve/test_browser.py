"""The web app in a real headless browser: the system's Chromium (/usr/bin/chromium, installed by
.ci/run from the distribution's packages, never downloaded by Playwright) driven by Playwright. Kept to
four tests for CI time: a whole game against `random` played by clicking, a record opened and
stepped, a forged request refused, a Theosis Ritual token placed by clicking the board."""

import os
import socket
import threading
import time

import numpy as np
import pytest

CHROMIUM = "/usr/bin/chromium"
if not os.path.exists(CHROMIUM):
    pytest.skip(f"no system Chromium at {CHROMIUM} (CI installs it: apt-get install -y chromium)",
                allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="the dev extra's playwright is not installed")
uvicorn = pytest.importorskip("uvicorn")

import mythenv  # noqa: E402
from mythenv.cli import main  # noqa: E402
from mythenv.core.record import load_record  # noqa: E402
from mythenv.serve.app import create_app  # noqa: E402
from mythenv.serve.page import has_picture  # noqa: E402
from tests.serve.hostile import wait_js  # noqa: E402
from tests.test_record_cli import short_record  # noqa: E402

#: the pictures are drawn (Game.frame); the picture checks run only then
DRAWS = has_picture(mythenv.make_game("hera_zeus_v0"))

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


#: the app behind the module's server (the Theosis test reads its match to play the heuristic's moves)
APP = {}


@pytest.fixture(scope="module")
def server():
    port = _free_port()
    APP["app"] = app = create_app()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    t = threading.Thread(target=srv.run, daemon=True)
    t.start()
    deadline = time.time() + 20
    while not srv.started:
        assert time.time() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    t.join(timeout=10)


@pytest.fixture(scope="module")
def browser():
    pw = sync_api.sync_playwright().start()
    b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
    yield b
    b.close()
    pw.stop()


@pytest.fixture()
def page(browser, server):
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000}, accept_downloads=True)
    pg = ctx.new_page()
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(server + "/")
    pg.wait_for_selector("#game option[value=hera_zeus_v0]", state="attached")
    yield pg
    ctx.close()
    assert not errors, errors


def _start(page, game="hera_zeus_v0", seed=5):
    page.select_option("#game", game)
    page.select_option("#opponent", "random")
    page.fill("#seed", str(seed))
    page.click("#start")
    page.wait_for_selector("#play:not(.hidden)")


def test_whole_game_by_clicking(page, tmp_path):
    """Hera and Zeus against random, every decision a click on an action button, to the end; the
    saved record replays to the returns the page shows."""
    _start(page)
    clicks = 0
    while not page.evaluate("M.finished"):
        step = page.evaluate("M.step")
        with page.expect_response(lambda r: r.url.endswith("/act")) as resp:
            page.locator("#actions button.action").last.click()
        assert resp.value.status == 200
        wait_js(page, "s => M.step > s", step)
        clicks += 1
        assert clicks < 500
    assert clicks > 5 and page.locator("#actions button").count() == 0
    if DRAWS:
        wait_js(page, "() => (f => f.complete && f.naturalWidth > 0)(document.getElementById('frame'))")
    with page.expect_download() as dl:
        page.click("#download")
    path = tmp_path / "saved.json"
    dl.value.save_as(path)
    rp = load_record(path)
    assert page.evaluate("M.returns") == rp.record["returns"] and rp.record["finished"]


def test_replay_opened_and_stepped(page, tmp_path):
    f = tmp_path / "g.json"
    assert main(["play", "demigods_v0", "--agents", "heuristic,random", "--record", str(f)]) == 0
    n = len(load_record(f).steps)
    page.set_input_files("#record-file", str(f))
    page.click("#open-record")
    page.wait_for_selector("#replay:not(.hidden)")
    assert page.text_content("#rpos") == f"step 0 / {n}"
    page.click("#rnext")
    page.click("#rnext")
    assert page.text_content("#rpos") == f"step 2 / {n}"
    page.select_option("#rview", "1")
    page.click("#rlast")
    assert page.text_content("#rpos") == f"step {n} / {n}"
    assert page.locator("#ractions li.cur").count() == 1
    if DRAWS:
        src = page.get_attribute("#rframe", "src")
        assert f"step={n}" in src and "view=1" in src
        wait_js(page, "() => (f => f.complete && f.naturalWidth > 0)(document.getElementById('rframe'))")
        # the same record as one page opened from disk: it steps, switches views, asks no server
        html, short = tmp_path / "g.html", short_record(tmp_path / "short.json", "demigods_v0", steps=6)
        n = 6
        assert main(["replay", str(short), "--html", str(html)]) == 0
        asked = []
        page.on("request", lambda r: asked.append(r.url))
        page.goto(html.as_uri())
        page.click("#next")
        page.click("#next")
        assert page.text_content("#pos") == f"step 2 / {n}"
        page.select_option("#view", "1")
        wait_js(page, "() => document.getElementById('frame').dataset.shown === '1:2'")  # drawn from its tiles
        # the log keeps the current step in view
        page.click("#last")
        wait_js(page, """() => { const l = document.getElementById('actions'), c = l.querySelector('li.cur');
            const a = l.getBoundingClientRect(), b = c.getBoundingClientRect();
            return b.top >= a.top - 1 && b.bottom <= a.bottom + 1; }""")
        assert [u for u in asked if not u.startswith(("file:", "data:"))] == []


def test_forged_request_refused(page):
    """A forged action (another token), an illegal one and a stale one are refused with the server's
    message; the game is unchanged and the next real click plays."""
    _start(page, seed=9)
    step = page.evaluate("M.step")
    forged = page.evaluate("""async () => {
        const r = await fetch('/api/matches/' + M.match + '/act', {method: 'POST',
            headers: {'Content-Type': 'application/json'},
            body: JSON.stringify({token: 'x' + M.token, step: M.step, action: M.legal[0].action})});
        return [r.status, (await r.json()).error];
    }""")
    assert forged[0] == 403 and "token" in forged[1]
    page.evaluate("M.step = M.step + 7")  # the page believes in another step: the server says stale
    page.locator("#actions button.action").first.click()
    wait_js(page, "() => document.getElementById('error').textContent.includes('stale')")
    wait_js(page, "s => M.step === s", step)  # the view was reloaded, nothing moved
    with page.expect_response(lambda r: r.url.endswith("/act")) as resp:
        page.locator("#actions button.action").first.click()
    assert resp.value.status == 200
    wait_js(page, "s => M.step > s", step)


def _option_texts(page, selector):
    return page.evaluate(f"[...document.querySelectorAll({selector!r} + ' option')].map(o => o.textContent)")


def test_setup_form_status_log_and_thinking_sign(page):
    """The setup form in words, its options following each other (Demigods' first player is a seat of
    the table; Theomachy's Advanced game switches to the draft), only the web menu's opponents; then
    a game whose page names seats as at the table and shows a thinking sign while the others move."""
    page.select_option("#game", "demigods_v0")
    labels = page.evaluate("[...document.querySelectorAll('#options label')].map(l => l.firstChild.textContent)")
    assert "Number of players " in labels and "Who starts " in labels
    assert not any("_" in x or '"' in x for x in labels), labels
    fp = "#options select[data-option=first_player]"
    assert _option_texts(page, fp) == ["Random", "Player 1", "Player 2"]
    page.select_option("#options select[data-option=num_players]", label="4")
    assert _option_texts(page, fp) == ["Random", "Player 1", "Player 2", "Player 3", "Player 4"]
    assert _option_texts(page, "#seat") == ["Player 1", "Player 2", "Player 3", "Player 4"]
    page.select_option(fp, label="Player 4")
    page.select_option("#options select[data-option=num_players]", label="3")
    assert _option_texts(page, fp) == ["Random", "Player 1", "Player 2", "Player 3"]
    assert "Who starts set to" in page.text_content("#form-note")
    assert page.evaluate("CFG.first_player") in ("random", 0, 1, 2)
    opponents = _option_texts(page, "#opponent")
    assert not any(x in " ".join(opponents).lower() for x in ("python", "rllib", "torch", "human")), opponents
    page.select_option("#game", "theomachy_v0")
    page.select_option("#options select[data-option=mode]", label="Advanced")
    assert page.evaluate("CFG.deck") == "draft" and "Starting decks set to Draft" in page.text_content("#form-note")
    page.select_option("#options select[data-option=deck]", label="Prebuilt")
    assert page.evaluate("CFG.mode") == "basic"  # the pre-built decks are for the Basic game only

    page.select_option("#game", "demigods_v0")
    page.select_option("#options select[data-option=num_players]", label="3")
    page.select_option("#seat", label="Player 2")
    page.select_option("#opponent", "random")
    page.fill("#seed", "4")
    page.click("#start")
    page.wait_for_selector("#play:not(.hidden)")
    page.evaluate("""() => { window.SEEN = []; const t = document.getElementById('thinking');
        new MutationObserver(() => { if (!t.classList.contains('hidden')) SEEN.push([t.textContent,
            [...document.querySelectorAll('#actions button')].every(b => b.disabled) && getComputedStyle(t).display !== 'none']); })
        .observe(t, {attributes: true, childList: true, characterData: true, subtree: true}); }""")
    for _ in range(3):
        if page.evaluate("M.finished"):
            break
        step = page.evaluate("M.step")
        page.locator("#actions button.action").first.click()
        wait_js(page, "s => M.step > s", step)
    seen = page.evaluate("SEEN")
    assert seen and all(text == "The other players are thinking" and disabled for text, disabled in seen), seen
    wait_js(page, "() => document.getElementById('thinking').classList.contains('hidden')")
    assert page.locator("#thinking").is_hidden()
    assert page.locator("#actions button.action").first.is_enabled() or page.evaluate("M.finished")
    words = page.text_content("#status") + page.text_content("#players") + page.text_content("#log")
    assert "You" in page.text_content("#players") and "Player 1" in words and "Player 3" in words
    for raw in ("seat ", "player_", "P0", "P1", "returns"):
        assert raw not in words, (raw, words)
    entries = page.evaluate("[...document.querySelectorAll('#log li')].map(l => l.textContent)")
    assert entries and all(e.startswith(("You: ", "Player 1 ", "Player 3 ")) for e in entries), entries


@pytest.mark.skipif(not DRAWS, reason="needs the pictures and their regions")
def test_theosis_ritual_placed_by_clicking_the_board(browser, server):
    """Issue 45: placing a Ritual token (200+ legal placements: a hex and a rotation) shows at most a
    few dozen buttons (one per hex, then its rotations) in a 1366x768 window, and a click on a hex of
    the picture narrows the choice to that hex's rotations; the move played is a legal placement at
    that hex. Seat 1 plays the heuristic's moves (through the page's own ``act``) up to the placement."""
    from mythenv.core.view import SeatView
    from mythenv.games.theosis.heuristic import heuristic_action

    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(server + "/")
        page.wait_for_selector("#game option[value=theosis_v0]", state="attached")
        page.select_option("#game", "theosis_v0")
        page.select_option("#opponent", "heuristic")
        page.select_option("#seat", "1")
        page.fill("#seed", "2")
        page.click("#start")
        page.wait_for_selector("#play:not(.hidden)")
        mid = page.evaluate("M.match")
        match = APP["app"].state.hub.sessions[mid]
        g, rng = match.game, np.random.default_rng(0)
        while True:
            s = match.state
            assert not s.is_terminal(), "the game ended before seat 1 placed a Ritual token"
            legal = s.legal_actions()
            if s.current_player() == 1 and {g.codec.decode(a)[0] for a in legal} == {"rplace"}:
                break
            step = page.evaluate("M.step")
            page.evaluate("a => act(a)", heuristic_action(SeatView(g, s, 1, rng), rng))
            wait_js(page, "s => M.step > s && !busy", step)
        wait_js(page, "n => M.legal.length === n", len(legal))
        assert len(legal) > 40
        shown = page.locator("#actions button").count()
        assert 1 <= shown <= 40, shown  # a button per hex, or a select of the hexes
        assert page.locator("#actions button.group").count() >= 1
        # click the hex of the first legal placement on the picture (fitted to the window)
        regions = page.evaluate("M.regions")
        assert set(map(int, regions)) == set(legal)
        by_hex = {}
        for a in legal:
            by_hex.setdefault(tuple(regions[str(a)]), set()).add(a)
        target, at_hex = max(by_hex.items(), key=lambda kv: len(kv[1]))  # the hex with most rotations
        assert len(at_hex) > 1
        cx, cy = sum(target[0::2]) / 6, sum(target[1::2]) / 6
        wait_js(page, """() => (f => f.complete && f.naturalWidth > 0 && f.src.endsWith('step=' + M.step))(
            document.getElementById('frame'))""")
        scale = page.evaluate("(f => f.clientWidth / f.naturalWidth)(document.getElementById('frame'))")
        page.locator("#frame").click(position={"x": cx * scale, "y": cy * scale})
        wait_js(page, "n => document.querySelectorAll('#actions button.action').length === n", len(at_hex))
        step = page.evaluate("M.step")
        with page.expect_response(lambda r: r.url.endswith("/act")) as resp:
            page.locator("#actions button.action").first.click()
        assert resp.value.status == 200
        wait_js(page, "s => M.step > s", step)
        played = [st for st in match.rec.steps if st["seat"] == 1][-1]
        assert played["action"] in at_hex
        assert not errors, errors
    finally:
        ctx.close()
