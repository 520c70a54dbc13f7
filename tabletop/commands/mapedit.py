"""Map editing commands: terrain, levels, hexside features, bunker entrances, background.

One :class:`EditMap` sets any number of hexes and hexsides. A stroke of the editor's tools
(press, moves, release) pushes one ``EditMap`` per mouse move, all with the stroke's
``merge_key``; the history folds them into one undo step that remembers each hex's value
from before the stroke. The functions below compute what a tool changes, so the editor and
its tests build the very same commands.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import replace

from tabletop.commands.base import Command
from tabletop.hexgrid import Hex, HexSide, Layout
from tabletop.model import Background, HexCell, HexMap

MAX_LEVEL = 9
"""The highest level the level brush raises to (one digit per hex in ``levels:``)."""

Sides = dict[HexSide, tuple[str, ...]]


class EditMap(Command):
    """Set hexes and hexsides of ``hexmap``; an empty feature tuple clears a hexside.

    Commands with the same ``stroke`` key merge: the merged command keeps the value each
    hex and hexside had before the first of them, so undo takes back the whole stroke.
    """

    def __init__(
        self,
        hexmap: HexMap,
        text: str,
        cells: Mapping[Hex, HexCell] | None = None,
        sides: Mapping[HexSide, tuple[str, ...]] | None = None,
        stroke: str | None = None,
    ) -> None:
        super().__init__(text)
        self.map = hexmap
        self.new_cells: dict[Hex, HexCell] = dict(cells or {})
        self.new_sides: Sides = dict(sides or {})
        self.old_cells: dict[Hex, HexCell] = {}
        self.old_sides: Sides = {}
        self.merge_key = stroke

    def __bool__(self) -> bool:
        return bool(self.new_cells or self.new_sides)

    @property
    def hexes(self) -> frozenset[Hex]:
        return frozenset(self.new_cells)

    @property
    def sides(self) -> frozenset[HexSide]:
        return frozenset(self.new_sides)

    def _set_side(self, side: HexSide, features: tuple[str, ...]) -> None:
        if features:
            self.map.hexsides[side] = features
        else:
            self.map.hexsides.pop(side, None)

    def redo(self) -> None:
        cells = self.map.cells
        for h, cell in self.new_cells.items():
            self.old_cells.setdefault(h, cells[h])
            cells[h] = cell
        for side, features in self.new_sides.items():
            self.old_sides.setdefault(side, self.map.hexsides.get(side, ()))
            self._set_side(side, features)

    def undo(self) -> None:
        self.map.cells.update(self.old_cells)
        for side, features in self.old_sides.items():
            self._set_side(side, features)

    def merge_with(self, other: Command) -> bool:
        if not isinstance(other, EditMap) or other.map is not self.map:
            return False
        for h, cell in other.old_cells.items():
            self.old_cells.setdefault(h, cell)
        for side, features in other.old_sides.items():
            self.old_sides.setdefault(side, features)
        self.new_cells.update(other.new_cells)
        self.new_sides.update(other.new_sides)
        return True


class SetBackground(Command):
    """Replace the map's background (load, opacity, calibration, removal).

    Opacity changes with the same ``merge_key`` (one slider drag) merge into one step."""

    def __init__(
        self, hexmap: HexMap, background: Background | None, text: str, merge_key: str | None = None
    ) -> None:
        super().__init__(text)
        self.map = hexmap
        self._value = background
        self.merge_key = merge_key

    def _swap(self) -> None:
        self.map.background, self._value = self._value, self.map.background

    def redo(self) -> None:
        self._swap()

    def undo(self) -> None:
        self._swap()

    def merge_with(self, other: Command) -> bool:
        # ``self._value`` still holds the background from before the first command.
        return isinstance(other, SetBackground) and other.map is self.map


# --- what a tool changes ---------------------------------------------------------------


def terrain_cell(hexmap: HexMap, old: HexCell, name: str) -> HexCell:
    """``old`` with the terrain (or alias: ``hill`` is clear at level 1) ``name``.

    The level stays unless the alias sets one; entrances stay only on a bunker."""
    terrain, level = hexmap.chart.resolve(name)
    entrances = old.entrances if terrain.name == "bunker" else ()
    return HexCell(terrain.name, old.level if level is None else level, entrances)


def paint(hexmap: HexMap, hexes: Iterable[Hex], name: str) -> dict[Hex, HexCell]:
    """The cells that change when ``hexes`` are painted with terrain ``name``."""
    out: dict[Hex, HexCell] = {}
    for h in hexes:
        old = hexmap.cells.get(h)
        if old is None:
            continue
        new = terrain_cell(hexmap, old, name)
        if new != old:
            out[h] = new
    return out


def brush(hexmap: HexMap, centre: Hex, radius: int) -> list[Hex]:
    """The map hexes a brush of ``radius`` (0: one hex) covers around ``centre``."""
    return [h for h in centre.within(radius) if h in hexmap.cells]


def flood(hexmap: HexMap, start: Hex) -> set[Hex]:
    """The contiguous region of hexes with the terrain of ``start`` (levels ignored)."""
    terrain = hexmap.cells[start].terrain
    region = {start}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        for n in h.neighbors():
            cell = hexmap.cells.get(n)
            if cell is not None and n not in region and cell.terrain == terrain:
                region.add(n)
                todo.append(n)
    return region


def rectangle(hexmap: HexMap, a: Hex, b: Hex) -> list[Hex]:
    """The hexes whose printed column and row lie between those of ``a`` and ``b``."""
    (c0, r0), (c1, r1) = hexmap.scheme.to_colrow(a), hexmap.scheme.to_colrow(b)
    out = []
    for col in range(min(c0, c1), max(c0, c1) + 1):
        for row in range(min(r0, r1), max(r0, r1) + 1):
            h = hexmap.scheme.from_colrow(col, row)
            if h in hexmap.cells:
                out.append(h)
    return out


def relevel(hexmap: HexMap, hexes: Iterable[Hex], mode: str, value: int = 0) -> dict[Hex, HexCell]:
    """The cells that change when the level brush ``raise``s, ``lower``s or ``set``s
    (to ``value``) ``hexes``; levels stay within 0..MAX_LEVEL."""
    if mode not in ("raise", "lower", "set"):
        raise ValueError(f"level mode must be raise, lower or set, not {mode!r}")
    out: dict[Hex, HexCell] = {}
    for h in hexes:
        old = hexmap.cells.get(h)
        if old is None:
            continue
        step = {"raise": old.level + 1, "lower": old.level - 1, "set": value}[mode]
        level = max(0, min(MAX_LEVEL, step))
        if level != old.level:
            out[h] = replace(old, level=level)
    return out


def lay(hexmap: HexMap, sides: Iterable[HexSide], feature: str, *, erase: bool = False) -> Sides:
    """The hexsides that change when ``feature`` is laid on (or erased from) ``sides``.

    A road laid across a river, or a river laid across a road, also gets a bridge there:
    a road crossing a river means a bridge on every map we know (docs/editor.md); erasing
    either leaves the bridge to erase."""
    if feature not in hexmap.chart.hexsides:
        raise ValueError(f"unknown hexside feature {feature!r}")
    out: Sides = {}
    for side in sides:
        if side.a not in hexmap.cells or side.b not in hexmap.cells:
            continue
        have = out.get(side, hexmap.hexsides.get(side, ()))
        if erase:
            new = tuple(f for f in have if f != feature)
        elif feature in have:
            continue
        else:
            new = (*have, feature)
            bridge = "bridge" in hexmap.chart.hexsides and "bridge" not in have
            crossing = {feature, *have} >= {"road", "river"}
            if feature in ("road", "river") and crossing and bridge:
                new = (*new, "bridge")
        if new != hexmap.hexsides.get(side, ()):
            out[side] = new
    return out


def toggle_entrance(hexmap: HexMap, side: HexSide) -> dict[Hex, HexCell]:
    """Add ``side`` to (or take it from) the entrances of each bunker hex on it."""
    out: dict[Hex, HexCell] = {}
    for h in side.hexes():
        cell = hexmap.cells.get(h)
        if cell is None or cell.terrain != "bunker":
            continue
        if side in cell.entrances:
            entrances = tuple(s for s in cell.entrances if s != side)
        else:
            entrances = (*cell.entrances, side)
        out[h] = replace(cell, entrances=entrances)
    return out


# --- background calibration ---------------------------------------------------------------

Point = tuple[float, float]


def background_scale(hexmap: HexMap, background: Background) -> Point:
    """Scene pixels per image pixel, across and down."""
    size = hexmap.grid.hex_size
    return size / background.hex_size[0], size / background.hex_size[1]


def first_centre(hexmap: HexMap, layout: Layout) -> Point:
    """The scene position of the centre of the map's first hex (``0101``)."""
    first = hexmap.grid.first
    return layout.hex_to_pixel(hexmap.scheme.from_colrow(first, first))


def image_to_scene(hexmap: HexMap, background: Background, layout: Layout, pixel: Point) -> Point:
    sx, sy = background_scale(hexmap, background)
    cx, cy = first_centre(hexmap, layout)
    ox, oy = background.origin
    return cx + (pixel[0] - ox) * sx, cy + (pixel[1] - oy) * sy


def scene_to_image(hexmap: HexMap, background: Background, layout: Layout, pos: Point) -> Point:
    sx, sy = background_scale(hexmap, background)
    cx, cy = first_centre(hexmap, layout)
    ox, oy = background.origin
    return ox + (pos[0] - cx) / sx, oy + (pos[1] - cy) / sy


def _axis_scale(d_image: float, d_scene: float, hex_size: float) -> float | None:
    if abs(d_scene) < hex_size or abs(d_image) < 1e-6:
        return None
    return d_scene / d_image


def calibrate(
    hexmap: HexMap, background: Background, layout: Layout, pairs: list[tuple[Point, Hex]]
) -> Background:
    """The background whose image pixels ``pairs[i][0]`` lie at the centres of hexes
    ``pairs[i][1]``. One pair moves the image; two pairs, far apart, also fit its scale
    across and down (an axis along which the two hexes are less than a hex apart takes the
    other axis' scale). ValueError when the pairs cannot fit."""
    if not pairs:
        raise ValueError("calibration needs at least one hex centre picked on the image")
    size = hexmap.grid.hex_size
    sx, sy = background_scale(hexmap, background)
    if len(pairs) >= 2:
        (p1, h1), (p2, h2) = pairs[0], pairs[-1]
        s1, s2 = layout.hex_to_pixel(h1), layout.hex_to_pixel(h2)
        fx = _axis_scale(p2[0] - p1[0], s2[0] - s1[0], size)
        fy = _axis_scale(p2[1] - p1[1], s2[1] - s1[1], size)
        if fx is None and fy is None:
            raise ValueError("pick two hexes further apart: at least a hex apart across or down")
        fx = fx if fx is not None else fy
        fy = fy if fy is not None else fx
        assert fx is not None and fy is not None
        if fx <= 0 or fy <= 0:
            raise ValueError("the two hexes lie the other way round on the image than on the map")
        sx, sy = fx, fy
    (px, py), h = pairs[0]
    tx, ty = layout.hex_to_pixel(h)
    cx, cy = first_centre(hexmap, layout)
    origin = (px - (tx - cx) / sx, py - (ty - cy) / sy)
    return replace(background, origin=origin, hex_size=(size / sx, size / sy))
