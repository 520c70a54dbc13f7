"""Lines between hex centres, and lines that run exactly along hexsides."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.hexgrid import (
    DIAGONALS,
    DIRECTIONS,
    LINE_EPSILON,
    FractionalHex,
    Hex,
    HexSide,
    hex_lerp_line,
    line_with_grazes,
)

coord = st.integers(-200, 200)
hexes = st.builds(Hex, coord, coord)
offsets = st.builds(Hex, st.integers(-25, 25), st.integers(-25, 25))

ORIGIN = Hex(0, 0)


def is_diagonal_multiple(v: Hex) -> bool:
    return any(v == d.scale(k) for d in DIAGONALS for k in range(1, 60))


@pytest.mark.parametrize(
    ("b", "hexes", "grazes"),
    [
        (Hex(1, 1), [ORIGIN, Hex(1, 0), Hex(0, 1), Hex(1, 1)], [(Hex(1, 0), Hex(0, 1))]),
        (Hex(2, -1), [ORIGIN, Hex(1, 0), Hex(1, -1), Hex(2, -1)], [(Hex(1, 0), Hex(1, -1))]),
        (Hex(1, -2), [ORIGIN, Hex(1, -1), Hex(0, -1), Hex(1, -2)], [(Hex(1, -1), Hex(0, -1))]),
        (Hex(-1, -1), [ORIGIN, Hex(0, -1), Hex(-1, 0), Hex(-1, -1)], [(Hex(0, -1), Hex(-1, 0))]),
        (Hex(-2, 1), [ORIGIN, Hex(-1, 1), Hex(-1, 0), Hex(-2, 1)], [(Hex(-1, 1), Hex(-1, 0))]),
        (Hex(-1, 2), [ORIGIN, Hex(0, 1), Hex(-1, 1), Hex(-1, 2)], [(Hex(0, 1), Hex(-1, 1))]),
        (
            Hex(2, 2),
            [ORIGIN, Hex(1, 0), Hex(0, 1), Hex(1, 1), Hex(2, 1), Hex(1, 2), Hex(2, 2)],
            [(Hex(1, 0), Hex(0, 1)), (Hex(2, 1), Hex(1, 2))],
        ),
    ],
)
def test_lines_along_hexsides(b: Hex, hexes: list[Hex], grazes: list[tuple[Hex, Hex]]) -> None:
    got_hexes, got_grazes = line_with_grazes(ORIGIN, b)
    assert set(got_hexes) == set(hexes)
    assert [ORIGIN.distance(h) for h in got_hexes] == [ORIGIN.distance(h) for h in hexes]
    assert got_grazes == [HexSide.between(x, y) for x, y in grazes]


@pytest.mark.parametrize("b", [Hex(3, 0), Hex(0, -4), Hex(5, -2), Hex(2, 1), Hex(-7, 3), ORIGIN])
def test_ordinary_lines_graze_nothing(b: Hex) -> None:
    hexes, grazes = line_with_grazes(ORIGIN, b)
    assert grazes == []
    assert hexes == ORIGIN.line_to(b)


def test_crossing_a_hexside_midpoint_is_not_a_graze() -> None:
    # Halfway from 0,0 to 3,1 the segment crosses the side between 2,0 and 1,1 at its
    # midpoint: it passes through both hexes, and along no hexside.
    hexes, grazes = line_with_grazes(ORIGIN, Hex(3, 1))
    assert grazes == []
    assert hexes == [ORIGIN, Hex(1, 0), Hex(2, 0), Hex(1, 1), Hex(2, 1), Hex(3, 1)]


@given(hexes, st.sampled_from(DIAGONALS), st.integers(1, 8))
def test_diagonal_lines_graze_every_other_step(a: Hex, d: Hex, k: int) -> None:
    b = a + d.scale(k)
    hexes, grazes = line_with_grazes(a, b)
    assert len(grazes) == k
    assert len(hexes) == 2 * k + 1 + k
    assert set(hexes) >= set(a.line_to(b))
    for i, side in enumerate(grazes):
        x, y = side.hexes()
        assert x in hexes
        assert y in hexes
        # The side's two hexes flank the line symmetrically.
        assert a.distance(x) == a.distance(y) == 2 * i + 1
        assert b.distance(x) == b.distance(y)
        # A graze is the side straight across the diagonal's path.
        assert {x - a - d.scale(i), y - a - d.scale(i)} == {
            DIRECTIONS[j] for j in range(6) if DIRECTIONS[j].distance(d) == 1
        }


@given(hexes, offsets)
def test_line_with_grazes_properties(a: Hex, offset: Hex) -> None:
    b = a + offset
    n = a.distance(b)
    hexes, grazes = line_with_grazes(a, b)
    assert hexes[0] == a
    assert hexes[-1] == b
    assert len(set(hexes)) == len(hexes)
    distances = [a.distance(h) for h in hexes]
    assert distances == sorted(distances)
    assert set(distances) == set(range(n + 1))
    assert all(distances.count(i) in (1, 2) for i in range(n + 1))
    # Both nudged lines are inside the union.
    assert set(a.line_to(b)) <= set(hexes)
    # Each hex touches a hex of the previous step.
    for h in hexes[1:]:
        assert any(h.is_adjacent(g) for g in hexes if a.distance(g) == a.distance(h) - 1)
    # Only lines along a diagonal run along hexsides.
    assert bool(grazes) == is_diagonal_multiple(offset)
    for side in grazes:
        assert set(side.hexes()) <= set(hexes)


@given(hexes, offsets)
def test_union_hexes_are_really_on_the_segment(a: Hex, offset: Hex) -> None:
    """Where the union holds two hexes at one step, the segment passes through both."""
    b = a + offset
    n = a.distance(b)
    hexes, grazes = line_with_grazes(a, b)
    if grazes or n == 0:
        return
    fa = FractionalHex(float(a.q), float(a.r))
    fb = FractionalHex(float(b.q), float(b.r))
    delta = 1e-3 / (n * n)
    for i in range(1, n):
        step = [h for h in hexes if a.distance(h) == i]
        if len(step) == 2:
            t = i / n
            around = {fa.lerp(fb, t - delta).round(), fa.lerp(fb, t + delta).round()}
            assert around == set(step)
        else:
            assert fa.lerp(fb, i / n).round() == step[0]


@given(hexes, offsets)
def test_lines_are_reversible_as_sets(a: Hex, offset: Hex) -> None:
    b = a + offset
    forward, forward_grazes = line_with_grazes(a, b)
    backward, backward_grazes = line_with_grazes(b, a)
    assert set(forward) == set(backward)
    assert set(forward_grazes) == set(backward_grazes)


@given(hexes, offsets, st.sampled_from([LINE_EPSILON, -LINE_EPSILON, 0.0]))
def test_hex_lerp_line(a: Hex, offset: Hex, nudge: float) -> None:
    b = a + offset
    line = hex_lerp_line(a, b, nudge)
    assert len(line) == a.distance(b) + 1
    assert line[0] == a
    assert line[-1] == b
    if nudge == LINE_EPSILON:
        assert line == a.line_to(b)
