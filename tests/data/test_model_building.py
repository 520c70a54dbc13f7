"""Building the model fast: labels looked up in a table of the map's labels, hexsides
made without the general checks, the usual unit and state entries read by short paths.
Each short path must make exactly what the careful one makes, and leave every problem to
it, reported at the same FILE:LINE:COLUMN with the same message."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.data import load_chart, maps
from tabletop.data.schema import Checker
from tabletop.data.yamlsafe import parse_text
from tabletop.model import HexMap

CHART = load_chart("standard")


def _careful(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every label and hexside read by the careful path only."""
    monkeypatch.setattr(maps.Labels, "hex", maps.Labels._careful_hex)
    monkeypatch.setattr(maps.Labels, "side", maps.Labels._careful_side)


def _build(text: str) -> tuple[HexMap | None, list[str]]:
    doc, problems = parse_text(text, "m.yaml")
    assert not problems, problems
    ck = Checker("m.yaml")
    hexmap = maps.map_from(ck, doc, CHART)
    return hexmap, [str(p) for p in ck.errors]


MAP_HEAD = "format: tabletop/map@1\ngrid: {columns: 4, rows: 3%s}\nhexsides:\n"


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        ('{side: "0103/0104", feature: river}', ["m.yaml:4:12: hex 0104 is outside the map "
         "(4 x 3)"]),
        ('{side: "0101/01x2", feature: river}', ["m.yaml:4:12: bad hex label '01x2': expected 4 "
         "digits, a 2-digit column then a 2-digit row, like '0304'"]),
        ('{side: "0101/0103", feature: river}', ["m.yaml:4:12: no hexside between 0101 and 0103: "
         "they are not adjacent"]),
        ('{side: "0101/0102/0103", feature: river}', ["m.yaml:4:12: a hexside is written "
         "'0506/0507' or ['0506', '0507'], not '0101/0102/0103'"]),
        ("{between: [0101, 0103], feature: river}", ["m.yaml:4:15: no hexside between 0101 and "
         "0103: they are not adjacent"]),
        ("{between: [101, 102], feature: road}", [f"m.yaml:4:15: bad hex label '{n}': expected 4 "
         "digits, a 2-digit column then a 2-digit row, like '0304'" for n in (101, 102)]),
        ('{side: 12, feature: road}', ["m.yaml:4:12: a hexside is written '0506/0507' or "
         "['0506', '0507'], not 12"]),
        ('{side: "0101/0102", feature: rivr}', ["m.yaml:4:34: unknown hexside feature 'rivr' "
         "(did you mean 'river'?)"]),
        ('{side: "0101/0102", between: "0101/0102", feature: road}', ["m.yaml:4:5: a hexside "
         "entry needs exactly one of 'side' or 'between'"]),
    ],
)  # fmt: skip
def test_a_bad_hexside_is_reported_where_it_is_written(
    entry: str, expected: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = MAP_HEAD % "" + f"  - {entry}\n"
    hexmap, errors = _build(text)
    assert errors == expected
    assert hexmap is not None and not hexmap.hexsides
    _careful(monkeypatch)
    assert _build(text)[1] == expected


def test_a_feature_twice_on_one_side_is_reported_at_its_second_entry() -> None:
    text = MAP_HEAD % "" + (
        '  - {side: "0101/0102", feature: road}\n'
        '  - {between: ["0102", "0101"], feature: river}\n'
        '  - {side: "0102/0101", feature: road}\n'
    )
    hexmap, errors = _build(text)
    assert errors == ["m.yaml:6:5: road is already on hexside 0102/0101"]
    assert hexmap is not None
    assert list(hexmap.hexsides.values()) == [("road", "river")]


def test_lower_case_column_letters_name_the_same_hex() -> None:
    text = MAP_HEAD % ", letters: true" + (
        '  - {side: "A01/A02", feature: road}\n  - {side: "b01/b02", feature: road}\n'
    )
    hexmap, errors = _build(text)
    assert errors == [] and hexmap is not None
    a01, b02 = hexmap.parse("A01"), hexmap.parse("B02")
    assert set(hexmap.hexsides) == {
        maps.HexSide(a01, hexmap.parse("A02")),
        maps.HexSide(hexmap.parse("B01"), b02),
    }


# --- the fast and the careful path agree, on any mix of good and bad entries -------------
LABELS = st.one_of(
    st.builds(lambda c, r: f"{c:02d}{r:02d}", st.integers(0, 6), st.integers(0, 5)),
    st.sampled_from(["0x01", "01", "010101", "", "a1b2"]),
    st.integers(0, 700),
)
FEATURES = st.sampled_from(["road", "river", "wall", "rivr", 3])


def _side_value(a: Any, b: Any, form: str) -> str:
    def quoted(v: Any) -> str:
        return f'"{v}"' if isinstance(v, str) else str(v)

    if form == "list":
        return f"[{quoted(a)}, {quoted(b)}]"
    if isinstance(a, str) and isinstance(b, str):
        return f'"{a}/{b}"'
    return quoted(a)


ENTRIES = st.lists(
    st.tuples(LABELS, LABELS, st.sampled_from(["text", "list"]), FEATURES,
              st.sampled_from(["side", "between"])),
    max_size=25,
)  # fmt: skip


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ENTRIES)
def test_fast_and_careful_hexsides_agree(entries: list[tuple[Any, ...]]) -> None:
    lines = [
        f"  - {{{key}: {_side_value(a, b, form)}, feature: {feature}}}"
        for a, b, form, feature, key in entries
    ]
    text = MAP_HEAD % "" + "\n".join(lines) + "\n"
    fast_map, fast_errors = _build(text)
    with pytest.MonkeyPatch.context() as mp:
        _careful(mp)
        careful_map, careful_errors = _build(text)
    assert fast_errors == careful_errors
    assert fast_map is not None and careful_map is not None
    assert list(fast_map.hexsides.items()) == list(careful_map.hexsides.items())
    assert fast_map.cells == careful_map.cells


def test_a_rows_map_has_every_hex_in_column_order() -> None:
    text = (
        "format: tabletop/map@1\ngrid: {columns: 3, rows: 2, orientation: pointy, "
        'stagger: even}\nrows: ["..w", "t.."]\nlevels: ["012", "300"]\n'
    )
    hexmap, errors = _build(text)
    assert errors == [] and hexmap is not None
    assert list(hexmap.cells) == list(hexmap.all_hexes())
    assert [(c.terrain, c.level) for c in hexmap.cells.values()] == [
        ("clear", 0), ("town", 3), ("clear", 1), ("clear", 0), ("woods", 2), ("clear", 0),
    ]  # fmt: skip
