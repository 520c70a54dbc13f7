"""Indirect fire (rules 2.11, module ``indirect_fire``): ``fire --unit MORTAR --hex HEX``.

A mortar fires its HE rating at a hex that a friendly HQ or recon unit sees, without a
line of sight of its own, and attacks every enemy unit there that HE may attack: one
attack per unit, in unit-id order, each its own to-hit roll, then that unit's save and
the hit ladder (``combat.resolve_attack``). The ``fire`` handler sends here every request
that names ``--hex``; ``area_plan`` reads no dice.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.hexgrid import Hex
from tabletop.model import GameState, Kind, UnitState, Weapon
from tabletop.rules.actions import ActionRequest, ActionResult
from tabletop.rules.dice import DiceSource
from tabletop.rules.los import LineOfSight, Viewpoint, counted_range, viewpoint_of
from tabletop.rules.platoon.combat import (
    HitNumber,
    Outcome,
    los_markers,
    resolve_attack,
    roll_to_hit,
)
from tabletop.rules.platoon.common import (
    OPS_COMPLETE,
    actor_reasons,
    begin_action,
    find_unit,
    hex_of,
    label,
    place_marker,
    pside,
    ptype,
)
from tabletop.rules.platoon.eligibility import (
    depletion_reason,
    firer_reasons,
    hit_number,
    may_attack,
    range_check,
)

MODULE_OFF = "the indirect_fire module is off: mortars need their own line of sight"


@dataclass(frozen=True, slots=True)
class AreaPlan:
    """A legal area attack: who fires, at which hex, with which hit number, at whom."""

    firer: str
    hex: Hex
    range: int
    extended: bool
    hit: HitNumber
    spotter: str
    targets: tuple[str, ...]


def _request_reasons(request: ActionRequest) -> list[str]:
    reasons: list[str] = []
    if request.sw_target is not None or request.sw_weapon is not None:
        reasons.append("a support weapon does not join fire at a hex (--hex)")
    if len(request.units) > 1:
        reasons.append(f"fire takes one unit, not {len(request.units)}")
    if request.weapon not in (None, Weapon.HE.value):
        reasons.append(f"fire at a hex uses the he rating, not {request.weapon}")
    return reasons


def _firer(
    state: GameState, request: ActionRequest, acting: bool
) -> tuple[UnitState | None, list[str]]:
    """The mortar, or why the request may not be an area attack at all (``acting``: with
    the reasons it may not act now, its impulse and Ops Complete)."""
    if request.target is not None:
        return None, ["give --target or --hex, not both: fire at a unit or at a hex"]
    if not state.scenario.module("indirect_fire"):
        return None, [MODULE_OFF]
    firer, why = find_unit(state, request.unit, "unit")
    if firer is None:
        return None, [why]
    if ptype(state, firer).kind is not Kind.MORTAR:
        return None, [f"{firer.id} is not a mortar: only mortars fire at a hex (--hex)"]
    reasons = actor_reasons(state, firer, request.side) if acting else []
    return firer, reasons + firer_reasons(firer) + _request_reasons(request)


def spotter_of(state: GameState, side: str, h: Hex, los: LineOfSight) -> tuple[str | None, str]:
    """The first friendly HQ or recon unit (unit-id order) that sees ``h``, or why none does.
    READING 2.11: a Disrupted (or Ops Complete) spotter still sees; a carried one does not
    spot, nor does an SW. Adjacent hexes and its own hex are always seen (rules 2.2)."""
    candidates = sorted(
        (u for u in state.units.values() if u.on_map and u.side == side and u.carrier is None
         and (ptype(state, u).kind is Kind.HQ or ptype(state, u).is_recon)),
        key=lambda u: u.id,
    )  # fmt: skip
    where = label(state, h)
    blocked: list[str] = []
    for unit in candidates:
        if hex_of(unit).distance(h) <= 1:
            return unit.id, ""
        seen = los.check(viewpoint_of(state, unit), Viewpoint(h), los_markers(state))
        if seen.clear:
            return unit.id, ""
        blocked.append(f"{unit.id}: {seen.reason}")
    if not blocked:
        return None, f"no friendly HQ or recon unit is on the map to spot {where}"
    return None, f"no friendly HQ or recon unit sees {where} ({'; '.join(blocked)})"


def is_area_target(state: GameState, unit: UnitState) -> bool:
    """May an area attack's HE fall on this enemy unit (rules 2.3, 2.2)? Never an SW
    (never a target by itself) nor cargo (it suffers through its carrier, 2.11).
    READING 2.11: indirect fire falls on the ground, so a helicopter is attacked only
    when Landed; flying and NOE helicopters are skipped."""
    if unit.sw_of is not None or unit.carrier is not None:
        return False
    utype = ptype(state, unit)
    if utype.is_helicopter and (unit.mode or "flying") != "landed":
        return False
    return not may_attack(Weapon.HE, state, unit)


def _hex_reasons(state: GameState, firer: UnitState, h: Hex) -> tuple[list[str], list[str]]:
    """(targets, reasons) for the units in the hex."""
    here = state.units_at(h)
    where = label(state, h)
    friends = [u.id for u in here if u.side == firer.side]
    if friends:
        # HOUSE DEFAULT 2.11: no indirect fire into a hex that holds a friendly unit.
        return [], [f"{where} holds friendly {', '.join(friends)}: no fire into a hex with "
                    "friendly units (HOUSE DEFAULT)"]  # fmt: skip
    if not here:
        return [], [f"{where} holds no enemy unit"]
    targets = [u.id for u in here if is_area_target(state, u)]
    if not targets:
        return [], [f"{where} holds no enemy unit that he may attack"]
    return targets, []


def area_plan(
    state: GameState, request: ActionRequest, los: LineOfSight, *, acting: bool = True
) -> tuple[AreaPlan | None, list[str]]:
    """Is ``fire --unit MORTAR --hex HEX`` legal now? The plan, or every reason why not.
    ``acting=False`` (the odds): as if it were the mortar's impulse and it had not acted."""
    firer, reasons = _firer(state, request, acting)
    if firer is None:
        return None, reasons
    assert request.hex is not None
    try:
        h = state.scenario.map.parse(request.hex)
    except ValueError as exc:
        return None, [*reasons, str(exc)]
    rating = pside(state, firer).rating(Weapon.HE)
    if rating is None:
        return None, [*reasons, f"{firer.id} has no he rating"]
    start = hex_of(firer)
    extended, why = range_check(state, start, h, rating, label(state, h))
    reasons += [r for r in (why, depletion_reason(state, firer, Weapon.HE, rating)) if r]
    hit, why = hit_number(state, firer, rating, moving=False, extended=extended)
    spotter, why_s = spotter_of(state, firer.side, h, los)
    targets, why_t = _hex_reasons(state, firer, h)
    reasons += [r for r in (why, why_s) if r] + why_t
    if reasons or hit is None or spotter is None:
        return None, reasons
    r = counted_range(start, h, state.scenario.options)
    return AreaPlan(firer.id, h, r, extended, hit, spotter, tuple(targets)), []


def fire_area(
    state: GameState, plan: AreaPlan, dice: DiceSource, result: ActionResult, los: LineOfSight
) -> dict[str, Outcome]:
    """Each target in unit-id order: the mortar's to-hit roll, then the target's save
    (concealment and bonus dice as for direct fire), the ladder and its cargo's rolls
    (interfaces.md 3, --dice order). ``result.net_hits`` is the sum over the targets."""
    outcomes: dict[str, Outcome] = {}
    for tid in plan.targets:
        roll = roll_to_hit(dice, result, plan.firer, plan.hit)
        target = state.unit(tid)
        outcomes[tid] = resolve_attack(state, dice, result, target, roll.successes, los)
    return outcomes


class IndirectFire:
    """``fire --unit MORTAR --hex HEX [--weapon he]`` (rules 2.11, module indirect_fire)."""

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        return area_plan(state, request, los)[1]

    def perform(
        self, state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight
    ) -> ActionResult:
        plan, _ = area_plan(state, request, los)
        assert plan is not None
        begin_action(state)
        result = ActionResult(request.action)
        fire_area(state, plan, dice, result, los)
        # The mortar alone is Ops Complete: it carries no SW, and mortars have no missile
        # rating, so no Depleted Ammo either (rules 2.8).
        place_marker(result, state.unit(plan.firer), OPS_COMPLETE)
        return result
