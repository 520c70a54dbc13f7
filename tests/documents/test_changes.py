"""Change events of play actions match a full comparison, and the index by hex follows
every push, undo and redo without scanning the game."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tabletop.commands import PlayAction
from tabletop.data import load_scenario
from tabletop.documents import GameDocument, UnitsChanged
from tabletop.documents.changes import HexIndex, changed_units
from tabletop.geometry import LosEngine
from tabletop.hexgrid import Hex
from tabletop.model import GameState, UnitState
from tabletop.rules import ActionRequest, RandomDice, engine

DEMO = Path(__file__).resolve().parents[2] / "scenarios" / "demo-platoon.yaml"


class _NoScan(dict[str, UnitState]):
    """A unit table that fails the test when anything walks all of it."""

    def values(self):
        raise AssertionError("scanned every unit")

    def items(self):
        raise AssertionError("scanned every unit")

    def __iter__(self):
        raise AssertionError("scanned every unit")


def _full_diff(before: GameState, after: GameState) -> frozenset[str]:
    ids = set(before.units) | set(after.units)
    return frozenset(i for i in ids if before.units.get(i) != after.units.get(i))


def _requests(state: GameState, rng: random.Random) -> list[ActionRequest]:
    """A few candidate actions: answers to a pending question, draw, end the impulse or
    turn, moves of active units."""
    pending = state.pending
    if pending is not None:
        if pending.kind == "move_paused":
            return [ActionRequest("move", units=(pending.unit,), cont=True)]
        return [ActionRequest("pass")]
    out = [ActionRequest("draw"), ActionRequest("end-impulse"), ActionRequest("end-turn")]
    hexmap = state.scenario.map
    movers = [u for u in state.units.values() if u.on_map and u.formation == state.active_formation]
    for unit in rng.sample(movers, min(4, len(movers))):
        assert unit.hex is not None
        to = rng.choice([n for n in unit.hex.neighbors() if n in hexmap.cells])
        out.insert(0, ActionRequest("move", units=(unit.id,), to=(hexmap.label(to),)))
    return out


@pytest.fixture(scope="module")
def scenario():
    return load_scenario(DEMO)


def test_play_action_events_match_a_full_comparison(scenario) -> None:
    doc = GameDocument.from_scenario(scenario)
    los = LosEngine(scenario.map)
    ruleset = engine.ruleset_for("platoon")
    seen: list[object] = []
    doc.subscribe(seen.append)
    rng = random.Random(5)
    dice = RandomDice(11)
    moved = 0
    for _ in range(40):
        request = next(r for r in _requests(doc.state, rng) if not ruleset.check(doc.state, r, los))
        moved += request.action == "move"
        for step in ("push", "undo", "redo"):
            before = doc.state.snapshot()
            seen.clear()
            if step == "push":
                doc.push(PlayAction(doc.state, request, los, dice))
            else:
                getattr(doc, step)()
            expected = _full_diff(before, doc.state)
            got = next((e.ids for e in seen if isinstance(e, UnitsChanged)), frozenset())
            assert got == expected, f"{step} {request}"
            for h in {u.hex for u in before.units.values()} | doc.occupied_hexes():
                if h is not None:
                    assert doc.units_at(h) == doc.state.units_at(h), f"{step} {request} at {h}"
    assert moved >= 5


def test_a_move_reports_only_the_units_it_changed(scenario) -> None:
    doc = GameDocument.from_scenario(scenario)
    los = LosEngine(scenario.map)
    seen: list[object] = []
    doc.push(PlayAction(doc.state, ActionRequest("draw"), los, RandomDice(3)))
    formation = doc.state.active_formation
    unit = next(u for u in doc.units_on_map() if u.formation == formation and not u.sw_of)
    assert unit.hex is not None
    ruleset = engine.ruleset_for("platoon")
    for n in unit.hex.neighbors():
        request = ActionRequest("move", units=(unit.id,), to=(scenario.map.label(n),))
        if n in scenario.map.cells and not ruleset.check(doc.state, request, los):
            break
    doc.subscribe(seen.append)
    doc.push(PlayAction(doc.state, request, los, RandomDice(3)))
    changed = next(e.ids for e in seen if isinstance(e, UnitsChanged))
    assert unit.id in changed
    assert len(changed) <= 3  # the unit, its support weapon, its passengers
    assert [u.id for u in doc.units_at(n)].count(unit.id) == 1


def test_units_at_uses_the_index_not_a_scan(scenario) -> None:
    doc = GameDocument.from_scenario(scenario)
    h = next(iter(doc.occupied_hexes()))
    expected = doc.state.units_at(h)
    doc.state.units = _NoScan(doc.state.units)
    assert doc.units_at(h) == expected
    assert doc.units_at(Hex(-50, -50)) == []


def test_changed_units_finds_additions_removals_and_edits() -> None:
    a = UnitState("a", "T", "x", Hex(0, 0))
    b = UnitState("b", "T", "x", Hex(1, 0))
    before = {"a": a, "b": b}
    moved = UnitState("a", "T", "x", Hex(0, 1))
    assert changed_units(before, before) == frozenset()
    assert changed_units(before, {"a": a, "b": b}) == frozenset()
    assert changed_units(before, {"a": moved, "b": b}) == {"a"}
    assert changed_units(before, {"b": b}) == {"a"}
    assert changed_units(before, {"a": a, "b": b, "c": b}) == {"c"}
    assert changed_units(before, {"a": a, "c": b}) == {"b", "c"}


def test_hex_index_follows_updates() -> None:
    units = {"a": UnitState("a", "T", "x", Hex(0, 0)), "b": UnitState("b", "T", "x", Hex(0, 0))}
    index = HexIndex(units)
    assert index.ids_at(Hex(0, 0)) == {"a", "b"}
    units["a"].hex = Hex(1, 0)
    assert index.update(units, ["a"]) == {Hex(0, 0), Hex(1, 0)}
    assert index.ids_at(Hex(1, 0)) == {"a"} and index.hex_of("a") == Hex(1, 0)
    del units["b"]
    index.update(units, ["b"])
    assert index.ids_at(Hex(0, 0)) == frozenset() and index.occupied() == {Hex(1, 0)}


def test_a_new_index_files_the_units_as_updates_would() -> None:
    """The one-pass build of a document's index gives what filing each unit gives."""
    from tabletop.model import Status

    state = load_scenario(DEMO).new_game()
    units = list(state.units.values())
    units[0].status = Status.ELIMINATED  # out of play: not filed
    units[1].hex = None  # off the map: not filed
    units[2].hex = units[3].hex  # two in one hex
    built = HexIndex(state.units)
    filed = HexIndex({})
    filed.update(state.units, state.units)
    assert built._ids == filed._ids and list(built._ids) == list(filed._ids)
    assert built._where == filed._where and list(built._where) == list(filed._where)
    assert built.occupied() == filed.occupied()
