"""Re-emit a plain-Python document's change events as Qt signals."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from tabletop.documents import (
    ChangeEvent,
    GameDocument,
    HistoryChanged,
    MarkersChanged,
    ModifiedChanged,
    PathChanged,
    TurnChanged,
    UnitsChanged,
)


class DocumentBridge(QObject):
    """Subscribes to a :class:`GameDocument`; ``detach()`` before dropping it."""

    unitsChanged = Signal(object)  # frozenset[str] of unit ids
    markersChanged = Signal(object)  # frozenset[Hex]
    turnChanged = Signal()
    modifiedChanged = Signal(bool)
    pathChanged = Signal()
    historyChanged = Signal()

    def __init__(self, document: GameDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self._unsubscribe = document.subscribe(self._on_event)

    def detach(self) -> None:
        self._unsubscribe()

    def _on_event(self, event: ChangeEvent) -> None:
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
