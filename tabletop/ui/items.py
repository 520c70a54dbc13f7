"""Scene items. Items only display: tools and the view do the work, hit-testing goes
through the hex math. Terrain, grid and hex markers are single items that paint only the
exposed rectangle; counters are one item per unit with a device-coordinate cache."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPolygonItem, QStyleOptionGraphicsItem

from tabletop.hexgrid import Hex
from tabletop.model import GameState, UnitState, UnitType
from tabletop.render import CounterOptions, MapPainter, paint_counter
from tabletop.render.counters import BADGE_MARGIN

Z_TERRAIN = 0
Z_GRID = 1
Z_MARKERS = 2
Z_HIGHLIGHT = 3
Z_COUNTERS = 10

SIMPLE_BELOW_PIXELS = 34
"""A counter drawn smaller than this many device pixels shows only colour and symbol."""


def _lod(painter: QPainter) -> float:
    return QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())


class _MapLayerItem(QGraphicsItem):
    """A whole-map layer: one item, painting only ``option.exposedRect``."""

    def __init__(self, map_painter: MapPainter, z: int) -> None:
        super().__init__()
        self.map_painter = map_painter
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(z)
        pad = map_painter.size * 0.3
        self._bounds = map_painter.bounds.adjusted(-pad, -pad, pad, pad)

    def boundingRect(self) -> QRectF:
        return self._bounds


class TerrainItem(_MapLayerItem):
    """Terrain fill, textures, level contours and hexside features."""

    def __init__(self, map_painter: MapPainter) -> None:
        super().__init__(map_painter, Z_TERRAIN)

    def paint(self, painter, option, widget=None) -> None:
        self.map_painter.paint_terrain(painter, option.exposedRect, _lod(painter))


class GridItem(_MapLayerItem):
    """Hex outlines and (optionally) hex labels, with level of detail."""

    def __init__(self, map_painter: MapPainter) -> None:
        super().__init__(map_painter, Z_GRID)
        self.labels = True

    def set_labels(self, on: bool) -> None:
        if on != self.labels:
            self.labels = on
            self.update()

    def paint(self, painter, option, widget=None) -> None:
        self.map_painter.paint_grid(painter, option.exposedRect, _lod(painter), labels=self.labels)


class MarkerItem(_MapLayerItem):
    """Hex markers of the game state: wreck, smoke, rubble, burnt woods, minefields."""

    def __init__(self, map_painter: MapPainter, state: GameState) -> None:
        super().__init__(map_painter, Z_MARKERS)
        self.state = state
        self.viewer: str | None = None
        """Whose hidden minefields are drawn (rules 1.7); None: nobody's."""

    def paint(self, painter, option, widget=None) -> None:
        markers = self.state.visible_markers(self.viewer)
        self.map_painter.paint_markers(painter, option.exposedRect, markers)


class HexHighlightItem(QGraphicsPolygonItem):
    """The outline of the selected hex."""

    def __init__(self) -> None:
        super().__init__()
        pen = QPen(QColor("#ffe14d"), 3.0)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        self.setPen(pen)
        self.setZValue(Z_HIGHLIGHT)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.hide()

    def show_hex(self, polygon: QPolygonF | None) -> None:
        if polygon is None:
            self.hide()
            return
        self.setPolygon(polygon)
        self.show()


class CounterItem(QGraphicsItem):
    """One unit's counter, positioned by the scene; repaints from its ``UnitState``."""

    def __init__(
        self, unit_type: UnitType, state: UnitState, side: float, options: CounterOptions
    ) -> None:
        super().__init__()
        self.unit_type = unit_type
        self.state = state
        self.hex: Hex | None = state.hex
        self.side = side
        self.options = options
        margin = side * BADGE_MARGIN
        self._rect = QRectF(-side / 2, -side / 2, side, side)
        self._bounds = self._rect.adjusted(-margin - 1, -2, 4, 4)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setToolTip(f"{unit_type.name} ({state.id})")

    @property
    def unit_id(self) -> str:
        return self.state.id

    def boundingRect(self) -> QRectF:
        return self._bounds

    def sync(self, state: UnitState) -> None:
        """Show ``state`` (the unit changed); the scene moves the item."""
        self.state = state
        self.update()

    def paint(self, painter, option, widget=None) -> None:
        pixels = self.side * _lod(painter)
        detail = "full" if pixels >= SIMPLE_BELOW_PIXELS else "simple"
        options = self.options
        if detail != options.detail:
            options = CounterOptions(
                options.side_index, options.background, detail, options.badges, options.selected
            )
        paint_counter(painter, self._rect, self.unit_type, self.state, options)


def stack_offsets(count: int, side: float) -> list[QPointF]:
    """Offsets of the counters of a stack, bottom first: each one up and to the right of the
    one below, the whole stack centred on the hex."""
    step = side * 0.16
    start = -(count - 1) * step / 2
    return [QPointF(start + i * step, -(start + i * step)) for i in range(count)]
