"""GameDocument: do -> assert -> undo -> assert -> redo -> assert, with the events it sends."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.commands import ChangeValue, Command
from tabletop.documents import (
    GameDocument,
    HistoryChanged,
    MarkersChanged,
    ModifiedChanged,
    PathChanged,
    TurnChanged,
    UnitsChanged,
)
from tabletop.hexgrid import Hex
from tabletop.model import (
    Grid,
    HexMap,
    HexMarker,
    Kind,
    PlatoonSide,
    PlatoonUnitType,
    Scenario,
    SideDef,
    Status,
    TargetClass,
    TerrainChart,
    TerrainType,
    UnitState,
)
from tabletop.rules import LosResult, Viewpoint


def _scenario() -> Scenario:
    chart = TerrainChart("t", {"clear": TerrainType("clear", ".")})
    hexmap = HexMap("m", chart, Grid(4, 4))
    tank = PlatoonUnitType("T", "Tank", Kind.TANK, TargetClass.ARMORED, {"full": PlatoonSide()})
    return Scenario(
        name="Tiny",
        ruleset="platoon",
        map=hexmap,
        unit_types={"T": tank},
        sides={"a": SideDef("a", "A", {"f": 1}), "b": SideDef("b", "B", {"g": 1})},
        units=[UnitState("a1", "T", "a", Hex(0, 0), "f"), UnitState("b1", "T", "b", Hex(2, 0))],
    )


class MoveUnit(Command):
    def __init__(self, doc: GameDocument, unit_id: str, to: Hex) -> None:
        super().__init__(f"move {unit_id}")
        self.unit = doc.state.unit(unit_id)
        self.to = to
        self.came_from = self.unit.hex

    def redo(self) -> None:
        self.unit.hex = self.to

    def undo(self) -> None:
        self.unit.hex = self.came_from


@pytest.fixture
def doc() -> GameDocument:
    return GameDocument.from_scenario(_scenario(), "tiny.yaml")


@pytest.fixture
def events(doc: GameDocument) -> list[object]:
    seen: list[object] = []
    doc.subscribe(seen.append)
    return seen


def test_new_document(doc: GameDocument) -> None:
    assert doc.title == "Tiny"
    assert doc.path == Path("tiny.yaml")
    assert not doc.modified
    assert [u.id for u in doc.units_on_map()] == ["a1", "b1"]


def test_change_value_do_undo_redo(doc: GameDocument, events: list[object]) -> None:
    unit = doc.state.unit("a1")

    def set_status(value: Status) -> None:
        unit.status = value

    doc.push(ChangeValue("disrupt a1", lambda: unit.status, set_status, Status.DISRUPTED))
    assert unit.status is Status.DISRUPTED
    assert doc.modified
    assert events == [
        UnitsChanged(frozenset({"a1"})),
        HistoryChanged(True, False, "disrupt a1", "", "push"),
        ModifiedChanged(True),
    ]
    events.clear()

    doc.undo()
    assert unit.status is Status.GOOD_ORDER
    assert not doc.modified
    assert events == [
        UnitsChanged(frozenset({"a1"})),
        HistoryChanged(False, True, "", "disrupt a1", "undo"),
        ModifiedChanged(False),
    ]
    events.clear()

    doc.redo()
    assert unit.status is Status.DISRUPTED
    assert events[0] == UnitsChanged(frozenset({"a1"}))
    assert doc.modified


def test_move_command_reports_only_the_moved_unit(doc: GameDocument, events: list[object]) -> None:
    doc.push(MoveUnit(doc, "b1", Hex(1, 1)))
    assert doc.state.unit("b1").hex == Hex(1, 1)
    assert events[0] == UnitsChanged(frozenset({"b1"}))
    doc.undo()
    assert doc.state.unit("b1").hex == Hex(2, 0)
    doc.redo()
    assert doc.state.unit("b1").hex == Hex(1, 1)


def test_markers_and_turn_events(doc: GameDocument, events: list[object]) -> None:
    state = doc.state

    class Smoke(Command):
        def redo(self) -> None:
            state.hex_markers.append(HexMarker(Hex(1, 0), "smoke"))
            state.phase = "movement"

        def undo(self) -> None:
            state.hex_markers.pop()
            state.phase = "draw"

    doc.push(Smoke("smoke"))
    assert MarkersChanged(frozenset({Hex(1, 0)})) in events
    assert TurnChanged(1, "movement", None, None) in events
    events.clear()
    doc.undo()
    assert state.hex_markers == []
    assert MarkersChanged(frozenset({Hex(1, 0)})) in events
    assert TurnChanged(1, "draw", None, None) in events


def test_undo_with_empty_history_sends_nothing(doc: GameDocument, events: list[object]) -> None:
    assert doc.undo() is None
    assert doc.redo() is None
    assert events == []


def test_mark_saved_and_unsubscribe(doc: GameDocument, events: list[object]) -> None:
    doc.push(MoveUnit(doc, "a1", Hex(1, 0)))
    events.clear()
    doc.mark_saved("saved.yaml")
    assert events == [PathChanged(Path("saved.yaml")), ModifiedChanged(False)]
    assert not doc.modified
    seen: list[object] = []
    unsubscribe = doc.subscribe(seen.append)
    unsubscribe()
    doc.undo()
    assert seen == []
    assert doc.modified


def test_the_line_of_sight_engine_is_built_once_on_first_use(doc: GameDocument) -> None:
    assert not doc.has_los
    with pytest.raises(RuntimeError, match="no line-of-sight engine"):
        _ = doc.los
    built: list[object] = []
    doc.use_los(lambda: built.append(object()) or built[-1])
    assert doc.has_los and not built
    stand_in = doc.los  # asking for the engine builds nothing until a sight line is asked
    assert not built
    doc.use_los(lambda: FakeEngine(built))
    stand_in = doc.los
    a, b = Viewpoint(Hex(0, 0)), Viewpoint(Hex(1, 0))
    assert stand_in.check(a, b).clear and len(built) == 1
    first = doc.los
    assert first is built[0] and doc.los is first  # built once, then the engine itself
    assert stand_in.visible_from(a) == frozenset({Hex(1, 0)}) and len(built) == 1


class FakeEngine:
    def __init__(self, built: list[object]) -> None:
        built.append(self)

    def check(self, a: Viewpoint, b: Viewpoint, markers: object = ()) -> LosResult:
        return LosResult(a.hex, b.hex, 1, True)

    def visible_from(self, a: Viewpoint, markers: object = ()) -> frozenset[Hex]:
        return frozenset({Hex(1, 0)})
