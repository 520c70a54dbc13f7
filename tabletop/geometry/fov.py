"""Field of view: rules 4.1-4.3 for every sight line from one hex at once, with numpy.

The same rules as ``judge.Judge`` (which answers one line and explains it), on the pieces of
all lines gathered from the per-offset table into flat arrays: per-piece predicates, then
per-line sums with ``np.bincount``. The crest rule compares each piece with the next one of
the same line. Helicopter viewpoints are answered line by line by the engine.
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


def field_of_view(
    field: TerrainField, cover: Cover, table: RayTable, origin: int, options: Options
) -> Bools:
    """Boolean mask over the field's cells: the map hexes a ground unit at ``origin`` sees."""
    stride = field.stride
    targets = np.flatnonzero(field.on_map)
    targets = targets[targets != origin]
    visible = np.zeros(len(field.on_map), dtype=np.bool_)
    visible[origin] = True
    if len(targets) == 0:
        return visible
    dq = targets // stride - origin // stride
    dr = targets % stride - origin % stride
    g = table.gather(dq, dr)
    if options.los_model == "slope":
        blocked = _slope(field, cover, g, origin, targets)
    else:
        blocked = _waw(field, cover, g, origin, targets)
    near = (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2 <= 1
    visible[targets] = ~blocked | near
    return visible


def _per_line(g: Gathered, values: Bools, n: int) -> Ints:
    counts: Ints = np.bincount(g.line, weights=values, minlength=n).astype(np.int64)
    return counts


def _waw(field: TerrainField, cover: Cover, g: Gathered, origin: int, targets: Ints) -> Bools:
    n = len(targets)
    lvl = field.level
    code = cover.code
    smoke = cover.smoke
    c1 = origin + g.rel1
    c2 = origin + g.rel2
    la = min(int(lvl[origin]), 1)
    lb_line = np.minimum(lvl[targets], 1)
    lb = lb_line[g.line]
    ground = (la == 0) & (lb == 0)
    hill = (la == 1) & (lb == 1)
    mixed = ~ground & ~hill
    # The ground unit of a mixed line, for "blocking terrain next to the level-0 unit".
    low = np.where(la == 0, origin, targets[g.line])
    stride = field.stride

    def blocks(c: Ints) -> Bools:
        blk = code[c] == BLOCK
        high = lvl[c] >= 1
        dq = c // stride - low // stride
        dr = c % stride - low % stride
        next_to_low = (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) == 2
        result: Bools = (
            smoke[c]
            | (ground & (blk | high))
            | (hill & blk & high)
            | (mixed & blk & (high | next_to_low))
        )
        return result

    def hinders(c: Ints) -> Bools:
        h = code[c] == HINDER
        high = lvl[c] >= 1
        result: Bools = h & (ground | (hill & high) | (mixed & ~high))
        return result

    interior = (g.first == 0) & (g.last == 0)
    side = c1 != c2
    p1 = blocks(c1)
    piece_blocks = interior & np.where(side, p1 & blocks(c2), p1)
    piece_hinders = interior & ~side & ~p1 & hinders(c1) & field.on_map[c1]
    blocked = _per_line(g, piece_blocks, n) > 0
    blocked |= _per_line(g, piece_hinders, n) >= 2
    if np.any(mixed):
        blocked |= _crests(g, lvl, c1, c2, la, n)
    return blocked


def _crests(g: Gathered, lvl: Ints, c1: Ints, c2: Ints, la: int, n: int) -> Bools:
    """Rules 4.3 crest: level 1 -> level 0 walking from the hill unit, away from both ends."""
    pl = np.minimum(np.minimum(lvl[c1], lvl[c2]), 1)
    nxt = np.roll(pl, -1)
    last_next = np.roll(g.last, -1)
    inner_pair = (g.first == 0) & (g.last == 0) & (last_next == 0)
    crest = (pl >= 1) & (nxt == 0) if la == 1 else (pl == 0) & (nxt >= 1)
    # Only the lines between a hill unit and a ground unit have crests.
    target_level = _line_target_level(g, lvl, c1)
    mixed = target_level >= 1 if la == 0 else target_level == 0
    return _per_line(g, inner_pair & crest & mixed, n) > 0


def _line_target_level(g: Gathered, lvl: Ints, c1: Ints) -> Ints:
    """For each piece, the (clamped) level of its line's target hex."""
    last_idx = np.flatnonzero(g.last)
    per_line = np.minimum(lvl[c1[last_idx]], 1)
    result: Ints = per_line[g.line]
    return result


def _slope(field: TerrainField, cover: Cover, g: Gathered, origin: int, targets: Ints) -> Bools:
    n = len(targets)
    lvl = field.level
    code = cover.code
    smoke = cover.smoke
    c1 = origin + g.rel1
    c2 = origin + g.rel2
    za = int(lvl[origin])
    zb = lvl[targets][g.line]
    den = g.den[g.line]
    rise = (zb - za) * g.num

    def blocks(c: Ints) -> Bools:
        top = lvl[c] + (code[c] == BLOCK)
        result: Bools = smoke[c] | ((top - za) * den > rise)
        return result

    interior = (g.first == 0) & (g.last == 0)
    side = c1 != c2
    p1 = blocks(c1)
    piece_blocks = interior & np.where(side, p1 & blocks(c2), p1)
    low_enough = (lvl[c1] - za) * den >= rise
    piece_hinders = interior & ~side & ~p1 & (code[c1] == HINDER) & low_enough & field.on_map[c1]
    blocked = _per_line(g, piece_blocks, n) > 0
    blocked |= _per_line(g, piece_hinders, n) >= 2
    return blocked
