"""Overlay items of the play tools: outlined or tinted hexes, a sight line, a field of view.

They only display; a tool or dock owns each one, adds it to the map scene and removes it
when the scene goes. Hex outlines come from the scene's hex layout.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from tabletop.hexgrid import Hex

Z_OVERLAY = 8
"""Above terrain, grid, markers and the selection outline; below the counters."""
Z_SIGHT = 40
"""The sight line and its label: above the counters, so the line reads over a stack."""


def hex_path(scene: QGraphicsScene, hexes: Iterable[Hex]) -> QPainterPath:
    """The union outline of these hexes (one sub-path per hex) in scene coordinates."""
    path = QPainterPath()
    layout = scene.layout
    for h in hexes:
        path.addPolygon(QPolygonF([QPointF(x, y) for x, y in layout.corners(h)]))
        path.closeSubpath()
    return path


class HexMarks(QGraphicsItem):
    """A set of hexes drawn with one pen and brush (outlines, tints)."""

    def __init__(self, pen: QPen, brush: QBrush | None = None, z: float = Z_OVERLAY) -> None:
        super().__init__()
        self._pen = pen
        self._brush = brush if brush is not None else QBrush(Qt.BrushStyle.NoBrush)
        self._path = QPainterPath()
        self.hexes: tuple[Hex, ...] = ()
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_hexes(self, hexes: Iterable[Hex]) -> None:
        self.prepareGeometryChange()
        self.hexes = tuple(hexes)
        scene = self.scene()
        self._path = hex_path(scene, self.hexes) if scene is not None else QPainterPath()
        self.setVisible(bool(self.hexes))

    def boundingRect(self) -> QRectF:
        pad = self._pen.widthF()
        return self._path.boundingRect().adjusted(-pad, -pad, pad, pad)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setPen(self._pen)
        painter.setBrush(self._brush)
        painter.drawPath(self._path)


class SightLine(QGraphicsItem):
    """A line from one hex centre to another with a caption box near its far end."""

    def __init__(self) -> None:
        super().__init__()
        self.line = QLineF()
        self.caption = ""
        self.split: float | None = None
        """Where (0..1) the line stops being solid: the rest is dashed (a blocked line)."""
        self.color = QColor("#1f9d55")
        self.setZValue(Z_SIGHT)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._font = QFont()
        self._font.setPixelSize(15)
        self._font.setBold(True)

    def show_line(self, a: QPointF, b: QPointF, caption: str, color: QColor) -> None:
        self.prepareGeometryChange()
        self.line = QLineF(a, b)
        self.caption = caption
        self.color = color
        self.setVisible(True)
        self.update()

    def _caption_rect(self) -> QRectF:
        from PySide6.QtGui import QFontMetricsF

        metrics = QFontMetricsF(self._font)
        width = max((metrics.horizontalAdvance(t) for t in self.caption.splitlines()), default=0)
        height = metrics.height() * max(1, len(self.caption.splitlines()))
        end = self.line.p2()
        return QRectF(end.x() + 14, end.y() - height - 14, width + 12, height + 8)

    def boundingRect(self) -> QRectF:
        rect = QRectF(self.line.p1(), self.line.p2()).normalized().adjusted(-12, -12, 12, 12)
        return rect.united(self._caption_rect().adjusted(-2, -2, 2, 2))

    def paint(self, painter: QPainter, option, widget=None) -> None:
        if self.line.isNull() and not self.caption:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        halo = QPen(QColor(255, 255, 255, 210), 7.0)
        halo.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(halo)
        painter.drawLine(self.line)
        pen = QPen(self.color, 3.5)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        if self.split is None:
            painter.drawLine(self.line)
        else:
            middle = self.line.pointAt(self.split)
            painter.drawLine(QLineF(self.line.p1(), middle))
            pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.drawLine(QLineF(middle, self.line.p2()))
            pen.setStyle(Qt.PenStyle.SolidLine)
            painter.setPen(pen)
        painter.setBrush(self.color)
        for end in (self.line.p1(), self.line.p2()):
            painter.drawEllipse(end, 5.0, 5.0)
        if self.caption:
            rect = self._caption_rect()
            painter.setPen(QPen(self.color, 2.0))
            painter.setBrush(QColor(255, 255, 255, 235))
            painter.drawRoundedRect(rect, 4, 4)
            painter.setFont(self._font)
            painter.setPen(QColor("#111111"))
            painter.drawText(rect.adjusted(6, 4, -6, -4), Qt.AlignmentFlag.AlignLeft, self.caption)
