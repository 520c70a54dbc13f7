"""The map art (tabletop.render.art): every hex shows its own terrain, the noisy edges are
deterministic and stay in their band, and the chart's art keys are checked."""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage, QPainter

from tabletop.data import DataError, load_chart
from tabletop.data.files import load_map
from tabletop.hexgrid import HexSide
from tabletop.model import HexMap
from tabletop.render import MapPainter
from tabletop.render.art import CORNER_JITTER, NOISE, Areas, fill_colour, texture_colour

ROOT = Path(__file__).resolve().parents[2]
MAPS = sorted((ROOT / "maps").glob("*.yaml"))
MAPS = [m for m in MAPS if m.name != "standard.yaml"]  # the chart, not a map


def _palette(hexmap: HexMap) -> list[tuple[QColor, str]]:
    """Every colour the art fills an area with or marks it in, with its terrain."""
    levels = {cell.level for cell in hexmap.cells.values()}
    out = []
    for name in hexmap.chart.terrain:
        for level in levels:
            out.append((fill_colour(hexmap.chart, name, level), name))
        out.append((texture_colour(hexmap.chart, name), name))
    return out


def _nearest(palette: list[tuple[QColor, str]], c: QColor) -> str:
    def d(p: QColor) -> int:
        return (p.red() - c.red()) ** 2 + (p.green() - c.green()) ** 2 + (p.blue() - c.blue()) ** 2

    return min(palette, key=lambda e: d(e[0]))[1]


@pytest.mark.parametrize("path", MAPS, ids=[m.stem for m in MAPS])
def test_every_hex_shows_its_own_terrain(qapp, path: Path) -> None:
    """Centre and at least 80% of the points within 0.6 of the inner radius of every hex
    classify as the hex's terrain against the palette (the art's areas and textures, no
    hexside features, grid or labels)."""
    hexmap = load_map(path)
    painter = MapPainter(hexmap)
    bounds = painter.bounds
    image = QImage(int(bounds.width()) + 1, int(bounds.height()) + 1, QImage.Format.Format_RGB32)
    image.fill(QColor("#3a3f44"))
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.translate(-bounds.left(), -bounds.top())
    painter.paint_areas(p, bounds, 1.0)
    p.end()
    palette = _palette(hexmap)
    inner = painter.size * math.sqrt(3) / 2
    samples = [(0.0, 0.0)] + [
        (math.cos(a * math.pi / 6) * r * inner, math.sin(a * math.pi / 6) * r * inner)
        for r in (0.2, 0.4, 0.6)
        for a in range(12)
    ]
    bad = []
    for h, cell in hexmap.cells.items():
        c = painter.shape(h).center
        got = []
        for dx, dy in samples:
            x, y = round(c.x() + dx - bounds.left()), round(c.y() + dy - bounds.top())
            got.append(_nearest(palette, image.pixelColor(x, y)) == cell.terrain)
        share = sum(got) / len(got)
        if not got[0] or share < 0.8:
            bad.append(f"{hexmap.label(h)} {cell.terrain}: centre {got[0]}, {share:.0%}")
    assert not bad, bad


def _edges(areas: Areas, hexmap: HexMap) -> dict[HexSide, list[tuple[float, float]]]:
    out = {}
    for h in hexmap.cells:
        for n in h.neighbors():
            if n in hexmap.cells and h < n:
                side = HexSide(h, n)
                if areas.noisy(side):
                    out[side] = [(round(q.x(), 6), round(q.y(), 6)) for q in areas.edge(side, 8)]
    return out


def test_noisy_edges_stay_in_their_band_and_wander(qapp) -> None:
    hexmap = load_map(ROOT / "maps" / "eisenbach-gap.yaml")
    painter = MapPainter(hexmap)
    areas = painter.areas
    band = NOISE * areas.apothem + CORNER_JITTER * areas.size + 1e-6
    wander = 0.0
    edges = _edges(areas, hexmap)
    assert len(edges) > 100
    for side, points in edges.items():
        (x0, y0), (x1, y1) = painter.layout.side_endpoints(side)
        dx, dy = x1 - x0, y1 - y0
        length = math.hypot(dx, dy)
        for x, y in points:
            off = abs(dx * (y0 - y) - dy * (x0 - x)) / length
            assert off <= band, (side, off, band)
            wander = max(wander, off)
    assert wander > 0.5 * band  # not straight hexsides
    # both hexes of a side draw the same edge: the polygons tile
    side = next(iter(edges))
    pa = [(round(q.x(), 6), round(q.y(), 6)) for q in areas.polygon(side.a)]
    pb = [(round(q.x(), 6), round(q.y(), 6)) for q in areas.polygon(side.b)]
    inner = edges[side][1:-1]
    assert all(q in pa for q in inner) and all(q in pb for q in inner)


_PRINT_EDGES = """
import sys
from tabletop.data.files import load_map
from tabletop.render.art import Areas
from tabletop.hexgrid import HexSide
m = load_map(sys.argv[1])
a = Areas(m, m.layout())
pts = []
for h in sorted(m.cells):
    pts.extend((round(q.x(), 4), round(q.y(), 4)) for q in a.polygon(h))
print(repr(pts[:40]), len(pts), round(sum(x * 3 + y for x, y in pts), 3))
"""


def test_the_edges_are_the_same_in_every_session(qapp) -> None:
    """Two processes with different hash seeds draw the same edges (no ``hash()``)."""
    path = str(ROOT / "maps" / "village.yaml")
    outs = []
    for seed in ("1", "2"):
        env = {"PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"}
        done = subprocess.run(
            [sys.executable, "-c", _PRINT_EDGES, path], capture_output=True, text=True, env=env,
            check=True,
        )  # fmt: skip
        outs.append(done.stdout)
    assert outs[0] == outs[1] and outs[0].strip()
    # and what this process draws
    hexmap = load_map(path)
    areas = Areas(hexmap, hexmap.layout())
    pts = [(round(q.x(), 4), round(q.y(), 4)) for h in sorted(hexmap.cells)
           for q in areas.polygon(h)]  # fmt: skip
    assert outs[0].split()[-1] == str(round(sum(x * 3 + y for x, y in pts), 3))


def test_the_kept_geometry_is_bounded_and_what_is_made_again_is_the_same(qapp) -> None:
    hexmap = load_map(ROOT / "maps" / "village.yaml")
    layout = hexmap.layout()
    whole, bounded = Areas(hexmap, layout), Areas(hexmap, layout, kept=40)
    assert len(hexmap.cells) > 3 * 40
    for _ in range(2):  # the second time round, everything is made again
        for h in sorted(hexmap.cells):
            for segments in (8, 3):
                assert list(bounded.polygon(h, segments)) == list(whole.polygon(h, segments))
            assert len(bounded._polygons) <= 40 and len(bounded._corners) <= 6 * 40
            assert len(bounded._curves) <= 3 * 40
    assert len(whole._polygons) == 2 * len(hexmap.cells)  # (unbounded: every one kept)


def test_an_edit_changes_the_edges_of_the_hex_and_its_neighbours_only(qapp) -> None:
    from tabletop.model import HexCell

    hexmap = load_map(ROOT / "maps" / "village.yaml")
    painter = MapPainter(hexmap)
    h = hexmap.scheme.parse("0505")
    before = {n: list(painter.areas.polygon(n)) for n in hexmap.cells}
    hexmap.cells[h] = HexCell("woods", 0)
    painter.forget([h])
    changed = {n for n in hexmap.cells if list(painter.areas.polygon(n)) != before[n]}
    assert h in changed
    assert changed <= {h, *h.neighbors()}
    assert len(changed) > 1  # the neighbours' edges towards it wander now


def test_the_charts_art_keys_are_checked_with_their_place(tmp_path: Path) -> None:
    text = (ROOT / "maps" / "standard.yaml").read_text()
    text = text.replace("texture: canopy", "texture: canopee", 1)
    text = text.replace('texture_color: "#aab552"', 'texture_color: "green"', 1)
    text = text.replace("step: 0.16", "step: 3", 1)
    bad = tmp_path / "chart.yaml"
    bad.write_text(text)
    with pytest.raises(DataError) as err:
        load_chart(bad)
    lines = text.splitlines()
    messages = {p.message: p.line for p in err.value.problems}
    texture = next(m for m in messages if "canopee" in m)
    assert "canopy" in texture  # did you mean, and the choices
    assert "canopee" in lines[messages[texture] - 1]
    colour = next(m for m in messages if "texture_color" in m)
    assert "green" in lines[messages[colour] - 1]
    step = next(m for m in messages if m.startswith("step"))
    assert "step: 3" in lines[messages[step] - 1]
    chart = load_chart("standard")
    assert chart.terrain["woods"].texture == "canopy"
    assert chart.terrain["water"].edge_color
    assert chart.hexsides["river"].edge_color
