"""Opportunity fire (rules 2.2 [6.2]): answering a paused move.

``opportunity-fire --unit FIRER --target MOVER [--weapon W]`` makes one attack on the unit
whose move is paused (never concealed, 2.9 b); the firer is then Ops Complete. ``pass``
declines. HOUSE DEFAULT after the play aid: one attack per hex entered (option
``opfire_per_hex: 1 | unlimited``; with ``unlimited`` the pause lasts until ``pass`` or
until no one else could fire). Then the mover's side continues with ``move --continue``.
"""

from __future__ import annotations

from dataclasses import replace

from tabletop.model import GameState, UnitState
from tabletop.rules.actions import ActionRequest, ActionResult
from tabletop.rules.dice import DiceSource
from tabletop.rules.los import LineOfSight
from tabletop.rules.platoon.common import OPS_COMPLETE, find_unit
from tabletop.rules.platoon.eligibility import FirePlan, plan_fire
from tabletop.rules.platoon.pause import (
    OPFIRE,
    PAUSED,
    finish,
    leg_from_pending,
    opportunity_firers,
)


def _mover(state: GameState, *, answered: bool = False) -> UnitState | None:
    """The unit paused for opportunity fire (``answered``: or paused after it)."""
    if state.pending is None:
        return None
    if state.pending.kind != OPFIRE and not answered:
        return None
    return state.units.get(state.pending.unit)


def _sw_fire(
    state: GameState, firer: UnitState, request: ActionRequest, los: LineOfSight,
    mover: UnitState,
) -> tuple[FirePlan | None, list[str]]:  # fmt: skip
    from tabletop.rules.platoon.fire import sw_plan  # fire imports movement, pause

    return sw_plan(state, firer, request, los, mover=mover)


def opfire_plan(
    state: GameState, request: ActionRequest, los: LineOfSight
) -> tuple[tuple[FirePlan, FirePlan | None] | None, list[str]]:
    """The opportunity attack (the firer's fire plan and its SW's, None when silent) or
    the reasons it is refused."""
    if not state.scenario.module("opportunity_fire"):
        return None, ["the opportunity_fire module is off: no fire during enemy impulses"]
    firer, why = find_unit(state, request.unit, "unit")
    target, why_t = find_unit(state, request.target, "target")
    if firer is None or target is None:
        return None, [r for r in (why, why_t) if r]
    mover = _mover(state, answered=True)
    if mover is None or mover.id != target.id:
        why = f"{target.id} is not moving: fire outside {firer.id}'s own impulse is refused"
        return None, [why]
    assert state.pending is not None
    if state.pending.kind != OPFIRE and not state.pending.shots:
        return None, [f"the opportunity fire at {mover.id} in {state.pending.hex} "
                      "was passed"]  # fmt: skip
    reasons: list[str] = []
    if request.side is not None and request.side != firer.side:
        reasons.append(f"{firer.id} belongs to {firer.side}, not {request.side}")
    if firer.side == mover.side:
        reasons.append(f"{firer.id} is on the moving side")
    if firer.sw_of is not None:
        reasons.append(f"{firer.id} is a support weapon: it fires only with {firer.sw_of}")
    if firer.carrier is not None:
        reasons.append(f"{firer.id} is carried by {firer.carrier} and cannot fire")
    if firer.has(OPS_COMPLETE):
        reasons.append(f"{firer.id} is Ops Complete")
    limit = state.scenario.options.opfire_per_hex
    assert state.pending is not None
    if limit is not None and state.pending.shots >= limit:
        reasons.append(f"{mover.id} has already drawn {limit} opportunity attack(s) in "
                       f"{state.pending.hex} (option opfire_per_hex)")  # fmt: skip
    plan, more = plan_fire(state, firer, mover, request.weapon, los)
    sw, sw_why = _sw_fire(state, firer, request, los, mover)
    reasons += more + sw_why
    if reasons or plan is None:
        return None, reasons
    return (plan, sw), []


class OpportunityFire:
    def plan(
        self, state: GameState, request: ActionRequest, los: LineOfSight
    ) -> tuple[tuple[FirePlan, FirePlan | None] | None, list[str]]:
        return opfire_plan(state, request, los)

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        return opfire_plan(state, request, los)[1]

    def perform(
        self,
        state: GameState,
        request: ActionRequest,
        dice: DiceSource,
        los: LineOfSight,
        planned: tuple[FirePlan, FirePlan | None] | None = None,
    ) -> ActionResult:
        from tabletop.rules.platoon.fire import fire_at, mark_fired

        shot = planned if planned is not None else opfire_plan(state, request, los)[0]
        assert shot is not None and state.pending is not None
        plan, sw = shot
        firer = state.unit(plan.firer)
        result = ActionResult(request.action)
        fire_at(state, plan, dice, result, los, target_moving=True, sw=sw)
        mark_fired(state, result, firer)
        state.pending = replace(state.pending, shots=state.pending.shots + 1)
        mover = state.unit(plan.target)
        limit = state.scenario.options.opfire_per_hex
        firers = opportunity_firers(state, mover, los) if mover.alive else []
        if not mover.alive:
            state.pending = None
            result.event("move_ended", unit=mover.id, reason="eliminated")
        elif limit is None and firers:
            state.pending = replace(state.pending, firers=tuple(firers))
        else:
            _answered(state, dice, los, result)
        result.pending = state.pending
        return result


class Pass:
    """``pass``: no (more) opportunity fire at the paused mover in this hex."""

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        mover = _mover(state)
        if mover is None:
            return ["no move is paused for opportunity fire: there is nothing to pass"]
        if request.side is not None and request.side == mover.side:
            return [f"the moving side ({mover.side}) does not answer its own move"]
        return []

    def perform(
        self, state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight
    ) -> ActionResult:
        result = ActionResult(request.action)
        assert state.pending is not None
        result.event("passed", unit=state.pending.unit, hex=state.pending.hex)
        _answered(state, dice, los, result)
        result.pending = state.pending
        return result


def _answered(state: GameState, dice: DiceSource, los: LineOfSight, result: ActionResult) -> None:
    """The pause in this hex is over: a plain move at its path's end is done; anything else
    waits for ``move --continue``."""
    assert state.pending is not None
    if state.pending.action == "move" and not state.pending.path_left:
        finish(state, leg_from_pending(state.pending), dice, los, result)
    else:
        state.pending = replace(state.pending, kind=PAUSED, firers=())
