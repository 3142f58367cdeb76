"""The one picture layer: what every game's ``render.draw(state, seat)`` lays its table out with.

Drawn on Pillow (``PIL.ImageDraw``); no per-pixel work in Python and no window. Fonts: Pillow's own
default font at any size (``ImageFont.load_default(size=...)``, a FreeType font shipped inside
Pillow), so no system font needs to be installed. The primitives:

- :class:`Canvas`: an RGB image with its ``ImageDraw`` and the sized fonts (``canvas.font(size)``);
- :func:`card` (a face with a title, lines of text and a colour band) and :func:`card_back`;
- :func:`token` (a disc with a label), :func:`hexagon` (pointy or flat, with a label) and
  :func:`hex_center` (axial coordinates to pixels);
- :func:`track` (a row of numbered cells with markers on them);
- :func:`text_box` (text wrapped to a width, clipped to a box) and :func:`label`;
- :func:`grid` / :func:`row` (boxes laid out in a grid or a row);
- :func:`header` (the bar on top of every frame: the game and whose view, whose turn, the pending
  decision, the last action in words, the scores);
- :func:`to_array`: an image as the ``(H, W, 3)`` uint8 array of ``render_mode="rgb_array"``.

A box is ``(x0, y0, x1, y1)`` in pixels. Colours are RGB tuples; ``SEAT_COLORS[p]`` is seat ``p``'s.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterable, Sequence
from functools import lru_cache

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from .words import view_title

Box = tuple[float, float, float, float]
Color = tuple[int, int, int]

BG: Color = (238, 232, 218)          # the table
INK: Color = (30, 30, 34)
MUTED: Color = (110, 106, 98)
PANEL: Color = (250, 247, 240)
LINE: Color = (150, 140, 125)
BACK: Color = (70, 62, 110)          # card backs
BACK_MARK: Color = (190, 170, 90)
HEADER_BG: Color = (44, 48, 62)
HEADER_INK: Color = (245, 242, 232)
HIGHLIGHT: Color = (235, 180, 40)
SEAT_COLORS: tuple[Color, ...] = (
    (196, 60, 50), (50, 100, 190), (50, 150, 80), (200, 140, 30),
    (130, 70, 170), (30, 150, 160), (190, 80, 140), (110, 110, 110),
)


def plain(s: str) -> str:
    """``s`` without combining accents (Pillow's default font has no glyph for a macron: ``Rā`` is
    drawn ``Ra``)."""
    if s.isascii():
        return s
    return "".join(ch for ch in unicodedata.normalize("NFKD", s) if not unicodedata.combining(ch))


@lru_cache(maxsize=64)
def font(size: int) -> ImageFont.FreeTypeFont:
    """Pillow's bundled default font at ``size`` pixels (no system font needed)."""
    return ImageFont.load_default(size=size)


@lru_cache(maxsize=8192)
def _text_mask(s: str, size: int, anchor: str) -> tuple[Image.Image, tuple[int, int]]:
    """The glyphs of ``s`` as an "L" mask and the offset of its top-left corner from the anchor
    point (frames redraw the same labels over and over: FreeType renders each one once)."""
    f = font(size)
    s = plain(s)
    x0, y0, x1, y1 = f.getbbox(s, anchor=anchor)
    mask = Image.new("L", (max(1, x1 - x0), max(1, y1 - y0)), 0)
    ImageDraw.Draw(mask).text((-x0, -y0), s, font=f, fill=255, anchor=anchor)
    return mask, (x0, y0)


def seat_color(p: int) -> Color:
    return SEAT_COLORS[p % len(SEAT_COLORS)]


def mix(a: Color, b: Color, t: float) -> Color:
    """``a`` moved a fraction ``t`` towards ``b`` (a lighter or darker shade)."""
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b))


class Canvas:
    """An RGB image of a fixed size and its drawing context."""

    def __init__(self, width: int, height: int, bg: Color = BG):
        self.image = Image.new("RGB", (int(width), int(height)), bg)
        self.draw = ImageDraw.Draw(self.image)
        self.width, self.height = int(width), int(height)

    font = staticmethod(font)

    def rect(self, box: Box, fill: Color | None = None, outline: Color | None = LINE, width: int = 1,
             radius: int = 0) -> None:
        if radius:
            self.draw.rounded_rectangle(box, radius, fill=fill, outline=outline, width=width)
        else:
            self.draw.rectangle(box, fill=fill, outline=outline, width=width)

    def text(self, xy: tuple[float, float], s: str, size: int = 14, fill: Color = INK, anchor: str = "la") -> None:
        """``s`` at ``xy`` (Pillow's anchors); a text's glyph mask is rendered once and then pasted."""
        if not s:
            return
        mask, (dx, dy) = _text_mask(s, size, anchor)
        self.image.paste(fill, (int(round(xy[0] + dx)), int(round(xy[1] + dy))), mask)

    def line(self, pts: Sequence[tuple[float, float]], fill: Color = LINE, width: int = 1) -> None:
        self.draw.line(list(pts), fill=fill, width=width)


def to_array(image: Image.Image) -> np.ndarray:
    """``image`` as a new, writable ``(H, W, 3)`` uint8 array."""
    if image.mode != "RGB":
        image = image.convert("RGB")
    return np.array(image, dtype=np.uint8)


# ----------------------------------------------------------------------------- text
@lru_cache(maxsize=8192)
def fit(s: str, size: int, width: float) -> str:
    """``s`` cut (with an ellipsis) to fit ``width`` pixels at ``size``."""
    f = font(size)
    s = plain(s)
    if f.getlength(s) <= width:
        return s
    while s and f.getlength(s + "...") > width:
        s = s[:-1]
    return s + "..."


def wrap(s: str, size: int, width: float) -> list[str]:
    return list(_wrap(s, size, width))


@lru_cache(maxsize=4096)
def _wrap(s: str, size: int, width: float) -> tuple[str, ...]:
    """``s`` broken into lines no wider than ``width`` pixels at ``size`` (words longer than a line
    are cut); explicit newlines are kept."""
    f = font(size)
    out: list[str] = []
    for para in plain(s).split("\n"):
        line = ""
        for word in para.split(" "):
            cand = word if not line else line + " " + word
            if f.getlength(cand) <= width:
                line = cand
            else:
                if line:
                    out.append(line)
                line = fit(word, size, width)
        out.append(line)
    return tuple(out)


def line_height(size: int) -> int:
    return int(size * 1.25) + 1


def text_box(c: Canvas, box: Box, s: str, size: int = 13, fill: Color = INK, bg: Color | None = None,
             outline: Color | None = None, pad: int = 4, align: str = "left") -> int:
    """``s`` wrapped into ``box`` (clipped to the lines that fit, the last one ending in an ellipsis
    when some are left out); returns the number of lines drawn."""
    x0, y0, x1, y1 = box
    if bg is not None or outline is not None:
        c.rect(box, fill=bg, outline=outline, radius=3)
    lines = wrap(s, size, x1 - x0 - 2 * pad)
    lh = line_height(size)
    room = max(0, int((y1 - y0 - 2 * pad) // lh))
    if len(lines) > room and room:
        lines = lines[:room]
        lines[-1] = fit(lines[-1] + " ...", size, x1 - x0 - 2 * pad) if not lines[-1].endswith("...") else lines[-1]
    for i, ln in enumerate(lines[:room]):
        y = y0 + pad + i * lh
        if align == "center":
            c.text(((x0 + x1) / 2, y), ln, size, fill, anchor="ma")
        else:
            c.text((x0 + pad, y), ln, size, fill)
    return min(len(lines), room)


def label(c: Canvas, xy: tuple[float, float], s: str, size: int = 14, fill: Color = INK,
          width: float | None = None, anchor: str = "la") -> None:
    """One line of text at ``xy``, cut to ``width`` pixels if given."""
    c.text(xy, fit(s, size, width) if width else s, size, fill, anchor)


# ----------------------------------------------------------------------------- layout
def grid(box: Box, rows: int, cols: int, gap: float = 6) -> list[list[Box]]:
    """``box`` split into ``rows`` x ``cols`` equal cells with ``gap`` pixels between them:
    ``cells[r][c]``."""
    x0, y0, x1, y1 = box
    w = (x1 - x0 - gap * (cols - 1)) / cols
    h = (y1 - y0 - gap * (rows - 1)) / rows
    return [[(x0 + j * (w + gap), y0 + i * (h + gap), x0 + j * (w + gap) + w, y0 + i * (h + gap) + h)
             for j in range(cols)] for i in range(rows)]


def row(box: Box, n: int, gap: float = 6, max_width: float | None = None) -> list[Box]:
    """``n`` boxes side by side in ``box`` (each at most ``max_width`` wide, left-aligned)."""
    if n <= 0:
        return []
    x0, y0, x1, y1 = box
    w = (x1 - x0 - gap * (n - 1)) / n
    if max_width is not None:
        w = min(w, max_width)
    return [(x0 + j * (w + gap), y0, x0 + j * (w + gap) + w, y1) for j in range(n)]


def split(box: Box, *fractions: float, vertical: bool = True, gap: float = 6) -> list[Box]:
    """``box`` cut into parts of the given relative sizes, top to bottom (``vertical``) or left to
    right."""
    x0, y0, x1, y1 = box
    total = sum(fractions)
    span = (y1 - y0 if vertical else x1 - x0) - gap * (len(fractions) - 1)
    out, at = [], y0 if vertical else x0
    for f in fractions:
        d = span * f / total
        out.append((x0, at, x1, at + d) if vertical else (at, y0, at + d, y1))
        at += d + gap
    return out


def panel(c: Canvas, box: Box, title: str = "", color: Color = LINE, size: int = 14,
          fill: Color = PANEL) -> Box:
    """A framed panel with a title strip in ``color``; returns the box inside it."""
    x0, y0, x1, y1 = box
    c.rect(box, fill=fill, outline=color, width=2, radius=6)
    if not title:
        return (x0 + 6, y0 + 6, x1 - 6, y1 - 6)
    th = line_height(size) + 4
    c.draw.rounded_rectangle((x0, y0, x1, y0 + th), 6, fill=color)
    c.draw.rectangle((x0, y0 + th - 6, x1, y0 + th), fill=color)
    c.text((x0 + 8, y0 + 3), fit(title, size, x1 - x0 - 16), size, HEADER_INK)
    return (x0 + 6, y0 + th + 4, x1 - 6, y1 - 6)


# ----------------------------------------------------------------------------- pieces
def card(c: Canvas, box: Box, title: str, lines: Iterable[str] = (), color: Color = (120, 120, 120),
         size: int = 12, highlight: bool = False, note: str = "", big: str = "") -> None:
    """A card face: a colour band with ``title``, then ``lines`` of text (wrapped), ``big`` (a number
    printed large in the middle, e.g. a strength or a value), ``note`` in the bottom corner (a count),
    a gold frame when ``highlight``."""
    x0, y0, x1, y1 = box
    c.rect(box, fill=(252, 250, 244), outline=HIGHLIGHT if highlight else mix(color, INK, 0.3),
           width=3 if highlight else 2, radius=5)
    band = min(y1 - y0, line_height(size) + 6)
    c.draw.rounded_rectangle((x0 + 2, y0 + 2, x1 - 2, y0 + band), 4, fill=color)
    # a word of the title wider than the card is drawn smaller (down to 7 px), not cut ("Interrupti...")
    tsize, words = size, plain(title).split()
    while tsize > 7 and any(font(tsize).getlength(w) > x1 - x0 - 8 for w in words):
        tsize -= 1
    title_lines = wrap(title, tsize, x1 - x0 - 8)
    c.text(((x0 + x1) / 2, y0 + 4 + (size - tsize) // 2), title_lines[0], tsize, HEADER_INK, anchor="ma")
    rest = [ln for ln in title_lines[1:]] + list(lines)
    if rest and y1 - y0 > band + 8:
        text_box(c, (x0 + 1, y0 + band + 1, x1 - 1, y1 - (line_height(size - 1) if note else 0)),
                 "\n".join(rest), size - 1, INK, pad=3, align="center")
    if big:
        bs = int(max(10, min((y1 - y0 - band) * 0.35, (x1 - x0) / max(2, len(big)) * 1.4)))
        c.text(((x0 + x1) / 2, (y0 + band + y1) / 2 + line_height(size) * 0.5), big, bs, mix(color, INK, 0.3),
               anchor="mm")
    if note:
        c.text((x1 - 4, y1 - 3), note, size, mix(color, INK, 0.5), anchor="rd")


def card_back(c: Canvas, box: Box, text: str = "", size: int = 12, color: Color = BACK) -> None:
    """A card seen from the back (hidden information): a patterned back, ``text`` (e.g. a count)
    in the middle."""
    x0, y0, x1, y1 = box
    c.rect(box, fill=color, outline=mix(color, INK, 0.5), width=2, radius=5)
    inset = max(3, min(x1 - x0, y1 - y0) * 0.12)
    c.rect((x0 + inset, y0 + inset, x1 - inset, y1 - inset), fill=None, outline=BACK_MARK, width=1, radius=3)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    r = max(2, min(x1 - x0, y1 - y0) * 0.18)
    c.draw.regular_polygon((cx, cy, r), 4, fill=mix(color, BACK_MARK, 0.35), outline=BACK_MARK)
    if text:
        c.text((cx, cy), text, size, HEADER_INK, anchor="mm")


def pile(c: Canvas, box: Box, count: int, title: str = "", face: str | None = None,
         color: Color = (120, 120, 120), size: int = 12) -> None:
    """A deck or a discard pile: a few offset edges (more cards, more edges), the top card's face
    ``face`` (or a back when ``None``), and ``title`` with the count below."""
    x0, y0, x1, y1 = box
    lab = line_height(size)
    inner = (x0, y0, x1 - 8, y1 - lab - 8)
    for k in range(min(4, (count + 4) // 5), 0, -1):  # the edges of the cards below the top one
        c.rect((inner[0] + 2 * k, inner[1] + 2 * k, inner[2] + 2 * k, inner[3] + 2 * k),
               fill=(220, 214, 200), outline=LINE, radius=5)
    if count <= 0:
        c.rect(inner, fill=None, outline=LINE, radius=5)
        c.text(((inner[0] + inner[2]) / 2, (inner[1] + inner[3]) / 2), "empty", size - 1, MUTED, anchor="mm")
    elif face is None:
        card_back(c, inner, str(count), size)
    else:
        card(c, inner, face, color=color, size=size)
    c.text(((x0 + x1) / 2, y1 - lab + 1), fit(f"{title} ({count})" if title else str(count), size, x1 - x0),
           size, INK, anchor="ma")


def token(c: Canvas, center: tuple[float, float], r: float, fill: Color, text: str = "",
          size: int | None = None, outline: Color = INK, ink: Color = HEADER_INK) -> None:
    """A round token of radius ``r`` with ``text`` on it."""
    x, y = center
    c.draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=outline, width=max(1, int(r // 8)))
    if text:
        s = size or max(8, int(r * 0.9))
        c.text((x, y), fit(text, s, 2 * r - 2), s, ink, anchor="mm")


def hex_points(center: tuple[float, float], size: float, pointy: bool = True) -> list[tuple[float, float]]:
    """The corners of a regular hexagon of circumradius ``size`` (pointy top or flat top)."""
    x, y = center
    off = 30 if pointy else 0
    return [(x + size * math.cos(math.radians(60 * k + off)), y + size * math.sin(math.radians(60 * k + off)))
            for k in range(6)]


def hex_center(q: int, r: int, size: float, origin: tuple[float, float], pointy: bool = True) -> tuple[float, float]:
    """The pixel centre of the hex at axial coordinates ``(q, r)``."""
    ox, oy = origin
    if pointy:
        return (ox + size * math.sqrt(3) * (q + r / 2), oy + size * 1.5 * r)
    return (ox + size * 1.5 * q, oy + size * math.sqrt(3) * (r + q / 2))


def hexagon(c: Canvas, center: tuple[float, float], size: float, fill: Color = PANEL, outline: Color = LINE,
            text: str = "", text_size: int = 11, pointy: bool = True, width: int = 1, ink: Color = INK) -> None:
    """A hexagon with an optional label in the middle."""
    c.draw.polygon(hex_points(center, size, pointy), fill=fill, outline=outline, width=width)
    if text:
        c.draw.multiline_text(center, plain(text), font=font(text_size), fill=ink, anchor="mm", align="center",
                              spacing=1)


def track(c: Canvas, box: Box, lo: int, hi: int, markers: dict[int, Sequence[tuple[Color, str]]] | None = None,
          title: str = "", size: int = 11, cell_labels: Sequence[str] | None = None) -> None:
    """A track of numbered cells ``lo..hi`` with tokens on them: ``markers[value]`` is a list of
    ``(colour, text)`` tokens standing on the cell ``value`` (values beyond the ends stand on them)."""
    x0, y0, x1, y1 = box
    if title:
        c.text((x0, y0), fit(title, size, x1 - x0), size, INK)
        y0 += line_height(size)
    n = hi - lo + 1
    cells = row((x0, y0, x1, y1), n, gap=1)
    for k, cb in enumerate(cells):
        c.rect(cb, fill=PANEL, outline=LINE)
        lab = cell_labels[k] if cell_labels else str(lo + k)
        c.text(((cb[0] + cb[2]) / 2, cb[1] + 1), fit(lab, size - 2, cb[2] - cb[0]), size - 2, MUTED, anchor="ma")
    for v, toks in (markers or {}).items():
        k = min(max(v, lo), hi) - lo
        cb = cells[k]
        w, h = cb[2] - cb[0], cb[3] - cb[1] - line_height(size - 2)
        r = max(3, min(w / 2 - 1, h / (2 * max(1, len(toks))) - 1, 10))
        for j, (col, t) in enumerate(toks):
            token(c, ((cb[0] + cb[2]) / 2, cb[3] - r - 1 - j * (2 * r + 1)), r, col, t, size=max(7, int(r)))


def header(c: Canvas, title: str, turn: str, pending: str = "", last: str = "",
           scores: Sequence[tuple[str, str, Color]] = (), height: int = 78) -> Box:
    """The bar on top of every frame: ``title`` (the game, the config and whose view), ``turn``
    (whose turn it is), ``pending`` (the decision asked now), ``last`` (the last action in words)
    and the ``scores`` (label, value, colour per seat). Returns the box below it."""
    w = c.width
    c.rect((0, 0, w, height), fill=HEADER_BG, outline=None)
    c.text((10, 6), fit(title, 17, w * 0.5), 17, HEADER_INK)
    c.text((10, 30), fit(turn + (f"  |  {pending}" if pending else ""), 14, w * 0.58), 14, HIGHLIGHT)
    c.text((10, 52), fit("last: " + (last or "-"), 13, w * 0.58), 13, (200, 200, 210))
    if scores:
        x_lo, x_hi = w * 0.6, w - 8
        cols = min(4, len(scores))
        rows = math.ceil(len(scores) / cols)
        cells = grid((x_lo, 5, x_hi, height - 5), rows, cols, gap=4)
        for i, (name, value, col) in enumerate(scores):
            cb = cells[i // cols][i % cols]
            c.rect(cb, fill=mix(col, HEADER_BG, 0.35), outline=col, radius=4)
            sz = 13 if rows == 1 else 10
            mid = (cb[1] + cb[3]) / 2
            c.text((cb[0] + 5, mid - 1), fit(name, sz, cb[2] - cb[0] - 10), sz, HEADER_INK, anchor="ld")
            c.text((cb[0] + 5, mid + 1), fit(value, sz + 1, cb[2] - cb[0] - 10), sz + 1, HEADER_INK, anchor="la")
    return (8, height + 8, w - 8, c.height - 8)


def view_name(seat: int | str, roles: Sequence[str] | None = None) -> str:
    """``"Player 2's view"`` / ``"omniscient view"`` (with the seat's role at the table from ``roles``
    when given: ``"Player 1's view (Hera)"``); see :func:`mythenv.core.words.view_title`."""
    return view_title(seat, roles[seat] if roles and seat != "all" else "")
