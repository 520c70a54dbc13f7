"""A unit as the command line's JSON shows it under ``units`` (interfaces.md section 3), for
both rulesets: hex, step, status and markers; a helicopter's mode; a squad unit's standing
``figures`` (medics included), the ``wounds`` taken by the first standing figure that has
taken any (0 when none has), and its ammunition where it keeps count."""

from __future__ import annotations

from typing import Any

from tabletop.model import GameState, SquadUnitType, UnitState


def unit_json(state: GameState, unit: UnitState) -> dict[str, Any]:
    out: dict[str, Any] = {
        "hex": state.scenario.map.label(unit.hex) if unit.hex is not None else None,
        "step": unit.step,
        "status": unit.status.value,
        "markers": list(unit.markers),
    }
    if unit.mode is not None:
        out["mode"] = unit.mode
    if isinstance(state.scenario.unit_types.get(unit.type_id), SquadUnitType):
        standing = unit.standing()
        out["figures"] = len(standing)
        out["wounds"] = next((f.wounds for f in standing if f.wounds), 0)
        if unit.ammo is not None:
            out["ammo"] = unit.ammo
    return out
