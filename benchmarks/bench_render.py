"""Render the whole demo scene to an image, against a plain baseline in the same run.

Baseline: fill an image of the same size with a colour and draw as many plain rectangles
as the scene has hexes and counters. The ratio says what the map painter, textures,
labels and the counter painter cost over the bare minimum of QPainter work.

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_render.py
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication

from tabletop import paths
from tabletop.ui.scene.scene import MapScene
from tabletop.ui.shell.loading import load_game_document

ROUNDS = 20


def best_of(fn, rounds: int = ROUNDS) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    app = QApplication.instance() or QApplication([])
    document = load_game_document(paths.DEMO_SCENARIO)
    scene = MapScene(document)
    rect = scene.map_rect()
    image = QImage(int(rect.width()), int(rect.height()), QImage.Format.Format_ARGB32_Premultiplied)
    hexes = len(scene.hexmap.cells)
    counters = len(scene.counters)
    side = scene.counter_side

    def render_scene() -> None:
        image.fill(QColor("black"))
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        scene.render(painter, QRectF(image.rect()), rect)
        painter.end()

    def baseline() -> None:
        image.fill(QColor("#dfe6b0"))
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        w, h = image.width(), image.height()
        for i in range(hexes + counters):
            x = (i * 37) % max(1, w - side)
            y = (i * 53) % max(1, h - side)
            painter.fillRect(QRectF(x, y, side, side), QColor("#7f9bc0"))
        painter.end()

    render_scene()  # warm up fonts and glyph caches
    baseline()
    t_scene = best_of(render_scene)
    t_base = best_of(baseline)
    print(
        f"bench_render: demo scene {image.width()}x{image.height()} px, {hexes} hexes, "
        f"{counters} counters"
    )
    print(f"  whole scene to image: {t_scene * 1000:8.2f} ms (best of {ROUNDS})")
    print(f"  baseline fill + {hexes + counters} rects: {t_base * 1000:8.2f} ms")
    print(f"  ratio scene / baseline: {t_scene / t_base:.1f}x")
    del app


if __name__ == "__main__":
    main()
