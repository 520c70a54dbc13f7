"""Side colours that colour-blind players tell apart: the side marks of the first sides stay
far apart under simulated protanopia, deuteranopia and tritanopia (Machado, Oliveira and
Fernandes 2009, severity 1), where the nation colours of opposing sides may not; the
counter painter draws the mark."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from tabletop.model import Kind, PlatoonSide, PlatoonUnitType, Rating, TargetClass
from tabletop.render import CounterOptions, paint_counter
from tabletop.render.palette import NATION_COLORS, SIDE_MARKS, side_color

MACHADO = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}  # fmt: skip


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def seen(color: str, vision: str) -> tuple[float, float, float]:
    q = QColor(color)
    rgb = (_linear(q.red()), _linear(q.green()), _linear(q.blue()))
    m = MACHADO[vision]
    out = [min(1.0, max(0.0, sum(m[i][k] * rgb[k] for k in range(3)))) for i in range(3)]
    return _lab((out[0], out[1], out[2]))


def delta_e(a: str, b: str, vision: str) -> float:
    return math.dist(seen(a, vision), seen(b, vision))


@pytest.mark.parametrize("vision", list(MACHADO))
def test_the_side_marks_stay_apart_for_colour_blind_vision(vision: str) -> None:
    first, second, third = SIDE_MARKS[:3]
    assert delta_e(first, second, vision) > 60
    assert min(delta_e(first, third, vision), delta_e(second, third, vision)) > 40


def test_the_nation_colours_alone_would_not_do() -> None:
    # why the mark exists: US olive and Soviet brick nearly merge under deuteranopia
    assert delta_e(NATION_COLORS["US"], NATION_COLORS["USSR"], "deuteranopia") < 10


@pytest.mark.gui
def test_the_counter_carries_its_side_mark(qapp: object) -> None:
    side = PlatoonSide(ap=Rating(3, 10, 4), armor=2, save=5, movement=8)
    unit_type = PlatoonUnitType("X", "M-1", Kind.TANK, TargetClass.ARMORED, {"full": side}, "US")
    for index in (0, 1):
        image = QImage(100, 100, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(QColor("white"))
        painter = QPainter(image)
        options = CounterOptions(side_mark=side_color(index).name())
        paint_counter(painter, QRectF(0, 0, 100, 100), unit_type, None, options)
        painter.end()
        assert image.pixelColor(95, 6).name() == side_color(index).name()
