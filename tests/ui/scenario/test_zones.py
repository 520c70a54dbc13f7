"""Deployment zones painted with the mouse in the scenario editor (a stroke is one undo
step, a hex in one zone at most, Shift erases), saved and loaded back; and the Problems
dock selecting and centring the hex a problem names."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLineEdit

from tabletop.commands import EditScenario
from tabletop.data import load_scenario
from tabletop.model import HexMarker
from tabletop.ui.scenario import new_scenario

pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")
ROOT = Path(__file__).resolve().parents[3]
LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def window(qtbot, tmp_path: Path, settings):
    from tabletop.ui.shell.mainwindow import MainWindow

    for folder, name in (("maps", "eisenbach-valley.yaml"), ("counters", "platoon.yaml")):
        (tmp_path / folder).mkdir()
        shutil.copy(ROOT / folder / name, tmp_path / folder / name)
    (tmp_path / "scenarios").mkdir()
    sides = {"nato": ("NATO", {"alpha": 1}), "pact": ("Warsaw Pact", {"bravo": 1})}
    doc = new_scenario(tmp_path / "maps" / "eisenbach-valley.yaml",
                       [tmp_path / "counters" / "platoon.yaml"], sides, "Zones")  # fmt: skip
    win = MainWindow(settings)
    qtbot.addWidget(win)
    win.resize(1300, 900)
    win.set_document(doc)
    win.show()
    qtbot.waitExposed(win)
    return win


def drag(win, labels: list[str], modifiers=NONE) -> None:
    """Press on the first hex, move through the others, release on the last."""
    viewport = win.view.viewport()
    points = [win.view.viewport_point(label) for label in labels]
    QTest.mouseMove(viewport, points[0])
    QTest.mousePress(viewport, LEFT, modifiers, points[0])
    for p in points[1:]:
        QTest.mouseMove(viewport, p)
    QTest.mouseRelease(viewport, LEFT, modifiers, points[-1])


def zone(win, side: str) -> set[str]:
    sc = win.document.scenario
    return {sc.map.label(h) for h in sc.zones.get(side, [])}


def test_paint_zones_undo_save_reload(window, tmp_path: Path) -> None:
    win = window
    doc = win.document
    win.findChild(type(win.undo_action), "action-tool-zone").trigger()
    dock = win.findChild(type(win.editor.zone_dock), "zone-dock")
    assert dock.isVisibleTo(win) and dock.side.currentData() == "nato"
    steps = len(doc.history)
    drag(win, ["0102", "0106"])  # a fast mouse: the hexes between are painted too
    assert zone(win, "nato") == {"0102", "0103", "0104", "0105", "0106"}
    assert len(doc.history) == steps + 1
    overlay = win.editor.zones.overlay
    assert {doc.scenario.map.label(h) for h in overlay.owner} == zone(win, "nato")
    assert overlay.preview.path().isEmpty()  # the stroke's end cleared the preview
    QTest.mouseMove(win.view.viewport(), win.view.viewport_point("0808"))
    assert not overlay.preview.path().isEmpty()  # the brush under the mouse

    # the Warsaw Pact with the radius-1 brush (the "]" key), over one NATO hex
    win.set_brush("zone pact")
    QTest.keyClick(win.view.viewport(), Qt.Key.Key_BracketRight)
    assert dock.radius.currentData() == 1
    drag(win, ["0205"])
    pact = zone(win, "pact")
    assert len(pact) == 7 and {"0105", "0106"} <= pact
    assert zone(win, "nato") == {"0102", "0103", "0104"}
    # Shift erases, from every zone
    QTest.keyClick(win.view.viewport(), Qt.Key.Key_BracketLeft)
    drag(win, ["0102", "0103"], SHIFT)
    assert zone(win, "nato") == {"0104"}
    assert len(doc.history) == steps + 3

    win.undo()
    assert zone(win, "nato") == {"0102", "0103", "0104"}
    win.undo()
    assert zone(win, "pact") == set() and "pact" not in doc.scenario.zones
    assert zone(win, "nato") == {"0102", "0103", "0104", "0105", "0106"}
    win.redo()
    assert len(zone(win, "pact")) == 7

    out = tmp_path / "scenarios" / "zones.yaml"
    assert win.save_as(out), [p.message for p in win.editor.problems.problems]
    loaded = load_scenario(out)
    assert {s: {loaded.map.label(h) for h in hs} for s, hs in loaded.zones.items()} == {
        "nato": zone(win, "nato"),
        "pact": zone(win, "pact"),
    }

    # a side renamed in the Scenario dock: the Zones dock follows
    name = win.findChild(QLineEdit, "side-name")
    name.setText("Bundeswehr")
    name.editingFinished.emit()
    assert doc.scenario.sides["nato"].name == "Bundeswehr"
    assert dock.side.itemText(dock.side.findData("nato")) == "Bundeswehr zone"
    assert "Bundeswehr: 3 hexes" in dock.summary.text()

    # Clear This Side's Zone: one step
    win.set_brush("zone nato")
    QTest.mouseClick(dock.clear, LEFT)
    assert "nato" not in doc.scenario.zones
    win.undo()
    assert len(zone(win, "nato")) == 3


def test_problems_select_the_hex_or_unit_they_name(window) -> None:
    win = window
    editor = win.editor
    sc = win.document.scenario
    # two minefields in one hex (an error naming a hex: the Marker tool refuses the second,
    # a file may hold it), a unit outside its zone (a note)
    h = sc.map.parse("1210")
    mines = [HexMarker(h, kind, "nato", False) for kind in ("minefield_at", "minefield_ap")]
    win.document.push(EditScenario(sc, "Mines", markers=mines))
    win.findChild(type(win.undo_action), "action-tool-zone").trigger()
    drag(win, ["0101", "0103"])
    editor.place("M48", "nato", sc.map.parse("0505"))
    win.view.centerOn(editor.scene.hex_center(sc.map.parse("0101")))

    problems = editor.validate()
    assert [p.hex for p in problems] == [sc.map.parse("1210")] and not problems[0].where
    dock = editor.problems
    assert dock.problems[0] is problems[0] and len(dock.problems) == 2  # the error, the note
    assert "a second minefield in 1210" in problems[0].message
    item = dock.list.item(0)
    QTest.mouseClick(dock.list.viewport(), LEFT, NONE, dock.list.visualItemRect(item).center())
    assert editor.selected is None
    hexagon = editor.scene.highlight_item
    assert hexagon.isVisible()
    centre = editor.scene.hex_center(sc.map.parse("1210"))
    assert (hexagon.polygon().boundingRect().center() - centre).manhattanLength() < 1
    seen = win.view.mapToScene(win.view.viewport().rect().center())
    assert (QPointF(seen) - centre).manhattanLength() < editor.scene.map_painter.size
    # the note names the M48: a click selects it
    note = dock.list.item(1)
    assert "m48-1 starts in 0505, outside the NATO deployment zone" in note.text()
    QTest.mouseClick(dock.list.viewport(), LEFT, NONE, dock.list.visualItemRect(note).center())
    assert editor.selected == "m48-1"
