"""Docks: the selected hex's contents (terrain, hexsides, markers, units and their state)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QTreeWidget, QTreeWidgetItem

from tabletop.documents import GameDocument
from tabletop.hexgrid import Hex, HexSide
from tabletop.model import PlatoonUnitType, UnitState
from tabletop.render.counters import badges_for


def unit_summary(document: GameDocument, unit: UnitState) -> tuple[str, str]:
    """(name and id, state) of a unit, as the hex dock lists it."""
    scenario = document.scenario
    unit_type = scenario.unit_types.get(unit.type_id)
    name = unit_type.name if unit_type is not None else unit.type_id
    side = scenario.sides[unit.side].name if unit.side in scenario.sides else unit.side
    parts = [side]
    if isinstance(unit_type, PlatoonUnitType) and not unit_type.single_step:
        parts.append(unit.step)
    if unit.mode:
        parts.append(unit.mode)
    if unit.figures:
        parts.append(f"{len(unit.standing())}/{len(unit.figures)} figures")
    parts.extend(name.replace("_", " ") for name in badges_for(unit))
    if unit.sw_of:
        parts.append(f"with {unit.sw_of}")
    return f"{name} ({unit.id})", ", ".join(parts)


class HexDock(QDockWidget):
    """What is in the selected hex."""

    def __init__(self, parent=None) -> None:
        super().__init__("Hex", parent)
        self.setObjectName("hex-dock")
        self.tree = QTreeWidget()
        self.tree.setColumnCount(2)
        self.tree.setHeaderLabels(["", ""])
        self.tree.setHeaderHidden(True)
        self.tree.setRootIsDecorated(False)
        self.tree.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setWidget(self.tree)
        self.document: GameDocument | None = None
        self.viewer: str | None = None
        """Whose hidden minefields are listed (rules 1.7); None: nobody's."""
        self.hex: Hex | None = None

    def set_document(self, document: GameDocument | None) -> None:
        self.document = document
        self.show_hex(None)

    def show_hex(self, h: Hex | None) -> None:
        self.hex = h
        self.tree.clear()
        doc = self.document
        if doc is None or h is None or h not in doc.scenario.map.cells:
            self.setWindowTitle("Hex")
            placeholder = QTreeWidgetItem(["Click a hex to see what is in it.", ""])
            self.tree.addTopLevelItem(placeholder)
            placeholder.setFirstColumnSpanned(True)  # the text is wider than column 0
            return
        hexmap = doc.scenario.map
        label = hexmap.label(h)
        self.setWindowTitle(f"Hex {label}")
        cell = hexmap.cell(h)
        rows = [("Terrain", cell.terrain), ("Level", str(cell.level))]
        for n in hexmap.neighbors(h):
            features = hexmap.features(HexSide.between(h, n))
            if features:
                rows.append((f"Side {label}/{hexmap.label(n)}", ", ".join(features)))
        for marker in (m for m in doc.state.visible_markers(self.viewer) if m.hex == h):
            text = marker.kind.replace("_", " ")
            if marker.side:
                text += f" ({marker.side}{'' if marker.revealed else ', hidden'})"
            rows.append(("Marker", text))
        units = doc.units_at(h)
        rows.append(("Units", str(len(units)) if units else "none"))
        for key, value in rows:
            self.tree.addTopLevelItem(QTreeWidgetItem([key, value]))
        for unit in units:
            item = QTreeWidgetItem(list(unit_summary(doc, unit)))
            item.setToolTip(1, item.text(1))
            self.tree.addTopLevelItem(item)
        self.tree.resizeColumnToContents(0)

    def refresh(self) -> None:
        self.show_hex(self.hex)
