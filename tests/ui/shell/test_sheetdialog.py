"""File > Print Counter Sheet: a game's order of battle in the dialog, its preview, the
settings clicked through real widgets, the export (read back from the PDF) and cancel."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from tabletop.data import load_counters, load_scenario
from tabletop.render.sheet import PAPERS, SheetCancelled, layout_sheet, write_sheet
from tabletop.ui.shell.sheetdialog import (
    SheetDialog,
    counters_source,
    scenario_source,
    sheet_source,
)
from tests.helpers.pdfgeometry import read_pages

ROOT = Path(__file__).resolve().parents[3]
CUT_GREY = 180 / 255


def _click(qtbot, widget) -> None:
    QTest.mouseClick(widget, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     QPoint(8, widget.height() // 2))  # fmt: skip


def test_the_menu_opens_the_games_order_of_battle(window, qtbot) -> None:
    action = window.findChild(type(window.print_sheet_action), "action-print-sheet")
    assert action is not None and action.isEnabled()
    action.trigger()
    dialog = window.sheet_dialog
    assert isinstance(dialog, SheetDialog) and dialog.isVisible()
    units = len(window.document.scenario.units)
    assert sum(len(c.cells) for c in dialog.pages) == units
    assert dialog.summary.text().startswith(f"{units} counter")
    assert not dialog.preview.pixmap().isNull()


def test_settings_relayout_and_export_a_pdf(qtbot, tmp_path: Path) -> None:
    scenario = load_scenario(ROOT / "scenarios" / "demo-platoon.yaml")
    dialog = SheetDialog(scenario_source(scenario))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert len(dialog.pages) == 1
    _click(qtbot, dialog.backs)
    assert dialog.backs.isChecked() and len(dialog.pages) == 2
    assert dialog.page_label.text() == "of 2"
    dialog.page_box.setValue(2)
    assert dialog.preview.toolTip() == "back page (mirrored)"
    dialog.size_box.setCurrentIndex(dialog.size_box.findData("3/4in"))
    dialog.paper_box.setCurrentIndex(dialog.paper_box.findData("letter"))
    assert dialog.pages[0].cells[0].size_mm == pytest.approx(19.05)
    written = dialog.export(tmp_path / "oob.pdf")
    assert written == [tmp_path / "oob.pdf"]
    pages = read_pages(written[0])
    assert len(pages) == len(dialog.pages)
    assert pages[0].media_box[2:] == (612.0, 792.0)  # Letter
    fronts = [r for p in pages[::2] for r in p.rects_in(CUT_GREY)]
    assert len(fronts) == len(scenario.units)
    assert all(r.width == pytest.approx(54.0, abs=0.01) for r in fronts)  # 3/4 in


def test_copies_and_no_cut_lines_for_a_counters_file(qtbot, tmp_path: Path) -> None:
    counters = load_counters(ROOT / "counters" / "squad.yaml")
    dialog = SheetDialog(counters_source("squad", list(counters.units.values())))
    qtbot.addWidget(dialog)
    dialog.copies.setValue(2)
    # the squad types name no nation: printed in either side's colours, twice each
    assert sum(len(p.cells) for p in dialog.pages) == 2 * 2 * len(counters.units)
    _click(qtbot, dialog.cut_lines)
    assert not dialog.cut_lines.isChecked()
    written = dialog.export(tmp_path / "squad.svg")
    assert written and "<svg" in written[0].read_text()


def test_a_map_has_no_sheet() -> None:
    assert sheet_source(object()) is None


def test_cancel_removes_what_was_begun(qapp: object, tmp_path: Path) -> None:
    scenario = load_scenario(ROOT / "scenarios" / "demo-platoon.yaml")
    pages = layout_sheet(scenario_source(scenario).groups, PAPERS["a4"], 12.7) * 3
    seen: list[int] = []

    def stop_after_two(done: int, total: int) -> bool:
        seen.append(done)
        return done < 2

    out = tmp_path / "p.png"
    with pytest.raises(SheetCancelled):
        write_sheet(pages, PAPERS["a4"], out, dpi=30, progress=stop_after_two)
    assert seen == [0, 1, 2]
    assert list(tmp_path.iterdir()) == []
