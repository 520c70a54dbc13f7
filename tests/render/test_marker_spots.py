"""Hex markers stay inside their hex: the icons (under the counters) and the badges (over
them) are painted into an image at several zooms, for flat and pointy grids, and no pixel
may fall outside the hex."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QImage, QPainter, QPolygonF, QTransform

from tabletop.hexgrid import Hex
from tabletop.model import Grid, HexMap, HexMarker, TerrainChart, TerrainType
from tabletop.render import MapPainter

KINDS = ["wreck", "minefield_at", "rubble", "burnt_woods", "smoke"]


def painter_for(orientation: str) -> MapPainter:
    chart = TerrainChart("t", {"clear": TerrainType("clear", "c", "#dfe6b0")}, {})
    return MapPainter(HexMap("m", chart, Grid(3, 3, orientation=orientation, hex_size=40.0)))


def outside(image: QImage, polygon: QPolygonF) -> list[tuple[int, int]]:
    """Painted pixels whose centre lies more than half a pixel outside ``polygon``."""
    bad = []
    for y in range(image.height()):
        for x in range(image.width()):
            if image.pixelColor(x, y).alpha() < 40:
                continue
            centre = QPointF(x + 0.5, y + 0.5)
            if not any(
                polygon.containsPoint(centre + QPointF(dx, dy), Qt.FillRule.OddEvenFill)
                for dx in (-0.7, 0.0, 0.7)
                for dy in (-0.7, 0.0, 0.7)
            ):
                bad.append((x, y))
    return bad


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("zoom", [0.6, 1.0, 1.25, 2.4])
@pytest.mark.parametrize("badges", [False, True])
def test_markers_are_painted_inside_their_hex(
    qapp: object, orientation: str, zoom: float, badges: bool
) -> None:
    mp = painter_for(orientation)
    h = Hex(1, 1) if Hex(1, 1) in mp.map.cells else next(iter(mp.map.cells))
    shape = mp.shape(h)
    for count in (1, 2, 3):
        markers = [HexMarker(h, kind, revealed=True) for kind in KINDS[:count]]
        if not badges and count == 1:
            markers = [HexMarker(h, "wreck")]
        image = QImage(
            round(shape.bounds.width() * zoom) + 8,
            round(shape.bounds.height() * zoom) + 8,
            QImage.Format.Format_ARGB32_Premultiplied,
        )
        image.fill(Qt.GlobalColor.transparent)
        p = QPainter(image)
        transform = QTransform()
        transform.translate(4, 4)
        transform.scale(zoom, zoom)
        transform.translate(-shape.bounds.left(), -shape.bounds.top())
        p.setTransform(transform)
        everywhere = QRectF(shape.bounds).adjusted(-50, -50, 50, 50)
        if badges:
            mp.paint_marker_badges(p, everywhere, markers, lambda _h: True)
        else:
            mp.paint_markers(p, everywhere, markers)
        p.end()
        painted = sum(
            1
            for y in range(image.height())
            for x in range(image.width())
            if image.pixelColor(x, y).alpha() >= 40
        )
        assert painted > 20  # something was drawn
        polygon = transform.map(shape.polygon)
        assert outside(image, polygon) == [], (orientation, zoom, count)
