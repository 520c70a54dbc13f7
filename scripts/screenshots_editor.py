"""Screenshots of the map editor for docs/editor.md.

Run under a virtual screen from the repository root:
    xvfb-run -a -s "-screen 0 1600x1000x24" python scripts/screenshots_editor.py [OUT_DIR]
It edits a copy of the bundled Eisenbach Gap map in a temporary folder (never touching
the repository's maps or your settings) and saves PNGs to OUT_DIR (default docs/images).
The "scanned board" is that map painted at another scale, offset on paper, under a new
blank 16 x 12 map that is calibrated onto it.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QPoint, QPointF, QSettings, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtTest import QTest

from tabletop import data, paths
from tabletop.commands.mapedit import image_to_scene
from tabletop.hexgrid import HexSide
from tabletop.render import MapPainter
from tabletop.ui.app import application, create_window

BLANK = """\
format: tabletop/map@1
name: Tracing the Gap
terrain: standard
grid: {columns: 16, rows: 12}
"""
SCAN_SCALE = 0.7
SCAN_OFFSET = (90.0, 60.0)


WIDTH = 1100
"""Saved width in pixels: readable on a docs page, small enough for the repository."""


def save(widget, path: Path) -> None:
    image = widget.grab().toImage().scaledToWidth(WIDTH, Qt.TransformationMode.SmoothTransformation)
    image.convertToFormat(QImage.Format.Format_RGB888).save(str(path), "JPG", 82)


def settle(ms: int = 300) -> None:
    QTest.qWait(ms)


def point(window, label: str) -> QPoint:
    h = window.document.map.parse(label)
    return window.view.mapFromScene(window.map_scene.hex_center(h))


def side_point(window, a: str, b: str) -> QPoint:
    p = window.document.map.parse
    (x0, y0), (x1, y1) = window.map_scene.layout.side_endpoints(HexSide(p(a), p(b)))
    return window.view.mapFromScene(QPointF((x0 + x1) / 2, (y0 + y1) / 2))


def drag(window, points: list[QPoint], release: bool = True) -> None:
    vp = window.view.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, points[0])
    for p in points[1:]:
        QTest.mouseMove(vp, p)
        settle(30)
    if release:
        QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                           points[-1])  # fmt: skip


def scan(map_path: Path, out: Path) -> None:
    """The map painted small, offset on a sheet of paper: a stand-in for a scanned board."""
    hexmap = data.load_map(map_path)
    painter_ = MapPainter(hexmap)
    rect = painter_.bounds
    w = int(rect.width() * SCAN_SCALE + 2 * SCAN_OFFSET[0])
    h = int(rect.height() * SCAN_SCALE + 2 * SCAN_OFFSET[1])
    image = QImage(w, h, QImage.Format.Format_RGB32)
    image.fill(QColor("#efe6cf"))
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.translate(SCAN_OFFSET[0], SCAN_OFFSET[1])
    p.scale(SCAN_SCALE, SCAN_SCALE)
    p.translate(-rect.left(), -rect.top())
    painter_.paint_terrain(p, rect, SCAN_SCALE)
    painter_.paint_grid(p, rect, SCAN_SCALE, labels=True)
    p.end()
    image.save(str(out))


def scan_pixel(board_map, label: str) -> tuple[float, float]:
    """Where the centre of ``label`` is on the scan of ``board_map``."""
    x, y = board_map.layout().hex_to_pixel(board_map.parse(label))
    bounds = MapPainter(board_map).bounds
    return ((x - bounds.left()) * SCAN_SCALE + SCAN_OFFSET[0],
            (y - bounds.top()) * SCAN_SCALE + SCAN_OFFSET[1])  # fmt: skip


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    application()
    tmp = Path(tempfile.mkdtemp())
    map_path = tmp / "eisenbach-gap.yaml"
    shutil.copy(paths.ROOT / "maps" / "eisenbach-gap.yaml", map_path)
    settings = QSettings(str(tmp / "s.ini"), QSettings.Format.IniFormat)
    window = create_window(map_path, settings)
    assert window is not None
    window.resize(1500, 940)
    window.show()
    settle(500)
    window.view.fit_map()
    settle()
    ed = window.editor
    # the palette, after a radius-1 wood
    window.set_brush("woods")
    ed.set_radius(1)
    drag(window, [point(window, "2416"), point(window, "2516"), point(window, "2616")])
    settle()
    save(window, out / "editor-palette.jpg")
    # a stroke in progress: a river being dragged along the hexsides
    window.set_brush("river")
    window.view.set_scale(1.2)
    window.view.centerOn(window.map_scene.hex_center(window.document.map.parse("2504")))
    settle()
    chain = [("2702", "2802"), ("2703", "2802"), ("2703", "2803"), ("2704", "2803"),
             ("2704", "2804"), ("2705", "2804")]  # fmt: skip
    drag(window, [side_point(window, a, b) for a, b in chain], release=False)
    settle()
    save(window, out / "editor-stroke.jpg")
    QTest.mouseRelease(window.view.viewport(), Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier, side_point(window, *chain[-1]))  # fmt: skip
    # the cost tint
    window.view.fit_map()
    ed.set_tool("select")
    ed.set_tint("vehicle")
    settle(600)
    save(window, out / "editor-tint.jpg")
    ed.set_tint("none")
    # line of sight: the verdict and its reason on the map, across the town
    ed.set_tool("los")
    window.view.set_scale(1.2)
    window.view.centerOn(window.map_scene.hex_center(window.document.map.parse("1311")))
    settle()
    drag(window, [point(window, "0711"), point(window, "0911"), point(window, "1311")])
    settle()
    save(window, out / "editor-los.jpg")
    ed.set_tool("select")
    # a calibrated background: a new blank map, the scan under it, two hexes dragged
    board = tmp / "board.png"
    scan(map_path, board)
    board_map = data.load_map(map_path)
    blank = tmp / "tracing.yaml"
    blank.write_text(BLANK, encoding="utf-8")
    window.ask_before_closing = False
    window.open_file(blank)
    settle(400)
    ed = window.editor
    ed.load_background(board)
    ed.set_tool("calibrate")
    hexmap = window.document.map
    for label, shot in (("0202", "editor-calibrate-1.jpg"), ("1511", "editor-background.jpg")):
        bg = hexmap.background
        pixel = scan_pixel(board_map, label)
        x, y = image_to_scene(hexmap, bg, window.map_scene.layout, pixel)
        drag(window, [point(window, label), window.view.mapFromScene(QPointF(x, y))])
        ed.opacity_slider.setValue(80)
        window.view.fit_map()
        settle(600)
        save(window, out / shot)
    window.ask_before_closing = False
    window.close()
    print(f"saved to {out}; background fitted: {hexmap.background}")


if __name__ == "__main__":
    main(
        Path(sys.argv[1])
        if len(sys.argv) > 1
        else Path(__file__).resolve().parent.parent / "docs" / "images"
    )
