"""After an assault or overrun the attacker won (rules 2.10): the defenders' retreat and
the winning overrunner's way out of the overrun hex.

- **Retreat**: each surviving defender, in unit-id order, moves one hex away from the
  first attacker's entry side, to one of the three far hexes. The owner's choice is made
  for it (HOUSE DEFAULT): never the overrun's declared exit while another far hex is open
  (rules-spec 2.10), a far hex without a revealed minefield that would attack it before
  one with, then straight on before the two others in direction order. Only revealed
  minefields count: a fixed order that turned aside from a hidden one would show the
  other side where it lies (rules 1.7). A far hex is
  closed when it is off the map, holds enemy units, may not be entered (water, a river
  hexside, no entry for its kind) or already holds ``stacking`` units of the defender's
  side. With none open the defender is eliminated where it stands, with its SW and its
  cargo (HOUSE DEFAULT: they cannot retreat either); a vehicle leaves a Wreck (2.6).
- READING 3.8: a retreat **enters** its hex, so a minefield there attacks the retreating
  unit (AT against vehicles, AP against the rest) and is revealed. A hidden enemy
  minefield plays no part in choosing the hex (rules 1.7). A retreat is not a move: it
  spends no MP and draws no opportunity fire (HOUSE DEFAULT).
- **The overrunner leaves**: a winning overrunning vehicle always leaves the overrun hex.
  It drives on along its declared path when that is still open to its end; when only its
  declared exit is (the retreat closed a later hex, or a minefield in the overrun hex
  ended its move, 3.8), it stops there; when the exit is closed (a defender had to
  retreat into it) it takes the open adjacent hex nearest the exit (HOUSE DEFAULT), and
  only if none is open does it stay in the overrun hex.
"""

from __future__ import annotations

from tabletop.hexgrid import Hex
from tabletop.model import GameState, UnitState
from tabletop.rules.actions import ActionResult
from tabletop.rules.common import place_wreck
from tabletop.rules.dice import DiceSource
from tabletop.rules.los import LineOfSight
from tabletop.rules.minefields import marker_at
from tabletop.rules.platoon.common import eliminate, hex_of, label, ptype, riders
from tabletop.rules.platoon.mines import minefield_attack
from tabletop.rules.platoon.movement import enter_cost
from tabletop.rules.platoon.reach import (
    enemy_ground_units,
    mine_stops,
    stacking_reasons,
    step_cost,
)


def place(state: GameState, unit: UnitState, h: Hex, result: ActionResult) -> None:
    """Set a unit down in ``h`` with everything that rides with it (no cost, no pause)."""
    before = hex_of(unit)
    for u in (unit, *riders(state, unit)):
        u.hex = h
        result.touch(u.id)
    result.event("moved", unit=unit.id, **{"from": label(state, before), "to": label(state, h)})


def _revealed_mine_stops(state: GameState, unit: UnitState, h: Hex) -> bool:
    """A revealed minefield in ``h`` would attack ``unit``: public knowledge, so a fixed
    choice may turn aside from it without telling anyone anything (rules 1.7)."""
    marker = marker_at(state, h)
    return (
        state.scenario.module("minefields")
        and marker is not None
        and marker.revealed
        and mine_stops(state, unit, marker.kind)
    )


# --- the retreat ----------------------------------------------------------------------------
def far_hexes(entry: Hex, at: Hex) -> list[Hex]:
    """The three hexes of ``at`` away from ``entry``: straight on, then direction order."""
    d = entry.direction_to(at)
    return [at.neighbor(d), at.neighbor((d + 1) % 6), at.neighbor((d + 5) % 6)]


def retreat_closed(state: GameState, unit: UnitState, at: Hex, h: Hex) -> str | None:
    """Why ``unit`` may not retreat from ``at`` into ``h`` (a sentence naming the hex), or
    None when it may."""
    if h not in state.scenario.map:
        return "a far hex is off the map"
    if enemy_ground_units(state, h, unit.side):
        return f"{label(state, h)} holds enemy units"
    cost, why = enter_cost(state, unit, at, h)
    if cost is None:
        return why
    full = stacking_reasons(state, unit, h)
    return full[0] if full else None


def retreat(
    state: GameState, unit: UnitState, entry: Hex, at: Hex, avoid: Hex | None,
    dice: DiceSource, los: LineOfSight, result: ActionResult,
) -> None:  # fmt: skip
    """Retreat ``unit`` one hex from ``at`` away from ``entry`` (see the module text);
    ``avoid`` is an overrun's declared exit."""
    order = sorted(
        far_hexes(entry, at),
        key=lambda h: (h == avoid, _revealed_mine_stops(state, unit, h)),
    )  # a stable sort: straight on stays first among equals
    closed: list[str] = []
    for h in order:
        why = retreat_closed(state, unit, at, h)
        if why is None:
            place(state, unit, h, result)
            result.event("retreated", unit=unit.id, hex=label(state, h))
            minefield_attack(state, unit, h, dice, los, result)  # READING 3.8
            return
        closed.append(why)
    result.event("retreat_blocked", unit=unit.id, hex=label(state, at), reasons=closed)
    eliminate_trapped(state, unit, result)


def eliminate_trapped(state: GameState, unit: UnitState, result: ActionResult) -> None:
    """A unit that cannot retreat is eliminated with its SW and its cargo (HOUSE DEFAULT);
    a ground vehicle leaves a Wreck (rules 2.6)."""
    cargo = [u for u in riders(state, unit) if u.carrier == unit.id]
    eliminate(state, unit, result)
    if ptype(state, unit).is_vehicle:
        place_wreck(state, unit, result)
    for c in cargo:
        if c.alive:
            eliminate(state, c, result)


# --- the overrunner's way out -----------------------------------------------------------------
def _open_step(
    state: GameState, unit: UnitState, at: Hex, h: Hex, mp: int, los: LineOfSight
) -> bool:
    step = step_cost(state, unit, at, h, los)
    return step.legal and step.cost <= mp and not stacking_reasons(state, unit, h)


def _path_open(
    state: GameState, unit: UnitState, at: Hex, path: list[Hex], mp: int, los: LineOfSight
) -> bool:
    here = at
    for h in path:
        step = step_cost(state, unit, here, h, los)
        if not step.legal or step.cost > mp:
            return False
        mp -= step.cost
        here = h
    return not stacking_reasons(state, unit, here)


def way_out(
    state: GameState, unit: UnitState, at: Hex, after: list[Hex], mp: int, ended: bool,
    los: LineOfSight, result: ActionResult,
) -> list[Hex]:  # fmt: skip
    """The hexes a winning overrunner moves through from the overrun hex ``at``: its
    declared path ``after`` (exit first), the exit alone, another hex, or none."""
    exit_ = after[0]
    if not ended and _path_open(state, unit, at, after, mp, los):
        return after
    if _open_step(state, unit, at, exit_, mp, los):
        return [exit_]
    d = at.direction_to(exit_)
    others = sorted(
        (at.neighbor((d + turn) % 6) for turn in (1, 5, 2, 4, 3)),  # nearest the exit first
        key=lambda h: _revealed_mine_stops(state, unit, h),  # a revealed minefield last
    )  # HOUSE DEFAULT
    for h in others:
        if _open_step(state, unit, at, h, mp, los):
            result.event("overrun_exit", unit=unit.id, hex=label(state, h),
                         declared=label(state, exit_))  # fmt: skip
            return [h]
    result.event("move_ended", unit=unit.id, hex=label(state, at),
                 reason="no enemy-free hex to leave the overrun hex to")  # fmt: skip
    return []
