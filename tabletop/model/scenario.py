"""A scenario: map, counters, sides, modules and options, and the starting position."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.hexgrid import Hex
from tabletop.model.collector import collector_paused
from tabletop.model.hexmap import HexMap
from tabletop.model.options import MODULES, Options
from tabletop.model.setup import setup_for
from tabletop.model.state import GameState, HexMarker, UnitState
from tabletop.model.units import PlatoonUnitType, SquadUnitType, UnitType


@dataclass(frozen=True, slots=True)
class SideDef:
    id: str
    name: str
    formations: dict[str, int] = field(default_factory=dict)
    """Formation name -> chits it puts in the cup (platoon ruleset)."""
    color: str | None = None
    """``#rrggbb``: the colour that stands for the side (its counters' corner flag, its
    log rows); None: the side's colour by its order in the scenario."""


@dataclass(frozen=True, slots=True)
class AirStrike:
    turn: int
    side: str
    aircraft: str
    hex: Hex


@dataclass(frozen=True)
class Reinforcement:
    turn: int
    unit: UnitState
    landed: bool = False


@dataclass
class Scenario:
    name: str
    ruleset: str
    map: HexMap
    unit_types: dict[str, UnitType]
    sides: dict[str, SideDef]
    units: list[UnitState]
    turns: int = 8
    rules: frozenset[str] | None = None
    """Modules switched on; ``None`` (no ``rules:`` key) means all of the ruleset's."""
    options: Options = field(default_factory=Options)
    hex_markers: list[HexMarker] = field(default_factory=list)
    first: str | None = None
    zones: dict[str, list[Hex]] = field(default_factory=dict)
    mines: dict[str, int] = field(default_factory=dict)
    air_strikes: list[AirStrike] = field(default_factory=list)
    reinforcements: list[Reinforcement] = field(default_factory=list)
    victory: dict[str, Any] = field(default_factory=dict)
    path: Path | None = None
    map_ref: str = ""
    counter_refs: list[str] = field(default_factory=list)
    notes: str = ""
    sources: object = field(default=None, compare=False, repr=False)
    """What the data layer read the map and unit types from (``tabletop.data.seal``), so
    that a saved game can be sealed; None for a scenario made in memory."""

    def module(self, name: str) -> bool:
        """Is this rules module switched on (rules-spec section 5)?"""
        if self.rules is None:
            return name in MODULES.get(self.ruleset, ())  # a ruleset of no module: none
        return name in self.rules

    def unit_type(self, type_id: str) -> UnitType:
        return self.unit_types[type_id]

    def platoon_type(self, type_id: str) -> PlatoonUnitType:
        t = self.unit_types[type_id]
        if not isinstance(t, PlatoonUnitType):
            raise TypeError(f"{type_id} is not a platoon unit type")
        return t

    def squad_type(self, type_id: str) -> SquadUnitType:
        t = self.unit_types[type_id]
        if not isinstance(t, SquadUnitType):
            raise TypeError(f"{type_id} is not a squad unit type")
        return t

    def formation_side(self, formation: str) -> str:
        for side in self.sides.values():
            if formation in side.formations:
                return side.id
        raise ValueError(f"no formation {formation!r} in this scenario")

    def initial_cup(self) -> list[str]:
        return [
            name
            for side in self.sides.values()
            for name, chits in side.formations.items()
            for _ in range(chits)
        ]

    @collector_paused()
    def new_game(self, now: Mapping[str, UnitState] | None = None) -> GameState:
        """The game at the start of turn 1, before any action.

        ``now``: the units as they stand (a saved game's), taken as they are instead of
        copies of the scenario's; the scenario's others start as in the scenario. The table
        is in the scenario's order, the units it does not have after its own, as if each
        of ``now`` had been set in turn on the new game's table."""
        if now is None:
            units = {u.id: u.copy() for u in self.units}
        else:
            units = {u.id: u for u in self.units}
            units.update(now)
            for uid, unit in units.items():
                if uid not in now:
                    units[uid] = unit.copy()
        state = GameState(
            scenario=self, units=units, hex_markers=[_copy_marker(m) for m in self.hex_markers]
        )
        setup_for(self.ruleset).start(state)  # its first phase: the ruleset's word
        return state


def _copy_marker(m: HexMarker) -> HexMarker:
    return HexMarker(m.hex, m.kind, m.side, m.revealed, m.turn)
