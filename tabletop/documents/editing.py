"""What every editor document shares: a model being edited, its undo history, its file,
the modified flag and who is watching.

A subclass holds its model and says what a change touched: :meth:`_before` takes what it
needs before a command runs (cheap: references, not copies) and :meth:`_changes` turns that
and the command into the document's own events. Push, undo and redo then add the history
and modified events and tell the observers, in that order, the same way for every kind.
Documents sit below the data layer: the editor saves the model, then calls
:meth:`mark_saved`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Generic, TypeVar

from tabletop.commands import Command, History
from tabletop.documents.game import ChangeEvent, HistoryChanged, ModifiedChanged, PathChanged

__all__ = ["EditorDocument"]

E = TypeVar("E")


class EditorDocument(Generic[E]):
    """Base of the map, counters and scenario documents; ``E`` is the kind's event union."""

    def __init__(self, path: Path | str | None, history: History | None) -> None:
        self.history = history if history is not None else History()
        self._path = Path(path) if path is not None else None
        self._observers: list[Callable[[E | ChangeEvent], None]] = []
        self._modified = False

    @property
    def path(self) -> Path | None:
        return self._path

    @property
    def modified(self) -> bool:
        return self._modified

    # --- observers ------------------------------------------------------------------------
    def subscribe(self, observer: Callable[[Any], None]) -> Callable[[], None]:
        """Call ``observer(event)`` on every change; returns a function that unsubscribes."""
        self._observers.append(observer)

        def unsubscribe() -> None:
            if observer in self._observers:
                self._observers.remove(observer)

        return unsubscribe

    def _emit(self, events: list[E | ChangeEvent]) -> None:
        for event in events:
            for observer in list(self._observers):
                observer(event)

    def announce(self, events: list[E | ChangeEvent]) -> None:
        """Tell the observers of a change made from outside the document's history (a
        unit type renamed in the counter editor retypes this scenario's units)."""
        self._emit(events)

    # --- changes --------------------------------------------------------------------------
    def _before(self) -> Any:
        """What :meth:`_changes` needs to know of the model before a command runs."""
        return None

    def _changes(self, before: Any, command: Command) -> list[E]:
        """The document's own events for ``command`` having run (or been undone)."""
        raise NotImplementedError

    def push(self, command: Command, *, merge: bool = False) -> None:
        """Apply ``command`` and record it (merged into the previous step when ``merge``)."""
        before = self._before()
        self.history.push(command, merge=merge)
        self._after(before, command, "push")

    def undo(self) -> Command | None:
        before = self._before()
        command = self.history.undo()
        if command is not None:
            self._after(before, command, "undo")
        return command

    def redo(self) -> Command | None:
        before = self._before()
        command = self.history.redo()
        if command is not None:
            self._after(before, command, "redo")
        return command

    def _after(self, before: Any, command: Command, kind: str) -> None:
        events: list[E | ChangeEvent] = list(self._changes(before, command))
        h = self.history
        events.append(HistoryChanged(h.can_undo, h.can_redo, h.undo_text, h.redo_text, kind,
                                     command))  # fmt: skip
        modified = not h.is_clean
        if modified != self._modified:
            self._modified = modified
            events.append(ModifiedChanged(modified))
        self._emit(events)

    # --- files ----------------------------------------------------------------------------
    def mark_recovered(self, path: Path | str | None) -> None:
        """The document was restored from a recovery file: it belongs to ``path`` (where
        Save writes) but differs from it, so it shows as modified until saved."""
        events: list[E | ChangeEvent] = []
        new_path = Path(path) if path is not None else None
        if new_path != self._path:
            self._path = new_path
            events.append(PathChanged(new_path))
        self.history.forget_clean()
        if not self._modified:
            self._modified = True
            events.append(ModifiedChanged(True))
        self._emit(events)

    def mark_saved(self, path: Path | str | None = None) -> None:
        """The model now matches the file at ``path`` (or the current path)."""
        events: list[E | ChangeEvent] = []
        if path is not None and Path(path) != self._path:
            self._path = Path(path)
            events.append(PathChanged(self._path))
        self.history.set_clean()
        if self._modified:
            self._modified = False
            events.append(ModifiedChanged(False))
        self._emit(events)
