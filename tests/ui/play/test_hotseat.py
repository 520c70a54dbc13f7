"""Hot seat at one laptop (issue 28): the hand-over screen at each change of the side asked,
each side's hidden minefields painted for it only, the View menu kept from showing them."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QMessageBox

from tabletop.commands import PlayAction
from tabletop.data import load_document
from tabletop.documents import GameDocument
from tabletop.model import HexMarker, Scenario
from tabletop.rules import ActionRequest, ScriptedDice
from tabletop.ui.play.hotseat import HotSeat

ROOT = Path(__file__).resolve().parents[3]
PACT_FIELD = "2010"


def _demo(hidden: bool = True) -> GameDocument:
    scenario = load_document(ROOT / "scenarios" / "demo-platoon.yaml")
    assert isinstance(scenario, Scenario)
    doc = GameDocument.from_scenario(scenario)
    markers = doc.state.hex_markers
    if hidden:  # a hidden Warsaw Pact field, beside the demo's hidden NATO one (1310)
        markers.append(HexMarker(scenario.map.parse(PACT_FIELD), "minefield_at", "pact", False))
    else:
        markers[:] = [m for m in markers if m.revealed]
    return doc


@pytest.fixture
def hot(qtbot, settings, monkeypatch):
    monkeypatch.setattr(HotSeat, "default_on", True)
    from tabletop.ui.shell.mainwindow import MainWindow

    def make(doc: GameDocument):
        win = MainWindow(settings)
        qtbot.addWidget(win)
        win.resize(1000, 700)
        win.set_document(doc)
        win.show()
        qtbot.waitExposed(win)
        return win

    return make


def _act(doc: GameDocument, action: str, **kw) -> None:
    doc.push(PlayAction(doc.state, ActionRequest(action, **kw), doc.los, ScriptedDice([])))


def _painted(window, qtbot) -> set[tuple[str, str | None]]:
    """The minefields the map scene's marker items paint now (kind, owner)."""
    scene = window.map_scene
    painted: list = []
    painter = scene.map_painter
    real_markers, real_badges = painter.paint_markers, painter.paint_marker_badges

    def markers(p, rect, shown, *a, **k):
        painted.extend(shown)
        return real_markers(p, rect, shown, *a, **k)

    def badges(p, rect, shown, *a, **k):
        painted.extend(shown)
        return real_badges(p, rect, shown, *a, **k)

    painter.paint_markers, painter.paint_marker_badges = markers, badges
    try:
        window.view.fit_map()
        window.view.viewport().grab()
    finally:
        painter.paint_markers, painter.paint_marker_badges = real_markers, real_badges
    return {(m.kind, m.side) for m in painted if m.kind.startswith("minefield") and not m.revealed}


def _take_over(window, qtbot) -> None:
    button = window.hotseat.screen.button
    assert window.hotseat.showing() and button.isVisible()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert not window.hotseat.showing()


def test_each_side_change_hands_over_and_each_view_paints_its_own_fields(hot, qtbot) -> None:
    doc = _demo()
    window = hot(doc)
    assert not window.hotseat.showing()  # a chit to draw: nobody's decision, nobody's secrets
    assert _painted(window, qtbot) == set()
    _act(doc, "draw", formation="1st_tank")
    screen = window.hotseat.screen
    assert screen.isVisible() and screen.title.text() == "Pass the laptop to the Warsaw Pact player"
    assert screen.geometry().contains(window.view.geometry().center())
    assert window.viewer is None and _painted(window, qtbot) == set()  # behind the screen
    _take_over(window, qtbot)
    assert window.viewer == "pact"
    assert _painted(window, qtbot) == {("minefield_at", "pact")}  # its own, not NATO's
    _act(doc, "end-impulse")
    assert not window.hotseat.showing() and window.viewer is None
    _act(doc, "draw", formation="kampfgruppe")
    assert screen.title.text() == "Pass the laptop to the NATO player"
    _take_over(window, qtbot)
    assert window.viewer == "nato"
    painted = _painted(window, qtbot)
    assert ("minefield_at", "pact") not in painted and ("minefield_at", "nato") in painted
    # the View menu may not show the Pact's fields to NATO while hot seat is on
    by_text = {a.text(): a for a in window.viewer_group.actions()}
    by_text["Warsaw Pact"].trigger()
    assert window.viewer == "nato" and by_text["NATO"].isChecked()
    assert "Hot seat" in window.statusBar().currentMessage()
    assert ("minefield_at", "pact") not in _painted(window, qtbot)
    by_text["Every Side (Adjust Mode)"].trigger()  # refused outside Adjust mode
    assert window.viewer == "nato"


def test_show_everything_in_adjust_mode_warns_and_is_logged(hot, qtbot, monkeypatch) -> None:
    doc = _demo()
    window = hot(doc)
    _act(doc, "draw", formation="kampfgruppe")
    _take_over(window, qtbot)
    warned: list[str] = []

    def warning(*args):
        warned.append(args[2])
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(QMessageBox, "warning", staticmethod(warning))
    window.adjust.action.setChecked(True)
    by_text = {a.text(): a for a in window.viewer_group.actions()}
    by_text["Every Side (Adjust Mode)"].trigger()
    assert warned and "game's log" in warned[0]
    assert window.viewer == "*" and ("minefield_at", "pact") in _painted(window, qtbot)
    (notice,) = doc.state.record.asides
    assert notice.entry is None and "every side's hidden minefields shown" in notice.text
    assert any("every side's hidden minefields" in window.log_dock.list.item(i).text()
               for i in range(window.log_dock.list.count()))  # fmt: skip


def test_opportunity_fire_hands_over_to_the_defender(hot, qtbot) -> None:
    doc = _demo()
    window = hot(doc)
    _act(doc, "draw", formation="kampfgruppe")
    _take_over(window, qtbot)
    _act(doc, "move", units=("leo2-1",), to=("1312",))  # in sight of Pact tanks: paused
    assert doc.state.pending is not None and doc.state.pending.kind == "opportunity_fire"
    assert window.hotseat.screen.title.text() == "Pass the laptop to the Warsaw Pact player"
    assert window.viewer is None
    _take_over(window, qtbot)
    assert window.viewer == "pact"
    _act(doc, "pass")  # the defender lets it go: NATO again
    assert window.hotseat.screen.title.text() == "Pass the laptop to the NATO player"
    assert window.hotseat.showing() and window.viewer is None


def test_no_hand_over_without_hidden_information_or_with_hot_seat_off(hot, qtbot) -> None:
    doc = _demo(hidden=False)
    window = hot(doc)
    _act(doc, "draw", formation="1st_tank")
    assert not window.hotseat.showing()
    hidden = _demo()
    window.set_document(hidden)
    window.hotseat.action.setChecked(False)
    _act(hidden, "draw", formation="1st_tank")
    assert not window.hotseat.showing()
    assert window.settings.value("play/hot_seat") in (False, "false")


@pytest.mark.qt_log_ignore("does not support raise", "does not support grabbing")
def test_close_combat_declarations_are_taken_side_by_side(
    qtbot, settings, tmp_path, monkeypatch
) -> None:
    """Issue 28: a squad close combat at one laptop. The defender declares alone, after a
    hand-over; then the attacker, the defender's declarations fixed before it; the round
    fought is the request the engine takes, and neither chooser's map shows the other
    side's hidden minefield."""
    from tabletop.cli.common import load_play, make_los
    from tabletop.rules import engine
    from tabletop.ui.app import create_window
    from tests.helpers.clicks import move, pick, press
    from tests.helpers.closecombat import FACES, TWO_ON_TWO
    from tests.helpers.closecombat import scenario as squad_scenario

    monkeypatch.setattr(HotSeat, "default_on", True)
    units = (
        TWO_ON_TWO
        + """hex_markers:
  - {hex: "0608", marker: minefield_ap, side: soviet, revealed: false}
  - {hex: "0310", marker: minefield_ap, side: german, revealed: false}
"""
    )
    path = squad_scenario(tmp_path, units)
    win = create_window(path, settings)
    assert win is not None
    qtbot.addWidget(win)
    win.resize(1300, 850)
    win.show()
    qtbot.waitExposed(win)
    doc = win.document
    doc.dice = ScriptedDice(FACES)
    play, screen = win.play, win.hotseat.screen
    soviet, german = {("minefield_ap", "soviet")}, {("minefield_ap", "german")}
    assert screen.title.text() == "Pass the laptop to the Wehrmacht player"
    _take_over(win, qtbot)
    move(qtbot, win, "ger-a", "0403")
    move(qtbot, win, "ger-b", "0403")
    press(qtbot, win, play.actions["end-phase"])
    press(qtbot, win, play.actions["end-phase"])
    assert doc.state.phase == "close_combat" and not win.hotseat.showing()
    press(qtbot, win, play.fight_action)

    # the defender first: its hand-over, the chooser hidden behind it
    dialog = play.cc_dialog
    assert dialog is not None and not dialog.isVisible()
    assert screen.title.text() == "Pass the laptop to the Red Army player"
    assert win.viewer is None and _painted(win, qtbot) == set()
    _take_over(win, qtbot)
    assert dialog.isVisible() and win.viewer == "soviet"
    assert set(dialog.targets) == {"sov-a", "sov-b"}  # the defender's rows only
    assert dialog.findChild(QComboBox, "cc-target-ger-a") is None
    assert not dialog.fight_button.isVisible() and dialog.confirm_button.isVisible()
    assert _painted(win, qtbot) == soviet
    pick(qtbot, dialog.targets["sov-a"], "ger-b")
    qtbot.mouseClick(dialog.confirm_button, Qt.MouseButton.LeftButton)

    # then the attacker, the defender's declarations fixed
    assert screen.title.text() == "Pass the laptop to the Wehrmacht player"
    assert not dialog.isVisible() and win.viewer is None and _painted(win, qtbot) == set()
    _take_over(win, qtbot)
    assert dialog.isVisible() and win.viewer == "german"
    assert set(dialog.targets) == {"sov-a", "sov-b", "ger-a", "ger-b"}
    assert dialog.targets["sov-a"].currentData() == "ger-b"
    assert dialog.targets["sov-b"].currentData() == "ger-a"
    for unit in ("sov-a", "sov-b"):
        assert not dialog.targets[unit].isEnabled()
        assert not dialog.leave_boxes[unit].isEnabled()
    assert dialog.targets["ger-a"].isEnabled() and dialog.leave_boxes["ger-a"].isEnabled()
    assert _painted(win, qtbot) == german
    pick(qtbot, dialog.targets["ger-a"], "sov-b")
    assert dialog.fight_button.isVisible() and dialog.fight_button.isEnabled()
    qtbot.mouseClick(dialog.fight_button, Qt.MouseButton.LeftButton)
    assert doc.state.log[-1].args == {
        "hex": "0403", "targets": [["ger-a", "sov-b"], ["sov-a", "ger-b"]]}  # fmt: skip

    # round 2 starts with the defender's hand-over again
    assert "round 2 of 3" in dialog.title.text()
    assert screen.title.text() == "Pass the laptop to the Red Army player"
    assert not dialog.isVisible()
    _take_over(win, qtbot)
    assert set(dialog.targets) == {"sov-a", "sov-b"}

    # the same requests, the same dice, through the engine
    expected = [
        ActionRequest("move", units=("ger-a",), to=("0403",)),
        ActionRequest("move", units=("ger-b",), to=("0403",)),
        ActionRequest("end-phase"),
        ActionRequest("end-phase"),
        ActionRequest("close-combat", hex="0403", targets=(("ger-a", "sov-b"), ("sov-a", "ger-b"))),
    ]
    state = load_play(str(path))
    dice = ScriptedDice(FACES)
    los = make_los(state)
    for request in expected:
        engine.perform(state, request, dice, los)
    assert [(e.action, e.args, e.dice) for e in state.log] == [
        (e.action, e.args, e.dice) for e in doc.state.log
    ]
    assert state.units == doc.state.units and state.flags == doc.state.flags

    # closing the chooser mid-round: the side to act (the attacker) takes the laptop back
    qtbot.mouseClick(dialog.close_button, Qt.MouseButton.LeftButton)
    assert play.cc_dialog is None
    assert screen.title.text() == "Pass the laptop to the Wehrmacht player"

    # hot seat turned off: the chooser is today's again, every row at once
    win.hotseat.action.trigger()
    assert not win.hotseat.showing()
    press(qtbot, win, play.fight_action)
    dialog = play.cc_dialog
    assert dialog is not None and dialog.isVisible() and dialog.asking is None
    assert set(dialog.targets) == {"sov-a", "sov-b", "ger-a", "ger-b"}
    assert dialog.fight_button.isVisible() and not dialog.confirm_button.isVisible()
    win.hotseat.action.trigger()  # and on again mid-round: the defender's turn to declare
    assert screen.title.text() == "Pass the laptop to the Red Army player"
    assert not dialog.isVisible()
    _take_over(win, qtbot)
    assert dialog.isVisible() and set(dialog.targets) == {"sov-a", "sov-b"}
