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
from tabletop.ui.opponent import OpponentDialog

ROOT = Path(__file__).resolve().parents[3]


def _game() -> GameDocument:
    scenario = load_document(ROOT / "scenarios" / "hold-the-crossroads.yaml")
    assert isinstance(scenario, Scenario)
    return GameDocument.from_scenario(scenario)


@pytest.fixture
def window(qtbot, settings):
    from tabletop.ui.mainwindow import MainWindow

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
    qtbot.waitUntil(lambda: opponent.thinking, timeout=10000)
    before = len(ticks)
    qtbot.waitUntil(lambda: bool(_bot_entries(window)), timeout=60000)
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
