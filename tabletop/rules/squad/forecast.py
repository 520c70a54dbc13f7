"""Squad odds for ``tabletop.rules.forecast``: the plan and convolution of ``tabletop odds``
(``odds.odds_plan``, ``odds.fire_odds``) in words: each dice group, the armor roll, and the
save with its base, improvements and caps (rules 3.3, 3.4)."""

from __future__ import annotations

from tabletop.model import GameState
from tabletop.rules.actions import ActionRequest
from tabletop.rules.forecast import Forecast, UnitForecast
from tabletop.rules.los import LineOfSight
from tabletop.rules.squad.cover import SaveSpec
from tabletop.rules.squad.fire import FirePlan
from tabletop.rules.squad.odds import bunker_odds, fire_odds, odds_plan


def forecast(state: GameState, request: ActionRequest, los: LineOfSight) -> Forecast:
    if request.action == "fire" and request.hex is not None and request.unit is not None:
        return _bunker_forecast(state, request, los)
    if request.action != "fire" or request.target is None or request.unit is None:
        return Forecast(reasons=("odds are given for fire at a unit or a bunker",))
    plan, reasons = odds_plan(state, request.unit, request.target, los)
    if plan is None:
        return Forecast(reasons=tuple(reasons))
    odds, spec = fire_odds(state, plan, los)
    standing = len(odds.figures_lost) - 1
    outcomes = tuple((_lost_words(k, standing), float(p)) for k, p in enumerate(odds.figures_lost))
    return Forecast(outcomes, pools(plan, spec), modifiers(plan, spec))


def _lost_words(k: int, standing: int) -> str:
    if k == standing:
        return "Eliminated"
    if k == 0:
        return "No figure lost"
    return f"{k} figure{'s' if k > 1 else ''} lost"


def pools(plan: FirePlan, spec: SaveSpec) -> tuple[str, ...]:
    out = [f"{plan.firer} {g.source}: {g.hit.dice} dice at {g.hit.hit}+, range "
           f"{plan.range} of {g.rating.range}" for g in plan.groups]  # fmt: skip
    if plan.armor:
        out.append(f"{plan.target} armor: 1 die per hit, cancelled on <= {plan.armor}")
    out.append(f"{plan.target} save: " + ("none" if spec.need is None else
                                          f"1 die per hit at {spec.need}+"))  # fmt: skip
    return tuple(out)


def modifiers(plan: FirePlan, spec: SaveSpec) -> tuple[str, ...]:
    out = [f"save: {spec.base}"] if spec.need is not None else ["no save: in the open"]
    out += [f"save one step better: {s}" for s in spec.steps]
    out += [f"save capped: {c}" for c in spec.caps]
    return tuple(out)


def _bunker_forecast(state: GameState, request: ActionRequest, los: LineOfSight) -> Forecast:
    """Fire at a bunker itself: the wounds it takes (the last outcome: destroyed), and for
    each unit inside the chance that it is lost with the bunker (rules 3.4)."""
    plan, reasons = odds_plan(state, request.unit, None, los, hex_label=request.hex)
    if plan is None:
        return Forecast(reasons=tuple(reasons))
    odds = bunker_odds(state, plan)
    names = ["No wound", *(f"{k} wound{'s' if k > 1 else ''}" for k in range(1, odds.wounds_left))]
    outcomes = tuple(zip([*names, "Bunker destroyed"], map(float, odds.wounds), strict=True))
    p = float(odds.destroyed)
    units = tuple(UnitForecast(uid, (("No figure lost", 1 - p), ("Eliminated", p)), "inside")
                  for uid, _ in odds.inside)  # fmt: skip
    pools = tuple(f"{plan.firer} {g.source}: {g.hit.dice} dice at {g.hit.hit}+, range "
                  f"{plan.range} of {g.rating.range}" for g in plan.groups)  # fmt: skip
    mods = (f"the bunker has {odds.wounds_left} wounds left; its hits are not saved",)
    return Forecast(outcomes, pools, mods, units=units, untouched=float(odds.wounds[0]))
