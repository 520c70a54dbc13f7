"""The per-offset sight-line table: each offset's pieces computed once per process.

A sight line's pieces depend only on its offset ``b - a`` (``rays``), and lattice coordinates
make every hex grid -- flat or pointy, any size -- the same lattice. So one process-wide
``SharedRays`` store keeps the pieces of every offset any engine has asked for, in axial
coordinates; a second map, or a map reopened, finds its lines already there.

Each engine's ``RayTable`` turns them into *relative cell indices* (``q * stride + r``) of
its ``TerrainField`` (a sight line from cell ``i`` touches cells ``i + rel1`` / ``i + rel2``),
converting only the pieces added since it last looked. A single query reads one line as Python
tuples (a dict lookup after the first time); a field of view gathers thousands of lines with
one fancy index (``gather``).

Memory stays bounded on big maps (``chunks``): the store keeps the lines of at most
``CACHE_PIECES`` pieces; a field of view that would grow it past that (a 200 x 200 map has
3.6 million pieces from its centre alone) maps its lines from the walks of the canonical
offsets (one twelfth of them, kept) a chunk of at most ``CHUNK_PIECES`` pieces at a time,
without keeping them. Both give the very same pieces: ``compute_rays`` makes them.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import pairwise
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from tabletop.geometry.rays import CanonicalRays, IntArray, RayBatch, compute_rays, hex_distance

__all__ = [
    "CACHE_PIECES",
    "CHUNK_PIECES",
    "LINE_PIECES_KEPT",
    "SHARED",
    "Gathered",
    "Line",
    "RayTable",
    "SharedRays",
]

CACHE_PIECES = 1 << 21
"""At most this many pieces (24 bytes each, 8 more per table) are kept for later calls."""
CHUNK_PIECES = 1 << 17
"""A field of view beyond the cache is evaluated this many pieces (about) at a time."""
LINE_PIECES_KEPT = 1 << 16
"""A table keeps the Python form of single lines (``RayTable.line``) up to this many pieces
in all, about 115 bytes a piece (its cells as Python ints in five tuples): some 7.5 MB, the
lines of a few thousand hexes around on a big map, every line of a small one."""

I32 = npt.NDArray[np.int32]
_T = TypeVar("_T", bound=np.generic)


@dataclass(frozen=True, slots=True)
class Line:
    """One offset's pieces (see ``RayBatch``) as relative cell indices."""

    rel1: tuple[int, ...]
    rel2: tuple[int, ...]
    num: tuple[int, ...]
    den: int
    cells: tuple[int, ...] = ()
    """The crossed hexes (``rel1`` of the interior hex pieces), in order."""
    sides: tuple[int, ...] = ()
    """Positions of the side pieces (lines along a diagonal)."""


@dataclass(frozen=True, slots=True)
class Gathered:
    """Many lines' pieces, flat: line i owns pieces ``starts[i]:ends[i]`` (firer's hex first,
    target's hex last)."""

    rel1: I32
    rel2: I32
    num: IntArray
    """Empty unless asked for (the slope model)."""
    den: IntArray
    starts: IntArray
    ends: IntArray


class SharedRays:
    """Every offset's pieces in axial coordinates, filled on demand (thread-safe); the
    walks of the canonical offsets are kept too, so a new offset whose symmetric image was
    walked before is only mapped."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.canonical = CanonicalRays()
        self._span = 0
        self._slot = np.full(1, -1, dtype=np.int64)
        self.offsets = np.zeros((0, 2), dtype=np.int64)
        self.start = np.zeros(0, dtype=np.int64)
        self.length = np.zeros(0, dtype=np.int64)
        self.den = np.zeros(0, dtype=np.int64)
        # Piece columns, with spare capacity: ``size`` pieces are in use.
        self.size = 0
        self.q1 = np.zeros(0, dtype=np.int32)
        self.r1 = np.zeros(0, dtype=np.int32)
        self.q2 = np.zeros(0, dtype=np.int32)
        self.r2 = np.zeros(0, dtype=np.int32)
        self.num = np.zeros(0, dtype=np.int64)

    def _key(self, dq: IntArray, dr: IntArray) -> IntArray:
        s = self._span
        key: IntArray = (dq + s) * (2 * s + 1) + (dr + s)
        return key

    def _widen(self, need: int) -> None:
        """Grow the slot grid to offsets up to ``need`` in each coordinate."""
        self._span = max(need, 2 * self._span, 16)
        self._slot = np.full((2 * self._span + 1) ** 2, -1, dtype=np.int64)
        keys = self._key(self.offsets[:, 0], self.offsets[:, 1])
        self._slot[keys] = np.arange(len(self.offsets))

    def _fill(self, dq: IntArray, dr: IntArray) -> None:
        """Compute and append the lines of these (new, distinct) offsets."""
        batch = compute_rays(dq, dr, self.canonical)
        base = self.size
        for name in ("q1", "r1", "q2", "r2", "num"):
            setattr(self, name, _put(getattr(self, name), base, getattr(batch, name)))
        self.size += len(batch.q1)  # (after the pieces: readers never see unwritten ones)
        first_slot = len(self.length)
        dq, dr = dq[batch.offset], dr[batch.offset]
        self.offsets = np.concatenate([self.offsets, np.stack([dq, dr], axis=1)])
        self.start = np.concatenate([self.start, base + batch.start[:-1]])
        self.length = np.concatenate([self.length, np.diff(batch.start)])
        self.den = np.concatenate([self.den, batch.den])
        self._slot[self._key(dq, dr)] = np.arange(first_slot, len(self.length))

    def covers(self, dq: IntArray, dr: IntArray) -> bool:
        """Are the lines to all these offsets kept already?"""
        need = int(max(np.abs(dq).max(initial=0), np.abs(dr).max(initial=0)))
        return need <= self._span and not (self._slot[self._key(dq, dr)] < 0).any()

    def compute(self, dq: IntArray, dr: IntArray) -> RayBatch:
        """The lines to these offsets, made from the canonical walks but not kept."""
        with self._lock:
            return compute_rays(dq, dr, self.canonical)

    def slots(self, dq: IntArray, dr: IntArray) -> IntArray:
        """The slot of each offset, computing the missing ones (one batch)."""
        need = int(max(np.abs(dq).max(initial=0), np.abs(dr).max(initial=0)))
        if need <= self._span:
            slots = self._slot[self._key(dq, dr)]
            if not (slots < 0).any():
                return slots
        with self._lock:
            if need > self._span:
                self._widen(need)
            keys = self._key(dq, dr)
            missing = np.unique(keys[self._slot[keys] < 0])
            if len(missing):
                width = 2 * self._span + 1
                self._fill(missing // width - self._span, missing % width - self._span)
            result: IntArray = self._slot[keys]
            return result


def _put(column: npt.NDArray[_T], at: int, values: npt.NDArray[np.generic]) -> npt.NDArray[_T]:
    """``column[at:at + len(values)] = values``, growing the column (x4) if needed."""
    end = at + len(values)
    if end > len(column):
        # (np.empty only reserves address space: pages are touched when written)
        grown = np.empty(max(end, 4 * len(column), 1 << 20), dtype=column.dtype)
        grown[:at] = column[:at]
        column = grown
    column[at:end] = values
    return column


SHARED = SharedRays()
"""The process-wide store (every ``RayTable`` reads it)."""


class RayTable:
    """The shared lines as relative cell indices of one grid stride."""

    def __init__(self, stride: int, shared: SharedRays = SHARED) -> None:
        self.stride = stride
        self.shared = shared
        self._done = 0  # shared pieces converted so far
        self._rel1 = np.zeros(0, dtype=np.int32)
        self._rel2 = np.zeros(0, dtype=np.int32)
        self._lines: dict[tuple[int, int], Line] = {}
        self.line_pieces = 0
        """The pieces of the lines in ``_lines`` (at most ``LINE_PIECES_KEPT``)."""

    def _sync(self) -> None:
        """Convert the pieces the shared store gained since the last call."""
        s = self.shared
        done, size = self._done, s.size
        if done < size:
            new = slice(done, size)
            self._rel1 = _put(self._rel1, done, s.q1[new] * self.stride + s.r1[new])
            self._rel2 = _put(self._rel2, done, s.q2[new] * self.stride + s.r2[new])
            self._done = size

    def slots(self, dq: IntArray, dr: IntArray) -> IntArray:
        slots = self.shared.slots(dq, dr)
        self._sync()
        return slots

    def line(self, dq: int, dr: int) -> Line:
        """The line to offset (dq, dr) as Python tuples. The last lines asked are kept,
        ``LINE_PIECES_KEPT`` pieces in all (the oldest dropped first); a line the shared
        store does not hold and has no room for is computed and not stored there
        (``CACHE_PIECES``)."""
        found = self._lines.get((dq, dr))
        if found is not None:
            return found
        qs, rs = np.array([dq]), np.array([dr])
        pieces = abs(dq) + abs(dr) + 2  # (more than the line has)
        if self.shared.covers(qs, rs) or self.shared.size + pieces <= CACHE_PIECES:
            s = int(self.slots(qs, rs)[0])
            start = int(self.shared.start[s])
            sl = slice(start, start + int(self.shared.length[s]))
            rel1: list[int] = self._rel1[sl].tolist()
            rel2: list[int] = self._rel2[sl].tolist()
            num: list[int] = self.shared.num[sl].tolist()
            den = int(self.shared.den[s])
        else:
            batch = self.shared.compute(qs, rs)
            rel1 = (batch.q1 * self.stride + batch.r1).astype(np.int64).tolist()
            rel2 = (batch.q2 * self.stride + batch.r2).astype(np.int64).tolist()
            num = batch.num.tolist()
            den = int(batch.den[0])
        inner = range(1, len(rel1) - 1)
        found = Line(
            rel1=tuple(rel1),
            rel2=tuple(rel2),
            num=tuple(num),
            den=den,
            cells=tuple(rel1[k] for k in inner if rel1[k] == rel2[k]),
            sides=tuple(k for k in inner if rel1[k] != rel2[k]),
        )
        lines = self._lines
        self.line_pieces += len(rel1)
        while self.line_pieces > LINE_PIECES_KEPT and lines:
            self.line_pieces -= len(lines.pop(next(iter(lines))).rel1)
        lines[(dq, dr)] = found
        return found

    def gather(self, dq: IntArray, dr: IntArray, with_num: bool = False) -> Gathered:
        """The pieces of the lines to all these offsets, in one flat array each."""
        return self._gather(self.slots(dq, dr), with_num)

    def chunks(
        self, dq: IntArray, dr: IntArray, with_num: bool = False
    ) -> Iterator[tuple[IntArray, Gathered]]:
        """The lines to these offsets a bounded number of pieces at a time: pairs of
        (positions in the request, their lines' pieces in that order). Lines kept in the
        store (or that fit in it) are read from it, the others computed and dropped."""
        pieces = hex_distance(dq, dr) + 2  # about (a line has one piece or two per hex)
        if self.shared.covers(dq, dr) or self.shared.size + int(pieces.sum()) <= CACHE_PIECES:
            slots = self.slots(dq, dr)
            for part in _parts(pieces):
                yield part, self._gather(slots[part], with_num)
            return
        for part in _parts(pieces):
            batch = self.shared.compute(dq[part], dr[part])
            yield part[batch.offset], self._from_batch(batch, with_num)

    def _from_batch(self, batch: RayBatch, with_num: bool) -> Gathered:
        return Gathered(
            rel1=(batch.q1 * self.stride + batch.r1).astype(np.int32, copy=False),
            rel2=(batch.q2 * self.stride + batch.r2).astype(np.int32, copy=False),
            num=batch.num if with_num else np.zeros(0, dtype=np.int64),
            den=batch.den,
            starts=batch.start[:-1],
            ends=batch.start[1:],
        )

    def _gather(self, slots: IntArray, with_num: bool) -> Gathered:
        lens = self.shared.length[slots]
        ends = np.cumsum(lens)
        starts = ends - lens
        total = int(ends[-1]) if len(ends) else 0
        k = np.arange(total) + np.repeat(self.shared.start[slots] - starts, lens)
        return Gathered(
            rel1=self._rel1[k],
            rel2=self._rel2[k],
            num=self.shared.num[k] if with_num else np.zeros(0, dtype=np.int64),
            den=self.shared.den[slots],
            starts=starts,
            ends=ends,
        )


def _parts(pieces: IntArray) -> Iterator[IntArray]:
    """Consecutive runs of positions whose ``pieces`` add up to about ``CHUNK_PIECES``."""
    if not len(pieces):
        return
    ends = np.cumsum(pieces)
    cuts = np.searchsorted(ends, np.arange(CHUNK_PIECES, int(ends[-1]), CHUNK_PIECES), "right")
    bounds = [0, *np.unique(cuts).tolist(), len(pieces)]
    for lo, hi in pairwise(bounds):
        if hi > lo:
            yield np.arange(lo, hi)
