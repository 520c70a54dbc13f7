"""A big game opens with the counter items near the view only: the others are made in
idle time, and any way to reach one (select, drag, a sync, the far tiles) finds it as an
eagerly built scene would have it (:class:`tabletop.ui.scene.scene.MapScene`)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from tabletop.documents import GameDocument
from tabletop.model import Grid, HexMap, Status, UnitState
from tabletop.ui.scene import scene as scene_module
from tabletop.ui.scene.layers import FAR_COUNTER_PIXELS
from tabletop.ui.scene.scene import MapScene
from tests.helpers.sample import sample_scenario

pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")

LABEL = "{:02d}{:02d}".format


@pytest.fixture
def wide() -> GameDocument:
    """The sample game on a 48 x 40 map, with 240 more units spread over all of it (some
    in stacks of up to four, so that neighbouring stacks overlap)."""
    scenario = sample_scenario()
    small = scenario.map
    scenario.map = HexMap("Wide", small.chart, Grid(48, 40))
    for h, cell in small.cells.items():
        scenario.map.cells[h] = cell
    p = scenario.map.parse
    for k in range(240):
        col, row = 1 + (k * 7) % 48, 1 + (k * 11) % 40
        if k % 5 == 0:
            col, row = 30 + k % 3, 30  # stacks side by side
        side, formation = ("nato", "kg") if k % 2 else ("pact", "tank")
        unit_type = ("INF", "LEO2", "T72", "BMP")[k % 4]
        scenario.units.append(UnitState(f"u{k:03d}", unit_type, side, p(LABEL(col, row)),
                                        formation))  # fmt: skip
    return GameDocument.from_scenario(scenario)


@pytest.fixture
def lazy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scene_module, "EAGER_COUNTERS", 20)


def on_map(document: GameDocument) -> set[str]:
    return {u.id for u in document.state.units.values() if u.on_map}


def idle(scene: MapScene) -> None:
    """Run the scene's idle-time work to the end, as the event loop would."""
    layers = scene.layers
    layers.wake()
    for _ in range(5000):
        layers._work()
        if not layers._timer.isActive():
            return
    raise AssertionError("idle work never ended")


def eager_scene(document: GameDocument, monkeypatch: pytest.MonkeyPatch) -> MapScene:
    with monkeypatch.context() as m:
        m.setattr(scene_module, "EAGER_COUNTERS", 10**9)
        return MapScene(document)


def same_as_eager(scene: MapScene, eager: MapScene, *, made_in_order: bool = True) -> None:
    """Every item where the eager scene has it: place, stack order, look, visibility;
    counters of equal height overlapping across hexes in the same order (when the items
    were all made in the game's order: one made again later is drawn above)."""
    assert set(scene.counters) == set(eager.counters)
    for uid, want in eager.counters.items():
        got = scene.counters[uid]
        assert (got.hex, got.pos(), got.isVisible()) == (want.hex, want.pos(), want.isVisible())
        assert got.look[1:] == want.look[1:]  # (the look's number is the cache's own)
    for h in eager.occupied_hexes():
        assert [i.unit_id for i in scene.stack_at(h)] == [i.unit_id for i in eager.stack_at(h)]
        assert [i.zValue() for i in scene.stack_at(h)] == sorted(
            i.zValue() for i in scene.stack_at(h)
        )
    if not made_in_order:
        return
    by_z = sorted(scene.counters, key=lambda u: scene.counters[u].zValue())
    assert by_z == sorted(eager.counters, key=lambda u: eager.counters[u].zValue())


def test_a_small_game_gets_every_item_at_once(qapp, document: GameDocument) -> None:
    scene = MapScene(document)
    assert scene.made() == len(on_map(document)) and not scene.unmade


def test_opening_makes_only_the_items_near_the_view(qtbot, lazy, wide, settings) -> None:
    from tabletop.ui.shell.mainwindow import MainWindow

    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.resize(1000, 700)
    window.set_document(wide)
    scene = window.map_scene
    view = window.view
    scene.layers.backlog = lambda deadline: False  # no idle-time making here
    window.show()
    qtbot.waitExposed(window)
    view.viewport().grab()
    opened = {i.unit_id for i in scene.counters_near(view.visible_rect(), make=False)}
    assert set(scene._items) == opened  # those near the opening view only
    view.set_scale(1.25)
    view.centerOn(scene.hex_center(wide.scenario.map.parse("0303")))
    picture = view.viewport().grab().toImage()  # a paint of the view, as a frame
    visible = view.visible_rect()
    shown = {u.id for u in wide.state.units.values()
             if u.on_map and visible.contains(scene.hex_center(u.hex))}  # fmt: skip
    assert shown and shown <= set(scene._items)  # every counter on screen has its item
    assert all(scene._items[u].isVisible() for u in shown)
    leo = view.mapFromScene(scene._items["leo-1"].pos())  # 0304's top counter, painted
    assert picture.pixelColor(leo.x(), leo.y() - 4) != picture.pixelColor(leo.x(), leo.y() - 60)
    assert scene.made() < len(on_map(wide)) / 2  # and few others
    made = set(scene._items)
    near = {i.unit_id for i in scene.counters_near(visible, make=False)}
    assert made == near | opened  # those of the blocks around the views, nothing else


def test_a_far_unit_is_made_when_asked_for(qapp, lazy, wide, monkeypatch) -> None:
    scene = MapScene(wide)
    eager = eager_scene(wide, monkeypatch)
    p = wide.scenario.map.parse
    item = scene.counter("u005")  # in a stack of four
    assert item is not None and scene.made() < len(on_map(wide))
    want = eager.counters["u005"]
    assert (item.pos(), item.hex) == (want.pos(), want.hex)
    h = p("3030")
    assert [i.unit_id for i in scene.stack_at(h)] == [i.unit_id for i in eager.stack_at(h)]
    assert scene.counter("t72-dead") is None  # eliminated: no counter
    assert h in scene.occupied_hexes() and p("4040") not in scene.occupied_hexes()
    assert scene.occupied_hexes() == eager.occupied_hexes()


def test_a_sync_reaches_waiting_units(qapp, lazy, wide, monkeypatch) -> None:
    scene = MapScene(wide)
    p = wide.scenario.map.parse
    units = wide.state.units
    mover, target = units["u001"], units["u002"]  # both waiting, far apart
    assert "u001" in scene.unmade.hex_of and "u002" in scene.unmade.hex_of
    mover.hex = target.hex  # into a waiting hex: its stack is made whole
    units["u003"].status = Status.ELIMINATED  # a waiting unit leaves the map
    scene.sync_units(["u001", "u003"])
    assert "u003" not in scene.unmade.hex_of and scene.counter("u003") is None
    assert {i.unit_id for i in scene.stack_at(target.hex)} >= {"u001", "u002"}
    assert all(i.unit_id not in scene.unmade.hex_of for i in scene.stack_at(target.hex))
    mover.hex = p("4739")
    scene.sync_units(["u001"])
    same_as_eager(scene, eager_scene(wide, monkeypatch))


def test_idle_time_makes_the_rest_as_an_eager_scene_has_them(qapp, lazy, wide, monkeypatch) -> None:
    scene = MapScene(wide)
    scene.view_scaled(1.0, QRectF(0, 0, 600, 400))
    first = scene.made()
    assert 0 < first < len(on_map(wide))
    idle(scene)
    assert scene.made() == len(on_map(wide)) and not scene.unmade
    same_as_eager(scene, eager_scene(wide, monkeypatch))


def far_picture(scene: MapScene, rect: QRectF, scale: float) -> QImage:
    image = QImage(round(rect.width() * scale), round(rect.height() * scale),
                   QImage.Format.Format_ARGB32_Premultiplied)  # fmt: skip
    image.fill(QColor("black"))
    p = QPainter(image)
    p.scale(scale, scale)
    p.translate(-rect.topLeft())
    scene.layers._paint_far_counters(p, rect, scale)
    p.end()
    return image


def test_far_tiles_draw_units_still_waiting(qapp, lazy, wide, monkeypatch) -> None:
    scene = MapScene(wide)
    eager = eager_scene(wide, monkeypatch)
    scale = (FAR_COUNTER_PIXELS - 4) / scene.counter_side
    rect = scene.map_rect()
    scene.view_scaled(scale, rect)  # far mode: nothing made for it
    assert scene.made() == 0
    eager.view_scaled(scale, rect)
    assert far_picture(scene, rect, scale) == far_picture(eager, rect, scale)
    assert scene.made() == 0  # drawn from the units' states, as their items will show


def test_a_restored_state_refiles_waiting_units(qapp, lazy, wide, monkeypatch) -> None:
    """Review mode and the scenario editor replace or restore the whole state."""
    scene = MapScene(wide)
    scene.counter("u000")
    snapshot = wide.state.snapshot()
    p = wide.scenario.map.parse
    wide.state.units["u004"].hex = p("0101")
    wide.state.units["u006"].status = Status.ELIMINATED
    wide.state.units["u000"].hex = p("4020")
    wide.reindex()
    scene.refresh_state()
    assert scene.unmade.hex_of["u004"] == p("0101") and "u006" not in scene.unmade.hex_of
    scale = (FAR_COUNTER_PIXELS - 4) / scene.counter_side
    rect = scene.map_rect()
    eager = eager_scene(wide, monkeypatch)
    assert far_picture(scene, rect, scale) == far_picture(eager, rect, scale)
    idle(scene)
    same_as_eager(scene, eager)
    wide.state.restore(snapshot)
    wide.reindex()
    scene.refresh_state()
    same_as_eager(scene, eager_scene(wide, monkeypatch), made_in_order=False)  # u006 again


def centre(window, label: str) -> QPoint:
    h = window.document.scenario.map.parse(label)
    return window.view.mapFromScene(window.map_scene.hex_center(h))


def test_select_and_drag_a_unit_whose_item_was_waiting(qtbot, lazy, wide, settings) -> None:
    from tabletop.ui.shell.mainwindow import MainWindow

    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.resize(1000, 700)
    window.set_document(wide)
    window.show()
    qtbot.waitExposed(window)
    scene, view = window.map_scene, window.view
    view.set_scale(1.25)
    view.centerOn(scene.hex_center(wide.scenario.map.parse("0202")))
    view.viewport().repaint()
    unit = wide.state.units["u013"]  # far from the view: waiting
    label = wide.scenario.map.label(unit.hex)
    assert "u013" in scene.unmade.hex_of
    window.play.controller.select("u013")
    item = scene.counter("u013")
    assert item is not None and item.options.selected
    window.adjust.action.trigger()
    view.centerOn(scene.hex_center(unit.hex))
    view.viewport().repaint()
    h = unit.hex
    to = next(n for n in h.neighbors() if n in wide.scenario.map.cells and n not in
              {u.hex for u in wide.state.units.values()})  # fmt: skip
    vp = view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=centre(window, label))
    qtbot.mouseMove(vp, centre(window, wide.scenario.map.label(to)))
    qtbot.mouseRelease(
        vp, Qt.MouseButton.LeftButton, pos=centre(window, wide.scenario.map.label(to))
    )
    assert unit.hex == to and scene.counter("u013").hex == to
    window.undo_action.trigger()
    assert wide.state.units["u013"].hex == h and scene.counter("u013").hex == h
