"""The map scene: builds items from a game document and keeps them in sync with it."""

from __future__ import annotations

import math
from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsScene

from tabletop.documents import GameDocument
from tabletop.hexgrid import Hex
from tabletop.model import UnitState
from tabletop.render import CounterOptions, MapPainter
from tabletop.ui.items import (
    Z_COUNTERS,
    CounterItem,
    GridItem,
    HexHighlightItem,
    MarkerItem,
    TerrainItem,
    stack_offsets,
)

COUNTER_SHARE = 0.72
"""A counter's side as a share of the hex's flat-to-flat height."""


def stack_order(item: CounterItem) -> tuple[bool, str]:
    """Sort key of a stack, bottom first: support weapons, then by unit id."""
    return (item.state.sw_of is None, item.state.id)


class MapScene(QGraphicsScene):
    """Terrain, grid, markers and one counter item per unit on the map."""

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
        self.setBackgroundBrush(QColor("#3a3f44"))
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)

        self.terrain_item = TerrainItem(self.map_painter)
        self.grid_item = GridItem(self.map_painter)
        self.marker_item = MarkerItem(self.map_painter, document.state)
        self.highlight_item = HexHighlightItem()
        for item in (self.terrain_item, self.grid_item, self.marker_item, self.highlight_item):
            self.addItem(item)
        self.counters: dict[str, CounterItem] = {}
        self._stacks: dict[Hex, dict[str, CounterItem]] = {}
        """The counter items in each hex: "what is in this hex" without a scan."""
        self._sides = {side: i for i, side in enumerate(document.scenario.sides)}
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
        self.grid_item.set_labels(on)

    def select_hex(self, h: Hex | None) -> None:
        shape = self.map_painter.shapes.get(h) if h is not None else None
        self.highlight_item.show_hex(shape.polygon if shape is not None else None)

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
                self.addItem(item)
            else:
                item.sync(state)
            self._file(item, state.hex)
            touched.add(state.hex)  # type: ignore[arg-type]
        for h in touched:
            self._restack(h)

    def _file(self, item: CounterItem, h: Hex | None) -> None:
        """Move ``item`` to the stack of ``h`` (None: out of every stack)."""
        if item.hex is not None:
            stack = self._stacks.get(item.hex)
            if stack is not None:
                stack.pop(item.unit_id, None)
                if not stack:
                    del self._stacks[item.hex]
        item.hex = h
        if h is not None:
            self._stacks.setdefault(h, {})[item.unit_id] = item

    def _new_counter(self, state: UnitState) -> CounterItem:
        unit_type = self.document.scenario.unit_types[state.type_id]
        options = CounterOptions(side_index=self._sides.get(state.side, 0))
        return CounterItem(unit_type, state, self.counter_side, options)

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
