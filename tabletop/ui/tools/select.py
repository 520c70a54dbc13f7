"""The play window's default tool: a click selects the top unit of a hex (again: the next
one in the stack), a right click opens the selected unit's actions as a context menu, Esc
clears the selection."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPoint, Qt

from tabletop.hexgrid import Hex
from tabletop.ui.tools.base import Tool, ToolEvent


class SelectTool(Tool):
    name = "select"
    cursor = Qt.CursorShape.ArrowCursor
    hint = "Click a unit to select it, click again for the next one in the stack"

    def __init__(
        self,
        on_click: Callable[[Hex | None], None],
        on_menu: Callable[[Hex | None, QPoint], None],
        on_cancel: Callable[[], None],
    ) -> None:
        super().__init__()
        self.on_click = on_click
        self.on_menu = on_menu
        self.on_cancel = on_cancel

    def press(self, event: ToolEvent) -> bool:
        return event.button == Qt.MouseButton.RightButton

    def release(self, event: ToolEvent) -> None:
        if event.button == Qt.MouseButton.RightButton:
            self.on_menu(event.hex, event.view_pos)

    def click(self, event: ToolEvent) -> bool:
        self.on_click(event.hex)
        return False  # the window still shows the hex's contents

    def key(self, key: int, modifiers: Qt.KeyboardModifier) -> bool:
        if key == Qt.Key.Key_Escape:
            self.on_cancel()
            return True
        return False

    def cancel(self) -> None:
        self.on_cancel()
