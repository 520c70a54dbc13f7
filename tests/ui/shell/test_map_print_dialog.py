"""File > Print Map: the dialog on the open game's map, its hex size with the counters that
fit, paper, overlap and format chosen through real widgets, the preview, the counters, and
the export (read back from the PDF, the PNG pages counted); the map editor's map prints."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction, QImage
from PySide6.QtTest import QTest

from tabletop.ui.app import create_window
from tabletop.ui.shell.mapprintdialog import MapPrintDialog
from tests.helpers.pdfgeometry import read_pages

ROOT = Path(__file__).resolve().parents[3]
GRID = (40 / 255, 40 / 255, 30 / 255)


def _click(widget) -> None:
    QTest.mouseClick(widget, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     QPoint(8, widget.height() // 2))  # fmt: skip


def _choose(box, data: str) -> None:
    """Pick an item of a combo box with the keyboard (arrow keys step through it)."""
    box.setFocus()
    key = Qt.Key.Key_Down if box.findData(data) > box.currentIndex() else Qt.Key.Key_Up
    for _ in range(box.count()):
        if box.currentData() == data:
            break
        QTest.keyClick(box, key)
    assert box.currentData() == data


def test_the_menu_prints_the_games_map_at_the_chosen_hex_size(
    window, qtbot, tmp_path: Path
) -> None:
    action = window.findChild(QAction, "action-print-map")
    assert action is not None and action.isEnabled()
    assert action.shortcut().toString() == "Ctrl+Shift+P"
    action.trigger()
    dialog = window.map_print_dialog
    assert isinstance(dialog, MapPrintDialog) and dialog.isVisible()
    qtbot.waitExposed(dialog)
    fits = dialog.findChild(type(dialog.fits), "print-map-fits")
    assert fits.text().startswith('3/4" hexes fit 1/2", 5/8", 16 mm counters')
    assert 'A 5/8" counter needs a hex of at least 18.9 mm (3/4")' in fits.text()
    assert not dialog.preview.pixmap().isNull()
    _choose(dialog.hex_box, "1in")
    assert '1" hexes fit 1/2", 5/8", 16 mm, 3/4" counters' in dialog.fits.text()
    _choose(dialog.paper_box, "letter")
    dialog.overlap.clear()
    QTest.keyClicks(dialog.overlap, "15")
    QTest.keyClick(dialog.overlap, Qt.Key.Key_Tab)
    assert dialog.overlap.value() == 15.0
    plan = dialog.plan
    assert plan is not None and plan.hex_mm == 25.4 and plan.overlap_mm == 15.0
    assert plan.paper.name == "Letter"
    assert dialog.summary.text().startswith(f"{len(plan.tiles)} page")
    assert dialog.page_label.text() == f"of {len(plan.tiles)}"
    written = dialog.export(tmp_path / "map.pdf")
    assert written == [tmp_path / "map.pdf"]
    pages = read_pages(written[0])
    assert len(pages) == len(plan.tiles)
    assert sorted(pages[0].media_box[2:]) == [612.0, 792.0]  # Letter
    grid = pages[0].segments_in(GRID)
    assert grid
    for x0, y0, x1, y1 in grid:  # 1 inch across the flats
        assert math.hypot(x1 - x0, y1 - y0) * math.sqrt(3) == pytest.approx(72.0, abs=0.5)


def test_png_pages_with_the_games_counters(window, qtbot, tmp_path: Path) -> None:
    window.print_map_action.trigger()
    dialog = window.map_print_dialog
    qtbot.waitExposed(dialog)
    blank = dialog.preview.pixmap().toImage()
    _click(dialog.units)
    assert dialog.units.isChecked()
    assert dialog.preview.pixmap().toImage() != blank  # the counters show in the preview
    _choose(dialog.format_box, "png")
    written = dialog.export(tmp_path / "map.pdf", dpi=50)  # the suffix follows the format
    n = len(dialog.plan.tiles)
    assert written == [tmp_path / "map.png"] + [tmp_path / f"map-{i}.png" for i in range(2, n + 1)]
    assert all(not QImage(str(p)).isNull() for p in written)


def test_the_map_editors_map_prints_without_counters(qtbot, settings, tmp_path: Path) -> None:
    win = create_window(ROOT / "maps" / "village.yaml", settings)
    assert win is not None
    qtbot.addWidget(win)
    win.show()
    win.print_map_action.trigger()
    dialog = win.map_print_dialog
    assert isinstance(dialog, MapPrintDialog)
    assert dialog.source.map is win.document.map
    assert not dialog.units.isEnabled()
    assert dialog.export(tmp_path / "village.pdf") == [tmp_path / "village.pdf"]
