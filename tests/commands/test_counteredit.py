"""Renaming a unit type in the units that hold it (``retype_units``): a scenario's start
units, reinforcements and air strikes, its type table re-keyed in order, a game's state
and the units an undo step keeps; ``type_users`` says where a type is in use."""

from __future__ import annotations

import dataclasses

from tabletop.commands import Command, History
from tabletop.commands.counteredit import RenameType, retype_units, type_users
from tabletop.hexgrid import Hex
from tabletop.model import (
    AirStrike,
    FigureSpec,
    Grid,
    HexMap,
    Reinforcement,
    Scenario,
    SideDef,
    SquadUnitType,
    TerrainChart,
    TerrainType,
    UnitState,
)


def scenario() -> Scenario:
    chart = TerrainChart("c", {"clear": TerrainType("clear", ".")}, {})
    types = {
        "TANK": SquadUnitType("TANK", "Tank", (FigureSpec("medium_tank"),)),
        "PLANE": SquadUnitType("PLANE", "Plane", (FigureSpec("fighter"),)),
        "INF": SquadUnitType("INF", "Rifles", (FigureSpec("soldier", 8),)),
    }
    units = [UnitState("t-1", "TANK", "a", Hex(0, 0)), UnitState("i-1", "INF", "a", Hex(1, 0))]
    return Scenario(
        "s", "squad", HexMap("m", chart, Grid(4, 4)), types,
        {"a": SideDef("a", "A"), "b": SideDef("b", "B")}, units,
        reinforcements=[Reinforcement(2, UnitState("t-2", "TANK", "a", Hex(0, 1)))],
        air_strikes=[AirStrike(3, "b", "PLANE", Hex(2, 2)), AirStrike(4, "b", "TANK", Hex(1, 1))],
    )  # fmt: skip


def test_a_rename_reaches_every_unit_and_keeps_the_table_order() -> None:
    sc = scenario()
    game = sc.new_game()
    snapshot = game.units["t-1"].copy()  # what an undo step might keep
    history = History()
    history.push(_Holding([snapshot]))
    new = dataclasses.replace(sc.unit_types["TANK"], id="PANZER")
    changed = retype_units([game, history], "TANK", new)
    assert sorted(changed) == ["t-1", "t-2"]
    assert list(sc.unit_types) == ["PANZER", "PLANE", "INF"]
    assert sc.unit_types["PANZER"] is new
    assert game.units["t-1"].type_id == "PANZER" and snapshot.type_id == "PANZER"
    assert sc.reinforcements[0].unit.type_id == "PANZER"
    assert [a.aircraft for a in sc.air_strikes] == ["PLANE", "PANZER"]
    assert sc.units[1].type_id == "INF"


def test_rename_type_undoes_in_the_holders() -> None:
    sc = scenario()
    types = list(sc.unit_types.values())
    new = dataclasses.replace(types[0], id="PANZER")
    command = RenameType(types, [new, *types[1:]], "Rename", "TANK", "PANZER", [sc])
    command.redo()
    assert sc.units[0].type_id == "PANZER" and types[0].id == "PANZER"
    command.undo()
    assert sc.units[0].type_id == "TANK" and next(iter(sc.unit_types)) == "TANK"
    assert sc.unit_types["TANK"].id == "TANK"


def test_type_users_counts_units_and_air_strikes() -> None:
    sc = scenario()
    assert type_users([("the scenario 's'", sc)], "TANK") == ["3 units of the scenario 's'"]
    assert type_users([("the game 'g'", sc.new_game())], "INF") == ["1 unit of the game 'g'"]
    assert type_users([("x", sc)], "NOPE") == []


class _Holding(Command):
    """An undo step that keeps copies of units (as a game action's memento does)."""

    def __init__(self, units: list[UnitState]) -> None:
        super().__init__("hold")
        self.units = units

    def redo(self) -> None:
        pass

    def undo(self) -> None:
        pass
