"""Hostile background images (issue 22): an SVG whose <image> is a FIFO, a compressed SVG
that inflates to gigabytes, a huge raster; each refused in well under a second with the
reason, the map shown without it. The app never follows an SVG's external references."""

from __future__ import annotations

import gzip
import os
import time
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from tabletop.ui.editor.imageread import read_image

pytestmark = [pytest.mark.gui, pytest.mark.qt_log_ignore("does not support propagateSizeHints")]

MAP = """\
format: tabletop/map@1
name: Background test
terrain: standard
grid: {columns: 10, rows: 8}
default: clear
background: {image: IMAGE, opacity: 0.5, origin: [0, 0], hex_size: [50, 50]}
"""


def _svg_with_image(folder: Path, href: str) -> Path:
    svg = folder / "board.svg"
    svg.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'width="100" height="100"><image xlink:href="{href}" width="100" height="100"/></svg>',
        encoding="utf-8",
    )
    return svg


def test_an_svg_whose_image_is_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "fifo.png")
    svg = _svg_with_image(tmp_path, "fifo.png")
    start = time.monotonic()
    image, problem = read_image(svg)
    assert time.monotonic() - start < 5
    assert image.isNull() and "refers to other files" in problem


def test_a_fifo_as_the_image_itself_is_refused(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "fifo.png")
    image, problem = read_image(tmp_path / "fifo.png")
    assert image.isNull() and "not a regular file" in problem


def test_an_svgz_bomb_is_refused_by_its_inflated_size(tmp_path: Path) -> None:
    body = b"<!--" + b" " * (64 * 2**20) + b"-->"
    raw = b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' + body + b"</svg>"
    bomb = tmp_path / "bomb.svgz"
    bomb.write_bytes(gzip.compress(raw, 9))
    assert bomb.stat().st_size < 2**20
    start = time.monotonic()
    image, problem = read_image(bomb)
    assert time.monotonic() - start < 5
    assert image.isNull() and "once decompressed" in problem


def test_an_svg_of_too_many_pixels_is_refused(tmp_path: Path) -> None:
    svg = tmp_path / "huge.svg"
    svg.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"/>')
    image, problem = read_image(svg)
    assert image.isNull() and "megapixels" in problem


def test_a_plain_image_and_a_plain_svg_still_load(tmp_path: Path) -> None:
    png = tmp_path / "board.png"
    small = QImage(40, 30, QImage.Format.Format_RGB32)
    small.fill(0x336699)
    assert small.save(str(png))
    image, problem = read_image(png)
    assert not image.isNull() and (image.width(), image.height()) == (40, 30) and not problem
    svg = tmp_path / "board.svg"
    svg.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10">'
        '<rect width="20" height="10" fill="#369"/></svg>'
    )
    image, problem = read_image(svg)
    assert not image.isNull() and image.width() == 20 and not problem


def test_the_app_opens_a_map_whose_background_svg_points_at_a_fifo(
    qtbot, tmp_path: Path, settings
) -> None:
    from tabletop.ui.app import create_window

    os.mkfifo(tmp_path / "fifo.png")
    _svg_with_image(tmp_path, "fifo.png")
    path = tmp_path / "map.yaml"
    path.write_text(MAP.replace("IMAGE", "board.svg"), encoding="utf-8")
    start = time.monotonic()
    win = create_window(path, settings)
    assert win is not None
    qtbot.addWidget(win)
    win.show()
    assert time.monotonic() - start < 30
    assert win.document is not None
    win.close()
