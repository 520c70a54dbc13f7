"""Helicopter modes (rules 2.7, 4.4): ``mode --unit ID --mode flying|noe|landed``.

Changing mode is not an action: once per impulse, at the start or the end of the unit's
action (``move --mode``), or alone, which still marks it Ops Complete (rules 2.7, HOUSE
DEFAULT: no MP cost). READING: in its own impulse an Ops Complete helicopter of the active
formation has just acted, so ``mode`` then is the change at the end of its action.
Movement only in Flying mode, the 12-hex fire limit and the helicopter LOS table are in
``reach``, ``pause`` and the LOS engine (``viewpoint_of`` passes the mode).
"""

from __future__ import annotations

from tabletop.model import GameState
from tabletop.rules.actions import ActionRequest, ActionResult
from tabletop.rules.dice import DiceSource
from tabletop.rules.los import LineOfSight
from tabletop.rules.platoon.common import (
    OPS_COMPLETE,
    begin_action,
    find_unit,
    hex_of,
    impulse_reasons,
    label,
    place_marker,
)
from tabletop.rules.platoon.move import mode_reasons, set_mode
from tabletop.rules.platoon.reach import ground_units


class Mode:
    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        unit, why = find_unit(state, request.unit, "unit")
        if unit is None:
            return [why]
        reasons = impulse_reasons(state)
        if request.side is not None and unit.side != request.side:
            reasons.append(f"{unit.id} belongs to {unit.side}, not {request.side}")
        if unit.formation != state.active_formation:
            reasons.append(f"{unit.id} is not of the active formation")
        if request.mode is None:
            return [*reasons, "name the mode with --mode flying, noe or landed"]
        reasons += mode_reasons(state, unit, request.mode)
        if not reasons and request.mode == unit.mode:
            reasons.append(f"{unit.id} is already in {unit.mode} mode")
        if not reasons and request.mode == "landed":
            h = hex_of(unit)
            enemies = [u for u in ground_units(state, h) if u.side != unit.side]
            friends = [u for u in ground_units(state, h, unit.side) if u.id != unit.id]
            if enemies:
                reasons.append(f"{unit.id} may not land in {label(state, h)}: enemy units")
            if len(friends) >= state.scenario.options.stacking:
                reasons.append(f"{label(state, h)} is full (stacking)")
        return reasons

    def perform(
        self, state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight
    ) -> ActionResult:
        unit = state.unit(request.unit or "")
        result = ActionResult(request.action)
        if not unit.has(OPS_COMPLETE):
            begin_action(state)
            place_marker(result, unit, OPS_COMPLETE)
        set_mode(unit, request.mode or "flying", result)
        return result
