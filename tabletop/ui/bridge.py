"""A document's one notification channel in the UI: :func:`bridge_for` gives the document's
:class:`DocumentBridge`, made on first use, and every observer in ``tabletop.ui`` hears the
document through it, never through ``document.subscribe`` or the history.

The bridge is the document's only observer. It tells its own observers first, in the order
they subscribed (:meth:`DocumentBridge.subscribe`: the log's book, the autosave's snapshot,
the dice tray, an editor's parts: they keep what the views then read), then re-emits the
game's events as Qt signals for the views (the window's title and actions, the scene, the
panels). The history reports only to its document: the document's ``HistoryChanged`` says
what changed it (``push``, ``undo``, ``redo``) and the command, so nothing needs to listen
to a history of its own.

A bridge lives as long as its document (the document's observer list holds it; it holds
the document only weakly), so a part that subscribes unsubscribes when it is done, and the
window disconnects the signals it connected when it lets the document go.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any, Protocol

from PySide6.QtCore import QMetaObject, QObject, Signal

from tabletop.documents import (
    HistoryChanged,
    MarkersChanged,
    ModifiedChanged,
    PathChanged,
    TurnChanged,
    UnitsChanged,
)

Observer = Callable[[Any], None]


class Observed(Protocol):
    """A document: a game, map, scenario or counters file (each tells its observers)."""

    def subscribe(self, observer: Observer) -> Callable[[], None]: ...


_BRIDGES: weakref.WeakValueDictionary[int, DocumentBridge] = weakref.WeakValueDictionary()


class Links:
    """Connections made to a channel's signals, kept so that they can all be cut at once
    (the window's while a document is its own, a mode's while it is on)."""

    def __init__(self) -> None:
        self.connections: list[QMetaObject.Connection] = []

    def __len__(self) -> int:
        return len(self.connections)

    def add(self, signal: Any, slot: Callable[..., object]) -> None:
        self.connections.append(signal.connect(slot))

    def cut(self) -> None:
        for connection in self.connections:
            QObject.disconnect(connection)
        self.connections = []


def bridge_for(document: Observed) -> DocumentBridge:
    """``document``'s one channel (made now if it has none yet)."""
    bridge = _BRIDGES.get(id(document))
    if bridge is None or bridge.document is not document:  # (an id a dead document had)
        bridge = DocumentBridge(document)
    return bridge


class DocumentBridge(QObject):
    """The channel of one document (see the module docstring); made by :func:`bridge_for`."""

    unitsChanged = Signal(object)  # frozenset[str] of unit ids
    markersChanged = Signal(object)  # frozenset[Hex]
    turnChanged = Signal()
    modifiedChanged = Signal(bool)
    pathChanged = Signal()
    historyChanged = Signal()

    def __init__(self, document: Observed) -> None:
        super().__init__()  # no parent: it lives with its document, not a window
        self._document = weakref.ref(document)
        self.observers: list[Observer] = []
        """Those that hear every event, before the signals (:meth:`subscribe`)."""
        document.subscribe(self._on_event)
        _BRIDGES[id(document)] = self

    @property
    def document(self) -> Observed | None:
        return self._document()

    def subscribe(self, observer: Observer) -> Callable[[], None]:
        """Call ``observer(event)`` on every change of the document, before the signals;
        returns a function that unsubscribes (the contract of ``document.subscribe``)."""
        self.observers.append(observer)

        def unsubscribe() -> None:
            if observer in self.observers:
                self.observers.remove(observer)

        return unsubscribe

    def _on_event(self, event: object) -> None:
        for observer in list(self.observers):
            observer(event)
        if isinstance(event, UnitsChanged):
            self.unitsChanged.emit(event.ids)
        elif isinstance(event, MarkersChanged):
            self.markersChanged.emit(event.hexes)
        elif isinstance(event, TurnChanged):
            self.turnChanged.emit()
        elif isinstance(event, ModifiedChanged):
            self.modifiedChanged.emit(event.modified)
        elif isinstance(event, PathChanged):
            self.pathChanged.emit()
        elif isinstance(event, HistoryChanged):
            self.historyChanged.emit()
