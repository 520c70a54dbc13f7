"""Exact odds of squad fire at a unit (rules 3.3, 3.4), by convolution, never by sampling.

Hits: each dice group's to-hit roll is binomial (n dice, p = (7 - hit) / 6) and the groups
convolve. Every hit then meets the armor roll (cancelled on a face <= armor) and the save
(cancelled on a face >= need), one die each, independently; so the wounds of h hits are
binomial(h, q) with q the chance that one hit gets through both. The figures lost follow
from the wounds through the hit allocation (``figures.allocation``, before medics), and the
unit is eliminated when every standing figure falls. Morale is not included
(interfaces.md). ``exact=True`` computes in ``Fraction``s (the tests compare them with
every die face enumerated); the default floats serve the command line and the app.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from tabletop.model import GameState
from tabletop.rules.chance import Number, binomial_pmf, convolve, faces_chance
from tabletop.rules.common import hex_of
from tabletop.rules.los import LineOfSight
from tabletop.rules.squad.cover import SaveSpec, save_spec
from tabletop.rules.squad.figures import allocation
from tabletop.rules.squad.fire import FirePlan


@dataclass(frozen=True)
class SquadOdds:
    hits: tuple[Number, ...]
    wounds: tuple[Number, ...]
    figures_lost: tuple[Number, ...]
    eliminated: Number

    def to_json(self) -> dict[str, Any]:
        return {
            "hits": {str(k): float(p) for k, p in enumerate(self.hits)},
            "figures_lost": {str(k): float(p) for k, p in enumerate(self.figures_lost)},
            "eliminated": float(self.eliminated),
        }


def fire_odds(
    state: GameState, plan: FirePlan, los: LineOfSight, *, exact: bool = False
) -> tuple[SquadOdds, SaveSpec]:
    """The odds of a legal attack on a unit (``fire.plan_fire``) as the state stands now."""
    assert plan.target is not None, "odds are for fire at a unit"
    target = state.unit(plan.target)
    spec = save_spec(state, target, hex_of(state.unit(plan.firer)), los)
    one: Number = Fraction(1) if exact else 1.0
    hits: list[Number] = [one]
    for group in plan.groups:
        hits = convolve(hits, binomial_pmf(group.hit.dice, faces_chance(7 - group.hit.hit, exact)))
    through = faces_chance(6 - plan.armor, exact) if plan.armor > 0 else one
    if spec.need is not None:
        through = through * faces_chance(spec.need - 1, exact)
    wounds: list[Number] = [0 * one] * len(hits)
    for h, ph in enumerate(hits):
        for w, pw in enumerate(binomial_pmf(h, through)):
            wounds[w] += ph * pw
    standing = len(target.standing())
    lost: list[Number] = [0 * one] * (standing + 1)
    for w, pw in enumerate(wounds):
        lost[allocation(state, target, w)] += pw
    return SquadOdds(tuple(hits), tuple(wounds), tuple(lost), lost[standing]), spec


def odds_plan(
    state: GameState, firer_id: str | None, target_id: str | None, los: LineOfSight,
    side: str | None = None, hex_label: str | None = None,
) -> tuple[FirePlan | None, list[str]]:  # fmt: skip
    """The attack ``tabletop odds`` answers for: fire at the unit ``target_id``, or with
    ``hex_label`` at the bunker in that hex itself. READING (interfaces.md: "asked in the
    firer's shooting phase"): the odds are those of fire in the firer's shooting phase, so
    the phase, whose player turn it is and whether the unit already shot are not checked;
    everything else is (Suppressed, ammunition, range, sight, armor, close combat)."""
    from tabletop.model import Status
    from tabletop.rules.common import find_unit
    from tabletop.rules.squad.common import AMMO_SPENT, carried_reason
    from tabletop.rules.squad.fire import plan_bunker_fire, plan_fire

    firer, why_f = find_unit(state, firer_id, "unit")
    target, why_t = (None, "") if hex_label is not None else find_unit(state, target_id, "target")
    reasons = [r for r in (why_f, why_t) if r]
    if firer is None or (target is None and hex_label is None):
        return None, reasons
    if side is not None and firer.side != side:
        reasons.append(f"{firer.id} belongs to {firer.side}, not {side}")
    if firer.status is Status.SUPPRESSED:
        reasons.append(f"{firer.id} is Suppressed")
    if firer.carrier is not None:
        reasons.append(carried_reason(firer))
    if firer.ammo is not None and firer.ammo <= 0 and not firer.flags.get(AMMO_SPENT):
        reasons.append(f"{firer.id} is out of ammunition")
    if target is not None:
        plan, more = plan_fire(state, firer, target, los)
    else:
        try:
            plan, more = plan_bunker_fire(state, firer, state.scenario.map.parse(str(hex_label)),
                                          los)  # fmt: skip
        except ValueError as exc:
            plan, more = None, [str(exc)]
    reasons += more
    return (plan if not reasons else None), reasons


@dataclass(frozen=True)
class BunkerOdds:
    """Fire at a bunker itself (rules 3.4): its hits are not saved and each takes one of
    the bunker's ``wounds_left``; at 0 everyone inside (``inside``: unit -> standing
    figures) is lost with no save and no medic."""

    hits: tuple[Number, ...]
    wounds: tuple[Number, ...]
    wounds_left: int
    inside: tuple[tuple[str, int], ...]

    @property
    def destroyed(self) -> Number:
        return self.wounds[self.wounds_left]

    def to_json(self) -> dict[str, Any]:
        p = float(self.destroyed)
        return {
            "hits": {str(k): float(q) for k, q in enumerate(self.hits)},
            "bunker": {"wounds_left": self.wounds_left, "destroyed": p,
                       "wounds": {str(k): float(q) for k, q in enumerate(self.wounds)}},
            "units": {uid: {"figures_lost": ({"0": 1 - p, str(n): p} if n else {"0": 1.0}),
                            "eliminated": p} for uid, n in self.inside},
        }  # fmt: skip


def bunker_odds(state: GameState, plan: FirePlan, *, exact: bool = False) -> BunkerOdds:
    """The odds of a legal attack on a bunker (``fire.plan_bunker_fire``): the hits convolve
    as against a unit; the bunker's wounds are the hits, at most the wounds it has left."""
    from tabletop.rules.squad.common import bunker_wounds_left, units_in

    one: Number = Fraction(1) if exact else 1.0
    hits: list[Number] = [one]
    for group in plan.groups:
        hits = convolve(hits, binomial_pmf(group.hit.dice, faces_chance(7 - group.hit.hit, exact)))
    left = bunker_wounds_left(state, plan.hex)
    wounds: list[Number] = [0 * one] * (left + 1)
    for h, ph in enumerate(hits):
        wounds[min(h, left)] += ph
    inside = tuple((u.id, len(u.standing())) for u in units_in(state, plan.hex))
    return BunkerOdds(tuple(hits), tuple(wounds), left, inside)


def close_combat_odds(
    state: GameState, unit_id: str, target_id: str, *, exact: bool = False
) -> tuple[SquadOdds | None, list[str]]:
    """The odds of one unit's attack on one enemy in the next close-combat round of their
    hex (rules 3.6): its dice on its accuracy faces (or the to-hit, vehicle on vehicle),
    then the target's defense roll; the figures lost before medics. Other units' attacks in
    the same round, tank fear and morale are not included."""
    from tabletop.model import Status
    from tabletop.rules.squad import closecombat as cc
    from tabletop.rules.squad.common import in_close_combat

    unit, target = state.unit(unit_id), state.unit(target_id)
    if unit.hex is None or unit.hex != target.hex or not in_close_combat(state, unit.hex):
        return None, [f"{unit.id} and {target.id} are not in close combat together"]
    if target.side == unit.side:
        return None, [f"{target.id} is a friendly unit"]
    reasons: list[str] = []
    if unit.status is Status.SUPPRESSED:
        reasons.append(f"{unit.id} is Suppressed: it rolls no close-combat dice")
    if unit.ammo is not None and unit.ammo <= 0:
        reasons.append(f"{unit.id} is out of ammunition: it rolls no close-combat dice")
    done = cc.rounds_done(state, unit.hex)
    round_no = done + 1 if done < cc.ROUNDS else 1
    attack, why = cc.attack_of(state, unit, target, round_no, str(state.active_side))
    if attack is None:
        reasons.append(why)
    if reasons or attack is None:
        return None, reasons
    one: Number = Fraction(1) if exact else 1.0
    if attack.hit is not None:
        p_hit = faces_chance(7 - attack.hit.hit, exact)
    else:
        p_hit = faces_chance(len(attack.faces), exact)
    hits = binomial_pmf(attack.dice, p_hit) if attack.dice > 0 else [one]
    through = faces_chance(6 - attack.defense, exact) if attack.defense > 0 else one
    wounds: list[Number] = [0 * one] * len(hits)
    for h, ph in enumerate(hits):
        for w, pw in enumerate(binomial_pmf(h, through)):
            wounds[w] += ph * pw
    standing = len(target.standing())
    lost: list[Number] = [0 * one] * (standing + 1)
    for w, pw in enumerate(wounds):
        lost[allocation(state, target, w)] += pw
    return SquadOdds(tuple(hits), tuple(wounds), tuple(lost), lost[standing]), []
