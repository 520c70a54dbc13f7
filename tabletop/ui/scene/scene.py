"""The map scene: builds items from a game document and keeps them in sync with it."""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Iterable, Iterator

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtWidgets import QGraphicsScene, QGraphicsSceneHelpEvent, QToolTip

from tabletop.documents import GameDocument
from tabletop.hexgrid import Hex, HexSide
from tabletop.model import UnitState, UnitType
from tabletop.model.collector import collector_paused
from tabletop.render import CounterOptions, MapPainter
from tabletop.render.counters import stack_offsets
from tabletop.render.faces import FaceCache, Look
from tabletop.render.palette import side_color_of
from tabletop.render.tiles import TileBudget
from tabletop.ui.scene.docks import unit_summary
from tabletop.ui.scene.items import (
    Z_COUNTERS,
    CounterItem,
    HexHighlightItem,
    MarkerBadgeItem,
    MarkerItem,
)
from tabletop.ui.scene.layers import BACKGROUND, FAR_COUNTER_PIXELS, MapLayers

IMAGE_CACHE_MB = 64
"""The images a map view keeps to paint fast, in MB: three quarters for the terrain's and
the far counters' tiles (least recently drawn dropped first, every layer in one budget), a
quarter for the counters' faces. The window's setting ``view/image_cache_mb`` overrides it
(the whole app on the 200 x 200 game of 10,000 units stays under 400 MB with the default)."""
MB = 1024 * 1024

COUNTER_SHARE = 0.72
"""A counter's side as a share of the hex's flat-to-flat height."""
BLOCK = 8
"""Columns and rows of a block of the index of counters by place (:meth:`counters_near`)."""
EAGER_COUNTERS = 1500
"""A game with at most this many units on the map gets every counter item at once; a
bigger one gets those near the view first and the others in idle time (:class:`MapScene`)."""
TOUCHED_KEPT = 4096
"""Units synced that :meth:`MapScene.mark_formation` keeps to look at again; beyond it,
it looks at every member of the formation once."""
ORDER_STEP = 1e-7
"""Z-value step between counters of equal height in their stacks, by the order their
items were made (a unit's place in the game's units at opening): overlapping counters of
neighbouring hexes stack the same way whatever order idle time makes their items in."""


def stack_order(item: CounterItem) -> tuple[bool, str]:
    """Sort key of a stack, bottom first: support weapons, then by unit id."""
    return (item.state.sw_of is None, item.state.id)


class Unmade:
    """The units on the map whose counter items are not made yet (a big game's, until
    idle time has made them all), by hex and by map block; each hex's units are all
    made or all waiting."""

    def __init__(self) -> None:
        self.at: dict[Hex, list[str]] = {}
        """The unit ids waiting in each hex."""
        self.blocks: dict[tuple[int, int], dict[Hex, None]] = {}
        """The hexes waiting in each map block (see :meth:`MapScene.counters_near`)."""
        self.hex_of: dict[str, Hex] = {}
        self.order: dict[str, int] = {}
        """Each waiting unit's place in the game's units at opening (see ORDER_STEP)."""

    def __bool__(self) -> bool:
        return bool(self.at)

    def add(self, unit_id: str, h: Hex, block: tuple[int, int], order: int) -> None:
        ids = self.at.get(h)
        if ids is None:
            ids = self.at[h] = []
            self.blocks.setdefault(block, {})[h] = None
        ids.append(unit_id)
        self.hex_of[unit_id] = h
        self.order[unit_id] = order

    def take(self, h: Hex, block: tuple[int, int]) -> list[str]:
        """The ids waiting in ``h``, no longer waiting (their orders stay, to be popped)."""
        ids = self.at.pop(h, [])
        hexes = self.blocks.get(block)
        if hexes is not None:
            hexes.pop(h, None)
            if not hexes:
                del self.blocks[block]
        for unit_id in ids:
            del self.hex_of[unit_id]
        return ids


class MapScene(QGraphicsScene):
    """Terrain and grid (raster tiles), markers and one counter item per unit on the map.

    Costs follow what is shown and what changed, not the map's size: building the scene
    computes no per-hex geometry, "what is in this hex" is an index lookup
    (:meth:`stack_at`), a unit change touches its own items (:meth:`sync_units`), and a
    map edit repaints only the edited hexes' pixels (:meth:`invalidate_hexes`,
    :meth:`invalidate_hexsides`, :meth:`refresh_map`).

    A game of more than :data:`EAGER_COUNTERS` units on the map opens without making
    their counter items: the view asks for those near what it shows before it paints
    (:meth:`view_painting`), idle time makes the others a few milliseconds at a time,
    nearest the view first, and every way to reach an item makes its hex's at once
    (:meth:`counter`, :meth:`stack_at`, :meth:`counters_near`, :meth:`sync_units`,
    :attr:`counters` for code that visits them all). The far-zoom tiles draw a waiting
    unit's face and place from its state, as its item would show them.
    """

    def __init__(self, document: GameDocument, parent=None, cache_mb: int | None = None) -> None:
        super().__init__(parent)
        self.document = document
        budget = IMAGE_CACHE_MB if cache_mb is None else max(8, cache_mb)
        self.hexmap = document.scenario.map
        self.map_painter = MapPainter(self.hexmap)
        self.layout = self.map_painter.layout
        size = self.map_painter.size
        self.counter_side = round(size * math.sqrt(3) * COUNTER_SHARE)
        margin = size * 1.2
        self.setSceneRect(self.map_painter.bounds.adjusted(-margin, -margin, margin, margin))
        self.setBackgroundBrush(BACKGROUND)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)
        self.faces = FaceCache(self.counter_side, budget_bytes=budget * MB // 4)
        self._items: dict[str, CounterItem] = {}
        """The counter items made so far, by unit id (see :attr:`counters`)."""
        self._blocks: dict[tuple[int, int], dict[str, CounterItem]] = {}
        """The counter items by map block of BLOCK x BLOCK hexes: those near a rectangle
        without a scan (:meth:`counters_near`)."""
        self.unmade = Unmade()
        self._backlog: list[tuple[int, int]] | None = None
        """The blocks idle time makes the waiting items of, farthest from the view first."""
        self._made = 0
        """Counter items made so far (for tests and benchmarks)."""
        self.layers = MapLayers(
            self, self.map_painter, self.faces, self._faces_in,
            lambda: self._items.values(), lambda r: self.counters_near(r, make=False),
            self._make_some, TileBudget(budget * MB - budget * MB // 4),
        )  # fmt: skip
        self.terrain_item = self.layers.terrain_item
        self.marker_item = MarkerItem(self.map_painter, document.state)
        self.badge_item = MarkerBadgeItem(self.map_painter, document.state, self._occupied)
        self.highlight_item = HexHighlightItem()
        for item in (self.marker_item, self.badge_item, self.highlight_item):
            self.addItem(item)
        self._stacks: dict[Hex, dict[str, CounterItem]] = {}
        """The counter items in each hex: "what is in this hex" without a scan."""
        self.selected_hex: Hex | None = None
        """The hex outlined as selected (:meth:`select_hex`)."""
        self._sides = {side: i for i, side in enumerate(document.scenario.sides)}
        self._options: dict[int, CounterOptions] = {}
        """The counter options of each side (shared by its counters)."""
        self.marked: frozenset[str] = frozenset()
        """The units whose counters are ringed (:meth:`mark_formation`)."""
        self._marked_key: tuple[object, ...] | None = None
        self._touched: set[str] | None = set()
        """The units synced since :meth:`mark_formation` last looked (None: too many to
        keep, every member is looked at again)."""
        self._members: dict[tuple[object, ...], frozenset[str]] = {}
        self._orders = 0
        """The order the next item made gets (see ORDER_STEP)."""
        with collector_paused():  # thousands of items, no cycle: see model.collector
            self._wait_or_make(document.state.units)

    def _wait_or_make(self, units: dict[str, UnitState]) -> None:
        """Make the counter items of a small game; file a big one's units as waiting."""
        at: dict[Hex, list[str]] = {}
        for uid, u in units.items():
            h = u.hex
            if h is not None and u.alive:
                ids = at.get(h)
                if ids is None:
                    at[h] = [uid]
                else:
                    ids.append(uid)
        self._orders = len(units)
        count = sum(map(len, at.values()))
        if count <= EAGER_COUNTERS:
            self.sync_units([uid for uid, u in units.items() if u.hex in at and u.alive])
            return
        unmade = self.unmade
        unmade.at = at
        unmade.hex_of = {uid: h for h, ids in at.items() for uid in ids}
        hex_of = unmade.hex_of
        unmade.order = {uid: k for k, uid in enumerate(units) if uid in hex_of}
        block, blocks = self._block, unmade.blocks
        for h in at:
            blocks.setdefault(block(h), {})[h] = None
        self.layers.backlog_due()

    # --- counter items --------------------------------------------------------------------
    @property
    def counters(self) -> dict[str, CounterItem]:
        """Every unit's counter item by unit id: those still waiting are made now, all
        of them (for code that visits every counter; :meth:`counter` makes one)."""
        if self.unmade:
            self._make_hexes(list(self.unmade.at))
        return self._items

    def counter(self, unit_id: str) -> CounterItem | None:
        """The counter item of a unit on the map (made now, with its hex's, if it was
        waiting), or None for a unit off the map."""
        item = self._items.get(unit_id)
        if item is None:
            h = self.unmade.hex_of.get(unit_id)
            if h is not None:
                self._make_hexes([h])
                item = self._items.get(unit_id)
        return item

    def made_counters(self) -> Iterable[CounterItem]:
        """The counter items made so far (those waiting are made as they stand)."""
        return self._items.values()

    def made(self) -> int:
        """How many counter items this scene has made."""
        return self._made

    def view_painting(self, scale: float, visible: QRectF) -> None:
        """A view at ``scale`` is about to paint ``visible``: make the waiting counter
        items near it (not in far mode, where tiles draw the counters)."""
        if self.unmade and self.faces.side * scale >= FAR_COUNTER_PIXELS:
            self._make_near(visible)

    def _make_some(self, deadline: float) -> bool:
        """Idle time: make waiting items, the blocks nearest the view first, until
        ``deadline``; whether any are left."""
        if not self.unmade:
            return False
        if self._backlog is None:
            views = self.views()
            centre = (views[0].mapToScene(views[0].viewport().rect().center())
                      if views else self.map_rect().center())  # fmt: skip
            h = self.layout.hex_at(centre.x(), centre.y())
            i, j = self._block(h)
            self._backlog = sorted(self.unmade.blocks,
                                   key=lambda b: -((b[0] - i) ** 2 + (b[1] - j) ** 2))  # fmt: skip
        backlog = self._backlog
        while backlog and time.perf_counter() < deadline:
            hexes = self.unmade.blocks.get(backlog.pop())
            if hexes:
                self._make_hexes(list(hexes))
        if not self.unmade:
            self._backlog = None
            return False
        if not backlog:
            self._backlog = None  # waiting hexes the order has not seen: sort again
        return True

    def _make_near(self, rect: QRectF) -> None:
        hexes = []
        blocks = self.unmade.blocks
        for key in self._block_keys(rect):
            found = blocks.get(key)
            if found:
                hexes.extend(found)
        if hexes:
            self._make_hexes(hexes)

    def _make_hexes(self, hexes: list[Hex]) -> None:
        """Make, file, place and add the items of the units waiting in ``hexes``."""
        units = self.document.state.units
        unmade = self.unmade
        fresh: list[CounterItem] = []
        for h in hexes:
            for unit_id in unmade.take(h, self._block(h)):
                state, order = units.get(unit_id), unmade.order.pop(unit_id)
                if state is None or not state.on_map:  # gone without a sync: nothing to show
                    continue
                item = self._new_counter(state, order)
                self._items[unit_id] = item
                self._file(item, h)
                fresh.append(item)
            self._restack(h, changed=False)
        for item in fresh:
            self.addItem(item)

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

    def render(self, *args, **kwargs) -> None:
        """Render into a picture or a printer: every counter item first (a picture shows
        the finished map)."""
        if self.unmade:
            self._make_hexes(list(self.unmade.at))
        super().render(*args, **kwargs)

    # --- sync ------------------------------------------------------------------------------
    def show_labels(self, on: bool) -> None:
        if on != self.map_painter.labels:
            self.map_painter.labels = on
            self.layers.clear_terrain()

    def show_art(self, on: bool) -> None:
        """The map art (terrain as areas) or the flat style (View > Map Art)."""
        if on != self.map_painter.art:
            self.map_painter.art = on
            self.layers.clear_terrain()

    def select_hex(self, h: Hex | None) -> None:
        shape = self.map_painter.shape(h) if h is not None and h in self.hexmap.cells else None
        self.selected_hex = h if shape is not None else None
        self.highlight_item.show_hex(shape.polygon if shape is not None else None)

    def counter_at(self, scene_pos: QPointF) -> CounterItem | None:
        """The counter whose visible part is under ``scene_pos`` (the topmost one there: a
        fanned-out counter over the hex beneath), or None. The square counts, not the
        transparent margin of its pixmap; far out, where tiles draw the counters, none."""
        if self.layers.far_mode:
            return None
        half = self.faces.side / 2
        for item in self.items(scene_pos):
            if isinstance(item, CounterItem) and item.isVisible():
                at = item.pos()
                if abs(scene_pos.x() - at.x()) <= half and abs(scene_pos.y() - at.y()) <= half:
                    return item
        return None

    def stack_tooltip(self, h: Hex) -> str:
        """Every unit in ``h``, top first, one line each: name, id and state."""
        units = self.document.state.units
        lines = []
        for item in reversed(self.stack_at(h)):
            state = units.get(item.unit_id, item.state)
            name, words = unit_summary(self.document, state)
            lines.append(f"{name}: {words}" if words else name)
        return "\n".join(lines)

    def helpEvent(self, event: QGraphicsSceneHelpEvent) -> None:
        """A tooltip over a counter names every unit of its hex (not only the top one)."""
        item = self.counter_at(event.scenePos())
        text = self.stack_tooltip(item.hex) if item is not None and item.hex is not None else ""
        if text:
            QToolTip.showText(event.screenPos(), text, event.widget())
        else:
            QToolTip.hideText()
        event.setAccepted(bool(text))

    def view_scaled(self, scale: float, visible: QRectF) -> None:
        """A view zoomed to ``scale`` and shows ``visible`` (scene coordinates): counters
        and tiles switch to that zoom level (the view calls this before it repaints)."""
        self.view_painting(scale, visible)
        self.layers.view_scaled(scale, visible)

    # --- map edits (the map editor calls these after changing ``hexmap``) --------------------
    def invalidate_hexes(self, hexes: Iterable[Hex]) -> None:
        """The terrain or level of these hexes changed: the next frame shows them anew.

        Only the hexes' own pixels (and the edges and labels that reach into them) are
        repainted, in every cached zoom level, so a one-hex edit costs a handful of hexes'
        painting whatever the map's size."""
        hexes = [h for h in hexes if h in self.hexmap.cells]
        self.map_painter.forget(hexes)
        for h in hexes:  # the art's edges and textures of the neighbours change too
            self.layers.terrain_changed(self.map_painter.art_rect(h))

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
        self._blocks = {}
        for item in self._items.values():
            if item.hex is not None:
                self._blocks.setdefault(self._block(item.hex), {})[item.unit_id] = item
        self.unmade.blocks = {}
        for h in self.unmade.at:
            self.unmade.blocks.setdefault(self._block(h), {})[h] = None
        self._backlog = None
        for h in list(self._stacks):
            self._restack(h)

    def refresh_markers(self, hexes: Iterable[Hex] = ()) -> None:
        self.marker_item.update()
        self.badge_item.update()

    def set_viewer(self, side: str | None) -> None:
        """Draw the hidden minefields of ``side`` only (None: of no side), rules 1.7."""
        for item in (self.marker_item, self.badge_item):
            item.viewer = side
            item.update()

    def _occupied(self, h: Hex) -> bool:
        """Whether counters stand in ``h`` (made or waiting), for the marker badges."""
        return h in self._stacks or h in self.unmade.at

    def refresh_state(self) -> None:
        """The state object was replaced or restored: sync everything (units still
        waiting for their items are filed again where they now stand, still waiting)."""
        self.marker_item.state = self.badge_item.state = self.document.state
        units = self.document.state.units
        unmade, self.unmade = self.unmade, Unmade()
        self._backlog = None
        self.sync_units(set(self._items) | (set(units) - set(unmade.hex_of)))
        for unit_id, old in unmade.hex_of.items():
            self._counters_changed(old)
            state = units.get(unit_id)
            if state is None or not state.on_map:
                continue
            h: Hex = state.hex
            self.unmade.add(unit_id, h, self._block(h), unmade.order[unit_id])
            if h in self._stacks:  # among made items: made too (a hex is all one or other)
                self._make_hexes([h])
            self._counters_changed(h)
        if self.unmade:
            self.layers.backlog_due()
        self.marker_item.update()
        self.badge_item.update()

    def sync_units(self, ids: Iterable[str]) -> None:
        """Create, update, move or remove the counters of these units, restacking the hexes
        they left and entered. Costs in proportion to ``ids``, whatever the game's size
        (the items of waiting hexes they are in or enter are made first)."""
        units = self.document.state.units
        ids = list(ids)
        if self.unmade:
            self._make_for(ids)
        seen = self._touched
        if seen is not None:
            seen.update(ids)
            if len(seen) > TOUCHED_KEPT:
                self._touched = None
        touched: set[Hex] = set()
        fresh: list[CounterItem] = []
        items = self._items
        for unit_id in ids:
            state = units.get(unit_id)
            item = items.get(unit_id)
            if item is not None and item.hex is not None:
                touched.add(item.hex)
                self._file(item, None)
            if state is None or not state.on_map:
                if item is not None:
                    self.removeItem(item)
                    del items[unit_id]
                continue
            if item is None:
                item = self._new_counter(state, self._orders)
                self._orders += 1
                items[unit_id] = item
                fresh.append(item)
            else:
                item.sync(state)
            self._file(item, state.hex)
            touched.add(state.hex)
        for h in touched:
            self._restack(h)
        for item in fresh:  # placed first: the scene's index files each item once
            self.addItem(item)

    def _make_for(self, ids: list[str]) -> None:
        """Make the waiting items of the hexes these units stand in or have entered."""
        waiting, hex_of = self.unmade.at, self.unmade.hex_of
        units = self.document.state.units
        hexes = {hex_of[i] for i in ids if i in hex_of}
        for unit_id in ids:
            state = units.get(unit_id)
            if state is not None and state.hex in waiting:
                hexes.add(state.hex)
        if hexes:
            self._make_hexes(list(hexes))

    def refresh_sides(self) -> None:
        """The scenario's sides changed (a colour, a side's place): each counter repaints
        with its side's colour (the items stay; only their face changes)."""
        self._sides = {side: i for i, side in enumerate(self.document.scenario.sides)}
        self._options.clear()
        sides = self.document.scenario.sides
        for item in self._items.values():
            index = self._sides.get(item.state.side, 0)
            mark = side_color_of(sides, item.state.side).name()
            new = dataclasses.replace(item.options, side_index=index, side_mark=mark)
            plain = dataclasses.replace(new, selected=False, marked=False)
            shared = self._options.setdefault(index, plain)  # one options object per side
            item.set_options(shared if shared == new else new)
        if self.layers.holds_counters():
            self.layers.counters_changed(self.sceneRect())

    def retype(self, unit_type: UnitType) -> list[str]:
        """A unit type was edited (the counter editor): the game uses the new value and its
        counters are repainted; the ids of the units redrawn (waiting ones included: they
        will be made with it)."""
        self.document.scenario.unit_types[unit_type.id] = unit_type
        ids = [uid for uid, item in self._items.items() if item.unit_type.id == unit_type.id]
        for uid in ids:
            item = self._items[uid]
            item.unit_type = unit_type
            item.sync(item.state)
            if item.hex is not None:
                self._counters_changed(item.hex)
        units = self.document.state.units
        for uid, h in self.unmade.hex_of.items():
            state = units.get(uid)
            if state is not None and state.type_id == unit_type.id:
                ids.append(uid)
                self._counters_changed(h)
        return ids

    def _file(self, item: CounterItem, h: Hex | None) -> None:
        """Move ``item`` to the stack of ``h`` (None: out of every stack)."""
        if item.hex is not None:
            for index, key in ((self._stacks, item.hex), (self._blocks, self._block(item.hex))):
                stack = index.get(key)
                if stack is not None:
                    stack.pop(item.unit_id, None)
                    if not stack:
                        del index[key]
        item.hex = h
        if h is not None:
            self._stacks.setdefault(h, {})[item.unit_id] = item
            self._blocks.setdefault(self._block(h), {})[item.unit_id] = item

    def _block(self, h: Hex) -> tuple[int, int]:
        col, row = self.hexmap.scheme.to_colrow(h)
        return col // BLOCK, row // BLOCK

    def _block_keys(self, rect: QRectF) -> Iterator[tuple[int, int]]:
        """The map blocks meeting ``rect`` padded by a counter."""
        layout, scheme = self.layout, self.hexmap.scheme
        pad = self.counter_side
        r = rect.adjusted(-pad, -pad, pad, pad)
        corners = (r.topLeft(), r.topRight(), r.bottomLeft(), r.bottomRight())
        spots = [scheme.to_colrow(layout.hex_at(c.x(), c.y())) for c in corners]
        cols = [c // BLOCK for c, _ in spots]
        rows = [r // BLOCK for _, r in spots]
        for i in range(min(cols), max(cols) + 1):
            for j in range(min(rows), max(rows) + 1):
                yield i, j

    def counters_near(self, rect: QRectF, *, make: bool = True) -> list[CounterItem]:
        """The counter items of the map blocks meeting ``rect`` (visible or hidden; those
        waiting made now, unless not ``make``): a superset of those inside it, found
        without visiting the other blocks' units."""
        keys = list(self._block_keys(rect))
        if make and self.unmade:
            self._make_near(rect)
        out: list[CounterItem] = []
        blocks = self._blocks
        for key in keys:
            block = blocks.get(key)
            if block:
                out.extend(block.values())
        return out

    def _side_options(self, side: str) -> CounterOptions:
        """The counter options of ``side``'s counters (one object per side)."""
        index = self._sides.get(side, 0)
        options = self._options.get(index)
        if options is None:
            mark = side_color_of(self.document.scenario.sides, side).name()
            options = CounterOptions(side_index=index, side_mark=mark)
            self._options[index] = options
        return options

    def _unit_options(self, state: UnitState) -> CounterOptions:
        """The options a unit's counter is painted with: its side's, ringed if marked."""
        options = self._side_options(state.side)
        if state.id in self.marked:
            options = dataclasses.replace(options, marked=True)
        return options

    def mark_formation(self, side: str | None, formation: str | None) -> None:
        """Ring the counters of ``side``'s ``formation`` (the formation whose chit was
        drawn, while its impulse is active); None: no counter is ringed. While the
        formation and the game's units stay the same, only the units synced since the
        last call are looked at again (one may have come on or been eliminated), not
        every unit of the formation after every action."""
        state = self.document.state
        key = (side, formation, id(state), len(state.units)) if formation else None
        touched, self._touched = self._touched, set()
        if key == self._marked_key and touched is not None:
            if not formation or not touched:
                return
            members = self._formation_members(side, formation)
            units = state.units
            now = set(self.marked)
            for uid in touched:
                if uid in members:
                    unit = units.get(uid)
                    if unit is not None and unit.on_map:
                        now.add(uid)
                    else:
                        now.discard(uid)
            marked = frozenset(now)
        else:
            self._marked_key = key
            units = state.units
            marked = frozenset(
                uid for uid in self._formation_members(side, formation) if units[uid].on_map
            ) if formation else frozenset()  # fmt: skip
        changed, self.marked = self.marked ^ marked, marked
        for unit_id in changed:
            item = self._items.get(unit_id)
            if item is not None:
                item.set_options(dataclasses.replace(item.options, marked=unit_id in marked))
                if item.hex is not None:
                    self._counters_changed(item.hex)
            elif unit_id in self.unmade.hex_of:  # a far-zoom tile draws it from its state
                self._counters_changed(self.unmade.hex_of[unit_id])

    def _formation_members(self, side: str | None, formation: str) -> frozenset[str]:
        """The ids of ``side``'s units of ``formation``, found once while the game holds the
        same units (a unit's side and formation never change; one that comes on later is
        a new entry): after each action only they are looked at, not every unit."""
        state = self.document.state
        key = (side, formation, id(state), len(state.units))
        found = self._members.get(key)
        if found is None:
            found = frozenset(
                uid for uid, u in state.units.items() if u.side == side and u.formation == formation
            )
            self._members = {key: found}
        return found

    def _new_counter(self, state: UnitState, order: int) -> CounterItem:
        """A counter item for ``state``, not filed, placed nor added to the scene yet."""
        unit_type = self.document.scenario.unit_types[state.type_id]
        item = CounterItem(unit_type, state, self.faces, self._unit_options(state),
                           self.layers.level)  # fmt: skip
        item.order = order
        if self.layers.far_mode:
            item.setVisible(False)
        self._made += 1
        return item

    def _faces_in(self, rect: QRectF) -> list[tuple[QPointF, Look]]:
        """Where the counters of the hexes meeting ``rect`` draw their faces (the top left
        corner) and their looks, each stack bottom first; those waiting for their items
        as the items will show them."""
        stacks, waiting = self._stacks, self.unmade.at
        out: list[tuple[QPointF, Look]] = []
        for shape in self.map_painter.hexes_in(rect):
            h = shape.hex
            if h in stacks:
                out.extend((i.pos() + i.offset(), i.look) for i in self.stack_at(h))
            elif h in waiting:
                out.extend(self._waiting_faces(h))
        return out

    def _waiting_faces(self, h: Hex) -> list[tuple[QPointF, Look]]:
        units, types = self.document.state.units, self.document.scenario.unit_types
        states = [s for s in map(units.get, self.unmade.at[h]) if s is not None]
        states.sort(key=lambda s: (s.sw_of is None, s.id))  # as stack_order sorts items
        centre = self.hex_center(h) + QPointF(0, self.counter_side * 0.06)
        corner, look = self.faces.offset, self.faces.look
        offsets = stack_offsets(len(states), self.counter_side)
        return [(centre + offset + corner, look(types[s.type_id], s, self._unit_options(s)))
                for s, offset in zip(states, offsets, strict=True)]  # fmt: skip

    def stack_at(self, h: Hex) -> list[CounterItem]:
        """The counters in a hex, bottom first: support weapons under the platoons that carry
        them, then by id. Looked up in the scene's index by hex: other hexes' counters are
        never visited (those of a waiting hex are made now)."""
        if h in self.unmade.at:
            self._make_hexes([h])
        return sorted(self._stacks.get(h, {}).values(), key=stack_order)

    def occupied_hexes(self) -> set[Hex]:
        """The hexes with at least one counter (made or waiting)."""
        return set(self._stacks) | set(self.unmade.at)

    def _restack(self, h: Hex, *, changed: bool = True) -> None:
        """Place the items of ``h``'s stack; ``changed``: the far-zoom tiles show it anew."""
        items = self.stack_at(h)
        centre = self.hex_center(h) + QPointF(0, self.counter_side * 0.06)
        for k, (item, offset) in enumerate(
            zip(items, stack_offsets(len(items), self.counter_side), strict=True)
        ):
            item.setPos(centre + offset)
            item.setZValue(Z_COUNTERS + k + item.order * ORDER_STEP)
        if changed:
            self._counters_changed(h)
            if any(m.hex == h for m in self.document.state.hex_markers):
                self.badge_item.update(self.map_painter.hex_rect(h))  # a badge comes or goes

    def _counters_changed(self, h: Hex) -> None:
        if h in self.hexmap.cells and self.layers.holds_counters():
            pad = self.counter_side
            self.layers.counters_changed(
                self.map_painter.hex_rect(h).adjusted(-pad, -pad, pad, pad)
            )
