"""Exact odds (rules 2.3 to 2.6) against brute-force enumeration of every dice outcome."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import isclose

import pytest

from tabletop.rules.platoon.combat import HitNumber, Outcome, outcome_of
from tabletop.rules.platoon.eligibility import plan_fire
from tabletop.rules.platoon.odds import attack_odds, binomial_pmf, plan_odds
from tests.helpers.platoon_world import CLEAR, unit, world

Dist = dict[int, Fraction]


def brute(
    attacks: list[HitNumber], save_dice: int, need: int, step: str, disrupted: bool, single: bool
) -> tuple[Dist, Dist, dict[Outcome, Fraction]]:
    n = sum(a.dice for a in attacks)
    hits: dict[int, Fraction] = {}
    net: dict[int, Fraction] = {}
    outcomes: dict[Outcome, Fraction] = {}
    total = 6 ** (n + save_dice)
    for faces in product(range(1, 7), repeat=n + save_dice):
        h, i = 0, 0
        for a in attacks:
            h += sum(1 for f in faces[i : i + a.dice] if f >= a.hit)
            i += a.dice
        saved = sum(1 for f in faces[n:] if f >= need) if h else 0
        k = max(0, h - saved)
        o = outcome_of(step, disrupted, single, k)
        hits[h] = hits.get(h, Fraction(0)) + Fraction(1, total)
        net[k] = net.get(k, Fraction(0)) + Fraction(1, total)
        outcomes[o] = outcomes.get(o, Fraction(0)) + Fraction(1, total)
    return hits, net, outcomes


CASES = [
    ([HitNumber(hit=4, dice=3)], 4, 5, "full", False, False),  # the worked example
    ([HitNumber(hit=5, dice=2)], 0, 5, "full", False, False),  # unarmored in the open: no save
    ([HitNumber(hit=6, dice=4)], 2, 6, "reduced", False, False),
    (
        [HitNumber(hit=4, dice=2), HitNumber(hit=5, dice=2)],
        2,
        5,
        "full",
        True,
        False,
    ),  # platoon + SW
    ([HitNumber(hit=3, dice=2)], 3, 4, "full", False, True),  # single-step
    ([HitNumber(hit=2, dice=4)], 1, 2, "reduced", True, False),
]


@pytest.mark.parametrize(("attacks", "save_dice", "need", "step", "disrupted", "single"), CASES)
def test_exact_odds_equal_brute_force(
    attacks: list[HitNumber], save_dice: int, need: int, step: str, disrupted: bool, single: bool
) -> None:
    odds = attack_odds(attacks, save_dice, need, step=step, disrupted=disrupted,
                       single_step=single, exact=True)  # fmt: skip
    hits, net, outcomes = brute(attacks, save_dice, need, step, disrupted, single)
    assert {k: p for k, p in enumerate(odds.hits) if p} == hits
    assert {k: p for k, p in enumerate(odds.net_hits) if p} == net
    assert {o: p for o, p in odds.outcomes.items() if p} == outcomes
    assert sum(odds.hits) == sum(odds.net_hits) == sum(odds.outcomes.values()) == 1


def test_float_odds_sum_to_one_for_large_pools() -> None:
    odds = attack_odds([HitNumber(hit=4, dice=12)], 12, 5)
    assert isclose(float(sum(odds.net_hits)), 1.0)
    assert isclose(float(sum(odds.outcomes.values())), 1.0)
    assert len(odds.hits) == 13


def test_binomial_pmf() -> None:
    assert binomial_pmf(2, Fraction(1, 2)) == [Fraction(1, 4), Fraction(1, 2), Fraction(1, 4)]


def test_odds_of_a_game_position_use_the_save_of_the_state() -> None:
    state = world([unit("t1", "TANK", "blue", "0101"), unit("e1", "TANK", "red", "0108")],
                  terrain={"0108": "ruins"})  # fmt: skip
    plan, why = plan_fire(state, state.unit("t1"), state.unit("e1"), "ap", CLEAR)
    assert plan is not None and not why
    odds, spec = plan_odds(state, [plan], CLEAR, exact=True)
    assert (spec.dice, spec.need, spec.bonus_total, spec.bonus_used) == (4, 5, 3, 2)
    assert odds.outcomes == attack_odds([HitNumber(hit=4, dice=3)], 4, 5, exact=True).outcomes
