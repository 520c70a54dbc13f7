"""Who may fire what at whom (rules 2.2, 2.3, 2.8, 1.3, 1.4), with reasons.

``plan_fire`` answers for one firer, rating and target from a given hex: either a
``FirePlan`` (rating, range, hit number after Moving Fire, extended range and overflow) or
the plain sentences saying why not. It reads no dice, so fire, Moving Fire, odds and (next)
opportunity fire and support-weapon fire all ask it.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.hexgrid import Hex
from tabletop.model import GameState, Rating, TargetClass, UnitState, Weapon
from tabletop.rules.los import LineOfSight, Viewpoint, counted_range, viewpoint_of
from tabletop.rules.platoon.combat import HitNumber, los_markers
from tabletop.rules.platoon.common import DEPLETED, MARKER_NAMES, hex_of, pside, ptype


@dataclass(frozen=True, slots=True)
class FirePlan:
    firer: str
    target: str
    weapon: Weapon
    rating: Rating
    range: int
    extended: bool
    hit: HitNumber
    from_hex: Hex


def may_attack(weapon: Weapon, state: GameState, target: UnitState) -> str:
    """Why ``weapon`` may not attack the target's class (rules 2.3); empty if it may."""
    ttype = ptype(state, target)
    cls = ttype.target
    if weapon is Weapon.AP and cls is TargetClass.UNARMORED:
        # READING 2.3: 000 says AP is "usually" used against armor; we make it a rule.
        return f"ap may attack only targets with an Armor value: {target.id} is unarmored"
    if weapon is Weapon.HE and cls is TargetClass.ARMORED and not ttype.is_helicopter:
        return f"he may not attack armored targets: {target.id} is armored"
    if weapon is Weapon.AA and not ttype.is_helicopter:
        return f"aa may attack only helicopters and aircraft: {target.id} is not one"
    return ""


def choose_weapon(
    state: GameState, firer: UnitState, target: UnitState, weapon: str | None
) -> tuple[Weapon | None, str]:
    """The rating asked for, or the only one that may attack the target."""
    side = pside(state, firer)
    if weapon is not None:
        try:
            chosen = Weapon(weapon)
        except ValueError:
            return None, f"unknown weapon {weapon!r}: use ap, he or aa"
        if side.rating(chosen) is None:
            return None, f"{firer.id} has no {chosen.value} rating"
        return chosen, ""
    usable = [w for w in side.ratings() if not may_attack(w, state, target)]
    if not usable:
        return None, f"{firer.id} has no rating that may attack {target.id}"
    if len(usable) > 1:
        names = " or ".join(w.value for w in usable)
        return None, f"{firer.id} may fire {names} at {target.id}: choose one with --weapon"
    return usable[0], ""


def depletion_reason(state: GameState, firer: UnitState, weapon: Weapon, rating: Rating) -> str:
    """Depleted Ammo blocks the missile rating, or every rating (option, READING 2.8)."""
    if not state.scenario.module("missile_depletion"):
        return ""
    marker = next((m for m in DEPLETED if firer.has(m)), None)
    if marker is None:
        return ""
    name = MARKER_NAMES[marker]
    if state.scenario.options.depletion_blocks == "all":
        return f"{firer.id} has {name}: none of its ratings may fire"
    if rating.missile:
        return f"{firer.id} has {name}: its missile {weapon.value} rating may not fire"
    return ""


def plan_fire(
    state: GameState,
    firer: UnitState,
    target: UnitState,
    weapon: str | None,
    los: LineOfSight,
    *,
    from_hex: Hex | None = None,
    moving: bool = False,
) -> tuple[FirePlan | None, list[str]]:
    """Can ``firer`` fire at ``target`` now (from ``from_hex``, after moving if ``moving``)?
    Status and sequence checks of the acting unit are the caller's (``actor_reasons``)."""
    reasons = target_reasons(state, firer, target) + firer_reasons(firer)
    if reasons:
        return None, reasons
    chosen, why = choose_weapon(state, firer, target, weapon)
    if chosen is None:
        return None, [why]
    rating = pside(state, firer).rating(chosen)
    assert rating is not None
    reasons = [r for r in (may_attack(chosen, state, target),
                           depletion_reason(state, firer, chosen, rating)) if r]  # fmt: skip
    start = from_hex if from_hex is not None else hex_of(firer)
    extended, why = _range(state, start, target, rating)
    if why:
        reasons.append(why)
    if not reasons:
        reasons.extend(_sight(state, firer, target, start, los))
    if reasons:
        return None, reasons
    hit, why = hit_number(state, firer, rating, moving=moving, extended=extended)
    if hit is None:
        return None, [why]
    r = counted_range(start, hex_of(target), state.scenario.options)
    return FirePlan(firer.id, target.id, chosen, rating, r, extended, hit, start), []


def target_reasons(state: GameState, firer: UnitState, target: UnitState) -> list[str]:
    if target.side == firer.side:
        return [f"{target.id} is a friendly unit"]
    if target.sw_of is not None:
        return [f"{target.id} is a support weapon: it is never a target by itself"]
    if target.carrier is not None:
        return [f"{target.id} is carried by {target.carrier}: fire at the carrier"]
    return []


def firer_reasons(firer: UnitState) -> list[str]:
    """Why the firer's own state forbids any fire now (rules 2.2, 2.7); empty if it may."""
    reasons: list[str] = []
    if firer.disrupted:
        reasons.append(f"{firer.id} is Disrupted")
    if firer.flags.get("no_fire_this_turn"):
        reasons.append(f"{firer.id} moved more than 12 hexes this turn and may not fire")
    return reasons


def hit_number(
    state: GameState, firer: UnitState, rating: Rating, *, moving: bool, extended: bool
) -> tuple[HitNumber | None, str]:
    """The hit number after Moving Fire and extended range, with the overflow of rules 1.3;
    None and the reason when the overflow leaves no die to roll."""
    hit = HitNumber.of(rating.firepower, rating.hit, _modifier(state, firer, moving, extended))
    if hit.dice > 0:
        return hit, ""
    over = rating.hit + hit.modifier - 6
    return None, (
        f"{firer.id}'s attack is cut to 0 dice: hit number {rating.hit}+{hit.modifier} "
        f"is {over} over 6 and its firepower is {rating.firepower} (rules 1.3)"
    )


def _range(state: GameState, start: Hex, target: UnitState, rating: Rating) -> tuple[bool, str]:
    return range_check(state, start, hex_of(target), rating, target.id)


def range_check(
    state: GameState, start: Hex, end: Hex, rating: Rating, name: str
) -> tuple[bool, str]:
    """(extended?, reason) for the range count in force (HOUSE DEFAULT 1.4); ``name`` is
    what the reason calls the target (a unit id or a hex label)."""
    r = counted_range(start, end, state.scenario.options)
    if r <= rating.range:
        return False, ""
    if not state.scenario.module("extended_range"):
        return False, f"{name} is out of range: {r} > {rating.range}"
    if rating.missile:
        return False, (
            f"{name} is out of range: {r} > {rating.range} (missile ratings have no extended range)"
        )
    if r <= 2 * rating.range:
        return True, ""
    return False, f"{name} is out of extended range: {r} > {2 * rating.range}"


def _sight(
    state: GameState, firer: UnitState, target: UnitState, start: Hex, los: LineOfSight
) -> list[str]:
    """Adjacent hexes always see each other (rules 2.2); otherwise ask the LOS engine."""
    end = hex_of(target)
    if start.distance(end) <= 1:
        return []
    mode = viewpoint_of(state, firer).helicopter_mode
    seen = los.check(Viewpoint(start, mode), viewpoint_of(state, target), los_markers(state))
    return [] if seen.clear else [f"no line of sight: {seen.reason}"]


def _modifier(state: GameState, firer: UnitState, moving: bool, extended: bool) -> int:
    options = state.scenario.options
    modifier = 0
    if moving and not ptype(state, firer).is_helicopter:
        # HOUSE DEFAULT 2.7: +1 (option moving_fire_penalty); a helicopter's Flying side
        # has the penalty printed already.
        modifier += options.moving_fire_penalty
    if extended:
        modifier += options.extended_range_penalty  # HOUSE DEFAULT 2.3: +1
    return modifier
