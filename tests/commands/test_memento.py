"""A play action's memento holds only what the action touched: a move on a game of
thousands of units copies and compares a handful (counted). (The random games of both
rulesets, ``tests/rules/test_fuzz_*.py``, check at every action that the memento holds
every unit that changed, against a full copy, and undo and redo some.)"""

from __future__ import annotations

from pathlib import Path

from tabletop.commands import PlayAction
from tabletop.data import load_scenario
from tabletop.documents import GameDocument, UnitsChanged, changes
from tabletop.geometry import LosEngine
from tabletop.model import UnitState
from tabletop.rules import ActionRequest, RandomDice, engine

ROOT = Path(__file__).resolve().parents[2]


def _big_game() -> GameDocument:
    """The platoon demo with 3,000 more units (off the map, waiting)."""
    scenario = load_scenario(ROOT / "scenarios" / "demo-platoon.yaml")
    doc = GameDocument.from_scenario(scenario)
    model = next(iter(doc.state.units.values()))
    for i in range(3000):
        extra = model.copy()
        extra.id, extra.hex, extra.sw, extra.carrier = f"extra{i}", None, None, None
        doc.state.units[extra.id] = extra
    doc.reindex()
    return doc


def test_a_move_on_a_big_game_copies_and_compares_a_bounded_number_of_units(monkeypatch) -> None:
    doc = _big_game()
    los = LosEngine(doc.scenario.map)
    doc.push(PlayAction(doc.state, ActionRequest("draw"), los, RandomDice(3)))
    ruleset = engine.ruleset_for("platoon")
    unit = next(u for u in doc.units_on_map() if u.formation == doc.state.active_formation)
    assert unit.hex is not None
    for n in unit.hex.neighbors():
        request = ActionRequest("move", units=(unit.id,), to=(doc.scenario.map.label(n),))
        if n in doc.scenario.map.cells and not ruleset.check(doc.state, request, los):
            break
    copies, compares = [0], [0]
    real_copy, real_same = UnitState.copy, changes._same

    def copy(self: UnitState) -> UnitState:
        copies[0] += 1
        return real_copy(self)

    def same(a, b):
        compares[0] += 1
        return real_same(a, b)

    monkeypatch.setattr(UnitState, "copy", copy)
    monkeypatch.setattr(changes, "_same", same)
    seen: list[object] = []
    doc.subscribe(seen.append)
    for step in ("push", "undo", "redo"):
        copies[0] = compares[0] = 0
        seen.clear()
        if step == "push":
            doc.push(PlayAction(doc.state, request, los, RandomDice(3)))
        else:
            getattr(doc, step)()
        moved = next(e.ids for e in seen if isinstance(e, UnitsChanged))
        assert unit.id in moved, step
        # the memento's and the document's copies of the moved units, a few each
        assert 1 <= copies[0] <= 4 * len(moved) + 4, (step, copies[0])
        assert compares[0] <= 2 * len(moved) + 4, (step, compares[0])
    assert len(doc.state.units) > 3000
