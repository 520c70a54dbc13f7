"""Exact sight-line walks on the hex lattice, computed once per relative offset.

The hexes a segment between two hex centres crosses (passes through the interior of), and
the hexsides it runs exactly along, depend only on the offset ``b - a``: on a regular grid the
picture is the same wherever the segment starts. So we compute them once per offset, in
exact arithmetic, for many offsets at a time with numpy, and keep them in a table.

Exactness. In cube coordinates a point ``d`` (relative to a hex centre) lies in the hex's
interior when the three numbers ``u1 = dq - dr``, ``u2 = dr - ds``, ``u3 = ds - dq`` are all
strictly between -1 and 1 (the six sides are ``u_k = +-1``). Along the segment ``d(t) = t D -
c`` each ``u_k`` is linear in ``t`` with integer coefficients, so the set of ``t`` inside the
hex is an intersection of three open intervals whose ends are small rationals. Those ends are
compared as IEEE doubles: a correctly rounded quotient of integers below 2**26 keeps equal
rationals equal and different ones ordered, so every comparison is exact. A segment runs along
a side ``u_k = +-1`` when ``u_k`` is constant there and the other two stay within [-1, 1] for a
stretch of positive length.

Candidates. Consecutive lerp samples are at most sqrt(3) hex sizes apart, so every point of
the segment lies within sqrt(3)/2 of a sample; every hex two steps from the sample's hex is at
least one size away, so the hexes crossed are among the sample hexes and their neighbours.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

__all__ = ["RayBatch", "compute_rays", "hex_distance"]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]

# The six neighbour vectors (axial), in the order of tabletop.hexgrid.DIRECTIONS, plus 0.
_STEPS = np.array([(0, 0), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)], dtype=np.int64)
# Neighbour across the side u_k = +1 / u_k = -1 (k = 0, 1, 2).
_ACROSS_PLUS = np.array([(1, -1), (0, 1), (-1, 0)], dtype=np.int64)
_ACROSS_MINUS = -_ACROSS_PLUS


@dataclass(frozen=True, slots=True)
class RayBatch:
    """Sight lines for several offsets, as flat arrays of pieces (CSR layout).

    A line's pieces are, in order from the firer: the firer's hex ``(0, 0)``, then the hexes
    it crosses and the hexsides it runs along (a side piece has ``(q1, r1) != (q2, r2)``),
    then the target's hex ``D``. Line ``i`` owns pieces ``start[i]:start[i + 1]``.
    ``num / den[line]`` is the projection of the piece's point (hex centre or side midpoint)
    on the line, clamped to [0, 1]: exact integers, for the slope model (rules 4.3).
    """

    start: IntArray
    q1: IntArray
    r1: IntArray
    q2: IntArray
    r2: IntArray
    num: IntArray
    den: IntArray


def hex_distance(dq: IntArray, dr: IntArray) -> IntArray:
    result: IntArray = (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2
    return result


def _dot2(aq: IntArray, ar: IntArray, bq: IntArray, br: IntArray) -> IntArray:
    """Twice the Euclidean dot product of two axial vectors over 3 (an integer)."""
    result: IntArray = 2 * aq * bq + aq * br + ar * bq + 2 * ar * br
    return result


def _cube_round(fq: FloatArray, fr: FloatArray) -> tuple[IntArray, IntArray]:
    fs = -fq - fr
    rq = np.floor(fq + 0.5)
    rr = np.floor(fr + 0.5)
    rs = np.floor(fs + 0.5)
    dq = np.abs(rq - fq)
    dr = np.abs(rr - fr)
    ds = np.abs(rs - fs)
    fix_q = (dq > dr) & (dq > ds)
    fix_r = ~fix_q & (dr > ds)
    rq = np.where(fix_q, -rr - rs, rq)
    rr = np.where(fix_r, -rq - rs, rr)
    return rq.astype(np.int64), rr.astype(np.int64)


def _coefficients(
    cq: IntArray, cr: IntArray, dq: IntArray, dr: IntArray
) -> tuple[list[IntArray], list[IntArray]]:
    """``u_k(t) = c_k + t e_k`` for the point ``t D`` seen from hex centre ``c``."""
    c = [-(cq - cr), -(cq + 2 * cr), 2 * cq + cr]
    e = [dq - dr, dq + 2 * dr, -2 * dq - dr]
    return c, e


def _interval(c: IntArray, e: IntArray, closed: bool) -> tuple[FloatArray, FloatArray]:
    """The ``t`` where ``|c + t e| < 1`` (or ``<= 1``): ends as doubles, +-inf when e == 0."""
    with np.errstate(divide="ignore", invalid="ignore"):
        a = (-1.0 - c) / e
        b = (1.0 - c) / e
    lo = np.where(e > 0, a, b)
    hi = np.where(e > 0, b, a)
    inside = (np.abs(c) <= 1) if closed else (np.abs(c) < 1)
    flat = e == 0
    lo = np.where(flat, np.where(inside, -np.inf, np.inf), lo)
    hi = np.where(flat, np.where(inside, np.inf, -np.inf), hi)
    return lo, hi


def _candidates(dq: IntArray, dr: IntArray) -> tuple[IntArray, IntArray, IntArray]:
    """(line, q, r): the lerp sample hexes of each line and their neighbours."""
    n = hex_distance(dq, dr)
    counts = n + 1
    line = np.repeat(np.arange(len(dq)), counts)
    first = np.repeat(np.cumsum(counts) - counts, counts)
    i = np.arange(len(line)) - first
    nl = n[line].astype(np.float64)
    fq = i * dq[line] / nl + 1e-6
    fr = i * dr[line] / nl + 1e-6
    sq, sr = _cube_round(fq, fr)
    cq = (sq[:, None] + _STEPS[None, :, 0]).ravel()
    cr = (sr[:, None] + _STEPS[None, :, 1]).ravel()
    return np.repeat(line, len(_STEPS)), cq, cr


def _unique_rows(*cols: IntArray) -> IntArray:
    """Indices of the first occurrence of each distinct row."""
    stacked = np.stack(cols, axis=1)
    _, first = np.unique(stacked, axis=0, return_index=True)
    return np.sort(first)


def _crossed(line: IntArray, cq: IntArray, cr: IntArray, dq: IntArray, dr: IntArray) -> IntArray:
    """Mask of candidates whose interior the segment passes through (ends excluded)."""
    Dq = dq[line]
    Dr = dr[line]
    cs, es = _coefficients(cq, cr, Dq, Dr)
    los, his = zip(
        *(_interval(c, e, closed=False) for c, e in zip(cs, es, strict=True)), strict=True
    )
    lo = np.maximum(np.maximum(los[0], los[1]), los[2])
    hi = np.minimum(np.minimum(his[0], his[1]), his[2])
    ends = ((cq == 0) & (cr == 0)) | ((cq == Dq) & (cr == Dr))
    result: IntArray = (lo < hi) & (lo < 1.0) & (hi > 0.0) & ~ends
    return result


def _grazes(
    line: IntArray, cq: IntArray, cr: IntArray, dq: IntArray, dr: IntArray
) -> tuple[IntArray, IntArray, IntArray, IntArray, IntArray]:
    """(line, q1, r1, q2, r2) of every side the segment runs along, once per line."""
    Dq = dq[line]
    Dr = dr[line]
    cs, es = _coefficients(cq, cr, Dq, Dr)
    closed = [_interval(c, e, closed=True) for c, e in zip(cs, es, strict=True)]
    out: list[tuple[IntArray, ...]] = []
    for k in range(3):
        j1, j2 = [j for j in range(3) if j != k]
        lo = np.maximum(np.maximum(closed[j1][0], closed[j2][0]), 0.0)
        hi = np.minimum(np.minimum(closed[j1][1], closed[j2][1]), 1.0)
        on_side = (es[k] == 0) & (np.abs(cs[k]) == 1) & (lo < hi)
        sign = cs[k][on_side]
        step = np.where(sign[:, None] > 0, _ACROSS_PLUS[k], _ACROSS_MINUS[k])
        q1 = cq[on_side]
        r1 = cr[on_side]
        q2 = q1 + step[:, 0]
        r2 = r1 + step[:, 1]
        swap = (q2 < q1) | ((q2 == q1) & (r2 < r1))
        out.append(
            (
                line[on_side],
                np.where(swap, q2, q1),
                np.where(swap, r2, r1),
                np.where(swap, q1, q2),
                np.where(swap, r1, r2),
            )
        )
    cols = [np.concatenate([o[i] for o in out]) for i in range(5)]
    keep = _unique_rows(*cols)
    return cols[0][keep], cols[1][keep], cols[2][keep], cols[3][keep], cols[4][keep]


def _entry_t(cq: IntArray, cr: IntArray, Dq: IntArray, Dr: IntArray) -> FloatArray:
    cs, es = _coefficients(cq, cr, Dq, Dr)
    los = [_interval(c, e, closed=False)[0] for c, e in zip(cs, es, strict=True)]
    return np.maximum(np.maximum(np.maximum(los[0], los[1]), los[2]), 0.0)


def compute_rays(dq: IntArray, dr: IntArray) -> RayBatch:
    """The pieces of the sight lines from ``(0, 0)`` to each offset ``(dq[i], dr[i]) != 0``."""
    dq = np.asarray(dq, dtype=np.int64)
    dr = np.asarray(dr, dtype=np.int64)
    line, cq, cr = _candidates(dq, dr)
    hit = _crossed(line, cq, cr, dq, dr)
    line, cq, cr = line[hit], cq[hit], cr[hit]
    keep = _unique_rows(line, cq, cr)
    line, cq, cr = line[keep], cq[keep], cr[keep]
    order_t = _entry_t(cq, cr, dq[line], dr[line])
    g_line, g_q1, g_r1, g_q2, g_r2 = _grazes(*_candidates(dq, dr), dq, dr)
    g_t = _graze_mid_t(g_line, g_q1, g_r1, g_q2, g_r2, dq, dr)
    k = len(dq)
    ends = np.arange(k)
    zeros = np.zeros(k, dtype=np.int64)
    all_line = np.concatenate([ends, line, g_line, ends])
    q1 = np.concatenate([zeros, cq, g_q1, dq])
    r1 = np.concatenate([zeros, cr, g_r1, dr])
    q2 = np.concatenate([zeros, cq, g_q2, dq])
    r2 = np.concatenate([zeros, cr, g_r2, dr])
    t = np.concatenate([np.full(k, -1.0), order_t, g_t, np.full(k, 2.0)])
    order = np.lexsort((t, all_line))
    all_line, q1, r1, q2, r2 = (x[order] for x in (all_line, q1, r1, q2, r2))
    den = 2 * _dot2(dq, dr, dq, dr)
    # Projection of the piece's point (hex centre or side midpoint): t = num / den.
    num = np.clip(_dot2(q1 + q2, r1 + r2, dq[all_line], dr[all_line]), 0, den[all_line])
    counts = np.bincount(all_line, minlength=k)
    start = np.concatenate([[0], np.cumsum(counts)])
    return RayBatch(start=start, q1=q1, r1=r1, q2=q2, r2=r2, num=num, den=den)


def _graze_mid_t(
    line: IntArray,
    q1: IntArray,
    r1: IntArray,
    q2: IntArray,
    r2: IntArray,
    dq: IntArray,
    dr: IntArray,
) -> FloatArray:
    """Ordering parameter of a side piece: its midpoint projected on the line."""
    Dq = dq[line]
    Dr = dr[line]
    num = _dot2(q1 + q2, r1 + r2, Dq, Dr).astype(np.float64)
    den = 2.0 * _dot2(Dq, Dr, Dq, Dr)
    with np.errstate(divide="ignore", invalid="ignore"):
        out: FloatArray = num / den
    return out
