"""Victory in the window (rules-spec 6): the turn bar's VP, the objective marks in their
controller's colour, and the result dialog with Review the Game, all through real clicks."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from tabletop import paths
from tabletop.render.palette import side_color_of
from tabletop.ui.play.victoryui import NOBODY
from tests.helpers.clicks import click_hex, press, select

pytestmark = [pytest.mark.gui, pytest.mark.qt_log_ignore("does not support propagateSizeHints")]


def short_game(tmp_path: Path) -> Path:
    """The squad demo in one game turn, with one objective next to ger-rifle-1 (0305)."""
    text = (paths.SCENARIOS / "demo-squad.yaml").read_text(encoding="utf-8")
    text = text.replace("../maps/", f"{paths.SCENARIOS.parent}/maps/")
    text = text.replace("[../counters/", f"[{paths.SCENARIOS.parent}/counters/")
    text = text.replace("turns: 8", "turns: 1")
    head, _, _ = text.partition("\nvictory:\n")
    head += '\nvictory:\n  hexes: [{hex: "0404", vp: 2, owner: soviet}, "1410"]\n'
    path = tmp_path / "short.yaml"
    path.write_text(head, encoding="utf-8")
    return path


@pytest.fixture
def win(qtbot, settings, tmp_path: Path):
    from tabletop.ui.app import create_window

    window = create_window(short_game(tmp_path), settings)
    assert window is not None
    qtbot.addWidget(window)
    window.resize(1300, 850)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_the_turn_bar_vp_and_the_marks_follow_a_move_onto_an_objective(qtbot, win) -> None:
    from tabletop.hexgrid import Hex

    doc = win.document
    sides = doc.scenario.sides
    label = win.play.turn_bar.vp
    assert label.objectName() == "turn-bar-vp" and label.isVisible()
    assert "Wehrmacht <b>0</b>" in label.text() and "Red Army <b>2</b>" in label.text()
    assert "0404 (2 VP): Red Army" in label.toolTip()
    marks = win.play.objectives
    at = doc.scenario.map.parse
    assert marks.colour_at(at("0404")) == side_color_of(sides, "soviet")
    assert marks.colour_at(at("1410")) == NOBODY
    assert marks.colour_at(Hex(0, 0)) is None
    assert marks.scene() is win.view.scene()

    assert select(qtbot, win, "ger-rifle-1")
    qtbot.mouseClick(win.play.panel.buttons["move"], Qt.MouseButton.LeftButton)
    click_hex(qtbot, win, "0404")
    click_hex(qtbot, win, "0404")
    assert doc.state.units["ger-rifle-1"].hex == at("0404")
    assert marks.colour_at(at("0404")) == side_color_of(sides, "german")
    assert "Wehrmacht <b>2</b>" in label.text() and "Red Army <b>0</b>" in label.text()
    # Undo takes the hex back
    qtbot.keyClick(win.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.wait(1)
    assert marks.colour_at(at("0404")) == side_color_of(sides, "soviet")


def test_the_result_dialog_at_the_end_and_review_the_game(qtbot, win) -> None:
    doc = win.document
    assert select(qtbot, win, "ger-rifle-1")
    qtbot.mouseClick(win.play.panel.buttons["move"], Qt.MouseButton.LeftButton)
    click_hex(qtbot, win, "0404")
    click_hex(qtbot, win, "0404")
    end_phase = win.play.actions["end-phase"]
    for _ in range(8):
        assert win.play.result_dialog is None
        qtbot.keyClick(win.view, Qt.Key.Key_Escape)
        press(qtbot, win, end_phase)
    assert doc.state.finished
    dialog = win.play.result_dialog
    assert dialog is not None and dialog.isVisible() and not dialog.isModal()
    assert dialog.findChild(type(dialog.text), "result-text").text() == "Wehrmacht wins"
    assert dialog.why.text() == "The last turn is over."
    assert "Wehrmacht</td>" in dialog.vp.text() and "<b>2</b> VP" in dialog.vp.text()
    assert win.play.turn_bar.vp.text().startswith("<b>Wehrmacht wins</b>")
    qtbot.mouseClick(dialog.review_button, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()
    assert win.review.active
    qtbot.keyClick(win.view, Qt.Key.Key_Escape)  # back to play
    assert not win.review.active
    win.play.show_result()
    assert win.play.result_dialog.isVisible()
    qtbot.keyClick(win.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # undo the end
    assert not doc.state.finished and win.play.result_dialog is None


def test_the_objective_marks_are_painted_once_then_blitted(qtbot, win) -> None:
    """Each frame stroked every objective's rings and flag again (two wide antialiased
    ellipses each, in every frame that showed it); each mark is its own item, cached at
    the view's resolution: more frames at the same zoom paint no mark, and a change of
    hands paints only the mark that changed."""
    doc = win.document
    at = doc.scenario.map.parse
    view = win.view
    marks = win.play.objectives
    assert set(marks.items) == {at("0404"), at("1410")}
    mark = marks.items[at("0404")]
    view.centerOn(win.map_scene.hex_center(at("0404")))
    view.viewport().repaint()
    first = mark.painted
    assert first >= 1
    for _ in range(3):
        view.viewport().repaint()
    assert mark.painted == first
    other = marks.items[at("1410")]
    before = other.painted
    assert select(qtbot, win, "ger-rifle-1")
    qtbot.mouseClick(win.play.panel.buttons["move"], Qt.MouseButton.LeftButton)
    click_hex(qtbot, win, "0404")
    click_hex(qtbot, win, "0404")
    assert marks.colour_at(at("0404")) == side_color_of(doc.scenario.sides, "german")
    view.viewport().repaint()
    assert mark.painted == first + 1 and other.painted == before
