"""The scenario document and its commands: place, move, change, delete, markers and
minefields; the events a map scene redraws from; undo and merge."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.commands import EditScenario
from tabletop.commands.scenarioedit import (
    changed,
    deleted,
    moved_to,
    placed,
    unit_id_for,
    with_marker,
    without_markers,
)
from tabletop.data import load_scenario
from tabletop.documents import MarkersChanged, ScenarioDocument, UnitsChanged

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def path() -> Path:
    return ROOT / "scenarios" / "demo-platoon.yaml"


@pytest.fixture
def doc(path: Path) -> ScenarioDocument:
    return ScenarioDocument(load_scenario(path))


def test_place_move_change_delete_with_events_and_undo(doc: ScenarioDocument) -> None:
    sc = doc.scenario
    events: list[object] = []
    doc.subscribe(events.append)
    h, h2 = sc.map.parse("0505"), sc.map.parse("0506")
    start = list(sc.units)
    assert unit_id_for(sc, "ABRAMS") == "abrams-3"
    units, unit = placed(sc, "ABRAMS", "nato", h, "us_task_force")
    doc.push(EditScenario(sc, "Place", units=units))
    assert doc.unit("abrams-3") is unit and doc.modified
    assert UnitsChanged(frozenset({"abrams-3"})) in events
    doc.push(EditScenario(sc, "Move", units=moved_to(sc, "abrams-3", h2)))
    assert doc.unit("abrams-3").hex == h2 and unit.hex == h  # a new value, never in place
    doc.push(EditScenario(sc, "Step", units=changed(sc, "abrams-3", step="reduced")))
    with pytest.raises(ValueError, match="already has the id abrams-1"):
        changed(sc, "abrams-3", id="abrams-1")
    doc.push(EditScenario(sc, "Delete", units=deleted(sc, "us-inf-1")))
    assert doc.unit("us-inf-1") is None and doc.unit("us-inf-1-sw") is None  # its SW too
    for _ in range(4):
        doc.undo()
    assert sc.units == start and not doc.modified


def test_markers_and_a_hidden_minefield(doc: ScenarioDocument) -> None:
    sc = doc.scenario
    events: list[object] = []
    doc.subscribe(events.append)
    h = sc.map.parse("0303")
    before = list(sc.hex_markers)
    with pytest.raises(ValueError, match="needs its owner"):
        with_marker(sc, h, "minefield_ap")
    doc.push(EditScenario(sc, "Mines", markers=with_marker(sc, h, "minefield_ap", "pact", False)))
    assert MarkersChanged(frozenset({h})) in events
    game = doc.display()
    assert not [m for m in game.visible_markers("nato") if m.hex == h]
    assert [m for m in game.visible_markers("pact") if m.hex == h]
    doc.push(EditScenario(sc, "Smoke", markers=with_marker(sc, h, "smoke", "pact", False)))
    smoke = next(m for m in sc.hex_markers if m.kind == "smoke")
    assert smoke.side is None and smoke.revealed  # only minefields have owners
    doc.push(EditScenario(sc, "Clear", markers=without_markers(sc, h)))
    assert sc.hex_markers == before
    doc.undo()
    doc.undo()
    doc.undo()
    assert sc.hex_markers == before


def test_merged_edits_are_one_undo_step(doc: ScenarioDocument) -> None:
    sc = doc.scenario
    start = list(sc.units)
    for step in ("reduced", "full", "reduced"):
        units = changed(sc, "t72-1", step=step)
        doc.push(EditScenario(sc, "Step", units=units, merge_key="t72-1:step"), merge=True)
    assert doc.unit("t72-1").step == "reduced"
    doc.undo()
    assert sc.units == start and not doc.history.can_undo
