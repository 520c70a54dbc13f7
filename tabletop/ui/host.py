"""The windows that host documents (the main windows), for what looks across windows: the
counter editor shows its edits in every open game and scenario that uses the file.

A main window registers itself when it is made and leaves when it closes; :func:`hosts`
answers with those still open, in the order Qt lists its top-level windows. Nothing here
imports the shell, so the modes may ask it without an import circle.
"""

from __future__ import annotations

from weakref import WeakSet

from PySide6.QtWidgets import QApplication, QWidget

_HOSTS: WeakSet[QWidget] = WeakSet()


def register(window: QWidget) -> None:
    """``window`` hosts documents (called by the main window as it is made)."""
    _HOSTS.add(window)


def unregister(window: QWidget) -> None:
    """``window`` closed: it hosts nothing any more (the editor it had is gone)."""
    _HOSTS.discard(window)


def hosts() -> list:
    """The open windows that host documents, in the order of Qt's top-level windows."""
    return [w for w in QApplication.topLevelWidgets() if w in _HOSTS]
