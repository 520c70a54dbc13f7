"""Python's cycle collector and the big documents windows hold.

A game on a big map holds hundreds of thousands of Python objects (cells, hexsides,
units, their states, counter items) for as long as a window shows it. Python's cycle
collector walks every tracked object in each full (generation 2) collection: with the
200 x 200 map and its 10,000 counters open, 287,000 objects and 55 to 66 ms a
collection, and the allocations of ordinary work (a wheel notch, idle-time tiles)
trigger one every few seconds, so a wheel notch that met one took 65 ms instead of 12.
Those objects are not garbage and will not be until the document goes, so walking them
again and again finds nothing.

The policy, for every window (:class:`~tabletop.ui.shell.mainwindow.MainWindow`):

- once a window has set out a document (its scene built), everything alive is moved out
  of the collector's reach (``gc.freeze()``, :func:`hold`): a full collection then walks
  only the objects made since (0.003 ms measured). What the scene makes later and keeps
  (the map painter's caches of hex shapes, which grow as tiles are rendered, to 87 ms a
  collection after a tour of the zoom levels) is frozen too whenever its idle-time work
  is done (:func:`grown`);
- when a window's document is replaced or the window closes, everything is unfrozen
  first (:func:`release`): frozen objects are still freed by reference counting, but a
  reference cycle among them would never be collected. A moment later (once the event
  loop has deleted the old scene, :func:`settle`) one full collection runs, and what the
  windows still open hold is frozen again.

Freezing is process-wide, so with several windows the frozen set is whatever all of
them hold; releasing any unfreezes all, and the settle freezes again only the windows
that still hold a document.

Collections run on the GUI thread only (:func:`collect_on_gui_thread`, from the first
window on). Python starts a collection in whichever thread happens to allocate when a
threshold is passed: the autosave worker making a recovery file's text, the computer
opponent thinking on its pool thread, the log check. A collection there frees the Qt
objects found in garbage cycles there too (a closed window's parentless channel, a
widget's wrapper), and a QObject destroyed off its own thread while the GUI thread is
inside Qt is a data race (a test worker crashed with a segmentation fault in the middle
of a scenario editor test whose autosaves were running). So automatic collection is off,
and a GUI-thread timer runs, every :data:`TICK_MS` of the event loop, the collection
Python's own thresholds call for (:func:`collect_due`).
"""

from __future__ import annotations

import gc
import threading
import weakref

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, QTimer

SETTLE_MS = 400
"""How long after a release the full collection runs (the old scene is deleted by then)."""

TICK_MS = 100
"""How often the GUI thread runs the collection that is due (:func:`collect_due`)."""

_holders: weakref.WeakSet[QObject] = weakref.WeakSet()
"""The windows showing a document whose objects are frozen."""
_settle_due = False
_ticker: QTimer | None = None


def collect_on_gui_thread() -> None:
    """Automatic collection off for the process; the GUI thread's event loop runs the
    collections that are due instead (see the module's notes). Once per application."""
    global _ticker
    app = QCoreApplication.instance()
    if app is None or (_ticker is not None and shiboken6.isValid(_ticker)):
        return
    gc.disable()
    _ticker = QTimer(app)
    _ticker.setInterval(TICK_MS)
    _ticker.timeout.connect(collect_due)
    _ticker.start()


def collect_due() -> int:
    """On the GUI thread, the collection Python's thresholds call for now (the oldest
    generation whose count passed its threshold, as Python's own trigger picks): that
    generation, or -1 when none is due (or on another thread: never there)."""
    if threading.current_thread() is not threading.main_thread():
        return -1
    counts, limits = gc.get_count(), gc.get_threshold()
    due = [g for g in range(3) if counts[g] > limits[g]]
    if not due or due[0] != 0:  # (an older generation is due only with the youngest)
        return -1
    generation = max(due)
    gc.collect(generation)
    return generation


def hold(owner: QObject) -> None:
    """``owner`` has set out a document it keeps showing: freeze what is alive now."""
    _holders.add(owner)
    gc.freeze()


def grown() -> None:
    """A holder's scene has made more long-lived objects (the map painter's caches of hex
    shapes as tiles are rendered, counter items made in idle time), and is idle now:
    collect the young generations' garbage, then freeze the rest too, if any window
    holds a document (a few milliseconds at most; nothing without a holder)."""
    if _holders:
        gc.collect(1)
        gc.freeze()


def release(owner: QObject, *, closing: bool = False) -> None:
    """``owner``'s document is about to be replaced (or, ``closing``, the window goes):
    unfreeze everything so that its objects can be collected, and settle shortly."""
    global _settle_due
    if closing:
        _holders.discard(owner)
    if gc.get_freeze_count():
        gc.unfreeze()
    if not _settle_due:
        _settle_due = True
        QTimer.singleShot(SETTLE_MS, settle)


def settle() -> None:
    """Collect what the released documents left, then freeze again what the windows
    still open hold."""
    global _settle_due
    _settle_due = False
    gc.unfreeze()
    gc.collect()
    if _holders:
        gc.freeze()


def holders() -> int:
    """How many windows hold a frozen document."""
    return len(_holders)
