"""Suppressive fire, artillery and air strikes (rules 3.9, HOUSE DEFAULT; module
``air_and_artillery``).

- ``suppress --unit ID --hex HEX``: in the unit's shooting phase, instead of shooting,
  running or digging in. The unit fires its counter's ``artillery`` (range, calibre) or,
  without one, its ordinary fire (the longest range of its dice groups) at a hex in range,
  empty or not. Direct fire needs its own line of sight; ``artillery.indirect`` needs none,
  but a friendly unit that sees the hex (or is in or next to it). No casualties: every enemy
  unit in the hex takes a morale test (trigger 3), in unit-id order. A calibre of 105 mm or
  more destroys a minefield in the hex. A vehicle or gun spends 1 ammunition as for fire.
  Not into a hex where close combat is going on.
- ``air-strike --hex HEX``: a scenario's ``air_strikes:`` entry for the side to act this
  game turn, in its shooting phase, once; ``air-strike --unit ID --hex HEX``: an aircraft
  unit with ``bombs`` in its shooting phase, instead of shooting. First every enemy AA unit
  (an ``aa_gun`` or ``aa_mg``) that sees the hex fires its fire dice at its hit number at
  the aircraft, in unit-id order; each hit removes a wound (no save in the air). AA fire is
  fire (rules 3.3, 3.7): a Suppressed AA unit does not fire, one with 0 ammunition cannot,
  and firing spends 1 ammunition in that player turn (``aa_fires``). A surviving
  aircraft attacks every unit in the hex, in unit-id order: its bomb dice at the bombs' hit
  number, then an armored target's armor roll, then the unit's cover save, as ranged fire;
  then each unit attacked takes one morale test (trigger 4, which also serves for its
  losses), in unit-id order. Carpet bombing (``bombs.carpet``: heavy and super-heavy
  bombers) destroys a minefield in the hex.
"""

from __future__ import annotations

from typing import Any

from tabletop.hexgrid import Hex
from tabletop.model import Figure, GameState, Status, UnitState
from tabletop.model.units import SquadUnitType
from tabletop.rules.actions import ActionRequest, ActionResult
from tabletop.rules.common import HitNumber, find_unit, hex_of, label, los_markers, roll_to_hit
from tabletop.rules.dice import DiceSource
from tabletop.rules.los import LineOfSight, Viewpoint, counted_range
from tabletop.rules.squad import mines, morale
from tabletop.rules.squad.common import (
    AMMO_SPENT,
    FIRED_LAST_SHOOTING,
    SHOOTING,
    actor_reasons,
    in_close_combat,
    phase_reasons,
    shooting_reasons,
    stype,
    units_in,
)
from tabletop.rules.squad.cover import save_spec
from tabletop.rules.squad.figures import apply_wounds

AA_MODELS = frozenset({"aa_gun", "aa_mg"})
FLOWN = "air_strikes_flown"
"""``GameState.flags`` key: the indexes of the scenario's ``air_strikes:`` entries flown."""
DESTROYS = 105
"""Suppressive fire of this calibre (mm) or more destroys a minefield."""


def _hex(state: GameState, text: str | None) -> tuple[Hex | None, str]:
    if text is None:
        return None, "name the hex with --hex"
    try:
        return state.scenario.map.parse(text), ""
    except ValueError as exc:
        return None, str(exc)


def sees(state: GameState, a: Hex, b: Hex, los: LineOfSight) -> bool:
    if a.distance(b) <= 1:
        return True
    return los.check(Viewpoint(a), Viewpoint(b), los_markers(state)).clear


def _module(state: GameState) -> list[str]:
    if state.scenario.module("air_and_artillery"):
        return []
    return ["suppressive fire and air strikes are switched off (rules: air_and_artillery)"]


# --- suppressive fire ------------------------------------------------------------------------
def suppress_reasons(state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
    from tabletop.rules.squad.fire import dice_groups

    unit, why = find_unit(state, request.unit, "unit")
    if unit is None:
        return [why]
    reasons = _module(state) + actor_reasons(state, unit, request.side, "shooting")
    reasons += shooting_reasons(state, unit, "suppress")
    if unit.ammo is not None and unit.ammo <= 0 and not unit.flags.get(AMMO_SPENT):
        reasons.append(f"{unit.id} is out of ammunition")
    h, why = _hex(state, request.hex)
    if h is None:
        return [*reasons, why]
    utype = stype(state, unit)
    groups = dice_groups(state, unit)
    if utype.artillery is None and not groups:
        return [*reasons, f"{unit.id} has no fire or artillery"]
    reach = utype.artillery.range if utype.artillery else max(g.rating.range for g in groups)
    r = counted_range(hex_of(unit), h, state.scenario.options)
    if r > reach:
        reasons.append(f"{label(state, h)} is out of range: {r} > {reach}")
    if in_close_combat(state, h):
        reasons.append(f"no one fires into {label(state, h)}: close combat is going on there")
    if utype.artillery is not None and utype.artillery.indirect:
        spotters = [u for u in state.units.values() if u.on_map and u.side == unit.side
                    and sees(state, hex_of(u), h, los)]  # fmt: skip
        if not spotters:
            reasons.append(f"no friendly unit sees {label(state, h)} to spot the indirect fire")
    elif not sees(state, hex_of(unit), h, los):
        reasons.append(f"no line of sight from {unit.id} to {label(state, h)}")
    return reasons


class Suppress:
    """``suppress --unit ID --hex HEX``."""

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        return suppress_reasons(state, request, los)

    def perform(
        self, state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight
    ) -> ActionResult:
        from tabletop.rules.squad.fire import spend_ammo

        unit = state.unit(str(request.unit))
        h = state.scenario.map.parse(str(request.hex))
        result = ActionResult(request.action)
        result.event("suppressive_fire", unit=unit.id, to=label(state, h))
        for enemy in units_in(state, h):
            if enemy.side != unit.side:
                morale.morale_test(state, enemy, dice, result)
        art = stype(state, unit).artillery
        if art is not None and art.caliber_mm >= DESTROYS:
            mines.remove_field(state, h, result, f"{art.caliber_mm} mm suppressive fire")
        unit.flags[SHOOTING] = "fired"
        unit.flags[FIRED_LAST_SHOOTING] = True
        spend_ammo(unit, result)
        return result


# --- air strikes -------------------------------------------------------------------------------
def _entry(state: GameState, h: Hex, side: str | None) -> tuple[int | None, list[str]]:
    flown = list(state.flags.get(FLOWN, []))
    for i, strike in enumerate(state.scenario.air_strikes):
        here = (strike.turn, strike.side, strike.hex) == (state.turn, state.active_side, h)
        if here and i not in flown:
            return i, []
    return None, [f"the scenario holds no air strike on {label(state, h)} for "
                  f"{state.active_side} in turn {state.turn} left to fly"]  # fmt: skip


def strike_reasons(state: GameState, request: ActionRequest) -> list[str]:
    reasons = _module(state)
    h, why = _hex(state, request.hex)
    if h is None:
        return [*reasons, why]
    if request.unit is None:
        reasons += phase_reasons(state, "shooting", request.side)
        return reasons + _entry(state, h, request.side)[1]
    unit, why = find_unit(state, request.unit, "unit")
    if unit is None:
        return [*reasons, why]
    reasons += actor_reasons(state, unit, request.side, "shooting")
    reasons += [r for r in shooting_reasons(state, unit, "air-strike") if "close combat" not in r]
    if stype(state, unit).bombs is None:
        reasons.append(f"{unit.id} carries no bombs")
    return reasons


def aa_fires(state: GameState, aa: UnitState, side: str) -> bool:
    """Whether ``aa`` may fire at an aircraft of ``side`` (rules 3.9 with 3.3 and 3.7): an
    enemy ``aa_gun`` or ``aa_mg`` on the map whose gun stands, not Suppressed ("does not
    shoot" covers fire at aircraft), with ammunition (at 0 it cannot fire, unless it has
    already spent its round of this player turn)."""
    utype = stype(state, aa)
    if not aa.on_map or aa.side == side or utype.main_model not in AA_MODELS:
        return False
    if utype.fire is None or not any(f.model == utype.main_model for f in aa.standing()):
        return False
    if aa.status is Status.SUPPRESSED:
        return False
    return aa.ammo is None or aa.ammo > 0 or bool(aa.flags.get(AMMO_SPENT))


def _aa_fire(state: GameState, side: str, h: Hex, aircraft: UnitState, los: LineOfSight,
             dice: DiceSource, result: ActionResult) -> None:  # fmt: skip
    from tabletop.rules.squad.fire import spend_ammo

    for aa in sorted(state.units.values(), key=lambda u: u.id):
        if not aa_fires(state, aa, side):
            continue
        if not aircraft.standing() or not sees(state, hex_of(aa), h, los):
            continue
        fire = stype(state, aa).fire
        assert fire is not None
        hits = roll_to_hit(dice, result, aa.id, HitNumber.of(fire.dice, fire.hit))
        spend_ammo(aa, result)  # 1 in each player turn in which it fires (rules 3.3)
        result.event("aa_fire", unit=aa.id, aircraft=aircraft.type_id, hits=hits.successes)
        if aircraft.id in state.units:
            apply_wounds(state, aircraft, hits.successes, result)
        else:
            _wound_in_the_air(state, aircraft, hits.successes)


def _bomb(state: GameState, aircraft: UnitState, bombs: Any, h: Hex, los: LineOfSight,
          dice: DiceSource, result: ActionResult) -> None:  # fmt: skip
    from tabletop.rules.squad.fire import ARMOR_CAP, armor_roll, save_roll

    attacked = units_in(state, h)
    for target in attacked:
        roll = roll_to_hit(dice, result, aircraft.id, HitNumber.of(bombs.dice, bombs.hit))
        ttype = stype(state, target)
        armor = min(ttype.armor or 0, ARMOR_CAP) if ttype.is_armored else 0
        left = armor_roll(dice, result, target, armor, roll.successes)
        wounds = save_roll(dice, result, target, save_spec(state, target, h, los), left)
        result.event("bombed", unit=target.id, hits=roll.successes, wounds=wounds)
        apply_wounds(state, target, wounds, result, dice)
    for target in attacked:  # trigger 4: each unit attacked, once
        morale.morale_test(state, target, dice, result)
    if bombs.carpet:
        mines.remove_field(state, h, result, "carpet bombing")


def _wound_in_the_air(state: GameState, aircraft: UnitState, wounds: int) -> None:
    """The wounds of a scenario's aircraft, which is never on the map (no unit events)."""
    from tabletop.rules.squad.figures import next_figure

    for _ in range(wounds):
        fig = next_figure(aircraft)
        if fig is None:
            return
        fig.wounds += 1
        fig.fallen = fig.wounds >= stype(state, aircraft).wounds_of(fig.model)


def scenario_aircraft(state: GameState, type_id: str, side: str, index: int) -> UnitState:
    """The aircraft of an ``air_strikes:`` entry, for the strike only (never on the map)."""
    utype: SquadUnitType = state.scenario.squad_type(type_id)
    figures = [Figure(s.model) for s in utype.figures for _ in range(s.count)]
    return UnitState(f"air-strike-{index + 1}", type_id, side, None, figures=figures)


class AirStrike:
    """``air-strike --hex HEX`` (the scenario's) or ``air-strike --unit ID --hex HEX``."""

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        return strike_reasons(state, request)

    def perform(
        self, state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight
    ) -> ActionResult:
        h = state.scenario.map.parse(str(request.hex))
        result = ActionResult(request.action)
        if request.unit is None:
            index, _ = _entry(state, h, request.side)
            assert index is not None
            strike = state.scenario.air_strikes[index]
            aircraft = scenario_aircraft(state, strike.aircraft, strike.side, index)
            state.flags.setdefault(FLOWN, []).append(index)
        else:
            aircraft = state.unit(request.unit)
            aircraft.flags[SHOOTING] = "fired"
        result.event("air_strike", hex=label(state, h), aircraft=aircraft.type_id)
        _aa_fire(state, aircraft.side, h, aircraft, los, dice, result)
        if aircraft.standing():
            bombs = stype(state, aircraft).bombs
            assert bombs is not None
            _bomb(state, aircraft, bombs, h, los, dice, result)
        else:
            result.event("aircraft_shot_down", aircraft=aircraft.type_id)
        return result
