"""The map editor driven with real mouse events through the view (issue: done-when list)."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication

from tabletop import data
from tabletop.commands.mapedit import image_to_scene
from tabletop.documents import MapDocument
from tabletop.hexgrid import HexSide
from tabletop.model import Background, HexCell

MAP = """\
format: tabletop/map@1
name: Editor test
terrain: standard
grid: {columns: 12, rows: 10}
default: clear
hexes:
  "1010": {terrain: bunker, entrances: ["1009/1010"]}
"""


@pytest.fixture
def map_file(tmp_path: Path) -> Path:
    path = tmp_path / "maps" / "test.yaml"
    path.parent.mkdir()
    path.write_text(MAP, encoding="utf-8")
    return path


@pytest.fixture
def editor_window(qtbot, map_file: Path, settings):
    from tabletop.ui.app import create_window

    win = create_window(map_file, settings)
    assert win is not None
    qtbot.addWidget(win)
    win.ask_before_closing = False
    win.resize(1100, 800)
    win.show()
    qtbot.waitExposed(win)
    win.view.fit_map()
    return win


def point(window, label: str) -> QPoint:
    h = window.document.map.parse(label)
    return window.view.mapFromScene(window.map_scene.hex_center(h))


def side_point(window, side: HexSide) -> QPoint:
    (x0, y0), (x1, y1) = window.map_scene.layout.side_endpoints(side)
    return window.view.mapFromScene(QPointF((x0 + x1) / 2, (y0 + y1) / 2))


def stroke(qtbot, window, points: list[QPoint], modifier=Qt.KeyboardModifier.NoModifier) -> None:
    vp = window.view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, modifier, points[0])
    for p in points[1:]:
        qtbot.mouseMove(vp, p)
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, modifier, points[-1])


def sides(window, *pairs: tuple[str, str]) -> list[HexSide]:
    p = window.document.map.parse
    return [HexSide(p(a), p(b)) for a, b in pairs]


# A river down the edges between columns 3 and 4, six hexsides in a chain.
RIVER = [("0302", "0402"), ("0303", "0402"), ("0303", "0403"), ("0304", "0403"),
         ("0304", "0404"), ("0305", "0404")]  # fmt: skip


def paint_everything(qtbot, window) -> None:
    """Five strokes: a radius-1 wood, a field filled, a river, a road across it, a hill."""
    ed = window.editor
    window.set_brush("woods")
    ed.set_radius(1)
    stroke(qtbot, window, [point(window, "0707"), point(window, "0708")])
    window.set_brush("crops")
    ed.set_tool("fill")
    stroke(qtbot, window, [point(window, "0101")])
    window.set_brush("river")
    stroke(qtbot, window, [side_point(window, s) for s in sides(window, *RIVER)])
    window.set_brush("road")
    stroke(qtbot, window, [point(window, "0203"), point(window, "0303"), point(window, "0403"),
                           point(window, "0503")])  # fmt: skip
    window.set_brush("raise")
    ed.set_radius(0)
    stroke(qtbot, window, [point(window, "1002"), point(window, "1003")])


def check_everything(hexmap) -> None:
    p = hexmap.parse
    for label in ("0707", "0708", "0606", "0806", "0607", "0807", "0709", "0808", "0608"):
        assert hexmap.cells[p(label)].terrain == "woods", label
    assert hexmap.cells[p("0101")].terrain == "crops"
    assert hexmap.cells[p("1201")].terrain == "crops"
    assert hexmap.cells[p("1010")].terrain == "bunker"  # not clear: the fill stopped there
    for a, b in RIVER:
        assert "river" in hexmap.features(HexSide(p(a), p(b))), (a, b)
    for a, b in [("0203", "0303"), ("0303", "0403"), ("0403", "0503")]:
        assert "road" in hexmap.features(HexSide(p(a), p(b))), (a, b)
    assert hexmap.features(HexSide(p("0303"), p("0403"))) == ("river", "road", "bridge")
    assert hexmap.features(HexSide(p("0203"), p("0303"))) == ("road",)
    assert hexmap.cells[p("1002")] == HexCell("crops", 1)
    assert hexmap.cells[p("1003")] == HexCell("crops", 1)
    assert hexmap.cells[p("1004")].level == 0


def test_a_map_file_opens_in_the_editor(qtbot, editor_window) -> None:
    w = editor_window
    assert isinstance(w.document, MapDocument)
    assert w.findChild(object, "terrain-palette") is w.editor.palette
    for name in ("select", "brush", "fill", "rect", "hexside", "level"):
        action = w.findChild(object, f"action-tool-{name}")
        assert action is not None and action.isCheckable()
    assert w.findChild(object, "action-tool-brush").isChecked()
    assert w.view.viewport().cursor().shape() == Qt.CursorShape.CrossCursor
    assert "Terrain brush" in w.editor.hint_label.text()
    for key, tool in (("G", "fill"), ("H", "hexside"), ("E", "level"), ("B", "brush")):
        qtbot.keyClick(w.view, key)  # the tools' shortcuts, clear of play's
        assert w.view.tool.name == tool


def test_strokes_paint_and_each_undoes_as_one_step(qtbot, editor_window, tmp_path) -> None:
    w = editor_window
    doc = w.document
    before = copy.deepcopy((doc.map.cells, doc.map.hexsides))
    paint_everything(qtbot, w)
    check_everything(doc.map)
    assert len(doc.history) == 5
    assert doc.modified and w.isWindowModified()
    after = copy.deepcopy((doc.map.cells, doc.map.hexsides))
    texts = []
    for _ in range(5):
        texts.append(doc.history.undo_text)
        w.undo_action.trigger()
    assert texts == ["Raise level", "Lay road", "Lay river", "Fill with crops", "Paint woods"]
    assert (doc.map.cells, doc.map.hexsides) == before
    assert not doc.modified
    for _ in range(5):
        w.redo_action.trigger()
    assert (doc.map.cells, doc.map.hexsides) == after
    # save, reload, find every edit
    out = tmp_path / "saved" / "edited.yaml"
    out.parent.mkdir()
    assert w.editor.save_as(out)
    assert not doc.modified and doc.path == out
    check_everything(data.load_map(out))
    assert data.load_map(out).cells == doc.map.cells


def test_shift_erases_a_hexside_feature(qtbot, editor_window) -> None:
    w = editor_window
    w.set_brush("wall")
    chain = sides(w, *RIVER[:3])
    stroke(qtbot, w, [side_point(w, s) for s in chain])
    assert all(w.document.map.features(s) == ("wall",) for s in chain)
    stroke(qtbot, w, [side_point(w, s) for s in chain[:2]], Qt.KeyboardModifier.ShiftModifier)
    assert [w.document.map.features(s) for s in chain] == [(), (), ("wall",)]
    assert w.document.history.undo_text == "Erase wall"


def test_rectangle_and_level_set(qtbot, editor_window) -> None:
    w = editor_window
    w.set_brush("rough")
    w.editor.set_tool("rect")
    stroke(qtbot, w, [point(w, "0202"), point(w, "0303"), point(w, "0404")])
    hexmap = w.document.map
    rough = {hexmap.label(h) for h, c in hexmap.cells.items() if c.terrain == "rough"}
    assert rough == {f"{c:02d}{r:02d}" for c in range(2, 5) for r in range(2, 5)}
    w.set_brush("level 3")
    stroke(qtbot, w, [point(w, "0808")])
    assert hexmap.cells[hexmap.parse("0808")].level == 3
    assert len(w.document.history) == 2


def test_a_click_in_the_palette_picks_the_brush(qtbot, editor_window) -> None:
    w = editor_window
    tree = w.editor.palette.tree
    for name, tool in (("swamp", "brush"), ("fence", "hexside"), ("lower", "level")):
        item = w.editor.palette.items[name]
        tree.scrollToItem(item)
        qtbot.wait(QApplication.doubleClickInterval() + 20)  # three clicks, not a double click
        rect = tree.visualItemRect(item)
        qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton,
                         pos=QPoint(rect.left() + 30, rect.center().y()))  # fmt: skip
        assert w.view.tool.name == tool
    assert (w.editor.brush.terrain, w.editor.brush.feature) == ("swamp", "fence")
    assert w.editor.brush.level_mode == "lower"
    with pytest.raises(ValueError, match="did you mean 'woods'"):
        w.set_brush("wods")


def test_bunker_entrances_and_the_problems_panel(qtbot, editor_window) -> None:
    w = editor_window
    hexmap = w.document.map
    bunker = hexmap.parse("1010")
    w.set_brush("entrance")
    stroke(qtbot, w, [side_point(w, sides(w, ("1009", "1010"))[0])])  # take the one away
    assert hexmap.cells[bunker].entrances == ()
    problems = w.editor.validate()
    assert [p.hex for p in problems] == [bunker]
    dock = w.editor.problems
    item = dock.list.item(0)
    rect = dock.list.visualItemRect(item)
    qtbot.mouseClick(dock.list.viewport(), Qt.MouseButton.LeftButton,
                     pos=QPoint(rect.left() + 20, rect.center().y()))  # fmt: skip
    assert w.editor.selected == bunker
    assert w.map_scene.highlight_item.isVisible()


def _board(path: Path, origin: tuple[float, float], size: float) -> None:
    """A board image with a dot at the centre of 0101 and of 1010 (flat hexes, 12 x 10)."""
    image = QImage(900, 800, QImage.Format.Format_RGB32)
    image.fill(QColor("#e8dcc0"))
    p = QPainter(image)
    p.setBrush(QColor("#aa0000"))
    for col, row in ((1, 1), (10, 10)):
        x = origin[0] + (col - 1) * 1.5 * size
        y = origin[1] + ((row - 1) + (0.5 if col % 2 == 0 else 0)) * size * 3**0.5
        p.drawEllipse(QPointF(x, y), 6, 6)
    p.end()
    assert image.save(str(path))


def test_a_calibrated_background_survives_save_and_reload(qtbot, editor_window, tmp_path) -> None:
    w = editor_window
    ed = w.editor
    board = tmp_path / "maps" / "board.png"
    origin, size = (60.0, 70.0), 30.0
    _board(board, origin, size)
    assert ed.load_background(board)
    hexmap = w.document.map
    assert hexmap.background is not None and hexmap.background.image == "board.png"
    ed.set_tool("calibrate")
    for label, col, row in (("0101", 1, 1), ("1010", 10, 10)):
        pixel = (
            origin[0] + (col - 1) * 1.5 * size,
            origin[1] + ((row - 1) + (0.5 if col % 2 == 0 else 0)) * size * 3**0.5,
        )
        bg = hexmap.background
        target = image_to_scene(hexmap, bg, w.map_scene.layout, pixel)
        stroke(qtbot, w, [point(w, label), w.view.mapFromScene(QPointF(*target))])
    bg = hexmap.background
    assert bg.origin == pytest.approx(origin, abs=2.0)
    assert bg.hex_size == pytest.approx((size, size), abs=0.5)
    w.editor.opacity_slider.setValue(80)
    assert hexmap.background.opacity == pytest.approx(0.8)
    assert len(w.document.history) == 4  # load, two calibration drags, opacity
    assert ed.save()
    loaded = data.load_map(w.document.path)
    assert loaded.background == hexmap.background
    assert isinstance(loaded.background, Background)
    assert "background:" in w.document.path.read_text(encoding="utf-8")


def test_cost_tint_and_los_in_the_editor(qtbot, editor_window) -> None:
    w = editor_window
    w.editor.set_tint("vehicle")
    tint = w.map_scene.tint_item
    hexmap = w.document.map
    assert tint.value(hexmap.parse("0505")) == 1
    w.set_brush("woods")
    stroke(qtbot, w, [point(w, "0505")])
    assert tint.value(hexmap.parse("0505")) == hexmap.chart.terrain["woods"].movement.vehicle
    w.editor.set_tool("los")
    stroke(qtbot, w, [point(w, "0305"), point(w, "0705")])
    assert "blocked" in w.editor.hint_label.text()
    assert w.editor.tools["los"].result.clear is False
    w.undo_action.trigger()  # the wood goes, the engine follows
    stroke(qtbot, w, [point(w, "0305"), point(w, "0705")])
    assert w.editor.tools["los"].result.clear is True


def test_edit_map_switches_a_game_into_the_editor_and_back(qtbot, settings, tmp_path) -> None:
    from tabletop import paths
    from tabletop.ui.app import create_window

    w = create_window(paths.DEMO_SCENARIO, settings)
    assert w is not None
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    game = w.document
    log_visible = w.log_dock.isVisible()
    w.findChild(object, "action-edit-map").trigger()
    assert isinstance(w.document, MapDocument)
    assert w.document.path == game.scenario.map.path
    assert not w.log_dock.isVisible()
    assert w.findChild(object, "action-save").isEnabled()
    w.set_brush("town")
    stroke(qtbot, w, [point(w, "0505")])
    out = tmp_path / "copy.yaml"
    assert w.save_as(out)  # the window's Save As saves the map in the editor
    assert data.load_map(out).cells[w.document.map.parse("0505")].terrain == "town"
    assert not w.isWindowModified()
    w.set_document(game)
    assert w.editor is None
    assert (
        w.findChild(object, "terrain-palette") is None
        or not w.findChild(object, "terrain-palette").isVisible()
    )
    assert w.log_dock.isVisible() == log_visible


def test_the_new_map_dialog_builds_the_grid_it_shows(qtbot, tmp_path) -> None:
    from tabletop.ui.editor.dialogs import NewMapDialog

    dialog = NewMapDialog()
    qtbot.addWidget(dialog)
    dialog.columns.setValue(7)
    dialog.rows.setValue(5)
    dialog.orientation.setCurrentText("pointy")
    dialog.first.setCurrentText("0")
    dialog.letters.setChecked(True)
    dialog.default.setCurrentText("crops")
    hexmap = dialog.build()
    assert hexmap is not None
    assert (hexmap.grid.columns, hexmap.grid.rows, hexmap.grid.orientation) == (7, 5, "pointy")
    assert len(hexmap.cells) == 35 and hexmap.default == "crops"
    assert {c.terrain for c in hexmap.cells.values()} == {"crops"}
    out = tmp_path / "new.yaml"
    data.save_map(hexmap, out)
    assert data.load_map(out) == hexmap
    dialog.chart_path.setText(str(tmp_path / "missing.yaml"))
    dialog._load_chart()
    assert dialog.build() is None and "Cannot read the chart" in dialog.problem.text()


def test_check_map_ties_a_scenarios_problem_to_its_hex(
    qtbot, settings, tmp_path, repo_root
) -> None:
    import shutil

    from tabletop.ui.app import create_window

    for folder in ("maps", "counters", "scenarios"):
        shutil.copytree(repo_root / folder, tmp_path / folder)
    w = create_window(tmp_path / "maps" / "eisenbach-gap.yaml", settings)
    assert w is not None
    qtbot.addWidget(w)
    w.ask_before_closing = False
    hexmap = w.document.map
    assert not hexmap.chart.terrain["town"].minefields
    w.set_brush("town")
    w.view.centerOn(w.map_scene.hex_center(hexmap.parse("1618")))
    stroke(qtbot, w, [point(w, "1618")])  # under demo-platoon's minefield
    assert w.document.modified  # not saved: the scenario is checked against the edit

    def mines() -> list:
        problems = w.editor.validate()
        return [p for p in problems if "demo-platoon.yaml" in p.message
                and "minefield" in p.message]  # fmt: skip

    mine = mines()
    assert mine and mine[0].hex == hexmap.parse("1618")
    assert mine[0].where.startswith(str(tmp_path / "scenarios" / "demo-platoon.yaml"))
    on_disk, _ = data.validate_file(tmp_path / "scenarios" / "demo-platoon.yaml")
    assert not [p for p in on_disk if "minefield" in p.message]  # the file has no town there
    w.undo_action.trigger()  # the town goes, and with it the problem, still unsaved
    assert mines() == []


def test_the_hex_line_says_the_hex_as_a_stroke_left_it(qtbot, editor_window) -> None:
    """Issue 21: the status bar's hex line kept the terrain from before a stroke until the
    mouse moved to another hex."""
    w = editor_window
    vp = w.view.viewport()
    qtbot.mouseMove(vp, point(w, "0505"))
    assert w.hex_label.text().startswith("0505   clear, level 0")
    w.set_brush("woods")
    w.editor.set_radius(0)
    stroke(qtbot, w, [point(w, "0505")])  # the mouse stays on the hex
    assert w.hex_label.text().startswith("0505   woods, level 0")
    w.undo_action.trigger()
    assert w.hex_label.text().startswith("0505   clear, level 0")
    w.set_brush("river")  # a hexside stroke: the hex's sides in the line
    [side] = sides(w, ("0505", "0605"))
    stroke(qtbot, w, [side_point(w, side)])
    qtbot.mouseMove(vp, point(w, "0505"))
    assert "river" in w.hex_label.text()
    w.undo_action.trigger()
    assert "river" not in w.hex_label.text()


def test_editor_los_draws_its_verdict_on_the_map(qtbot, editor_window) -> None:
    """Issue 21: the editor's line of sight told its verdict in the status bar only; now
    the map shows the line, the verdict and the reason near its end, as in play."""
    from tabletop.ui.scene.los import BLOCKED, CLEAR

    w = editor_window
    w.set_brush("woods")
    w.editor.set_radius(0)
    stroke(qtbot, w, [point(w, "0505")])
    w.editor.set_tool("los")
    tool = w.editor.tools["los"]
    stroke(qtbot, w, [point(w, "0305"), point(w, "0405"), point(w, "0705")])
    line = tool.drawing.line
    assert line.isVisible() and line.scene() is w.map_scene and line.color == BLOCKED
    assert line.caption.splitlines()[0] == "0305 \u2192 0705, range 4"
    assert line.caption.splitlines()[1].startswith("no line of sight: 0505 (woods")
    assert w.document.map.parse("0505") in tool.drawing.blockers.hexes
    assert "0305 to 0705, range 4: blocked" in w.editor.hint_label.text()  # the status bar too

    def ink_near(colour) -> int:
        """Pixels of ``colour`` on the viewport a quarter along the line (before 0505)."""
        QApplication.processEvents()
        image = w.view.viewport().grab().toImage()
        a, b = point(w, "0305"), point(w, "0705")
        mid = a + (b - a) / 4
        count = 0
        for x in range(mid.x() - 6, mid.x() + 7):
            for y in range(mid.y() - 6, mid.y() + 7):
                c = image.pixelColor(x, y)
                if abs(c.red() - colour.red()) + abs(c.green() - colour.green()) < 40:
                    count += 1
        return count

    assert ink_near(BLOCKED) > 5  # the line is painted on the map
    # the line stays after the release; an undo under it redraws it as the map now is
    w.undo_action.trigger()
    assert line.isVisible() and line.color == CLEAR and "line of sight clear" in line.caption
    assert ink_near(CLEAR) > 5
    qtbot.keyClick(w.view.viewport(), Qt.Key.Key_Escape)
    assert not line.isVisible() and tool.result is None
    stroke(qtbot, w, [point(w, "0305"), point(w, "0705")])
    w.editor.set_tool("brush")  # another tool: the line goes
    assert not line.isVisible()
