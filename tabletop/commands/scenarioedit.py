"""Scenario editing commands: the units and hex markers of a scenario's starting position.

Like :class:`~tabletop.commands.EditCounters`, one :class:`EditScenario` sets whole lists
(a scenario holds tens of units, not thousands): the units, the hex markers, or both. The
functions below compute the new lists for each edit the scenario editor makes (place a
unit from the tray, move it, delete it, change its properties, put a marker or a minefield
on a hex, take markers off), never changing a unit in place: every changed unit is a new
:class:`~tabletop.model.UnitState`, so an undo snapshot stays exactly what it was.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from typing import Any

from tabletop.commands.base import Command
from tabletop.hexgrid import Hex
from tabletop.model import (
    Figure,
    HexMarker,
    Kind,
    PlatoonUnitType,
    Scenario,
    SquadUnitType,
    UnitState,
)
from tabletop.model.mineplace import minefield_problem
from tabletop.model.state import RULE_HEX_MARKERS, clone_unit

MINEFIELD_KINDS = tuple(sorted(RULE_HEX_MARKERS))


class EditScenario(Command):
    """Set ``scenario.units`` and/or ``scenario.hex_markers`` (None: leave that list)."""

    def __init__(
        self,
        scenario: Scenario,
        text: str,
        units: Sequence[UnitState] | None = None,
        markers: Sequence[HexMarker] | None = None,
        merge_key: str | None = None,
    ) -> None:
        super().__init__(text)
        self.scenario = scenario
        self.new_units = list(units) if units is not None else None
        self.new_markers = list(markers) if markers is not None else None
        self.old_units: list[UnitState] | None = None
        self.old_markers: list[HexMarker] | None = None
        self.merge_key = merge_key

    def redo(self) -> None:
        sc = self.scenario
        if self.new_units is not None:
            if self.old_units is None:
                self.old_units = list(sc.units)
            sc.units[:] = self.new_units
        if self.new_markers is not None:
            if self.old_markers is None:
                self.old_markers = list(sc.hex_markers)
            sc.hex_markers[:] = self.new_markers

    def undo(self) -> None:
        sc = self.scenario
        if self.old_units is not None:
            sc.units[:] = self.old_units
        if self.old_markers is not None:
            sc.hex_markers[:] = self.old_markers

    def merge_with(self, other: Command) -> bool:
        if not isinstance(other, EditScenario) or other.merge_key != self.merge_key:
            return False
        if other.new_units is not None:
            self.new_units = list(other.new_units)
        if other.new_markers is not None:
            self.new_markers = list(other.new_markers)
        return True


def unit_id_for(scenario: Scenario, type_id: str) -> str:
    """A fresh unit id from the type's: ``m48-1``, ``m48-2`` ... (ids are editable later)."""
    base = re.sub(r"[^a-z0-9]+", "-", type_id.lower()).strip("-") or "unit"
    taken = {u.id for u in scenario.units} | {r.unit.id for r in scenario.reinforcements}
    n = 1
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"


def full_figures(t: SquadUnitType) -> list[Figure]:
    """A unit of ``t`` at full strength: each figure of its type, unhurt."""
    return [Figure(spec.model) for spec in t.figures for _ in range(spec.count)]


def placed(
    scenario: Scenario, type_id: str, side: str, hex_: Hex, formation: str | None = None
) -> tuple[list[UnitState], UnitState]:
    """The units with a new unit of ``type_id`` for ``side`` on ``hex_``; and that unit."""
    if type_id not in scenario.unit_types:
        raise ValueError(f"no unit type {type_id!r} in the scenario's counters")
    if side not in scenario.sides:
        raise ValueError(f"no side {side!r} in the scenario")
    t = scenario.unit_types[type_id]
    if isinstance(t, PlatoonUnitType) and t.kind is Kind.SW:
        raise ValueError(
            f"{type_id} is a support weapon: it is never alone on the map (rules 2.2); give "
            "it to an infantry platoon in the Unit dock"
        )
    helicopter = isinstance(t, PlatoonUnitType) and t.is_helicopter
    unit = UnitState(unit_id_for(scenario, type_id), type_id, side, hex_, formation,
                     mode="flying" if helicopter else None)  # fmt: skip
    if isinstance(t, SquadUnitType):  # at full strength, its ammunition full
        unit.figures = full_figures(t)
        unit.ammo = t.ammo
    weapon = t.support_weapon if isinstance(t, PlatoonUnitType) else None
    if weapon is None or weapon not in scenario.unit_types:
        return [*scenario.units, unit], unit
    # the support weapon its type carries (the file's default, rules 2.2)
    taken = {u.id for u in scenario.units}
    sw_id, n = f"{unit.id}-sw", 1
    while sw_id in taken:
        n += 1
        sw_id = f"{unit.id}-sw-{n}"
    unit.sw = sw_id
    sw = UnitState(sw_id, weapon, side, hex_, formation, sw_of=unit.id)
    return [*scenario.units, unit, sw], unit


def changed(scenario: Scenario, unit_id: str, **values: Any) -> list[UnitState]:
    """The units with ``unit_id``'s fields set to ``values`` (a new id must be free)."""
    new_id = values.get("id")
    if new_id is not None and new_id != unit_id and any(u.id == new_id for u in scenario.units):
        raise ValueError(f"another unit already has the id {new_id}")
    out = []
    found: UnitState | None = None
    for unit in scenario.units:
        if unit.id == unit_id:
            unit = found = dataclasses.replace(clone_unit(unit), **values)
        out.append(unit)
    if found is None:
        raise ValueError(f"no unit {unit_id!r} in the scenario")
    before = next(u for u in scenario.units if u.id == unit_id)
    if found.carrier is not None and found.hex != before.hex:
        carrier = next((u for u in out if u.id == found.carrier), None)
        if carrier is None or carrier.hex != found.hex:
            found.carrier = None  # moved out of its transport: it got out
    return _followers(out, unit_id, found)


def _followers(units: list[UnitState], old_id: str, unit: UnitState) -> list[UnitState]:
    """``units`` with the support weapon and the cargo of ``unit`` (``old_id`` before the
    change) where it stands: the weapon belongs where its platoon does, and is renamed with
    it while it has the id the platoon's gave it; the cargo rides along."""
    sw_id = unit.sw
    automatic = sw_id is not None and sw_id == f"{old_id}-sw" and unit.id != old_id
    if automatic and not any(u.id == f"{unit.id}-sw" for u in units):
        sw_id = unit.sw = f"{unit.id}-sw"
    out = []
    for u in units:
        if u is not unit and u.sw_of == old_id and sw_id is not None:
            u = dataclasses.replace(clone_unit(u), id=sw_id, hex=unit.hex, side=unit.side,
                                    formation=unit.formation, sw_of=unit.id)  # fmt: skip
        elif u is not unit and u.carrier == old_id:
            u = dataclasses.replace(clone_unit(u), hex=unit.hex, carrier=unit.id)
        out.append(u)
    return out


def moved_to(scenario: Scenario, unit_id: str, hex_: Hex) -> list[UnitState]:
    return changed(scenario, unit_id, hex=hex_)


def deleted(scenario: Scenario, unit_id: str) -> list[UnitState]:
    """The units without ``unit_id`` (and without the support weapon it carries); its
    cargo gets out where it stood."""
    return [
        dataclasses.replace(clone_unit(u), carrier=None) if u.carrier == unit_id else u
        for u in scenario.units
        if u.id != unit_id and u.sw_of != unit_id
    ]


def with_marker(
    scenario: Scenario, hex_: Hex, kind: str, side: str | None = None, revealed: bool = True
) -> list[HexMarker]:
    """The markers with one ``kind`` on ``hex_`` (replacing one of the same kind there). A
    minefield names its owning side; hidden (``revealed=False``) only its owner sees it.
    ValueError, saying why, for a minefield the scenario may not start with
    (:func:`~tabletop.model.mineplace.minefield_problem`, the rule ``validate`` applies)."""
    keep = [m for m in scenario.hex_markers if not (m.hex == hex_ and m.kind == kind)]
    if kind in MINEFIELD_KINDS:
        if side not in scenario.sides:
            raise ValueError(f"a minefield needs its owner, one of {', '.join(scenario.sides)}")
        mined = {m.hex for m in keep if m.kind in MINEFIELD_KINDS}
        problem = minefield_problem(scenario, hex_, mined)
        if problem is not None:
            raise ValueError(problem)
    owner = side if kind in MINEFIELD_KINDS else None
    return [*keep, HexMarker(hex_, kind, owner, revealed if kind in MINEFIELD_KINDS else True)]


def without_markers(scenario: Scenario, hex_: Hex) -> list[HexMarker]:
    return [m for m in scenario.hex_markers if m.hex != hex_]
