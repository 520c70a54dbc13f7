"""The scenario editor's docks: the unit tray (one tab per side, every type of the
scenario's counters, each row with its counter as the map paints it for that side, the
side's own types first) and the marker options (the selected unit's properties are in
:mod:`tabletop.ui.scenario.unitdock`).

A side's own types (:func:`own_types`): the types of the units the scenario already gives
it and the types of their nations; for a side with none yet, the types of the nations its
id or name says (``nato``: the NATO armies, ``pact``, ``warsaw`` or ``soviet``: the Warsaw
Pact's, or a nation code such as ``us``). The others follow under a grey "Other types" row.

A unit goes onto the map by dragging it from the tray: press on a type, release over a hex
of the map (the tray keeps the mouse between the two, as any Qt widget does, and maps the
release onto the view). A plain click in the tray picks the type for the place tool
instead (``action-tool-place``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from PySide6.QtCore import QPoint, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QGuiApplication, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QListWidget,
    QListWidgetItem,
    QTabWidget,
    QWidget,
)

from tabletop.model import Kind, PlatoonUnitType, Scenario, UnitType
from tabletop.render.counters import CounterOptions, paint_counter
from tabletop.render.palette import side_color_of

ROLE = Qt.ItemDataRole.UserRole
ICON = 44
"""The side of a tray row's counter, in pixels."""
NATO = frozenset({"US", "USA", "FRG", "BRD", "WG", "UK", "GB", "BR", "FR", "FRA", "NL", "BE",
                  "CAN", "CA"})  # fmt: skip
PACT = frozenset({"USSR", "SU", "SOV", "RU", "GDR", "DDR", "EG", "POL", "PL", "CS", "CSSR"})
BLOCS = {"nato": NATO, "pact": PACT, "warsaw": PACT, "soviet": PACT}
"""Words of a side's id or name that say which nations are its own."""


def own_types(scenario: Scenario, side: str, table: Mapping[str, UnitType]) -> set[str]:
    """The type ids of ``table`` that are ``side``'s own (see the module's docstring)."""
    units = [*scenario.units, *(r.unit for r in scenario.reinforcements)]
    fielded = {u.type_id for u in units if u.side == side}
    nations = {table[t].nation.strip().upper() for t in fielded if t in table} - {""}
    if not nations:
        entry = scenario.sides.get(side)
        words = re.findall(r"[a-z]+", f"{side} {entry.name if entry else ''}".lower())
        for word in words:
            nations |= BLOCS.get(word, {word.upper()} if len(word) > 1 else set())
    return {k for k, t in table.items() if k in fielded or t.nation.strip().upper() in nations}


def counter_icon(unit_type: UnitType, options: CounterOptions, size: int = ICON) -> QIcon:
    """The type's counter painted by the one counter painter, ``size`` pixels square."""
    screen = QGuiApplication.primaryScreen()
    dpr = screen.devicePixelRatio() if screen is not None else 1.0
    pixmap = QPixmap(round(size * dpr), round(size * dpr))
    pixmap.setDevicePixelRatio(dpr)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    inset = size * 0.06
    paint_counter(painter, QRectF(inset, inset, size - 2 * inset, size - 2 * inset), unit_type,
                  None, options)  # fmt: skip
    painter.end()
    return QIcon(pixmap)


class TrayList(QListWidget):
    """One side's types; ``dropped(type_id, side, global_pos)`` when a drag ends outside."""

    dropped = Signal(str, str, QPoint)
    picked = Signal(str, str)

    def __init__(self, side: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.side = side
        self.setObjectName(f"tray-{side}")
        self.setIconSize(QSize(ICON, ICON))
        self.setSpacing(1)
        self._dragging: str | None = None

    def mousePressEvent(self, event) -> None:
        super().mousePressEvent(event)
        item = self.itemAt(event.position().toPoint())
        self._dragging = item.data(ROLE) if item is not None else None
        if self._dragging is not None:
            self.picked.emit(self._dragging, self.side)

    def mouseReleaseEvent(self, event) -> None:
        super().mouseReleaseEvent(event)
        type_id, self._dragging = self._dragging, None
        pos = event.position().toPoint()
        if type_id is not None and not self.viewport().rect().contains(pos):
            self.dropped.emit(type_id, self.side, self.viewport().mapToGlobal(pos))


class TrayDock(QDockWidget):
    """The unit tray: a tab per side with every unit type of the scenario's counters, the
    side's own first, each with its counter."""

    def __init__(self, scenario: Scenario, parent: QWidget | None = None) -> None:
        super().__init__("Units", parent)
        self.setObjectName("unit-tray")
        self.scenario = scenario
        self.tabs = QTabWidget()
        self.lists: dict[str, TrayList] = {}
        for side_id, side in scenario.sides.items():
            tray = TrayList(side_id)
            self.lists[side_id] = tray
            self.tabs.addTab(tray, side.name)
        self.follow(scenario.unit_types)
        self.setWidget(self.tabs)

    def follow(self, table: Mapping[str, UnitType]) -> None:
        """List the types of ``table`` (after a type was added, renamed or moved in the
        counter editor): the side's own first, each group in the table's order, the same
        type picked as before."""
        sc = self.scenario
        for index, (side, tray) in enumerate(self.lists.items()):
            current, row = tray.currentItem(), tray.currentRow()
            picked = current.data(ROLE) if current is not None else None
            tray.clear()
            options = CounterOptions(
                side_index=index, side_mark=side_color_of(sc.sides, side).name(), badges=False
            )
            shown = {k: t for k, t in table.items()
                     if not (isinstance(t, PlatoonUnitType) and t.kind is Kind.SW)}  # fmt: skip
            # (a support weapon is carried by a platoon: chosen in the Unit dock, never alone)
            own = own_types(sc, side, shown)
            first = [k for k in shown if k in own]
            rest = [k for k in shown if k not in own]
            for type_id in first:
                self._add(tray, type_id, shown[type_id], options)
            if first and rest:
                header = QListWidgetItem("Other types")
                header.setFlags(Qt.ItemFlag.NoItemFlags)
                header.setForeground(QBrush(QColor("#777777")))
                tray.addItem(header)
            for type_id in rest:
                self._add(tray, type_id, shown[type_id], options)
            rows = [i for i in range(tray.count()) if tray.item(i).data(ROLE) == picked]
            if picked is not None and rows:
                tray.setCurrentRow(rows[0])
            elif 0 <= row < tray.count() and tray.item(row).data(ROLE) is not None:
                tray.setCurrentRow(row)  # a type renamed: the row it was in

    @staticmethod
    def _add(tray: TrayList, type_id: str, t: UnitType, options: CounterOptions) -> None:
        item = QListWidgetItem(counter_icon(t, options), f"{t.counter_name}  ({type_id})")
        item.setData(ROLE, type_id)
        item.setToolTip(f"{t.name} ({type_id}){', ' + t.nation if t.nation else ''}")
        tray.addItem(item)


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
