"""The cycle collector skips an open document's objects, and lets them go when it goes
(:mod:`tabletop.ui.scene.collector`)."""

from __future__ import annotations

import gc
import threading
import weakref

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt

from tabletop.documents import GameDocument
from tabletop.ui.scene import collector
from tabletop.ui.shell.mainwindow import MainWindow
from tests.helpers.sample import sample_scenario

pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")


def _deleted_later() -> None:
    """Run the deletions the event loop has queued (an old scene's, a closed window's)."""
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)


def _open(settings) -> tuple[MainWindow, weakref.ref[GameDocument]]:
    document = GameDocument.from_scenario(sample_scenario())
    window = MainWindow(settings)
    window.set_document(document)
    window.show()
    return window, weakref.ref(document)


def test_an_open_document_is_frozen_and_closing_lets_it_go(qtbot, settings) -> None:
    window, ref = _open(settings)
    assert gc.get_freeze_count() > 0
    document = ref()
    assert document is not None and gc.is_tracked(document)
    assert not any(o is document for o in gc.get_objects())  # in no generation: never walked
    del document
    window.close()
    assert gc.get_freeze_count() == 0 or collector.holders() > 0
    window.deleteLater()
    _deleted_later()
    del window
    gc.collect()
    assert ref() is None  # held in reference cycles: only a collection frees it


def test_a_frozen_document_would_outlive_its_window(qtbot, settings, monkeypatch) -> None:
    """The control of the test above: without the release, the closed window's document
    stays (its reference cycles are out of the collector's reach)."""
    window, ref = _open(settings)
    monkeypatch.setattr(collector, "release", lambda *args, **kwargs: None)
    window.close()
    window.deleteLater()
    _deleted_later()
    del window
    gc.collect()
    assert ref() is not None
    gc.unfreeze()
    gc.collect()
    assert ref() is None


def test_a_replaced_document_is_collected_and_the_new_one_frozen(qtbot, settings) -> None:
    window, ref = _open(settings)
    qtbot.addWidget(window)
    second = GameDocument.from_scenario(sample_scenario())
    window.set_document(second)
    assert gc.get_freeze_count() > 0  # the new document is held at once
    _deleted_later()
    qtbot.waitUntil(lambda: not collector._settle_due, timeout=5000)  # the settle ran
    assert ref() is None
    assert gc.get_freeze_count() > 0 and collector.holders() >= 1
    assert window.document is second


def test_several_windows_stay_frozen_while_one_is_open(qtbot, settings) -> None:
    first, first_ref = _open(settings)
    second, _ = _open(settings)
    qtbot.addWidget(second)
    first.close()
    first.deleteLater()
    _deleted_later()
    del first
    collector.settle()
    assert first_ref() is None
    assert gc.get_freeze_count() > 0  # the second window's document, frozen again


def test_what_idle_time_makes_is_frozen_when_it_is_done(qtbot, window) -> None:
    """The map painter's caches (the art's geometry) grow as tiles are rendered: frozen
    once idle time is done. (Asked of the very objects made, not of the frozen count: a
    settle of an earlier test's window may run meanwhile, and it collects and freezes
    again.)"""
    layers = window.map_scene.layers
    painter = window.map_scene.map_painter
    qtbot.waitUntil(lambda: not layers._timer.isActive(), timeout=10000)
    painter.areas._curves.clear()  # made again, after the freeze, by the tiles of a new zoom
    window.view.set_scale(window.view.scale_factor * 2.5)
    window.view.viewport().grab()
    qtbot.waitUntil(lambda: not layers._timer.isActive(), timeout=10000)
    made = {id(curve) for curve in painter.areas._curves.values()}
    assert made  # the tiles of the new zoom made the art's edge curves (lists)
    assert not made & {id(o) for o in gc.get_objects()}  # none left to the collector


def _garbage_channel(record: list[str]) -> None:
    """A parentless QObject in a reference cycle, unreachable once this returns, which says
    on which thread it is destroyed."""
    channel = QObject()
    channel.loop = channel  # (only a collection frees it)
    channel.destroyed.connect(
        lambda: record.append(threading.current_thread().name), Qt.ConnectionType.DirectConnection
    )


def _allocate_on_a_worker() -> None:
    """What the autosave's worker does: make many small objects (a recovery file's text),
    enough to pass Python's collection thresholds several times over."""

    def work() -> None:
        kept = []
        for i in range(200_000):
            kept.append([i])

    thread = threading.Thread(target=work, name="worker")
    thread.start()
    thread.join()


def test_garbage_qt_objects_are_destroyed_on_the_gui_thread(qtbot, window) -> None:
    """With a window open, a worker's allocations never start a collection there: the Qt
    objects of garbage cycles are destroyed by the GUI thread's collection (in its event
    loop), not in the middle of the worker's work."""
    assert not gc.isenabled()  # the window turned automatic collection over to the GUI
    record: list[str] = []
    _garbage_channel(record)
    _allocate_on_a_worker()
    assert record == []  # nothing collected on the worker
    kept = [[i] for i in range(2000)]  # the GUI thread's own work passes the threshold
    qtbot.waitUntil(lambda: record != [], timeout=5000)  # the event loop's timer collects
    assert record == [threading.main_thread().name] and kept


def test_without_the_policy_a_worker_would_destroy_them(qtbot) -> None:
    """The control of the test above: with Python's automatic collection, the worker's
    allocations collect the cycle on the worker's thread."""
    was = gc.isenabled()
    gc.enable()
    try:
        record: list[str] = []
        _garbage_channel(record)
        _allocate_on_a_worker()
        assert record == ["worker"]
    finally:
        if not was:
            gc.disable()
