"""The platoon's answer to ``tabletop odds`` (``rules.forecast.odds``): the attack an
``OddsQuery`` names, planned as the fire action plans it, and its exact odds as the
command's JSON object and text.

``--unit U --target T [--weapon W] [--moving]``: the unit's fire; with ``--sw-target`` (and
``--sw-weapon``) its platoon's SW fires too: at the same target, which saves once against
the total (rules 2.2), or at another one, and then each target's odds are given
(``"units"``). ``--hex``: a mortar's indirect fire at a hex (rules 2.11), with the odds of
every unit there, cargo included.

HOUSE DEFAULT: the odds answer for an attack the unit could make in its own impulse, so
the sequence (whose impulse it is) and Ops Complete are not checked; everything else
(Disrupted, ratings, depletion, range, line of sight, overflow) is, with the fire
action's reasons.
"""

from __future__ import annotations

from typing import Any

from tabletop.model import GameState
from tabletop.rules.actions import ActionRequest
from tabletop.rules.chance import Number
from tabletop.rules.forecast import OddsAnswer, OddsQuery
from tabletop.rules.los import LineOfSight
from tabletop.rules.platoon.areaodds import AreaOdds, SplitOdds, UnitOdds, area_odds, split_odds
from tabletop.rules.platoon.combat import SaveSpec, sources_text
from tabletop.rules.platoon.common import find_unit
from tabletop.rules.platoon.eligibility import FirePlan, plan_fire
from tabletop.rules.platoon.fire import moving_fire_capability, sw_plan
from tabletop.rules.platoon.indirect import area_plan
from tabletop.rules.platoon.odds import Odds, plan_odds

__all__ = ["odds"]


def odds(state: GameState, query: OddsQuery, los: LineOfSight) -> OddsAnswer:
    """The odds of the attack ``query`` names (its reasons when it is not legal)."""
    if query.hex is not None:
        return _hex_odds(state, query, los)
    plans, reasons = legal_plans(state, query, los)
    if not plans or reasons:
        return OddsAnswer.illegal(reasons)
    if len(plans) > 1 and plans[1].target != plans[0].target:
        split = split_odds(state, plans[0], plans[1], los)
        text = several_text(split_lines(split), split.units, split.untouched)
        return OddsAnswer(split_json(split), text)
    result, spec = plan_odds(state, plans, los)
    return OddsAnswer(odds_json(plans, result, spec), odds_text(plans, result, spec))


def legal_plans(
    state: GameState, query: OddsQuery, los: LineOfSight
) -> tuple[list[FirePlan], list[str]]:
    """The platoon's plan, and its SW's with ``--sw-target``/``--sw-weapon`` (rules 2.2:
    one save against the total, so the odds cover one target only)."""
    plan, reasons = legal_plan(state, query, los)
    if query.sw_target is None and query.sw_weapon is None:
        return ([plan] if plan is not None else []), reasons
    if query.moving:
        reasons.append("a support weapon does not fire with Moving Fire")
    firer = state.units.get(query.unit)
    if plan is None or firer is None or reasons:
        return [], reasons
    sw_target = query.sw_target or query.target
    request = ActionRequest("fire", sw_target=sw_target, sw_weapon=query.sw_weapon)
    sw, more = sw_plan(state, firer, request, los)
    return ([plan, sw] if sw is not None else []), reasons + more


def legal_plan(
    state: GameState, query: OddsQuery, los: LineOfSight
) -> tuple[FirePlan | None, list[str]]:
    firer, why_f = find_unit(state, query.unit, "unit")
    target, why_t = find_unit(state, query.target, "target")
    reasons = [r for r in (why_f, why_t) if r]
    if firer is None or target is None:
        return None, reasons
    if query.side is not None and firer.side != query.side:
        reasons.append(f"{firer.id} belongs to {firer.side}, not {query.side}")
    if query.moving:
        reasons += moving_fire_capability(state, firer, query.weapon)
    plan, more = plan_fire(state, firer, target, query.weapon, los, moving=query.moving)
    return plan, reasons + more


def _attack_json(plan: FirePlan) -> dict[str, Any]:
    return {
        "unit": plan.firer, "target": plan.target, "weapon": plan.weapon.value,
        "dice": plan.hit.dice, "need": f"{plan.hit.hit}+", "range": plan.range,
        "extended": plan.extended,
    }  # fmt: skip


def odds_json(plans: list[FirePlan], odds: Odds, spec: SaveSpec) -> dict[str, Any]:
    out = odds.to_json()
    out["attack"] = _attack_json(plans[0])
    if len(plans) > 1:
        out["sw_attack"] = _attack_json(plans[1])
    out["save"] = {
        "dice": spec.dice, "need": f"{spec.need}+",
        "bonus": {b.source: b.dice for b in spec.bonus}, "bonus_used": spec.bonus_used,
    }  # fmt: skip
    return out


def odds_text(plans: list[FirePlan], odds: Odds, spec: SaveSpec) -> str:
    lines = [
        f"{p.firer} fires {p.weapon.value} at {p.target}: {p.hit.dice} dice "
        f"at {p.hit.hit}+, range {p.range}{' (extended)' if p.extended else ''}"
        for p in plans
    ]
    lines += [
        f"save: {spec.dice} dice at {spec.need}+ (bonus: {sources_text(spec.bonus)}"
        f"{_cap_text(spec)})",
        "hits:     " + "  ".join(f"{k}: {float(p):.4f}" for k, p in enumerate(odds.hits)),
        "net hits: " + "  ".join(f"{k}: {float(p):.4f}" for k, p in enumerate(odds.net_hits)),
    ]
    lines += [f"{o.value:<10} {float(p):.4f}" for o, p in odds.outcomes.items()]
    return "\n".join(lines)


def _hex_odds(state: GameState, query: OddsQuery, los: LineOfSight) -> OddsAnswer:
    """``--hex``: the mortar's area attack (HOUSE DEFAULT above: impulse and Ops Complete
    are not checked), every unit in the hex."""
    request = ActionRequest("fire", units=(query.unit,), hex=query.hex, weapon=query.weapon)
    plan, reasons = area_plan(state, request, los, acting=False)
    firer = state.units.get(query.unit)
    if firer is not None and query.side is not None and firer.side != query.side:
        reasons.append(f"{firer.id} belongs to {firer.side}, not {query.side}")
    if plan is None or reasons:
        return OddsAnswer.illegal(reasons)
    result = area_odds(state, plan, los)
    text = several_text(area_lines(state, result), result.units, result.untouched)
    return OddsAnswer(area_json(state, result), text)


def area_json(state: GameState, odds: AreaOdds) -> dict[str, Any]:
    plan = odds.plan
    attack = {"unit": plan.firer, "weapon": "he", "dice": plan.hit.dice,
              "need": f"{plan.hit.hit}+", "range": plan.range, "extended": plan.extended,
              "spotter": plan.spotter}  # fmt: skip
    return {"hex": state.scenario.map.label(plan.hex), "attack": attack,
            "units": {u.unit: u.to_json() for u in odds.units},
            "untouched": float(odds.untouched)}  # fmt: skip


def split_json(odds: SplitOdds) -> dict[str, Any]:
    return {"attack": _attack_json(odds.plan), "sw_attack": _attack_json(odds.sw),
            "units": {u.unit: u.to_json() for u in odds.units},
            "untouched": float(odds.untouched)}  # fmt: skip


def area_lines(state: GameState, odds: AreaOdds) -> list[str]:
    plan = odds.plan
    return [f"{plan.firer} fires he at {state.scenario.map.label(plan.hex)} (spotted by "
            f"{plan.spotter}): {plan.hit.dice} dice at {plan.hit.hit}+ against each of "
            f"{', '.join(plan.targets)}, range {plan.range}"
            f"{' (extended)' if plan.extended else ''}"]  # fmt: skip


def split_lines(odds: SplitOdds) -> list[str]:
    return [f"{p.firer} fires {p.weapon.value} at {p.target}: {p.hit.dice} dice at "
            f"{p.hit.hit}+, range {p.range}{' (extended)' if p.extended else ''}"
            for p in (odds.plan, odds.sw)]  # fmt: skip


def several_text(head: list[str], units: tuple[UnitOdds, ...], untouched: Number) -> str:
    """Each unit's odds; a target's save(s), a cargo unit's carrier."""
    lines = list(head)
    for u in units:
        if u.carrier is not None:
            lines.append(f"{u.unit} (cargo of {u.carrier}):")
        else:
            saves = "; ".join(f"{s.dice} dice at {s.need}+ (bonus: {sources_text(s.bonus)}"
                              f"{_cap_text(s)})" + (f", chance {float(p):.4f}"
                                                    if len(u.saves) > 1 else "")
                              for s, p in u.saves)  # fmt: skip
            lines.append(f"{u.unit}: save {saves}")
        lines += [f"  {o.value:<10} {float(p):.4f}" for o, p in u.outcomes.items()]
    lines.append(f"no unit touched: {float(untouched):.4f}")
    return "\n".join(lines)


def _cap_text(spec: SaveSpec) -> str:
    """Say so when the armored cap of rules 2.4 cut the bonus dice."""
    total = sum(b.dice for b in spec.bonus)
    return f", capped at {spec.bonus_used}" if spec.bonus_used < total else ""
