"""View > Map Art (saved in settings) and the map editor's repaint of the art around a stroke."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from tabletop.render import MapPainter
from tabletop.render.tiles import TileLayer

MAP = """\
format: tabletop/map@1
name: Art test
terrain: standard
grid: {columns: 10, rows: 8}
default: clear
hexes:
  "0403": woods
  "0404": crops
  "0504": town
  "0405": {terrain: clear, level: 1}
"""


def _window(qtbot, path: Path, settings):
    from tabletop.ui.app import create_window

    win = create_window(path, settings)
    assert win is not None
    qtbot.addWidget(win)
    win.ask_before_closing = False
    win.resize(1000, 760)
    win.show()
    qtbot.waitExposed(win)
    return win


def _render(paint, rect: QRectF, scale: float) -> QImage:
    image = QImage(round(rect.width() * scale), round(rect.height() * scale),
                   QImage.Format.Format_RGB32)  # fmt: skip
    image.fill(QColor("#3a3f44"))
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.scale(scale, scale)
    p.translate(-rect.left(), -rect.top())
    paint(p)
    p.end()
    return image


def test_map_art_is_a_saved_view_option(qtbot, tmp_path: Path, settings) -> None:
    path = tmp_path / "art.yaml"
    path.write_text(MAP, encoding="utf-8")
    win = _window(qtbot, path, settings)
    action = win.findChild(type(win.map_art_action), "action-map-art")
    assert action is win.map_art_action and action.isCheckable() and action.isChecked()
    assert action in win.menuBar().actions()[2].menu().actions() or any(
        action in m.menu().actions() for m in win.menuBar().actions() if m.menu()
    )
    painter = win.map_scene.map_painter
    assert painter.art
    layer = win.map_scene.layers.terrain
    corner = QRectF(0, 0, 8, 8)
    _render(lambda p: layer.paint(p, corner, 1.0, complete=True), corner, 1.0)
    assert layer.cached()
    action.trigger()  # off: the flat style, every tile anew
    assert not painter.art and not layer.cached()
    settings.sync()
    assert settings.value("view/map_art", True, bool) is False
    win.close()
    again = _window(qtbot, path, settings)
    assert not again.map_art_action.isChecked()
    assert not again.map_scene.map_painter.art  # the editor's scene follows the window
    again.map_art_action.trigger()
    assert again.map_scene.map_painter.art


def test_a_stroke_repaints_the_art_of_its_hexes_and_their_neighbours(
    qtbot, tmp_path: Path, settings
) -> None:
    """The noisy edges and textures of a hex's neighbours depend on it: after a brush
    stroke the cached tiles (repaired, not rendered anew) equal a fresh painting of the
    edited map, and what was marked to repaint covers the neighbours whole."""
    path = tmp_path / "art.yaml"
    path.write_text(MAP, encoding="utf-8")
    win = _window(qtbot, path, settings)
    win.view.set_scale(1.0)
    scene = win.map_scene
    hexmap = scene.hexmap
    h = hexmap.parse("0304")
    win.view.centerOn(scene.hex_center(h))
    qtbot.wait(50)
    layer = scene.layers.terrain
    area = QRectF(scene.map_painter.shape(h).bounds).adjusted(-90, -90, 90, 90)
    _render(lambda p: layer.paint(p, area, 1.0, complete=True), area, 1.0)  # tiles cached
    rendered = layer.rendered
    marked: list[QRectF] = []
    changed = scene.layers.terrain_changed
    scene.layers.terrain_changed = lambda rect: (marked.append(rect), changed(rect))[1]
    win.set_brush("woods")
    vp = win.view.viewport()
    at: QPoint = win.view.mapFromScene(scene.hex_center(h))
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    assert hexmap.cells[h].terrain == "woods"
    union = QRectF()
    for rect in marked:
        union = union.united(rect)
    covers = all(union.contains(scene.map_painter.shape(n).bounds) for n in h.neighbors())
    repaired = _render(lambda p: layer.paint(p, area, 1.0, complete=True), area, 1.0)
    assert layer.rendered == rendered  # repaired in place
    fresh_painter = MapPainter(hexmap)

    def fresh(p: QPainter, rect: QRectF, scale: float) -> None:
        fresh_painter.paint_terrain(p, rect, scale, raster=True)
        fresh_painter.paint_grid(p, rect, scale)

    anew = TileLayer(layer.bounds, fresh, background=layer.background)  # the same pixels
    expected = _render(lambda p: anew.paint(p, area, 1.0, complete=True), area, 1.0)
    off = 0
    for y in range(repaired.height()):
        for x in range(repaired.width()):
            a, b = repaired.pixelColor(x, y), expected.pixelColor(x, y)
            if abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue()) > 30:
                off += 1
    assert covers
    assert off < repaired.width() * repaired.height() * 0.001, off
