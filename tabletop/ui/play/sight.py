"""Line of sight in the play window: the ``action-los`` tool (L) and the field-of-view
toggle (``action-fov``, Shift+L) of the unit in the selected hex."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence

from tabletop.documents import GameDocument
from tabletop.hexgrid import Hex
from tabletop.rules import Viewpoint, viewpoint_of
from tabletop.ui.scene.los import FieldOfView, GameSight, LosTool, viewpoint_at
from tabletop.ui.tools.base import Tool


class SightControls(QObject):
    """Owns the LOS tool, the field-of-view overlay and their two actions for one window."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.view = window.view
        self.document: GameDocument | None = None
        self.tool: LosTool | None = None
        self.fov: FieldOfView | None = None
        self._previous: Tool | None = None
        self._source: str | Hex | None = None
        """What the field of view is seen from: a unit id, or a hex with no unit in it."""
        self.los_action = QAction("&Line of Sight", window)
        self.los_action.setObjectName("action-los")
        self.los_action.setShortcut(QKeySequence("L"))
        self.los_action.setCheckable(True)
        self.los_action.setToolTip("Drag from a hex to another to see the line of sight (L)")
        self.los_action.toggled.connect(self.set_los_tool)
        self.fov_action = QAction("&Field of View", window)
        self.fov_action.setObjectName("action-fov")
        self.fov_action.setShortcut(QKeySequence("Shift+L"))
        self.fov_action.setCheckable(True)
        self.fov_action.setToolTip("Grey every hex the selected unit cannot see (Shift+L)")
        self.fov_action.toggled.connect(self.refresh_fov)
        self.view.hexClicked.connect(self.follow_hex)

    def actions(self) -> list[QAction]:
        return [self.los_action, self.fov_action]

    def set_document(self, document: GameDocument | None, scene) -> None:
        """A new document and its scene: the old tool and overlay went with the old scene."""
        if self.tool is not None and self.view.tool is self.tool:
            self.view.set_tool(self._previous)
        self.document = document
        self._source = None
        self.tool = LosTool(GameSight(document), lambda: scene) if document is not None else None
        if self.tool is not None:
            self.tool.hintChanged.connect(self._hint)
            self.tool.deactivated.connect(self._left)
        self.fov = FieldOfView()
        if scene is not None:
            scene.addItem(self.fov)
        for action in self.actions():
            action.setEnabled(document is not None)
        if self.los_action.isChecked():
            self._previous = self.view.tool
            self.view.set_tool(self.tool)
        self.refresh_fov()

    def set_los_tool(self, on: bool) -> None:
        if self.tool is None:
            return
        if on and self.view.tool is not self.tool:
            adjust = self.window.adjust
            if adjust.action.isChecked():
                adjust.action.setChecked(False)
            self._previous = self.view.tool
            self.view.set_tool(self.tool)
            self._hint(self.tool.hint)
        elif not on and self.view.tool is self.tool:
            self.view.set_tool(self._previous)
            self._previous = None
            self.window.statusBar().clearMessage()

    def _left(self) -> None:
        """The tool was replaced (by adjust mode or a play tool): the action unchecks."""
        if self.los_action.isChecked():
            self._previous = None
            self.los_action.blockSignals(True)
            self.los_action.setChecked(False)
            self.los_action.blockSignals(False)

    def _hint(self, text: str) -> None:
        self.window.statusBar().showMessage(text)

    # --- field of view ---------------------------------------------------------------------------
    def follow_hex(self, h: Hex | None) -> None:
        """The player selected ``h``: the field of view is its top unit's, or the hex's."""
        doc = self.document
        if doc is None or h is None:
            self._source = None
        else:
            units = doc.state.units_at(h)
            self._source = units[-1].id if units else h
        self.refresh_fov()

    def follow_unit(self, unit_id: str | None) -> None:
        """The player selected a unit (None: nothing)."""
        self._source = unit_id
        self.refresh_fov()

    def viewpoint(self) -> Viewpoint | None:
        doc = self.document
        source = self._source
        if doc is None or source is None:
            return None
        if isinstance(source, Hex):
            return viewpoint_at(doc, source)
        unit = doc.state.units.get(source)
        if unit is None or not unit.on_map or unit.hex is None:
            return None
        return viewpoint_of(doc.state, unit)

    def refresh_fov(self, *_args: object) -> None:
        """Recompute the overlay (after a selection, a move, a new marker)."""
        if self.fov is None:
            return
        on = self.fov_action.isChecked()
        self.fov.show_from(self.document, self.viewpoint() if on else None)
