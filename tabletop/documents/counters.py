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
from tabletop.documents.editing import EditorDocument
from tabletop.documents.game import ChangeEvent
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


class CountersDocument(EditorDocument[CountersEvent]):
    """A counters file in the counter editor: ``counters`` + ``history`` + ``path`` +
    modified flag + observers."""

    def __init__(
        self, counters: CounterSet, path: Path | str | None = None, history: History | None = None
    ) -> None:
        super().__init__(path, history)
        self.counters = counters

    @property
    def title(self) -> str:
        return self.counters.name or (self._path.stem if self._path else "Untitled counters")

    # --- changes --------------------------------------------------------------------------
    def _before(self) -> list[UnitType]:
        return list(self.counters.types)

    def _changes(self, before: list[UnitType], command: Command) -> list[CountersEvent]:
        after = self.counters.types
        old = {t.id: t for t in before}
        new = {t.id: t for t in after}
        changed = {i for i in old.keys() | new.keys() if old.get(i) is not new.get(i)}
        events: list[CountersEvent] = []
        if [t.id for t in before] != [t.id for t in after]:
            events.append(OrderChanged())
        if changed:
            events.append(TypesChanged(frozenset(changed)))
        return events
