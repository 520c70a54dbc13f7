"""What a change did to a game, found cheaply, and which units stand in each hex.

A view needs to know which units, which hexes' markers and whether the turn changed after
an action, and then "what is in this hex" many times a second (hover, the hex dock, the
scene's stacks). Both must cost in proportion to the change, not to the size of the game:

- :class:`Before` keeps what a diff compares against. The game state records its own
  writes (:mod:`tabletop.model.tracking`): while the document runs a command, a journal
  copies each unit the command touches, as it was, before its first write. ``Before.units``
  holds those originals only (None for a unit the change added), so nothing is copied or
  compared for the thousands of units a move never touched.
- :func:`changed_units` compares the touched units, before and after (a unit touched but
  put back as it was is not reported); without a list of touched ids it compares two whole
  tables, one ``__dict__`` equality per unit.
- :class:`HexIndex` maps each hex to the ids of the living units standing in it and is
  updated only for the ids that changed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from tabletop.hexgrid import Hex
from tabletop.model import GameState, HexMarker, UnitState

__all__ = ["Before", "HexIndex", "Turn", "changed_markers", "changed_units", "turn_of"]


_MarkerKey = tuple[Hex, str, str | None, bool, int]


@dataclass(frozen=True, slots=True)
class Turn:
    """The parts of a state that the turn display shows."""

    turn: int
    phase: str
    active_side: str | None
    active_formation: str | None
    cup: tuple[str, ...]


def turn_of(state: GameState) -> Turn:
    return Turn(
        state.turn, state.phase, state.active_side, state.active_formation, tuple(state.cup)
    )


@dataclass(frozen=True)
class Before:
    """The units a change touched, as they were (``units``; None: the change added it), and
    the state's hex markers and turn before it. ``touched`` False means ``units`` is a
    whole unit table that nothing mutates (compare every unit)."""

    units: dict[str, UnitState | None]
    markers: tuple[_MarkerKey, ...]
    turn: Turn
    touched: bool = True

    @classmethod
    def start(cls, state: GameState) -> Before:
        """The markers and turn now; the units come from the change's journal
        (:meth:`with_units`)."""
        return cls({}, _marker_keys(state.hex_markers), turn_of(state))

    def with_units(self, units: dict[str, UnitState | None]) -> Before:
        return Before(units, self.markers, self.turn)


def _marker_keys(markers: Iterable[HexMarker]) -> tuple[_MarkerKey, ...]:
    return tuple((m.hex, m.kind, m.side, m.revealed, m.turn) for m in markers)


def changed_units(
    before: Mapping[str, UnitState | None],
    after: Mapping[str, UnitState],
    touched: Iterable[str] | None = None,
) -> frozenset[str]:
    """Ids of the units added, removed or changed between two unit tables; with
    ``touched``, only those ids are looked at (``before`` then holds their originals)."""
    if touched is not None:
        get = after.get
        return frozenset(uid for uid in touched if not _same(before.get(uid), get(uid)))
    if before is after:
        return frozenset()
    old_get = before.get
    changed = [
        uid
        for uid, unit in after.items()
        if (old := old_get(uid)) is not unit and (old is None or old.__dict__ != unit.__dict__)
    ]
    added = sum(1 for uid in changed if uid not in before)
    if len(after) - added != len(before):  # some were removed
        changed.extend(uid for uid in before if uid not in after)
    return frozenset(changed)


def _same(a: UnitState | None, b: UnitState | None) -> bool:
    if a is None or b is None:
        return a is b
    return a is b or a.__dict__ == b.__dict__


def changed_markers(before: Before, state: GameState) -> frozenset[Hex]:
    """The hexes whose markers were added, removed or changed."""
    now = _marker_keys(state.hex_markers)
    if now == before.markers:
        return frozenset()
    return frozenset(key[0] for key in set(before.markers) ^ set(now))


class HexIndex:
    """The ids of the living units in each hex; ``update`` only for the ids that changed."""

    def __init__(self, units: dict[str, UnitState]) -> None:
        # filed as ``update`` would file them, in one pass: the hexes first keyed by their
        # coordinates (hashed in C; a Hex's hash is a Python call), each hex hashed once
        self._where: dict[str, Hex] = {}
        by_place: dict[tuple[int, int], tuple[Hex, set[str]]] = {}
        for uid, unit in units.items():
            h = unit.hex
            if h is None or not unit.alive:
                continue
            self._where[uid] = h
            here = by_place.get((h.q, h.r))
            if here is None:
                by_place[h.q, h.r] = (h, {uid})
            else:
                here[1].add(uid)
        self._ids: dict[Hex, set[str]] = dict(by_place.values())

    def update(self, units: dict[str, UnitState], ids: Iterable[str]) -> set[Hex]:
        """Re-file these units from ``units`` (the live table); the hexes they left or
        entered."""
        touched: set[Hex] = set()
        for uid in ids:
            old = self._where.pop(uid, None)
            if old is not None:
                touched.add(old)
                here = self._ids[old]
                here.discard(uid)
                if not here:
                    del self._ids[old]
            unit = units.get(uid)
            if unit is not None and unit.on_map and unit.hex is not None:
                self._where[uid] = unit.hex
                self._ids.setdefault(unit.hex, set()).add(uid)
                touched.add(unit.hex)
        return touched

    def ids_at(self, h: Hex) -> frozenset[str]:
        """Ids of the living units standing in ``h``."""
        return frozenset(self._ids.get(h, ()))

    def hex_of(self, unit_id: str) -> Hex | None:
        return self._where.get(unit_id)

    def occupied(self) -> set[Hex]:
        """Every hex with at least one living unit."""
        return set(self._ids)
