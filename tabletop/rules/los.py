"""The seam between the rules core and the line-of-sight engine (rules section 4).

The rules never import geometry: they call an object implementing ``LineOfSight``
(``tabletop.geometry.LosEngine`` in the app and the command line).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from tabletop.hexgrid import Hex, HexSide
from tabletop.model import GameState, HexMarker, Options, PlatoonUnitType, UnitState


@dataclass(frozen=True, slots=True)
class Viewpoint:
    """Where a sight line starts or ends: a hex, and a helicopter's mode if it is one."""

    hex: Hex
    helicopter_mode: str | None = None
    """``flying`` or ``noe`` (``landed`` counts as a ground unit, rules 4.4)."""


@dataclass(frozen=True, slots=True)
class LosResult:
    from_hex: Hex
    to_hex: Hex
    range: int
    """Range in the count in force (rules 1.4)."""
    clear: bool
    blocked_by: tuple[Hex | HexSide, ...] = ()
    """Every blocking hex, or a crest hexside, nearest the firer first."""
    hindrances: tuple[Hex, ...] = ()
    grazed: tuple[HexSide, ...] = ()
    reason: str = "clear"


class LineOfSight(Protocol):
    def check(self, a: Viewpoint, b: Viewpoint, markers: Sequence[HexMarker] = ()) -> LosResult:
        """LOS from ``a`` to ``b`` with the dynamic hex markers (Smoke, Wreck) given."""
        ...

    def visible_from(self, a: Viewpoint, markers: Sequence[HexMarker] = ()) -> frozenset[Hex]:
        """Every hex of the map a ground unit standing there would be seen in from ``a``."""
        ...

    def visible_share(
        self, a: Hex, b: Hex, markers: Sequence[HexMarker] = (), ignore: Sequence[HexSide] = ()
    ) -> float:
        """Fraction of hex ``b``'s area visible from the centre of ``a`` (rules 4.5); the
        cover hexsides in ``ignore`` cast no shadow (the one that gives the target its base
        save, rules 3.4)."""
        ...


def counted_range(a: Hex, b: Hex, options: Options) -> int:
    """Range between two hexes in the count in force (rules 1.4).

    HOUSE DEFAULT ``distance``: adjacent is 1. ``exclusive`` (the seed's count, without the
    firer's and the target's hex): adjacent is 0.
    """
    d = a.distance(b)
    return d - 1 if options.range_count == "exclusive" else d


def viewpoint_of(state: GameState, unit: UnitState) -> Viewpoint:
    """The viewpoint of a unit: helicopters in flying or NOE mode see from above."""
    assert unit.hex is not None, f"{unit.id} is not on the map"
    utype = state.scenario.unit_types[unit.type_id]
    if isinstance(utype, PlatoonUnitType) and utype.is_helicopter:
        mode = unit.mode or "flying"
        if mode != "landed":
            return Viewpoint(unit.hex, mode)
    return Viewpoint(unit.hex)
