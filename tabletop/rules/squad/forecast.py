"""Squad odds for ``tabletop.rules.forecast``: the plan and convolution of ``tabletop odds``
(``odds.odds_plan``, ``odds.fire_odds``) in words: each dice group, the armor roll, and the
save with its base, improvements and caps (rules 3.3, 3.4)."""

from __future__ import annotations

from tabletop.model import GameState
from tabletop.rules.actions import ActionRequest
from tabletop.rules.forecast import Forecast
from tabletop.rules.los import LineOfSight
from tabletop.rules.squad.cover import SaveSpec
from tabletop.rules.squad.fire import FirePlan
from tabletop.rules.squad.odds import fire_odds, odds_plan


def forecast(state: GameState, request: ActionRequest, los: LineOfSight) -> Forecast:
    if request.action != "fire" or request.target is None or request.unit is None:
        return Forecast(reasons=("odds are given for fire at a unit",))
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
