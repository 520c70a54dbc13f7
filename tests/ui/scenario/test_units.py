"""The scenario editor's Unit dock with real mouse events: a platoon's markers and support
weapon, a squad unit's figures, each edit one undo step; saved, validated, loaded back,
and the squad scenario played."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QCheckBox, QComboBox, QPushButton, QSpinBox, QWidget

from tabletop.data import load_scenario, validate_file
from tabletop.documents import GameDocument, ScenarioDocument
from tabletop.model import Status
from tabletop.rules import ScriptedDice
from tabletop.ui.scenario import new_scenario

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support")  # popups, offscreen
ROOT = Path(__file__).resolve().parents[3]
LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier


def copy_files(tmp_path: Path, map_name: str, counters_name: str) -> tuple[Path, Path]:
    for folder, name in (("maps", map_name), ("counters", counters_name)):
        (tmp_path / folder).mkdir(exist_ok=True)
        shutil.copy(ROOT / folder / name, tmp_path / folder / name)
    (tmp_path / "scenarios").mkdir(exist_ok=True)
    return tmp_path / "maps" / map_name, tmp_path / "counters" / counters_name


def open_editor(qtbot, settings, doc: ScenarioDocument):
    from tabletop.ui.shell.mainwindow import MainWindow

    win = MainWindow(settings)
    qtbot.addWidget(win)
    win.resize(1300, 900)
    win.set_document(doc)
    win.show()
    qtbot.waitExposed(win)
    return win


@pytest.fixture
def platoon_window(qtbot, tmp_path: Path, settings):
    map_path, counters = copy_files(tmp_path, "eisenbach-valley.yaml", "platoon.yaml")
    sides = {"nato": ("NATO", {"alpha": 1}), "pact": ("Warsaw Pact", {"bravo": 1})}
    return open_editor(qtbot, settings, new_scenario(map_path, [counters], sides, "Units"))


@pytest.fixture
def squad_window(qtbot, tmp_path: Path, settings):
    map_path, counters = copy_files(tmp_path, "village.yaml", "squad.yaml")
    sides = {"german": ("Wehrmacht", {}), "soviet": ("Red Army", {})}
    doc = new_scenario(map_path, [counters], sides, "Figures")
    doc.scenario.first = "german"  # the first side is a scenario property (its own dock)
    return open_editor(qtbot, settings, doc)


def click(widget: QWidget, pos: QPoint | None = None) -> None:
    QTest.mouseClick(widget, LEFT, NONE, pos if pos is not None else widget.rect().center())


def check(win, name: str) -> None:
    """Click a check box of the dock where a user would: on its indicator."""
    box = win.findChild(QCheckBox, name)
    assert box is not None and box.isVisibleTo(win) and box.isEnabled(), name
    box.window().activateWindow()
    click(box, QPoint(8, box.height() // 2))


def choose(win, name: str, data: object) -> None:
    """Open the combo box's list with the keyboard (Alt+Down), point at the entry and press
    Enter. A mouse click would race the popup's timer on a loaded machine: a release that
    comes late picks the entry under the pointer and closes the list."""
    combo = win.findChild(QComboBox, name)
    combo.setFocus()
    QTest.keyClick(combo, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    view = combo.view()
    QTest.qWaitForWindowExposed(view.window())
    assert view.isVisible()
    index = combo.model().index(combo.findData(data), 0)
    view.scrollTo(index)
    QTest.mouseMove(view.viewport(), view.visualRect(index).center())
    view.setCurrentIndex(index)  # what the pointer highlights (offscreen may not hover)
    QTest.keyClick(view, Qt.Key.Key_Return)
    assert combo.currentData() == data


def place(win, type_id: str, side: str, label: str) -> str:
    editor = win.editor
    win.findChild(type(win.undo_action), "action-tool-place").trigger()
    editor.tray.tabs.setCurrentIndex(list(editor.tray.lists).index(side))
    win.set_brush(type_id)
    pos = win.view.viewport_point(label)
    QTest.mouseMove(win.view.viewport(), pos)
    QTest.mouseClick(win.view.viewport(), LEFT, NONE, pos)
    assert editor.selected is not None, win.statusBar().currentMessage()
    return str(editor.selected)


def test_platoon_markers_and_support_weapon(platoon_window, tmp_path: Path) -> None:
    win = platoon_window
    doc = win.document
    uid = place(win, "US_INF", "nato", "0505")
    steps = len(doc.history)
    assert doc.unit(uid).sw == "us-inf-1-sw"  # its type's Dragon, as the file would give it
    assert win.findChild(QComboBox, "unit-sw").currentData() == "DRAGON"

    check(win, "unit-marker-entrenched")
    check(win, "unit-marker-ops_complete")
    assert doc.unit(uid).markers == ["entrenched", "ops_complete"]
    choose(win, "unit-sw", "STINGER")
    check(win, "unit-sw-marker-depleted_ammo_2")
    assert doc.unit("us-inf-1-sw").type_id == "STINGER"
    assert doc.unit("us-inf-1-sw").markers == ["depleted_ammo_2"]
    choose(win, "unit-status", Status.DISRUPTED)
    check(win, "unit-flag-maneuver")
    assert len(doc.history) == steps + 6  # each edit one step

    win.undo()  # the flag
    win.undo()  # the status
    win.undo()  # the weapon's marker
    assert doc.unit("us-inf-1-sw").markers == [] and not doc.unit(uid).flags
    win.undo()  # the weapon
    assert doc.unit("us-inf-1-sw").type_id == "DRAGON"
    assert win.findChild(QComboBox, "unit-sw").currentData() == "DRAGON"
    win.redo()
    win.redo()
    assert doc.unit("us-inf-1-sw").markers == ["depleted_ammo_2"]

    # an M48 carries no support weapon: the box says why
    tank = place(win, "M48", "nato", "0506")
    assert not win.findChild(QComboBox, "unit-sw").isEnabled()
    assert "only infantry" in win.editor.unit_dock.sw_note.text()
    win.editor.select_unit(tank)
    check(win, "unit-marker-depleted_ammo_2")
    check(win, "unit-marker-depleted_ammo_1")  # one of a sequence: 2 comes off
    assert doc.unit(tank).markers == ["depleted_ammo_1"]
    assert not win.findChild(QCheckBox, "unit-marker-depleted_ammo_2").isChecked()

    out = tmp_path / "scenarios" / "units.yaml"
    assert win.save_as(out), [p.message for p in win.editor.problems.problems]
    assert validate_file(out)[0] == []
    loaded = load_scenario(out)
    units = {u.id: u for u in loaded.units}
    assert units[uid].markers == ["entrenched", "ops_complete"]
    assert units[uid].status.value == "good_order"  # the status step was undone, not redone
    assert (units["us-inf-1-sw"].type_id, units["us-inf-1-sw"].markers) == (
        "STINGER", ["depleted_ammo_2"])  # fmt: skip
    assert units[tank].markers == ["depleted_ammo_1"]

    # no weapon at all: the file says so (its type would give it one)
    win.editor.select_unit(uid)
    choose(win, "unit-sw", None)
    assert doc.unit("us-inf-1-sw") is None
    assert win.save_as(out)
    assert "sw: null" in out.read_text()
    assert load_scenario(out).units[0].sw is None


def test_squad_figures_saved_validated_and_played(squad_window, tmp_path: Path) -> None:
    win = squad_window
    doc = win.document
    uid = place(win, "RIFLE_SQUAD", "german", "0305")
    dock = win.editor.unit_dock
    assert dock.figures.isVisibleTo(win) and not dock.sw_box.isVisibleTo(win)
    assert not dock.form.isRowVisible(dock.step) and not dock.form.isRowVisible(dock.formation)
    assert len(doc.unit(uid).figures) == 10
    steps = len(doc.history)

    check(win, "figure-fallen-0")  # the first soldier has fallen
    table = dock.figures.table
    spin = table.findChild(QSpinBox, "figure-wounds-0")
    assert spin.maximum() == 1
    QTest.keyClick(spin, Qt.Key.Key_Up)  # and took his one wound
    assert doc.unit(uid).figures[0].fallen and doc.unit(uid).figures[0].wounds == 1
    # remove the HMG (the last row), then give it back
    last = table.rowCount() - 1
    click(table.viewport(), table.visualRect(table.model().index(last, 0)).center())
    click(win.findChild(QPushButton, "figure-remove"))
    assert [f.model for f in doc.unit(uid).figures][-1] == "medic"
    assert win.findChild(QComboBox, "figure-add-model").currentData() == "hmg"
    click(win.findChild(QPushButton, "figure-add"))
    assert [f.model for f in doc.unit(uid).figures][-1] == "hmg"
    check(win, "unit-marker-entrenched")
    choose(win, "unit-status", Status.SUPPRESSED)
    assert doc.unit(uid).status.value == "suppressed"
    assert len(doc.history) == steps + 6
    win.undo()
    win.undo()
    assert doc.unit(uid).markers == [] and doc.unit(uid).status.value == "good_order"
    win.redo()
    assert doc.unit(uid).markers == ["entrenched"]

    gun = place(win, "AT_GUN", "german", "0306")
    assert dock.form.isRowVisible(dock.ammo) and dock.ammo.value() == 10
    QTest.keyClick(dock.ammo, Qt.Key.Key_Down)
    assert doc.unit(gun).ammo == 9

    out = tmp_path / "scenarios" / "figures.yaml"
    assert win.save_as(out), [p.message for p in win.editor.problems.problems]
    assert validate_file(out)[0] == []
    loaded = {u.id: u for u in load_scenario(out).units}
    figures = loaded[uid].figures
    assert (figures[0].model, figures[0].wounds, figures[0].fallen) == ("soldier", 1, True)
    assert [f.model for f in figures] == ["soldier"] * 8 + ["medic", "hmg"]
    assert loaded[uid].markers == ["entrenched"] and loaded[gun].ammo == 9

    # Full Strength, one step
    win.editor.select_unit(uid)
    click(win.findChild(QPushButton, "figure-full"))
    assert not any(f.fallen or f.wounds for f in doc.unit(uid).figures)
    win.undo()
    assert doc.unit(uid).figures[0].fallen

    # play it: the game starts from the editor's units, the fallen soldier with them
    win.findChild(type(win.undo_action), "action-play-scenario").trigger()
    game = win.document
    assert isinstance(game, GameDocument) and game.state.active_side == "german"
    assert game.state.units[uid].figures[0].fallen
    assert game.state.units[gun].ammo == 9
    game.dice = ScriptedDice([])
    viewport = win.view.viewport()
    QTest.mouseClick(viewport, LEFT, NONE, win.view.viewport_point("0305"))
    assert win.play.controller.selected == uid
    win.findChild(type(win.undo_action), "action-move").trigger()
    for _ in range(2):  # the hex, then the same hex again to go
        QTest.mouseClick(viewport, LEFT, NONE, win.view.viewport_point("0405"))
    assert game.state.log[-1].action == "move" and game.state.log[-1].args["to"] == ["0405"]
    assert game.state.units[uid].hex == game.scenario.map.parse("0405")
    assert "entrenched" not in game.state.units[uid].markers  # moving leaves the holes
    win.findChild(type(win.undo_action), "action-edit-scenario").trigger()
    assert win.document is doc

    # aboard a half-track: the Rides In box lists the transports in its hex with room
    win.findChild(type(win.undo_action), "action-tool-select").trigger()
    QApplication.processEvents()  # the editor's docks laid out: the view has its size
    track = place(win, "HALFTRACK", "german", "0305")
    win.editor.select_unit(uid)
    dock = win.editor.unit_dock  # the editor came back with new docks
    assert dock.form.isRowVisible(dock.carrier)
    choose(win, "unit-carrier", track)
    assert doc.unit(uid).carrier == track
    assert win.save_as(out), [p.message for p in win.editor.problems.problems]
    assert {u.id: u for u in load_scenario(out).units}[uid].carrier == track
    # dragging the half-track away takes the squad along
    win.findChild(type(win.undo_action), "action-tool-select").trigger()
    win.editor.select_unit(None)
    start, end = win.view.viewport_point("0305"), win.view.viewport_point("0405")
    viewport = win.view.viewport()
    QTest.mousePress(viewport, LEFT, NONE, start)
    QTest.mouseMove(viewport, end)
    QTest.mouseRelease(viewport, LEFT, NONE, end)
    moved = {u.id: doc.scenario.map.label(u.hex) for u in doc.scenario.units}
    assert moved[track] == moved[uid] == "0405", moved
