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
"""

from __future__ import annotations

import gc
import weakref

from PySide6.QtCore import QObject, QTimer

SETTLE_MS = 400
"""How long after a release the full collection runs (the old scene is deleted by then)."""

_holders: weakref.WeakSet[QObject] = weakref.WeakSet()
"""The windows showing a document whose objects are frozen."""
_settle_due = False


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
