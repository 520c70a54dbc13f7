"""Scene items. Items only display: tools and the view do the work, hit-testing goes
through the hex math. Terrain with its grid is one item drawn from raster tiles, hex
markers one item painting only the exposed rectangle; counters are one pixmap item per
unit, their faces shared through a :class:`~tabletop.render.faces.FaceCache`."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRectF, Qt
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
Z_BADGES = 90
"""Marker badges: over the counters of any stack (each counter is one step higher), under
the fanned-out stack (overlays.Z_FAN)."""
BADGE_MIN_PIXELS = 3.0
"""A badge smaller than this on screen (its radius) is not drawn: far out, the icons lie
over the counters' faces anyway."""


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
    when some tiles were stood in for (the scene then renders them in idle time).

    :attr:`screen` is the layer drawn into a view, :attr:`layer` the one drawn into a
    picture or a print: they differ where a view draws a composite of several layers'
    tiles (see :class:`~tabletop.ui.scene.layers.MapLayers`)."""

    def __init__(self, layer: TileLayer, z: int, on_incomplete: Callable[[], None]) -> None:
        super().__init__()
        self.layer = layer
        self.screen: TileLayer | None = layer
        """What a view shows of this item (None: nothing)."""
        self.on_incomplete = on_incomplete
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setZValue(z)
        self.last_scale = 1.0
        """The scale of the last frame painted."""

    def boundingRect(self) -> QRectF:
        return self.layer.bounds

    def set_layer(self, layer: TileLayer, screen: TileLayer | None) -> None:
        self.prepareGeometryChange()
        self.layer = layer
        self.screen = screen
        self.update()

    def set_screen(self, screen: TileLayer | None) -> None:
        if screen is not self.screen:
            self.screen = screen
            self.update()

    @guard_paint
    def paint(self, painter, option, widget=None) -> None:
        self.last_scale = _lod(painter)
        # no widget: the scene is rendered into an image or a printer, which must get the
        # finished map, not stand-ins from other zoom levels
        finished = widget is None
        layer = self.layer if finished else self.screen
        if layer is None:
            return
        if not layer.paint(painter, option.exposedRect, self.last_scale, complete=finished):
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


class MarkerBadgeItem(MarkerItem):
    """Small badges of the markers of hexes holding counters, over the counters: the icons
    of :class:`MarkerItem` lie under them. ``occupied(hex)`` says whether a hex holds any
    (the scene's index)."""

    def __init__(
        self, map_painter: MapPainter, state: GameState, occupied: Callable[[Hex], bool]
    ) -> None:
        super().__init__(map_painter, state)
        self.setZValue(Z_BADGES)
        self.occupied = occupied

    @guard_paint
    def paint(self, painter, option, widget=None) -> None:
        size = self.map_painter.size
        if size * 0.15 * _lod(painter) < BADGE_MIN_PIXELS:
            return
        markers = self.state.visible_markers(self.viewer)
        self.map_painter.paint_marker_badges(painter, option.exposedRect, markers, self.occupied)


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
        level: float, parent: QGraphicsItem | None = None,
    ) -> None:  # fmt: skip
        super().__init__(parent)
        self.unit_type = unit_type
        self.state = state
        self.hex: Hex | None = None
        """The hex the scene filed the item under (see ``MapScene.sync_units``)."""
        self.order = 0
        """When the scene made the item, in the game's units' order (see
        ``MapScene``'s ``ORDER_STEP``): of two counters at the same height in their
        stacks, the later one is drawn on top."""
        self.faces = faces
        self.side = faces.side
        self.options = options
        self.level = level
        """The zoom level asked for (see :meth:`set_level`)."""
        self.own_face = True
        """Whether the face shown is the one painted for :attr:`level` (False: another
        level's, drawn scaled, until idle time paints the level's own)."""
        self._mode = Qt.TransformationMode.FastTransformation
        self.look = faces.look(unit_type, state, options)
        self.setOffset(faces.offset)
        self.setShapeMode(QGraphicsPixmapItem.ShapeMode.BoundingRectShape)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        # no tooltip of its own: the scene's names every unit of the hex (MapScene.helpEvent)
        self.setPixmap(faces.face_of(self.look, level))

    @property
    def unit_id(self) -> str:
        return self.state.id

    def _refresh(self) -> None:
        self.look = self.faces.look(self.unit_type, self.state, self.options)
        self.setPixmap(self.faces.face_of(self.look, self.level))
        self._show(True)

    def _show(self, own: bool) -> None:
        """Blit pixel for pixel a face painted for the view's scale; scale another
        level's smoothly."""
        self.own_face = own
        mode = (
            Qt.TransformationMode.FastTransformation
            if own
            else Qt.TransformationMode.SmoothTransformation
        )
        if mode is not self._mode:
            self._mode = mode
            self.setTransformationMode(mode)

    def sync(self, state: UnitState) -> None:
        """Show ``state`` (the unit changed); the scene moves the item."""
        self.state = state
        self._refresh()

    def set_level(self, level: float, *, paint: bool = True) -> bool:
        """Use the face painted for zoom ``level``, the view's scale exactly (a free level
        between two wheel notches included, see :mod:`tabletop.render.tiles`), blitted
        pixel for pixel. Without ``paint``, a face not painted yet is not painted now: the
        nearest level's stands in, scaled smoothly, and False is returned (call again with
        ``paint`` in idle time)."""
        if level == self.level and self.own_face:
            return True
        self.level = level
        pixmap = self.faces.get(self.look, level)
        own = pixmap is not None
        if pixmap is None and not paint:
            pixmap = self.faces.nearest(self.look, level)
        if pixmap is None:  # asked to paint, or the look was never painted at any level
            pixmap = self.faces.face_of(self.look, level)
            own = True
        self.setPixmap(pixmap)
        self._show(own)
        return own

    def set_options(self, options: CounterOptions) -> None:
        """Paint with other options (selected, badges, background)."""
        if options != self.options:
            self.options = options
            self._refresh()
