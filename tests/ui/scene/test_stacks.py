"""Stacks on the map, with real mouse events on the platoon demo: a click on any counter of
the fanned-out stack selects that unit, the stack viewer opens on a hover with every unit of
the hex, the tooltip names them all; the outline and the Hex dock follow a moved unit; the
drawn formation's counters are ringed while its impulse lasts; a marker under counters
keeps a badge."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip

from tabletop.render import counter_colors
from tabletop.render.counters import MARK_COLOR
from tabletop.rules import ActionRequest, ScriptedDice

pytestmark = [
    pytest.mark.gui,
    pytest.mark.qt_log_ignore("does not support propagateSizeHints", "does not support raise"),
]

STACK = "1117"
"""US mechanized infantry, its Bradley and its Dragon."""


def click_at(qtbot, win, pos: QPoint) -> None:
    qtbot.mouseMove(win.view.viewport(), pos)
    qtbot.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def click_hex(qtbot, win, label: str) -> None:
    click_at(qtbot, win, win.view.viewport_point(label))


def press(qtbot, win, name: str) -> None:
    act = win.play.actions[name]
    widget = win.play.turn_bar.widgetForAction(act)
    if widget is None or not widget.isVisible():
        widget = win.play.panel.buttons[name]
    assert widget.isEnabled(), act.toolTip()
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def draw(qtbot, win, faces: list[int]) -> None:
    win.document.dice = ScriptedDice(faces)
    press(qtbot, win, "draw")


def near(a: QColor, b: QColor, tolerance: int = 16) -> bool:
    return max(abs(a.red() - b.red()), abs(a.green() - b.green()), abs(a.blue() - b.blue())) <= (
        tolerance
    )


def test_a_click_on_each_fanned_counter_selects_that_unit(qtbot, demo) -> None:
    win = demo
    scene, view, c = win.map_scene, win.view, win.play.controller
    h = scene.hexmap.parse(STACK)
    click_hex(qtbot, win, STACK)
    assert win.play.fan.hex == h
    fanned = list(reversed(scene.stack_at(h)))  # as the fan lays them out, top first
    assert len(fanned) == 3
    side = scene.counter_side
    for item in reversed(fanned):  # the last first: each one not yet selected
        assert scene.hex_at(item.pos()) != h  # the fan lies over another hex
        corner = item.pos() + QPointF(side * 0.35, side * 0.35)  # off the counter's centre
        click_at(qtbot, win, view.mapFromScene(corner))
        assert c.selected == item.unit_id
        assert scene.selected_hex == h and win.hex_dock.hex == h
        assert win.play.fan.hex == h  # still fanned out, that counter outlined
        assert scene.counter(item.unit_id).options.selected
    # the hex's own gesture is kept: a click on the hex cycles through the stack
    before = c.selected
    click_hex(qtbot, win, STACK)
    ids = [u.id for u in c.stack(h)]
    assert c.selected == ids[(ids.index(before) + 1) % len(ids)]


def test_the_stack_viewer_shows_every_unit_of_a_three_unit_hex(qtbot, demo) -> None:
    win = demo
    scene, view, viewer = win.map_scene, win.view, win.play.stack_viewer
    h = scene.hexmap.parse(STACK)
    top = scene.stack_at(h)[-1]
    view.viewport_point(STACK)  # scrolled into view first
    at = view.mapFromScene(top.pos())
    qtbot.mouseMove(view.viewport(), at)
    qtbot.mouseMove(view.viewport(), at + QPoint(3, 2))
    qtbot.waitUntil(viewer.isVisible, timeout=3000)
    units = win.document.state.units_at(h)
    assert sorted(viewer.unit_ids()) == sorted(u.id for u in units)
    assert viewer.unit_ids()[0] == top.unit_id  # top first
    assert viewer.side >= 80  # drawn large: counters are about 60 pixels on the map
    assert not viewer.geometry().contains(at)  # beside the mouse, not over the stack
    image = viewer.grab().toImage()
    for k, entry in enumerate(viewer.entries):  # each counter painted in its colour
        box = viewer.counter_box(k)
        spot = box.topLeft() + QPointF(box.width() * 0.09, box.height() * 0.45)
        colour = image.pixelColor(spot.toPoint())
        assert near(colour, counter_colors(entry.unit_type, entry.options)[0]), k
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    assert not viewer.isVisible()
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=at)


def test_the_tooltip_names_every_unit_of_the_hex(qtbot, demo) -> None:
    win = demo
    scene, view = win.map_scene, win.view
    h = scene.hexmap.parse(STACK)
    view.viewport_point(STACK)
    at = view.mapFromScene(scene.stack_at(h)[-1].pos())
    event = QHelpEvent(QEvent.Type.ToolTip, at, view.viewport().mapToGlobal(at))
    QApplication.sendEvent(view.viewport(), event)
    text = QToolTip.text()
    for unit in win.document.state.units_at(h):
        assert f"({unit.id})" in text
    assert len(text.splitlines()) == 3
    QToolTip.hideText()


def test_the_outline_and_hex_dock_follow_a_moved_unit(qtbot, demo) -> None:
    win = demo
    scene, doc = win.map_scene, win.document
    draw(qtbot, win, [2, 1])  # kampfgruppe
    click_hex(qtbot, win, "1211")
    unit = win.play.controller.selected
    assert unit is not None and scene.selected_hex == scene.hexmap.parse("1211")
    press(qtbot, win, "move")
    click_hex(qtbot, win, "1311")
    click_hex(qtbot, win, "1311")  # the second click on the path's end moves
    there = scene.hexmap.parse("1311")
    assert doc.state.units[unit].hex == there
    assert win.play.controller.selected == unit
    assert scene.selected_hex == there and win.hex_dock.hex == there
    win.findChild(type(win.play.cancel_action), "action-undo").trigger()
    back = scene.hexmap.parse("1211")
    assert doc.state.units[unit].hex == back
    assert scene.selected_hex == back and win.hex_dock.hex == back


def test_the_drawn_formations_counters_are_ringed_while_its_impulse_lasts(qtbot, demo) -> None:
    win = demo
    scene, state = win.map_scene, win.document.state
    assert not scene.marked
    draw(qtbot, win, [1, 1])  # 1st_tank
    formation = {u.id for u in state.units.values() if u.formation == "1st_tank" and u.on_map}
    assert formation and scene.marked == formation
    for uid, item in scene.counters.items():
        assert item.options.marked == (uid in formation)
    item = scene.counter(sorted(formation)[0])
    image = item.pixmap().toImage()
    ring = item.pixmap().devicePixelRatio()
    corner = -item.offset() - QPointF(scene.faces.side / 2, 0)  # the counter's left edge
    spot = (corner + QPointF(scene.faces.side * 0.045, 0)) * ring
    assert near(image.pixelColor(spot.toPoint()), QColor(MARK_COLOR), 40)
    press(qtbot, win, "end-impulse")
    assert not scene.marked and not any(i.options.marked for i in scene.counters.values())
    win.findChild(type(win.play.cancel_action), "action-undo").trigger()
    assert scene.marked == formation


def test_an_action_looks_again_only_at_the_ringed_units_it_changed(
    qtbot, demo, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ringing the drawn formation looked at every member again after every action (on
    the big game, about 1,400 units an action); now only at the units synced since."""
    from tabletop.model import UnitState

    win = demo
    scene, doc = win.map_scene, win.document
    draw(qtbot, win, [1, 1])  # 1st_tank
    formation = set(scene.marked)
    assert len(formation) > 2
    mover = next(
        plan
        for u in sorted(formation)
        for n in doc.state.units[u].hex.neighbors()
        if n in doc.scenario.map.cells
        and (plan := win.play.controller.plan(
            ActionRequest("move", units=(u,), to=(doc.scenario.map.label(n),))
        )).legal
    )  # fmt: skip
    looked: list[str] = []
    on_map = UnitState.on_map
    marking = [False]

    def counted(unit: UnitState) -> bool:
        if marking[0]:
            looked.append(unit.id)
        return bool(on_map.fget(unit))

    monkeypatch.setattr(UnitState, "on_map", property(counted))
    mark = scene.mark_formation

    def mark_counted(side, formation_name) -> None:
        marking[0] = True
        try:
            mark(side, formation_name)
        finally:
            marking[0] = False

    monkeypatch.setattr(scene, "mark_formation", mark_counted)
    win.play.controller.perform(mover)
    assert looked and len(looked) <= 2, looked
    assert scene.marked == formation


def test_a_marker_under_counters_keeps_a_badge(qtbot, demo) -> None:
    win = demo
    scene, view, state = win.map_scene, win.view, win.document.state
    wreck = scene.hexmap.parse("1810")
    ((offset, r),) = scene.map_painter.badge_spots(1)
    badge = scene.hex_center(wreck) + offset
    disc = badge + QPointF(0, r * 0.72)  # on the disc, below its letter
    view.viewport_point("1810")

    def seen() -> QColor:
        return view.viewport().grab().toImage().pixelColor(view.mapFromScene(disc))

    empty = seen()  # no counter: the icon shows, no badge
    for uid in ("pzgren-2", "pzgren-2-sw"):  # a platoon and its support weapon
        state.units[uid].hex = wreck
    scene.sync_units(["pzgren-2", "pzgren-2-sw"])
    assert scene.stack_at(wreck)
    assert near(seen(), QColor("#3a3a3a"), 30) and not near(empty, QColor("#3a3a3a"), 30)
    polygon = scene.map_painter.shape(wreck).polygon
    for dx, dy in ((-r, 0), (r, 0), (0, -r), (0, r)):
        assert polygon.containsPoint(badge + QPointF(dx, dy), Qt.FillRule.OddEvenFill)
