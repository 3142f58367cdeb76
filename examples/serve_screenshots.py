"""Screenshots of the web app for the docs: ``python examples/serve_screenshots.py`` writes
``docs/images/serve_<game>.png`` (each game against ``random``, seat 0, seed 1, after a few clicks).

Needs the serve and dev extras and the system's Chromium (``/usr/bin/chromium``; Playwright never
downloads a browser here).
"""

from __future__ import annotations

import socket
import sys
import threading
import time
from pathlib import Path

import uvicorn
from playwright.sync_api import sync_playwright

import mythenv
from mythenv.serve.app import create_app

ROOT = Path(__file__).resolve().parents[1]
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
CLICKS = 4


def main(out: Path = ROOT / "docs" / "images") -> None:
    out.mkdir(parents=True, exist_ok=True)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning"))
    t = threading.Thread(target=srv.run, daemon=True)
    t.start()
    while not srv.started:
        time.sleep(0.05)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        page = browser.new_page(viewport={"width": 1500, "height": 1000})
        for gid in mythenv.list_games():
            page.goto(f"http://127.0.0.1:{port}/")
            page.wait_for_selector(f"#game option[value={gid}]", state="attached")
            page.select_option("#game", gid)
            page.select_option("#opponent", "random")
            page.fill("#seed", "1")
            page.click("#start")
            page.wait_for_selector("#play:not(.hidden)")
            for _ in range(CLICKS):
                if page.locator("#actions button.action").count() == 0:
                    break
                step = page.evaluate("M.step")
                page.locator("#actions button.action").first.click()
                page.wait_for_function("s => M.step > s", arg=step)
            page.wait_for_function("document.getElementById('frame').complete")
            path = out / f"serve_{gid.removesuffix('_v0')}.png"
            page.screenshot(path=str(path), full_page=False)
            print(path.relative_to(ROOT))
        browser.close()
    srv.should_exit = True
    t.join(timeout=10)


if __name__ == "__main__":
    sys.exit(main())
