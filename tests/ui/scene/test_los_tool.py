"""The line-of-sight tool: a drag through the view draws the engine's answer with its
reason; the field-of-view toggle greys what the selected unit cannot see."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt

from tabletop.geometry import explain_json
from tabletop.rules import Viewpoint


def centre(window, label: str) -> QPoint:
    return window.view.viewport_point(label) if hasattr(window.view, "viewport_point") else (
        window.view.mapFromScene(window.map_scene.hex_center(window.document.scenario.map.parse(label)))
    )  # fmt: skip


def drag(qtbot, window, a: str, b: str) -> None:
    vp = window.view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=centre(window, a))
    qtbot.mouseMove(vp, centre(window, b))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=centre(window, b))


def test_a_drag_shows_the_line_and_the_reason_it_is_blocked(qtbot, window) -> None:
    action = window.findChild(type(window.sight.los_action), "action-los")
    assert action is window.sight.los_action and action.shortcut().toString() == "L"
    action.trigger()
    tool = window.sight.tool
    assert window.view.tool is tool
    drag(qtbot, window, "0304", "0706")
    hexmap = window.document.scenario.map
    expected = window.document.los.check(Viewpoint(hexmap.parse("0304")),
                                         Viewpoint(hexmap.parse("0706")),
                                         window.document.state.hex_markers)  # fmt: skip
    assert tool.result == expected and not expected.clear
    assert explain_json(tool.result, hexmap)["blocked_by"][0] == "0505"
    assert tool.line.isVisible() and "0505 (town, level 1) blocks" in tool.line.caption
    assert f"range {expected.range}" in tool.line.caption
    assert tool.blockers.isVisible() and hexmap.parse("0505") in tool.blockers.hexes
    assert "0505 (town, level 1) blocks" in window.statusBar().currentMessage()
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    assert not tool.line.isVisible() and tool.result is None
    action.trigger()
    assert window.view.tool is window.play.select_tool


def test_a_clear_line_is_solid_and_a_click_elsewhere_does_not_pan(qtbot, window) -> None:
    window.sight.los_action.trigger()
    bar = window.view.horizontalScrollBar().value()
    drag(qtbot, window, "0102", "0107")
    tool = window.sight.tool
    assert tool.result is not None and tool.result.clear
    assert tool.line.split is None and "line of sight clear" in tool.line.caption
    assert window.view.horizontalScrollBar().value() == bar


def test_the_field_of_view_greys_what_the_selected_unit_cannot_see(qtbot, window) -> None:
    hexmap = window.document.scenario.map
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=centre(window, "0304"))
    window.sight.fov_action.trigger()
    fov = window.sight.fov
    seen = window.document.los.visible_from(Viewpoint(hexmap.parse("0304")))
    assert fov.isVisible() and fov.visible == seen
    assert set(fov.hexes) == set(hexmap.cells) - seen and fov.hexes
    window.sight.fov_action.trigger()
    assert not fov.isVisible()


def test_play_and_the_map_editor_use_the_one_los_tool(qtbot, window) -> None:
    """One line-of-sight UI (issue 26): the map editor's ``los`` tool is play's tool and
    drawing, asking the edited map instead of the game; the same drag, the same answer."""
    from tabletop.documents import MapDocument
    from tabletop.ui.scene.los import GameSight, LosTool, MapSight

    window.sight.los_action.trigger()
    assert type(window.sight.tool) is LosTool and isinstance(window.sight.tool.source, GameSight)
    drag(qtbot, window, "0304", "0706")
    in_play = window.sight.tool.result
    caption = window.sight.tool.line.caption
    assert in_play is not None

    hexmap = window.document.scenario.map
    window.set_document(MapDocument(hexmap))  # the same map, no units, in the map editor
    tool = window.editor.tools["los"]
    assert isinstance(tool, LosTool) and isinstance(tool.source, MapSight)
    window.editor.set_tool("los")
    drag(qtbot, window, "0304", "0706")
    assert tool.result is not None and tool.result.blocked_by == in_play.blocked_by
    assert tool.line.caption == caption
