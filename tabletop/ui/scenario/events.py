"""The scenario editor's **Events** dock (``scenario-events``): victory hexes,
reinforcements and air strikes, each picked on the map with its tool and drawn there.

Tools (``action-tool-NAME`` in the scenario editor's toolbar):

- ``victory``: a click makes a hex an objective (``victory: {hexes: [...]}``), or no longer one;
- ``entry``: a click sets the entry hex of the selected reinforcements, or, with none
  selected, adds a reinforcement of the form's turn, side and type entering there;
- ``strike``: a click sets the target of the selected air strikes, or, with none selected,
  adds an air strike of the form's turn, side and aircraft there (squad ruleset, 3.9).

Object names: ``victory-list``, ``victory-pick``, ``victory-remove``, ``victory-vp``,
``victory-owner`` (the selected objectives' VP and owner at the start), ``victory-loss-KIND``
(VP per loss of each kind of the ruleset), ``victory-margin``, ``victory-sudden-SIDE``
(sudden-death total, 0 for none);
``reinforcement-table``, ``reinf-turn``, ``reinf-side``, ``reinf-type``, ``reinf-id``,
``reinf-formation``, ``reinf-landed``, ``reinf-add``, ``reinf-remove``; ``airstrike-table``,
``strike-turn``, ``strike-side``, ``strike-aircraft``, ``strike-add``, ``strike-remove``.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QGraphicsItem,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from tabletop.commands import scenarioprops as P
from tabletop.hexgrid import Hex
from tabletop.model import Scenario
from tabletop.render.palette import side_color_of
from tabletop.rules.engine import ruleset_for
from tabletop.ui.scenario.pages import ROLE, Page, describe, set_items
from tabletop.ui.scene.items import Z_COUNTERS
from tabletop.ui.tools.base import PickHexTool

VICTORY = QColor("#f0b400")
STRIKE = QColor("#d0021b")
ENTRY = QColor("#333333")


class _PickTool(PickHexTool):
    def __init__(self, owner) -> None:
        super().__init__(owner)
        self.owner = owner


class VictoryTool(_PickTool):
    """Click a hex: an objective hex, or no longer one."""

    name = "victory"
    hint = "Click a hex to make it a victory hex, or no longer one"

    def picked(self, h: Hex) -> None:
        label = self.owner.scenario.map.label(h)
        self.owner.edit(
            f"Victory hex {label}", lambda: {"victory": P.toggled_victory(self.owner.scenario, h)}
        )


class EntryTool(_PickTool):
    """Click a hex: where the selected reinforcements enter, or a new one enters."""

    name = "entry"
    hint = "Click the hex where the selected reinforcements enter (none selected: add one)"

    def picked(self, h: Hex) -> None:
        self.owner.events.reinforcements.picked(h)


class StrikeTool(_PickTool):
    """Click a hex: the target of the selected air strikes, or of a new one."""

    name = "strike"
    hint = "Click the hex the selected air strikes hit (none selected: add one)"

    def picked(self, h: Hex) -> None:
        self.owner.events.strikes.picked(h)


def _table(name: str, headers: list[str]) -> QTableWidget:
    table = QTableWidget(0, len(headers), objectName=name)
    table.setHorizontalHeaderLabels(headers)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
    table.verticalHeader().setVisible(False)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    table.horizontalHeader().setStretchLastSection(True)
    return table


def _fill(table: QTableWidget, rows: list[list[str]]) -> None:
    """Refill ``table`` keeping the selected rows that still exist."""
    keep = sorted({i.row() for i in table.selectedIndexes()})
    table.blockSignals(True)
    table.clearSelection()
    table.setRowCount(len(rows))
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            item = table.item(r, c)  # kept, not replaced: the view may be holding it
            if item is None:
                table.setItem(r, c, QTableWidgetItem(text))
            elif item.text() != text:
                item.setText(text)
    mode = table.selectionMode()
    table.setSelectionMode(QAbstractItemView.SelectionMode.MultiSelection)
    for r in keep:
        if r < len(rows):
            table.selectRow(r)
    table.setSelectionMode(mode)
    table.blockSignals(False)


def _selected(table: QTableWidget) -> list[int]:
    return sorted({i.row() for i in table.selectedIndexes()})


def _buttons(*buttons: QPushButton) -> QHBoxLayout:
    row = QHBoxLayout()
    for b in buttons:
        row.addWidget(b)
    return row


class VictoryPage(Page):
    """The objective hexes (a list, the victory tool, Remove, and the selected ones' VP and
    owner), then how the game is scored: VP per loss, the margin, sudden death."""

    def __init__(self, owner) -> None:
        super().__init__(owner)
        column = QVBoxLayout(self)
        column.addWidget(describe("The objective hexes (victory: hexes). Pick them on the "
                                  "map: a click makes a hex one, another unmakes it."))  # fmt: skip
        self.list = QListWidget(objectName="victory-list")
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.list.itemSelectionChanged.connect(self._show_selected)
        column.addWidget(self.list)
        self.pick = QPushButton("Pick on Map", objectName="victory-pick")
        self.pick.clicked.connect(lambda: owner.set_tool("victory"))
        self.remove = QPushButton("Remove", objectName="victory-remove")
        self.remove.clicked.connect(self._remove)
        column.addLayout(_buttons(self.pick, self.remove))
        chosen = QFormLayout()
        self.vp = _spin("victory-vp", 0, P.MAX_VP)
        self.vp.valueChanged.connect(self._set_vp)
        self.owner_box = QComboBox(objectName="victory-owner")
        self.owner_box.activated.connect(self._set_owner)
        chosen.addRow("VP of the selected", self.vp)
        chosen.addRow("Held at the start by", self.owner_box)
        column.addLayout(chosen)
        column.addWidget(describe("Scoring: VP a side scores for each loss it inflicts, the "
                                  "lead that wins (less is a draw), and the total that wins "
                                  "at once (sudden death; 0: none)."))  # fmt: skip
        self.scoring = QFormLayout()
        column.addLayout(self.scoring)
        self.losses: dict[str, QSpinBox] = {}
        self.sudden: dict[str, QSpinBox] = {}
        self.margin = _spin("victory-margin", 1, P.MAX_VP)  # (made again with its row)
        column.addStretch(1)

    def _selected_hexes(self) -> list[Hex]:
        return [item.data(ROLE) for item in self.list.selectedItems()]

    def _set_vp(self, value: int) -> None:
        hexes = self._selected_hexes()
        if hexes:
            self.edit("Objective VP", lambda: {
                "victory": P.with_objective(self.scenario, hexes, vp=int(value))})  # fmt: skip

    def _set_owner(self, _index: int) -> None:
        hexes, side = self._selected_hexes(), self.owner_box.currentData()
        if hexes:
            self.edit("Objective owner", lambda: {
                "victory": P.with_objective(self.scenario, hexes, owner=side)})  # fmt: skip

    def _remove(self) -> None:
        gone = {item.data(ROLE) for item in self.list.selectedItems()}
        if gone:
            self.edit(
                "Remove victory hexes",
                lambda: {"victory": P.with_victory_hexes(
                    self.scenario, [h for h in P.victory_hexes(self.scenario) if h not in gone]
                )},
            )  # fmt: skip

    def _show_selected(self) -> None:
        objs = {h: (vp, owner) for h, vp, owner in P.objectives(self.scenario)}
        picked = [objs[h] for h in self._selected_hexes() if h in objs]
        was, self.loading = self.loading, True
        try:
            for w in (self.vp, self.owner_box):
                w.setEnabled(bool(picked))
            if picked:
                self.vp.setValue(picked[0][0])
                i = self.owner_box.findData(picked[0][1])
                self.owner_box.setCurrentIndex(max(0, i))
        finally:
            self.loading = was

    def _setting(self, text: str, key: str, value: int) -> None:
        self.edit(text, lambda: {"victory": P.with_victory_value(self.scenario, key, int(value))})

    def _scoring_rows(self) -> None:
        """One spin box per loss kind of the ruleset and per side (rebuilt when they change)."""
        sc = self.scenario
        kinds, sides = list(P.LOSS_DEFAULTS.get(sc.ruleset, {})), list(sc.sides)
        if list(self.losses) == kinds and list(self.sudden) == sides:
            return
        while self.scoring.rowCount():
            self.scoring.removeRow(0)
        self.losses, self.sudden = {}, {}
        for kind in kinds:
            box = self.losses[kind] = _spin(f"victory-loss-{kind}", 0, P.MAX_VP)
            box.valueChanged.connect(
                lambda v, k=kind: self._setting(f"VP for a {k} lost", f"losses:{k}", v)
            )
            self.scoring.addRow(f"VP per {kind} lost", box)
        self.margin = _spin("victory-margin", 1, P.MAX_VP)
        self.margin.valueChanged.connect(lambda v: self._setting("Victory margin", "margin", v))
        self.scoring.addRow("Margin that wins", self.margin)
        for side in sides:
            box = self.sudden[side] = _spin(f"victory-sudden-{side}", 0, P.MAX_VP)
            box.setSpecialValueText("none")
            box.valueChanged.connect(
                lambda v, s=side: self._setting("Sudden death", f"sudden_death:{s}", v)
            )
            self.scoring.addRow(f"Sudden death: {sc.sides[side].name}", box)

    def show_scenario(self) -> None:
        sc = self.scenario
        keep = set(self._selected_hexes())
        self.list.clear()
        for h, vp, owner in P.objectives(sc):
            cell = sc.map.cells[h]
            held = f", {sc.sides[owner].name}'s" if owner in sc.sides else ""
            self.list.addItem(f"{sc.map.label(h)}   {cell.terrain}, level {cell.level}   "
                              f"{vp} VP{held}")  # fmt: skip
            item = self.list.item(self.list.count() - 1)
            item.setData(ROLE, h)
            item.setSelected(h in keep)
        self.owner_box.clear()
        self.owner_box.addItem("nobody", None)
        for side in sc.sides.values():
            self.owner_box.addItem(side.name, side.id)
        self._scoring_rows()
        for kind, value in P.loss_values(sc).items():
            self.losses[kind].setValue(value)
        self.margin.setValue(int(sc.victory.get("margin", 1)))
        totals = sc.victory.get("sudden_death") or {}
        for side, box in self.sudden.items():
            box.setValue(int(totals.get(side, 0)) if isinstance(totals, dict) else 0)
        self._show_selected()


def _spin(name: str, lo: int, hi: int) -> QSpinBox:
    box = QSpinBox(objectName=name)
    box.setRange(lo, hi)
    box.setKeyboardTracking(False)
    return box


class _EventPage(Page):
    """A table of events and a form that edits the selected ones (none selected: the
    form holds what the next one added on the map gets)."""

    tool = ""

    def __init__(self, owner, table: QTableWidget) -> None:
        super().__init__(owner)
        self.table = table
        self.table.itemSelectionChanged.connect(self._selection_changed)
        self.column = QVBoxLayout(self)
        self.form = QFormLayout()
        self.turn = QSpinBox()
        self.turn.setKeyboardTracking(False)
        self.turn.valueChanged.connect(lambda v: self._set("turn", int(v)))
        self.side = QComboBox()
        self.side.activated.connect(lambda _i: self._set("side", self.side.currentData()))

    def _set(self, key: str, value: Any) -> None:
        if self.loading:
            return
        rows = _selected(self.table)
        if rows:
            self.apply(rows, key, value)
        else:  # the form for the next one: its side's formations, aircraft ...
            self.load()

    def apply(self, rows: list[int], key: str, value: Any) -> None:
        raise NotImplementedError

    def _selection_changed(self) -> None:
        """The form shows the selected rows (the table itself is left as it is)."""
        if not self.loading:
            self.loading = True
            try:
                self.show_form()
            finally:
                self.loading = False

    def show_form(self) -> None:
        raise NotImplementedError

    def _remove_button(self, name: str) -> QPushButton:
        b = QPushButton("Remove", objectName=name)
        b.clicked.connect(lambda: _selected(self.table) and self.remove(_selected(self.table)))
        return b

    def _add_button(self, name: str) -> QPushButton:
        b = QPushButton("Add on Map", objectName=name)
        b.setToolTip("Then click the hex on the map")
        b.clicked.connect(self._add)
        return b

    def _add(self) -> None:
        self.table.clearSelection()
        self.owner.set_tool(self.tool)

    field = ""
    """The scenario's field the page edits (``reinforcements``, ``air_strikes``)."""

    def remove(self, rows: list[int]) -> None:
        """Remove the selected events, as one undo step."""
        kept = P.without(getattr(self.scenario, self.field), rows)
        self.edit(f"Remove {self.field.replace('_', ' ')}", lambda: {self.field: kept})
        self.table.clearSelection()

    def picked(self, h: Hex) -> None:
        """A hex clicked with the page's tool: the selected events' hex, else a new event
        there with what the form holds."""
        rows = _selected(self.table)
        if rows:
            self.apply(rows, "hex", h)
        else:
            self.add_at(h)

    def add_at(self, h: Hex) -> None:
        raise NotImplementedError

    def _fill_sides(self, current: str | None) -> None:
        set_items(self.side, [(s.name, k) for k, s in self.scenario.sides.items()], current)


class ReinforcementsPage(_EventPage):
    """Units entering in a later turn: turn, side, unit, entry hex, landed."""

    tool = "entry"
    field = "reinforcements"

    def __init__(self, owner) -> None:
        table = _table("reinforcement-table", ["Turn", "Side", "Unit", "Enters", "Landed"])
        super().__init__(owner, table)
        self.note = describe("Units that enter in a later turn, at the start of their "
                             "side's turn, in their entry hex.")  # fmt: skip
        self.column.addWidget(self.note)
        self.column.addWidget(self.table)
        self.turn.setObjectName("reinf-turn")
        self.side.setObjectName("reinf-side")
        self.type = QComboBox(objectName="reinf-type")
        self.type.activated.connect(lambda _i: self._set("type_id", self.type.currentData()))
        self.uid = QLineEdit(objectName="reinf-id")
        self.uid.editingFinished.connect(lambda: self._set_id())
        self.formation = QComboBox(objectName="reinf-formation")
        self.formation.activated.connect(
            lambda _i: self._set("formation", self.formation.currentData())
        )
        self.landed = QCheckBox("Landed (dismounted this turn, rules 3.6)")
        self.landed.setObjectName("reinf-landed")
        self.landed.toggled.connect(lambda on: self._set("landed", bool(on)))
        self.form.addRow("Turn", self.turn)
        self.form.addRow("Side", self.side)
        self.form.addRow("Type", self.type)
        self.form.addRow("Unit id", self.uid)
        self.form.addRow("Formation", self.formation)
        self.form.addRow(self.landed)
        self.column.addLayout(self.form)
        self.add = self._add_button("reinf-add")
        self.column.addLayout(_buttons(self.add, self._remove_button("reinf-remove")))

    def _set_id(self) -> None:
        rows = _selected(self.table)
        if (
            len(rows) == 1
            and self.uid.text().strip() != self.scenario.reinforcements[rows[0]].unit.id
        ):
            self._set("id", self.uid.text().strip())

    def apply(self, rows: list[int], key: str, value: Any) -> None:
        what = "entry hex" if key == "hex" else key.replace("type_id", "type")
        sc = self.scenario
        self.edit(
            f"Set reinforcement {what}",
            lambda: {"reinforcements": P.changed_reinforcements(sc, rows, **{key: value})},
        )

    def add_at(self, h: Hex) -> None:
        turn, side, type_id = self.turn.value(), self.side.currentData(), self.type.currentData()
        self.edit(
            f"Add reinforcement {type_id}",
            lambda: {"reinforcements": P.with_reinforcement(
                self.scenario, turn, type_id, side, h)[0]},
        )  # fmt: skip

    def show_scenario(self) -> None:
        sc = self.scenario
        label = sc.map.label
        names = {k: v.name for k, v in sc.sides.items()}
        rows = [[str(r.turn), names.get(r.unit.side, r.unit.side), r.unit.id,
                 label(r.unit.hex) if r.unit.hex else "-", "yes" if r.landed else ""]
                for r in sc.reinforcements]  # fmt: skip
        _fill(self.table, rows)
        ruleset = ruleset_for(sc.ruleset)
        comes = ruleset.has("reinforcements")
        self.add.setEnabled(comes)
        if not comes:
            text = ruleset.lacks("reinforcements")
            self.note.setText(f"{text[0].upper()}{text[1:]}. Those a file already has are "
                              "listed, to change or remove.")  # fmt: skip
        self.show_form()

    def show_form(self) -> None:
        sc = self.scenario
        self.turn.setRange(1, sc.turns)
        selected = _selected(self.table)
        first = sc.reinforcements[selected[0]] if selected else None
        side = first.unit.side if first else self.side.currentData()
        self._fill_sides(side)
        keep_type = first.unit.type_id if first else self.type.currentData()
        types = [(f"{t.counter_name}  ({k})", k) for k, t in sc.unit_types.items()
                 if not getattr(t, "is_aircraft", False)]  # fmt: skip
        set_items(self.type, types, keep_type)
        side_def = sc.sides.get(self.side.currentData())
        names = list(side_def.formations) if side_def is not None else []
        formation = first.unit.formation if first else None
        set_items(self.formation, [(n, n) for n in names], formation)
        named = ruleset_for(sc.ruleset).has("formations")
        self.formation.setVisible(named)
        self.form.labelForField(self.formation).setVisible(named)
        self.uid.setEnabled(len(selected) == 1)
        self.landed.setEnabled(bool(selected))
        if first is not None:
            self.turn.setValue(first.turn)
            self.uid.setText(first.unit.id if len(selected) == 1 else "")
            self.landed.setChecked(first.landed)
        else:
            self.uid.clear()
            self.landed.setChecked(False)


class AirStrikesPage(_EventPage):
    """Air strikes (squad, 3.9): turn, side, aircraft, target hex."""

    tool = "strike"
    field = "air_strikes"

    def __init__(self, owner) -> None:
        table = _table("airstrike-table", ["Turn", "Side", "Aircraft", "Target"])
        super().__init__(owner, table)
        self.note = describe("In its turn the side may call the aircraft onto the hex "
                             "(the air_and_artillery module, rules 3.9).")  # fmt: skip
        self.column.addWidget(self.note)
        self.column.addWidget(self.table)
        self.turn.setObjectName("strike-turn")
        self.side.setObjectName("strike-side")
        self.aircraft = QComboBox(objectName="strike-aircraft")
        self.aircraft.activated.connect(
            lambda _i: self._set("aircraft", self.aircraft.currentData())
        )
        self.form.addRow("Turn", self.turn)
        self.form.addRow("Side", self.side)
        self.form.addRow("Aircraft", self.aircraft)
        self.column.addLayout(self.form)
        self.add = self._add_button("strike-add")
        self.column.addLayout(_buttons(self.add, self._remove_button("strike-remove")))
        self.column.addStretch(1)

    def apply(self, rows: list[int], key: str, value: Any) -> None:
        what = "target" if key == "hex" else key
        self.edit(
            f"Set air strike {what}",
            lambda: {"air_strikes": P.changed_air_strikes(self.scenario, rows, **{key: value})},
        )

    def add_at(self, h: Hex) -> None:
        turn, side, aircraft = (
            self.turn.value(),
            self.side.currentData(),
            self.aircraft.currentData(),
        )
        self.edit(
            f"Add air strike {aircraft}",
            lambda: {"air_strikes": P.with_air_strike(self.scenario, turn, side, aircraft, h)},
        )

    def show_scenario(self) -> None:
        sc = self.scenario
        ruleset = ruleset_for(sc.ruleset)
        strikes = ruleset.has("air_strikes")
        aircraft = P.aircraft_types(sc)
        self.setEnabled(strikes and bool(aircraft))
        if not strikes:
            text = ruleset.lacks("air_strikes")
            self.note.setText(f"{text[0].upper()}{text[1:]}.")
        elif not aircraft:
            self.note.setText("No aircraft in the scenario's counters files: add a counters "
                              "file with an aircraft type to have air strikes.")  # fmt: skip
        rows = [[str(a.turn), sc.sides[a.side].name if a.side in sc.sides else a.side,
                 a.aircraft, sc.map.label(a.hex)] for a in sc.air_strikes]  # fmt: skip
        _fill(self.table, rows)
        self.show_form()

    def show_form(self) -> None:
        sc = self.scenario
        aircraft = P.aircraft_types(sc)
        self.turn.setRange(1, sc.turns)
        selected = _selected(self.table)
        first = sc.air_strikes[selected[0]] if selected else None
        self._fill_sides(first.side if first else self.side.currentData())
        keep = first.aircraft if first else self.aircraft.currentData()
        planes = [(f"{sc.unit_types[k].counter_name}  ({k})", k) for k in aircraft]
        set_items(self.aircraft, planes, keep)
        if first is not None:
            self.turn.setValue(first.turn)


class EventsDock(QDockWidget):
    """The **Events** dock: Victory, Reinforcements and Air Strikes pages."""

    def __init__(self, owner, parent: QWidget | None = None) -> None:
        super().__init__("Events", parent)
        self.setObjectName("scenario-events")
        self.setMinimumWidth(330)
        self.tabs = QTabWidget(objectName="events-tabs")
        self.victory = VictoryPage(owner)
        self.reinforcements = ReinforcementsPage(owner)
        self.strikes = AirStrikesPage(owner)
        self.tabs.addTab(self.victory, "Victory")
        self.tabs.addTab(self.reinforcements, "Reinforcements")
        self.tabs.addTab(self.strikes, "Air Strikes")
        self.setWidget(self.tabs)
        self.pages: list[Page] = [self.victory, self.reinforcements, self.strikes]


class EventMarks(QGraphicsItem):
    """Victory hexes (a gold outline and star), reinforcement entry hexes (dashed, ``R`` and
    the turn in the side's colour) and air strike targets (a red ring, ``A`` and the turn)."""

    def __init__(self, scene, scenario: Scenario) -> None:
        super().__init__()
        self.map_scene = scene
        self.scenario = scenario
        self.setZValue(Z_COUNTERS + 5)  # above the counters, so a stack never hides them
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def refresh(self) -> None:
        self.prepareGeometryChange()
        self.update()

    def boundingRect(self) -> QRectF:
        return self.map_scene.map_rect()

    def _corners(self, h: Hex) -> QPolygonF:
        return QPolygonF([QPointF(x, y) for x, y in self.map_scene.layout.corners(h)])

    def paint(self, painter: QPainter, option, widget=None) -> None:
        sc = self.scenario
        size = float(self.map_scene.map_painter.size)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        font = QFont()
        font.setPixelSize(max(6, int(size * 0.34)))
        font.setBold(True)
        painter.setFont(font)
        for h in P.victory_hexes(sc):
            painter.setPen(QPen(VICTORY, size * 0.1))
            painter.setBrush(QColor(240, 180, 0, 40))
            painter.drawPolygon(self._corners(h))
            corner = self.map_scene.hex_center(h) + QPointF(-size * 0.66, -size * 0.36)
            self._star(painter, corner, size * 0.2)
        texts: dict[Hex, list[tuple[str, QColor]]] = {}
        for r in sc.reinforcements:
            if r.unit.hex is None or r.unit.hex not in sc.map.cells:
                continue
            colour = side_color_of(sc.sides, r.unit.side)
            pen = QPen(ENTRY, size * 0.06)
            pen.setDashPattern([2.5, 1.5])
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPolygon(self._corners(r.unit.hex))
            texts.setdefault(r.unit.hex, []).append((f"R{r.turn}", colour))
        for a in sc.air_strikes:
            if a.hex not in sc.map.cells:
                continue
            centre = self.map_scene.hex_center(a.hex)
            painter.setPen(QPen(STRIKE, size * 0.08))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(centre, size * 0.8, size * 0.8)
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                inner = centre + QPointF(dx * size * 0.62, dy * size * 0.62)
                outer = centre + QPointF(dx * size * 0.95, dy * size * 0.95)
                painter.drawLine(inner, outer)
            texts.setdefault(a.hex, []).append((f"A{a.turn}", STRIKE))
        for h, items in texts.items():
            self._texts(painter, h, items, size)

    def _texts(self, painter: QPainter, h: Hex, items, size: float) -> None:
        seen: list[tuple[str, QColor]] = []
        for item in items:
            if item not in seen:
                seen.append(item)
        centre = self.map_scene.hex_center(h)
        width = size * 0.55 * len(seen)
        x = centre.x() - width / 2
        for text, colour in seen:
            rect = QRectF(x, centre.y() + size * 0.3, size * 0.55, size * 0.36)
            painter.setPen(QPen(colour, max(1.0, size * 0.04)))
            painter.setBrush(QColor(255, 255, 255, 230))
            painter.drawRoundedRect(rect, 2, 2)
            painter.setPen(colour.darker(120))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
            x += size * 0.55

    def _star(self, painter: QPainter, centre: QPointF, r: float) -> None:
        import math

        points = []
        for i in range(10):
            radius = r if i % 2 == 0 else r * 0.45
            angle = -math.pi / 2 + i * math.pi / 5
            points.append(QPointF(centre.x() + radius * math.cos(angle),
                                  centre.y() + radius * math.sin(angle)))  # fmt: skip
        painter.setPen(QPen(QColor("#6b4f00"), max(0.5, r * 0.12)))
        painter.setBrush(VICTORY)
        painter.drawPolygon(QPolygonF(points))
