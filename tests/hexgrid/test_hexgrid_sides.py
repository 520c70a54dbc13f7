"""Hexsides: canonical pairs of adjacent hexes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.hexgrid import DIRECTIONS, Hex, HexSide, sides_of

coord = st.integers(-1000, 1000)
hexes = st.builds(Hex, coord, coord)
directions = st.integers(0, 5)


@given(hexes, directions)
def test_between_is_canonical(h: Hex, d: int) -> None:
    n = h.neighbor(d)
    side = HexSide.between(h, n)
    assert side == HexSide.between(n, h)
    assert hash(side) == hash(HexSide.between(n, h))
    assert side.a < side.b
    assert set(side.hexes()) == {h, n}
    assert side.other(h) == n
    assert side.other(n) == h
    # Built directly, in either order, it is the same side.
    assert HexSide(n, h) == side == HexSide(h, n)


@given(hexes, hexes)
def test_between_rejects_non_adjacent(a: Hex, b: Hex) -> None:
    if a.distance(b) != 1:
        with pytest.raises(ValueError):
            HexSide.between(a, b)


@pytest.mark.parametrize("b", [Hex(0, 0), Hex(2, 0), Hex(1, 1), Hex(5, -9)])
def test_between_rejects_examples(b: Hex) -> None:
    with pytest.raises(ValueError, match="not adjacent"):
        HexSide.between(Hex(0, 0), b)
    with pytest.raises(ValueError):
        HexSide(Hex(0, 0), b)


def test_other_rejects_a_hex_not_on_the_side() -> None:
    side = HexSide.between(Hex(0, 0), Hex(1, 0))
    with pytest.raises(ValueError):
        side.other(Hex(0, 1))


def test_canonical_order_example() -> None:
    side = HexSide.between(Hex(1, 0), Hex(0, 1))
    assert side.a == Hex(0, 1)
    assert side.b == Hex(1, 0)
    assert repr(side) == "HexSide(a=Hex(q=0, r=1), b=Hex(q=1, r=0))"


@given(hexes)
def test_sides_of(h: Hex) -> None:
    sides = sides_of(h)
    assert len(sides) == 6
    assert len(set(sides)) == 6
    for i, side in enumerate(sides):
        assert h in side.hexes()
        assert side.other(h) == h + DIRECTIONS[i]
        # The neighbour across it has the very same side, in the opposite direction.
        assert sides_of(h.neighbor(i))[(i + 3) % 6] == side


@given(hexes)
def test_sides_shared_by_exactly_two_hexes(h: Hex) -> None:
    around = [h, *h.neighbors()]
    count: dict[HexSide, int] = {}
    for x in around:
        for side in sides_of(x):
            count[side] = count.get(side, 0) + 1
    # The centre's 6 sides and the 6 between consecutive neighbours are each counted twice.
    assert sorted(count.values()).count(2) == 12
    assert all(count[s] == 2 for s in sides_of(h))


@given(hexes, st.one_of(directions.map(lambda d: DIRECTIONS[d]), st.builds(Hex, coord, coord)))
def test_side_between_is_the_side_or_none(h: Hex, step: Hex) -> None:
    """The loaders' short constructor makes exactly ``HexSide(a, b)``, in either order, and
    None where ``HexSide`` refuses the pair."""
    from tabletop.hexgrid import side_between

    other = h + step
    for a, b in ((h, other), (other, h)):
        made = side_between(a, b)
        try:
            expected = HexSide(a, b)
        except ValueError:
            assert made is None
            continue
        assert made == expected and hash(made) == hash(expected)
        assert (made.a, made.b) == (expected.a, expected.b)
        assert type(made) is HexSide and made.a < made.b
