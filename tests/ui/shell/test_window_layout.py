"""Each mode keeps its own layout (issue 21): an editor open when the window closes never
leaves the next game without its docks; View lists the docks of the mode the window is in,
and Reset Layout puts them back; a geometry saved on a bigger screen fits this one."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QByteArray, QRect, QSettings, QSize, Qt
from PySide6.QtWidgets import QApplication, QDockWidget

from tabletop import paths
from tests.helpers.widgets import open_editor, open_window

PLAY_DOCKS = ("hex-dock", "log-dock", "actions-panel", "odds-panel")
MAP = paths.MAPS / "eisenbach-gap.yaml"
COUNTERS = paths.COUNTERS / "platoon.yaml"


def _window(qtbot, settings, path: Path | None = None):
    return open_window(qtbot, settings, path or paths.DEMO_SCENARIO, size=None)


def _view_items(window) -> list[str]:
    """The View menu's items as a user sees them when it opens."""
    window.view_menu.aboutToShow.emit()
    return [a.text().replace("&", "") for a in window.view_menu.actions()
            if a.isVisible() and not a.isSeparator()]  # fmt: skip


def _shown(window, name: str) -> bool:
    dock = window.findChild(QDockWidget, name)
    return (dock is not None and not dock.isHidden()
            and window.dockWidgetArea(dock) != Qt.DockWidgetArea.NoDockWidgetArea)  # fmt: skip


@pytest.mark.parametrize("editor", ["map", "scenario", "counters"])
def test_quitting_in_an_editor_leaves_the_next_game_its_docks(qtbot, settings, editor) -> None:
    window = _window(qtbot, settings)
    open_editor(window, editor, MAP, COUNTERS)
    assert window.editor is not None
    assert not any(_shown(window, name) for name in PLAY_DOCKS)  # (the editor's layout)
    assert not window.play.turn_bar.isVisible()
    window.close()  # the settings are written as a user's quit writes them

    again = _window(qtbot, settings)
    assert all(_shown(again, name) for name in PLAY_DOCKS), [
        n for n in PLAY_DOCKS if not _shown(again, n)
    ]
    assert again.play.panel.isVisible() and again.play.odds.isVisible()
    assert again.play.panel.height() > 120  # not squeezed to two lines
    items = _view_items(again)
    for text in ("Hex Dock", "Log Dock", "Actions Dock", "Odds Dock", "Reset Layout"):
        assert text in items, items


@pytest.mark.parametrize("editor", ["map", "counters"])
def test_an_editor_opened_before_any_game_shows_none_of_plays_docks(
    qtbot, settings, editor
) -> None:
    window = _window(qtbot, settings, MAP if editor == "map" else COUNTERS)
    assert window.editor is not None and not window.play_mode.active
    assert not any(_shown(window, name) for name in PLAY_DOCKS)
    assert not window.play.turn_bar.isVisible()
    assert window.open_file(paths.DEMO_SCENARIO)  # then a game: play's docks, as it starts
    assert all(_shown(window, name) for name in PLAY_DOCKS)


def test_an_editor_entered_without_a_switch_of_layout_shows_none_of_plays_docks(
    qtbot, settings
) -> None:
    """The window hides play's docks whenever an editor takes the document (its host API,
    ``take_document``), not only when a switch of document saves and restores layouts."""
    from tabletop.ui.scenario.editor import edit_game_scenario

    window = _window(qtbot, settings)
    assert all(_shown(window, name) for name in PLAY_DOCKS)
    assert edit_game_scenario(window) is not None  # (no window_layout.switching() around)
    assert not any(_shown(window, name) for name in PLAY_DOCKS)
    assert not window.play.turn_bar.isVisible()


def test_the_view_menu_lists_the_docks_of_the_mode(qtbot, settings) -> None:
    window = _window(qtbot, settings)
    play_items = _view_items(window)
    assert {"Hex Dock", "Log Dock", "Actions Dock", "Odds Dock"} <= set(play_items)
    assert window.open_file(MAP)
    items = _view_items(window)
    assert "Terrain" in items and "Hex Dock" not in items and "Odds Dock" not in items
    window.open_demo()
    assert _view_items(window) == play_items
    window.edit_scenario_action.trigger()
    items = _view_items(window)
    assert {"Units", "Unit", "Hex Markers", "Zones"} <= set(items) and "Log Dock" not in items
    window.open_demo()
    # the toolbars' and docks' context menu offers the same docks
    popup = [a.text().replace("&", "") for a in window.createPopupMenu().actions()
             if not a.isSeparator()]  # fmt: skip
    assert popup == ["Hex Dock", "Log Dock", "Actions Dock", "Odds Dock", "Reset Layout"]


@pytest.mark.qt_log_ignore("does not support raise")  # a floating dock, offscreen
def test_a_hidden_dock_comes_back_from_the_view_menu_and_reset(qtbot, settings) -> None:
    window = _window(qtbot, settings)
    _view_items(window)
    actions = {a.text().replace("&", ""): a for a in window.view_menu.actions()}
    actions["Actions Dock"].trigger()
    assert not _shown(window, "actions-panel")
    window.view_menu.aboutToShow.emit()
    assert not actions["Actions Dock"].isChecked()
    actions["Actions Dock"].trigger()
    assert _shown(window, "actions-panel")
    window.play.odds.hide()
    window.hex_dock.setFloating(True)
    actions["Reset Layout"].trigger()
    assert all(_shown(window, name) for name in PLAY_DOCKS)
    assert not window.hex_dock.isFloating()


def test_each_editor_keeps_its_own_layout(qtbot, settings) -> None:
    window = _window(qtbot, settings)
    window.log_dock.hide()  # play's choice
    assert window.open_file(MAP)
    palette = window.findChild(QDockWidget, "terrain-palette")
    palette.hide()  # the map editor's choice
    window.open_demo()
    assert not _shown(window, "log-dock") and _shown(window, "actions-panel")
    assert window.open_file(MAP)
    assert not _shown(window, "terrain-palette")
    assert not _shown(window, "hex-dock") and not _shown(window, "actions-panel")
    window.close()
    again = _window(qtbot, settings, MAP)
    assert not _shown(again, "terrain-palette")
    again.open_demo()
    assert not _shown(again, "log-dock") and _shown(again, "hex-dock")


def test_play_this_scenario_gives_the_actions_dock_its_room(qtbot, settings) -> None:
    window = _window(qtbot, settings)
    window.resize(1300, 850)
    QApplication.processEvents()
    before = window.play.panel.height()
    window.edit_scenario_action.trigger()
    window.findChild(type(window.open_action), "action-play-scenario").trigger()
    QApplication.processEvents()
    assert window.editor is None and window.play.panel.isVisible()
    assert window.play.panel.height() >= before - 10, (before, window.play.panel.height())


def test_a_layout_saved_elsewhere_or_broken_is_not_trusted(qtbot, settings) -> None:
    settings.setValue("window/state", QByteArray(b"an editor's layout of an old version"))
    settings.setValue("window/layout/play", "not a layout")
    window = _window(qtbot, settings)
    assert all(_shown(window, name) for name in PLAY_DOCKS)
    assert settings.value("window/state") is None  # the old key is gone for good


def test_a_window_larger_than_the_screen_is_restored_inside_it(qtbot, settings, tmp_path) -> None:
    from tabletop.ui.shell.layout import fit_to_screen
    from tabletop.ui.shell.mainwindow import MainWindow

    available = QApplication.primaryScreen().availableGeometry()
    big = MainWindow(settings)
    qtbot.addWidget(big)
    big.setGeometry(QRect(available.topLeft(), available.size() * 2))
    big.show()
    qtbot.waitExposed(big)
    big.resize(available.size() * 2)
    assert big.width() > available.width()
    big.close()
    again = MainWindow(settings)
    qtbot.addWidget(again)
    assert available.contains(again.geometry()), (again.geometry(), available)
    fresh = MainWindow(QSettings(str(tmp_path / "fresh.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(fresh)
    assert available.contains(fresh.geometry())  # the 1400 x 900 default is too
    # at 1.5x a 1920 x 1080 screen is 1280 x 720: a 1400 x 900 window shrinks and moves in
    fitted = fit_to_screen(QRect(100, 50, 1400, 900), QRect(0, 0, 1280, 720), QSize(16, 48))
    assert fitted == QRect(0, 0, 1264, 672)


@pytest.mark.parametrize("mode", ["review", "adjust"])
def test_review_and_adjust_leave_play_its_docks(qtbot, settings, mode) -> None:
    """Play's docks are there after leaving review or adjust mode, and in the next session
    after quitting in it."""
    window = _window(qtbot, settings)
    action = window.review.action if mode == "review" else window.adjust.action
    action.trigger()
    assert action.isChecked()
    action.trigger()  # left
    assert not action.isChecked()
    assert all(_shown(window, name) for name in PLAY_DOCKS), [
        n for n in PLAY_DOCKS if not _shown(window, n)
    ]
    action.trigger()
    assert action.isChecked()
    window.close()  # quit while in the mode

    again = _window(qtbot, settings)
    assert all(_shown(again, name) for name in PLAY_DOCKS), [
        n for n in PLAY_DOCKS if not _shown(again, n)
    ]
    assert again.play.panel.isVisible() and again.play.odds.isVisible()
