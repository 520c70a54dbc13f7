"""The GUI tests' fixtures: the sample game (``tests.helpers.sample``), a window showing it, a
window showing the bundled demo, and no dialog, hot seat or window left waiting between tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from tabletop import paths
from tabletop.documents import GameDocument
from tabletop.model import Scenario
from tests.helpers.sample import sample_scenario
from tests.helpers.widgets import open_window


@pytest.fixture
def scenario() -> Scenario:
    return sample_scenario()


@pytest.fixture
def document(scenario: Scenario) -> GameDocument:
    return GameDocument.from_scenario(scenario)


@pytest.fixture(autouse=True)
def no_close_questions(monkeypatch: pytest.MonkeyPatch) -> None:
    """Closing a window with unsaved changes never waits for a dialog in tests."""
    from tabletop.ui.shell.mainwindow import MainWindow

    monkeypatch.setattr(MainWindow, "ask_before_closing", False)


@pytest.fixture(autouse=True)
def no_windows_left_over(qapp):
    """Every top-level window a test leaves open (a sheet dialog, a message box) is closed
    after it: one left visible takes the next test's mouse hover and focus."""
    yield
    from PySide6.QtWidgets import QApplication, QWidget

    for widget in QApplication.topLevelWidgets():
        # (shiboken may hand back a stale wrapper of another type for a widget Qt has just
        # deleted, whose address a new object took: only a live QWidget is closed)
        if isinstance(widget, QWidget) and widget.isVisible():
            widget.close()


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def window(qtbot, document: GameDocument, settings: QSettings):
    from tabletop.ui.shell.mainwindow import MainWindow

    win = MainWindow(settings)
    qtbot.addWidget(win)
    win.resize(1000, 700)
    win.set_document(document)
    win.show()
    qtbot.waitExposed(win)
    win.view.fit_map()
    return win


@pytest.fixture(autouse=True)
def no_hot_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests of other things play both sides without the hot seat's hand-over screen (its
    own tests turn it on), and Send Turn never launches a file manager."""
    from tabletop.ui.play.hotseat import HotSeat
    from tabletop.ui.play.pbem import PlayByEmail

    monkeypatch.setattr(HotSeat, "default_on", False)
    monkeypatch.setattr(PlayByEmail, "open_folders", False)


@pytest.fixture
def demo(qtbot, settings: QSettings):
    """The window as ``tabletop`` opens it on the bundled demo scenario, shown at 1300 x 850."""
    return open_window(qtbot, settings, paths.DEMO_SCENARIO)
