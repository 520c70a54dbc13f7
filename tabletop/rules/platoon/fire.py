"""The ``fire`` and ``moving-fire`` actions (rules 2.2 to 2.9), with support weapons.

``fire_at`` is the attack itself (to-hit rolls of the platoon and its SW, depletion, saves,
ladder) and is what opportunity fire calls too; ``sw_plan`` is the SW's eligibility; the
handlers add the acting unit's checks and Ops Complete.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.model import GameState, UnitState
from tabletop.rules.actions import ActionRequest, ActionResult
from tabletop.rules.dice import DiceSource
from tabletop.rules.los import LineOfSight
from tabletop.rules.platoon.combat import Outcome, resolve_attacks, roll_to_hit
from tabletop.rules.platoon.common import (
    OPS_COMPLETE,
    actor_reasons,
    begin_action,
    find_unit,
    hex_of,
    place_marker,
    ptype,
)
from tabletop.rules.platoon.eligibility import FirePlan, plan_fire
from tabletop.rules.platoon.indirect import IndirectFire
from tabletop.rules.platoon.movement import (
    PathPlan,
    moving_fire_budget,
    parse_path,
    plan_path,
)
from tabletop.rules.platoon.pause import AFTER_WALK, Walk, advance, finish


def fire_at(
    state: GameState,
    plan: FirePlan,
    dice: DiceSource,
    result: ActionResult,
    los: LineOfSight,
    *,
    target_moving: bool = False,
    sw: FirePlan | None = None,
) -> dict[str, Outcome]:
    """One fire action: the firer's to-hit roll, then its SW's (``sw``, rules 2.2), each
    with Depleted Ammo 2 on a missile miss (2.8); then each target's save against the hits
    scored on it, in unit-id order (one save against the total when both fired at the same
    target: READING 2.2), and the hit ladder. Marks nothing on the firers but depletion."""
    hits: dict[str, int] = {}
    for p in (plan,) if sw is None else (plan, sw):
        firer = state.unit(p.firer)
        roll = roll_to_hit(dice, result, firer.id, p.hit)
        if p.rating.missile and roll.successes == 0 and state.scenario.module("missile_depletion"):
            # READING 2.8: "a unit with missile armament" = a to-hit roll of a missile rating.
            place_marker(result, firer, "depleted_ammo_2")
        hits[p.target] = hits.get(p.target, 0) + roll.successes
    return resolve_attacks(state, dice, result, hits, los, moving=target_moving)


def sw_plan(
    state: GameState,
    firer: UnitState,
    request: ActionRequest,
    los: LineOfSight,
    *,
    mover: UnitState | None = None,
) -> tuple[FirePlan | None, list[str]]:
    """The SW's part of ``fire`` or ``opportunity-fire`` (rules 2.2) when ``--sw-target``
    or ``--sw-weapon`` is given: its own ratings, range and LOS from the shared hex. In
    opportunity fire (``mover``) its target must be the mover too (fire at a unit that is
    not moving, outside the firer's own impulse, is refused)."""
    if request.sw_target is None and request.sw_weapon is None:
        return None, []
    sw = state.units.get(firer.sw or "")
    if sw is None or not sw.alive:
        return None, [f"{firer.id} has no support weapon"]
    if request.sw_target is None:
        return None, [f"name the target of {sw.id} with --sw-target"]
    target, why = find_unit(state, request.sw_target, "target")
    if target is None:
        return None, [why.replace("--target", "--sw-target")]
    if mover is not None and target.id != mover.id:
        return None, [f"{target.id} is not moving: {sw.id} may fire only at {mover.id}"]
    return plan_fire(state, sw, target, request.sw_weapon, los, from_hex=hex_of(firer))


def _parties(
    state: GameState, request: ActionRequest
) -> tuple[UnitState | None, UnitState | None, list[str]]:
    firer, why_f = find_unit(state, request.unit, "unit")
    target, why_t = find_unit(state, request.target, "target")
    reasons = [r for r in (why_f, why_t) if r]
    if firer is not None:
        reasons = actor_reasons(state, firer, request.side) + reasons
    if request.action != "fire" and (request.sw_target or request.sw_weapon):
        reasons.append(f"a support weapon fires only with fire or opportunity-fire, "
                       f"not {request.action}")  # fmt: skip
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


def mark_fired(state: GameState, result: ActionResult, firer: UnitState) -> None:
    """Ops Complete on the firer and on its SW, whether the SW fired or stayed silent: it
    fires only in its platoon's fire action or not at all that impulse (rules 2.2)."""
    place_marker(result, firer, OPS_COMPLETE)
    sw = state.units.get(firer.sw or "")
    if sw is not None and sw.alive:
        place_marker(result, sw, OPS_COMPLETE)


@dataclass(frozen=True, slots=True)
class Shot:
    """A planned ``fire`` or ``opportunity-fire`` at a unit: the platoon's fire plan and
    its SW's (None: the SW stays silent), as the check found them (ranges, hit numbers,
    after the line of sight)."""

    fire: FirePlan
    sw: FirePlan | None = None


class Fire:
    """``fire --unit ID --target ID [--weapon ap|he|aa]`` in the unit's own impulse; with
    ``--hex`` instead, a mortar's indirect fire (``indirect.IndirectFire``, rules 2.11)."""

    def plan(
        self, state: GameState, request: ActionRequest, los: LineOfSight
    ) -> tuple[Shot | None, list[str]]:
        """The shot and its reasons (a fire at a hex plans in ``perform``: None)."""
        if request.hex is not None:
            return None, IndirectFire().check(state, request, los)
        firer, target, reasons = _parties(state, request)
        if firer is None or target is None:
            return None, reasons
        plan, more = plan_fire(state, firer, target, request.weapon, los)
        sw, sw_why = sw_plan(state, firer, request, los)
        reasons = reasons + more + sw_why
        if reasons or plan is None:
            return None, reasons
        return Shot(plan, sw), []

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        return self.plan(state, request, los)[1]

    def allows(self, state: GameState, request: ActionRequest, los: LineOfSight) -> bool | None:
        """At a hex, ``not check(...)`` without the spotting reasons' sight lines; at a
        unit, None (plan it: the plan is what a legal fire performs)."""
        if request.hex is not None:
            return IndirectFire().allows(state, request, los)
        return None

    def perform(
        self,
        state: GameState,
        request: ActionRequest,
        dice: DiceSource,
        los: LineOfSight,
        planned: Shot | None = None,
    ) -> ActionResult:
        if request.hex is not None:
            return IndirectFire().perform(state, request, dice, los)
        shot = planned if planned is not None else self.plan(state, request, los)[0]
        assert shot is not None
        firer = state.unit(shot.fire.firer)
        begin_action(state)
        result = ActionResult(request.action)
        fire_at(state, shot.fire, dice, result, los, sw=shot.sw)
        mark_fired(state, result, firer)
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

    def plan(
        self, state: GameState, request: ActionRequest, los: LineOfSight
    ) -> tuple[tuple[PathPlan, FirePlan] | None, list[str]]:
        """The move and the fire after it, or the reasons."""
        move, fire, reasons = self._plans(state, request, los)
        if reasons or move is None or fire is None:
            return None, reasons
        return (move, fire), []

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        return self._plans(state, request, los)[2]

    def perform(
        self,
        state: GameState,
        request: ActionRequest,
        dice: DiceSource,
        los: LineOfSight,
        planned: tuple[PathPlan, FirePlan] | None = None,
    ) -> ActionResult:
        move, fire = planned if planned is not None else self._plans(state, request, los)[:2]
        assert move is not None and fire is not None
        firer = state.unit(fire.firer)
        begin_action(state)
        result = ActionResult(request.action)
        # The move pauses for opportunity fire (pause.advance); the fire is made once it
        # is over, now or after ``move --continue`` (fire_after_move).
        leg = Walk(firer.id, request.action, request.to_dict(), move.budget)
        if advance(state, firer, [s.hex for s in move.steps], leg, dice, los, result):
            finish(state, leg, dice, los, result)
        place_marker(result, firer, OPS_COMPLETE)
        result.pending = state.pending
        return result


def fire_after_move(
    state: GameState, leg: Walk, dice: DiceSource, los: LineOfSight, result: ActionResult
) -> None:
    """Moving Fire's fire once its paused move is over (rules 2.7), from where the unit
    stands. HOUSE DEFAULT: if the target is no longer a legal one (eliminated, out of
    sight after a shortened move), the fire is lost."""
    unit = state.unit(leg.unit)
    unit.flags["moving_fire"] = True  # rules 2.7: no assault or overrun this impulse
    target = state.units.get(str(leg.request.get("target")))
    plan = None
    if target is not None and target.on_map:
        weapon = leg.request.get("weapon")
        plan, _ = plan_fire(state, unit, target, None if weapon is None else str(weapon),
                            los, moving=True)  # fmt: skip
    if plan is None:
        result.event("fire_lost", unit=unit.id)
        return
    fire_at(state, plan, dice, result, los)


AFTER_WALK["moving-fire"] = fire_after_move
