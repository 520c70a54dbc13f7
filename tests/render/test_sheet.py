"""The sheet printer: grid capacity, grouping, page breaks, mirrored backs, the faces each
counter shows, and the PDF, SVG and PNG files it writes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage

from tabletop.data import load_counters
from tabletop.model import Kind, PlatoonSide, PlatoonUnitType, Rating, Status, TargetClass
from tabletop.render import counter_colors
from tabletop.render.sheet import (
    COUNTER_SIZES,
    MARGIN_MM,
    PAPERS,
    Page,
    Paper,
    face_state,
    grid_capacity,
    group_by_nation,
    layout_sheet,
    mirror_page,
    page_paths,
    with_backs,
    write_sheet,
)

ROOT = Path(__file__).resolve().parents[2]
A4, LETTER = PAPERS["a4"], PAPERS["letter"]
FIVE_EIGHTHS = COUNTER_SIZES["5/8in"]

SIDE = PlatoonSide(ap=Rating(3, 10, 4), armor=2, save=5, movement=8)


def tank(uid: str = "T", nation: str = "FRG") -> PlatoonUnitType:
    sides = {"full": SIDE, "reduced": SIDE}
    return PlatoonUnitType(uid, uid, Kind.TANK, TargetClass.ARMORED, sides, nation)


def pdf_pages(path: Path) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", path.read_bytes()))


# --- layout --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("paper", "size", "columns", "rows"),
    [
        ("a4", "1/2in", 14, 21),
        ("a4", "5/8in", 11, 17),
        ("a4", "3/4in", 9, 14),
        ("a4", "16mm", 11, 17),
        ("letter", "1/2in", 15, 20),
        ("letter", "5/8in", 12, 16),
        ("letter", "3/4in", 10, 13),
        ("letter", "16mm", 12, 16),
    ],
)
def test_grid_capacity(paper: str, size: str, columns: int, rows: int) -> None:
    assert grid_capacity(PAPERS[paper], COUNTER_SIZES[size]) == (columns, rows)


def test_exact_physical_sizes() -> None:
    assert COUNTER_SIZES == {"1/2in": 12.7, "5/8in": 15.875, "3/4in": 19.05, "16mm": 16.0}
    assert (A4.width_mm, A4.height_mm) == (210.0, 297.0)
    assert (LETTER.width_mm, LETTER.height_mm) == (215.9, 279.4)


def test_groups_by_nation_in_file_order_with_copies() -> None:
    units = [tank("a", "US"), tank("b", "USSR"), tank("c", "US"), tank("d", "")]
    groups = group_by_nation(units, copies=2, unnamed="squad")
    assert [(label, [u.id for u in us]) for label, us, _ in groups] == [
        ("US", ["a", "a", "c", "c"]),
        ("USSR", ["b", "b"]),
        ("squad, side 1", ["d", "d"]),  # no nation: in either side's colours
        ("squad, side 2", ["d", "d"]),
    ]
    first, second = (group.options for group in groups[2:])
    assert (first.side_index, second.side_index) == (0, 1)
    assert first.side_mark != second.side_mark


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", list(COUNTER_SIZES))
def test_cells_fill_rows_inside_the_margins(paper: str, size: str) -> None:
    p, s = PAPERS[paper], COUNTER_SIZES[size]
    columns, _ = grid_capacity(p, s)
    pages = layout_sheet(group_by_nation([tank()], copies=columns + 1), p, s)
    cells = pages[0].cells
    assert len(cells) == columns + 1
    assert cells[1].x_mm - cells[0].x_mm == pytest.approx(s)  # flush: shared cut lines
    assert cells[columns].x_mm == cells[0].x_mm and cells[columns].y_mm > cells[0].y_mm
    left, right = cells[0].x_mm, p.width_mm - cells[columns - 1].x_mm - s
    assert left == pytest.approx(right) and left >= MARGIN_MM  # centred
    for cell in cells:
        assert cell.y_mm >= MARGIN_MM and cell.y_mm + s <= p.height_mm - MARGIN_MM


@pytest.mark.parametrize(("count", "pages"), [(1, 1), (187, 1), (188, 2), (374, 2), (375, 3)])
def test_page_count_for_a_known_number_of_counters(count: int, pages: int) -> None:
    # A4 at 5/8in: a heading and 17 rows of 11 on each page
    laid = layout_sheet(group_by_nation([tank()], copies=count), A4, FIVE_EIGHTHS)
    assert len(laid) == pages
    assert sum(len(p.cells) for p in laid) == count
    assert [h.text for h in laid[-1].headings][-1].startswith("FRG")
    if pages > 1:
        assert laid[1].headings[0].text == "FRG (continued)"


def test_each_group_has_a_heading_above_its_first_row() -> None:
    groups = group_by_nation([tank("a", "US"), tank("b", "USSR"), tank("c", "USSR")])
    (page,) = layout_sheet(groups, A4, FIVE_EIGHTHS)
    assert [h.text for h in page.headings] == ["US: 1 counter", "USSR: 2 counters"]
    us, ussr = page.headings
    assert page.cells[0].y_mm > us.y_mm and page.cells[1].y_mm > ussr.y_mm > page.cells[0].y_mm


def test_a_group_that_does_not_fit_moves_to_the_next_page() -> None:
    big = group_by_nation([tank("a", "US")], copies=11 * 16)  # 16 of the 17 rows
    groups = big + group_by_nation([tank("b", "USSR")], copies=22)
    pages = layout_sheet(groups, A4, FIVE_EIGHTHS)
    assert len(pages) == 2
    assert [h.text for h in pages[1].headings] == ["USSR: 22 counters"]
    assert len(pages[1].cells) == 22


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_backs_mirror_the_fronts_left_to_right(paper: str) -> None:
    p = PAPERS[paper]
    groups = group_by_nation([tank("a"), tank("b", "US")], copies=15)
    fronts = layout_sheet(groups, p, FIVE_EIGHTHS)
    pages = with_backs(fronts, p)
    assert [page.back for page in pages] == [False, True] * len(fronts)
    for front, back in zip(pages[::2], pages[1::2], strict=True):
        assert len(front.cells) == len(back.cells)
        for f, b in zip(front.cells, back.cells, strict=True):
            assert b.back and not f.back and b.unit_type is f.unit_type
            assert b.y_mm == f.y_mm
            assert f.center_mm[0] + b.center_mm[0] == pytest.approx(p.width_mm)


def test_mirrored_columns_swap_ends() -> None:
    columns, _ = grid_capacity(A4, FIVE_EIGHTHS)
    (front,) = layout_sheet(group_by_nation([tank()], copies=columns), A4, FIVE_EIGHTHS)
    back = mirror_page(front, A4)
    assert back.cells[0].x_mm == pytest.approx(front.cells[-1].x_mm)
    assert back.cells[-1].x_mm == pytest.approx(front.cells[0].x_mm)
    assert back.headings[0].right and back.headings[0].text == "FRG: backs"


# --- faces ----------------------------------------------------------------------------------


def test_faces_of_the_bundled_platoon_counters() -> None:
    units = load_counters(ROOT / "counters" / "platoon.yaml").units
    faces = {
        uid: (face_state(units[uid], False), face_state(units[uid], True))
        for uid in ("M48", "DRAGON", "COBRA", "UH60")
    }
    m48_front, m48_back = faces["M48"]
    assert m48_front is not None and m48_back is not None
    assert (m48_front.step, m48_back.step) == ("full", "reduced")
    assert m48_front.status is Status.GOOD_ORDER and m48_front.markers == []
    dragon_front, dragon_back = faces["DRAGON"]
    assert dragon_front is not None and dragon_back is None  # a plain back
    for uid in ("COBRA", "UH60"):
        front, back = faces[uid]
        assert front is not None and back is not None
        assert (front.mode, back.mode) == ("flying", "noe")


def test_squad_units_have_plain_backs() -> None:
    unit = next(iter(load_counters(ROOT / "counters" / "squad.yaml").units.values()))
    front = face_state(unit, False)
    assert front is not None and front.step == "full" and front.figures == []
    assert face_state(unit, True) is None


# --- files ----------------------------------------------------------------------------------


def _sheet(copies: int = 1, backs: bool = False, paper: Paper = A4) -> list[Page]:
    pages = layout_sheet(group_by_nation([tank()], copies=copies), paper, FIVE_EIGHTHS)
    return with_backs(pages, paper) if backs else pages


@pytest.mark.parametrize(
    ("copies", "backs", "pages"), [(1, False, 1), (200, False, 2), (200, True, 4)]
)
def test_pdf_has_one_page_per_sheet_page(
    qapp: object, tmp_path: Path, copies: int, backs: bool, pages: int
) -> None:
    out = tmp_path / "sheet.pdf"
    assert write_sheet(_sheet(copies, backs), A4, out, title="t") == [out]
    assert out.read_bytes().startswith(b"%PDF")
    assert pdf_pages(out) == pages


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pdf_page_size(qapp: object, tmp_path: Path, paper: str) -> None:
    out = tmp_path / "sheet.pdf"
    write_sheet(_sheet(paper=PAPERS[paper]), PAPERS[paper], out)
    box = re.search(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)", out.read_bytes())
    assert box is not None
    points = [float(v) * 25.4 / 72 for v in box.groups()]
    assert points == pytest.approx([PAPERS[paper].width_mm, PAPERS[paper].height_mm], abs=0.5)


def test_png_shows_counters_at_their_cells(qapp: object, tmp_path: Path) -> None:
    dpi = 100
    out = tmp_path / "sheet.png"
    pages = _sheet(copies=2, backs=True)
    assert write_sheet(pages, A4, out, dpi=dpi) == page_paths(out, 2)
    image = QImage(str(out))
    assert (image.width(), image.height()) == (827, 1169)  # A4 at 100 dpi
    cell = pages[0].cells[0]
    scale = dpi / 25.4

    def pixel(x_mm: float, y_mm: float) -> QColor:
        return image.pixelColor(round(x_mm * scale), round(y_mm * scale))

    paper = QColor("white")
    cx, cy = cell.center_mm
    assert pixel(cx, cy) != paper
    background, _ = counter_colors(cell.unit_type)
    left = pixel(cell.x_mm + cell.size_mm * 0.12, cy)  # the nation colour beside the symbol
    assert abs(left.red() - background.red()) < 12 and abs(left.green() - background.green()) < 12
    assert pixel(MARGIN_MM / 2, MARGIN_MM / 2) == paper
    back = QImage(str(page_paths(out, 2)[1]))
    bx, by = pages[1].cells[0].center_mm
    assert back.pixelColor(round(bx * scale), round(by * scale)) != paper


def test_svg_writes_one_file_per_page(qapp: object, tmp_path: Path) -> None:
    out = tmp_path / "sheet.svg"
    paths = write_sheet(_sheet(backs=True), A4, out)
    assert [p.name for p in paths] == ["sheet.svg", "sheet-2.svg"]
    text = paths[0].read_text()
    assert '<svg width="210mm" height="297mm"' in text
