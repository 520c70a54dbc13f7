"""Unit types: the immutable definition printed on a counter, for both rulesets.

A ``PlatoonUnitType`` has sides (full/reduced, or flying/noe/landed for helicopters) with
ratings; a ``SquadUnitType`` is made of figures of model types with wounds (rules 3.1).
Per-game state lives in ``tabletop.model.state``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property

from tabletop.model.terrain import TecColumn


class Kind(Enum):
    TANK = "tank"
    IFV = "ifv"
    APC = "apc"
    ARMORED_CAR = "armored_car"
    TRUCK = "truck"
    INFANTRY = "infantry"
    MORTAR = "mortar"
    SW = "sw"
    HELICOPTER = "helicopter"
    RECON = "recon"
    HQ = "hq"


GROUND_VEHICLES = frozenset({Kind.TANK, Kind.IFV, Kind.APC, Kind.ARMORED_CAR, Kind.TRUCK})
"""Kinds that move by vehicle, read the vehicle TEC column and leave a Wreck (rules 2.6)."""


class TargetClass(Enum):
    ARMORED = "armored"
    LIGHT_ARMORED = "light_armored"
    UNARMORED = "unarmored"


class Weapon(Enum):
    """The three platoon ratings (rules 2.3)."""

    AP = "ap"
    HE = "he"
    AA = "aa"


@dataclass(frozen=True, slots=True)
class Rating:
    firepower: int
    range: int
    hit: int
    missile: bool = False
    moving_fire: bool = False


@dataclass(frozen=True, slots=True)
class AssaultRating:
    factor: int = 1
    hit: int = 4  # HOUSE DEFAULT (rules 2.10): hit 4 when the counter gives none


@dataclass(frozen=True, slots=True)
class PlatoonSide:
    """One side of a platoon counter (full, reduced, or a helicopter mode)."""

    ap: Rating | None = None
    he: Rating | None = None
    aa: Rating | None = None
    armor: int | None = None
    save: int | None = None
    movement: int = 0
    morale: int = 7
    assault: AssaultRating = AssaultRating()

    def rating(self, weapon: Weapon) -> Rating | None:
        if weapon is Weapon.AP:
            return self.ap
        if weapon is Weapon.HE:
            return self.he
        return self.aa

    def ratings(self) -> dict[Weapon, Rating]:
        return {w: r for w in Weapon if (r := self.rating(w)) is not None}


STEP_SIDES = ("full", "reduced")
HELICOPTER_MODES = ("flying", "noe", "landed")


COUNTER_SYMBOLS = (
    "infantry", "mech", "armor", "armored_car", "recon", "wheeled", "mortar", "gun", "spg",
    "mg", "antitank", "medic", "flame", "rotor", "aircraft", "hq",
)  # fmt: skip
"""The NATO symbols a counter may be drawn with (``art: {symbol: ...}``); absent, the
symbol follows the platoon kind or the squad type's main model."""

ART_KEYS = ("background", "text", "symbol")
"""A unit type's ``art:`` overrides: the counter's background colour, the colour of its
text and symbol, and its symbol; each absent key follows the nation and the kind."""


class Printed:
    """What a counter of either ruleset prints as its name."""

    name: str
    short: str

    @property
    def counter_name(self) -> str:
        """``short`` where the type gives one, else ``name``."""
        return self.short or self.name


@dataclass(frozen=True)
class PlatoonUnitType(Printed):
    id: str
    name: str
    kind: Kind
    target: TargetClass
    sides: dict[str, PlatoonSide]
    nation: str = ""
    moving_fire: bool = False
    recon: bool = False
    amphibious: bool = False
    sapper: bool = False
    capacity: int = 0
    support_weapon: str | None = None
    tec_column: TecColumn | None = None
    art: dict[str, str] = field(default_factory=dict)
    source: str = ""
    short: str = ""
    """The name printed on the counter where ``name`` is too long ("PzGren")."""

    ruleset = "platoon"

    @cached_property
    def longest_range(self) -> int:
        """The longest range printed on any side of the counter (0: no rating); worked out
        once (the type is frozen): a move asks it of every type at every hex it enters."""
        return max((r.range for s in self.sides.values() for r in s.ratings().values()),
                   default=0)  # fmt: skip

    @property
    def is_helicopter(self) -> bool:
        return self.kind is Kind.HELICOPTER

    @property
    def is_vehicle(self) -> bool:
        return self.kind in GROUND_VEHICLES

    @property
    def is_recon(self) -> bool:
        return self.recon or self.kind is Kind.RECON

    @property
    def single_step(self) -> bool:
        """No reduced side: eliminated where the hit table says Reduced (rules 2.6)."""
        return self.is_helicopter or "reduced" not in self.sides

    @property
    def column(self) -> TecColumn:
        if self.tec_column is not None:
            return self.tec_column
        return TecColumn.VEHICLES if self.is_vehicle else TecColumn.INFANTRY

    def side(self, step: str, mode: str | None = None) -> PlatoonSide:
        """The printed side in use: the helicopter's mode, else the step."""
        if self.is_helicopter:
            return self.sides[mode or "flying"]
        return self.sides[step]

    def can_moving_fire(self, weapon: Weapon, side: PlatoonSide) -> bool:
        rating = side.rating(weapon)
        return rating is not None and (self.moving_fire or rating.moving_fire)


# --- squad ruleset -----------------------------------------------------------------------

MODEL_WOUNDS: dict[str, int] = {
    "soldier": 1, "medic": 1, "cavalry": 3, "hmg": 1, "heavy_flamethrower": 1,
    "at_rifle": 1, "mortar": 1, "motorcycle": 1, "gun": 2, "heavy_gun": 2, "aa_mg": 2,
    "aa_gun": 2, "motorcycle_sidecar": 2, "wheeled_vehicle": 2, "halftrack": 2,
    "small_apc": 2, "apc": 2, "armored_car": 2, "tankette": 2, "light_tank": 3,
    "medium_tank": 4, "heavy_tank": 5, "spg": 0, "fighter": 2, "heavy_fighter": 3,
    "ground_attack": 3, "light_bomber": 2, "medium_bomber": 3, "heavy_bomber": 4,
    "super_heavy_bomber": 5,
}  # fmt: skip
"""Wounds per model (rules 3.1). An ``spg`` takes its chassis's wounds (0 is a placeholder
that ``SquadUnitType.wounds_of`` never returns)."""

ARMORED_MODELS = frozenset(
    {"light_tank", "medium_tank", "heavy_tank", "spg", "tankette", "armored_car",
     "small_apc", "apc", "halftrack"}
)  # fmt: skip
VEHICLE_MODELS = ARMORED_MODELS | {"motorcycle", "motorcycle_sidecar", "wheeled_vehicle"}
AIRCRAFT_MODELS = frozenset(
    {"fighter", "heavy_fighter", "ground_attack", "light_bomber", "medium_bomber",
     "heavy_bomber", "super_heavy_bomber"}
)  # fmt: skip
GUN_MODELS = frozenset({"gun", "heavy_gun", "aa_gun", "aa_mg"})
HEAVY_WEAPON_MODELS = frozenset({"hmg", "heavy_flamethrower", "at_rifle", "mortar"})
SOLDIER_MODELS = frozenset({"soldier", "medic", "cavalry"})


@dataclass(frozen=True, slots=True)
class Fire:
    dice: int
    range: int
    hit: int
    anti_tank: bool = False


@dataclass(frozen=True, slots=True)
class FigureSpec:
    model: str
    count: int = 1
    fire: Fire | None = None


@dataclass(frozen=True, slots=True)
class Artillery:
    caliber_mm: int
    dice: int
    range: int
    hit: int
    indirect: bool = False


@dataclass(frozen=True, slots=True)
class Bombs:
    dice: int
    hit: int
    carpet: bool = False


CC_ACCURACY = {"regular": (1, 2), "special": (1, 2, 3), "crew": (1,)}


@dataclass(frozen=True)
class SquadUnitType(Printed):
    id: str
    name: str
    figures: tuple[FigureSpec, ...]
    fire: Fire | None = None
    accuracy: tuple[int, ...] | None = None
    defense: int = 0
    steadiness: int | None = 8
    save_class: str = "normal"
    cc_class: str = "regular"
    armor: int | None = None
    side_armor: int | None = None
    ammo: int | None = None
    movement: int = 4
    sapper: bool = False
    capacity: int = 0
    chassis: str | None = None
    artillery: Artillery | None = None
    bombs: Bombs | None = None
    nation: str = ""
    art: dict[str, str] = field(default_factory=dict)
    source: str = ""
    short: str = ""
    """The name printed on the counter where ``name`` is too long."""

    ruleset = "squad"

    def wounds_of(self, model: str) -> int:
        if model == "spg":
            return MODEL_WOUNDS[self.chassis or "medium_tank"]
        return MODEL_WOUNDS[model]

    @property
    def main_model(self) -> str:
        return self.figures[0].model

    @property
    def is_vehicle(self) -> bool:
        return self.main_model in VEHICLE_MODELS

    @property
    def is_armored(self) -> bool:
        return self.main_model in ARMORED_MODELS

    @property
    def is_aircraft(self) -> bool:
        return self.main_model in AIRCRAFT_MODELS

    @property
    def figure_count(self) -> int:
        return sum(f.count for f in self.figures)

    def cc_accuracy(self) -> tuple[int, ...]:
        if self.accuracy is not None:
            return self.accuracy
        return CC_ACCURACY[self.cc_class]


UnitType = PlatoonUnitType | SquadUnitType
