"""Small hand-made maps and a terrain chart built in code (rules 2.5 LOS values)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from tabletop.hexgrid import HexSide
from tabletop.model import HexMap, HexMarker
from tabletop.model.hexmap import Grid, HexCell
from tabletop.model.terrain import (
    HexMarkerType,
    HexsideFeatureType,
    LosEffect,
    TerrainChart,
    TerrainType,
)

C, H, B = LosEffect.CLEAR, LosEffect.HINDER, LosEffect.BLOCK
_TERRAIN = {
    "clear": C, "crops": C, "rough": H, "woods": B, "town": B, "ruins": B, "building": B,
    "swamp": C, "water": C, "trench": C, "bunker": B,
}  # fmt: skip
_CODES = "c.rwtubsWTB"


def chart() -> TerrainChart:
    terrain = {
        name: TerrainType(name=name, code=_CODES[i], los=los)
        for i, (name, los) in enumerate(_TERRAIN.items())
    }
    hexsides = {
        "road": HexsideFeatureType("road", movement=1),
        "river": HexsideFeatureType("river", blocks_movement=True),
        "bridge": HexsideFeatureType("bridge", cancels=("river",)),
        "wall": HexsideFeatureType("wall", cover_save=6),
        "fence": HexsideFeatureType("fence", cover_save=6),
        "embankment": HexsideFeatureType("embankment", cover_save=6),
    }
    markers = {
        "wreck": HexMarkerType("wreck", los=C, cover_save=6),
        "smoke": HexMarkerType("smoke", los=B),
        "rubble": HexMarkerType("rubble", los=H, replaces_terrain=True),
        "burnt_woods": HexMarkerType("burnt_woods", los=H, replaces_terrain=True),
    }
    return TerrainChart("test", terrain, hexsides, markers)


CHART = chart()


def make_map(
    hexes: Mapping[str, str | tuple[str, int]] = {},
    sides: Iterable[tuple[str, str, str]] = (),
    columns: int = 12,
    rows: int = 10,
) -> HexMap:
    """A map of clear ground with ``{label: terrain | (terrain, level)}`` and
    ``(label, label, feature)`` hexsides."""
    m = HexMap(name="test", chart=CHART, grid=Grid(columns, rows))
    for label, value in hexes.items():
        terrain, level = (value, 0) if isinstance(value, str) else value
        m.cells[m.parse(label)] = HexCell(terrain, level)
    for a, b, feature in sides:
        side = HexSide.between(m.parse(a), m.parse(b))
        m.hexsides[side] = (*m.hexsides.get(side, ()), feature)
    return m


def eisenbach() -> HexMap:
    """maps/eisenbach-valley.yaml built in code."""
    return make_map(
        {"0304": "woods", "0505": ("town", 1), "0606": ("clear", 1), "0810": "ruins",
         "0907": "trench"},
        [("0304", "0305", "river")],
        columns=20,
        rows=15,
    )  # fmt: skip


# The cross-checks' small maps (tests/geometry): hexes by label, terrain and level.
FLAT = {
    "0203": "woods", "0303": "woods", "0304": "town", "0506": "rough", "0507": "rough",
    "0605": "woods", "0705": "ruins", "0806": "building", "0904": "rough", "0908": "woods",
    "1007": "woods", "0409": "rough", "0410": "rough", "1102": "town", "1103": "town",
    "0702": "rough", "0207": "woods", "0208": "woods", "1009": "ruins",
}  # fmt: skip
LEVELS = {
    **FLAT,
    "0505": ("clear", 1), "0604": ("woods", 1), "0606": ("clear", 1), "0504": ("rough", 1),
    "0902": ("clear", 1), "0903": ("town", 1), "0309": ("clear", 1), "1105": ("clear", 1),
    "0708": ("clear", 1),
}  # fmt: skip
SLOPE = {**LEVELS, "0505": ("clear", 2), "0606": ("clear", 2), "0902": ("clear", 3)}
SMOKE = [HexMarker(hex=make_map().parse("0404"), kind="smoke")]
