"""The tool protocol shared by play and the editors.

A tool sees the map in hex terms: the view hit-tests through the scene's hex math and hands
the active tool a :class:`ToolEvent`. ``press`` returning True makes the gesture the tool's
(a stroke: press, moves, release); returning False leaves the view its default behaviour
(drag to pan, click emits ``hexClicked``). The middle button always pans.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject, QPoint, QPointF, Qt, Signal

from tabletop.hexgrid import Hex


@dataclass(frozen=True)
class ToolEvent:
    """One mouse event as a tool sees it."""

    hex: Hex | None
    """The map hex under the mouse (None off the map)."""
    scene_pos: QPointF
    view_pos: QPoint
    button: Qt.MouseButton = Qt.MouseButton.NoButton
    modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier


class Tool(QObject):
    """Base class: override what the tool needs; the defaults do nothing and consume nothing.

    ``name`` is the tool's key (``select``, ``brush``, ...; the QAction is ``action-tool-NAME``
    in the editors), ``cursor`` the viewport cursor while it is active and ``hint`` the
    status-bar text. Emit ``hintChanged`` when the hint changes during a gesture.
    """

    name = "tool"
    cursor = Qt.CursorShape.ArrowCursor
    hint = ""
    hintChanged = Signal(str)

    def activate(self) -> None:
        """Called when the tool becomes the active one."""

    def deactivate(self) -> None:
        """Called when another tool takes over (or the document closes): drop any preview."""

    def press(self, event: ToolEvent) -> bool:
        """A button went down. True: the gesture is the tool's until release."""
        return False

    def move(self, event: ToolEvent) -> None:
        """The mouse moved with the tool owning the gesture (a stroke in progress)."""

    def release(self, event: ToolEvent) -> None:
        """The button came up at the end of a gesture the tool owns."""

    def hover(self, event: ToolEvent) -> None:
        """The mouse moved with no gesture in progress (every move, not only hex changes)."""

    def click(self, event: ToolEvent) -> bool:
        """A left click (press and release without a drag) the tool did not take at press.
        True: handled, the view does not emit ``hexClicked``."""
        return False

    def key(self, key: int, modifiers: Qt.KeyboardModifier) -> bool:
        """A key press in the view. True: handled."""
        return False

    def cancel(self) -> None:
        """Esc or an outside reset: abandon the gesture in progress, keep the tool active."""


class PickHexTool(Tool):
    """A tool whose whole gesture is a left click on a map hex: :meth:`picked` gets the hex
    (the scenario editor's Place, Marker, Victory, Entry and Strike tools)."""

    cursor = Qt.CursorShape.CrossCursor

    def press(self, event: ToolEvent) -> bool:
        if event.button != Qt.MouseButton.LeftButton or event.hex is None:
            return False
        self.picked(event.hex)
        return True

    def picked(self, h: Hex) -> None:
        """The hex clicked."""
        raise NotImplementedError
