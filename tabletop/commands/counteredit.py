"""Counter editing commands: the unit types of a counters file, as one ordered list.

Every edit of the counter editor (a field of one type, add, duplicate, delete, reorder)
is a :class:`EditCounters` that sets the whole list: a counters file holds tens of types,
not thousands, so a snapshot is cheap and one command class covers every edit exactly.
Edits with the same ``merge_key`` (typing into one field of one type) fold into one undo
step that remembers the list from before the first of them.

A type renamed while games or scenarios that use the file are open is a
:class:`RenameType`: the same step gives their units the new id (:func:`retype_units`),
undo gives them the old one back, so no open game ever names a type its file lacks.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any

from tabletop.commands.base import Command, History
from tabletop.model import (
    AirStrike,
    GameState,
    Memento,
    PlatoonUnitType,
    Reinforcement,
    Scenario,
    UnitState,
    UnitType,
)


class EditCounters(Command):
    """Replace the contents of ``types`` with ``new`` (undo puts the old list back)."""

    def __init__(
        self,
        types: list[UnitType],
        new: Sequence[UnitType],
        text: str,
        merge_key: str | None = None,
    ) -> None:
        super().__init__(text)
        self.types = types
        self.new = list(new)
        self.old: list[UnitType] | None = None
        self.merge_key = merge_key

    def redo(self) -> None:
        if self.old is None:
            self.old = list(self.types)
        self.types[:] = self.new

    def undo(self) -> None:
        assert self.old is not None, "undo before redo"
        self.types[:] = self.old

    def merge_with(self, other: Command) -> bool:
        if not isinstance(other, EditCounters) or other.merge_key != self.merge_key:
            return False
        self.new = list(other.new)
        return True


def replaced(types: Sequence[UnitType], index: int, unit_type: UnitType) -> list[UnitType]:
    out = list(types)
    out[index] = unit_type
    return out


def inserted(types: Sequence[UnitType], index: int, unit_type: UnitType) -> list[UnitType]:
    out = list(types)
    out.insert(index, unit_type)
    return out


def removed(types: Sequence[UnitType], index: int) -> list[UnitType]:
    return [t for i, t in enumerate(types) if i != index]


def moved(types: Sequence[UnitType], index: int, to: int) -> list[UnitType]:
    out = list(types)
    out.insert(max(0, min(to, len(out) - 1)), out.pop(index))
    return out


def free_id(types: Sequence[UnitType], base: str) -> str:
    """``base`` if no type uses it, else ``base_2``, ``base_3`` ..."""
    taken = {t.id for t in types}
    if base not in taken:
        return base
    n = 2
    while f"{base}_{n}" in taken:
        n += 1
    return f"{base}_{n}"


def duplicate(types: Sequence[UnitType], index: int) -> UnitType:
    """A copy of the type at ``index`` under a fresh id, named "... (copy)"."""
    original = types[index]
    new_id = free_id(types, original.id)
    return dataclasses.replace(original, id=new_id, name=f"{original.name} (copy)")


# --- renaming a type that open games use -----------------------------------------------------


class RenameType(EditCounters):
    """An edit that renames the type ``old`` to ``new`` (its list is ``new_types``), and
    gives every unit of the ``holders`` (open games' states, scenarios and undo
    histories) of the old id the new one; undo names them back."""

    def __init__(
        self,
        types: list[UnitType],
        new_types: Sequence[UnitType],
        text: str,
        old: str,
        new: str,
        holders: Sequence[object],
    ) -> None:
        super().__init__(types, new_types, text)
        self.old_id, self.new_id = old, new
        self.holders = list(holders)

    def redo(self) -> None:
        super().redo()
        new = next(t for t in self.types if t.id == self.new_id)
        self.retyped = retype_units(self.holders, self.old_id, new)

    def undo(self) -> None:
        super().undo()
        old = next(t for t in self.types if t.id == self.old_id)
        self.retyped = retype_units(self.holders, self.new_id, old)

    def merge_with(self, other: Command) -> bool:
        return False


def renamed_support_weapon(types: Sequence[UnitType], old: str, new: str) -> list[UnitType]:
    """``types`` with every platoon type that carries the support weapon ``old`` carrying
    ``new`` instead (the file renames its references along with the type)."""
    return [
        dataclasses.replace(t, support_weapon=new)
        if isinstance(t, PlatoonUnitType) and t.support_weapon == old
        else t
        for t in types
    ]


def retype_units(holders: Iterable[object], old: str, unit_type: UnitType) -> list[str]:
    """Give every unit of type ``old`` reachable from ``holders`` the type ``unit_type``
    (its id and value): game states, scenarios (start units, reinforcements, air strikes,
    their type table re-keyed in its order) and the states and units that undo histories
    keep, so that undoing a game action after a rename never brings the old id back.
    Returns the ids of the units changed, each once."""
    changed: dict[str, None] = {}
    seen: set[int] = set()
    stack: list[Any] = list(holders)
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, UnitState):
            if obj.type_id == old:
                obj.type_id = unit_type.id
                changed[obj.id] = None
        elif isinstance(obj, Scenario):
            _rekey(obj, old, unit_type)
            stack += [obj.units, obj.reinforcements]
        elif isinstance(obj, GameState):
            stack += [obj.scenario, list(obj.units.values())]
        elif isinstance(obj, Memento):  # a game action's undo: the units it touched
            stack += [obj.units, obj.rest]
        elif isinstance(obj, Reinforcement):
            stack.append(obj.unit)
        elif isinstance(obj, History):
            stack += obj.commands()
        elif isinstance(obj, Command):
            stack += obj.kept()
        elif isinstance(obj, list | tuple | set | frozenset):
            stack += list(obj)
        elif isinstance(obj, dict):
            stack += list(obj.values())
    return list(changed)


def _rekey(scenario: Scenario, old: str, unit_type: UnitType) -> None:
    table = scenario.unit_types
    if old in table:
        items = [(unit_type.id, unit_type) if k == old else (k, v) for k, v in table.items()]
        table.clear()
        table.update(items)
    scenario.air_strikes[:] = [
        dataclasses.replace(a, aircraft=unit_type.id) if a.aircraft == old else a
        for a in scenario.air_strikes
    ]


def type_users(holders: Iterable[tuple[str, object]], type_id: str) -> list[str]:
    """Where units of ``type_id`` stand now: ``"3 units of Eisenbach Gap"`` for each
    (title, scenario or game state) that has some (start units, reinforcements, air
    strikes, a game's current units)."""
    out = []
    for title, holder in holders:
        count = len(units_of(holder, type_id))
        if count:
            out.append(f"{count} unit{'s' if count != 1 else ''} of {title}")
    return out


def units_of(holder: object, type_id: str) -> list[str]:
    """The ids of the units of ``type_id`` a game state or scenario holds now."""
    if isinstance(holder, GameState):
        ids = [u.id for u in holder.units.values() if u.type_id == type_id]
        return ids + [i for i in units_of(holder.scenario, type_id) if i not in ids]
    if not isinstance(holder, Scenario):
        return []
    units = [*holder.units, *(r.unit for r in holder.reinforcements)]
    ids = [u.id for u in units if u.type_id == type_id]
    strikes = [a for a in holder.air_strikes if a.aircraft == type_id]
    return ids + [f"air strike {a.turn}" for a in strikes if isinstance(a, AirStrike)]
