"""Field of view: rules 4.1-4.3 for every sight line from one hex at once, with numpy.

The same rules as ``judge.Judge`` (which answers one line and explains it), on the pieces of
all lines gathered from the per-offset table into flat arrays, a bounded chunk of lines at a
time (``RayTable.chunks``), so a 200 x 200 map needs tens of megabytes, not hundreds.

``waw`` model. With the firer's level fixed, what a hex does to a line depends only on the
target's (clamped) level 0 or 1, so one int64 word per *cell* packs four 12-bit counters:
hindrance and block for a target at level 0, and for a target at level 1. Each piece reads
its cell's word (one gather), a side piece keeps the block bits both its hexes share, and one
``np.add.reduceat`` per line sums the words; the line then reads the counters of its target's
level. The two per-line exceptions -- blocking terrain next to a ground target seen from a
hill, and crests -- are evaluated on the few pieces concerned. ``slope`` uses per-piece
predicates. Helicopter viewpoints are answered line by line by the engine.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from tabletop.geometry.field import BLOCK, HINDER, Cover, TerrainField
from tabletop.geometry.table import Gathered, RayTable
from tabletop.model import Options

__all__ = ["field_of_view"]

Bools = npt.NDArray[np.bool_]
Ints = npt.NDArray[np.int64]
Cells = npt.NDArray[np.integer]

_BITS = 12  # counters of 12 bits: lines have fewer than 4096 pieces
_HINDER0, _HINDER1, _BLOCK0, _BLOCK1 = 0, _BITS, 2 * _BITS, 3 * _BITS
_FIELD = (1 << _BITS) - 1
_BLOCK_BITS = (_FIELD << _BLOCK0) | (_FIELD << _BLOCK1)


def field_of_view(
    field: TerrainField, cover: Cover, table: RayTable, origin: int, options: Options,
    among: Cells | None = None,
) -> Bools:  # fmt: skip
    """Boolean mask over the field's cells: the map hexes a ground unit at ``origin`` sees
    (``among``: of those cells only, the others False; each line is decided by its own
    pieces, so a few targets cost their own lines, not the whole map's)."""
    stride = field.stride
    targets = np.flatnonzero(field.on_map) if among is None else np.unique(among)
    targets = targets[targets != origin]
    visible = np.zeros(len(field.on_map), dtype=np.bool_)
    visible[origin] = True
    if len(targets) == 0:
        return visible
    dq = targets // stride - origin // stride
    dr = targets % stride - origin % stride
    near = (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2 <= 1
    slope = options.los_model == "slope"
    # a chunk of lines at a time (each line's answer depends on its own pieces only)
    for part, g in table.chunks(dq, dr, with_num=slope):
        some = targets[part]
        if slope:
            blocked = _slope(field, cover, g, origin, some)
        else:
            blocked = _waw(field, cover, g, origin, some)
        visible[some] = ~blocked | near[part]
    return visible


def _neighbours(field: TerrainField, cells: Cells, others: Cells) -> Bools:
    s = field.stride
    dq = cells // s - others // s
    dr = cells % s - others % s
    result: Bools = (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) == 2
    return result


def _cell_words(field: TerrainField, cover: Cover, la: int, origin: int) -> Ints:
    """The packed counters of every cell for a firer at (clamped) level ``la``."""
    blk = cover.code == BLOCK
    high = field.level >= 1
    hin = (cover.code == HINDER) & field.on_map
    smoke = cover.smoke
    hill_block = smoke | (blk & high)
    if la == 0:
        block0 = smoke | blk | high
        block1 = hill_block.copy()  # mixed: blocking terrain next to the ground unit too
        near = origin + field.neighbour_steps
        block1[near] |= blk[near]
        hinder0, hinder1 = hin, hin & ~high
    else:
        block0, block1 = hill_block, hill_block
        hinder0, hinder1 = hin & ~high, hin & high
    words: Ints = (
        ((hinder0 & ~block0).astype(np.int64) << _HINDER0)
        | ((hinder1 & ~block1).astype(np.int64) << _HINDER1)
        | (block0.astype(np.int64) << _BLOCK0)
        | (block1.astype(np.int64) << _BLOCK1)
    )
    return words


def _waw(field: TerrainField, cover: Cover, g: Gathered, origin: int, targets: Ints) -> Bools:
    la = min(int(field.level[origin]), 1)
    lb = np.minimum(field.level[targets], 1)
    words = _cell_words(field, cover, la, origin)
    c1 = origin + g.rel1
    v = words[c1]
    v[g.starts] = 0
    v[g.ends - 1] = 0
    side = np.flatnonzero(g.rel1 != g.rel2)
    s1, s2 = c1[side], origin + g.rel2[side]
    extra: Bools | None = None
    if la == 1 and np.any(lb == 0):
        # Mixed, hill firer: blocking level-0 terrain next to the ground target blocks.
        extra = cover.code == BLOCK
        extra &= (field.level == 0) & field.on_map
        idx = np.flatnonzero(extra[c1])
        line = np.searchsorted(g.starts, idx, side="right") - 1
        hit = idx[_neighbours(field, c1[idx], targets[line]) & (lb[line] == 0)]
        v[hit] |= 1 << _BLOCK0
    if len(side):
        both = words[s1] & words[s2] & _BLOCK_BITS
        if extra is not None:
            both |= _side_extra(field, g, extra, side, s1, s2, targets, lb, words)
        v[side] = both
    total = np.add.reduceat(v, g.starts)
    shift = (_BITS * lb).astype(np.int64)
    blocked: Bools = ((total >> (_BLOCK0 + shift)) & _FIELD) > 0
    blocked |= ((total >> (_HINDER0 + shift)) & _FIELD) >= 2
    if (la == 0 and np.any(lb == 1)) or (la == 1 and np.any(lb == 0)):
        blocked |= _crests(g, field.level, c1, origin + g.rel2, la, lb)
    return blocked


def _side_extra(
    field: TerrainField,
    g: Gathered,
    extra: Bools,
    side: Ints,
    s1: Cells,
    s2: Cells,
    targets: Ints,
    lb: Ints,
    words: Ints,
) -> Ints:
    """Block bit (target at level 0) of side pieces whose hexes block through the mixed
    "next to the ground unit" rule."""
    line = np.searchsorted(g.starts, side, side="right") - 1
    t = targets[line]

    def blocks0(c: Cells) -> Bools:
        by_word = ((words[c] >> _BLOCK0) & 1) == 1
        result: Bools = by_word | (extra[c] & _neighbours(field, c, t))
        return result

    both = blocks0(s1) & blocks0(s2) & (lb[line] == 0)
    result: Ints = both.astype(np.int64) << _BLOCK0
    return result


def _crests(g: Gathered, lvl: Ints, c1: Cells, c2: Cells, la: int, lb: Ints) -> Bools:
    """Rules 4.3 crest: level 1 -> level 0 walking from the hill unit, away from both ends."""
    pl = np.minimum(np.minimum(lvl[c1], lvl[c2]), 1)
    nxt = np.roll(pl, -1)
    inner = np.ones(len(pl), dtype=np.bool_)
    inner[g.starts] = False
    inner[g.ends - 1] = False
    inner[g.ends - 2] = False  # the pair (piece, next) must be two interior pieces
    crest = (pl >= 1) & (nxt == 0) if la == 1 else (pl == 0) & (nxt >= 1)
    # Only the lines between a hill unit and a ground unit have crests.
    mixed = lb == 0 if la == 1 else lb == 1
    mixed_piece = np.repeat(mixed, g.ends - g.starts)
    counts = np.add.reduceat((inner & crest & mixed_piece).astype(np.int64), g.starts)
    result: Bools = counts > 0
    return result


def _slope(field: TerrainField, cover: Cover, g: Gathered, origin: int, targets: Ints) -> Bools:
    lvl = field.level
    code = cover.code
    smoke = cover.smoke
    c1 = origin + g.rel1
    c2 = origin + g.rel2
    lens = g.ends - g.starts
    za = int(lvl[origin])
    zb = np.repeat(lvl[targets], lens)
    den = np.repeat(g.den, lens)
    rise = (zb - za) * g.num

    def blocks(c: Cells) -> Bools:
        top = lvl[c] + (code[c] == BLOCK)
        result: Bools = smoke[c] | ((top - za) * den > rise)
        return result

    interior = np.ones(len(c1), dtype=np.bool_)
    interior[g.starts] = False
    interior[g.ends - 1] = False
    side = c1 != c2
    p1 = blocks(c1)
    piece_blocks = interior & np.where(side, p1 & blocks(c2), p1)
    low_enough = (lvl[c1] - za) * den >= rise
    piece_hinders = interior & ~side & ~p1 & (code[c1] == HINDER) & low_enough & field.on_map[c1]
    blocked: Bools = np.add.reduceat(piece_blocks.astype(np.int64), g.starts) > 0
    blocked |= np.add.reduceat(piece_hinders.astype(np.int64), g.starts) >= 2
    return blocked
