"""The line-of-sight tool and the field-of-view overlay (rules section 4).

Drag from one hex to another: the sight line is drawn between their centres with the range
and the verdict, the hexes (or crest hexsides) that block it hatched, the hindrances
outlined, and the reason written beside the far end. The answer is the document's
line-of-sight engine (``GameDocument.los``), the very answer of ``tabletop los``: a unit in
a hex stands for it (a flying or NOE helicopter sees from above, rules 4.4), and the game's
Smoke and Wreck markers count.

The field-of-view overlay greys every hex a unit could not be seen in from one viewpoint
(the engine's numpy field of view, ``visible_from``).

This is the one line-of-sight UI: play (:mod:`tabletop.ui.play.sight`) and the map editor
(:mod:`tabletop.ui.editor.los`) use the same :class:`LosTool` and drawing, each with its
:class:`SightSource` (:class:`GameSight`, :class:`MapSight`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from tabletop.documents import GameDocument
from tabletop.geometry import LosEngine
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


class GameSight:
    """Play's answers: the game's engine (``GameDocument.los``), a unit in a hex standing
    for it, the game's Smoke and Wreck markers counted; the status line is the caption."""

    def __init__(self, document: GameDocument) -> None:
        self.document = document

    @property
    def hexmap(self) -> HexMap:
        return self.document.scenario.map

    def check(self, a: Hex, b: Hex) -> LosResult:
        doc = self.document
        markers = list(doc.state.hex_markers)
        return doc.los.check(viewpoint_at(doc, a), viewpoint_at(doc, b), markers)

    def status(self, result: LosResult, caption: str) -> str:
        return caption.replace("\n", "; ")


class MapSight:
    """The map editor's answers: the same engine on the bare map (``LosEngine``, ground
    viewpoints, no markers), kept up to date hex by hex as the map is edited."""

    def __init__(self, hexmap: HexMap) -> None:
        self.hexmap = hexmap
        self._engine: LosEngine | None = None

    @property
    def engine(self) -> LosEngine:
        if self._engine is None:
            self._engine = LosEngine(self.hexmap)
        return self._engine

    def check(self, a: Hex, b: Hex) -> LosResult:
        return self.engine.check(Viewpoint(a), Viewpoint(b))

    def map_changed(self, hexes: Iterable[Hex], sides: Iterable[HexSide]) -> None:
        if self._engine is None:
            return  # made from the map as it is on the first question
        for h in hexes:
            self._engine.update_hex(h)
        for side in sides:
            self._engine.update_hexside(side)

    def status(self, result: LosResult, caption: str) -> str:
        """``0305 to 0705, range 4: blocked (reason)``: the status bar's one line."""
        a, b = self.hexmap.label(result.from_hex), self.hexmap.label(result.to_hex)
        text = f"{a} to {b}, range {result.range}: " + ("clear" if result.clear else "blocked")
        if result.reason and result.reason != "clear":
            text += f" ({result.reason})"
        return text


class SightSource(Protocol):
    """Where a sight line's answer comes from (play's game, the editor's map)."""

    @property
    def hexmap(self) -> HexMap: ...

    def check(self, a: Hex, b: Hex) -> LosResult: ...

    def status(self, result: LosResult, caption: str) -> str: ...


class LosTool(Tool):
    """The one line-of-sight tool, play's and the map editor's: press on a hex, drag to
    another, release: the sight line stays until the next drag, Esc or another tool. A
    click on a hex shows nothing new (the line needs two hexes). The answer comes from its
    :class:`SightSource`; the status line follows it (``hintChanged``)."""

    name = "los"
    cursor = Qt.CursorShape.CrossCursor
    hint = "Line of sight: drag from a hex to another. Esc clears."
    deactivated = Signal()
    """Another tool took over (the line-of-sight action then unchecks)."""

    def __init__(self, source: SightSource, scene: Callable[[], QGraphicsScene]) -> None:
        """``scene``: the scene to draw on (asked each time: an editor's may be replaced)."""
        super().__init__()
        self.source = source
        self._scene = scene
        self.origin: Hex | None = None
        self.target: Hex | None = None
        self.result: LosResult | None = None
        self.caption = ""
        self._drawing: SightDrawing | None = SightDrawing(scene())

    @property
    def drawing(self) -> SightDrawing:
        """The drawing on the current scene (made again if the scene was replaced)."""
        scene = self._scene()
        if self._drawing is None or self._drawing.scene is not scene:
            self._drawing = SightDrawing(scene)
        return self._drawing

    @property
    def line(self) -> SightLine:
        return self.drawing.line

    @property
    def blockers(self) -> HexMarks:
        return self.drawing.blockers

    @property
    def hindrances(self) -> HexMarks:
        return self.drawing.hindrances

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
        self.origin = None

    def key(self, key: int, modifiers: Qt.KeyboardModifier) -> bool:
        if key == Qt.Key.Key_Escape and self.result is not None:
            self.cancel()
            return True
        return False

    def cancel(self) -> None:
        self.origin = self.target = None
        self.result = None
        self.caption = ""
        if self._drawing is not None:
            self._drawing.hide()
        self.hintChanged.emit(self.hint)

    def deactivate(self) -> None:
        self.cancel()
        self.deactivated.emit()

    # --- the answer ---------------------------------------------------------------------------
    def show(self, a: Hex, b: Hex) -> LosResult:
        """Ask the source about ``a`` to ``b``, draw the answer, say it on the status line."""
        self.target = b
        self.result = result = self.source.check(a, b)
        self.caption = describe_on(self.source.hexmap, result)
        self.drawing.draw(result, self.caption)
        self.hintChanged.emit(self.source.status(result, self.caption))
        return result

    def again(self) -> None:
        """The line shown asked again (the map under it changed: an edit, an undo)."""
        if self.result is not None:
            self.show(self.result.from_hex, self.result.to_hex)


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
    "GameSight",
    "LosTool",
    "MapSight",
    "SightDrawing",
    "SightSource",
    "describe",
    "describe_on",
    "viewpoint_at",
]
