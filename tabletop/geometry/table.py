"""The per-offset sight-line table: each offset's pieces computed once, kept as flat arrays.

Pieces are stored as *relative cell indices* (``q * stride + r``) of a ``TerrainField``, so a
sight line from cell ``i`` touches cells ``i + rel1`` / ``i + rel2``. A single query reads one
line as Python lists (a dict lookup after the first time); a field of view gathers thousands
of lines with one fancy index (``gather``).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tabletop.geometry.rays import IntArray, compute_rays

__all__ = ["Gathered", "Line", "RayTable"]


@dataclass(frozen=True, slots=True)
class Line:
    """One offset's pieces (see ``RayBatch``) as relative cell indices."""

    rel1: tuple[int, ...]
    rel2: tuple[int, ...]
    num: tuple[int, ...]
    den: int


@dataclass(frozen=True, slots=True)
class Gathered:
    """Many lines' pieces, flat: piece k belongs to line ``line[k]``."""

    line: IntArray
    rel1: IntArray
    rel2: IntArray
    num: IntArray
    den: IntArray
    first: IntArray
    """Mask (as 0/1) of each line's first piece (the firer's hex)."""
    last: IntArray


class RayTable:
    """Lazily filled table of sight lines by offset, for one grid stride."""

    def __init__(self, stride: int, span_q: int, span_r: int) -> None:
        self.stride = stride
        self.span_q = span_q
        self.span_r = span_r
        self._slot = np.full((2 * span_q + 1) * (2 * span_r + 1), -1, dtype=np.int64)
        self._start = np.zeros(0, dtype=np.int64)
        self._len = np.zeros(0, dtype=np.int64)
        self._den = np.zeros(0, dtype=np.int64)
        self._rel1 = np.zeros(0, dtype=np.int64)
        self._rel2 = np.zeros(0, dtype=np.int64)
        self._num = np.zeros(0, dtype=np.int64)
        self._lines: dict[tuple[int, int], Line] = {}

    def _key(self, dq: IntArray, dr: IntArray) -> IntArray:
        key: IntArray = (dq + self.span_q) * (2 * self.span_r + 1) + (dr + self.span_r)
        return key

    def _fill(self, dq: IntArray, dr: IntArray) -> None:
        """Compute and append the lines of these (new, distinct) offsets."""
        batch = compute_rays(dq, dr)
        base = len(self._rel1)
        counts = np.diff(batch.start)
        self._start = np.concatenate([self._start, base + batch.start[:-1]])
        self._len = np.concatenate([self._len, counts])
        self._den = np.concatenate([self._den, batch.den])
        self._rel1 = np.concatenate([self._rel1, batch.q1 * self.stride + batch.r1])
        self._rel2 = np.concatenate([self._rel2, batch.q2 * self.stride + batch.r2])
        self._num = np.concatenate([self._num, batch.num])
        slots = np.arange(len(self._len) - len(dq), len(self._len))
        self._slot[self._key(dq, dr)] = slots

    def slots(self, dq: IntArray, dr: IntArray) -> IntArray:
        keys = self._key(dq, dr)
        slots = self._slot[keys]
        missing = slots < 0
        if missing.any():
            uniq = np.unique(keys[missing])
            mq = uniq // (2 * self.span_r + 1) - self.span_q
            mr = uniq % (2 * self.span_r + 1) - self.span_r
            self._fill(mq, mr)
            slots = self._slot[keys]
        return slots

    def line(self, dq: int, dr: int) -> Line:
        found = self._lines.get((dq, dr))
        if found is None:
            s = int(self.slots(np.array([dq]), np.array([dr]))[0])
            sl = slice(int(self._start[s]), int(self._start[s] + self._len[s]))
            found = Line(
                rel1=tuple(self._rel1[sl].tolist()),
                rel2=tuple(self._rel2[sl].tolist()),
                num=tuple(self._num[sl].tolist()),
                den=int(self._den[s]),
            )
            self._lines[(dq, dr)] = found
        return found

    def gather(self, dq: IntArray, dr: IntArray) -> Gathered:
        """The pieces of the lines to all these offsets, in one flat array each."""
        slots = self.slots(dq, dr)
        lens = self._len[slots]
        starts = self._start[slots]
        ends = np.cumsum(lens)
        line = np.repeat(np.arange(len(slots)), lens)
        offset_in_line = np.arange(int(ends[-1]) if len(ends) else 0) - np.repeat(ends - lens, lens)
        k = np.repeat(starts, lens) + offset_in_line
        first = (offset_in_line == 0).astype(np.int64)
        last = (offset_in_line == lens[line] - 1).astype(np.int64)
        return Gathered(
            line=line,
            rel1=self._rel1[k],
            rel2=self._rel2[k],
            num=self._num[k],
            den=self._den[slots],
            first=first,
            last=last,
        )
