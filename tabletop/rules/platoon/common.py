"""Shared helpers of the platoon ruleset: unit lookups, labels, the acting unit's checks.

Every handler module (sequence, fire, and the next ones: move, opportunity fire, assault)
builds its legality reasons from these, so the sentences read the same everywhere.
"""

from __future__ import annotations

from tabletop.model import GameState, PlatoonSide, PlatoonUnitType, Status, UnitState
from tabletop.rules.actions import ActionResult
from tabletop.rules.common import find_unit as find_unit
from tabletop.rules.common import hex_of as hex_of
from tabletop.rules.common import label as label
from tabletop.rules.common import place_marker as place_marker
from tabletop.rules.common import remove_marker as remove_marker

OPS_COMPLETE = "ops_complete"
DEPLETED = ("depleted_ammo_2", "depleted_ammo_1")

MARKER_NAMES = {
    "ops_complete": "Ops Complete",
    "depleted_ammo_2": "Depleted Ammo 2",
    "depleted_ammo_1": "Depleted Ammo 1",
    "entrenched": "Entrenched",
    "entrenching": "Entrenching",
    "laying_mines": "Laying Mines",
    "clearing_mines": "Clearing Mines",
}

# Keys of ``GameState.flags`` the platoon ruleset keeps for the active impulse.
RALLIED = "rallied"
"""Ids of the units that took their rally test this impulse (rules 2.1 b)."""
ACTION_TAKEN = "action_taken"
"""True once a unit took an action this impulse: the rally step is over (rules 2.1)."""


def ptype(state: GameState, unit: UnitState) -> PlatoonUnitType:
    return state.scenario.platoon_type(unit.type_id)


def pside(state: GameState, unit: UnitState) -> PlatoonSide:
    """The printed side in use: the step, or the helicopter's mode."""
    return ptype(state, unit).side(unit.step, unit.mode)


def impulse_reasons(state: GameState) -> list[str]:
    if state.phase != "impulse" or state.active_formation is None:
        return ["no impulse is active: draw a chit first"]
    return []


def actor_reasons(state: GameState, unit: UnitState, side: str | None) -> list[str]:
    """Why ``unit`` may not take an action in the active impulse (empty: it may).

    Covers: the requesting side, the active formation, Ops Complete (one action per unit
    per impulse), riding in a transport, and a support weapon acting alone.
    """
    reasons = impulse_reasons(state)
    if side is not None and unit.side != side:
        reasons.append(f"{unit.id} belongs to {unit.side}, not {side}")
    if not reasons and unit.formation != state.active_formation:
        reasons.append(
            f"{unit.id} is not of the active formation ({state.active_formation}): "
            f"it acts only in its own impulse"
        )
    if unit.sw_of is not None:
        reasons.append(f"{unit.id} is a support weapon: it acts only with {unit.sw_of}")
    if unit.carrier is not None:
        reasons.append(f"{unit.id} is carried by {unit.carrier}")
    if unit.has(OPS_COMPLETE):
        reasons.append(f"{unit.id} is Ops Complete")
    return reasons


def begin_action(state: GameState) -> None:
    """The first action of an impulse ends its rally step (rules 2.1)."""
    state.flags[ACTION_TAKEN] = True


def eliminate(state: GameState, unit: UnitState, result: ActionResult) -> None:
    """Remove a unit from play, with its support weapon (HOUSE DEFAULT 2.2)."""
    unit.status = Status.ELIMINATED
    result.event("eliminated", unit=unit.id)
    if unit.sw is not None and unit.sw in state.units:
        sw = state.units[unit.sw]
        if sw.alive:
            sw.status = Status.ELIMINATED
            result.event("eliminated", unit=sw.id)


def riders(state: GameState, unit: UnitState) -> list[UnitState]:
    """Units that move with ``unit``: its SW, its cargo and their SWs (unit-id order)."""
    # (from the unit table's index: a big game has thousands of units not to pass over)
    cargo = state.cargo_of(unit.id)
    owners = sorted({unit.id, *(c.id for c in cargo)})
    sws = [w for owner in owners for w in state.weapons_of(owner)]
    return sorted(cargo + sws, key=lambda u: u.id)
