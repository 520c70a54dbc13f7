"""A squad close combat fought from the window to its end with real clicks (rules 3.6):
two German squads move into a hex of two Soviet squads; in the close-combat phase the turn
bar offers the fight; the chooser declares targets against the rules' default pairing,
one unit leaves to a hex of its choosing, and every round is fought from it, with the odds
of ``tabletop odds`` shown. The same requests with the same scripted dice through the
engine, and the window's log through ``tabletop act``, give the same game."""

from __future__ import annotations

import contextlib
import io

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QCheckBox, QComboBox, QMenu

from tabletop.cli import main
from tabletop.cli.common import load_play, make_los
from tabletop.data import load_game
from tabletop.rules import ActionRequest, ScriptedDice, engine
from tabletop.rules.squad.odds import close_combat_odds
from tabletop.ui.play.closecombat import SHOWN
from tests.helpers.clicks import click_hex, move, pick, press
from tests.helpers.closecombat import FACES, TWO_ON_TWO, scenario

pytestmark = [
    pytest.mark.gui,
    pytest.mark.qt_log_ignore("does not support propagateSizeHints"),
]


@pytest.mark.qt_log_ignore("does not support raise", "does not support grabbing")
def test_a_close_combat_fought_from_the_window_equals_tabletop_act(qtbot, settings, tmp_path):
    from tabletop.ui.app import create_window

    path = scenario(tmp_path)
    win = create_window(path, settings)
    assert win is not None
    qtbot.addWidget(win)
    win.resize(1300, 850)
    win.show()
    qtbot.waitExposed(win)
    doc = win.document
    doc.dice = ScriptedDice(FACES)
    play = win.play
    fight_button = play.fight_action

    move(qtbot, win, "ger-a", "0403")
    move(qtbot, win, "ger-b", "0403")
    assert not fight_button.isVisible()  # the movement phase: no fight pending yet
    press(qtbot, win, play.actions["end-phase"])
    press(qtbot, win, play.actions["end-phase"])
    assert doc.state.phase == "close_combat"
    end_phase = play.actions["end-phase"]
    assert not end_phase.isEnabled() and "0403 has 3 round(s) left" in end_phase.toolTip()

    # the turn bar names the pending fight; Close Combat is enabled with nothing selected
    assert fight_button.isVisible() and fight_button.text() == "Close Combat in 0403 (round 1 of 3)"
    assert play.actions["close-combat"].isEnabled()
    press(qtbot, win, fight_button)
    dialog = play.cc_dialog
    assert dialog is not None and dialog.isVisible() and dialog.hex == "0403"
    assert "round 1 of 3" in dialog.title.text()
    assert "Red Army declares first" in dialog.pairing.text()

    # the rules' defaults: sov-a takes ger-a, sov-b ger-b; the Germans both take sov-a
    fight = dialog.fight
    assert [f.unit for f in fight.fighters] == ["sov-a", "sov-b", "ger-a", "ger-b"]
    assert {f.unit: f.target for f in fight.fighters} == {
        "sov-a": "ger-a", "sov-b": "ger-b", "ger-a": "sov-a", "ger-b": "sov-a"}  # fmt: skip
    # the odds shown are those of ``tabletop odds --unit ger-a --target sov-a``
    odds, _ = close_combat_odds(doc.state, "ger-a", "sov-a")
    assert odds is not None
    shown = dialog.odds_labels["ger-a"].text()
    assert shown.startswith("\u2192 sov-a: figures lost 0: ")
    assert f"eliminated: {odds.eliminated * 100:.1f}%" in shown
    chart = play.odds.chart
    assert chart.isVisible() and [t for t, _ in chart.sections][2] == "ger-a \u2192 sov-a"
    lost = list(odds.figures_lost)  # the bars: each outcome of 0.05% or more, and Eliminated
    assert [p for _, p in chart.sections[2][1]] == [p for p in lost[:-1] if p >= SHOWN] + lost[-1:]

    # the defender pairs the other way round; sov-b then gets ger-a by the rules
    pick(qtbot, dialog.targets["sov-a"], "ger-b")
    assert dialog.fight.fighter("sov-b").target == "ger-a"
    assert dialog.targets["sov-b"].currentData() == "ger-a"
    pick(qtbot, dialog.targets["ger-a"], "sov-b")
    assert dialog.fight_button.isEnabled() and dialog.reasons.text() == ""
    qtbot.mouseClick(dialog.fight_button, Qt.MouseButton.LeftButton)
    assert doc.state.log[-1].args == {
        "hex": "0403", "targets": [["ger-a", "sov-b"], ["sov-a", "ger-b"]]}  # fmt: skip
    assert dialog.title.text().startswith("Close combat in 0403: round 2 of 3")
    assert dialog.last.text().startswith("Round 1: ")
    # the declarations stand for the next round while the rules allow them
    assert dialog.declared == {"sov-a": "ger-b", "ger-a": "sov-b"}

    # round 2: sov-b leaves, to a hex of its owner's choosing (not the default first one)
    fighter = dialog.fight.fighter("sov-b")
    exit_to = fighter.exits[1]
    box = dialog.findChild(QCheckBox, "cc-leave-sov-b")
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
    assert box.isChecked() and dialog.fight.fighter("sov-b").target is None
    assert not dialog.targets["sov-b"].isEnabled()
    pick(qtbot, dialog.findChild(QComboBox, "cc-to-sov-b"), exit_to)
    qtbot.mouseClick(dialog.fight_button, Qt.MouseButton.LeftButton)
    args = doc.state.log[-1].args
    assert args["leave"] == ["sov-b"] and args["to"] == [exit_to]
    assert doc.scenario.map.label(doc.state.units["sov-b"].hex) == exit_to

    # round 3 from the keyboard: the chooser closed, nothing selected, C opens it again
    qtbot.mouseClick(dialog.close_button, Qt.MouseButton.LeftButton)
    assert play.cc_dialog is None
    qtbot.keyClick(win.view, Qt.Key.Key_Escape)
    assert play.controller.selected is None
    win.activateWindow()
    qtbot.waitActive(win)
    qtbot.keyClick(win.view, Qt.Key.Key_C)
    dialog = play.cc_dialog
    assert dialog is not None and "round 3 of 3" in dialog.title.text()
    qtbot.mouseClick(dialog.fight_button, Qt.MouseButton.LeftButton)
    assert not dialog.fight_button.isEnabled()
    assert "fought its 3 rounds" in dialog.reasons.text()
    assert not fight_button.isVisible() and end_phase.isEnabled()
    assert "each attack's odds" not in play.odds.title.text()  # no round is left to fight
    qtbot.mouseClick(dialog.close_button, Qt.MouseButton.LeftButton)
    assert play.odds.title.text() == "Hover a target to see the odds."

    # the same requests, the same dice, through the engine
    expected = [
        ActionRequest("move", units=("ger-a",), to=("0403",)),
        ActionRequest("move", units=("ger-b",), to=("0403",)),
        ActionRequest("end-phase"),
        ActionRequest("end-phase"),
        ActionRequest("close-combat", hex="0403", targets=(("ger-a", "sov-b"), ("sov-a", "ger-b"))),
        ActionRequest(
            "close-combat",
            hex="0403",
            targets=(("ger-a", "sov-b"), ("sov-a", "ger-b")),
            leave=("sov-b",),
            to=(exit_to,),
        ),
        ActionRequest("close-combat", hex="0403"),  # a new chooser: the rules' defaults
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
    assert sum(len(e.dice) for e in state.log) == dice.used

    # and the window's saved game equals the log played by ``tabletop act``
    gui_file = tmp_path / "gui.yaml"
    assert win.save_as(gui_file)
    game, source = tmp_path / "cli.yaml", path
    with contextlib.redirect_stdout(io.StringIO()):
        for entry in doc.state.log:
            options = _act_options(entry.args)
            options += ["--dice", ",".join(map(str, entry.dice))] if entry.dice else []
            code = main(["act", str(source), entry.action, *options, "--out", str(game)])
            assert code == 0, (entry.action, entry.args)
            source = game
    by_gui, by_cli = load_game(gui_file), load_game(game)
    assert by_gui.units == by_cli.units and by_gui.same_as(by_cli)


def _act_options(args: dict) -> list[str]:
    out: list[str] = []
    for key, value in args.items():
        option = "--unit" if key == "units" else f"--{key}"
        if key == "targets":
            out += [option, ",".join(f"{a}:{b}" for a, b in value)]
        elif isinstance(value, list):
            out += [option, ",".join(value)]
        else:
            out += [option, str(value)]
    return out


@pytest.mark.qt_log_ignore("does not support raise", "does not support grabbing")
def test_close_combat_from_the_hex_its_menu_and_the_panel(qtbot, settings, tmp_path):
    from tabletop.ui.app import create_window

    path = scenario(tmp_path)
    win = create_window(path, settings)
    assert win is not None
    qtbot.addWidget(win)
    win.resize(1300, 850)
    win.show()
    qtbot.waitExposed(win)
    play = win.play
    action = play.actions["close-combat"]
    # no fight yet: C explains, instead of "select a unit first"
    action.setEnabled(True)
    action.trigger()
    assert "no hex holds units of both sides" in win.statusBar().currentMessage()
    win.document.dice = ScriptedDice(FACES)
    move(qtbot, win, "ger-a", "0403")
    # the movement phase: the hex's fight is listed, greyed with the rules' reason
    click_hex(qtbot, win, "0403")
    button = play.panel.buttons["close-combat"]
    assert button.text() == "Close Combat in 0403" and not button.isEnabled()
    assert "movement phase, not the close combat phase" in play.panel.reason_labels[
        "close-combat"].text()  # fmt: skip
    for _ in range(2):
        play.actions["end-phase"].trigger()
    # the selected unit's hex: the panel's first row fights there
    click_hex(qtbot, win, "0403")
    assert play.controller.selected is not None
    button = play.panel.buttons["close-combat"]
    assert button.isEnabled() and play.panel.rows.itemAt(0).widget() is button
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert play.cc_dialog is not None and play.cc_dialog.hex == "0403"
    play.cc_dialog.reject()  # what Esc does in the chooser (offscreen it is never active)
    assert play.cc_dialog is None
    # the right-click menu on the hex
    menu = play.build_menu()
    assert isinstance(menu, QMenu) and menu.actions()[0] is action
    assert menu.actions()[0].text() == "Close Combat in 0403"
    pos = win.view.viewport_point("0403")
    play.context_menu(win.document.scenario.map.parse("0403"), QPoint(pos.x(), pos.y()))
    action.trigger()
    assert play.cc_dialog is not None
    # review mode is read-only: the chooser is greyed with the rest of play, then back
    win.review.action.trigger()
    assert win.review.active and not play.cc_dialog.isEnabled()
    assert not play.fight_action.isEnabled()
    win.review.action.trigger()
    assert not win.review.active and play.cc_dialog.isEnabled()
    assert play.cc_dialog.fight_button.isEnabled()
    # an undo back into the movement phase: the chooser says why it may not fight
    win.findChild(QAction, "action-undo").trigger()
    assert win.document.state.phase == "shooting"
    assert not play.cc_dialog.fight_button.isEnabled()
    assert "shooting phase" in play.cc_dialog.reasons.text()


@pytest.mark.qt_log_ignore("does not support raise", "does not support grabbing")
def test_with_two_fights_pending_close_combat_asks_which_hex(qtbot, settings, tmp_path):
    from tabletop.ui.app import create_window

    units = TWO_ON_TWO.replace('sov-b, type: RIFLE_SQUAD, side: soviet, hex: "0403"',
                               'sov-b, type: RIFLE_SQUAD, side: soviet, hex: "0404"')  # fmt: skip
    win = create_window(scenario(tmp_path, units), settings)
    assert win is not None
    qtbot.addWidget(win)
    win.resize(1300, 850)
    win.show()
    qtbot.waitExposed(win)
    play = win.play
    win.document.dice = ScriptedDice(FACES)
    move(qtbot, win, "ger-a", "0403")
    move(qtbot, win, "ger-b", "0404")
    for _ in range(2):
        press(qtbot, win, play.actions["end-phase"])
    qtbot.keyClick(win.view, Qt.Key.Key_Escape)
    assert play.fight_action.isVisible() and play.fight_action.text() == "Close Combat: 2 fights"
    assert play.actions["close-combat"].text() == "Close Combat"
    play.actions["close-combat"].trigger()
    menu = play.choice_menu
    assert menu is not None and play.cc_dialog is None
    names = [a.objectName() for a in menu.actions()]
    assert names == ["choice-0403", "choice-0404"]
    menu.actions()[1].trigger()
    menu.close()
    assert play.cc_dialog is not None and play.cc_dialog.hex == "0404"
    dialog = play.cc_dialog
    for _ in range(3):
        qtbot.mouseClick(dialog.fight_button, Qt.MouseButton.LeftButton)
    assert [e.args for e in win.document.state.log[-3:]] == [{"hex": "0404"}] * 3
    assert not dialog.fight_button.isEnabled()
    qtbot.mouseClick(dialog.close_button, Qt.MouseButton.LeftButton)
    # a unit of the hex that has fought its rounds is selected: C is greyed with the
    # reason, and the turn bar's button goes to the fight still pending
    click_hex(qtbot, win, "0404")
    assert play.controller.selected is not None
    assert not play.actions["close-combat"].isEnabled()
    assert "fought its 3 rounds" in play.actions["close-combat"].toolTip()
    assert play.fight_action.text() == "Close Combat in 0403 (round 1 of 3)"
    press(qtbot, win, play.fight_action)
    assert play.cc_dialog is not None and play.cc_dialog.hex == "0403"
