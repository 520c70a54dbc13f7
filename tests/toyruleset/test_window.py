"""The toy ruleset played in the window with real mouse events (offscreen): its scenario
opens (``create_window``, interfaces.md 4), a unit is selected and moved, another fires
with the odds shown while its target is hovered, and the log shows both actions."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt

from tabletop.model import Status
from tabletop.rules import ScriptedDice
from tests.helpers.clicks import click_hex, select

pytestmark = [
    pytest.mark.gui,
    pytest.mark.qt_log_ignore("does not support propagateSizeHints"),
]


@pytest.fixture
def settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> QSettings:
    """Settings of the test's own; closing the window asks nothing (as tests/ui's)."""
    from tabletop.ui.shell.mainwindow import MainWindow

    monkeypatch.setattr(MainWindow, "ask_before_closing", False)
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


def press(qtbot, win, name: str) -> None:
    """Click the actions panel's button of ``name`` (it must be enabled)."""
    button = win.play.panel.buttons[name]
    assert button.isEnabled(), name
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_a_toy_game_is_played_in_the_window(qtbot, settings, toy_scenario: Path) -> None:
    from tabletop.ui.app import create_window

    win = create_window(toy_scenario, settings)
    assert win is not None
    qtbot.addWidget(win)
    win.resize(1100, 800)
    win.show()
    qtbot.waitExposed(win)
    doc = win.document
    assert doc.state.scenario.ruleset == "toy"

    assert select(qtbot, win, "red-1")
    buttons = win.play.panel.buttons
    assert (buttons["move"].text(), buttons["fire"].text()) == ("Step", "Shoot")
    assert not win.play.panel.buttons["fire"].isEnabled()  # no enemy in range
    press(qtbot, win, "move")
    click_hex(qtbot, win, "0505")
    click_hex(qtbot, win, "0505")  # a second click on the last hex confirms
    assert doc.scenario.map.label(doc.state.units["red-1"].hex) == "0505"
    assert doc.state.active_side == "blue" and len(doc.state.log) == 1

    assert select(qtbot, win, "blue-1")
    press(qtbot, win, "fire")
    qtbot.mouseMove(win.view.viewport(), win.view.viewport_point("0505"))
    qtbot.waitUntil(lambda: win.play.odds.chart.isVisible())
    assert dict(win.play.odds.chart.outcomes) == pytest.approx({"no effect": 0.5,
                                                                "Eliminated": 0.5})  # fmt: skip
    doc.dice = ScriptedDice([6])
    click_hex(qtbot, win, "0505")  # aim
    click_hex(qtbot, win, "0505")  # confirm
    assert doc.state.units["red-1"].status is Status.ELIMINATED
    assert doc.state.log[-1].action == "fire" and doc.state.log[-1].dice == [6]

    dock = win.findChild(type(win.log_dock), "log-dock")
    assert dock is win.log_dock
    rows = [dock.list.item(i).text() for i in range(dock.list.count())]
    assert len(rows) == 2, rows
    assert rows[0].startswith("Pawn red-1 moves 0404 \u2192 0505")  # the toy's declarations
    assert rows[1].startswith("Pawn blue-1 takes a shot at Pawn red-1")
