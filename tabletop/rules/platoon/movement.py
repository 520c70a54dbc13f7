"""Moving a unit one hex at a time (rules 2.5 costs, 2.7, 2.11 stacking).

``plan_path`` checks a whole path before any die is read and prices each hex entered;
``walk`` then carries it out hex by hex through a hook, so that the next handlers (plain
``move``, assault, overrun) can pause after each hex for a minefield attack or opportunity
fire (rules 2.2) by returning ``False`` from ``on_enter``; ``walk`` then stops there and
returns the hexes left.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tabletop.hexgrid import Hex, HexSide
from tabletop.model import GameState, UnitState
from tabletop.rules.actions import ActionResult
from tabletop.rules.minefields import known_minefield
from tabletop.rules.platoon.common import hex_of, label, pside, ptype, riders

HELICOPTER_MOVING_FIRE_HEXES = 12
"""A helicopter may move up to 12 hexes and still fire (rules 2.7)."""


@dataclass(frozen=True, slots=True)
class PathStep:
    hex: Hex
    cost: int
    mp_left: int


@dataclass(frozen=True, slots=True)
class PathPlan:
    unit: str
    start: Hex
    steps: tuple[PathStep, ...]
    budget: int

    @property
    def end(self) -> Hex:
        return self.steps[-1].hex if self.steps else self.start

    @property
    def mp_used(self) -> int:
        return sum(s.cost for s in self.steps)


def parse_path(state: GameState, labels: Sequence[str]) -> tuple[list[Hex], list[str]]:
    hexes: list[Hex] = []
    for text in labels:
        try:
            hexes.append(state.scenario.map.parse(text))
        except ValueError as exc:
            return [], [str(exc)]
    return hexes, []


def enter_cost(state: GameState, unit: UnitState, a: Hex, b: Hex) -> tuple[int | None, str]:
    """MP to enter ``b`` from the adjacent ``a``, or None and the reason it may not (once
    per question of ``rules.query``: every path through a hex asks it again)."""
    from tabletop.rules.query import remembered

    cost: tuple[int | None, str] = remembered(
        state, ("enter_cost", unit.id, a, b), lambda: _enter_cost(state, unit, a, b)
    )
    return cost


def _enter_cost(state: GameState, unit: UnitState, a: Hex, b: Hex) -> tuple[int | None, str]:
    hex_map = state.scenario.map
    utype = ptype(state, unit)
    if b not in hex_map:
        return None, f"hex {label(state, b)} is outside the map"
    if utype.is_helicopter:
        return 1, ""  # HOUSE DEFAULT: a flying helicopter pays 1 per hex, whatever below
    features = hex_map.effective_features(HexSide.between(a, b))
    chart = hex_map.chart
    if not utype.amphibious and any(chart.hexsides[f].blocks_movement for f in features):
        blocker = next(f for f in features if chart.hexsides[f].blocks_movement)
        return None, f"{unit.id} may not cross the {blocker} between {label(state, a)} " \
                     f"and {label(state, b)}"  # fmt: skip
    terrain = hex_map.terrain(b)
    if terrain.amphibious_only and not utype.amphibious:
        return None, f"{unit.id} may not enter {label(state, b)} ({terrain.name}): not amphibious"
    cost = terrain.movement.vehicle if utype.is_vehicle else terrain.movement.foot
    if cost is None:
        return None, f"{unit.id} may not enter {label(state, b)} ({terrain.name})"
    road = [chart.hexsides[f].movement for f in features if chart.hexsides[f].movement]
    if road:
        cost = min(cost, *[c for c in road if c is not None])
    if state.scenario.module("minefields") and known_minefield(state, b, unit.side):
        cost += 1  # rules 2.5: entering a minefield hex costs +1 MP
    return cost, ""


def friendly_stack(state: GameState, unit: UnitState, h: Hex) -> int:
    """Units of the mover's side in ``h`` that count for stacking (an SW and cargo do not)."""
    return sum(
        1
        for u in state.units_at(h)
        if u.side == unit.side and u.id != unit.id and u.sw_of is None and u.carrier is None
    )


def plan_path(
    state: GameState, unit: UnitState, path: Sequence[Hex], budget: int
) -> tuple[PathPlan | None, list[str]]:
    """Check a path of adjacent hexes against ``budget`` MP; enemy hexes are refused (that
    is an assault or overrun), and stacking is checked where the move ends (READING)."""
    if not path:
        return None, ["name the hexes to move through with --to"]
    here = hex_of(unit)
    steps: list[PathStep] = []
    left = budget
    is_heli = ptype(state, unit).is_helicopter
    for h in path:
        if here.distance(h) != 1:
            return None, [f"{label(state, h)} is not adjacent to {label(state, here)}"]
        cost, why = enter_cost(state, unit, here, h)
        if cost is None:
            return None, [why]
        if cost > left:
            return None, [
                f"{unit.id} cannot enter {label(state, h)}: it costs {cost} MP "
                f"and {left} of {budget} are left"
            ]
        enemies = [u.id for u in state.units_at(h) if u.side != unit.side]
        if enemies and not is_heli:  # READING: a flying helicopter passes over enemies
            return None, [f"{label(state, h)} holds enemy units ({', '.join(enemies)})"]
        left -= cost
        steps.append(PathStep(h, cost, left))
        here = h
    if any(u.side != unit.side for u in state.units_at(here)):
        return None, [f"{unit.id} may not end its move in an enemy hex ({label(state, here)})"]
    limit = state.scenario.options.stacking  # HOUSE DEFAULT 2.11: 3 units per side
    if friendly_stack(state, unit, here) >= limit:
        return None, [f"{label(state, here)} already holds {limit} units of {unit.side}"]
    return PathPlan(unit.id, hex_of(unit), tuple(steps), budget), []


def moving_fire_budget(state: GameState, unit: UnitState) -> int:
    """Half the movement points, rounded down (HOUSE DEFAULT 2.7); helicopters 12 hexes."""
    if ptype(state, unit).is_helicopter:
        return HELICOPTER_MOVING_FIRE_HEXES
    return pside(state, unit).movement // 2


def walk(
    state: GameState,
    unit: UnitState,
    plan: PathPlan,
    result: ActionResult,
    on_enter: Callable[[Hex], bool] | None = None,
) -> list[Hex]:
    """Move hex by hex; after each hex is entered and paid for, ``on_enter(hex)`` may
    return False to stop there. Returns the hexes not entered."""
    for i, step in enumerate(plan.steps):
        before = hex_of(unit)
        unit.hex = step.hex
        for rider in riders(state, unit):  # its SW, its cargo and their SWs go along
            rider.hex = step.hex
            result.touch(rider.id)
        unit.flags["moved_this_turn"] = True
        unit.flags["hexes_moved"] = int(unit.flags.get("hexes_moved", 0)) + 1
        unit.flags["mp_used"] = int(unit.flags.get("mp_used", 0)) + step.cost
        result.event("moved", unit=unit.id, **{"from": label(state, before),
                                               "to": label(state, step.hex)})  # fmt: skip
        if on_enter is not None and not on_enter(step.hex):
            return [s.hex for s in plan.steps[i + 1 :]]
    return []
