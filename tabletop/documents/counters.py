"""The counters document: a counters file's unit types being edited, in their file order,
with its undo history, its path and who is watching.

Like :class:`~tabletop.documents.map.MapDocument`, every change goes through
:meth:`CountersDocument.push`, :meth:`~CountersDocument.undo` or
:meth:`~CountersDocument.redo`, and observers hear ``TypesChanged`` with the ids of the
types that are new, gone or different, and ``OrderChanged`` when the list was reordered,
then the history and modified events. The document does not read or write files (it sits
below the data layer): the editor saves ``counters`` and then calls :meth:`mark_saved`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tabletop.commands import Command, History
from tabletop.documents.game import ChangeEvent, HistoryChanged, ModifiedChanged, PathChanged
from tabletop.model import UnitType

__all__ = ["CounterSet", "CountersDocument", "CountersEvent", "OrderChanged", "TypesChanged"]


@dataclass
class CounterSet:
    """What a counters file holds: its ruleset, name, notes and unit types in file order."""

    ruleset: str
    types: list[UnitType]
    name: str = ""
    notes: str = ""

    def by_id(self, type_id: str) -> UnitType | None:
        return next((t for t in self.types if t.id == type_id), None)

    def index_of(self, type_id: str) -> int:
        return next((i for i, t in enumerate(self.types) if t.id == type_id), -1)

    @property
    def units(self) -> dict[str, UnitType]:
        """The types by id, in file order (what the sheet printer and savers take)."""
        return {t.id: t for t in self.types}


@dataclass(frozen=True, slots=True)
class TypesChanged:
    """These type ids were added, removed or edited (an id change names both ids)."""

    ids: frozenset[str]


@dataclass(frozen=True, slots=True)
class OrderChanged:
    """The list was reordered, or types were added or removed."""


CountersEvent = ChangeEvent | TypesChanged | OrderChanged
CountersObserver = Callable[[CountersEvent], None]


class CountersDocument:
    """A counters file in the counter editor: ``counters`` + ``history`` + ``path`` +
    modified flag + observers."""

    def __init__(
        self, counters: CounterSet, path: Path | str | None = None, history: History | None = None
    ) -> None:
        self.counters = counters
        self.history = history if history is not None else History()
        self._path = Path(path) if path is not None else None
        self._observers: list[CountersObserver] = []
        self._modified = False

    @property
    def path(self) -> Path | None:
        return self._path

    @property
    def modified(self) -> bool:
        return self._modified

    @property
    def title(self) -> str:
        return self.counters.name or (self._path.stem if self._path else "Untitled counters")

    def subscribe(self, observer: CountersObserver) -> Callable[[], None]:
        """Call ``observer(event)`` on every change; returns a function that unsubscribes."""
        self._observers.append(observer)

        def unsubscribe() -> None:
            if observer in self._observers:
                self._observers.remove(observer)

        return unsubscribe

    def _emit(self, events: list[CountersEvent]) -> None:
        for event in events:
            for observer in list(self._observers):
                observer(event)

    # --- changes --------------------------------------------------------------------------
    def push(self, command: Command, *, merge: bool = False) -> None:
        before = list(self.counters.types)
        self.history.push(command, merge=merge)
        self._after(before)

    def undo(self) -> Command | None:
        before = list(self.counters.types)
        command = self.history.undo()
        if command is not None:
            self._after(before)
        return command

    def redo(self) -> Command | None:
        before = list(self.counters.types)
        command = self.history.redo()
        if command is not None:
            self._after(before)
        return command

    def _after(self, before: list[UnitType]) -> None:
        after = self.counters.types
        old = {t.id: t for t in before}
        new = {t.id: t for t in after}
        changed = {i for i in old.keys() | new.keys() if old.get(i) is not new.get(i)}
        events: list[CountersEvent] = []
        if [t.id for t in before] != [t.id for t in after]:
            events.append(OrderChanged())
        if changed:
            events.append(TypesChanged(frozenset(changed)))
        h = self.history
        events.append(HistoryChanged(h.can_undo, h.can_redo, h.undo_text, h.redo_text))
        modified = not h.is_clean
        if modified != self._modified:
            self._modified = modified
            events.append(ModifiedChanged(modified))
        self._emit(events)

    def mark_recovered(self, path: Path | str | None) -> None:
        """The document was restored from a recovery file: it belongs to ``path`` (where
        Save writes) but differs from it, so it shows as modified until saved."""
        events: list[CountersEvent] = []
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
        """The counters now match the file at ``path`` (or the current path)."""
        events: list[CountersEvent] = []
        if path is not None and Path(path) != self._path:
            self._path = Path(path)
            events.append(PathChanged(self._path))
        self.history.set_clean()
        if self._modified:
            self._modified = False
            events.append(ModifiedChanged(False))
        self._emit(events)
