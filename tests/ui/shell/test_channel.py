"""One notification channel per document (issue 26): in every mode the window's document
has one observer, its bridge (``tabletop.ui.bridge``), through which the log's book, the
autosave, the dice tray and the editors' parts hear it; its history reports to nobody but
the document; and a document the window lets go keeps nothing of the window listening."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import SIGNAL

from tabletop import paths
from tabletop.rules import ActionRequest
from tabletop.ui.bridge import DocumentBridge, bridge_for
from tests.helpers.widgets import open_editor, open_window

MAP = paths.MAPS / "eisenbach-gap.yaml"
COUNTERS = paths.COUNTERS / "platoon.yaml"
SIGNALS = ("unitsChanged(PyObject)", "markersChanged(PyObject)", "turnChanged()",
           "modifiedChanged(bool)", "pathChanged()", "historyChanged()")  # fmt: skip


def _window(qtbot, settings, path: Path | None = None):
    return open_window(qtbot, settings, path or paths.DEMO_SCENARIO, size=None)


def _observers(document) -> list:
    return list(document._observers)


def _receivers(bridge: DocumentBridge) -> int:
    return sum(bridge.receivers(SIGNAL(name)) for name in SIGNALS)


def test_a_game_has_one_observer_its_channel(qtbot, settings) -> None:
    window = _window(qtbot, settings)
    doc = window.document
    bridge = window.bridge
    assert bridge is bridge_for(doc)
    assert _observers(doc) == [bridge._on_event]  # one subscription: the channel
    assert doc.history._listeners == []  # the history reports only to its document
    heard = {type(o.__self__).__name__ for o in bridge.observers}
    assert {"LogBook", "DiceTray", "GameSnapshot"} <= heard, heard
    window.play.controller.perform(ActionRequest("draw"))  # through the channel, as ever
    assert window.log_dock.list.count() == 1 and window.undo_action.isEnabled()
    assert window.log_dock.book is not None
    assert window.log_dock.book.settled()  # the result came through the channel: no replay
    assert _observers(doc) == [bridge._on_event]


@pytest.mark.parametrize("editor", ["map", "scenario", "counters"])
def test_each_editor_document_has_one_observer_too(qtbot, settings, editor) -> None:
    window = _window(qtbot, settings)
    open_editor(window, editor, MAP, COUNTERS)
    assert window.editor is not None and window.editor.mode_name == editor
    doc = window.editor.document
    assert _observers(doc) == [bridge_for(doc)._on_event]
    assert doc.history._listeners == []
    assert len(bridge_for(doc).observers) >= 1  # the editor's own parts, through it


def test_a_document_let_go_keeps_nothing_of_the_window_listening(qtbot, settings) -> None:
    window = _window(qtbot, settings)
    old = window.document
    old_bridge = window.bridge
    assert old_bridge is not None
    connected = _receivers(old_bridge)
    assert connected >= 10  # the title, the actions, the scene, the panels, the modes
    assert window.open_file(paths.DEMO_SCENARIO)  # another game takes the slot
    assert window.document is not old
    assert _receivers(old_bridge) == 0 and old_bridge.observers == []
    assert _receivers(window.bridge) == connected  # the same links, to the new one
    assert window.open_file(MAP)  # and into the map editor
    assert _receivers(bridge_for(window.document)) < connected  # the title and actions only
