"""Painting a hex map: terrain per hex, hexside features, hex markers, the grid and labels.

:class:`MapPainter` precomputes each hex's polygon in scene (pixel) coordinates from the
map's :class:`~tabletop.hexgrid.Layout`, buckets them by area, and paints only the hexes
that meet the exposed rectangle, so one item can show a map of any size.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF

from tabletop.hexgrid import Hex, HexSide
from tabletop.model import HexMap, HexMarker
from tabletop.render.art import SEGMENTS, Areas, paint_art
from tabletop.render.palette import font
from tabletop.render.stamps import ContourStamps

__all__ = ["HexShape", "MapPainter", "paint_hex_marker", "paint_marker_badge"]

LABEL_MIN_PIXELS = 7.0
"""Below this many device pixels of label text, labels are not drawn (level of detail)."""
TEXTURE_MIN_SCALE = 0.35
"""Below this zoom, terrain textures are skipped (they would only be noise)."""
GRID_MAX_PIXELS = 1.7
"""The widest a grid line gets when zoomed out (it is one scene unit at 1:1 and closer)."""
GRID_FADE_PIXELS = 28.0
"""Hexes narrower than this many pixels get fainter grid lines."""
PRINT_GRID_WIDTH = 0.6
"""The printed grid line, in scene units: 0.16 mm on a 3/4 inch hex of a 40-unit map."""


@dataclass(frozen=True)
class HexShape:
    """One hex as drawn: its polygon, centre and bounds in scene coordinates."""

    hex: Hex
    polygon: QPolygonF
    center: QPointF
    bounds: QRectF


@dataclass(frozen=True)
class _Side:
    side: HexSide
    features: tuple[str, ...]
    a: QPointF  # centres of the two hexes
    b: QPointF
    p0: QPointF  # the edge's two corners
    p1: QPointF
    bounds: QRectF


class MapPainter:
    """Paints one :class:`HexMap`. Geometry is computed lazily, per hex, from the layout,
    and "which hexes meet this rectangle" is answered from the offset grid, so building a
    painter costs nothing per hex and painting costs only the hexes painted.

    After the map changes, :meth:`forget` the changed hexes (or call :meth:`refresh` after
    a change of grid or layout); terrain, levels and features are read at paint time."""

    def __init__(self, hexmap: HexMap) -> None:
        self.map = hexmap
        self.labels = True
        """Whether :meth:`paint_grid` draws hex labels (the View menu's Show Hex Labels)."""
        self.art = True
        """Whether terrain is drawn as the map art (areas with natural edges, textures,
        hill tints: :mod:`tabletop.render.art`) or flat, a coloured hexagon and a symbol
        per hex (the View menu's Map Art)."""
        self.refresh()

    def refresh(self) -> None:
        """Start again from the map's grid and layout (its size or hex size changed)."""
        m = self.map
        self.layout = m.layout()
        self.size = min(abs(self.layout.size_x), abs(self.layout.size_y))
        self._sides: dict[HexSide, _Side | None] = {}
        # every hex has the same shape: its corners relative to its centre, from one hex;
        # a hex's polygon, bounds and grid edges are these moved to its centre, made when
        # painted and not kept (kept for every hex of a 200 x 200 map they were 70 MB)
        first = next(iter(self.map.cells), Hex(0, 0))
        cx, cy = self.layout.hex_to_pixel(first)
        self._corners = [QPointF(x - cx, y - cy) for x, y in self.layout.corners(first)]
        self._polygon = QPolygonF(self._corners)
        self._polygon_bounds = self._polygon.boundingRect()
        self._side_lines = []
        for n in first.neighbors():  # in direction order, as Hex.neighbors gives them
            (x0, y0), (x1, y1) = self.layout.side_endpoints(HexSide(first, n))
            self._side_lines.append(QLineF(x0 - cx, y0 - cy, x1 - cx, y1 - cy))
        self._spots: dict[tuple[str, int], list[tuple[QPointF, float]]] = {}
        self.areas = Areas(self.map, self.layout)
        """The art's geometry (each hex's polygon with noisy edges), kept per map."""
        radius = max((math.hypot(v.x(), v.y()) for v in self._corners), default=1.0)
        self._stamps = ContourStamps(
            lambda sp, c, level: _contours(sp, self._corners, c, level), radius + 1.0
        )
        # the union of the border hexes' bounds, from their corners (no shapes made)
        xs: list[float] = []
        ys: list[float] = []
        corners = self.layout.corners
        for h in self._border():
            for x, y in corners(h):
                xs.append(x)
                ys.append(y)
        self.bounds = (
            QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)) if xs else QRectF()
        )

    def _border(self) -> Iterator[Hex]:
        """The hexes of the grid's outer two columns and rows: they hold the map's bounds."""
        g = self.map.grid
        cols = range(g.first, g.first + g.columns)
        rows = range(g.first, g.first + g.rows)
        edge_cols = {*cols[:2], *cols[-2:]}
        edge_rows = {*rows[:2], *rows[-2:]}
        scheme = self.map.scheme
        for col in cols:
            for row in rows if col in edge_cols else edge_rows:
                h = scheme.from_colrow(col, row)
                if h in self.map.cells:
                    yield h

    def forget(self, hexes: Iterable[Hex]) -> None:
        """Drop what is remembered of these hexes and their sides (after an edit): the art
        polygons of their neighbours too, whose edges towards them may change."""
        hexes = list(hexes)
        self.areas.forget(hexes)
        for h in hexes:
            for n in h.neighbors():
                self._sides.pop(HexSide.between(h, n), None)

    def shape(self, h: Hex) -> HexShape:
        """The polygon, centre and bounds of one hex, in scene coordinates."""
        cx, cy = self.layout.hex_to_pixel(h)
        return HexShape(h, self._polygon.translated(cx, cy), QPointF(cx, cy),
                        self._polygon_bounds.translated(cx, cy))  # fmt: skip

    def hex_rect(self, h: Hex) -> QRectF:
        """What painting ``h`` may touch: its bounds plus the half-width of hexside
        features and labels that cross its edges (scene coordinates)."""
        cx, cy = self.layout.hex_to_pixel(h)
        r = max(abs(self.layout.size_x), abs(self.layout.size_y)) * 1.4
        return QRectF(cx - r, cy - r, 2 * r, 2 * r)

    def art_rect(self, h: Hex) -> QRectF:
        """What a change of ``h``'s terrain or level may repaint in the map art: its
        neighbours' pixels too (the noisy edges of its sides wander into them, their
        textures keep clear of or run into it, their outlines and contours change)."""
        rect = self.hex_rect(h)
        for n in h.neighbors():
            if n in self.map.cells:
                rect = rect.united(self.hex_rect(n))
        return rect

    def _own_edges(self, h: Hex) -> list[QLineF]:
        """The edges this hex draws for the grid: each shared edge belongs to one hex."""
        cx, cy = self.layout.hex_to_pixel(h)
        cells = self.map.cells
        pairs = zip(self._side_lines, h.neighbors(), strict=True)
        return [line.translated(cx, cy) for line, n in pairs if n not in cells or not n < h]

    def _side(self, side: HexSide) -> _Side | None:
        """The geometry of a hexside with features, or None."""
        if side in self._sides:
            return self._sides[side]
        features = self.map.hexsides.get(side)
        found = None
        if features and side.a in self.map.cells and side.b in self.map.cells:
            (x0, y0), (x1, y1) = self.layout.side_endpoints(side)
            a = self.shape(side.a).center
            b = self.shape(side.b).center
            bounds = QRectF(a, b).normalized().united(QRectF(QPointF(x0, y0), QPointF(x1, y1)))
            pad = self.size * 0.55  # the art's rivers wander and have banks
            found = _Side(side, features, a, b, QPointF(x0, y0), QPointF(x1, y1),
                          bounds.normalized().adjusted(-pad, -pad, pad, pad))  # fmt: skip
        self._sides[side] = found
        return found

    def hexes_in(self, rect: QRectF) -> list[HexShape]:
        """The hexes whose bounds meet ``rect`` (scene coordinates), without repeats, column
        by column: found from the offset grid, never by walking the whole map."""
        if not rect.intersects(self.bounds):
            return []
        rect = rect.intersected(self.bounds.adjusted(-1, -1, 1, 1))
        scheme = self.map.scheme
        g = self.map.grid
        corners = (rect.topLeft(), rect.topRight(), rect.bottomLeft(), rect.bottomRight())
        spots = [scheme.to_colrow(self.layout.hex_at(c.x(), c.y())) for c in corners]
        col0 = max(g.first, min(c for c, _ in spots) - 1)
        col1 = min(g.first + g.columns - 1, max(c for c, _ in spots) + 1)
        row0 = max(g.first, min(r for _, r in spots) - 1)
        row1 = min(g.first + g.rows - 1, max(r for _, r in spots) + 1)
        cells = self.map.cells
        out: list[HexShape] = []
        for col in range(col0, col1 + 1):
            for row in range(row0, row1 + 1):
                h = scheme.from_colrow(col, row)
                if h in cells:
                    shape = self.shape(h)
                    if shape.bounds.intersects(rect):
                        out.append(shape)
        return out

    def sides_in(self, rect: QRectF) -> list[_Side]:
        """The hexsides with features whose drawing meets ``rect``."""
        seen: set[HexSide] = set()
        out: list[_Side] = []
        hexsides = self.map.hexsides
        pad = self.size * 0.55
        for shape in self.hexes_in(rect.adjusted(-pad, -pad, pad, pad)):
            h = shape.hex
            for n in h.neighbors():
                side = HexSide.between(h, n)
                if side in seen or side not in hexsides:
                    continue
                seen.add(side)
                found = self._side(side)
                if found is not None and found.bounds.intersects(rect):
                    out.append(found)
        return out

    # --- terrain -----------------------------------------------------------------------
    def paint_terrain(
        self, p: QPainter, exposed: QRectF, scale: float = 1.0, *, raster: bool = False
    ) -> None:
        """Fill, texture and level contours of every hex meeting ``exposed``, then features.
        ``raster``: the painter draws into an image (the terrain tiles), so the contours
        are blitted from stamps (:mod:`tabletop.render.stamps`) rather than stroked.

        With :attr:`art` on, the map art instead (:func:`~tabletop.render.art.paint_art`)."""
        if self.art:
            self.paint_areas(p, exposed, scale)
            self.paint_sides(p, exposed)
            return
        p.save()
        # fills without antialiasing tile exactly (no hairline gaps); the grid covers edges
        p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        p.setPen(Qt.PenStyle.NoPen)
        shapes = self.hexes_in(exposed)
        for shape in shapes:
            cell = self.map.cells[shape.hex]
            colour = QColor(self.map.chart.terrain[cell.terrain].color)
            if cell.level > 0:
                colour = colour.darker(100 + 9 * min(cell.level, 4))
            p.setBrush(colour)
            p.drawPolygon(shape.polygon)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if scale >= TEXTURE_MIN_SCALE:
            for shape in shapes:
                cell = self.map.cells[shape.hex]
                _texture(
                    p, cell.terrain, shape, self.size, self.map.chart.terrain[cell.terrain].color
                )
        for shape in shapes:
            level = self.map.cells[shape.hex].level
            if level > 0 and not (raster and self._stamps.draw(p, shape.center, min(level, 3))):
                _contours(p, self._corners, shape.center, level)
        self.paint_sides(p, exposed)
        p.restore()

    def paint_areas(self, p: QPainter, exposed: QRectF, scale: float = 1.0) -> None:
        """The map art's terrain areas meeting ``exposed`` (no hexside features)."""
        pad = self.size * 0.5  # a neighbour's noisy edge and textures may reach in
        hexes = [shape.hex for shape in self.hexes_in(exposed.adjusted(-pad, -pad, pad, pad))]
        paint_art(p, self.areas, hexes, scale, textures=scale >= TEXTURE_MIN_SCALE,
                  hexagon=lambda h: self.shape(h).polygon)  # fmt: skip

    def paint_sides(self, p: QPainter, exposed: QRectF) -> None:
        """Hexside features: rivers and walls on the edge, roads across it centre to centre."""
        sides = self.sides_in(exposed)
        order = ("river", "embankment", "wall", "fence", "road", "bridge")
        rank = {name: i for i, name in enumerate(order)}
        items = sorted(
            ((rank.get(f, len(order)), f, s) for s in sides for f in s.features),
            key=lambda t: t[0],
        )
        art = self.art
        for _, feature, side in items:
            if rank.get(feature, len(order)) < rank["road"]:
                colour = QColor(self.map.chart.hexsides[feature].color)
                if art and feature == "river":
                    self._river(p, side, colour)
                else:
                    _feature(p, feature, side, colour, self.size)
        roads = [side for _, feature, side in items if feature == "road"]
        if roads:  # casings first, then the light cores, so joints at hex centres are clean
            road = self.map.chart.hexsides["road"]
            colour = QColor(road.color).darker(130)
            if art and road.edge_color:
                colour = QColor(road.edge_color)
            width = self.size * (0.2 if art else 0.17)
            p.setPen(QPen(colour, width, c=Qt.PenCapStyle.RoundCap))
            p.drawLines([QLineF(side.a, side.b) for side in roads])
            p.setPen(QPen(QColor("#d9c08e"), self.size * 0.1, c=Qt.PenCapStyle.RoundCap))
            p.drawLines([QLineF(side.a, side.b) for side in roads])
        for _, feature, side in items:
            if rank.get(feature, len(order)) > rank["road"]:
                colour = QColor(self.map.chart.hexsides[feature].color)
                _feature(p, feature, side, colour, self.size)

    def _river(self, p: QPainter, side: _Side, colour: QColor) -> None:
        """A river of the map art: along its side's noisy edge, with banks."""
        poly = QPolygonF(self.areas.edge(side.side, SEGMENTS))
        bank = self.map.chart.hexsides["river"].edge_color
        p.setBrush(Qt.BrushStyle.NoBrush)
        join = Qt.PenJoinStyle.RoundJoin
        if bank:
            p.setPen(QPen(QColor(bank), self.size * 0.32, Qt.PenStyle.SolidLine,
                          Qt.PenCapStyle.RoundCap, join))  # fmt: skip
            p.drawPolyline(poly)
        p.setPen(QPen(colour, self.size * 0.2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                      join))  # fmt: skip
        p.drawPolyline(poly)
        p.setPen(QPen(colour.lighter(125), self.size * 0.05, Qt.PenStyle.SolidLine,
                      Qt.PenCapStyle.RoundCap, join))  # fmt: skip
        p.drawPolyline(poly)

    # --- grid and labels ------------------------------------------------------------------
    def paint_grid(
        self,
        p: QPainter,
        exposed: QRectF,
        scale: float = 1.0,
        *,
        labels: bool = True,
        printed: bool = False,
    ) -> None:
        """Hex outlines, and labels when they would be at least a few pixels tall.
        ``printed``: the fine opaque line of a printed map (:data:`PRINT_GRID_WIDTH`) in
        place of the screen's translucent one, which a PDF would carry as filled outlines."""
        p.save()
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        shapes = self.hexes_in(exposed)
        if printed:
            pen = QPen(QColor(40, 40, 30), PRINT_GRID_WIDTH)
        else:
            alpha = _grid_alpha(self.size * 2 * scale)
            pen = QPen(QColor(40, 40, 30, alpha), _grid_width(scale))
            pen.setCosmetic(scale < 1)
        p.setPen(pen)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawLines([line for shape in shapes for line in self._own_edges(shape.hex)])
        px = self.size * 0.24
        if labels and px * scale >= LABEL_MIN_PIXELS:
            p.setFont(font(max(1, round(px)), condensed=True))
            for shape in shapes:
                self._label(p, shape, px)
        p.restore()

    def _label(self, p: QPainter, shape: HexShape, px: float) -> None:
        text = self.map.label(shape.hex)
        c = shape.center
        h = self.size * math.sqrt(3) / 2
        box = QRectF(c.x() - self.size * 0.6, c.y() - h + 1, self.size * 1.2, px * 1.3)
        colour = QColor(self.map.chart.terrain[self.map.cells[shape.hex].terrain].color)
        light = colour.lightnessF() < 0.45
        p.setPen(QColor(235, 235, 225) if light else QColor(45, 45, 35))
        p.drawText(box, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, text)

    # --- markers -------------------------------------------------------------------------
    def paint_markers(self, p: QPainter, exposed: QRectF, markers: Iterable[HexMarker]) -> None:
        """Hex markers (wreck, smoke, rubble, burnt woods, minefields) as icons in the lower
        part of their hex, side by side, every icon inside its hex at any hex shape."""
        for h, found in self._markers_by_hex(exposed, markers).items():
            shape = self.shape(h)
            for marker, spot in zip(found, self.marker_spots(len(found)), strict=True):
                paint_hex_marker(p, shape.center, self.size, marker, spot=spot)

    def paint_marker_badges(
        self,
        p: QPainter,
        exposed: QRectF,
        markers: Iterable[HexMarker],
        only: Callable[[Hex], bool],
    ) -> None:
        """Small badges of the markers of the hexes ``only`` accepts (those with counters,
        which hide the icons) in the hex's left corner, inside the hex: drawn over the
        counters, so a wreck or a revealed minefield under a stack still shows."""
        for h, found in self._markers_by_hex(exposed, markers).items():
            if not only(h):
                continue
            centre = self.shape(h).center
            for marker, (offset, r) in zip(found, self.badge_spots(len(found)), strict=True):
                paint_marker_badge(p, centre + offset, r, marker)

    def _markers_by_hex(
        self, exposed: QRectF, markers: Iterable[HexMarker]
    ) -> dict[Hex, list[HexMarker]]:
        per_hex: dict[Hex, list[HexMarker]] = {}
        for marker in markers:
            if marker.hex not in self.map.cells:
                continue
            found = per_hex.get(marker.hex)
            if found is None:
                if not self.shape(marker.hex).bounds.intersects(exposed):
                    continue
                found = per_hex[marker.hex] = []
            found.append(marker)
        return per_hex

    def marker_spots(self, count: int) -> list[tuple[QPointF, float]]:
        """Where ``count`` marker icons of one hex go: (centre from the hex's centre,
        half side) each, in a row in the hex's lower part, the largest that fits inside
        the hex (every hex has the same shape)."""
        key = ("icons", count)
        found = self._spots.get(key)
        if found is None:
            found = self._spots[key] = _row_spots(self._corners, self.size, count)
        return found

    def badge_spots(self, count: int) -> list[tuple[QPointF, float]]:
        """Where ``count`` marker badges of one hex go: (centre from the hex's centre,
        radius) each, from the hex's left corner clockwise along its edge, inside it."""
        key = ("badges", count)
        found = self._spots.get(key)
        if found is None:
            found = self._spots[key] = _edge_spots(self._corners, self.size, count)
        return found


def _grid_width(scale: float) -> float:
    """Grid line width: one scene unit from 1:1 in, else a cosmetic 1 to 1.7 pixels."""
    return 1.0 if scale >= 1 else min(GRID_MAX_PIXELS, max(0.6, 1.0 / max(scale, 0.01)))


def _grid_alpha(hex_pixels: float) -> int:
    """Grid lines fade as hexes shrink below :data:`GRID_FADE_PIXELS` wide, so that a
    whole-map view shows the terrain between them rather than a mesh of lines."""
    return round(150 * min(1.0, max(0.3, hex_pixels / GRID_FADE_PIXELS)))


# --- terrain textures ------------------------------------------------------------------------


def _spots(h: Hex, n: int, radius: float) -> list[tuple[float, float]]:
    """``n`` stable pseudo-random offsets within ``radius`` of a hex centre."""
    out = []
    seed = (h.q * 73856093) ^ (h.r * 19349663)
    for i in range(n):
        angle = (i * 2.39996 + (seed % 97) * 0.13) % (2 * math.pi)
        dist = radius * (0.35 + 0.6 * (((seed >> (i + 2)) % 13) / 13))
        out.append((math.cos(angle) * dist, math.sin(angle) * dist))
    return out


def _texture(p: QPainter, terrain: str, shape: HexShape, s: float, colour: str) -> None:
    base = QColor(colour)
    c = shape.center
    cx, cy = c.x(), c.y()
    if terrain == "woods":
        p.setPen(QPen(base.darker(150), 0.8))
        for dx, dy in [(0.0, 0.0), *_spots(shape.hex, 5, s * 0.55)]:
            p.setBrush(base.lighter(125))
            p.drawEllipse(QPointF(cx + dx, cy + dy), s * 0.2, s * 0.2)
    elif terrain in ("town", "building"):
        p.setPen(QPen(base.darker(170), 0.8))
        p.setBrush(QColor("#b5574a") if terrain == "town" else base.lighter(140))
        spots = _spots(shape.hex, 4, s * 0.5) if terrain == "town" else [(0.0, 0.0)]
        side = s * (0.26 if terrain == "town" else 0.7)
        for dx, dy in spots:
            p.drawRect(QRectF(cx + dx - side / 2, cy + dy - side / 2, side, side * 0.8))
    elif terrain == "ruins":
        p.setPen(QPen(base.darker(180), 1.6))
        for dx, dy in _spots(shape.hex, 4, s * 0.5):
            x, y = cx + dx, cy + dy
            p.drawPolyline(QPolygonF([QPointF(x - 5, y), QPointF(x, y), QPointF(x, y - 6)]))
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(base.darker(140))
        for dx, dy in _spots(Hex(shape.hex.r, shape.hex.q), 6, s * 0.6):
            p.drawEllipse(QPointF(cx + dx, cy + dy), 1.4, 1.4)
    elif terrain == "rough":
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(base.darker(135))
        for dx, dy in _spots(shape.hex, 9, s * 0.65):
            p.drawEllipse(QPointF(cx + dx, cy + dy), 2.0, 1.5)
    elif terrain in ("crops", "swamp", "water"):
        # lines inside the hex without a clip path (clipping is slow with antialiasing):
        # at a height dy from the centre a flat hex is s - |dy| / sqrt(3) wide each way
        p.setPen(QPen(base.darker(125) if terrain != "water" else base.lighter(130), 1.0))
        step = s * 0.22
        for k in range(-3, 4):
            dy = k * step
            half = s - abs(dy) / math.sqrt(3) - s * 0.12
            y = cy + dy
            if terrain == "crops":
                p.drawLine(QPointF(cx - half, y + 1.5), QPointF(cx + half, y - 1.5))
            elif k % 2 == 0:
                waves = max(1, int(2 * half / (s * 0.28)))
                width = 2 * half / waves
                path = QPainterPath(QPointF(cx - half, y))
                for i in range(waves):
                    x = cx - half + i * width
                    path.quadTo(QPointF(x + width * 0.25, y - 2.5), QPointF(x + width * 0.5, y))
                    path.quadTo(QPointF(x + width * 0.75, y + 2.5), QPointF(x + width, y))
                p.drawPath(path)
    elif terrain == "trench":
        p.setPen(QPen(base.darker(160), 2.0))
        pts = [QPointF(cx - s * 0.6 + i * s * 0.2, cy + (4 if i % 2 else -4)) for i in range(7)]
        p.drawPolyline(QPolygonF(pts))
    elif terrain == "bunker":
        p.setPen(QPen(QColor("#222"), 2.0))
        p.setBrush(QColor("#8f8f84"))
        p.drawRect(QRectF(cx - s * 0.25, cy - s * 0.18, s * 0.5, s * 0.36))


def _contours(p: QPainter, corners: list[QPointF], centre: QPointF, level: int) -> None:
    """Level 1 and above: darker inset contour lines, one per level, of the hex with these
    ``corners`` (relative to its centre) drawn at ``centre``."""
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.setPen(QPen(QColor(110, 80, 40, 170), 1.4))
    for k in range(min(level, 3)):
        f = 0.86 - 0.14 * k
        p.drawPolygon(QPolygonF([centre + v * f for v in corners]))


# --- hexside features -------------------------------------------------------------------------


def _feature(p: QPainter, name: str, side: _Side, colour: QColor, s: float) -> None:
    mid = (side.a + side.b) / 2
    if name == "river":
        pen = QPen(colour, s * 0.2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        p.setPen(pen)
        p.drawLine(side.p0, side.p1)
    elif name == "road":
        p.setPen(QPen(colour.darker(130), s * 0.17, c=Qt.PenCapStyle.RoundCap))
        p.drawLine(side.a, side.b)
        p.setPen(QPen(QColor("#d9c08e"), s * 0.1, c=Qt.PenCapStyle.RoundCap))
        p.drawLine(side.a, side.b)
    elif name == "bridge":  # the road across it, then the deck over the edge
        if "road" not in side.features:
            p.setPen(QPen(QColor("#8a6d3b").darker(130), s * 0.17, c=Qt.PenCapStyle.RoundCap))
            p.drawLine(side.a, side.b)
            p.setPen(QPen(QColor("#d9c08e"), s * 0.1, c=Qt.PenCapStyle.RoundCap))
            p.drawLine(side.a, side.b)
        d = side.b - side.a
        length = math.hypot(d.x(), d.y()) or 1.0
        u = QPointF(d.x() / length, d.y() / length)
        half = u * (s * 0.38)
        p.setPen(QPen(colour, s * 0.3, c=Qt.PenCapStyle.FlatCap))
        p.drawLine(mid - half, mid + half)
        p.setPen(QPen(QColor("#c9c1ad"), s * 0.18, c=Qt.PenCapStyle.FlatCap))
        p.drawLine(mid - half, mid + half)
    elif name in ("wall", "fence", "embankment"):
        width = {"wall": 0.1, "fence": 0.05, "embankment": 0.12}[name] * s
        pen = QPen(colour, width, c=Qt.PenCapStyle.FlatCap)
        if name == "fence":
            pen.setStyle(Qt.PenStyle.DashLine)
        p.setPen(pen)
        p.drawLine(side.p0, side.p1)
        if name == "embankment":  # hachures pointing into hex a
            p.setPen(QPen(colour.darker(130), 1.2))
            for t in (0.2, 0.4, 0.6, 0.8):
                q = side.p0 + (side.p1 - side.p0) * t
                p.drawLine(q, q + (side.a - q) * 0.18)
    else:
        p.setPen(QPen(colour, s * 0.08))
        p.drawLine(side.p0, side.p1)


# --- hex markers ----------------------------------------------------------------------------


def paint_hex_marker(
    p: QPainter,
    center: QPointF,
    size: float,
    marker: HexMarker,
    index: int = 0,
    spot: tuple[QPointF, float] | None = None,
) -> None:
    """An icon for a hex marker. ``spot`` (from :meth:`MapPainter.marker_spots`) is its
    centre from the hex's and its half side; without it, in the lower half of a regular
    flat-topped hex (``index``: several markers in one hex sit side by side)."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    if spot is None:
        r = size * 0.24
        x = center.x() - size * 0.45 + index * r * 2.3
        y = center.y() + size * 0.52
    else:
        r = spot[1]
        x, y = center.x() + spot[0].x(), center.y() + spot[0].y()
    kind = marker.kind
    if kind == "smoke":  # clouds over the whole hex, wherever its spot is
        r = size * 0.24
        p.setPen(QPen(QColor(90, 90, 90, 200), 1.0))
        p.setBrush(QColor(200, 200, 200, 215))
        for dx, dy, rr in ((0, 0, 1.0), (-0.9, 0.3, 0.75), (0.9, 0.3, 0.75), (0.2, -0.6, 0.8)):
            p.drawEllipse(QPointF(center.x() + dx * r, center.y() + dy * r), rr * r * 1.4,
                          rr * r * 1.2)  # fmt: skip
    else:
        box = QRectF(x - r, y - r, 2 * r, 2 * r)
        fill, text = marker_style(marker)
        p.setPen(QPen(QColor("#1c1c1c"), 1.0))
        p.setBrush(QColor(fill))
        if kind.startswith("minefield"):
            tri = QPolygonF(
                [QPointF(x, y - r), QPointF(x + r, y + r * 0.8), QPointF(x - r, y + r * 0.8)]
            )
            p.drawPolygon(tri)
        else:
            p.drawRoundedRect(box, 2, 2)
        p.setFont(font(max(1, round(r * 0.9)), bold=True, condensed=True))
        p.setPen(QColor("#111111") if kind.startswith("minefield") else QColor("#fafafa"))
        p.drawText(box.adjusted(0, r * 0.25, 0, r * 0.25) if kind.startswith("minefield") else box,
                   Qt.AlignmentFlag.AlignCenter, text)  # fmt: skip
    p.restore()


def marker_style(marker: HexMarker) -> tuple[str, str]:
    """(fill colour, short text) of a hex marker's icon and badge."""
    fill, text = _MARKER_STYLE.get(marker.kind, ("#666666", marker.kind[:2].upper()))
    if marker.kind.startswith("minefield") and not marker.revealed:
        fill = "#999999"  # a hidden minefield, drawn for its owner only
    return fill, text


def paint_marker_badge(p: QPainter, centre: QPointF, r: float, marker: HexMarker) -> None:
    """A hex marker's badge: a disc of its colour with its short text and a light rim."""
    fill, text = marker_style(marker)
    colour = QColor(fill)
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setPen(QPen(QColor(250, 250, 250, 235), max(0.8, r * 0.16)))
    p.setBrush(colour)
    p.drawEllipse(centre, r, r)
    lum = 0.299 * colour.redF() + 0.587 * colour.greenF() + 0.114 * colour.blueF()
    p.setPen(QColor("#111111") if lum > 0.5 else QColor("#fafafa"))
    p.setFont(font(max(1, round(r * (1.0 if len(text) < 2 else 0.8))), bold=True, condensed=True))
    p.drawText(QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter,
               text)  # fmt: skip
    p.restore()


def _inside(poly: QPolygonF, points: Iterable[QPointF]) -> bool:
    return all(poly.containsPoint(pt, Qt.FillRule.OddEvenFill) for pt in points)


def _row_spots(corners: Sequence[QPointF], size: float, count: int) -> list[tuple[QPointF, float]]:
    """A row of ``count`` square icons in the lower part of the hex of ``corners`` (from
    its centre): the largest, from 0.24 of the hex's size down, whose squares (and a
    margin for their outline) all lie inside the hex."""
    poly = QPolygonF(list(corners))
    bottom = max(c.y() for c in corners)
    r = size * 0.24
    spots: list[tuple[QPointF, float]] = []
    while r > size * 0.04:
        pitch = r * 2.3
        y = min(bottom * 0.58, bottom - r * 1.25)
        xs = [(i - (count - 1) / 2) * pitch for i in range(count)]
        m = r * 1.1
        boxes = [QPointF(x + dx, y + dy) for x in xs for dx in (-m, m) for dy in (-m, m)]
        spots = [(QPointF(x, y), r) for x in xs]
        if _inside(poly, boxes):
            return spots
        r *= 0.9
    return spots


def _edge_spots(corners: Sequence[QPointF], size: float, count: int) -> list[tuple[QPointF, float]]:
    """``count`` badge discs of radius 0.14 of the hex's size, the first in the hex's left
    corner (the leftmost, then topmost: clear of the hex label at the top and of a lone
    counter), the next ones going clockwise along the edge, each inside the hex by a
    margin."""
    r = size * 0.14
    centre = QPointF(0.0, 0.0)
    apothem = min(
        _distance(centre, a, b) for a, b in zip(corners, [*corners[1:], corners[0]], strict=True)
    )
    scale = max(0.1, (apothem - r * 1.3) / apothem)
    inner = [QPointF(c.x() * scale, c.y() * scale) for c in corners]
    start = min(range(len(inner)), key=lambda i: (round(inner[i].x(), 6), inner[i].y()))
    path = inner[start:] + inner[:start] + [inner[start]]
    spots: list[tuple[QPointF, float]] = []
    want = 0.0
    walked = 0.0
    pitch = r * 2.35
    for a, b in itertools.pairwise(path):
        length = QLineF(a, b).length()
        while len(spots) < count and want <= walked + length:
            t = (want - walked) / length if length else 0.0
            spots.append((QPointF(a.x() + (b.x() - a.x()) * t, a.y() + (b.y() - a.y()) * t), r))
            want += pitch
        walked += length
    while len(spots) < count:  # more badges than the edge holds: overlap the last
        spots.append(spots[-1])
    return spots


def _distance(p: QPointF, a: QPointF, b: QPointF) -> float:
    """The distance from ``p`` to the line through ``a`` and ``b``."""
    dx, dy = b.x() - a.x(), b.y() - a.y()
    length = math.hypot(dx, dy) or 1.0
    return abs(dx * (a.y() - p.y()) - dy * (a.x() - p.x())) / length


_MARKER_STYLE: dict[str, tuple[str, str]] = {
    "wreck": ("#3a3a3a", "W"),
    "rubble": ("#7a6f64", "R"),
    "burnt_woods": ("#2f2a22", "BW"),
    "minefield_at": ("#f2c230", "AT"),
    "minefield_ap": ("#f08a30", "AP"),
    "smoke": ("#c8c8c8", "S"),
}
