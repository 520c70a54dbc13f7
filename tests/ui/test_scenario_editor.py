"""The scenario editor, driven with real mouse events: a new two-side platoon scenario,
units dragged from the tray onto hexes, a marker and a hidden minefield, a validation
problem fixed from the problems panel, saved (it validates), played (one fire), and back
to the editor; undo throughout."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QTabBar

from tabletop.data import load_scenario
from tabletop.documents import GameDocument, ScenarioDocument
from tabletop.rules import ActionRequest, ScriptedDice
from tabletop.rules.forecast import forecast
from tabletop.ui.scenario import new_scenario
from tabletop.ui.scenario.tray import ROLE, TrayList

ROOT = Path(__file__).resolve().parents[2]
LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier
SIDES = {"nato": ("NATO", {"alpha": 1}), "pact": ("Warsaw Pact", {"bravo": 1})}


@pytest.fixture
def editor_window(qtbot, tmp_path: Path, settings):  # type: ignore[no-untyped-def]
    from tabletop.ui.mainwindow import MainWindow

    for folder, name in (("maps", "eisenbach-gap.yaml"), ("counters", "platoon.yaml")):
        (tmp_path / folder).mkdir()
        shutil.copy(ROOT / folder / name, tmp_path / folder / name)
    (tmp_path / "scenarios").mkdir()
    counters = [tmp_path / "counters" / "platoon.yaml"]
    doc = new_scenario(tmp_path / "maps" / "eisenbach-gap.yaml", counters, SIDES, "River Test")
    win = MainWindow(settings)
    qtbot.addWidget(win)
    win.resize(1300, 850)
    win.set_document(doc)
    win.show()
    qtbot.waitExposed(win)
    return win


def drag_from_tray(win, side: str, type_id: str, label: str) -> None:  # type: ignore[no-untyped-def]
    """Press on the type in the side's tray, move over the hex, release there: what Qt
    delivers to the tray (it holds the mouse from press to release)."""
    tabs = win.editor.tray.tabs
    bar = tabs.findChild(QTabBar)
    index = list(win.editor.tray.lists).index(side)
    QTest.mouseClick(bar, LEFT, NONE, bar.tabRect(index).center())
    tray: TrayList = win.findChild(TrayList, f"tray-{side}")
    row = next(i for i in range(tray.count()) if tray.item(i).data(ROLE) == type_id)
    tray.scrollToItem(tray.item(row))
    start = tray.visualItemRect(tray.item(row)).center()
    target = win.view.viewport_point(label)
    end = tray.viewport().mapFromGlobal(win.view.viewport().mapToGlobal(target))
    QTest.mousePress(tray.viewport(), LEFT, NONE, start)
    QTest.mouseMove(tray.viewport(), end)
    QTest.mouseRelease(tray.viewport(), LEFT, NONE, end)


def click_hex(win, label: str) -> None:  # type: ignore[no-untyped-def]
    pos = win.view.viewport_point(label)
    QTest.mouseMove(win.view.viewport(), pos)
    QTest.mouseClick(win.view.viewport(), LEFT, NONE, pos)


def units_at(win, label: str) -> list[str]:  # type: ignore[no-untyped-def]
    h = win.document.scenario.map.parse(label)
    return [u.id for u in win.document.scenario.units if u.hex == h]


def test_build_check_save_play_and_back(qtbot, editor_window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    win = editor_window
    doc = win.document
    assert isinstance(doc, ScenarioDocument)
    drag_from_tray(win, "nato", "M48", "1010")
    drag_from_tray(win, "pact", "T72", "1011")
    drag_from_tray(win, "pact", "T64", "1212")
    assert units_at(win, "1010") == ["m48-1"] and units_at(win, "1011") == ["t72-1"]
    unit = doc.unit("t72-1")
    assert unit.side == "pact" and unit.formation == "bravo"
    assert "t72-1" in win.map_scene.counters  # drawn on the map

    # move one by dragging it on the map, delete another, undo the delete
    tool = win.findChild(type(win.undo_action), "action-tool-select")
    tool.trigger()
    start, end = win.view.viewport_point("1212"), win.view.viewport_point("1213")
    QTest.mousePress(win.view.viewport(), LEFT, NONE, start)
    QTest.mouseMove(win.view.viewport(), end)
    QTest.mouseRelease(win.view.viewport(), LEFT, NONE, end)
    assert units_at(win, "1213") == ["t64-1"]
    QTest.keyClick(win.view.viewport(), Qt.Key.Key_Delete)
    assert doc.unit("t64-1") is None and "t64-1" not in win.map_scene.counters
    win.undo()
    assert units_at(win, "1213") == ["t64-1"]

    # a wreck, and a hidden NATO minefield
    win.findChild(type(win.undo_action), "action-tool-marker").trigger()
    win.set_brush("wreck")
    click_hex(win, "0505")
    win.set_brush("minefield_at")
    markers = win.editor.markers
    markers.owner.setCurrentIndex(markers.owner.findData("nato"))
    assert markers.hidden.isChecked()
    assert win.map_scene.marker_item.viewer == "nato"  # its hidden minefields are drawn
    click_hex(win, "1515")
    kinds = {(m.kind, m.side, m.revealed) for m in doc.scenario.hex_markers}
    assert kinds == {("wreck", None, True), ("minefield_at", "nato", False)}
    game_view = doc.display()
    assert not [m for m in game_view.visible_markers("pact") if m.kind == "minefield_at"]
    assert [m for m in game_view.visible_markers("nato") if m.kind == "minefield_at"]

    # a problem: a single-step HQ set to its reduced step; fixed from the panel
    win.findChild(type(win.undo_action), "action-tool-place").trigger()
    win.editor.tray.tabs.setCurrentIndex(0)
    win.set_brush("US_HQ")
    click_hex(win, "0808")
    assert units_at(win, "0808") == ["us-hq-1"]
    dock = win.editor.unit_dock
    dock.step.setCurrentIndex(dock.step.findData("reduced"))
    dock.step.activated.emit(dock.step.currentIndex())
    assert doc.unit("us-hq-1").step == "reduced"
    out = tmp_path / "scenarios" / "river.yaml"
    assert not win.save_as(out) and not out.exists()
    problems = win.editor.problems
    assert problems.isVisibleTo(win)
    row = next(i for i, p in enumerate(problems.problems) if p.where == "us-hq-1")
    win.editor.select_unit(None)
    item = problems.list.item(row)
    QTest.mouseClick(problems.list.viewport(), LEFT, NONE,
                     problems.list.visualItemRect(item).center())  # fmt: skip
    assert win.editor.selected == "us-hq-1"
    dock.step.setCurrentIndex(dock.step.findData("full"))
    dock.step.activated.emit(dock.step.currentIndex())
    assert win.editor.validate() == []

    # save: a file that validates and loads back
    assert win.save_as(out)
    loaded = load_scenario(out)
    assert [u.id for u in loaded.units] == [u.id for u in doc.scenario.units]
    assert {m.kind for m in loaded.hex_markers} == {"wreck", "minefield_at"}
    assert not doc.modified

    # play it: draw NATO's chit, fire the M-48 at the T-72
    win.findChild(type(win.undo_action), "action-play-scenario").trigger()
    game = win.document
    assert isinstance(game, GameDocument)
    game.dice = ScriptedDice([1])  # chits sorted: alpha, bravo; a 1 draws alpha
    win.findChild(type(win.undo_action), "action-draw").trigger()
    assert game.state.active_formation == "alpha"
    click_hex(win, "1010")
    assert win.play.controller.selected == "m48-1"
    win.findChild(type(win.undo_action), "action-fire").trigger()
    click_hex(win, "1011")  # aim
    request = ActionRequest("fire", units=("m48-1",), target="t72-1", weapon="ap")
    cast = forecast(game.state, request, win.play.controller.los)
    hits = int(cast.pools[0].split(": ")[1].split()[0])
    saves = int(cast.pools[1].split(": ")[1].split()[0])
    game.dice = ScriptedDice([6] * hits + [1] * saves)
    click_hex(win, "1011")  # confirm
    t72 = game.state.units["t72-1"]
    assert not t72.alive or t72.disrupted or t72.step == "reduced"
    assert game.state.log[-1].dice == [6] * hits + [1] * saves

    # and back to the editor, its undo history intact
    win.findChild(type(win.undo_action), "action-edit-scenario").trigger()
    assert win.document is doc and win.editor is not None
    assert doc.unit("t72-1").alive and doc.unit("t72-1").status.value == "good_order"
    before = len(doc.scenario.units)
    win.undo()
    assert len(doc.scenario.units) == before  # the last step was the step fix, not a unit
    assert doc.unit("us-hq-1").step == "reduced"
