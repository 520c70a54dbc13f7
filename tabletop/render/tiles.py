"""Raster tiles of a map layer per zoom level, an overview level kept whole, repair by region.

A :class:`TileLayer` turns an expensive painter (terrain, textures, hexsides, grid, labels:
thousands of Python calls) into a few image blits per frame. The scene is cut into square
tiles of ``tile_px`` device pixels at each zoom *level*; levels are powers of
:data:`LEVEL_STEP` (the view's wheel notch), so a notch from 1:1 lands exactly on the next
level and tiles are drawn pixel for pixel. A scale between levels uses the next level up,
scaled down by less than one notch.

Rendering a tile costs the painter's time for the hexes in it, so a frame never waits for
many of them:

- missing tiles are drawn, for this frame, from another level that has them (the nearest
  first, scaled) or from the *overview*: one level, low enough for the whole map to fit
  in about :data:`OVERVIEW_PX` pixels, that :meth:`TileLayer.render_pending` fills for the
  whole map in idle time and that is never evicted; the missing tiles are queued and
  :meth:`TileLayer.render_pending` renders them within a deadline, the caller repaints;
- only when nothing can stand in (the first frames on a map) are tiles rendered at once,
  for at most :data:`SYNC_SECONDS`.

:meth:`TileLayer.invalidate` marks a scene rectangle dirty in every tile of every level
that holds it; a dirty tile is repaired before it is next drawn by repainting only that
rectangle (clipped), so a one-hex edit costs the painter a handful of hexes per level, not
a tile's worth. Tiles beyond a memory budget are dropped, least recently drawn first; the
budget (a :class:`TileBudget`) may be shared by several layers, so that the layers a view
shows at its zoom get the room the others are not using (a window's terrain, its far
counters and their composite share one, set in the window's settings).
"""

from __future__ import annotations

import math
import time
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QTransform

__all__ = [
    "LEVEL_STEP",
    "OVERVIEW_PX",
    "CompositeLayer",
    "TileBudget",
    "TileLayer",
    "exact_level",
    "level_of",
    "level_scale",
]

LEVEL_STEP = 1.25
"""Zoom levels are powers of this (the view's wheel notch)."""
OVERVIEW_PX = 2048
"""The overview level is the highest at which the whole map fits in this many pixels."""
TILE_PX = 256
BUDGET_BYTES = 96 * 1024 * 1024
"""Tiles kept beyond the overview, in bytes of image data (a layer's own budget)."""

SYNC_SECONDS = 0.25
"""A frame with nothing to stand in for missing tiles renders them for up to this long;
the rest follow in idle time (only the first frames of a huge map ever get here)."""

RenderFn = Callable[[QPainter, QRectF, float], None]
"""``render(painter, scene_rect, scale)``: paint ``scene_rect`` (the painter is already
transformed from scene to tile pixels and clipped to the rectangle)."""


def level_of(scale: float) -> int:
    """The level whose scale is ``scale`` or the next above (a level is ``STEP ** k``)."""
    return math.ceil(math.log(max(scale, 1e-6)) / math.log(LEVEL_STEP) - 1e-6)


def level_scale(level: float) -> float:
    return float(LEVEL_STEP**level)


def exact_level(scale: float) -> float:
    """The level whose scale is exactly ``scale``: a whole number when ``scale`` is a
    level's, else a fraction (a *free* level, see :meth:`TileLayer.paint`)."""
    k = math.log(max(scale, 1e-6)) / math.log(LEVEL_STEP)
    return round(k) if abs(k - round(k)) < 1e-6 else k


def is_free(level: float) -> bool:
    return level != math.floor(level)


@dataclass
class _Tile:
    image: QImage
    dirty: list[QRectF] = field(default_factory=list)


Key = tuple[float, int, int]
"""(level, column, row) of a tile; a free level is a fraction."""


class TileBudget:
    """The bytes of tile images one or more layers may keep beyond their overviews; past
    ``limit``, the least recently drawn tile of any of them is dropped. Each layer keeps
    its own tiles; this keeps their order of use and the total."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.bytes = 0
        self._order: OrderedDict[tuple[int, Key], tuple[TileLayer, int]] = OrderedDict()
        self.shown: set[tuple[int, Key]] = set()
        """The tiles the views show now (see :meth:`show`): read-ahead never drops them."""

    def show(self, tiles: Iterable[tuple[TileLayer, Key]]) -> None:
        """The views show ``tiles`` (each layer's, at the levels they are drawn at): a
        tile rendered ahead of need may only take room no shown tile holds, so a budget
        smaller than the neighbouring levels' tiles reads less ahead instead of dropping
        what is on screen and rendering it again, over and over."""
        self.shown = {(id(layer), key) for layer, key in tiles}

    def room_ahead(self, size: int) -> bool:
        """Whether a tile of ``size`` bytes rendered ahead of need fits beside the shown
        tiles (dropping only tiles no view shows)."""
        held = sum(self._order[k][1] for k in self.shown if k in self._order)
        return held + size <= self.limit

    def add(self, layer: TileLayer, key: Key, size: int) -> None:
        self._order[(id(layer), key)] = (layer, size)
        self.bytes += size

    def used(self, layer: TileLayer, key: Key) -> None:
        found = (id(layer), key)
        if found in self._order:
            self._order.move_to_end(found)

    def remove(self, layer: TileLayer, key: Key) -> None:
        entry = self._order.pop((id(layer), key), None)
        if entry is not None:
            self.bytes -= entry[1]

    def evict(self, *, ahead: bool = False) -> None:
        """Drop the least recently drawn tiles until the total is within the limit; for a
        tile rendered ahead of need (``ahead``), none the views show."""
        if not ahead:
            while self.bytes > self.limit and self._order:
                (_, key), (layer, _) = next(iter(self._order.items()))
                layer._drop(key)  # (which removes it here)
            return
        for entry in [k for k in self._order if k not in self.shown]:
            if self.bytes <= self.limit:
                break
            layer, _ = self._order[entry]
            layer._drop(entry[1])

    def forget(self, layer: TileLayer) -> None:
        """``layer`` cleared every tile: none of them counts any more."""
        for entry in [k for k in self._order if k[0] == id(layer)]:
            self.bytes -= self._order.pop(entry)[1]


class TileLayer:
    """Tiles of one layer over ``bounds`` (scene coordinates), drawn by ``render``.

    ``background`` fills each tile before rendering (None: transparent tiles, for layers
    drawn over others). ``dpr`` is the device pixel ratio of the screen.
    """

    def __init__(
        self,
        bounds: QRectF,
        render: RenderFn,
        *,
        background: QColor | None = None,
        tile_px: int = TILE_PX,
        budget_bytes: int = BUDGET_BYTES,
        budget: TileBudget | None = None,
        dpr: float = 1.0,
    ) -> None:
        self.bounds = QRectF(bounds)
        self.render = render
        self.background = background
        self.tile_px = tile_px
        self.budget = budget if budget is not None else TileBudget(budget_bytes)
        """The budget this layer's tiles (beyond its overview) count in: its own, or one
        shared with other layers."""
        self.dpr = dpr
        longest = max(bounds.width(), bounds.height(), 1.0)
        self.overview = min(0, math.floor(math.log(OVERVIEW_PX / longest) / math.log(LEVEL_STEP)))
        """The overview level: the whole map in at most OVERVIEW_PX pixels (at most 1:1)."""
        # every level is rendered down to a few dozen pixels for the whole map: scaling the
        # overview down 2x at the whole-map zoom would cost a frame more pixels than the
        # level's own tiles (the overview stands in while those are rendered)
        self.min_level = min(self.overview, level_of(64 / longest))
        self.max_level = level_of(8.0)
        self._tiles: OrderedDict[Key, _Tile] = OrderedDict()
        self._levels: Counter[float] = Counter()
        """How many tiles of each level are held."""
        self._bytes = 0
        self._queue: OrderedDict[Key, None] = OrderedDict()
        self._ahead: OrderedDict[Key, None] = OrderedDict()
        """Tiles asked for ahead of need (the neighbouring levels), rendered after the
        queue's and only into room no shown tile holds."""
        self.rendered = 0
        """Tiles rendered so far (for tests and benchmarks)."""
        self.repaired = 0
        """Dirty regions repainted so far."""
        self.stood_in = 0
        """Tiles drawn from another level's so far (for tests and benchmarks)."""

    # --- geometry --------------------------------------------------------------------------
    def level_for(self, scale: float) -> int:
        return max(self.min_level, min(self.max_level, level_of(scale)))

    def _span(self, level: float) -> float:
        """Scene units covered by one tile's side at ``level``."""
        return self.tile_px / (level_scale(level) * self.dpr)

    def tile_rect(self, key: Key) -> QRectF:
        span = self._span(key[0])
        return QRectF(
            self.bounds.left() + key[1] * span, self.bounds.top() + key[2] * span, span, span
        )

    def keys(self, rect: QRectF, level: float) -> Iterator[Key]:
        """The tiles of ``level`` that meet ``rect`` (clipped to the bounds)."""
        r = rect.intersected(self.bounds)
        if r.isEmpty():
            return
        span = self._span(level)
        x0, y0 = self.bounds.left(), self.bounds.top()
        for j in range(math.floor((r.top() - y0) / span), math.ceil((r.bottom() - y0) / span)):
            for i in range(math.floor((r.left() - x0) / span), math.ceil((r.right() - x0) / span)):
                yield (level, i, j)

    # --- drawing ---------------------------------------------------------------------------
    def paint(self, p: QPainter, exposed: QRectF, scale: float, *, complete: bool = False) -> bool:
        """Draw the tiles meeting ``exposed`` for a view at ``scale``. True when every one
        was drawn at its own level; False when some were stood in for (they are queued:
        call :meth:`render_pending`, then repaint). ``complete`` renders every missing tile
        now, with no stand-ins and no frame deadline: for a picture, a print or a test that
        must show the finished map whatever the machine's load.

        A scale between levels is first drawn from the next level up, scaled down; once
        that is complete, the tiles of the *free* level at exactly ``scale`` are queued
        (False is returned) and, when all of them are there, blitted pixel for pixel
        instead: a view that stays at such a zoom costs a frame no resampling."""
        level = self.level_for(scale)
        p.save()
        # antialiased quad edges would blend each tile's border with what is under it,
        # showing the tile grid as faint lines whenever tiles are scaled
        p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        try:
            if abs(scale - level_scale(level)) < 1e-6 * scale:
                return self._paint(p, exposed, level, True, complete)
            free = exact_level(scale)
            if complete or not self.min_level <= free <= self.max_level:
                return self._paint(p, exposed, level, False, complete)
            keys = list(self.keys(exposed, free))
            if keys and all(k in self._tiles for k in keys):
                return self._paint(p, exposed, free, True, False)
            if any(k in self._tiles or k in self._queue for k in keys):
                # the free level is under way: its tiles drawn, the rest stood in for and
                # queued (drawing the next level up again would keep its tiles in use, and
                # the free level's could then drop each other from a tight budget forever)
                self._paint(p, exposed, free, True, False)
                return False
            if self._paint(p, exposed, level, False, False):
                self._want_free(keys)
            return False
        finally:
            p.restore()

    def _want_free(self, keys: list[Key]) -> None:
        """Queue the free level's tiles ``keys``, forgetting those of other free levels."""
        self._forget_free(keys[0][0] if keys else None)
        for key in keys:
            if key not in self._tiles:
                self._queue[key] = None

    def _forget_free(self, level: float | None) -> None:
        """Drop the tiles of every free level but ``level``, and their queue."""
        for key in [k for k in self._tiles if is_free(k[0]) and k[0] != level]:
            self._drop(key)
        for key in [k for k in self._queue if is_free(k[0]) and k[0] != level]:
            del self._queue[key]

    def _paint(
        self, p: QPainter, exposed: QRectF, level: float, exact: bool, complete_now: bool
    ) -> bool:
        complete = True
        fallback_needed: list[Key] = []
        ready: list[tuple[Key, _Tile]] = []
        for key in list(self.keys(exposed, level)):
            tile = self._ready(key, render=False)
            if tile is not None:
                ready.append((key, tile))
            else:
                fallback_needed.append(key)
        transform = p.worldTransform()
        if exact and transform.type().value <= QTransform.TransformationType.TxScale.value:
            # at the level's own scale: blit each tile to whole device pixels, untransformed,
            # the fastest path a raster painter has (a fractional offset would resample)
            p.resetTransform()
            span = self._span(level)  # each corner as tile_rect and transform.map make it
            sx, sy, dx, dy = transform.m11(), transform.m22(), transform.dx(), transform.dy()
            x0, y0 = self.bounds.left(), self.bounds.top()
            draw = p.drawImage
            for (_, i, j), tile in ready:
                draw(QPoint(round((x0 + i * span) * sx + dx), round((y0 + j * span) * sy + dy)),
                     tile.image)  # fmt: skip
            p.setWorldTransform(transform)
        else:
            for key, tile in ready:
                self._blit(p, key, tile)
        deadline = time.perf_counter() + SYNC_SECONDS
        for key in fallback_needed:
            if complete_now:
                self._blit(p, key, self._render(key))
            elif self._stand_in(p, key):
                self._queue[key] = None
                self.stood_in += 1
                complete = False
            elif time.perf_counter() < deadline:  # nothing to show instead: render it now
                self._blit(p, key, self._render(key))
            else:  # the frame is spent: the rest follows in idle time
                self._queue[key] = None
                self._spent(p, key)
                complete = False
        return complete

    def _spent(self, p: QPainter, key: Key) -> None:
        """Tile ``key`` is missing, nothing stands in and the frame is spent: draw what
        can be drawn at no cost (nothing, for a plain layer)."""

    def _blit(self, p: QPainter, key: Key, tile: _Tile) -> None:
        p.drawImage(self.tile_rect(key), tile.image)

    def _stand_in(self, p: QPainter, key: Key) -> bool:
        """Draw tile ``key``'s area from other levels' tiles, clipped to it; False if no
        level holds all of it."""
        rect = self.tile_rect(key)
        level = key[0]
        near = sorted(
            {k for k in self._levels if k != level} | {self.overview},
            key=lambda k: (abs(k - level), -k),
        )
        for other in near:
            keys = list(self.keys(rect, other))
            if keys and all(k in self._tiles for k in keys):
                p.save()
                p.setClipRect(rect, Qt.ClipOperation.IntersectClip)
                for k in keys:
                    tile = self._ready(k, render=False)
                    if tile is not None:
                        self._blit(p, k, tile)
                p.restore()
                return True
        return False

    def _ready(self, key: Key, *, render: bool) -> _Tile | None:
        """The tile, repaired if dirty; rendered if missing and ``render``, else None."""
        tile = self._tiles.get(key)
        if tile is None:
            if not render:
                return None
            tile = self._render(key)
        elif tile.dirty:
            self._repair(key, tile)
        self._tiles.move_to_end(key)
        self.budget.used(self, key)
        return tile

    def _new_image(self) -> QImage:
        fmt = (
            QImage.Format.Format_RGB32
            if self.background is not None and self.background.alpha() == 255
            else QImage.Format.Format_ARGB32_Premultiplied
        )
        image = QImage(self.tile_px, self.tile_px, fmt)
        image.setDevicePixelRatio(self.dpr)
        return image

    def _painter(self, image: QImage, key: Key) -> QPainter:
        """A painter on ``image`` mapping tile ``key``'s scene rectangle onto it."""
        p = QPainter(image)
        p.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        rect = self.tile_rect(key)
        s = level_scale(key[0])  # logical pixels per scene unit (the image has the dpr)
        p.scale(s, s)
        p.translate(-rect.left(), -rect.top())
        return p

    def _blank(self, key: Key) -> QImage:
        """The image tile ``key`` is rendered on: the background (or transparent)."""
        image = self._new_image()
        image.fill(self.background if self.background is not None else Qt.GlobalColor.transparent)
        return image

    def _underlay(self, p: QPainter, key: Key, area: QRectF) -> None:
        """Restore what lies under the layer's painting in ``area`` of tile ``key`` (the
        painter is clipped to it), before a repair paints it again."""
        p.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
        p.fillRect(area, self.background if self.background is not None else QColor(0, 0, 0, 0))
        p.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceOver)

    def _render(self, key: Key, *, ahead: bool = False) -> _Tile:
        image = self._blank(key)
        p = self._painter(image, key)
        rect = self.tile_rect(key)
        p.setClipRect(rect)
        self.render(p, rect, level_scale(key[0]))
        p.end()
        tile = _Tile(image)
        self._tiles[key] = tile
        self._levels[key[0]] += 1
        self._queue.pop(key, None)
        self._ahead.pop(key, None)
        self._bytes += image.sizeInBytes()
        self.rendered += 1
        if key[0] != self.overview:  # (the overview stands in for every level: it stays)
            self.budget.add(self, key, image.sizeInBytes())
            self.budget.evict(ahead=ahead)
        return tile

    def _repair(self, key: Key, tile: _Tile) -> None:
        """Repaint the dirty regions of a tile, each snapped outward to whole pixels."""
        rect = self.tile_rect(key)
        s = level_scale(key[0])
        d = s * self.dpr  # device pixels per scene unit
        p = self._painter(tile.image, key)
        for dirty in tile.dirty:
            area = dirty.intersected(rect)
            if area.isEmpty():
                continue
            # whole device pixels, so the repaint meets the untouched pixels exactly
            x0 = math.floor((area.left() - rect.left()) * d)
            y0 = math.floor((area.top() - rect.top()) * d)
            x1 = math.ceil((area.right() - rect.left()) * d)
            y1 = math.ceil((area.bottom() - rect.top()) * d)
            area = QRectF(rect.left() + x0 / d, rect.top() + y0 / d, (x1 - x0) / d, (y1 - y0) / d)
            p.save()
            p.setClipRect(area)
            self._underlay(p, key, area)
            self.render(p, area, s)
            p.restore()
            self.repaired += 1
        p.end()
        tile.dirty.clear()

    def _drop(self, key: Key) -> None:
        tile = self._tiles.pop(key)
        self.budget.remove(self, key)
        self._bytes -= tile.image.sizeInBytes()
        self._levels[key[0]] -= 1
        if not self._levels[key[0]]:
            del self._levels[key[0]]

    # --- background work -------------------------------------------------------------------
    def queue(self, rect: QRectF, level: float, *, ahead: bool = False) -> None:
        """Ask for the tiles of ``level`` over ``rect`` to be rendered in idle time;
        ``ahead`` of need (a level the view may zoom to next), only into spare room."""
        level = max(self.min_level, min(self.max_level, level))
        queue = self._ahead if ahead else self._queue
        for key in self.keys(rect, level):
            if key not in self._tiles:
                queue[key] = None

    def queue_overview(self) -> None:
        """Ask for the whole overview level (the stand-in of every other level)."""
        self.queue(self.bounds, self.overview)

    def pending(self) -> int:
        return len(self._queue) + len(self._ahead)

    def render_pending(self, deadline: float) -> list[QRectF]:
        """Render queued tiles, most recently asked first, until ``deadline`` (a
        ``time.perf_counter()`` value), then those asked for ahead of need while they fit
        beside the shown tiles (the rest of those forgotten once one does not); the scene
        rectangles that changed."""
        done: list[QRectF] = []
        while self._queue and time.perf_counter() < deadline:
            key, _ = self._queue.popitem(last=True)
            if key not in self._tiles:
                self._render(key)
                done.append(self.tile_rect(key))
        size = self.tile_px * self.tile_px * 4  # (as _new_image makes them)
        while self._ahead and not self._queue and time.perf_counter() < deadline:
            if not self.budget.room_ahead(size):
                self._ahead.clear()
                break
            key, _ = self._ahead.popitem(last=True)
            if key not in self._tiles:
                self._render(key, ahead=True)
        return done

    # --- invalidation ----------------------------------------------------------------------
    def invalidate(self, rect: QRectF) -> None:
        """Mark ``rect`` (scene coordinates) as changed in every tile that holds it, at
        every level; each is repaired before it is next drawn. The tiles are found from
        the rectangle, level by level, not by visiting every tile held; a tile's changes
        since it was last drawn are repaired as one rectangle (their union, within the
        tile), so the painter visits each hex once."""
        for level in list(self._levels):
            for key in self.keys(rect, level):
                tile = self._tiles.get(key)
                if tile is None:
                    continue
                if tile.dirty:
                    tile.dirty[0] = tile.dirty[0].united(rect)
                else:
                    tile.dirty.append(QRectF(rect))

    def clear(self) -> None:
        """Forget every tile (after a change of everything, such as hex labels on or off)."""
        self._tiles.clear()
        self.budget.forget(self)
        self._levels.clear()
        self._queue.clear()
        self._ahead.clear()
        self._bytes = 0

    def cached(self, level: float | None = None) -> int:
        """How many tiles are held (of ``level``, or of all levels)."""
        return sum(1 for k in self._tiles if level is None or k[0] == level)

    def memory(self) -> int:
        """Bytes of tile images held."""
        return self._bytes


class CompositeLayer(TileLayer):
    """A layer painted over an opaque ``base`` and kept as one opaque image per tile.

    Each tile is the base's tile of the same key (same grid and levels; rendered or
    repaired first when needed) with this layer's painting on top, so that a frame blits
    one image where the two layers would blend a transparent one over the other. A
    change of the base must be told to this layer too (:meth:`invalidate` the same
    rectangle after ``base.invalidate``): a repair copies the base's repaired pixels,
    then paints this layer's over them. Where this layer has nothing to show, nothing to
    stand in and no time left in the frame, the base's own tile (or its stand-in) is drawn,
    so the base never goes missing."""

    def __init__(self, base: TileLayer, render: RenderFn, *, budget_bytes: int = BUDGET_BYTES,
                 budget: TileBudget | None = None):  # fmt: skip
        if base.background is None or base.background.alpha() != 255:
            raise ValueError("a composite needs an opaque base layer")
        super().__init__(
            base.bounds, render, background=base.background, tile_px=base.tile_px,
            budget_bytes=budget_bytes, budget=budget, dpr=base.dpr,
        )  # fmt: skip
        self.base = base

    def _base_image(self, key: Key) -> QImage:
        tile = self.base._ready(key, render=True)
        assert tile is not None
        return tile.image

    def _blank(self, key: Key) -> QImage:
        image = self._base_image(key).copy()
        image.setDevicePixelRatio(self.dpr)
        return image

    def _underlay(self, p: QPainter, key: Key, area: QRectF) -> None:
        image = self._base_image(key)  # repaired first: the base's change is in it
        p.save()
        p.resetTransform()  # pixel for pixel (the clip stays on ``area``)
        p.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
        p.drawImage(QPoint(0, 0), image)
        p.restore()

    def _spent(self, p: QPainter, key: Key) -> None:
        tile = self.base._ready(key, render=False)
        if tile is not None:
            self.base._blit(p, key, tile)
        else:
            self.base._stand_in(p, key)

    def _forget_free(self, level: float | None) -> None:
        super()._forget_free(level)
        self.base._forget_free(level)  # the base's free tiles were rendered for these
