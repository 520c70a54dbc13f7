"""The New Map dialog: size, hex size, orientation and numbering, default terrain, chart."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from tabletop import data
from tabletop.model import Grid, HexMap, TerrainChart

STANDARD = "standard"


class NewMapDialog(QDialog):
    """Asks for a new map; :meth:`build` makes it (None, with the reason shown, if the
    chart cannot be read)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New Map")
        self.setObjectName("new-map-dialog")
        form = QFormLayout(self)
        self.name = QLineEdit("New map")
        self.columns = self._spin(1, 999, 20)
        self.rows = self._spin(1, 999, 15)
        self.hex_size = QDoubleSpinBox()
        self.hex_size.setRange(4.0, 1000.0)
        self.hex_size.setValue(40.0)
        self.hex_size.setSuffix(" px")
        self.orientation = self._combo(["flat", "pointy"])
        self.stagger = self._combo(["odd", "even"])
        self.first = self._combo(["1", "0"])
        self.letters = QCheckBox("letters for columns (A, B, ... AA)")
        self.chart_path = QLineEdit(STANDARD)
        self.chart_path.setToolTip("'standard' (bundled) or a terrain chart file")
        browse = QPushButton("Browse...")
        browse.clicked.connect(self._browse)
        chart_row = QWidget()
        row = QHBoxLayout(chart_row)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.chart_path)
        row.addWidget(browse)
        self.default = self._combo([])
        self.problem = QLabel("")
        self.problem.setStyleSheet("color: #b00020")
        for label, widget in [
            ("Name", self.name), ("Columns", self.columns), ("Rows", self.rows),
            ("Hex size", self.hex_size), ("Orientation", self.orientation),
            ("Higher columns (rows)", self.stagger), ("First index", self.first),
            ("", self.letters), ("Terrain chart", chart_row), ("Default terrain", self.default),
        ]:  # fmt: skip
            form.addRow(label, widget)
        form.addRow(self.problem)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.chart_path.editingFinished.connect(self._load_chart)
        self.chart: TerrainChart | None = None
        self._load_chart()

    def _spin(self, lo: int, hi: int, value: int) -> QSpinBox:
        spin = QSpinBox()
        spin.setRange(lo, hi)
        spin.setValue(value)
        return spin

    def _combo(self, items: list[str]) -> QComboBox:
        combo = QComboBox()
        combo.addItems(items)
        return combo

    def _browse(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Terrain Chart", "", "Charts (*.yaml *.yml)")
        if path:
            self.chart_path.setText(path)
            self._load_chart()

    def _load_chart(self) -> None:
        ref = self.chart_path.text().strip() or STANDARD
        try:
            self.chart = data.load_chart(ref)
        except (data.DataError, OSError) as exc:
            self.chart = None
            self.problem.setText(f"Cannot read the chart: {str(exc).splitlines()[0]}")
            return
        self.problem.setText("")
        current = self.default.currentText() or "clear"
        self.default.clear()
        self.default.addItems(list(self.chart.terrain))
        if current in self.chart.terrain:
            self.default.setCurrentText(current)

    def grid(self) -> Grid:
        return Grid(
            self.columns.value(), self.rows.value(), self.orientation.currentText(),
            self.stagger.currentText(), int(self.first.currentText()), self.letters.isChecked(),
            float(self.hex_size.value()),
        )  # fmt: skip

    def build(self) -> HexMap | None:
        if self.chart is None:
            return None
        hexmap = HexMap(self.name.text().strip(), self.chart, self.grid(),
                        self.default.currentText() or "clear")  # fmt: skip
        ref = self.chart_path.text().strip() or STANDARD
        hexmap.chart_ref = ref if ref == STANDARD else str(Path(ref).resolve())
        return hexmap
