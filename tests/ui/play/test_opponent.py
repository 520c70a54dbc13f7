"""Play > Computer Opponent in the window: chosen in its dialog, thinking off the GUI thread,
its actions performed as undoable steps with its reason in the log, Esc pausing it."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QCheckBox, QComboBox, QDialogButtonBox

from tabletop.data import load_document
from tabletop.documents import GameDocument
from tabletop.model import Scenario
from tabletop.ui.play.opponent import OpponentDialog

ROOT = Path(__file__).resolve().parents[3]


def _game() -> GameDocument:
    scenario = load_document(ROOT / "scenarios" / "hold-the-crossroads.yaml")
    assert isinstance(scenario, Scenario)
    return GameDocument.from_scenario(scenario)


@pytest.fixture
def window(qtbot, settings):
    from tabletop.ui.shell.mainwindow import MainWindow

    win = MainWindow(settings)
    qtbot.addWidget(win)
    win.resize(1000, 700)
    win.set_document(_game())
    win.show()
    qtbot.waitExposed(win)
    yield win
    win.opponent.configure(frozenset())
    win.opponent.wait()


def _bot_entries(win) -> list:
    return [e for e in win.document.state.log if e.by == "bot"]


def test_the_dialog_chooses_sides_level_and_pace_and_the_computer_plays(window, qtbot) -> None:
    def fill() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, OpponentDialog)
        for side in ("nato", "pact"):
            dialog.findChild(QCheckBox, f"opponent-side-{side}").setChecked(True)
        level = dialog.findChild(QComboBox, "opponent-level")
        level.setCurrentIndex(level.findData("greedy"))
        pace = dialog.findChild(QComboBox, "opponent-pace")
        pace.setCurrentIndex(pace.findData(0.0))
        buttons = dialog.findChild(QDialogButtonBox)
        buttons.button(QDialogButtonBox.StandardButton.Ok).click()

    QTimer.singleShot(0, fill)
    window.findChild(type(window.opponent.action), "action-opponent").trigger()
    assert window.opponent.sides == {"nato", "pact"} and window.opponent.level == "greedy"
    assert window.opponent.status.isVisible()
    # a game between two computer players: both sides act, each action logged with why
    qtbot.waitUntil(lambda: {e.side for e in _bot_entries(window)} >= {"nato", "pact"},
                    timeout=60000)  # fmt: skip
    entries = _bot_entries(window)
    assert all(e.why for e in entries)
    rows = [window.log_dock.list.item(i).text() for i in range(window.log_dock.list.count())]
    assert any("Computer: " in row for row in rows)


def test_it_thinks_off_the_gui_thread_esc_pauses_it_and_its_action_undoes(window, qtbot) -> None:
    ticks: list[int] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(5)
    opponent = window.opponent
    opponent.configure(frozenset({"nato", "pact"}), "planner", pace=0.0, budget=0.3)
    qtbot.waitUntil(lambda: bool(_bot_entries(window)), timeout=60000)  # the draw: no choice
    qtbot.waitUntil(lambda: opponent.thinking, timeout=10000)  # a choice, for its budget
    before = len(ticks)
    qtbot.waitUntil(lambda: len(_bot_entries(window)) > 1, timeout=60000)
    assert len(ticks) > before  # the event loop turned while it thought
    timer.stop()
    window.play.cancel_action.trigger()  # Esc
    assert opponent.paused and "paused" in opponent.label.text()
    opponent.wait()
    qtbot.wait(50)
    made = len(window.document.state.log)
    qtbot.wait(400)
    assert len(window.document.state.log) == made  # paused: nothing more
    window.undo_action.trigger()
    assert len(window.document.state.log) == made - 1  # one undo step, like a player's
    opponent.pause_action.setChecked(False)  # resumed: it plays on
    qtbot.waitUntil(lambda: len(window.document.state.log) >= made, timeout=60000)


def test_a_new_game_turns_the_opponent_off(window) -> None:
    window.opponent.configure(frozenset({"pact"}), "random", pace=5.0)
    window.opponent.wait()
    window.set_document(_game())
    assert not window.opponent.on and not window.play.controller.deciders
    assert not window.opponent.status.isVisible()


def _pause_game(window_for):
    """A platoon game built in code (a clear map): blue's tank watches the road red's
    infantry walks; the red formation's impulse is drawn."""
    from tests.helpers.platoon_world import unit, world

    state = world([unit("b", "TANK", "blue", "0505"), unit("r", "INF", "red", "0510")], active="r1")
    state.scenario.victory = {"hexes": [{"hex": "0507", "vp": 3, "owner": "blue"}]}
    return window_for(GameDocument(state))


@pytest.fixture
def window_for(qtbot, settings):
    from tabletop.ui.shell.mainwindow import MainWindow

    made = []

    def make(doc: GameDocument):
        win = MainWindow(settings)
        qtbot.addWidget(win)
        win.resize(1000, 700)
        win.set_document(doc)
        win.show()
        qtbot.waitExposed(win)
        made.append(win)
        return win

    yield make
    for win in made:
        win.opponent.configure(frozenset())
        win.opponent.wait()


def test_it_answers_opportunity_fire_when_the_players_move_pauses(window_for, qtbot) -> None:
    from tabletop.rules import ActionRequest

    window = _pause_game(window_for)
    window.opponent.configure(frozenset({"blue"}), "greedy", pace=0.0)
    window.play.controller.perform(ActionRequest("move", units=("r",), to=("0509", "0508")))
    state = window.document.state
    assert state.pending is not None and state.pending.opportunity_fire
    qtbot.waitUntil(lambda: any(e.by == "bot" for e in state.log), timeout=30000)
    answer = next(e for e in state.log if e.by == "bot")
    assert answer.action == "opportunity-fire" and answer.side == "blue"
    assert answer.why


def test_the_players_opportunity_fire_is_asked_against_its_moves(window_for, qtbot) -> None:
    from tabletop.rules import ActionRequest

    window = _pause_game(window_for)
    asked: list[object] = []
    window.play.controller.opportunityFire.connect(asked.append)
    window.opponent.configure(frozenset({"red"}), "greedy", pace=0.0)  # the computer moves red
    state = window.document.state
    # its move toward the objective pauses in the tank's sight: the player is asked
    qtbot.waitUntil(lambda: bool(asked), timeout=60000)
    made = len(state.log)
    window.opponent.wait()
    qtbot.wait(100)
    # nothing answered for the player: the decision waits on the player's side
    assert len(state.log) == made and state.pending is not None
    assert state.pending.opportunity_fire
    window.play.controller.perform(ActionRequest("pass"))
    qtbot.waitUntil(lambda: state.pending is None, timeout=30000)
    assert any(e.by == "bot" and e.side == "red" for e in state.log)


def test_adjust_mode_holds_the_opponent_and_it_plays_on_after(window, qtbot) -> None:
    """While the table is fixed by hand the computer plays nothing (a choice it was
    thinking of is dropped); leaving adjust mode, it goes on; the player's own pause is
    kept through it."""
    opponent = window.opponent
    adjust = window.adjust.action
    adjust.trigger()
    assert window.mode is window.adjust and opponent.held
    opponent.configure(frozenset({"nato", "pact"}), "random", pace=0.0)
    qtbot.wait(300)
    opponent.wait()
    qtbot.wait(50)
    assert not _bot_entries(window) and not opponent.thinking
    assert "waits: adjust mode" in opponent.label.text()
    adjust.trigger()  # left: it plays on
    assert window.mode is None and not opponent.held
    qtbot.waitUntil(lambda: len(_bot_entries(window)) >= 1, timeout=60000)

    # entered while it thinks: the choice it comes back with is never played
    opponent.configure(frozenset({"nato", "pact"}), "planner", pace=0.0, budget=0.5)
    qtbot.waitUntil(lambda: opponent.thinking, timeout=60000)
    made = len(window.document.state.log)
    adjust.trigger()
    opponent.wait()
    qtbot.wait(100)
    assert len(window.document.state.log) == made and not opponent.thinking

    # paused by the player, then adjusted: leaving adjust mode does not resume it
    opponent.pause_action.setChecked(True)
    adjust.trigger()
    adjust.trigger()
    assert window.mode is window.adjust
    adjust.trigger()
    qtbot.wait(200)
    opponent.wait()
    assert len(window.document.state.log) == made and opponent.paused


def test_review_mode_holds_the_opponent_too(window, qtbot) -> None:
    opponent = window.opponent
    opponent.configure(frozenset({"nato", "pact"}), "random", pace=0.0)
    qtbot.waitUntil(lambda: len(_bot_entries(window)) >= 1, timeout=60000)
    opponent.pause_action.setChecked(True)
    opponent.wait()
    window.review.action.trigger()
    assert window.mode is window.review and opponent.holds == {"review"}
    opponent.pause_action.setChecked(False)  # unpaused, but still held by the review
    qtbot.wait(200)
    opponent.wait()
    made = len(window.document.state.log)
    qtbot.wait(50)
    assert len(window.document.state.log) == made
    window.review.set_on(False)
    assert window.mode is None and not opponent.held
    qtbot.waitUntil(lambda: len(window.document.state.log) > made, timeout=60000)
