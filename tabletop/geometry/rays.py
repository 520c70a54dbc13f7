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
segment is inside one triangle, hence one hex. Only the crossings that lie on a hexside
matter (``_crosses_side``: the others cross a line through a hex centre, inside that hex):
between two consecutive side crossings the segment is inside one hex, the hex of the
interval's midpoint. Walking those intervals in order gives the crossed hexes in order.

Exactness. The breakpoints are merged without sorting: the rank of ``j / E_k`` among all
breakpoints is ``j`` plus, for each other family a, ``floor(j E_a / E_k)`` breakpoints at or
before it (ties go to the lower family). Coinciding breakpoints (the
line passes through a hex corner) leave empty intervals, dropped by comparing the doubles
``j / E_k``: a correctly rounded quotient of integers below 2**26 keeps equal rationals equal
and different ones ordered. Two different breakpoints are at least ``1 / (E_a E_b)`` apart, so
each midpoint is at least ``1 / (2 E_a E_b)`` (in u units) from every line of the arrangement
-- above 1e-6 for offsets below 300 hexes -- so its floors ``f_k = floor(u_k)`` (errors near
1e-13) are exact, and its hex is ``q = floor((f1 - f3 + 1) / 3)``, ``r = floor((f2 - f1 + 1)
/ 3)`` (at the centre ``u1 - u3 = 3 q``, ``u2 - u1 = 3 r``, and each ``u_k(c)`` is ``f_k`` or
``f_k + 1``). Every quotient of integers below 2**53 whose floor is taken is exact in doubles
(a correctly rounded quotient never crosses an integer).

Lines along a diagonal (some ``e_k = 0``: ``D = m (a + b)`` for two neighbour directions a,
b) run through hex centres on a line ``u_k = 0``, alternating between the interior of the hex
``j (a + b)`` and the side between ``j (a + b) + a`` and ``j (a + b) + b``: written directly.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

__all__ = ["CanonicalRays", "RayBatch", "compute_rays", "hex_distance"]

IntArray = npt.NDArray[np.int64]
SmallInts = npt.NDArray[np.int32]
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
    then the target's hex ``D``. Line ``i`` owns pieces ``start[i]:start[i + 1]`` and is the
    line to offset ``offset[i]`` of the request (``compute_rays`` groups lines by symmetry).
    ``num / den[line]`` is the projection of the piece's point (hex centre or side midpoint)
    on the line, clamped to [0, 1]: exact integers, for the slope model (rules 4.3).
    """

    offset: IntArray
    start: IntArray
    q1: SmallInts | IntArray
    r1: SmallInts | IntArray
    q2: SmallInts | IntArray
    r2: SmallInts | IntArray
    num: IntArray
    den: IntArray


def hex_distance(dq: IntArray, dr: IntArray) -> IntArray:
    result: IntArray = (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2
    return result


def _dot2(aq: IntArray, ar: IntArray, bq: IntArray, br: IntArray) -> IntArray:
    """Twice the Euclidean dot product of two axial vectors over 3 (an integer)."""
    result: IntArray = 2 * aq * bq + aq * br + ar * bq + 2 * ar * br
    return result


def _ramp(counts: IntArray) -> tuple[IntArray, IntArray]:
    """(owner, index within owner) for ``counts[i]`` consecutive items per owner i."""
    owner = np.repeat(np.arange(len(counts)), counts)
    firsts = np.cumsum(counts) - counts
    index: IntArray = np.arange(len(owner)) - firsts[owner]
    return owner, index


def _crosses_side(n: FloatArray, big: FloatArray) -> npt.NDArray[np.bool_]:
    """Whether the crossing of the line ``u_k = m`` at ``t = j / |e_k|`` (``m = j sign(e_k)``)
    is on a hexside (or a corner) rather than inside a hex, given ``n = j (e_a - e_k)`` and
    ``big = |e_k|``. The centres on that line have ``u_a = m (mod 3)`` and their hexes cover
    ``|u_a - U_a| < 1`` of it, so the crossing is on a side when ``(u_a - m) mod 3`` is in
    [1, 2], that is when ``n mod 3|e_k|`` is in [|e_k|, 2|e_k|] (integers, exact in doubles)."""
    period = 3.0 * big
    rest = n - period * np.floor(n / period)
    result: npt.NDArray[np.bool_] = (rest >= big) & (rest <= big + big)
    return result


def _breakpoints(e: IntArray) -> tuple[FloatArray, npt.NDArray[np.bool_], IntArray]:
    """(t, on_side, count per line): every line's breakpoints in order, t = 0 and t = 1
    included, flat, and whether each is a side crossing (see the module docstring)."""
    big = np.abs(e)  # all > 0 off the diagonals
    npos = big.sum(axis=0) - 1
    base = np.cumsum(npos) - npos
    t = np.empty(int(npos.sum()), dtype=np.float64)
    t[base] = 0.0
    t[base + npos - 1] = 1.0
    fbig = big.astype(np.float64)
    fbase = base.astype(np.float64)
    on_side = np.ones(len(t), dtype=np.bool_)  # t = 0 and t = 1 are kept
    for k in range(3):
        counts = big[k] - 1
        # (float64 throughout: every value is an integer or a quotient below 2**53)
        j = np.arange(float(counts.sum())) - np.repeat(np.cumsum(counts) - counts - 1.0, counts)
        ek = np.repeat(fbig[k], counts)
        rank = np.repeat(fbase, counts) + j
        for a in range(3):
            if a != k:
                # Breakpoints of family a at or before j / E_k (strictly before when a > k):
                # floor of a quotient of small integers, exact in doubles.
                ja = j * np.repeat(fbig[a], counts)
                if a > k:
                    ja -= 1.0
                rank += np.floor(ja / ek)
        at = rank.astype(np.int64)
        t[at] = j / ek
        # The side test with family a = k + 1 (see _crosses_side).
        step = np.repeat((e[(k + 1) % 3] - e[k]).astype(np.float64), counts)
        on_side[at] = _crosses_side(j * step, ek)
    return t, on_side, npos


def _walk(dq: IntArray, dr: IntArray) -> tuple[IntArray, IntArray, IntArray]:
    """(line, q, r): the hexes each non-diagonal segment passes through, in order, ends
    included (see the module docstring)."""
    e = np.stack([dq - dr, dq + 2 * dr, -2 * dq - dr])  # u_k = t e_k along the segment
    t, on_side, npos = _breakpoints(e)
    # Consecutive kept breakpoints of one line bound an interval inside one hex; pairs across
    # two lines (1 -> 0) and empty intervals (coinciding breakpoints) have hi <= lo.
    t = t[on_side]
    line_of = np.repeat(np.arange(len(dq)), npos)[on_side]
    pos = np.flatnonzero(t[1:] > t[:-1])
    mid = 0.5 * (t[pos] + t[pos + 1])
    line = line_of[pos]
    # The hex of the midpoint: u_k(c) is floor(u_k) or floor(u_k) + 1, and u1 - u3 = 3 q,
    # u2 - u1 = 3 r at a hex centre, so q = floor((f1 - f3 + 1) / 3) (likewise r).
    f1, f2, f3 = (np.floor(mid * e[k][line]) for k in range(3))
    q = np.floor((f1 - f3 + 1.5) * (1.0 / 3.0)).astype(np.int64)
    r = np.floor((f2 - f1 + 1.5) * (1.0 / 3.0)).astype(np.int64)
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


class CanonicalRays:
    """The walked lines of offsets in the canonical sector, kept for later batches."""

    def __init__(self) -> None:
        self.keys = np.zeros(0, dtype=np.int64)  # sorted
        self.slot_of_key = np.zeros(0, dtype=np.int64)
        self.start = np.zeros(0, dtype=np.int64)
        self.length = np.zeros(0, dtype=np.int64)
        self.den = np.zeros(0, dtype=np.int64)
        self.q1 = np.zeros(0, dtype=np.int32)
        self.r1 = np.zeros(0, dtype=np.int32)
        self.q2 = np.zeros(0, dtype=np.int32)
        self.r2 = np.zeros(0, dtype=np.int32)
        self.num = np.zeros(0, dtype=np.int64)

    def _find(self, keys: IntArray) -> IntArray:
        at = np.minimum(np.searchsorted(self.keys, keys), max(len(self.keys) - 1, 0))
        found = (self.keys[at] == keys) if len(self.keys) else np.zeros(len(keys), np.bool_)
        result: IntArray = np.where(found, self.slot_of_key[at] if len(self.keys) else -1, -1)
        return result

    def slots(self, keys: IntArray) -> IntArray:
        """Slots of these distinct keys (``x << 32 | y``), walking the new ones."""
        slots = self._find(keys)
        new = keys[slots < 0]
        if len(new):
            batch = _compute_rays(new >> 32, new & 0xFFFFFFFF)
            first = len(self.length)
            self.start = np.concatenate([self.start, len(self.q1) + batch.start[:-1]])
            self.length = np.concatenate([self.length, np.diff(batch.start)])
            self.den = np.concatenate([self.den, batch.den])
            for name in ("q1", "r1", "q2", "r2"):
                old = getattr(self, name)
                setattr(self, name, np.concatenate([old, getattr(batch, name).astype(np.int32)]))
            self.num = np.concatenate([self.num, batch.num])
            all_keys = np.concatenate([self.keys, new])
            order = np.argsort(all_keys)
            self.keys = all_keys[order]
            self.slot_of_key = np.concatenate([self.slot_of_key, first + np.arange(len(new))])[
                order
            ]
            slots = self._find(keys)
        return slots


def compute_rays(dq: IntArray, dr: IntArray, store: CanonicalRays | None = None) -> RayBatch:
    """The pieces of the sight lines from ``(0, 0)`` to each offset ``(dq[i], dr[i]) != 0``,
    grouped by symmetry (``RayBatch.offset`` says which line is which).

    The twelve symmetries of the lattice around ``(0, 0)`` (permuting cube coordinates and
    changing their sign) map sight lines to sight lines, piece by piece and in order, so only
    offsets in one twelfth of the plane are walked (and kept in ``store``, if given, for
    later calls); the others are their images, mapped one symmetry at a time.
    """
    dq = np.asarray(dq, dtype=np.int64)
    dr = np.asarray(dr, dtype=np.int64)
    image, where, sign = _canonical(dq, dr)
    symmetry = (where[:, 0] * 3 + where[:, 1]) * 2 + (sign > 0)
    order = np.argsort(symmetry, kind="stable")
    image, where, sign, symmetry = image[order], where[order], sign[order], symmetry[order]
    keys, inverse = np.unique(image[:, 0] * (1 << 32) + image[:, 1], return_inverse=True)
    base = store if store is not None else CanonicalRays()
    slot = base.slots(keys)[inverse]
    lens = base.length[slot]
    start = np.concatenate([[0], np.cumsum(lens)])
    k = np.arange(int(start[-1])) + np.repeat(base.start[slot] - start[:-1], lens)
    pieces = [x[k] for x in (base.q1, base.r1, base.q2, base.r2)]
    q1, r1, q2, r2 = _map_back(pieces, start, symmetry, where, sign)
    return RayBatch(
        offset=order,
        start=start,
        q1=q1,
        r1=r1,
        q2=q2,
        r2=r2,
        num=base.num[k],
        den=base.den[slot],
    )


def _map_back(
    pieces: list[SmallInts], start: IntArray, symmetry: IntArray, where: IntArray, sign: IntArray
) -> tuple[SmallInts, SmallInts, SmallInts, SmallInts]:
    """The images' (q1, r1, q2, r2) mapped back, one run of lines of one symmetry at a time."""
    bq1, br1, bq2, br2 = pieces
    q1, r1, q2, r2 = (np.empty_like(bq1) for _ in range(4))
    bounds = np.flatnonzero(np.diff(symmetry)) + 1
    for lo, hi in zip([0, *bounds.tolist()], [*bounds.tolist(), len(symmetry)], strict=True):
        # original (q, r) = M (q, r) of the image; M's rows read off the cube coordinates.
        s_, w = int(sign[lo]), where[lo].tolist()
        a, b = s_ * _PICK_Q[w[0]], s_ * _PICK_R[w[0]]
        c, d = s_ * _PICK_Q[w[1]], s_ * _PICK_R[w[1]]
        sl = slice(int(start[lo]), int(start[hi]))
        q1[sl] = a * bq1[sl] + b * br1[sl]
        r1[sl] = c * bq1[sl] + d * br1[sl]
        q2[sl] = a * bq2[sl] + b * br2[sl]
        r2[sl] = c * bq2[sl] + d * br2[sl]
    return q1, r1, q2, r2


_PICK_Q = (1, 0, -1)  # q, r, s of a cube point as a combination of its q and r
_PICK_R = (0, 1, -1)


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
    return RayBatch(
        offset=np.arange(len(dq)), start=start, q1=q1, r1=r1, q2=q2, r2=r2, num=num, den=den
    )
