"""``tabletop sheet SCENARIO``: the order of battle, every unit once, measured in the PDF's
own geometry; backs that register with their fronts when printed duplex; bleed and cut
lines."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.data import load_scenario
from tabletop.render.sheet import COUNTER_SIZES, PAPERS, layout_sheet, order_of_battle, with_backs
from tests.helpers.pdfgeometry import read_pages

ROOT = Path(__file__).resolve().parents[2]
PLATOON = ROOT / "scenarios" / "demo-platoon.yaml"
SQUAD = ROOT / "scenarios" / "demo-squad.yaml"
CUT_GREY = 180 / 255  # the cut lines' #b4b4b4
POINTS_PER_INCH = 72.0


@pytest.fixture(autouse=True)
def _in_tmp(qapp: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


@pytest.fixture(scope="module")
def oob_pdf(tmp_path_factory: pytest.TempPathFactory, qapp: object) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("oob") / "oob.pdf"
    args = ["sheet", str(PLATOON), "--size", "5/8in", "--backs", "-o", str(out)]
    return out, str(main(args))


def test_every_unit_once_grouped_by_side_and_formation() -> None:
    scenario = load_scenario(PLATOON)
    groups = order_of_battle(scenario)
    printed = Counter(t.id for group in groups for t in group.units)
    assert printed == Counter(u.type_id for u in scenario.units)
    assert [group.label for group in groups] == [
        "NATO, us_task_force",
        "NATO, kampfgruppe",
        "NATO, aviation",
        "Warsaw Pact, 1st_tank",
        "Warsaw Pact, 2nd_motor_rifle",
        "Warsaw Pact, helicopters",
    ]


def test_squad_scenario_groups_by_side_with_its_reinforcements() -> None:
    scenario = load_scenario(SQUAD)
    groups = order_of_battle(scenario)
    assert [group.label for group in groups] == ["Wehrmacht", "Red Army"]
    everyone = list(scenario.units) + [r.unit for r in scenario.reinforcements]
    assert sum(len(group.units) for group in groups) == len(everyone)


def test_oob_pdf_prints_each_unit_once_at_five_eighths(
    oob_pdf: tuple[Path, str], capsys: pytest.CaptureFixture[str]
) -> None:
    out, code = oob_pdf
    assert code == "0"
    pages = read_pages(out)
    assert len(pages) == 2  # one front, its back
    units = len(load_scenario(PLATOON).units)
    fronts = pages[0].rects_in(CUT_GREY)
    assert len(fronts) == units
    side = 5 / 8 * POINTS_PER_INCH  # 45 pt
    for rect in fronts + pages[1].rects_in(CUT_GREY):
        assert rect.width == pytest.approx(side, abs=0.01)
        assert rect.height == pytest.approx(side, abs=0.01)
    x0, y0, x1, y1 = pages[0].media_box
    assert (x1 - x0, y1 - y0) == (595.0, 842.0)  # A4 in whole points, as PDF writes it
    for rect in fronts:  # inside the 10 mm margin
        assert rect.x >= 10 / 25.4 * 72 - 0.01 and rect.x + rect.width <= x1 - 28.3


def test_backs_register_with_fronts_under_a_long_edge_flip(oob_pdf: tuple[Path, str]) -> None:
    out, _ = oob_pdf
    front, back = read_pages(out)
    width = front.media_box[2]
    mirrored = sorted(
        (round(width - r.x - r.width, 2), round(r.y, 2)) for r in front.rects_in(CUT_GREY)
    )
    assert mirrored == sorted((round(r.x, 2), round(r.y, 2)) for r in back.rects_in(CUT_GREY))


def test_each_back_cell_is_its_own_fronts_unit() -> None:
    groups = order_of_battle(load_scenario(PLATOON))
    paper = PAPERS["a4"]
    front, back = with_backs(layout_sheet(groups, paper, COUNTER_SIZES["5/8in"]), paper)
    by_place = {(round(c.x_mm, 6), round(c.y_mm, 6)): c.unit_type.id for c in back.cells}
    for cell in front.cells:
        place = (round(paper.width_mm - cell.x_mm - cell.size_mm, 6), round(cell.y_mm, 6))
        assert by_place[place] == cell.unit_type.id


def test_bleed_spaces_counters_and_keeps_their_size(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["sheet", str(PLATOON), "--bleed", "1", "--backs", "-o", "b.pdf"]) == 0
    assert "53 counters on 2 pages (5/8in, A4, with backs, 1 mm bleed)" in capsys.readouterr().out
    front, back = read_pages(tmp_path / "b.pdf")
    rects = sorted(front.rects_in(CUT_GREY), key=lambda r: (-r.y, r.x))
    gap = rects[1].x - (rects[0].x + rects[0].width)
    assert gap == pytest.approx(2 / 25.4 * 72, abs=0.01)  # 1 mm of bleed each side
    assert rects[0].width == pytest.approx(45.0, abs=0.01)
    width = front.media_box[2]
    mirrored = sorted((round(width - r.x - r.width, 2), round(r.y, 2)) for r in rects)
    assert mirrored == sorted((round(r.x, 2), round(r.y, 2)) for r in back.rects_in(CUT_GREY))


def test_no_cut_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sheet", str(PLATOON), "--no-cut-lines", "-o", "n.pdf"]) == 0
    assert read_pages(tmp_path / "n.pdf")[0].rects_in(CUT_GREY) == []


@pytest.mark.parametrize("bleed", ["-1", "6", "wide"])
def test_bad_bleed(capsys: pytest.CaptureFixture[str], bleed: str) -> None:
    assert main(["sheet", str(PLATOON), "--bleed", bleed]) == 1
    assert "is not a bleed in millimetres" in capsys.readouterr().err


def test_a_map_is_not_printable(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sheet", str(ROOT / "maps" / "eisenbach-gap.yaml")]) == 1
    err = capsys.readouterr().err
    assert "expected a tabletop/counters file or a tabletop/scenario file" in err
