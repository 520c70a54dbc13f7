"""Play is a mode (issue 26): :class:`tabletop.ui.play.mode.PlayMode` brings play's docks,
actions and channel links when the window activates it and takes every link away when it
is deactivated, so play -> map editor -> play finds play as it was."""

from __future__ import annotations

from PySide6.QtCore import SIGNAL

from tabletop import paths
from tabletop.ui.bridge import DocumentBridge

MAP = paths.MAPS / "eisenbach-gap.yaml"
SIGNALS = ("unitsChanged(PyObject)", "markersChanged(PyObject)", "turnChanged()",
           "modifiedChanged(bool)", "pathChanged()", "historyChanged()")  # fmt: skip


def _receivers(bridge: DocumentBridge) -> int:
    return sum(bridge.receivers(SIGNAL(name)) for name in SIGNALS)


def _window(qtbot, settings):
    from tabletop.ui.app import create_window

    window = create_window(paths.DEMO_SCENARIO, settings)
    assert window is not None
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def _play_shown(window) -> list[str]:
    """The object names of play's docks and turn bar that are shown."""
    widgets = (window.hex_dock, window.log_dock, window.play.panel, window.play.odds,
               window.play.turn_bar)  # fmt: skip
    return [w.objectName() for w in widgets if w.isVisible()]


def test_play_map_editor_play_finds_plays_docks_and_actions_back(qtbot, settings) -> None:
    window = _window(qtbot, settings)
    mode = window.play_mode
    assert mode.active and window.editor is None
    docks = _play_shown(window)
    assert len(docks) == 5, docks  # Hex, Log, Actions, Odds and the turn bar
    draw = window.play.actions["draw"]
    assert draw.isVisible()
    assert window.open_file(MAP)  # into the map editor: play is off
    assert not mode.active and window.editor is not None
    assert _play_shown(window) == []
    assert len(mode.links) == 0
    assert window.open_file(paths.DEMO_SCENARIO)  # and back to play
    assert mode.active and window.editor is None
    assert _play_shown(window) == docks
    assert draw.isVisible()
    assert window.turn_label.text() and window.hex_label.text()
    log_rows = window.log_dock.list.count()
    draw.trigger()  # play plays again: the log hears the game through the mode's links
    assert window.log_dock.list.count() == log_rows + 1


def test_deactivate_disconnects_everything_activate_connected(qtbot, settings) -> None:
    window = _window(qtbot, settings)
    mode = window.play_mode
    bridge = window.bridge
    on = _receivers(bridge)
    links = len(mode.links)
    assert links >= 9  # the scene, the turn, the log, sight, the play tools, hot seat, the opponent
    mode.deactivate()
    assert len(mode.links) == 0 and not mode.active
    assert _receivers(bridge) == on - links  # what is left is the window's own (title, actions)
    mode.activate(window)
    assert len(mode.links) == links and _receivers(bridge) == on
    mode.deactivate()
    mode.deactivate()  # a second time does nothing
    assert _receivers(bridge) == on - links
