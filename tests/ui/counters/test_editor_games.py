"""Renamed and deleted types while a game and a scenario that use the counters file are
open in other windows: a rename is carried into their units in the same undo step (and
into the game's own undo steps, so undoing a game action never brings the old id back);
the saved game then names the new type and validates; deleting a type in use is refused
with the reason."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton, QLineEdit

from tabletop import data
from tabletop.documents import GameDocument, ScenarioDocument
from tabletop.rules import ScriptedDice

ROOT = Path(__file__).resolve().parents[3]
LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier


@pytest.fixture
def files(tmp_path: Path) -> Path:
    for folder, name in (("maps", "eisenbach-gap.yaml"), ("counters", "platoon.yaml"),
                         ("scenarios", "demo-platoon.yaml")):  # fmt: skip
        (tmp_path / folder).mkdir(exist_ok=True)
        shutil.copy(ROOT / folder / name, tmp_path / folder / name)
    (tmp_path / "saves").mkdir()
    return tmp_path


def _open(qtbot, path: Path, settings):
    from tabletop.ui.app import create_window

    win = create_window(path, settings)
    assert win is not None
    qtbot.addWidget(win)
    win.resize(1200, 800)
    win.show()
    qtbot.waitExposed(win)
    return win


def select(win, type_id: str) -> None:
    editor = win.editor
    rect = editor.list.visualItemRect(editor.list.item(win.document.counters.index_of(type_id)))
    QTest.mouseClick(editor.list.viewport(), LEFT, NONE, rect.center())


def rename(win, text: str) -> None:
    box = win.findChild(QLineEdit, "counter-id")
    QTest.mouseClick(box, LEFT, NONE, QPoint(5, box.height() // 2))
    QTest.keyClick(box, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClicks(box, text)
    QTest.keyClick(box, Qt.Key.Key_Return)  # the id applies when the field is left


@pytest.fixture
def windows(qtbot, files: Path, settings):
    counters = _open(qtbot, files / "counters" / "platoon.yaml", settings)
    game = _open(qtbot, files / "scenarios" / "demo-platoon.yaml", settings)
    scenario = _open(qtbot, files / "scenarios" / "demo-platoon.yaml", settings)
    scenario.findChild(QAction, "action-edit-scenario").trigger()
    assert isinstance(scenario.document, ScenarioDocument)
    return counters, game, scenario


def test_a_rename_is_carried_into_open_games_and_undone_with_them(windows, files: Path) -> None:
    counters, game, scenario = windows
    doc: GameDocument = game.document
    doc.dice = ScriptedDice([1, 1])
    game.findChild(QAction, "action-draw").trigger()  # a game step from before the rename
    assert len(doc.state.log) == 1
    select(counters, "T64")
    rename(counters, "T64B")
    assert counters.editor.current.id == "T64B"
    hint = counters.editor.hint.text()
    assert "2 units of the game 'Eisenbach Gap'" in hint
    assert "2 units of the scenario 'Eisenbach Gap'" in hint
    for sc in (doc.scenario, scenario.document.scenario):
        assert "T64B" in sc.unit_types and "T64" not in sc.unit_types
        assert {u.type_id for u in sc.units if u.id.startswith("t64")} == {"T64B"}
    assert doc.state.units["t64-1"].type_id == "T64B"
    assert game.map_scene.counters["t64-1"].unit_type.id == "T64B"
    shown = scenario.view.scene().counters["t64-1"]
    assert shown.unit_type.id == "T64B" and shown.state.type_id == "T64B"
    tray = scenario.editor.tray.lists["pact"]
    from tabletop.ui.scenario.tray import ROLE

    ids = [tray.item(r).data(ROLE) for r in range(tray.count())]
    assert "T64B" in ids and "T64" not in ids

    doc.undo()  # the draw: its memento was taken before the rename
    assert len(doc.state.log) == 0
    assert doc.state.units["t64-1"].type_id == "T64B"
    doc.redo()

    counters.undo()  # one step takes the rename back everywhere
    assert counters.document.counters.by_id("T64") is not None
    assert doc.state.units["t64-1"].type_id == "T64"
    assert "T64" in doc.scenario.unit_types and "T64B" not in doc.scenario.unit_types
    assert scenario.document.unit("t64-1").type_id == "T64"
    assert game.map_scene.counters["t64-1"].unit_type.id == "T64"
    counters.redo()
    assert doc.state.units["t64-1"].type_id == "T64B"

    # saved, the counters file and the game agree
    assert counters.save()
    out = files / "saves" / "game.yaml"
    assert game.save_as(out)
    errors, _ = data.validate_file(out)
    assert errors == []
    assert data.load_game(out).units["t64-1"].type_id == "T64B"


def test_renaming_a_support_weapon_renames_its_carriers(windows) -> None:
    counters = windows[0]
    select(counters, "MILAN")
    rename(counters, "MILAN2")
    carriers = [t.id for t in counters.document.counters.types
                if getattr(t, "support_weapon", None) == "MILAN2"]  # fmt: skip
    assert carriers and not any(
        getattr(t, "support_weapon", None) == "MILAN" for t in counters.document.counters.types
    )
    game = windows[1].document
    assert game.state.units["pzgren-1-sw"].type_id == "MILAN2"


def test_deleting_a_type_in_use_is_refused_with_the_reason(windows) -> None:
    counters = windows[0]
    before = [t.id for t in counters.document.counters.types]
    select(counters, "M48")
    delete = counters.findChild(QAbstractButton, "counter-delete")
    QTest.mouseClick(delete, LEFT, NONE, QPoint(5, 5))
    hint = counters.editor.hint.text()
    assert "M48 is not deleted" in hint and "the game 'Eisenbach Gap'" in hint
    assert "the scenario" in hint
    assert [t.id for t in counters.document.counters.types] == before
    select(counters, "DRAGON")  # used by the game, and the support weapon of a type
    QTest.mouseClick(delete, LEFT, NONE, QPoint(5, 5))
    assert "the support weapon of" in counters.editor.hint.text()
    # the demo uses every type of the file: a new one is free to go
    QTest.mouseClick(counters.findChild(QAbstractButton, "counter-add"), LEFT, NONE, QPoint(5, 5))
    assert counters.editor.current.id == "NEW_TYPE"
    QTest.mouseClick(delete, LEFT, NONE, QPoint(5, 5))
    assert [t.id for t in counters.document.counters.types] == before


def test_a_rename_onto_another_files_id_is_refused(windows) -> None:
    counters = windows[0]
    select(counters, "T64")
    rename(counters, "T72")
    assert "another type already has the id T72" in counters.editor.hint.text()
    assert counters.editor.current.id == "T64"


def test_colours_and_symbol_show_on_the_open_games_map(windows) -> None:
    counters, game, scenario = windows
    select(counters, "T64")
    item = game.map_scene.counters["t64-1"]
    before = item.look[1:]
    colour = counters.findChild(QLineEdit, "counter-colour")
    QTest.mouseClick(colour, LEFT, NONE, QPoint(5, colour.height() // 2))
    QTest.keyClicks(colour, "#223344")
    assert item.unit_type.art == {"background": "#223344"}
    assert item.look[1:] != before
    shown = scenario.view.scene().counters["t64-1"]
    assert shown.unit_type.art == {"background": "#223344"}
    counters.undo()
    assert item.look[1:] == before and item.unit_type.art == {}
