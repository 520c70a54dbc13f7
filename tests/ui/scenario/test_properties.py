"""The scenario editor's scenario-level properties, driven with real mouse and keyboard
events on the Scenario and Events docks and the map: each property is edited, undone,
redone, saved (the file validates), reloaded, and found again in the editor. And a New
Scenario made through File > New Scenario validates and can be played."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QWidget,
)

from tabletop import data
from tabletop.documents import GameDocument, ScenarioDocument
from tabletop.model import MineAttack
from tests.helpers.widgets import choose, click, find, show_page, tick, type_into

ROOT = Path(__file__).resolve().parents[3]
LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier
CTRL = Qt.KeyboardModifier.ControlModifier


def _copy(tmp_path: Path, scenario: str, map_name: str, counters: str) -> Path:
    for folder, name in (("maps", map_name), ("counters", counters), ("scenarios", scenario)):
        (tmp_path / folder).mkdir(exist_ok=True)
        shutil.copy(ROOT / folder / name, tmp_path / folder / name)
    return tmp_path / "scenarios" / scenario


@pytest.fixture
def make_window(qtbot, settings):
    from tabletop.ui.shell.mainwindow import MainWindow

    def make(document=None):
        win = MainWindow(settings)
        qtbot.addWidget(win)
        win.resize(1300, 850)
        if document is not None:
            win.set_document(document)
        win.show()
        qtbot.waitExposed(win)
        return win

    return make


@pytest.fixture
def platoon(tmp_path: Path, make_window):
    path = _copy(tmp_path, "hold-the-crossroads.yaml", "eisenbach-valley.yaml", "eisenbach.yaml")
    return make_window(ScenarioDocument(data.load_scenario(path)))


@pytest.fixture
def squad(tmp_path: Path, make_window):
    path = _copy(tmp_path, "demo-squad.yaml", "village.yaml", "squad.yaml")
    return make_window(ScenarioDocument(data.load_scenario(path)))


# --- real input ----------------------------------------------------------------------------------
def click_hex(win, label: str) -> None:
    pos = win.view.viewport_point(label)
    QTest.mouseMove(win.view.viewport(), pos)
    QTest.mouseClick(win.view.viewport(), LEFT, NONE, pos)


def click_row(table: QTableWidget, row: int, modifier=NONE) -> None:
    rect = table.visualItemRect(table.item(row, 0))
    QTest.mouseClick(table.viewport(), LEFT, modifier, rect.center())


def tool(win, name: str) -> None:
    action = find(win, QAction, f"action-tool-{name}")
    button = win.editor.toolbar.widgetForAction(action)
    click(button)
    assert action.isChecked()


def undo(win) -> None:
    win.undo_action.trigger()


def redo(win) -> None:
    win.redo_action.trigger()


def save_and_reload(win, tmp_path: Path, make_window, name: str = "edited.yaml"):
    """Save As into the scenarios folder; the file validates; it opens in a new editor."""
    out = tmp_path / "scenarios" / name
    assert win.save_as(out), [p.message for p in win.editor.problems.problems]
    errors, _ = data.validate_file(out)
    assert errors == []
    return make_window(ScenarioDocument(data.load_scenario(out)))


# --- tests ----------------------------------------------------------------------------------------
def test_name_turns_and_notes(platoon, tmp_path: Path, make_window) -> None:
    win = platoon
    sc = win.document.scenario
    show_page(win, "scenario-properties", "General")
    assert "Modern platoons" in find(win, QWidget, "scenario-ruleset").text()
    assert not find(win, QComboBox, "scenario-first").isVisible()  # platoon draws chits
    type_into(find(win, QLineEdit, "scenario-name"), "Hold the bridge")
    type_into(find(win, QSpinBox, "scenario-turns"), "12")
    assert (sc.name, sc.turns) == ("Hold the bridge", 12)
    undo(win)
    assert sc.turns == 8 and sc.name == "Hold the bridge"
    undo(win)
    assert sc.name == "Hold the crossroads"
    assert find(win, QLineEdit, "scenario-name").text() == "Hold the crossroads"
    redo(win)
    redo(win)
    assert find(win, QSpinBox, "scenario-turns").value() == 12
    notes = find(win, QWidget, "scenario-notes")
    QTest.mouseClick(notes.viewport(), LEFT)
    QTest.keyClicks(notes.viewport(), "Hold until dark")
    assert sc.notes == "Hold until dark"
    undo(win)  # the whole typing is one step
    assert sc.notes == ""
    redo(win)
    back = save_and_reload(win, tmp_path, make_window)
    assert back.document.scenario.notes == "Hold until dark"
    assert find(back, QLineEdit, "scenario-name").text() == "Hold the bridge"
    assert find(back, QSpinBox, "scenario-turns").value() == 12


def test_side_name_colour_and_formations(platoon, tmp_path: Path, make_window) -> None:
    win = platoon
    sc = win.document.scenario
    show_page(win, "scenario-properties", "Sides")
    choose(find(win, QComboBox, "side-pick"), "pact")
    type_into(find(win, QLineEdit, "side-name"), "Red Army")
    assert sc.sides["pact"].name == "Red Army"
    tabs = win.editor.tray.tabs
    assert tabs.tabText(list(win.editor.tray.lists).index("pact")) == "Red Army"
    type_into(find(win, QLineEdit, "side-color-code"), "#aa2200")
    assert sc.sides["pact"].color == "#aa2200"
    counter = win.map_scene.counters["t64-1"]
    assert counter.options.side_mark == "#aa2200"  # the map's counters show the colour
    undo(win)
    assert sc.sides["pact"].color is None
    assert win.map_scene.counters["t64-1"].options.side_mark != "#aa2200"
    redo(win)
    # formations: add one, rename it, two chits; the cup follows
    click(find(win, QPushButton, "formation-add"))
    assert list(sc.sides["pact"].formations) == ["1st_tank", "pact_1"]
    type_into(find(win, QLineEdit, "formation-name"), "2nd_tank")
    type_into(find(win, QSpinBox, "formation-chits"), "2")
    assert sc.sides["pact"].formations == {"1st_tank": 1, "2nd_tank": 2}
    assert sc.initial_cup().count("2nd_tank") == 2
    undo(win)
    assert sc.sides["pact"].formations == {"1st_tank": 1, "2nd_tank": 1}
    redo(win)
    # a formation with units cannot go: the reason is in the status bar
    listing = find(win, QWidget, "formation-list")
    first = listing.visualItemRect(listing.item(0)).center()
    QTest.mouseClick(listing.viewport(), LEFT, NONE, first)
    click(find(win, QPushButton, "formation-remove"))
    assert "1st_tank" in sc.sides["pact"].formations
    assert "belong to 1st_tank" in win.statusBar().currentMessage()
    back = save_and_reload(win, tmp_path, make_window)
    bsc = back.document.scenario
    assert bsc.sides["pact"].name == "Red Army" and bsc.sides["pact"].color == "#aa2200"
    assert bsc.sides["pact"].formations == {"1st_tank": 1, "2nd_tank": 2}
    show_page(back, "scenario-properties", "Sides")
    choose(find(back, QComboBox, "side-pick"), "pact")
    assert find(back, QLineEdit, "side-color-code").text() == "#aa2200"


def test_side_colour_from_the_colour_chooser(platoon, monkeypatch) -> None:
    from PySide6.QtGui import QColor
    from PySide6.QtWidgets import QColorDialog

    win = platoon
    show_page(win, "scenario-properties", "Sides")
    monkeypatch.setattr(QColorDialog, "getColor", staticmethod(lambda *a: QColor("#117733")))
    click(find(win, QPushButton, "side-color"))
    assert win.document.scenario.sides["nato"].color == "#117733"
    click(find(win, QPushButton, "side-color-default"))
    assert win.document.scenario.sides["nato"].color is None


def test_modules_and_options(platoon, tmp_path: Path, make_window) -> None:
    win = platoon
    sc = win.document.scenario
    show_page(win, "scenario-properties", "Rules")
    box = find(win, QCheckBox, "module-concealment")
    assert box.isChecked() and "bonus save die" in box.toolTip()
    win.editor.props.dock.rules.scroll.ensureWidgetVisible(box)
    tick(box)
    assert not sc.module("concealment") and not box.isChecked()
    extended = find(win, QCheckBox, "module-extended_range")
    tick(extended)
    assert sc.module("extended_range")
    undo(win)
    assert not sc.module("extended_range") and not extended.isChecked()
    redo(win)
    combo = find(win, QComboBox, "option-depletion_blocks")
    choose(combo, "all")
    assert sc.options.depletion_blocks == "all"
    type_into(find(win, QSpinBox, "option-recon_range"), "6")
    type_into(find(win, QSpinBox, "option-opfire_per_hex"), "0")  # the special value
    assert sc.options.recon_range == 6 and sc.options.opfire_per_hex is None
    type_into(find(win, QSpinBox, "option-mine_attack-dice"), "4")
    assert sc.options.mine_attack == MineAttack(4, 5)
    undo(win)
    assert sc.options.mine_attack == MineAttack(3, 5)
    assert find(win, QSpinBox, "option-mine_attack-dice").value() == 3
    redo(win)
    assert win.findChild(QSpinBox, "option-medic_save") is None
    back = save_and_reload(win, tmp_path, make_window)
    bsc = back.document.scenario
    assert not bsc.module("concealment") and bsc.module("extended_range")
    assert (bsc.options.depletion_blocks, bsc.options.recon_range) == ("all", 6)
    assert bsc.options.opfire_per_hex is None and bsc.options.mine_attack == MineAttack(4, 5)
    assert not find(back, QCheckBox, "module-concealment").isChecked()
    assert find(back, QSpinBox, "option-opfire_per_hex").text() == "unlimited"


def test_victory_hexes_picked_on_the_map(platoon, tmp_path: Path, make_window) -> None:
    win = platoon
    sc = win.document.scenario
    show_page(win, "scenario-events", "Victory")
    click(find(win, QPushButton, "victory-pick"))
    assert find(win, QAction, "action-tool-victory").isChecked()
    click_hex(win, "0505")
    click_hex(win, "0810")
    assert sc.victory["hexes"] == ["0505", "0810"]
    listing = find(win, QWidget, "victory-list")
    assert listing.count() == 2 and listing.item(0).text().startswith("0505")
    assert set(win.editor.props.marks.scenario.victory["hexes"]) == {"0505", "0810"}
    click_hex(win, "0505")  # again: no longer one
    assert sc.victory["hexes"] == ["0810"]
    undo(win)
    assert sc.victory["hexes"] == ["0505", "0810"]
    undo(win)
    assert sc.victory["hexes"] == ["0505"]
    redo(win)
    back = save_and_reload(win, tmp_path, make_window)
    assert back.document.scenario.victory["hexes"] == ["0505", "0810"]
    assert find(back, QWidget, "victory-list").count() == 2


def test_victory_scoring_edited_with_undo(squad, tmp_path: Path, make_window) -> None:
    """The squad demo's objectives: one's VP and owner, the loss VP, the margin and a sudden
    death total, each typed or chosen, each undone, and kept through a save."""
    win = squad
    sc = win.document.scenario
    show_page(win, "scenario-events", "Victory")
    listing = find(win, QWidget, "victory-list")
    assert (
        listing.item(2).text().startswith("1410") and "3 VP, Red Army's" in listing.item(2).text()
    )
    QTest.mouseClick(
        listing.viewport(), LEFT, NONE, listing.visualItemRect(listing.item(2)).center()
    )
    vp = find(win, QSpinBox, "victory-vp")
    assert vp.isEnabled() and vp.value() == 3
    type_into(vp, "5")
    assert sc.victory["hexes"][2] == {"hex": "1410", "vp": 5, "owner": "soviet"}
    choose(find(win, QComboBox, "victory-owner"), None)
    assert sc.victory["hexes"][2] == {"hex": "1410", "vp": 5}
    assert find(win, QSpinBox, "victory-loss-vehicle").value() == 2
    type_into(find(win, QSpinBox, "victory-loss-figure"), "1")
    assert sc.victory["losses"] == {"figure": 1, "unit": 1, "vehicle": 2}
    type_into(find(win, QSpinBox, "victory-margin"), "3")
    assert sc.victory["margin"] == 3
    type_into(find(win, QSpinBox, "victory-sudden-soviet"), "15")
    assert sc.victory["sudden_death"] == {"german": 12, "soviet": 15}
    type_into(find(win, QSpinBox, "victory-sudden-german"), "0")  # 0: none for that side
    assert sc.victory["sudden_death"] == {"soviet": 15}
    assert find(win, QSpinBox, "victory-sudden-german").text() == "none"
    back = save_and_reload(win, tmp_path, make_window)
    bsc = back.document.scenario
    assert bsc.victory["hexes"][2] == {"hex": "1410", "vp": 5}
    assert (bsc.victory["margin"], bsc.victory["sudden_death"]) == (3, {"soviet": 15})
    for _ in range(7):  # (the owner's arrow keys passed the Wehrmacht on the way: 2 steps)
        undo(win)
    assert sc.victory["hexes"][2] == {"hex": "1410", "vp": 3, "owner": "soviet"}
    assert sc.victory["losses"] == {"figure": 0, "unit": 1, "vehicle": 2}
    assert "margin" not in sc.victory and sc.victory["sudden_death"] == {"german": 12}
    assert find(win, QSpinBox, "victory-margin").value() == 1


def test_reinforcements(squad, tmp_path: Path, make_window) -> None:
    win = squad
    sc = win.document.scenario
    assert len(sc.reinforcements) == 2  # the demo's own: rows 0 and 1
    show_page(win, "scenario-events", "Reinforcements")
    assert not find(win, QComboBox, "reinf-formation").isVisible()  # squad: no formations
    type_into(find(win, QSpinBox, "reinf-turn"), "3")
    choose(find(win, QComboBox, "reinf-side"), "soviet")
    choose(find(win, QComboBox, "reinf-type"), "ASSAULT_SQUAD")
    click(find(win, QPushButton, "reinf-add"))
    assert find(win, QAction, "action-tool-entry").isChecked()
    click_hex(win, "1805")
    click_hex(win, "1806")
    got = [(r.turn, r.unit.side, r.unit.type_id, sc.map.label(r.unit.hex))
           for r in sc.reinforcements[2:]]  # fmt: skip
    assert got == [(3, "soviet", "ASSAULT_SQUAD", "1805"), (3, "soviet", "ASSAULT_SQUAD", "1806")]
    ids = [u.id for u in sc.units] + [r.unit.id for r in sc.reinforcements]
    assert len(set(ids)) == len(ids)
    undo(win)
    assert len(sc.reinforcements) == 3
    redo(win)
    # select both new rows; landed, turn 4 and a new entry hex for both, each one step
    table = find(win, QTableWidget, "reinforcement-table")
    click_row(table, 2)
    click_row(table, 3, CTRL)
    tick(find(win, QCheckBox, "reinf-landed"))
    type_into(find(win, QSpinBox, "reinf-turn"), "4")
    click_hex(win, "1807")
    assert [(r.turn, r.landed, sc.map.label(r.unit.hex)) for r in sc.reinforcements[2:]] == [
        (4, True, "1807"), (4, True, "1807")]  # fmt: skip
    assert sc.map.label(sc.reinforcements[0].unit.hex) == "0111"  # unselected: unchanged
    undo(win)
    assert {sc.map.label(r.unit.hex) for r in sc.reinforcements[2:]} == {"1805", "1806"}
    redo(win)
    click_row(table, 3)
    type_into(find(win, QLineEdit, "reinf-id"), "assault-late")
    assert sc.reinforcements[3].unit.id == "assault-late"
    assert table.item(3, 2).text() == "assault-late"
    back = save_and_reload(win, tmp_path, make_window)
    bsc = back.document.scenario
    got = [(r.turn, r.landed, r.unit.id, r.unit.side, bsc.map.label(r.unit.hex))
           for r in bsc.reinforcements]  # fmt: skip
    assert got[3] == (4, True, "assault-late", "soviet", "1807")
    assert find(back, QTableWidget, "reinforcement-table").rowCount() == 4
    click_row(table, 2)
    click(find(win, QPushButton, "reinf-remove"))
    assert [r.unit.id for r in sc.reinforcements][2:] == ["assault-late"]


def test_a_platoon_scenario_adds_no_reinforcements(platoon) -> None:
    win = platoon
    show_page(win, "scenario-events", "Reinforcements")
    assert not find(win, QPushButton, "reinf-add").isEnabled()
    tool(win, "entry")
    click_hex(win, "2001")
    assert win.document.scenario.reinforcements == []
    assert "platoon ruleset brings no reinforcements" in win.statusBar().currentMessage()


def test_squad_first_side_and_air_strikes(squad, tmp_path: Path, make_window) -> None:
    win = squad
    sc = win.document.scenario
    show_page(win, "scenario-properties", "General")
    first = find(win, QComboBox, "scenario-first")
    assert first.isVisible() and first.currentData() == "german"
    choose(first, "soviet")
    assert sc.first == "soviet"
    undo(win)
    assert sc.first == "german" and first.currentData() == "german"
    redo(win)
    show_page(win, "scenario-events", "Air Strikes")
    table = find(win, QTableWidget, "airstrike-table")
    assert table.rowCount() == 2
    type_into(find(win, QSpinBox, "strike-turn"), "5")
    choose(find(win, QComboBox, "strike-side"), "soviet")
    choose(find(win, QComboBox, "strike-aircraft"), "HEAVY_BOMBER")
    click(find(win, QPushButton, "strike-add"))
    click_hex(win, "1205")
    new = sc.air_strikes[-1]
    assert (new.turn, new.side, new.aircraft, sc.map.label(new.hex)) == (
        5, "soviet", "HEAVY_BOMBER", "1205")  # fmt: skip
    click_row(table, 2)
    click_hex(win, "1206")  # the selected strike's target moves
    assert sc.map.label(sc.air_strikes[-1].hex) == "1206" and len(sc.air_strikes) == 3
    undo(win)
    assert sc.map.label(sc.air_strikes[-1].hex) == "1205"
    redo(win)
    back = save_and_reload(win, tmp_path, make_window)
    bsc = back.document.scenario
    assert bsc.first == "soviet" and len(bsc.air_strikes) == 3
    assert bsc.map.label(bsc.air_strikes[-1].hex) == "1206"
    assert find(back, QTableWidget, "airstrike-table").rowCount() == 3


def test_air_strikes_disabled_for_platoon(platoon) -> None:
    show_page(platoon, "scenario-events", "Air Strikes")
    assert not platoon.editor.props.events.strikes.isEnabled()


def _dialog(qtbot):
    for widget in QApplication.topLevelWidgets():
        if widget.objectName() == "new-scenario-dialog" and widget.isVisible():
            return widget
    raise AssertionError("no New Scenario dialog")


def test_new_scenario_dialog_validates_and_plays(qtbot, tmp_path: Path, make_window) -> None:
    _copy(tmp_path, "hold-the-crossroads.yaml", "eisenbach-valley.yaml", "eisenbach.yaml")
    win = make_window()
    win.menuBar()
    find(win, QAction, "action-new-scenario").trigger()
    dialog = _dialog(qtbot)
    type_into(find(dialog, QLineEdit, "new-name"), "Bridge at dawn")
    type_into(find(dialog, QLineEdit, "new-map"), str(tmp_path / "maps" / "eisenbach-valley.yaml"))
    click(find(dialog, QPushButton, "new-ok"))  # no counters yet: refused, with the reason
    assert "counters" in find(dialog, QWidget, "new-problem").text() and dialog.isVisible()
    dialog.add_counters(tmp_path / "counters" / "eisenbach.yaml")
    assert find(dialog, QComboBox, "new-ruleset").currentData() == "platoon"
    sides = find(dialog, QTableWidget, "new-sides")
    cell = sides.visualItemRect(sides.item(1, 1))
    QTest.mouseDClick(sides.viewport(), LEFT, NONE, cell.center())
    editor = sides.viewport().findChild(QLineEdit)  # the cell's editor, open
    assert editor is not None and editor.isVisible()
    QTest.keyClick(editor, Qt.Key.Key_A, CTRL)
    QTest.keyClicks(editor, "Warsaw Pact")
    QTest.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: sides.item(1, 1).text() == "Warsaw Pact")  # committed, queued
    click(find(dialog, QPushButton, "new-ok"))
    assert not dialog.isVisible()
    doc = win.document
    assert isinstance(doc, ScenarioDocument) and doc.scenario.name == "Bridge at dawn"
    names = {k: v.name for k, v in doc.scenario.sides.items()}
    assert names == {"blue": "Blue", "red": "Warsaw Pact"}
    assert doc.scenario.sides["red"].formations == {"red_1": 1}
    win.editor.place("M48", "blue", doc.scenario.map.parse("0304"))
    win.editor.place("T64", "red", doc.scenario.map.parse("0810"))
    out = tmp_path / "scenarios" / "dawn.yaml"
    assert win.save_as(out)
    errors, _ = data.validate_file(out)
    assert errors == []
    click(win.editor.toolbar.widgetForAction(find(win, QAction, "action-play-scenario")))
    game = win.document
    assert isinstance(game, GameDocument) and set(game.state.units) >= {"m48-1", "t64-1"}
    assert game.state.phase == "draw" and sorted(game.state.cup) == ["blue_1", "red_1"]


def test_new_squad_scenario_has_a_first_side(qtbot, tmp_path: Path, make_window) -> None:
    _copy(tmp_path, "demo-squad.yaml", "village.yaml", "squad.yaml")
    win = make_window()
    dialog = win.new_scenario_dialog()
    type_into(find(dialog, QLineEdit, "new-map"), str(tmp_path / "maps" / "village.yaml"))
    dialog.add_counters(tmp_path / "counters" / "squad.yaml")
    assert "squads" in find(dialog, QWidget, "new-ruleset-text").text()
    choose(find(dialog, QComboBox, "new-ruleset"), "platoon")
    click(find(dialog, QPushButton, "new-ok"))
    assert "squad counters, not platoon" in find(dialog, QWidget, "new-problem").text()
    choose(find(dialog, QComboBox, "new-ruleset"), "squad")
    click(find(dialog, QPushButton, "new-ok"))
    sc = win.document.scenario
    assert sc.ruleset == "squad" and sc.first == "blue" and not sc.sides["blue"].formations
    out = tmp_path / "scenarios" / "new-squad.yaml"
    win.editor.place("RIFLE_SQUAD", "blue", sc.map.parse("0101"))
    assert win.save_as(out)
    assert data.validate_file(out)[0] == []


def rebuilt(qtbot, win, old) -> None:
    """Wait for the editor built anew, and for the old one's docks to be gone."""
    from PySide6.QtCore import QEvent

    qtbot.waitUntil(lambda: win.editor is not old)
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def test_sides_added_removed_and_their_mines(platoon, qtbot, tmp_path: Path, make_window) -> None:
    win = platoon
    sc = win.document.scenario
    show_page(win, "scenario-properties", "Sides")
    type_into(find(win, QSpinBox, "side-mines"), "2")
    assert sc.mines == {"nato": 2}
    undo(win)
    assert sc.mines == {} and find(win, QSpinBox, "side-mines").text() == "none"
    redo(win)
    old = win.editor
    click(find(win, QPushButton, "side-add"))
    rebuilt(qtbot, win, old)  # built anew with the third side
    assert list(sc.sides) == ["nato", "pact", "side3"]
    assert sc.sides["side3"].formations == {"side3_1": 1}
    assert "side3" in win.editor.tray.lists  # a tray tab for it
    assert find(win, QComboBox, "side-pick").currentData() == "side3"
    type_into(find(win, QLineEdit, "side-name"), "Partisans")
    uid = win.editor.place("INF", "side3", sc.map.parse("0202"))
    click(find(win, QPushButton, "side-remove"))
    assert "side3" in sc.sides and uid in win.statusBar().currentMessage()
    undo(win)  # the unit goes; now the side may
    old = win.editor
    click(find(win, QPushButton, "side-remove"))
    rebuilt(qtbot, win, old)
    assert list(sc.sides) == ["nato", "pact"] and "side3" not in win.editor.tray.lists
    old = win.editor
    undo(win)
    rebuilt(qtbot, win, old)
    assert sc.sides["side3"].name == "Partisans"
    back = save_and_reload(win, tmp_path, make_window)
    bsc = back.document.scenario
    assert bsc.mines == {"nato": 2} and bsc.sides["side3"].name == "Partisans"


def test_a_reinforcement_problem_is_fixed_from_the_panel(squad) -> None:
    win = squad
    sc = win.document.scenario
    show_page(win, "scenario-events", "Reinforcements")
    choose(find(win, QComboBox, "reinf-type"), "RIFLE_SQUAD")
    click(find(win, QPushButton, "reinf-add"))
    click_hex(win, "1801")  # the village pond: no one on foot enters there
    uid = sc.reinforcements[-1].unit.id
    problems = win.editor.validate()
    [problem] = [p for p in problems if uid in p.message]
    assert "cannot enter in 1801" in problem.message and problem.where == uid
    show_page(win, "scenario-properties", "General")  # elsewhere, then the panel's link
    dock = win.editor.problems
    row = dock.problems.index(problem)
    QTest.mouseClick(
        dock.list.viewport(), LEFT, NONE, dock.list.visualItemRect(dock.list.item(row)).center()
    )
    assert win.editor.props.events.tabs.currentWidget() is win.editor.props.events.reinforcements
    assert find(win, QLineEdit, "reinf-id").text() == uid  # its row selected
    click_hex(win, "1805")  # the entry tool moves the selected one
    assert sc.map.label(sc.reinforcements[-1].unit.hex) == "1805"
    assert win.editor.validate() == []


def test_new_scenario_proposes_the_map_being_edited(qtbot, tmp_path: Path, settings) -> None:
    """Issue 21: File > New Scenario with a map open in the map editor asked for a map
    file all the same; it proposes that map now (as saved)."""
    from tabletop.documents import MapDocument
    from tabletop.ui.app import create_window

    _copy(tmp_path, "hold-the-crossroads.yaml", "eisenbach-valley.yaml", "eisenbach.yaml")
    map_path = tmp_path / "maps" / "eisenbach-valley.yaml"
    win = create_window(map_path, settings)
    assert win is not None and isinstance(win.document, MapDocument)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    win.set_brush("woods")  # an edit, saved: the new scenario's map has it
    win.editor.set_radius(0)
    h = win.document.map.parse("0505")
    pos = win.view.viewport_point("0505")
    QTest.mouseClick(win.view.viewport(), LEFT, NONE, pos)
    assert win.document.map.cells[h].terrain == "woods" and win.save()
    win.menuBar()
    find(win, QAction, "action-new-scenario").trigger()
    dialog = _dialog(qtbot)
    assert find(dialog, QLineEdit, "new-map").text() == str(map_path.resolve())
    dialog.add_counters(tmp_path / "counters" / "eisenbach.yaml")
    click(find(dialog, QPushButton, "new-ok"))
    assert not dialog.isVisible()
    doc = win.document
    assert isinstance(doc, ScenarioDocument) and win.editor is not None
    assert doc.scenario.map.path == map_path.resolve()
    assert doc.scenario.map.cells[h].terrain == "woods"


def test_new_scenario_from_play_proposes_no_map(qtbot, tmp_path: Path, make_window) -> None:
    path = _copy(tmp_path, "hold-the-crossroads.yaml", "eisenbach-valley.yaml", "eisenbach.yaml")
    win = make_window(GameDocument(data.load_scenario(path).new_game(), path))
    dialog = win.new_scenario_dialog()
    assert find(dialog, QLineEdit, "new-map").text() == ""
    dialog.reject()
