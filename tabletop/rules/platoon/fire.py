"""The ``fire`` and ``moving-fire`` actions (rules 2.2 to 2.9).

``fire_at`` is the attack itself (to-hit, depletion, save, ladder) and is what
opportunity fire will call too; the handlers add the acting unit's checks and Ops Complete.
"""

from __future__ import annotations

from tabletop.model import GameState, UnitState
from tabletop.rules.actions import ActionRequest, ActionResult
from tabletop.rules.dice import DiceSource
from tabletop.rules.los import LineOfSight
from tabletop.rules.platoon.combat import Outcome, resolve_attack, roll_to_hit
from tabletop.rules.platoon.common import (
    OPS_COMPLETE,
    actor_reasons,
    begin_action,
    find_unit,
    place_marker,
    ptype,
)
from tabletop.rules.platoon.eligibility import FirePlan, plan_fire
from tabletop.rules.platoon.movement import (
    PathPlan,
    moving_fire_budget,
    parse_path,
    plan_path,
)


def fire_at(
    state: GameState,
    plan: FirePlan,
    dice: DiceSource,
    result: ActionResult,
    los: LineOfSight,
    *,
    target_moving: bool = False,
) -> Outcome:
    """One attack: the firer's to-hit roll, Depleted Ammo 2 on a missile miss (2.8), the
    target's save and the hit ladder. Marks nothing on the firer but depletion."""
    firer = state.unit(plan.firer)
    target = state.unit(plan.target)
    roll = roll_to_hit(dice, result, firer.id, plan.hit)
    if plan.rating.missile and roll.successes == 0 and state.scenario.module("missile_depletion"):
        # READING 2.8: "a unit with missile armament" = a to-hit roll of a missile rating.
        place_marker(result, firer, "depleted_ammo_2")
    return resolve_attack(state, dice, result, target, roll.successes, los, moving=target_moving)


def _parties(
    state: GameState, request: ActionRequest
) -> tuple[UnitState | None, UnitState | None, list[str]]:
    firer, why_f = find_unit(state, request.unit, "unit")
    target, why_t = find_unit(state, request.target, "target")
    reasons = [r for r in (why_f, why_t) if r]
    if firer is not None:
        reasons = actor_reasons(state, firer, request.side) + reasons
    if request.sw_target is not None or request.sw_weapon is not None:
        reasons.append("support weapon fire is not implemented yet in the platoon ruleset")
    if len(request.units) > 1:
        reasons.append(f"{request.action} takes one unit, not {len(request.units)}")
    return firer, target, reasons


def moving_fire_capability(state: GameState, firer: UnitState, weapon: str | None) -> list[str]:
    """Why ``firer`` may not use Moving Fire with ``weapon`` (rules 2.7); empty if it may."""
    if not state.scenario.module("moving_fire"):
        return ["the moving_fire module is off: no Moving Fire"]
    utype = ptype(state, firer)
    if utype.is_helicopter:
        if (firer.mode or "flying") != "flying":
            return [f"{firer.id} moves only in Flying mode (it is {firer.mode})"]
        return []
    side = utype.side(firer.step, firer.mode)
    if weapon is None:
        return ["name the rating for Moving Fire with --weapon"]
    weapons = [w for w in side.ratings() if w.value == weapon]
    if weapons and not utype.can_moving_fire(weapons[0], side):
        return [f"{firer.id}'s {weapon} rating has no Moving Fire capability"]
    return []


class Fire:
    """``fire --unit ID --target ID [--weapon ap|he|aa]`` in the unit's own impulse."""

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        firer, target, reasons = _parties(state, request)
        if firer is None or target is None:
            return reasons
        _, more = plan_fire(state, firer, target, request.weapon, los)
        return reasons + more

    def perform(
        self, state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight
    ) -> ActionResult:
        firer, target, _ = _parties(state, request)
        assert firer is not None and target is not None
        plan, _ = plan_fire(state, firer, target, request.weapon, los)
        assert plan is not None
        begin_action(state)
        result = ActionResult(request.action)
        fire_at(state, plan, dice, result, los)
        place_marker(result, firer, OPS_COMPLETE)
        return result


class MovingFire:
    """``moving-fire --unit ID --to HEX,... --target ID --weapon W`` (rules 2.7)."""

    def _plans(
        self, state: GameState, request: ActionRequest, los: LineOfSight
    ) -> tuple[PathPlan | None, FirePlan | None, list[str]]:
        firer, target, reasons = _parties(state, request)
        if firer is None or target is None or reasons:
            return None, None, reasons
        reasons += moving_fire_capability(state, firer, request.weapon)
        path, why = parse_path(state, request.to)
        if why or reasons:
            return None, None, reasons + why
        move, why = plan_path(state, firer, path, moving_fire_budget(state, firer))
        if move is None:
            return None, None, why
        fire, why = plan_fire(state, firer, target, request.weapon, los,
                              from_hex=move.end, moving=True)  # fmt: skip
        return move, fire, why

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        return self._plans(state, request, los)[2]

    def perform(
        self, state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight
    ) -> ActionResult:
        move, fire, _ = self._plans(state, request, los)
        assert move is not None and fire is not None
        firer = state.unit(fire.firer)
        begin_action(state)
        result = ActionResult(request.action)
        # The move pauses for opportunity fire (pause.advance); the fire is made once it
        # is over, now or after ``move --continue`` (move.fire_after_move).
        from tabletop.rules.platoon.move import finish
        from tabletop.rules.platoon.pause import Walk, advance

        leg = Walk(firer.id, request.action, request.to_dict(), move.budget)
        if advance(state, firer, [s.hex for s in move.steps], leg, dice, los, result):
            finish(state, leg, dice, los, result)
        place_marker(result, firer, OPS_COMPLETE)
        result.pending = state.pending
        return result
