"""The main window with real widgets and real mouse events (offscreen)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QWheelEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from tabletop.commands import Command
from tabletop.documents import GameDocument
from tabletop.ui.scene.view import MAX_SCALE, MIN_SCALE

pytestmark = [
    pytest.mark.gui,
    # the offscreen platform warns about every dock widget; real platforms do not
    pytest.mark.qt_log_ignore("does not support propagateSizeHints"),
]


def view_pos(window, label: str) -> QPoint:
    scene = window.map_scene
    return window.view.mapFromScene(scene.hex_center(scene.hexmap.parse(label)))


def wheel(view, pos: QPoint, notches: int) -> None:
    global_pos = QPointF(view.viewport().mapToGlobal(pos))
    event = QWheelEvent(
        QPointF(pos), global_pos, QPoint(0, 0), QPoint(0, 120 * notches),
        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase,
        False,
    )  # fmt: skip
    QApplication.sendEvent(view.viewport(), event)


def test_one_counter_item_per_unit_on_the_map(window, document: GameDocument) -> None:
    on_map = {u.id for u in document.state.units.values() if u.on_map}
    assert set(window.map_scene.counters) == on_map
    assert "t72-dead" not in window.map_scene.counters
    assert window.windowTitle().startswith("Sample skirmish")


def test_stacks_are_offset_and_ordered(window) -> None:
    scene = window.map_scene
    bottom, top = scene.stack_at(scene.hexmap.parse("0304"))
    assert top.zValue() > bottom.zValue()
    assert top.pos().x() > bottom.pos().x() and top.pos().y() < bottom.pos().y()


def test_moving_the_mouse_shows_the_hex_in_the_status_bar(qtbot, window) -> None:
    qtbot.mouseMove(window.view.viewport(), view_pos(window, "0902"))
    qtbot.waitUntil(lambda: window.hex_label.text().startswith("0902"))
    assert "rough, level 0" in window.hex_label.text()
    qtbot.mouseMove(window.view.viewport(), view_pos(window, "0606"))
    qtbot.waitUntil(lambda: window.hex_label.text().startswith("0606"))
    assert "level 1" in window.hex_label.text()
    assert "1 unit" in window.hex_label.text()
    assert window.turn_label.text().startswith("Turn 1/8")


def test_wheel_zooms_under_the_mouse_and_is_clamped(window) -> None:
    view = window.view
    pos = view_pos(window, "0505")
    before_scale = view.scale_factor
    anchor = view.mapToScene(pos)
    wheel(view, pos, 1)
    assert view.scale_factor > before_scale * 1.2
    assert (view.mapToScene(pos) - anchor).manhattanLength() < 3 / view.scale_factor + 1
    for _ in range(30):
        wheel(view, pos, 1)
    assert view.scale_factor == pytest.approx(MAX_SCALE)
    for _ in range(60):
        wheel(view, pos, -1)
    assert view.scale_factor == pytest.approx(MIN_SCALE)
    assert window.zoom_label.text() == f"{MIN_SCALE * 100:.0f}%"


def test_dragging_pans(qtbot, window) -> None:
    view = window.view
    view.set_scale(2.0)
    start = view.viewport().rect().center()
    grabbed = view.mapToScene(start)
    end = start + QPoint(-150, -90)
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    for k in range(1, 6):
        qtbot.mouseMove(view.viewport(), start + (end - start) * (k / 5))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=end)
    # the scene point grabbed is now under the pointer
    assert (view.mapToScene(end) - grabbed).manhattanLength() < 3


def test_click_selects_a_hex_and_the_dock_lists_its_units(qtbot, window) -> None:
    qtbot.mouseClick(
        window.view.viewport(), Qt.MouseButton.LeftButton, pos=view_pos(window, "0304")
    )
    assert window.hex_dock.windowTitle() == "Hex 0304"
    texts = [
        window.hex_dock.tree.topLevelItem(i).text(0)
        for i in range(window.hex_dock.tree.topLevelItemCount())
    ]
    assert "Leopard 2 (leo-1)" in texts and "Panzergren. (inf-1)" in texts
    assert window.map_scene.highlight_item.isVisible()


def test_view_menu_zoom_and_fit(window) -> None:
    view = window.view
    view.set_scale(3.0)
    window.zoom_out_action.trigger()
    assert view.scale_factor == pytest.approx(3.0 / 1.25)
    window.zoom_in_action.trigger()
    assert view.scale_factor == pytest.approx(3.0)
    window.fit_action.trigger()
    visible = view.mapToScene(view.viewport().rect()).boundingRect()
    assert visible.adjusted(-2, -2, 2, 2).contains(window.map_scene.map_rect())
    window.actual_size_action.trigger()
    assert view.scale_factor == pytest.approx(1.0)


def render(scene, rect: QRectF) -> QImage:
    image = QImage(int(rect.width()), int(rect.height()), QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("black"))
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), rect)
    painter.end()
    return image


def test_hex_labels_toggle(window) -> None:
    scene = window.map_scene
    centre = scene.hex_center(scene.hexmap.parse("0203"))
    top = QRectF(centre.x() - 20, centre.y() - 36, 40, 16)
    with_labels = render(scene, top)
    window.labels_action.trigger()
    assert not window.labels_action.isChecked()
    assert not scene.map_painter.labels
    without = render(scene, top)
    assert with_labels != without
    window.labels_action.trigger()
    assert render(scene, top) == with_labels


def test_scene_render_shows_terrain_colours(window) -> None:
    scene = window.map_scene
    rect = scene.map_rect()
    image = render(scene, rect)
    colours = {
        image.pixel(x, y) for x in range(0, image.width(), 17) for y in range(0, image.height(), 13)
    }
    assert len(colours) > 20  # not blank
    for label, name in [("0203", "#dfe6b0"), ("0109", "#5b9bd5"), ("0902", "#c8ad7f")]:
        c = scene.hex_center(scene.hexmap.parse(label)) - rect.topLeft()
        found = image.pixelColor(int(c.x()) + 12, int(c.y()) + 20)
        want = QColor(name)
        assert (
            abs(found.red() - want.red())
            + abs(found.green() - want.green())
            + abs(found.blue() - want.blue())
            < 40
        ), (label, found.name())


class MoveUnit(Command):
    def __init__(self, document: GameDocument, unit_id: str, label: str) -> None:
        super().__init__(f"move {unit_id}")
        self.unit = document.state.unit(unit_id)
        self.to = document.scenario.map.parse(label)
        self.came_from = self.unit.hex

    def redo(self) -> None:
        self.unit.hex = self.to

    def undo(self) -> None:
        self.unit.hex = self.came_from


def test_document_changes_move_counters_and_undo_menu_works(window, document) -> None:
    scene = window.map_scene
    item = scene.counters["leo-2"]
    document.push(MoveUnit(document, "leo-2", "0304"))
    assert item.hex == scene.hexmap.parse("0304")
    assert len(scene.stack_at(item.hex)) == 3
    assert window.undo_action.isEnabled() and window.undo_action.text() == "&Undo: move leo-2"
    assert window.isWindowModified()
    window.undo_action.trigger()
    assert item.hex == scene.hexmap.parse("0606")
    assert len(scene.stack_at(scene.hexmap.parse("0304"))) == 2
    assert window.redo_action.isEnabled()
    window.redo_action.trigger()
    assert item.hex == scene.hexmap.parse("0304")


@pytest.fixture
def message_boxes(monkeypatch) -> list[tuple[str, str]]:
    shown: list[tuple[str, str]] = []

    def fake_exec(box) -> int:
        shown.append((box.text(), box.detailedText()))
        return 0

    monkeypatch.setattr(QMessageBox, "exec", fake_exec)
    return shown


BAD_SCENARIO = """format: tabletop/scenario@1
name: Broken
ruleset: platoon
map: ../maps/nowhere.yaml
counters: []
sides: {}
units: []
"""


def test_bad_file_shows_its_problems_and_keeps_the_document(
    window, document, tmp_path: Path, message_boxes
) -> None:
    bad = tmp_path / "broken.yaml"
    bad.write_text(BAD_SCENARIO)
    assert not window.open_file(bad)
    assert window.document is document
    ((text, details),) = message_boxes
    assert "broken.yaml" in text
    assert "broken.yaml:" in details  # FILE:LINE:COLUMN lines
    assert not window.open_file(tmp_path / "missing.yaml")
    assert "does not exist" in message_boxes[-1][0]


def test_app_with_a_bad_file_opens_nothing(qapp, tmp_path: Path, message_boxes, settings) -> None:
    from tabletop.ui.app import create_window

    assert create_window(tmp_path / "missing.yaml", settings) is None
    assert message_boxes and "does not exist" in message_boxes[0][0]


def test_demo_scenario_opens(qtbot, settings) -> None:
    from tabletop.ui.app import create_window

    window = create_window(None, settings)
    assert window is not None
    qtbot.addWidget(window)
    document = window.document
    on_map = {u.id for u in document.state.units.values() if u.on_map}
    assert on_map and set(window.map_scene.counters) == on_map
    assert window.windowTitle().startswith(document.scenario.name)
    image = render(window.map_scene, window.map_scene.map_rect())
    assert len({image.pixel(x, 300) for x in range(0, image.width(), 7)}) > 10


def test_open_demo_and_recent_files(window, settings) -> None:
    assert window.open_demo_action.isEnabled()
    assert window.open_demo()
    assert window.recent_files()[0].endswith("demo-platoon.yaml")
    assert window.recent_menu.isEnabled()
    window.recent_menu.actions()[0].trigger()
    assert window.document.scenario.name == "Eisenbach Gap"


def test_about(window) -> None:
    window.about_action.trigger()
    assert window.about_window.windowTitle() == "About Tabletop"  # more in test_help.py


def test_a_saved_game_opens_where_its_units_now_stand(qtbot, settings, tmp_path: Path) -> None:
    """A game written by ``tabletop act --out`` opens with its state, not its scenario's."""
    from tabletop.cli import main
    from tabletop.ui.app import create_window

    root = Path(__file__).resolve().parents[3]
    game = tmp_path / "game.yaml"
    assert main(["act", str(root / "scenarios/hold-the-crossroads.yaml"), "draw",
                 "--formation", "kampfgruppe", "--out", str(game)]) == 0  # fmt: skip
    assert main(["act", str(game), "move", "--unit", "inf-1", "--to", "0306", "--out",
                 str(game)]) == 0  # fmt: skip
    window = create_window(game, settings)
    assert window is not None
    qtbot.addWidget(window)
    state = window.document.state
    moved = state.scenario.map.parse("0306")
    assert state.unit("inf-1").hex == moved and state.pending is not None
    assert {item.state.id for item in window.map_scene.stack_at(moved)} == {"inf-1", "inf-1-sw"}


@pytest.mark.parametrize(
    ("environ", "blocked"),
    [
        ({}, True),
        ({"DISPLAY": ":0"}, False),
        ({"WAYLAND_DISPLAY": "wayland-0"}, False),
        ({"QT_QPA_PLATFORM": "offscreen"}, False),
    ],
)
def test_no_display_is_said_plainly(environ: dict[str, str], blocked: bool) -> None:
    import sys

    from tabletop.ui.app import missing_display

    problem = missing_display(environ)
    if not sys.platform.startswith("linux"):
        assert problem is None
        return
    assert (problem is not None) == blocked
    if problem is not None:
        assert "xvfb-run" in problem and "Reinstall" not in problem


def test_hidden_minefields_are_shown_to_their_owner_only(qtbot, settings) -> None:
    """Rules 1.7: the shared screen starts neutral; the View menu picks whose secrets show."""
    from tabletop.ui.app import create_window

    root = Path(__file__).resolve().parents[3]
    window = create_window(root / "scenarios/hold-the-crossroads.yaml", settings)
    assert window is not None
    qtbot.addWidget(window)
    state = window.document.state
    mines = state.scenario.map.parse("0707")  # a hidden Warsaw Pact AT minefield

    def dock_text() -> str:
        tree = window.hex_dock.tree
        return " ".join(tree.topLevelItem(i).text(1) for i in range(tree.topLevelItemCount()))

    def drawn() -> set[str]:
        item = window.map_scene.marker_item
        return {m.kind for m in state.visible_markers(item.viewer) if m.hex == mines}

    window.select_hex(mines)
    window._on_hex_hovered(mines)
    assert window.viewer is None and drawn() == set()
    assert "minefield" not in dock_text() and "minefield" not in window.hex_label.text()
    by_text = {a.text(): a for a in window.viewer_group.actions()}
    assert set(by_text) == {"No Side (neutral)", "NATO", "Warsaw Pact", "Every Side (Adjust Mode)"}
    by_text["Warsaw Pact"].trigger()
    window._on_hex_hovered(mines)
    assert drawn() == {"minefield_at"} and "AT minefield (Warsaw Pact, hidden)" in dock_text()
    assert "minefield" in window.hex_label.text()
    by_text["NATO"].trigger()
    assert drawn() == set() and "minefield" not in dock_text()


def test_hex_dock_menu_item_keeps_its_name_and_follows_the_dock(qtbot, window) -> None:
    """The dock's title names the selected hex; the View menu item stays "Hex Dock"."""
    h = window.map_scene.hexmap.parse("0303")
    window.select_hex(h)
    assert window.hex_dock.windowTitle() == "Hex 0303"
    action = window.hex_dock_action
    assert action.text().replace("&", "") == "Hex Dock" and action.isChecked()
    action.trigger()
    assert not window.hex_dock.isVisible() and not action.isChecked()
    window.hex_dock.show()  # e.g. from the dock's own float/close buttons
    qtbot.waitUntil(action.isChecked)


def test_a_long_status_message_stops_short_of_the_turn_label(qtbot, window) -> None:
    """A close combat's narration is longer than the status bar: Qt cuts it where the turn
    label starts, so without a gap the two read as one ("...sov-rifle-1Turn 1/8")."""
    window.resize(900, 600)
    window.statusBar().showMessage("close combat in 0905, round 3: " + "Rifle squad hits; " * 40)
    qtbot.wait(50)
    bar = window.statusBar()
    image = bar.grab().toImage()
    background = image.pixelColor(2, 1).rgb()
    label = window.turn_label
    inked = [
        x for x in range(image.width())
        if any(image.pixelColor(x, y).rgb() != background for y in range(image.height()))
    ]  # fmt: skip
    text_start = min(x for x in inked if x >= label.x())  # the turn label's first letter
    before = max(x for x in inked if x < text_start)  # the message's last inked column
    assert text_start - before >= 8, (before, text_start)
