"""Morale (rules 3.7): steadiness, the test (1.6), Suppressed, surrender.

A unit's steadiness is its counter's ``steadiness``; ``null`` means it never tests and is
never Suppressed. Steadiness drops by 1 once the unit is at half its starting figures (the
figures its counter lists) or fewer, standing figures counted (HOUSE DEFAULT); the test for
the loss that caused the drop already uses the lowered value. A test rolls 2d6 and passes
when the sum is at most the steadiness. A failed test makes the unit Suppressed (except the
tank-fear test of close combat, whose failure means skipping round 1, HOUSE DEFAULT). A
Suppressed unit does not test again. With the ``morale`` module off no test is rolled.

The triggers, each rolled inside the action that causes it: (1) losses, once after each
attack in which the unit lost a figure (``loss_tests``); (2) the tank attack, the tank-fear
test of close combat (``closecombat``); (3) suppressive fire and (4) air strikes on its hex.
"""

from __future__ import annotations

from collections.abc import Iterable

from tabletop.model import GameState, Status, UnitState
from tabletop.rules.actions import ActionRequest, ActionResult, Roll
from tabletop.rules.common import find_unit
from tabletop.rules.dice import DiceSource
from tabletop.rules.los import LineOfSight
from tabletop.rules.squad.common import stype
from tabletop.rules.squad.effects import SUPPRESSED_OWN_TURN as SUPPRESSED_OWN_TURN
from tabletop.rules.squad.effects import suppress as suppress
from tabletop.rules.squad.effects import surrender as surrender


def steadiness(state: GameState, unit: UnitState) -> int | None:
    """The unit's steadiness now: the counter's, less 1 at half strength or fewer."""
    utype = stype(state, unit)
    if utype.steadiness is None:
        return None
    start = utype.figure_count
    return utype.steadiness - (1 if 2 * len(unit.standing()) <= start else 0)


def tests(state: GameState, unit: UnitState) -> bool:
    """Whether the unit takes morale tests now: module on, steadiness not null, alive, not
    already Suppressed."""
    return (
        state.scenario.module("morale")
        and unit.alive
        and unit.status is not Status.SUPPRESSED
        and steadiness(state, unit) is not None
    )


def roll_test(
    state: GameState, unit: UnitState, dice: DiceSource, result: ActionResult, purpose: str
) -> bool:
    """Roll one 2d6 test (``purpose``: ``morale`` or ``tank_fear``); True when passed. The
    caller has checked ``tests``."""
    value = steadiness(state, unit)
    assert value is not None
    faces = dice.roll(2)
    passed = sum(faces) <= value
    result.rolls.append(Roll(unit.id, purpose, f"<= {value}", faces, 1 if passed else 0))
    result.touch(unit.id)
    return passed


def recover(unit: UnitState, result: ActionResult) -> None:
    """Suppressed removed (its end phase, or a passed re-test in close combat)."""
    unit.status = Status.GOOD_ORDER
    unit.flags.pop(SUPPRESSED_OWN_TURN, None)
    result.event("suppression_removed", unit=unit.id)


def morale_test(state: GameState, unit: UnitState, dice: DiceSource, result: ActionResult) -> bool:
    """A test whose failure is Suppressed; True when passed (or not tested)."""
    if not tests(state, unit):
        return True
    if roll_test(state, unit, dice, result, "morale"):
        return True
    suppress(state, unit, result)
    return False


def loss_tests(
    state: GameState, lost: Iterable[str], dice: DiceSource, result: ActionResult
) -> None:
    """Trigger 1: each unit (by id, in id order) that lost a figure in an attack tests."""
    for uid in sorted(set(lost)):
        morale_test(state, state.unit(uid), dice, result)


class MoraleTest:
    """``morale-test --unit ID``: a test the rules call for outside an action (a referee's
    ruling), in any phase; failing it makes the unit Suppressed."""

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        unit, why = find_unit(state, request.unit, "unit")
        if unit is None:
            return [why]
        reasons: list[str] = []
        if request.side is not None and unit.side != request.side:
            reasons.append(f"{unit.id} belongs to {unit.side}, not {request.side}")
        if not state.scenario.module("morale"):
            reasons.append("morale is switched off in this scenario (rules: morale)")
        elif unit.status is Status.SUPPRESSED:
            reasons.append(f"{unit.id} is Suppressed: it does not test again")
        elif steadiness(state, unit) is None:
            reasons.append(f"{unit.id} never tests morale (steadiness: null)")
        if not unit.on_map:
            reasons.append(f"{unit.id} is not on the map")
        if unit.carrier is not None:  # HOUSE DEFAULT 3.10
            reasons.append(f"{unit.id} rides in {unit.carrier}: carried units take no tests")
        return reasons

    def perform(
        self, state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight
    ) -> ActionResult:
        result = ActionResult(request.action)
        morale_test(state, state.unit(str(request.unit)), dice, result)
        return result
