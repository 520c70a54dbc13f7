"""Real clicks on a play window for the GUI tests (pytest-qt's ``qtbot``): a hex, a turn-bar
action, a unit picked by clicking its hex until the click has cycled to it, a unit moved
through the actions panel, an item picked in a combo box's popup."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QComboBox


def click_hex(qtbot, win, label: str, button=Qt.MouseButton.LeftButton) -> None:
    pos = win.view.viewport_point(label)
    qtbot.mouseMove(win.view.viewport(), pos)
    qtbot.mouseClick(win.view.viewport(), button, pos=pos)


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


def move(qtbot, win, unit: str, to: str) -> None:
    doc = win.document
    here = doc.scenario.map.label(doc.state.units[unit].hex)
    click_hex(qtbot, win, here)
    assert win.play.controller.selected == unit
    qtbot.mouseClick(win.play.panel.buttons["move"], Qt.MouseButton.LeftButton)
    click_hex(qtbot, win, to)
    click_hex(qtbot, win, to)  # a second click on the path's end moves


def pick(qtbot, combo: QComboBox, value: str) -> None:
    """Choose ``value`` in the combo box as a player does: open it, click the item."""
    combo.showPopup()
    view = combo.view()
    index = combo.model().index(combo.findData(value), 0)
    rect = view.visualRect(index)
    at = QPoint(min(rect.left() + 8, view.viewport().width() - 2), rect.center().y())
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    assert combo.currentData() == value
