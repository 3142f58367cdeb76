"""The Arena's hex geometry (TH § Movement and Range): hexes, distances, lines, cones, the
starting rows. Fixed by the board: no state may change these tables.
"""

from __future__ import annotations

from ..cards import ARENA

__all__ = [
    "R", "DIRS", "HEXES", "HEX_INDEX", "NHEX", "CENTER", "hex_dist", "DIST", "NEIGH", "STEP", "LINE",
    "CONE", "FLOWER", "CORNERS", "TRIADS", "NMASK", "DISK", "expand", "hex_list", "AREA_BITS",
]

R = ARENA["radius"]
DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
HEXES = [(q, r) for q in range(-R, R + 1) for r in range(-R, R + 1) if abs(q + r) <= R]
HEX_INDEX = {h: i for i, h in enumerate(HEXES)}
NHEX = len(HEXES)
CENTER = HEX_INDEX[(0, 0)]


def _add(h, d, k=1):
    return (h[0] + k * d[0], h[1] + k * d[1])


def hex_dist(a: int, b: int) -> int:
    (q1, r1), (q2, r2) = HEXES[a], HEXES[b]
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


DIST = [[hex_dist(a, b) for b in range(NHEX)] for a in range(NHEX)]
NEIGH = [[HEX_INDEX[_add(h, d)] for d in DIRS if _add(h, d) in HEX_INDEX] for h in HEXES]
# NMASK[h]: h's neighbours as a bit set (bit x = hex x), for the bit-set walks of ``reach``
NMASK = [sum(1 << y for y in NEIGH[h]) for h in range(len(HEXES))]


# DISK[r][h]: the hexes within distance r of h as a bit set (r up to the board's diameter)
DISK = [[sum(1 << y for y in range(len(HEXES)) if DIST[h][y] <= r) for h in range(len(HEXES))] for r in range(2 * R + 1)]

_NBYTES = (len(HEXES) + 7) // 8
# per byte k of a bit set and its value v: the hexes of those bits (_BYTE_HEXES) and their
# neighbours (_BYTE_NEIGH), so the walks below take a bit set a byte at a time
_BYTE_HEXES = [[tuple(8 * k + i for i in range(8) if v >> i & 1) for v in range(256)] for k in range(_NBYTES)]
_BYTE_NEIGH = [[sum(1 << y for y in {y for x in hexes if x < len(HEXES) for y in NEIGH[x]}) for hexes in row]
               for row in _BYTE_HEXES]


def expand(bits: int) -> int:
    """The hexes next to any hex of the bit set ``bits``."""
    out = 0
    for k, v in enumerate(bits.to_bytes(_NBYTES, "little")):
        if v:
            out |= _BYTE_NEIGH[k][v]
    return out


def hex_list(bits: int) -> list[int]:
    """The hexes of the bit set ``bits`` (no bit beyond the board's hexes), in increasing order."""
    out: list[int] = []
    for k, v in enumerate(bits.to_bytes(_NBYTES, "little")):
        if v:
            out += _BYTE_HEXES[k][v]
    return out


# STEP[h][d]: the hex one step from h in direction d (or -1 off the board)
STEP = [[HEX_INDEX.get(_add(h, d), -1) for d in DIRS] for h in HEXES]
LINE = [[[HEX_INDEX[_add(h, DIRS[d], k)] for k in range(1, 6) if _add(h, DIRS[d], k) in HEX_INDEX]
         for d in range(6)] for h in HEXES]


def _cone(h, d):
    f = _add(h, DIRS[d])
    cells = [f, _add(f, DIRS[d]), _add(f, DIRS[(d - 1) % 6]), _add(f, DIRS[(d + 1) % 6])]
    return [HEX_INDEX[c] for c in cells if c in HEX_INDEX]


# Cone (designed): the hex in front, then the three hexes fanning out behind it (TH § Combat Ranges
# shows the cone only as a picture).
CONE = [[_cone(h, d) for d in range(6)] for h in HEXES]
# Spell area: 7 hexes, a hex and its six neighbours (TH § Combat Ranges: Spell)
FLOWER = [[i] + NEIGH[i] for i in range(NHEX)]
# AREA_BITS[area][h]: the hexes of a Line / Cone from h in any of the six directions (a Ring: the
# neighbours), as a bit set: an area Skill has a target in some direction when it meets the target hexes
AREA_BITS = {"ring": NMASK,
             "line": [sum(1 << y for y in {y for cells in LINE[h] for y in cells}) for h in range(NHEX)],
             "cone": [sum(1 << y for y in {y for cells in CONE[h] for y in cells}) for h in range(NHEX)]}
CORNERS = [HEX_INDEX[(R * DIRS[k][0], R * DIRS[k][1])] for k in range(6)]


def _triad(k):
    c = HEXES[CORNERS[k]]
    # a triangle of three mutually adjacent hexes: the corner, its outer-ring neighbour, and the
    # inner hex touching both
    return [CORNERS[k], HEX_INDEX[_add(c, DIRS[(k + 2) % 6])], HEX_INDEX[_add(c, DIRS[k], -1)]]


TRIADS = tuple(tuple(_triad(k)) for k in range(6))  # fixed by the board: no state may change them
