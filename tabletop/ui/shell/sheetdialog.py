"""File > Print Counter Sheet: a counters file's types or a scenario's order of battle, laid
out by :mod:`tabletop.render.sheet` (the same layout and painter as ``tabletop sheet``), with
a preview of each page, the counter size, paper, copies, mirrored backs, bleed and cut
lines, and an export to PDF, SVG or PNG with progress and cancel.

:func:`sheet_source` says what the open document prints; :class:`SheetDialog` is the dialog
(objectName ``sheet-dialog``); ``dialog.export(path)`` writes without asking for a file name.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtGui import QColor, QImage, QPainter, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QLabel,
    QMessageBox,
    QSpinBox,
    QWidget,
)

from tabletop.data.atomic import atomic_write
from tabletop.model import Scenario, UnitType
from tabletop.render.sheet import (
    COUNTER_SIZES,
    PAPERS,
    Group,
    Page,
    SheetError,
    group_by_nation,
    layout_sheet,
    order_of_battle,
    paint_page,
    with_backs,
    write_sheet,
)
from tabletop.ui.shell.pagedialog import PagedExportDialog

PREVIEW_PX_PER_MM = 2.4
"""Preview scale: an A4 page is 504 x 713 pixels."""


@dataclass(frozen=True)
class SheetSource:
    """What a sheet prints: its title, and unit types per heading (each once)."""

    title: str
    groups: list[Group]
    per_unit: bool
    """True for an order of battle (one counter per unit), False for a counters file."""

    def with_copies(self, copies: int) -> list[Group]:
        return [g._replace(units=[t for t in g.units for _ in range(copies)]) for g in self.groups]


def scenario_source(scenario: Scenario) -> SheetSource:
    title = f"{scenario.name or 'Scenario'}: order of battle"
    return SheetSource(title, order_of_battle(scenario), per_unit=True)


def counters_source(name: str, unit_types: Sequence[UnitType]) -> SheetSource:
    return SheetSource(name, group_by_nation(unit_types, 1, name), per_unit=False)


def sheet_source(document: object) -> SheetSource | None:
    """The sheet of the window's open document: a game's or scenario's order of battle, a
    counters file's types; None for a map (it has no counters)."""
    scenario = getattr(document, "scenario", None)
    if isinstance(scenario, Scenario):
        return scenario_source(scenario)
    counters = getattr(document, "counters", None)
    units = getattr(counters, "units", None)
    if isinstance(units, dict) and units:
        path = getattr(document, "path", None)
        name = getattr(counters, "name", "") or (Path(path).stem if path else "Counters")
        return counters_source(name, list(units.values()))
    return None


def render_page(page: Page, paper_key: str, px_per_mm: float, cut_lines: bool) -> QImage:
    paper = PAPERS[paper_key]
    image = QImage(
        round(paper.width_mm * px_per_mm),
        round(paper.height_mm * px_per_mm),
        QImage.Format.Format_RGB32,
    )
    image.fill(QColor("white"))
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.scale(px_per_mm, px_per_mm)
    paint_page(p, page, cut_lines)
    p.end()
    return image


class SheetDialog(PagedExportDialog):
    """Settings on the left, the current page on the right; Export... writes the files."""

    def __init__(self, source: SheetSource, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sheet-dialog")
        self.setWindowTitle(f"Print Counter Sheet: {source.title}")
        self.source = source
        self.pages: list[Page] = []
        self.written: list[Path] = []
        self._build()
        self.relayout()

    # --- construction ---------------------------------------------------------------------
    def _build(self) -> None:
        self.size_box = QComboBox(objectName="sheet-size")
        labels = {"1/2in": '1/2"', "5/8in": '5/8"', "3/4in": '3/4"', "16mm": "16 mm"}
        for key in COUNTER_SIZES:
            self.size_box.addItem(labels.get(key, key), key)
        self.size_box.setCurrentIndex(list(COUNTER_SIZES).index("5/8in"))
        self.paper_box = QComboBox(objectName="sheet-paper")
        for key, paper in PAPERS.items():
            self.paper_box.addItem(paper.name, key)
        self.copies = QSpinBox(objectName="sheet-copies", minimum=1, maximum=20)
        self.copies.setToolTip(
            "one counter per unit of the scenario" if self.source.per_unit
            else "how many of each unit type (a counters file has no per-unit count)"
        )  # fmt: skip
        self.backs = QCheckBox("Mirrored backs for duplex", objectName="sheet-backs")
        self.backs.setToolTip("a back page after each front; print with a long-edge flip")
        self.cut_lines = QCheckBox("Cut lines", objectName="sheet-cut-lines", checked=True)
        self.bleed = QDoubleSpinBox(objectName="sheet-bleed", minimum=0.0, maximum=5.0)
        self.bleed.setSingleStep(0.5)
        self.bleed.setSuffix(" mm")
        self.bleed.setToolTip("colour past each cut line; counters are spaced twice this apart")
        form = QFormLayout()
        form.addRow("Counter size", self.size_box)
        form.addRow("Paper", self.paper_box)
        form.addRow("Copies", self.copies)
        form.addRow("Bleed", self.bleed)
        form.addRow(self.backs)
        form.addRow(self.cut_lines)
        self.summary = QLabel(objectName="sheet-summary", wordWrap=True)
        form.addRow(self.summary)
        self.frame(form, "sheet", (540, 740))
        for box in (self.size_box, self.paper_box):
            box.currentIndexChanged.connect(self.relayout)
        self.copies.valueChanged.connect(self.relayout)
        self.bleed.valueChanged.connect(self.relayout)
        self.backs.toggled.connect(self.relayout)
        self.cut_lines.toggled.connect(self.show_page)

    # --- layout and preview ---------------------------------------------------------------
    @property
    def paper_key(self) -> str:
        return str(self.paper_box.currentData())

    @property
    def size_key(self) -> str:
        return str(self.size_box.currentData())

    def relayout(self) -> None:
        paper = PAPERS[self.paper_key]
        groups = self.source.with_copies(self.copies.value())
        try:
            pages = layout_sheet(
                groups, paper, COUNTER_SIZES[self.size_key], bleed_mm=self.bleed.value()
            )
        except SheetError as exc:
            self.pages = []
            self.summary.setText(str(exc))
            self.export_button.setEnabled(False)
            self.show_page()
            return
        self.pages = with_backs(pages, paper) if self.backs.isChecked() else pages
        total = sum(len(group.units) for group in groups)
        self.summary.setText(
            f"{total} counter{'s' * (total != 1)} on {len(self.pages)} "
            f"page{'s' * (len(self.pages) != 1)}; print at 100% (actual size)"
            + (", double-sided, flip on long edge" if self.backs.isChecked() else "")
        )
        self.export_button.setEnabled(bool(self.pages))
        self.page_box.setMaximum(max(1, len(self.pages)))
        self.show_page()

    def show_page(self) -> None:
        n = len(self.pages)
        self.page_label.setText(f"of {n}")
        if not n:
            self.preview.clear()
            return
        index = min(self.page_box.value(), n) - 1
        page = self.pages[index]
        image = render_page(page, self.paper_key, PREVIEW_PX_PER_MM, self.cut_lines.isChecked())
        self.preview.setPixmap(QPixmap.fromImage(image))
        self.preview.setToolTip("back page (mirrored)" if page.back else "front page")

    # --- export -----------------------------------------------------------------------------
    def export_dialog(self) -> None:
        stem = self.source.title.split(":")[0].strip().replace(" ", "-").lower() or "counters"
        path, _ = QFileDialog.getSaveFileName(
            self, "Export Counter Sheet", f"{stem}.pdf", "PDF (*.pdf);;SVG (*.svg);;PNG (*.png)"
        )
        if path:
            self.export(Path(path))

    def export(self, path: Path, dpi: int = 300) -> list[Path]:
        """Write the pages to ``path`` (.pdf, .svg, .png) with a cancellable progress
        dialog; the paths written ([] if cancelled or refused, after saying why)."""
        return self.write_pages(
            "Writing the counter sheet...",
            len(self.pages),
            "sheet-progress",
            "Cannot write the sheet",
            lambda tick: write_sheet(
                self.pages,
                PAPERS[self.paper_key],
                path,
                title=self.source.title,
                dpi=dpi,
                cut_lines=self.cut_lines.isChecked(),
                progress=tick,
                write=atomic_write,
            ),
        )


def print_counter_sheet(window: QWidget) -> SheetDialog | None:
    """File > Print Counter Sheet for the window's document; None (after saying why) when it
    has no counters."""
    source = sheet_source(window.document)
    if source is None:
        QMessageBox.information(
            window,
            "Print Counter Sheet",
            "Open a scenario, a game or a counters file to print its counters.",
        )
        return None
    dialog = SheetDialog(source, window)
    dialog.show()
    return dialog
