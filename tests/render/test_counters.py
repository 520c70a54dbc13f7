"""The counter painter draws every kind, both rulesets, steps and badges into an image."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from tabletop.hexgrid import Hex
from tabletop.model import (
    Figure,
    FigureSpec,
    Fire,
    Kind,
    PlatoonSide,
    PlatoonUnitType,
    Rating,
    SquadUnitType,
    Status,
    TargetClass,
    UnitState,
)
from tabletop.render import CounterOptions, counter_colors, paint_counter
from tabletop.render.counters import badges_for, symbol_for

pytestmark = pytest.mark.gui

FULL = PlatoonSide(
    ap=Rating(3, 10, 4), he=Rating(2, 10, 5), armor=2, save=5, movement=8
)  # fmt: skip
PLAIN = CounterOptions()
REDUCED = PlatoonSide(ap=Rating(2, 10, 4), armor=2, save=5, movement=6)


def platoon(kind: Kind, nation: str = "FRG") -> PlatoonUnitType:
    return PlatoonUnitType(
        "X", "Leopard 2", kind, TargetClass.ARMORED, {"full": FULL, "reduced": REDUCED}, nation
    )


def render(
    unit_type: PlatoonUnitType | SquadUnitType,
    state: UnitState | None = None,
    options: CounterOptions = PLAIN,
    size: int = 100,
) -> QImage:
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("white"))
    painter = QPainter(image)
    paint_counter(painter, QRectF(0, 0, size, size), unit_type, state, options)
    painter.end()
    return image


@pytest.mark.parametrize("kind", list(Kind))
def test_every_kind_paints_a_symbol(qapp: object, kind: Kind) -> None:
    t = platoon(kind)
    image = render(t)
    bg, _ = counter_colors(t)
    # the nation colour shows near the left edge, below the name
    assert image.pixelColor(8, 45).name() == bg.name()
    # the symbol's frame is light inside, with dark ink on it
    region = [image.pixelColor(x, y) for x in range(28, 72) for y in range(28, 55)]
    assert sum(c.lightness() > 200 for c in region) > 100
    assert sum(c.lightness() < 90 for c in region) > 20


def test_reduced_side_has_a_light_stripe(qapp: object) -> None:
    t = platoon(Kind.TANK)
    full = render(t, UnitState("a", "X", "nato", Hex(0, 0)), CounterOptions(badges=False))
    reduced = render(
        t, UnitState("a", "X", "nato", Hex(0, 0), step="reduced"), CounterOptions(badges=False)
    )
    assert full.pixelColor(4, 8).lightness() < reduced.pixelColor(4, 8).lightness()
    assert full != reduced


def test_badges_for_status_and_markers() -> None:
    state = UnitState("a", "X", "nato", Hex(0, 0), status=Status.DISRUPTED)
    state.markers += ["ops_complete", "depleted_ammo_1"]
    assert badges_for(state) == ["disrupted", "ops_complete", "depleted_ammo_1"]


def test_disrupted_badge_is_red(qapp: object) -> None:
    t = platoon(Kind.INFANTRY)
    state = UnitState("a", "X", "nato", Hex(0, 0), status=Status.DISRUPTED)
    image = QImage(140, 140, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("white"))
    p = QPainter(image)
    paint_counter(p, QRectF(20, 20, 100, 100), t, state)
    p.end()
    c = image.pixelColor(4, 47)  # the DISR badge sticks out left of the counter
    assert c.red() > 180 and c.green() < 90


def test_unknown_nation_uses_side_colour(qapp: object) -> None:
    t = platoon(Kind.TANK, nation="")
    a, _ = counter_colors(t, CounterOptions(side_index=0))
    b, _ = counter_colors(t, CounterOptions(side_index=1))
    assert a != b


def test_squad_counter(qapp: object) -> None:
    t = SquadUnitType(
        "RIFLE", "Rifle squad", (FigureSpec("soldier", 9), FigureSpec("medic", 1)),
        fire=Fire(1, 6, 5), nation="GER",
    )  # fmt: skip
    state = UnitState("s", "RIFLE", "axis", Hex(0, 0), figures=[Figure("soldier")] * 10)
    image = render(t, state)
    assert symbol_for(t) == "infantry"
    assert image.pixelColor(8, 45).name() == counter_colors(t)[0].name()


def test_simple_detail_and_tiny_rects(qapp: object) -> None:
    t = platoon(Kind.HELICOPTER)
    assert not render(t, options=CounterOptions(detail="simple"), size=20).isNull()
    image = QImage(10, 10, QImage.Format.Format_ARGB32_Premultiplied)
    p = QPainter(image)
    paint_counter(p, QRectF(0, 0, 0, 0), t)  # nothing to paint, no error
    p.end()
