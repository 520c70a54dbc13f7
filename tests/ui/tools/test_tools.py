"""The view hands mouse gestures to the active tool in hex terms."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt

from tabletop.ui.tools import Tool, ToolEvent


class Recorder(Tool):
    name = "recorder"
    cursor = Qt.CursorShape.CrossCursor

    def __init__(self, take_press: bool) -> None:
        super().__init__()
        self.take_press = take_press
        self.calls: list[tuple[str, str | None]] = []

    def _log(self, what: str, event: ToolEvent, window) -> None:
        label = window.document.scenario.map.label(event.hex) if event.hex else None
        self.calls.append((what, label))

    def activate(self) -> None:
        self.calls.append(("activate", None))

    def deactivate(self) -> None:
        self.calls.append(("deactivate", None))


def _centre(window, label: str) -> QPoint:
    scene = window.map_scene
    h = window.document.scenario.map.parse(label)
    return window.view.mapFromScene(scene.hex_center(h))


def _recorder(window, take_press: bool) -> Recorder:
    tool = Recorder(take_press)
    tool.press = lambda e: (tool._log("press", e, window), tool.take_press)[1]
    tool.move = lambda e: tool._log("move", e, window)
    tool.release = lambda e: tool._log("release", e, window)
    tool.click = lambda e: (tool._log("click", e, window), True)[1]
    return tool


def test_a_tool_that_takes_the_press_owns_the_stroke(qtbot, window) -> None:
    tool = _recorder(window, take_press=True)
    window.view.set_tool(tool)
    assert window.view.viewport().cursor().shape() == Qt.CursorShape.CrossCursor
    vp = window.view.viewport()
    bar = window.view.horizontalScrollBar().value()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=_centre(window, "0304"))
    qtbot.mouseMove(vp, _centre(window, "0404"))
    qtbot.mouseMove(vp, _centre(window, "0504"))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=_centre(window, "0504"))
    assert tool.calls == [
        ("activate", None), ("press", "0304"), ("move", "0404"), ("move", "0504"),
        ("release", "0504"),
    ]  # fmt: skip
    assert window.view.horizontalScrollBar().value() == bar  # no pan during a stroke
    window.view.set_tool(None)
    assert tool.calls[-1] == ("deactivate", None)
    assert window.view.viewport().cursor().shape() == Qt.CursorShape.OpenHandCursor


def test_a_tool_that_declines_the_press_gets_the_click(qtbot, window) -> None:
    tool = _recorder(window, take_press=False)
    window.view.set_tool(tool)
    clicked: list[object] = []
    window.view.hexClicked.connect(clicked.append)
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=_centre(window, "0902"))
    assert [c for c in tool.calls if c[0] != "activate"] == [("press", "0902"), ("click", "0902")]
    assert clicked == []  # the tool handled it
