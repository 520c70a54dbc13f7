"""The counter editor on squad counters: real clicks and keys on the form's widgets for
every squad key (figures with a heavy weapon's fire, accuracy faces, chassis, artillery,
bombs, capacity) and the art overrides; each edit is one undo step, and the saved file
loads back to exactly the types the editor shows."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton, QCheckBox, QComboBox, QLineEdit, QSpinBox

from tabletop.data import counters_to_dict, load_counters
from tabletop.model import SquadUnitType

ROOT = Path(__file__).resolve().parents[3]
LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier


@pytest.fixture
def win(qtbot, tmp_path: Path, settings):
    from tabletop.ui.app import create_window

    (tmp_path / "counters").mkdir()
    path = tmp_path / "counters" / "squad.yaml"
    shutil.copy(ROOT / "counters" / "squad.yaml", path)
    window = create_window(path, settings)
    assert window is not None
    qtbot.addWidget(window)
    window.resize(1400, 950)
    window.show()
    qtbot.waitExposed(window)
    return window


def show(win, type_id: str):
    editor = win.editor
    row = win.document.counters.index_of(type_id)
    rect = editor.list.visualItemRect(editor.list.item(row))
    QTest.mouseClick(editor.list.viewport(), LEFT, NONE, rect.center())
    assert editor.current.id == type_id
    return editor


def widget(win, cls, name: str):
    found = win.findChild(cls, name)
    assert found is not None, name
    win.editor.form.parentWidget().parentWidget().ensureWidgetVisible(found)
    return found


def tick(box: QCheckBox) -> None:
    QTest.mouseClick(box, LEFT, NONE, QPoint(8, box.height() // 2))


def type_into(box: QSpinBox | QLineEdit, text: str) -> None:
    line = box.lineEdit() if isinstance(box, QSpinBox) else box
    QTest.mouseClick(line, LEFT, NONE, QPoint(6, line.height() // 2))
    QTest.keyClick(line, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClicks(line, text)


def choose(box: QComboBox, value: object) -> None:
    """Pick the item holding ``value`` with the keyboard (Home, then Down to it): a click
    would open the list as a popup, which the offscreen platform cannot grab."""
    QTest.keyClick(box, Qt.Key.Key_Home)
    for _ in range(box.findData(value)):
        QTest.keyClick(box, Qt.Key.Key_Down)
    assert box.currentData() == value


def current(win) -> SquadUnitType:
    t = win.editor.current
    assert isinstance(t, SquadUnitType)
    return t


def test_artillery_fields_edit_and_undo(win) -> None:
    show(win, "MORTAR_TEAM")
    before = current(win).artillery
    assert before is not None and before.caliber_mm == 82
    caliber = widget(win, QSpinBox, "counter-artillery-caliber-mm")
    assert caliber.value() == 82 and caliber.maximum() == 1000
    type_into(caliber, "120")
    assert current(win).artillery.caliber_mm == 120
    tick(widget(win, QCheckBox, "counter-artillery-indirect"))
    assert current(win).artillery.indirect is (not before.indirect)
    tick(widget(win, QCheckBox, "counter-artillery"))
    assert current(win).artillery is None
    assert not caliber.isEnabled()
    for _ in range(3):
        win.undo()
    assert current(win).artillery == before
    assert caliber.value() == 82 and caliber.isEnabled()


def test_accuracy_faces_override_the_class(win) -> None:
    show(win, "RIFLE_SQUAD")
    assert current(win).accuracy == (1, 2)
    tick(widget(win, QCheckBox, "counter-accuracy-3"))
    assert current(win).accuracy == (1, 2, 3)
    own = widget(win, QCheckBox, "counter-has-accuracy")
    tick(own)
    assert current(win).accuracy is None  # back to the class's faces
    assert not widget(win, QCheckBox, "counter-accuracy-1").isEnabled()
    win.undo()
    assert current(win).accuracy == (1, 2, 3)
    win.undo()
    assert current(win).accuracy == (1, 2)


def test_an_spg_needs_its_chassis(qtbot, win) -> None:
    editor = show(win, "SPG")
    chassis = widget(win, QComboBox, "counter-chassis")
    assert chassis.currentData() == "medium_tank"
    choose(chassis, "heavy_tank")
    assert current(win).chassis == "heavy_tank"
    assert current(win).wounds_of("spg") == 5
    choose(chassis, None)
    assert current(win).chassis == "heavy_tank"  # refused
    assert "chassis" in editor.hint.text()


def test_bombs_and_capacity(win) -> None:
    show(win, "HEAVY_BOMBER")
    tick(widget(win, QCheckBox, "counter-bombs-carpet"))
    assert current(win).bombs.carpet is False
    type_into(widget(win, QSpinBox, "counter-bombs-dice"), "12")
    assert current(win).bombs.dice == 12
    show(win, "MEDIUM_TANK")
    capacity = widget(win, QSpinBox, "counter-capacity")
    type_into(capacity, "2")
    assert current(win).capacity == 2


def test_figures_add_remove_and_a_heavy_weapons_fire(win) -> None:
    show(win, "RIFLE_SQUAD")
    before = current(win).figures
    assert [f.model for f in before] == ["soldier", "medic", "hmg"]
    dice = widget(win, QSpinBox, "figure-2-fire-dice")
    assert dice.isEnabled() and dice.value() == 3
    type_into(dice, "5")
    assert current(win).figures[2].fire.dice == 5
    QTest.mouseClick(widget(win, QAbstractButton, "figure-add"), LEFT, NONE, QPoint(5, 5))
    assert [f.model for f in current(win).figures][-1] == "soldier"
    count = widget(win, QSpinBox, "figure-3-count")
    type_into(count, "4")
    assert current(win).figures[3].count == 4
    QTest.mouseClick(widget(win, QAbstractButton, "figure-1-remove"), LEFT, NONE, QPoint(5, 5))
    assert [(f.model, f.count) for f in current(win).figures] == [
        ("soldier", 8), ("hmg", 1), ("soldier", 4)
    ]  # fmt: skip
    assert current(win).figures[1].fire.dice == 5
    for _ in range(4):
        win.undo()
    assert current(win).figures == before
    assert not widget(win, QSpinBox, "figure-3-count").isVisible()


def test_art_colours_symbol_and_the_nation(win) -> None:
    for type_id in ("HEAVY_TANK", "SPG", "LIGHT_TANK"):
        show(win, type_id)
        type_into(widget(win, QLineEdit, "counter-nation"), "GER")
        assert current(win).nation == "GER"
    editor = win.editor
    front = editor.preview.front.pixmap().toImage()
    type_into(widget(win, QLineEdit, "counter-colour"), "#335577")
    type_into(widget(win, QLineEdit, "counter-text"), "yellow")
    art = current(win).art
    assert art == {"background": "#335577", "text": "yellow"}
    assert editor.preview.front.pixmap().toImage() != front
    QTest.mouseClick(widget(win, QAbstractButton, "counter-art-nation"), LEFT, NONE, QPoint(5, 5))
    ger = [t for t in win.document.counters.types if t.nation == "GER"]
    assert all(t.art.get("background") == "#335577" for t in ger)
    assert len(ger) == 3 and all(t.art["text"] == "yellow" for t in ger)
    win.undo()
    arts = {t.id: t.art for t in win.document.counters.types if t.nation == "GER"}
    assert arts == {"LIGHT_TANK": {"background": "#335577", "text": "yellow"},
                    "HEAVY_TANK": {}, "SPG": {}}  # fmt: skip


def test_symbol_choice_and_save_round_trip(qtbot, win, tmp_path: Path) -> None:
    editor = show(win, "CAVALRY")
    front = editor.preview.front.pixmap().toImage()
    choose(widget(win, QComboBox, "counter-symbol"), "armor")
    assert current(win).art == {"symbol": "armor"}
    assert editor.preview.front.pixmap().toImage() != front
    show(win, "MORTAR_TEAM")
    tick(widget(win, QCheckBox, "counter-has-accuracy"))
    tick(widget(win, QCheckBox, "counter-accuracy-4"))
    out = tmp_path / "counters" / "saved.yaml"
    assert win.save_as(out), editor.hint.text()
    loaded = load_counters(out)
    assert counters_to_dict(loaded) == counters_to_dict(editor.counter_file())
    assert loaded.units["CAVALRY"].art == {"symbol": "armor"}
    assert loaded.units["MORTAR_TEAM"].accuracy is not None
