"""Where the map writes each place's name: beside its marker, at most :data:`LIMIT` px from it,
inside the map's frame, clear of every marker, every other name and every slot where a player's
figure or trading post can stand; where there is no such room, further away with a thin leader
line from the marker to the name (a short one for a dot on a route, :data:`DOT`); or, with no
room for that either, not at all (its hover text still names it).

A name is plotly text beside an invisible marker (a ``"markers+text"`` trace): one of plotly's
eight text positions, at a distance set by the invisible marker's size. Beside its place, it keeps
its distance in pixels from its place whatever the map's scale. The map scales with its box while
text keeps its size, so the names are placed for a reference map (:data:`REFERENCE`: the geo area
of the play app in JupyterLab on a 1280-pixel-wide page, beside the file browser) and must stay
clear at larger scales too (:data:`SCALES`: up to the largest the app draws, in Voilà, and
``show_map``). A name on a leader line is set beside a point some way from its place, on the side
away from it; the line joins the place to that point, so it grows with the map. Positions are
computed in plotly's projection (natural earth, centred on the map's longitudes, fitted to its
ranges), names in order of importance (the bigger marker first).
``tests/browser/test_map_labels.py`` measures the result in a real browser.

>>> p = Projection.fitted((40.0, 125.0), (17.0, 50.0))  # Marco Polo II's map
>>> [round(v) for v in p.offset(116.4, 39.9, *figure_offset(0, 0))]  # a figure right of Beijing
[118, 40]
>>> text_box(Label(0.0, 0.0, "top center", 12.0), 40.0)  # a 40-px name above a 12-px marker
(-20.0, -20.0, 20.0, -9.0)
>>> round(gap(Label(0.0, 0.0, "top center", 12.0), 40.0, 12.0), 1)  # px from that name to the marker
3.0
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

import numpy as np

REFERENCE = (660.0, 280.0)  # px: width and height of the geo area the names are placed for
SCALES = (1.0, 1.15, 1.3, 1.45, 1.6, 1.75)  # the reference and larger maps: a name's position must be free at each
LIMIT = 14.0  # px at most from a name's box to its marker's box, without a leader line (the promise: 15)
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
# distance of its name, nearest first (those within LIMIT are tried).
POSITIONS = ("top center", "bottom center", "middle left", "middle right", "top left", "top right",
             "bottom left", "bottom right")
FARTHER = (0.0, 3.0, 6.0, 9.0, 12.0, 15.0, 18.0)
LEADERS = (10.0, 14.0, 20.0, 27.0, 35.0, 45.0, 56.0, 70.0)  # px from a marker's edge to the end of its leader line
DIRECTIONS = 24  # directions tried around a marker for a leader line
SEATS = 4  # slots kept for at most this many players' pieces
FIGURE_SIZE = 15.0  # px, a figure's marker (19 in the view of its player, show_map(player=...))
POST_SIZE = 9.0  # px, a trading post's marker
OASIS_SIZE = 9.0  # px, an oasis marker
DOT = 6.0  # px: a marker this small (Schmidt's route spaces) is a dot on a route: its leader line is short
DOT_LEADERS = 3  # the first this many of LEADERS serve a dot
TRIES = 6  # placements tried, the places an earlier try left out first


class Label(NamedTuple):
    """How a name is drawn: plotly's text ``position`` beside an invisible marker of ``size`` px at
    ``(lon, lat)``: the place itself, or where there is no room beside it (``leader``), a point
    some way from it, which a leader line joins to the place (the name beside that point on the
    side away from the place, size 0)."""

    lon: float
    lat: float
    position: str
    size: float
    leader: bool = False


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


def piece_slots(figures: int, posts: bool, single: bool = False, seats: int = SEATS) -> tuple[Slot, ...]:
    """Every slot a piece may take at one location in a game of ``seats`` players with up to
    ``figures`` figures each (one figure in the first seat's slot where the location holds one
    piece at a time, ``single``), and their trading posts if ``posts``.

    >>> len(piece_slots(1, False)), len(piece_slots(2, True)), len(piece_slots(1, False, True))
    (4, 12, 1)
    >>> len(piece_slots(2, True, seats=2))
    6
    """
    slots = [Slot(*figure_offset(i, k), FIGURE_SIZE) for i in range(1 if single else seats) for k in range(figures)]
    if posts:
        slots += [Slot(*post_offset(i, seats), POST_SIZE) for i in range(seats)]
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
                posts: Iterable[str], single: Iterable[str] = (), seats: int = SEATS) -> dict[str, Label]:
    """Each named place (``sizes``: its marker's size in px) among ``locations`` (with ``lon`` and
    ``lat``) → how its name is drawn; a place whose name finds no room is left out. Room is kept for
    ``seats`` players' pieces: up to ``figures`` figures of each at every location (one figure, in
    the first seat's slot, at the places in ``single``) and trading posts in ``posts``. Computed
    once per board and number of players.

    >>> import mp_notebook as mp
    >>> locations = mp.new_game(players=2, seed=1).board.locations
    >>> p = Projection.fitted((40.0, 125.0), (17.0, 50.0))
    >>> [(name, label.position, label.size) for name, label in place_names(locations, p, {"Beijing": 14, "Xian": 10},
    ...                                                                       2, ["Xian"]).items()]
    [('Beijing', 'middle left', 14.0), ('Xian', 'top center', 10.0)]
    """
    places = tuple(Place(n, loc.lon, loc.lat, float(sizes.get(n, OASIS_SIZE)), n in sizes)
                   for n, loc in locations.items())
    return dict(_placed(places, projection, figures, frozenset(posts), frozenset(single), seats))


def text_box(label: Label, width: float) -> tuple[float, float, float, float]:
    """The box (left, top, right, bottom; px from the label's point, y downwards) of a name
    ``width`` px wide drawn as ``label``: plotly sets text 0.625 × the marker's size + 1 px beside
    it, + 1.5 px above it or − 0.5 px below (measured in chromium), and a line of text is
    :data:`TEXT_HEIGHT` high."""
    gap_ = 0.625 * label.size
    vertical, horizontal = label.position.split()
    left = {"left": -gap_ - 1.0 - width, "center": -width / 2, "right": gap_ + 1.0}[horizontal]
    top = {"top": -gap_ - 1.5 - TEXT_HEIGHT, "middle": -6.5, "bottom": gap_ - 0.5}[vertical]
    return left, top, left + width, top + TEXT_HEIGHT


def gap(label: Label, width: float, size: float) -> float:
    """px from the box of a name ``width`` px wide drawn beside its place as ``label`` to the place's
    marker of ``size`` px (box to box; what the browser test measures)."""
    left, top, right, bottom = text_box(label, width)
    half = size / 2
    return math.hypot(max(0.0, left - half, -half - right), max(0.0, top - half, -half - bottom))


def _compass(ux: float, uy: float) -> str:
    """Plotly's text position that puts a name on the side of direction ``(ux, uy)`` (y downwards)."""
    vertical = "top" if uy < -0.38 else "bottom" if uy > 0.38 else "middle"
    horizontal = "left" if ux < -0.38 else "right" if ux > 0.38 else "center"
    return f"{vertical} {horizontal}"


def _beside(p: Place) -> list[Label]:
    """Every way to draw ``p``'s name beside its marker within :data:`LIMIT` px, nearest first:
    these keep their distance in pixels on a larger map."""
    labels = [Label(p.lon, p.lat, position, p.size + more) for more in FARTHER for position in POSITIONS]
    return [label for label in labels if gap(label, _width(p), p.size) <= LIMIT]


def _leaders(p: Place, projection: Projection) -> list[Label]:
    """Every way to draw ``p``'s name on a leader line, shortest first: beside a point
    :data:`LEADERS` px from the marker's edge (on the reference map) in one of :data:`DIRECTIONS`
    directions, on the side away from the marker."""
    out = []
    for length in LEADERS[:DOT_LEADERS] if p.size <= DOT else LEADERS:
        for k in range(DIRECTIONS):
            ux, uy = math.sin(2 * math.pi * k / DIRECTIONS), -math.cos(2 * math.pi * k / DIRECTIONS)
            r = p.size / 2 + length
            out.append(Label(*projection.offset(p.lon, p.lat, ux * r, uy * r), _compass(ux, uy), 0.0, True))
    return out


def _free(boxes: np.ndarray, obstacles: np.ndarray) -> np.ndarray:
    """For each box (rows of left, top, right, bottom): whether it overlaps no obstacle."""
    if not len(obstacles):
        return np.ones(len(boxes), dtype=bool)
    a, b = boxes[:, None, :], obstacles[None, :, :]
    hit = (a[..., 0] < b[..., 2]) & (b[..., 0] < a[..., 2]) & (a[..., 1] < b[..., 3]) & (b[..., 1] < a[..., 3])
    free: np.ndarray = np.logical_not(hit.any(axis=1))
    return free


def _clear(points: np.ndarray, obstacles: np.ndarray) -> np.ndarray:
    """For each row of ``points`` (shape: lines x points x 2): whether none of its points lies in an
    obstacle."""
    if not len(obstacles) or not points.size:
        return np.ones(len(points), dtype=bool)
    x, y = points[..., 0][..., None], points[..., 1][..., None]
    inside = (x > obstacles[:, 0]) & (x < obstacles[:, 2]) & (y > obstacles[:, 1]) & (y < obstacles[:, 3])
    clear: np.ndarray = np.logical_not(inside.any(axis=(1, 2)))
    return clear


def text_width(text: str) -> float:
    """The width in px of ``text`` at :data:`FONT` (see :data:`ARIAL_10PX`).

    >>> round(text_width("Beijing"), 1)  # chromium: 30.0 px in Liberation Sans
    32.4
    """
    return sum(ARIAL_10PX.get(c, 7.22 if c.isupper() else 5.56) for c in text) * FONT / 10 * WIDTH_MARGIN


def _width(p: Place) -> float:
    return text_width(p.name)


class Taken(NamedTuple):
    """What the names placed so far leave free, per scale: the boxes (rows of left, top, right,
    bottom) of every marker, piece slot and name, which a name keeps clear of, and of the markers
    and names alone, which a leader line keeps clear of (it may pass under a piece); the points
    along every leader line (px); and those lines on the reference map (rows of x0, y0, x1, y1:
    lines cross at any scale alike)."""

    boxes: dict[float, np.ndarray]
    solid: dict[float, np.ndarray]
    points: dict[float, np.ndarray]
    lines: np.ndarray


def _obstacles(places: tuple[Place, ...], projection: Projection, figures: int, posts: frozenset[str],
               single: frozenset[str], seats: int) -> Taken:
    """Every marker and every piece slot, before any name is placed."""
    boxes, solid = {}, {}
    for sc in SCALES:
        rows, markers = [], []
        for p in places:
            x, y = projection(p.lon, p.lat)
            slots = piece_slots(figures, p.name in posts, p.name in single, seats)
            marks = [(x, y, p.size)] + [(x + slot.dx, y + slot.dy, slot.size) for slot in slots]
            rows += [(mx - size / 2 - 1, my - size / 2 - 1, mx + size / 2 + 1, my + size / 2 + 1)
                     for mx, my, size in ((mx * sc, my * sc, size) for mx, my, size in marks)]
            markers.append(rows[-len(marks)])
        boxes[sc], solid[sc] = np.array(rows), np.array(markers)
    return Taken(boxes, solid, {sc: np.zeros((0, 2)) for sc in SCALES}, np.zeros((0, 4)))


LINE_POINTS = 12  # points along a leader line checked for what it would cross


def _line_points(p: Place, projection: Projection, labels: list[Label], sc: float) -> np.ndarray:
    """Points along each leader line of ``labels`` at scale ``sc``, from the edge of ``p``'s marker
    (and a pixel beyond) to its label's point (shape: labels x :data:`LINE_POINTS` x 2)."""
    x, y = projection(p.lon, p.lat)
    ends = np.array([projection(label.lon, label.lat) for label in labels]) - (x, y)
    lengths = np.hypot(ends[:, 0], ends[:, 1]) * sc
    start = ((p.size / 2 + 1) * math.sqrt(2) + 0.5) / lengths  # the share of the line under the marker's box
    t = start[:, None] + (1 - start[:, None]) * np.linspace(0.0, 1.0, LINE_POINTS)[None, :]
    return np.stack([(x + ends[:, 0, None] * t) * sc, (y + ends[:, 1, None] * t) * sc], axis=-1)


def _crossing(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """For each line of ``a`` (rows of x0, y0, x1, y1): whether it crosses one of ``b``."""
    if not len(b) or not len(a):
        return np.zeros(len(a), dtype=bool)
    p, r = a[:, None, :2], (a[:, 2:] - a[:, :2])[:, None, :]
    q, s = b[None, :, :2], (b[:, 2:] - b[:, :2])[None, :, :]
    cross = r[..., 0] * s[..., 1] - r[..., 1] * s[..., 0]
    qp = q - p
    with np.errstate(divide="ignore", invalid="ignore"):
        t = (qp[..., 0] * s[..., 1] - qp[..., 1] * s[..., 0]) / cross
        u = (qp[..., 0] * r[..., 1] - qp[..., 1] * r[..., 0]) / cross
    hit = (cross != 0) & (t > 0) & (t < 1) & (u > 0) & (u < 1)
    crossing: np.ndarray = hit.any(axis=1)
    return crossing


class Candidates(NamedTuple):
    """The ways to draw a place's name (``labels``: beside its marker first, then on leader lines)
    that do not depend on the other names: their boxes at each scale (rows of left, top, right,
    bottom, :data:`GAP` added), whether each lies inside the map's frame at every scale, the
    leader lines on the reference map and the points along them at each scale."""

    labels: list[Label]
    beside: int  # how many labels are beside the marker (the first ones)
    boxes: dict[float, np.ndarray]
    inside: np.ndarray
    lines: np.ndarray
    points: dict[float, np.ndarray]


@functools.cache
def _candidates(p: Place, projection: Projection, leaders: bool) -> Candidates:
    """The ways to draw ``p``'s name beside its marker and, if ``leaders``, on a leader line."""
    beside = _beside(p)
    far = _leaders(p, projection) if leaders else []
    labels = beside + far
    width = _width(p)
    offsets = np.array([text_box(label, width) for label in labels]) + np.array([-GAP, -GAP, GAP, GAP])
    points = np.array([projection(label.lon, label.lat) for label in labels])
    boxes = {sc: offsets + np.hstack([points, points]) * sc for sc in SCALES}
    inside = np.ones(len(labels), dtype=bool)
    for sc, b in boxes.items():
        left, top, right, bottom = (edge * sc for edge in projection.frame)
        inside &= (b[:, 0] >= left) & (b[:, 1] >= top) & (b[:, 2] <= right) & (b[:, 3] <= bottom)
    x, y = projection(p.lon, p.lat)
    lines = np.hstack([np.tile((x, y), (len(far), 1)), points[len(beside):]]).reshape(-1, 4)
    along = {sc: _line_points(p, projection, far, sc) if far else np.zeros((0, LINE_POINTS, 2)) for sc in SCALES}
    return Candidates(labels, len(beside), boxes, inside, lines, along)


def _options(p: Place, projection: Projection, taken: Taken,
             leaders: bool) -> tuple[list[Label], dict[float, np.ndarray], np.ndarray]:
    """The ways to draw ``p``'s name beside its marker (and, if ``leaders``, on a leader line), their
    boxes at each scale, and which are free at every scale: inside the frame, on no marker, slot,
    name or leader line, and a leader line crossing no marker, name or other leader line."""
    c = _candidates(p, projection, leaders)
    free = c.inside.copy()
    free[c.beside:] &= ~_crossing(c.lines, taken.lines)
    for sc in SCALES:
        free &= _free(c.boxes[sc], taken.boxes[sc]) & _boxes_clear(c.boxes[sc], taken.points[sc])
        if leaders:
            free[c.beside:] &= _clear(c.points[sc], taken.solid[sc])
    return c.labels, c.boxes, free


def _boxes_clear(boxes: np.ndarray, points: np.ndarray) -> np.ndarray:
    """For each box (rows of left, top, right, bottom): whether none of ``points`` (a leader line's)
    lies in it."""
    if not len(points):
        return np.ones(len(boxes), dtype=bool)
    x, y = points[None, :, 0], points[None, :, 1]
    inside = (x > boxes[:, 0, None]) & (x < boxes[:, 2, None]) & (y > boxes[:, 1, None]) & (y < boxes[:, 3, None])
    clear: np.ndarray = np.logical_not(inside.any(axis=1))
    return clear


def _greedy(order: list[Place], projection: Projection, fixed: Taken) -> list[tuple[str, Label]]:
    """Each name in ``order`` drawn the first free way (beside its marker if it can), whose box and
    leader line then are taken."""
    taken = fixed
    out: list[tuple[str, Label]] = []
    for p in order:
        labels, boxes, free = _options(p, projection, taken, leaders=False)
        if not free.any():
            labels, boxes, free = _options(p, projection, taken, leaders=True)
        if not free.any():
            continue
        k = int(np.argmax(free))
        label = labels[k]
        out.append((p.name, label))
        lines, points = taken.lines, dict(taken.points)
        if label.leader:
            c = _candidates(p, projection, True)
            lines = np.vstack([lines, c.lines[k - c.beside:k - c.beside + 1]])
            for sc in SCALES:
                points[sc] = np.vstack([points[sc], c.points[sc][k - c.beside]])
        box = {sc: boxes[sc][k:k + 1] - np.array([-GAP, -GAP, GAP, GAP]) for sc in SCALES}  # the name's own box
        taken = Taken({sc: np.vstack([taken.boxes[sc], box[sc]]) for sc in SCALES},
                      {sc: np.vstack([taken.solid[sc], box[sc]]) for sc in SCALES}, points, lines)
    return out


@functools.cache
def _placed(places: tuple[Place, ...], projection: Projection, figures: int, posts: frozenset[str],
            single: frozenset[str], seats: int) -> tuple[tuple[str, Label], ...]:
    """The placement described in the module docstring: the bigger marker first, among equals the
    place with the fewest free positions beside it. A try that leaves a place out (but for a dot) is
    followed by another (at most :data:`TRIES`) with those places first, and the try leaving out
    fewest such places, then needing fewest leader lines, then leaving out fewest dots, is kept."""
    fixed = _obstacles(places, projection, figures, posts, single, seats)
    named = [p for p in places if p.named]
    order = sorted(named, key=lambda p: (-p.size, int(_options(p, projection, fixed, leaders=False)[2].sum())))
    best: tuple[tuple[int, int, int], list[tuple[str, Label]]] | None = None
    for _ in range(TRIES):
        placed = _greedy(order, projection, fixed)
        done = {n for n, _ in placed}
        missing = [p for p in order if p.name not in done and p.size > DOT]
        score = (len(missing), sum(label.leader for _, label in placed), len(named) - len(placed))
        if best is None or score < best[0]:
            best = (score, placed)
        if not missing:
            break
        order = missing + [p for p in order if p not in missing]
    return tuple(best[1]) if best else ()
