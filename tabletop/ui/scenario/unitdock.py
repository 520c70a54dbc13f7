"""The scenario editor's Unit dock: every per-unit key of the scenario format for the
selected unit, with the widget its value takes.

- id, formation (platoon), step (platoon), status (the ruleset's), helicopter mode,
  ammunition (squad types that count it), the transport it starts aboard (squad);
- the unit markers its ruleset uses (:data:`~tabletop.commands.scenariounits.UNIT_MARKERS`),
  one check box each;
- its support weapon (platoon): a type of the counters files or none, its id and its
  markers;
- its figures (squad): one row per figure with its model, wounds and fallen state; Remove
  Figure, Add (a model the unit has fewer of than its type) and Full Strength;
- the unit flags ``maneuver`` and ``dismounted_this_turn``.

The dock only shows and asks: every change is ``edited(key, value)`` with the keys of
:func:`~tabletop.commands.scenariounits.unit_edited`, which the editor turns into one undo
step. Object names: ``unit-properties`` (the dock), ``unit-id``, ``unit-formation``,
``unit-step``, ``unit-status``, ``unit-mode``, ``unit-ammo``, ``unit-carrier``,
``unit-marker-NAME``,
``unit-sw``, ``unit-sw-id``, ``unit-sw-marker-NAME``, ``unit-figures`` (the table; its
cells ``figure-wounds-I`` and ``figure-fallen-I``), ``figure-remove``, ``figure-add``,
``figure-add-model``, ``figure-full``, ``unit-flag-NAME``, ``unit-delete``.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tabletop.commands.scenarioedit import full_figures
from tabletop.commands.scenariounits import (
    EXCLUSIVE,
    MARKER_MODULES,
    MARKER_NAMES,
    MAX_AMMO,
    SW_MARKERS,
    UNIT_FLAGS,
    UNIT_MARKERS,
    can_carry_sw,
    carriers_for,
    figure_added,
    figure_set,
    markers_for,
    missing_models,
    modes_for,
    statuses_for,
    sw_of,
    sw_types,
)
from tabletop.model import Figure, PlatoonUnitType, Scenario, SquadUnitType, UnitState
from tabletop.rules.engine import ruleset_for

FLAG_TEXTS = {
    "maneuver": "Maneuver (its last move was in maneuver mode)",
    "dismounted_this_turn": "Dismounted this turn",
}
MODEL_TEXT = {"hmg": "HMG", "aa_mg": "AA MG", "aa_gun": "AA gun", "at_rifle": "AT rifle"}


def model_text(model: str) -> str:
    return MODEL_TEXT.get(model, model.replace("_", " "))


class FiguresBox(QGroupBox):
    """A squad unit's figures: a row per figure (model, wounds, fallen) and the buttons."""

    def __init__(self, dock: UnitDock) -> None:
        super().__init__("Figures")
        self.dock = dock
        self.figures: list[Figure] = []
        self.unit_type: SquadUnitType | None = None
        column = QVBoxLayout(self)
        self.table = QTableWidget(0, 3, objectName="unit-figures")
        self.table.setHorizontalHeaderLabels(["Model", "Wounds", "Fallen"])
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col in (1, 2):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        column.addWidget(self.table)
        self.summary = QLabel(objectName="figure-summary")
        column.addWidget(self.summary)
        row = QHBoxLayout()
        self.remove = QPushButton("Remove Figure", objectName="figure-remove")
        self.remove.setToolTip("Take the selected figure out of the unit")
        self.remove.clicked.connect(self._remove)
        self.add_model = QComboBox(objectName="figure-add-model")
        self.add = QPushButton("Add", objectName="figure-add")
        self.add.setToolTip("Give the unit back a figure of this model (up to its type's count)")
        self.add.clicked.connect(self._add)
        self.full = QPushButton("Full Strength", objectName="figure-full")
        self.full.setToolTip("Every figure of the unit's type, unhurt")
        self.full.clicked.connect(self._full)
        row.addWidget(self.remove)
        row.addStretch(1)
        row.addWidget(self.add_model)
        row.addWidget(self.add)
        column.addLayout(row)
        column.addWidget(self.full)

    def show_figures(self, t: SquadUnitType, figures: list[Figure]) -> None:
        models = [f.model for f in self.figures]
        self.unit_type, self.figures = t, list(figures)
        if models == [f.model for f in figures] and self.table.rowCount() == len(figures):
            self._update_rows(figures)  # the same rows: keep the widgets (and the focus)
        else:
            self._build_rows(t, figures)
        standing = sum(1 for f in figures if not f.fallen)
        self.summary.setText(
            f"{len(figures)} of {t.figure_count} figures, {standing} standing"
            + (f", {len(figures) - standing} fallen" if standing < len(figures) else "")
        )
        self.add_model.clear()
        for model in missing_models(t, figures):
            self.add_model.addItem(model_text(model), model)
        self.add.setEnabled(self.add_model.count() > 0)
        self.add_model.setEnabled(self.add_model.count() > 0)
        self.remove.setEnabled(bool(figures))
        self.full.setEnabled(figures != full_figures(t))

    def _update_rows(self, figures: list[Figure]) -> None:
        for i, f in enumerate(figures):
            wounds = self.table.cellWidget(i, 1)
            fallen = self.table.cellWidget(i, 2)
            if isinstance(wounds, QSpinBox):
                wounds.setValue(f.wounds)
            if isinstance(fallen, QCheckBox):
                fallen.setChecked(f.fallen)

    def _build_rows(self, t: SquadUnitType, figures: list[Figure]) -> None:
        selected = self.table.currentRow()
        self.table.setRowCount(len(figures))
        for i, f in enumerate(figures):
            item = QTableWidgetItem(model_text(f.model))
            item.setData(Qt.ItemDataRole.UserRole, f.model)
            self.table.setItem(i, 0, item)
            wounds = QSpinBox(objectName=f"figure-wounds-{i}")
            wounds.setRange(0, t.wounds_of(f.model))
            wounds.setValue(f.wounds)
            wounds.setKeyboardTracking(False)  # typed numbers count once, at Enter
            wounds.setEnabled(t.wounds_of(f.model) > 0)
            wounds.setToolTip(f"Wounds taken (a {model_text(f.model)} has {t.wounds_of(f.model)})")
            wounds.valueChanged.connect(lambda v, i=i: self._set(i, wounds=v))
            self.table.setCellWidget(i, 1, wounds)
            fallen = QCheckBox(objectName=f"figure-fallen-{i}")
            fallen.setChecked(f.fallen)
            fallen.setToolTip("Fallen: a medic may still save it (rules 3.1)")
            fallen.toggled.connect(lambda on, i=i: self._set(i, fallen=on))
            self.table.setCellWidget(i, 2, fallen)
        self.table.resizeRowsToContents()
        if 0 <= selected < len(figures):
            self.table.selectRow(selected)
        rows = min(len(figures), 12)
        height = self.table.horizontalHeader().height() + 4
        height += sum(self.table.rowHeight(i) for i in range(rows))
        self.table.setFixedHeight(max(height, 60))

    def _set(self, index: int, wounds: int | None = None, fallen: bool | None = None) -> None:
        self.dock.emit_edit("figures", figure_set(self.figures, index, wounds, fallen))

    def _remove(self) -> None:
        row = self.table.currentRow()
        if not 0 <= row < len(self.figures):
            row = len(self.figures) - 1
        if row >= 0:
            self.dock.emit_edit("figures", self.figures[:row] + self.figures[row + 1 :])

    def _add(self) -> None:
        model = self.add_model.currentData()
        if self.unit_type is not None and model:
            self.dock.emit_edit("figures", figure_added(self.unit_type, self.figures, model))

    def _full(self) -> None:
        if self.unit_type is not None:
            self.dock.emit_edit("figures", full_figures(self.unit_type))


class UnitDock(QDockWidget):
    """The selected unit: every per-unit key of the scenario format; Delete."""

    edited = Signal(str, object)  # key, value (see tabletop.commands.scenariounits.unit_edited)
    deleteRequested = Signal()

    def __init__(self, scenario: Scenario, parent: QWidget | None = None) -> None:
        super().__init__("Unit", parent)
        self.setObjectName("unit-properties")
        self.scenario = scenario
        self._loading = False
        body = QWidget()
        column = QVBoxLayout(body)
        column.addWidget(self._build_form())
        column.addWidget(self._build_markers())
        column.addWidget(self._build_sw())
        self.figures = FiguresBox(self)
        column.addWidget(self.figures)
        column.addWidget(self._build_flags())
        self.delete = QPushButton("Delete Unit", objectName="unit-delete")
        self.delete.clicked.connect(self.deleteRequested.emit)
        column.addWidget(self.delete)
        column.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        body.setMinimumWidth(300)
        scroll.setWidget(body)
        self.body = body
        self.setWidget(scroll)

    # --- construction ---------------------------------------------------------------------
    def _build_form(self) -> QWidget:
        box = QWidget()
        self.form = form = QFormLayout(box)
        form.setContentsMargins(0, 0, 0, 0)
        self.id_edit = QLineEdit(objectName="unit-id")
        self.id_edit.editingFinished.connect(
            lambda: self.emit_edit("id", self.id_edit.text().strip())
        )
        self.type_label = QLabel(objectName="unit-type")
        self.formation = QComboBox(objectName="unit-formation")
        self.formation.activated.connect(
            lambda _i: self.emit_edit("formation", self.formation.currentData())
        )
        self.step = QComboBox(objectName="unit-step")
        for step in ("full", "reduced"):
            self.step.addItem(step, step)
        self.step.activated.connect(lambda _i: self.emit_edit("step", self.step.currentData()))
        self.status = QComboBox(objectName="unit-status")
        for status in statuses_for(self.scenario):
            self.status.addItem(status.value.replace("_", " "), status)
        self.status.activated.connect(
            lambda _i: self.emit_edit("status", self.status.currentData())
        )
        self.mode = QComboBox(objectName="unit-mode")
        self.mode.setToolTip("The side of the helicopter's counter in use (rules 2.7)")
        self.mode.activated.connect(lambda _i: self.emit_edit("mode", self.mode.currentData()))
        self.ammo = QSpinBox(objectName="unit-ammo")
        self.ammo.setRange(0, MAX_AMMO)
        self.ammo.setKeyboardTracking(False)
        self.ammo.valueChanged.connect(lambda v: self.emit_edit("ammo", v))
        form.addRow("Id", self.id_edit)
        form.addRow("Type", self.type_label)
        form.addRow("Formation", self.formation)
        form.addRow("Step", self.step)
        form.addRow("Status", self.status)
        form.addRow("Mode", self.mode)
        form.addRow("Ammunition", self.ammo)
        self.carrier = QComboBox(objectName="unit-carrier")
        self.carrier.setToolTip(
            "The transport it starts aboard: a friendly one in its hex with room (rules 3.10)"
        )
        self.carrier.activated.connect(
            lambda _i: self.emit_edit("carrier", self.carrier.currentData())
        )
        form.addRow("Rides in", self.carrier)
        return box

    def _marker_grid(
        self, markers: tuple[str, ...], prefix: str, key: str
    ) -> tuple[QWidget, dict[str, QCheckBox]]:
        box = QWidget()
        grid = QGridLayout(box)
        grid.setContentsMargins(0, 0, 0, 0)
        boxes: dict[str, QCheckBox] = {}
        cells: list[tuple[int, int]] = []  # a row per sequence (Depleted Ammo 2, 1 ...)
        for marker in markers:
            group = next((g for g in EXCLUSIVE if marker in g), (marker,))
            first = next(m for m in group if m in markers)
            if marker == first:
                cells.append((len({r for r, _ in cells}), 0))
            else:
                cells.append((cells[-1][0], cells[-1][1] + 1))
        for (row, col), marker in zip(cells, markers, strict=True):
            check = QCheckBox(MARKER_NAMES[marker], objectName=f"{prefix}-{marker}")
            module = MARKER_MODULES.get(marker)
            if module is not None:
                check.setToolTip(f"Rules module {module}")
            check.toggled.connect(lambda on, m=marker: self.emit_edit(f"{key}:{m}", on))
            grid.addWidget(check, row, col)
            boxes[marker] = check
        return box, boxes

    def _build_markers(self) -> QGroupBox:
        self.markers_box = QGroupBox("Markers")
        layout = QVBoxLayout(self.markers_box)
        markers = UNIT_MARKERS.get(self.scenario.ruleset, ())
        grid, self.marker_checks = self._marker_grid(markers, "unit-marker", "marker")
        layout.addWidget(grid)
        return self.markers_box

    def _build_sw(self) -> QGroupBox:
        self.sw_box = QGroupBox("Support weapon")
        form = QFormLayout(self.sw_box)
        self.sw = QComboBox(objectName="unit-sw")
        self.sw.addItem("(none)", None)
        for type_id in sw_types(self.scenario):
            t = self.scenario.unit_types[type_id]
            self.sw.addItem(f"{t.counter_name}  ({type_id})", type_id)
        self.sw.activated.connect(lambda _i: self.emit_edit("sw", self.sw.currentData()))
        self.sw_id = QLineEdit(objectName="unit-sw-id")
        self.sw_id.editingFinished.connect(
            lambda: self.emit_edit("sw_id", self.sw_id.text().strip())
        )
        grid, self.sw_checks = self._marker_grid(SW_MARKERS, "unit-sw-marker", "sw_marker")
        self.sw_note = QLabel(objectName="unit-sw-note")
        self.sw_note.setWordWrap(True)
        form.addRow("Type", self.sw)
        form.addRow("Id", self.sw_id)
        form.addRow(grid)
        form.addRow(self.sw_note)
        self.sw_box.setVisible(ruleset_for(self.scenario.ruleset).has("support_weapons"))
        return self.sw_box

    def _build_flags(self) -> QGroupBox:
        box = QGroupBox("Flags")
        layout = QVBoxLayout(box)
        self.flag_checks: dict[str, QCheckBox] = {}
        for flag in UNIT_FLAGS:
            check = QCheckBox(FLAG_TEXTS[flag], objectName=f"unit-flag-{flag}")
            check.toggled.connect(lambda on, f=flag: self.emit_edit(f"flag:{f}", on))
            layout.addWidget(check)
            self.flag_checks[flag] = check
        return box

    # --- showing ----------------------------------------------------------------------------
    def emit_edit(self, key: str, value: object) -> None:
        if not self._loading:
            self.edited.emit(key, value)

    def show_unit(self, unit: UnitState | None, formations: list[str]) -> None:
        self._loading = True
        try:
            self.body.setEnabled(unit is not None)
            self.formation.clear()
            self.formation.addItem("(none)", None)
            for name in formations:
                self.formation.addItem(name, name)
            if unit is None:
                self.id_edit.clear()
                self.type_label.clear()
                self.figures.hide()
                self.form.setRowVisible(self.carrier, False)
                return
            self._show_form(unit)
            for marker, check in self.marker_checks.items():
                check.setChecked(marker in unit.markers)
                check.setEnabled(marker in markers_for(self.scenario, unit))
            self._show_sw(unit)
            self._show_figures(unit)
            for flag, check in self.flag_checks.items():
                check.setChecked(bool(unit.flags.get(flag)))
        finally:
            self._loading = False

    def _show_form(self, unit: UnitState) -> None:
        sc = self.scenario
        t = sc.unit_types.get(unit.type_id)
        self.id_edit.setText(unit.id)
        self.type_label.setText(f"{t.name}  ({t.id})" if t is not None else unit.type_id)
        ruleset = ruleset_for(sc.ruleset)
        self.form.setRowVisible(self.formation, ruleset.has("formations"))
        self.form.setRowVisible(self.step, ruleset.unit_type is PlatoonUnitType)  # full/reduced
        self.formation.setCurrentIndex(max(0, self.formation.findData(unit.formation)))
        self.step.setCurrentIndex(max(0, self.step.findData(unit.step)))
        index = self.status.findData(unit.status)
        if index < 0:  # a status this ruleset does not start units in (from the file)
            self.status.addItem(unit.status.value.replace("_", " "), unit.status)
            index = self.status.count() - 1
        self.status.setCurrentIndex(index)
        modes = modes_for(sc, unit)
        self.mode.clear()
        for mode in modes:
            self.mode.addItem("NOE" if mode == "noe" else mode, mode)
        self.mode.setCurrentIndex(max(0, self.mode.findData(unit.mode or "flying")))
        self.form.setRowVisible(self.mode, bool(modes))
        carriers = carriers_for(sc, unit)  # (none where the ruleset has no cargo)
        self.carrier.clear()
        self.carrier.addItem("(none)", None)
        for carrier in carriers:
            self.carrier.addItem(carrier, carrier)
        self.carrier.setCurrentIndex(max(0, self.carrier.findData(unit.carrier)))
        self.form.setRowVisible(self.carrier, bool(carriers))
        counts = isinstance(t, SquadUnitType) and t.ammo is not None
        self.form.setRowVisible(self.ammo, counts)
        if counts:
            self.ammo.setValue(unit.ammo if unit.ammo is not None else 0)

    def _show_sw(self, unit: UnitState) -> None:
        if not ruleset_for(self.scenario.ruleset).has("support_weapons"):
            return
        reason = can_carry_sw(self.scenario, unit)
        weapon = sw_of(self.scenario, unit)
        self.sw.setEnabled(reason is None)
        self.sw.setCurrentIndex(max(0, self.sw.findData(weapon.type_id if weapon else None)))
        self.sw_id.setEnabled(weapon is not None)
        self.sw_id.setText(weapon.id if weapon is not None else "")
        for marker, check in self.sw_checks.items():
            check.setEnabled(weapon is not None)
            check.setChecked(weapon is not None and marker in weapon.markers)
        self.sw_note.setText(reason or "")
        self.sw_note.setVisible(reason is not None)

    def _show_figures(self, unit: UnitState) -> None:
        t = self.scenario.unit_types.get(unit.type_id)
        if not isinstance(t, SquadUnitType):
            self.figures.hide()
            return
        self.figures.show()
        self.figures.show_figures(t, unit.figures)
