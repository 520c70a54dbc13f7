"""The play window's default tool: a click selects the top unit of a hex (again: the next
one in the stack), a click on a counter of a fanned-out stack selects that counter's unit,
a right click opens the selected unit's actions as a context menu, Esc clears the
selection."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPoint, QPointF, Qt

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
        on_counter: Callable[[QPointF], bool] | None = None,
    ) -> None:
        super().__init__()
        self.on_click = on_click
        self.on_menu = on_menu
        self.on_cancel = on_cancel
        self.on_counter = on_counter
        """Called first with a click's scene position: True when it picked a unit there
        (a counter of the fanned-out stack), and the hex beneath is not clicked."""

    def press(self, event: ToolEvent) -> bool:
        return event.button == Qt.MouseButton.RightButton

    def release(self, event: ToolEvent) -> None:
        if event.button == Qt.MouseButton.RightButton:
            on_fan = self.on_counter is not None and self.on_counter(event.scene_pos)
            self.on_menu(None if on_fan else event.hex, event.view_pos)  # None: as selected

    def click(self, event: ToolEvent) -> bool:
        if self.on_counter is not None and self.on_counter(event.scene_pos):
            return True  # the unit's own hex is shown, not the one under the fan
        self.on_click(event.hex)
        return False  # the window still shows the hex's contents

    def key(self, key: int, modifiers: Qt.KeyboardModifier) -> bool:
        if key == Qt.Key.Key_Escape:
            self.on_cancel()
            return True
        return False

    def cancel(self) -> None:
        self.on_cancel()
