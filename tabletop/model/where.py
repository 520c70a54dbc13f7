"""Where the units stand: a hex index of a game's living units, kept current by their writes.

The rules ask "who stands in this hex" at every step of every path a reach search tries,
and "which enemies are near this hex" at every hex a move enters. A scan of the unit table
answers in proportion to the whole game (10,000 units on the big benchmark map); this index
answers in proportion to what is asked about.

How it stays current without the rules knowing: every write that can change where a
living unit stands, what carries it or whose support weapon it is -- a unit's ``hex``,
``status``, ``side``, ``carrier``, ``sw_of`` or ``id`` (``UnitState`` tells :func:`placed`,
only when the value changes) and any entry set in or removed from a unit table
(``UnitTable`` tells :func:`reshaped`) -- goes into one process-wide feed with a serial
number. An index remembers the serial it is current to; on the next question it
re-places the units written since (the feed keeps the last :data:`KEEP` writes), or is
rebuilt from its table when a table changed or it fell too far behind. A write to a unit
that is not the one its table holds under that id (a scratch copy, another game) changes
nothing here.

``GameState.units_at``, ``enemies_of``, ``units_near``, ``cargo_of`` (the living units a
carrier carries, wherever they stand), ``weapons_of`` (the living support weapons of a
unit) and ``sides_on_map`` (the sides with a living unit in a hex: a count per side) read
the index of their unit table (``index_of``); each answer is a new list (or set), in
unit-id order, equal to a scan's.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping
from operator import attrgetter
from typing import Generic, Protocol, TypeVar

from tabletop.hexgrid import Hex

__all__ = ["BLOCK", "KEEP", "HexIndex", "Placed", "placed", "reshaped", "stats"]


class Placed(Protocol):
    """What the index reads of a unit (:class:`~tabletop.model.state.UnitState`, which is
    built on this module: the index names no class above it)."""

    @property
    def id(self) -> str: ...
    @property
    def side(self) -> str: ...
    @property
    def hex(self) -> Hex | None: ...
    @property
    def alive(self) -> bool: ...
    @property
    def carrier(self) -> str | None: ...
    @property
    def sw_of(self) -> str | None: ...


U = TypeVar("U", bound=Placed)

KEEP = 4096
"""The feed keeps this many recent writes; an index further behind is rebuilt."""
BLOCK = 8
"""``units_near`` looks in square blocks of this many axial coordinates a side."""
_ID = attrgetter("id")


class _Feed:
    """The writes since ``base``: ``moved[i]`` is write number ``base + i`` (a unit whose
    place may have changed, or None: some unit table changed)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.base = 0
        self.moved: list[Placed | None] = []

    @property
    def serial(self) -> int:
        return self.base + len(self.moved)

    def add(self, unit: Placed | None) -> None:
        with self.lock:
            self.moved.append(unit)
            if len(self.moved) > 2 * KEEP:
                cut = len(self.moved) - KEEP
                del self.moved[:cut]
                self.base += cut

    def since(self, serial: int) -> list[Placed | None] | None:
        """The writes after ``serial``, or None when some are no longer kept."""
        with self.lock:
            if serial < self.base:
                return None
            return self.moved[serial - self.base :]


FEED = _Feed()


def placed(unit: Placed) -> None:
    """``unit``'s hex, status, side or id has just changed."""
    FEED.add(unit)


def reshaped() -> None:
    """An entry of some unit table is about to be set or removed."""
    FEED.add(None)


class _Stats:
    """What the indexes did (for tests that count work, never clocks)."""

    def __init__(self) -> None:
        self.rebuilds = 0
        self.units_indexed = 0
        self.replaced = 0

    def reset(self) -> None:
        self.rebuilds = self.units_indexed = self.replaced = 0


stats = _Stats()


def _inside(dq: int, dr: int, radius: int) -> bool:
    """Is every hex of the block whose first corner is (dq, dr) away within ``radius``?
    (The hex distance is convex, so its largest value on the block is at a corner.)"""
    last = BLOCK - 1
    return all(
        (abs(a) + abs(b) + abs(a + b)) // 2 <= radius
        for a in (dq, dq + last)
        for b in (dr, dr + last)
    )


class HexIndex(Generic[U]):
    """The living units of one unit table that stand in a hex: by hex and by block."""

    def __init__(self) -> None:
        self.serial = -1
        self._at: dict[str, Hex] = {}
        self._stacks: dict[Hex, list[U]] = {}
        self._blocks: dict[tuple[int, int], dict[str, U]] = {}
        self._sorted: list[U] | None = None
        self._enemies: dict[str, list[U]] = {}
        self._rides: dict[str, str] = {}
        self._cargo: dict[str, dict[str, U]] = {}
        self._side_at: dict[str, str] = {}
        self._sides: dict[str, int] = {}
        self._arms: dict[str, str] = {}
        self._weapons: dict[str, dict[str, U]] = {}

    # --- keeping current --------------------------------------------------------------------
    def sync(self, table: Mapping[str, U]) -> None:
        serial = FEED.serial
        if serial == self.serial:
            return
        writes = FEED.since(self.serial) if self.serial >= 0 else None
        if writes is None or any(w is None for w in writes):
            self._rebuild(table.values())
        else:
            for written in writes:
                assert written is not None
                unit = table.get(written.id)
                if unit is not None and unit is written:
                    self._replace(unit)
        self.serial = serial
        self._sorted = None
        self._enemies.clear()

    def _rebuild(self, units: Iterable[U]) -> None:
        stats.rebuilds += 1
        self._at, self._stacks, self._blocks = {}, {}, {}
        self._rides, self._cargo = {}, {}
        self._side_at, self._sides, self._arms, self._weapons = {}, {}, {}, {}
        for unit in units:
            stats.units_indexed += 1
            if unit.alive:
                self._file(unit)
        for stack in self._stacks.values():
            if len(stack) > 1:
                stack.sort(key=_ID)

    def _replace(self, unit: U) -> None:
        """Put ``unit`` (the one the table holds) where it now stands."""
        stats.replaced += 1
        uid = unit.id
        old = self._at.pop(uid, None)
        if old is not None:
            stack = self._stacks[old]
            stack[:] = [u for u in stack if u.id != uid]
            if not stack:
                del self._stacks[old]
            block = self._blocks[old.q // BLOCK, old.r // BLOCK]
            block.pop(uid, None)
        rode = self._rides.pop(uid, None)
        if rode is not None:
            del self._cargo[rode][uid]
        side = self._side_at.pop(uid, None)
        if side is not None:
            self._sides[side] -= 1
            if not self._sides[side]:
                del self._sides[side]
        owner = self._arms.pop(uid, None)
        if owner is not None:
            del self._weapons[owner][uid]
            if not self._weapons[owner]:
                del self._weapons[owner]
        if unit.alive:
            filed = self._file(unit)
            if filed is not None and len(filed) > 1:
                filed.sort(key=_ID)

    def _file(self, unit: U) -> list[U] | None:
        """File a living unit in every part of the index; its hex's stack (unsorted)."""
        uid = unit.id
        h = unit.hex
        stack = None
        if h is not None:
            self._at[uid] = h
            stack = self._stacks.setdefault(h, [])
            stack.append(unit)
            self._blocks.setdefault((h.q // BLOCK, h.r // BLOCK), {})[uid] = unit
            side = self._side_at[uid] = unit.side
            self._sides[side] = self._sides.get(side, 0) + 1
        carrier = unit.carrier
        if carrier is not None:
            self._rides[uid] = carrier
            self._cargo.setdefault(carrier, {})[uid] = unit
        owner = unit.sw_of
        if owner is not None:
            self._arms[uid] = owner
            self._weapons.setdefault(owner, {})[uid] = unit
        return stack

    # --- questions --------------------------------------------------------------------------
    def units_at(self, h: Hex) -> list[U]:
        return list(self._stacks.get(h, ()))

    def units_near(self, h: Hex, radius: int, *, ordered: bool = True) -> list[U]:
        """Living units standing within ``radius`` hexes of ``h``, in unit-id order
        (``ordered=False``: in no particular order, for a caller that sorts what it keeps)."""
        if radius < 0:
            return []
        out: list[U] = []
        q, r = h.q, h.r
        blocks = self._blocks
        for bq in range((q - radius) // BLOCK, (q + radius) // BLOCK + 1):
            for br in range((r - radius) // BLOCK, (r + radius) // BLOCK + 1):
                block = blocks.get((bq, br))
                if not block:
                    continue
                if _inside(bq * BLOCK - q, br * BLOCK - r, radius):
                    out.extend(block.values())  # (every hex of the block is near enough)
                    continue
                for unit in block.values():
                    x = self._at[unit.id]
                    dq, dr = x.q - q, x.r - r
                    if (abs(dq) + abs(dr) + abs(dq + dr)) // 2 <= radius:
                        out.append(unit)
        if ordered:
            out.sort(key=_ID)
        return out

    def cargo_of(self, carrier: str) -> list[U]:
        """Living units whose ``carrier`` is ``carrier``, in unit-id order."""
        return sorted(self._cargo.get(carrier, {}).values(), key=_ID)

    def weapons_of(self, owner: str) -> list[U]:
        """Living units whose ``sw_of`` is ``owner`` (its support weapons), in unit-id order."""
        return sorted(self._weapons.get(owner, {}).values(), key=_ID)

    def sides_on_map(self) -> set[str]:
        """The sides with a living unit standing in a hex."""
        return set(self._sides)

    def enemies_of(self, side: str, table: Mapping[str, U]) -> list[U]:
        found = self._enemies.get(side)
        if found is None:
            if self._sorted is None:
                self._sorted = sorted((table[uid] for uid in self._at), key=_ID)
            found = self._enemies[side] = [u for u in self._sorted if u.side != side]
        return list(found)
