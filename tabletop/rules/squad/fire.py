"""Ranged fire (rules 3.3): ``fire --unit ID --target ID`` and ``fire --unit ID --hex HEX``
(the bunker in that hex itself, 3.4), in the firer's shooting phase.

Dice: each standing soldier figure (cavalry included, medics never) rolls the counter's
``fire.dice`` at its hit number and range; each standing heavy-weapon figure rolls its own
``fire`` entry at its own hit number and range; a vehicle or gun unit rolls its ``fire``
dice as a total while its vehicle or gun stands (the crew add none). Dice groups out of
range of the target do not roll; against an armored target only anti-tank groups do (fire
that cannot harm its target is refused, with the reason). Order of the rolls (the ``--dice``
order): the to-hit roll of each group in the order of ``dice_groups``, then one armor d6 per
hit (armored targets), then one save d6 per hit left; the wounds are allocated
(``figures``), and a target that lost a figure takes a morale test (2 dice, rules 3.7).
A unit that keeps count of ammunition spends 1 in each player turn
in which it fires, and at 0 cannot fire. No one fires into, or out of, a hex where close
combat is going on (READING: the firer's hex too).
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.hexgrid import Hex
from tabletop.model import GameState, UnitState
from tabletop.model.units import Fire as FireRating
from tabletop.rules.actions import ActionRequest, ActionResult, Roll
from tabletop.rules.common import HitNumber, find_unit, hex_of, label, los_markers, roll_to_hit
from tabletop.rules.dice import DiceSource
from tabletop.rules.los import LineOfSight, Viewpoint, counted_range
from tabletop.rules.squad import bunker, morale
from tabletop.rules.squad.common import (
    AMMO_SPENT,
    FIRED_LAST_SHOOTING,
    SHOOTING,
    actor_reasons,
    bunker_wounds_left,
    in_close_combat,
    is_bunker,
    is_machine,
    own_fire,
    shooting_reasons,
    stype,
    units_in,
)
from tabletop.rules.squad.cover import SaveSpec, save_spec
from tabletop.rules.squad.figures import apply_wounds

ARMOR_CAP = 5
"""Front armor counts at most 5 in the armor roll (rules 3.3)."""


@dataclass(frozen=True, slots=True)
class DiceGroup:
    """Dice of one kind of figure: ``source`` names it (``soldiers``, ``hmg``, the vehicle)."""

    source: str
    rating: FireRating
    hit: HitNumber


@dataclass(frozen=True, slots=True)
class FirePlan:
    """A legal attack: the groups that roll, at a unit (``target``) or a bunker (None)."""

    firer: str
    target: str | None
    hex: Hex
    range: int
    groups: tuple[DiceGroup, ...]
    armor: int = 0
    """The target's front armor for the armor roll, capped at 5 (0: no armor roll)."""

    @property
    def dice(self) -> int:
        return sum(g.hit.dice for g in self.groups)


def dice_groups(state: GameState, unit: UnitState) -> list[DiceGroup]:
    """Every dice group the unit has now, whatever the target (see the module's text)."""
    utype = stype(state, unit)
    standing = unit.standing()
    if is_machine(utype.main_model):
        if utype.fire is None or not any(f.model == utype.main_model for f in standing):
            return []
        hit = HitNumber.of(utype.fire.dice, utype.fire.hit)
        return [DiceGroup(utype.main_model, utype.fire, hit)]
    out: list[DiceGroup] = []
    soldiers = sum(1 for f in standing if f.model in ("soldier", "cavalry"))
    if utype.fire is not None and soldiers:
        dice = soldiers * utype.fire.dice
        out.append(DiceGroup("soldiers", utype.fire, HitNumber.of(dice, utype.fire.hit)))
    counts: dict[str, int] = {}
    for f in standing:
        if own_fire(utype, f.model) is not None:
            counts[f.model] = counts.get(f.model, 0) + 1
    for model, n in counts.items():
        rating = own_fire(utype, model)
        assert rating is not None
        out.append(DiceGroup(model, rating, HitNumber.of(n * rating.dice, rating.hit)))
    return out


def firer_reasons(state: GameState, firer: UnitState, side: str | None) -> list[str]:
    reasons = actor_reasons(state, firer, side, "shooting") + shooting_reasons(state, firer)
    if firer.ammo is not None and firer.ammo <= 0 and not firer.flags.get(AMMO_SPENT):
        reasons.append(f"{firer.id} is out of ammunition")
    return reasons


def plan_fire(
    state: GameState, firer: UnitState, target: UnitState, los: LineOfSight
) -> tuple[FirePlan | None, list[str]]:
    """Could ``firer`` fire at ``target`` now, as far as the two units and the map go? (The
    phase and the firer's turn are ``firer_reasons``.) Reads no dice."""
    if target.side == firer.side:
        return None, [f"{target.id} is a friendly unit"]
    if target.carrier is not None:  # HOUSE DEFAULT 3.10: cargo is not fired at
        return None, [f"{target.id} rides in {target.carrier}: fire at {target.carrier}"]
    h = hex_of(target)
    if in_close_combat(state, h):
        return None, [f"no one fires into {label(state, h)}: close combat is going on there"]
    groups, reasons = _groups_at(state, firer, h, target.id, los)
    if reasons:
        return None, reasons
    ttype = stype(state, target)
    armor = 0
    if ttype.is_armored:
        at = [g for g in groups if g.rating.anti_tank]
        if not at:
            return None, [f"{target.id} is armored: only anti-tank fire harms it, and "
                          f"{firer.id} has none in range"]  # fmt: skip
        groups = at
        armor = min(ttype.armor or 0, ARMOR_CAP)
    r = counted_range(hex_of(firer), h, state.scenario.options)
    return FirePlan(firer.id, target.id, h, r, tuple(groups), armor), []


def plan_bunker_fire(
    state: GameState, firer: UnitState, h: Hex, los: LineOfSight
) -> tuple[FirePlan | None, list[str]]:
    """Fire at the bunker in ``h`` itself: any dice in range, hits not saved (rules 3.4)."""
    where = label(state, h)
    if not is_bunker(state, h):
        return None, [f"there is no standing bunker in {where}"]
    if h == hex_of(firer):
        return None, [f"{firer.id} is inside the bunker in {where}"]
    friends = [u.id for u in units_in(state, h) if u.side == firer.side]
    if friends:
        return None, [f"the bunker in {where} holds friendly units ({', '.join(friends)})"]
    if in_close_combat(state, h):
        return None, [f"no one fires into {where}: close combat is going on there"]
    groups, reasons = _groups_at(state, firer, h, f"the bunker in {where}", los)
    if reasons:
        return None, reasons
    r = counted_range(hex_of(firer), h, state.scenario.options)
    return FirePlan(firer.id, None, h, r, tuple(groups)), []


def _groups_at(
    state: GameState, firer: UnitState, h: Hex, name: str, los: LineOfSight
) -> tuple[list[DiceGroup], list[str]]:
    """The firer's dice groups in range of ``h``, or why none may fire there."""
    groups = dice_groups(state, firer)
    if not groups:
        return [], [f"{firer.id} has no figure that fires"]
    start = hex_of(firer)
    r = counted_range(start, h, state.scenario.options)
    in_range = [g for g in groups if r <= g.rating.range]
    if not in_range:
        longest = max(g.rating.range for g in groups)
        return [], [f"{name} is out of range: {r} > {longest}"]
    if start.distance(h) > 1:  # adjacent hexes always see each other (rules 4.1)
        seen = los.check(Viewpoint(start), Viewpoint(h), los_markers(state))
        if not seen.clear:
            return [], [f"no line of sight: {seen.reason}"]
    return in_range, []


# --- resolving ------------------------------------------------------------------------------
def roll_hits(state: GameState, plan: FirePlan, dice: DiceSource, result: ActionResult) -> int:
    firer = state.unit(plan.firer)
    result.touch(firer.id)
    return sum(roll_to_hit(dice, result, firer.id, g.hit).successes for g in plan.groups)


def armor_roll(dice: DiceSource, result: ActionResult, target: UnitState, armor: int,
               hits: int) -> int:  # fmt: skip
    """One d6 per anti-tank hit, cancelled on a face <= the front armor; returns hits left."""
    if hits <= 0 or armor <= 0:
        return hits
    faces = dice.roll(hits)
    cancelled = sum(1 for f in faces if f <= armor)
    result.rolls.append(Roll(target.id, "armor", f"<= {armor}", faces, cancelled))
    result.touch(target.id)
    return hits - cancelled


def save_roll(dice: DiceSource, result: ActionResult, target: UnitState, spec: SaveSpec,
              hits: int) -> int:  # fmt: skip
    """One d6 per hit: each success cancels it; returns the wounds (hits not saved)."""
    if hits <= 0 or spec.need is None:
        return max(0, hits)
    faces = dice.roll(hits)
    saved = sum(1 for f in faces if f >= spec.need)
    result.rolls.append(Roll(target.id, "save", f"{spec.need}+", faces, saved))
    result.touch(target.id)
    return hits - saved


def resolve(state: GameState, plan: FirePlan, hits: int, dice: DiceSource,
            result: ActionResult, los: LineOfSight) -> int:  # fmt: skip
    """Armor, save and wounds of the hits on a unit; returns the wounds dealt."""
    assert plan.target is not None
    target = state.unit(plan.target)
    firer = state.unit(plan.firer)
    hits = armor_roll(dice, result, target, plan.armor, hits)
    spec = save_spec(state, target, hex_of(firer), los)
    wounds = save_roll(dice, result, target, spec, hits)
    result.net_hits = wounds
    if apply_wounds(state, target, wounds, result, dice):
        morale.loss_tests(state, [target.id], dice, result)  # trigger 1 (rules 3.7)
    return wounds


def spend_ammo(firer: UnitState, result: ActionResult) -> None:
    """1 ammunition in each player turn in which a vehicle or gun fires (rules 3.3)."""
    if firer.ammo is None or firer.flags.get(AMMO_SPENT):
        return
    firer.ammo -= 1
    firer.flags[AMMO_SPENT] = True
    result.event("ammo_spent", unit=firer.id, ammo=firer.ammo)


class Fire:
    """``fire --unit ID --target ID`` or ``fire --unit ID --hex HEX`` (a bunker)."""

    def plan(
        self, state: GameState, request: ActionRequest, los: LineOfSight
    ) -> tuple[FirePlan | None, list[str]]:
        firer, why = find_unit(state, request.unit, "unit")
        if firer is None:
            return None, [why]
        reasons = firer_reasons(state, firer, request.side)
        if len(request.units) > 1:
            reasons.append(f"fire takes one unit, not {len(request.units)}")
        if request.hex is not None and request.target is not None:
            return None, [*reasons, "fire at one target: --target or --hex, not both"]
        if request.hex is not None:
            try:
                h = state.scenario.map.parse(request.hex)
            except ValueError as exc:
                return None, [*reasons, str(exc)]
            plan, more = plan_bunker_fire(state, firer, h, los)
        else:
            target, why = find_unit(state, request.target, "target")
            if target is None:
                return None, [*reasons, why]
            plan, more = plan_fire(state, firer, target, los)
        reasons += more
        return (plan if not reasons else None), reasons

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        return self.plan(state, request, los)[1]

    def perform(
        self,
        state: GameState,
        request: ActionRequest,
        dice: DiceSource,
        los: LineOfSight,
        planned: FirePlan | None = None,
    ) -> ActionResult:
        plan = planned if planned is not None else self.plan(state, request, los)[0]
        assert plan is not None
        firer = state.unit(plan.firer)
        result = ActionResult(request.action)
        hits = roll_hits(state, plan, dice, result)
        if plan.target is None:
            result.net_hits = min(hits, bunker_wounds_left(state, plan.hex))
            bunker.damage(state, plan.hex, hits, result)
        else:
            resolve(state, plan, hits, dice, result, los)
        firer.flags[SHOOTING] = "fired"
        firer.flags[FIRED_LAST_SHOOTING] = True  # a defender that fired skips round 1 (3.6)
        spend_ammo(firer, result)
        return result
