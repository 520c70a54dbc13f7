"""Moving (rules 3.2): ``move`` in the movement phase, ``run`` in the shooting phase.

A unit spends the chart's movement points (foot column, or the vehicle column for vehicles;
guns are manhandled at foot costs, HOUSE DEFAULT) out of its ``movement`` in each movement
phase, in one or several ``move`` actions; a road hexside replaces the hex's cost, a river
blocks unless a bridge crosses it, and a minefield its side knows of costs +1 (as 2.5).
Running, instead of shooting, is a second move of up to half the movement rounded down.
Moving removes Entrenched (3.5); a unit that dug in last turn may not move in its own next
movement phase. Bunkers limit who enters and where (``bunker``); entering one ends the
move. Stacking (option ``stacking``, units per side per hex) holds where a move ends.
A move into a hex that holds enemy units starts close combat there (3.6, ``closecombat``):
it must be the move's last hex, in the movement phase (never a run), and infantry may not
start it against vehicles alone in a clear or crops hex. A Suppressed unit does not move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tabletop.hexgrid import Hex, HexSide
from tabletop.model import GameState, HexMarker, Status, UnitState
from tabletop.rules.actions import ActionRequest, ActionResult
from tabletop.rules.common import find_unit, hex_of, label, remove_marker
from tabletop.rules.dice import DiceSource
from tabletop.rules.los import LineOfSight
from tabletop.rules.minefields import KINDS, known_minefield, known_to
from tabletop.rules.squad import bunker, mines
from tabletop.rules.squad.common import (
    MOVE_LOCKED,
    MP_USED,
    SHOOTING,
    actor_reasons,
    in_close_combat,
    is_bunker,
    shooting_reasons,
    stype,
    units_in,
)
from tabletop.rules.squad.effects import ride_along

MINEFIELD_KINDS = frozenset(KINDS.values())


@dataclass(frozen=True, slots=True)
class Step:
    hex: Hex
    cost: int


@dataclass(frozen=True, slots=True)
class PathPlan:
    unit: str
    steps: tuple[Step, ...]
    ends_move: bool = False
    """It enters a bunker, which ends the unit's move."""

    @property
    def cost(self) -> int:
        return sum(s.cost for s in self.steps)


def hex_named(state: GameState, text: str) -> Hex:
    """``state.scenario.map.parse(text)``, each label parsed once per question of
    ``rules.query`` (every candidate's path names its hexes again). ValueError as parse."""
    from tabletop.rules.query import remembered

    known: dict[str, Hex] = remembered(state, ("hexes by label",), dict)
    found = known.get(text)
    if found is None:
        found = known[text] = state.scenario.map.parse(text)
    return found


def enter_cost(state: GameState, unit: UnitState, a: Hex, b: Hex) -> tuple[int | None, str]:
    """MP to enter ``b`` from the adjacent ``a``, or None and the reason it may not (once
    per question of ``rules.query``: the reach and every candidate's path ask it again)."""
    ground = ground_of(state, unit)
    if ground is not None and (a not in ground.sided or b not in ground.sided):
        into = entry_costs(state, unit)  # (across a plain side: what the hex entered costs)
        found = into.get(b)
        if found is None:
            found = into[b] = _enter_cost(state, unit, a, b, ground)
        return found
    costs = enter_costs(state, unit)
    found = costs.get((a, b))
    if found is None:
        found = costs[a, b] = _enter_cost(state, unit, a, b)
    return found


def enter_costs(state: GameState, unit: UnitState) -> dict[tuple[Hex, Hex], tuple[int | None, str]]:
    """The answers of ``enter_cost`` for ``unit`` by (from, to): kept for the question
    being answered (``rules.query.QueryState``), else a new table each time."""
    from tabletop.rules.query import remembered

    costs: dict[tuple[Hex, Hex], tuple[int | None, str]] = remembered(
        state, ("squad enter_costs", unit.id), dict
    )
    return costs


def entry_costs(state: GameState, unit: UnitState) -> dict[Hex, tuple[int | None, str]]:
    """The answers of ``enter_cost`` for ``unit`` across a side without a hexside feature,
    by the hex entered (it costs what that hex costs, whatever the hex left): kept for the
    question being answered, else a new table each time."""
    from tabletop.rules.query import remembered

    costs: dict[Hex, tuple[int | None, str]] = remembered(
        state, ("squad entry costs", unit.id), dict
    )
    return costs


@dataclass(frozen=True, slots=True)
class _Ground:
    """What pricing one unit's steps needs, worked out once per question of
    ``rules.query``: whether it moves as a vehicle, the hexes on a side with a hexside
    feature (between two others there is none to read) and the hexes of a minefield its
    side knows of (the minefields module on)."""

    vehicle: bool
    sided: frozenset[Hex]
    mined: frozenset[Hex]


def ground_of(state: GameState, unit: UnitState) -> _Ground | None:
    """The question's ``_Ground`` of ``unit`` (None outside a question: a single action
    prices a few steps, not worth a pass over the map's hexsides)."""
    from tabletop.rules.query import QueryState

    if not isinstance(state, QueryState):
        return None

    def build() -> _Ground:
        sided = frozenset(h for side in state.scenario.map.hexsides for h in side.hexes())
        mined: frozenset[Hex] = frozenset()
        if state.scenario.module("minefields"):
            first: dict[Hex, HexMarker] = {}  # (``marker_at``: a hex's first minefield)
            for m in state.hex_markers:
                if m.kind in MINEFIELD_KINDS and m.hex not in first:
                    first[m.hex] = m
            mined = frozenset(h for h, m in first.items() if known_to(m, unit.side))
        return _Ground(stype(state, unit).is_vehicle, sided, mined)

    ground: _Ground = state.remember(("squad ground", unit.id), build)
    return ground


def _enter_cost(
    state: GameState, unit: UnitState, a: Hex, b: Hex, ground: _Ground | None = None
) -> tuple[int | None, str]:
    """``enter_cost`` worked out (``ground``: from it, else the question's if any)."""
    hex_map = state.scenario.map
    if b not in hex_map.cells:
        return None, f"hex {label(state, b)} is outside the map"
    if ground is None:
        ground = ground_of(state, unit)
    chart = hex_map.chart
    if ground is None or (a in ground.sided and b in ground.sided):
        features = hex_map.effective_features(HexSide.between(a, b))
    else:
        features = set()  # (no side of a or of b has a feature)
    blockers = [f for f in features if chart.hexsides[f].blocks_movement]
    if blockers:
        return None, (f"{unit.id} may not cross the {blockers[0]} between {label(state, a)} "
                      f"and {label(state, b)}")  # fmt: skip
    terrain = chart.terrain[hex_map.cells[b].terrain]
    if terrain.amphibious_only:
        return None, f"{unit.id} may not enter {label(state, b)} ({terrain.name})"
    vehicle = ground.vehicle if ground is not None else stype(state, unit).is_vehicle
    cost = terrain.movement.vehicle if vehicle else terrain.movement.foot
    if cost is None:
        return None, f"{unit.id} may not enter {label(state, b)} ({terrain.name})"
    roads = [m for f in features if (m := chart.hexsides[f].movement) is not None]
    if roads:
        cost = min(cost, *roads)
    if ground is not None:
        if b in ground.mined:
            cost += 1
    elif state.scenario.module("minefields") and known_minefield(state, b, unit.side):
        cost += 1
    return cost, ""


def plan_path(
    state: GameState, unit: UnitState, labels: Sequence[str], budget: int, total: int
) -> tuple[PathPlan | None, list[str]]:
    """Check a path of adjacent hexes against ``budget`` MP left (of ``total`` in this move
    or run) before anything moves."""
    if not labels:
        return None, ["name the hexes to move through with --to"]
    here = hex_of(unit)
    steps: list[Step] = []
    left = budget
    # The walk of every hex but the last, when a question has walked that path already
    # and its last hex neither holds enemies nor is a bunker (then that step passes the
    # same checks whether it ends the path or not).
    from tabletop.rules.query import remembered

    walked: dict[tuple[str, ...], tuple[tuple[Step, ...], int, Hex]] = remembered(
        state, ("squad walks", unit.id, budget, total), dict
    )
    key = tuple(labels)
    first = 0
    known = walked.get(key[:-1]) if len(key) > 1 else None
    if known is not None:
        steps, left, here = list(known[0]), known[1], known[2]
        first = len(key) - 1
    for i, text in enumerate(labels):
        if i < first:
            continue
        try:
            h = hex_named(state, text)
        except ValueError as exc:
            return None, [str(exc)]
        if here.distance(h) != 1:
            return None, [f"{label(state, h)} is not adjacent to {label(state, here)}"]
        reasons = bunker.crossing_reasons(state, unit, here, h)
        if reasons:
            return None, reasons
        cost, why = enter_cost(state, unit, here, h)
        if cost is None:
            return None, [why]
        enemies = [u for u in units_in(state, h) if u.side != unit.side]
        if enemies:
            refused = assault_reasons(state, unit, h, enemies, last=i + 1 == len(labels))
            if refused:
                return None, refused
        if cost > left:
            return None, [f"{unit.id} cannot enter {label(state, h)}: it costs {cost} MP "
                          f"and {left} of {total} are left"]  # fmt: skip
        left -= cost
        steps.append(Step(h, cost))
        if is_bunker(state, h) and i + 1 < len(labels):
            return None, [f"entering the bunker in {label(state, h)} ends {unit.id}'s move"]
        here = h
    if not is_bunker(state, here) and not any(u.side != unit.side for u in units_in(state, here)):
        walked[key] = (tuple(steps), left, here)
    limit = state.scenario.options.stacking
    stack = [u for u in units_in(state, here) if u.side == unit.side and u.id != unit.id]
    if len(stack) >= limit:
        return None, [f"{label(state, here)} already holds {limit} units of {unit.side}"]
    ends = is_bunker(state, here) or in_close_combat(state, here)
    return PathPlan(unit.id, tuple(steps), ends_move=ends), []


OPEN_GROUND = frozenset({"clear", "crops"})
"""Infantry may not start close combat against vehicles here (rules 3.6; a bare hill is
clear terrain at level 1)."""


def assault_reasons(state: GameState, unit: UnitState, h: Hex, enemies: Sequence[UnitState],
                    *, last: bool) -> list[str]:  # fmt: skip
    """Why ``unit``'s move may not enter the enemy-held ``h`` (starting close combat, 3.6)."""
    where = label(state, h)
    listed = ", ".join(u.id for u in enemies)
    if not state.scenario.module("close_combat"):
        return [f"{where} holds enemy units ({listed}) and close combat is switched off"]
    if state.phase != "movement":
        return [f"{where} holds enemy units ({listed}): close combat is started by a move in "
                "the movement phase, not by a run"]  # fmt: skip
    if not last:
        return [f"entering {where}, which holds enemy units ({listed}), starts close combat "
                f"and ends {unit.id}'s move"]  # fmt: skip
    utype = stype(state, unit)
    if utype.is_aircraft:
        return [f"{unit.id} is an aircraft: it does not fight close combat"]
    foot = not utype.is_vehicle
    vehicles = all(stype(state, e).is_vehicle for e in enemies)
    if foot and vehicles and state.scenario.map.terrain(h).name in OPEN_GROUND:
        return [f"infantry may not start close combat against vehicles in "
                f"{state.scenario.map.terrain(h).name} ({where})"]  # fmt: skip
    return []


def walk(
    state: GameState, unit: UnitState, plan: PathPlan, result: ActionResult,
    mines_on: tuple[bool, DiceSource, LineOfSight] | None = None,
) -> tuple[int, bool]:  # fmt: skip
    """Carry out a checked path; moving removes Entrenched (rules 3.5) and cancels laying
    or clearing mines (3.8). With ``mines_on`` (maneuver, dice, sight) the path is walked
    for the minefields: a sapper in maneuver mode checks the next hex first (a hidden enemy
    field stops it short, no attack); a minefield attacks the unit entering its hex and the
    move ends there. Returns the MP spent and whether a minefield stopped the move."""
    for marker in ("entrenched", "laying_mines", "clearing_mines"):
        remove_marker(result, unit, marker)
    spent = 0
    for step in plan.steps:
        if mines_on is not None and mines_on[0] and mines.detect(state, unit, step.hex, result):
            return spent, True
        before = hex_of(unit)
        unit.hex = step.hex
        ride_along(state, unit, result)
        spent += step.cost
        result.event("moved", unit=unit.id, **{"from": label(state, before),
                                               "to": label(state, step.hex)})  # fmt: skip
        if mines_on is not None and mines.attack_on_entry(state, unit, mines_on[1],
                                                          mines_on[2], result):  # fmt: skip
            return spent, True
    result.touch(unit.id)
    return spent, False


def allowance(state: GameState, unit: UnitState) -> int:
    """Movement points left in this movement phase."""
    return max(0, stype(state, unit).movement - int(unit.flags.get(MP_USED, 0)))


def mover_reasons(state: GameState, request: ActionRequest) -> tuple[UnitState | None, list[str]]:
    unit, why = find_unit(state, request.unit, "unit")
    if unit is None:
        return None, [why]
    phase = "movement" if request.action == "move" else "shooting"
    reasons = actor_reasons(state, unit, request.side, phase)
    if len(request.units) > 1:
        reasons.append(f"{request.action} takes one unit, not {len(request.units)}")
    if unit.status is Status.SUPPRESSED:
        reasons.append(f"{unit.id} is Suppressed: it does not move")
    if request.maneuver and request.action != "move":
        reasons.append("maneuver mode is a way to move in the movement phase, not to run")
    if in_close_combat(state, hex_of(unit)):
        reasons.append(f"{unit.id} is in close combat in {label(state, hex_of(unit))}: "
                       "it leaves only by close-combat --leave")  # fmt: skip
    if stype(state, unit).movement <= 0:
        reasons.append(f"{unit.id} has no movement allowance")
    return unit, reasons


class Move:
    """``move --unit ID --to HEX,...`` in its side's movement phase."""

    def plan(
        self, state: GameState, request: ActionRequest, los: LineOfSight | None = None
    ) -> tuple[PathPlan | None, list[str]]:
        """The checked path (``los`` is not needed: a move's legality asks no sight)."""
        unit, reasons = mover_reasons(state, request)
        if unit is None or reasons:
            return None, reasons
        if unit.flags.get(MOVE_LOCKED):
            return None, [f"{unit.id} dug in last turn: it may not move in this movement "
                          "phase (rules 3.5)"]  # fmt: skip
        budget = allowance(state, unit)
        total = stype(state, unit).movement
        if request.maneuver:  # HOUSE DEFAULT 3.8: at most half the movement (option)
            total = int(total * state.scenario.options.maneuver_fraction)
            budget = min(budget, total - int(unit.flags.get(MP_USED, 0)))
        if budget <= 0:
            return None, [f"{unit.id} has no movement points left this movement phase"
                          + (" in maneuver mode" if request.maneuver else "")]  # fmt: skip
        return plan_path(state, unit, request.to, budget, total)

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        return self.plan(state, request)[1]

    def perform(
        self,
        state: GameState,
        request: ActionRequest,
        dice: DiceSource,
        los: LineOfSight,
        planned: PathPlan | None = None,
    ) -> ActionResult:
        result = ActionResult(request.action)
        self.carry_out(state, request, dice, los, result, planned)
        return result

    def carry_out(self, state: GameState, request: ActionRequest, dice: DiceSource,
                  los: LineOfSight, result: ActionResult,
                  planned: PathPlan | None = None) -> None:  # fmt: skip
        """The checked move into ``result`` (also a transport's move, ``transport``), from
        its plan when given."""
        plan = planned if planned is not None else self.plan(state, request)[0]
        assert plan is not None
        unit = state.unit(plan.unit)
        spent, stopped = walk(state, unit, plan, result, (request.maneuver, dice, los))
        used = stype(state, unit).movement if plan.ends_move or stopped else spent
        unit.flags[MP_USED] = int(unit.flags.get(MP_USED, 0)) + used


class Run:
    """``run --unit ID --to HEX,...``: in the shooting phase, instead of shooting, a second
    move of up to half the movement rounded down (rules 3.2)."""

    def plan(
        self, state: GameState, request: ActionRequest, los: LineOfSight | None = None
    ) -> tuple[PathPlan | None, list[str]]:
        """The checked path of the run (``los`` is not needed)."""
        unit, reasons = mover_reasons(state, request)
        if unit is None:
            return None, reasons
        reasons += shooting_reasons(state, unit, "run")
        if reasons:
            return None, reasons
        budget = stype(state, unit).movement // 2
        if budget <= 0:
            return None, [f"{unit.id} cannot run: half of its movement is 0"]
        return plan_path(state, unit, request.to, budget, budget)

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        return self.plan(state, request)[1]

    def perform(
        self,
        state: GameState,
        request: ActionRequest,
        dice: DiceSource,
        los: LineOfSight,
        planned: PathPlan | None = None,
    ) -> ActionResult:
        plan = planned if planned is not None else self.plan(state, request)[0]
        assert plan is not None
        unit = state.unit(plan.unit)
        result = ActionResult(request.action)
        walk(state, unit, plan, result, (False, dice, los))
        unit.flags[SHOOTING] = "ran"
        return result
