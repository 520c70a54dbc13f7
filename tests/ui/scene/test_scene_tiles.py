"""The scene's raster tiles: a one-hex edit shows in the next frame and repaints only
around that hex; far out, counters are drawn into tiles instead of items."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from tabletop.documents import GameDocument
from tabletop.hexgrid import HexSide
from tabletop.model import HexCell
from tabletop.ui.scene.layers import FAR_COUNTER_PIXELS
from tabletop.ui.scene.scene import MapScene

pytestmark = pytest.mark.gui


def render(scene: MapScene, rect: QRectF, scale: float = 1.0) -> QImage:
    image = QImage(round(rect.width() * scale), round(rect.height() * scale),
                   QImage.Format.Format_ARGB32_Premultiplied)  # fmt: skip
    image.fill(QColor("black"))
    p = QPainter(image)
    scene.render(p, QRectF(image.rect()), rect)
    p.end()
    return image


def near(found: QColor, want: str) -> bool:
    w = QColor(want)
    return (
        abs(found.red() - w.red()) + abs(found.green() - w.green()) + abs(found.blue() - w.blue())
        < 40
    )


def test_a_one_hex_edit_shows_in_the_next_frame(qapp, document: GameDocument, monkeypatch) -> None:
    scene = MapScene(document)
    rect = scene.map_rect()
    h = scene.hexmap.parse("0203")
    c = scene.hex_center(h) - rect.topLeft()
    spot = (int(c.x()) + 12, int(c.y()) + 20)
    assert near(render(scene, rect).pixelColor(*spot), "#dfe6b0")
    painted: list[int] = []
    hexes_in = scene.map_painter.hexes_in

    def counting(r):
        found = hexes_in(r)
        painted.append(len(found))
        return found

    monkeypatch.setattr(scene.map_painter, "hexes_in", counting)
    scene.hexmap.cells[h] = HexCell("water")
    scene.invalidate_hexes([h])
    assert near(render(scene, rect).pixelColor(*spot), "#5b9bd5")
    # the hex, its neighbours (the map art's edges towards it change) and theirs, not the map
    assert painted and max(painted) <= 24


def test_a_hexside_edit_shows_in_the_next_frame(qapp, document: GameDocument) -> None:
    scene = MapScene(document)
    rect = scene.map_rect()
    a, b = scene.hexmap.parse("0502"), scene.hexmap.parse("0503")
    side = HexSide.between(a, b)
    scene.hexmap.hexsides[side] = ("river",)  # where the map art draws it (it wanders)
    at = scene.map_painter.areas.edge(side, 8)[4]
    del scene.hexmap.hexsides[side]
    scene.map_painter.forget([a, b])
    mid = (int(at.x() - rect.left()), int(at.y() - rect.top()))

    def blue(image: QImage) -> bool:  # the river under the grid line
        c = image.pixelColor(*mid)
        return c.blue() > c.red() + 40

    assert not blue(render(scene, rect))
    scene.hexmap.hexsides[HexSide.between(a, b)] = ("river",)
    scene.invalidate_hexsides([HexSide.between(a, b)])
    assert blue(render(scene, rect))


def test_far_out_counters_are_drawn_into_tiles(qapp, document: GameDocument) -> None:
    scene = MapScene(document)
    rect = scene.map_rect()
    scale = (FAR_COUNTER_PIXELS - 4) / scene.counter_side
    scene.view_scaled(scale, rect)
    assert scene.layers.far_item.isVisible()
    assert not any(i.isVisible() for i in scene.counters.values())
    leo = scene.counters["leo-2"]
    image = render(scene, rect, scale)
    spot = (leo.pos() - rect.topLeft()) * scale
    colour = image.pixelColor(int(spot.x()), int(spot.y()))
    assert not near(colour, "#dfe6b0")  # a counter, not the clear hex under it
    # a move shows in the far tiles too
    unit = document.state.unit("leo-2")
    unit.hex = scene.hexmap.parse("0203")
    scene.sync_units(["leo-2"])
    moved = render(scene, rect, scale)
    hill = QColor("#dfe6b0").darker(109).name()  # 0606 is a level-1 clear hex
    assert near(moved.pixelColor(int(spot.x()), int(spot.y())), hill)
    scene.view_scaled(1.0, rect)
    assert not scene.layers.far_item.isVisible()
    assert all(i.isVisible() for i in scene.counters.values())


def test_labels_toggle_rerenders_the_tiles(qapp, document: GameDocument) -> None:
    scene = MapScene(document)
    centre = scene.hex_center(scene.hexmap.parse("0203"))
    top = QRectF(centre.x() - 20, centre.y() - 36, 40, 16)
    with_labels = render(scene, top)
    scene.show_labels(False)
    assert render(scene, top) != with_labels
    scene.show_labels(True)
    assert render(scene, top) == with_labels


def idle(scene: MapScene) -> None:
    """Run the scene's idle-time work to the end, as the event loop would."""
    layers = scene.layers
    for _ in range(1000):
        layers._work()
        if not layers._timer.isActive():
            return
    raise AssertionError("idle work never ended")


def test_a_zoom_paints_no_face_at_once_idle_time_does(qapp, document: GameDocument) -> None:
    scene = MapScene(document)
    rect = scene.map_rect()
    idle(scene)
    painted = scene.faces.painted
    scene.view_scaled(1.25**3, rect)  # a level no face was painted at (nor warmed ahead)
    assert scene.faces.painted == painted
    items = list(scene.counters.values())
    assert items and not any(i.own_face for i in items)  # other levels' faces, scaled
    idle(scene)
    assert scene.faces.painted > painted
    for item in items:
        assert item.own_face and item.level == 3
        assert item.pixmap().cacheKey() == scene.faces.get(item.look, 3).cacheKey()


def test_far_mode_switches_near_the_view_first(qapp, document: GameDocument, monkeypatch) -> None:
    from tabletop.ui.scene import layers as layers_module

    monkeypatch.setattr(layers_module, "LEVEL_CHUNK", 2)
    scene = MapScene(document)
    p = scene.hexmap.parse
    corner = QRectF(scene.hex_center(p("0101")), scene.hex_center(p("0202")))
    near = {i.unit_id for i in scene.counters_near(corner)}
    assert near < set(scene.counters)  # the index by block leaves the far side out
    scale = (FAR_COUNTER_PIXELS - 4) / scene.counter_side
    scene.view_scaled(scale, corner)
    assert scene.layers.far_item.isVisible()
    assert all(not scene.counters[u].isVisible() for u in near)
    assert any(i.isVisible() for i in scene.counters.values())  # left to idle time
    idle(scene)
    assert not any(i.isVisible() for i in scene.counters.values())
    scene.view_scaled(1.0, corner)
    assert not scene.layers.far_item.isVisible()
    idle(scene)
    assert all(i.isVisible() for i in scene.counters.values())


def test_contours_are_blitted_from_stamps_and_look_stroked(qapp, document: GameDocument) -> None:
    from tabletop.render import MapPainter

    hexmap = document.scenario.map
    for k, h in enumerate(list(hexmap.cells)[:60]):  # many hill hexes, levels 1 to 3
        hexmap.cells[h] = HexCell("clear", 1 + k % 3)
    painter = MapPainter(hexmap)
    painter.art = False  # the flat style's contours (the art's follow the areas' edges)
    bounds = painter.bounds
    images = []
    for raster in (False, True):
        image = QImage(int(bounds.width() * 0.8) + 1, int(bounds.height() * 0.8) + 1,
                       QImage.Format.Format_RGB32)  # fmt: skip
        image.fill(QColor("white"))
        p = QPainter(image)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.scale(0.8, 0.8)
        p.translate(-bounds.left(), -bounds.top())
        painter.paint_terrain(p, bounds, 0.8, raster=raster)
        p.end()
        images.append(image)
    stroked, stamped = images
    assert 0 < painter._stamps.painted <= 3 * 4 * 4  # per level and quarter-pixel phase
    worst = 0
    for y in range(0, stroked.height(), 2):
        for x in range(0, stroked.width(), 2):
            a, b = stroked.pixelColor(x, y), stamped.pixelColor(x, y)
            worst = max(worst, abs(a.red() - b.red()) + abs(a.green() - b.green()))
    assert worst < 48  # antialiased edges an eighth of a pixel apart at most


def _wide_view(qtbot, scenario, grid: tuple[int, int], size: tuple[int, int]):
    """A view of ``scenario`` on a map of ``grid`` columns and rows (the sample map's
    cells in its corner, where the units stand: a map of many tiles), not shown yet."""
    from tabletop.model import Grid, HexMap
    from tabletop.ui.scene.view import MapView

    small = scenario.map
    scenario.map = HexMap("Wide", small.chart, Grid(*grid))
    for h, cell in small.cells.items():
        scenario.map.cells[h] = cell
    scene = MapScene(GameDocument.from_scenario(scenario))
    view = MapView()
    qtbot.addWidget(view)
    view.setScene(scene)
    view.resize(*size)
    return scene, view


def test_a_notch_after_idle_time_finds_its_tiles(qapp, qtbot, scenario) -> None:
    scene, view = _wide_view(qtbot, scenario, (40, 30), (1000, 700))
    view.set_scale(1.25)  # level 1, never shown before (-1 is this map's overview)
    view.centerOn(scene.hex_center(scene.hexmap.parse("2015")))  # tiles all around
    view.show()
    qtbot.waitExposed(view)
    view.viewport().grab()  # (grab paints for sure; an offscreen repaint() may not)
    layers = scene.layers
    frames: list[float] = []
    paint = layers.terrain.paint

    def counted(p, exposed, scale, **kwargs):
        frames.append(scale)
        return paint(p, exposed, scale, **kwargs)

    layers.terrain.paint = counted
    for step in (1 / 1.25, 1.25, 1.25):  # out, back, in
        idle(scene)
        before = (layers.terrain.stood_in, layers.terrain.rendered, scene.faces.painted)
        frames.clear()
        view.zoom_by(step)
        view.viewport().grab()
        assert frames and all(abs(f - view.scale_factor) < 1e-9 for f in frames)  # painted
        assert (layers.terrain.stood_in, layers.terrain.rendered, scene.faces.painted) == before
        assert all(i.own_face for i in scene.counters_near(view.visible_rect()))


def far_view(qtbot, document: GameDocument):
    """A view of the sample map zoomed out to far mode, idle time done (composites ready)."""
    from tabletop.ui.scene.view import MapView

    scene = MapScene(document)
    view = MapView()
    qtbot.addWidget(view)
    view.setScene(scene)
    view.resize(700, 500)
    view.set_scale((FAR_COUNTER_PIXELS - 4) / scene.counter_side)
    view.centerOn(scene.map_rect().center())
    view.show()
    qtbot.waitExposed(view)
    for _ in range(2):  # the level's tiles, then those of the view's own (free) scale
        view.viewport().grab()
        idle(scene)
    assert scene.layers.far_mode
    return scene, view


def pixel(scene: MapScene, view, h) -> QColor:
    """The colour a view's next frame shows a little below the centre of hex ``h``."""
    spot = view.mapFromScene(scene.hex_center(h) + QPointF(0, scene.map_painter.size * 0.55))
    return view.viewport().grab().toImage().pixelColor(spot)


def test_a_far_frame_blits_one_layer_where_composites_are_ready(qapp, qtbot, document) -> None:
    scene, view = far_view(qtbot, document)
    layers = scene.layers
    drawn = {"terrain": 0, "far": 0, "picture": 0}
    for name, layer in (("terrain", layers.terrain), ("far", layers.far),
                        ("picture", layers.far_picture)):  # fmt: skip

        def counting(key, *, render, layer=layer, name=name):
            drawn[name] += 1
            return type(layer)._ready(layer, key, render=render)

        layer._ready = counting
    before = (layers.far.rendered, layers.far.stood_in, layers.terrain.rendered)
    image = view.viewport().grab().toImage()
    assert drawn["far"] > 0 and drawn["terrain"] == 0 and drawn["picture"] == 0
    assert (layers.far.rendered, layers.far.stood_in, layers.terrain.rendered) == before
    # and that frame shows the counters over the terrain
    leo = scene.counters["leo-2"]
    assert not near(image.pixelColor(view.mapFromScene(leo.pos())), "#dfe6b0")


def test_a_terrain_edit_far_out_shows_in_the_next_frame(qapp, qtbot, document) -> None:
    scene, view = far_view(qtbot, document)
    cells = scene.hexmap.cells
    h = next(h for h in sorted(cells) if h not in scene.occupied_hexes()
             and cells[h].terrain == "clear" and not cells[h].level)  # fmt: skip
    assert near(pixel(scene, view, h), "#dfe6b0")
    scene.hexmap.cells[h] = HexCell("water")
    scene.invalidate_hexes([h])
    assert near(pixel(scene, view, h), "#5b9bd5")


def test_a_move_far_out_shows_in_the_next_frame(qapp, qtbot, document) -> None:
    scene, view = far_view(qtbot, document)
    leo = scene.counters["leo-2"]
    origin = leo.hex
    spot = view.mapFromScene(leo.pos())
    assert not near(view.viewport().grab().toImage().pixelColor(spot), "#dfe6b0")
    unit = document.state.unit("leo-2")
    target = scene.hexmap.parse("0203")
    assert target not in scene.occupied_hexes()
    unit.hex = target
    scene.sync_units(["leo-2"])
    if origin not in scene.occupied_hexes():  # the counter left: the hex's terrain shows
        hill = QColor("#dfe6b0").darker(109).name()
        colour = view.viewport().grab().toImage().pixelColor(spot)
        assert near(colour, hill) or near(colour, "#dfe6b0")
    there = view.mapFromScene(scene.counters["leo-2"].pos())
    assert not near(view.viewport().grab().toImage().pixelColor(there), "#dfe6b0")


def test_a_picture_far_out_is_drawn_as_before_the_composites(qapp, qtbot, document) -> None:
    scene, view = far_view(qtbot, document)
    rect = scene.map_rect()
    scale = view.scale_factor
    unit = document.state.unit("leo-2")
    unit.hex = scene.hexmap.parse("0203")
    scene.sync_units(["leo-2"])
    view.viewport().repaint()
    far = scene.layers.far
    rendered, repaired = far.rendered, far.repaired
    picture = render(scene, rect, scale)
    assert (far.rendered, far.repaired) == (rendered, repaired)  # not from the composite
    fresh = MapScene(document)  # never shown: the counters' tiles over the terrain's
    fresh.view_scaled(scale, rect)
    assert picture == render(fresh, rect, scale)


def test_a_far_notch_after_idle_time_finds_its_composites(qapp, qtbot, scenario) -> None:
    scene, view = _wide_view(qtbot, scenario, (60, 40), (900, 600))
    far = FAR_COUNTER_PIXELS / scene.counter_side
    view.set_scale(1.25 ** math.floor(math.log(far) / math.log(1.25) - 1))  # a far level
    view.centerOn(scene.hex_center(scene.hexmap.parse("0505")))
    view.show()
    qtbot.waitExposed(view)
    view.viewport().grab()
    layers = scene.layers
    assert layers.far_mode
    for step in (1 / 1.25, 1.25, 1.25):  # out, back, in: all far out
        idle(scene)
        counts = (layers.far.stood_in, layers.far.rendered, layers.terrain.stood_in,
                  layers.terrain.rendered, scene.faces.painted)  # fmt: skip
        view.zoom_by(step)
        view.viewport().grab()
        assert layers.far_mode
        assert (layers.far.stood_in, layers.far.rendered, layers.terrain.stood_in,
                layers.terrain.rendered, scene.faces.painted) == counts  # fmt: skip


def test_the_window_setting_bounds_every_image_the_map_keeps(qtbot, settings, document) -> None:
    """``view/image_cache_mb``: three quarters for the tiles of every layer in one budget, a
    quarter for the counters' faces; a zoom tour stays within both."""
    from tabletop.ui.shell.mainwindow import MainWindow

    settings.setValue("view/image_cache_mb", 8)
    win = MainWindow(settings)
    qtbot.addWidget(win)
    win.resize(900, 700)
    win.set_document(document)
    win.show()
    qtbot.waitExposed(win)
    scene = win.map_scene
    budget, faces = scene.layers.tile_budget, scene.faces
    assert budget.limit == 6 * 1024 * 1024 and faces.budget == 2 * 1024 * 1024
    assert scene.layers.terrain.budget is budget is scene.layers.far.budget
    room = budget.limit // (256 * 256 * 4)  # tiles the budget holds
    for scale in (0.3, 0.6, 1.0, 1.6, 2.5, 4.0, 6.0, 2.0, 0.5):
        rendered = scene.layers.terrain.rendered
        win.view.set_scale(scale)
        win.view.viewport().repaint()
        qtbot.waitUntil(lambda: not scene.layers._timer.isActive(), timeout=20000)
        assert budget.bytes <= budget.limit and faces.bytes <= faces.budget
        # the shown level, the free level and what is read ahead, each tile once (reading
        # ahead dropped shown tiles and the free level dropped the level drawn first,
        # each rendered again and again: 584 tiles at 4.0, 1,310 at 2.0, seconds each)
        assert scene.layers.terrain.rendered - rendered <= 3 * room
    assert scene.layers.terrain.rendered > 0 and faces.painted > 0
    settings.setValue("view/image_cache_mb", "lots")  # no number: the default
    assert win.image_cache_mb() == 64
