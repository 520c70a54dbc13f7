"""The sheet printer: counters laid out at their physical size on A4 or Letter pages.

:func:`layout_sheet` is pure geometry in millimetres: counters grouped by nation, each group
under a small heading, in a grid centred on the page with a margin; a group that does not
fit continues on the next page. :func:`with_backs` adds, after each front page, its back
page mirrored left to right so that the two faces register when printed double-sided with
a long-edge flip. :func:`write_sheet` paints the pages with :func:`paint_counter` (the one
counter painter) into a PDF, or one SVG or PNG file per page.

Fronts show the full side (a helicopter flying); backs the reduced side (a helicopter at
NOE), or a plain back in the counter's colour with the unit's name for a single-step unit.
:func:`order_of_battle` groups a scenario's units (every unit once) by side and formation,
each group painted as the map paints that side's counters (the side's colour where the
type names no nation, the side's corner flag). :func:`group_by_nation` groups a counters
file's types by nation; the types that name none (the squad ruleset's) are printed once in
the first side's colours and once in the second's, as the map shows them for either side.
A bleed spaces the counters apart and runs each face's colour past its cut line.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from PySide6.QtCore import QBuffer, QIODevice, QMarginsF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QGuiApplication,
    QImage,
    QPageLayout,
    QPageSize,
    QPaintDevice,
    QPainter,
    QPdfWriter,
    QPen,
)

from tabletop.model import PlatoonUnitType, Scenario, UnitState, UnitType
from tabletop.render.counters import CounterOptions, counter_colors, paint_counter
from tabletop.render.palette import BADGES, contrast_text, font, side_color, side_color_of

__all__ = [
    "COUNTER_SIZES",
    "FORMATS",
    "MARGIN_MM",
    "PAPERS",
    "Cell",
    "Group",
    "Heading",
    "Page",
    "Paper",
    "SheetCancelled",
    "SheetError",
    "ensure_gui_app",
    "face_state",
    "grid_capacity",
    "group_by_nation",
    "layout_sheet",
    "mirror_page",
    "order_of_battle",
    "page_paths",
    "paint_page",
    "side_options",
    "with_backs",
    "write_sheet",
]

MM_PER_INCH = 25.4

COUNTER_SIZES: dict[str, float] = {
    "1/2in": 12.7,
    "5/8in": 15.875,
    "3/4in": 19.05,
    "16mm": 16.0,
}
"""Counter sides in millimetres, by the names the command line takes."""

MARGIN_MM = 10.0
"""Blank paper around the grid: inside what every printer can reach."""
HEADING_MM = 5.0
"""The height of a group's heading line above its first row."""
GROUP_GAP_MM = 3.0
"""Blank paper between one group's last row and the next group's heading."""
CUT_LINE_MM = 0.1
CUT_LINE_COLOR = "#b4b4b4"
HEADING_COLOR = "#404040"
PRINT_OPTIONS = CounterOptions(badges=False)
FORMATS = (".pdf", ".svg", ".png")
UNNAMED_SIDES = 2
"""A counters file's types of no nation are printed in the colours of this many sides."""


def side_options(side_index: int, side_mark: str) -> CounterOptions:
    """The print options of a side's counters: as the map paints them (the side's colour
    where the nation is unknown, its corner flag), without markers."""
    return dataclasses.replace(PRINT_OPTIONS, side_index=side_index, side_mark=side_mark)


_APP: list[QGuiApplication] = []
"""The application :func:`ensure_gui_app` created, kept alive while the process paints."""


def ensure_gui_app() -> None:
    """A QGuiApplication for fonts and painting, for headless commands: on the offscreen
    platform when none is chosen (``QT_QPA_PLATFORM``) and there is no display."""
    if QGuiApplication.instance() is not None:
        return
    has_display = os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    if not os.environ.get("QT_QPA_PLATFORM") and not has_display:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    _APP.append(QGuiApplication(["tabletop"]))


class SheetError(ValueError):
    """The sheet cannot be written (an unknown output type, an unwritable path)."""


class SheetCancelled(Exception):
    """The progress callback asked to stop; the files written so far are removed."""


Progress = Callable[[int, int], bool]
"""Called with (pages done, pages in all) before each page; False cancels."""


@dataclass(frozen=True, slots=True)
class Paper:
    name: str
    width_mm: float
    height_mm: float


PAPERS: dict[str, Paper] = {
    "a4": Paper("A4", 210.0, 297.0),
    "letter": Paper("Letter", 215.9, 279.4),
}


@dataclass(frozen=True, slots=True)
class Cell:
    """One counter face on a page, its top-left corner in millimetres from the page's."""

    x_mm: float
    y_mm: float
    size_mm: float
    unit_type: UnitType
    back: bool = False
    bleed_mm: float = 0.0
    """The face's colour runs this far past the cut line on every side."""
    options: CounterOptions = PRINT_OPTIONS
    """How the face is painted: its side's colour and flag (:func:`side_options`)."""

    @property
    def center_mm(self) -> tuple[float, float]:
        return self.x_mm + self.size_mm / 2, self.y_mm + self.size_mm / 2


class Group(NamedTuple):
    """Counters printed under one heading, all painted with the same options."""

    label: str
    units: list[UnitType]
    options: CounterOptions = PRINT_OPTIONS


@dataclass(frozen=True, slots=True)
class Heading:
    x_mm: float
    y_mm: float
    width_mm: float
    text: str
    right: bool = False


@dataclass(frozen=True, slots=True)
class Page:
    cells: tuple[Cell, ...]
    headings: tuple[Heading, ...]
    back: bool = False


# --- layout (millimetres, no Qt) -----------------------------------------------------------


def grid_capacity(
    paper: Paper, size_mm: float, margin_mm: float = MARGIN_MM, bleed_mm: float = 0.0
) -> tuple[int, int]:
    """(columns, rows) of counters that fit inside the margins, headings aside. With a
    bleed each counter takes ``size + 2 * bleed``: neighbours' bleeds do not overlap."""
    eps = 1e-9  # 3/4in x 10 columns must not lose a column to rounding
    pitch = size_mm + 2 * bleed_mm
    columns = int((paper.width_mm - 2 * margin_mm) / pitch + eps)
    rows = int((paper.height_mm - 2 * margin_mm) / pitch + eps)
    return columns, rows


def group_by_nation(
    units: Iterable[UnitType], copies: int = 1, unnamed: str = "Counters"
) -> list[Group]:
    """Unit types by nation in the order nations first appear, each ``copies`` times. The
    types of no nation take their colour from the side that fields them: they come last,
    once for each of the first :data:`UNNAMED_SIDES` sides, in its colour and with its flag
    (headed ``unnamed, side 1``...), so that either side's counters can be cut out."""
    groups: dict[str, list[UnitType]] = {}
    nameless: list[UnitType] = []
    for unit_type in units:
        label = unit_type.nation.strip()
        if label:
            groups.setdefault(label, []).extend([unit_type] * copies)
        else:
            nameless.extend([unit_type] * copies)
    out = [Group(label, types) for label, types in groups.items()]
    if nameless:
        for i in range(UNNAMED_SIDES):
            options = side_options(i, side_color(i).name())
            out.append(Group(f"{unnamed}, side {i + 1}", list(nameless), options))
    return out


def order_of_battle(scenario: Scenario, copies: int = 1) -> list[Group]:
    """Every unit of the scenario (support weapons and reinforcements too) ``copies`` times,
    grouped by side and formation in the order the scenario declares them, each side's
    painted in its colours (:func:`side_options`, as the map paints them)."""
    units = list(scenario.units) + [r.unit for r in scenario.reinforcements]
    groups: dict[tuple[str, str], list[UnitType]] = {}
    for side_id, side in scenario.sides.items():
        for formation in [*side.formations, ""]:
            groups[(side_id, formation)] = []
    for unit in units:
        unit_type = scenario.unit_types.get(unit.type_id)
        if unit_type is not None:
            groups.setdefault((unit.side, unit.formation or ""), []).extend([unit_type] * copies)
    order = {side_id: i for i, side_id in enumerate(scenario.sides)}
    named = []
    for (side_id, formation), types in groups.items():
        known = scenario.sides.get(side_id)
        label = known.name if known is not None else side_id
        options = side_options(order.get(side_id, 0), side_color_of(scenario.sides, side_id).name())
        if types:
            named.append(Group(f"{label}, {formation}" if formation else label, types, options))
    return named


class _Pages:
    """Fills pages top to bottom, one row at a time."""

    def __init__(
        self, paper: Paper, size_mm: float, columns: int, margin_mm: float, bleed_mm: float
    ) -> None:
        self.size = size_mm
        self.bleed = bleed_mm
        self.pitch = size_mm + 2 * bleed_mm
        self.columns = columns
        self.left = (paper.width_mm - columns * self.pitch) / 2
        self.top = margin_mm
        self.bottom = paper.height_mm - margin_mm
        self.pages: list[Page] = []
        self.cells: list[Cell] = []
        self.headings: list[Heading] = []
        self.y = self.top

    def add_row(
        self, label: str, row: Sequence[UnitType], first: bool, count: int, options: CounterOptions
    ) -> None:
        heading = first or self.y == self.top
        if first and self.y > self.top:
            self.y += GROUP_GAP_MM
        if self.y + HEADING_MM * heading + self.pitch > self.bottom + 1e-9:
            self.new_page()
            heading = True
        if heading:
            text = f"{label}: {count} counter{'s' * (count != 1)}"
            text = text if first else f"{label} (continued)"
            width = self.columns * self.pitch
            self.headings.append(Heading(self.left, self.y, width, text))
            self.y += HEADING_MM
        b = self.bleed
        for i, unit_type in enumerate(row):
            x = self.left + i * self.pitch + b
            self.cells.append(
                Cell(x, self.y + b, self.size, unit_type, bleed_mm=b, options=options)
            )
        self.y += self.pitch

    def new_page(self) -> None:
        if self.cells:
            self.pages.append(Page(tuple(self.cells), tuple(self.headings)))
        self.cells, self.headings, self.y = [], [], self.top


def layout_sheet(
    groups: Sequence[Group],
    paper: Paper,
    size_mm: float,
    margin_mm: float = MARGIN_MM,
    bleed_mm: float = 0.0,
) -> list[Page]:
    """Front pages: each group under its heading, in rows of the grid's columns."""
    if bleed_mm < 0:
        raise SheetError(f"a bleed of {bleed_mm:g} mm: it cannot be negative")
    columns, rows = grid_capacity(paper, size_mm, margin_mm, bleed_mm)
    if columns < 1 or rows < 1:
        raise SheetError(f"a {size_mm:g} mm counter does not fit on {paper.name} paper")
    pages = _Pages(paper, size_mm, columns, margin_mm, bleed_mm)
    for label, units, options in groups:
        for start in range(0, len(units), columns):
            row = units[start : start + columns]
            pages.add_row(label, row, first=start == 0, count=len(units), options=options)
    pages.new_page()
    return pages.pages


def mirror_page(page: Page, paper: Paper) -> Page:
    """The back of a front page: every cell mirrored left to right (long-edge flip)."""
    cells = tuple(
        dataclasses.replace(c, x_mm=paper.width_mm - c.x_mm - c.size_mm, back=True)
        for c in page.cells
    )
    headings = tuple(
        Heading(
            paper.width_mm - h.x_mm - h.width_mm,
            h.y_mm,
            h.width_mm,
            f"{h.text.split(':')[0]}: backs",
            True,
        )
        for h in page.headings
    )
    return Page(cells, headings, back=True)


def with_backs(fronts: Sequence[Page], paper: Paper) -> list[Page]:
    """Each front page followed by its mirrored back page."""
    return [p for front in fronts for p in (front, mirror_page(front, paper))]


# --- faces ------------------------------------------------------------------------------------


def face_state(unit_type: UnitType, back: bool) -> UnitState | None:
    """The fresh unit (Good Order, no markers) a face shows; None for a plain back."""
    step, mode = "full", None
    if isinstance(unit_type, PlatoonUnitType):
        if unit_type.is_helicopter:
            mode = "noe" if back else "flying"
            if mode not in unit_type.sides:
                return None
        elif back:
            if unit_type.single_step:
                return None
            step = "reduced"
    elif back:
        return None
    return UnitState(unit_type.id, unit_type.id, unit_type.nation, None, step=step, mode=mode)


def _paint_face(p: QPainter, cell: Cell) -> None:
    rect = QRectF(cell.x_mm, cell.y_mm, cell.size_mm, cell.size_mm)
    b = cell.bleed_mm
    outer = rect.adjusted(-b, -b, b, b)
    unit_type = cell.unit_type
    state = face_state(unit_type, cell.back)
    background, ink = counter_colors(unit_type, cell.options)
    p.save()
    p.setClipRect(outer)
    p.fillRect(outer, background)  # the colour runs to the cut line, or past it by the bleed
    if state is None:
        _paint_plain_back(p, rect, unit_type.counter_name, background, ink)
    else:
        paint_counter(p, rect, unit_type, state, cell.options)
        if state.mode == "noe":
            _paint_tag(p, rect, "noe")
    p.restore()


def _paint_tag(p: QPainter, rect: QRectF, badge: str) -> None:
    """A marker's badge printed on a face (the NOE side), left of the unit symbol."""
    text, colour = BADGES[badge]
    p.save()
    p.translate(rect.topLeft())
    p.scale(rect.width() / 100.0, rect.height() / 100.0)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    box = QRectF(4, 34, 21, 13)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(colour))
    p.drawRoundedRect(box, 3, 3)
    p.setPen(contrast_text(QColor(colour)))
    p.setFont(font(10, bold=True, condensed=True))
    p.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
    p.restore()


def _paint_plain_back(p: QPainter, rect: QRectF, name: str, bg: QColor, ink: QColor) -> None:
    """A single-step unit's back: the nation colour, a border, the name in large type."""
    p.save()
    p.translate(rect.topLeft())
    p.scale(rect.width() / 100.0, rect.height() / 100.0)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setPen(QPen(bg.darker(170), 2.5))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRoundedRect(QRectF(1, 1, 98, 98), 6, 6)
    p.setPen(ink)
    box = QRectF(6, 6, 88, 88)
    flags = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
    for px in range(18, 9, -1):
        p.setFont(font(px, bold=True, condensed=px < 18))
        if box.contains(p.boundingRect(box, flags, name)):
            break
    p.drawText(box, flags, name)
    p.restore()


# --- painting and writing -----------------------------------------------------------------------


def paint_page(p: QPainter, page: Page, cut_lines: bool = True) -> None:
    """A page in millimetre units (the caller scales the painter): faces, cut lines (if
    asked), headings."""
    for cell in page.cells:
        _paint_face(p, cell)
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setPen(QPen(QColor(CUT_LINE_COLOR), CUT_LINE_MM))
    p.setBrush(Qt.BrushStyle.NoBrush)
    for cell in page.cells if cut_lines else ():
        p.drawRect(QRectF(cell.x_mm, cell.y_mm, cell.size_mm, cell.size_mm))
    p.setPen(QColor(HEADING_COLOR))
    p.scale(0.1, 0.1)  # fonts take whole pixel sizes: size headings in tenths of a mm
    p.setFont(font(30, bold=True))
    for h in page.headings:
        box = QRectF(h.x_mm * 10, h.y_mm * 10, h.width_mm * 10, (HEADING_MM - 1) * 10)
        side = Qt.AlignmentFlag.AlignRight if h.right else Qt.AlignmentFlag.AlignLeft
        p.drawText(box, side | Qt.AlignmentFlag.AlignBottom, h.text)
    p.restore()


def page_paths(out: Path, count: int) -> list[Path]:
    """One path per page for SVG and PNG: ``out``, then ``-2``, ``-3`` ... suffixes."""
    return [out] + [out.with_name(f"{out.stem}-{i}{out.suffix}") for i in range(2, count + 1)]


def _begin(p: QPainter, device: QPaintDevice, path: Path) -> None:
    if not p.begin(device):
        raise SheetError(f"{path}: cannot write here")


_PAGE_IDS = {"A4": QPageSize.PageSizeId.A4, "Letter": QPageSize.PageSizeId.Letter}


@dataclass(frozen=True, slots=True)
class _Job:
    """What every writer needs besides the pages."""

    paper: Paper
    out: Path
    title: str
    dpi: int
    cut_lines: bool
    progress: Progress | None

    def tick(self, done: int, total: int) -> None:
        if self.progress is not None and not self.progress(done, total):
            raise SheetCancelled(f"{self.out}: cancelled after {done} of {total} pages")


def _buffer() -> QBuffer:
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    return buffer


def _pdf_bytes(pages: Sequence[Page], job: _Job) -> list[bytes]:
    paper, out = job.paper, job.out
    buffer = _buffer()
    writer = QPdfWriter(buffer)
    writer.setTitle(job.title)
    writer.setCreator("tabletop")
    page_id = _PAGE_IDS.get(paper.name)
    if page_id is not None:
        size = QPageSize(page_id)
    else:
        mm = QRectF(0, 0, paper.width_mm, paper.height_mm).size()
        size = QPageSize(mm, QPageSize.Unit.Millimeter, paper.name)
    writer.setPageLayout(QPageLayout(size, QPageLayout.Orientation.Portrait, QMarginsF(0, 0, 0, 0)))
    # PDF pages are whole points (A4 is 595 x 842 pt, 209.9 x 297.0 mm): centre the layout
    # on the page as written, so that a back mirrored about its middle registers exactly.
    page_points = writer.pageLayout().fullRect(QPageLayout.Unit.Point)
    dx = (page_points.width() * MM_PER_INCH / 72.0 - paper.width_mm) / 2
    p = QPainter()
    _begin(p, writer, out)
    scale = writer.resolution() / MM_PER_INCH
    try:
        for i, page in enumerate(pages):
            job.tick(i, len(pages))
            if i:
                writer.newPage()
            p.save()
            p.scale(scale, scale)
            p.translate(dx, 0.0)
            paint_page(p, page, job.cut_lines)
            p.restore()
    finally:
        p.end()
    del writer  # flushes the PDF into the buffer
    return [bytes(buffer.data().data())]


def _png_bytes(pages: Sequence[Page], job: _Job) -> list[bytes]:
    scale = job.dpi / MM_PER_INCH
    size = QSize(round(job.paper.width_mm * scale), round(job.paper.height_mm * scale))
    paths = page_paths(job.out, len(pages))
    blobs: list[bytes] = []
    for i, (page, path) in enumerate(zip(pages, paths, strict=True)):
        job.tick(i, len(pages))
        image = QImage(size, QImage.Format.Format_RGB32)
        if image.isNull():
            raise SheetError(f"{path}: a page of {size.width()} x {size.height()} pixels does "
                             "not fit in memory (lower --dpi)")  # fmt: skip
        image.setDotsPerMeterX(round(job.dpi / 0.0254))
        image.setDotsPerMeterY(round(job.dpi / 0.0254))
        image.fill(QColor("white"))
        p = QPainter()
        _begin(p, image, path)
        p.scale(scale, scale)
        paint_page(p, page, job.cut_lines)
        p.end()
        buffer = _buffer()
        if not image.save(buffer, "PNG"):  # type: ignore[call-overload]
            raise SheetError(f"{path}: the page could not be encoded as PNG")
        blobs.append(bytes(buffer.data().data()))
    return blobs


def _svg_bytes(pages: Sequence[Page], job: _Job) -> list[bytes]:
    from PySide6.QtSvg import QSvgGenerator

    dpi = 2540  # a hundred units per millimetre: the page's size in mm comes out exact
    scale = dpi / MM_PER_INCH
    size = QSize(round(job.paper.width_mm * scale), round(job.paper.height_mm * scale))
    paths = page_paths(job.out, len(pages))
    blobs: list[bytes] = []
    for i, (page, path) in enumerate(zip(pages, paths, strict=True)):
        job.tick(i, len(pages))
        buffer = _buffer()
        generator = QSvgGenerator()
        generator.setOutputDevice(buffer)
        generator.setTitle(job.title)
        generator.setResolution(dpi)
        generator.setSize(size)
        generator.setViewBox(QRectF(0, 0, size.width(), size.height()))
        p = QPainter()
        _begin(p, generator, path)
        p.scale(scale, scale)
        paint_page(p, page, job.cut_lines)
        p.end()
        del generator  # finishes the SVG document in the buffer
        blobs.append(bytes(buffer.data().data()))
    return blobs


_WRITERS = {".pdf": _pdf_bytes, ".png": _png_bytes, ".svg": _svg_bytes}


def _plain_write(path: Path, data: bytes) -> object:
    return path.write_bytes(data)


def write_sheet(
    pages: Sequence[Page],
    paper: Paper,
    out: Path,
    *,
    title: str = "",
    dpi: int = 300,
    cut_lines: bool = True,
    progress: Progress | None = None,
    write: Callable[[Path, bytes], object] = _plain_write,
) -> list[Path]:
    """Write the pages to ``out`` by its extension; the paths written. ``progress`` is
    called before each page; when it answers False :class:`SheetCancelled` is raised and
    nothing is written. Every page is painted in memory before the first file is written;
    ``write`` writes one file (the CLI passes the data layer's atomic write, so a full disk
    leaves no half-written sheet)."""
    suffix = out.suffix.lower()
    if suffix not in FORMATS:
        raise SheetError(f"{out}: write .pdf, .svg or .png")
    if not out.parent.is_dir():
        raise SheetError(f"{out}: there is no directory {out.parent}")
    job = _Job(paper, out, title, dpi, cut_lines, progress)
    blobs = _WRITERS[suffix](pages, job)
    paths = [out] if suffix == ".pdf" else page_paths(out, len(pages))
    for path, data in zip(paths, blobs, strict=True):
        write(path, data)
    if progress is not None:
        progress(len(pages), len(pages))  # done: nothing left to cancel
    return paths
