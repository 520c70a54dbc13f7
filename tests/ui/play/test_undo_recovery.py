"""An undo rewrites the recovery file: a window that takes an action back and is then killed
(SIGKILL, no clean close) is recovered without the undone action."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from tests.helpers.killed import said_then_killed

pytestmark = [
    pytest.mark.gui,
    pytest.mark.qt_log_ignore("does not support propagateSizeHints"),
]


# The player's session: draw, end the impulse, let its autosave land, take the end back;
# once the undo's autosave has landed, say how long the log is and what its last action
# was, then wait to be killed.
PLAYER = """\
import sys, time
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from tabletop import paths
from tabletop.rules import ScriptedDice
from tabletop.ui.app import create_window

app = QApplication([])
settings = QSettings(sys.argv[1], QSettings.Format.IniFormat)
win = create_window(paths.DEMO_SCENARIO, settings)
win.ask_before_closing = False
win.show()
saver = win.files.autosaver


def quiet(writes):
    give_up = time.monotonic() + 60
    while saver.timer.isActive() or saver.busy() or saver.writes < writes:
        app.processEvents()
        time.sleep(0.01)
        if time.monotonic() > give_up:
            print("the autosave never wrote", writes, "times:", saver.writes, flush=True)
            sys.exit(1)


win.document.dice = ScriptedDice([2, 1])
win.play.actions["draw"].trigger()
win.document.dice = ScriptedDice([])
win.play.actions["end-impulse"].trigger()
quiet(2)
win.undo_action.trigger()
quiet(3)
log = win.document.state.log
print(len(log), log[-1].action, flush=True)
while True:
    app.processEvents()
    time.sleep(0.05)
"""


def test_an_undo_then_a_kill_recovers_the_game_without_the_undone_action(
    qtbot, tmp_path: Path, monkeypatch
) -> None:
    from tabletop.ui.shell.mainwindow import MainWindow

    ini = tmp_path / "settings.ini"
    line, err = said_then_killed(PLAYER, str(ini), env={"QT_QPA_PLATFORM": "offscreen"})
    said = line.split()
    assert said and said[0].isdigit(), (said, err)
    length, last = int(said[0]), said[1]
    assert last == "draw"  # the end of the impulse was taken back

    monkeypatch.setattr(
        QMessageBox, "question", staticmethod(lambda *_a: QMessageBox.StandardButton.Yes)
    )
    again = MainWindow(QSettings(str(ini), QSettings.Format.IniFormat))
    qtbot.addWidget(again)
    assert again.offer_recovery()
    log = again.document.state.log
    assert len(log) == length and log[-1].action == "draw"
    assert all(entry.action != "end-impulse" for entry in log)
    again.close()
