"""File > New Scenario (``action-new-scenario``): the map file, the counters files, the
ruleset, the sides and the turns of a new scenario, which then opens in the scenario
editor, unsaved and without units.

With a map open in the map editor, the dialog proposes that map (the file as saved, after
the usual offer to save its changes).

Object names: the dialog ``new-scenario-dialog``; ``new-name``, ``new-map`` (a path),
``new-map-browse``, ``new-counters`` (the list of counters files), ``new-counters-add``,
``new-counters-remove``, ``new-ruleset``, ``new-ruleset-text``, ``new-turns``,
``new-sides`` (a table: id, name), ``new-side-add``, ``new-side-remove``, ``new-problem``
(why OK did not make the scenario). ``window.new_scenario_dialog()`` opens it and
returns it; OK (``dialog.accept()``) makes the scenario.

A platoon side gets one formation, ``SIDE_1``, putting 1 chit in the cup; a squad
scenario's first side is the first in the table. Both are changed in the editor's
Scenario dock (Sides, General).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tabletop import data, paths
from tabletop.commands.scenarioprops import MAX_TURNS, check_name
from tabletop.documents import ScenarioDocument
from tabletop.model.setup import known
from tabletop.rules.engine import ruleset_for

MAP_FILTER = "Tabletop maps (*.yaml *.yml);;All files (*)"
COUNTERS_FILTER = "Tabletop counters (*.yaml *.yml);;All files (*)"
DEFAULT_SIDES = (("blue", "Blue"), ("red", "Red"))


class NewScenarioDialog(QDialog):
    """Asks for a new scenario; :meth:`build` makes it, or says why it cannot."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New Scenario")
        self.setObjectName("new-scenario-dialog")
        self.document: ScenarioDocument | None = None
        column = QVBoxLayout(self)
        form = QFormLayout()
        self.name = QLineEdit("New scenario", objectName="new-name")
        self.map_path = QLineEdit(objectName="new-map")
        self.map_path.setPlaceholderText("a map file (tabletop/map@1)")
        browse = QPushButton("Browse...", objectName="new-map-browse")
        browse.clicked.connect(self._browse_map)
        form.addRow("Name", self.name)
        form.addRow("Map", _row(self.map_path, browse))
        self.counters = QListWidget(objectName="new-counters")
        self.counters.setMaximumHeight(90)
        add = QPushButton("Add...", objectName="new-counters-add")
        add.clicked.connect(self._browse_counters)
        remove = QPushButton("Remove", objectName="new-counters-remove")
        remove.clicked.connect(lambda: self.counters.takeItem(self.counters.currentRow()))
        counters = QWidget()
        box = QVBoxLayout(counters)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.counters)
        box.addLayout(_buttons(add, remove))
        form.addRow("Counters", counters)
        self.ruleset = QComboBox(objectName="new-ruleset")
        for name in known():  # the rulesets' table
            self.ruleset.addItem(name, name)
        self.ruleset_text = QLabel(objectName="new-ruleset-text")
        self.ruleset_text.setWordWrap(True)
        self.ruleset_text.setStyleSheet("color: #555;")
        self.ruleset.currentIndexChanged.connect(self._show_ruleset)
        form.addRow("Ruleset", self.ruleset)
        form.addRow("", self.ruleset_text)
        self.turns = QSpinBox(objectName="new-turns")
        self.turns.setRange(1, MAX_TURNS)
        self.turns.setValue(8)
        form.addRow("Turns", self.turns)
        column.addLayout(form)
        column.addWidget(QLabel("Sides (an id of one word, and the name players see):"))
        self.sides = QTableWidget(0, 2, objectName="new-sides")
        self.sides.setHorizontalHeaderLabels(["Id", "Name"])
        self.sides.verticalHeader().setVisible(False)
        self.sides.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.sides.setEditTriggers(QAbstractItemView.EditTrigger.AllEditTriggers)
        self.sides.setMaximumHeight(130)
        for side_id, name in DEFAULT_SIDES:
            self._add_side(side_id, name)
        add_side = QPushButton("Add Side", objectName="new-side-add")
        add_side.clicked.connect(lambda: self._add_side(*self._free_side()))
        remove_side = QPushButton("Remove Side", objectName="new-side-remove")
        remove_side.clicked.connect(self._remove_side)
        column.addWidget(self.sides)
        column.addLayout(_buttons(add_side, remove_side))
        self.problem = QLabel(objectName="new-problem")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #b00020;")
        column.addWidget(self.problem)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setObjectName("new-ok")
        column.addWidget(buttons)
        self._show_ruleset()
        self.resize(560, 560)

    # --- widgets ----------------------------------------------------------------------------
    def _show_ruleset(self) -> None:
        self.ruleset_text.setText(ruleset_for(str(self.ruleset.currentData())).description)

    def _add_side(self, side_id: str, name: str) -> None:
        row = self.sides.rowCount()
        self.sides.insertRow(row)
        self.sides.setItem(row, 0, QTableWidgetItem(side_id))
        self.sides.setItem(row, 1, QTableWidgetItem(name))

    def _free_side(self) -> tuple[str, str]:
        taken = {side for side, _ in self.side_rows()}
        n = len(taken) + 1
        while f"side{n}" in taken:
            n += 1
        return f"side{n}", f"Side {n}"

    def _remove_side(self) -> None:
        row = self.sides.currentRow()
        if row >= 0:
            self.sides.removeRow(row)

    def add_counters(self, path: Path | str) -> None:
        """Add a counters file; the ruleset follows the first one's."""
        self.counters.addItem(str(path))
        if self.counters.count() == 1:
            try:
                ruleset = data.load_counters(path).ruleset
            except data.DataError:
                return
            self.ruleset.setCurrentIndex(max(0, self.ruleset.findData(ruleset)))

    def _browse_map(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Map", str(paths.MAPS), MAP_FILTER)
        if path:
            self.map_path.setText(path)

    def _browse_counters(self) -> None:
        chosen, _ = QFileDialog.getOpenFileNames(
            self, "Counters", str(paths.COUNTERS), COUNTERS_FILTER
        )
        for path in chosen:
            self.add_counters(path)

    # --- the result ---------------------------------------------------------------------------
    def side_rows(self) -> list[tuple[str, str]]:
        rows = []
        for r in range(self.sides.rowCount()):
            cells = [self.sides.item(r, c) for c in (0, 1)]
            side_id, name = (c.text().strip() if c is not None else "" for c in cells)
            rows.append((side_id, name))
        return rows

    def build(self) -> ScenarioDocument:
        """The new scenario, or a ValueError saying what to fix."""
        ruleset = str(self.ruleset.currentData())
        rows = self.side_rows()
        if not rows:
            raise ValueError("a scenario needs at least one side")
        for side_id, _ in rows:
            check_name("side", side_id)
        ids = [side_id for side_id, _ in rows]
        if len(set(ids)) != len(ids):
            raise ValueError("two sides have the same id")
        map_text = self.map_path.text().strip()
        if not map_text:
            raise ValueError("choose the map file")
        counters = [Path(self.counters.item(i).text()) for i in range(self.counters.count())]
        if not counters:
            raise ValueError("add at least one counters file")
        for path in counters:
            found = data.load_counters(path).ruleset
            if found != ruleset:
                raise ValueError(f"{path.name} holds {found} counters, not {ruleset} ones")
        rules = ruleset_for(ruleset)
        chits = rules.has("formations")  # each side starts with one formation of one chit
        sides = {
            side_id: (name or side_id, {f"{side_id}_1": 1} if chits else {})
            for side_id, name in rows
        }
        name = self.name.text().strip() or "New scenario"
        document = _new(Path(map_text), counters, sides, name, self.turns.value())
        if rules.has("first_side"):
            document.scenario.first = ids[0]
        return document

    def accept(self) -> None:
        try:
            self.document = self.build()
        except (ValueError, OSError) as exc:  # a DataError is a ValueError
            self.problem.setText(_first_line(exc))
            return
        super().accept()


def _new(map_path, counters, sides, name, turns) -> ScenarioDocument:
    from tabletop.ui.scenario.editor import new_scenario

    return new_scenario(map_path, counters, sides, name, turns)


def _first_line(exc: Exception) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def _row(*widgets: QWidget) -> QWidget:
    holder = QWidget()
    line = QHBoxLayout(holder)
    line.setContentsMargins(0, 0, 0, 0)
    for w in widgets:
        line.addWidget(w)
    return holder


def _buttons(*buttons: QPushButton) -> QHBoxLayout:
    line = QHBoxLayout()
    for b in buttons:
        line.addWidget(b)
    line.addStretch(1)
    return line


def propose_edited_map(dialog: NewScenarioDialog, path: Path | None) -> bool:
    """A map open in the map editor is the new scenario's map to begin with: its file (as
    saved: New Scenario first offered to save the changes). A map never saved has no
    file to propose."""
    if path is None:
        return False
    dialog.map_path.setText(str(Path(path).resolve()))
    dialog.map_path.setToolTip("The map being edited (as last saved)")
    return True


def open_new_scenario_dialog(window) -> NewScenarioDialog | None:
    """Show the New Scenario dialog over ``window``; OK opens the scenario in its editor."""
    if not window.may_discard():
        return None
    dialog = NewScenarioDialog(window)
    editor = window.editor
    propose_edited_map(dialog, editor.map_for_new_scenario() if editor is not None else None)

    def made() -> None:
        if dialog.document is not None:
            window.set_document(dialog.document)

    dialog.accepted.connect(made)
    dialog.open()
    return dialog
