"""A 12 x 10 map, a terrain chart and a few platoon units built in code (the GUI tests' sample
game; no Qt here)."""

from __future__ import annotations

from tabletop.hexgrid import HexSide
from tabletop.model import (
    Grid,
    HexCell,
    HexMap,
    HexMarker,
    HexsideFeatureType,
    Kind,
    PlatoonSide,
    PlatoonUnitType,
    Rating,
    Scenario,
    SideDef,
    Status,
    TargetClass,
    TerrainChart,
    TerrainType,
    UnitState,
)

COLORS = {
    "clear": "#dfe6b0", "crops": "#c9d36a", "rough": "#c8ad7f", "woods": "#3f7a3a",
    "town": "#9c8b76", "ruins": "#8f8780", "water": "#5b9bd5", "swamp": "#7fb0a0",
}  # fmt: skip


def sample_scenario() -> Scenario:
    chart = TerrainChart(
        "sample",
        {name: TerrainType(name, name[0], color) for name, color in COLORS.items()},
        {
            "road": HexsideFeatureType("road", "#8a6d3b"),
            "river": HexsideFeatureType("river", "#3d7fd1"),
            "bridge": HexsideFeatureType("bridge", "#555555", cancels=("river",)),
            "wall": HexsideFeatureType("wall", "#7d7368"),
        },
    )
    hexmap = HexMap("Sample valley", chart, Grid(12, 10))
    for label, terrain, level in [
        ("0304", "woods", 0), ("0305", "woods", 0), ("0404", "woods", 0),
        ("0606", "clear", 1), ("0607", "clear", 1), ("0505", "town", 1),
        ("0810", "ruins", 0), ("0902", "rough", 0), ("1007", "crops", 0),
        ("1107", "swamp", 0), ("0109", "water", 0),
    ]:  # fmt: skip
        hexmap.cells[hexmap.parse(label)] = HexCell(terrain, level)
    p = hexmap.parse
    for a, b, feature in [
        ("0304", "0305", ("wall",)), ("0702", "0703", ("river",)),
        ("0703", "0803", ("river",)), ("0504", "0505", ("road",)), ("0505", "0605", ("road",)),
        ("0605", "0705", ("road", "bridge", "river")),
    ]:  # fmt: skip
        hexmap.hexsides[HexSide.between(p(a), p(b))] = feature
    full = PlatoonSide(ap=Rating(3, 10, 4), he=Rating(2, 10, 5), armor=2, save=5, movement=8)
    reduced = PlatoonSide(ap=Rating(2, 10, 4), armor=2, save=5, movement=8)
    inf = PlatoonSide(ap=Rating(1, 4, 5), he=Rating(2, 4, 4), movement=3)
    types = {
        "LEO2": PlatoonUnitType("LEO2", "Leopard 2", Kind.TANK, TargetClass.ARMORED,
                                {"full": full, "reduced": reduced}, "FRG"),
        "INF": PlatoonUnitType("INF", "Panzergren.", Kind.INFANTRY, TargetClass.UNARMORED,
                               {"full": inf, "reduced": inf}, "FRG"),
        "T72": PlatoonUnitType("T72", "T-72", Kind.TANK, TargetClass.ARMORED,
                               {"full": full, "reduced": reduced}, "USSR"),
        "BMP": PlatoonUnitType("BMP", "BMP-1", Kind.IFV, TargetClass.LIGHT_ARMORED,
                               {"full": full}, "USSR"),
    }  # fmt: skip
    units = [
        UnitState("leo-1", "LEO2", "nato", p("0304"), "kg"),
        UnitState("inf-1", "INF", "nato", p("0304"), "kg", markers=["entrenched"]),
        UnitState("leo-2", "LEO2", "nato", p("0606"), "kg", step="reduced"),
        UnitState("t72-1", "T72", "pact", p("1005"), "tank", status=Status.DISRUPTED),
        UnitState("bmp-1", "BMP", "pact", p("1104"), "tank", markers=["ops_complete"]),
        UnitState("t72-dead", "T72", "pact", p("1106"), "tank", status=Status.ELIMINATED),
    ]
    return Scenario(
        name="Sample skirmish",
        ruleset="platoon",
        map=hexmap,
        unit_types=dict(types),
        sides={
            "nato": SideDef("nato", "NATO", {"kg": 1}),
            "pact": SideDef("pact", "Pact", {"tank": 1}),
        },
        units=units,
        hex_markers=[HexMarker(p("0907"), "wreck"), HexMarker(p("0808"), "smoke")],
    )
