"""Raster tiles: levels, caching, repair of dirty regions, stand-ins, eviction."""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from tabletop.render.tiles import (
    LEVEL_STEP,
    CompositeLayer,
    TileBudget,
    TileLayer,
    exact_level,
    is_free,
    level_of,
    level_scale,
)

pytestmark = pytest.mark.gui

BOUNDS = QRectF(0, 0, 1000, 600)


class Board:
    """A painter of coloured squares that counts what it was asked to paint."""

    def __init__(self) -> None:
        self.colours: dict[tuple[int, int], str] = {}
        self.calls: list[QRectF] = []

    def render(self, p: QPainter, rect: QRectF, scale: float) -> None:
        self.calls.append(QRectF(rect))
        for (x, y), colour in self.colours.items():
            square = QRectF(x * 50, y * 50, 50, 50)
            if square.intersects(rect):
                p.fillRect(square, QColor(colour))
        p.drawLine(0, 0, 1000, 600)  # antialiased diagonal: crosses tiles and regions


def frame(
    layer: TileLayer, scale: float, rect: QRectF = BOUNDS, *, complete: bool = False
) -> tuple[QImage, bool]:
    image = QImage(int(rect.width() * scale), int(rect.height() * scale),
                   QImage.Format.Format_ARGB32_Premultiplied)  # fmt: skip
    image.fill(QColor("black"))
    p = QPainter(image)
    p.scale(scale, scale)
    p.translate(-rect.left(), -rect.top())
    done = layer.paint(p, rect, scale, complete=complete)
    p.end()
    return image, done


def test_levels_are_powers_of_the_wheel_notch() -> None:
    assert level_of(1.0) == 0
    assert level_of(1.25) == 1
    assert level_of(1.1) == 1  # the next level up, drawn scaled down
    assert level_of(0.8) == -1
    assert level_scale(-2) == pytest.approx(LEVEL_STEP**-2)


def test_tiles_are_rendered_once_and_reused(qapp) -> None:
    board = Board()
    layer = TileLayer(BOUNDS, board.render, background=QColor("white"), tile_px=128)
    _, done = frame(layer, 1.0)
    assert done
    first = layer.rendered
    assert first == 8 * 5  # 1000 x 600 in 128-pixel tiles
    frame(layer, 1.0)
    assert layer.rendered == first


def test_a_repaired_region_matches_a_fresh_render(qapp) -> None:
    board = Board()
    board.colours = {(x, y): "#3f7a3a" for x in range(20) for y in range(12) if (x + y) % 3}
    layer = TileLayer(BOUNDS, board.render, background=QColor("white"), tile_px=128)
    frame(layer, 1.0)
    frame(layer, 0.8)  # stood in for by level 0, then rendered: a second level holds it too
    layer.render_pending(time.perf_counter() + 10)
    assert layer.cached(-1) > 0
    board.colours[(5, 4)] = "#5b9bd5"
    square = QRectF(250, 200, 50, 50)
    layer.invalidate(square)
    board.calls.clear()
    repaired, _ = frame(layer, 1.0)
    assert board.calls and all(c.width() <= 52 and c.height() <= 52 for c in board.calls)
    fresh_layer = TileLayer(BOUNDS, board.render, background=QColor("white"), tile_px=128)
    fresh, _ = frame(fresh_layer, 1.0, complete=True)  # every tile, whatever the frame's time
    assert repaired == fresh
    assert layer.repaired >= 1
    at_08, _ = frame(layer, 0.8)
    fresh_08, _ = frame(TileLayer(BOUNDS, board.render, background=QColor("white"),
                                  tile_px=128), 0.8, complete=True)  # fmt: skip
    assert at_08 == fresh_08


def test_missing_tiles_are_stood_in_for_and_rendered_later(qapp) -> None:
    board = Board()
    board.colours = {(1, 1): "#c8ad7f"}
    layer = TileLayer(BOUNDS, board.render, background=QColor("white"), tile_px=128)
    frame(layer, 1.0)
    image, done = frame(layer, 1.25)
    assert not done and layer.pending() > 0  # drawn from level 0, queued at level 1
    assert image.pixelColor(int(75 * 1.25), int(75 * 1.25)) == QColor("#c8ad7f")
    layer.render_pending(time.perf_counter() + 10)
    assert layer.pending() == 0
    _, done = frame(layer, 1.25)
    assert done


def test_layers_sharing_a_budget_give_each_other_room_least_recently_drawn_first(qapp) -> None:
    tile = 128 * 128 * 4
    budget = TileBudget(12 * tile)
    board = Board()
    big = QRectF(0, 0, 6000, 4000)
    first = TileLayer(big, board.render, background=QColor("white"), tile_px=128, budget=budget)
    second = TileLayer(big, board.render, tile_px=128, budget=budget)
    first.queue_overview()  # (the overview is kept, beyond the budget, by every layer)
    first.render_pending(time.perf_counter() + 30)
    overview = first.cached(first.overview)
    assert overview > 0 and budget.bytes == 0
    frame(first, 1.0, QRectF(0, 0, 400, 400), complete=True)  # 4 x 4 tiles at 1:1
    assert first.cached(0) == 16 - 4 and budget.bytes == 12 * tile  # the oldest 4 went
    frame(second, 1.0, QRectF(0, 0, 300, 300), complete=True)  # 3 x 3 of the other layer
    assert second.cached(0) == 9 and first.cached(0) == 3  # it took the first's oldest
    assert budget.bytes == 12 * tile == (first.memory() - overview * tile) + second.memory()
    frame(first, 1.0, QRectF(0, 0, 400, 400), complete=True)  # the first drawn again
    assert first.cached(0) + second.cached(0) == 12 and first.cached(first.overview) == overview
    second.clear()
    assert budget.bytes == first.cached(0) * tile


def test_the_overview_survives_eviction(qapp) -> None:
    board = Board()
    big = QRectF(0, 0, 6000, 4000)
    layer = TileLayer(big, board.render, background=QColor("white"), tile_px=128,
                      budget_bytes=40 * 128 * 128 * 4)  # fmt: skip
    assert level_scale(layer.overview) * 6000 <= 2048
    assert layer.min_level < layer.overview
    layer.queue_overview()
    layer.render_pending(time.perf_counter() + 30)
    overview = layer.cached(layer.overview)
    assert overview > 0
    frame(layer, 1.0, QRectF(0, 0, 1500, 1000))
    assert layer.memory() <= 40 * 128 * 128 * 4 + overview * 128 * 128 * 4
    assert layer.cached(layer.overview) == overview
    # the whole map far out is stood in for by the overview: nothing rendered in the frame
    before = layer.rendered
    image, done = frame(layer, 0.05, big)
    assert not done and layer.rendered == before and layer.pending() > 0
    assert image.pixelColor(10, 10) == QColor("white")


def test_a_zoom_between_levels_ends_up_blitted_at_its_own_scale(qapp) -> None:
    board = Board()
    board.colours = {(x, y): "#3f7a3a" for x in range(20) for y in range(12) if (x + y) % 3}
    layer = TileLayer(BOUNDS, board.render, background=QColor("white"), tile_px=128)
    scale = 0.9  # between level 0 (1.0) and level -1 (0.8)
    free = exact_level(scale)
    assert free != round(free) and level_scale(free) == pytest.approx(scale)
    _, done = frame(layer, scale)  # level 0 rendered (nothing to stand in), drawn scaled
    assert not done and layer.cached(free) == 0 and layer.pending() > 0
    layer.render_pending(time.perf_counter() + 10)
    assert layer.cached(free) > 0
    rendered = layer.rendered
    sharp, done = frame(layer, scale)
    assert done and layer.rendered == rendered  # blits only
    # a change is repaired at the free level too, and equals a fresh render there
    board.colours[(5, 4)] = "#5b9bd5"
    layer.invalidate(QRectF(250, 200, 50, 50))
    repaired, _ = frame(layer, scale)
    fresh_layer = TileLayer(BOUNDS, board.render, background=QColor("white"), tile_px=128)
    frame(fresh_layer, scale)
    fresh_layer.render_pending(time.perf_counter() + 10)
    fresh, done = frame(fresh_layer, scale)
    assert done and repaired == fresh != sharp
    # another zoom between levels forgets this one's tiles
    frame(layer, 0.85)
    layer.render_pending(time.perf_counter() + 10)
    assert layer.cached(free) == 0 and layer.cached(exact_level(0.85)) > 0


class Dots:
    """Counters of a test: dots with transparent surroundings, painted over a board."""

    def __init__(self) -> None:
        self.spots: dict[tuple[int, int], str] = {}

    def render(self, p: QPainter, rect: QRectF, scale: float) -> None:
        for (x, y), colour in self.spots.items():
            dot = QRectF(x * 50 + 10, y * 50 + 10, 30, 30)
            if dot.intersects(rect):
                p.setBrush(QColor(colour))
                p.drawEllipse(dot)


def two_layers(board: Board, dots: Dots, scale: float) -> QImage:
    """The board's tiles with the dots' transparent tiles over them (the old way)."""
    image, _ = frame(TileLayer(BOUNDS, board.render, background=QColor("white"), tile_px=128),
                     scale)  # fmt: skip
    p = QPainter(image)
    p.scale(scale, scale)
    TileLayer(BOUNDS, dots.render, tile_px=128).paint(p, BOUNDS, scale, complete=True)
    p.end()
    return image


def alike(a: QImage, b: QImage) -> int:
    """The worst difference of a channel between two images of one size."""
    worst = 0
    for y in range(0, a.height(), 3):
        for x in range(0, a.width(), 3):
            c, d = a.pixelColor(x, y), b.pixelColor(x, y)
            worst = max(worst, abs(c.red() - d.red()), abs(c.green() - d.green()),
                        abs(c.blue() - d.blue()))  # fmt: skip
    return worst


def test_a_composite_tile_is_its_base_tile_with_the_layer_over_it(qapp) -> None:
    board, dots = Board(), Dots()
    board.colours = {(x, y): "#3f7a3a" for x in range(20) for y in range(12) if (x + y) % 3}
    dots.spots = {(3, 2): "#c03030", (9, 7): "#3050c0"}
    base = TileLayer(BOUNDS, board.render, background=QColor("white"), tile_px=128)
    composite = CompositeLayer(base, dots.render)
    image, done = frame(composite, 0.8)
    assert done  # nothing to stand in: rendered at once, the base's tiles with them
    assert base.rendered == composite.rendered == base.cached(-1)
    assert alike(image, two_layers(board, dots, 0.8)) <= 2  # blending rounds, no more
    assert image.pixelColor(int(175 * 0.8), int(125 * 0.8)) == QColor("#c03030")
    # the base is not rendered again for the composite's next frame
    board.calls.clear()
    frame(composite, 0.8)
    assert not board.calls and base.rendered == composite.rendered
    with pytest.raises(ValueError):
        CompositeLayer(TileLayer(BOUNDS, board.render), dots.render)


def test_a_base_change_reaches_the_composite_in_the_next_frame(qapp) -> None:
    board, dots = Board(), Dots()
    dots.spots = {(5, 4): "#c03030"}
    base = TileLayer(BOUNDS, board.render, background=QColor("white"), tile_px=128)
    composite = CompositeLayer(base, dots.render)
    frame(composite, 1.0)
    board.colours[(6, 4)] = "#5b9bd5"  # beside the dot, in the same tile
    dots.spots[(4, 4)] = "#30a030"
    square = QRectF(200, 200, 150, 50)
    base.invalidate(square)
    composite.invalidate(square)
    board.calls.clear()
    image, done = frame(composite, 1.0)
    assert done and base.repaired >= 1 and composite.repaired >= 1
    assert board.calls and all(c.width() <= 152 and c.height() <= 52 for c in board.calls)
    assert image.pixelColor(325, 225) == QColor("#5b9bd5")  # the base's change
    assert image.pixelColor(225, 225) == QColor("#30a030")  # the layer's own
    assert image == frame(CompositeLayer(TileLayer(BOUNDS, board.render,
        background=QColor("white"), tile_px=128), dots.render), 1.0)[0]  # fmt: skip


def test_a_composite_with_no_time_left_shows_its_base(qapp, monkeypatch) -> None:
    from tabletop.render import tiles

    board, dots = Board(), Dots()
    board.colours = {(1, 1): "#c8ad7f"}
    dots.spots = {(1, 1): "#c03030"}
    base = TileLayer(BOUNDS, board.render, background=QColor("white"), tile_px=128)
    frame(base, 1.0)  # the base's tiles are there, the composite's are not
    composite = CompositeLayer(base, dots.render)
    monkeypatch.setattr(tiles, "SYNC_SECONDS", -1.0)  # the frame is spent at once
    image, done = frame(composite, 1.0)
    assert not done and composite.rendered == 0 and composite.pending() == 8 * 5
    assert image.pixelColor(55, 55) == QColor("#c8ad7f")  # the terrain, never a hole
    composite.render_pending(time.perf_counter() + 10)
    image, done = frame(composite, 1.0)
    assert done and image.pixelColor(75, 75) == QColor("#c03030")


def settle(layer: TileLayer, scale: float, rect: QRectF, *, turns: int = 400) -> int:
    """Frames, each followed by an idle turn of about one tile (as a busy machine's), until
    a frame is complete; how many turns it took."""
    for turn in range(turns):
        if frame(layer, scale, rect)[1] and not layer.pending():
            return turn
        layer.render_pending(time.perf_counter() + 1e-5)
    raise AssertionError(f"no complete frame at {scale} after {turns} turns")


def test_a_free_zoom_in_a_tight_budget_renders_each_tile_once(qapp) -> None:
    """Between levels the next level up is drawn first, then the free level's tiles: with a
    budget for about one level of the view, the free tiles must not drop the level's (or
    each other) and be rendered again, over and over."""
    tile = 128 * 128 * 4
    big, view = QRectF(0, 0, 6000, 4000), QRectF(0, 0, 300, 240)
    layer = TileLayer(big, Board().render, background=QColor("white"), tile_px=128,
                      budget=TileBudget(20 * tile))  # fmt: skip
    scale = 1.6  # between levels 2 and 3: level 3 first, then the free level
    free, level = exact_level(scale), level_of(scale)
    assert is_free(free) and level == 3
    shown, first = list(layer.keys(view, free)), list(layer.keys(view, level))
    assert len(shown) == 12 and len(first) == 20  # the two: more than the budget
    settle(layer, scale, view)
    assert all(key in layer._tiles for key in shown)
    assert layer.rendered == len(first) + len(shown)  # each once


def test_reading_ahead_never_drops_a_shown_tile(qapp) -> None:
    """Tiles asked for ahead of need (the neighbouring levels) fill only room no shown tile
    holds: the shown ones stay, and the rest of the read-ahead is given up."""
    tile = 128 * 128 * 4
    budget = TileBudget(14 * tile)
    big, view = QRectF(0, 0, 6000, 4000), QRectF(0, 0, 384, 384)
    layer = TileLayer(big, Board().render, background=QColor("white"), tile_px=128,
                      budget=budget)  # fmt: skip
    frame(layer, 1.0, view, complete=True)
    shown = list(layer.keys(view, 0))
    assert len(shown) == 9
    budget.show((layer, key) for key in shown)
    layer.queue(view.adjusted(-200, -200, 200, 200), -1, ahead=True)
    layer.queue(view, 1, ahead=True)  # 16 tiles a notch in: more than the room left
    layer.render_pending(time.perf_counter() + 30)
    assert all(layer.cached(0) and key in layer._tiles for key in shown)
    assert layer.pending() == 0 and budget.bytes <= budget.limit
    assert layer.cached() - 9 == 14 - 9  # the room beside the shown tiles, filled
