"""The map scene: builds items from a game document and keeps them in sync with it."""

from __future__ import annotations

import dataclasses
import gc
import math
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtWidgets import QGraphicsScene

from tabletop.documents import GameDocument
from tabletop.hexgrid import Hex, HexSide
from tabletop.model import UnitState, UnitType
from tabletop.render import CounterOptions, MapPainter
from tabletop.render.faces import FaceCache
from tabletop.render.palette import side_color_of
from tabletop.ui.items import (
    Z_COUNTERS,
    CounterItem,
    HexHighlightItem,
    MarkerItem,
    stack_offsets,
)
from tabletop.ui.layers import BACKGROUND, MapLayers

COUNTER_SHARE = 0.72
"""A counter's side as a share of the hex's flat-to-flat height."""
BLOCK = 8
"""Columns and rows of a block of the index of counters by place (:meth:`counters_near`)."""


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector off while thousands of items are made: they make no
    cycles, and a full collection over a big document's objects, triggered again and
    again by the allocations, would cost more than the items themselves."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def stack_order(item: CounterItem) -> tuple[bool, str]:
    """Sort key of a stack, bottom first: support weapons, then by unit id."""
    return (item.state.sw_of is None, item.state.id)


class MapScene(QGraphicsScene):
    """Terrain and grid (raster tiles), markers and one counter item per unit on the map.

    Costs follow what is shown and what changed, not the map's size: building the scene
    computes no per-hex geometry, "what is in this hex" is an index lookup
    (:meth:`stack_at`), a unit change touches its own items (:meth:`sync_units`), and a
    map edit repaints only the edited hexes' pixels (:meth:`invalidate_hexes`,
    :meth:`invalidate_hexsides`, :meth:`refresh_map`).
    """

    def __init__(self, document: GameDocument, parent=None) -> None:
        super().__init__(parent)
        self.document = document
        self.hexmap = document.scenario.map
        self.map_painter = MapPainter(self.hexmap)
        self.layout = self.map_painter.layout
        size = self.map_painter.size
        self.counter_side = round(size * math.sqrt(3) * COUNTER_SHARE)
        margin = size * 1.2
        self.setSceneRect(self.map_painter.bounds.adjusted(-margin, -margin, margin, margin))
        self.setBackgroundBrush(BACKGROUND)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)
        self.faces = FaceCache(self.counter_side)
        self.counters: dict[str, CounterItem] = {}
        self._blocks: dict[tuple[int, int], dict[str, CounterItem]] = {}
        """The counter items by map block of BLOCK x BLOCK hexes: those near a rectangle
        without a scan (:meth:`counters_near`)."""
        self.layers = MapLayers(
            self, self.map_painter, self.faces, self._stacks_in,
            lambda: self.counters.values(), self.counters_near,
        )  # fmt: skip
        self.terrain_item = self.layers.terrain_item
        self.marker_item = MarkerItem(self.map_painter, document.state)
        self.highlight_item = HexHighlightItem()
        for item in (self.marker_item, self.highlight_item):
            self.addItem(item)
        self._stacks: dict[Hex, dict[str, CounterItem]] = {}
        """The counter items in each hex: "what is in this hex" without a scan."""
        self._sides = {side: i for i, side in enumerate(document.scenario.sides)}
        self._options: dict[int, CounterOptions] = {}
        """The counter options of each side (shared by its counters)."""
        with _collector_paused():
            self.sync_units(document.state.units)

    # --- hit-testing through the hex math ----------------------------------------------------
    def hex_at(self, scene_pos: QPointF) -> Hex | None:
        """The map hex under a scene position, or None off the map."""
        h = self.layout.hex_at(scene_pos.x(), scene_pos.y())
        return h if h in self.hexmap.cells else None

    def hex_center(self, h: Hex) -> QPointF:
        x, y = self.layout.hex_to_pixel(h)
        return QPointF(x, y)

    def map_rect(self) -> QRectF:
        return self.map_painter.bounds

    # --- sync ------------------------------------------------------------------------------
    def show_labels(self, on: bool) -> None:
        if on != self.map_painter.labels:
            self.map_painter.labels = on
            self.layers.clear_terrain()

    def select_hex(self, h: Hex | None) -> None:
        shape = self.map_painter.shape(h) if h is not None and h in self.hexmap.cells else None
        self.highlight_item.show_hex(shape.polygon if shape is not None else None)

    def view_scaled(self, scale: float, visible: QRectF) -> None:
        """A view zoomed to ``scale`` and shows ``visible`` (scene coordinates): counters
        and tiles switch to that zoom level (the view calls this before it repaints)."""
        self.layers.view_scaled(scale, visible)

    # --- map edits (the map editor calls these after changing ``hexmap``) --------------------
    def invalidate_hexes(self, hexes: Iterable[Hex]) -> None:
        """The terrain or level of these hexes changed: the next frame shows them anew.

        Only the hexes' own pixels (and the edges and labels that reach into them) are
        repainted, in every cached zoom level, so a one-hex edit costs a handful of hexes'
        painting whatever the map's size."""
        hexes = [h for h in hexes if h in self.hexmap.cells]
        self.map_painter.forget(hexes)
        for h in hexes:
            self.layers.terrain_changed(self.map_painter.hex_rect(h))

    def invalidate_hexsides(self, sides: Iterable[HexSide]) -> None:
        """The features of these hexsides changed (a road, river or wall laid or removed):
        the next frame shows them anew, as :meth:`invalidate_hexes` does for hexes."""
        for side in sides:
            hexes = [h for h in (side.a, side.b) if h in self.hexmap.cells]
            self.map_painter.forget(hexes)
            rect = QRectF()
            for h in hexes:
                rect = rect.united(self.map_painter.hex_rect(h))
            if not rect.isEmpty():
                self.layers.terrain_changed(rect)

    def refresh_map(self) -> None:
        """The map's grid, hex size or layout changed: rebuild the terrain and move every
        counter (a full repaint: use the invalidate methods for edits of hexes)."""
        self.map_painter.refresh()
        self.layout = self.map_painter.layout
        margin = self.map_painter.size * 1.2
        self.setSceneRect(self.map_painter.bounds.adjusted(-margin, -margin, margin, margin))
        self.layers.rebuild()
        for h in list(self._stacks):
            self._restack(h)

    def refresh_markers(self, hexes: Iterable[Hex] = ()) -> None:
        self.marker_item.update()

    def set_viewer(self, side: str | None) -> None:
        """Draw the hidden minefields of ``side`` only (None: of no side), rules 1.7."""
        self.marker_item.viewer = side
        self.marker_item.update()

    def refresh_state(self) -> None:
        """The state object was replaced or restored: sync everything."""
        self.marker_item.state = self.document.state
        self.sync_units(set(self.counters) | set(self.document.state.units))
        self.marker_item.update()

    def sync_units(self, ids: Iterable[str]) -> None:
        """Create, update, move or remove the counters of these units, restacking the hexes
        they left and entered. Costs in proportion to ``ids``, whatever the game's size."""
        units = self.document.state.units
        touched: set[Hex] = set()
        fresh: list[CounterItem] = []
        for unit_id in ids:
            state = units.get(unit_id)
            item = self.counters.get(unit_id)
            if item is not None and item.hex is not None:
                touched.add(item.hex)
                self._file(item, None)
            if state is None or not state.on_map:
                if item is not None:
                    self.removeItem(item)
                    del self.counters[unit_id]
                continue
            if item is None:
                item = self._new_counter(state)
                self.counters[unit_id] = item
                fresh.append(item)
            else:
                item.sync(state)
            self._file(item, state.hex)
            touched.add(state.hex)  # type: ignore[arg-type]
        for h in touched:
            self._restack(h)
        for item in fresh:  # placed first: the scene's index files each item once
            self.addItem(item)

    def refresh_sides(self) -> None:
        """The scenario's sides changed (a colour, a side's place): each counter repaints
        with its side's colour (the items stay; only their face changes)."""
        self._sides = {side: i for i, side in enumerate(self.document.scenario.sides)}
        self._options.clear()
        sides = self.document.scenario.sides
        for item in self.counters.values():
            index = self._sides.get(item.state.side, 0)
            mark = side_color_of(sides, item.state.side).name()
            new = dataclasses.replace(item.options, side_index=index, side_mark=mark)
            shared = self._options.setdefault(index, new)  # one options object per side
            item.set_options(shared if shared == new else new)

    def retype(self, unit_type: UnitType) -> list[str]:
        """A unit type was edited (the counter editor): the game uses the new value and its
        counters are repainted; the ids of the units redrawn."""
        self.document.scenario.unit_types[unit_type.id] = unit_type
        ids = [uid for uid, item in self.counters.items() if item.unit_type.id == unit_type.id]
        for uid in ids:
            item = self.counters[uid]
            item.unit_type = unit_type
            item.sync(item.state)
        return ids

    def _file(self, item: CounterItem, h: Hex | None) -> None:
        """Move ``item`` to the stack of ``h`` (None: out of every stack)."""
        if item.hex is not None:
            for index, key in ((self._stacks, item.hex), (self._blocks, self._block(item.hex))):
                stack = index.get(key)  # type: ignore[attr-defined]
                if stack is not None:
                    stack.pop(item.unit_id, None)
                    if not stack:
                        del index[key]  # type: ignore[attr-defined]
        item.hex = h
        if h is not None:
            self._stacks.setdefault(h, {})[item.unit_id] = item
            self._blocks.setdefault(self._block(h), {})[item.unit_id] = item

    def _block(self, h: Hex) -> tuple[int, int]:
        col, row = self.hexmap.scheme.to_colrow(h)
        return col // BLOCK, row // BLOCK

    def counters_near(self, rect: QRectF) -> list[CounterItem]:
        """The counter items of the map blocks meeting ``rect`` (visible or hidden): a
        superset of those inside it, found without visiting the other blocks' units."""
        layout, scheme = self.layout, self.hexmap.scheme
        pad = self.counter_side
        r = rect.adjusted(-pad, -pad, pad, pad)
        corners = (r.topLeft(), r.topRight(), r.bottomLeft(), r.bottomRight())
        spots = [scheme.to_colrow(layout.hex_at(c.x(), c.y())) for c in corners]
        cols = [c // BLOCK for c, _ in spots]
        rows = [r // BLOCK for _, r in spots]
        out: list[CounterItem] = []
        blocks = self._blocks
        for i in range(min(cols), max(cols) + 1):
            for j in range(min(rows), max(rows) + 1):
                block = blocks.get((i, j))
                if block:
                    out.extend(block.values())
        return out

    def _new_counter(self, state: UnitState) -> CounterItem:
        """A counter item for ``state``, not filed, placed nor added to the scene yet."""
        unit_type = self.document.scenario.unit_types[state.type_id]
        index = self._sides.get(state.side, 0)
        options = self._options.get(index)
        if options is None:
            mark = side_color_of(self.document.scenario.sides, state.side).name()
            options = CounterOptions(side_index=index, side_mark=mark)
            self._options[index] = options
        item = CounterItem(unit_type, state, self.faces, options, self.layers.level)
        if self.layers.far_mode:
            item.setVisible(False)
        return item

    def _stacks_in(self, rect: QRectF) -> list[CounterItem]:
        """The counters of the hexes meeting ``rect``, each stack bottom first."""
        stacks = self._stacks
        out: list[CounterItem] = []
        for shape in self.map_painter.hexes_in(rect):
            if shape.hex in stacks:
                out.extend(self.stack_at(shape.hex))
        return out

    def stack_at(self, h: Hex) -> list[CounterItem]:
        """The counters in a hex, bottom first: support weapons under the platoons that carry
        them, then by id. Looked up in the scene's index by hex: other hexes' counters are
        never visited."""
        return sorted(self._stacks.get(h, {}).values(), key=stack_order)

    def occupied_hexes(self) -> set[Hex]:
        """The hexes with at least one counter."""
        return set(self._stacks)

    def _restack(self, h: Hex) -> None:
        items = self.stack_at(h)
        centre = self.hex_center(h) + QPointF(0, self.counter_side * 0.06)
        for k, (item, offset) in enumerate(
            zip(items, stack_offsets(len(items), self.counter_side), strict=True)
        ):
            item.setPos(centre + offset)
            item.setZValue(Z_COUNTERS + k)
        if h in self.hexmap.cells and self.layers.holds_counters():
            pad = self.counter_side
            self.layers.counters_changed(
                self.map_painter.hex_rect(h).adjusted(-pad, -pad, pad, pad)
            )
