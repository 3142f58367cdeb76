"""Screenshots of the web app for the docs (issue 45): ``python examples/serve_screenshots.py``
writes ``docs/images/serve_<game>[_<mode>]_{start,mid,end}.png`` for every game and every mode its
rulebook has (``SHOTS``): seat 0 against ``random``, seed 1, set up through the page's form, played
to the end by clicking the first action (the board, where the decision offers it there) in a
1366x768 window; palette PNGs to keep the docs small. ``--games theosis demigods`` takes a few.

Needs the serve and dev extras and the system's Chromium (``/usr/bin/chromium``; Playwright never
downloads a browser here).
"""

from __future__ import annotations

import argparse
import io
import json
import socket
import threading
import time
import urllib.request
from pathlib import Path

import uvicorn
from PIL import Image
from playwright.sync_api import sync_playwright

from mythenv.serve.app import create_app

ROOT = Path(__file__).resolve().parents[1]
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
SEED = 1
#: game -> (mode's name in the file name, "" for a game with one mode; the form's options, set in order)
SHOTS: dict[str, list[tuple[str, dict]]] = {
    "hera_zeus_v0": [("", {})],
    "demigods_v0": [("2p", {"num_players": 2}), ("4p", {"num_players": 4})],
    "mythologies_v0": [("", {})],
    "theomachy_v0": [("basic", {}), ("advanced", {"mode": "advanced", "deck": "draft"}),
                     ("epic", {"mode": "epic", "deck": "draft"})],
    "theosis_v0": [("free_for_all", {}), ("teams_2x2", {"num_players": 4, "mode": "teams_2x2"}),
                   ("teams_2x3", {"num_players": 6, "mode": "teams_2x3"}),
                   ("teams_3x2", {"num_players": 6, "mode": "teams_3x2"}),
                   ("solo", {"num_players": 1, "mode": "solo"}), ("coop", {"mode": "coop"}),
                   ("semi_coop_light", {"mode": "semi_coop_light"}),
                   ("semi_coop_heavy", {"mode": "semi_coop_heavy"})],
}
#: the first legal action: the first button (a group's button opens it; the select's first entry),
#: or a click on the board at the middle of its spot when the decision has one there
FIRST = """() => {
  const l = M.legal[0], pts = (M.regions || {})[l.action];
  if (pts) {
    const f = document.getElementById("frame"), box = document.getElementById("framebox");
    let x = 0, y = 0;
    for (let i = 0; i < pts.length; i += 2) { x += pts[i]; y += pts[i + 1]; }
    const s = f.clientWidth / f.naturalWidth, n = pts.length / 2;
    box.scrollTop = Math.max(0, y / n * s - box.clientHeight / 2);
    return {board: true, x: x / n * s, y: y / n * s};
  }
  return {board: false};
}"""


def post(url: str, body: dict) -> dict:
    req = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.load(r)


def clicks_to_end(base: str, gid: str, config: dict) -> int:
    """How many decisions seat 0 makes when it always takes the first legal action (the same game
    as the page's: same seed, same moves), through the API without pictures."""
    v = post(base + "/api/matches", {"game": gid, "config": config, "seat": 0, "opponents": "random", "seed": SEED})
    token, n = v["token"], 0
    while not v["finished"]:
        v = post(f"{base}/api/matches/{v['match']}/act",
                 {"token": token, "step": v["step"], "action": v["legal"][0]["action"]})
        n += 1
    return n


def setup(page, base: str, gid: str, config: dict) -> None:
    """A new game through the form: the game, its options in order, seat 0, random, the seed."""
    page.goto(base + "/")
    page.wait_for_selector(f"#game option[value={gid}]", state="attached")
    page.select_option("#game", gid)
    for key, value in config.items():
        # by the words a person reads (Playwright matches a bare string as a value or a label: "2" players
        # would pick the option whose label is "2", value "0")
        label = page.evaluate("([k, v]) => optionOf(currentGame(), k).choices.find(c => c.value === v).label",
                              [key, value])
        page.select_option(f"#options [data-option={key}]", label=label)
    got = page.evaluate("CFG")
    assert all(got[k] == v for k, v in config.items()), (gid, config, got)
    page.select_option("#seat", label="Player 1")
    page.select_option("#opponent", value="random")
    page.fill("#seed", str(SEED))
    page.click("#start")
    page.wait_for_selector("#play:not(.hidden)")


def click_first(page) -> bool:
    """Seat 0's next decision: the first legal action, by the board or the buttons (True: by the board)."""
    step = page.evaluate("M.step")
    loaded(page)
    spot = page.evaluate(FIRST)
    if spot["board"]:
        page.locator("#frame").click(position={"x": spot["x"], "y": spot["y"]})
    while page.evaluate("s => M.step === s && !busy", step):  # one look: the move may land between two
        # the buttons: a group opens its actions (the narrowed list of a board click too)
        page.locator("#actions button.action, #actions button.group").first.click()
    page.wait_for_function("s => M.step > s && !busy", arg=step)
    err = page.locator("#error").text_content()
    assert not err, err
    return spot["board"]


def loaded(page) -> None:
    """Wait for the picture of this step (the page sets a new ``src`` after every move)."""
    page.wait_for_function("() => { const f = document.getElementById('frame');"
                           " return f.classList.contains('hidden') || (f.complete && f.naturalWidth > 0"
                           " && f.src.endsWith('step=' + M.step)); }")


def shoot(page, path: Path) -> int:
    loaded(page)
    page.evaluate("() => { document.getElementById('framebox').scrollTop = 0; window.scrollTo(0, 0); }")
    page.wait_for_timeout(100)
    img = Image.open(io.BytesIO(page.screenshot(full_page=True))).convert("RGB")
    img.quantize(128, method=Image.Quantize.MEDIANCUT).save(path, optimize=True)
    return path.stat().st_size


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", nargs="*", default=list(SHOTS), help="game ids or short names (default: all)")
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "images")
    args = ap.parse_args()
    games = [g if g.endswith("_v0") else g + "_v0" for g in args.games]
    args.out.mkdir(parents=True, exist_ok=True)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    srv = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning"))
    t = threading.Thread(target=srv.run, daemon=True)
    t.start()
    while not srv.started:
        time.sleep(0.05)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        for gid in games:
            for mode, config in SHOTS[gid]:
                n = clicks_to_end(base, gid, config)
                setup(page, base, gid, config)
                stem = "serve_" + gid.removesuffix("_v0") + (f"_{mode}" if mode else "")
                board = 0
                for k in range(n + 1):
                    name = {0: "start", n // 2: "mid", n: "end"}.get(k)
                    if name:
                        path = args.out / f"{stem}_{name}.png"
                        size = shoot(page, path)
                        print(f"wrote {path.relative_to(ROOT)} ({size // 1000} KB, click {k} of {n})", flush=True)
                    if k < n:
                        board += click_first(page)
                assert page.evaluate("M.finished"), f"{stem}: not over after {n} clicks"
                print(f"  {stem}: {n} decisions, {board} on the board; {page.evaluate('M.ending')}", flush=True)
        browser.close()
    srv.should_exit = True
    t.join(timeout=10)


if __name__ == "__main__":
    main()
