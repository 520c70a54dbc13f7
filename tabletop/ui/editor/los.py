"""Line of sight while editing: press on one hex, drag to another, see what blocks it.

The same engine as play and the command line (``tabletop.geometry.LosEngine``), kept up to
date hex by hex as the map is edited, so a wood painted across a sight line blocks it at
once. The answer is drawn on the map as the play tool draws it
(:class:`~tabletop.ui.scene.los.SightDrawing`): the line, its range and verdict and the
reason beside the far end, the blocking hexes hatched, hindrances outlined; the status bar
repeats it on one line. The line stays after the release until the next drag, Esc or
another tool; an undo or redo while it is shown redraws it on the map as it now is.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Qt

from tabletop.geometry import LosEngine
from tabletop.hexgrid import Hex, HexSide
from tabletop.rules.los import LosResult, Viewpoint
from tabletop.ui.editor.tools import EditorTool
from tabletop.ui.scene.los import SightDrawing, describe_on
from tabletop.ui.tools import ToolEvent


class LosTool(EditorTool):
    name = "los"
    cursor = Qt.CursorShape.CrossCursor
    hint = (
        "Line of sight: drag from one hex to another to see whether they see each other. "
        "Esc clears."
    )

    def __init__(self, editor) -> None:
        super().__init__(editor)
        self._engine: LosEngine | None = None
        self._drawing: SightDrawing | None = None
        self.start: Hex | None = None
        self.result: LosResult | None = None
        self.caption = ""

    @property
    def engine(self) -> LosEngine:
        if self._engine is None:
            self._engine = LosEngine(self.editor.document.map)
        return self._engine

    @property
    def drawing(self) -> SightDrawing:
        if self._drawing is None or self._drawing.scene is not self.editor.scene:
            self._drawing = SightDrawing(self.editor.scene)
        return self._drawing

    def map_changed(self, hexes: Iterable[Hex], sides: Iterable[HexSide]) -> None:
        if self._engine is None:
            return
        for h in hexes:
            self._engine.update_hex(h)
        for side in sides:
            self._engine.update_hexside(side)
        if self.result is not None:  # an undo under a line shown: its answer now
            self.show(self.result.from_hex, self.result.to_hex)

    def press(self, event: ToolEvent) -> bool:
        if event.button != Qt.MouseButton.LeftButton or event.hex is None:
            return False
        self.start = event.hex
        self.move(event)
        return True

    def move(self, event: ToolEvent) -> None:
        if self.start is None or event.hex is None:
            return
        if self.result is None or (self.result.from_hex, self.result.to_hex) != (
            self.start,
            event.hex,
        ):
            self.show(self.start, event.hex)

    def release(self, event: ToolEvent) -> None:
        self.move(event)
        self.start = None

    def key(self, key: int, modifiers: Qt.KeyboardModifier) -> bool:
        if key == Qt.Key.Key_Escape and self.result is not None:
            self.cancel()
            return True
        return False

    def check(self, a: Hex, b: Hex) -> LosResult:
        return self.engine.check(Viewpoint(a), Viewpoint(b))

    def show(self, a: Hex, b: Hex) -> LosResult:
        """Ask the engine about ``a`` to ``b``; draw the answer on the map and say it in
        the status bar."""
        self.result = result = self.check(a, b)
        self.caption = describe_on(self.editor.document.map, result)
        self.drawing.draw(result, self.caption)
        self.editor.hint_label.setText(self.describe(result))
        return result

    def describe(self, result: LosResult) -> str:
        hexmap = self.editor.document.map
        a, b = hexmap.label(result.from_hex), hexmap.label(result.to_hex)
        text = f"{a} to {b}, range {result.range}: "
        text += "clear" if result.clear else "blocked"
        if result.reason and result.reason != "clear":
            text += f" ({result.reason})"
        return text

    def cancel(self) -> None:
        self.start = None
        self.result = None
        self.caption = ""
        if self._drawing is not None:
            self._drawing.hide()
        self.editor.hint_label.setText(self.hint)

    def deactivate(self) -> None:
        self.cancel()
