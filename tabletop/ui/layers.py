"""The map scene's raster layers and the idle-time work that keeps them sharp.

:class:`MapLayers` owns the terrain tiles (terrain, textures, hexside features, grid and
labels of a :class:`~tabletop.render.MapPainter`), the far-zoom counter tiles, the items
that draw them, and the counter items' zoom level:

- at a zoom where counters are at least :data:`FAR_COUNTER_PIXELS` wide each counter is
  its own pixmap item (faces shared per zoom level); further out the counter items are
  hidden and the same faces are drawn into raster tiles instead, so a frame
  of the whole map blits a few dozen images rather than ten thousand counters;
- a zoom change gives the visible counters the faces of the new level at once and the
  others in idle time; tiles that are not ready yet are stood in for (see
  :mod:`tabletop.render.tiles`) and rendered in idle time, a few milliseconds at a time;
- once the view is sharp, the idle time renders the overview (the whole map at a low
  level, the stand-in of last resort) and the visible area one wheel notch in and out,
  so the next notch finds its tiles ready.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

from PySide6.QtCore import QObject, QRectF, QTimer
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QGraphicsScene

from tabletop.render.faces import FaceCache
from tabletop.render.terrain import MapPainter
from tabletop.render.tiles import TileLayer, level_of, level_scale
from tabletop.ui.items import Z_COUNTERS, Z_TERRAIN, CounterItem, TileItem

FAR_COUNTER_PIXELS = 16
"""Counters narrower than this on screen are drawn into raster tiles instead of items."""
SLICE_SECONDS = 0.006
"""Idle work per event-loop turn, so input stays responsive."""
LEVEL_CHUNK = 1500
"""Counter items given their new level's face per idle turn."""

BACKGROUND = QColor("#3a3f44")


class MapLayers(QObject):
    """Terrain tiles, far-zoom counter tiles and the counters' zoom level for one scene.

    ``stacks(rect)`` yields the counter items standing in the hexes meeting ``rect``,
    bottom first (the scene's index by hex); ``counters()`` yields every counter item.
    Counter items stay top-level items, so that the scene's index skips the ones off
    screen (children of one parent would all be visited by every frame)."""

    def __init__(
        self, scene: QGraphicsScene, painter: MapPainter, faces: FaceCache,
        stacks: Callable[[QRectF], Iterable[CounterItem]],
        counters: Callable[[], Iterable[CounterItem]],
    ) -> None:  # fmt: skip
        super().__init__(scene)
        self.scene = scene
        self.painter = painter
        self.faces = faces
        self.stacks = stacks
        self.counters = counters
        pad = painter.size * 0.5
        bounds = painter.bounds.adjusted(-pad, -pad, pad, pad)
        self.terrain = TileLayer(bounds, self._paint_terrain, background=BACKGROUND)
        self.far = TileLayer(bounds, self._paint_far_counters)
        self.terrain_item = TileItem(self.terrain, Z_TERRAIN, self.wake)
        self.far_item = TileItem(self.far, Z_COUNTERS, self.wake)
        self.far_item.hide()
        for item in (self.terrain_item, self.far_item):
            scene.addItem(item)
        self.level = 0
        """The zoom level of the counters' faces (see :mod:`tabletop.render.tiles`)."""
        self.far_mode = False
        self.exact = True
        """Whether the view's scale is exactly the level's (faces blit pixel for pixel)."""
        self._stale: list[CounterItem] = []
        self._warm: list[tuple[CounterItem, int]] = []
        """Faces to paint ahead for the levels one notch away (the next notch finds them)."""
        self._prefetched: tuple[int, QRectF] | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._work)

    # --- painting callbacks ---------------------------------------------------------------
    def _paint_terrain(self, p: QPainter, rect: QRectF, scale: float) -> None:
        self.painter.paint_terrain(p, rect, scale)
        self.painter.paint_grid(p, rect, scale, labels=self.painter.labels)

    def _paint_far_counters(self, p: QPainter, rect: QRectF, scale: float) -> None:
        level = level_of(scale)
        pad = self.faces.side
        for item in self.stacks(rect.adjusted(-pad, -pad, pad, pad)):
            face = self.faces.face(item.unit_type, item.state, item.options, level)
            p.drawPixmap(item.pos() + item.offset(), face)

    # --- zoom -----------------------------------------------------------------------------
    def view_scaled(self, scale: float, visible: QRectF) -> None:
        """A view now shows ``visible`` at ``scale``: switch counters between items and
        tiles, and give the visible counters the faces of the new level."""
        far = self.faces.side * scale < FAR_COUNTER_PIXELS
        if far != self.far_mode:
            self.far_mode = far
            for counter in self.counters():
                counter.setVisible(not far)
            self.far_item.setVisible(far)
        level = self.terrain.level_for(scale)
        exact = abs(level_scale(level) - scale) < 1e-6 * scale
        if level != self.level or exact != self.exact:
            self.level = level
            self.exact = exact
            if not far:
                for item in self.scene.items(visible):
                    if isinstance(item, CounterItem):
                        item.set_level(level, exact)
            self._stale = list(self.counters())
        self.wake()

    def wake(self) -> None:
        """There may be work for idle time (tiles stood in for, counters to update)."""
        if not self._timer.isActive():
            self._timer.start()

    def _views(self) -> list[tuple[float, QRectF]]:
        out = []
        for view in self.scene.views():
            rect = view.mapToScene(view.viewport().rect()).boundingRect()
            out.append((view.transform().m11(), rect))
        return out

    def _work(self) -> None:
        deadline = time.perf_counter() + SLICE_SECONDS
        for scale, rect in self._views():
            if self.terrain.level_for(scale) != self.level:
                self.view_scaled(scale, rect)
        for layer, item in ((self.terrain, self.terrain_item), (self.far, self.far_item)):
            for rect in layer.render_pending(deadline):
                item.update(rect)
        if self._stale and time.perf_counter() < deadline:
            chunk, self._stale = self._stale[:LEVEL_CHUNK], self._stale[LEVEL_CHUNK:]
            for counter in chunk:
                counter.set_level(self.level, self.exact)
        while self._warm and time.perf_counter() < deadline:
            item, level = self._warm.pop()
            self.faces.face(item.unit_type, item.state, item.options, level)
        if self.terrain.pending() or self.far.pending() or self._stale or self._warm:
            return
        if not self._prefetch():
            self._timer.stop()

    def _prefetch(self) -> bool:
        """Queue the overview and the neighbouring levels of what the views show; False
        when everything asked for is already there."""
        views = self._views()
        if not views:
            return False
        scale, rect = views[0]
        level = self.terrain.level_for(scale)
        if self._prefetched == (level, rect):
            return False
        self._prefetched = (level, rect)
        layer = self.far if self.far_mode else self.terrain
        layer.queue_overview()
        self.terrain.queue_overview()
        for step in (-1, 1):
            self.terrain.queue(rect, level + step)
            if self.far_mode:
                self.far.queue(rect, level + step)
        near = [i for i in self.scene.items(rect) if isinstance(i, CounterItem)]
        self._warm = [(i, level + step) for step in (-1, 1) for i in near]
        return bool(self.terrain.pending() or self.far.pending() or self._warm)

    def rebuild(self) -> None:
        """The map's bounds changed: new tiles for both layers."""
        pad = self.painter.size * 0.5
        bounds = self.painter.bounds.adjusted(-pad, -pad, pad, pad)
        self.terrain = TileLayer(bounds, self._paint_terrain, background=BACKGROUND)
        self.far = TileLayer(bounds, self._paint_far_counters)
        self.terrain_item.set_layer(self.terrain)
        self.far_item.set_layer(self.far)
        self._prefetched = None

    # --- changes --------------------------------------------------------------------------
    def terrain_changed(self, rect: QRectF) -> None:
        """The terrain under ``rect`` (scene coordinates) changed: repaint it next frame."""
        self.terrain.invalidate(rect)
        self.terrain_item.update(rect)

    def counters_changed(self, rect: QRectF) -> None:
        """Counters under ``rect`` changed: the far-zoom tiles repaint it."""
        self.far.invalidate(rect)
        if self.far_mode:
            self.far_item.update(rect)

    def clear_terrain(self) -> None:
        self.terrain.clear()
        self._prefetched = None
        self.terrain_item.update()

    def stop(self) -> None:
        self._timer.stop()
