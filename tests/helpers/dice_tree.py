"""Brute force over the dice: perform an action on a copy of the game for every sequence
of faces the rules can read, each with its chance 6**-len, so that exact odds can be
compared with what the rules really do. Only for tiny attacks (a few dice)."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from itertools import product

from tabletop.model import GameState
from tabletop.rules import ActionRequest, LineOfSight, engine


class _More(Exception):
    def __init__(self, n: int) -> None:
        self.n = n


class _Prefix:
    """Dice that hand out a fixed prefix and ask for the next roll's faces past its end."""

    def __init__(self, faces: tuple[int, ...]) -> None:
        self.faces, self.next = faces, 0

    def roll(self, n: int) -> list[int]:
        if self.next + n > len(self.faces):
            raise _More(n)
        out = list(self.faces[self.next : self.next + n])
        self.next += n
        return out


def every_roll(
    state: GameState, request: ActionRequest, los: LineOfSight
) -> Iterator[tuple[Fraction, tuple[int, ...], GameState]]:
    """(chance, faces, the game after) for every complete dice sequence of ``request``
    (checked once: legal; then the ruleset's own ``perform`` for each sequence)."""
    ruleset = engine.ruleset_for(state.scenario.ruleset)
    assert not ruleset.check(state, request, los)
    stack: list[tuple[int, ...]] = [()]
    while stack:
        prefix = stack.pop()
        copy = state.snapshot()
        try:
            ruleset.perform(copy, request, _Prefix(prefix), los)
        except _More as more:
            stack += [prefix + faces for faces in product(range(1, 7), repeat=more.n)]
            continue
        yield Fraction(1, 6 ** len(prefix)), prefix, copy
