"""Level contours as raster stamps: a hex's contour lines painted once per zoom and blitted.

A contour is a hex outline inset into the hex, stroked with a pen wider than one pixel;
Qt strokes such a pen through its general path stroker, about a hundred times the cost of
a blit, and a hill hex has up to three of them. All hexes of a map are the same shape, so
the contours of one hex, painted into a small image, serve every hex of that level at that
zoom. A stamp is painted for each quarter-pixel offset of the hex centre, so a blitted
contour lies within an eighth of a pixel of the stroked one.

Only a raster painter at a plain scale (the terrain tiles) uses stamps; a printer, a PDF
or a rotated painter gets the strokes themselves.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QImage, QPainter, QTransform

__all__ = ["STAMP_MAX_PX", "ContourStamps"]

PHASES = 4
"""Sub-pixel positions of a stamp per axis (quarter pixels)."""
STAMP_MAX_PX = 192
"""Larger stamps (far zoomed in, a few hexes per tile) are not worth their memory: the
contours are stroked instead."""
MAX_STAMPS = 480

Paint = Callable[[QPainter, QPointF, int], None]
"""``paint(painter, centre, level)``: the contour lines of a hex centred at ``centre``."""


class ContourStamps:
    """Stamps of ``paint``'s contours for hexes whose corners lie ``radius`` (scene units)
    from the centre, per level, zoom and quarter-pixel phase."""

    def __init__(self, paint: Paint, radius: float) -> None:
        self.paint = paint
        self.radius = radius
        self._stamps: dict[tuple[int, float, int, int], tuple[QImage, int]] = {}
        self.painted = 0
        """Stamps painted so far (for tests)."""

    def draw(self, p: QPainter, centre: QPointF, level: int) -> bool:
        """Blit the contours of the hex at ``centre``; False (nothing drawn) when the
        painter is not a plain-scale raster one or the stamp would be too large."""
        t = p.worldTransform()
        device = p.device()
        if (
            not isinstance(device, QImage)
            or device.devicePixelRatio() != 1
            or t.type().value > QTransform.TransformationType.TxScale.value
            or abs(t.m11() - t.m22()) > 1e-9 * abs(t.m11())
        ):
            return False
        scale = t.m11()
        if scale <= 0 or 2 * self.radius * scale + 6 > STAMP_MAX_PX:
            return False
        at = t.map(centre)
        x0, y0 = math.floor(at.x()), math.floor(at.y())
        qx, qy = round((at.x() - x0) * PHASES), round((at.y() - y0) * PHASES)
        x0, qx = (x0 + 1, 0) if qx == PHASES else (x0, qx)
        y0, qy = (y0 + 1, 0) if qy == PHASES else (y0, qy)
        image, origin = self._stamp(level, scale, qx, qy)
        p.save()
        p.resetTransform()
        p.drawImage(QPoint(x0 - origin, y0 - origin), image)
        p.restore()
        return True

    def _stamp(self, level: int, scale: float, qx: int, qy: int) -> tuple[QImage, int]:
        key = (level, round(scale, 9), qx, qy)
        found = self._stamps.get(key)
        if found is not None:
            return found
        origin = math.ceil(self.radius * scale) + 3
        image = QImage(2 * origin + 1, 2 * origin + 1, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        sp = QPainter(image)
        sp.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        sp.translate(origin + qx / PHASES, origin + qy / PHASES)
        sp.scale(scale, scale)
        self.paint(sp, QPointF(0, 0), level)
        sp.end()
        if len(self._stamps) >= MAX_STAMPS:
            self._stamps.clear()
        self._stamps[key] = (image, origin)
        self.painted += 1
        return image, origin

    def clear(self) -> None:
        self._stamps.clear()
