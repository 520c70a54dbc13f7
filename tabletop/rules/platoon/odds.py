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
from math import comb, exp, lgamma, log, log1p
from typing import Any

from tabletop.model import GameState, Status
from tabletop.rules.los import LineOfSight
from tabletop.rules.platoon.combat import HitNumber, Outcome, SaveSpec, outcome_of, save_spec
from tabletop.rules.platoon.common import ptype
from tabletop.rules.platoon.eligibility import FirePlan

Number = float | Fraction


def face_chance(need: int, exact: bool) -> Number:
    """P(one d6 >= need)."""
    k = max(0, min(6, 7 - need))
    return Fraction(k, 6) if exact else k / 6


def binomial_pmf(n: int, p: Number) -> list[Number]:
    """P(k successes of n), k = 0..n."""
    if isinstance(p, float) and n > FLOAT_DICE:  # comb(n, k) would pass a float
        return list(_float_pmf(n, p))
    q = 1 - p
    return [comb(n, k) * p**k * q ** (n - k) for k in range(n + 1)]


def convolve(a: Sequence[Number], b: Sequence[Number]) -> list[Number]:
    out: list[Number] = [0 * a[0]] * (len(a) + len(b) - 1)
    for i, pa in enumerate(a):
        for j, pb in enumerate(b):
            out[i + j] += pa * pb
    return out


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


FLOAT_DICE = 1000
"""Up to this many dice the float odds multiply out exactly as written (comb(1000, 500)
is below the largest float); above it they come from logarithms."""


def _float_pmf(n: int, p: float) -> list[float]:
    """binomial_pmf in floats without overflow: each term from its logarithm (comb(1050,
    525) is past the largest float; an exact Fraction never overflows)."""
    if p <= 0 or p >= 1:
        return [float(k == (n if p >= 1 else 0)) for k in range(n + 1)]
    lp, lq, ln = log(p), log1p(-p), lgamma(n + 1)
    return [exp(ln - lgamma(k + 1) - lgamma(n - k + 1) + k * lp + (n - k) * lq)
            for k in range(n + 1)]  # fmt: skip
