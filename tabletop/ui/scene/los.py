"""The line-of-sight tool and the field-of-view overlay (rules section 4).

Drag from one hex to another: the sight line is drawn between their centres with the range
and the verdict, the hexes (or crest hexsides) that block it hatched, the hindrances
outlined, and the reason written beside the far end. The answer is the document's
line-of-sight engine (``GameDocument.los``), the very answer of ``tabletop los``: a unit in
a hex stands for it (a flying or NOE helicopter sees from above, rules 4.4), and the game's
Smoke and Wreck markers count.

The field-of-view overlay greys every hex a unit could not be seen in from one viewpoint
(the engine's numpy field of view, ``visible_from``).
"""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from tabletop.documents import GameDocument
from tabletop.hexgrid import Hex, HexSide
from tabletop.model import HexMap
from tabletop.rules import LosResult, Viewpoint, viewpoint_of
from tabletop.ui.scene.marks import Z_OVERLAY, Z_SIGHT, HexMarks, SightLine
from tabletop.ui.tools.base import Tool, ToolEvent

CLEAR = QColor("#0072b2")
"""A clear line: blue (Okabe-Ito), solid."""
BLOCKED = QColor("#d55e00")
"""A blocked line: vermillion, dashed beyond the first obstacle; blockers cross-hatched."""
HINDERED = QColor("#e69f00")
FOG = QColor(20, 24, 28, 120)


def viewpoint_at(document: GameDocument, h: Hex) -> Viewpoint:
    """The viewpoint of a hex: its unit that sees from highest (a flying helicopter, then
    NOE), else the ground."""
    state = document.state
    best = Viewpoint(h)
    for unit in state.units_at(h):
        point = viewpoint_of(state, unit)
        if point.helicopter_mode == "flying":
            return point
        if point.helicopter_mode == "noe":
            best = point
    return best


def describe(document: GameDocument, result: LosResult) -> str:
    """``0304 -> 0706, range 4`` and the verdict on a second line, hindrances on a third:
    the sentence of ``tabletop los``, in lines for the map."""
    return describe_on(document.scenario.map, result)


def describe_on(hexmap: HexMap, result: LosResult) -> str:
    """:func:`describe` with the map alone (the map editor's sight lines)."""
    lines = [
        f"{hexmap.label(result.from_hex)} \u2192 {hexmap.label(result.to_hex)}, "
        f"range {result.range}",
        "line of sight clear" if result.clear else f"no line of sight: {result.reason}",
    ]
    if result.hindrances:
        lines.append("hindrances: " + ", ".join(hexmap.label(h) for h in result.hindrances))
    return "\n".join(lines)


class _SideMarks(QGraphicsItem):
    """Thick strokes along blocking hexsides (a crest, a line between two blockers)."""

    def __init__(self) -> None:
        super().__init__()
        self.path = QPainterPath()
        self.setZValue(Z_OVERLAY + 0.5)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_sides(self, scene: QGraphicsScene, sides: list[HexSide]) -> None:
        self.prepareGeometryChange()
        path = QPainterPath()
        layout = scene.layout
        for side in sides:
            (x1, y1), (x2, y2) = layout.side_endpoints(side)
            path.moveTo(x1, y1)
            path.lineTo(x2, y2)
        self.path = path
        self.setVisible(bool(sides))

    def boundingRect(self) -> QRectF:
        return self.path.boundingRect().adjusted(-6, -6, 6, 6)

    def paint(self, painter: QPainter, option, widget=None) -> None:
        pen = QPen(BLOCKED, 7.0)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.drawPath(self.path)


class SightDrawing:
    """A sight line's answer on a map scene: the line from centre to centre with its
    caption near the far end (solid, then dashed beyond the first obstacle), the blocking
    hexes cross-hatched, blocking hexsides stroked, hindrances outlined. The play tool's
    and the map editor's."""

    def __init__(self, scene: QGraphicsScene) -> None:
        self.scene = scene
        self.line = SightLine()
        self.blockers = HexMarks(
            QPen(BLOCKED, 3.0), QBrush(BLOCKED, Qt.BrushStyle.DiagCrossPattern)
        )
        hinder_pen = QPen(HINDERED, 3.0, Qt.PenStyle.DotLine)
        self.hindrances = HexMarks(hinder_pen, QBrush(QColor(230, 159, 0, 70)))
        self.sides = _SideMarks()
        for item in self.items():
            item.setVisible(False)
            scene.addItem(item)

    def items(self) -> list[QGraphicsItem]:
        return [self.line, self.blockers, self.hindrances, self.sides]

    def hide(self) -> None:
        for item in self.items():
            item.setVisible(False)

    def draw(self, result: LosResult, caption: str) -> None:
        centre = self.scene.hex_center
        start, end = centre(result.from_hex), centre(result.to_hex)
        color = CLEAR if result.clear else BLOCKED
        self.line.show_line(start, end, caption, color)
        self.line.split = self._first_block(result, start, end)
        hexes = [x for x in result.blocked_by if isinstance(x, Hex)]
        self.blockers.set_hexes(hexes)
        self.sides.set_sides(self.scene, [x for x in result.blocked_by if isinstance(x, HexSide)])
        self.hindrances.set_hexes(result.hindrances)

    def _first_block(self, result: LosResult, start: QPointF, end: QPointF) -> float | None:
        """Where along the line (0..1) the first obstacle stands, for the dashed rest."""
        if result.clear or start == end:
            return None
        if not result.blocked_by:
            return 0.0
        first = result.blocked_by[0]
        centre = self.scene.hex_center
        if isinstance(first, HexSide):
            a, b = first.hexes()
            point = (centre(a) + centre(b)) / 2
        else:
            point = centre(first)
        line = QLineF(start, end)
        d = line.dx() ** 2 + line.dy() ** 2
        t = ((point.x() - start.x()) * line.dx() + (point.y() - start.y()) * line.dy()) / d
        return max(0.0, min(1.0, t))


class LosTool(Tool):
    """Press on a hex, drag to another, release: the sight line stays until the next drag
    or Esc. A click on a hex shows nothing new (the line needs two hexes)."""

    name = "los"
    cursor = Qt.CursorShape.CrossCursor
    hint = "Line of sight: drag from a hex to another. Esc clears."
    deactivated = Signal()
    """Another tool took over (the line-of-sight action then unchecks)."""

    def __init__(self, document: GameDocument, scene: QGraphicsScene) -> None:
        super().__init__()
        self.document = document
        self.scene = scene
        self.origin: Hex | None = None
        self.target: Hex | None = None
        self.result: LosResult | None = None
        self.caption = ""
        self.drawing = SightDrawing(scene)
        self.line, self.blockers = self.drawing.line, self.drawing.blockers
        self.hindrances, self.sides = self.drawing.hindrances, self.drawing.sides

    def _items(self) -> list[QGraphicsItem]:
        return self.drawing.items()

    # --- gestures ------------------------------------------------------------------------------
    def press(self, event: ToolEvent) -> bool:
        if event.button != Qt.MouseButton.LeftButton or event.hex is None:
            return False
        self.origin = event.hex
        self.show(event.hex, event.hex)
        return True

    def move(self, event: ToolEvent) -> None:
        if self.origin is not None and event.hex is not None and event.hex != self.target:
            self.show(self.origin, event.hex)

    def release(self, event: ToolEvent) -> None:
        self.move(event)
        self.hintChanged.emit(self.caption.replace("\n", "; ") if self.caption else self.hint)

    def key(self, key: int, modifiers: Qt.KeyboardModifier) -> bool:
        if key == Qt.Key.Key_Escape and self.result is not None:
            self.cancel()
            return True
        return False

    def cancel(self) -> None:
        self.origin = self.target = None
        self.result = None
        self.caption = ""
        for item in self._items():
            item.setVisible(False)
        self.hintChanged.emit(self.hint)

    def deactivate(self) -> None:
        self.cancel()
        self.deactivated.emit()

    # --- the answer ---------------------------------------------------------------------------
    def show(self, a: Hex, b: Hex) -> LosResult:
        """Ask the engine about ``a`` to ``b`` and draw the answer."""
        doc = self.document
        self.target = b
        result = doc.los.check(
            viewpoint_at(doc, a), viewpoint_at(doc, b), list(doc.state.hex_markers)
        )
        self.result = result
        self.caption = describe(doc, result)
        self._draw(result)
        return result

    def _draw(self, result: LosResult) -> None:
        self.drawing.draw(result, self.caption)


class FieldOfView(HexMarks):
    """Fog over the hexes a viewpoint does not see; ``show_from(None)`` hides it."""

    def __init__(self) -> None:
        super().__init__(QPen(Qt.PenStyle.NoPen), QBrush(FOG), Z_OVERLAY - 0.5)
        self.origin: Viewpoint | None = None
        self.visible: frozenset[Hex] = frozenset()
        self.setVisible(False)

    def show_from(self, document: GameDocument | None, origin: Viewpoint | None) -> None:
        self.origin = origin
        if document is None or origin is None:
            self.visible = frozenset()
            self.set_hexes(())
            return
        markers = list(document.state.hex_markers)
        self.visible = document.los.visible_from(origin, markers)
        self.set_hexes(h for h in document.scenario.map.cells if h not in self.visible)


__all__ = [
    "Z_SIGHT",
    "FieldOfView",
    "LosTool",
    "SightDrawing",
    "describe",
    "describe_on",
    "viewpoint_at",
]
