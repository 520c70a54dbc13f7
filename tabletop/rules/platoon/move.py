"""The ``move`` action (rules 2.2, 2.5, 2.6, 2.7, 3.8) and the continuation of any paused
move (``move --unit ID --continue``).

``move --unit ID --to A,B,C [--maneuver] [--mode M]`` moves one hex at a time through
``pause.advance``. A helicopter's ``--mode``: ``flying`` from NOE or Landed changes mode at
the start of the move, any other at its end (rules 2.7: once per impulse, no MP cost).
"""

from __future__ import annotations

from tabletop.hexgrid import Hex
from tabletop.model import GameState, UnitState
from tabletop.rules.actions import ActionRequest, ActionResult
from tabletop.rules.dice import DiceSource
from tabletop.rules.los import LineOfSight
from tabletop.rules.minefields import known_minefield
from tabletop.rules.platoon.common import (
    OPS_COMPLETE,
    actor_reasons,
    begin_action,
    find_unit,
    hex_of,
    label,
    place_marker,
    ptype,
    remove_marker,
)
from tabletop.rules.platoon.movement import parse_path, plan_path
from tabletop.rules.platoon.pause import AFTER_WALK, PAUSED, Walk, advance, finish, leg_from_pending
from tabletop.rules.platoon.reach import (
    allowance,
    can_move_reasons,
    disrupted_reasons,
    maneuver_allowance,
    mine_stops,
    minefield_kinds,
)
from tabletop.rules.query import remembered

LEAVE_ON_MOVE = ("entrenched", "entrenching", "laying_mines", "clearing_mines")
"""Any move removes these (rules 3.5, 3.8)."""


def path_reasons(
    state: GameState, unit: UnitState, path: list[Hex], budget: int, los: LineOfSight
) -> list[str]:
    """``movement.plan_path`` (costs, enemies, stacking where the move ends) plus the
    Disrupted limits of 2.6 and a known minefield that would end the move midway."""
    plan, reasons = plan_path(state, unit, path, budget)
    if plan is None:
        return reasons
    here = hex_of(unit)
    kinds = minefield_kinds(state)
    if not kinds and not unit.disrupted:
        return reasons  # (no minefield anywhere, no rule 2.6 to ask)
    for i, h in enumerate(path):
        if unit.disrupted:
            reasons += disrupted_reasons(state, unit, here, h, los)
        kind = kinds.get(h)
        known = kind is not None and known_minefield(state, h, unit.side)
        if known and kind is not None and mine_stops(state, unit, kind) and i < len(path) - 1:
            reasons.append(f"the minefield in {label(state, h)} would end {unit.id}'s move there")
        here = h
    return reasons


def start_move(state: GameState, unit: UnitState, result: ActionResult) -> None:
    """What every move does first: the action is taken (Ops Complete, rules 2.1 HOUSE
    DEFAULT) and digging or mine work is abandoned."""
    begin_action(state)
    place_marker(result, unit, OPS_COMPLETE)
    for marker in LEAVE_ON_MOVE:
        remove_marker(result, unit, marker)


def mode_reasons(state: GameState, unit: UnitState, mode: str | None) -> list[str]:
    if mode is None:
        return []
    utype = ptype(state, unit)
    if not utype.is_helicopter:
        return [f"{unit.id} is not a helicopter: it has no modes"]
    if mode not in utype.sides:
        return [f"{unit.id} has no {mode} mode (it has {', '.join(utype.sides)})"]
    if unit.flags.get("mode_changed"):
        return [f"{unit.id} has already changed mode this impulse"]
    return []


def set_mode(unit: UnitState, mode: str, result: ActionResult) -> None:
    unit.mode = mode
    unit.flags["mode_changed"] = True
    result.event("mode_changed", unit=unit.id, mode=mode)


class Move:
    """``move --unit ID --to HEX,...``, or ``move --unit ID --continue``."""

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        if request.cont:
            return continue_reasons(state, request)
        unit, why = find_unit(state, request.unit, "unit")
        if unit is None:
            return [why]

        def before_path() -> tuple[list[str], int]:
            """What the unit's state says, whatever the path, and its MP for this move
            (once per question of ``rules.query``: every candidate path asks it)."""
            assert unit is not None
            reasons = actor_reasons(state, unit, request.side)
            reasons += mode_reasons(state, unit, request.mode)
            if request.mode != "flying":
                reasons += can_move_reasons(state, unit)
            return reasons, budget(state, unit, request)

        key = ("move check", unit.id, request.side, request.mode, request.maneuver)
        reasons, mp = remembered(state, key, before_path)
        if reasons:
            return list(reasons)
        path, why_path = parse_path(state, request.to)
        if why_path:
            return why_path
        return path_reasons(state, unit, path, mp, los)

    def perform(
        self, state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight
    ) -> ActionResult:
        result = ActionResult(request.action)
        if request.cont:
            return resume(state, dice, los, result)
        unit = state.unit(request.unit or "")
        start_move(state, unit, result)
        if request.mode == "flying" and unit.mode != "flying":
            set_mode(unit, "flying", result)
        path, _ = parse_path(state, request.to)
        leg = Walk(unit.id, request.action, request.to_dict(), budget(state, unit, request),
                   maneuver=request.maneuver)  # fmt: skip
        if advance(state, unit, path, leg, dice, los, result):
            finish(state, leg, dice, los, result)
        result.pending = state.pending
        return result


def budget(state: GameState, unit: UnitState, request: ActionRequest) -> int:
    if request.maneuver:
        return maneuver_allowance(state, unit)  # HOUSE DEFAULT 3.8: half the movement
    return allowance(state, unit)


def continue_reasons(state: GameState, request: ActionRequest) -> list[str]:
    pending = state.pending
    if pending is None:
        return ["no move is paused: there is nothing to continue"]
    if pending.kind != PAUSED:
        return [f"{pending.unit}'s move waits for opportunity fire or pass in "
                f"{pending.hex}"]  # fmt: skip
    if request.unit is not None and request.unit != pending.unit:
        return [f"the paused move is {pending.unit}'s, not {request.unit}'s"]
    if request.side is not None and request.side != state.active_side:
        return [f"the paused move is {state.active_side}'s to continue"]
    return []


def resume(
    state: GameState, dice: DiceSource, los: LineOfSight, result: ActionResult
) -> ActionResult:
    """Carry on a paused move from where it stopped; finish its action when it is over."""
    assert state.pending is not None
    leg = leg_from_pending(state.pending)
    path = [state.scenario.map.parse(t) for t in state.pending.path_left]
    unit = state.unit(leg.unit)
    result.action = leg.action if leg.action != "move" else result.action
    if advance(state, unit, path, leg, dice, los, result):
        finish(state, leg, dice, los, result)
    result.pending = state.pending
    return result


def _mode_after_move(
    state: GameState, leg: Walk, dice: DiceSource, los: LineOfSight, result: ActionResult
) -> None:
    """A helicopter's mode change at the end of its move (rules 2.7)."""
    mode = leg.request.get("mode")
    if mode is not None and mode != "flying":
        set_mode(state.unit(leg.unit), str(mode), result)


AFTER_WALK["move"] = _mode_after_move
