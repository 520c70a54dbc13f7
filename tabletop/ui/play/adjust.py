"""Adjust mode: fix the table by hand, outside the rules (``action-adjust``, Ctrl+J).

In this mode a drag from a hex to another moves the selected unit there if it stands in
that hex, else the top counter (its support weapon and passengers go along), and a right
click on a hex opens a menu to set a unit's step or status, place or remove a unit marker,
or place or remove a hex marker. Each change is one
:class:`~tabletop.commands.ManualChange` on the document's history: it is logged as a
manual change (the log dock shows it in italics), undone with Edit > Undo, saved, and
replayed exactly. A change that makes no sense is refused with its reason in the status bar.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction, QColor, QKeySequence, QPen
from PySide6.QtWidgets import QMenu

from tabletop.commands import ManualChange
from tabletop.documents import GameDocument
from tabletop.hexgrid import Hex
from tabletop.model import RULE_HEX_MARKERS, UNIT_MARKERS, Status, UnitState
from tabletop.rules import IllegalAction
from tabletop.rules.adjust import Adjustment, hex_marker_kinds
from tabletop.rules.narrate import marker_name
from tabletop.ui.scene.marks import HexMarks
from tabletop.ui.tools.base import Tool, ToolEvent

HINT = (
    "Adjust mode (outside the rules, logged as manual changes): drag a counter to move it, "
    "right-click a hex to change a unit or a marker. Ctrl+J leaves."
)


def _words(name: str) -> str:
    return name.replace("_", " ").title()


class AdjustTool(Tool):
    """Drag to move the top counter of a hex; right click for the change menu."""

    name = "adjust"
    cursor = Qt.CursorShape.SizeAllCursor
    hint = HINT
    deactivated = Signal()
    """Another tool took over (adjust mode then ends)."""

    def __init__(self, document: GameDocument, scene, report, viewport) -> None:
        super().__init__()
        self.document = document
        self.scene = scene
        self.viewport = viewport
        """The view's viewport: a menu pops up where the click was."""
        self.report = report
        """Callable(str): shows a refusal or what was done."""
        self.origin: Hex | None = None
        self.unit: UnitState | None = None
        self.menu: QMenu | None = None
        self.selected: Callable[[], str | None] | None = None
        """The id of the window's selected unit, if any (a drag moves it first)."""
        self.target = HexMarks(QPen(QColor("#cc79a7"), 4.0, Qt.PenStyle.DashLine))
        self.target.setVisible(False)
        scene.addItem(self.target)

    # --- moving by drag -------------------------------------------------------------------------
    def top_unit(self, h: Hex) -> UnitState | None:
        """The unit a drag from ``h`` moves: the selected unit if it stands there, else the
        counter on top that can be moved on its own."""
        units = [u for u in self.document.state.units_at(h) if u.sw_of is None and not u.carrier]
        chosen = self.selected() if self.selected is not None else None
        picked = [u for u in units if u.id == chosen]
        return picked[0] if picked else (units[-1] if units else None)

    def press(self, event: ToolEvent) -> bool:
        if event.hex is None:
            return False
        if event.button == Qt.MouseButton.RightButton:
            self.origin = event.hex
            return True
        if event.button != Qt.MouseButton.LeftButton:
            return False
        self.unit = self.top_unit(event.hex)
        if self.unit is None:
            return False  # an empty hex: the view pans
        self.origin = event.hex
        return True

    def move(self, event: ToolEvent) -> None:
        if self.unit is not None and event.hex is not None:
            self.target.set_hexes([event.hex] if event.hex != self.origin else [])

    def release(self, event: ToolEvent) -> None:
        self.target.set_hexes([])
        origin, unit = self.origin, self.unit
        self.origin = self.unit = None
        if event.button == Qt.MouseButton.RightButton:
            if origin is not None and event.hex == origin:
                self.menu = self.menu_for(origin)
                self.menu.popup(self.viewport.mapToGlobal(event.view_pos))
            return
        if unit is None or event.hex is None or event.hex == origin:
            return
        label = self.document.scenario.map.label(event.hex)
        self.apply(Adjustment(unit=unit.id, to=label))

    def cancel(self) -> None:
        self.origin = self.unit = None
        self.target.set_hexes([])

    def deactivate(self) -> None:
        self.cancel()
        if self.menu is not None:
            self.menu.close()
        self.deactivated.emit()

    # --- the change ---------------------------------------------------------------------------
    def apply(self, adjustment: Adjustment) -> bool:
        """Push the change; on nonsense report the reason and change nothing."""
        doc = self.document
        try:
            doc.push(ManualChange(doc.state, adjustment))
        except IllegalAction as exc:
            self.report("Cannot change that: " + "; ".join(exc.reasons))
            return False
        self.report(doc.history.undo_text + " (Ctrl+Z undoes it)")  # "Manual change: ..."
        return True

    # --- the menu ------------------------------------------------------------------------------
    def menu_for(self, h: Hex) -> QMenu:
        """Every change this hex allows: per unit (top first) and for the hex's markers."""
        doc = self.document
        label = doc.scenario.map.label(h)
        menu = QMenu()
        menu.setObjectName("adjust-menu")
        menu.setTitle(f"Adjust {label}")
        for unit in reversed(doc.state.units_at(h)):
            self._unit_menu(menu.addMenu(self._unit_title(unit)), unit)
        menu.addSeparator()
        place = menu.addMenu("Place Hex Marker")
        for kind in hex_marker_kinds(doc.state):
            if doc.state.has_hex_marker(h, kind):
                continue
            if kind in RULE_HEX_MARKERS:
                owners = place.addMenu(marker_name(kind))
                for sid, side in doc.scenario.sides.items():
                    self._item(owners, side.name, Adjustment(hex=label, add=kind, owner=sid))
            else:
                self._item(place, marker_name(kind), Adjustment(hex=label, add=kind))
        remove = menu.addMenu("Remove Hex Marker")
        for marker in doc.state.markers_at(h):
            self._item(remove, marker_name(marker.kind), Adjustment(hex=label, remove=marker.kind))
        remove.setEnabled(not remove.isEmpty())
        return menu

    def _unit_title(self, unit: UnitState) -> str:
        unit_type = self.document.scenario.unit_types.get(unit.type_id)
        return f"{unit_type.name if unit_type else unit.type_id} {unit.id}"

    def _unit_menu(self, menu: QMenu, unit: UnitState) -> None:
        other = "full" if unit.step == "reduced" else "reduced"
        self._item(menu, f"Flip to {other.title()}", Adjustment(unit=unit.id, step=other))
        status = menu.addMenu("Status")
        for value in Status:
            item = self._item(
                status, _words(value.value), Adjustment(unit=unit.id, status=value.value)
            )
            item.setCheckable(True)
            item.setChecked(value is unit.status)
            item.setEnabled(value is not unit.status)
        place = menu.addMenu("Place Marker")
        for marker in sorted(UNIT_MARKERS - set(unit.markers)):
            self._item(place, marker_name(marker), Adjustment(unit=unit.id, add=marker))
        remove = menu.addMenu("Remove Marker")
        for marker in unit.markers:
            self._item(remove, marker_name(marker), Adjustment(unit=unit.id, remove=marker))
        remove.setEnabled(bool(unit.markers))

    def _item(self, menu: QMenu, text: str, adjustment: Adjustment) -> QAction:
        action = menu.addAction(text)
        action.setData(adjustment.to_args())
        action.triggered.connect(lambda _=False, a=adjustment: self.apply(a))
        return action


class AdjustControls(QObject):
    """Adjust mode of one window: the ``action-adjust`` toggle and its tool. A mode over play
    (:class:`tabletop.ui.host.Mode`): the window turns it on with ``enter_mode`` and off with
    ``leave_mode``; while it is on the computer opponent is held (it never plays into a
    table being fixed by hand) and goes on after."""

    name = "adjust"

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.view = window.view
        self.tool: AdjustTool | None = None
        self.host = None
        """The window while the mode is on (:meth:`activate`)."""
        self._previous: Tool | None = None
        self.action = QAction("&Adjust Mode", window)
        self.action.setObjectName("action-adjust")
        self.action.setShortcut(QKeySequence("Ctrl+J"))
        self.action.setCheckable(True)
        self.action.setToolTip("Move counters and change units and markers by hand (Ctrl+J)")
        self.action.toggled.connect(self.set_on)

    @property
    def active(self) -> bool:
        return self.host is not None

    def set_document(self, document: GameDocument | None, scene) -> None:
        on = self.action.isChecked()
        self.window.leave_mode(self)  # (the old game's tool goes back)
        playable = document is not None and bool(document.scenario.sides)
        self.tool = (
            AdjustTool(document, scene, self._report, self.view.viewport()) if playable else None
        )
        if self.tool is not None:
            self.tool.deactivated.connect(self._left)
            play = self.window.play
            self.tool.selected = lambda: play.controller.selected
        self.action.setEnabled(playable)
        if on and playable:
            self.window.enter_mode(self)
        else:
            self._uncheck()

    def set_on(self, on: bool) -> None:
        """``action-adjust`` toggled: the window enters or leaves the mode."""
        if self.tool is None:
            self._uncheck()
            return
        if on:
            self.window.enter_mode(self)
        else:
            self.window.leave_mode(self)

    # --- the mode -----------------------------------------------------------------------------
    def activate(self, host) -> None:
        """On: the adjust tool in the view (the line-of-sight tool off), the opponent held."""
        assert self.tool is not None
        self.host = host
        sight = host.sight
        if sight.los_action.isChecked():
            sight.los_action.setChecked(False)
        if self.view.tool is not self.tool:
            self._previous = self.view.tool
            self.view.set_tool(self.tool)
        host.opponent.hold(self.name)
        self.action.setChecked(True)
        self._report(HINT)

    def deactivate(self) -> None:
        """Off: the tool before it back, the opponent let go, the hint gone."""
        host, self.host = self.host, None
        if host is None:
            return
        if self.view.tool is self.tool:
            self.view.set_tool(self._previous)
        self._previous = None
        self._uncheck()
        host.opponent.hold(self.name, False)
        host.show_message("")

    def _left(self) -> None:
        """The tool was replaced (by another mode or a play tool): the mode ends quietly."""
        self._previous = None
        self.window.leave_mode(self)
        self._uncheck()

    def _uncheck(self) -> None:
        if self.action.isChecked():
            self.action.blockSignals(True)
            self.action.setChecked(False)
            self.action.blockSignals(False)

    def _report(self, text: str) -> None:
        self.window.show_message(text)
