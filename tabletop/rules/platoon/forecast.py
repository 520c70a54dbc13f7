"""Platoon odds for ``tabletop.rules.forecast``: the same plans and convolution as
``tabletop odds`` (``eligibility.plan_fire``, ``fire.sw_plan``, ``odds.plan_odds``), put
in words with every modifier: range and extended range, Moving Fire, the overflow of
rules 1.3, the save's armor and bonus dice by source, the armored cap of rules 2.4."""

from __future__ import annotations

from tabletop.hexgrid import Hex
from tabletop.model import GameState
from tabletop.rules.actions import ActionRequest
from tabletop.rules.forecast import Forecast
from tabletop.rules.los import LineOfSight
from tabletop.rules.platoon.combat import SaveSpec
from tabletop.rules.platoon.eligibility import FirePlan, plan_fire
from tabletop.rules.platoon.odds import plan_odds

OUTCOME_WORDS = {
    "no_effect": "No effect", "disrupted": "Disrupted", "reduced": "Reduced",
    "eliminated": "Eliminated",
}  # fmt: skip
ATTACKS = ("fire", "opportunity-fire", "moving-fire")


def forecast(state: GameState, request: ActionRequest, los: LineOfSight) -> Forecast:
    if request.action not in ATTACKS or request.target is None or request.unit is None:
        return Forecast(reasons=("odds are given for fire at a unit",))
    firer = state.units.get(request.unit)
    target = state.units.get(request.target)
    if firer is None or target is None:
        return Forecast(reasons=("no such unit",))
    moving = request.action == "moving-fire"
    start = state.scenario.map.parse(request.to[-1]) if moving and request.to else None
    plan, reasons = plan_fire(state, firer, target, request.weapon, los, from_hex=start,
                              moving=moving)  # fmt: skip
    if plan is None:
        return Forecast(reasons=tuple(reasons))
    plans = [plan]
    if request.sw_target is not None and request.sw_target == request.target:
        sw = _sw_plan(state, request, los, start)
        if sw is not None:
            plans.append(sw)
    odds, spec = plan_odds(state, plans, los,
                           target_moving=request.action == "opportunity-fire")  # fmt: skip
    outcomes = tuple((OUTCOME_WORDS[o.value], float(p)) for o, p in odds.outcomes.items())
    pools = (*(_pool(p) for p in plans), _save_pool(target.id, spec))
    modifiers = tuple(m for p in plans for m in _hit_words(state, p, moving)) + _save_words(spec)
    return Forecast(outcomes, pools, modifiers)


def _sw_plan(
    state: GameState, request: ActionRequest, los: LineOfSight, start: Hex | None
) -> FirePlan | None:
    from tabletop.rules.platoon.fire import sw_plan

    firer = state.unit(str(request.unit))
    mover = state.unit(str(request.target)) if request.action == "opportunity-fire" else None
    plan, reasons = sw_plan(state, firer, request, los, mover=mover)
    return plan if not reasons else None


def _pool(plan: FirePlan) -> str:
    return (f"{plan.firer} {plan.weapon.value.upper()}: {plan.hit.dice} dice at "
            f"{plan.hit.hit}+, range {plan.range}")  # fmt: skip


def _save_pool(target: str, spec: SaveSpec) -> str:
    if spec.dice == 0:
        return f"{target} save: no dice"
    return f"{target} save: {spec.dice} dice at {spec.need}+"


def _hit_words(state: GameState, plan: FirePlan, moving: bool) -> list[str]:
    words = [f"range {plan.range} of {plan.rating.range}"
             + (" (extended: hit +1)" if plan.extended else "")]  # fmt: skip
    penalty = state.scenario.options.moving_fire_penalty
    if moving and plan.hit.modifier and penalty:
        words.append(f"Moving Fire: hit +{penalty}")
    raw = plan.rating.hit + plan.hit.modifier
    if raw > 6:
        words.append(f"overflow: hit {raw} is 6 with {raw - 6} die fewer "
                     f"({plan.rating.firepower} -> {plan.hit.dice})")  # fmt: skip
    return words


def _save_words(spec: SaveSpec) -> tuple[str, ...]:
    words = []
    if spec.armor:
        words.append(f"armor {spec.armor} dice")
    words += [f"{b.source.replace('_', ' ')}: +{b.dice} save dice" for b in spec.bonus]
    if spec.bonus_used < spec.bonus_total:
        words.append(f"armored cap: {spec.bonus_used} of {spec.bonus_total} bonus dice count")
    return tuple(words)
