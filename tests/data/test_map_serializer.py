"""The map serializer: the rows form of every orientation and numbering loads back to the
same map (levels above 9 and bunker entrances carried in ``hexes:``, in the map's order),
and its step-by-step form makes exactly the text of the whole."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop import data
from tabletop.data import machine, maps, yamlsafe
from tabletop.hexgrid import HexSide
from tabletop.model import Grid, HexCell, HexMap

CHART = data.load_chart("standard")
PLAIN = sorted(n for n, t in CHART.terrain.items() if n != "bunker")
FEATURES = sorted(CHART.hexsides)


def big_map(grid: Grid, seed: int) -> HexMap:
    """Random terrain, levels 0..12, a bunker with an entrance, many hexside features."""
    rng = random.Random(seed)
    hexmap = HexMap("Serialized", CHART, grid, "clear", chart_ref="standard")
    for h in hexmap.cells:
        level = rng.choice([0, 0, 0, 1, 2, 3, 12])
        hexmap.cells[h] = HexCell(rng.choice(PLAIN), level)
    hexes = list(hexmap.cells)
    for h in rng.sample(hexes, 600):
        n = rng.choice([x for x in hexmap.neighbors(h) if x in hexmap.cells])
        side = HexSide(h, n)
        hexmap.hexsides[side] = tuple(
            sorted({*hexmap.hexsides.get(side, ()), rng.choice(FEATURES)})
        )
    bunker = hexes[len(hexes) // 2]
    entrance = HexSide(bunker, next(x for x in hexmap.neighbors(bunker) if x in hexmap.cells))
    hexmap.cells[bunker] = HexCell("bunker", 0, (entrance,))
    return hexmap


GRIDS = st.builds(
    Grid,
    columns=st.integers(30, 45),
    rows=st.integers(30, 40),
    orientation=st.sampled_from(["flat", "pointy"]),
    stagger=st.sampled_from(["odd", "even"]),
    first=st.integers(0, 1),
    letters=st.booleans(),
)


@settings(max_examples=8, deadline=None)
@given(GRIDS, st.integers(0, 1000))
def test_the_rows_form_loads_back_to_the_same_map(tmp_path_factory: Any, grid: Grid,
                                                  seed: int) -> None:  # fmt: skip
    hexmap = big_map(grid, seed)
    doc = maps.map_to_dict(hexmap, "rows")
    assert len(doc["rows"]) == grid.rows and len(doc["rows"][0]) == grid.columns
    labels = list(doc["hexes"])
    order = [hexmap.label(h) for h in hexmap.all_hexes()]
    assert labels == [lb for lb in order if lb in set(labels)]  # the map's own order
    path = tmp_path_factory.mktemp("m") / "m.yaml"
    path.write_text(yamlsafe.dump_text(doc), encoding="utf-8")
    again = data.load_map(path)
    assert again.cells == hexmap.cells and again.hexsides == hexmap.hexsides


def test_the_pieces_make_the_text_of_the_whole(monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:  # fmt: skip
    monkeypatch.setattr(machine, "CHUNK", 10)  # many pieces of the hexsides list
    hexmap = big_map(Grid(40, 30), 7)
    target = tmp_path / "recovery" / "autosave.yaml"
    pieces = list(data.map_json_pieces(hexmap, target))
    assert len([p for p in pieces if p]) > 20
    doc = data.map_file_dict(hexmap, target)[0]
    assert "".join(pieces) == machine.dumps(doc)
    assert json.loads("".join(pieces)) == doc
