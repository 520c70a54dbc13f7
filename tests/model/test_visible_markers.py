"""Rules 1.7 in the model: an unrevealed minefield is known to its owner only."""

from __future__ import annotations

from tabletop.hexgrid import Hex
from tabletop.model import Grid, HexMap, HexMarker, Scenario, SideDef, TerrainChart, TerrainType


def _state(*markers: HexMarker):
    chart = TerrainChart("t", {"clear": TerrainType("clear", ".")})
    sides = {"a": SideDef("a", "A"), "b": SideDef("b", "B")}
    scenario = Scenario("s", "platoon", HexMap("m", chart, Grid(3, 3)), {}, sides, [])
    state = scenario.new_game()
    state.hex_markers = list(markers)
    return state


def test_hidden_minefields_are_known_to_their_owner_only() -> None:
    wreck = HexMarker(Hex(0, 0), "wreck")
    hidden = HexMarker(Hex(1, 0), "minefield_ap", side="a", revealed=False)
    revealed = HexMarker(Hex(1, 1), "minefield_at", side="b", revealed=True)
    state = _state(wreck, hidden, revealed)
    assert state.visible_markers(None) == [wreck, revealed]
    assert state.visible_markers("a") == [wreck, hidden, revealed]
    assert state.visible_markers("b") == [wreck, revealed]
