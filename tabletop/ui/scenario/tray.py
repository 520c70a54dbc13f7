"""The scenario editor's docks: the unit tray (one tab per side, every type of the
scenario's counters) and the marker options (the selected unit's properties are in
:mod:`tabletop.ui.scenario.unitdock`).

A unit goes onto the map by dragging it from the tray: press on a type, release over a hex
of the map (the tray keeps the mouse between the two, as any Qt widget does, and maps the
release onto the view). A plain click in the tray picks the type for the place tool
instead (``action-tool-place``).
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QListWidget,
    QTabWidget,
    QWidget,
)

from tabletop.model import Kind, PlatoonUnitType, Scenario, UnitType

ROLE = Qt.ItemDataRole.UserRole


class TrayList(QListWidget):
    """One side's types; ``dropped(type_id, side, global_pos)`` when a drag ends outside."""

    dropped = Signal(str, str, QPoint)
    picked = Signal(str, str)

    def __init__(self, side: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.side = side
        self.setObjectName(f"tray-{side}")
        self._dragging: str | None = None

    def mousePressEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        super().mousePressEvent(event)
        item = self.itemAt(event.position().toPoint())
        self._dragging = item.data(ROLE) if item is not None else None
        if self._dragging is not None:
            self.picked.emit(self._dragging, self.side)

    def mouseReleaseEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        super().mouseReleaseEvent(event)
        type_id, self._dragging = self._dragging, None
        pos = event.position().toPoint()
        if type_id is not None and not self.viewport().rect().contains(pos):
            self.dropped.emit(type_id, self.side, self.viewport().mapToGlobal(pos))


class TrayDock(QDockWidget):
    """The unit tray: a tab per side with every unit type of the scenario's counters."""

    def __init__(self, scenario: Scenario, parent: QWidget | None = None) -> None:
        super().__init__("Units", parent)
        self.setObjectName("unit-tray")
        self.tabs = QTabWidget()
        self.lists: dict[str, TrayList] = {}
        for side_id, side in scenario.sides.items():
            tray = TrayList(side_id)
            self.lists[side_id] = tray
            self.tabs.addTab(tray, side.name)
        self.follow(scenario.unit_types)
        self.setWidget(self.tabs)

    def follow(self, table: Mapping[str, UnitType]) -> None:
        """List the types of ``table`` in its order (after a type was added, renamed or
        moved in the counter editor), the same row picked as before."""
        for tray in self.lists.values():
            row = tray.currentRow()
            tray.clear()
            for type_id, t in table.items():
                if isinstance(t, PlatoonUnitType) and t.kind is Kind.SW:
                    continue  # carried by a platoon: chosen in the Unit dock, never alone
                tray.addItem(f"{t.counter_name}  ({type_id})")
                tray.item(tray.count() - 1).setData(ROLE, type_id)
            if 0 <= row < tray.count():
                tray.setCurrentRow(row)


class MarkerDock(QDockWidget):
    """What the marker tool lays: the marker (a ``set_brush`` name), a minefield's owner
    and whether it starts hidden."""

    def __init__(self, scenario: Scenario, kinds: list[str], parent: QWidget | None = None) -> None:
        super().__init__("Hex Markers", parent)
        self.setObjectName("marker-dock")
        body = QWidget()
        form = QFormLayout(body)
        self.kind = QComboBox(objectName="marker-kind")
        for kind in kinds:
            self.kind.addItem(kind.replace("_", " "), kind)
        self.kind.addItem("(clear the hex)", "clear")
        self.owner = QComboBox(objectName="marker-owner")
        for side_id, side in scenario.sides.items():
            self.owner.addItem(side.name, side_id)
        self.hidden = QCheckBox("Hidden (only its owner sees it)", objectName="marker-hidden")
        self.hidden.setChecked(True)
        form.addRow("Marker", self.kind)
        form.addRow("Minefield owner", self.owner)
        form.addRow(self.hidden)
        self.setWidget(body)
