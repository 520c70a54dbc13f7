"""The map scene's raster layers and the idle-time work that keeps them sharp.

:class:`MapLayers` owns the terrain tiles (terrain, textures, hexside features, grid and
labels of a :class:`~tabletop.render.MapPainter`), the far-zoom counter tiles, the items
that draw them, and the counter items' zoom level:

- at a zoom where counters are at least :data:`FAR_COUNTER_PIXELS` wide each counter is
  its own pixmap item (faces shared per zoom level); further out the counter items are
  hidden and the same faces are drawn into raster tiles instead, so a frame
  of the whole map blits a few dozen images rather than ten thousand counters; a view
  blits them as one opaque *composite* per tile, the terrain's tile with the faces over
  it (:class:`~tabletop.render.tiles.CompositeLayer`), not two layers blended; pictures
  and prints draw the faces' transparent tiles over the terrain and the markers instead
  (on screen, far out, markers and overlays lie over the faces: they are the terrain's);
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

from PySide6.QtCore import QObject, QPointF, QRectF, QTimer
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QGraphicsScene

from tabletop.render.faces import FaceCache, Look
from tabletop.render.terrain import MapPainter
from tabletop.render.tiles import (
    BUDGET_BYTES,
    LEVEL_STEP,
    CompositeLayer,
    TileBudget,
    TileLayer,
    exact_level,
)
from tabletop.ui.scene import collector
from tabletop.ui.scene.items import Z_COUNTERS, Z_TERRAIN, CounterItem, TileItem

FAR_COUNTER_PIXELS = 24
"""Counters narrower than this on screen are drawn into raster tiles instead of items."""
SLICE_SECONDS = 0.006
"""Idle work per event-loop turn, so input stays responsive."""
LEVEL_CHUNK = 1500
"""Counter items shown or hidden per idle turn after a switch to or from far mode."""
NOTCH_SECONDS = 0.004
"""A zoom change gives the counters on screen their new faces for up to this long; any
left over keep the faces they have (drawn scaled) until the next idle turn."""

BACKGROUND = QColor("#3a3f44")


class MapLayers(QObject):
    """Terrain tiles, far-zoom counter tiles and the counters' zoom level for one scene.

    ``faces_in(rect)`` yields where the counters standing in the hexes meeting ``rect``
    draw their faces (top left corner) and their looks, bottom first (the scene's index
    by hex; counters whose items are not made yet included); ``counters()`` yields every
    counter item made. Counter items stay top-level items, so that the scene's index
    skips the ones off screen (children of one parent would all be visited by every
    frame). ``backlog(deadline)`` does the scene's own idle work (making counter items)
    until ``deadline`` and says whether some is left (see :meth:`backlog_due`)."""

    def __init__(
        self, scene: QGraphicsScene, painter: MapPainter, faces: FaceCache,
        faces_in: Callable[[QRectF], Iterable[tuple[QPointF, Look]]],
        counters: Callable[[], Iterable[CounterItem]],
        near: Callable[[QRectF], Iterable[CounterItem]],
        backlog: Callable[[float], bool] = lambda deadline: False,
        tile_budget: TileBudget | None = None,
    ) -> None:  # fmt: skip
        super().__init__(scene)
        self.tile_budget = tile_budget if tile_budget is not None else TileBudget(BUDGET_BYTES)
        """The bytes of tiles the terrain, far counters and their composite keep, together
        (beyond their overviews)."""
        self.scene = scene
        self.painter = painter
        self.faces = faces
        self.faces_in = faces_in
        self.counters = counters
        self.near = near
        """``near(rect)``: the counter items made in or near ``rect``, visible or not,
        found through the scene's index by map block (a superset of those inside,
        unordered; the scene makes those a view shows before it paints)."""
        self.backlog = backlog
        self._backlog_left = False
        self._new_layers()
        self.terrain_item = TileItem(self.terrain, Z_TERRAIN, self.wake)
        self.far_item = TileItem(self.far_picture, Z_COUNTERS, self.wake)
        self.far_item.screen = None  # a view shows the composite of the terrain item
        self.far_item.hide()
        for item in (self.terrain_item, self.far_item):
            scene.addItem(item)
        self.level: float = 0
        """The zoom level of the counters' faces: the view's scale exactly (a free level
        between two levels, see :mod:`tabletop.render.tiles`), so that they blit pixel
        for pixel at every zoom."""
        self.far_mode = False
        self._stale: list[CounterItem] = []
        """Counters to give the current level's face (off screen: in idle time)."""
        self._due: list[CounterItem] = []
        """Counters on screen showing another level's face, scaled, until theirs is painted."""
        self._switch: list[CounterItem] = []
        """Counters still to be shown or hidden after a switch to or from far mode."""
        self._warm: list[tuple[CounterItem, float]] = []
        """Faces to paint ahead for the levels one notch away (the next notch finds them)."""
        self._prefetched: tuple[float, QRectF] | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._work)

    def _new_layers(self) -> None:
        pad = self.painter.size * 0.5
        bounds = self.painter.bounds.adjusted(-pad, -pad, pad, pad)
        budget = self.tile_budget
        self.terrain = TileLayer(bounds, self._paint_terrain, background=BACKGROUND,
                                 budget=budget)  # fmt: skip
        self.far = CompositeLayer(self.terrain, self._paint_far_counters, budget=budget)
        """Far out, what a view shows: the terrain's tiles with the counters' faces."""
        self.far_picture = TileLayer(bounds, self._paint_far_counters, budget=budget)
        """Far out, the counters' faces alone, over the terrain and markers of a picture
        or a print (a view's frame blits the composite instead: one opaque image a tile)."""

    # --- painting callbacks ---------------------------------------------------------------
    def _paint_terrain(self, p: QPainter, rect: QRectF, scale: float) -> None:
        self.painter.paint_terrain(p, rect, scale, raster=True)
        self.painter.paint_grid(p, rect, scale, labels=self.painter.labels)

    def _paint_far_counters(self, p: QPainter, rect: QRectF, scale: float) -> None:
        level = exact_level(scale)  # a free level's tiles get faces of exactly their scale
        pad = self.faces.side
        face_of = self.faces.face_of
        for corner, look in self.faces_in(rect.adjusted(-pad, -pad, pad, pad)):
            p.drawPixmap(corner, face_of(look, level))

    # --- zoom -----------------------------------------------------------------------------
    def view_scaled(self, scale: float, visible: QRectF) -> None:
        """A view now shows ``visible`` at ``scale``: switch counters between items and
        tiles, and give the visible counters the faces of the new level.

        The cost is bounded whatever the number of counters: the counters on screen take
        the new level's faces if painted (else another level's, scaled, until idle time
        paints theirs), and of a switch to or from far mode only those near the screen
        are shown or hidden now; the rest follow in idle time."""
        far = self.faces.side * scale < FAR_COUNTER_PIXELS
        if far != self.far_mode:
            self._switch_far(far, visible)
        level = exact_level(scale)
        if level != self.level:
            self.level = level
            self._due = [] if far else self._faces_now(self.near(visible))
            # far out the items are hidden (the tiles paint the faces): they take the
            # level's face when the view comes back near, a level change too
            self._stale = [] if far else list(self.counters())
        self.wake()

    def _faces_now(self, items: list[CounterItem]) -> list[CounterItem]:
        """Give ``items`` the faces of the current level that are painted already (others'
        faces stand in), for up to :data:`NOTCH_SECONDS`; those left to idle time."""
        deadline = time.perf_counter() + NOTCH_SECONDS
        level = self.level
        due: list[CounterItem] = []
        for k, item in enumerate(items):
            if not item.set_level(level, paint=False):
                due.append(item)
            if k % 64 == 63 and time.perf_counter() > deadline:
                due.extend(items[k + 1 :])
                break
        return due

    def _switch_far(self, far: bool, visible: QRectF) -> None:
        """Show the far tiles instead of the counter items (or the reverse): the items near
        the screen now, all of them if there are few, the others in idle time (an item
        off screen costs a frame nothing, and one that scrolls into view early draws just
        where the far tiles draw its face)."""
        self.far_mode = far
        self.far_item.setVisible(far)  # for pictures; a view draws the composite instead
        self.terrain_item.set_screen(self.far if far else self.terrain)
        self._switch = list(self.counters())
        if len(self._switch) <= LEVEL_CHUNK:
            near: Iterable[CounterItem] = self._switch
            self._switch = []
        else:
            near = self.near(visible)
        for counter in near:
            counter.setVisible(not far)

    def backlog_due(self) -> None:
        """The scene has idle work of its own queued (see ``backlog``)."""
        self._backlog_left = True
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
            if exact_level(scale) != self.level:
                self.view_scaled(scale, rect)
        if self._switch:
            chunk, self._switch = self._switch[:LEVEL_CHUNK], self._switch[LEVEL_CHUNK:]
            for counter in chunk:
                counter.setVisible(not self.far_mode)
        while self._due and time.perf_counter() < deadline:
            self._due.pop().set_level(self.level)
        for layer in (self.terrain, self.far):
            for rect in layer.render_pending(deadline):
                self.terrain_item.update(rect)
        while self._stale and time.perf_counter() < deadline:
            chunk = self._stale[-100:]  # from the end: no copy of the rest each turn
            del self._stale[-100:]
            for counter in chunk:
                counter.set_level(self.level)
        while self._warm and time.perf_counter() < deadline:
            item, level = self._warm.pop()
            self.faces.face_of(item.look, level)
        if self._backlog_left and time.perf_counter() < deadline:
            self._backlog_left = self.backlog(deadline)
        if self._busy() or self._prefetch() or self._backlog_left:
            return
        self._timer.stop()
        collector.grown()  # the painters' caches grew: out of the collector's way

    def _busy(self) -> bool:
        """Whether idle time has work queued (tiles, faces, counters to switch)."""
        return bool(
            self.terrain.pending() or self.far.pending() or self._stale or self._warm
            or self._due or self._switch
        )  # fmt: skip

    def _prefetch(self) -> bool:
        """Queue the overview and the neighbouring levels of what the views show; False
        when everything asked for is already there."""
        views = self._views()
        if not views:
            return False
        scale, rect = views[0]
        level = self.terrain.level_for(scale)
        if self._prefetched == (scale, rect):
            return False
        self._prefetched = (scale, rect)
        # the far counters' overview too, so that the first zoom out to far mode has a
        # stand-in for its tiles
        self.far.queue_overview()
        self.terrain.queue_overview()
        # a notch in shows part of the view; a notch out up to a quarter more of it on
        # each side (anchored at a corner, all of that on one side)
        w, h = rect.width() * 0.25, rect.height() * 0.25
        out = rect.adjusted(-w, -h, w, h)
        # what the view shows stays: the neighbours are read ahead into spare room only
        free = exact_level(scale)
        self.tile_budget.show(
            (layer, key)
            for layer in (self.terrain, self.far)
            for at in {level, free}
            for key in layer.keys(rect, at)
        )  # fmt: skip
        for step, area in ((-1, out), (1, rect)):
            self.terrain.queue(area, level + step, ahead=True)
            if self.faces.side * scale * LEVEL_STEP**step < FAR_COUNTER_PIXELS:
                self.far.queue(area, level + step, ahead=True)  # far mode there: its tiles
        looks = {i.look.id: i for i in self.near(out)}.values()  # one item per look
        faces = exact_level(scale)  # what the next notch either way lands on
        self._warm = [(i, faces + step) for step in (-1, 1) for i in looks]
        return self._busy()

    def rebuild(self) -> None:
        """The map's bounds changed: new tiles for both layers."""
        for old in (self.terrain, self.far, self.far_picture):
            old.clear()  # (their tiles leave the shared budget)
        self._new_layers()
        self.terrain_item.set_layer(self.terrain, self.far if self.far_mode else self.terrain)
        self.far_item.set_layer(self.far_picture, None)
        self._prefetched = None

    # --- changes --------------------------------------------------------------------------
    def terrain_changed(self, rect: QRectF) -> None:
        """The terrain under ``rect`` (scene coordinates) changed: repaint it next frame
        (the composite's tiles copy the terrain's, repaired first)."""
        self.terrain.invalidate(rect)
        self.far.invalidate(rect)
        self.terrain_item.update(rect)

    def holds_counters(self) -> bool:
        """Whether any far-zoom tile holds counters (else a counter change has none to mark)."""
        return bool(self.far.memory() or self.far_picture.memory())

    def counters_changed(self, rect: QRectF) -> None:
        """Counters under ``rect`` changed: the far-zoom tiles repaint it."""
        self.far.invalidate(rect)
        self.far_picture.invalidate(rect)
        if self.far_mode:
            self.terrain_item.update(rect)
            self.far_item.update(rect)

    def clear_terrain(self) -> None:
        self.terrain.clear()
        self.far.clear()
        self._prefetched = None
        self.terrain_item.update()

    def stop(self) -> None:
        self._timer.stop()
