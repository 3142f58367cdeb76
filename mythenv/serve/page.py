"""Frames as PNG and the self-contained replay page (``mythenv replay FILE --html OUT.html``).

The page embeds every frame as a ``data:image/png`` URI and carries its own little script: it opens
from disk with no server and loads nothing from the network. A page with the seat switch holds every
seat's view (hidden cards included): it is a replay for researchers. ``seat=N`` writes seat N's
frames only.
"""

from __future__ import annotations

import base64
import html
import io
import json

from mythenv.core.errors import MythenvError
from mythenv.core.game import Game, State
from mythenv.core.record import Replay

#: what JSON inside an HTML <script> element must not hold raw: ``<`` (``</script>``, ``<!--``,
#: ``<script``), ``>`` and ``&`` (HTML's own parsing), and U+2028 / U+2029 (line ends to old JavaScript)
_SCRIPT_UNSAFE = str.maketrans({"<": "\\u003c", ">": "\\u003e", "&": "\\u0026",
                                "\u2028": "\\u2028", "\u2029": "\\u2029"})


def script_json(value) -> str:
    """``value`` as JSON safe to embed in an HTML ``<script>`` element: the characters above become
    ``\\uXXXX`` escapes (only strings can hold them, where the escape means the same character), so no
    string of the data can end the element, open a comment or a script, or break the page's script;
    ``JSON.parse`` of the element's text gives back exactly ``value``. Every JSON a page embeds goes
    through this."""
    return json.dumps(value, allow_nan=False).translate(_SCRIPT_UNSAFE)


def has_picture(game: Game) -> bool:
    """Whether ``game`` draws pictures (``Game.frame``; a game without a picture renderer has none)."""
    return getattr(type(game), "picture_renderer", None) is not None


def frame_png(game: Game, state: State, seat: int | str) -> bytes:
    """Seat ``seat``'s picture of ``state`` (``game.picture``, the image behind ``game.frame``; an
    int seat or ``"all"``) as PNG bytes (fast zlib level: a replay encodes hundreds of frames)."""
    buf = io.BytesIO()
    game.picture(state, seat).convert("RGB").save(buf, format="PNG", compress_level=1)
    return buf.getvalue()


def data_uri(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def view_names(game: Game, seat: int | str = "all") -> list[int | str]:
    """The views a page offers: one seat, or every seat and the omniscient view ``"all"``."""
    return list(range(game.num_players)) + ["all"] if seat == "all" else [int(seat)]


def replay_html(replay: Replay, seat: int | str = "all") -> str:
    """One HTML page replaying ``replay``: frames per step and view, the action list, a step slider
    and (with ``seat="all"``) a switch among the seats' views and the omniscient one. With a seat
    number the page holds that seat's frames only, and the other seats' actions without their text
    (a text can name a card its player keeps face down). Equal frames are embedded once."""
    game, rec = replay.game, replay.record
    views = view_names(game, seat)
    if not has_picture(game):
        raise MythenvError(f"{rec['game']} draws no pictures in this version: use the text replay")
    uniq: dict[bytes, int] = {}
    frames = {str(v): [uniq.setdefault(frame_png(game, s, v), len(uniq)) for s in replay.states] for v in views}
    images = [data_uri(png) for png in uniq]
    steps = [{"seat": st["seat"], "rewards": st["rewards"],
              "text": st["text"] if seat == "all" or st["seat"] == seat else None} for st in rec["steps"]]
    data = {"game": rec["game"], "config": rec["config"], "seed": rec["seed"], "agents": rec["agents"],
            "returns": rec["returns"], "finished": rec["finished"], "steps": steps,
            "views": [str(v) for v in views], "images": images, "frames": frames}
    title = f"{rec['game']} replay (seed {rec['seed']})"
    return _PAGE.replace("__TITLE__", html.escape(title)).replace("__DATA__", script_json(data))


_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>__TITLE__</title>
<style>
body{font-family:system-ui,sans-serif;margin:1em;background:#f6f3ea;color:#222}
#main{display:flex;gap:1em;align-items:flex-start}
#frame{max-width:70vw;border:1px solid #999;background:#fff}
#actions{max-height:80vh;overflow:auto;min-width:22em;margin:0;padding-left:3em;font-size:90%}
#actions li{cursor:pointer;padding:1px 4px}
#actions li.cur{background:#ffd966}
.bar{margin:.5em 0;display:flex;gap:.6em;align-items:center;flex-wrap:wrap}
#slider{width:30em}
</style></head><body>
<h1 id="title">__TITLE__</h1>
<div id="meta"></div>
<div class="bar">
 <button id="first">|&lt;</button><button id="prev">&lt;</button>
 <input type="range" id="slider" min="0" value="0">
 <button id="next">&gt;</button><button id="last">&gt;|</button>
 <span id="pos"></span>
 <label>view <select id="view"></select></label>
</div>
<div id="now"></div>
<div id="main"><img id="frame" alt="the table at this step">
<ol id="actions" start="1"></ol></div>
<script id="data" type="application/json">__DATA__</script>
<script>
"use strict";
const D = JSON.parse(document.getElementById("data").textContent);
const n = D.steps.length;
const slider = document.getElementById("slider"), view = document.getElementById("view");
const list = document.getElementById("actions");
slider.max = n;
document.getElementById("meta").textContent = "config " + JSON.stringify(D.config) + "; seats: " +
  D.agents.map((a, i) => i + " " + a).join(", ") + "; returns " + JSON.stringify(D.returns) +
  (D.finished ? "" : " (unfinished game)");
for (const v of D.views) {
  const o = document.createElement("option"); o.value = v;
  o.textContent = v === "all" ? "all seats (omniscient)" : "seat " + v + " (" + D.agents[+v] + ")";
  view.appendChild(o);
}
D.steps.forEach((s, k) => {
  const li = document.createElement("li");
  li.textContent = "seat " + s.seat + ": " + (s.text === null ? "moved" : s.text);
  li.onclick = () => show(k + 1);
  list.appendChild(li);
});
function show(k) {
  k = Math.max(0, Math.min(n, k)); slider.value = k;
  document.getElementById("frame").src = D.images[D.frames[view.value][k]];
  document.getElementById("pos").textContent = "step " + k + " / " + n;
  document.getElementById("now").textContent = k === 0 ? "start of the game" :
    "step " + k + ": seat " + D.steps[k - 1].seat + " - " + (D.steps[k - 1].text === null ? "moved" : D.steps[k - 1].text);
  [...list.children].forEach((li, i) => li.classList.toggle("cur", i === k - 1));
}
const cur = () => +slider.value;
slider.oninput = () => show(cur());
view.onchange = () => show(cur());
document.getElementById("first").onclick = () => show(0);
document.getElementById("prev").onclick = () => show(cur() - 1);
document.getElementById("next").onclick = () => show(cur() + 1);
document.getElementById("last").onclick = () => show(n);
document.addEventListener("keydown", e => {
  if (e.key === "ArrowRight") show(cur() + 1); else if (e.key === "ArrowLeft") show(cur() - 1);
});
show(0);
</script></body></html>
"""
