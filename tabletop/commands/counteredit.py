"""Counter editing commands: the unit types of a counters file, as one ordered list.

Every edit of the counter editor (a field of one type, add, duplicate, delete, reorder)
is a :class:`EditCounters` that sets the whole list: a counters file holds tens of types,
not thousands, so a snapshot is cheap and one command class covers every edit exactly.
Edits with the same ``merge_key`` (typing into one field of one type) fold into one undo
step that remembers the list from before the first of them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from tabletop.commands.base import Command
from tabletop.model import UnitType


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
