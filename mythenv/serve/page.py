"""Frames as PNG and the self-contained replay page (``mythenv replay FILE --html OUT.html``).

The page embeds its frames as tiles (:class:`TileSheet`: each distinct tile once, in a few PNG atlases
held as ``data:image/png`` URIs; each frame the tiles it changes) and carries its own little script,
which draws a step's frame on a canvas: it opens from disk with no server and loads nothing from the
network. A page with the seat switch holds every
seat's view (hidden cards included): it is a replay for researchers. ``seat=N`` writes seat N's
frames only.
"""

from __future__ import annotations

import base64
import html
import io
import json

import numpy as np

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


#: the side of the square tiles a replay page's pictures are cut into (pixels), and how many tiles an
#: atlas (one PNG) holds across and down
TILE = 32
ATLAS_TILES = 64


class TileSheet:
    """The pictures of a replay cut into ``TILE`` x ``TILE`` tiles, each distinct tile kept once.

    Consecutive frames of one view differ in a few places (a token moved, a score, the header), and
    the views of one step share most of the table, so a page stores every distinct tile once, in a
    few atlas PNGs, and each frame as the tiles that changed since the view's previous frame
    (``[cell, tile, cell, tile, ...]``, a cell numbered row by row). The page draws a frame on a
    canvas from those; :func:`sheet_frames` rebuilds them in Python (the tests compare them with
    ``game.picture`` pixel for pixel). Measured in docs/records.md: a few hundred KB to 1.5 MB for a
    200-step game instead of 25-110 MB of one PNG per frame and view."""

    def __init__(self):
        self.size: tuple[int, int] | None = None
        self.tiles: dict[bytes, int] = {}
        self._prev: dict = {}  # view -> its last image

    def add(self, view: str, image) -> list[int]:
        """The changes from ``view``'s previous frame to ``image`` (an RGB ``PIL.Image``; the first
        frame of a view lists every cell)."""
        from PIL import ImageChops

        if image.mode != "RGB":
            image = image.convert("RGB")
        if self.size is None:
            self.size = image.size
        elif image.size != self.size:
            raise MythenvError(f"the pictures change size ({self.size} then {image.size}): a replay page "
                               "needs one size per game config")
        w, h = self.size
        gw = -(-w // TILE)
        prev = self._prev.get(view)
        box = (0, 0, w, h) if prev is None else ImageChops.difference(image, prev).getbbox()
        self._prev[view] = image
        if box is None:
            return []
        cx0, cy0 = box[0] // TILE, box[1] // TILE
        cx1, cy1 = -(-box[2] // TILE), -(-box[3] // TILE)
        crop = (cx0 * TILE, cy0 * TILE, cx1 * TILE, cy1 * TILE)  # beyond the picture: black padding

        def cells(img):
            a = np.asarray(img.crop(crop))
            return a.reshape(cy1 - cy0, TILE, cx1 - cx0, TILE, 3).swapaxes(1, 2).reshape(-1, TILE * TILE * 3)

        new = cells(image)
        changed = range(len(new)) if prev is None else np.flatnonzero((new != cells(prev)).any(axis=1))
        out: list[int] = []
        nx = cx1 - cx0
        for i in changed:
            i = int(i)
            out += [(cy0 + i // nx) * gw + cx0 + i % nx, self.tiles.setdefault(new[i].tobytes(), len(self.tiles))]
        return out

    def atlases(self) -> list[bytes]:
        """The distinct tiles as PNGs of ``ATLAS_TILES`` x ``ATLAS_TILES`` tiles, tile ``k`` in atlas
        ``k // ATLAS_TILES**2`` at row ``k % ATLAS_TILES**2 // ATLAS_TILES``, column ``k % ATLAS_TILES``."""
        from PIL import Image

        n, per = len(self.tiles), ATLAS_TILES * ATLAS_TILES
        flat = np.frombuffer(b"".join(self.tiles), dtype=np.uint8).reshape(n, TILE, TILE, 3)
        out = []
        for k in range(0, n, per):
            part = flat[k:k + per]
            rows = -(-len(part) // ATLAS_TILES)
            part = np.concatenate([part, np.zeros((rows * ATLAS_TILES - len(part), TILE, TILE, 3), np.uint8)])
            img = part.reshape(rows, ATLAS_TILES, TILE, TILE, 3).swapaxes(1, 2).reshape(rows * TILE, -1, 3)
            buf = io.BytesIO()
            Image.fromarray(img).save(buf, format="PNG", compress_level=6)
            out.append(buf.getvalue())
        return out


def sheet_frames(picture: dict, deltas: list[list[int]]) -> list[np.ndarray]:
    """The frames a page draws from its ``picture`` (size, tile, atlases as data URIs) and one
    view's ``deltas``, as ``(H, W, 3)`` arrays: what the page's script does, in Python (for tests)."""
    from PIL import Image

    t, per = picture["tile"], picture["atlas_tiles"]
    w, h = picture["width"], picture["height"]
    sheets = [np.asarray(Image.open(io.BytesIO(base64.b64decode(u.split(",", 1)[1]))).convert("RGB"))
              for u in picture["atlases"]]
    gw, gh = -(-w // t), -(-h // t)
    canvas = np.zeros((gh * t, gw * t, 3), np.uint8)
    out = []
    for d in deltas:
        for c, k in zip(d[::2], d[1::2]):
            a, r = divmod(k, per * per)
            y, x = divmod(c, gw)
            ty, tx = divmod(r, per)
            canvas[y * t:(y + 1) * t, x * t:(x + 1) * t] = sheets[a][ty * t:(ty + 1) * t, tx * t:(tx + 1) * t]
        out.append(canvas[:h, :w].copy())
    return out


def replay_html(replay: Replay, seat: int | str = "all") -> str:
    """One HTML page replaying ``replay``: frames per step and view, the action list, a step slider
    and (with ``seat="all"``) a switch among the seats' views and the omniscient one. With a seat
    number the page holds that seat's frames only, and the other seats' actions without their text
    (a text can name a card its player keeps face down). The frames are stored as tiles
    (:class:`TileSheet`): each distinct tile once, each frame as the tiles it changes."""
    game, rec = replay.game, replay.record
    views = view_names(game, seat)
    if not has_picture(game):
        raise MythenvError(f"{rec['game']} draws no pictures in this version: use the text replay")
    sheet = TileSheet()
    frames = {str(v): [sheet.add(str(v), game.picture(s, v)) for s in replay.states] for v in views}
    w, h = sheet.size
    picture = {"width": w, "height": h, "tile": TILE, "atlas_tiles": ATLAS_TILES,
               "atlases": [data_uri(png) for png in sheet.atlases()]}
    steps = [{"seat": st["seat"], "rewards": st["rewards"],
              "text": replay.text(k) if seat == "all" or st["seat"] == seat else None,
              "public": replay.public_text(k)}
             for k, st in enumerate(rec["steps"])]
    data = {"game": rec["game"], "config": rec["config"], "seed": rec["seed"], "agents": rec["agents"],
            "returns": rec["returns"], "finished": rec["finished"], "steps": steps,
            "ending": replay.final.ending_text() if rec["finished"] else None,
            "views": [str(v) for v in views], "picture": picture, "frames": frames}
    title = f"{rec['game']} replay (seed {rec['seed']})"
    return _PAGE.replace("__TITLE__", html.escape(title)).replace("__DATA__", script_json(data))


_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>__TITLE__</title>
<style>
body{font-family:system-ui,sans-serif;margin:.5em 1em;background:#f6f3ea;color:#222}
#meta{font-size:80%;overflow-wrap:anywhere}
#main{display:flex;gap:1em;align-items:flex-start}
h1{font-size:1.2em;margin:0 0 .3em}
#pic{flex:1;min-width:0;max-height:calc(100vh - 11em);overflow:auto}
#frame{display:block;width:100%;height:auto;border:1px solid #999;background:#fff;cursor:zoom-in}
#pic.full #frame{width:auto;max-width:none;cursor:zoom-out}
#actions{flex:0 0 20em;max-height:calc(100vh - 11em);overflow:auto;margin:0;padding-left:3em;font-size:90%}
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
<div id="main"><div id="pic" title="click: the picture at its printed size (100%) or fitted"><canvas id="frame" aria-label="the table at this step"></canvas></div>
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
  D.agents.map((a, i) => "Player " + (i + 1) + " " + a).join(", ") + "; " +
  (D.finished ? D.ending : "the game was not finished");
for (const v of D.views) {
  const o = document.createElement("option"); o.value = v;
  o.textContent = v === "all" ? "all seats (omniscient)" : "Player " + (+v + 1) + " (" + D.agents[+v] + ")";
  view.appendChild(o);
}
D.steps.forEach((s, k) => {
  const li = document.createElement("li");
  li.textContent = "Player " + (s.seat + 1) + ": " + (s.text === null ? s.public : s.text);
  li.onclick = () => show(k + 1);
  list.appendChild(li);
});
// the frames: each distinct tile once in a few atlas PNGs, each frame the tiles it changes since the
// view's previous frame ([cell, tile, ...]); a view's grids are built the first time it is shown
const P = D.picture, T = P.tile, A = P.atlas_tiles, AA = A * A;
const gw = Math.ceil(P.width / T), gh = Math.ceil(P.height / T);
const canvas = document.getElementById("frame");
canvas.width = P.width; canvas.height = P.height;
const ctx = canvas.getContext("2d");
const sheets = P.atlases.map(u => { const im = new Image(); im.src = u; return im; });
const grids = {}, drawn = new Int32Array(gw * gh).fill(-1);
let ready = false;
function gridsOf(v) {
  if (!grids[v]) {
    const g = new Int32Array(gw * gh).fill(-1), out = [];
    for (const d of D.frames[v]) {
      for (let i = 0; i < d.length; i += 2) g[d[i]] = d[i + 1];
      out.push(g.slice());
    }
    grids[v] = out;
  }
  return grids[v];
}
function draw(v, k) {
  if (!ready) return;
  const g = gridsOf(v)[k];
  for (let c = 0; c < g.length; c++) {
    const t = g[c];
    if (t === drawn[c]) continue;
    const s = t % AA;
    ctx.drawImage(sheets[Math.floor(t / AA)], (s % A) * T, Math.floor(s / A) * T, T, T,
                  (c % gw) * T, Math.floor(c / gw) * T, T, T);
    drawn[c] = t;
  }
  canvas.dataset.shown = v + ":" + k;
}
function show(k) {
  k = Math.max(0, Math.min(n, k)); slider.value = k;
  draw(view.value, k);
  document.getElementById("pos").textContent = "step " + k + " / " + n;
  document.getElementById("now").textContent = k === 0 ? "start of the game" :
    "step " + k + ": Player " + (D.steps[k - 1].seat + 1) + " " +
    (D.steps[k - 1].text === null ? D.steps[k - 1].public : "- " + D.steps[k - 1].text);
  [...list.children].forEach((li, i) => li.classList.toggle("cur", i === k - 1));
  if (k === 0) list.scrollTop = 0; else list.children[k - 1].scrollIntoView({block: "nearest"});
}
canvas.onclick = () => document.getElementById("pic").classList.toggle("full");
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
Promise.all(sheets.map(im => im.decode())).then(() => { ready = true; show(cur()); });
</script></body></html>
"""
