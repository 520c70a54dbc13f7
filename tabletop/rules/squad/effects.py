"""What happens to squad units, below every action that makes it happen (rules 3.1, 3.7,
3.10): a unit eliminated (its Wreck, its cargo's fate), Suppressed, surrendered (its cargo
captured with it), a cargo getting out or riding along, the cargo of a carrier.

These call each other (an eliminated transport's cargo may be eliminated, a surrendered
one's surrenders) and every attack, move and close combat ends in them; this module
imports no action handler, so the handlers sit on top of it and no import runs in a circle.
"""

from __future__ import annotations

from tabletop.model import GameState, Status, UnitState
from tabletop.rules.actions import ActionResult, Roll
from tabletop.rules.common import hex_of, label, place_wreck
from tabletop.rules.dice import DiceSource
from tabletop.rules.squad.common import MP_USED, stype

__all__ = [
    "CARGO_ROLL", "DISMOUNTED", "SUPPRESSED_OWN_TURN", "cargo_of", "carrier_captured",
    "carrier_lost", "eliminate", "get_out", "ride_along", "suppress", "surrender",
]  # fmt: skip

DISMOUNTED = "dismounted_this_turn"
CARGO_ROLL = "cargo_elimination"


def cargo_of(state: GameState, carrier: UnitState) -> list[UnitState]:
    """The living units riding in ``carrier``, in unit-id order (the model's index)."""
    return state.cargo_of(carrier.id)


def ride_along(state: GameState, carrier: UnitState, result: ActionResult) -> None:
    """The cargo goes where its carrier goes."""
    for rider in cargo_of(state, carrier):
        rider.hex = carrier.hex
        result.touch(rider.id)


SUPPRESSED_OWN_TURN = "suppressed_own_turn"
"""Unit flag: the game turn in which the unit was Suppressed during its own side's player
turn. Rules 3.7 keep it Suppressed "through the end of its side's next player turn", so the
end phase of the turn it was suppressed in does not lift it (``sequence``)."""


def suppress(state: GameState, unit: UnitState, result: ActionResult) -> None:
    """Suppressed (rules 3.7), until the end phase of its side's next player turn: the
    coming one when it is suppressed in the enemy's player turn, the one after this one when
    in its own (a minefield in its own move, a close combat it attacked in, a referee's
    ``morale-test``)."""
    unit.status = Status.SUPPRESSED
    if unit.side == state.active_side:
        unit.flags[SUPPRESSED_OWN_TURN] = state.turn
    result.event("suppressed", unit=unit.id)


def surrender(state: GameState, unit: UnitState, result: ActionResult) -> None:
    """Surrendered: removed from play, counted as captured (rules 3.7), with its cargo."""
    unit.status = Status.SURRENDERED
    result.event("surrendered", unit=unit.id)
    carrier_captured(state, unit, result)


def eliminate(
    state: GameState, unit: UnitState, result: ActionResult, dice: DiceSource | None = None
) -> None:
    """No figure stands: the unit is out of play; a vehicle leaves a Wreck in its hex and
    its cargo rolls for its fate (with ``dice``, rules 3.10)."""
    unit.figures[:] = [f for f in unit.figures if not f.fallen]
    unit.status = Status.ELIMINATED
    result.event("eliminated", unit=unit.id)
    if stype(state, unit).is_vehicle and unit.hex is not None:
        place_wreck(state, unit, result)
    if dice is not None:
        carrier_lost(state, unit, dice, result)


def get_out(state: GameState, cargo: UnitState, result: ActionResult) -> None:
    """``cargo`` leaves its carrier in the carrier's hex: dismounted this turn (3.10), with
    no movement left in this phase."""
    carrier = cargo.carrier
    cargo.carrier = None
    cargo.flags[DISMOUNTED] = True
    cargo.flags[MP_USED] = stype(state, cargo).movement
    result.event("unloaded", unit=cargo.id, carrier=carrier, hex=label(state, hex_of(cargo)))


def carrier_lost(state: GameState, carrier: UnitState, dice: DiceSource,
                 result: ActionResult) -> None:  # fmt: skip
    """The carrier was eliminated: one d6 per cargo unit in unit-id order; even, it is
    eliminated; odd, it gets out in the hex, Suppressed (HOUSE DEFAULT 3.10)."""
    for cargo in cargo_of(state, carrier):
        faces = dice.roll(1)
        even = faces[0] % 2 == 0
        result.rolls.append(Roll(cargo.id, CARGO_ROLL, "even", faces, int(even)))
        result.touch(cargo.id)
        if even:
            for fig in cargo.standing():
                fig.fallen = True
            eliminate(state, cargo, result)
            continue
        get_out(state, cargo, result)
        if stype(state, cargo).steadiness is not None and state.scenario.module("morale"):
            suppress(state, cargo, result)


def carrier_captured(state: GameState, carrier: UnitState, result: ActionResult) -> None:
    """The carrier surrendered: its cargo is captured with it (HOUSE DEFAULT 3.10)."""
    for cargo in cargo_of(state, carrier):
        surrender(state, cargo, result)
