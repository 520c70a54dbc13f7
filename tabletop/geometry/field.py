"""The map as dense numpy arrays over its axial bounding box: what each hex does to a sight line.

Index of hex ``(q, r)``: ``(q - q0) * stride + (r - r0)``. The box has a margin of two hexes
so that every hex a sight line between two map hexes can cross has a cell (off-map cells are
clear ground). A map edit rewrites one cell (``update_hex``); markers (Smoke, Wreck, Rubble,
Burnt Woods) are laid over a copy of the arrays per query, touching only their hexes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from tabletop.hexgrid import Hex
from tabletop.model import HexMap, HexMarker
from tabletop.model.terrain import LosEffect

__all__ = ["BLOCK", "CLEAR", "HINDER", "Cover", "TerrainField"]

CLEAR, HINDER, BLOCK = 0, 1, 2
_CODE = {LosEffect.CLEAR: CLEAR, LosEffect.HINDER: HINDER, LosEffect.BLOCK: BLOCK}
# Helicopter table kinds (rules 4.4): woods-like obstacles count next to the target,
# town-like ones (town, ruins, building, bunker: every other blocking terrain) within 2.
KIND_NONE, KIND_WOODS, KIND_TOWN = 0, 1, 2
_MARGIN = 2

I64 = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]


@dataclass(frozen=True, slots=True)
class Cover:
    """The sight-line values of every cell, with the markers of one query laid over them."""

    code: I64
    """CLEAR, HINDER or BLOCK: the terrain's LOS effect, or a replacing marker's."""
    smoke: Bools
    """A marker that blocks on top of the terrain (Smoke): blocks at every level."""
    names: dict[int, str]
    """Cell index -> what to call the hex in a reason ("town", "smoke", "rubble")."""
    code_list: list[int]
    smoke_list: list[bool]
    """The same as Python lists: a single line reads a few dozen cells, faster from lists."""
    rule_lists: dict[str, tuple[list[bool], list[bool]]] = field(default_factory=dict)
    """Per-cell (blocks, hinders-and-does-not-block) of the level rules, by case, as lists;
    filled by ``TerrainField.rule_lists`` on first use."""
    key: tuple[tuple[int, str], ...] = ()
    """The markers laid over (cell index, kind), sorted: equal keys, equal covers."""


class TerrainField:
    """Levels, LOS effects and helicopter kinds of every hex, as flat arrays."""

    def __init__(self, hex_map: HexMap) -> None:
        self.hex_map = hex_map
        qs = [h.q for h in hex_map.cells]
        rs = [h.r for h in hex_map.cells]
        self.q0 = min(qs) - _MARGIN
        self.r0 = min(rs) - _MARGIN
        self.stride = max(rs) + _MARGIN - self.r0 + 1
        width = max(qs) + _MARGIN - self.q0 + 1
        size = width * self.stride
        self.on_map = np.zeros(size, dtype=np.bool_)
        self.level = np.zeros(size, dtype=np.int64)
        self.code = np.zeros(size, dtype=np.int64)
        self.kind = np.zeros(size, dtype=np.int64)
        self.terrain_names: dict[int, str] = {}
        self._hexes: dict[int, Hex] = {}
        self._labels: dict[int, str] = {}
        steps = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
        self.neighbour_steps = np.array([q * self.stride + r for q, r in steps], dtype=np.int64)
        """Cell index differences to the six neighbours."""
        self.neighbour_set = frozenset(self.neighbour_steps.tolist())
        self._hill_parts: I64 | None = None
        self._cover_cache: tuple[tuple[tuple[int, str], ...], Cover] | None = None
        cells = list(hex_map.cells.items())
        idx = np.array([self.index(h) for h, _ in cells], dtype=np.int64)
        self.on_map[idx] = True
        self.level[idx] = [c.level for _, c in cells]
        by_name = {
            name: (_CODE[t.los], _kind(name, t.los)) for name, t in hex_map.chart.terrain.items()
        }
        self.code[idx] = [by_name[c.terrain][0] for _, c in cells]
        self.kind[idx] = [by_name[c.terrain][1] for _, c in cells]
        self.terrain_names = {int(i): c.terrain for i, (_, c) in zip(idx, cells, strict=True)}
        self.level_list: list[int] = self.level.tolist()
        self.kind_list: list[int] = self.kind.tolist()
        self.on_map_list: list[bool] = self.on_map.tolist()
        self._code_list: list[int] = self.code.tolist()

    # --- indices -----------------------------------------------------------------------
    def index(self, h: Hex) -> int:
        return (h.q - self.q0) * self.stride + (h.r - self.r0)

    def hex_at(self, i: int) -> Hex:
        found = self._hexes.get(i)
        if found is None:
            q, r = divmod(i, self.stride)
            found = self._hexes[i] = Hex(q + self.q0, r + self.r0)
        return found

    def label(self, i: int) -> str:
        """The printed label of cell ``i`` (memoised: labels never change)."""
        found = self._labels.get(i)
        if found is None:
            found = self._labels[i] = self.hex_map.label(self.hex_at(i))
        return found

    def indices(self, hexes: Iterable[Hex]) -> I64:
        return np.array([self.index(h) for h in hexes], dtype=np.int64)

    # --- edits ---------------------------------------------------------------------------
    def update_hex(self, h: Hex) -> None:
        """Re-read one hex from the map (after an editor command changed it)."""
        cell = self.hex_map.cells[h]
        terrain = self.hex_map.chart.terrain[cell.terrain]
        i = self.index(h)
        old_level = int(self.level[i])
        self.level[i] = cell.level
        self.code[i] = _CODE[terrain.los]
        self.kind[i] = _kind(cell.terrain, terrain.los)
        self.terrain_names[i] = cell.terrain
        self.level_list[i] = cell.level
        self.kind_list[i] = int(self.kind[i])
        self._code_list[i] = int(self.code[i])
        self._cover_cache = None
        if (old_level >= 1) != (cell.level >= 1):
            self._hill_parts = None

    # --- markers -------------------------------------------------------------------------
    def cover(self, markers: Sequence[HexMarker]) -> Cover:
        """The arrays with the LOS markers laid over (cached for the last marker set)."""
        chart = self.hex_map.chart
        key = tuple(
            sorted(
                (self.index(m.hex), m.kind)
                for m in markers
                if m.kind in chart.markers and m.hex in self.hex_map.cells
            )
        )
        if self._cover_cache is not None and self._cover_cache[0] == key:
            return self._cover_cache[1]
        code = self.code
        smoke = np.zeros(len(code), dtype=np.bool_)
        names = self.terrain_names
        if key:
            code = code.copy()
            names = dict(names)
            for i, kind in key:
                mtype = chart.markers[kind]
                effect = _CODE[mtype.los]
                if mtype.replaces_terrain:
                    code[i] = effect
                    names[i] = kind
                elif effect == BLOCK:
                    smoke[i] = True
                    names[i] = kind
                elif effect > code[i]:
                    code[i] = effect
                    names[i] = kind
        code_list = code.tolist() if key else self._code_list
        smoke_list = smoke.tolist() if key else [False] * len(code)
        result = Cover(code, smoke, names, code_list, smoke_list, key=key)
        self._cover_cache = (key, result)
        return result

    def rule_lists(self, cover: Cover, case: str) -> tuple[list[bool], list[bool]]:
        """Per-cell (blocks, hinders and does not block) for the ``waw`` model when both ends
        are at level 0 (``ground``), both at level 1 (``hill``), or one at each (``mixed``),
        cached on the cover."""
        found = cover.rule_lists.get(case)
        if found is None:
            blk = cover.code == BLOCK
            high = self.level >= 1
            hin = (cover.code == HINDER) & self.on_map
            if case == "ground":
                blocks = cover.smoke | blk | high
            elif case == "hill":
                blocks = cover.smoke | (blk & high)
                hin &= high
            else:  # mixed (level-0 blocking terrain next to the ground unit: by the caller)
                blocks = cover.smoke | (blk & high)
                hin &= ~high
            found = (blocks.tolist(), (hin & ~blocks).tolist())
            cover.rule_lists[case] = found
        return found

    # --- hills ---------------------------------------------------------------------------
    def hill_parts(self) -> I64:
        """Connected component id of every level >= 1 cell (through level >= 1 cells), else -1."""
        if self._hill_parts is None:
            parts = np.full(len(self.level), -1, dtype=np.int64)
            high = np.flatnonzero(self.on_map & (self.level >= 1))
            steps = [
                s * self.stride + t for s, t in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
            ]
            part = 0
            for seed in high.tolist():
                if parts[seed] >= 0:
                    continue
                parts[seed] = part
                todo = [seed]
                while todo:
                    i = todo.pop()
                    for s in steps:
                        j = i + s
                        if (
                            0 <= j < len(parts)
                            and parts[j] < 0
                            and self.on_map[j]
                            and self.level[j] >= 1
                        ):
                            parts[j] = part
                            todo.append(j)
                part += 1
            self._hill_parts = parts
        return self._hill_parts


def _kind(name: str, los: LosEffect) -> int:
    # READING (rules 4.4): the table's "woods" rows are for woods; town, ruins and every
    # other blocking terrain (building, bunker) use the "town or ruins" rows.
    if los is not LosEffect.BLOCK:
        return KIND_NONE
    return KIND_WOODS if "woods" in name else KIND_TOWN
