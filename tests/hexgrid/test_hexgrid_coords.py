"""Axial coordinates: arithmetic, distances, rings, value semantics."""

from __future__ import annotations

import dataclasses
import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop.hexgrid as hexgrid
from tabletop.hexgrid import (
    DIAGONALS,
    DIRECTIONS,
    FractionalHex,
    Hex,
    HexSide,
    Layout,
    OffsetScheme,
)

coord = st.integers(-1000, 1000)
hexes = st.builds(Hex, coord, coord)
radii = st.integers(0, 12)


def test_directions() -> None:
    assert len(DIRECTIONS) == 6
    assert len(set(DIRECTIONS)) == 6
    assert all(Hex(0, 0).distance(d) == 1 for d in DIRECTIONS)
    assert DIRECTIONS[0] == Hex(1, 0)
    for i in range(6):
        assert DIRECTIONS[i] + DIRECTIONS[(i + 3) % 6] == Hex(0, 0)
        assert DIAGONALS[i] == DIRECTIONS[i] + DIRECTIONS[(i + 1) % 6]
    assert set(DIAGONALS) == {
        Hex(2, -1), Hex(1, 1), Hex(-1, 2), Hex(-2, 1), Hex(-1, -1), Hex(1, -2)
    }  # fmt: skip


def test_arithmetic() -> None:
    a, b = Hex(3, -1), Hex(-2, 5)
    assert a + b == Hex(1, 4)
    assert a - b == Hex(5, -6)
    assert a.scale(3) == Hex(9, -3)
    assert a.s == -2
    assert Hex(0, 0).s == 0


@given(hexes)
def test_neighbors(h: Hex) -> None:
    ns = h.neighbors()
    assert len(ns) == 6
    assert len(set(ns)) == 6
    for i, n in enumerate(ns):
        assert n == h.neighbor(i) == h + DIRECTIONS[i]
        assert h.distance(n) == 1
        assert h.is_adjacent(n)
        assert h.direction_to(n) == i
        assert n.direction_to(h) == (i + 3) % 6


@given(hexes, hexes)
def test_direction_to_rejects_non_neighbours(a: Hex, b: Hex) -> None:
    if a.distance(b) != 1:
        assert not a.is_adjacent(b)
        with pytest.raises(ValueError):
            a.direction_to(b)


@given(hexes)
def test_distance_to_self_is_zero(h: Hex) -> None:
    assert h.distance(h) == 0
    assert not h.is_adjacent(h)


@given(hexes, hexes)
def test_distance_symmetric(a: Hex, b: Hex) -> None:
    assert a.distance(b) == b.distance(a) >= 0
    assert (a.distance(b) == 0) == (a == b)
    # The cube metric: the largest coordinate difference.
    d = a - b
    assert a.distance(b) == max(abs(d.q), abs(d.r), abs(d.s))


@given(hexes, hexes, hexes)
def test_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert a.distance(c) <= a.distance(b) + b.distance(c)


@given(hexes, st.integers(1, 12))
def test_ring(h: Hex, radius: int) -> None:
    ring = h.ring(radius)
    assert len(ring) == 6 * radius
    assert len(set(ring)) == len(ring)
    assert all(h.distance(x) == radius for x in ring)
    assert ring[0] == h + DIRECTIONS[4].scale(radius)
    # A closed walk around the centre.
    for x, y in zip(ring, ring[1:] + ring[:1], strict=True):
        assert x.is_adjacent(y)


def test_ring_zero_and_negative() -> None:
    assert Hex(2, 3).ring(0) == [Hex(2, 3)]
    for method in (Hex(0, 0).ring, Hex(0, 0).spiral, Hex(0, 0).within):
        with pytest.raises(ValueError):
            method(-1)


@given(hexes, radii)
def test_spiral_and_within(h: Hex, radius: int) -> None:
    size = 1 + 3 * radius * (radius + 1)
    spiral = h.spiral(radius)
    within = h.within(radius)
    assert len(spiral) == size
    assert len(within) == size
    assert spiral[0] == h
    assert set(spiral) == set(within)
    assert within == sorted(within)
    assert all(h.distance(x) <= radius for x in within)
    assert [h.distance(x) for x in spiral] == sorted(h.distance(x) for x in spiral)


@given(hexes, st.builds(Hex, st.integers(-30, 30), st.integers(-30, 30)))
def test_line_to(a: Hex, offset: Hex) -> None:
    b = a + offset
    line = a.line_to(b)
    n = a.distance(b)
    assert len(line) == n + 1
    assert line[0] == a
    assert line[-1] == b
    assert [a.distance(x) for x in line] == list(range(n + 1))
    for x, y in itertools.pairwise(line):
        assert x.is_adjacent(y)


def test_line_to_examples() -> None:
    assert Hex(0, 0).line_to(Hex(0, 0)) == [Hex(0, 0)]
    assert Hex(0, 0).line_to(Hex(3, 0)) == [Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0)]
    assert Hex(0, 0).line_to(Hex(0, -2)) == [Hex(0, 0), Hex(0, -1), Hex(0, -2)]


def test_fractional_hex() -> None:
    f = FractionalHex(1.25, -0.5)
    assert f.s == pytest.approx(-0.75)
    assert FractionalHex(2.0, -3.0).round() == Hex(2, -3)
    assert FractionalHex(0.3, 0.3).round() == Hex(0, 0)
    assert FractionalHex(0.35, 0.45).round() == Hex(0, 1)
    assert FractionalHex(0.1, 0.8).round() == Hex(0, 1)
    a, b = FractionalHex(0.0, 0.0), FractionalHex(4.0, -2.0)
    assert a.lerp(b, 0.0) == a
    assert a.lerp(b, 1.0) == b
    assert a.lerp(b, 0.5) == FractionalHex(2.0, -1.0)


@given(hexes, st.floats(-0.3, 0.3), st.floats(-0.3, 0.3))
def test_round_finds_the_hex_the_point_is_in(h: Hex, dq: float, dr: float) -> None:
    # Cube distance below 1/2 keeps the point inside the hex.
    if max(abs(dq), abs(dr), abs(dq + dr)) < 0.49:
        assert FractionalHex(h.q + dq, h.r + dr).round() == h


# --- value semantics ------------------------------------------------------------------------
VALUES = [
    Hex(3, -4),
    FractionalHex(0.5, -1.25),
    HexSide(Hex(0, 1), Hex(0, 0)),
    OffsetScheme(orientation="pointy", stagger="even", first=0, letters=True, digits=3),
    Layout(orientation="pointy", size_x=20.0, size_y=17.5, origin_x=3.0, origin_y=-4.0),
]


@pytest.mark.parametrize("value", VALUES, ids=lambda v: type(v).__name__)
def test_repr_rebuilds(value: object) -> None:
    namespace = {name: getattr(hexgrid, name) for name in hexgrid.__all__}
    rebuilt = eval(repr(value), namespace)
    assert rebuilt == value
    assert hash(rebuilt) == hash(value)


@pytest.mark.parametrize("value", VALUES, ids=lambda v: type(v).__name__)
def test_frozen_and_slotted(value: object) -> None:
    assert not hasattr(value, "__dict__")
    field = dataclasses.fields(value)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(value, field, None)


def test_hex_order_and_hash() -> None:
    assert sorted([Hex(1, 0), Hex(0, 5), Hex(0, -1)]) == [Hex(0, -1), Hex(0, 5), Hex(1, 0)]
    assert {Hex(1, 2): "x"}[Hex(1, 2)] == "x"
    assert Hex(1, 2) != (1, 2)


def test_public_names() -> None:
    for name in [
        "Hex", "DIRECTIONS", "FractionalHex", "hex_lerp_line", "line_with_grazes",
        "HexSide", "sides_of", "OffsetScheme", "Layout",
    ]:  # fmt: skip
        assert name in hexgrid.__all__
        assert hasattr(hexgrid, name)
