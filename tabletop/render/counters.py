"""The one counter painter: scene items, editor previews and printed sheets all call it.

:func:`paint_counter` draws a square wargame counter into any rectangle: the nation's
colour, the NATO symbol of the unit's kind (or of its main model in the squad ruleset),
the unit name, the ratings along the bottom, a stripe behind the name on a reduced side,
and (with a ``UnitState``) status and unit markers as small badges. It works in a
100 x 100 box scaled to the rectangle, so the layout is the same at every size.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF

from tabletop.model import PlatoonSide, PlatoonUnitType, SquadUnitType, Status, UnitState, UnitType
from tabletop.model.units import (
    AIRCRAFT_MODELS,
    COUNTER_SYMBOLS,
    GUN_MODELS,
    Kind,
)
from tabletop.render.guard import paint_guarded
from tabletop.render.palette import BADGES, contrast_text, font, nation_color

__all__ = [
    "BADGE_MARGIN",
    "MARK_COLOR",
    "CounterOptions",
    "badges_for",
    "counter_colors",
    "paint_counter",
    "stack_offsets",
]

BADGE_MARGIN = 0.2
"""How far (as a share of the counter's side) badges may stick out of the counter."""


@dataclass(frozen=True, slots=True)
class CounterOptions:
    """How to paint a counter.

    ``side_index`` picks a colour when the nation is unknown; ``background`` overrides the
    colour; ``detail`` is ``"full"`` or ``"simple"`` (colour, symbol and badges only, for a
    counter a few pixels wide); ``badges`` draws status and marker badges. ``side_mark`` (a
    colour, :func:`~tabletop.render.palette.side_color`) puts a corner flag of the unit's
    side on the counter: nation colours of opposing sides can look alike to colour-blind
    players (US olive and Soviet brick under deuteranopia), the side colours do not.
    ``marked`` rings the counter in :data:`MARK_COLOR`: a unit of the formation whose chit
    was just drawn, while its impulse lasts.
    """

    side_index: int = 0
    background: str | None = None
    detail: str = "full"
    badges: bool = True
    selected: bool = False
    side_mark: str | None = None
    marked: bool = False


MARK_COLOR = "#5cff5c"
"""The ring of a marked counter (:attr:`CounterOptions.marked`): a lime green that stands
out on every nation's and side's colour, and apart from the yellow of a selection and the
red of a disrupted unit's border."""

# --- symbols ---------------------------------------------------------------------------

_KIND_SYMBOL = {
    Kind.TANK: "armor",
    Kind.IFV: "mech",
    Kind.APC: "mech",
    Kind.ARMORED_CAR: "armored_car",
    Kind.TRUCK: "wheeled",
    Kind.INFANTRY: "infantry",
    Kind.MORTAR: "mortar",
    Kind.SW: "antitank",
    Kind.HELICOPTER: "rotor",
    Kind.RECON: "recon",
    Kind.HQ: "hq",
}

_MODEL_SYMBOL = {
    "soldier": "infantry", "medic": "medic", "cavalry": "recon", "hmg": "mg",
    "heavy_flamethrower": "flame", "at_rifle": "antitank", "mortar": "mortar",
    "motorcycle": "wheeled", "motorcycle_sidecar": "wheeled", "wheeled_vehicle": "wheeled",
    "halftrack": "mech", "small_apc": "mech", "apc": "mech", "armored_car": "armored_car",
    "tankette": "armor", "light_tank": "armor", "medium_tank": "armor",
    "heavy_tank": "armor", "spg": "spg",
}  # fmt: skip


def symbol_for(unit_type: UnitType) -> str:
    """The NATO symbol name a unit type is drawn with: its ``art`` symbol, else by kind or
    main model."""
    art = unit_type.art.get("symbol") if unit_type.art else None
    if art in COUNTER_SYMBOLS:
        return str(art)
    if isinstance(unit_type, PlatoonUnitType):
        if unit_type.is_recon and unit_type.kind is not Kind.ARMORED_CAR:
            return "recon"
        return _KIND_SYMBOL.get(unit_type.kind, "infantry")
    model = unit_type.main_model
    if model in AIRCRAFT_MODELS:
        return "aircraft"
    if model in GUN_MODELS:
        return "gun"
    return _MODEL_SYMBOL.get(model, "infantry")


def _draw_symbol(p: QPainter, box: QRectF, symbol: str, ink: QColor) -> None:
    """A NATO unit symbol in ``box`` (a frame, then the kind's sign inside it)."""
    if symbol == "antitank":  # a support weapon: a smaller frame
        box = QRectF(box.center().x() - 12, box.center().y() - 8, 24, 16)
    p.setBrush(QColor(255, 255, 255, 215))
    p.setPen(QPen(ink, 2.2))
    p.drawRect(box)
    p.setBrush(Qt.BrushStyle.NoBrush)
    x, y, w, h = box.x(), box.y(), box.width(), box.height()
    cx, cy = box.center().x(), box.center().y()
    if symbol in ("infantry", "mech", "medic", "mg", "flame"):
        p.drawLine(QPointF(x, y), QPointF(x + w, y + h))
        p.drawLine(QPointF(x, y + h), QPointF(x + w, y))
    if symbol in ("armor", "mech", "armored_car", "spg"):
        hull = QRectF(x + w * 0.18, y + h * 0.22, w * 0.64, h * 0.56)
        p.drawRoundedRect(hull, h * 0.28, h * 0.28)
    if symbol in ("recon", "armored_car"):
        p.drawLine(QPointF(x, y + h), QPointF(x + w, y))
    if symbol == "wheeled":
        p.drawLine(QPointF(x + w * 0.2, cy), QPointF(x + w * 0.8, cy))
        for fx in (0.3, 0.7):
            p.drawEllipse(QPointF(x + w * fx, y + h * 0.72), h * 0.12, h * 0.12)
    if symbol in ("mortar", "gun", "spg", "mg"):
        p.setBrush(ink)
        p.drawEllipse(QPointF(cx, cy), h * 0.14, h * 0.14)
        p.setBrush(Qt.BrushStyle.NoBrush)
        if symbol == "mortar":
            p.drawLine(QPointF(cx, cy), QPointF(cx, y + h * 0.12))
            p.drawLine(QPointF(cx - 4, y + h * 0.3), QPointF(cx, y + h * 0.12))
            p.drawLine(QPointF(cx + 4, y + h * 0.3), QPointF(cx, y + h * 0.12))
    if symbol == "antitank":
        p.drawLine(QPointF(x, y + h), QPointF(cx, y))
        p.drawLine(QPointF(cx, y), QPointF(x + w, y + h))
    if symbol == "medic":
        p.drawLine(QPointF(cx, y + 2), QPointF(cx, y + h - 2))
    if symbol == "flame":
        p.drawLine(QPointF(x + 3, cy), QPointF(x + w - 3, cy))
    if symbol in ("rotor", "aircraft"):
        path = QPainterPath()
        path.moveTo(x + w * 0.15, y + h * 0.2)
        path.lineTo(x + w * 0.85, y + h * 0.8)
        path.lineTo(x + w * 0.85, y + h * 0.2)
        path.lineTo(x + w * 0.15, y + h * 0.8)
        path.closeSubpath()
        p.setBrush(ink if symbol == "rotor" else Qt.BrushStyle.NoBrush)
        p.drawPath(path)
        p.setBrush(Qt.BrushStyle.NoBrush)
    if symbol == "hq":
        p.drawLine(QPointF(x + w * 0.25, y + h * 0.15), QPointF(x + w * 0.25, y + h * 0.9))
        p.setBrush(ink)
        p.drawRect(QRectF(x + w * 0.25, y + h * 0.15, w * 0.45, h * 0.35))
        p.setBrush(Qt.BrushStyle.NoBrush)


# --- texts -------------------------------------------------------------------------------


Line = tuple[str, str]
"""A ratings line: a small prefix ("AP") and a bold value ("3-10-4")."""


def _rating_lines(side: PlatoonSide) -> list[Line]:
    lines = []
    for weapon, rating in side.ratings().items():
        mark = "*" if rating.missile else ""
        value = f"{rating.firepower}-{rating.range}-{rating.hit}{mark}"
        lines.append((weapon.value.upper(), value))
    return lines


def _platoon_texts(t: PlatoonUnitType, state: UnitState | None) -> tuple[list[Line], str, str]:
    """(rating lines, armor/save text, movement text) for the side in use."""
    step = state.step if state is not None else "full"
    mode = state.mode if state is not None else None
    try:
        side = t.side(step, mode)
    except KeyError:
        if not t.sides:  # no side to print (the data layer refuses such a type)
            return [], "", ""
        side = next(iter(t.sides.values()))
    armor = ""
    if side.armor is not None or side.save is not None:
        a = "-" if side.armor is None else str(side.armor)
        s = "-" if side.save is None else str(side.save)
        armor = f"{a}/{s}"
    return _rating_lines(side), armor, str(side.movement)


def _squad_texts(t: SquadUnitType, state: UnitState | None) -> tuple[list[Line], str, str]:
    total = t.figure_count
    lines: list[Line] = []
    if state is not None and state.figures:
        standing = len(state.standing())
        count = f"{standing}/{len(state.figures)}" if standing != total else str(total)
        lines.append(("fig", count))
    else:
        lines.append(("fig", str(total)))
    if t.fire is not None:
        at = "*" if t.fire.anti_tank else ""
        lines.append(("fire", f"{t.fire.dice}-{t.fire.range}-{t.fire.hit}{at}"))
    if t.armor is not None:
        side = f"/{t.side_armor}" if t.side_armor is not None else ""
        lines.append(("arm", f"{t.armor}{side}"))
    steadiness = "-" if t.steadiness is None else str(t.steadiness)
    return lines, f"S{steadiness}", str(t.movement)


def badges_for(state: UnitState) -> list[str]:
    """Badge names for a unit's status, unit markers and flight mode, most urgent first."""
    names: list[str] = []
    if state.status in (Status.DISRUPTED, Status.SUPPRESSED, Status.SURRENDERED):
        names.append(state.status.value)
    names.extend(state.markers)
    if state.mode in ("noe", "landed"):
        names.append(state.mode)
    if state.flags.get("maneuver"):
        names.append("maneuver")
    return names


def counter_colors(
    unit_type: UnitType, options: CounterOptions = CounterOptions()
) -> tuple[QColor, QColor]:
    """(background, ink) of a unit type's counter."""
    art = unit_type.art.get("background") if unit_type.art else None
    if options.background:
        bg = QColor(options.background)
    elif art and QColor(art).isValid():  # a name Qt does not know: the nation's colour
        bg = QColor(art)
    else:
        bg = nation_color(unit_type.nation, options.side_index)
    text = QColor(unit_type.art.get("text", "")) if unit_type.art else QColor()
    return bg, text if text.isValid() else contrast_text(bg)


# --- the painter -----------------------------------------------------------------------------


def paint_counter(
    painter: QPainter,
    rect: QRectF,
    unit_type: UnitType,
    unit_state: UnitState | None = None,
    options: CounterOptions = CounterOptions(),
) -> None:
    """Paint a counter filling the square centred in ``rect`` (badges may stick out by
    :data:`BADGE_MARGIN` of its side). The painter's state is restored afterwards. A Python
    exception while painting is logged and shows as an error glyph (render.guard)."""
    side = min(rect.width(), rect.height())
    if side <= 0:
        return
    paint_guarded(
        painter,
        rect,
        f"counter {unit_type.id}",
        lambda: _paint_counter(painter, rect, side, unit_type, unit_state, options),
    )


def _paint_counter(
    painter: QPainter,
    rect: QRectF,
    side: float,
    unit_type: UnitType,
    unit_state: UnitState | None,
    options: CounterOptions,
) -> None:
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    painter.translate(rect.center().x() - side / 2, rect.center().y() - side / 2)
    painter.scale(side / 100.0, side / 100.0)
    try:
        _paint_body(painter, unit_type, unit_state, options)
        if options.badges and unit_state is not None:
            _paint_badges(painter, badges_for(unit_state))
    finally:
        painter.restore()


def _paint_body(p: QPainter, t: UnitType, state: UnitState | None, options: CounterOptions) -> None:
    bg, ink = counter_colors(t, options)
    body = QRectF(1, 1, 98, 98)
    disrupted = state is not None and state.status is Status.DISRUPTED
    # a drop shadow makes stacks read as stacks
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(0, 0, 0, 70))
    p.drawRoundedRect(body.translated(2.5, 2.5), 6, 6)
    p.setBrush(bg)
    border = QColor("#d42a20") if disrupted else bg.darker(170)
    p.setPen(QPen(border, 5 if disrupted else 2.5))
    if options.selected:
        p.setPen(QPen(QColor("#ffe14d"), 6))
    p.drawRoundedRect(body, 6, 6)
    if options.marked:  # a ring just inside the border, a dark line inside it
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor(MARK_COLOR), 5))
        p.drawRoundedRect(QRectF(4.5, 4.5, 91, 91), 4, 4)
        p.setPen(QPen(QColor("#123312"), 1.2))
        p.drawRoundedRect(QRectF(7.6, 7.6, 84.8, 84.8), 3, 3)
    reduced = state is not None and state.step == "reduced"
    if options.side_mark:
        _draw_side_mark(p, QColor(options.side_mark))
    if options.detail != "full":
        _draw_symbol(p, QRectF(22, 30, 56, 38), symbol_for(t), ink)
        return
    name_ink = ink
    if reduced:  # the reduced side: a light stripe behind the name
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(255, 255, 255, 225))
        p.drawRect(QRectF(2.5, 5, 95, 19))
        name_ink = QColor("#1a1a1a")
    name_box = QRectF(5, 5, 80, 19) if options.side_mark else QRectF(5, 5, 90, 19)
    _draw_fitted_text(p, name_box, t.counter_name, name_ink, 17, bold=True)
    _draw_symbol(p, QRectF(27, 27, 46, 29), symbol_for(t), ink)
    if isinstance(t, PlatoonUnitType):
        lines, armor, movement = _platoon_texts(t, state)
    else:
        lines, armor, movement = _squad_texts(t, state)
    _draw_ratings(p, lines, armor, movement, ink)


def _draw_side_mark(p: QPainter, color: QColor) -> None:
    """A flag in the top right corner, in the side's colour with a white edge."""
    flag = QPolygonF([QPointF(80, 1.5), QPointF(98.5, 1.5), QPointF(98.5, 20)])
    p.setPen(QPen(QColor(255, 255, 255, 230), 1.6))
    p.setBrush(color)
    p.drawPolygon(flag)


def _draw_fitted_text(
    p: QPainter, box: QRectF, text: str, ink: QColor, size: int, *, bold: bool
) -> None:
    """Centred text in ``box``, shrunk (down to 60%) and then elided to fit its width."""
    for px in range(size, max(6, int(size * 0.6)) - 1, -1):
        f = font(px, bold=bold, condensed=px < size)
        metrics = QFontMetricsF(f)
        if metrics.horizontalAdvance(text) <= box.width():
            break
    else:
        text = metrics.elidedText(text, Qt.TextElideMode.ElideRight, box.width())
    p.setFont(f)
    p.setPen(ink)
    p.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


def _draw_ratings(p: QPainter, lines: list[Line], armor: str, movement: str, ink: QColor) -> None:
    n = max(1, len(lines))
    line_h = min(14.0, 40.0 / n)
    px = 12 if n <= 2 else 11
    top = 58.0 + (40.0 - n * line_h) / 2 - 1
    small = font(px - 2, condensed=True)
    bold = font(px, bold=True, condensed=True)
    small_metrics = QFontMetricsF(small)
    bold_metrics = QFontMetricsF(bold)
    width = 66.0
    p.setPen(ink)
    align = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
    for i, (prefix, value) in enumerate(lines):
        x = 5.0
        y = top + i * line_h
        if prefix:
            p.setFont(small)
            p.drawText(QRectF(x, y, width, line_h), align, prefix)
            x += small_metrics.horizontalAdvance(prefix) + 3
        p.setFont(bold)
        text = bold_metrics.elidedText(value, Qt.TextElideMode.ElideRight, width - (x - 5))
        p.drawText(QRectF(x, y, width - (x - 5), line_h), align, text)
    # right column: armor/save in a box, movement large below
    if armor:
        p.setFont(font(11, bold=True, condensed=True))
        box = QRectF(72, 59, 24, 15)
        p.setPen(QPen(ink, 1.2))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawRoundedRect(box, 2, 2)
        p.drawText(box, Qt.AlignmentFlag.AlignCenter, armor)
    p.setFont(font(20, bold=True))
    p.setPen(ink)
    p.drawText(QRectF(70, 74, 28, 23), Qt.AlignmentFlag.AlignCenter, movement)


def _paint_badges(p: QPainter, names: list[str]) -> None:
    """Badges down the left edge below the name, sticking out of the counter, most urgent
    on top."""
    f = font(12, bold=True, condensed=True)
    metrics = QFontMetricsF(f)
    p.setFont(f)
    y = 25.0
    for name in names[:5]:
        text, colour = BADGES.get(name, (name.replace("_", " ").upper()[:6], "#444444"))
        bg = QColor(colour)
        w = metrics.horizontalAdvance(text) + 8
        box = QRectF(-BADGE_MARGIN * 100, y, w, 16)
        p.setPen(QPen(QColor("#fafafa"), 1.5))
        p.setBrush(bg)
        p.drawRoundedRect(box, 4, 4)
        p.setPen(contrast_text(bg))
        p.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
        y += 18


def stack_offsets(count: int, side: float) -> list[QPointF]:
    """Offsets of the counters of a stack of counters ``side`` wide, bottom first: each one
    up and to the right of the one below, the whole stack centred on the hex (the map and
    the printed map place stacks alike)."""
    step = side * 0.16
    start = -(count - 1) * step / 2
    return [QPointF(start + i * step, -(start + i * step)) for i in range(count)]
