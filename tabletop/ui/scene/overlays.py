"""Play overlays on the map: reachable hexes with their cost, the path being built, legal
targets, a refused hex, and a selected unit's stack fanned out.

Overlays only display; the tools decide what they show. Each is one item over the terrain
and under the counters (the fan-out lifts counters above everything while it lasts).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem

from tabletop.hexgrid import Hex

Z_OVERLAY = 4
Z_FAN = 500

REACH_FILL = QColor(80, 170, 255, 70)
REACH_EDGE = QColor(40, 120, 220, 160)
PATH_COLOUR = QColor("#ffe14d")
TARGET_COLOUR = QColor("#ff4040")
AIM_COLOUR = QColor("#ffffff")
REFUSED_COLOUR = QColor(230, 40, 40, 120)


def hex_polygon(scene, h: Hex) -> QPolygonF:
    return QPolygonF([QPointF(x, y) for x, y in scene.layout.corners(h)])


def _hexes_rect(scene, hexes: Iterable[Hex], pad: float) -> QRectF:
    """The scene rectangle around ``hexes``' polygons, ``pad`` wider (empty: none)."""
    xs: list[float] = []
    ys: list[float] = []
    corners = scene.layout.corners
    for h in hexes:
        for x, y in corners(h):
            xs.append(x)
            ys.append(y)
    if not xs:
        return QRectF()
    return QRectF(min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad,
                  max(ys) - min(ys) + 2 * pad)  # fmt: skip


class ReachTint(QGraphicsItem):
    """The reachable hexes, tinted blue with their MP costs: bounded by them and cached as
    a pixmap at the view's resolution, so a frame that shows the tint while a path is
    chosen, or a scroll, blits it instead of painting every hex again."""

    def __init__(self, scene, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.map_scene = scene
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemStacksBehindParent)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.reach: dict[Hex, int] = {}
        self._bounds = QRectF()
        self.painted = 0
        """Times the tint was painted (not blitted from its cache): for tests."""

    def boundingRect(self) -> QRectF:
        return self._bounds

    def show(self, reach: Mapping[Hex, int]) -> None:
        reach = dict(reach)
        if reach == self.reach:
            return
        self.prepareGeometryChange()
        self.reach = reach
        size = self.map_scene.map_painter.size
        self._bounds = _hexes_rect(self.map_scene, reach, size * 0.05)
        self.update()

    def paint(self, painter: QPainter, option, widget=None) -> None:
        if not self.reach:
            return
        self.painted += 1
        scene = self.map_scene
        size = scene.map_painter.size
        painter.setPen(QPen(REACH_EDGE, size * 0.03))
        painter.setBrush(REACH_FILL)
        for h in self.reach:
            painter.drawPolygon(hex_polygon(scene, h))
        font = QFont()
        font.setPixelSize(max(6, round(size * 0.3)))
        font.setBold(True)
        painter.setFont(font)
        for h, cost in self.reach.items():
            if cost <= 0:  # reachable, cost not told
                continue
            c = scene.hex_center(h)
            box = QRectF(
                c.x() - size * 0.5, c.y() + size * 0.46, size, size * 0.4
            )  # under the label
            painter.setPen(QColor(255, 255, 255, 230))
            painter.drawText(box.translated(1, 1), Qt.AlignmentFlag.AlignCenter, str(cost))
            painter.setPen(QColor("#0b3b75"))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, str(cost))


class PlayOverlay(QGraphicsItem):
    """Reach (blue hexes with MP costs: its :class:`ReachTint`, behind the rest), path (a
    yellow line), targets (red rings), the hex aimed at (white ring) and a refused hex
    (red, fading). Bounded by what it shows, so a change repaints only around it."""

    def __init__(self, scene) -> None:
        super().__init__()
        self.map_scene = scene
        self.setZValue(Z_OVERLAY)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.tint = ReachTint(scene, self)
        self.path: list[Hex] = []
        self.start: Hex | None = None
        self.targets: set[Hex] = set()
        self.aimed: Hex | None = None
        self.refused: Hex | None = None
        self._bounds = QRectF()
        self._fade = QTimer(scene)  # (the scene's: it goes with the scene, and never fires
        # on an overlay the scene has deleted, which is no QObject to tell Python so)
        self._fade.setSingleShot(True)
        self._fade.timeout.connect(self._clear_refused)

    @property
    def reach(self) -> dict[Hex, int]:
        return self.tint.reach

    def boundingRect(self) -> QRectF:
        return self._bounds

    def _changed(self) -> None:
        """What it shows changed: its bounds follow, and it repaints (the old area too)."""
        hexes = [*self.path, *self.targets]
        for h in (self.start, self.aimed, self.refused):
            if h is not None:
                hexes.append(h)
        bounds = _hexes_rect(self.map_scene, hexes, self.map_scene.map_painter.size * 0.3)
        if bounds != self._bounds:
            self.prepareGeometryChange()
            self._bounds = bounds
        self.update()

    # --- what to show -----------------------------------------------------------------------
    def show_reach(self, start: Hex | None, reach: Mapping[Hex, int]) -> None:
        self.start = start
        self.tint.show(reach)
        self._changed()

    def show_path(self, path: Iterable[Hex]) -> None:
        self.path = list(path)
        self._changed()

    def show_targets(self, hexes: Iterable[Hex], aimed: Hex | None = None) -> None:
        targets = set(hexes)
        if targets == self.targets and aimed == self.aimed:
            return  # nothing to repaint
        self.targets = targets
        self.aimed = aimed
        self._changed()

    def flash_refused(self, h: Hex | None) -> None:
        self.refused = h
        self._changed()
        self._fade.start(1200)

    def _clear_refused(self) -> None:
        self.refused = None
        self._changed()

    def clear(self) -> None:
        if not (self.reach or self.path or self.targets or self.aimed or self.start):
            return
        self.tint.show({})
        self.path, self.targets = [], set()
        self.start = self.aimed = None
        self._changed()

    # --- painting ---------------------------------------------------------------------------
    def paint(self, painter: QPainter, option, widget=None) -> None:
        scene = self.map_scene
        size = scene.map_painter.size
        if self.path and self.start is not None:
            self._paint_path(painter, size)
        for h in self.targets:
            self._ring(painter, h, TARGET_COLOUR, size * 0.09)
        if self.aimed is not None:
            self._ring(painter, self.aimed, AIM_COLOUR, size * 0.14)
        if self.refused is not None:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(REFUSED_COLOUR)
            painter.drawPolygon(hex_polygon(scene, self.refused))

    def _paint_path(self, painter: QPainter, size: float) -> None:
        scene = self.map_scene
        assert self.start is not None
        line = QPainterPath(scene.hex_center(self.start))
        for h in self.path:
            line.lineTo(scene.hex_center(h))
        pen = QPen(PATH_COLOUR, size * 0.16)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor(0, 0, 0, 120), size * 0.24))
        painter.drawPath(line)
        painter.setPen(pen)
        painter.drawPath(line)
        end = scene.hex_center(self.path[-1])
        painter.setBrush(QBrush(PATH_COLOUR))
        painter.drawEllipse(end, size * 0.2, size * 0.2)

    def _ring(self, painter: QPainter, h: Hex, colour: QColor, width: float) -> None:
        pen = QPen(colour, width)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPolygon(hex_polygon(self.map_scene, h))


class FanBackdrop(QGraphicsItem):
    """A dark rounded panel behind a fanned-out stack."""

    def __init__(self, rect: QRectF) -> None:
        super().__init__()
        self.rect = rect
        self.setZValue(Z_FAN - 1)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        return self.rect.adjusted(-2, -2, 2, 2)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setPen(QPen(QColor("#ffe14d"), 2))
        painter.setBrush(QColor(20, 24, 28, 200))
        radius = self.rect.height() * 0.12
        painter.drawRoundedRect(self.rect, radius, radius)


class StackFan:
    """Spreads the counters of one hex in a row above it, the selected one outlined, and
    puts them back (``close``). The scene's stacking stays the authority on positions."""

    def __init__(self, scene) -> None:
        self.map_scene = scene
        self.hex: Hex | None = None
        self.backdrop: FanBackdrop | None = None
        self.selected: str | None = None

    def open(self, h: Hex | None, selected: str | None) -> None:
        self.close()
        if h is None:
            return
        items = list(reversed(self.map_scene.stack_at(h)))  # top first, as a click cycles
        if len(items) < 2:
            self._mark(items, selected)
            return
        self.hex = h
        side = self.map_scene.counter_side
        gap = side * 1.08
        centre = self.map_scene.hex_center(h)
        width = gap * (len(items) - 1)
        y = centre.y() - side * 1.25
        for k, item in enumerate(items):
            item.setPos(QPointF(centre.x() - width / 2 + k * gap, y))
            item.setZValue(Z_FAN + k)
        pad = side * 0.14
        rect = QRectF(centre.x() - width / 2 - side / 2 - pad, y - side / 2 - pad,
                      width + side + 2 * pad, side + 2 * pad)  # fmt: skip
        self.backdrop = FanBackdrop(rect)
        group = items[0].parentItem()  # counters may live in a group: stack among them
        if group is not None:
            self.backdrop.setParentItem(group)
        else:
            self.map_scene.addItem(self.backdrop)
        self._mark(items, selected)

    def _mark(self, items, selected: str | None) -> None:
        self.selected = selected
        for item in items:
            set_selected(item, item.unit_id == selected)

    def close(self) -> None:
        if self.backdrop is not None:
            self.backdrop.setParentItem(None)
            self.map_scene.removeItem(self.backdrop)
            self.backdrop = None
        scene = self.map_scene
        item = scene.counter(self.selected) if self.selected is not None else None
        if item is not None:
            set_selected(item, False)
        if self.hex is not None:
            items = scene.stack_at(self.hex)
            for item in items:
                set_selected(item, False)
            scene.sync_units([i.unit_id for i in items])  # restacks the hex
        self.hex = None
        self.selected = None


def set_selected(item, on: bool) -> None:
    """Outline a counter as selected (the counter painter draws the outline)."""
    options = item.options
    if options.selected == on:
        return
    from dataclasses import replace

    item.set_options(replace(options, selected=on))
