"""The terrain chart: what each terrain, hexside feature and hex marker does (rules 2.5, 3.4).

Values live in data (``maps/standard.yaml``), never in code; these are the immutable
definitions a loaded chart is made of.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class LosEffect(Enum):
    """What a hex does to a sight line crossing it (rules 4.3)."""

    CLEAR = "clear"
    HINDER = "hinder"
    BLOCK = "block"


class Conceals(Enum):
    """Which units a hex conceals (rules 2.9): nobody, infantry only (crops), everybody."""

    NONE = "none"
    INFANTRY = "infantry"
    ALL = "all"


class TecColumn(Enum):
    """Column of the terrain effects chart a unit reads its bonus dice from (rules 2.4).

    Counter files spell the infantry column ``troops`` (interfaces.md); the chart's
    ``bonus:`` mapping calls it ``infantry``. Both names parse to ``INFANTRY``.
    """

    INFANTRY = "infantry"
    VEHICLES = "vehicles"

    @classmethod
    def parse(cls, text: str) -> TecColumn:
        if text == "troops":
            return cls.INFANTRY
        return cls(text)

    @property
    def file_name(self) -> str:
        """The spelling of counter files: ``troops`` or ``vehicles``."""
        return "troops" if self is TecColumn.INFANTRY else "vehicles"


@dataclass(frozen=True, slots=True)
class Bonus:
    """Platoon save bonus dice per TEC column; ``None`` where the chart says "-"."""

    infantry: int | None = 0
    vehicles: int | None = 0

    def for_column(self, column: TecColumn) -> int | None:
        return self.infantry if column is TecColumn.INFANTRY else self.vehicles


@dataclass(frozen=True, slots=True)
class Movement:
    """Movement points to enter a hex, on foot and by vehicle; ``None`` means no entry."""

    foot: int | None = 1
    vehicle: int | None = 1


@dataclass(frozen=True, slots=True)
class TerrainType:
    name: str
    code: str
    color: str = "#d8e0a8"
    bonus: Bonus = Bonus()
    conceals: Conceals = Conceals.NONE
    los: LosEffect = LosEffect.CLEAR
    cover_save: int | None = None
    cover_improvable: bool = True
    cover_soldiers_only: bool = False
    cc_defense: int | None = 0
    minefields: bool = True
    movement: Movement = Movement()
    amphibious_only: bool = False
    squad_only: bool = False
    texture: str = ""
    """How the map art draws the terrain's area (see :data:`TEXTURES`); "" a plain fill."""
    texture_color: str = ""
    """The colour of the texture's marks ("": a darker shade of ``color``)."""
    edge_color: str = ""
    """The line drawn along the area's outline against other terrain ("": none)."""


TEXTURES = ("none", "canopy", "rows", "blocks", "building", "rubble", "stipple", "tufts",
            "waves", "trench", "bunker")  # fmt: skip
"""The map art's textures of a terrain area (docs/formats.md)."""


@dataclass(frozen=True, slots=True)
class LevelStyle:
    """How the map art shades levels: a hypsometric tint and contour lines."""

    tint: str = "#d2b878"
    """The colour a hex's fill moves towards, ``step`` of the way per level."""
    step: float = 0.16
    contour: str = "#7a5a30"
    """The contour line drawn where the level changes."""


@dataclass(frozen=True, slots=True)
class HexsideFeatureType:
    name: str
    color: str = "#000000"
    movement: int | None = None
    """MP to enter a hex across this side (a road); ``None``: the hex's own cost."""
    blocks_movement: bool = False
    cancels: tuple[str, ...] = ()
    cover_save: int | None = None
    los: LosEffect = LosEffect.CLEAR
    edge_color: str = ""
    """The map art's casing of a road or banks of a river ("": none)."""


@dataclass(frozen=True, slots=True)
class HexMarkerType:
    """A marker that changes a hex: Wreck, Smoke, Rubble, Burnt Woods (rules 2.5)."""

    name: str
    bonus: Bonus = Bonus()
    conceals: Conceals = Conceals.NONE
    los: LosEffect = LosEffect.CLEAR
    cover_save: int | None = None
    replaces_terrain: bool = False
    """READING: Rubble and Burnt Woods are what is left of the hex's terrain, so their
    values replace the terrain's instead of adding to them (Wreck and Smoke add)."""


@dataclass(frozen=True, slots=True)
class Alias:
    """A shorthand terrain name: ``hill`` is clear terrain at level 1."""

    terrain: str
    level: int


@dataclass(frozen=True)
class TerrainChart:
    name: str
    terrain: dict[str, TerrainType]
    hexsides: dict[str, HexsideFeatureType] = field(default_factory=dict)
    markers: dict[str, HexMarkerType] = field(default_factory=dict)
    aliases: dict[str, Alias] = field(default_factory=dict)
    levels: LevelStyle = LevelStyle()

    def by_code(self) -> dict[str, TerrainType]:
        return {t.code: t for t in self.terrain.values()}

    def resolve(self, name: str) -> tuple[TerrainType, int | None]:
        """A terrain or alias name -> (terrain, level the alias implies or None)."""
        if name in self.aliases:
            alias = self.aliases[name]
            return self.terrain[alias.terrain], alias.level
        return self.terrain[name], None

    def names(self) -> list[str]:
        return [*self.terrain, *self.aliases]
