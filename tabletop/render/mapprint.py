"""The map printer: a hex map at true scale on as many pages as it needs (``tabletop
print-map``, File > Print Map).

:func:`plan_print` is geometry in millimetres: the map's hexes at a hex size across the
flats (``--hex 3/4in``), cut into tiles that fit the paper's printable area and overlap by a
margin, on portrait or landscape pages (whichever needs fewer). :func:`paint_tile` paints
one page with the screen's own painter (:class:`~tabletop.render.terrain.MapPainter`: the
map art, hexside features, grid and labels, so what is printed is what is played), the
game's counters and hex markers when asked (:func:`unit_stacks`, with the one counter
painter), the page's label ("row 1 / col 2"), registration crosses at the same map spots on
neighbouring pages, cut ticks in the margin and a 50 mm scale bar to check the printer's
scaling. :func:`write_map` writes a PDF, or one PNG per page.

Counter sizes: a square counter covers a hex's middle and leaves the corners' terrain in
sight when its side is at most :data:`COUNTER_FIT` of the hex's width across the flats (a
5/8 inch counter on a 3/4 inch hex, as printed wargames size them): :func:`fitting_sizes`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QBuffer, QIODevice, QLineF, QMarginsF, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QImage,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
)

from tabletop.hexgrid import Hex
from tabletop.model import GameState, HexMap, HexMarker, UnitState, UnitType
from tabletop.render.counters import CounterOptions, paint_counter, stack_offsets
from tabletop.render.palette import font, side_color_of
from tabletop.render.sheet import (
    COUNTER_SIZES,
    MM_PER_INCH,
    Paper,
    Progress,
    SheetCancelled,
    SheetError,
    page_paths,
)
from tabletop.render.terrain import MapPainter

__all__ = [
    "COUNTER_FIT",
    "DEFAULT_HEX",
    "DEFAULT_OVERLAP_MM",
    "FORMATS",
    "HEX_SIZES",
    "MAX_OVERLAP_MM",
    "PAPERS",
    "MapPrint",
    "Stack",
    "Tile",
    "fitting_sizes",
    "game_contents",
    "hex_for_counter",
    "paint_tile",
    "parse_length",
    "plan_print",
    "unit_stacks",
    "write_map",
]

PAPERS: dict[str, Paper] = {
    "a4": Paper("A4", 210.0, 297.0),
    "letter": Paper("Letter", 215.9, 279.4),
    "a3": Paper("A3", 297.0, 420.0),
}
"""The papers a map prints on, by the names the command line takes (any case)."""
_PAGE_IDS = {
    "A4": QPageSize.PageSizeId.A4,
    "Letter": QPageSize.PageSizeId.Letter,
    "A3": QPageSize.PageSizeId.A3,
}
FORMATS = (".pdf", ".png")
MARGIN_MM = 10.0
"""Blank paper around the printed area: inside what every printer reaches."""
LABEL_MM = 6.0
"""The strip above the map area that holds the page's label."""
FOOT_MM = 6.0
"""The strip below the map area that holds the scale bar."""
SCALE_BAR_MM = 50.0
DEFAULT_HEX = "3/4in"
DEFAULT_OVERLAP_MM = 10.0
MAX_OVERLAP_MM = 50.0
COUNTER_FIT = 0.84
"""The largest counter side that fits a hex, as a share of its width across the flats: a
5/8 inch (or 16 mm) counter on a 3/4 inch hex."""
HEX_SIZES: dict[str, float] = {
    "1/2in": 12.7,
    "5/8in": 15.875,
    "3/4in": 19.05,
    "7/8in": 22.225,
    "1in": 25.4,
    "19mm": 19.0,
    "25mm": 25.0,
}
"""The hex sizes (across the flats, millimetres) File > Print Map offers; the command line
takes any length (:func:`parse_length`)."""
MIN_HEX_MM, MAX_HEX_MM = 5.0, 100.0
ALIGN_COLOR = "#d0006f"
"""The registration crosses and cut ticks: a magenta no terrain is drawn in."""
ALIGN_ARM_MM = 3.0
LABEL_COLOR = "#303030"
PDF_DPI = 1200
"""The PDF's resolution (its coordinates' unit): fine enough that every line lands where
the geometry says, to a fiftieth of a point."""

_LENGTH = re.compile(
    r"^\s*(?:(\d+)\s*/\s*(\d+)|(\d+(?:\.\d*)?|\.\d+))\s*(in|inch|inches|\"|mm|cm)\s*$", re.I
)


def parse_length(text: str) -> float:
    """A length in millimetres from ``3/4in``, ``0.75in``, ``3/4"``, ``19mm`` or ``1.9cm``;
    ValueError naming the accepted forms otherwise."""
    m = _LENGTH.match(text)
    value = -1.0
    if m:
        if m.group(1):
            den = int(m.group(2))
            value = int(m.group(1)) / den if den else -1.0
        else:
            value = float(m.group(3))
        unit = m.group(4).lower()
        value *= {"mm": 1.0, "cm": 10.0}.get(unit, MM_PER_INCH)
    if not MIN_HEX_MM <= value <= MAX_HEX_MM:
        raise ValueError(
            f"{text!r} is not a hex size ({MIN_HEX_MM:g} to {MAX_HEX_MM:g} mm across the "
            "flats, e.g. 3/4in, 0.75in or 19mm)"
        )
    return value


def fitting_sizes(hex_mm: float) -> list[str]:
    """The counter sizes (names of :data:`~tabletop.render.sheet.COUNTER_SIZES`) that fit a
    hex ``hex_mm`` across the flats, smallest first."""
    fits = [(mm, name) for name, mm in COUNTER_SIZES.items() if mm <= hex_mm * COUNTER_FIT + 1e-6]
    return [name for _, name in sorted(fits)]


def hex_for_counter(counter_mm: float) -> float:
    """The smallest hex (across the flats, mm) a counter of side ``counter_mm`` fits."""
    return counter_mm / COUNTER_FIT


@dataclass(frozen=True, slots=True)
class Tile:
    """One page's part of the map: its place in the grid of pages (from 0) and the map
    rectangle it shows, in millimetres from the printed map's top left."""

    row: int
    col: int
    x_mm: float
    y_mm: float

    @property
    def label(self) -> str:
        return f"row {self.row + 1} / col {self.col + 1}"


@dataclass(frozen=True, slots=True)
class MapPrint:
    """How a map prints: the paper (and whether turned), the hex size, the scale from
    scene units to millimetres, the area of each page the map fills, and the tiles."""

    title: str
    paper: Paper
    landscape: bool
    hex_mm: float
    overlap_mm: float
    mm_per_unit: float
    origin: QPointF
    """The scene point at the printed map's (0, 0) mm."""
    area: QRectF
    """Where on each page the map is drawn (mm from the page's top left)."""
    map_mm: tuple[float, float]
    """The map's width and height in mm (its hexes' bounds)."""
    rows: int
    cols: int
    tiles: tuple[Tile, ...]

    @property
    def page_mm(self) -> tuple[float, float]:
        w, h = self.paper.width_mm, self.paper.height_mm
        return (h, w) if self.landscape else (w, h)

    @property
    def step(self) -> tuple[float, float]:
        """How far apart neighbouring tiles start (the area less the overlap)."""
        return self.area.width() - self.overlap_mm, self.area.height() - self.overlap_mm

    def to_page(self, tile: Tile, scene: QPointF) -> QPointF:
        """Where a scene point lands on ``tile``'s page (mm from its top left)."""
        x = (scene.x() - self.origin.x()) * self.mm_per_unit - tile.x_mm + self.area.left()
        y = (scene.y() - self.origin.y()) * self.mm_per_unit - tile.y_mm + self.area.top()
        return QPointF(x, y)

    def scene_rect(self, tile: Tile) -> QRectF:
        """The part of the scene ``tile`` shows."""
        u = self.mm_per_unit
        return QRectF(
            self.origin.x() + tile.x_mm / u,
            self.origin.y() + tile.y_mm / u,
            self.area.width() / u,
            self.area.height() / u,
        )

    def summary(self) -> str:
        pages = len(self.tiles)
        fits = fitting_sizes(self.hex_mm)
        counters = f"fits {_names(fits)} counters" if fits else "too small for a 1/2in counter"
        return (
            f"{pages} page{'s' * (pages != 1)} ({self.rows} row{'s' * (self.rows != 1)} x "
            f"{self.cols} column{'s' * (self.cols != 1)}, {self.paper.name} "
            f"{'landscape' if self.landscape else 'portrait'}, {self.overlap_mm:g} mm overlap), "
            f"hex {_inches(self.hex_mm)} across the flats ({counters})"
        )


def _names(sizes: Sequence[str]) -> str:
    return ", ".join(sizes[:-1]) + (" and " if len(sizes) > 1 else "") + sizes[-1]


def _inches(mm: float) -> str:
    """``3/4in`` for a length that is a whole number of sixteenths, else ``19.0mm``."""
    sixteenths = mm / MM_PER_INCH * 16
    if abs(sixteenths - round(sixteenths)) < 1e-3 and round(sixteenths):
        n, d = round(sixteenths), 16
        while n % 2 == 0 and d > 1:
            n, d = n // 2, d // 2
        return f"{n}in" if d == 1 else f"{n}/{d}in"
    return f"{mm:.1f}mm"


def _grid(length: float, space: float, overlap: float) -> int:
    if length <= space:
        return 1
    return math.ceil((length - overlap) / (space - overlap))


def plan_print(
    hexmap: HexMap,
    paper: Paper,
    hex_mm: float,
    overlap_mm: float = DEFAULT_OVERLAP_MM,
    *,
    painter: MapPainter | None = None,
    title: str = "",
) -> MapPrint:
    """The tiles of ``hexmap`` printed with hexes ``hex_mm`` across the flats on
    ``paper``, neighbouring tiles sharing ``overlap_mm`` of the map; SheetError when the
    overlap leaves no room."""
    if not 0.0 <= overlap_mm <= MAX_OVERLAP_MM:
        raise SheetError(f"an overlap of {overlap_mm:g} mm: give 0 to {MAX_OVERLAP_MM:g} mm")
    painter = painter or MapPainter(hexmap)
    mm_per_unit = hex_mm / (painter.size * math.sqrt(3))
    bounds = painter.bounds
    pad = 1.0 / mm_per_unit  # a millimetre round the outer hexes: their grid lines' width
    bounds = bounds.adjusted(-pad, -pad, pad, pad)
    map_w, map_h = bounds.width() * mm_per_unit, bounds.height() * mm_per_unit
    best: tuple[int, bool, QRectF, int, int] | None = None
    for landscape in (False, True):
        w, h = (paper.height_mm, paper.width_mm) if landscape else (paper.width_mm, paper.height_mm)
        area = QRectF(
            MARGIN_MM,
            MARGIN_MM + LABEL_MM,
            w - 2 * MARGIN_MM,
            h - 2 * MARGIN_MM - LABEL_MM - FOOT_MM,
        )
        if overlap_mm * 2 >= min(area.width(), area.height()):
            raise SheetError(
                f"an overlap of {overlap_mm:g} mm leaves no map on a {paper.name} page "
                f"(at most {min(area.width(), area.height()) / 2 - 1:.0f} mm)"
            )
        cols = _grid(map_w, area.width(), overlap_mm)
        rows = _grid(map_h, area.height(), overlap_mm)
        if best is None or rows * cols < best[0]:
            best = (rows * cols, landscape, area, rows, cols)
    assert best is not None
    _, landscape, area, rows, cols = best
    step_x, step_y = area.width() - overlap_mm, area.height() - overlap_mm
    # the map centred in the paper the tiles cover
    cover_w = (cols - 1) * step_x + area.width()
    cover_h = (rows - 1) * step_y + area.height()
    origin = QPointF(
        bounds.left() - (cover_w - map_w) / 2 / mm_per_unit,
        bounds.top() - (cover_h - map_h) / 2 / mm_per_unit,
    )
    tiles = tuple(Tile(r, c, c * step_x, r * step_y) for r in range(rows) for c in range(cols))
    return MapPrint(title or hexmap.name, paper, landscape, hex_mm, overlap_mm, mm_per_unit,
                    origin, area, (map_w, map_h), rows, cols, tiles)  # fmt: skip


# --- counters ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Stack:
    """The counters of one hex, bottom first, and the hex markers a side may see."""

    counters: tuple[tuple[UnitType, UnitState, CounterOptions], ...]


def unit_stacks(state: GameState) -> dict[Hex, Stack]:
    """The counters of a game's units on the map, by hex, bottom first (support weapons
    under the platoons that carry them, then by id) and painted with their side's options,
    as the map shows them."""
    sides = state.scenario.sides
    order = list(sides)
    options: dict[str, CounterOptions] = {}
    per_hex: dict[Hex, list[UnitState]] = {}
    for unit in state.units.values():
        if unit.on_map and unit.hex is not None:
            per_hex.setdefault(unit.hex, []).append(unit)
    out: dict[Hex, Stack] = {}
    types = state.scenario.unit_types
    for h, units in per_hex.items():
        units.sort(key=lambda s: (s.sw_of is None, s.id))
        row = []
        for unit in units:
            found = options.get(unit.side)
            if found is None:
                index = order.index(unit.side) if unit.side in order else 0
                mark = side_color_of(sides, unit.side).name()
                found = options[unit.side] = CounterOptions(side_index=index, side_mark=mark)
            row.append((types[unit.type_id], unit, found))
        out[h] = Stack(tuple(row))
    return out


def counter_mm(hex_mm: float) -> float:
    """The side of the counters a print draws: the largest bundled size that fits."""
    fits = fitting_sizes(hex_mm)
    return COUNTER_SIZES[fits[-1]] if fits else hex_mm * COUNTER_FIT


# --- painting ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Contents:
    """What a print shows besides the map: counters and hex markers (``--units``)."""

    stacks: dict[Hex, Stack]
    markers: tuple[HexMarker, ...]


def game_contents(state: GameState) -> Contents:
    """A game's counters and the hex markers every side knows of (no side's hidden
    minefields: the print is for both players' table)."""
    return Contents(unit_stacks(state), tuple(state.visible_markers(None)))


def paint_tile(
    p: QPainter,
    plan: MapPrint,
    tile: Tile,
    painter: MapPainter,
    contents: Contents | None = None,
    *,
    pixels_per_mm: float = PDF_DPI / MM_PER_INCH,
) -> None:
    """Paint ``tile``'s page; ``p`` draws in millimetres from the page's top left, at
    ``pixels_per_mm`` device pixels a millimetre (the map's level of detail follows it)."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    area = plan.area
    p.save()
    p.setClipRect(area)
    u = plan.mm_per_unit
    p.translate(area.left() - tile.x_mm, area.top() - tile.y_mm)
    p.scale(u, u)
    p.translate(-plan.origin.x(), -plan.origin.y())
    exposed = plan.scene_rect(tile)
    scale = pixels_per_mm * u  # device pixels per scene unit
    painter.paint_terrain(p, exposed, scale)
    if contents is not None:
        painter.paint_markers(p, exposed, contents.markers)
    painter.paint_grid(p, exposed, scale, labels=True, printed=True)
    if contents is not None:
        _paint_counters(p, plan, painter, exposed, contents)
    p.restore()
    _paint_marks(p, plan, tile)
    _paint_label(p, plan, tile)
    p.restore()


def _paint_counters(
    p: QPainter, plan: MapPrint, painter: MapPainter, exposed: QRectF, contents: Contents
) -> None:
    side = counter_mm(plan.hex_mm) / plan.mm_per_unit
    pad = side
    for shape in painter.hexes_in(exposed.adjusted(-pad, -pad, pad, pad)):
        stack = contents.stacks.get(shape.hex)
        if stack is None:
            continue
        centre = shape.center + QPointF(0, side * 0.06)  # as the scene places a stack
        offsets = stack_offsets(len(stack.counters), side)
        for (unit_type, state, options), offset in zip(stack.counters, offsets, strict=True):
            c = centre + offset
            paint_counter(p, QRectF(c.x() - side / 2, c.y() - side / 2, side, side),
                          unit_type, state, options)  # fmt: skip
    occupied = contents.stacks.__contains__
    painter.paint_marker_badges(p, exposed, contents.markers, occupied)


def _cross(p: QPainter, at: QPointF) -> None:
    a = ALIGN_ARM_MM
    p.drawLine(QLineF(at.x() - a, at.y(), at.x() + a, at.y()))
    p.drawLine(QLineF(at.x(), at.y() - a, at.x(), at.y() + a))
    p.drawEllipse(at, a * 0.55, a * 0.55)


def alignment_points(plan: MapPrint, tile: Tile) -> list[tuple[float, float]]:
    """The registration crosses of ``tile`` in map millimetres: the middle line of each
    overlap it shares with a neighbour, a little inside both ends. A neighbour has the
    same crosses at the same map spots."""
    area, o = plan.area, plan.overlap_mm
    w, h = area.width(), area.height()
    inset = max(ALIGN_ARM_MM * 2, min(w, h) * 0.12)
    out: list[tuple[float, float]] = []
    for dc in (-1, 1):  # the left and right overlaps
        if 0 <= tile.col + dc < plan.cols and o > 0:
            x = tile.x_mm + (o / 2 if dc < 0 else w - o / 2)
            out += [(x, tile.y_mm + inset), (x, tile.y_mm + h - inset)]
    for dr in (-1, 1):  # the top and bottom overlaps
        if 0 <= tile.row + dr < plan.rows and o > 0:
            y = tile.y_mm + (o / 2 if dr < 0 else h - o / 2)
            out += [(tile.x_mm + inset, y), (tile.x_mm + w - inset, y)]
    return out


def _paint_marks(p: QPainter, plan: MapPrint, tile: Tile) -> None:
    """Registration crosses in the overlaps (over the map), and ticks in the margin at the
    overlaps' middle lines: cut one page there and lay it on its neighbour, crosses on
    crosses."""
    area = plan.area
    halo = QPen(QColor(255, 255, 255, 200), 0.6)
    ink = QPen(QColor(ALIGN_COLOR), 0.2)
    p.setBrush(Qt.BrushStyle.NoBrush)
    points = [
        QPointF(x - tile.x_mm + area.left(), y - tile.y_mm + area.top())
        for x, y in alignment_points(plan, tile)
    ]
    for pen in (halo, ink):
        p.setPen(pen)
        for at in points:
            _cross(p, at)
    p.setPen(ink)
    o, tick = plan.overlap_mm, 3.0
    if o <= 0:
        return
    if tile.col > 0:
        x = area.left() + o / 2
        p.drawLine(QLineF(x, area.top() - tick, x, area.top() - 0.5))
        p.drawLine(QLineF(x, area.bottom() + 0.5, x, area.bottom() + tick))
    if tile.col < plan.cols - 1:
        x = area.right() - o / 2
        p.drawLine(QLineF(x, area.top() - tick, x, area.top() - 0.5))
        p.drawLine(QLineF(x, area.bottom() + 0.5, x, area.bottom() + tick))
    if tile.row > 0:
        y = area.top() + o / 2
        p.drawLine(QLineF(area.left() - tick, y, area.left() - 0.5, y))
        p.drawLine(QLineF(area.right() + 0.5, y, area.right() + tick, y))
    if tile.row < plan.rows - 1:
        y = area.bottom() - o / 2
        p.drawLine(QLineF(area.left() - tick, y, area.left() - 0.5, y))
        p.drawLine(QLineF(area.right() + 0.5, y, area.right() + tick, y))


def _text(p: QPainter, rect: QRectF, flags: Qt.AlignmentFlag, text: str, mm: float,
          *, bold: bool = False) -> None:  # fmt: skip
    """Text ``mm`` tall in ``rect`` (mm): drawn at ten units a millimetre, the font's sizes
    being whole units."""
    p.save()
    p.scale(0.1, 0.1)
    p.setFont(font(round(mm * 10), bold=bold))
    r = QRectF(rect.x() * 10, rect.y() * 10, rect.width() * 10, rect.height() * 10)
    p.drawText(r, flags, text)
    p.restore()


def _paint_label(p: QPainter, plan: MapPrint, tile: Tile) -> None:
    """The page's label above the map, the map area's frame and a scale bar below it, clear
    of the overlaps' cut ticks."""
    area, o = plan.area, plan.overlap_mm
    x0 = area.left() + (o / 2 + 2 if tile.col > 0 and o else 0)
    x1 = area.right() - (o / 2 + 2 if tile.col < plan.cols - 1 and o else 0)
    page = plan.tiles.index(tile) + 1
    p.setPen(QColor(LABEL_COLOR))
    strip = QRectF(x0, area.top() - LABEL_MM, x1 - x0, LABEL_MM - 1.0)
    left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
    right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
    _text(p, strip, left, f"{plan.title}: {tile.label}", 3.4, bold=True)
    _text(p, strip, right, f"page {page} of {len(plan.tiles)}, hex {_inches(plan.hex_mm)} "
          "across the flats, print at 100%", 2.6)  # fmt: skip
    p.setPen(QPen(QColor(LABEL_COLOR), 0.15))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(area)
    y = area.bottom() + FOOT_MM / 2
    bar = x0 + SCALE_BAR_MM
    p.drawLine(QLineF(x0, y, bar, y))
    for k in range(6):
        x = x0 + k * SCALE_BAR_MM / 5
        p.drawLine(QLineF(x, y - 1.0, x, y + (1.5 if k in (0, 5) else 1.0)))
    _text(p, QRectF(bar + 2, y - 2.5, max(1.0, x1 - bar - 2), 5), left,
          f"{SCALE_BAR_MM:g} mm: measure it to check the printer's scale", 2.4)  # fmt: skip


# --- writing ----------------------------------------------------------------------------------


def _buffer() -> QBuffer:
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    return buffer


def _tick(progress: Progress | None, out: Path, done: int, total: int) -> None:
    if progress is not None and not progress(done, total):
        raise SheetCancelled(f"{out}: cancelled after {done} of {total} pages")


def _pdf(
    plan: MapPrint, painter: MapPainter, contents: Contents | None, out: Path,
    progress: Progress | None,
) -> list[bytes]:  # fmt: skip
    buffer = _buffer()
    writer = QPdfWriter(buffer)
    writer.setTitle(f"{plan.title}: map at {_inches(plan.hex_mm)} hexes")
    writer.setCreator("tabletop")
    writer.setResolution(PDF_DPI)
    page_id = _PAGE_IDS.get(plan.paper.name)
    size = (
        QPageSize(page_id)
        if page_id is not None
        else QPageSize(
            QRectF(0, 0, plan.paper.width_mm, plan.paper.height_mm).size(),
            QPageSize.Unit.Millimeter,
            plan.paper.name,
        )
    )
    orientation = (
        QPageLayout.Orientation.Landscape if plan.landscape else QPageLayout.Orientation.Portrait
    )
    writer.setPageLayout(QPageLayout(size, orientation, QMarginsF(0, 0, 0, 0)))
    p = QPainter()
    if not p.begin(writer):
        raise SheetError(f"{out}: cannot write here")
    scale = writer.resolution() / MM_PER_INCH
    try:
        for i, tile in enumerate(plan.tiles):
            _tick(progress, out, i, len(plan.tiles))
            if i:
                writer.newPage()
            p.save()
            p.scale(scale, scale)
            paint_tile(p, plan, tile, painter, contents, pixels_per_mm=scale)
            p.restore()
    finally:
        p.end()
    del writer  # flushes the PDF into the buffer
    return [bytes(buffer.data().data())]


def _png(
    plan: MapPrint, painter: MapPainter, contents: Contents | None, out: Path,
    progress: Progress | None, dpi: int,
) -> Iterator[bytes]:  # fmt: skip
    """Each page's PNG in turn (one page in memory at a time: a big map has hundreds)."""
    scale = dpi / MM_PER_INCH
    w, h = plan.page_mm
    size = QSize(round(w * scale), round(h * scale))
    paths = page_paths(out, len(plan.tiles))
    for i, (tile, path) in enumerate(zip(plan.tiles, paths, strict=True)):
        _tick(progress, out, i, len(plan.tiles))
        image = QImage(size, QImage.Format.Format_RGB32)
        if image.isNull():
            raise SheetError(f"{path}: a page of {size.width()} x {size.height()} pixels does "
                             "not fit in memory (lower --dpi)")  # fmt: skip
        image.setDotsPerMeterX(round(dpi / 0.0254))
        image.setDotsPerMeterY(round(dpi / 0.0254))
        image.fill(QColor("white"))
        p = QPainter()
        if not p.begin(image):
            raise SheetError(f"{path}: cannot paint the page")
        p.scale(scale, scale)
        paint_tile(p, plan, tile, painter, contents, pixels_per_mm=scale)
        p.end()
        buffer = _buffer()
        if not image.save(buffer, "PNG"):  # type: ignore[call-overload]
            raise SheetError(f"{path}: the page could not be encoded as PNG")
        yield bytes(buffer.data().data())


def _plain_write(path: Path, data: bytes) -> object:
    return path.write_bytes(data)


def write_map(
    plan: MapPrint,
    painter: MapPainter,
    out: Path,
    *,
    contents: Contents | None = None,
    dpi: int = 300,
    progress: Progress | None = None,
    write: Callable[[Path, bytes], object] = _plain_write,
) -> list[Path]:
    """Write the plan's pages to ``out`` by its extension (one PDF, or one PNG a page with
    ``-2``, ``-3`` ... suffixes); the paths written. A PDF is painted whole in memory, then
    written; PNG pages are written one by one as they are painted. ``progress`` as for
    counter sheets (False cancels, :class:`~tabletop.render.sheet.SheetCancelled`): the
    pages written before a cancel or an error are removed. ``write`` writes one file (the
    command line passes the data layer's atomic write)."""
    suffix = out.suffix.lower()
    if suffix not in FORMATS:
        raise SheetError(f"{out}: write .pdf or .png")
    if not out.parent.is_dir():
        raise SheetError(f"{out}: there is no directory {out.parent}")
    if suffix == ".pdf":
        blobs: Iterable[bytes] = _pdf(plan, painter, contents, out, progress)
        paths = [out]
    else:
        blobs = _png(plan, painter, contents, out, progress, dpi)
        paths = page_paths(out, len(plan.tiles))
    written: list[Path] = []
    try:
        for path, data in zip(paths, blobs, strict=True):
            write(path, data)
            written.append(path)
    except BaseException:
        for path in written:
            path.unlink(missing_ok=True)
        raise
    if progress is not None:
        progress(len(plan.tiles), len(plan.tiles))
    return paths
