"""Time of one exact odds computation (12 attack dice, 12 save dice) against a plain
baseline measured in the same run: one binomial pmf of 12 dice. Prints the ratio."""

from __future__ import annotations

import timeit
from math import comb

from tabletop.rules.platoon.combat import HitNumber
from tabletop.rules.platoon.odds import attack_odds


def baseline() -> list[float]:
    p = 0.5
    return [comb(12, k) * p**k * (1 - p) ** (12 - k) for k in range(13)]


def odds() -> object:
    return attack_odds([HitNumber(hit=4, dice=12)], 12, 5)


def per_call(fn: object, number: int = 2000) -> float:
    timer = timeit.Timer(fn)
    return min(timer.repeat(repeat=5, number=number)) / number


def main() -> None:
    base = per_call(baseline)
    full = per_call(odds)
    print(f"baseline (binomial pmf, 12 dice): {base * 1e6:8.2f} us per call")
    print(f"attack_odds (12 attack, 12 save): {full * 1e6:8.2f} us per call")
    print(f"ratio: {full / base:.1f}x the baseline; under 1 ms: {full < 1e-3}")


if __name__ == "__main__":
    main()
