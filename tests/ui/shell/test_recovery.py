"""One recovery file for every kind of document: the editors' debounced autosave after
each stroke or edit, the prompt after a crash (restore and discard), stale copies, and the
file going away on save, on undo back to the saved state and on a clean close."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QMessageBox

from tabletop import data
from tabletop.documents import CountersDocument, MapDocument

pytestmark = [
    pytest.mark.gui,
    pytest.mark.qt_log_ignore("does not support propagateSizeHints"),
]

ROOT = Path(__file__).resolve().parents[3]
MAP = """\
format: tabletop/map@1
name: Recovery test
terrain: standard
grid: {columns: 10, rows: 8}
default: clear
"""


@pytest.fixture
def map_file(tmp_path: Path) -> Path:
    path = tmp_path / "maps" / "small.yaml"
    path.parent.mkdir()
    path.write_text(MAP, encoding="utf-8")
    return path


def open_window(qtbot, path: Path | None, settings):
    from tabletop.ui.app import create_window
    from tabletop.ui.shell.mainwindow import MainWindow

    win = create_window(path, settings) if path is not None else MainWindow(settings)
    assert win is not None
    qtbot.addWidget(win)
    win.ask_before_closing = False
    win.resize(1000, 700)
    win.show()
    qtbot.waitExposed(win)
    return win


def point(window, label: str) -> QPoint:
    h = window.document.map.parse(label)
    return window.view.mapFromScene(window.map_scene.hex_center(h))


def paint(qtbot, window, labels: list[str]) -> None:
    """One stroke of the brush through the hexes, with real mouse events."""
    vp = window.view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     point(window, labels[0]))  # fmt: skip
    for label in labels[1:]:
        qtbot.mouseMove(vp, point(window, label))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       point(window, labels[-1]))  # fmt: skip


def answer(monkeypatch, button: QMessageBox.StandardButton) -> list[str]:
    asked: list[str] = []

    def question(*args, **_kw):
        asked.append(args[2])
        return button

    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))
    return asked


@pytest.fixture
def crashed(qtbot, map_file: Path, settings):
    """A map editor that painted woods in two strokes and autosaved, then 'died' (the
    window is hidden without closing, so its recovery file stays)."""
    win = open_window(qtbot, map_file, settings)
    autosave = win.editor.autosave
    autosave.timer.setInterval(400)  # long enough that a loaded machine strokes within it
    win.set_brush("woods")
    paint(qtbot, win, ["0303", "0304", "0305", "0405"])
    assert autosave.timer.isActive() and autosave.writes == 0  # debounced: not yet
    paint(qtbot, win, ["0707"])
    qtbot.waitUntil(lambda: autosave.writes == 1 and autosave.wait() is None, timeout=20000)
    win.hide()
    return win


def test_a_stroke_is_autosaved_once_when_the_mouse_is_quiet(crashed, map_file: Path) -> None:
    path = crashed.files.recovery()
    assert path is not None and path.parent.parent == map_file.parent.parent  # test's own
    recovered = data.load_map(path)  # the map format, which the next start reads
    p = recovered.parse
    assert {recovered.cells[p(x)].terrain for x in ("0303", "0304", "0305", "0405", "0707")} == {
        "woods"
    }
    assert recovered.cells[p("0606")].terrain == "clear"
    assert crashed.files.store.origin().kind == "map"
    assert crashed.files.store.origin().source == map_file
    assert data.load_map(map_file).cells[p("0303")].terrain == "clear"  # the map is untouched


def test_after_a_crash_the_start_restores_the_map_unsaved(
    qtbot, crashed, map_file: Path, settings, monkeypatch
) -> None:
    asked = answer(monkeypatch, QMessageBox.StandardButton.Yes)
    again = open_window(qtbot, None, settings)
    assert again.offer_recovery()
    assert "did not close normally" in asked[0] and "map (small.yaml)" in asked[0]
    doc = again.document
    assert isinstance(doc, MapDocument) and doc.path == map_file and doc.modified
    assert doc.map.cells[doc.map.parse("0707")].terrain == "woods"
    assert again.isWindowModified()
    assert again.save()  # Save goes to the map the copy belonged to, and the copy goes
    assert data.load_map(map_file).cells[doc.map.parse("0707")].terrain == "woods"
    assert again.files.recovery() is None and not doc.modified


def test_discarding_the_recovery_removes_it(qtbot, crashed, settings, monkeypatch) -> None:
    answer(monkeypatch, QMessageBox.StandardButton.No)
    again = open_window(qtbot, None, settings)
    assert not again.offer_recovery()
    assert again.document is None and again.files.recovery() is None
    assert not again.offer_recovery()  # nothing asked a second time


def test_opening_the_crashed_file_offers_its_copy(
    qtbot, crashed, map_file: Path, settings, monkeypatch, tmp_path: Path
) -> None:
    asked = answer(monkeypatch, QMessageBox.StandardButton.Yes)
    again = open_window(qtbot, None, settings)
    other = tmp_path / "other.yaml"
    other.write_text(MAP, encoding="utf-8")
    assert again.open_file(other) and not asked  # another file: not its copy
    assert again.files.recovery() is not None
    assert again.open_file(map_file) and asked
    assert again.document.path == map_file and again.document.modified


def test_a_copy_older_than_its_file_is_not_offered(
    qtbot, crashed, map_file: Path, settings, monkeypatch
) -> None:
    asked = answer(monkeypatch, QMessageBox.StandardButton.Yes)
    copy = crashed.files.recovery()
    later = copy.stat().st_mtime + 10
    os.utime(map_file, (later, later))  # the map was saved after the copy
    again = open_window(qtbot, None, settings)
    assert not again.offer_recovery() and not asked
    assert again.files.recovery() is None


def test_a_map_autosave_is_made_a_slice_per_event_loop_turn(
    qtbot, map_file: Path, settings, monkeypatch
) -> None:
    """The map's text is made on the GUI thread between frames (one piece a turn here),
    and is exactly the map file's JSON; the worker only writes it."""
    import json

    from tabletop.data import machine
    from tabletop.ui.shell import recovery

    monkeypatch.setattr(recovery, "SLICE_MS", 0.0)  # each turn makes one piece
    monkeypatch.setattr(machine, "CHUNK", 1)  # of one item (a big map's are of 500)
    win = open_window(qtbot, map_file, settings)
    autosave = win.editor.autosave
    win.set_brush("woods")
    paint(qtbot, win, ["0303"])
    autosave.timer.stop()
    autosave.write_soon()
    assert autosave.busy() and autosave._pending is None  # still making pieces
    turns = 0
    while autosave._pending is None:
        qtbot.wait(1)
        turns += 1
    assert turns > 3  # a few pieces for a 10 x 8 map: format, grid, rows, levels...
    path = autosave.wait()
    assert path is not None and autosave.writes == 1 and not autosave.busy()
    expected = data.map_file_dict(win.document.map, path)[0]
    assert json.loads(path.read_text(encoding="utf-8")) == expected
    assert data.load_map(path).cells[win.document.map.parse("0303")].terrain == "woods"


def test_a_save_while_the_autosave_is_being_made_drops_it(
    qtbot, map_file: Path, settings, monkeypatch
) -> None:
    from tabletop.ui.shell import recovery

    monkeypatch.setattr(recovery, "SLICE_MS", 0.0)
    win = open_window(qtbot, map_file, settings)
    autosave = win.editor.autosave
    win.set_brush("woods")
    paint(qtbot, win, ["0303"])
    autosave.timer.stop()
    autosave.write_soon()
    assert autosave.busy()
    assert win.save()
    qtbot.wait(20)
    assert not autosave.busy() and autosave.writes == 0 and win.files.recovery() is None


def test_undo_to_the_saved_state_and_a_clean_close_remove_the_copy(
    qtbot, map_file: Path, settings
) -> None:
    win = open_window(qtbot, map_file, settings)
    autosave = win.editor.autosave
    autosave.timer.setInterval(30)
    win.set_brush("town")
    paint(qtbot, win, ["0404"])
    qtbot.waitUntil(lambda: win.files.recovery() is not None, timeout=20000)
    win.undo_action.trigger()
    assert not win.document.modified and win.files.recovery() is None
    win.redo_action.trigger()
    assert autosave.write() is not None
    win.close()
    assert win.files.recovery() is None


def test_the_counter_editor_autosaves_and_recovers_through_the_same_file(
    qtbot, tmp_path: Path, settings, monkeypatch
) -> None:
    from tabletop.commands import EditCounters
    from tabletop.commands.counteredit import removed

    (tmp_path / "counters").mkdir()
    path = tmp_path / "counters" / "platoon.yaml"
    shutil.copy(ROOT / "counters" / "platoon.yaml", path)
    win = open_window(qtbot, path, settings)
    doc = win.document
    assert isinstance(doc, CountersDocument)
    count = len(doc.counters.types)
    win.editor.autosave.timer.setInterval(30)
    doc.push(EditCounters(doc.counters.types, removed(doc.counters.types, 0), "Delete"))
    qtbot.waitUntil(lambda: win.editor.autosave.writes == 1, timeout=20000)
    win.editor.autosave.wait()
    assert win.files.store.origin().kind == "counters"
    assert len(data.load_counters(win.files.recovery()).units) == count - 1
    win.hide()  # the app died
    asked = answer(monkeypatch, QMessageBox.StandardButton.Yes)
    again = open_window(qtbot, None, settings)
    assert again.offer_recovery() and "counters file (platoon.yaml)" in asked[0]
    assert isinstance(again.document, CountersDocument) and again.document.path == path
    assert len(again.document.counters.types) == count - 1 and again.document.modified


def test_the_scenario_editor_autosaves_and_is_restored_into_its_editor(
    qtbot, tmp_path: Path, settings, monkeypatch
) -> None:
    from tabletop.documents import ScenarioDocument
    from tabletop.ui.scenario import new_scenario

    for folder, name in (("maps", "eisenbach-gap.yaml"), ("counters", "platoon.yaml")):
        (tmp_path / folder).mkdir()
        shutil.copy(ROOT / folder / name, tmp_path / folder / name)
    sides = {"nato": ("NATO", {"alpha": 1}), "pact": ("Warsaw Pact", {"bravo": 1})}
    doc = new_scenario(tmp_path / "maps" / "eisenbach-gap.yaml",
                       [tmp_path / "counters" / "platoon.yaml"], sides, "Recovered")  # fmt: skip
    win = open_window(qtbot, None, settings)
    win.set_document(doc)
    win.editor.autosave.timer.setInterval(30)
    unit = win.editor.place("M48", "nato", doc.scenario.map.parse("1010"))
    assert unit is not None
    qtbot.waitUntil(lambda: win.editor.autosave.writes == 1, timeout=20000)
    win.editor.autosave.wait()
    win.hide()  # the app died
    asked = answer(monkeypatch, QMessageBox.StandardButton.Yes)
    again = open_window(qtbot, None, settings)
    assert again.offer_recovery() and "Open the scenario" in asked[0]
    restored = again.document
    assert isinstance(restored, ScenarioDocument) and restored.modified
    assert [u.id for u in restored.scenario.units] == [unit]
    target = tmp_path / "scenarios" / "recovered.yaml"
    target.parent.mkdir()
    assert again.editor.save(target) and again.files.recovery() is None
    assert [u.id for u in data.load_scenario(target).units] == [unit]


def test_opening_another_file_drops_the_copy_of_the_one_left(
    qtbot, map_file: Path, settings, tmp_path: Path
) -> None:
    win = open_window(qtbot, map_file, settings)
    win.set_brush("town")
    paint(qtbot, win, ["0404"])
    assert win.editor.autosave.write() is not None
    other = tmp_path / "other.yaml"
    other.write_text(MAP, encoding="utf-8")
    assert win.open_file(other)  # the edit was discarded (tests do not ask)
    assert win.files.recovery() is None


# --- hostile recovery (issue 22) -----------------------------------------------------------


def test_a_recovery_file_that_is_a_link_is_never_written_through(
    qtbot, map_file: Path, settings, tmp_path: Path, capsys
) -> None:
    """The recovery file replaced by a link to the user's file: the autosave refuses it and
    says so; the user's file is untouched."""
    from tabletop.ui.shell.recovery import RecoveryFile

    precious = tmp_path / "precious.yaml"
    precious.write_text("my own notes\n", encoding="utf-8")
    store = RecoveryFile(settings)
    store.folder().mkdir(parents=True)
    os.symlink(precious, store.path)
    win = open_window(qtbot, map_file, settings)
    win.set_brush("town")
    paint(qtbot, win, ["0404"])
    assert win.editor.autosave.write() is None
    assert precious.read_text(encoding="utf-8") == "my own notes\n"
    assert "symbolic link" in (win.files.store.refused or "")
    assert "symbolic link" in capsys.readouterr().err
    assert win.files.recovery() is None  # nor offered as a copy to recover
    win.close()
    assert os.path.islink(store.path) and precious.read_text(encoding="utf-8") == "my own notes\n"


def test_a_game_autosave_never_writes_through_a_link(qtbot, settings, tmp_path: Path) -> None:
    from tabletop.ui.shell.recovery import RecoveryFile

    precious = tmp_path / "precious.yaml"
    precious.write_text("my own notes\n", encoding="utf-8")
    store = RecoveryFile(settings)
    store.folder().mkdir(parents=True)
    os.symlink(precious, store.path)
    win = open_window(qtbot, ROOT / "scenarios" / "hold-the-crossroads.yaml", settings)
    assert win.files.autosave(win.document) is None
    assert precious.read_text(encoding="utf-8") == "my own notes\n"
    assert "symbolic link" in (win.files.store.refused or "")


def _tree_outside_home(tmp_path: Path, monkeypatch) -> Path:
    """The bundled layout in a folder that is neither the home folder nor beside the
    settings; the scenario's path."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    games = tmp_path / "srv" / "games"
    for folder in ("maps", "counters", "scenarios"):
        shutil.copytree(ROOT / folder, games / folder)
    return games / "scenarios" / "hold-the-crossroads.yaml"


def test_a_game_from_outside_the_home_folder_is_recovered(
    qtbot, tmp_path: Path, monkeypatch
) -> None:
    from PySide6.QtCore import QSettings

    from tabletop.documents import GameDocument

    scenario = _tree_outside_home(tmp_path, monkeypatch)
    config = tmp_path / "config" / "tabletop"
    config.mkdir(parents=True)
    settings = QSettings(str(config / "settings.ini"), QSettings.Format.IniFormat)
    win = open_window(qtbot, scenario, settings)
    turn = win.document.state.turn
    assert win.files.autosave(win.document) is not None
    win.hide()  # the app died
    asked = answer(monkeypatch, QMessageBox.StandardButton.Yes)
    again = open_window(qtbot, None, settings)
    assert again.offer_recovery() and asked
    assert isinstance(again.document, GameDocument) and again.document.state.turn == turn


def test_a_map_from_outside_the_home_folder_is_recovered(
    qtbot, tmp_path: Path, monkeypatch
) -> None:
    """A map whose chart is a file beside it (a reference the recovery copy must keep)."""
    from PySide6.QtCore import QSettings

    scenario = _tree_outside_home(tmp_path, monkeypatch)
    maps = scenario.parent.parent / "maps"
    shutil.copy(maps / "standard.yaml", maps / "mychart.yaml")
    path = maps / "small.yaml"
    path.write_text(MAP.replace("terrain: standard", "terrain: mychart.yaml"), encoding="utf-8")
    config = tmp_path / "config" / "tabletop"
    config.mkdir(parents=True)
    settings = QSettings(str(config / "settings.ini"), QSettings.Format.IniFormat)
    win = open_window(qtbot, path, settings)
    win.set_brush("woods")
    paint(qtbot, win, ["0404"])
    assert win.editor.autosave.write() is not None
    win.hide()
    answer(monkeypatch, QMessageBox.StandardButton.Yes)
    again = open_window(qtbot, None, settings)
    assert again.offer_recovery()
    doc = again.document
    assert isinstance(doc, MapDocument) and doc.path == path
    assert doc.map.cells[doc.map.parse("0404")].terrain == "woods"
