"""The editor's scene: the play scene's terrain painting, plus what only editing needs.

:class:`EditorScene` is a :class:`~tabletop.ui.scene.scene.MapScene` on a map with no units (one
painter for play, editor and print), with a background image layer between terrain and
grid, a cost/cover tint layer, a preview layer for the stroke in progress, and
:meth:`EditorScene.repaint_hexes` / :meth:`EditorScene.repaint_sides`, which repaint only
what an edit touched.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPixmap, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsPixmapItem

from tabletop.commands.mapedit import background_scale, first_centre
from tabletop.data.files import background_path
from tabletop.documents import GameDocument, MapDocument
from tabletop.hexgrid import Hex, HexSide
from tabletop.model import Background, HexMap
from tabletop.ui.editor.imageread import read_image
from tabletop.ui.scene.items import Z_HIGHLIGHT, Z_MARKERS, Z_TERRAIN, _lod
from tabletop.ui.scene.scene import MapScene
from tabletop.ui.shell.loading import map_scenario

Z_BACKGROUND = (Z_TERRAIN + Z_MARKERS) / 2
"""Over the terrain tiles (an opaque terrain would hide it), under markers and highlight."""
Z_GRID_OVER = Z_BACKGROUND + 0.1
Z_TINT = Z_BACKGROUND + 0.2
Z_PREVIEW = Z_HIGHLIGHT + 0.5

TINTS = ("none", "foot", "vehicle", "cover")
"""What the tint layer shows: nothing, movement cost on foot or by vehicle, cover save."""


def display_document(hexmap: HexMap) -> GameDocument:
    """A game document with no units around ``hexmap``: what the play scene draws from."""
    return GameDocument.from_scenario(map_scenario(hexmap, hexmap.path))


def image_path(hexmap: HexMap, background: Background) -> Path:
    """Where the background image is: its path is relative to the map file's real folder
    (data.files.background_path)."""
    return background_path(hexmap.path, background.image)


class BackgroundItem(QGraphicsPixmapItem):
    """The board image, scaled and placed so that its hexes lie under the grid's."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(Z_BACKGROUND)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        self._loaded: Path | None = None
        self.problem = ""
        """Why the image is not shown (a missing or unreadable file), or empty."""

    def show_background(self, hexmap: HexMap, layout, background: Background | None) -> None:
        if background is None:
            self.hide()
            return
        path = image_path(hexmap, background)
        if path != self._loaded:
            # read with bounds: a FIFO, a device, an SVG that refers to other files, a
            # decompression bomb are refused (editor.imageread)
            image, self.problem = read_image(path)
            self.setPixmap(QPixmap.fromImage(image))
            self._loaded = path
        sx, sy = background_scale(hexmap, background)
        cx, cy = first_centre(hexmap, layout)
        ox, oy = background.origin
        self.setTransform(QTransform(sx, 0, 0, sy, cx - ox * sx, cy - oy * sy))
        self.setOpacity(background.opacity)
        self.setVisible(not self.problem)


def _tint_colour(value: int | None, worst: int) -> QColor:
    """Green (cheap, or no cover) through yellow to red; grey hatched for no entry."""
    if value is None:
        return QColor(40, 40, 40, 150)
    share = 0.0 if worst <= 1 else min(1.0, (value - 1) / (worst - 1))
    return QColor.fromHsvF(0.33 * (1 - share), 0.6, 0.95, 0.5)


class TintItem(QGraphicsItem):
    """Tints each hex by movement cost (on foot or by vehicle) or by squad cover save."""

    def __init__(self, scene: EditorScene) -> None:
        super().__init__()
        self._scene = scene
        self.mode = "none"
        self.setZValue(Z_TINT)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self._bounds = scene.map_painter.bounds

    def boundingRect(self) -> QRectF:
        return self._bounds

    def value(self, h: Hex) -> int | None:
        """The number the tint shows for ``h``: MP to enter, or the cover save (7: none)."""
        terrain = self._scene.hexmap.terrain(h)
        if self.mode == "cover":
            return 7 if terrain.cover_save is None else terrain.cover_save
        return terrain.movement.foot if self.mode == "foot" else terrain.movement.vehicle

    def paint(self, painter: QPainter, option, widget=None) -> None:
        if self.mode == "none":
            return
        shapes = self._scene.map_painter.hexes_in(option.exposedRect)
        painter.setPen(Qt.PenStyle.NoPen)
        show_text = _lod(painter) * self._scene.map_painter.size >= 18
        for shape in shapes:
            value = self.value(shape.hex)
            # cover: a low save is good cover (red-free), so invert the scale from 7
            shown = (8 - value) if self.mode == "cover" and value is not None else value
            painter.setBrush(_tint_colour(shown, 7 if self.mode == "cover" else 4))
            painter.drawPolygon(shape.polygon)
        if show_text:
            painter.setPen(QColor(20, 20, 20))
            for shape in shapes:
                value = self.value(shape.hex)
                text = "\u2013" if value is None else ("" if value == 7 else f"{value}")
                if self.mode == "cover" and text:
                    text += "+"
                rect = shape.bounds.adjusted(0, shape.bounds.height() * 0.3, 0, 0)
                painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)


class GridOverItem(QGraphicsItem):
    """The hex outlines once more, over the background image (the terrain tiles' own grid
    lies under it), so that calibrating shows the grid on the scan."""

    def __init__(self, scene: EditorScene) -> None:
        super().__init__()
        self._painter = scene.map_painter
        self.setZValue(Z_GRID_OVER)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.hide()

    def boundingRect(self) -> QRectF:
        return self._painter.bounds

    def paint(self, painter: QPainter, option, widget=None) -> None:
        self._painter.paint_grid(painter, option.exposedRect, _lod(painter), labels=False)


class EditorScene(MapScene):
    """The map being edited, drawn by the play scene's painter."""

    def __init__(self, document: MapDocument, parent=None) -> None:
        super().__init__(display_document(document.map), parent)
        self.map_document = document
        self.background_item = BackgroundItem()
        self.addItem(self.background_item)
        self.grid_over_item = GridOverItem(self)
        self.addItem(self.grid_over_item)
        self.tint_item = TintItem(self)
        self.addItem(self.tint_item)
        self.preview_item = QGraphicsPathItem()
        pen = QPen(QColor("#ff7f2a"), 3.0)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        self.preview_item.setPen(pen)
        self.preview_item.setBrush(QColor(255, 127, 42, 50))
        self.preview_item.setZValue(Z_PREVIEW)
        self.addItem(self.preview_item)
        self.refresh_background()

    # --- repainting what an edit touched -------------------------------------------------
    def repaint_hexes(self, hexes: Iterable[Hex]) -> None:
        """The terrain or level of these hexes changed: the scene's tiles repaint those
        hexes only (:meth:`MapScene.invalidate_hexes`), the tint likewise."""
        hexes = [h for h in hexes if h in self.hexmap.cells]
        self.invalidate_hexes(hexes)
        if self.tint_item.mode != "none":
            for h in hexes:
                self.tint_item.update(self.map_painter.hex_rect(h))

    def repaint_sides(self, sides: Iterable[HexSide]) -> None:
        """Features of these hexsides changed: repaint their hexes' pixels only."""
        self.invalidate_hexsides(sides)

    def refresh_background(self) -> None:
        self.background_item.show_background(self.hexmap, self.layout, self.hexmap.background)
        self.grid_over_item.setVisible(self.background_item.isVisible())

    def set_tint(self, mode: str) -> None:
        if mode not in TINTS:
            raise ValueError(f"tint must be one of {', '.join(TINTS)}, not {mode!r}")
        self.tint_item.mode = mode
        self.tint_item.update()

    # --- previews --------------------------------------------------------------------------
    def preview_hexes(self, hexes: Iterable[Hex]) -> None:
        path = QPainterPath()
        for h in hexes:
            if h in self.hexmap.cells:
                path.addPolygon(self.map_painter.shape(h).polygon)
                path.closeSubpath()
        self.preview_item.setPath(path)

    def preview_sides(self, sides: Iterable[HexSide]) -> None:
        path = QPainterPath()
        for side in sides:
            (x0, y0), (x1, y1) = self.layout.side_endpoints(side)
            path.moveTo(x0, y0)
            path.lineTo(x1, y1)
        self.preview_item.setPath(path)

    def preview_line(self, a: QPointF, b: QPointF) -> None:
        path = QPainterPath(a)
        path.lineTo(b)
        path.addEllipse(b, self.map_painter.size * 0.15, self.map_painter.size * 0.15)
        self.preview_item.setPath(path)

    def clear_preview(self) -> None:
        self.preview_item.setPath(QPainterPath())
