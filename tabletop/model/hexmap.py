"""A hex map: terrain and level per hex, features on hexsides, the printed numbering."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from tabletop.hexgrid import Hex, HexSide, Layout, OffsetScheme
from tabletop.model.terrain import HexsideFeatureType, TerrainChart, TerrainType


@dataclass(frozen=True, slots=True)
class HexCell:
    """What one hex of the map is: its terrain, its level, and a bunker's entrances."""

    terrain: str
    level: int = 0
    entrances: tuple[HexSide, ...] = ()


@dataclass(frozen=True, slots=True)
class Grid:
    """The printed grid: size, orientation and numbering, and the hex size in pixels."""

    columns: int
    rows: int
    orientation: str = "flat"
    stagger: str = "odd"
    first: int = 1
    letters: bool = False
    hex_size: float = 40.0

    def scheme(self) -> OffsetScheme:
        return OffsetScheme.for_size(
            self.columns + self.first - 1,
            self.rows + self.first - 1,
            orientation=self.orientation,
            stagger=self.stagger,
            first=self.first,
            letters=self.letters,
        )


@dataclass(frozen=True, slots=True)
class Background:
    """A scanned or VASSAL board image under the grid, and how the grid sits on it.

    ``origin`` is the image pixel at the centre of the map's first hex (``0101``) and
    ``hex_size`` the hex size (centre to corner) in image pixels, across and down; the
    image is scaled so that its hexes match the grid's. ``image`` is written as in the file
    (relative to the map).
    """

    image: str
    opacity: float = 0.5
    origin: tuple[float, float] = (0.0, 0.0)
    hex_size: tuple[float, float] = (40.0, 40.0)


@dataclass
class HexMap:
    """Terrain, levels and hexside features of every hex on the map.

    Mutable so that the map editor can change it, always through commands. Every hex of
    the rectangle is present in ``cells``; hexsides with no feature are absent.
    """

    name: str
    chart: TerrainChart
    grid: Grid
    default: str = "clear"
    cells: dict[Hex, HexCell] = field(default_factory=dict)
    hexsides: dict[HexSide, tuple[str, ...]] = field(default_factory=dict)
    notes: str = ""
    background: Background | None = None
    """An optional board image under the grid (the map editor's ``background:`` key)."""
    chart_ref: str = field(default="", compare=False)
    """The ``terrain:`` of the map file as written (a bundled name or a relative path)."""
    path: Path | None = field(default=None, compare=False)
    """The file the map was loaded from or last saved to."""
    scheme: OffsetScheme = field(init=False)

    def __post_init__(self) -> None:
        self.scheme = self.grid.scheme()
        if not self.cells:
            fill = HexCell(self.default)
            self.cells = {h: fill for h in self.all_hexes()}

    # --- geometry of the numbering -------------------------------------------------
    def all_hexes(self) -> Iterator[Hex]:
        first = self.grid.first
        for col in range(first, first + self.grid.columns):
            for row in range(first, first + self.grid.rows):
                yield self.scheme.from_colrow(col, row)

    def __contains__(self, h: object) -> bool:
        return h in self.cells

    def __iter__(self) -> Iterator[Hex]:
        return iter(self.cells)

    def __len__(self) -> int:
        return len(self.cells)

    def label(self, h: Hex) -> str:
        return self.scheme.label(h)

    def parse(self, label: str) -> Hex:
        """The hex a label names; ValueError if it is malformed or off the map."""
        h = self.scheme.parse(label)
        if h not in self.cells:
            raise ValueError(f"hex {label} is outside the map ({self.size_text()})")
        return h

    def size_text(self) -> str:
        return f"{self.grid.columns} x {self.grid.rows}"

    def layout(self) -> Layout:
        size = self.grid.hex_size
        return Layout(orientation=self.grid.orientation, size_x=size, size_y=size)

    # --- terrain ---------------------------------------------------------------------
    def cell(self, h: Hex) -> HexCell:
        return self.cells[h]

    def terrain(self, h: Hex) -> TerrainType:
        return self.chart.terrain[self.cells[h].terrain]

    def level(self, h: Hex) -> int:
        return self.cells[h].level

    def max_level(self) -> int:
        return max((c.level for c in self.cells.values()), default=0)

    def features(self, side: HexSide) -> tuple[str, ...]:
        return self.hexsides.get(side, ())

    def feature_types(self, side: HexSide) -> list[HexsideFeatureType]:
        return [self.chart.hexsides[f] for f in self.hexsides.get(side, ())]

    def has_feature(self, a: Hex, b: Hex, feature: str) -> bool:
        return feature in self.hexsides.get(HexSide.between(a, b), ())

    def effective_features(self, side: HexSide) -> set[str]:
        """Features on a side after cancellations (a bridge cancels the river)."""
        present = set(self.hexsides.get(side, ()))
        for name in list(present):
            present -= set(self.chart.hexsides[name].cancels)
        return present

    def neighbors(self, h: Hex) -> list[Hex]:
        return [n for n in h.neighbors() if n in self.cells]
