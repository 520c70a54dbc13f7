"""``tabletop odds`` for the squad ruleset (interfaces.md 3): ``{"hits": {...},
"figures_lost": {...}, "eliminated": p}``, exact and summing to 1, with the attack's dice
groups, the armor roll and the save (base, improvements, caps) that built them.

Asked for two units sharing a hex in close combat, the odds are those of the unit's attack
on the target in their next close-combat round (``close_combat_odds``; its dice, accuracy
faces and the target's defense roll, without the other units' attacks, tank fear or
morale); the JSON adds ``"close_combat": {"unit": ..., "target": ...}``.

READING: the odds are those of the fire in the firer's shooting phase (``odds_plan``); the
platoon's ``--weapon``, ``--moving`` and ``--sw-*`` have no meaning here and are refused.
"""

from __future__ import annotations

import argparse
from typing import Any

from tabletop.cli.common import EXIT_DONE, EXIT_ILLEGAL, BadInput, emit
from tabletop.model import GameState
from tabletop.rules import LineOfSight
from tabletop.rules.squad.cover import SaveSpec
from tabletop.rules.squad.fire import FirePlan
from tabletop.rules.squad.forecast import modifiers, pools
from tabletop.rules.squad.odds import (
    SquadOdds,
    bunker_odds,
    close_combat_odds,
    fire_odds,
    odds_plan,
)


def check_arguments(args: argparse.Namespace) -> None:
    asked = {"--weapon": args.weapon, "--moving": args.moving, "--sw-target": args.sw_target,
             "--sw-weapon": args.sw_weapon}  # fmt: skip
    given = [name for name, value in asked.items() if value]
    if given:
        raise BadInput(f"{', '.join(given)}: the squad ruleset has no ratings, Moving Fire or "
                       "support weapons; ask with --unit and --target only")  # fmt: skip


def run(state: GameState, args: argparse.Namespace, los: LineOfSight) -> int:
    hex_label = getattr(args, "hex", None)
    if hex_label is None and _together(state, args.unit, args.target):
        return _close_combat(state, args)
    plan, reasons = odds_plan(state, args.unit, args.target, los, args.as_side, hex_label)
    if plan is None:
        emit({"legal": False, "reasons": reasons}, args.json,
             "\n".join(f"illegal: {r}" for r in reasons))  # fmt: skip
        return EXIT_ILLEGAL
    if plan.target is None:
        return _bunker(state, plan, args)
    odds, spec = fire_odds(state, plan, los)
    emit(odds_json(plan, odds, spec), args.json, odds_text(plan, odds, spec))
    return EXIT_DONE


def _bunker(state: GameState, plan: FirePlan, args: argparse.Namespace) -> int:
    """``--hex``: fire at the bunker itself (rules 3.4: hits not saved, one wound each)."""
    odds = bunker_odds(state, plan)
    where = state.scenario.map.label(plan.hex)
    out = odds.to_json()
    out["bunker"]["hex"] = where
    out["attack"] = {"unit": plan.firer, "hex": where, "range": plan.range,
                     "groups": [{"source": g.source, "dice": g.hit.dice, "need": f"{g.hit.hit}+",
                                 "range": g.rating.range} for g in plan.groups]}  # fmt: skip
    lines = [f"{plan.firer} {g.source}: {g.hit.dice} dice at {g.hit.hit}+, range {plan.range} "
             f"of {g.rating.range}" for g in plan.groups]  # fmt: skip
    lines += [
        f"the bunker in {where}: {odds.wounds_left} wounds left, hits not saved",
        "hits:         " + "  ".join(f"{k}: {float(p):.4f}" for k, p in enumerate(odds.hits)),
        "wounds:       " + "  ".join(f"{k}: {float(p):.4f}" for k, p in enumerate(odds.wounds)),
        f"destroyed:    {float(odds.destroyed):.4f}"
        + (f" (with {', '.join(u for u, _ in odds.inside)} inside)" if odds.inside else ""),
    ]
    emit(out, args.json, "\n".join(lines))
    return EXIT_DONE


def _together(state: GameState, unit: str | None, target: str | None) -> bool:
    """Both units exist and share a hex: the odds are those of a close-combat round."""
    if unit not in state.units or target not in state.units:
        return False
    a, b = state.unit(str(unit)), state.unit(str(target))
    return a.on_map and a.hex == b.hex


def _close_combat(state: GameState, args: argparse.Namespace) -> int:
    odds, reasons = close_combat_odds(state, str(args.unit), str(args.target))
    if args.as_side is not None and state.unit(str(args.unit)).side != args.as_side:
        odds, reasons = None, [f"{args.unit} belongs to {state.unit(str(args.unit)).side}, "
                               f"not {args.as_side}"]  # fmt: skip
    if odds is None:
        emit({"legal": False, "reasons": reasons}, args.json,
             "\n".join(f"illegal: {r}" for r in reasons))  # fmt: skip
        return EXIT_ILLEGAL
    out = odds.to_json() | {"close_combat": {"unit": args.unit, "target": args.target}}
    text = [f"{args.unit} in close combat with {args.target}, one round:",
            "hits:         " + "  ".join(f"{k}: {float(p):.4f}" for k, p in enumerate(odds.hits)),
            "figures lost: " + "  ".join(f"{k}: {float(p):.4f}"
                                         for k, p in enumerate(odds.figures_lost)),
            f"eliminated:   {float(odds.eliminated):.4f}"]  # fmt: skip
    emit(out, args.json, "\n".join(text))
    return EXIT_DONE


def odds_json(plan: FirePlan, odds: SquadOdds, spec: SaveSpec) -> dict[str, Any]:
    out = odds.to_json()
    out["attack"] = {
        "unit": plan.firer, "target": plan.target, "range": plan.range,
        "groups": [{"source": g.source, "dice": g.hit.dice, "need": f"{g.hit.hit}+",
                    "range": g.rating.range, "anti_tank": g.rating.anti_tank}
                   for g in plan.groups],
        "armor": plan.armor,
    }  # fmt: skip
    out["save"] = {
        "need": None if spec.need is None else f"{spec.need}+", "base": spec.base,
        "improvements": list(spec.steps), "caps": list(spec.caps),
    }  # fmt: skip
    return out


def odds_text(plan: FirePlan, odds: SquadOdds, spec: SaveSpec) -> str:
    lines = [*pools(plan, spec), *(f"  {m}" for m in modifiers(plan, spec))]
    lines.append("hits:         " + "  ".join(f"{k}: {float(p):.4f}"
                                             for k, p in enumerate(odds.hits)))  # fmt: skip
    lines.append("figures lost: " + "  ".join(f"{k}: {float(p):.4f}"
                                             for k, p in enumerate(odds.figures_lost)))  # fmt: skip
    lines.append(f"eliminated:   {float(odds.eliminated):.4f}")
    return "\n".join(lines)
