"""Sequence of play (rules 2.1): the cup, the formation impulse, rally, the turn's end.

The random draw of a chit is made with d6s from the dice source, so it is logged and
replayed like any roll: the chits in the cup, in name order, are numbered 0..n-1; roll m
dice (the fewest with 6**m >= n), read them as a base-6 number v (first die most
significant, face 1 = digit 0), and take chit v mod n, unless v falls in the last
incomplete block of n (v >= n * (6**m // n)), in which case roll again (rejection
sampling keeps every chit equally likely). With one chit left, m is 0: the chit is taken
and no die is rolled (nothing is left to chance, so nothing is logged).
"""

from __future__ import annotations

from tabletop.model import GameState, Status
from tabletop.rules.actions import ActionRequest, ActionResult, Roll
from tabletop.rules.dice import DiceSource
from tabletop.rules.los import LineOfSight
from tabletop.rules.platoon import upkeep
from tabletop.rules.platoon.common import (
    ACTION_TAKEN,
    DEPLETED,
    OPS_COMPLETE,
    RALLIED,
    find_unit,
    impulse_reasons,
    pside,
    remove_marker,
)

IMPULSE_FLAGS = ("mp_used", "moving_fire", "fired_this_impulse", "mode_changed")
"""Unit flags that last one impulse; cleared when the unit's formation starts one."""
TURN_FLAGS = ("moved_this_turn", "hexes_moved", "no_fire_this_turn", "dismounted_this_turn")
"""Unit flags that last one turn; cleared by the Marker Removal Phase."""


def draw_chit(dice: DiceSource, cup: list[str], result: ActionResult) -> str:
    """A uniformly random chit from the cup by rejection sampling on d6 faces (see above)."""
    chits = sorted(cup)
    n = len(chits)
    if n == 1:
        return chits[0]  # 6**0 >= 1: no die decides a cup of one chit
    m = 1
    while 6**m < n:
        m += 1
    limit = n * (6**m // n)
    while True:
        faces = dice.roll(m)
        v = 0
        for face in faces:
            v = v * 6 + face - 1
        accepted = v < limit
        result.rolls.append(Roll("cup", "draw", f"< {limit}", faces, 1 if accepted else 0))
        if accepted:
            return chits[v % n]


def start_impulse(state: GameState, formation: str, result: ActionResult) -> None:
    """Rules 2.1.2 (a): the formation's Ops Complete markers come off; rally may begin."""
    state.cup.remove(formation)
    state.phase = "impulse"
    state.active_formation = formation
    state.active_side = state.scenario.formation_side(formation)
    state.flags[RALLIED] = []
    state.flags[ACTION_TAKEN] = False
    result.event("chit_drawn", formation=formation, side=state.active_side)
    for unit in sorted(state.units.values(), key=lambda u: u.id):
        if unit.formation == formation and unit.alive:
            remove_marker(result, unit, OPS_COMPLETE)
            for flag in IMPULSE_FLAGS:
                unit.flags.pop(flag, None)
    upkeep.on_impulse_start(state, formation, result)  # entrenching, mines (3.5, 3.8)


class Draw:
    """``draw [--formation NAME]``: a random chit, or the one drawn from a physical cup."""

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        if state.phase == "impulse":
            return [f"the impulse of {state.active_formation} is active: end it first"]
        if not state.cup:
            return ["the cup is empty: end the turn"]
        name = request.formation
        if name is not None:
            try:
                state.scenario.formation_side(name)
            except ValueError as exc:
                return [str(exc)]
            if name not in state.cup:
                return [f"{name} has no chit in the cup"]
        return []

    def perform(
        self, state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight
    ) -> ActionResult:
        result = ActionResult(request.action)
        formation = request.formation or draw_chit(dice, state.cup, result)
        start_impulse(state, formation, result)
        return result


class EndImpulse:
    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        reasons = impulse_reasons(state)
        if not reasons and request.side is not None and request.side != state.active_side:
            reasons.append(f"the active impulse is {state.active_side}'s, not {request.side}'s")
        if state.pending is not None:
            reasons.append(f"a {state.pending.kind} decision is waiting")
        return reasons

    def perform(
        self, state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight
    ) -> ActionResult:
        result = ActionResult(request.action)
        if state.active_formation is not None:  # mines laid or cleared (3.8)
            upkeep.on_impulse_end(state, state.active_formation, result)
        result.event("impulse_ended", formation=state.active_formation)
        state.phase = "draw"
        state.active_formation = None
        state.active_side = None
        state.flags.pop(RALLIED, None)
        state.flags.pop(ACTION_TAKEN, None)
        return result


class EndTurn:
    """``end-turn``: the Marker Removal Phase (2.1.3), then the next turn or the game's end."""

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        if state.phase == "impulse":
            return [f"the impulse of {state.active_formation} is active: end it first"]
        if state.cup:
            left = ", ".join(sorted(state.cup))
            return [f"{len(state.cup)} chit(s) remain in the cup ({left}): draw them first"]
        return []

    def perform(
        self, state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight
    ) -> ActionResult:
        result = ActionResult(request.action)
        marker_removal_phase(state, result)
        if state.turn >= state.scenario.turns:
            state.finished = True
            state.phase = "finished"
            # the engine counts the VP and tells game_over (rules.victory.settle)
        else:
            state.turn += 1
            state.cup = state.scenario.initial_cup()
            state.phase = "draw"
            result.event("turn_started", turn=state.turn)
        return result


def marker_removal_phase(state: GameState, result: ActionResult) -> None:
    """In the spec's order: (1) Depleted Ammo 1 off, (2) Depleted Ammo 2 -> 1, (3) Ops
    Complete off, (4) Smoke placed in an earlier turn off."""
    units = sorted((u for u in state.units.values() if u.alive), key=lambda u: u.id)
    for unit in units:
        remove_marker(result, unit, DEPLETED[1])
    for unit in units:
        if unit.has(DEPLETED[0]):
            remove_marker(result, unit, DEPLETED[0])
            unit.add_marker(DEPLETED[1])
            result.event("marker_placed", unit=unit.id, marker=DEPLETED[1])
    for unit in units:
        remove_marker(result, unit, OPS_COMPLETE)
        for flag in TURN_FLAGS:
            unit.flags.pop(flag, None)
    for marker in [m for m in state.hex_markers if m.kind == "smoke" and m.turn < state.turn]:
        state.hex_markers.remove(marker)
        result.event("marker_removed", hex=state.scenario.map.label(marker.hex), marker="smoke")


class Rally:
    """``rally --unit ID`` (rules 2.1.2 b): a Disrupted unit's morale test, 2d6 <= Morale.
    HOUSE DEFAULT: not an action, no Ops Complete; allowed until the impulse's first action."""

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        unit, why = find_unit(state, request.unit, "unit")
        if unit is None:
            return [why]
        reasons = impulse_reasons(state)
        if reasons:
            return reasons
        if request.side is not None and unit.side != request.side:
            reasons.append(f"{unit.id} belongs to {unit.side}, not {request.side}")
        if unit.formation != state.active_formation:
            reasons.append(f"{unit.id} is not of the active formation ({state.active_formation})")
        if not unit.disrupted:
            reasons.append(f"{unit.id} is not Disrupted")
        if state.flags.get(ACTION_TAKEN):
            reasons.append("the rally step is over: a unit has already taken an action")
        if unit.id in state.flags.get(RALLIED, []):
            reasons.append(f"{unit.id} has already tried to rally this impulse")
        return reasons

    def perform(
        self, state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight
    ) -> ActionResult:
        unit = state.unit(request.unit or "")
        morale = pside(state, unit).morale
        faces = dice.roll(2)
        passed = sum(faces) <= morale
        result = ActionResult(request.action)
        result.rolls.append(Roll(unit.id, "morale", f"<= {morale}", faces, int(passed)))
        state.flags.setdefault(RALLIED, []).append(unit.id)
        if passed:
            unit.status = Status.GOOD_ORDER
            result.event("rallied", unit=unit.id)
        else:
            result.event("rally_failed", unit=unit.id)
        return result
