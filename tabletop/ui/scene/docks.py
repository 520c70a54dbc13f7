"""Docks: the selected hex's contents (terrain, hexsides, markers, units and their state)."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtWidgets import (
    QDockWidget,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeWidget,
    QTreeWidgetItem,
)

from tabletop.documents import GameDocument
from tabletop.hexgrid import Hex, HexSide
from tabletop.model import PlatoonUnitType, UnitState
from tabletop.rules.narrate import marker_name

MODE_WORDS = {"flying": "Flying", "noe": "NOE", "landed": "Landed"}
"""A helicopter's mode as the rules name it (rules 2.10)."""
STEP_WORDS = {"full": "Full strength", "reduced": "Reduced"}
"""A counter's side up (rules: its full and reduced sides)."""
STATUS_WORDS = {"good_order": "Good Order"}


def _words(key: str) -> str:
    """``good_order`` -> ``Good order``: a key of the data as a player reads it."""
    text = key.replace("_", " ")
    return text[:1].upper() + text[1:]


def unit_name(document: GameDocument, unit_id: str) -> str:
    """``M113 m113-1``: a unit by its type's name and its id (the log's way)."""
    other = document.state.units.get(unit_id)
    scenario = document.scenario
    unit_type = scenario.unit_types.get(other.type_id) if other is not None else None
    return f"{unit_type.name} {unit_id}" if unit_type is not None else unit_id


def unit_summary(document: GameDocument, unit: UnitState) -> tuple[str, str]:
    """(name and id, state) of a unit, as the hex dock lists it: its side, then its step
    (of a unit with two), status, mode, figures standing, markers and what it goes with,
    each said once in a player's words (``NATO, Reduced, Disrupted, NOE, Ops Complete``)."""
    scenario = document.scenario
    unit_type = scenario.unit_types.get(unit.type_id)
    name = unit_type.name if unit_type is not None else unit.type_id
    side = scenario.sides[unit.side].name if unit.side in scenario.sides else unit.side
    parts = [side]
    if isinstance(unit_type, PlatoonUnitType) and not unit_type.single_step:
        parts.append(STEP_WORDS.get(unit.step, _words(unit.step)))
    parts.append(STATUS_WORDS.get(unit.status.value, _words(unit.status.value)))
    if unit.mode:
        parts.append(MODE_WORDS.get(unit.mode, _words(unit.mode)))
    if unit.figures:
        total = len(unit.figures)
        parts.append(
            f"{len(unit.standing())} of {total} figure{'' if total == 1 else 's'} standing"
        )
    if unit.ammo is not None:
        parts.append(f"{unit.ammo} ammunition left")
    parts.extend(marker_name(m) for m in dict.fromkeys(unit.markers))
    if unit.flags.get("maneuver"):
        parts.append("Maneuver")
    if unit.sw_of:
        parts.append(f"support weapon of {unit_name(document, unit.sw_of)}")
    if unit.carrier:
        parts.append(f"aboard {unit_name(document, unit.carrier)}")
    return f"{name} ({unit.id})", ", ".join(dict.fromkeys(parts))


class _WrappingDelegate(QStyledItemDelegate):
    """Rows as tall as their second column's text wrapped to its width (a tree view asks an
    item's height for no width, so a long line would be cut)."""

    def __init__(self, tree: QTreeWidget) -> None:
        super().__init__(tree)
        self.tree = tree

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        if index.column() != 1:  # the names' column is as wide as its text
            return super().sizeHint(option, index)
        sized = QStyleOptionViewItem(option)
        sized.rect = QRect(0, 0, self.tree.columnWidth(index.column()), 1 << 16)
        return super().sizeHint(sized, index)


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
        self.tree.setWordWrap(True)  # a unit's state wraps in a narrow dock, never elided
        self.tree.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.tree.setItemDelegate(_WrappingDelegate(self.tree))
        self.tree.header().sectionResized.connect(lambda *_a: self.tree.doItemsLayout())
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
            text = marker_name(marker.kind)
            if marker.side:
                owner = doc.scenario.sides.get(marker.side)
                name = owner.name if owner is not None else marker.side
                text += f" ({name}{'' if marker.revealed else ', hidden'})"
            rows.append(("Marker", text))
        units = doc.units_at(h)
        rows.append(("Units", str(len(units)) if units else "none"))
        for key, value in rows:
            self.tree.addTopLevelItem(QTreeWidgetItem([key, value]))
        for unit in units:
            item = QTreeWidgetItem(list(unit_summary(doc, unit)))
            item.setToolTip(1, item.text(1))
            for column in (0, 1):  # a wrapped state reads from its name's line down
                item.setTextAlignment(
                    column, Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft
                )
            self.tree.addTopLevelItem(item)
        self.tree.resizeColumnToContents(0)

    def refresh(self) -> None:
        self.show_hex(self.hex)
