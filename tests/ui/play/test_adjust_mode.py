"""Adjust mode: a drag through the view moves a counter by hand, logged as a manual change
and undone by Edit > Undo; the right-click menu changes a unit or a marker."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction

from tabletop.model import Status


def centre(window, label: str) -> QPoint:
    h = window.document.scenario.map.parse(label)
    return window.view.mapFromScene(window.map_scene.hex_center(h))


def drag(qtbot, window, a: str, b: str, button=Qt.MouseButton.LeftButton) -> None:
    vp = window.view.viewport()
    qtbot.mousePress(vp, button, pos=centre(window, a))
    qtbot.mouseMove(vp, centre(window, b))
    qtbot.mouseRelease(vp, button, pos=centre(window, b))


def test_a_drag_moves_a_counter_by_hand_and_undo_puts_it_back(qtbot, window) -> None:
    action = window.findChild(QAction, "action-adjust")
    assert action is window.adjust.action
    action.trigger()
    assert window.view.tool is window.adjust.tool
    hexmap = window.document.scenario.map
    drag(qtbot, window, "0606", "0808")
    leo = window.document.state.units["leo-2"]
    assert leo.hex == hexmap.parse("0808")
    assert window.map_scene.counters["leo-2"].hex == hexmap.parse("0808")
    entry = window.document.state.log[-1]
    assert entry.action == "adjust" and entry.args == {"unit": "leo-2", "to": "0808"}
    rows = window.log_dock.list
    assert rows.count() == 1
    assert rows.item(0).text() == "manual change: Leopard 2 leo-2 moved from 0606 to 0808"
    assert rows.item(0).font().italic()
    undo = window.findChild(QAction, "action-undo") or window.undo_action
    assert undo.isEnabled()
    undo.trigger()
    assert window.document.state.units["leo-2"].hex == hexmap.parse("0606")
    assert window.map_scene.counters["leo-2"].hex == hexmap.parse("0606")
    assert rows.count() == 0 and not window.document.state.log


def test_a_nonsense_drag_is_refused_with_the_reason(qtbot, window) -> None:
    window.adjust.action.trigger()
    bar = window.view.horizontalScrollBar().value()
    drag(qtbot, window, "0505", "0707")  # an empty hex: the view pans instead
    assert not window.document.state.log
    window.view.horizontalScrollBar().setValue(bar)
    tool = window.adjust.tool
    assert not tool.apply(tool_adjustment(unit="leo-2", to="0606"))
    assert "leo-2 is already in 0606" in window.statusBar().currentMessage()


def tool_adjustment(**kw):
    from tabletop.rules.adjust import Adjustment

    return Adjustment(**kw)


@pytest.mark.qt_log_ignore("This plugin does not support")  # a popup menu, offscreen
def test_the_right_click_menu_changes_status_and_markers(qtbot, window) -> None:
    window.adjust.action.trigger()
    tool = window.adjust.tool
    drag(qtbot, window, "1005", "1005", Qt.MouseButton.RightButton)
    menu = tool.menu
    assert menu is not None and menu.isVisible()
    unit_menu = next(a.menu() for a in menu.actions() if a.text() == "T-72 t72-1")
    status = next(a.menu() for a in unit_menu.actions() if a.text() == "Status")
    next(a for a in status.actions() if a.text() == "Good Order").trigger()
    assert window.document.state.units["t72-1"].status is Status.GOOD_ORDER
    menu.close()
    hex_menu = tool.menu_for(window.document.scenario.map.parse("0907"))
    remove = next(a.menu() for a in hex_menu.actions() if a.text() == "Remove Hex Marker")
    next(a for a in remove.actions() if a.text() == "Wreck").trigger()
    assert not window.document.state.markers_at(window.document.scenario.map.parse("0907"))
    texts = [window.log_dock.list.item(i).text() for i in range(window.log_dock.list.count())]
    assert texts == ["manual change: T-72 t72-1 set to Good Order",
                     "manual change: Wreck taken out of 0907"]  # fmt: skip
    window.document.undo()
    window.document.undo()
    assert window.document.state.units["t72-1"].status is Status.DISRUPTED
    assert window.document.state.markers_at(window.document.scenario.map.parse("0907"))


def test_adjust_and_line_of_sight_take_turns(qtbot, window) -> None:
    window.adjust.action.trigger()
    window.sight.los_action.trigger()
    assert not window.adjust.action.isChecked() and window.view.tool is window.sight.tool
    window.adjust.action.trigger()
    assert not window.sight.los_action.isChecked() and window.view.tool is window.adjust.tool
    window.adjust.action.trigger()
    assert window.view.tool is window.play.select_tool


def test_a_drag_moves_the_selected_unit_of_a_stack(qtbot, window) -> None:
    window.play.controller.select("inf-1")  # under leo-1 in 0304
    window.adjust.action.trigger()
    drag(qtbot, window, "0304", "0203")
    units = window.document.state.units
    hexmap = window.document.scenario.map
    assert units["inf-1"].hex == hexmap.parse("0203") and units["leo-1"].hex == hexmap.parse("0304")
