"""Real clicks on a play window for the GUI tests (pytest-qt's ``qtbot``): a hex, a turn-bar
action, a unit picked by clicking its hex until the click has cycled to it."""

from __future__ import annotations

from PySide6.QtCore import Qt


def click_hex(qtbot, win, label: str) -> None:
    pos = win.view.viewport_point(label)
    qtbot.mouseMove(win.view.viewport(), pos)
    qtbot.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def press(qtbot, win, action) -> None:
    qtbot.wait(1)  # the turn bar lays its buttons out
    widget = win.play.turn_bar.widgetForAction(action)
    assert widget is not None and widget.isVisible() and widget.isEnabled(), action.toolTip()
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def select(qtbot, win, unit_id: str) -> bool:
    """Click the unit's hex until the click has cycled to it."""
    doc = win.document
    unit = doc.state.units[unit_id]
    if not unit.alive or unit.hex is None:
        return False
    label = doc.scenario.map.label(unit.hex)
    for _ in range(len(doc.state.units_at(unit.hex)) + 1):
        click_hex(qtbot, win, label)
        if win.play.controller.selected == unit_id:
            return True
    return False
