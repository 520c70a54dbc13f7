"""The squad ruleset's part of victory (rules-spec 6, :mod:`tabletop.rules.victory`).

Losses: ``figure``, a figure removed (a fallen figure a medic may still save is not removed
yet; a saved one never is); ``unit``, a unit eliminated or surrendered, scored on top of its
figures; ``vehicle``, a vehicle eliminated, scored instead of ``unit``. Every figure of a
surrendered unit counts as removed: they leave the game with it (READING). Close combat goes
on in a hex that holds both sides (rules 3.6); a unit there controls nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from tabletop.model import GameState, UnitState
from tabletop.rules.common import tally_losses
from tabletop.rules.squad.common import in_close_combat as _fighting
from tabletop.rules.squad.common import stype

LOSSES = {"figure": 0, "unit": 1, "vehicle": 2}
"""The VP of each loss when a scenario gives no ``losses:`` (rules-spec 6)."""


def score_unit(
    state: GameState, unit: UnitState, was: UnitState | None, lost: Counter[str]
) -> None:
    """One unit's losses so far (as it stands, as it started or None for one that came
    later) into ``lost``, by kind."""
    start = len(was.figures) if was is not None else len(unit.figures)
    if unit.alive:
        lost["figure"] += max(0, start - len(unit.figures))
        return
    lost["figure"] += start
    lost["vehicle" if stype(state, unit).is_vehicle else "unit"] += 1


def losses(state: GameState, initial: Mapping[str, UnitState]) -> dict[str, Counter[str]]:
    """Each side's losses so far, by kind."""
    return tally_losses(state, initial, lambda u, was, lost: score_unit(state, u, was, lost))


def in_close_combat(state: GameState, unit: UnitState) -> bool:
    return unit.hex is not None and _fighting(state, unit.hex)


def grounded(state: GameState, unit: UnitState) -> bool:
    """A ground unit: not an aircraft, not a helicopter flying or in NOE."""
    return unit.mode not in ("flying", "noe") and not stype(state, unit).is_aircraft
