"""Printed sides look like the map's: the squad counter sheet and the squad order of battle
are written to PDF by ``tabletop sheet``, the PDF is rasterised (pypdfium2), and each
counter's colour and corner flag are read off the pixels. A German and a Soviet rifle squad,
or the two sides' copies of a shared type (the HMG team), must not come out alike."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PySide6.QtGui import QColor, QImage

from tabletop.cli import main
from tabletop.data import load_counters, load_scenario
from tabletop.documents import GameDocument
from tabletop.render import counter_colors
from tabletop.render.sheet import (
    COUNTER_SIZES,
    MM_PER_INCH,
    PAPERS,
    Cell,
    group_by_nation,
    layout_sheet,
    order_of_battle,
)

ROOT = Path(__file__).resolve().parents[2]
SQUAD_COUNTERS = ROOT / "counters" / "squad.yaml"
SQUAD_SCENARIO = ROOT / "scenarios" / "demo-squad.yaml"
SIZE = "3/4in"
PX_PER_MM = 4.0  # about 100 dpi: a 3/4 in counter is 76 pixels wide
BODY = (9.0, 45.0)
"""A spot of a counter's face (in its 100 x 100 box) where only its colour is painted:
left of the symbol, below the name, above the ratings."""
FLAG = (93.0, 6.0)
"""A spot inside the corner flag of the counter's side."""


def rasterise(pdf: Path) -> list[QImage]:
    document = pdfium.PdfDocument(str(pdf))
    images = []
    for page in document:
        bitmap = page.render(scale=PX_PER_MM * MM_PER_INCH / 72.0, force_bitmap_format=4)
        # format 4 (BGRx) is Qt's RGB32 byte for byte on a little-endian machine
        image = QImage(bytes(bitmap.buffer), bitmap.width, bitmap.height, bitmap.stride,
                       QImage.Format.Format_RGB32).copy()  # fmt: skip
        images.append(image)
    document.close()
    return images


def pixel(image: QImage, cell: Cell, spot: tuple[float, float]) -> QColor:
    """The printed colour at ``spot`` of a cell (the mean of a 3 x 3 patch)."""
    x = (cell.x_mm + cell.size_mm * spot[0] / 100) * PX_PER_MM
    y = (cell.y_mm + cell.size_mm * spot[1] / 100) * PX_PER_MM
    rgb = [0, 0, 0]
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            c = image.pixelColor(round(x) + dx, round(y) + dy)
            rgb = [rgb[0] + c.red(), rgb[1] + c.green(), rgb[2] + c.blue()]
    return QColor(*(round(v / 9) for v in rgb))


def close(a: QColor, b: QColor, tolerance: int = 12) -> bool:
    return max(abs(a.red() - b.red()), abs(a.green() - b.green()), abs(a.blue() - b.blue())) <= (
        tolerance
    )


def write(tmp_path: Path, source: Path) -> list[QImage]:
    out = tmp_path / f"{source.stem}.pdf"
    assert main(["sheet", str(source), "--size", SIZE, "-o", str(out)]) == 0
    return rasterise(out)


def test_the_order_of_battle_prints_each_side_in_its_map_colours(
    qapp: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = load_scenario(SQUAD_SCENARIO)
    images = write(tmp_path, SQUAD_SCENARIO)
    pages = layout_sheet(order_of_battle(scenario), PAPERS["a4"], COUNTER_SIZES[SIZE])
    assert len(images) == len(pages)
    # the colours the map paints each side's counters in (its items' options)
    from tabletop.ui.scene.scene import MapScene

    scene = MapScene(GameDocument.from_scenario(load_scenario(SQUAD_SCENARIO)))
    on_map = {}
    for item in scene.counters.values():
        body = counter_colors(item.unit_type, item.options)[0]
        on_map[(item.state.side, item.unit_type.id)] = (body, QColor(item.options.side_mark))
    side_of = {s.name: sid for sid, s in scenario.sides.items()}
    printed: dict[tuple[str, str], tuple[QColor, QColor]] = {}
    for image, page in zip(images, pages, strict=True):
        for cell in page.cells:
            heading = [h for h in page.headings if h.y_mm < cell.y_mm][-1].text
            side = side_of[heading.split(":")[0].split(" (")[0]]
            seen = (pixel(image, cell, BODY), pixel(image, cell, FLAG))
            printed.setdefault((side, cell.unit_type.id), seen)
    checked = 0
    for key, (body, flag) in on_map.items():
        assert close(printed[key][0], body), (key, printed[key][0].name(), body.name())
        assert close(printed[key][1], flag), (key, printed[key][1].name(), flag.name())
        checked += 1
    assert checked >= 10
    german, soviet = printed[("german", "GER_RIFLE_SQUAD")], printed[("soviet", "RIFLE_SQUAD")]
    assert not close(german[0], soviet[0], 40) and not close(german[1], soviet[1], 40)
    hmg_german, hmg_soviet = printed[("german", "HMG_TEAM")], printed[("soviet", "HMG_TEAM")]
    assert not close(hmg_german[0], hmg_soviet[0], 40)


def test_the_squad_counter_sheet_prints_either_sides_counters(
    qapp: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    counters = load_counters(SQUAD_COUNTERS)
    images = write(tmp_path, SQUAD_COUNTERS)
    groups = group_by_nation(counters.units.values(), 1, "squad")
    (page,) = layout_sheet(groups, PAPERS["a4"], COUNTER_SIZES[SIZE])
    (image,) = images
    by_side: dict[str, dict[str, QColor]] = {}
    for cell in page.cells:
        heading = [h for h in page.headings if h.y_mm < cell.y_mm][-1].text
        by_side.setdefault(heading.split(":")[0], {})[cell.unit_type.id] = pixel(image, cell, BODY)
    assert list(by_side) == ["squad, side 1", "squad, side 2"]
    first, second = by_side.values()
    assert set(first) == set(second) == set(counters.units)
    # every counter is painted in its side's colour, as the map paints side 1 and side 2
    for index, colours in enumerate((first, second)):
        group = groups[index]
        for unit_id, seen in colours.items():
            expected = counter_colors(counters.units[unit_id], group.options)[0]
            assert close(seen, expected), (group.label, unit_id, seen.name(), expected.name())
    assert not close(first["GER_RIFLE_SQUAD"], second["RIFLE_SQUAD"], 40)
