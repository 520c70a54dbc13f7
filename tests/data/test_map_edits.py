"""Map edits through the commands: save -> load gives the edited map; undo gives the original.

Also the ``background:`` key: parsed, checked, saved with the image path relative to the map.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop import data
from tabletop.commands import EditMap, SetBackground
from tabletop.commands import mapedit as ops
from tabletop.data.maps import choose_form
from tabletop.documents import HexesChanged, HexsidesChanged, MapDocument
from tabletop.hexgrid import HexSide
from tabletop.model import Background, Grid, HexCell, HexMap
from tests.helpers.datafiles import Write

CHART = data.load_chart("standard")
NAMES = sorted(CHART.names())
FEATURES = sorted(CHART.hexsides)
SETTINGS = settings(max_examples=30, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip


def new_map(columns: int, rows: int) -> HexMap:
    return HexMap("Edited", CHART, Grid(columns, rows), "clear", chart_ref="standard")


def random_command(draw, hexmap: HexMap) -> EditMap | SetBackground | None:
    """One editor command on ``hexmap``, computed as the tools compute them."""
    hexes = list(hexmap.all_hexes())
    kind = draw(st.sampled_from(["brush", "flood", "rect", "level", "lay", "entrance", "bg"]))
    h = draw(st.sampled_from(hexes))
    name = draw(st.sampled_from(NAMES))
    if kind == "brush":
        return EditMap(
            hexmap, kind, ops.paint(hexmap, ops.brush(hexmap, h, draw(st.integers(0, 2))), name)
        )
    if kind == "flood":
        return EditMap(hexmap, kind, ops.paint(hexmap, ops.flood(hexmap, h), name))
    if kind == "rect":
        other = draw(st.sampled_from(hexes))
        return EditMap(hexmap, kind, ops.paint(hexmap, ops.rectangle(hexmap, h, other), name))
    if kind == "level":
        mode = draw(st.sampled_from(["raise", "lower", "set"]))
        return EditMap(hexmap, kind, ops.relevel(hexmap, [h], mode, draw(st.integers(0, 9))))
    if kind == "bg":
        xy = st.floats(-500, 500, allow_nan=False)
        bg = Background("board.png", draw(st.floats(0, 1)), (draw(xy), draw(xy)),
                        (draw(st.floats(5, 90)), draw(st.floats(5, 90))))  # fmt: skip
        return SetBackground(hexmap, bg, kind)
    neighbours = hexmap.neighbors(h)
    if not neighbours:
        return None
    side = HexSide(h, draw(st.sampled_from(neighbours)))
    if kind == "entrance":
        return EditMap(hexmap, kind, ops.toggle_entrance(hexmap, side))
    feature = draw(st.sampled_from(FEATURES))
    return EditMap(hexmap, kind, sides=ops.lay(hexmap, [side], feature, erase=draw(st.booleans())))


@SETTINGS
@given(size=st.tuples(st.integers(1, 12), st.integers(1, 12)), data_=st.data())
def test_random_edits_save_and_load_equal(tmp_path: Path, size, data_) -> None:
    hexmap = new_map(*size)
    original = copy.deepcopy(hexmap)
    doc = MapDocument(hexmap)
    for _ in range(data_.draw(st.integers(1, 12))):
        command = random_command(data_.draw, hexmap)
        if command is not None:
            doc.push(command)
    path = tmp_path / "edited.yaml"
    for form in ("auto", "hexes", "rows"):
        data.save_map(hexmap, path, form=form)
        assert data.load_map(path) == hexmap, form
    while doc.undo() is not None:
        pass
    assert hexmap == original


def test_a_stroke_merges_into_one_step_that_remembers_the_first_values() -> None:
    hexmap = new_map(6, 6)
    doc = MapDocument(hexmap)
    events: list[object] = []
    doc.subscribe(events.append)
    key = doc.new_stroke()
    a, b = hexmap.parse("0202"), hexmap.parse("0203")
    doc.push(EditMap(hexmap, "Paint woods", ops.paint(hexmap, [a], "woods"), stroke=key),
             merge=True)  # fmt: skip
    doc.push(EditMap(hexmap, "Paint woods", ops.paint(hexmap, [a, b], "town"), stroke=key),
             merge=True)  # fmt: skip
    assert len(doc.history) == 1
    assert HexesChanged(frozenset({a, b})) in events  # the second move repaints both
    doc.push(EditMap(hexmap, "Paint", ops.paint(hexmap, [b], "rough"), stroke=doc.new_stroke()),
             merge=True)  # fmt: skip
    assert len(doc.history) == 2
    doc.undo()
    doc.undo()
    assert hexmap.cells[a] == hexmap.cells[b] == HexCell("clear")
    assert not doc.modified


def test_a_road_across_a_river_gets_a_bridge_and_sides_report_their_event() -> None:
    hexmap = new_map(4, 4)
    doc = MapDocument(hexmap)
    side = HexSide(hexmap.parse("0202"), hexmap.parse("0302"))
    doc.push(EditMap(hexmap, "river", sides=ops.lay(hexmap, [side], "river")))
    events: list[object] = []
    doc.subscribe(events.append)
    doc.push(EditMap(hexmap, "road", sides=ops.lay(hexmap, [side], "road")))
    assert hexmap.hexsides[side] == ("river", "road", "bridge")
    assert HexsidesChanged(frozenset({side})) in events
    assert ops.lay(hexmap, [side], "road") == {}  # already there: no change, no command
    assert ops.lay(hexmap, [side], "river", erase=True) == {side: ("road", "bridge")}
    other = HexSide(hexmap.parse("0202"), hexmap.parse("0203"))
    doc.push(EditMap(hexmap, "road", sides=ops.lay(hexmap, [other], "road")))
    assert ops.lay(hexmap, [other], "river") == {other: ("road", "river", "bridge")}


def test_levels_stay_within_zero_and_nine() -> None:
    hexmap = new_map(2, 2)
    h = hexmap.parse("0101")
    assert ops.relevel(hexmap, [h], "lower") == {}
    hexmap.cells[h] = HexCell("clear", 9)
    assert ops.relevel(hexmap, [h], "raise") == {}
    with pytest.raises(ValueError, match="raise, lower or set"):
        ops.relevel(hexmap, [h], "up")


def test_the_form_switches_to_rows_above_a_thousand_hexes() -> None:
    assert choose_form(new_map(40, 25)) == "hexes"  # 1000 hexes
    assert choose_form(new_map(41, 25)) == "rows"


BG_MAP = """\
    format: tabletop/map@1
    terrain: standard
    grid: {columns: 3, rows: 2}
    background: BG
    """


def test_background_key_loads_and_saves_relative_to_the_map(write: Write, tmp_path: Path) -> None:
    (tmp_path / "board.png").write_bytes(b"\x89PNG")
    path = write(
        "m.yaml",
        BG_MAP.replace(
            "BG", "{image: board.png, opacity: 0.7, origin: [12.5, -3], hex_size: [30, 31.5]}"
        ),
    )
    hexmap = data.load_map(path)
    assert hexmap.background == Background("board.png", 0.7, (12.5, -3.0), (30.0, 31.5))
    out = tmp_path / "sub" / "copy.yaml"
    out.parent.mkdir()
    data.save_map(hexmap, out)
    assert hexmap.background is not None and hexmap.background.image == "../board.png"
    assert data.load_map(out).background == hexmap.background


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{opacity: 0.5}", "missing"),
        ("{image: 3}", "background image must be a path"),
        ("{image: b.png, opacity: 2}", "opacity must be between 0.0 and 1.0"),
        ("{image: b.png, origin: [1]}", "background origin must be [x, y]"),
        ("{image: b.png, hex_size: -4}", "background hex_size must be a positive number"),
        ("{image: b.png, scale: 2}", "scale"),
    ],
)
def test_bad_background_keys_are_reported(write: Write, text: str, message: str) -> None:
    path = write("m.yaml", BG_MAP.replace("BG", text))
    errors, _ = data.validate_file(path)
    assert any(message in e.message for e in errors), errors


def test_a_missing_background_image_is_a_warning_only(write: Write) -> None:
    path = write("m.yaml", BG_MAP.replace("BG", "{image: gone.png}"))
    errors, warnings = data.validate_file(path)
    assert errors == []
    assert any("background image 'gone.png' not found" in w.message for w in warnings)
    assert data.load_map(path).background is not None


def test_calibration_fits_two_hex_centres() -> None:
    hexmap = new_map(12, 10)
    layout = hexmap.layout()
    bg = Background("b.png", 0.5, (0.0, 0.0), (40.0, 40.0))
    a, b = hexmap.parse("0202"), hexmap.parse("1009")
    fitted = ops.calibrate(hexmap, bg, layout, [((100.0, 120.0), a), ((500.0, 433.0), b)])
    for pixel, h in (((100.0, 120.0), a), ((500.0, 433.0), b)):
        x, y = ops.image_to_scene(hexmap, fitted, layout, pixel)
        assert (x, y) == pytest.approx(layout.hex_to_pixel(h))
    with pytest.raises(ValueError, match="further apart"):
        ops.calibrate(hexmap, bg, layout, [((0.0, 0.0), a), ((1.0, 1.0), a)])
