"""``tabletop odds GAME --unit ID (--target ID | --hex HEX) [--weapon ap|he|aa] [--moving]
[--sw-target ID --sw-weapon W] [--as SIDE] [--json]``: the exact probabilities of an
attack's outcomes, before rolling; with ``--sw-target`` the platoon's SW fires too: at the
same target, which saves once against the total (rules 2.2), or at another one, and then
each target's odds are given (``"units"``). ``--hex``: a mortar's indirect fire at a hex
(rules 2.11), with the odds of every unit there, cargo included (docs/headless.md).

HOUSE DEFAULT: the odds answer for an attack the unit could make in its own impulse, so
the sequence (whose impulse it is) and Ops Complete are not checked; everything else
(Disrupted, ratings, depletion, range, line of sight, overflow) is, with the fire
action's reasons (exit 2 when the attack is not legal).
"""

from __future__ import annotations

import argparse
from typing import Any

from tabletop.cli import squadodds
from tabletop.cli.common import (
    EXIT_DONE,
    EXIT_ILLEGAL,
    BadInput,
    check_side,
    check_units,
    emit,
    fail,
    load_play,
    make_los,
)
from tabletop.model import GameState
from tabletop.rules import ActionRequest, LineOfSight
from tabletop.rules.chance import Number
from tabletop.rules.platoon.areaodds import AreaOdds, SplitOdds, UnitOdds, area_odds, split_odds
from tabletop.rules.platoon.combat import SaveSpec, sources_text
from tabletop.rules.platoon.common import find_unit
from tabletop.rules.platoon.eligibility import FirePlan, plan_fire
from tabletop.rules.platoon.fire import moving_fire_capability, sw_plan
from tabletop.rules.platoon.indirect import area_plan
from tabletop.rules.platoon.odds import Odds, plan_odds


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="a scenario or saved game file")
    parser.add_argument("--unit", required=True, help="the firer")
    parser.add_argument("--target", help="the unit fired at")
    parser.add_argument("--hex", help="instead of --target: a mortar's indirect fire at this hex "
                        "(platoon), fire at the bunker there (squad)")  # fmt: skip
    parser.add_argument("--weapon", choices=("ap", "he", "aa"))
    parser.add_argument("--moving", action="store_true", help="as Moving Fire (rules 2.7)")
    parser.add_argument("--sw-target", help="the platoon's SW fires too, at this same target")
    parser.add_argument("--sw-weapon", choices=("ap", "he", "aa"), help="the SW's rating")
    parser.add_argument("--as", dest="as_side", metavar="SIDE", help="this side's view")
    parser.add_argument("--json", action="store_true", help="print the odds as JSON")


def legal_plans(
    state: GameState, args: argparse.Namespace, los: LineOfSight
) -> tuple[list[FirePlan], list[str]]:
    """The platoon's plan, and its SW's with ``--sw-target``/``--sw-weapon`` (rules 2.2:
    one save against the total, so the odds cover one target only)."""
    plan, reasons = legal_plan(state, args, los)
    if args.sw_target is None and args.sw_weapon is None:
        return ([plan] if plan is not None else []), reasons
    if args.moving:
        reasons.append("a support weapon does not fire with Moving Fire")
    firer = state.units.get(args.unit)
    if plan is None or firer is None or reasons:
        return [], reasons
    sw_target = args.sw_target or args.target
    request = ActionRequest("fire", sw_target=sw_target, sw_weapon=args.sw_weapon)
    sw, more = sw_plan(state, firer, request, los)
    return ([plan, sw] if sw is not None else []), reasons + more


def legal_plan(
    state: GameState, args: argparse.Namespace, los: LineOfSight
) -> tuple[FirePlan | None, list[str]]:
    firer, why_f = find_unit(state, args.unit, "unit")
    target, why_t = find_unit(state, args.target, "target")
    reasons = [r for r in (why_f, why_t) if r]
    if firer is None or target is None:
        return None, reasons
    if args.as_side is not None and firer.side != args.as_side:
        reasons.append(f"{firer.id} belongs to {firer.side}, not {args.as_side}")
    if args.moving:
        reasons += moving_fire_capability(state, firer, args.weapon)
    plan, more = plan_fire(state, firer, target, args.weapon, los, moving=args.moving)
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


def run(args: argparse.Namespace) -> int:
    try:
        state = load_play(args.game)
        check_side(state, args.as_side)
        check_units(state, args.unit, args.target, args.sw_target)
        _check_form(args)
        if state.scenario.ruleset == "squad":
            squadodds.check_arguments(args)  # squad --hex: fire at the bunker there
        los = make_los(state)
    except (BadInput, ValueError) as exc:
        return fail(str(exc), args.json)
    if state.scenario.ruleset == "squad":
        return squadodds.run(state, args, los)
    if args.hex is not None:
        return _run_hex(state, args, los)
    plans, reasons = legal_plans(state, args, los)
    if not plans or reasons:
        return _illegal(args, reasons)
    if len(plans) > 1 and plans[1].target != plans[0].target:
        split = split_odds(state, plans[0], plans[1], los)
        emit(
            split_json(split),
            args.json,
            several_text(split_lines(split), split.units, split.untouched),
        )
        return EXIT_DONE
    odds, spec = plan_odds(state, plans, los)
    emit(odds_json(plans, odds, spec), args.json, odds_text(plans, odds, spec))
    return EXIT_DONE


def _check_form(args: argparse.Namespace) -> None:
    """One of --target and --hex; --hex takes no SW and no Moving Fire."""
    if (args.target is None) == (args.hex is None):
        raise BadInput("give --target ID (fire at a unit) or --hex HEX (a mortar's fire at a "
                       "hex), one of the two")  # fmt: skip
    if args.hex is not None and (args.sw_target or args.sw_weapon or args.moving):
        raise BadInput("--hex: a mortar's fire at a hex takes no --sw-target, --sw-weapon or "
                       "--moving")  # fmt: skip


def _illegal(args: argparse.Namespace, reasons: list[str]) -> int:
    emit({"legal": False, "reasons": reasons}, args.json,
         "\n".join(f"illegal: {r}" for r in reasons))  # fmt: skip
    return EXIT_ILLEGAL


def _run_hex(state: GameState, args: argparse.Namespace, los: LineOfSight) -> int:
    """``--hex``: the mortar's area attack (HOUSE DEFAULT above: impulse and Ops Complete
    are not checked), every unit in the hex."""
    request = ActionRequest("fire", units=(args.unit,), hex=args.hex, weapon=args.weapon)
    plan, reasons = area_plan(state, request, los, acting=False)
    firer = state.units.get(args.unit)
    if firer is not None and args.as_side is not None and firer.side != args.as_side:
        reasons.append(f"{firer.id} belongs to {firer.side}, not {args.as_side}")
    if plan is None or reasons:
        return _illegal(args, reasons)
    odds = area_odds(state, plan, los)
    emit(
        area_json(state, odds),
        args.json,
        several_text(area_lines(state, odds), odds.units, odds.untouched),
    )
    return EXIT_DONE


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
