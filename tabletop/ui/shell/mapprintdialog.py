"""File > Print Map: the open map (a game's, a scenario's or the map editor's) at true scale,
tiled by :mod:`tabletop.render.mapprint` (the same plan and painter as ``tabletop
print-map``), with the hex size and which counter sizes fit it, the paper, the overlap, the
output format, the game's counters, a preview of each page, and an export with progress and
cancel.

:func:`print_source` says what the open document prints; :class:`MapPrintDialog` is the
dialog (objectName ``print-map-dialog``); ``dialog.export(path)`` writes without asking.
"""

from __future__ import annotations

from collections.abc import Callable
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
    QWidget,
)

from tabletop.data.atomic import atomic_write
from tabletop.model import GameState, HexMap, Scenario
from tabletop.render import MapPainter
from tabletop.render.mapprint import (
    DEFAULT_HEX,
    DEFAULT_OVERLAP_MM,
    HEX_SIZES,
    MAX_OVERLAP_MM,
    PAPERS,
    Contents,
    MapPrint,
    fitting_sizes,
    game_contents,
    hex_for_counter,
    paint_tile,
    plan_print,
    write_map,
)
from tabletop.render.sheet import COUNTER_SIZES, SheetError
from tabletop.ui.shell.pagedialog import PagedExportDialog

PREVIEW_PX_PER_MM = 1.8
"""Preview scale: an A4 page is 378 x 535 pixels."""
FORMATS = {"pdf": "PDF (one file)", "png": "PNG (one file a page)"}
LABELS = {"1/2in": '1/2"', "5/8in": '5/8"', "3/4in": '3/4"', "7/8in": '7/8"', "1in": '1"',
          "16mm": "16 mm", "19mm": "19 mm", "25mm": "25 mm"}  # fmt: skip


@dataclass(frozen=True)
class PrintSource:
    """What the window prints: a title, the map, and (a game or scenario) its position."""

    title: str
    map: HexMap
    game: Callable[[], GameState] | None
    """The position whose counters ``Units`` draws; None for a bare map."""


def print_source(document: object) -> PrintSource | None:
    """The map of the window's open document: a game's (its position), a scenario's (its
    start), the map editor's; None when the document has no map (a counters file)."""
    state = getattr(document, "state", None)
    if isinstance(state, GameState):
        scenario = state.scenario
        return PrintSource(scenario.name or scenario.map.name, scenario.map, lambda: state)
    scenario = getattr(document, "scenario", None)
    if isinstance(scenario, Scenario):
        return PrintSource(scenario.name or scenario.map.name, scenario.map, scenario.new_game)
    hexmap = getattr(document, "map", None)
    if isinstance(hexmap, HexMap):
        return PrintSource(hexmap.name or "Map", hexmap, None)
    return None


def fits_text(hex_key: str) -> str:
    """Which counters fit a hex size, and the hex each bundled counter size needs."""
    hex_mm = HEX_SIZES[hex_key]
    fits = [LABELS.get(name, name) for name in fitting_sizes(hex_mm)]
    if fits:
        head = f"{LABELS.get(hex_key, hex_key)} hexes fit {', '.join(fits)} counters."
    else:
        head = f'{LABELS.get(hex_key, hex_key)} hexes are too small for 1/2" counters.'
    least = hex_for_counter(COUNTER_SIZES["5/8in"])
    inches = min((k for k, mm in HEX_SIZES.items() if k.endswith("in") and mm >= least),
                 key=HEX_SIZES.__getitem__)  # fmt: skip
    tail = f' A 5/8" counter needs a hex of at least {least:.1f} mm ({LABELS[inches]}).'
    return head + tail


def render_tile(plan: MapPrint, index: int, painter: MapPainter,
                contents: Contents | None, px_per_mm: float) -> QImage:  # fmt: skip
    w, h = plan.page_mm
    image = QImage(round(w * px_per_mm), round(h * px_per_mm), QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    p = QPainter(image)
    p.scale(px_per_mm, px_per_mm)
    paint_tile(p, plan, plan.tiles[index], painter, contents, pixels_per_mm=px_per_mm)
    p.end()
    return image


class MapPrintDialog(PagedExportDialog):
    """Settings on the left, the current page on the right; Export... writes the files."""

    def __init__(self, source: PrintSource, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("print-map-dialog")
        self.setWindowTitle(f"Print Map: {source.title}")
        self.source = source
        self.painter = MapPainter(source.map)
        self.plan: MapPrint | None = None
        self._contents: Contents | None = None
        self.written: list[Path] = []
        self._build()
        self.replan()

    # --- construction ---------------------------------------------------------------------
    def _build(self) -> None:
        self.hex_box = QComboBox(objectName="print-map-hex")
        for key in HEX_SIZES:
            self.hex_box.addItem(LABELS.get(key, key), key)
        self.hex_box.setCurrentIndex(list(HEX_SIZES).index(DEFAULT_HEX))
        self.hex_box.setToolTip("the hexes' width across the flats on paper")
        self.fits = QLabel(objectName="print-map-fits", wordWrap=True)
        self.paper_box = QComboBox(objectName="print-map-paper")
        for key, paper in PAPERS.items():
            self.paper_box.addItem(paper.name, key)
        self.overlap = QDoubleSpinBox(objectName="print-map-overlap", minimum=0.0,
                                      maximum=MAX_OVERLAP_MM, value=DEFAULT_OVERLAP_MM)  # fmt: skip
        self.overlap.setSuffix(" mm")
        self.overlap.setDecimals(0)
        self.overlap.setToolTip("the map neighbouring pages share: cut one at the ticks, lay "
                                "it on the other, crosses on crosses")  # fmt: skip
        self.format_box = QComboBox(objectName="print-map-format")
        for key, text in FORMATS.items():
            self.format_box.addItem(text, key)
        self.units = QCheckBox("Counters", objectName="print-map-units")
        self.units.setToolTip("the game's counters and the hex markers both sides know of")
        self.units.setEnabled(self.source.game is not None)
        form = QFormLayout()
        form.addRow("Hex size", self.hex_box)
        form.addRow(self.fits)
        form.addRow("Paper", self.paper_box)
        form.addRow("Overlap", self.overlap)
        form.addRow("Format", self.format_box)
        form.addRow(self.units)
        self.summary = QLabel(objectName="print-map-summary", wordWrap=True)
        self.summary.setMinimumWidth(260)
        form.addRow(self.summary)
        self.frame(form, "print-map", (420, 560))
        self.hex_box.currentIndexChanged.connect(self.replan)
        self.paper_box.currentIndexChanged.connect(self.replan)
        self.overlap.valueChanged.connect(self.replan)
        self.units.toggled.connect(self.show_page)

    # --- plan and preview -----------------------------------------------------------------
    @property
    def hex_key(self) -> str:
        return str(self.hex_box.currentData())

    @property
    def paper_key(self) -> str:
        return str(self.paper_box.currentData())

    @property
    def format(self) -> str:
        return str(self.format_box.currentData())

    def contents(self) -> Contents | None:
        """The counters and markers to draw: the game's, when Counters is ticked."""
        if not self.units.isChecked() or self.source.game is None:
            return None
        if self._contents is None:
            self._contents = game_contents(self.source.game())
        return self._contents

    def replan(self) -> None:
        """Tile the map again with the settings: with a painter and a position taken now
        (the map editor's map, or the game, may have changed since)."""
        self.painter = MapPainter(self.source.map)
        self._contents = None
        self.fits.setText(fits_text(self.hex_key))
        try:
            self.plan = plan_print(self.source.map, PAPERS[self.paper_key],
                                   HEX_SIZES[self.hex_key], self.overlap.value(),
                                   painter=self.painter, title=self.source.title)  # fmt: skip
        except SheetError as exc:
            self.plan = None
            self.summary.setText(str(exc))
            self.export_button.setEnabled(False)
            self.show_page()
            return
        self.summary.setText(
            f"{self.plan.summary()}. Print at 100% (actual size); the 50 mm bar on each page "
            "checks the scale."
        )
        self.export_button.setEnabled(True)
        self.page_box.setMaximum(len(self.plan.tiles))
        self.show_page()

    def show_page(self) -> None:
        n = len(self.plan.tiles) if self.plan is not None else 0
        self.page_label.setText(f"of {n}")
        if self.plan is None:
            self.preview.clear()
            return
        index = min(self.page_box.value(), n) - 1
        image = render_tile(self.plan, index, self.painter, self.contents(), PREVIEW_PX_PER_MM)
        self.preview.setPixmap(QPixmap.fromImage(image))
        self.preview.setToolTip(self.plan.tiles[index].label)

    # --- export -----------------------------------------------------------------------------
    def export_dialog(self) -> None:
        stem = self.source.title.replace(" ", "-").lower() or "map"
        filters = "PDF (*.pdf)" if self.format == "pdf" else "PNG (*.png)"
        path, _ = QFileDialog.getSaveFileName(
            self, "Export Map", f"{stem}-map.{self.format}", filters
        )
        if path:
            self.export(Path(path))

    def export(self, path: Path, dpi: int = 300) -> list[Path]:
        """Write the pages to ``path`` in the chosen format (its suffix set to match), with
        a cancellable progress dialog; the paths written ([] if cancelled or refused, after
        saying why)."""
        self.replan()
        if self.plan is None:
            return []
        path = path.with_suffix(f".{self.format}")
        plan, contents = self.plan, self.contents()
        return self.write_pages(
            "Writing the map...",
            len(plan.tiles),
            "print-map-progress",
            "Cannot write the map",
            lambda tick: write_map(
                plan,
                self.painter,
                path,
                contents=contents,
                dpi=dpi,
                progress=tick,
                write=atomic_write,
            ),
        )


def print_map(window: QWidget, document: object) -> MapPrintDialog | None:
    """File > Print Map for the window's document; None (after saying why) when it has no
    map."""
    source = print_source(document)
    if source is None:
        QMessageBox.information(
            window, "Print Map", "Open a map, a scenario or a game to print its map."
        )
        return None
    dialog = MapPrintDialog(source, window)
    dialog.show()
    return dialog
