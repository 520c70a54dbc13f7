"""The map art: terrain drawn as areas with natural edges, not as cells.

Each terrain (at each level) is the union of its hexes, drawn as one region per paint. The
region's outline between unlike terrain is a smooth noisy curve that stays in a band around
the hexside: every hex's centre and most of its area show its own terrain. The curves are
deterministic: they come from integer hashes of the map's seed (its name) and the hexside's
or corner's hexes, never from Python's per-process ``hash()``, so a map looks the same in
every session and on every machine.

:class:`Areas` is the geometry, cached per map: each hex's *art polygon* is its hexagon
with its corners moved a little (by the three hexes that meet there) and, on each side
towards unlike terrain (or under a river), the noisy curve of that side in place of the
straight edge. Both hexes of a side use the same curve, so the polygons tile the map
exactly. An edit of a hex changes the curves of its own sides, so :meth:`Areas.forget`
drops the hex's and its neighbours' polygons.

:func:`paint_art` paints the areas, textures, outlines, level tints and contours of what
meets a rectangle; the hexside features are painted after it by
:meth:`~tabletop.render.terrain.MapPainter.paint_sides`. Everything it draws comes from
the terrain chart (``texture``, ``texture_color``, ``edge_color`` per terrain, the
chart's ``levels``), nothing from the map.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF

from tabletop.hexgrid import Hex, HexSide, Layout
from tabletop.model import HexMap, TerrainChart

__all__ = ["CORNER_JITTER", "NOISE", "SAFE", "Areas", "fill_colour", "mix", "paint_art"]

MASK = (1 << 64) - 1
CORNER_JITTER = 0.15
"""How far a hex corner may move, as a share of the hex's size (centre to corner)."""
NOISE = 0.22
"""How far a noisy edge may wander from its (moved) hexside, as a share of the inner
radius: with the corners' share, no point within 0.62 of the inner radius of a hex's centre
ever shows another hex's terrain."""
SAFE = 0.62
"""Texture marks keep within this share of the inner radius from a hex's centre towards
unlike terrain (the noisy edge never comes closer)."""
SEGMENTS = 8
"""Segments of a noisy edge at full detail."""
DETAIL_PIXELS = 14.0
"""Hexes smaller than this on screen get their edges in 3 segments (then straight)."""
AREA_PIXELS = 6.0
"""Hexes smaller than this (size, centre to corner, on screen) are filled flat: at a
whole-map zoom of a huge map the edges would be lost in a pixel or two."""


def mix(*values: int) -> int:
    """A 64-bit hash of integers (splitmix64 steps): the same in every process."""
    h = 0x9E3779B97F4A7C15
    for v in values:
        h = (h ^ (v & MASK)) & MASK
        h = ((h ^ (h >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        h = ((h ^ (h >> 27)) * 0x94D049BB133111EB) & MASK
        h ^= h >> 31
    return h


def _unit(h: int, k: int = 0) -> float:
    """A number in [0, 1) from a hash (``k`` picks another one from the same hash): one
    splitmix64 step, cheap enough for every mark of a texture."""
    x = (h + (k + 1) * 0x9E3779B97F4A7C15) & MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK
    return ((x ^ (x >> 31)) >> 11) / 9007199254740992.0


def map_seed(hexmap: HexMap) -> int:
    """The seed of a map's art: its name's CRC (stable across runs and machines)."""
    return zlib.crc32(hexmap.name.encode("utf-8"))


def fill_colour(chart: TerrainChart, terrain: str, level: int) -> QColor:
    """The area colour of ``terrain`` at ``level``: its chart colour moved towards the
    chart's level tint, a step per level (hypsometric tints), up to four levels."""
    base = QColor(chart.terrain[terrain].color)
    if level <= 0:
        return base
    # dark terrain (woods) takes less of the tint: its texture shows the level's contours
    t = min(1.0, chart.levels.step * min(level, 4) * base.lightnessF() * 1.25)
    tint = QColor(chart.levels.tint)
    return QColor(
        round(base.red() + (tint.red() - base.red()) * t),
        round(base.green() + (tint.green() - base.green()) * t),
        round(base.blue() + (tint.blue() - base.blue()) * t),
    )


def texture_colour(chart: TerrainChart, terrain: str) -> QColor:
    t = chart.terrain[terrain]
    return QColor(t.texture_color) if t.texture_color else QColor(t.color).darker(125)


Key = tuple[str, int]
"""What makes two hexes one area: terrain and level."""


KEPT_HEXES = 6000
"""The hexes whose art geometry :class:`Areas` keeps at most (a 1920 x 1080 view at 1:1
shows about 900): past it the kept geometry is dropped and made again as it is painted, so
a tour of a 200 x 200 map does not keep 40,000 hexes' worth (about 60 MB)."""


class Areas:
    """The art geometry of one map, built lazily per hex and kept (for at most ``kept``
    hexes) until :meth:`forget`. Every point is a function of the map and its seed alone,
    so what is dropped is made again the same."""

    def __init__(self, hexmap: HexMap, layout: Layout, kept: int = KEPT_HEXES) -> None:
        self.kept = kept
        self.map = hexmap
        self.layout = layout
        self.seed = map_seed(hexmap)
        first = next(iter(hexmap.cells), Hex(0, 0))
        cx, cy = layout.hex_to_pixel(first)
        self.unit = [(x - cx, y - cy) for x, y in layout.corners(first)]
        self.size = min(abs(layout.size_x), abs(layout.size_y))
        self.apothem = self.size * math.sqrt(3) / 2
        # side i of a hex runs from corner i to corner i + 1, towards neighbour dirs[i]
        flat = layout.orientation == "flat"
        self.dirs = [((6 - i) % 6 if flat else (5 - i) % 6) for i in range(6)]
        # each side's outward unit normal (from the centre to the side's middle)
        self.normals: list[tuple[float, float]] = []
        for i in range(6):
            (x0, y0), (x1, y1) = self.unit[i], self.unit[(i + 1) % 6]
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            n = math.hypot(mx, my) or 1.0
            self.normals.append((mx / n, my / n))
        self._corners: dict[tuple[Hex, int], QPointF] = {}
        self._shifts: dict[tuple[Hex, ...], tuple[float, float]] = {}
        self._curves: dict[tuple[HexSide, int], list[QPointF]] = {}
        self._polygons: dict[tuple[Hex, int], QPolygonF] = {}

    # --- what an area is ----------------------------------------------------------------
    def key(self, h: Hex) -> Key | None:
        cell = self.map.cells.get(h)
        return None if cell is None else (cell.terrain, cell.level)

    def noisy(self, side: HexSide) -> bool:
        """Whether the side's edge wanders: between unlike areas, or under a river."""
        cells = self.map.cells
        if side.a not in cells or side.b not in cells:
            return False
        if self.key(side.a) != self.key(side.b):
            return True
        return "river" in self.map.hexsides.get(side, ())

    # --- geometry -------------------------------------------------------------------------
    def corner(self, h: Hex, i: int) -> QPointF:
        """Corner ``i`` of ``h``, moved by a hash of the three hexes that meet there (not
        moved on the map's outline, which stays the grid's)."""
        found = self._corners.get((h, i))
        if found is not None:
            return found
        if len(self._corners) >= 6 * self.kept:
            self._corners.clear()
            self._shifts.clear()
        cx, cy = self.layout.hex_to_pixel(h)
        ux, uy = self.unit[i]
        n1 = h.neighbor(self.dirs[(i - 1) % 6])
        n2 = h.neighbor(self.dirs[i])
        cells = self.map.cells
        x, y = cx + ux, cy + uy
        if n1 in cells and n2 in cells and h in cells:
            triple = tuple(sorted((h, n1, n2)))
            shift = self._shifts.get(triple)
            if shift is None:
                a, b, c = triple
                k = mix(self.seed, a.q, a.r, b.q, b.r, c.q, c.r)
                angle = _unit(k, 1) * 2 * math.pi
                dist = CORNER_JITTER * self.size * math.sqrt(_unit(k, 2))
                shift = self._shifts[triple] = (math.cos(angle) * dist, math.sin(angle) * dist)
            x += shift[0]
            y += shift[1]
        point = QPointF(x, y)
        self._corners[(h, i)] = point
        return point

    def _side_corners(self, side: HexSide) -> tuple[QPointF, QPointF]:
        """The moved corners a side runs between, in ``side.a``'s order."""
        a = side.a
        d = a.direction_to(side.b)
        i = self.dirs.index(d)
        return self.corner(a, i), self.corner(a, (i + 1) % 6)

    def curve(self, side: HexSide, segments: int) -> list[QPointF]:
        """The inner points of a side's edge from ``side.a``'s first corner to its second
        (none when the edge is straight)."""
        if segments <= 1 or not self.noisy(side):
            return []
        if "bridge" in self.map.hexsides.get(side, ()):
            return []  # straight under the bridge's deck
        found = self._curves.get((side, segments))
        if found is not None:
            return found
        if len(self._curves) >= 3 * self.kept:
            self._curves.clear()
        p0, p1 = self._side_corners(side)
        k = mix(self.seed, side.a.q, side.a.r, side.b.q, side.b.r, 77)
        coeffs = [(_unit(k, 10 + j) * 2 - 1) / (j + 1) for j in range(3)]
        phases = [_unit(k, 20 + j) * 2 * math.pi for j in range(3)]
        total = sum(abs(c) for c in coeffs) or 1.0
        amp = NOISE * self.apothem / total
        dx, dy = p1.x() - p0.x(), p1.y() - p0.y()
        length = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / length, dx / length
        out = []
        for s in range(1, segments):
            t = s / segments
            env = math.sin(math.pi * t)
            wave = sum(
                c * math.sin((j + 1) * math.pi * t + ph * (j > 0))
                for j, (c, ph) in enumerate(zip(coeffs, phases, strict=True))
            )
            off = amp * env * wave
            out.append(QPointF(p0.x() + dx * t + nx * off, p0.y() + dy * t + ny * off))
        self._curves[(side, segments)] = out
        return out

    def polygon(self, h: Hex, segments: int = SEGMENTS) -> QPolygonF:
        """The hex's art polygon: moved corners, noisy edges towards unlike terrain."""
        found = self._polygons.get((h, segments))
        if found is not None:
            return found
        if len(self._polygons) >= self.kept:
            self._polygons.clear()
        points: list[QPointF] = []
        for i in range(6):
            points.append(self.corner(h, i))
            n = h.neighbor(self.dirs[i])
            if n not in self.map.cells:
                continue
            side = HexSide(h, n)
            inner = self.curve(side, segments)
            points.extend(inner if side.a == h else reversed(inner))
        poly = QPolygonF(points)
        self._polygons[(h, segments)] = poly
        return poly

    def edge(self, side: HexSide, segments: int) -> list[QPointF]:
        """The whole edge of a side, corner to corner."""
        p0, p1 = self._side_corners(side)
        return [p0, *self.curve(side, segments), p1]

    def forget(self, hexes: Iterable[Hex]) -> None:
        """These hexes changed terrain or level (or a river on their sides): drop their
        edges and their own and their neighbours' polygons."""
        for h in hexes:
            for n in (h, *h.neighbors()):
                for seg in (SEGMENTS, 3, 1):
                    self._polygons.pop((n, seg), None)
            for n in h.neighbors():
                side = HexSide.between(h, n)
                for seg in (SEGMENTS, 3):
                    self._curves.pop((side, seg), None)

    # --- where texture marks may go -----------------------------------------------------
    def limits(self, h: Hex, margin: float) -> list[tuple[float, float, float]]:
        """Half-planes (nx, ny, limit) that a mark ``margin`` wide must keep within from
        the hex's centre: into like neighbours a little past the side, towards unlike
        terrain no closer than the noisy edge comes, at the map's outline inside it."""
        key = self.key(h)
        out = []
        for i in range(6):
            n = h.neighbor(self.dirs[i])
            nx, ny = self.normals[i]
            nkey = self.key(n)
            if nkey is None:
                lim = self.apothem - margin
            elif nkey[0] == (key[0] if key else None):
                lim = self.apothem + self.size * 0.15
            else:
                lim = self.apothem * SAFE - margin
            out.append((nx, ny, lim))
        return out


def _inside(limits: Sequence[tuple[float, float, float]], x: float, y: float) -> bool:
    return all(nx * x + ny * y <= lim for nx, ny, lim in limits)


def _clip(
    limits: Sequence[tuple[float, float, float]], px: float, py: float, dx: float, dy: float
) -> tuple[float, float] | None:
    """The parameter range of the line ``p + t d`` inside the half-planes (Cyrus-Beck)."""
    t0, t1 = -1e9, 1e9
    for nx, ny, lim in limits:
        den = nx * dx + ny * dy
        num = lim - (nx * px + ny * py)
        if abs(den) < 1e-12:
            if num < 0:
                return None
            continue
        t = num / den
        if den > 0:
            t1 = min(t1, t)
        else:
            t0 = max(t0, t)
        if t0 >= t1:
            return None
    return t0, t1


# --- painting --------------------------------------------------------------------------------


def paint_art(
    p: QPainter,
    areas: Areas,
    hexes: Sequence[Hex],
    scale: float,
    *,
    textures: bool,
    hexagon: Callable[[Hex], QPolygonF],
) -> None:
    """Paint the areas of ``hexes`` (those meeting the exposed rectangle, with a margin
    for the noisy edges): flat hexagons under, then each area antialiased as one region,
    the textures, the areas' outlines, the hill shade and the contour lines."""
    chart = areas.map.chart
    cells = areas.map.cells
    pixels = areas.size * scale
    segments = SEGMENTS if pixels >= DETAIL_PIXELS * 2 else (3 if pixels >= DETAIL_PIXELS else 1)
    colours: dict[Key, QColor] = {}
    regions: dict[Key, QPainterPath] = {}
    p.save()
    p.setPen(Qt.PenStyle.NoPen)
    # the plain hexagons first, without antialiasing: they tile exactly, so where two
    # antialiased areas meet the pixels blend with one of them, never with the background
    p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    for h in hexes:
        cell = cells[h]
        key = (cell.terrain, cell.level)
        colour = colours.get(key)
        if colour is None:
            colour = colours[key] = fill_colour(chart, *key)
            path = regions[key] = QPainterPath()
            path.setFillRule(Qt.FillRule.WindingFill)
        p.setBrush(colour)
        p.drawPolygon(hexagon(h))
        if pixels >= AREA_PIXELS:
            regions[key].addPolygon(areas.polygon(h, segments))
    if pixels < AREA_PIXELS:  # a few pixels a hex: the edges would not show
        p.restore()
        return
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    for key, path in regions.items():
        p.fillPath(path, colours[key])
    if textures:
        _textures(p, areas, hexes)
    _outlines(p, areas, hexes, segments, scale)
    p.restore()


def _sides_of(areas: Areas, hexes: Sequence[Hex]) -> list[HexSide]:
    """The sides of ``hexes`` between unlike areas, each once."""
    cells = areas.map.cells
    seen: set[HexSide] = set()
    out = []
    for h in hexes:
        key = areas.key(h)
        for n in h.neighbors():
            if n in cells and areas.key(n) != key:
                side = HexSide(h, n)
                if side not in seen:
                    seen.add(side)
                    out.append(side)
    return out


def _outlines(p: QPainter, areas: Areas, hexes: Sequence[Hex], segments: int, scale: float) -> None:
    """Edges of areas with an ``edge_color`` (a wood's edge, a pond's banks), then the
    level changes: a soft shade and the contour lines."""
    chart = areas.map.chart
    s = areas.size
    edges: dict[str, QPainterPath] = {}
    shade_light = QPainterPath()
    shade_dark = QPainterPath()
    contours: dict[int, QPainterPath] = {}
    for side in _sides_of(areas, hexes):
        ka, kb = areas.key(side.a), areas.key(side.b)
        assert ka is not None and kb is not None
        points = areas.edge(side, segments)
        poly = QPolygonF(points)
        for key in (ka, kb):
            other = kb if key is ka else ka
            colour = chart.terrain[key[0]].edge_color
            if colour and key[0] != other[0]:
                edges.setdefault(colour, QPainterPath()).addPolygon(poly)
        if ka[1] != kb[1]:
            step = abs(ka[1] - kb[1])
            contours.setdefault(min(step, 3), QPainterPath()).addPolygon(poly)
            # the light from the north-west: a slope facing it is lit, the other shaded
            high, low = (side.a, side.b) if ka[1] > kb[1] else (side.b, side.a)
            hx, hy = areas.layout.hex_to_pixel(high)
            lx, ly = areas.layout.hex_to_pixel(low)
            facing = (lx - hx) * -0.707 + (ly - hy) * -0.707
            (shade_light if facing > 0 else shade_dark).addPolygon(poly)
    p.setBrush(Qt.BrushStyle.NoBrush)
    for colour, path in edges.items():
        c = QColor(colour)
        pen = QPen(c, max(1.0, s * 0.06), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                   Qt.PenJoinStyle.RoundJoin)  # fmt: skip
        p.setPen(pen)
        p.drawPath(path)
    if contours:
        for path, shade in ((shade_light, QColor(255, 250, 230, 60)),
                            (shade_dark, QColor(60, 40, 20, 45))):  # fmt: skip
            if not path.isEmpty():
                p.setPen(QPen(shade, s * 0.22, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
                p.drawPath(path)
        contour = QColor(chart.levels.contour)
        contour.setAlpha(210)
        for step, path in contours.items():
            width = max(0.8 / max(scale, 0.01) if scale < 1 else 0.8, s * 0.025 * (1 + step))
            p.setPen(QPen(contour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                          Qt.PenJoinStyle.RoundJoin))  # fmt: skip
            p.drawPath(path)


# --- textures -------------------------------------------------------------------------------


def _textures(p: QPainter, areas: Areas, hexes: Sequence[Hex]) -> None:
    chart = areas.map.chart
    cells = areas.map.cells
    by_texture: dict[str, list[Hex]] = {}
    for h in hexes:
        texture = chart.terrain[cells[h].terrain].texture
        if texture and texture != "none":
            by_texture.setdefault(texture, []).append(h)
    for texture, group in by_texture.items():
        _TEXTURES[texture](p, areas, group)


def _marks(
    areas: Areas, h: Hex, n: int, reach: float, margin: float, salt: int
) -> Iterator[tuple[float, float, int]]:
    """Up to ``n`` stable spots (x, y, k) around ``h``'s centre, on a jittered spiral out
    to ``reach`` times the hex's size, each inside the hex's limits for ``margin``."""
    cx, cy = areas.layout.hex_to_pixel(h)
    limits = areas.limits(h, margin)
    k0 = mix(areas.seed, h.q, h.r, salt)
    s = areas.size
    for i in range(n):
        k = mix(k0, i)
        r = reach * s * math.sqrt((i + 0.5) / n) * (0.8 + 0.4 * _unit(k, 1))
        a = i * 2.39996 + _unit(k0, 2) * 6.283 + (_unit(k, 3) - 0.5) * 0.6
        x, y = math.cos(a) * r, math.sin(a) * r
        if _inside(limits, x, y):
            yield cx + x, cy + y, k


def _canopy(p: QPainter, areas: Areas, group: Sequence[Hex]) -> None:
    """Woods: overlapping tree crowns, shadowed, with a lit side."""
    chart = areas.map.chart
    s = areas.size
    shadow = QPainterPath()
    crowns = QPainterPath()
    lights = QPainterPath()
    base = None
    for h in group:
        terrain = areas.map.cells[h].terrain
        if base is None:
            base = (fill_colour(chart, terrain, 0), texture_colour(chart, terrain))
        for x, y, k in _marks(areas, h, 17, 1.0, s * 0.2, 1):
            r = s * (0.17 + 0.08 * _unit(k, 5))
            shadow.addEllipse(QPointF(x + r * 0.25, y + r * 0.3), r, r)
            crowns.addEllipse(QPointF(x, y), r, r)
            lights.addEllipse(QPointF(x - r * 0.3, y - r * 0.3), r * 0.45, r * 0.45)
    if base is None:
        return
    fill, dark = base
    p.setPen(Qt.PenStyle.NoPen)
    p.fillPath(shadow, dark)
    p.fillPath(crowns, fill.lighter(112))
    p.fillPath(lights, fill.lighter(124))


def _rows(p: QPainter, areas: Areas, group: Sequence[Hex]) -> None:
    """Fields: parallel crop rows, one direction for the whole map, continuous from hex
    to hex of the same field."""
    s = areas.size
    angle = 0.35 + _unit(areas.seed, 3) * 0.9
    dx, dy = math.cos(angle), math.sin(angle)
    nx, ny = -dy, dx
    step = s * 0.17
    lines: list[QLineF] = []
    for h in group:
        cx, cy = areas.layout.hex_to_pixel(h)
        limits = areas.limits(h, 1.0)
        # the rows are the lines n . x = k step in scene coordinates
        c = nx * cx + ny * cy
        for k in range(math.floor((c - s * 1.2) / step), math.ceil((c + s * 1.2) / step) + 1):
            off = k * step - c  # from the centre, along n
            found = _clip(limits, nx * off, ny * off, dx, dy)
            if found is None:
                continue
            t0, t1 = found
            x0, y0 = cx + nx * off + dx * t0, cy + ny * off + dy * t0
            lines.append(QLineF(x0, y0, x0 + dx * (t1 - t0), y0 + dy * (t1 - t0)))
    terrain = areas.map.cells[group[0]].terrain
    p.setPen(QPen(texture_colour(areas.map.chart, terrain), max(0.8, s * 0.04)))
    p.drawLines(lines)


def _road_directions(areas: Areas, h: Hex) -> list[tuple[float, float]]:
    """Unit vectors from ``h``'s centre along the roads that leave it."""
    out = []
    for i in range(6):
        n = h.neighbor(areas.dirs[i])
        features = areas.map.hexsides.get(HexSide(h, n), ()) if n in areas.map.cells else ()
        if "road" in features or "bridge" in features:
            out.append(areas.normals[i])
    return out


def _block(x: float, y: float, w: float, d: float, ux: float, uy: float) -> QPolygonF:
    vx, vy = -uy, ux
    return QPolygonF([
        QPointF(x + ux * w + vx * d, y + uy * w + vy * d),
        QPointF(x - ux * w + vx * d, y - uy * w + vy * d),
        QPointF(x - ux * w - vx * d, y - uy * w - vy * d),
        QPointF(x + ux * w - vx * d, y + uy * w - vy * d),
    ])  # fmt: skip


def _blocks(p: QPainter, areas: Areas, group: Sequence[Hex], single: bool = False) -> None:
    """Towns: building blocks in rows, turned along a road that passes (a town square at
    the centre, the road kept clear); ``single``: one large building."""
    s = areas.size
    shadow = QPainterPath()
    roofs = QPainterPath()
    terrain = areas.map.cells[group[0]].terrain
    for h in group:
        cx, cy = areas.layout.hex_to_pixel(h)
        roads = _road_directions(areas, h)
        k0 = mix(areas.seed, h.q, h.r, 5)
        if roads:
            ux, uy = roads[0]
        else:
            a = _unit(k0, 1) * math.pi
            ux, uy = math.cos(a), math.sin(a)
        vx, vy = -uy, ux
        if single:
            spots = [(0.0, 0.0, s * 0.36, s * 0.26)]
        else:
            spots = []
            for i in (-2, -1, 0, 1, 2):
                for j in (-2, -1, 0, 1, 2):
                    k = mix(k0, i + 5, j + 7)
                    if (i, j) == (0, 0) or _unit(k, 1) < 0.12:
                        continue
                    along = i * s * 0.3 + (_unit(k, 2) - 0.5) * s * 0.06
                    across = j * s * 0.28 + (_unit(k, 3) - 0.5) * s * 0.05
                    w = s * (0.07 + 0.05 * _unit(k, 4))
                    d = s * (0.06 + 0.035 * _unit(k, 5))
                    spots.append((along, across, w, d))
        limits = areas.limits(h, 0.0)
        for along, across, w, d in spots:
            x, y = ux * along + vx * across, uy * along + vy * across
            reach = math.hypot(w, d)
            lim = [(nx, ny, li - reach) for nx, ny, li in limits]
            if not single and not _inside(lim, x, y):
                continue
            # off the roads: a road runs from the centre out along each direction
            if not single and any(
                abs(-ry * x + rx * y) < s * 0.1 + reach * 0.6 and rx * x + ry * y > -reach
                for rx, ry in roads
            ):
                continue
            shadow.addPolygon(_block(cx + x + s * 0.03, cy + y + s * 0.04, w, d, ux, uy))
            roofs.addPolygon(_block(cx + x, cy + y, w, d, ux, uy))
    colour = texture_colour(areas.map.chart, terrain)
    p.setPen(Qt.PenStyle.NoPen)
    p.fillPath(shadow, fill_colour(areas.map.chart, terrain, 0).darker(118))
    p.setPen(QPen(colour.darker(125), max(0.6, s * 0.02)))
    p.setBrush(colour)
    p.drawPath(roofs)
    p.setBrush(Qt.BrushStyle.NoBrush)


def _building(p: QPainter, areas: Areas, group: Sequence[Hex]) -> None:
    _blocks(p, areas, group, single=True)


def _rubble(p: QPainter, areas: Areas, group: Sequence[Hex]) -> None:
    """Ruins: broken wall stubs and scattered stones."""
    s = areas.size
    terrain = areas.map.cells[group[0]].terrain
    colour = texture_colour(areas.map.chart, terrain)
    walls: list[QLineF] = []
    stones = QPainterPath()
    for h in group:
        for x, y, k in _marks(areas, h, 5, 0.6, s * 0.2, 7):
            a = _unit(k, 4) * math.pi
            ux, uy = math.cos(a) * s * 0.14, math.sin(a) * s * 0.14
            walls.append(QLineF(x - ux, y - uy, x + ux * 0.4, y + uy * 0.4))
            walls.append(QLineF(x - ux, y - uy, x - ux - uy * 0.8, y - uy + ux * 0.8))
        for x, y, k in _marks(areas, h, 14, 0.85, s * 0.06, 8):
            r = s * (0.025 + 0.03 * _unit(k, 4))
            stones.addEllipse(QPointF(x, y), r * 1.3, r)
    p.setPen(QPen(colour, max(1.0, s * 0.05), Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap))
    p.drawLines(walls)
    p.setPen(Qt.PenStyle.NoPen)
    p.fillPath(stones, colour)


def _stipple(p: QPainter, areas: Areas, group: Sequence[Hex]) -> None:
    """Rough ground: scattered stones and scrub."""
    s = areas.size
    terrain = areas.map.cells[group[0]].terrain
    colour = texture_colour(areas.map.chart, terrain)
    dots = QPainterPath()
    for h in group:
        for x, y, k in _marks(areas, h, 16, 0.95, s * 0.05, 9):
            r = s * (0.025 + 0.035 * _unit(k, 4))
            dots.addEllipse(QPointF(x, y), r * 1.4, r)
    p.setPen(Qt.PenStyle.NoPen)
    p.fillPath(dots, colour)


def _tufts(p: QPainter, areas: Areas, group: Sequence[Hex]) -> None:
    """Marsh: reed tufts over standing water."""
    s = areas.size
    terrain = areas.map.cells[group[0]].terrain
    colour = texture_colour(areas.map.chart, terrain)
    pools = QPainterPath()
    lines: list[QLineF] = []
    for h in group:
        for x, y, _k in _marks(areas, h, 4, 0.7, s * 0.16, 10):
            pools.addEllipse(QPointF(x, y), s * 0.14, s * 0.05)
        for x, y, _k in _marks(areas, h, 8, 0.9, s * 0.1, 11):
            h0 = s * 0.12
            for dx in (-0.5, 0.0, 0.5):
                lines.append(QLineF(x, y, x + dx * h0, y - h0 * (1.0 - abs(dx) * 0.3)))
    water = QColor(areas.map.chart.terrain[terrain].color).lighter(112)
    p.setPen(Qt.PenStyle.NoPen)
    p.fillPath(pools, water)
    p.setPen(QPen(colour, max(0.8, s * 0.03), c=Qt.PenCapStyle.RoundCap))
    p.drawLines(lines)


def _waves(p: QPainter, areas: Areas, group: Sequence[Hex]) -> None:
    """Water: short light ripples."""
    s = areas.size
    terrain = areas.map.cells[group[0]].terrain
    colour = texture_colour(areas.map.chart, terrain)
    path = QPainterPath()
    for h in group:
        for x, y, _k in _marks(areas, h, 5, 0.75, s * 0.2, 12):
            w = s * 0.12
            path.moveTo(x - 2 * w, y)
            path.quadTo(QPointF(x - w, y - w * 0.5), QPointF(x, y))
            path.quadTo(QPointF(x + w, y + w * 0.5), QPointF(x + 2 * w, y))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(colour, max(0.8, s * 0.03), c=Qt.PenCapStyle.RoundCap))
    p.drawPath(path)


def _trench(p: QPainter, areas: Areas, group: Sequence[Hex]) -> None:
    """Trenches: a zig-zag dug line with its spoil."""
    s = areas.size
    terrain = areas.map.cells[group[0]].terrain
    colour = texture_colour(areas.map.chart, terrain)
    spoil = fill_colour(areas.map.chart, terrain, 0).lighter(125)
    p.setBrush(Qt.BrushStyle.NoBrush)
    for h in group:
        cx, cy = areas.layout.hex_to_pixel(h)
        pts = [QPointF(cx - s * 0.55 + i * s * 0.18, cy + (s * 0.1 if i % 2 else -s * 0.1))
               for i in range(7)]  # fmt: skip
        p.setPen(QPen(spoil, s * 0.12, c=Qt.PenCapStyle.RoundCap))
        p.drawPolyline(QPolygonF(pts))
        p.setPen(QPen(colour, s * 0.06, c=Qt.PenCapStyle.RoundCap))
        p.drawPolyline(QPolygonF(pts))


def _bunker(p: QPainter, areas: Areas, group: Sequence[Hex]) -> None:
    """A bunker: a concrete block with its embrasure."""
    s = areas.size
    terrain = areas.map.cells[group[0]].terrain
    colour = texture_colour(areas.map.chart, terrain)
    for h in group:
        cx, cy = areas.layout.hex_to_pixel(h)
        p.setPen(QPen(colour.darker(170), max(1.0, s * 0.04)))
        p.setBrush(QBrush(colour))
        rect = QRectF(cx - s * 0.28, cy - s * 0.2, s * 0.56, s * 0.4)
        p.drawRoundedRect(rect, s * 0.08, s * 0.08)
        p.setPen(QPen(colour.darker(220), max(1.0, s * 0.06)))
        p.drawLine(QPointF(cx - s * 0.14, cy - s * 0.08), QPointF(cx + s * 0.14, cy - s * 0.08))


_TEXTURES = {
    "canopy": _canopy,
    "rows": _rows,
    "blocks": _blocks,
    "building": _building,
    "rubble": _rubble,
    "stipple": _stipple,
    "tufts": _tufts,
    "waves": _waves,
    "trench": _trench,
    "bunker": _bunker,
}
