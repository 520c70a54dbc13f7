"""Axial hex coordinates: vectors, distances, rings, lines.

Coordinates follow Red Blob Games' axial system (``q``, ``r``, with the implied cube
coordinate ``s = -q - r``). :data:`DIRECTIONS` is in Red Blob's order; drawn with the default
flat-topped :class:`~tabletop.hexgrid.layout.Layout` (screen y growing downward) direction
0 points down-right, 1 up-right, 2 up, 3 up-left, 4 down-left and 5 down.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = [
    "DIAGONALS",
    "DIRECTIONS",
    "LINE_EPSILON",
    "FractionalHex",
    "Hex",
    "hex_lerp_line",
]

#: The nudge :meth:`Hex.line_to` adds to both ends of a line (Red Blob's epsilon).
LINE_EPSILON = 1e-6


@dataclass(frozen=True, slots=True, order=True)
class Hex:
    """One hex in axial coordinates; ordered by ``(q, r)``."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate, ``-q - r``."""
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def scale(self, k: int) -> Hex:
        return Hex(self.q * k, self.r * k)

    def neighbor(self, direction: int) -> Hex:
        """The adjacent hex in ``DIRECTIONS[direction]`` (0..5)."""
        d = DIRECTIONS[direction]
        return Hex(self.q + d.q, self.r + d.r)

    def neighbors(self) -> tuple[Hex, ...]:
        """The six adjacent hexes, in :data:`DIRECTIONS` order."""
        q = self.q
        r = self.r
        return (
            Hex(q + 1, r),
            Hex(q + 1, r - 1),
            Hex(q, r - 1),
            Hex(q - 1, r),
            Hex(q - 1, r + 1),
            Hex(q, r + 1),
        )

    def distance(self, other: Hex) -> int:
        """The number of steps between two hexes."""
        dq = self.q - other.q
        dr = self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def is_adjacent(self, other: Hex) -> bool:
        return self.distance(other) == 1

    def direction_to(self, other: Hex) -> int:
        """The index into :data:`DIRECTIONS` of an adjacent hex; ValueError otherwise."""
        d = _DIRECTION_INDEX.get((other.q - self.q, other.r - self.r))
        if d is None:
            raise ValueError(f"{other!r} is not adjacent to {self!r}")
        return d

    def ring(self, radius: int) -> list[Hex]:
        """The ``6 * radius`` hexes at exactly ``radius`` steps (``[self]`` for radius 0).

        Starts at ``self + DIRECTIONS[4] * radius`` and walks the ring in direction order.
        """
        if radius < 0:
            raise ValueError(f"ring radius must be >= 0, not {radius}")
        if radius == 0:
            return [self]
        start = DIRECTIONS[4]
        q = self.q + start.q * radius
        r = self.r + start.r * radius
        result: list[Hex] = []
        for d in DIRECTIONS:
            for _ in range(radius):
                result.append(Hex(q, r))
                q += d.q
                r += d.r
        return result

    def spiral(self, radius: int) -> list[Hex]:
        """``self``, then the rings 1..radius: ``1 + 3 * radius * (radius + 1)`` hexes."""
        if radius < 0:
            raise ValueError(f"spiral radius must be >= 0, not {radius}")
        result = [self]
        for k in range(1, radius + 1):
            result.extend(self.ring(k))
        return result

    def within(self, radius: int) -> list[Hex]:
        """Every hex at distance <= radius, sorted (by q, then r)."""
        if radius < 0:
            raise ValueError(f"radius must be >= 0, not {radius}")
        result: list[Hex] = []
        for dq in range(-radius, radius + 1):
            lo = max(-radius, -dq - radius)
            hi = min(radius, -dq + radius)
            for dr in range(lo, hi + 1):
                result.append(Hex(self.q + dq, self.r + dr))
        return result

    def line_to(self, other: Hex) -> list[Hex]:
        """Red Blob's lerp line, both ends nudged by ``+LINE_EPSILON``: ``distance + 1`` hexes."""
        return hex_lerp_line(self, other, LINE_EPSILON)


#: The six axial unit vectors (Red Blob order).
DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0),
    Hex(1, -1),
    Hex(0, -1),
    Hex(-1, 0),
    Hex(-1, 1),
    Hex(0, 1),
)

#: The six "diagonal" vectors (distance 2, pointing at a hex corner): a straight line from a
#: hex centre along a multiple of one of these runs exactly along hexsides.
#: ``DIAGONALS[i] == DIRECTIONS[i] + DIRECTIONS[(i + 1) % 6]``.
DIAGONALS: tuple[Hex, ...] = (
    Hex(2, -1),
    Hex(1, -2),
    Hex(-1, -1),
    Hex(-2, 1),
    Hex(-1, 2),
    Hex(1, 1),
)

_DIRECTION_INDEX: dict[tuple[int, int], int] = {(d.q, d.r): i for i, d in enumerate(DIRECTIONS)}


@dataclass(frozen=True, slots=True)
class FractionalHex:
    """A point in axial coordinates (a position inside some hex)."""

    q: float
    r: float

    @property
    def s(self) -> float:
        return -self.q - self.r

    def round(self) -> Hex:
        """The hex containing this point (cube rounding; halves round up)."""
        q = self.q
        r = self.r
        s = -q - r
        rq = math.floor(q + 0.5)
        rr = math.floor(r + 0.5)
        rs = math.floor(s + 0.5)
        dq = abs(rq - q)
        dr = abs(rr - r)
        ds = abs(rs - s)
        if dq > dr and dq > ds:
            rq = -rr - rs
        elif dr > ds:
            rr = -rq - rs
        return Hex(rq, rr)

    def lerp(self, other: FractionalHex, t: float) -> FractionalHex:
        """The point a fraction ``t`` of the way from ``self`` to ``other``."""
        return FractionalHex(self.q + (other.q - self.q) * t, self.r + (other.r - self.r) * t)


def hex_lerp_line(a: Hex, b: Hex, nudge: float) -> list[Hex]:
    """Red Blob's line: ``distance + 1`` samples of the segment between the two centres.

    Both ends are moved by ``(nudge, nudge, -2 * nudge)`` in cube coordinates first, so that
    samples falling exactly on a hexside are pushed to one side of it.
    """
    n = a.distance(b)
    if n == 0:
        return [a]
    start = FractionalHex(a.q + nudge, a.r + nudge)
    end = FractionalHex(b.q + nudge, b.r + nudge)
    return [start.lerp(end, i / n).round() for i in range(n + 1)]
