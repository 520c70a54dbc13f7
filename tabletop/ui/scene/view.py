"""The map view: wheel zoom anchored under the mouse, drag to pan, hex hover and click."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QFrame, QGraphicsView

from tabletop.hexgrid import Hex
from tabletop.ui.tools.base import Tool, ToolEvent

MIN_SCALE = 0.15
"""The furthest zoom out, unless the whole map needs less to fit (see ``min_scale``)."""
MAX_SCALE = 6.0
ZOOM_STEP = 1.25
"""Zoom factor of one wheel notch (120 eighths of a degree) and of View > Zoom In."""
DEFAULT_SCALE = 1.25
"""Opening zoom when the whole map does not fit at 100%: counters about 60 pixels wide
(one wheel notch in from 1:1, a level the terrain tiles are drawn at pixel for pixel)."""
CLICK_SLOP = 4
"""A press and release closer than this many pixels is a click, not a drag."""


class MapView(QGraphicsView):
    """Shows a :class:`~tabletop.ui.scene.scene.MapScene`.

    Signals carry hexes found through the scene's hex math: ``hexHovered(Hex | None)`` when
    the hex under the mouse changes, ``hexClicked(Hex)`` on a click without a drag,
    ``zoomChanged(float)`` with the new scale.
    """

    hexHovered = Signal(object)
    hexClicked = Signal(object)
    zoomChanged = Signal(float)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setRenderHints(
            QPainter.RenderHint.Antialiasing
            | QPainter.RenderHint.TextAntialiasing
            | QPainter.RenderHint.SmoothPixmapTransform
        )
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing, True)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.viewport().setMouseTracking(True)
        self.viewport().setAttribute(Qt.WidgetAttribute.WA_StaticContents, True)
        self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
        self._hover: Hex | None = None
        self._press: QPoint | None = None
        self._last: QPoint | None = None
        self._dragging = False
        self._tool: Tool | None = None
        self._tool_gesture = False

    # --- tools -----------------------------------------------------------------------------
    @property
    def tool(self) -> Tool | None:
        return self._tool

    def set_tool(self, tool: Tool | None) -> None:
        """Make ``tool`` the active one (None: plain pan and click)."""
        if tool is self._tool:
            return
        if self._tool is not None:
            self._tool.deactivate()
        self._tool = tool
        self._tool_gesture = False
        if tool is not None:
            tool.activate()
        self._restore_cursor()

    def _restore_cursor(self) -> None:
        cursor = self._tool.cursor if self._tool is not None else Qt.CursorShape.OpenHandCursor
        self.viewport().setCursor(cursor)

    def tool_event(self, event) -> ToolEvent:
        pos = event.position().toPoint()
        return ToolEvent(
            self.hex_at_view(pos), self.mapToScene(pos), pos, event.button(), event.modifiers()
        )

    def keyPressEvent(self, event) -> None:
        if self._tool is not None and self._tool.key(event.key(), event.modifiers()):
            event.accept()
            return
        super().keyPressEvent(event)

    def viewport_point(self, label: str) -> QPoint:
        """The centre of hex ``label`` in viewport coordinates, scrolled into view first
        (how tests and scripts click a hex)."""
        scene = self.scene()
        centre = scene.hex_center(scene.hexmap.parse(label))
        margin = self.viewport().rect().adjusted(20, 20, -20, -20)
        if not margin.contains(self.mapFromScene(centre)):
            self.centerOn(centre)
        return self.mapFromScene(centre)

    # --- zoom ------------------------------------------------------------------------------
    @property
    def scale_factor(self) -> float:
        return self.transform().m11()

    def set_scale(self, scale: float, anchor: QPointF | None = None) -> None:
        """Zoom to ``scale`` (clamped), keeping the scene point under ``anchor`` (a viewport
        position; default the centre) where it is."""
        scale = max(self.min_scale(), min(MAX_SCALE, scale))
        if anchor is None:
            anchor = QPointF(self.viewport().rect().center())
        before = self.mapToScene(anchor.toPoint())
        factor = scale / self.scale_factor
        self.scale(factor, factor)
        after = self.mapFromScene(before)
        delta = after - anchor.toPoint()
        # the new scale repaints the whole viewport anyway: a smart update would first
        # scroll the stale pixels (a copy of the whole backing store, about 1 ms a frame)
        mode = self.viewportUpdateMode()
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.FullViewportUpdate)
        try:
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + delta.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() + delta.y())
        finally:
            self.setViewportUpdateMode(mode)
        scene = self.scene()
        if scene is not None and hasattr(scene, "view_scaled"):
            scene.view_scaled(self.scale_factor, self.visible_rect())
        self.zoomChanged.emit(self.scale_factor)

    def paintEvent(self, event) -> None:
        """Paint; a scene that makes its counter items as they come into view (a big
        game's, :class:`~tabletop.ui.scene.scene.MapScene`) makes those of what is shown first."""
        scene = self.scene()
        if scene is not None and hasattr(scene, "view_painting"):
            scene.view_painting(self.scale_factor, self.visible_rect())
        super().paintEvent(event)

    def visible_rect(self) -> QRectF:
        """The part of the scene the viewport shows."""
        return self.mapToScene(self.viewport().rect()).boundingRect()

    def fit_scale(self) -> float | None:
        """The scale at which the whole map fills the viewport, or None without a map."""
        scene = self.scene()
        if scene is None:
            return None
        rect = scene.map_rect() if hasattr(scene, "map_rect") else scene.sceneRect()
        if rect.isEmpty():
            return None
        view = self.viewport().rect()
        return 0.98 * min(view.width() / rect.width(), view.height() / rect.height())

    def min_scale(self) -> float:
        """:data:`MIN_SCALE`, or less when the whole map needs it to fit."""
        fit = self.fit_scale()
        return MIN_SCALE if fit is None else min(MIN_SCALE, fit * 0.9)

    def zoom_by(self, factor: float, anchor: QPointF | None = None) -> None:
        self.set_scale(self.scale_factor * factor, anchor)

    def zoom_in(self) -> None:
        self.zoom_by(ZOOM_STEP)

    def zoom_out(self) -> None:
        self.zoom_by(1 / ZOOM_STEP)

    def fit_map(self) -> None:
        """Show the whole map."""
        scene = self.scene()
        if scene is None:
            return
        rect = scene.map_rect() if hasattr(scene, "map_rect") else scene.sceneRect()
        fit = self.fit_scale()
        if fit is None:
            return
        self.set_scale(fit)
        self.centerOn(rect.center())

    def default_zoom(self) -> None:
        """The whole map if it fits at 100% or more, else counters readable at the centre."""
        self.fit_map()
        if self.scale_factor < 1.0:
            self.set_scale(DEFAULT_SCALE)
            scene = self.scene()
            if scene is not None:
                self.centerOn(scene.map_rect().center())

    def wheelEvent(self, event) -> None:
        delta = event.angleDelta().y()
        if delta == 0:
            event.ignore()
            return
        self.zoom_by(ZOOM_STEP ** (delta / 120.0), event.position())
        event.accept()

    # --- pan and hover ---------------------------------------------------------------------
    def hex_at_view(self, pos: QPoint) -> Hex | None:
        scene = self.scene()
        if scene is None or not hasattr(scene, "hex_at"):
            return None
        return scene.hex_at(self.mapToScene(pos))

    def _set_hover(self, h: Hex | None) -> None:
        if h != self._hover:
            self._hover = h
            self.hexHovered.emit(h)

    def mousePressEvent(self, event) -> None:
        if (
            self._tool is not None
            and event.button() != Qt.MouseButton.MiddleButton
            and self._tool.press(self.tool_event(event))
        ):
            self._tool_gesture = True
            event.accept()
            return
        if event.button() in (Qt.MouseButton.LeftButton, Qt.MouseButton.MiddleButton):
            self._press = self._last = event.position().toPoint()
            self._dragging = False
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseDoubleClickEvent(self, event) -> None:
        """A quick second click is a click like the first (a tool confirms on it)."""
        self.mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:
        pos = event.position().toPoint()
        if self._tool is not None:
            if self._tool_gesture:
                self._tool.move(self.tool_event(event))
            elif self._press is None:
                self._tool.hover(self.tool_event(event))
        if self._press is not None and self._last is not None:
            if (pos - self._press).manhattanLength() >= CLICK_SLOP and not self._dragging:
                self._dragging = True
                self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            if self._dragging:
                d = pos - self._last
                self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - d.x())
                self.verticalScrollBar().setValue(self.verticalScrollBar().value() - d.y())
            self._last = pos
        self._set_hover(self.hex_at_view(pos))
        event.accept()

    def mouseReleaseEvent(self, event) -> None:
        if self._tool_gesture and self._tool is not None:
            self._tool_gesture = False
            self._tool.release(self.tool_event(event))
            event.accept()
            return
        if self._press is not None:
            pos = event.position().toPoint()
            if not self._dragging and event.button() == Qt.MouseButton.LeftButton:
                taken = self._tool is not None and self._tool.click(self.tool_event(event))
                h = self.hex_at_view(pos)
                if h is not None and not taken:
                    self.hexClicked.emit(h)
            self._press = self._last = None
            self._dragging = False
            self._restore_cursor()
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def leaveEvent(self, event) -> None:
        self._set_hover(None)
        super().leaveEvent(event)
