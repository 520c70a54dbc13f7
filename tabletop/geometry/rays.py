"""Exact sight-line walks on the hex lattice, computed once per relative offset.

The hexes a segment between two hex centres crosses (passes through the interior of), and
the hexsides it runs exactly along, depend only on the offset ``D = b - a``: on a regular grid
the picture is the same wherever the segment starts. So we compute them once per offset, in
exact arithmetic, for many offsets at a time with numpy, and keep them in a table.

The walk. In cube coordinates put ``u1 = q - r``, ``u2 = r - s``, ``u3 = s - q``. Hex ``c``
is the open set ``|u_k - u_k(c)| < 1`` (k = 1, 2, 3), and every ``u_k(c)`` is an integer, so
every hexside lies on one of the lines ``u_k = integer``. These three families of lines cut
the plane into small triangles, each inside a single hex. Along the segment ``t D`` (t in
[0, 1]) each ``u_k = t e_k`` with an integer ``e_k``, so the segment meets family k at
``t = j / |e_k|``, ``j = 1 .. |e_k| - 1``. Between two consecutive such breakpoints the
segment is inside one triangle, hence one hex: the hex of the interval's midpoint. Walking
the intervals in order and keeping each change of hex gives the crossed hexes in order.

Exactness. The breakpoints are merged without sorting: the rank of ``j / E_k`` among all
breakpoints is ``j`` plus, for each other family a, ``floor(j E_a / E_k)`` breakpoints at or
before it (ties go to the lower family) -- integer arithmetic. Coinciding breakpoints (the
line passes through a hex corner) leave empty intervals, dropped by comparing the doubles
``j / E_k``: a correctly rounded quotient of integers below 2**26 keeps equal rationals equal
and different ones ordered. Two different breakpoints are at least ``1 / (E_a E_b)`` apart, so
each midpoint is at least ``1 / (2 E_a E_b)`` (in u units) from every line of the arrangement
-- above 1e-6 for offsets below 300 hexes -- and rounding it to a hex in doubles (errors near
1e-13) is exact.

Lines along a diagonal (some ``e_k = 0``: ``D = m (a + b)`` for two neighbour directions a,
b) run through hex centres on a line ``u_k = 0``, alternating between the interior of the hex
``j (a + b)`` and the side between ``j (a + b) + a`` and ``j (a + b) + b``: written directly.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

__all__ = ["RayBatch", "compute_rays", "hex_distance"]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]

# The six diagonals a + b (axial) and the two neighbour directions a, b each is made of.
_DIAGONALS = {
    (1, 1): ((1, 0), (0, 1)), (2, -1): ((1, 0), (1, -1)), (1, -2): ((1, -1), (0, -1)),
    (-1, -1): ((0, -1), (-1, 0)), (-2, 1): ((-1, 0), (-1, 1)), (-1, 2): ((-1, 1), (0, 1)),
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class RayBatch:
    """Sight lines for several offsets, as flat arrays of pieces (CSR layout).

    A line's pieces are, in order from the firer: the firer's hex ``(0, 0)``, then the hexes
    it crosses and the hexsides it runs along (a side piece has ``(q1, r1) != (q2, r2)``, the
    two hexes in either order),
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


def _ramp(counts: IntArray) -> tuple[IntArray, IntArray]:
    """(owner, index within owner) for ``counts[i]`` consecutive items per owner i."""
    owner = np.repeat(np.arange(len(counts)), counts)
    firsts = np.cumsum(counts) - counts
    index: IntArray = np.arange(len(owner)) - firsts[owner]
    return owner, index


def _walk(dq: IntArray, dr: IntArray) -> tuple[IntArray, IntArray, IntArray]:
    """(line, q, r): the hexes each non-diagonal segment passes through, in order, ends
    included (see the module docstring)."""
    E = np.abs(np.stack([dq - dr, dq + 2 * dr, -2 * dq - dr]))  # (3, lines), all > 0
    npos = E.sum(axis=0) - 1  # breakpoints, with t = 0 and t = 1
    base = np.cumsum(npos) - npos
    t = np.empty(int(npos.sum()), dtype=np.float64)
    t[base] = 0.0
    t[base + npos - 1] = 1.0
    for k in range(3):
        line, j0 = _ramp(E[k] - 1)
        j = j0 + 1
        ek = E[k][line]
        rank = j.copy()
        for a in range(3):
            if a != k:
                ea = E[a][line]
                rank += (j * ea) // ek if a < k else (j * ea - 1) // ek
        t[base[line] + rank] = j / ek
    line, i = _ramp(npos - 1)
    lo = t[base[line] + i]
    hi = t[base[line] + i + 1]
    keep = hi > lo
    line = line[keep]
    mid = 0.5 * (lo[keep] + hi[keep])
    q, r = _cube_round(mid * dq[line], mid * dr[line])
    new = np.ones(len(line), dtype=np.bool_)
    new[1:] = (q[1:] != q[:-1]) | (r[1:] != r[:-1]) | (line[1:] != line[:-1])
    return line[new], q[new], r[new]


def _diagonal_steps(dq: IntArray, dr: IntArray) -> tuple[IntArray, IntArray]:
    """For diagonal offsets: the number of diagonal steps m and the diagonal's row index."""
    m = np.maximum(np.abs(dq), np.abs(dr)) // np.where(
        (np.abs(dq) == 2 * np.abs(dr)) | (np.abs(dr) == 2 * np.abs(dq)), 2, 1
    )
    keys = list(_DIAGONALS)
    unit_q = dq // m
    unit_r = dr // m
    which = np.full(len(dq), -1, dtype=np.int64)
    for n, (uq, ur) in enumerate(keys):
        which[(unit_q == uq) & (unit_r == ur)] = n
    return m, which


def _diagonals(
    dq: IntArray, dr: IntArray
) -> tuple[IntArray, IntArray, IntArray, IntArray, IntArray]:
    """(line, q1, r1, q2, r2) of each diagonal segment's pieces, in order (see the docstring)."""
    m, which = _diagonal_steps(dq, dr)
    table = np.array([(*d, *a, *b) for d, (a, b) in _DIAGONALS.items()], dtype=np.int64)
    line, i = _ramp(2 * m + 1)
    d = table[which[line]]
    j = i // 2
    side = (i % 2) == 1
    q1 = j * d[:, 0] + np.where(side, d[:, 2], 0)
    r1 = j * d[:, 1] + np.where(side, d[:, 3], 0)
    q2 = j * d[:, 0] + np.where(side, d[:, 4], 0)
    r2 = j * d[:, 1] + np.where(side, d[:, 5], 0)
    swap = (q2 < q1) | ((q2 == q1) & (r2 < r1))
    return (
        line,
        np.where(swap, q2, q1),
        np.where(swap, r2, r1),
        np.where(swap, q1, q2),
        np.where(swap, r1, r2),
    )


def _csr_positions(line: IntArray, start: IntArray) -> IntArray:
    """Where each piece goes, for runs of equal ``line`` values listed in order."""
    run_start = np.ones(len(line), dtype=np.bool_)
    run_start[1:] = line[1:] != line[:-1]
    firsts = np.maximum.accumulate(np.where(run_start, np.arange(len(line)), 0))
    result: IntArray = start[line] + np.arange(len(line)) - firsts
    return result


def _canonical(dq: IntArray, dr: IntArray) -> tuple[IntArray, IntArray, IntArray]:
    """Each offset's image in the sector ``x >= y >= 0 >= z`` (cube coordinates sorted, sign
    chosen), as (image's cube coordinates (n, 3), where each original coordinate went
    (n, 3), sign (n,)): ``original[k] = sign * image[where[k]]``."""
    cube = np.stack([dq, dr, -dq - dr], axis=1)
    order = np.argsort(-cube, axis=1, kind="stable")
    image = np.take_along_axis(cube, order, axis=1)
    sign = np.where(image[:, 1] < 0, -1, 1)
    order = np.where(sign[:, None] < 0, order[:, ::-1], order)
    image = sign[:, None] * np.take_along_axis(cube, order, axis=1)
    where = np.argsort(order, axis=1)
    return image, where, sign


def compute_rays(dq: IntArray, dr: IntArray) -> RayBatch:
    """The pieces of the sight lines from ``(0, 0)`` to each offset ``(dq[i], dr[i]) != 0``.

    The twelve symmetries of the lattice around ``(0, 0)`` (permuting cube coordinates and
    changing their sign) map sight lines to sight lines, piece by piece and in order, so only
    offsets in one twelfth of the plane are walked; the others are their images.
    """
    dq = np.asarray(dq, dtype=np.int64)
    dr = np.asarray(dr, dtype=np.int64)
    image, where, sign = _canonical(dq, dr)
    keys, inverse = np.unique(image[:, 0] * (1 << 32) + image[:, 1], return_inverse=True)
    base = _compute_rays(keys >> 32, keys & 0xFFFFFFFF)
    lens = np.diff(base.start)[inverse]
    start = np.concatenate([[0], np.cumsum(lens)])
    k = np.arange(int(start[-1])) + np.repeat(base.start[inverse] - start[:-1], lens)
    # original (q, r) = M (q, r) of the image, M's rows read off the cube coordinates.
    pick_q = np.array([1, 0, -1], dtype=np.int64)
    pick_r = np.array([0, 1, -1], dtype=np.int64)
    m = [np.repeat(sign * pick[where[:, row]], lens) for row in (0, 1) for pick in (pick_q, pick_r)]
    bq1, br1, bq2, br2 = base.q1[k], base.r1[k], base.q2[k], base.r2[k]
    return RayBatch(
        start=start,
        q1=m[0] * bq1 + m[1] * br1,
        r1=m[2] * bq1 + m[3] * br1,
        q2=m[0] * bq2 + m[1] * br2,
        r2=m[2] * bq2 + m[3] * br2,
        num=base.num[k],
        den=base.den[inverse],
    )


def _compute_rays(dq: IntArray, dr: IntArray) -> RayBatch:
    diagonal = (dq == dr) | (dq == -2 * dr) | (dr == -2 * dq)
    gen = np.flatnonzero(~diagonal)
    dia = np.flatnonzero(diagonal)
    g_line, g_q, g_r = _walk(dq[gen], dr[gen])
    d_line, d_q1, d_r1, d_q2, d_r2 = _diagonals(dq[dia], dr[dia])
    line = np.concatenate([gen[g_line], dia[d_line]])
    counts = np.bincount(line, minlength=len(dq))
    start = np.concatenate([[0], np.cumsum(counts)])
    # Both groups list each line's pieces consecutively and in order: scatter them.
    order = _csr_positions(line, start)
    q1 = np.empty_like(line)
    r1 = np.empty_like(line)
    q2 = np.empty_like(line)
    r2 = np.empty_like(line)
    q1[order] = np.concatenate([g_q, d_q1])
    r1[order] = np.concatenate([g_r, d_r1])
    q2[order] = np.concatenate([g_q, d_q2])
    r2[order] = np.concatenate([g_r, d_r2])
    all_line = np.repeat(np.arange(len(dq)), counts)
    den = 2 * _dot2(dq, dr, dq, dr)
    # Projection of the piece's point (hex centre or side midpoint): t = num / den.
    num = np.clip(_dot2(q1 + q2, r1 + r2, dq[all_line], dr[all_line]), 0, den[all_line])
    return RayBatch(start=start, q1=q1, r1=r1, q2=q2, r2=r2, num=num, den=den)
