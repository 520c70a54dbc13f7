"""Pixel layout: centres, corners, hexside endpoints and picking."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.hexgrid import DIRECTIONS, Hex, HexSide, Layout, OffsetScheme, sides_of

coord = st.integers(-500, 500)
hexes = st.builds(Hex, coord, coord)
sizes = st.floats(0.5, 80.0)
origins = st.floats(-1000.0, 1000.0)
layouts = st.builds(
    Layout,
    orientation=st.sampled_from(["flat", "pointy"]),
    size_x=sizes,
    size_y=sizes,
    origin_x=origins,
    origin_y=origins,
)
SQRT3 = math.sqrt(3.0)


def close(p: tuple[float, float], q: tuple[float, float], tol: float = 1e-6) -> bool:
    return math.isclose(p[0], q[0], abs_tol=tol) and math.isclose(p[1], q[1], abs_tol=tol)


@given(layouts, hexes)
def test_hex_to_pixel_to_hex(layout: Layout, h: Hex) -> None:
    x, y = layout.hex_to_pixel(h)
    f = layout.pixel_to_hex(x, y)
    assert f.q == pytest.approx(h.q, abs=1e-6)
    assert f.r == pytest.approx(h.r, abs=1e-6)
    assert f.round() == h
    assert layout.hex_at(x, y) == h


@given(layouts, hexes, st.integers(0, 5), st.floats(0.0, 0.95))
def test_points_inside_a_hex_pick_it(layout: Layout, h: Hex, corner: int, k: float) -> None:
    # Every point between the centre and a corner (exclusive) is inside the hex.
    cx, cy = layout.hex_to_pixel(h)
    px, py = layout.corners(h)[corner]
    assert layout.hex_at(cx + (px - cx) * k, cy + (py - cy) * k) == h


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_default_origin_and_spacing(orientation: str) -> None:
    layout = Layout(orientation=orientation, size_x=10.0, size_y=10.0)
    assert layout.hex_to_pixel(Hex(0, 0)) == (0.0, 0.0)
    for d in DIRECTIONS:
        x, y = layout.hex_to_pixel(d)
        assert math.hypot(x, y) == pytest.approx(10.0 * SQRT3)


def test_flat_geometry() -> None:
    layout = Layout(size_x=10.0, size_y=10.0, origin_x=100.0, origin_y=50.0)
    assert layout.hex_to_pixel(Hex(0, 0)) == (100.0, 50.0)
    # One row down a column: a hex height (sqrt 3 * size) lower on screen.
    assert close(layout.hex_to_pixel(Hex(0, 1)), (100.0, 50.0 + 10.0 * SQRT3))
    assert close(layout.hex_to_pixel(Hex(1, 0)), (115.0, 50.0 + 5.0 * SQRT3))
    assert close(layout.corners(Hex(0, 0))[0], (110.0, 50.0))


def test_pointy_geometry() -> None:
    layout = Layout(orientation="pointy", size_x=10.0, size_y=10.0)
    assert close(layout.hex_to_pixel(Hex(1, 0)), (10.0 * SQRT3, 0.0))
    assert close(layout.hex_to_pixel(Hex(0, 1)), (5.0 * SQRT3, 15.0))
    assert close(layout.corners(Hex(0, 0))[1], (0.0, 10.0))


def test_non_square_layout_scales_axes() -> None:
    square = Layout(size_x=1.0, size_y=1.0)
    stretched = Layout(size_x=3.0, size_y=0.5)
    for h in Hex(0, 0).within(2):
        sx, sy = square.hex_to_pixel(h)
        assert close(stretched.hex_to_pixel(h), (3.0 * sx, 0.5 * sy))


def test_default_scheme_hex_0101_is_at_the_origin() -> None:
    assert Layout().hex_to_pixel(OffsetScheme().parse("0101")) == (0.0, 0.0)


@given(layouts, hexes)
def test_corners(layout: Layout, h: Hex) -> None:
    corners = layout.corners(h)
    assert len(corners) == 6
    cx, cy = layout.hex_to_pixel(h)
    assert sum(x for x, _ in corners) / 6 == pytest.approx(cx, abs=1e-6)
    assert sum(y for _, y in corners) / 6 == pytest.approx(cy, abs=1e-6)
    # Adjacent hexes share exactly two corners.
    n = h.neighbor(0)
    shared = [c for c in corners if any(close(c, o, 1e-6) for o in layout.corners(n))]
    assert len(shared) == 2


@given(layouts, hexes)
def test_side_endpoints(layout: Layout, h: Hex) -> None:
    for side in sides_of(h):
        p, q = layout.side_endpoints(side)
        a, b = side.hexes()
        for end in (p, q):
            assert any(close(end, c, 1e-6) for c in layout.corners(a))
            assert any(close(end, c, 1e-6) for c in layout.corners(b))
        # The side's midpoint is halfway between the two centres.
        (ax, ay), (bx, by) = layout.hex_to_pixel(a), layout.hex_to_pixel(b)
        assert close(((p[0] + q[0]) / 2, (p[1] + q[1]) / 2), ((ax + bx) / 2, (ay + by) / 2))


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_side_endpoints_are_a_side_apart(orientation: str) -> None:
    layout = Layout(orientation=orientation, size_x=7.0, size_y=7.0)
    for side in sides_of(Hex(2, -1)):
        p, q = layout.side_endpoints(side)
        assert math.dist(p, q) == pytest.approx(7.0)


def test_side_endpoints_example() -> None:
    # The side between 0101 and 0102 (below it) is the bottom edge of 0101.
    side = HexSide.between(Hex(0, 0), Hex(0, 1))
    p, q = Layout(size_x=2.0, size_y=2.0).side_endpoints(side)
    assert close(p, (1.0, SQRT3))
    assert close(q, (-1.0, SQRT3))


@pytest.mark.parametrize("kw", [{"orientation": "hex"}, {"size_x": 0.0}, {"size_y": 0.0}], ids=str)
def test_invalid_layouts(kw: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        Layout(**kw)
