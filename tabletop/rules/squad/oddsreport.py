"""The squad's answer to ``tabletop odds`` (``rules.forecast.odds``): ``{"hits": {...},
"figures_lost": {...}, "eliminated": p}``, exact and summing to 1, with the attack's dice
groups, the armor roll and the save (base, improvements, caps) that built them.

Asked for two units sharing a hex in close combat, the odds are those of the unit's attack
on the target in their next close-combat round (``close_combat_odds``; its dice, accuracy
faces and the target's defense roll, without the other units' attacks, tank fear or
morale); the JSON adds ``"close_combat": {"unit": ..., "target": ...}``. ``--hex``: fire
at the bunker there (rules 3.4: hits not saved, one wound each).

READING: the odds are those of the fire in the firer's shooting phase (``odds_plan``); the
platoon's ``--weapon``, ``--moving`` and ``--sw-*`` have no meaning here and are refused
(``OddsRequestError``).
"""

from __future__ import annotations

from typing import Any

from tabletop.model import GameState
from tabletop.rules.forecast import OddsAnswer, OddsQuery, OddsRequestError
from tabletop.rules.los import LineOfSight
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

__all__ = ["odds"]


def check_arguments(query: OddsQuery) -> None:
    asked = {"--weapon": query.weapon, "--moving": query.moving, "--sw-target": query.sw_target,
             "--sw-weapon": query.sw_weapon}  # fmt: skip
    given = [name for name, value in asked.items() if value]
    if given:
        raise OddsRequestError(f"{', '.join(given)}: the squad ruleset has no ratings, "
                               "Moving Fire or support weapons; ask with --unit and --target "
                               "only")  # fmt: skip


def odds(state: GameState, query: OddsQuery, los: LineOfSight) -> OddsAnswer:
    """The odds of the attack ``query`` names (its reasons when it is not legal)."""
    check_arguments(query)
    if query.hex is None and _together(state, query.unit, query.target):
        return _close_combat(state, query)
    plan, reasons = odds_plan(state, query.unit, query.target, los, query.side, query.hex)
    if plan is None:
        return OddsAnswer.illegal(reasons)
    if plan.target is None:
        return _bunker(state, plan)
    result, spec = fire_odds(state, plan, los)
    return OddsAnswer(odds_json(plan, result, spec), odds_text(plan, result, spec))


def _bunker(state: GameState, plan: FirePlan) -> OddsAnswer:
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
    return OddsAnswer(out, "\n".join(lines))


def _together(state: GameState, unit: str | None, target: str | None) -> bool:
    """Both units exist and share a hex: the odds are those of a close-combat round."""
    if unit not in state.units or target not in state.units:
        return False
    a, b = state.unit(str(unit)), state.unit(str(target))
    return a.on_map and a.hex == b.hex


def _close_combat(state: GameState, query: OddsQuery) -> OddsAnswer:
    unit, target = query.unit, str(query.target)
    odds, reasons = close_combat_odds(state, unit, target)
    if query.side is not None and state.unit(unit).side != query.side:
        odds, reasons = None, [f"{unit} belongs to {state.unit(unit).side}, not {query.side}"]
    if odds is None:
        return OddsAnswer.illegal(reasons)
    out = odds.to_json() | {"close_combat": {"unit": unit, "target": target}}
    text = [f"{unit} in close combat with {target}, one round:",
            "hits:         " + "  ".join(f"{k}: {float(p):.4f}" for k, p in enumerate(odds.hits)),
            "figures lost: " + "  ".join(f"{k}: {float(p):.4f}"
                                         for k, p in enumerate(odds.figures_lost)),
            f"eliminated:   {float(odds.eliminated):.4f}"]  # fmt: skip
    return OddsAnswer(out, "\n".join(text))


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
