"""``tabletop print-map``: the map at true scale, measured in the PDF's own geometry (the
grid's stroked segments, the registration crosses, the map area's frame), the tiles'
overlap, the page labels (read by pypdfium2), PNG pages, the counters of ``--units`` and
bad input."""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage

from tabletop.cli import main
from tabletop.data import load_scenario
from tabletop.render import MapPainter, counter_colors
from tabletop.render.mapprint import (
    ALIGN_COLOR,
    LABEL_COLOR,
    PAPERS,
    counter_mm,
    fitting_sizes,
    parse_length,
    plan_print,
    unit_stacks,
)
from tabletop.render.sheet import MM_PER_INCH
from tests.helpers.pdfgeometry import PdfPage, Segment, read_pages

ROOT = Path(__file__).resolve().parents[2]
PLATOON = ROOT / "scenarios" / "demo-platoon.yaml"
SQUAD = ROOT / "scenarios" / "demo-squad.yaml"
PT_PER_MM = 72 / MM_PER_INCH
GRID = (40 / 255, 40 / 255, 30 / 255)


def _rgb(name: str) -> tuple[float, float, float]:
    c = QColor(name)
    return c.redF(), c.greenF(), c.blueF()


@pytest.fixture(autouse=True)
def _in_tmp(qapp: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


@pytest.fixture(scope="module")
def platoon_pdf(tmp_path_factory: pytest.TempPathFactory, qapp: object) -> Path:
    """The command of the issue, as printed: ``print-map scenarios/demo-platoon.yaml -o
    map.pdf --hex 3/4in`` (default overlap 10 mm, A4)."""
    out = tmp_path_factory.mktemp("print") / "map.pdf"
    assert main(["print-map", str(PLATOON), "-o", str(out), "--hex", "3/4in"]) == 0
    return out


def _flats(segments: list[Segment]) -> float:
    """The hexes' width across the flats: the least distance between two horizontal grid
    segments over the same stretch (a hex's top and bottom sides)."""
    by_span: dict[tuple[float, float], list[float]] = {}
    for x0, y0, x1, y1 in segments:
        if abs(y1 - y0) < 1e-3:
            span = (round(min(x0, x1), 1), round(max(x0, x1), 1))
            by_span.setdefault(span, []).append(y0)
    gaps = [
        b - a
        for ys in by_span.values()
        for a, b in zip(sorted(ys), sorted(ys)[1:], strict=False)
        if b - a > 1.0
    ]
    return min(gaps)


def _frame(page: PdfPage) -> tuple[float, float, float, float]:
    (rect,) = page.rects_in(_rgb(LABEL_COLOR)[0])
    return rect.x, rect.y, rect.width, rect.height


def _crosses(page: PdfPage) -> list[tuple[float, float]]:
    """The centres of the registration crosses: the middles of their horizontal arms."""
    arm = 6 * PT_PER_MM
    return [
        (round((x0 + x1) / 2, 2), round(y0, 2))
        for x0, y0, x1, y1 in page.segments_in(_rgb(ALIGN_COLOR))
        if abs(y1 - y0) < 1e-3 and abs(abs(x1 - x0) - arm) < 0.01
    ]


def _key(seg: Segment, dx: float = 0.0, dy: float = 0.0) -> tuple[float, ...]:
    a = (round(seg[0] - dx, 1), round(seg[1] - dy, 1))
    b = (round(seg[2] - dx, 1), round(seg[3] - dy, 1))
    return (*min(a, b), *max(a, b))


def test_the_hexes_are_three_quarters_of_an_inch_across_the_flats(platoon_pdf: Path) -> None:
    pages = read_pages(platoon_pdf)
    want = 0.75 * 72  # 54 pt
    for page in pages:
        grid = page.segments_in(GRID)
        assert len(grid) > 100
        assert _flats(grid) == pytest.approx(want, abs=0.5)
        for x0, y0, x1, y1 in grid:  # every hexside: the flats' width over root 3
            assert math.hypot(x1 - x0, y1 - y0) * math.sqrt(3) == pytest.approx(want, abs=0.5)


def test_as_many_pages_as_the_map_needs_with_their_labels(platoon_pdf: Path) -> None:
    scenario = load_scenario(PLATOON)
    plan = plan_print(scenario.map, PAPERS["a4"], parse_length("3/4in"), 10.0)
    pages = read_pages(platoon_pdf)
    assert len(pages) == plan.rows * plan.cols == len(plan.tiles) > 1
    x0, y0, x1, y1 = pages[0].media_box
    assert sorted((x1 - x0, y1 - y0)) == [595.0, 842.0]  # A4, as PDF writes it
    # the map covers the pages: as wide and tall as its hexes at 54 pt across the flats
    w, _ = plan.map_mm
    columns = scenario.map.grid.columns
    assert w == pytest.approx((columns * 1.5 + 0.5) * 19.05 / math.sqrt(3) + 2, abs=0.01)
    document = pdfium.PdfDocument(str(platoon_pdf))
    try:
        for i, tile in enumerate(plan.tiles):
            text = document[i].get_textpage().get_text_range()
            assert f"Eisenbach Gap: row {tile.row + 1} / col {tile.col + 1}" in text
            assert f"page {i + 1} of {len(plan.tiles)}" in text
            assert "hex 3/4in across the flats" in text
    finally:
        document.close()


def test_neighbouring_tiles_overlap_by_the_margin(platoon_pdf: Path) -> None:
    """Page (1, 1) and its right and lower neighbours: the crosses of the shared band sit
    at the same map spots, the shift between the pages is the map area less 10 mm, and
    every grid segment of the band is on both pages."""
    plan = plan_print(load_scenario(PLATOON).map, PAPERS["a4"], 19.05, 10.0)
    assert plan.rows > 1 and plan.cols > 1
    pages = read_pages(platoon_pdf)
    first = pages[0]
    fx, fy, fw, fh = _frame(first)
    for other, horizontal in ((pages[1], True), (pages[plan.cols], False)):
        assert _frame(other) == (fx, fy, fw, fh)
        # the shift that maps the most of page 1's grid onto the other page's, among those
        # that take a cross of one onto a cross of the other
        theirs = Counter(_key(s) for s in other.segments_in(GRID))
        mine = first.segments_in(GRID)
        shifts = {
            (round(ax - bx, 2), round(ay - by, 2))
            for ax, ay in _crosses(first)
            for bx, by in _crosses(other)
            if (ay == by if horizontal else ax == bx)
        }
        assert shifts

        def hits(shift: tuple[float, float], mine=mine, theirs=theirs) -> int:
            return sum(_key(s, *shift) in theirs for s in mine)

        dx, dy = max(shifts, key=hits)
        shared = hits((dx, dy))
        overlap = (fw - dx) if horizontal else (fh + dy)  # PDF y grows upwards
        assert overlap / PT_PER_MM == pytest.approx(10.0, abs=0.5 / PT_PER_MM)
        assert (dy if horizontal else dx) == pytest.approx(0.0, abs=0.01)
        # every grid segment of page 1 whose middle is inside the band is on the other page
        lo, hi = (fx + fw - overlap, fx + fw) if horizontal else (fy, fy + overlap)
        axis = 0 if horizontal else 1
        band = [s for s in mine if lo + 0.5 < (s[axis] + s[axis + 2]) / 2 < hi - 0.5]
        assert len(band) >= 5
        assert all(_key(s, dx, dy) in theirs for s in band)
        assert shared >= len(band)


def test_counter_sizes_that_fit_a_hex() -> None:
    assert fitting_sizes(parse_length("3/4in")) == ["1/2in", "5/8in", "16mm"]
    assert "5/8in" not in fitting_sizes(parse_length("5/8in"))
    assert counter_mm(19.05) == 16.0
    assert parse_length('3/4"') == parse_length("0.75in") == pytest.approx(19.05)
    assert parse_length("1.9cm") == pytest.approx(19.0)
    for bad in ("3/0in", "big", "2mm", "3/4", "40in"):
        with pytest.raises(ValueError, match="not a hex size"):
            parse_length(bad)


def test_png_pages_and_the_games_counters_on_them(tmp_path: Path) -> None:
    """``--units`` on PNG pages: each counter's colour shows where the map places it, and
    the same page without ``--units`` shows terrain there."""
    out = tmp_path / "squad.png"
    args = ["print-map", str(SQUAD), "-o", str(out), "--paper", "A3", "--dpi", "60"]
    assert main([*args, "--units"]) == 0
    scenario = load_scenario(SQUAD)
    hexmap = scenario.map
    painter = MapPainter(hexmap)
    plan = plan_print(hexmap, PAPERS["a3"], 19.05, 10.0, painter=painter)
    files = [out] + [tmp_path / f"squad-{i}.png" for i in range(2, len(plan.tiles) + 1)]
    assert all(f.is_file() for f in files)
    assert not (tmp_path / f"squad-{len(plan.tiles) + 1}.png").exists()
    images = [QImage(str(f)) for f in files]
    w, h = plan.page_mm
    assert (images[0].width(), images[0].height()) == (round(w * 60 / 25.4), round(h * 60 / 25.4))
    bare = tmp_path / "bare.png"
    assert main(["print-map", str(SQUAD), "-o", str(bare), "--paper", "A3", "--dpi", "60"]) == 0
    bare_first = QImage(str(bare))
    stacks = unit_stacks(scenario.new_game())
    side = counter_mm(19.05) / plan.mm_per_unit
    checked = 0
    for hx, stack in stacks.items():
        if len(stack.counters) != 1:
            continue
        unit_type, _, options = stack.counters[0]
        centre = painter.shape(hx).center + QPointF(0, side * 0.06)
        spot = centre + QPointF(side * (9 / 100 - 0.5), side * (45 / 100 - 0.5))  # body colour
        for k, tile in enumerate(plan.tiles):
            at = plan.to_page(tile, spot)
            if not plan.area.adjusted(2, 2, -2, -2).contains(at):
                continue
            x, y = round(at.x() * 60 / 25.4), round(at.y() * 60 / 25.4)
            got = images[k].pixelColor(x, y)
            want = counter_colors(unit_type, options)[0]
            off = max(abs(got.red() - want.red()), abs(got.green() - want.green()),
                      abs(got.blue() - want.blue()))  # fmt: skip
            assert off <= 12, (hx, got.name(), want.name())
            if k == 0:
                assert bare_first.pixelColor(x, y) != got
            checked += 1
            break
    assert checked >= 5


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["maps/village.yaml", "--units"], "a map has no units"),
        (["counters/squad.yaml"], "a counters file, not a map, scenario or saved game"),
        (["maps/village.yaml", "-o", "map.svg"], "the output must end in .pdf or .png"),
        (["maps/village.yaml", "--hex", "huge"], "is not a hex size"),
        (["maps/village.yaml", "--overlap", "80mm"], "is not an overlap in millimetres"),
        (["maps/village.yaml", "--paper", "a5"], "invalid choice: 'a5'"),
        (["maps/nowhere.yaml"], "nowhere.yaml"),
    ],
)
def test_bad_input_is_said_plainly(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = [str(ROOT / a) if a.endswith(".yaml") else a for a in args]
    assert main(["print-map", *args]) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert not list(Path.cwd().iterdir())


def test_a_cancel_removes_the_pages_written(tmp_path: Path) -> None:
    """PNG pages are written as they are painted; a cancel after the second removes both."""
    from tabletop.render.mapprint import write_map
    from tabletop.render.sheet import SheetCancelled

    hexmap = load_scenario(PLATOON).map
    painter = MapPainter(hexmap)
    plan = plan_print(hexmap, PAPERS["a4"], 19.05, 10.0, painter=painter)
    seen: list[list[str]] = []

    def progress(done: int, total: int) -> bool:
        seen.append(sorted(p.name for p in tmp_path.iterdir()))
        return done < 2

    with pytest.raises(SheetCancelled):
        write_map(plan, painter, tmp_path / "m.png", dpi=20, progress=progress)
    assert seen == [[], ["m.png"], ["m-2.png", "m.png"]]  # one page in memory at a time
    assert not list(tmp_path.iterdir())
