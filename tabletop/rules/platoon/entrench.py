"""Digging in (platoon side of the ``entrenchment`` module, rules 3.5 last paragraph).

``dig-in --unit ID`` is the unit's action (Ops Complete) and places Entrenching; at the
start of its formation's next impulse it becomes Entrenched (+1 bonus die, inside the
armored cap: ``combat.bonus_dice``). Any move removes either marker (``pause``/``move``).
"""

from __future__ import annotations

from tabletop.hexgrid import Hex
from tabletop.model import GameState
from tabletop.rules.actions import ActionRequest, ActionResult
from tabletop.rules.dice import DiceSource
from tabletop.rules.entrench import DUG as DUG
from tabletop.rules.entrench import dig_in_reasons
from tabletop.rules.los import LineOfSight
from tabletop.rules.platoon.common import (
    OPS_COMPLETE,
    actor_reasons,
    begin_action,
    find_unit,
    label,
    place_marker,
    ptype,
    remove_marker,
)


def dig_reasons(state: GameState, unit_id: str | None, side: str | None) -> list[str]:
    """``rules.entrench.dig_in_reasons`` for a platoon unit. READING 3.5: "ground free of
    terrain features" = no cover save and no Wreck."""
    unit, why = find_unit(state, unit_id, "unit")
    if unit is None:
        return [why]

    def wreck(h: Hex) -> list[str]:
        if not state.has_hex_marker(h, "wreck"):
            return []
        return [f"{label(state, h)} holds a Wreck: units dig in only on bare ground"]

    flying = f"{unit.id} is a helicopter: only ground units dig in"
    airborne = flying if ptype(state, unit).is_helicopter else None
    return dig_in_reasons(state, unit, actor_reasons(state, unit, side), airborne, wreck)


class DigIn:
    """``dig-in --unit ID``."""

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        return dig_reasons(state, request.unit, request.side)

    def perform(
        self, state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight
    ) -> ActionResult:
        unit = state.unit(request.unit or "")
        begin_action(state)
        result = ActionResult(request.action)
        place_marker(result, unit, "entrenching")
        place_marker(result, unit, OPS_COMPLETE)
        return result


def on_impulse_start(state: GameState, formation: str, result: ActionResult) -> None:
    """Entrenching becomes Entrenched at the start of the formation's next impulse."""
    for unit in sorted(state.units.values(), key=lambda u: u.id):
        if unit.formation == formation and unit.alive and unit.has("entrenching"):
            remove_marker(result, unit, "entrenching")
            place_marker(result, unit, "entrenched")
            unit.flags["entrenched_turn"] = state.turn
