"""Guard against PySide6 6.12.0's reference-count bug on Python 3.11.

That release drops a reference to ``None`` or a bool on every call into a Python override
(``paint``, ``drawBackground``, slots), and the process aborts within seconds with
"Fatal Python error: none_dealloc". 6.11 is clean. Here a scene whose items and background
are Python overrides (the real counter painter among them) is rendered a thousand times;
on a broken binding this test aborts the run or sees ``None``'s count fall by about one
per call (on Python 3.11 ``None`` is not yet immortal, so its count is meaningful).
"""

from __future__ import annotations

import sys

import pytest
from PySide6.QtCore import QObject, QRectF, Signal
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from tabletop.hexgrid import Hex
from tabletop.model import (
    Kind,
    PlatoonSide,
    PlatoonUnitType,
    Rating,
    Status,
    TargetClass,
    UnitState,
)
from tabletop.render import CounterOptions, paint_counter

pytestmark = pytest.mark.gui

RENDERS = 1000
TYPE = PlatoonUnitType(
    "T72", "T-72", Kind.TANK, TargetClass.ARMORED,
    {"full": PlatoonSide(ap=Rating(3, 10, 4), armor=2, save=5, movement=8)}, "USSR",
)  # fmt: skip
STATE = UnitState("t", "T72", "pact", Hex(0, 0), status=Status.DISRUPTED, markers=["ops_complete"])


class CounterPaintItem(QGraphicsItem):
    """Uncached, so every render calls the Python ``paint`` override."""

    def __init__(self) -> None:
        super().__init__()
        self.calls = 0

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, 48, 48)

    def paint(self, painter, option, widget=None) -> None:
        self.calls += 1
        paint_counter(painter, QRectF(4, 4, 40, 40), TYPE, STATE, CounterOptions())


class BackgroundScene(QGraphicsScene):
    def __init__(self) -> None:
        super().__init__()
        self.calls = 0

    def drawBackground(self, painter, rect) -> None:
        self.calls += 1
        painter.fillRect(rect, QColor("#3a3f44"))


class Emitter(QObject):
    fired = Signal(bool)


def _counts() -> tuple[int, int, int]:
    return sys.getrefcount(None), sys.getrefcount(True), sys.getrefcount(False)


def test_python_overrides_survive_a_thousand_renders(qapp) -> None:
    scene = BackgroundScene()
    item = CounterPaintItem()
    scene.addItem(item)
    scene.setSceneRect(0, 0, 48, 48)
    image = QImage(48, 48, QImage.Format.Format_ARGB32_Premultiplied)
    emitter = Emitter()
    received: list[bool] = []
    emitter.fired.connect(received.append)

    before = _counts()
    for i in range(RENDERS):
        image.fill(0)
        painter = QPainter(image)
        scene.render(painter, QRectF(image.rect()), scene.sceneRect())
        painter.end()
        emitter.fired.emit(i % 2 == 0)
    after = _counts()

    assert item.calls == RENDERS
    assert scene.calls == RENDERS
    assert len(received) == RENDERS
    assert image.pixelColor(24, 24) != QColor("#3a3f44")  # the counter is there
    if sys.version_info < (3, 12):  # immortal objects from 3.12 on
        for name, b, a in zip(("None", "True", "False"), before, after, strict=True):
            assert a > b - RENDERS // 2, f"{name} lost {b - a} references in {RENDERS} renders"
