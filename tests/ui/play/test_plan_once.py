"""One fire, from the window's clicks to the log entry, is decided once (issue 23): the fire
handler plans it once (``plan_fire``) and its line of sight is asked of the LOS engine once;
the action is performed from the plan ``available_actions`` made (``engine.perform`` does
not decide it again, nor does ``Fire.perform``); and the window refreshes its panels and
narrates the action once.

Counted with wrappers around the rules' own functions, on the platoon demo and the squad
demo. The odds panel's forecast is another question (what the attack may do, shown while
a target is hovered): its own ``plan_fire`` binding and its sight lines are not counted as
the action's (they are not made while the action is performed either)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from PySide6.QtCore import Qt

from tabletop import paths
from tabletop.rules import ScriptedDice
from tabletop.rules.los import Viewpoint
from tests.helpers.widgets import open_window

pytestmark = [
    pytest.mark.gui,
    pytest.mark.qt_log_ignore("does not support propagateSizeHints"),
]


def _click(qtbot, win, label: str) -> None:
    pos = win.view.viewport_point(label)
    qtbot.mouseMove(win.view.viewport(), pos)
    qtbot.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def _select(qtbot, win, unit_id: str) -> None:
    doc = win.document
    unit = doc.state.units[unit_id]
    label = doc.scenario.map.label(unit.hex)
    for _ in range(len(doc.state.units_at(unit.hex)) + 1):
        _click(qtbot, win, label)
        if win.play.controller.selected == unit_id:
            return
    raise AssertionError(f"{unit_id} could not be selected")


class Counts:
    """Calls of the fire handler's ``plan_fire`` and of the LOS engine, per (firer, target,
    rating, moving) and per line; ``refresh`` and ``narrate`` of the window. The forecast's calls
    are left out (``odds`` is True while it runs)."""

    def __init__(self) -> None:
        self.plans: Counter[tuple[object, ...]] = Counter()
        self.lines: Counter[tuple[object, object]] = Counter()
        self.refreshes = 0
        self.narrations = 0
        self.odds = False
        self.logged: tuple[Counter[tuple[object, ...]], Counter[tuple[object, object]]] = (
            Counter(), Counter())  # fmt: skip
        """The two counters as they stood when the action's log entry was appended."""

    def clear(self) -> None:
        self.plans.clear()
        self.lines.clear()
        self.refreshes = self.narrations = 0


def _count(monkeypatch: pytest.MonkeyPatch, win, fire_module: Any) -> Counts:
    counts = Counts()
    plain_plan = fire_module.plan_fire

    def plan_fire(state, firer, target, *args, **kw):
        if not counts.odds:  # (platoon: the rating asked, and Moving Fire's plan apart)
            weapon = args[0] if args and isinstance(args[0], str | None) else None
            counts.plans[firer.id, target.id, weapon, kw.get("moving", False)] += 1
        return plain_plan(state, firer, target, *args, **kw)

    monkeypatch.setattr(fire_module, "plan_fire", plan_fire)
    engine = win.document.los
    plain_check = engine.check

    def check(a: Viewpoint, b: Viewpoint, *args, **kw):
        if not counts.odds:
            counts.lines[a.hex, b.hex] += 1
        return plain_check(a, b, *args, **kw)

    monkeypatch.setattr(engine, "check", check)
    import tabletop.ui.play.playui as playui

    plain_forecast = playui.forecast

    def forecast(*args, **kw):
        counts.odds = True
        try:
            return plain_forecast(*args, **kw)
        finally:
            counts.odds = False

    monkeypatch.setattr(playui, "forecast", forecast)
    import tabletop.rules.engine as engine_module

    plain_perform = engine_module.perform

    def perform(*args, **kw):
        result = plain_perform(*args, **kw)
        counts.logged = (Counter(counts.plans), Counter(counts.lines))
        return result

    monkeypatch.setattr(engine_module, "perform", perform)
    play = win.play
    plain_refresh = play.refresh

    def refresh() -> None:
        counts.refreshes += 1
        plain_refresh()

    monkeypatch.setattr(play, "refresh", refresh)
    import tabletop.documents.logbook as logbook
    import tabletop.rules.narrate as narrate
    import tabletop.ui.play.oddschart as oddschart

    for module in (logbook, narrate, oddschart):
        plain_narrate = module.narrate

        def counted(*args, _plain=plain_narrate, **kw):
            counts.narrations += 1
            return _plain(*args, **kw)

        monkeypatch.setattr(module, "narrate", counted)
    return counts


def _fire(qtbot, win, counts: Counts, firer: str, target: str, faces: list[int]) -> None:
    """Select ``firer``, press Fire, aim at ``target``'s hex and confirm; counted from the
    selection's click on."""
    doc = win.document
    counts.clear()
    _select(qtbot, win, firer)
    qtbot.mouseClick(win.play.panel.buttons["fire"], Qt.MouseButton.LeftButton)
    label = doc.scenario.map.label(doc.state.units[target].hex)
    _click(qtbot, win, label)  # aim
    odds = win.play.odds
    pick = next(i for i, r in enumerate(odds.requests) if r.target == target
                and r.weapon in (None, "ap"))  # fmt: skip
    odds.combo.setCurrentIndex(pick)
    doc.dice = ScriptedDice(faces)
    before = len(doc.state.log)
    refreshes, narrations = counts.refreshes, counts.narrations
    _click(qtbot, win, label)  # the second click confirms
    assert len(doc.state.log) == before + 1, win.statusBar().currentMessage()
    assert doc.state.log[-1].action == "fire" and doc.state.log[-1].args["target"] == target
    counts.refreshes -= refreshes
    counts.narrations -= narrations


def test_a_platoon_fire_is_planned_once_and_its_sight_asked_once(
    qtbot, settings, monkeypatch
) -> None:
    import tabletop.rules.platoon.fire as fire

    win = open_window(qtbot, settings, paths.DEMO_SCENARIO)
    doc = win.document
    win.document.dice = ScriptedDice([2, 1])
    qtbot.mouseClick(win.play.turn_bar.widgetForAction(win.play.actions["draw"]),
                     Qt.MouseButton.LeftButton)  # fmt: skip
    assert doc.state.active_formation == "kampfgruppe"
    counts = _count(monkeypatch, win, fire)
    _fire(qtbot, win, counts, "leo2-1", "bmp-1", [1] * 20)
    assert doc.state.log[-1].args["weapon"] == "ap"
    plans, lines = counts.logged
    assert plans["leo2-1", "bmp-1", "ap", False] == 1, plans
    line = (doc.state.units["leo2-1"].hex, doc.state.units["bmp-1"].hex)
    assert lines[line] == 1, lines
    assert counts.refreshes == 1
    assert counts.narrations == 1


def test_a_squad_fire_is_planned_once_and_its_sight_asked_once(
    qtbot, settings, monkeypatch
) -> None:
    import tabletop.rules.squad.fire as fire

    win = open_window(qtbot, settings, paths.SCENARIOS / "demo-squad.yaml")
    doc = win.document
    end_phase = win.play.actions["end-phase"]
    qtbot.mouseClick(win.play.turn_bar.widgetForAction(end_phase), Qt.MouseButton.LeftButton)
    assert doc.state.phase == "shooting"
    from tabletop.rules.query import available_actions

    report = available_actions(doc.state, doc.los, units=["ger-hmg-1"])
    target = report.unit("ger-hmg-1").option("fire").targets[0]
    counts = _count(monkeypatch, win, fire)
    _fire(qtbot, win, counts, "ger-hmg-1", target, [1] * 40)
    plans, lines = counts.logged
    assert plans["ger-hmg-1", target, None, False] == 1, plans
    line = (doc.state.units["ger-hmg-1"].hex, doc.state.units[target].hex)
    assert lines[line] == 1, lines
    assert counts.refreshes == 1
    assert counts.narrations == 1
