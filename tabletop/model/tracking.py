"""Change tracking: which units a change touched, and what they were before it.

An action on a game of 10,000 units moves one or two of them. To undo it, to tell a view
what changed, and to replay a saved game, nothing should cost in proportion to the whole
game. So the play state records its own writes: while a :class:`Journal` is recording a
state (``with recording(state) as journal``), the first write to a unit -- an attribute
(``unit.hex = ...``), its markers, flags or figures list, one of its figures
(``fig.wounds += 1``), or the unit table itself (``state.units[uid] = ...``) -- copies that
unit as it was into ``journal.units``. Nothing else is copied, nothing is compared, and the
rules need not know: they mutate units as plain Python objects.

How the writes are seen:

- ``UnitState.__setattr__`` and ``Figure.__setattr__`` tell the journals (one truth test of
  :data:`ACTIVE` when nobody records);
- a unit's ``markers``, ``flags`` and ``figures`` are :class:`TrackedList` /
  :class:`TrackedDict`, plain ``list`` / ``dict`` subclasses whose mutating methods tell the
  journals first (reading them runs at C speed, as before); each knows its unit's id;
- ``GameState.units`` is a :class:`UnitTable` (a ``dict`` whose writes are told).

A journal keeps a unit only if the object written to is the one its state holds under
that id (a scratch copy a rule makes, or another game, is ignored). Journals nest: the
document records a command while the command records its own memento.

The state's other fields (turn, phase, cup, hex markers, flags, pending) are small; a
memento copies them whole (``GameState.memento``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any, Generic, Protocol, Self, SupportsIndex, TypeVar

from tabletop.model.where import HexIndex, Placed, reshaped

__all__ = [
    "ACTIVE", "Journal", "Tracked", "TrackedDict", "TrackedList", "UnitTable", "recording",
    "tracked_dict", "tracked_list",
]  # fmt: skip

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")


class Tracked(Placed, Protocol):
    """What a journal and the hex index read of a unit
    (:class:`~tabletop.model.state.UnitState`, which is built on this module: it names no
    class above it)."""

    def copy(self) -> Self: ...
    def owns(self, part: object) -> bool: ...


U = TypeVar("U", bound=Tracked)


class Units(Protocol[U]):
    """What a journal reads of a game (:class:`~tabletop.model.state.GameState`): its unit
    table."""

    units: dict[str, U]


ACTIVE: list[Journal[Any]] = []
"""The journals recording now (innermost last); empty almost always."""


class Journal(Generic[U]):
    """The originals of the units one change touched: ``units[uid]`` is a copy of the unit
    as it was before its first write, or None if the change added it."""

    def __init__(self, state: Units[U]) -> None:
        self.state = state
        self.units: dict[str, U | None] = {}
        self._everything = False

    def unit(self, unit: U) -> None:
        """``unit`` is about to change."""
        uid = unit.__dict__.get("id")
        if uid is not None and uid not in self.units and self.state.units.get(uid) is unit:
            self.units[uid] = unit.copy()

    def part(self, uid: str | None, part: object) -> None:
        """A container or figure of unit ``uid`` is about to change."""
        if uid is None or uid in self.units:
            return
        unit = self.state.units.get(uid)
        if unit is not None and unit.owns(part):
            self.units[uid] = unit.copy()

    def entry(self, table: UnitTable[U], uid: str) -> None:
        """``table[uid]`` is about to be set or removed."""
        if table is self.state.units and uid not in self.units:
            old = table.get(uid)
            self.units[uid] = None if old is None else old.copy()

    def table(self, state: Units[U], old: dict[str, U]) -> None:
        """``state.units`` is about to be replaced whole: every unit may change."""
        if state is self.state:
            for uid, unit in old.items():
                if uid not in self.units:
                    self.units[uid] = unit.copy()
            self._everything = True

    def close(self) -> None:
        if self._everything:  # the units of a replaced table were not there before
            for uid in self.state.units:
                self.units.setdefault(uid, None)
            self._everything = False


@contextmanager
def recording(state: Units[U]) -> Iterator[Journal[U]]:
    """Record the writes to ``state``'s units while the block runs."""
    journal = Journal(state)
    ACTIVE.append(journal)
    try:
        yield journal
    finally:
        ACTIVE.remove(journal)
        journal.close()


def _part(uid: str | None, part: object) -> None:
    for journal in ACTIVE:
        journal.part(uid, part)


class TrackedList(list[T]):
    """A unit's list (markers, figures) that tells the journals before it changes. Made by
    :func:`tracked_list` (no Python ``__init__``: a loaded game makes 20,000 of them)."""

    __slots__ = ("owner",)
    owner: str | None

    def __reduce__(self) -> Any:  # copies and pickles are plain lists
        return (list, (list(self),))

    def append(self, item: T) -> None:
        if ACTIVE:
            _part(self.owner, self)
        super().append(item)

    def extend(self, items: Iterable[T]) -> None:
        if ACTIVE:
            _part(self.owner, self)
        super().extend(items)

    def insert(self, index: SupportsIndex, item: T) -> None:
        if ACTIVE:
            _part(self.owner, self)
        super().insert(index, item)

    def remove(self, item: T) -> None:
        if ACTIVE:
            _part(self.owner, self)
        super().remove(item)

    def pop(self, index: SupportsIndex = -1) -> T:
        if ACTIVE:
            _part(self.owner, self)
        return super().pop(index)

    def clear(self) -> None:
        if ACTIVE and self:
            _part(self.owner, self)
        super().clear()

    def sort(self, *args: Any, **kwargs: Any) -> None:
        if ACTIVE:
            _part(self.owner, self)
        super().sort(*args, **kwargs)

    def reverse(self) -> None:
        if ACTIVE:
            _part(self.owner, self)
        super().reverse()

    def __setitem__(self, index: Any, value: Any) -> None:
        if ACTIVE:
            _part(self.owner, self)
        super().__setitem__(index, value)

    def __delitem__(self, index: Any) -> None:
        if ACTIVE:
            _part(self.owner, self)
        super().__delitem__(index)

    def __iadd__(self, items: Iterable[T]) -> TrackedList[T]:  # type: ignore[override,misc]
        if ACTIVE:
            _part(self.owner, self)
        super().__iadd__(items)
        return self

    def __imul__(self, count: SupportsIndex) -> TrackedList[T]:
        if ACTIVE:
            _part(self.owner, self)
        super().__imul__(count)
        return self


class TrackedDict(dict[K, V]):
    """A unit's ``flags`` that tells the journals before they change (made by
    :func:`tracked_dict`)."""

    __slots__ = ("owner",)
    owner: str | None

    def __reduce__(self) -> Any:  # copies and pickles are plain dicts
        return (dict, (dict(self),))

    def __setitem__(self, key: K, value: V) -> None:
        if ACTIVE:
            _part(self.owner, self)
        super().__setitem__(key, value)

    def __delitem__(self, key: K) -> None:
        if ACTIVE:
            _part(self.owner, self)
        super().__delitem__(key)

    def pop(self, key: K, *default: Any) -> Any:
        if ACTIVE and key in self:  # (popping an absent flag changes nothing)
            _part(self.owner, self)
        return super().pop(key, *default)

    def popitem(self) -> tuple[K, V]:
        if ACTIVE and self:
            _part(self.owner, self)
        return super().popitem()

    def clear(self) -> None:
        if ACTIVE and self:
            _part(self.owner, self)
        super().clear()

    def setdefault(self, key: K, default: Any = None) -> Any:
        if ACTIVE and key not in self:
            _part(self.owner, self)
        return super().setdefault(key, default)

    def update(self, *args: Any, **kwargs: Any) -> None:
        if ACTIVE:
            _part(self.owner, self)
        super().update(*args, **kwargs)

    def __ior__(self, other: Any) -> TrackedDict[K, V]:  # type: ignore[override,misc]
        if ACTIVE:
            _part(self.owner, self)
        super().__ior__(other)
        return self


def tracked_list(items: Iterable[T], owner: str | None) -> TrackedList[T]:
    made: TrackedList[T] = TrackedList(items)
    made.owner = owner
    return made


def tracked_dict(items: Any, owner: str | None) -> TrackedDict[Any, Any]:
    made: TrackedDict[Any, Any] = TrackedDict(items)
    made.owner = owner
    return made


class UnitTable(dict[str, U]):
    """``GameState.units``: a dict that tells the journals before an entry is set or
    removed, and keeps the hex index of its living units (``index``, see
    :mod:`tabletop.model.where`)."""

    __slots__ = ("_where",)
    _where: HexIndex[U]

    def index(self) -> HexIndex[U]:
        """The hex index of this table's units, current to every write so far."""
        try:
            where = self._where
        except AttributeError:
            where = self._where = HexIndex()
        where.sync(self)
        return where

    def __reduce__(self) -> Any:
        return (dict, (dict(self),))

    def _entry(self, uid: str) -> None:
        reshaped()
        for journal in ACTIVE:
            journal.entry(self, uid)

    # (every write tells the hex index; the journals only while one records)
    def __setitem__(self, uid: str, unit: U) -> None:
        self._entry(uid)
        super().__setitem__(uid, unit)

    def __delitem__(self, uid: str) -> None:
        self._entry(uid)
        super().__delitem__(uid)

    def pop(self, uid: str, *default: Any) -> Any:
        if uid in self:
            self._entry(uid)
        return super().pop(uid, *default)

    def popitem(self) -> tuple[str, U]:
        if self:
            self._entry(next(reversed(self)))
        return super().popitem()

    def clear(self) -> None:
        for uid in list(self):
            self._entry(uid)
        super().clear()

    def setdefault(self, uid: str, default: Any = None) -> Any:
        if uid not in self:
            self._entry(uid)
        return super().setdefault(uid, default)

    def update(self, *args: Any, **kwargs: Any) -> None:
        for uid in dict(*args, **kwargs):
            self._entry(uid)
        super().update(*args, **kwargs)

    def __ior__(self, other: Any) -> UnitTable[U]:  # type: ignore[override,misc]
        self.update(other)
        return self
