"""Platoon odds for ``tabletop.rules.forecast``: the same plans and convolution as
``tabletop odds`` (``eligibility.plan_fire``, ``fire.sw_plan``, ``odds.plan_odds``), put
in words with every modifier: range and extended range, Moving Fire, the overflow of
rules 1.3, the save's armor and bonus dice by source, the armored cap of rules 2.4.

Attacks on several units answer with one ``UnitForecast`` each: a mortar's fire at a hex
(``fire --hex``: ``areaodds.area_odds``, every target and its cargo) and a platoon whose
SW fires at another target (``--sw-target``: ``sw_odds``, each target its own save)."""

from __future__ import annotations

from dataclasses import replace

from tabletop.hexgrid import Hex
from tabletop.model import GameState
from tabletop.rules.actions import ActionRequest
from tabletop.rules.engine import ruleset_for
from tabletop.rules.forecast import Forecast
from tabletop.rules.los import LineOfSight, counted_range
from tabletop.rules.platoon.areaforecast import hex_forecast, save_words, split_forecast
from tabletop.rules.platoon.combat import SaveSpec
from tabletop.rules.platoon.common import pside
from tabletop.rules.platoon.eligibility import FirePlan, plan_fire
from tabletop.rules.platoon.odds import plan_odds

OUTCOME_WORDS = {
    "no_effect": "No effect", "disrupted": "Disrupted", "reduced": "Reduced",
    "eliminated": "Eliminated",
}  # fmt: skip
ATTACKS = ("fire", "opportunity-fire", "moving-fire")


def forecast(state: GameState, request: ActionRequest, los: LineOfSight) -> Forecast:
    if request.action == "fire" and request.hex is not None and request.unit is not None:
        return hex_forecast(state, request, los)
    if request.action not in ATTACKS or request.target is None or request.unit is None:
        return Forecast(reasons=("odds are given for fire at a unit or a mortar's at a hex",))
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
    if request.sw_target is not None and request.sw_target != request.target:
        return split_forecast(state, request, los, plan)
    if request.sw_target is not None:
        sw = _sw_plan(state, request, los, start)
        if sw is not None:
            plans.append(sw)
    odds, spec = plan_odds(state, plans, los,
                           target_moving=request.action == "opportunity-fire")  # fmt: skip
    outcomes = tuple((OUTCOME_WORDS[o.value], float(p)) for o, p in odds.outcomes.items())
    pools = (*(_pool(p) for p in plans), _save_pool(target.id, spec))
    modifiers = tuple(m for p in plans for m in _hit_words(state, p, moving)) + _save_words(spec)
    return Forecast(outcomes, pools, modifiers)


def support_choices(
    state: GameState, request: ActionRequest, los: LineOfSight
) -> tuple[ActionRequest, ...]:
    """``fire`` or ``opportunity-fire`` at a unit, with each ``--sw-target`` and
    ``--sw-weapon`` the fire check accepts: the same target first, then every other enemy
    within twice the SW's longest range (extended range at most doubles it), in unit-id
    order. In opportunity fire the SW may fire only at the mover (the target)."""
    ruleset = ruleset_for(state.scenario.ruleset)  # (this package's object, through the table)

    firer = state.units.get(request.unit or "")
    if request.action not in ("fire", "opportunity-fire") or firer is None or not firer.on_map:
        return ()
    sw = state.units.get(firer.sw or "")
    if sw is None or not sw.alive or request.target is None or firer.hex is None:
        return ()
    ratings = pside(state, sw).ratings()
    far = 2 * max((r.range for r in ratings.values()), default=0)
    targets = [request.target]
    if request.action == "fire":
        options = state.scenario.options
        targets += [e.id for e in state.enemies_of(firer.side)
                    if e.id != request.target and e.hex is not None and e.sw_of is None
                    and e.carrier is None
                    and counted_range(firer.hex, e.hex, options) <= far]  # fmt: skip
    out = []
    for tid in targets:
        for weapon in ratings:
            candidate = replace(request, sw_target=tid, sw_weapon=weapon.value)
            if not ruleset.check(state, candidate, los):
                out.append(candidate)
    return tuple(out)


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
    return tuple(save_words(spec))
