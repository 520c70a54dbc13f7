"""Exact odds of a platoon attack (rules 2.3 to 2.6), by convolution, never by sampling.

Hits: each to-hit roll is binomial (n dice, p = (7 - hit) / 6); several rolls against one
target (a platoon and its SW) convolve. Saves: binomial in the save dice; for h hits and
s successes the net is max(0, h - s), and no save is rolled for 0 hits. Outcomes follow
from net hits through the hit ladder. ``exact=True`` computes in ``Fraction``s (tests
compare them with brute-force enumeration); the default floats serve the command line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from tabletop.model import GameState, Status
from tabletop.rules.chance import Number, binomial_pmf, convolve, faces_chance
from tabletop.rules.los import LineOfSight
from tabletop.rules.platoon.combat import HitNumber, Outcome, SaveSpec, outcome_of, save_spec
from tabletop.rules.platoon.common import ptype
from tabletop.rules.platoon.eligibility import FirePlan


def face_chance(need: int, exact: bool) -> Number:
    """P(one d6 >= need)."""
    return faces_chance(7 - need, exact)


@dataclass(frozen=True)
class Odds:
    hits: tuple[Number, ...]
    net_hits: tuple[Number, ...]
    outcomes: dict[Outcome, Number]

    def to_json(self) -> dict[str, Any]:
        return {
            "hits": {str(k): float(p) for k, p in enumerate(self.hits)},
            "net_hits": {str(k): float(p) for k, p in enumerate(self.net_hits)},
            "outcomes": {o.value: float(self.outcomes[o]) for o in Outcome},
        }


def hits_pmf(attacks: Sequence[HitNumber], exact: bool = False) -> list[Number]:
    pmf: list[Number] = [Fraction(1) if exact else 1.0]
    for hit in attacks:
        pmf = convolve(pmf, binomial_pmf(hit.dice, face_chance(hit.hit, exact)))
    return pmf


def net_pmf(hits: Sequence[Number], save_dice: int, save_need: int, exact: bool) -> list[Number]:
    saves = binomial_pmf(save_dice, face_chance(save_need, exact))
    net: list[Number] = [0 * hits[0]] * len(hits)
    net[0] += hits[0]  # no hits: no save roll
    for h in range(1, len(hits)):
        ph = hits[h]
        for s, ps in enumerate(saves):
            net[max(0, h - s)] += ph * ps
    return net


def attack_odds(
    attacks: Sequence[HitNumber],
    save_dice: int,
    save_need: int,
    *,
    step: str = "full",
    disrupted: bool = False,
    single_step: bool = False,
    exact: bool = False,
) -> Odds:
    """The distribution of hits, net hits and outcomes of attacks on one target."""
    hits = hits_pmf(attacks, exact)
    net = net_pmf(hits, save_dice, save_need, exact)
    zero: Number = Fraction(0) if exact else 0.0
    outcomes: dict[Outcome, Number] = dict.fromkeys(Outcome, zero)
    for k, p in enumerate(net):
        outcomes[outcome_of(step, disrupted, single_step, k)] += p
    return Odds(tuple(hits), tuple(net), outcomes)


def plan_odds(
    state: GameState,
    plans: Sequence[FirePlan],
    los: LineOfSight,
    *,
    target_moving: bool = False,
    exact: bool = False,
) -> tuple[Odds, SaveSpec]:
    """Odds of legal attacks (``plan_fire``) on one target as the state stands now."""
    target = state.unit(plans[0].target)
    spec = save_spec(state, target, los, moving=target_moving)
    odds = attack_odds(
        [p.hit for p in plans],
        spec.dice,
        spec.need,
        step=target.step,
        disrupted=target.status is Status.DISRUPTED,
        single_step=ptype(state, target).single_step,
        exact=exact,
    )
    return odds, spec
