"""``tabletop actions`` stays proportional to the units asked about (issue 22: it was
quadratic, 1,000 units 20 s and 4,000 over a minute). Counted, never clocked: the Python
calls ``available_actions`` makes (``sys.setprofile``), on a game of 1, 2 and 3 identical
tiles of units 40 columns apart (beyond every reach and range), so that each unit's own
question is the same at both sizes and only a scan of the whole game would grow it."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from types import FrameType
from typing import Any

from tabletop.hexgrid import Hex
from tabletop.model import Grid, HexMap, HexMarker, Options, Scenario, SideDef, UnitState
from tabletop.rules.los import Viewpoint
from tabletop.rules.query import available_actions
from tests.helpers.platoon_world import CHART, TYPES, BlockedPairs, act

TILE_COLUMNS = 40
ROWS = 20
# one tile: (id, type, side, column, row), columns counted from the tile's own left edge
TILE = [
    ("bt1", "TANK", "blue", 16, 8), ("bt2", "TANK", "blue", 16, 9),
    ("bi1", "INF", "blue", 17, 10), ("bf1", "IFV", "blue", 15, 11),
    ("br1", "RECON", "blue", 17, 12),
    ("rt1", "TANK", "red", 22, 8), ("ri1", "INF", "red", 21, 10),
    ("rf1", "IFV", "red", 23, 11), ("rt2", "TANK", "red", 22, 12),
]  # fmt: skip


class NearLos(BlockedPairs):
    """Every line clear; what a viewpoint sees: the hexes within 12 (never the whole map,
    whose size would make every question grow with the game)."""

    def visible_from(self, a: Viewpoint, markers: Sequence[HexMarker] = ()) -> frozenset[Hex]:
        return frozenset(a.hex.within(12))


def _game(tiles: int) -> Any:
    grid = Grid(TILE_COLUMNS * tiles, ROWS)
    scheme = grid.scheme()
    units = [
        UnitState(f"{uid}-{t}", tid, side, scheme.from_colrow(t * TILE_COLUMNS + col, row),
                  formation="b1" if side == "blue" else "r1")
        for t in range(tiles) for uid, tid, side, col, row in TILE
    ]  # fmt: skip
    scenario = Scenario(
        name="scale", ruleset="platoon", map=HexMap("scale", CHART, grid),
        unit_types=dict(TYPES),
        sides={"blue": SideDef("blue", "Blue", {"b1": 1}), "red": SideDef("red", "Red", {"r1": 1})},
        units=units, turns=3, options=Options(),
    )  # fmt: skip
    state = scenario.new_game()
    act(state, "draw", formation="b1")
    return state


def _calls(tiles: int, asked: Sequence[str] | None = None) -> tuple[int, int]:
    """Python calls made by the question (every unit, or ``asked``) and the units answered."""
    state = _game(tiles)
    count = 0

    def counting(frame: FrameType, event: str, arg: object) -> None:
        nonlocal count
        if event == "call":
            count += 1

    sys.setprofile(counting)
    try:
        report = available_actions(state, NearLos(), units=asked)
        answered = len(report.to_json()["units"])
    finally:
        sys.setprofile(None)
    return count, answered


def test_work_per_unit_stays_the_same_as_the_game_doubles() -> None:
    small, small_units = _calls(1)
    big, big_units = _calls(2)
    assert (small_units, big_units) == (len(TILE), 2 * len(TILE))
    per_small, per_big = small / small_units, big / big_units
    # equal (the fixed cost of asking at all only shrinks per unit): a scan of every enemy
    # for each unit's fire, as before the hex index, already adds 2% at these sizes
    assert per_big <= per_small * 1.01, (per_small, per_big)


def test_asking_about_two_units_costs_the_same_in_a_game_three_times_the_size() -> None:
    asked = ["bt1-0", "bi1-0"]
    small, _ = _calls(1, asked)
    big, _ = _calls(3, asked)
    assert big <= small * 1.01, (small, big)
