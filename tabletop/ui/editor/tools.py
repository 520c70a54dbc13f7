"""The map editor's tools, one class each with its own cursor and status-bar hint.

Every tool works through the :class:`~tabletop.ui.tools.Tool` protocol: the view hands it
press, moves and release in hex terms. A stroke (press, moves, release) pushes one
:class:`~tabletop.commands.EditMap` per move under one merge key, so it undoes as one step.
What a tool changes is computed by :mod:`tabletop.commands.mapedit`.
"""

from __future__ import annotations

import itertools
import math

from PySide6.QtCore import QPointF, Qt

from tabletop.commands import EditMap
from tabletop.commands import mapedit as ops
from tabletop.hexgrid import Hex, HexSide
from tabletop.ui.editor.host import EditorHost
from tabletop.ui.tools import Tool, ToolEvent

EDGE_FEATURES = ("river", "wall", "fence", "embankment")
"""Features drawn along a hexside's edge: the tool lays them on the edges the mouse follows.
The others (road, bridge) cross the hexside from hex to hex along the mouse's course."""
EDGE_REACH = 0.5
"""How near (in hex sizes) the mouse must pass an edge's midpoint to lay an edge feature."""
ERASE = Qt.KeyboardModifier.ShiftModifier
"""Held at the press, the stroke erases instead of laying (hexsides; terrain: the default)."""


def nearest_side(editor: EditorHost, pos: QPointF) -> HexSide | None:
    """The hexside of the map whose midpoint is nearest ``pos``, if within EDGE_REACH."""
    scene = editor.scene
    h = scene.layout.hex_at(pos.x(), pos.y())
    best: tuple[float, HexSide] | None = None
    for n in h.neighbors():
        side = HexSide(h, n)
        (x0, y0), (x1, y1) = scene.layout.side_endpoints(side)
        d = math.hypot((x0 + x1) / 2 - pos.x(), (y0 + y1) / 2 - pos.y())
        if best is None or d < best[0]:
            best = (d, side)
    if best is None or best[0] > EDGE_REACH * scene.map_painter.size:
        return None
    side = best[1]
    cells = editor.document.map.cells
    return side if side.a in cells and side.b in cells else None


def samples(a: QPointF, b: QPointF, step: float) -> list[QPointF]:
    """Points from ``a`` (exclusive) to ``b`` (inclusive) no further apart than ``step``."""
    d = math.hypot(b.x() - a.x(), b.y() - a.y())
    n = max(1, math.ceil(d / step))
    return [a + (b - a) * (i / n) for i in range(1, n + 1)]


class EditorTool(Tool):
    """A tool of the map editor: knows the editor (document, scene, brush)."""

    def __init__(self, editor: EditorHost) -> None:
        super().__init__()
        self.editor = editor

    def push(self, command: EditMap) -> None:
        if command:
            self.editor.document.push(command, merge=True)

    def preview_brush(self, event: ToolEvent) -> None:
        """Outline the hexes the brush (its radius) would cover under the mouse."""
        if event.hex is None:
            self.editor.scene.clear_preview()
            return
        radius = self.editor.brush.radius
        self.editor.scene.preview_hexes(ops.brush(self.editor.document.map, event.hex, radius))


class SelectTool(EditorTool):
    name = "select"
    cursor = Qt.CursorShape.ArrowCursor
    hint = "Select: click a hex to see its terrain, level and hexsides; drag to pan."

    def click(self, event: ToolEvent) -> bool:
        self.editor.select_hex(event.hex)
        return True


class StrokeTool(EditorTool):
    """A tool whose press, moves and release make one undo step."""

    def __init__(self, editor: EditorHost) -> None:
        super().__init__(editor)
        self.stroke: str | None = None
        self.erase = False
        self.last_hex: Hex | None = None
        self.last_pos: QPointF | None = None

    def press(self, event: ToolEvent) -> bool:
        if event.button != Qt.MouseButton.LeftButton or event.hex is None:
            return False
        self.stroke = self.editor.document.new_stroke()
        self.erase = bool(event.modifiers & ERASE)
        self.last_hex, self.last_pos = event.hex, event.scene_pos
        self.begin(event)
        return True

    def move(self, event: ToolEvent) -> None:
        if self.stroke is None:
            return
        self.extend(event)
        self.last_pos = event.scene_pos
        if event.hex is not None:
            self.last_hex = event.hex

    def release(self, event: ToolEvent) -> None:
        if self.stroke is not None:
            self.finish(event)
        self.stroke = None
        self.editor.scene.clear_preview()

    def cancel(self) -> None:
        self.stroke = None
        self.editor.scene.clear_preview()

    def deactivate(self) -> None:
        self.cancel()

    def course(self, event: ToolEvent) -> list[Hex]:
        """The hexes from the last one (exclusive) to the one under the mouse, so that a
        fast mouse skips none."""
        if event.hex is None or self.last_hex is None or event.hex == self.last_hex:
            return []
        return self.last_hex.line_to(event.hex)[1:]

    def begin(self, event: ToolEvent) -> None: ...

    def extend(self, event: ToolEvent) -> None: ...

    def finish(self, event: ToolEvent) -> None: ...


class BrushTool(StrokeTool):
    name = "brush"
    cursor = Qt.CursorShape.CrossCursor
    hint = (
        "Terrain brush: drag to paint the palette's terrain; [ and ] change the size "
        "(1 hex, radius 1, radius 2); Shift paints the map's default terrain."
    )

    def _paint(self, centres: list[Hex]) -> None:
        brush = self.editor.brush
        name = self.editor.document.map.default if self.erase else brush.terrain
        hexes = [h for c in centres for h in ops.brush(self.editor.document.map, c, brush.radius)]
        cells = ops.paint(self.editor.document.map, hexes, name)
        self.push(EditMap(self.editor.document.map, f"Paint {name}", cells, stroke=self.stroke))

    def begin(self, event: ToolEvent) -> None:
        assert event.hex is not None
        self._paint([event.hex])

    def extend(self, event: ToolEvent) -> None:
        self._paint(self.course(event))

    def hover(self, event: ToolEvent) -> None:
        self.preview_brush(event)


class FillTool(EditorTool):
    name = "fill"
    cursor = Qt.CursorShape.PointingHandCursor
    hint = (
        "Flood fill: click to paint the palette's terrain over the connected hexes of one terrain."
    )

    def press(self, event: ToolEvent) -> bool:
        if event.button != Qt.MouseButton.LeftButton or event.hex is None:
            return False
        hexmap = self.editor.document.map
        name = self.editor.brush.terrain
        cells = ops.paint(hexmap, ops.flood(hexmap, event.hex), name)
        self.push(
            EditMap(hexmap, f"Fill with {name}", cells, stroke=self.editor.document.new_stroke())
        )
        return True


class RectTool(StrokeTool):
    name = "rect"
    cursor = Qt.CursorShape.CrossCursor
    hint = "Rectangle: drag from corner to corner to paint the palette's terrain over the block."

    def begin(self, event: ToolEvent) -> None:
        self.anchor = event.hex
        self.extend(event)

    def _hexes(self, event: ToolEvent) -> list[Hex]:
        end = event.hex if event.hex is not None else self.last_hex
        if self.anchor is None or end is None:
            return []
        return ops.rectangle(self.editor.document.map, self.anchor, end)

    def extend(self, event: ToolEvent) -> None:
        self.editor.scene.preview_hexes(self._hexes(event))

    def finish(self, event: ToolEvent) -> None:
        hexmap = self.editor.document.map
        name = hexmap.default if self.erase else self.editor.brush.terrain
        cells = ops.paint(hexmap, self._hexes(event), name)
        self.push(EditMap(hexmap, f"Fill rectangle with {name}", cells, stroke=self.stroke))


class LevelTool(StrokeTool):
    name = "level"
    cursor = Qt.CursorShape.UpArrowCursor
    hint = (
        "Level brush: drag to raise, lower or set the level of the hexes under the brush "
        "(each hex once per stroke); pick the mode in the palette."
    )

    def begin(self, event: ToolEvent) -> None:
        self.done: set[Hex] = set()
        assert event.hex is not None
        self._level([event.hex])

    def extend(self, event: ToolEvent) -> None:
        self._level(self.course(event))

    def _level(self, centres: list[Hex]) -> None:
        brush = self.editor.brush
        hexmap = self.editor.document.map
        hexes = [h for c in centres for h in ops.brush(hexmap, c, brush.radius)]
        fresh = [h for h in dict.fromkeys(hexes) if h not in self.done]
        self.done.update(fresh)
        cells = ops.relevel(hexmap, fresh, brush.level_mode, brush.level_value)
        self.push(EditMap(hexmap, brush.level_text(), cells, stroke=self.stroke))

    def hover(self, event: ToolEvent) -> None:
        self.preview_brush(event)


class HexsideTool(StrokeTool):
    name = "hexside"
    cursor = Qt.CursorShape.CrossCursor
    hint = (
        "Hexsides: drag along the edges for a river, wall, fence or embankment, from hex to "
        "hex for a road or bridge; Shift erases; a road across a river gets a bridge."
    )

    def begin(self, event: ToolEvent) -> None:
        self.laid: list[HexSide] = []
        if self._edges():
            self._take([s for s in [nearest_side(self.editor, event.scene_pos)] if s])

    def _edges(self) -> bool:
        feature = self.editor.brush.feature
        return feature in EDGE_FEATURES or feature == "entrance"

    def extend(self, event: ToolEvent) -> None:
        if self._edges():
            assert self.last_pos is not None
            step = self.editor.scene.map_painter.size / 4
            found = [
                nearest_side(self.editor, p) for p in samples(self.last_pos, event.scene_pos, step)
            ]
            self._take([s for s in found if s is not None])
            return
        course = self.course(event)
        hexes = [self.last_hex, *course] if course else []
        self._take([HexSide(a, b) for a, b in itertools.pairwise(hexes)])

    def _take(self, sides: list[HexSide]) -> None:
        fresh = [s for s in dict.fromkeys(sides) if s not in self.laid]
        if not fresh:
            return
        self.laid.extend(fresh)
        hexmap = self.editor.document.map
        feature = self.editor.brush.feature
        if feature == "entrance":
            cells = {}
            for side in fresh:
                cells.update(ops.toggle_entrance(hexmap, side))
            self.push(EditMap(hexmap, "Bunker entrance", cells, stroke=self.stroke))
        else:
            changes = ops.lay(hexmap, fresh, feature, erase=self.erase)
            verb = "Erase" if self.erase else "Lay"
            self.push(EditMap(hexmap, f"{verb} {feature}", sides=changes, stroke=self.stroke))
        self.editor.scene.preview_sides(self.laid)

    def hover(self, event: ToolEvent) -> None:
        side = nearest_side(self.editor, event.scene_pos) if self._edges() else None
        self.editor.scene.preview_sides([side] if side else [])
