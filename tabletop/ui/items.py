"""Scene items. Items only display: tools and the view do the work, hit-testing goes
through the hex math. Terrain with its grid is one item drawn from raster tiles, hex
markers one item painting only the exposed rectangle; counters are one pixmap item per
unit, their faces shared through a :class:`~tabletop.render.faces.FaceCache`."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPixmapItem,
    QGraphicsPolygonItem,
    QStyleOptionGraphicsItem,
)

from tabletop.hexgrid import Hex
from tabletop.model import GameState, UnitState, UnitType
from tabletop.render import CounterOptions, MapPainter
from tabletop.render.faces import FaceCache
from tabletop.render.guard import guard_paint
from tabletop.render.tiles import TileLayer

Z_TERRAIN = 0
Z_MARKERS = 2
Z_HIGHLIGHT = 3
Z_COUNTERS = 10


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


class TileItem(QGraphicsItem):
    """A whole-map layer drawn from a :class:`~tabletop.render.tiles.TileLayer`'s raster
    tiles: one Python call per frame whatever the map's size. ``on_incomplete`` is called
    when some tiles were stood in for (the scene then renders them in idle time)."""

    def __init__(self, layer: TileLayer, z: int, on_incomplete: Callable[[], None]) -> None:
        super().__init__()
        self.layer = layer
        self.on_incomplete = on_incomplete
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(z)
        self.last_scale = 1.0
        """The scale of the last frame painted."""

    def boundingRect(self) -> QRectF:
        return self.layer.bounds

    def set_layer(self, layer: TileLayer) -> None:
        self.prepareGeometryChange()
        self.layer = layer
        self.update()

    @guard_paint
    def paint(self, painter, option, widget=None) -> None:
        self.last_scale = _lod(painter)
        # no widget: the scene is rendered into an image or a printer, which must get the
        # finished map, not stand-ins from other zoom levels
        finished = widget is None
        if not self.layer.paint(painter, option.exposedRect, self.last_scale, complete=finished):
            self.on_incomplete()


class MarkerItem(_MapLayerItem):
    """Hex markers of the game state: wreck, smoke, rubble, burnt woods, minefields."""

    def __init__(self, map_painter: MapPainter, state: GameState) -> None:
        super().__init__(map_painter, Z_MARKERS)
        self.state = state
        self.viewer: str | None = None
        """Whose hidden minefields are drawn (rules 1.7); None: nobody's."""

    @guard_paint
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


class CounterItem(QGraphicsPixmapItem):
    """One unit's counter, positioned by the scene: a face pixmap shared with every counter
    that looks the same, at the view's zoom level (Qt blits it without calling Python)."""

    def __init__(
        self, unit_type: UnitType, state: UnitState, faces: FaceCache, options: CounterOptions,
        level: int, parent: QGraphicsItem | None = None,
    ) -> None:  # fmt: skip
        super().__init__(parent)
        self.unit_type = unit_type
        self.state = state
        self.hex: Hex | None = state.hex
        self.faces = faces
        self.side = faces.side
        self.options = options
        self.level = level
        self.setOffset(faces.bounds.topLeft())
        self.setShapeMode(QGraphicsPixmapItem.ShapeMode.BoundingRectShape)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setToolTip(f"{unit_type.name} ({state.id})")
        self._refresh()

    @property
    def unit_id(self) -> str:
        return self.state.id

    def _refresh(self) -> None:
        self.setPixmap(self.faces.face(self.unit_type, self.state, self.options, self.level))

    def sync(self, state: UnitState) -> None:
        """Show ``state`` (the unit changed); the scene moves the item."""
        self.state = state
        self._refresh()

    def set_level(self, level: int, exact: bool = True) -> None:
        """Use the face painted for zoom ``level`` (see :mod:`tabletop.render.tiles`);
        ``exact``: the view is at that level's scale, so the face is blitted pixel for pixel
        (fast); otherwise it is scaled down smoothly."""
        mode = (
            Qt.TransformationMode.FastTransformation
            if exact
            else Qt.TransformationMode.SmoothTransformation
        )
        if mode != self.transformationMode():
            self.setTransformationMode(mode)
        if level != self.level:
            self.level = level
            self._refresh()

    def set_options(self, options: CounterOptions) -> None:
        """Paint with other options (selected, badges, background)."""
        if options != self.options:
            self.options = options
            self._refresh()


def stack_offsets(count: int, side: float) -> list[QPointF]:
    """Offsets of the counters of a stack, bottom first: each one up and to the right of the
    one below, the whole stack centred on the hex."""
    step = side * 0.16
    start = -(count - 1) * step / 2
    return [QPointF(start + i * step, -(start + i * step)) for i in range(count)]
