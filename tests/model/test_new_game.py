"""``Scenario.new_game(now)``: a saved game's units taken as they stand, the others copied,
the table in the order setting each of them on a new game would give."""

from __future__ import annotations

from pathlib import Path

from tabletop.data import load_scenario
from tabletop.model import UnitState

DEMO = Path(__file__).resolve().parents[2] / "scenarios" / "demo-platoon.yaml"


def test_the_units_given_replace_copies_in_place() -> None:
    sc = load_scenario(DEMO)
    first, last = sc.units[0], sc.units[-1]
    moved = first.copy()
    moved.hex = None
    extra = UnitState("newcomer", first.type_id, first.side, None, first.formation)
    now = {extra.id: extra, last.id: last.copy(), first.id: moved}
    expected = sc.new_game()
    for uid, unit in now.items():
        expected.units[uid] = unit
    game = sc.new_game(now)
    assert list(game.units) == list(expected.units)
    assert game.units == expected.units
    assert game.units[first.id] is moved and game.units["newcomer"] is extra
    for u in sc.units:  # the others are copies, never the scenario's own units
        if u.id not in now:
            assert game.units[u.id] == u and game.units[u.id] is not u
    assert game.same_as(expected)
