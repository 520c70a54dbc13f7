"""Hexsides: the edge shared by two adjacent hexes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.hexgrid.coords import DIRECTIONS, Hex

__all__ = ["HexSide", "side_between", "sides_of"]


@dataclass(frozen=True, slots=True, order=True)
class HexSide:
    """The side between two adjacent hexes, stored canonically with ``a < b``.

    ``HexSide(x, y)`` and ``HexSide(y, x)`` build the same (equal, same hash) side; a pair of
    hexes that are not adjacent raises ValueError.
    """

    a: Hex
    b: Hex

    def __post_init__(self) -> None:
        a, b = self.a, self.b
        if not a.is_adjacent(b):
            raise ValueError(f"no hexside between {a!r} and {b!r}: they are not adjacent")
        if b < a:
            object.__setattr__(self, "a", b)
            object.__setattr__(self, "b", a)

    @classmethod
    def between(cls, h1: Hex, h2: Hex) -> HexSide:
        """The side shared by two adjacent hexes (either order); ValueError otherwise."""
        return cls(h1, h2)

    def hexes(self) -> tuple[Hex, Hex]:
        return (self.a, self.b)

    def other(self, h: Hex) -> Hex:
        """The hex across this side from ``h``; ValueError if ``h`` is not on it."""
        if h == self.a:
            return self.b
        if h == self.b:
            return self.a
        raise ValueError(f"{h!r} is not on {self!r}")


def sides_of(h: Hex) -> tuple[HexSide, ...]:
    """The six sides of ``h``, in :data:`~tabletop.hexgrid.coords.DIRECTIONS` order."""
    return tuple(HexSide(h, n) for n in h.neighbors())


_STEPS = frozenset((d.q, d.r) for d in DIRECTIONS)
_NEW = object.__new__
_SET_A: Any = HexSide.__dict__["a"].__set__  # the slots' own setters (see side_between)
_SET_B: Any = HexSide.__dict__["b"].__set__


def side_between(a: Hex, b: Hex) -> HexSide | None:
    """``HexSide(a, b)`` for two adjacent hexes, None for any other pair: the same side,
    made without the dataclass's Python ``__init__`` and ordering calls (a big map's file
    names 10,000 sides)."""
    aq, ar, bq, br = a.q, a.r, b.q, b.r
    if (bq - aq, br - ar) not in _STEPS:
        return None
    side: HexSide = _NEW(HexSide)
    if (bq, br) < (aq, ar):
        a, b = b, a
    _SET_A(side, a)
    _SET_B(side, b)
    return side
