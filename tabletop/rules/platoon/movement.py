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
from tabletop.model import GameState, HexMarker, UnitState
from tabletop.rules.actions import ActionResult
from tabletop.rules.minefields import KINDS, known_minefield, known_to
from tabletop.rules.platoon.common import hex_of, label, pside, ptype, riders

MINEFIELD_KINDS = frozenset(KINDS.values())
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
    """The hexes ``labels`` name, each label parsed once per question of ``rules.query``
    (every candidate's path names its hexes again), or the first label's error."""
    from tabletop.rules.query import remembered

    known: dict[str, Hex] = remembered(state, ("hexes by label",), dict)
    hexes: list[Hex] = []
    for text in labels:
        found = known.get(text)
        if found is None:
            try:
                found = known[text] = state.scenario.map.parse(text)
            except ValueError as exc:
                return [], [str(exc)]
        hexes.append(found)
    return hexes, []


Cost = tuple[int | None, str]


def enter_cost(state: GameState, unit: UnitState, a: Hex, b: Hex) -> Cost:
    """MP to enter ``b`` from the adjacent ``a``, or None and the reason it may not (once
    per question of ``rules.query``: every path through a hex asks it again)."""
    return price(enter_tables(state, unit), state, unit, a, b)


@dataclass(frozen=True, slots=True)
class EnterTables:
    """The answers of ``enter_cost`` for one unit: by step across a side with a hexside
    feature (``sided``: the hexes on such a side), else by the hex entered (a step across
    a plain side costs what the hex entered costs, whatever the hex left)."""

    by_step: dict[tuple[Hex, Hex], Cost]
    by_hex: dict[Hex, Cost]
    sided: frozenset[Hex] | None
    """None: every answer by step (outside a question: not worth a pass over the sides)."""


def enter_tables(state: GameState, unit: UnitState, *, search: bool = False) -> EnterTables:
    """``unit``'s tables, kept for the question being answered (``rules.query.QueryState``),
    else new ones (``search``: for a reach search, which prices every step around)."""
    from tabletop.rules.query import QueryState

    if isinstance(state, QueryState):
        tables: EnterTables = state.remember(
            ("enter tables", unit.id), lambda: EnterTables({}, {}, ground_of(state, unit).sided)
        )
        return tables
    return EnterTables({}, {}, _build(state, unit).sided if search else None)


def price(tables: EnterTables, state: GameState, unit: UnitState, a: Hex, b: Hex) -> Cost:
    """``enter_cost`` from ``tables``, worked out (``_enter_cost``) when not there yet."""
    sided = tables.sided
    if sided is not None and (a not in sided or b not in sided):
        found = tables.by_hex.get(b)
        if found is None:
            found = tables.by_hex[b] = _enter_cost(state, unit, a, b)
        return found
    found = tables.by_step.get((a, b))
    if found is None:
        found = tables.by_step[a, b] = _enter_cost(state, unit, a, b)
    return found


@dataclass(frozen=True, slots=True)
class _Ground:
    """What pricing one unit's steps needs, worked out once per question of
    ``rules.query`` (a reach prices some 1,300 steps): the unit's kind of movement, the
    hexes on a side with a hexside feature (between two others there is none to read) and
    the hexes of a minefield the unit's side knows of (the minefields module on)."""

    helicopter: bool
    vehicle: bool
    amphibious: bool
    sided: frozenset[Hex]
    mined: frozenset[Hex]


def ground_of(state: GameState, unit: UnitState) -> _Ground:
    """``_Ground`` of ``unit``: once per question of ``rules.query``, else made now."""
    from tabletop.rules.query import QueryState

    if isinstance(state, QueryState):
        ground: _Ground = state.remember(("ground", unit.id), lambda: _build(state, unit))
        return ground
    return _build(state, unit)


def _build(state: GameState, unit: UnitState) -> _Ground:
    utype = ptype(state, unit)
    sided = frozenset(h for side in state.scenario.map.hexsides for h in side.hexes())
    mined: frozenset[Hex] = frozenset()
    if state.scenario.module("minefields"):
        first: dict[Hex, HexMarker] = {}  # (``marker_at``: a hex's first minefield)
        for m in state.hex_markers:
            if m.kind in MINEFIELD_KINDS and m.hex not in first:
                first[m.hex] = m
        mined = frozenset(h for h, m in first.items() if known_to(m, unit.side))
    return _Ground(utype.is_helicopter, utype.is_vehicle, utype.amphibious, sided, mined)


def _enter_cost(
    state: GameState, unit: UnitState, a: Hex, b: Hex, ground: _Ground | None = None
) -> tuple[int | None, str]:
    """``enter_cost`` worked out (``ground``: from it; a question's is used when there is
    one; a single action prices a few steps, not worth a pass over the map's hexsides)."""
    from tabletop.rules.query import QueryState

    if ground is None and isinstance(state, QueryState):
        ground = ground_of(state, unit)
    hex_map = state.scenario.map
    if ground is None:
        utype = ptype(state, unit)
        helicopter, vehicle, amphibious = utype.is_helicopter, utype.is_vehicle, utype.amphibious
    else:
        helicopter, vehicle, amphibious = ground.helicopter, ground.vehicle, ground.amphibious
    if b not in hex_map.cells:
        return None, f"hex {label(state, b)} is outside the map"
    if helicopter:
        return 1, ""  # HOUSE DEFAULT: a flying helicopter pays 1 per hex, whatever below
    if ground is None or (a in ground.sided and b in ground.sided):
        features = hex_map.effective_features(HexSide.between(a, b))
    else:
        features = set()  # (no side of a or of b has a feature)
    chart = hex_map.chart
    if features and not amphibious and any(chart.hexsides[f].blocks_movement for f in features):
        blocker = next(f for f in features if chart.hexsides[f].blocks_movement)
        return None, f"{unit.id} may not cross the {blocker} between {label(state, a)} " \
                     f"and {label(state, b)}"  # fmt: skip
    terrain = chart.terrain[hex_map.cells[b].terrain]
    if terrain.amphibious_only and not amphibious:
        return None, f"{unit.id} may not enter {label(state, b)} ({terrain.name}): not amphibious"
    cost = terrain.movement.vehicle if vehicle else terrain.movement.foot
    if cost is None:
        return None, f"{unit.id} may not enter {label(state, b)} ({terrain.name})"
    if features:
        road = [chart.hexsides[f].movement for f in features if chart.hexsides[f].movement]
        if road:
            cost = min(cost, *[c for c in road if c is not None])
    if ground is not None:
        if b in ground.mined:
            cost += 1  # rules 2.5: entering a minefield hex costs +1 MP
    elif state.scenario.module("minefields") and known_minefield(state, b, unit.side):
        cost += 1  # rules 2.5: entering a minefield hex costs +1 MP
    return cost, ""


def friendly_stack(state: GameState, unit: UnitState, h: Hex) -> int:
    """Units of the mover's side in ``h`` that count for stacking (an SW and cargo do not)."""
    return sum(
        1
        for u in state.units_at(h)
        if u.side == unit.side and u.id != unit.id and u.sw_of is None and u.carrier is None
    )


def _enemy_ids(state: GameState, side: str) -> dict[Hex, list[str]]:
    """By hex, the units of other sides than ``side`` there (any unit: ``plan_path``'s
    test), filled as asked: once per question of ``rules.query``, else a new table."""
    from tabletop.rules.query import remembered

    found: dict[Hex, list[str]] = remembered(state, ("enemy ids", side), dict)
    return found


def _walks(
    state: GameState, unit_id: str, budget: int
) -> dict[tuple[Hex, ...], tuple[tuple[PathStep, ...], int]]:
    """``plan_path``'s walks of ``unit_id`` with ``budget`` that passed every step (the
    steps and the MP left), by path: once per question of ``rules.query``, else none."""
    from tabletop.rules.query import remembered

    found: dict[tuple[Hex, ...], tuple[tuple[PathStep, ...], int]] = remembered(
        state, ("walks", unit_id, budget), dict
    )
    return found


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
    tables = enter_tables(state, unit)
    enemies_at = _enemy_ids(state, unit.side)
    # The walk of a path's every hex but the last, when a question has walked it already
    # (the candidates' paths are the reach's: each one a step beyond a cheaper one).
    walked = _walks(state, unit.id, budget)
    key = tuple(path)
    known = walked.get(key[:-1]) if len(key) > 1 else None
    if known is not None:
        steps, left, here = list(known[0]), known[1], key[-2]
        path = key[-1:]
    for h in path:
        if here.distance(h) != 1:
            return None, [f"{label(state, h)} is not adjacent to {label(state, here)}"]
        cost, why = price(tables, state, unit, here, h)
        if cost is None:
            return None, [why]
        if cost > left:
            return None, [
                f"{unit.id} cannot enter {label(state, h)}: it costs {cost} MP "
                f"and {left} of {budget} are left"
            ]
        enemies = enemies_at.get(h)
        if enemies is None:
            enemies = enemies_at[h] = [u.id for u in state.units_at(h) if u.side != unit.side]
        if enemies and not is_heli:  # READING: a flying helicopter passes over enemies
            return None, [f"{label(state, h)} holds enemy units ({', '.join(enemies)})"]
        left -= cost
        steps.append(PathStep(h, cost, left))
        here = h
    walked[key] = (tuple(steps), left)
    enemies = enemies_at.get(here)
    if enemies is None:
        enemies = enemies_at[here] = [u.id for u in state.units_at(here) if u.side != unit.side]
    if enemies:
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
