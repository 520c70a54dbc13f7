"""The printed label contract: CCRR, flat-topped columns, odd columns higher."""

from __future__ import annotations

import contextlib
import itertools
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.hexgrid import Hex, Layout, OffsetScheme, column_letters, parse_column_letters

DEFAULT = OffsetScheme()


# --- the contract, pinned exactly ------------------------------------------------------
@pytest.mark.parametrize(
    ("label", "neighbours"),
    [
        ("0303", {"0302", "0304", "0202", "0203", "0402", "0403"}),
        ("0404", {"0403", "0405", "0304", "0305", "0504", "0505"}),
        # An odd column sees the even columns on either side one row up and level.
        ("0505", {"0504", "0506", "0404", "0405", "0604", "0605"}),
        # An even column sees the odd columns level and one row down.
        ("0202", {"0201", "0203", "0102", "0103", "0302", "0303"}),
    ],
)
def test_neighbours_of_a_label(label: str, neighbours: set[str]) -> None:
    got = [DEFAULT.label(n) for n in DEFAULT.parse(label).neighbors()]
    assert len(got) == 6
    assert set(got) == neighbours


@pytest.mark.parametrize(
    ("a", "b", "distance"),
    [
        ("0304", "0810", 9),
        ("0101", "0101", 0),
        ("0101", "0201", 1),
        ("0201", "0102", 1),
        ("0101", "0202", 2),
        ("0101", "0110", 9),
        ("0101", "1001", 9),
        # Each step from an odd column into an even one may also climb a row.
        ("0110", "1001", 13),
        ("0101", "1010", 14),
        ("0505", "0505", 0),
    ],
)
def test_range_between_labels(a: str, b: str, distance: int) -> None:
    ha, hb = DEFAULT.parse(a), DEFAULT.parse(b)
    assert ha.distance(hb) == distance
    assert hb.distance(ha) == distance


@pytest.mark.parametrize(
    ("label", "col", "row", "axial"),
    [
        ("0101", 1, 1, Hex(0, 0)),
        ("0201", 2, 1, Hex(1, 0)),
        ("0301", 3, 1, Hex(2, -1)),
        ("0304", 3, 4, Hex(2, 2)),
        ("0303", 3, 3, Hex(2, 1)),
        ("0404", 4, 4, Hex(3, 2)),
        ("0810", 8, 10, Hex(7, 6)),
    ],
)
def test_default_axial_mapping(label: str, col: int, row: int, axial: Hex) -> None:
    # q = col - first; r = (row - first) - floor((col - first) / 2).
    assert DEFAULT.parse(label) == axial
    assert DEFAULT.from_colrow(col, row) == axial
    assert DEFAULT.to_colrow(axial) == (col, row)
    assert DEFAULT.label(axial) == label
    assert axial.q == col - 1


def test_three_digit_labels() -> None:
    scheme = OffsetScheme(digits=3)
    h = scheme.parse("012034")
    assert scheme.to_colrow(h) == (12, 34)
    assert scheme.label(h) == "012034"
    assert scheme.label(scheme.from_colrow(120, 7)) == "120007"


def test_odd_columns_draw_higher_than_even_columns() -> None:
    layout = Layout()
    assert layout.hex_to_pixel(DEFAULT.parse("0101")) == pytest.approx((0.0, 0.0))
    _, y1 = layout.hex_to_pixel(DEFAULT.parse("0101"))
    _, y2 = layout.hex_to_pixel(DEFAULT.parse("0201"))
    _, y3 = layout.hex_to_pixel(DEFAULT.parse("0301"))
    assert y1 < y2
    assert y3 < y2
    assert y1 == pytest.approx(y3)
    # Columns run left to right, rows top to bottom (screen y grows downward).
    x1, _ = layout.hex_to_pixel(DEFAULT.parse("0105"))
    x2, _ = layout.hex_to_pixel(DEFAULT.parse("0205"))
    assert x1 < x2
    _, top = layout.hex_to_pixel(DEFAULT.parse("0304"))
    _, below = layout.hex_to_pixel(DEFAULT.parse("0305"))
    assert top < below


def test_letter_columns() -> None:
    scheme = OffsetScheme(letters=True)
    assert scheme.label(DEFAULT.parse("0304")) == "C04"
    assert scheme.parse("C04") == DEFAULT.parse("0304")
    assert scheme.parse("c04") == DEFAULT.parse("0304")
    assert scheme.label(scheme.from_colrow(27, 1)) == "AA01"
    zero = OffsetScheme(letters=True, first=0)
    assert zero.label(zero.from_colrow(0, 0)) == "A00"
    assert zero.parse("B03") == DEFAULT.parse("0204")


@pytest.mark.parametrize(
    ("n", "text"), [(1, "A"), (2, "B"), (26, "Z"), (27, "AA"), (52, "AZ"), (53, "BA"), (703, "AAA")]
)
def test_column_letters(n: int, text: str) -> None:
    assert column_letters(n) == text
    assert parse_column_letters(text) == n


@given(st.integers(1, 10**6))
def test_column_letters_round_trip(n: int) -> None:
    assert parse_column_letters(column_letters(n)) == n


# --- every variant round-trips ---------------------------------------------------------
SCHEMES = [
    OffsetScheme(orientation=o, stagger=s, first=f, letters=letters, digits=d)
    for o, s, f, letters, d in itertools.product(
        ("flat", "pointy"), ("odd", "even"), (0, 1), (False, True), (2, 3)
    )
]


@st.composite
def scheme_and_colrow(draw: st.DrawFn) -> tuple[OffsetScheme, int, int]:
    scheme = draw(st.sampled_from(SCHEMES))
    top = 10**scheme.digits - 1
    col = draw(st.integers(scheme.first, 3000) if scheme.letters else st.integers(0, top))
    row = draw(st.integers(0, top))
    return scheme, col, row


def written_label(scheme: OffsetScheme, col: int, row: int) -> str:
    d = scheme.digits
    col_text = column_letters(col - scheme.first + 1) if scheme.letters else f"{col:0{d}d}"
    return f"{col_text}{row:0{d}d}"


@given(scheme_and_colrow())
def test_label_to_hex_to_label(case: tuple[OffsetScheme, int, int]) -> None:
    scheme, col, row = case
    label = written_label(scheme, col, row)
    h = scheme.parse(label)
    assert scheme.to_colrow(h) == (col, row)
    assert scheme.label(h) == label


@given(st.sampled_from(SCHEMES), st.integers(-300, 300), st.integers(-300, 300))
def test_hex_to_label_to_hex(scheme: OffsetScheme, q: int, r: int) -> None:
    h = Hex(q, r)
    col, row = scheme.to_colrow(h)
    top = 10**scheme.digits - 1
    printable = 0 <= row <= top and (col >= scheme.first if scheme.letters else 0 <= col <= top)
    if printable:
        assert scheme.parse(scheme.label(h)) == h
    else:
        with pytest.raises(ValueError, match=re.escape(repr(h))):
            scheme.label(h)


@given(st.sampled_from(SCHEMES), st.integers(-(10**6), 10**6), st.integers(-(10**6), 10**6))
def test_colrow_round_trip(scheme: OffsetScheme, a: int, b: int) -> None:
    assert scheme.to_colrow(scheme.from_colrow(a, b)) == (a, b)
    h = Hex(a, b)
    assert scheme.from_colrow(*scheme.to_colrow(h)) == h


@pytest.mark.parametrize("scheme", SCHEMES, ids=repr)
def test_first_column_and_row_is_the_axial_origin(scheme: OffsetScheme) -> None:
    assert scheme.from_colrow(scheme.first, scheme.first) == Hex(0, 0)


@pytest.mark.parametrize("scheme", SCHEMES, ids=repr)
def test_stagger_as_drawn(scheme: OffsetScheme) -> None:
    """The first column (flat) / row (pointy) is "odd": higher / further left if stagger=odd."""
    layout = Layout(orientation=scheme.orientation)
    f = scheme.first
    if scheme.orientation == "flat":
        # Same printed row, columns 1 and 2 (counted from the first).
        (x1, y1), (x2, y2) = (layout.hex_to_pixel(scheme.from_colrow(c, f + 3)) for c in (f, f + 1))
        assert x1 < x2
        assert (y1 < y2) == (scheme.stagger == "odd")
        # A column is a vertical stack, rows top to bottom.
        xs, ys = zip(
            *(layout.hex_to_pixel(scheme.from_colrow(f + 4, r)) for r in range(5)), strict=True
        )
        assert max(xs) == pytest.approx(min(xs))
        assert list(ys) == sorted(ys)
    else:
        (x1, y1), (x2, y2) = (layout.hex_to_pixel(scheme.from_colrow(f + 3, r)) for r in (f, f + 1))
        assert y1 < y2
        assert (x1 < x2) == (scheme.stagger == "odd")
        xs, ys = zip(
            *(layout.hex_to_pixel(scheme.from_colrow(c, f + 4)) for c in range(5)), strict=True
        )
        assert max(ys) == pytest.approx(min(ys))
        assert list(xs) == sorted(xs)


def test_pointy_neighbours() -> None:
    scheme = OffsetScheme(orientation="pointy")
    # Row 3 is "odd" (further left): its neighbours in rows 2 and 4 are columns 2 and 3.
    got = {scheme.label(n) for n in scheme.parse("0303").neighbors()}
    assert got == {"0203", "0403", "0202", "0302", "0204", "0304"}
    got = {scheme.label(n) for n in scheme.parse("0304").neighbors()}
    assert got == {"0204", "0404", "0303", "0403", "0305", "0405"}


def test_even_stagger_neighbours() -> None:
    scheme = OffsetScheme(stagger="even")
    # Now even columns are the higher ones.
    got = {scheme.label(n) for n in scheme.parse("0404").neighbors()}
    assert got == {"0403", "0405", "0303", "0304", "0503", "0504"}


# --- errors ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "label",
    ["12", "0x03", "", "030", "03040", " 0304", "0304 ", "+304", "-304", "03_4", "A304", "٠٣٠٤"],
)
def test_parse_rejects_bad_labels(label: str) -> None:
    with pytest.raises(ValueError, match=re.escape(repr(label))):
        DEFAULT.parse(label)


@pytest.mark.parametrize("label", ["0304", "C4", "C004", "4C", "", "É04", "C-4"])
def test_parse_rejects_bad_letter_labels(label: str) -> None:
    with pytest.raises(ValueError, match=re.escape(repr(label))):
        OffsetScheme(letters=True).parse(label)


def test_three_digit_scheme_rejects_two_digit_labels() -> None:
    with pytest.raises(ValueError, match="'0304'"):
        OffsetScheme(digits=3).parse("0304")


@pytest.mark.parametrize(
    ("scheme", "col", "row"),
    [
        (DEFAULT, -1, 5),
        (DEFAULT, 5, -1),
        (DEFAULT, 100, 5),
        (DEFAULT, 5, 100),
        (OffsetScheme(letters=True), 0, 5),
        (OffsetScheme(letters=True), 5, 100),
    ],
)
def test_label_rejects_unprintable_hexes(scheme: OffsetScheme, col: int, row: int) -> None:
    with pytest.raises(ValueError):
        scheme.label(scheme.from_colrow(col, row))


@pytest.mark.parametrize(
    "kw",
    [{"orientation": "diagonal"}, {"stagger": "left"}, {"first": 2}, {"first": -1}, {"digits": 0}],
)
def test_invalid_schemes(kw: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        OffsetScheme(**kw)


# --- for_size ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("columns", "rows", "kw", "digits"),
    [
        (1, 1, {}, 2),
        (32, 20, {}, 2),
        (99, 99, {}, 2),
        (100, 10, {}, 3),
        (10, 100, {}, 3),
        (999, 999, {}, 3),
        (1000, 5, {}, 4),
        (99, 99, {"first": 0}, 2),
        (100, 10, {"first": 0}, 3),
        (500, 20, {"letters": True}, 2),
        (20, 120, {"letters": True}, 3),
    ],
)
def test_for_size_digits(columns: int, rows: int, kw: dict[str, object], digits: int) -> None:
    scheme = OffsetScheme.for_size(columns, rows, **kw)
    assert scheme.digits == digits
    for key, value in kw.items():
        assert getattr(scheme, key) == value
    # The far corner of the map has a label that parses back.
    f = scheme.first
    corner = scheme.from_colrow(f + columns - 1, f + rows - 1)
    assert scheme.parse(scheme.label(corner)) == corner


def test_for_size_passes_options_through() -> None:
    scheme = OffsetScheme.for_size(
        10, 10, orientation="pointy", stagger="even", first=0, letters=True
    )
    assert scheme == OffsetScheme("pointy", "even", 0, True, 2)


def test_for_size_rejects_empty_maps() -> None:
    with pytest.raises(ValueError):
        OffsetScheme.for_size(0, 10)


# --- many at once: the loaders' rectangle and label table -------------------------------
schemes = st.builds(
    OffsetScheme,
    orientation=st.sampled_from(["flat", "pointy"]),
    stagger=st.sampled_from(["odd", "even"]),
    first=st.integers(0, 1),
    letters=st.booleans(),
    digits=st.integers(1, 3),
)


@given(schemes, st.integers(1, 12), st.integers(1, 12))
def test_rectangle_is_from_colrow_column_by_column(
    scheme: OffsetScheme, columns: int, rows: int
) -> None:
    made = scheme.rectangle(columns, rows)
    assert len(made) == columns
    for k, column in enumerate(made):
        expected = [scheme.from_colrow(scheme.first + k, scheme.first + j) for j in range(rows)]
        assert column == expected
        assert [hash(h) for h in column] == [hash(h) for h in expected]
        assert all(type(h) is Hex for h in column)


@given(schemes, st.lists(st.builds(Hex, st.integers(-30, 130), st.integers(-130, 130))))
def test_label_table_holds_every_printable_label(scheme: OffsetScheme, hexes: list[Hex]) -> None:
    expected: dict[str, Hex] = {}
    for h in hexes:
        with contextlib.suppress(ValueError):  # no label: left out of the table too
            expected[scheme.label(h)] = h
    table = scheme.label_table(hexes)
    assert table == expected
    assert list(table) == list(expected)
    for label, h in table.items():
        assert scheme.parse(label) == h
