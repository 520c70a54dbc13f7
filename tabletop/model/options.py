"""Modules and valued options of a scenario (rules-spec section 5)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

MODULES: dict[str, frozenset[str]] = {
    "platoon": frozenset(
        {"opportunity_fire", "moving_fire", "missile_depletion", "concealment",
         "extended_range", "entrenchment", "minefields", "close_combat", "indirect_fire"}
    ),
    "squad": frozenset(
        {"entrenchment", "minefields", "close_combat", "cover_saves", "morale", "medics",
         "air_and_artillery"}
    ),
}  # fmt: skip
"""The modules of each ruleset; a scenario without ``rules:`` has all of its ruleset's."""


@dataclass(frozen=True, slots=True)
class MineAttack:
    dice: int = 3
    hit: int = 5


@dataclass(frozen=True, slots=True)
class Options:
    """Valued house defaults; each name is documented in docs/rules.md."""

    range_count: str = "distance"  # HOUSE DEFAULT 1.4: distance | exclusive
    recon_range: int = 4  # HOUSE DEFAULT 2.9
    moving_fire_penalty: int = 1  # HOUSE DEFAULT 2.7
    extended_range_penalty: int = 1  # HOUSE DEFAULT 2.3
    opfire_per_hex: int | None = 1  # HOUSE DEFAULT 2.2; None = unlimited
    depletion_blocks: str = "missile"  # READING 2.8: missile | all
    stacking: int = 3  # HOUSE DEFAULT 2.11
    bunker_wounds: int = 5  # HOUSE DEFAULT 3.4
    mine_attack: MineAttack = MineAttack()  # HOUSE DEFAULT 3.8
    maneuver_fraction: float = 0.5  # HOUSE DEFAULT 3.8
    medic_save: int = 4  # HOUSE DEFAULT 3.1
    los_model: str = "waw"  # HOUSE DEFAULT 4.3: waw | slope

    @classmethod
    def names(cls) -> list[str]:
        return [f.name for f in fields(cls)]

    def to_dict(self) -> dict[str, Any]:
        """Only the options that differ from the defaults, in file form."""
        out: dict[str, Any] = {}
        default = Options()
        for f in fields(self):
            value = getattr(self, f.name)
            if value == getattr(default, f.name):
                continue
            if isinstance(value, MineAttack):
                out[f.name] = {"dice": value.dice, "hit": value.hit}
            elif f.name == "opfire_per_hex" and value is None:
                out[f.name] = "unlimited"
            else:
                out[f.name] = value
        return out
