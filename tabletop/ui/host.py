"""The host of the modes, and the windows that host documents.

A main window is the *host*: it owns the view, the title, the menus' frame, the status bar
and the document slot, and the modes use it only through its public API (never its
privates, never a ``getattr`` probe: ``tests/test_ui_host.py``). A *mode* (:class:`Mode`)
is what the window is doing: play, review or adjust over a game, or one of the three
editors. It brings its own actions, docks, toolbars and status words when it is activated
(``activate(host)``) and takes them away when it is deactivated (``deactivate()``). Review
and adjust are modes over play: the host's ``enter_mode(mode)`` turns one on (the one on
before it leaves first), ``leave_mode()`` turns it off, and the host's ``mode`` is the one on.

For what looks across windows (the counter editor shows its edits in every open game and
scenario that uses the file) a main window registers itself when it is made and leaves
when it closes; :func:`hosts` answers with those still open, in the order Qt lists its
top-level windows. Nothing here imports the shell, so the modes may ask it without an
import circle.
"""

from __future__ import annotations

from typing import Protocol
from weakref import WeakSet

from PySide6.QtWidgets import QApplication, QWidget

_HOSTS: WeakSet[QWidget] = WeakSet()


class Mode(Protocol):
    """What the window is doing, with what it brings to the window while it is on."""

    name: str
    """The mode's name (``play``, ``review``, ``adjust``; an editor's is its ``mode_name``)."""

    def activate(self, host) -> None:
        """On in ``host`` (the main window): its tools, docks, actions and status shown."""

    def deactivate(self) -> None:
        """Off: what it brought taken away, the window as the mode found it."""


def register(window: QWidget) -> None:
    """``window`` hosts documents (called by the main window as it is made)."""
    _HOSTS.add(window)


def unregister(window: QWidget) -> None:
    """``window`` closed: it hosts nothing any more (the editor it had is gone)."""
    _HOSTS.discard(window)


def hosts() -> list:
    """The open windows that host documents, in the order of Qt's top-level windows."""
    return [w for w in QApplication.topLevelWidgets() if w in _HOSTS]
