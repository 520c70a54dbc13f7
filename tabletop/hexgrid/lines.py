"""Lines between hex centres that may run exactly along hexsides (the grazes).

Kept apart from :mod:`~tabletop.hexgrid.coords` because it needs both hexes and hexsides,
and :mod:`~tabletop.hexgrid.sides` is built on hexes: each module imports only the ones
below it.
"""

from __future__ import annotations

from tabletop.hexgrid.coords import LINE_EPSILON, Hex, hex_lerp_line
from tabletop.hexgrid.sides import HexSide

__all__ = ["line_with_grazes"]


def _in_cell(pq: int, pr: int, n: int, h: Hex) -> bool:
    """Whether the point ``(pq, pr) / n`` lies in hex ``h`` (its boundary included)."""
    dq = pq - n * h.q
    dr = pr - n * h.r
    ds = -dq - dr
    return abs(dq - dr) <= n and abs(dr - ds) <= n and abs(ds - dq) <= n


def line_with_grazes(a: Hex, b: Hex) -> tuple[list[Hex], list[HexSide]]:
    """The hexes a line between two centres touches, and the hexsides it runs along.

    This is the line computed twice, with opposite nudges (``+eps`` and ``-eps``): where a
    sample of the segment falls exactly on a hexside the two lines take the hexes on either
    side of it. The sampling is done in exact integer arithmetic, so every such tie is found.

    Returns ``(hexes, grazes)``. ``hexes`` is the union of both lines ordered by distance from
    ``a`` (at equal distance, the ``+eps`` line's hex first); it starts at ``a`` and ends at
    ``b``. ``grazes`` lists, in order from ``a``, the hexsides the segment runs exactly along:
    this happens only when ``b - a`` is a multiple of one of the :data:`DIAGONALS`. A segment
    that merely crosses a hexside at its midpoint (e.g. ``Hex(0, 0)`` to ``Hex(3, 1)``) passes
    through both hexes, so both are in ``hexes`` but the side is not a graze.
    """
    n = a.distance(b)
    if n == 0:
        return [a], []
    dq = b.q - a.q
    dr = b.r - a.r
    ds = -dq - dr
    plus = hex_lerp_line(a, b, LINE_EPSILON)
    hexes: list[Hex] = []
    grazes: list[HexSide] = []
    for i in range(n + 1):
        # The sample, scaled by n so that it is integral.
        pq = n * a.q + i * dq
        pr = n * a.r + i * dr
        here = plus[i]
        if not _in_cell(pq, pr, n, here):  # pragma: no cover - float rounding safety net
            here = next(h for h in here.neighbors() if _in_cell(pq, pr, n, h))
        hexes.append(here)
        # Samples never fall on a hex corner, so at most one neighbour shares the point.
        for other in here.neighbors():
            if _in_cell(pq, pr, n, other):
                hexes.append(other)
                vq = other.q - here.q
                vr = other.r - here.r
                # The hexside is perpendicular to (v_q, v_r, v_s) in cube space.
                if dq * vq + dr * vr + ds * (-vq - vr) == 0:
                    grazes.append(HexSide.between(here, other))
                break
    return hexes, grazes
