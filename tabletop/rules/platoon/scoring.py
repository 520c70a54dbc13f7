"""The platoon ruleset's part of victory (rules-spec 6, :mod:`tabletop.rules.victory`).

Losses: ``step``, a full unit reduced; ``unit``, a unit eliminated, scored instead of its
steps (a support weapon counts as a unit). A unit that starts reduced has no step to lose.
Close combat: an assault is fought out within its action (rules 2.9), so no unit is ever
left in a close combat in a hex (READING): control is decided by who is there.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from tabletop.model import GameState, UnitState
from tabletop.rules.common import tally_losses

LOSSES = {"step": 1, "unit": 2}
"""The VP of each loss when a scenario gives no ``losses:`` (rules-spec 6)."""


def score_unit(
    state: GameState, unit: UnitState, was: UnitState | None, lost: Counter[str]
) -> None:
    """One unit's losses so far (as it stands, as it started or None for one that came
    later) into ``lost``, by kind."""
    if not unit.alive:
        lost["unit"] += 1
    elif unit.step == "reduced" and (was is None or was.step != "reduced"):
        lost["step"] += 1


def losses(state: GameState, initial: Mapping[str, UnitState]) -> dict[str, Counter[str]]:
    """Each side's losses so far, by kind."""
    return tally_losses(state, initial, lambda u, was, lost: score_unit(state, u, was, lost))


def in_close_combat(state: GameState, unit: UnitState) -> bool:
    return False


def grounded(state: GameState, unit: UnitState) -> bool:
    """A ground unit: not a helicopter flying or in NOE (a landed one is)."""
    return unit.mode not in ("flying", "noe")
