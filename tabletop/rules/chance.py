"""The chance arithmetic both rulesets' odds are made of: a binomial distribution of
successes, the convolution of two distributions and the chance of a d6 face, exact in
``Fraction``s or in floats that never overflow.

Up to :data:`FLOAT_DICE` dice the float binomial multiplies out as written (the worked
examples are checked to the last digit that way); above it each term comes from its
logarithm, since ``comb(1050, 525)`` is past the largest float. An exact ``Fraction``
never overflows.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb, exp, lgamma, log, log1p

__all__ = ["FLOAT_DICE", "Number", "binomial_pmf", "convolve", "faces_chance"]

Number = float | Fraction

FLOAT_DICE = 1000
"""Up to this many dice the float odds multiply out exactly as written (comb(1000, 500)
is below the largest float); above it they come from logarithms."""


def faces_chance(k: int, exact: bool) -> Number:
    """The chance that one d6 shows one of ``k`` faces (``k`` clamped to 0..6)."""
    k = max(0, min(6, k))
    return Fraction(k, 6) if exact else k / 6


def binomial_pmf(n: int, p: Number) -> list[Number]:
    """P(k successes of n), k = 0..n."""
    if isinstance(p, float) and n > FLOAT_DICE:  # comb(n, k) would pass a float
        return list(_float_pmf(n, p))
    q = 1 - p
    return [comb(n, k) * p**k * q ** (n - k) for k in range(n + 1)]


def _float_pmf(n: int, p: float) -> list[float]:
    """binomial_pmf in floats without overflow: each term from its logarithm."""
    if p <= 0 or p >= 1:
        return [float(k == (n if p >= 1 else 0)) for k in range(n + 1)]
    lp, lq, ln = log(p), log1p(-p), lgamma(n + 1)
    return [exp(ln - lgamma(k + 1) - lgamma(n - k + 1) + k * lp + (n - k) * lq)
            for k in range(n + 1)]  # fmt: skip


def convolve(a: Sequence[Number], b: Sequence[Number]) -> list[Number]:
    """The distribution of the sum of two independent counts."""
    out: list[Number] = [0 * a[0]] * (len(a) + len(b) - 1)
    for i, pa in enumerate(a):
        for j, pb in enumerate(b):
            out[i + j] += pa * pb
    return out
