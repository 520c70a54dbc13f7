"""The platoon ``Forecast`` of attacks on several units, in words: a mortar's fire at a hex
(``areaodds.area_odds``) and a platoon whose SW fires at another target
(``areaodds.split_odds``). One ``UnitForecast`` per unit the attack may touch (every
target, then its cargo), the chance that none is touched, the dice pools and every
modifier, as ``forecast`` gives them for one target."""

from __future__ import annotations

from tabletop.model import GameState
from tabletop.rules.actions import ActionRequest
from tabletop.rules.forecast import Forecast, UnitForecast
from tabletop.rules.los import LineOfSight
from tabletop.rules.platoon.areaodds import AreaOdds, SplitOdds, UnitOdds, area_odds, split_odds
from tabletop.rules.platoon.combat import Outcome, SaveSpec
from tabletop.rules.platoon.eligibility import FirePlan
from tabletop.rules.platoon.indirect import area_plan

OUTCOME_WORDS = {
    Outcome.NO_EFFECT: "No effect", Outcome.DISRUPTED: "Disrupted",
    Outcome.REDUCED: "Reduced", Outcome.ELIMINATED: "Eliminated",
}  # fmt: skip


def hex_forecast(state: GameState, request: ActionRequest, los: LineOfSight) -> Forecast:
    """``fire --unit MORTAR --hex HEX``: each unit in the hex, as the rules attack them;
    like the odds of fire at a unit, as if it were the mortar's impulse."""
    plan, reasons = area_plan(state, request, los, acting=False)
    if plan is None:
        return Forecast(reasons=tuple(reasons))
    return area_forecast(state, area_odds(state, plan, los))


def area_forecast(state: GameState, odds: AreaOdds) -> Forecast:
    plan = odds.plan
    where = state.scenario.map.label(plan.hex)
    pools = [f"{plan.firer} HE at {where}: {plan.hit.dice} dice at {plan.hit.hit}+ "
             f"against each of {', '.join(plan.targets)}, range {plan.range}"]  # fmt: skip
    modifiers = [f"range {plan.range}" + (" (extended: hit +1)" if plan.extended else ""),
                 f"spotted by {plan.spotter}: no line of sight of its own needed"]  # fmt: skip
    for u in odds.units:
        if u.carrier is None:
            pools += [_save_pool(u.unit, spec, float(p), len(u.saves)) for spec, p in u.saves]
            modifiers += [f"{u.unit}: {m}" for spec, _ in u.saves[:1] for m in save_words(spec)]
    if any(len(u.saves) > 1 for u in odds.units):
        modifiers.append("a ground vehicle eliminated here leaves a Wreck: the units "
                         "attacked after it save with its die and concealment")  # fmt: skip
    return _several(odds.units, float(odds.untouched), pools, modifiers)


def split_forecast(
    state: GameState, request: ActionRequest, los: LineOfSight, plan: FirePlan
) -> Forecast:
    """``fire --target A --sw-target B``: the platoon at A and its SW at B."""
    from tabletop.rules.platoon.fire import sw_plan

    if request.action == "moving-fire":
        return Forecast(reasons=("a support weapon does not fire with Moving Fire",))
    firer = state.unit(str(request.unit))
    mover = state.unit(str(request.target)) if request.action == "opportunity-fire" else None
    sw, reasons = sw_plan(state, firer, request, los, mover=mover)
    if sw is None or reasons:
        return Forecast(reasons=tuple(reasons))
    return sw_forecast(split_odds(state, plan, sw, los))


def sw_forecast(odds: SplitOdds) -> Forecast:
    pools: list[str] = []
    modifiers: list[str] = []
    for p in (odds.plan, odds.sw):
        spec = odds.unit(p.target).saves[0][0]
        pools += [f"{p.firer} {p.weapon.value.upper()} at {p.target}: {p.hit.dice} dice at "
                  f"{p.hit.hit}+, range {p.range}", _save_pool(p.target, spec, 1.0, 1)]  # fmt: skip
        modifiers += [f"{p.firer}: range {p.range} of {p.rating.range}"
                      + (" (extended: hit +1)" if p.extended else "")]  # fmt: skip
        modifiers += [f"{p.target}: {m}" for m in save_words(spec)]
    modifiers.append("each target saves against its own hits")
    return _several(odds.units, float(odds.untouched), pools, modifiers,
                    sw_target=odds.sw.target)  # fmt: skip


def _several(
    units: tuple[UnitOdds, ...], untouched: float, pools: list[str], modifiers: list[str],
    *, sw_target: str | None = None,
) -> Forecast:  # fmt: skip
    each = tuple(UnitForecast(u.unit, words(u), _note(u, sw_target)) for u in units)
    return Forecast(each[0].outcomes, tuple(pools), tuple(modifiers), (), each, untouched)


def _note(u: UnitOdds, sw_target: str | None) -> str:
    if u.carrier is not None:
        return f"cargo of {u.carrier}"
    return "the SW's target" if u.unit == sw_target else ""


def words(u: UnitOdds) -> tuple[tuple[str, float], ...]:
    return tuple((OUTCOME_WORDS[o], float(u.outcomes[o])) for o in Outcome)


def _save_pool(target: str, spec: SaveSpec, chance: float, kinds: int) -> str:
    roll = "no dice" if spec.dice == 0 else f"{spec.dice} dice at {spec.need}+"
    when = f" (chance {chance:.0%})" if kinds > 1 else ""
    return f"{target} save: {roll}{when}"


def save_words(spec: SaveSpec) -> list[str]:
    """The save's armor, bonus dice by source and the armored cap (rules 2.4)."""
    out = [f"armor {spec.armor} dice"] if spec.armor else []
    out += [f"{b.source.replace('_', ' ')}: +{b.dice} save dice" for b in spec.bonus]
    if spec.bonus_used < spec.bonus_total:
        out.append(f"armored cap: {spec.bonus_used} of {spec.bonus_total} bonus dice count")
    return out
