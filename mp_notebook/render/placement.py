"""Where the map writes each place's name: beside its marker, inside the map's frame, clear of every
marker, every other name and every slot where a player's figure or trading post can stand; or not
at all (its hover text still names it).

A name is plotly text beside an invisible marker at its place (a ``"markers+text"`` trace): one of
plotly's eight text positions, at a distance set by the invisible marker's size, so it keeps its
distance in pixels from its place whatever the map's scale. The map scales with its box while text
keeps its size, so the names are placed for a reference map (:data:`REFERENCE`: the geo area of the
play app in JupyterLab on a 1280-pixel-wide page, beside the file browser) and must stay clear at
larger scales too (:data:`SCALES`: up to the app in Voilà on that page, and ``show_map``).
Positions are computed in plotly's projection (natural earth, centred on the map's longitudes,
fitted to its ranges), names in order of importance (the bigger marker first); a name with no free
position is left out. ``tests/browser/test_map_labels.py`` measures the result in a real browser.

>>> p = Projection.fitted((40.0, 125.0), (17.0, 50.0))  # Marco Polo II's map
>>> [round(v) for v in p.offset(116.4, 39.9, *figure_offset(0, 0))]  # a figure right of Beijing
[118, 40]
>>> text_box(Label(0.0, 0.0, "top center", 12.0), 40.0)  # a 40-px name above a 12-px marker
(-20.0, -20.0, 20.0, -9.0)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

import numpy as np

REFERENCE = (660.0, 280.0)  # px: width and height of the geo area the names are placed for
SCALES = (1.0, 1.35, 1.75)  # the reference and larger maps: a name's position must be free at each
FONT = 10  # px, the names' font size
# Advance widths of Arial's (and Liberation Sans') glyphs at 10 px, as chromium measures them; the
# names are drawn in plotly's font stack ("Open Sans", verdana, arial), and :data:`WIDTH_MARGIN`
# allows for a somewhat wider first choice. Other letters count as an "n" (an "H" if capital).
ARIAL_10PX = {**dict.fromkeys("ijl", 2.22), **dict.fromkeys("Ift", 2.78), **dict.fromkeys("-r ", 3.33),
              **dict.fromkeys("Jcksvxyz", 5.0), "L": 5.56, **dict.fromkeys("FTZ", 6.11),
              **dict.fromkeys("ABEKPSVXY", 6.67), **dict.fromkeys("CDHNRUw", 7.22),
              **dict.fromkeys("GOQ", 7.78), **dict.fromkeys("Mm", 8.33), "W": 9.44}
WIDTH_MARGIN = 1.08
TEXT_HEIGHT = 11.0  # px, a name's box (measured in chromium)
GAP = 1.0  # px kept free around a name
# Plotly's text positions, in the order they are tried (beside the marker on the right: last, the
# figures stand there), and the sizes (px) added to a marker's for the invisible one that sets the
# distance of its name, nearest first.
POSITIONS = ("top center", "bottom center", "middle left", "middle right", "top left", "top right",
             "bottom left", "bottom right")
FARTHER = (0.0, 4.0, 9.0, 15.0, 22.0, 30.0, 40.0)
DISTANCES = (2.5, 5.0, 9.0, 13.0, 18.0, 24.0, 30.0)  # px from a marker's edge to a name centred near it
DIRECTIONS = 32  # directions tried around a marker for a name centred near it
SEATS = 4  # slots kept for this many players' pieces
FIGURE_SIZE = 15.0  # px, a figure's marker (19 in the view of its player, show_map(player=...))
POST_SIZE = 9.0  # px, a trading post's marker
OASIS_SIZE = 9.0  # px, an oasis marker
TRIES = 6  # placements tried, the places an earlier try left out first



class Label(NamedTuple):
    """How a name is drawn: plotly's text ``position`` beside an invisible marker of ``size`` px at
    ``(lon, lat)``: the place itself, or where there is no room beside it, a point near it (the name
    centred there, ``"middle center"``, size 0)."""

    lon: float
    lat: float
    position: str
    size: float


def figure_offset(seat: int, figure: int) -> tuple[float, float]:
    """``(dx, dy)`` px on the reference map of seat ``seat``'s figure number ``figure`` (0 or 1)
    from its location: right of it, the seats side by side (overlapping a little), a second figure
    below.

    >>> figure_offset(0, 0), figure_offset(3, 1)
    ((11.0, 2.0), (35.0, 13.0))
    """
    return 11.0 + 8.0 * seat, 2.0 + 11.0 * figure


def post_offset(seat: int, players: int) -> tuple[float, float]:
    """``(dx, dy)`` px on the reference map of seat ``seat``'s trading post in a city: below it, the
    seats side by side.

    >>> [post_offset(i, 2) for i in range(2)]
    [(-4.0, 12.0), (4.0, 12.0)]
    """
    return 8.0 * (seat - (players - 1) / 2), 12.0


class Slot(NamedTuple):
    """Where a piece may stand: px from a location on the reference map, and its marker's size."""

    dx: float
    dy: float
    size: float


def piece_slots(figures: int, posts: bool, single: bool = False) -> tuple[Slot, ...]:
    """Every slot a piece may take at one location, for :data:`SEATS` seats with up to ``figures``
    figures each (one figure in the first seat's slot where the location holds one piece at a time,
    ``single``), and their trading posts (2 to :data:`SEATS` players) if ``posts``.

    >>> len(piece_slots(1, False)), len(piece_slots(2, True)), len(piece_slots(1, False, True))
    (4, 15, 1)
    """
    seats = 1 if single else SEATS
    slots = [Slot(*figure_offset(i, k), FIGURE_SIZE) for i in range(seats) for k in range(figures)]
    if posts:
        slots += sorted({Slot(*post_offset(i, n), POST_SIZE) for n in range(2, SEATS + 1) for i in range(n)})
    return tuple(slots)


def _natural_earth(lon: float, lat: float) -> tuple[float, float]:
    """d3's (and so plotly's) natural earth projection of a point, in radians, y upwards."""
    lam, phi = math.radians(lon), math.radians(lat)
    p2 = phi * phi
    p4 = p2 * p2
    x = lam * (0.8707 - 0.131979 * p2 + p4 * (-0.013791 + p4 * (0.003971 * p2 - 0.001529 * p4)))
    y = phi * (1.007226 + p2 * (0.015085 + p4 * (-0.044475 + 0.028874 * p2 - 0.005916 * p4)))
    return x, y


class Projection(NamedTuple):
    """Degrees to pixels of the reference map (y downwards), as plotly fits the map's ranges.

    >>> p = Projection.fitted((40.0, 125.0), (17.0, 50.0))
    >>> p(82.5, 30.0)[0], round(p(82.5, 17.0)[1] - p(82.5, 50.0)[1])  # the middle; the map's height
    (0.0, 280)
    """

    centre: float
    scale: float
    frame: tuple[float, float, float, float]  # the map's edges: left, top, right, bottom (px)

    @classmethod
    @functools.cache
    def fitted(cls, lon_range: tuple[float, float], lat_range: tuple[float, float]) -> Projection:
        centre = sum(lon_range) / 2
        widest = min(max(0.0, lat_range[0]), lat_range[1])  # natural earth is widest at the equator
        x0, _ = _natural_earth(lon_range[0] - centre, widest)
        x1, _ = _natural_earth(lon_range[1] - centre, widest)
        _, y0 = _natural_earth(0.0, lat_range[0])
        _, y1 = _natural_earth(0.0, lat_range[1])
        scale = min(REFERENCE[0] / (x1 - x0), REFERENCE[1] / (y1 - y0))
        return cls(centre, scale, (x0 * scale, -y1 * scale, x1 * scale, -y0 * scale))

    def __call__(self, lon: float, lat: float) -> tuple[float, float]:
        x, y = _natural_earth(lon - self.centre, lat)
        return x * self.scale, -y * self.scale

    def offset(self, lon: float, lat: float, dx: float, dy: float) -> tuple[float, float]:
        """The point ``(dx, dy)`` px from ``(lon, lat)`` (the projection taken as linear there)."""
        x0, y0 = self(lon, lat)
        x1, _ = self(lon + 1, lat)
        _, y1 = self(lon, lat + 1)
        return lon + dx / (x1 - x0), lat + dy / (y1 - y0)


class Place(NamedTuple):
    """A location as the placement sees it: its marker's size (px) and whether it has a name."""

    name: str
    lon: float
    lat: float
    size: float
    named: bool


def place_names(locations: Mapping[str, Any], projection: Projection, sizes: Mapping[str, float], figures: int,
                posts: Iterable[str], single: Iterable[str] = ()) -> dict[str, Label]:
    """Each named place (``sizes``: its marker's size in px) among ``locations`` (with ``lon`` and
    ``lat``) → how its name is drawn; a place whose name finds no room is left out. Room is kept for
    up to ``figures`` figures of each seat at every location (one figure, in the first seat's slot,
    at the places in ``single``) and for trading posts in ``posts``. Computed once per board.

    >>> import mp_notebook as mp
    >>> locations = mp.new_game(players=2, seed=1).board.locations
    >>> p = Projection.fitted((40.0, 125.0), (17.0, 50.0))
    >>> [(name, label.position, label.size) for name, label in place_names(locations, p, {"Beijing": 14, "Xian": 10},
    ...                                                                       2, ["Xian"]).items()]
    [('Beijing', 'middle left', 14.0), ('Xian', 'top center', 10.0)]
    """
    places = tuple(Place(n, loc.lon, loc.lat, float(sizes.get(n, OASIS_SIZE)), n in sizes)
                   for n, loc in locations.items())
    return dict(_placed(places, projection, figures, frozenset(posts), frozenset(single)))


def text_box(label: Label, width: float) -> tuple[float, float, float, float]:
    """The box (left, top, right, bottom; px from the place, y downwards) of a name ``width`` px
    wide drawn as ``label``: plotly sets text 0.625 × the marker's size + 1 px beside it, + 1.5 px
    above it or − 0.5 px below (measured in chromium), and a line of text is :data:`TEXT_HEIGHT` high."""
    gap = 0.625 * label.size
    vertical, horizontal = label.position.split()
    left = {"left": -gap - 1.0 - width, "center": -width / 2, "right": gap + 1.0}[horizontal]
    top = {"top": -gap - 1.5 - TEXT_HEIGHT, "middle": -6.5, "bottom": gap - 0.5}[vertical]
    return left, top, left + width, top + TEXT_HEIGHT


def _labels(p: Place, projection: Projection) -> list[Label]:
    """Every way to draw ``p``'s name, nearest first: beside its marker (which keeps its distance
    in pixels on a larger map), then centred on a point near it (which does not: the point moves
    away with the map's scale)."""
    beside = [Label(p.lon, p.lat, position, p.size + more) for more in FARTHER for position in POSITIONS]
    r = p.size / 2 + 1
    near = []
    for d in DISTANCES:
        for k in range(DIRECTIONS):
            ux, uy = math.sin(2 * math.pi * k / DIRECTIONS), -math.cos(2 * math.pi * k / DIRECTIONS)
            dx = ux * (r + d) + _width(p) / 2 * max(-1.0, min(1.0, 2 * ux))  # the box's nearest side at r + d
            dy = uy * (r + d) + TEXT_HEIGHT / 2 * max(-1.0, min(1.0, 2 * uy))
            near.append(Label(*projection.offset(p.lon, p.lat, dx, dy), "middle center", 0.0))
    return beside + near


def _boxes(centres: np.ndarray, width: float, height: float) -> np.ndarray:
    half = np.array([width / 2, height / 2])
    return np.hstack([centres - half, centres + half])


def _free(boxes: np.ndarray, obstacles: np.ndarray) -> np.ndarray:
    """For each box (rows of left, top, right, bottom): whether it overlaps no obstacle."""
    if not len(obstacles):
        return np.ones(len(boxes), dtype=bool)
    a, b = boxes[:, None, :], obstacles[None, :, :]
    hit = (a[..., 0] < b[..., 2]) & (b[..., 0] < a[..., 2]) & (a[..., 1] < b[..., 3]) & (b[..., 1] < a[..., 3])
    free: np.ndarray = np.logical_not(hit.any(axis=1))
    return free


def text_width(text: str) -> float:
    """The width in px of ``text`` at :data:`FONT` (see :data:`ARIAL_10PX`).

    >>> round(text_width("Beijing"), 1)  # chromium: 30.0 px in Liberation Sans
    32.4
    """
    return sum(ARIAL_10PX.get(c, 7.22 if c.isupper() else 5.56) for c in text) * FONT / 10 * WIDTH_MARGIN


def _width(p: Place) -> float:
    return text_width(p.name)


def _obstacles(places: tuple[Place, ...], projection: Projection, figures: int, posts: frozenset[str],
               single: frozenset[str]) -> dict[float, np.ndarray]:
    """Per scale, the boxes of every marker and every piece slot (rows of left, top, right, bottom)."""
    out = {}
    for sc in SCALES:
        rows = []
        for p in places:
            x, y = projection(p.lon, p.lat)
            slots = piece_slots(figures, p.name in posts, p.name in single)
            marks = [(x, y, p.size)] + [(x + slot.dx, y + slot.dy, slot.size) for slot in slots]
            rows += [(mx - size / 2 - 1, my - size / 2 - 1, mx + size / 2 + 1, my + size / 2 + 1)
                     for mx, my, size in ((mx * sc, my * sc, size) for mx, my, size in marks)]
        out[sc] = np.array(rows)
    return out


def _options(p: Place, projection: Projection,
             obstacles: dict[float, np.ndarray]) -> tuple[list[Label], dict[float, np.ndarray], np.ndarray]:
    """The ways to draw ``p``'s name, their boxes at each scale, and which are free at every scale."""
    labels = _labels(p, projection)
    offsets = np.array([text_box(label, _width(p)) for label in labels])
    points = np.array([projection(label.lon, label.lat) for label in labels])
    boxes = {sc: offsets + np.hstack([points, points]) * sc for sc in SCALES}
    free = np.ones(len(labels), dtype=bool)
    for sc in SCALES:
        padded = boxes[sc] + np.array([-GAP, -GAP, GAP, GAP])
        left, top, right, bottom = (edge * sc for edge in projection.frame)
        inside = (padded[:, 0] >= left) & (padded[:, 1] >= top) & (padded[:, 2] <= right) & (padded[:, 3] <= bottom)
        free &= inside & _free(padded, obstacles[sc])
    return labels, boxes, free


def _greedy(order: list[Place], projection: Projection, fixed: dict[float, np.ndarray]) -> list[tuple[str, Label]]:
    """Each name in ``order`` drawn the first free way, whose box then is taken."""
    obstacles = dict(fixed)
    out: list[tuple[str, Label]] = []
    for p in order:
        labels, boxes, free = _options(p, projection, obstacles)
        if free.any():
            k = int(np.argmax(free))
            out.append((p.name, labels[k]))
            for sc in SCALES:
                obstacles[sc] = np.vstack([obstacles[sc], boxes[sc][k:k + 1]])
    return out


@functools.cache
def _placed(places: tuple[Place, ...], projection: Projection, figures: int, posts: frozenset[str],
            single: frozenset[str]) -> tuple[tuple[str, Label], ...]:
    """The placement described in the module docstring: the bigger marker first, among equals the
    place with the fewest free positions; a place above the smallest marker size left out goes
    first in another try (at most :data:`TRIES`), and the try leaving out fewest such places, then
    fewest places, is kept."""
    fixed = _obstacles(places, projection, figures, posts, single)
    named = [p for p in places if p.named]
    order = sorted(named, key=lambda p: (-p.size, int(_options(p, projection, fixed)[2].sum())))
    smallest = min((p.size for p in named), default=0.0)
    best: tuple[tuple[int, int], list[tuple[str, Label]]] | None = None
    for _ in range(TRIES):
        placed = _greedy(order, projection, fixed)
        done = {n for n, _ in placed}
        missing = [p for p in order if p.name not in done and p.size > smallest]
        score = (len(missing), len(named) - len(placed))
        if best is None or score < best[0]:
            best = (score, placed)
        if not missing:
            break
        order = missing + [p for p in order if p not in missing]
    return tuple(best[1]) if best else ()
