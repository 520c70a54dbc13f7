"""An author's YAML stays theirs (issue 24): a bundled file opened in its editor, one thing
changed with the mouse or the keyboard and saved: the saved file differs from the original
in that one line only, every comment kept (the squad demo scenario with a unit dragged to
another hex, the village map with one hex painted, the platoon counters with a firepower
typed in)."""

from __future__ import annotations

import difflib
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QListWidget, QSpinBox

from tabletop.documents import CountersDocument, MapDocument, ScenarioDocument

ROOT = Path(__file__).resolve().parents[2]
LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier


@pytest.fixture
def content(tmp_path: Path) -> Path:
    """A copy of the bundled squad demo's files in the bundled layout."""
    files = [("maps", "village.yaml"), ("counters", "squad.yaml"),
             ("counters", "platoon.yaml"), ("scenarios", "demo-squad.yaml")]  # fmt: skip
    for folder, name in files:
        (tmp_path / folder).mkdir(exist_ok=True)
        shutil.copy(ROOT / folder / name, tmp_path / folder / name)
    return tmp_path


def _open(qtbot, path: Path, settings):
    from tabletop.ui.app import create_window

    win = create_window(path, settings)
    assert win is not None
    qtbot.addWidget(win)
    win.ask_before_closing = False
    win.resize(1300, 850)
    win.show()
    qtbot.waitExposed(win)
    return win


def _changed_lines(before: str, after: str) -> tuple[list[str], list[str]]:
    """The lines removed from ``before`` and added in ``after``."""
    diff = list(difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0))
    removed = [d[1:] for d in diff if d.startswith("-") and not d.startswith("---")]
    added = [d[1:] for d in diff if d.startswith("+") and not d.startswith("+++")]
    return removed, added


def _comments(text: str) -> list[str]:
    return [line[line.index("#") :] for line in text.splitlines() if "#" in line]


def test_a_unit_dragged_in_the_scenario_editor_changes_its_hex_line_only(
    qtbot, content: Path, settings
) -> None:
    path = content / "scenarios" / "demo-squad.yaml"
    before = path.read_text(encoding="utf-8")
    assert len(_comments(before)) >= 35  # the issue counted 35 comments
    win = _open(qtbot, path, settings)
    win.findChild(type(win.undo_action), "action-edit-scenario").trigger()
    doc = win.document
    assert isinstance(doc, ScenarioDocument) and doc.path == path
    win.findChild(type(win.undo_action), "action-tool-select").trigger()
    start, end = win.view.viewport_point("0906"), win.view.viewport_point("0907")
    viewport = win.view.viewport()
    QTest.mousePress(viewport, LEFT, NONE, start)
    QTest.mouseMove(viewport, end)
    QTest.mouseRelease(viewport, LEFT, NONE, end)
    assert doc.scenario.map.label(doc.unit("sov-hmg-1").hex) == "0907"
    assert win.save(), [p.message for p in win.editor.problems.problems]
    after = path.read_text(encoding="utf-8")
    removed, added = _changed_lines(before, after)
    assert removed == ['  - {id: sov-hmg-1, type: HMG_TEAM, side: soviet, hex: "0906"}'
                       "        # in the bunker"]  # fmt: skip
    assert added == [removed[0].replace('"0906"', '"0907"')]
    assert _comments(after) == _comments(before)


def test_a_hex_painted_in_the_map_editor_changes_its_line_only(
    qtbot, content: Path, settings
) -> None:
    path = content / "maps" / "village.yaml"
    before = path.read_text(encoding="utf-8")
    win = _open(qtbot, path, settings)
    assert isinstance(win.document, MapDocument)
    win.view.fit_map()
    win.set_brush("town")
    h = win.document.map.parse("0612")  # woods, with a comment: "orchard wood ..."
    point = win.view.mapFromScene(win.map_scene.hex_center(h))
    qtbot.mousePress(win.view.viewport(), LEFT, NONE, point)
    qtbot.mouseRelease(win.view.viewport(), LEFT, NONE, point)
    assert win.document.map.cells[h].terrain == "town"
    assert win.save()
    after = path.read_text(encoding="utf-8")
    removed, added = _changed_lines(before, after)
    assert removed == ['  "0612": woods           # orchard wood south of the fields']
    assert added == ['  "0612": town            # orchard wood south of the fields']
    assert _comments(after) == _comments(before)


def test_a_firepower_typed_in_the_counter_editor_changes_its_line_only(
    qtbot, content: Path, settings
) -> None:
    path = content / "counters" / "platoon.yaml"
    before = path.read_text(encoding="utf-8")
    win = _open(qtbot, path, settings)
    assert isinstance(win.document, CountersDocument)
    lst = win.findChild(QListWidget, "counter-list")
    rect = lst.visualItemRect(lst.item(win.document.counters.index_of("M48")))
    QTest.mouseClick(lst.viewport(), LEFT, NONE, rect.center())
    box = win.findChild(QSpinBox, "side-full-ap-firepower")
    line = box.lineEdit()
    QTest.mouseDClick(line, LEFT, NONE, QPoint(6, line.height() // 2))
    QTest.keyClick(line, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClicks(line, "6")
    assert win.document.counters.units["M48"].sides["full"].ap.firepower == 6
    assert win.save()
    after = path.read_text(encoding="utf-8")
    removed, added = _changed_lines(before, after)
    assert removed == ["      ap: {firepower: 3, range: 10, hit: 4}"]
    assert added == ["      ap: {firepower: 6, range: 10, hit: 4}"]
    assert _comments(after) == _comments(before)
