"""Building the model fast: labels looked up in a table of the map's labels, hexsides
made without the general checks, the usual unit and state entries read by short paths.
Each short path must make exactly what the careful one makes, and leave every problem to
it, reported at the same FILE:LINE:COLUMN with the same message."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.data import files, games, load_chart, maps, scenarios
from tabletop.data.schema import Checker
from tabletop.data.yamlsafe import parse_text
from tabletop.model import GameState, HexMap
from tests.helpers.datafiles import COUNTERS, MAP, SCENARIO

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


# --- units and saved states: the short paths and the general readers agree ---------------
@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The data tests' map and counters (INF brings a MILAN support weapon)."""
    base = tmp_path_factory.mktemp("building")
    (base / "map.yaml").write_text(MAP, encoding="utf-8")
    (base / "counters.yaml").write_text(COUNTERS, encoding="utf-8")
    return base


SC_HEAD = SCENARIO[: SCENARIO.index("units:")]


def _read(path: Path, text: str) -> tuple[list[str], list[dict[str, Any]], Any]:
    """Every problem of a scenario or saved game, the units it makes, and the game's units."""
    path.write_text(text, encoding="utf-8")
    ck = Checker(str(path))
    game = files._scenario_at(ck, path, ("tabletop/scenario", "tabletop/game"))
    sc = game.scenario if isinstance(game, GameState) else game
    units = [dict(u.__dict__) for u in sc.units] if sc is not None else []
    state = (
        [(uid, dict(u.__dict__)) for uid, u in game.units.items()]
        if isinstance(game, GameState)
        else None
    )
    return [str(p) for p in ck.errors + ck.warnings], units, state


def _general_units(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(scenarios._QuickUnits, "units", lambda self, entry: None)
    mp.setattr(scenarios, "_common_unit", lambda *args: None)


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        ('{id: t-9, type: TANK, side: blue, formation: alpha, hex: "2020"}',
         ["14:62: hex 2020 is outside the map (10 x 8)"]),
        ("{id: t-9, type: TANK, side: blue, formation: alpha, hex: 0101}", []),  # as written
        ('{id: t-1, type: TANK, side: blue, formation: alpha, hex: "0105"}',
         ["14:10: duplicate unit id 't-1'"]),
        ('{id: i-1-sw, type: TANK, side: blue, formation: alpha, hex: "0105"}',
         ["14:10: duplicate unit id 'i-1-sw'"]),
        ('{id: "a,b", type: TANK, side: blue, formation: alpha, hex: "0105"}',
         ["14:10: unit id 'a,b' may not be empty, contain a comma or a colon, or begin or end "
          "with a space (the command line lists ids as A,B and pairs as A:B)"]),
        ('{id: t-9, type: TANK, side: blue, formation: bravo, hex: "0105"}',
         ["14:50: unknown formation 'bravo'"]),
        ('{id: t-9, type: TANK, side: blue, formation: alpha, hex: "0808"}',
         ["14:62: t-9 cannot be in 0808: only amphibious units may be in water"]),
    ],
)  # fmt: skip
def test_a_bad_unit_is_reported_where_it_is_written(
    folder: Path, entry: str, expected: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = folder / "scenario.yaml"
    units = SCENARIO[SCENARIO.index("units:") : SCENARIO.index("hex_markers:")]
    text = SC_HEAD + units + f"  - {entry}\n"
    errors, made, _ = _read(path, text)
    assert errors == [f"{path}:{e}" for e in expected]
    _general_units(monkeypatch)
    assert _read(path, text)[:2] == (errors, made)


UNIT_IDS = st.sampled_from(["t-1", "i-1", "i-1-sw", "x", "", " y", "a:b", "7"])
UNIT_TYPES = st.sampled_from(["TANK", "INF", "MILAN", "TANKK", "3"])
UNIT_SIDES = st.sampled_from(["blue", "red", "bleu"])
FORMATIONS = st.sampled_from(["alpha", "bravo", "zulu", "null", None])
HEXES = st.sampled_from(['"0101"', '"0102"', '"0808"', '"0707"', '"2020"', '"01x1"', "0101",
                         "null", None])  # fmt: skip
EXTRAS = st.sampled_from(["", ", step: reduced", ", sw: null", ", status: disrupted"])


@st.composite
def unit_entry(draw: st.DrawFn) -> str:
    parts = [f"id: {draw(UNIT_IDS)!r}", f"type: {draw(UNIT_TYPES)}", f"side: {draw(UNIT_SIDES)}"]
    formation, where = draw(FORMATIONS), draw(HEXES)
    if formation is not None:
        parts.append(f"formation: {formation}")
    if where is not None:
        parts.append(f"hex: {where}")
    return "  - {" + ", ".join(parts) + draw(EXTRAS) + "}"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
          HealthCheck.function_scoped_fixture])  # fmt: skip
@given(st.lists(unit_entry(), max_size=8))
def test_fast_and_general_units_agree(folder: Path, entries: list[str]) -> None:
    path = folder / "scenario.yaml"
    text = SC_HEAD + "units:\n" + "".join(e + "\n" for e in entries)
    fast = _read(path, text)
    with pytest.MonkeyPatch.context() as mp:
        _general_units(mp)
        general = _read(path, text)
    assert fast[:2] == general[:2]


STATE_VALUES: dict[str, st.SearchStrategy[str]] = {
    "type": st.sampled_from(["TANK", "INF"]),
    "side": st.sampled_from(["blue", "red"]),
    "formation": st.sampled_from(["alpha", "bravo", "null"]),
    "hex": st.sampled_from(['"0101"', '"0203"', '"0909"', '"2020"', "null", "0101"]),
    "step": st.sampled_from(["full", "reduced", "3"]),
    "status": st.sampled_from(["good_order", "disrupted", "shaken"]),
    "markers": st.sampled_from(["[]", "[ops_complete]", "[golden]", "x"]),
    "mode": st.sampled_from(["null", "landed", "[x]"]),
    "sw": st.sampled_from(["null", "i-1-sw", "5"]),
    "sw_of": st.sampled_from(["null", "i-1"]),
    "carrier": st.sampled_from(["null", "t-1"]),
    "figures": st.sampled_from(["[]", "2"]),
    "ammo": st.sampled_from(["null", "2"]),
    "flags": st.sampled_from(["{}", "{maneuver: true}"]),
}


@st.composite
def state_entry(draw: st.DrawFn) -> str:
    uid = draw(st.sampled_from(["t-1", "i-1", "i-1-sw", "t-2", "new"]))
    keys = [k for k in games.UNIT_STATE_KEYS if draw(st.integers(0, 9)) > 0]
    body = ", ".join(f"{k}: {draw(STATE_VALUES[k])}" for k in keys)
    return f"    {uid}: {{{body}}}"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
          HealthCheck.function_scoped_fixture])  # fmt: skip
@given(st.lists(state_entry(), max_size=5, unique_by=lambda e: e.split(":")[0]))
def test_fast_and_general_states_agree(folder: Path, entries: list[str]) -> None:
    path = folder / "game.yaml"
    text = (
        SCENARIO.replace("tabletop/scenario@1", "tabletop/game@1")
        + "state:\n  turn: 1\n  phase: draw\n  units:\n"
        + "".join(e + "\n" for e in entries)
        + "log: []\n"
    )
    fast = _read(path, text)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(games, "_saved_state", lambda *args: None)
        mp.setattr(games, "_common_state", lambda *args: None)
        general = _read(path, text)
    assert fast == general
