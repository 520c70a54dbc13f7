"""Who may start a scenario aboard a transport (squad rules 3.10), asked by the scenario
editor when an author picks a unit's carrier and by ``tabletop validate`` for the file.

A squad unit may start aboard a friendly transport in its own hex: a unit whose counter has
a ``capacity``, which itself rides in nothing, carrying infantry (soldiers, medics and
their heavy weapons) and at most ``capacity`` units. The platoon ruleset has no key for
cargo: a platoon is placed beside its transport and loads with the first action.
"""

from __future__ import annotations

from tabletop.model.scenario import Scenario
from tabletop.model.state import UnitState
from tabletop.model.units import HEAVY_WEAPON_MODELS, SquadUnitType

__all__ = ["RIDERS", "carrier_problem"]

RIDERS = frozenset({"soldier", "medic"}) | HEAVY_WEAPON_MODELS
"""The figures that ride in a transport: infantry with its heavy weapons (rules 3.10)."""


def carrier_problem(
    scenario: Scenario, unit: UnitState, carrier_id: str, *, count_room: bool = True
) -> str | None:
    """Why ``unit`` may not start aboard ``carrier_id``, or None; ``count_room=False``
    leaves out whether the transport is full (``validate`` counts the riders itself, so
    that only those beyond the capacity are named)."""
    if scenario.ruleset != "squad":
        return "a platoon scenario puts its infantry beside its transport; it loads in play"
    carrier = next((u for u in scenario.units if u.id == carrier_id), None)
    if carrier is None:
        return f"no unit {carrier_id!r} in the scenario"
    ct = scenario.unit_types.get(carrier.type_id)
    t = scenario.unit_types.get(unit.type_id)
    capacity = ct.capacity if ct is not None else 0
    if carrier.id == unit.id:
        return f"{unit.id} cannot carry itself"
    if carrier.side != unit.side:
        return f"{carrier.id} is not a unit of {unit.side}"
    if carrier.hex != unit.hex:
        return f"{carrier.id} is not in {unit.id}'s hex"
    if capacity <= 0:
        return f"{carrier.id} is not a transport (capacity 0)"
    if carrier.carrier is not None or any(u.carrier == unit.id for u in scenario.units):
        return "a transport does not ride in another"
    if not isinstance(t, SquadUnitType) or any(f.model not in RIDERS for f in unit.standing()):
        return f"{unit.id} does not ride in transports: only infantry does (rules 3.10)"
    aboard = [u for u in scenario.units if u.carrier == carrier.id and u.id != unit.id]
    if count_room and len(aboard) >= capacity:
        return f"{carrier.id} is full (capacity {capacity})"
    return None
