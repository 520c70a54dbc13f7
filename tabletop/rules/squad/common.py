"""Shared helpers of the squad ruleset: unit types, figure classes, the phase and the acting
unit's checks, close-combat hexes and bunkers.

Every handler builds its legality reasons from these, so the sentences read the same
everywhere. Unit flags the ruleset keeps (all saved with the game, ``model.UNIT_FLAGS``):

- ``mp_used``: movement points spent in the current movement phase;
- ``shooting``: what the unit did in the current shooting phase (``fired``, ``ran``,
  ``dug_in``), one of the three (rules 3.2);
- ``move_locked``: dug in last turn, may not move in its own next movement phase (3.5);
- ``ammo_spent``: it spent ammunition in the current player turn (3.3).
"""

from __future__ import annotations

from tabletop.hexgrid import Hex
from tabletop.model import GameState, SquadUnitType, Status, UnitState
from tabletop.model.units import (
    AIRCRAFT_MODELS,
    GUN_MODELS,
    HEAVY_WEAPON_MODELS,
    VEHICLE_MODELS,
    Fire,
)
from tabletop.rules.common import hex_of, label

PHASES = ("movement", "shooting", "close_combat", "end")
"""The phases of a player turn, in order (rules 3.2)."""
SHOOTING = "shooting"
MP_USED = "mp_used"
MOVE_LOCKED = "move_locked"
AMMO_SPENT = "ammo_spent"
FIRED_LAST_SHOOTING = "fired_last_shooting"
"""It fired in its side's most recent shooting phase (a defender then skips round 1, 3.6)."""
BUNKER_DAMAGE = "bunker_damage"
"""``GameState.flags`` key: bunker hex label -> wounds the bunker has taken (rules 3.4)."""

RANK = {"soldier": 0, "cavalry": 0, "medic": 1, **dict.fromkeys(HEAVY_WEAPON_MODELS, 2)}
"""Headless hit allocation (rules 3.1): soldiers first, then medics, then heavy weapons,
then everything else (the gun after its crew, vehicles, aircraft): ``RANK.get(model, 3)``."""
MOUNT_WOUNDS = 2
"""A cavalry figure's mount takes its first 2 wounds; the rider then fights on foot."""


def stype(state: GameState, unit: UnitState) -> SquadUnitType:
    return state.scenario.squad_type(unit.type_id)


def is_machine(model: str) -> bool:
    """Vehicles, guns and aircraft: their unit's ``fire`` is its total dice (rules 3.3)."""
    return model in VEHICLE_MODELS or model in GUN_MODELS or model in AIRCRAFT_MODELS


def is_soldierly(utype: SquadUnitType) -> bool:
    """Soldiers and their weapons (infantry, cavalry, heavy-weapon teams, guns and crews):
    everything but vehicles and aircraft, which have no trench or bunker save (HOUSE
    DEFAULT 3.4)."""
    return utype.main_model not in VEHICLE_MODELS and not utype.is_aircraft


def mounted(figure_model: str, wounds: int) -> bool:
    return figure_model == "cavalry" and wounds < MOUNT_WOUNDS


def is_infantry(state: GameState, unit: UnitState) -> bool:
    """Only infantry enter a bunker (rules 3.4): every standing figure is a soldier, medic,
    heavy weapon, or a cavalry rider whose mount is lost."""
    return all(
        (f.model in RANK and not mounted(f.model, f.wounds)) for f in unit.standing()
    ) and not is_machine(stype(state, unit).main_model)


def own_fire(utype: SquadUnitType, model: str) -> Fire | None:
    """The ``fire`` a heavy-weapon figure of this model carries in the counter, if any."""
    return next((s.fire for s in utype.figures if s.model == model and s.fire), None)


# --- where -------------------------------------------------------------------------------------
def units_in(state: GameState, h: Hex) -> list[UnitState]:
    """The living units that take part in what happens in ``h``, in unit-id order: every
    unit there except those riding in a transport (HOUSE DEFAULT 3.10: cargo is neither
    fired at, bombed, mined, suppressed nor fought in close combat; it shares its carrier's
    fate, ``transport.carrier_lost``)."""
    # (from the game's hex index: living units there in unit-id order; asked for every
    # step of every path, so never a scan of every unit)
    return [u for u in state.units_at(h) if u.carrier is None]


def sides_in(state: GameState, h: Hex) -> set[str]:
    # asked for every hex a move, a shot or a candidate touches: from the hex index
    return {u.side for u in state.units_at(h) if u.carrier is None}


def in_close_combat(state: GameState, h: Hex) -> bool:
    """Close combat is going on in every hex that holds both sides (rules 3.2, 3.6)."""
    return len(sides_in(state, h)) > 1


def is_bunker(state: GameState, h: Hex) -> bool:
    """A bunker that still stands: the map's ``bunker`` terrain, not shot down."""
    if state.scenario.map.terrain(h).name != "bunker":
        return False
    return bunker_wounds_left(state, h) > 0


def bunker_wounds_left(state: GameState, h: Hex) -> int:
    taken = dict(state.flags.get(BUNKER_DAMAGE, {})).get(label(state, h), 0)
    return max(0, state.scenario.options.bunker_wounds - int(taken))


# --- the acting side and unit ------------------------------------------------------------------
def phase_reasons(state: GameState, phase: str, side: str | None) -> list[str]:
    """Why an action of the ``phase`` may not be taken now by ``side`` (None: the side to
    act); empty when it may."""
    reasons: list[str] = []
    if state.phase != phase:
        reasons.append(f"it is the {state.phase.replace('_', ' ')} phase, not the "
                       f"{phase.replace('_', ' ')} phase")  # fmt: skip
    if side is not None and side != state.active_side:
        reasons.append(f"it is {state.active_side}'s player turn, not {side}'s")
    return reasons


def actor_reasons(state: GameState, unit: UnitState, side: str | None, phase: str) -> list[str]:
    """Why ``unit`` may not act in ``phase`` now: the phase, whose turn it is, whose unit."""
    reasons = phase_reasons(state, phase, side)
    if unit.side != state.active_side:
        reasons.append(f"{unit.id} belongs to {unit.side}: it acts in {unit.side}'s player turn")
    if unit.carrier is not None:
        reasons.append(carried_reason(unit))
    return reasons


def carried_reason(unit: UnitState) -> str:
    return (f"{unit.id} rides in {unit.carrier}: it does nothing until it gets out "
            f"(unload --unit {unit.carrier})")  # fmt: skip


MINE_WORK_BARS = {
    "laying_mines": frozenset({"fire", "suppress", "air-strike"}),
    "clearing_mines": frozenset({"fire", "suppress", "air-strike", "run", "dig-in"}),
}
"""What a sapper at mine work may not do in the shooting phase (rules 3.8): laying, "it may
not shoot or fight" (moving is allowed, a run is a move, and cancels the laying; digging in
is neither shooting nor fighting); clearing, "a whole player turn without moving or
shooting" (READING: nor digging in, which takes the turn's work)."""
MINE_WORK_WORDS = {
    "laying_mines": "it may not shoot while it lays them (rules 3.8; moving cancels the laying)",
    "clearing_mines": "it may not shoot, run or dig in this player turn (rules 3.8)",
}


def shooting_reasons(state: GameState, unit: UnitState, action: str = "fire") -> list[str]:
    """A unit shoots, runs or digs in (``action``) once per shooting phase, if not
    Suppressed (3.2), not while close combat goes on in its hex, and not when its mine work
    forbids it (``MINE_WORK_BARS``)."""
    reasons: list[str] = []
    if unit.status is Status.SUPPRESSED:
        reasons.append(f"{unit.id} is Suppressed")
    done = unit.flags.get(SHOOTING)
    if done:
        reasons.append(f"{unit.id} has already {DONE_WORDS.get(str(done), done)} this shooting "
                       "phase (a unit shoots, runs or digs in)")  # fmt: skip
    if in_close_combat(state, hex_of(unit)):
        reasons.append(f"{unit.id} is in close combat in {label(state, hex_of(unit))}")
    for marker, barred in MINE_WORK_BARS.items():
        if unit.has(marker) and action in barred:
            reasons.append(f"{unit.id} is {marker.replace('_', ' ')}: {MINE_WORK_WORDS[marker]}")
    return reasons


DONE_WORDS = {"fired": "fired", "ran": "run", "dug_in": "dug in"}
