"""The window's actions are read from the rulesets' declarations (``rules.declare``): each
declared label and shortcut is the Play menu's item, the panel's button asks what the
declaration says it asks for, and a squad game's tips are the squad ruleset's."""

from __future__ import annotations

import pytest
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
    from tabletop.ui.panels import make_actions

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
