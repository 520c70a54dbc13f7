"""Exact odds never overflow (issue 22): 35 figures x 30 dice is 1050 dice, whose binomial
coefficients pass the largest float; the float odds are computed from logarithms."""

from __future__ import annotations

from fractions import Fraction
from math import isclose

import pytest

from tabletop.rules.platoon import odds as platoon_odds
from tabletop.rules.squad import odds as squad_odds


@pytest.mark.parametrize("module", [platoon_odds, squad_odds])
@pytest.mark.parametrize("p", [1 / 6, 0.5, 5 / 6, 0.0, 1.0])
def test_1050_dice_in_floats(module, p: float) -> None:
    pmf = module.binomial_pmf(35 * 30, p)
    assert len(pmf) == 1051 and isclose(sum(pmf), 1.0, rel_tol=1e-9)
    assert all(0.0 <= x <= 1.0 for x in pmf)


@pytest.mark.parametrize("module", [platoon_odds, squad_odds])
def test_the_floats_agree_with_the_fractions(module) -> None:
    exact = module.binomial_pmf(40, Fraction(2, 6))
    approx = module.binomial_pmf(40, 2 / 6)
    assert all(
        isclose(float(e), a, rel_tol=1e-9, abs_tol=1e-300)
        for e, a in zip(exact, approx, strict=True)
    )
    big = module.binomial_pmf(1050, Fraction(1, 2))
    assert sum(big) == 1  # exact integers and fractions: no overflow at all
