"""What happens to platoon units, below every action that makes it happen (rules 2.6, 2.11).

The hit ladder and its outcome, hits taken (``take_hits``: ``apply_hits``, then what they do
to a carrier's cargo), the cargo of a carrier. Fire, assault, minefield and area attacks
resolve through ``combat`` and end here; this module imports no action handler, so the
handlers sit on top of it and no import runs in a circle.
"""

from __future__ import annotations

from enum import Enum

from tabletop.model import GameState, Status, UnitState
from tabletop.rules.actions import ActionResult, Roll
from tabletop.rules.common import place_wreck
from tabletop.rules.dice import DiceSource
from tabletop.rules.platoon.common import eliminate, hex_of, label, ptype

__all__ = [
    "Outcome", "apply_hits", "cargo_effects", "cargo_of", "ladder", "outcome_of", "take_hits",
]  # fmt: skip


class Outcome(Enum):
    """What an attack did to its target (the ``outcomes`` of ``tabletop odds``)."""

    NO_EFFECT = "no_effect"
    DISRUPTED = "disrupted"
    REDUCED = "reduced"
    ELIMINATED = "eliminated"


def cargo_of(state: GameState, carrier: UnitState) -> list[UnitState]:
    """The living units ``carrier`` carries, in unit-id order (the model's index)."""
    return state.cargo_of(carrier.id)


# --- the hit ladder (rules 2.6) -------------------------------------------------------------
def take_hits(
    state: GameState, target: UnitState, net: int, dice: DiceSource, result: ActionResult
) -> Outcome:
    """``apply_hits``, then what they do to the target's cargo if it is a carrier
    (rules 2.11, ``cargo_effects``: its d6 rolls are read here)."""
    was = (target.step, target.status)
    outcome = apply_hits(state, target, net, result)
    cargo_effects(state, target, was, dice, result)
    return outcome


def ladder(step: str, disrupted: bool, single_step: bool, net: int) -> tuple[str, bool, bool]:
    """(step, disrupted, eliminated) after ``net`` hits, one rung per hit."""
    for _ in range(net):
        if not disrupted:
            disrupted = True
        elif step == "full" and not single_step:
            step = "reduced"
        else:
            return step, disrupted, True
    return step, disrupted, False


def outcome_of(step: str, disrupted: bool, single_step: bool, net: int) -> Outcome:
    new_step, new_disrupted, gone = ladder(step, disrupted, single_step, net)
    if gone:
        return Outcome.ELIMINATED
    if new_step != step:
        return Outcome.REDUCED
    if new_disrupted != disrupted:
        return Outcome.DISRUPTED
    return Outcome.NO_EFFECT


def apply_hits(state: GameState, target: UnitState, net: int, result: ActionResult) -> Outcome:
    """Apply net hits, with events in ladder order (an eliminated unit gets only
    ``eliminated``, its printed step left as it was); a ground vehicle leaves a Wreck."""
    utype = ptype(state, target)
    disrupted = target.status is Status.DISRUPTED
    step, now_disrupted, gone = ladder(target.step, disrupted, utype.single_step, net)
    outcome = outcome_of(target.step, disrupted, utype.single_step, net)
    if gone:
        eliminate(state, target, result)
        if utype.is_vehicle:
            place_wreck(state, target, result)
        return outcome
    if now_disrupted and not disrupted:
        target.status = Status.DISRUPTED
        result.event("disrupted", unit=target.id)
    if step != target.step:
        target.step = step
        result.event("reduced", unit=target.id)
    result.touch(target.id)
    return outcome


# --- cargo (rules 2.11) -----------------------------------------------------------------------
def cargo_effects(
    state: GameState, carrier: UnitState, was: tuple[str, Status], dice: DiceSource,
    result: ActionResult,
) -> None:  # fmt: skip
    """Rules 2.11: what hits on a carrier do to its cargo (``was``: step and status before).
    Called by ``take_hits`` after the carrier's hits; one d6 per cargo unit, in
    unit-id order, recorded as a Roll ``for`` ``cargo_elimination`` or ``cargo_step_loss``."""
    cargo = cargo_of(state, carrier)
    if not cargo or (carrier.step, carrier.status) == was:
        return
    if not carrier.alive:
        for c in cargo:
            if _even(dice, result, c, "cargo_elimination"):
                eliminate(state, c, result)
            else:  # odd: left Reduced and Disrupted in the hex
                c.carrier = None
                result.event("unloaded", unit=c.id, carrier=carrier.id,
                             hex=label(state, hex_of(c)))  # fmt: skip
                _step_loss(state, c, result)
        return
    if carrier.step != was[0]:
        for c in cargo:
            if _even(dice, result, c, "cargo_step_loss"):
                _step_loss(state, c, result)
    if carrier.disrupted and was[1] is not Status.DISRUPTED:
        for c in cargo:
            if c.alive and not c.disrupted:
                apply_hits(state, c, 1, result)


def _step_loss(state: GameState, unit: UnitState, result: ActionResult) -> None:
    """READING 2.11: a cargo "step loss" is a flip to the reduced side, Disrupted as the
    hit ladder leaves a reduced unit (2.6); a reduced or single-step unit is eliminated."""
    if unit.step != "full" or ptype(state, unit).single_step:
        eliminate(state, unit, result)
        return
    unit.step = "reduced"
    if not unit.disrupted:
        unit.status = Status.DISRUPTED
        result.event("disrupted", unit=unit.id)
    result.event("reduced", unit=unit.id)


def _even(dice: DiceSource, result: ActionResult, unit: UnitState, purpose: str) -> bool:
    faces = dice.roll(1)
    even = faces[0] % 2 == 0
    result.rolls.append(Roll(unit.id, purpose, "even", faces, int(even)))
    return even
