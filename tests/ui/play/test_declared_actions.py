"""The window's actions are read from the rulesets' declarations (``rules.declare``): each
declared label and shortcut is the Play menu's item, the panel's button asks what the
declaration says it asks for, and a squad game's tips are the squad ruleset's."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QMenu

from tabletop import paths
from tabletop.rules import ACTIONS
from tabletop.rules.engine import ruleset_for

pytestmark = [pytest.mark.gui, pytest.mark.qt_log_ignore("does not support propagateSizeHints")]


def _open(qtbot, settings, path):
    from tabletop.ui.app import create_window

    window = create_window(path, settings)
    assert window is not None
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def _play_menu(window) -> QMenu:
    for top in window.menuBar().actions():
        if top.text().replace("&", "") == "Play" and isinstance(top.menu(), QMenu):
            menu = top.menu()
            menu.aboutToShow.emit()
            return menu
    raise AssertionError("no Play menu")


@pytest.mark.parametrize("scenario", ["demo-platoon.yaml", "demo-squad.yaml"])
def test_each_declared_label_is_an_item_of_the_play_menu(qtbot, settings, scenario) -> None:
    window = _open(qtbot, settings, paths.SCENARIOS / scenario)
    ruleset = ruleset_for(window.document.scenario.ruleset)
    shown = {a.objectName(): a for a in _play_menu(window).actions() if a.isVisible()}
    for spec in ruleset.declared:
        item = shown.get(f"action-{spec.name}")
        assert item is not None, spec.name
        label = item.text()
        if spec.name == "close-combat":  # (it names the hex fought over, when there is one)
            label = label.split(" in ")[0]
        assert label == spec.label
        assert item.shortcut() == QKeySequence(spec.shortcut), spec.name
        assert item.statusTip() == spec.tip
    declared = {spec.name for spec in ruleset.declared}
    others = {a for a in ACTIONS if f"action-{a}" in shown and a not in declared}
    assert not others, others  # no action of another ruleset is shown


def test_the_window_takes_the_open_games_declarations(qtbot, settings) -> None:
    """One QAction serves both rulesets' ``end-turn``: its tip is the open game's."""
    window = _open(qtbot, settings, paths.SCENARIOS / "demo-squad.yaml")
    end_turn = window.play.actions["end-turn"]
    squad = next(s for s in ruleset_for("squad").declared if s.name == "end-turn")
    platoon = next(s for s in ruleset_for("platoon").declared if s.name == "end-turn")
    assert squad.tip != platoon.tip and end_turn.statusTip() == squad.tip
    assert window.play.specs["run"].asks == "path"
    window.open_demo()
    assert end_turn.statusTip() == platoon.tip
    assert end_turn.text() == platoon.label


def test_an_action_a_registered_ruleset_declares_has_its_qaction(qtbot, monkeypatch) -> None:
    """A name outside the bundled list, declared by a registered ruleset, gets its
    ``action-NAME`` QAction with its declared label and shortcut."""
    import sys
    import types

    from PySide6.QtWidgets import QWidget

    from tabletop.rules import rulesets
    from tabletop.rules.declare import ActionSpec
    from tabletop.rules.registry import HandlerRuleset
    from tabletop.ui.play.panels import make_actions

    move = ruleset_for("platoon").handlers["move"]
    module = types.ModuleType("dancing_ruleset")
    module.RULESET = HandlerRuleset(
        [ActionSpec("dance", move, "Dance", "Ctrl+Shift+D", "path", "Dance to a hex")],
        options=None, scoring=None,
    )  # fmt: skip
    monkeypatch.setitem(sys.modules, "dancing_ruleset", module)
    rulesets.register("dancing", "dancing_ruleset")
    try:
        parent = QWidget()
        qtbot.addWidget(parent)
        actions = make_actions(parent, lambda name: None)
    finally:
        rulesets.unregister("dancing")
    dance = actions["dance"]
    assert dance.objectName() == "action-dance" and dance.text() == "Dance"
    assert dance.shortcut() == QKeySequence("Ctrl+Shift+D")
    assert dance.statusTip() == "Dance to a hex"
    assert list(actions)[: len(ACTIONS)] == list(ACTIONS)


def _click(qtbot, window, label: str) -> None:
    pos = window.view.viewport_point(label)
    qtbot.mouseMove(window.view.viewport(), pos)
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def _press(qtbot, window, name: str) -> None:
    button = window.play.panel.buttons[name]
    assert button.isEnabled(), window.play.actions[name].toolTip()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_a_path_is_built_as_its_declaration_says(qtbot, settings) -> None:
    """An assault's path may end in the enemy's hex (``enters_enemy``), a move's may not;
    moving fire asks for a path, then aims from its end (``path+target``)."""
    from tabletop.rules import ScriptedDice

    window = _open(qtbot, settings, paths.DEMO_SCENARIO)
    window.resize(1300, 850)
    doc, play = window.document, window.play
    doc.dice = ScriptedDice([2, 1])  # the cup's 7th chit in sorted order: kampfgruppe
    draw = play.turn_bar.widgetForAction(play.actions["draw"])
    qtbot.mouseClick(draw, Qt.MouseButton.LeftButton)
    assert doc.state.active_formation == "kampfgruppe"
    enemy = doc.scenario.map.parse("2006")
    assert any(u.side == "pact" for u in doc.state.units_at(enemy))

    _click(qtbot, window, "1406")
    assert play.controller.selected == "luchs-1"
    _press(qtbot, window, "move")
    _click(qtbot, window, "2006")
    assert play.path_tool is not None and enemy not in play.path_tool.path
    play.cancel_action.trigger()
    _press(qtbot, window, "assault")
    _click(qtbot, window, "2006")
    assert play.path_tool is not None and play.path_tool.path[-1] == enemy
    play.cancel_action.trigger()

    _click(qtbot, window, "1309")
    assert play.controller.selected == "leo1-1"
    _press(qtbot, window, "moving-fire")
    _click(qtbot, window, "1211")  # by 1209 and 1210, as `tabletop actions` offers it
    assert [doc.scenario.map.label(h) for h in play.path_tool.path] == ["1209", "1210", "1211"]
    _click(qtbot, window, "1211")  # the path's end again: the path is done, now aim
    assert play.aim is not None and window.view.tool is play.aim
    assert play.pending_action == "moving-fire"
    assert doc.scenario.map.parse("2119") in play.aim.targets  # bmp-1, from 1211
