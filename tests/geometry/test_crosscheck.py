"""The fast paths against the shapely geometry, on every pair of hexes of small maps.

- The per-offset table's crossed hexes and grazed hexsides equal shapely's (``crossings``).
- On a flat map, "some crossed hex blocks, or the line runs along a side shared by two
  blocking hexes" equals "the line meets the union of the blocking hexes along a length".
- The numpy field of view equals ``check`` line by line, flat and with levels, both models.
"""

from __future__ import annotations

import pytest

from tabletop.geometry import LosEngine
from tabletop.model import Options
from tabletop.rules.los import Viewpoint
from tests.helpers.maps import FLAT, LEVELS, SLOPE, SMOKE, make_map


def _pairs(m):
    hexes = sorted(m.cells)
    return [(a, b) for a in hexes for b in hexes if a < b]


def test_table_matches_shapely_crossings_and_grazes() -> None:
    m = make_map(FLAT)
    engine = LosEngine(m)
    shapes = engine.shapes
    f = engine.field
    mismatches = []
    for a, b in _pairs(m):
        crossed, grazed = shapes.crossings(a, b)
        line = engine.table.line(b.q - a.q, b.r - a.r)
        ia = f.index(a)
        fast_crossed = {
            f.hex_at(ia + r1)
            for r1, r2 in zip(line.rel1[1:-1], line.rel2[1:-1], strict=False)
            if r1 == r2
        } & set(m.cells)
        fast_grazed = set(engine.check(Viewpoint(a), Viewpoint(b)).grazed)
        if fast_crossed != crossed or fast_grazed != grazed:
            mismatches.append((a, b))
    assert mismatches == []


def test_flat_blocking_matches_shapely_union() -> None:
    m = make_map(FLAT)
    engine = LosEngine(m)
    blocking = [h for h in m.cells if m.terrain(h).los.value == "block"]
    differ = []
    for a, b in _pairs(m):
        if a.is_adjacent(b):
            continue
        result = engine.check(Viewpoint(a), Viewpoint(b))
        hard_block = bool(result.blocked_by)
        if hard_block != engine.shapes.blocked_by_union(a, b, blocking):
            differ.append((a, b))
    assert differ == []


@pytest.mark.parametrize(
    ("hexes", "model", "markers"),
    [(FLAT, "waw", []), (LEVELS, "waw", []), (LEVELS, "waw", SMOKE), (SLOPE, "slope", [])],
    ids=["flat", "levels", "levels-smoke", "slope"],
)
def test_field_of_view_matches_check(hexes, model, markers) -> None:
    m = make_map(hexes)
    engine = LosEngine(m, Options(los_model=model))
    differ = []
    for a in sorted(m.cells):
        seen = engine.visible_from(Viewpoint(a), markers)
        for b in m.cells:
            if (b in seen) != engine.check(Viewpoint(a), Viewpoint(b), markers).clear:
                differ.append((a, b))
    assert differ == []


def test_reciprocity_on_every_pair() -> None:
    m = make_map(LEVELS)
    engine = LosEngine(m)
    for a, b in _pairs(m):
        assert (
            engine.check(Viewpoint(a), Viewpoint(b)).clear
            == engine.check(Viewpoint(b), Viewpoint(a)).clear
        ), (a, b)


def test_long_lines_match_shapely() -> None:
    """Long lines (the walk's ranks and the symmetry mapping) on a larger map, random pairs
    and every direction's diagonal and axis, against shapely's crossings and grazes."""
    import random

    m = make_map(columns=60, rows=60)
    engine = LosEngine(m)
    f = engine.field
    hexes = sorted(m.cells)
    rng = random.Random(4)
    centre = m.parse("3030")
    pairs = [(rng.choice(hexes), rng.choice(hexes)) for _ in range(150)]
    for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (2, -1),
                   (1, -2), (-1, -1), (-2, 1), (-1, 2)):  # fmt: skip
        pairs.append((centre, type(centre)(centre.q + 12 * dq, centre.r + 12 * dr)))
    mismatches = []
    for a, b in pairs:
        if a == b or b not in m.cells:
            continue
        crossed, grazed = engine.shapes.crossings(a, b)
        line = engine.table.line(b.q - a.q, b.r - a.r)
        fast_crossed = {f.hex_at(f.index(a) + r) for r in line.cells} & set(m.cells)
        fast_grazed = set(engine.check(Viewpoint(a), Viewpoint(b)).grazed)
        if fast_crossed != crossed or fast_grazed != grazed:
            mismatches.append((a, b))
    assert mismatches == []
