"""Line of sight while editing: press on one hex, drag to another, see what blocks it.

The same engine as play and the command line (``tabletop.geometry.LosEngine``), kept up to
date hex by hex as the map is edited, so a wood painted across a sight line blocks it at
once.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Qt

from tabletop.geometry import LosEngine
from tabletop.hexgrid import Hex, HexSide
from tabletop.rules.los import LosResult, Viewpoint
from tabletop.ui.editor.tools import EditorTool
from tabletop.ui.tools import ToolEvent


class LosTool(EditorTool):
    name = "los"
    cursor = Qt.CursorShape.CrossCursor
    hint = "Line of sight: drag from one hex to another to see whether they see each other."

    def __init__(self, editor) -> None:
        super().__init__(editor)
        self._engine: LosEngine | None = None
        self.start: Hex | None = None
        self.result: LosResult | None = None

    @property
    def engine(self) -> LosEngine:
        if self._engine is None:
            self._engine = LosEngine(self.editor.document.map)
        return self._engine

    def map_changed(self, hexes: Iterable[Hex], sides: Iterable[HexSide]) -> None:
        if self._engine is None:
            return
        for h in hexes:
            self._engine.update_hex(h)
        for side in sides:
            self._engine.update_hexside(side)

    def press(self, event: ToolEvent) -> bool:
        if event.button != Qt.MouseButton.LeftButton or event.hex is None:
            return False
        self.start = event.hex
        self.move(event)
        return True

    def move(self, event: ToolEvent) -> None:
        if self.start is None or event.hex is None:
            return
        self.result = self.check(self.start, event.hex)
        scene = self.editor.scene
        scene.preview_line(scene.hex_center(self.start), scene.hex_center(event.hex))
        self.editor.hint_label.setText(self.describe(self.result))

    def release(self, event: ToolEvent) -> None:
        self.move(event)
        self.start = None

    def check(self, a: Hex, b: Hex) -> LosResult:
        return self.engine.check(Viewpoint(a), Viewpoint(b))

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
        self.editor.scene.clear_preview()

    def deactivate(self) -> None:
        self.cancel()
