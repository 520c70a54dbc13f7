"""Digging in (rules 3.5, module ``entrenchment``): ``dig-in --unit ID``.

- Where: a hex with no cover save (clear, crops, rough, bare hill) and no Wreck (READING of
  "ground free of terrain features"): no terrain or hex marker with a ``cover_save``.
- Who: infantry, cavalry, guns and ground vehicles ("prepares a firing position"); never
  aircraft (helicopters are not squad units).
- When: in its shooting phase, instead of shooting or running; it places Entrenching, which
  becomes Entrenched at the end of that shooting phase (``on_shooting_end``), so it covers
  the enemy's next player turn.
- Entrenched is a 6+ cover save, improvable to 5+ at most (``cover``). The unit may not move
  in its own next movement phase (unit flag ``move_locked``, cleared when that phase ends);
  from the one after it may move, and moving removes Entrenched (``movement.walk``).
"""

from __future__ import annotations

from tabletop.hexgrid import Hex
from tabletop.model import GameState
from tabletop.rules.actions import ActionRequest, ActionResult
from tabletop.rules.common import find_unit, label, place_marker, remove_marker
from tabletop.rules.dice import DiceSource
from tabletop.rules.entrench import DUG as DUG
from tabletop.rules.entrench import dig_in_reasons
from tabletop.rules.los import LineOfSight
from tabletop.rules.squad.common import (
    MOVE_LOCKED,
    SHOOTING,
    actor_reasons,
    shooting_reasons,
    stype,
)


def dig_reasons(state: GameState, request: ActionRequest) -> list[str]:
    """``rules.entrench.dig_in_reasons`` for a squad unit: in its shooting phase, instead of
    shooting; no hex marker with a cover save in its hex."""
    unit, why = find_unit(state, request.unit, "unit")
    if unit is None:
        return [why]
    acting = actor_reasons(state, unit, request.side, "shooting")
    acting += shooting_reasons(state, unit, "dig-in")
    chart = state.scenario.map.chart

    def covering(h: Hex) -> list[str]:
        out = []
        for marker in state.markers_at(h):
            kind = chart.markers.get(marker.kind)
            if kind is not None and kind.cover_save is not None:
                out.append(f"{label(state, h)} holds {marker.kind.replace('_', ' ')}: units "
                           "dig in only on bare ground")  # fmt: skip
        return out

    flying = f"{unit.id} is an aircraft: only ground units dig in"
    airborne = flying if stype(state, unit).is_aircraft else None
    return dig_in_reasons(state, unit, acting, airborne, covering)


class DigIn:
    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        return dig_reasons(state, request)

    def perform(
        self, state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight
    ) -> ActionResult:
        unit = state.unit(request.unit or "")
        result = ActionResult(request.action)
        place_marker(result, unit, "entrenching")
        unit.flags[SHOOTING] = "dug_in"
        return result


def on_shooting_end(state: GameState, dice: DiceSource, result: ActionResult) -> None:
    """Entrenching becomes Entrenched at the end of the shooting phase it was dug in; the
    unit may not move in its own next movement phase."""
    for unit in sorted(state.units.values(), key=lambda u: u.id):
        if unit.on_map and unit.side == state.active_side and unit.has("entrenching"):
            remove_marker(result, unit, "entrenching")
            place_marker(result, unit, "entrenched")
            unit.flags[MOVE_LOCKED] = True
            unit.flags["entrenched_turn"] = state.turn


def on_movement_end(state: GameState, dice: DiceSource, result: ActionResult) -> None:
    """The move ban of a unit that dug in lasts its own next movement phase only."""
    for unit in state.units.values():
        if unit.side == state.active_side and unit.flags.pop(MOVE_LOCKED, None):
            result.touch(unit.id)
