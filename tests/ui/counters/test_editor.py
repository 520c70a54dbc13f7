"""The counter editor: a counters file opens in it; real clicks and keys change a type's
firepower, the preview and a counter on an open game's map follow, undo takes it back;
add, duplicate, delete and reorder; saving writes a file that validates, and refuses one
that does not (the problems in the dock)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton, QListWidget, QSpinBox

from tabletop.data import load_counters
from tabletop.documents import CountersDocument
from tabletop.model import PlatoonUnitType
from tests.helpers.widgets import open_window

ROOT = Path(__file__).resolve().parents[3]
LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier


@pytest.fixture
def files(tmp_path: Path) -> Path:
    """A copy of the demo's map, counters and scenario (tests never touch the repo's)."""
    for folder, name in (("maps", "eisenbach-gap.yaml"), ("counters", "platoon.yaml"),
                         ("scenarios", "demo-platoon.yaml")):  # fmt: skip
        (tmp_path / folder).mkdir(exist_ok=True)
        shutil.copy(ROOT / folder / name, tmp_path / folder / name)
    return tmp_path


@pytest.fixture
def counters_window(qtbot, files: Path, settings):
    return open_window(qtbot, settings, files / "counters" / "platoon.yaml")


def click_row(lst: QListWidget, row: int) -> None:
    rect = lst.visualItemRect(lst.item(row))
    QTest.mouseClick(lst.viewport(), LEFT, NONE, rect.center())


def click(button: QAbstractButton) -> None:
    QTest.mouseClick(button, LEFT, NONE, QPoint(button.width() // 2, button.height() // 2))


def type_into(box: QSpinBox, text: str) -> None:
    line = box.lineEdit()
    QTest.mouseDClick(line, LEFT, NONE, QPoint(6, line.height() // 2))
    QTest.keyClick(line, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClicks(line, text)


def shows_its_look(item) -> bool:
    """The counter's pixmap is its look's face (at its level, or another's standing in)."""
    faces = item.faces
    own = faces.get(item.look, item.level)
    shown = item.pixmap().cacheKey()
    return (own is not None and own.cacheKey() == shown) or (
        faces.nearest(item.look, item.level) is not None
        and faces.nearest(item.look, item.level).cacheKey() == shown
    )


def firepower(window, type_id: str) -> int:
    t = window.document.counters.by_id(type_id)
    assert isinstance(t, PlatoonUnitType)
    return t.sides["full"].ap.firepower


def test_a_counters_file_opens_in_the_counter_editor(counters_window) -> None:
    win = counters_window
    assert isinstance(win.document, CountersDocument)
    assert win.findChild(QListWidget, "counter-list").count() == 35
    assert win.centralWidget().objectName() == "counter-editor"
    assert win.save_action.isEnabled() and not win.undo_action.isEnabled()


def test_firepower_edit_updates_preview_and_the_games_map_and_undoes(
    qtbot, files: Path, settings, counters_window
) -> None:
    game = open_window(qtbot, settings, files / "scenarios" / "demo-platoon.yaml")
    win, editor = counters_window, counters_window.editor
    lst = win.findChild(QListWidget, "counter-list")
    row = win.document.counters.index_of("M48")
    click_row(lst, row)
    assert editor.current.id == "M48"
    before_preview = editor.preview.front.pixmap().toImage()
    item = game.map_scene.counters["m48-1"]
    # what the map's counter shows: its look (the value its face is painted from; the
    # scene may switch the face's zoom level in idle time, so pixmaps are not compared)
    before_map = item.look[1:]  # the type, state and options drawn (not the cache's number)
    box = win.findChild(QSpinBox, "side-full-ap-firepower")
    assert box.value() == 3
    type_into(box, "6")
    assert firepower(win, "M48") == 6
    assert editor.preview.front.pixmap().toImage() != before_preview
    assert game.document.scenario.unit_types["M48"].sides["full"].ap.firepower == 6
    assert item.unit_type.sides["full"].ap.firepower == 6
    assert item.look[1:] != before_map
    assert shows_its_look(item)
    assert win.isWindowModified()
    win.findChild(type(win.undo_action), "action-undo").trigger()
    assert firepower(win, "M48") == 3
    assert box.value() == 3
    assert editor.preview.front.pixmap().toImage() == before_preview
    assert item.look[1:] == before_map
    assert shows_its_look(item)
    assert not win.isWindowModified()


def test_add_duplicate_delete_reorder_and_undo(counters_window) -> None:
    win, editor = counters_window, counters_window.editor
    ids = lambda: [t.id for t in win.document.counters.types]  # noqa: E731
    first = ids()
    click(win.findChild(QAbstractButton, "counter-duplicate"))
    assert ids()[1] == "M48_2" and editor.current.name == "M-48 (copy)"
    click(win.findChild(QAbstractButton, "counter-down"))
    assert ids()[2] == "M48_2"
    click(win.findChild(QAbstractButton, "counter-add"))
    assert ids()[3] == "NEW_TYPE"
    click(win.findChild(QAbstractButton, "counter-delete"))
    assert "NEW_TYPE" not in ids()
    for _ in range(4):
        win.undo()
    assert ids() == first
    win.redo()
    assert ids()[1] == "M48_2"


def test_save_writes_a_valid_counters_file(counters_window, files: Path) -> None:
    win, editor = counters_window, counters_window.editor
    editor.select(win.document.counters.index_of("T72"))
    name = editor.form.widgets["name"]
    QTest.mouseClick(name, LEFT, NONE, QPoint(5, 5))
    QTest.keyClick(name, Qt.Key.Key_End)
    QTest.keyClicks(name, "A")
    nation = editor.form.widgets["colour"]
    QTest.mouseClick(nation, LEFT, NONE, QPoint(5, 5))
    QTest.keyClicks(nation, "#aa3322")
    out = files / "counters" / "edited.yaml"
    assert win.save_as(out)
    loaded = load_counters(out)
    assert loaded.units["T72"].name == "T-72A"
    assert loaded.units["T72"].art == {"background": "#aa3322"}
    assert list(loaded.units) == [t.id for t in win.document.counters.types]
    assert not win.isWindowModified() and win.document.path == out


def test_a_bad_colour_is_refused_by_the_form(counters_window) -> None:
    editor = counters_window.editor
    colour = editor.form.widgets["colour"]
    QTest.mouseClick(colour, LEFT, NONE, QPoint(5, 5))
    QTest.keyClicks(colour, "notacolour")
    assert "write a colour" in editor.hint.text()
    assert editor.current.art == {}


def test_a_file_that_would_not_validate_is_not_saved(counters_window, files: Path) -> None:
    import dataclasses

    win, editor = counters_window, counters_window.editor
    t = win.document.counters.by_id("US_INF")
    bad = dataclasses.replace(t, support_weapon="ABRAMS")  # not a support weapon
    from tabletop.commands import EditCounters
    from tabletop.commands.counteredit import replaced

    i = win.document.counters.index_of("US_INF")
    win.document.push(
        EditCounters(win.document.counters.types, replaced(editor.types, i, bad), "bad")
    )
    out = files / "counters" / "bad.yaml"
    assert not win.save_as(out)
    assert not out.exists()
    assert editor.problems.isVisibleTo(win)
    problems = editor.problems.problems
    assert problems and any("ABRAMS" in p.message for p in problems)


def test_opening_a_scenario_leaves_the_counter_editor(counters_window, files: Path) -> None:
    win = counters_window
    assert win.open_file(files / "scenarios" / "demo-platoon.yaml")
    assert win.editor is None
    assert win.centralWidget() is win.view
    assert win.view.scene() is win.map_scene
    assert win.hex_dock.isVisibleTo(win)


def test_print_counter_sheet_prints_the_edited_types(counters_window) -> None:
    win = counters_window
    QTest.mouseClick(win.findChild(QAbstractButton, "counter-duplicate"), LEFT, NONE, QPoint(5, 5))
    win.print_sheet_action.trigger()
    dialog = win.sheet_dialog
    assert dialog is not None and dialog.source.title == "platoon"
    assert sum(len(p.cells) for p in dialog.pages) == 36


def test_long_texts_show_their_start_and_typing_keeps_the_cursor(counters_window) -> None:
    from PySide6.QtWidgets import QLineEdit

    editor = counters_window.editor
    source = counters_window.findChild(QLineEdit, "counter-source")
    long = max(editor.types, key=lambda t: len(t.source))
    click_row(editor.list, editor.types.index(long))
    assert len(source.text()) > 60 and source.cursorPosition() == 0
    QTest.mouseClick(source, LEFT, NONE, QPoint(5, source.height() // 2))
    QTest.keyClick(source, Qt.Key.Key_Home)
    QTest.keyClicks(source, "X ")
    assert editor.current.source == "X " + long.source
    assert source.cursorPosition() == 2  # the edit's reload leaves the typist's cursor
