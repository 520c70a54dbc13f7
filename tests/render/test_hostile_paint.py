"""A Python exception while painting cannot take the process down (issue 16 item 3): the
counter painter and the scene's paint methods log it and paint a red error glyph."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from tabletop.model import Kind, PlatoonUnitType, TargetClass
from tabletop.render import counters, guard, paint_counter

NO_SIDES = PlatoonUnitType("MILAN", "Milan", Kind.SW, TargetClass.UNARMORED, {})


def _paint(unit_type: PlatoonUnitType) -> QImage:
    image = QImage(100, 100, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    p = QPainter(image)
    paint_counter(p, QRectF(0, 0, 100, 100), unit_type)
    p.end()
    return image


def _reddish(image: QImage) -> int:
    return sum(
        1
        for x in range(0, 100, 2)
        for y in range(0, 100, 2)
        if (c := image.pixelColor(x, y)).red() > 180 and c.green() < 80 and c.blue() < 80
    )


def test_a_type_without_sides_paints(qapp: object) -> None:
    """The issue's ``full: null`` Milan (the data layer refuses it; the painter copes)."""
    assert _reddish(_paint(NO_SIDES)) == 0


def test_an_exception_paints_the_error_glyph_and_is_logged_once(
    qapp: object, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(*args: object) -> None:
        raise StopIteration

    monkeypatch.setattr(counters, "_paint_body", broken)
    monkeypatch.setattr(guard, "_seen", set())
    with caplog.at_level(logging.ERROR, logger="tabletop.render"):
        first, second = _paint(NO_SIDES), _paint(NO_SIDES)
    assert _reddish(first) > 20 and _reddish(second) > 20
    assert [r.getMessage() for r in caplog.records] == [
        "painting counter MILAN failed: StopIteration: "
    ]


def test_the_sheet_command_survives_a_failing_painter(tmp_path: Path) -> None:
    """In a process of its own: before the guard, Qt crashed after the exception."""
    sheet = str(Path(counters.__file__).parents[2] / "counters" / "eisenbach.yaml")
    code = (
        "import sys\n"
        "from tabletop.render import counters\n"
        "def broken(*a): raise StopIteration\n"
        "counters._paint_body = broken\n"
        "from tabletop.cli import main\n"
        f"sys.exit(main(['sheet', {sheet!r}, "
        f"'-o', {str(tmp_path / 'sheet.pdf')!r}]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        env={"QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(Path(counters.__file__).parents[2])},
    )
    assert done.returncode == 0, done.stderr
    assert "painting counter" in done.stderr and (tmp_path / "sheet.pdf").stat().st_size > 0


def test_a_scene_item_paint_exception_stays_inside(qapp: object) -> None:
    from PySide6.QtWidgets import QGraphicsItem

    from tabletop.ui.scene import items

    for cls in (items.TileItem, items.MarkerItem):
        assert hasattr(cls.paint, "__wrapped__"), cls  # every map paint path is guarded

    class Broken(QGraphicsItem):
        def boundingRect(self) -> QRectF:
            return QRectF(0, 0, 100, 100)

        @guard.guard_paint
        def paint(self, painter, option, widget=None) -> None:
            raise KeyError("clear")

    class Option:
        exposedRect = QRectF(0, 0, 100, 100)

    image = QImage(100, 100, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    p = QPainter(image)
    Broken().paint(p, Option(), None)
    p.end()
    assert _reddish(image) > 20
