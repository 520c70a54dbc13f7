"""Extra counters for the maneuver tests, added to ``platoon_world``'s unit types: an
infantry platoon with its SW, a transport, an amphibious carrier, sappers, assault
infantry and a transport helicopter."""

from __future__ import annotations

from tabletop.model import AssaultRating, Kind, PlatoonSide, PlatoonUnitType, TargetClass
from tests.helpers.platoon_world import TYPES, r


def _add(t: PlatoonUnitType) -> None:
    TYPES.setdefault(t.id, t)


_INF = PlatoonSide(he=r(3, 4, 5), movement=3, assault=AssaultRating(2, 4))
_add(
    PlatoonUnitType(
        "INFSW",
        "INFSW",
        Kind.INFANTRY,
        TargetClass.UNARMORED,
        {"full": _INF, "reduced": PlatoonSide(he=r(2, 4, 5), movement=3)},
        support_weapon="ATGM",
    )
)
_add(
    PlatoonUnitType(
        "ATGM",
        "ATGM",
        Kind.SW,
        TargetClass.UNARMORED,
        {"full": PlatoonSide(ap=r(2, 8, 4, missile=True))},
    )
)
_add(
    PlatoonUnitType(
        "ASLT",
        "ASLT",
        Kind.INFANTRY,
        TargetClass.UNARMORED,
        {
            "full": _INF,
            "reduced": PlatoonSide(he=r(2, 4, 5), movement=3, assault=AssaultRating(1, 4)),
        },
    )
)
_add(
    PlatoonUnitType(
        "SAPPER", "SAPPER", Kind.INFANTRY, TargetClass.UNARMORED, {"full": _INF}, sapper=True
    )
)
_add(
    PlatoonUnitType(
        "APC",
        "APC",
        Kind.APC,
        TargetClass.LIGHT_ARMORED,
        {
            "full": PlatoonSide(he=r(1, 4, 5), armor=1, save=6, movement=8),
            "reduced": PlatoonSide(he=r(1, 4, 5), armor=1, save=6, movement=8),
        },
        capacity=1,
    )
)
_add(
    PlatoonUnitType(
        "AMPHI",
        "AMPHI",
        Kind.APC,
        TargetClass.LIGHT_ARMORED,
        {"full": PlatoonSide(armor=1, save=6, movement=8)},
        amphibious=True,
    )
)
_add(PlatoonUnitType("LIFT", "LIFT", Kind.HELICOPTER, TargetClass.UNARMORED,
                     {"flying": PlatoonSide(movement=20), "noe": PlatoonSide(movement=0),
                      "landed": PlatoonSide(movement=0)}, capacity=1))  # fmt: skip
