"""L1: the game's data model (stdlib + hexgrid only): terrain, map, unit types, state."""

from __future__ import annotations

from tabletop.model.hexmap import Background, Grid, HexCell, HexMap
from tabletop.model.options import (
    MODULE_INFO,
    MODULES,
    OPTION_INFO,
    RULESET_INFO,
    MineAttack,
    ModuleInfo,
    OptionInfo,
    Options,
    modules_of,
    options_of,
)
from tabletop.model.scenario import AirStrike, Reinforcement, Scenario, SideDef
from tabletop.model.state import (
    RULE_HEX_MARKERS,
    UNIT_FLAGS,
    UNIT_MARKERS,
    Figure,
    GameState,
    HexMarker,
    LogEntry,
    Memento,
    Status,
    UnitState,
)
from tabletop.model.terrain import (
    Alias,
    Bonus,
    Conceals,
    HexMarkerType,
    HexsideFeatureType,
    LosEffect,
    Movement,
    TecColumn,
    TerrainChart,
    TerrainType,
)
from tabletop.model.tracking import Journal, recording
from tabletop.model.units import (
    MODEL_WOUNDS,
    Artillery,
    AssaultRating,
    Bombs,
    FigureSpec,
    Fire,
    Kind,
    PlatoonSide,
    PlatoonUnitType,
    Rating,
    SquadUnitType,
    TargetClass,
    UnitType,
    Weapon,
)

__all__ = [
    "MODEL_WOUNDS", "MODULES", "MODULE_INFO", "OPTION_INFO", "RULESET_INFO", "ModuleInfo",
    "OptionInfo", "modules_of", "options_of", "RULE_HEX_MARKERS", "UNIT_FLAGS", "UNIT_MARKERS", "AirStrike",
    "Alias", "Artillery", "AssaultRating", "Background", "Bombs", "Bonus", "Conceals", "Figure",
    "FigureSpec", "Fire", "GameState", "Grid", "HexCell", "HexMap", "HexMarker",
    "HexMarkerType", "HexsideFeatureType", "Journal", "Kind", "LogEntry", "LosEffect", "Memento",
    "MineAttack",
    "Movement", "Options", "PlatoonSide", "PlatoonUnitType", "Rating", "Reinforcement",
    "Scenario", "SideDef", "SquadUnitType", "Status", "TargetClass", "TecColumn",
    "TerrainChart", "TerrainType", "UnitState", "UnitType", "Weapon", "recording",
]  # fmt: skip
