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

ROOT = Path(__file__).resolve().parents[3]
LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier
SIDES = {"nato": ("NATO", {"alpha": 1}), "pact": ("Warsaw Pact", {"bravo": 1})}


@pytest.fixture
def editor_window(qtbot, tmp_path: Path, settings):
    from tabletop.ui.shell.mainwindow import MainWindow

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


def drag_from_tray(win, side: str, type_id: str, label: str) -> None:
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


def click_hex(win, label: str) -> None:
    pos = win.view.viewport_point(label)
    QTest.mouseMove(win.view.viewport(), pos)
    QTest.mouseClick(win.view.viewport(), LEFT, NONE, pos)


def units_at(win, label: str) -> list[str]:
    h = win.document.scenario.map.parse(label)
    return [u.id for u in win.document.scenario.units if u.hex == h]


def test_build_check_save_play_and_back(qtbot, editor_window, tmp_path: Path) -> None:
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


def test_placing_ten_units_by_clicks_leaves_the_view_still(qtbot, editor_window) -> None:
    """Issue 21: after a placement the map scrolled by itself (the placed unit was centred),
    so the next click, aimed where the hex had been, landed a hex off."""
    win = editor_window
    view, scene = win.view, win.map_scene
    hexmap = win.document.scenario.map
    bars = (view.horizontalScrollBar(), view.verticalScrollBar())
    assert bars[0].maximum() > 0 and bars[1].maximum() > 0  # the map can scroll at all
    view.centerOn(scene.hex_center(hexmap.parse("1010")))
    labels = ["0808", "0809", "0908", "1012", "1112", "1210", "0911", "1109", "1211", "0810"]
    points = {label: view.mapFromScene(scene.hex_center(hexmap.parse(label))) for label in labels}
    inner = view.viewport().rect().adjusted(30, 30, -30, -30)
    assert all(inner.contains(p) for p in points.values())
    scrolled = tuple(bar.value() for bar in bars)
    win.findChild(type(win.undo_action), "action-tool-place").trigger()
    bar = win.editor.tray.tabs.findChild(QTabBar)
    for n, label in enumerate(labels):
        side = ("nato", "pact")[n % 2]
        QTest.mouseClick(bar, LEFT, NONE, bar.tabRect(n % 2).center())
        tray: TrayList = win.findChild(TrayList, f"tray-{side}")
        item = tray.item(n % 3)
        QTest.mouseClick(tray.viewport(), LEFT, NONE, tray.visualItemRect(item).center())
        assert win.editor.unit_brush == item.data(ROLE)
        QTest.mouseMove(view.viewport(), points[label])
        QTest.mouseClick(view.viewport(), LEFT, NONE, points[label])
        qtbot.wait(1)  # let any queued layout or scroll happen
        placed = units_at(win, label)
        assert len(placed) == 1 and win.document.unit(placed[0]).side == side, label
        assert win.editor.selected == placed[0]
        assert tuple(b.value() for b in bars) == scrolled, f"scrolled after {label}"
        for other, point in points.items():
            assert view.mapFromScene(scene.hex_center(hexmap.parse(other))) == point
            assert view.hex_at_view(point) == hexmap.parse(other)
    # picking a placed unit with the select tool does not scroll either
    win.findChild(type(win.undo_action), "action-tool-select").trigger()
    QTest.mouseClick(view.viewport(), LEFT, NONE, points["1210"])
    assert win.editor.selected == units_at(win, "1210")[0]
    assert tuple(b.value() for b in bars) == scrolled
    assert len(win.document.scenario.units) == 10


def test_the_marker_tool_refuses_a_minefield_the_validator_would(editor_window) -> None:
    """Issue 21: the Marker tool laid a minefield in town, which Check Scenario then
    reported; now it refuses it with the validator's rule and says why."""
    win = editor_window
    doc = win.document
    win.findChild(type(win.undo_action), "action-tool-marker").trigger()
    markers = win.editor.markers
    markers.owner.setCurrentIndex(markers.owner.findData("nato"))
    win.set_brush("minefield_at")
    click_hex(win, "1010")  # town: the chart takes no minefield there
    assert doc.scenario.hex_markers == [] and not doc.history.can_undo
    said = win.statusBar().currentMessage()
    assert said == "Not laid: no minefield may lie in 1010: town forbids minefields"
    click_hex(win, "0505")
    assert [(m.kind, m.side) for m in doc.scenario.hex_markers] == [("minefield_at", "nato")]
    win.set_brush("minefield_ap")  # a second minefield in the hex: one per hex
    click_hex(win, "0505")
    assert [m.kind for m in doc.scenario.hex_markers] == ["minefield_at"]
    assert win.statusBar().currentMessage() == "Not laid: a second minefield in 0505: one per hex"
    markers.owner.setCurrentIndex(markers.owner.findData("pact"))
    win.set_brush("minefield_at")  # the same kind again: it replaces the one there
    click_hex(win, "0505")
    assert [(m.kind, m.side) for m in doc.scenario.hex_markers] == [("minefield_at", "pact")]
    win.set_brush("wreck")  # other markers lie anywhere
    click_hex(win, "1010")
    assert {m.kind for m in doc.scenario.hex_markers} == {"minefield_at", "wreck"}
    assert win.editor.validate() == []


def test_check_scenario_locates_an_unsaved_documents_problems_by_item(
    qtbot, editor_window, tmp_path: Path
) -> None:
    """Issue 21: Check Scenario named lines of the file it had written to check an unsaved
    scenario; problems of a document not as saved are located by unit or item, those of
    the saved file by its own lines."""
    from PySide6.QtWidgets import QCheckBox, QToolBar

    from tests.helpers.widgets import show_page, tick

    win = editor_window
    doc = win.document
    win.findChild(type(win.undo_action), "action-tool-marker").trigger()
    win.editor.markers.owner.setCurrentIndex(1)
    win.set_brush("minefield_ap")
    click_hex(win, "0505")
    win.findChild(type(win.undo_action), "action-tool-place").trigger()
    win.set_brush("US_HQ")
    click_hex(win, "0808")
    dock = win.editor.unit_dock
    dock.step.setCurrentIndex(dock.step.findData("reduced"))
    dock.step.activated.emit(dock.step.currentIndex())  # a single-step HQ reduced: an error
    show_page(win, "scenario-properties", "Rules")  # minefields off: the minefield's error
    box = win.findChild(QCheckBox, "module-minefields")
    win.editor.props.dock.rules.scroll.ensureWidgetVisible(box)
    tick(box)
    assert not doc.scenario.module("minefields")

    toolbar = win.findChild(QToolBar, "scenario-toolbar")
    button = toolbar.widgetForAction(win.editor.check_action)
    QTest.mouseClick(button, LEFT, NONE, button.rect().center())
    texts = [p.message for p in win.editor.problems.problems]
    assert texts and not [t for t in texts if "line " in t], texts
    hq = next(t for t in texts if "us-hq-1" in t)
    assert hq.startswith("unit us-hq-1 (unsaved): "), hq
    mine = next(t for t in texts if "minefields module is off" in t)
    assert mine.startswith("minefield_ap in 0505 (unsaved): "), mine
    shown = [win.editor.problems.list.item(i).text() for i in range(len(texts))]
    assert shown == texts

    # saved as it is, unchanged: the problems of the file by its lines (Save refuses a
    # file with errors: it is written by the data layer as Save would)
    from tabletop import data

    out = tmp_path / "scenarios" / "with-problems.yaml"
    data.save_scenario(doc.scenario, out)
    doc.mark_saved(out)
    QTest.mouseClick(button, LEFT, NONE, button.rect().center())
    lines = out.read_text(encoding="utf-8").splitlines()
    texts = [p.message for p in win.editor.problems.problems]
    hq = next(t for t in texts if "us-hq-1" in t)
    number = int(hq.split(":")[0].removeprefix("line "))
    start = lines.index("- id: us-hq-1") + 1  # the unit's entry in the file, 1-based
    end = next(i for i in range(start, len(lines)) if not lines[i].startswith(" ")) + 1
    assert start <= number < end, (number, start, end)


def test_the_tray_shows_counters_the_sides_own_types_first(editor_window) -> None:
    """Issue 21: the tray was text only, every side listing every type in the file's order;
    now each row has its counter (the one counter painter, the side's colours) and the
    side's own types come first, the others under a grey row."""
    from tabletop.render.counters import counter_colors

    win = editor_window
    sc = win.document.scenario
    for side, nations in (("nato", {"US", "FRG", "UK"}), ("pact", {"USSR"})):
        tray: TrayList = win.findChild(TrayList, f"tray-{side}")
        rows = [tray.item(i) for i in range(tray.count())]
        header = next(i for i, item in enumerate(rows) if item.data(ROLE) is None)
        assert rows[header].text() == "Other types" and not rows[header].flags()
        own = [sc.unit_types[item.data(ROLE)].nation for item in rows[:header]]
        rest = [sc.unit_types[item.data(ROLE)].nation for item in rows[header + 1 :]]
        assert own and set(own) <= nations and not set(rest) & nations, side
        for item in rows[:header] + rows[header + 1 :]:
            t = sc.unit_types[item.data(ROLE)]
            image = item.icon().pixmap(tray.iconSize()).toImage()
            assert not image.isNull() and image.width() >= 40
            background = counter_colors(t)[0]
            corner = image.pixelColor(image.width() // 6, image.height() // 2)
            assert abs(corner.red() - background.red()) < 30, t.id  # the nation's colour
            assert abs(corner.green() - background.green()) < 30, t.id
    # a click on the grey row picks nothing; a click on a counter picks its type
    win.findChild(type(win.undo_action), "action-tool-place").trigger()
    bar = win.editor.tray.tabs.findChild(QTabBar)
    QTest.mouseClick(bar, LEFT, NONE, bar.tabRect(1).center())
    tray = win.findChild(TrayList, "tray-pact")
    brush = win.editor.unit_brush
    header_row = next(i for i in range(tray.count()) if tray.item(i).data(ROLE) is None)
    tray.scrollToItem(tray.item(header_row))
    QTest.mouseClick(
        tray.viewport(), LEFT, NONE, tray.visualItemRect(tray.item(header_row)).center()
    )
    assert win.editor.unit_brush == brush
    QTest.mouseClick(tray.viewport(), LEFT, NONE, tray.visualItemRect(tray.item(1)).center())
    assert win.editor.unit_brush == tray.item(1).data(ROLE) == "T72"
    click_hex(win, "1414")
    assert units_at(win, "1414") == ["t72-1"] and win.document.unit("t72-1").side == "pact"
