"""Modules and valued options of a scenario (rules-spec section 5), each with the short
description the scenario editor shows its author and the docs restate.

:data:`MODULE_INFO` and :data:`OPTION_INFO` are the one place that says what each module
and option does, which rulesets read it and which values it takes; :data:`MODULES` is
derived from them. What a ruleset is, in a line, is its own word
(``tabletop.model.setup.Setup.description``).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

BOTH = ("platoon", "squad")


@dataclass(frozen=True, slots=True)
class ModuleInfo:
    """A rules module: ``text`` what it brings, ``off`` what switching it off does."""

    name: str
    rulesets: tuple[str, ...]
    rules: str
    text: str
    off: str


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """A valued option. ``kind``: ``choice`` (one of ``choices``), ``int`` (``lo``..``hi``),
    ``face`` (a d6 face), ``number`` (``lo``..``hi``), ``count_or_unlimited`` (an int, or
    ``unlimited``) or ``dice_hit`` (``{dice, hit}``)."""

    name: str
    rulesets: tuple[str, ...]
    rules: str
    text: str
    kind: str
    choices: tuple[str, ...] = ()
    lo: float = 0
    hi: float = 50


_MODULES: tuple[ModuleInfo, ...] = (
    ModuleInfo("opportunity_fire", ("platoon",), "2.2",
               "units may fire at enemies moving in their sight during the enemy's impulse",
               "no fire during enemy impulses"),
    ModuleInfo("moving_fire", ("platoon",), "2.7",
               "a unit with Moving Fire may move half and then fire at a penalty",
               "no Moving Fire; helicopters may not fire after moving"),
    ModuleInfo("missile_depletion", ("platoon",), "2.8",
               "missile fire may run a unit's missiles low (Depleted Ammo markers)",
               "no Depleted Ammo"),
    ModuleInfo("concealment", ("platoon",), "2.9",
               "an unspotted unit in concealing terrain gets a bonus save die",
               "no concealment die"),
    ModuleInfo("extended_range", ("platoon",), "2.3",
               "ratings not marked missile fire out to twice their range, at hit +1",
               "printed range only"),
    ModuleInfo("entrenchment", BOTH, "3.5",
               "units may dig in: Entrenched is a 6+ cover save (squad), a save die (platoon)",
               "no digging in"),
    ModuleInfo("minefields", BOTH, "3.8",
               "minefields on the map attack units entering them; sappers lay and clear",
               "minefield markers are rejected"),
    ModuleInfo("close_combat", BOTH, "2.10, 3.6",
               "units may enter enemy hexes to assault (platoon) or fight in close combat",
               "units may not enter enemy hexes"),
    ModuleInfo("cover_saves", ("squad",), "3.4",
               "figures in cover roll a save against each wound",
               "no cover saves (elite troops keep 6+)"),
    ModuleInfo("morale", ("squad",), "3.7",
               "units test their morale after losses and may fall back or surrender",
               "no morale tests (the platoon rally is always on)"),
    ModuleInfo("medics", ("squad",), "3.1",
               "fallen figures lie on the field and a medic may save them",
               "fallen figures are removed at once"),
    ModuleInfo("air_and_artillery", ("squad",), "3.9",
               "suppressive fire, artillery and the scenario's air strikes",
               "no suppressive fire, artillery or air strikes"),
    ModuleInfo("indirect_fire", ("platoon",), "2.11",
               "mortars fire at a hex a friendly HQ or recon unit sees, at every unit there",
               "mortars need their own LOS"),
)  # fmt: skip
MODULE_INFO: dict[str, ModuleInfo] = {m.name: m for m in _MODULES}
"""Every module by name, in the order of rules-spec section 5."""

MODULES: dict[str, frozenset[str]] = {
    ruleset: frozenset(m.name for m in _MODULES if ruleset in m.rulesets) for ruleset in BOTH
}
"""The modules of each ruleset; a scenario without ``rules:`` has all of its ruleset's."""

_OPTIONS: tuple[OptionInfo, ...] = (
    OptionInfo("range_count", BOTH, "1.4",
               "how range is counted: distance (adjacent = 1) or exclusive (without the "
               "firer's and the target's hexes)", "choice", ("distance", "exclusive")),
    OptionInfo("recon_range", ("platoon",), "2.9",
               "hexes within which enemy recon spots concealed units", "int", lo=0),
    OptionInfo("moving_fire_penalty", ("platoon",), "2.7",
               "added to the hit number of Moving Fire", "int", lo=0),
    OptionInfo("extended_range_penalty", ("platoon",), "2.3",
               "added to the hit number beyond the printed range", "int", lo=0),
    OptionInfo("opfire_per_hex", ("platoon",), "2.2",
               "opportunity attacks against a mover in each hex it enters",
               "count_or_unlimited", lo=1),
    OptionInfo("depletion_blocks", ("platoon",), "2.8",
               "what Depleted Ammo stops: the missile rating only, or all fire",
               "choice", ("missile", "all")),
    OptionInfo("stacking", BOTH, "2.11, 3.2",
               "units of one side that may share a hex", "int", lo=1),
    OptionInfo("bunker_wounds", ("squad",), "3.4",
               "wounds a bunker takes before it is destroyed", "int", lo=1),
    OptionInfo("mine_attack", BOTH, "3.8",
               "the attack of a minefield on a unit entering it: dice, and the hit number",
               "dice_hit", lo=1, hi=30),
    OptionInfo("maneuver_fraction", BOTH, "3.8",
               "the part of its movement a unit may use in maneuver mode", "number", hi=1),
    OptionInfo("medic_save", ("squad",), "3.1",
               "the lowest face of a medic's die that saves a fallen figure", "face", lo=1, hi=6),
    OptionInfo("los_model", BOTH, "4.3",
               "line of sight over levels: waw (levels 0 and 1) or slope (maps with more "
               "levels)", "choice", ("waw", "slope")),
)  # fmt: skip
OPTION_INFO: dict[str, OptionInfo] = {o.name: o for o in _OPTIONS}
"""Every valued option by name, in the order of rules-spec section 5."""


def modules_of(ruleset: str) -> list[ModuleInfo]:
    """The modules of ``ruleset``, in the rules' order."""
    return [m for m in _MODULES if ruleset in m.rulesets]


def options_of(ruleset: str) -> list[OptionInfo]:
    """The options ``ruleset`` reads, in the rules' order."""
    return [o for o in _OPTIONS if ruleset in o.rulesets]


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
