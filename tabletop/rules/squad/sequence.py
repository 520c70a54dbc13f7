"""The squad turn (rules 3.2, interfaces.md "The squad ruleset on the command line").

A game turn has two player turns, first the side the scenario names ``first``, then the
other (sides in scenario order after it). A player turn: start (medics, 3.1), ``movement``,
``shooting``, ``close_combat``, ``end``. A game opens in the first side's movement phase.
``end-phase`` moves on exactly one phase; the one that leaves a player's ``end`` phase also
runs the next player turn's start (its medic rolls), so four ``end-phase`` calls make a
player turn. ``end-turn`` runs the rest of the current player turn, phase by phase.

What happens at a phase's edges is a registry, so that later rules (close combat, morale,
minefields) add their upkeep without touching this module: ``PHASE_END[phase]`` runs when
that phase ends, ``TURN_START`` when a player turn starts (after the side changed), and
``END_BLOCKERS[phase]`` give the reasons a phase may not end yet (e.g. a close combat with
rounds left). Each hook takes ``(state, dice, result)``.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.model import GameState, Status
from tabletop.model.state import clone_unit
from tabletop.rules.actions import ActionRequest, ActionResult
from tabletop.rules.dice import DiceSource
from tabletop.rules.los import LineOfSight
from tabletop.rules.squad import closecombat, entrench, mines, morale
from tabletop.rules.squad.common import (
    AMMO_SPENT,
    FIRED_LAST_SHOOTING,
    MP_USED,
    PHASES,
    SHOOTING,
    phase_reasons,
)
from tabletop.rules.squad.figures import medic_rolls

Hook = Callable[[GameState, DiceSource, ActionResult], None]
DISMOUNTED = "dismounted_this_turn"
Blocker = Callable[[GameState], list[str]]


def _clear_flag(flag: str) -> Hook:
    def hook(state: GameState, dice: DiceSource, result: ActionResult) -> None:
        for unit in state.units.values():
            if unit.side == state.active_side:
                unit.flags.pop(flag, None)

    return hook


def _suppressed_off(state: GameState, dice: DiceSource, result: ActionResult) -> None:
    """End phase: the side's Suppressed units recover, except those suppressed during this
    very player turn (rules 3.7: Suppressed "through the end of its side's next player
    turn", so a unit suppressed in its own turn also misses the next one; one suppressed in
    the enemy's turn recovers at the end of its own coming turn)."""
    for unit in sorted(state.units.values(), key=lambda u: u.id):
        if unit.side != state.active_side:
            continue
        this_turn = unit.flags.pop(morale.SUPPRESSED_OWN_TURN, None) == state.turn
        if unit.status is not Status.SUPPRESSED or this_turn:
            continue  # suppressed in this player turn: it lasts through the next one
        morale.recover(unit, result)


def _medics(state: GameState, dice: DiceSource, result: ActionResult) -> None:
    if state.active_side is not None:
        medic_rolls(state, state.active_side, dice, result)


def _game_turn_over(state: GameState, dice: DiceSource, result: ActionResult) -> None:
    """ "Dismounted this turn" lasts until the end of the game turn (rules 3.10)."""
    if state.active_side == side_order(state)[0]:
        for unit in state.units.values():
            unit.flags.pop(DISMOUNTED, None)


def _reinforcements(state: GameState, dice: DiceSource, result: ActionResult) -> None:
    """Each reinforcement of this game turn for the side to act enters at its hex when its
    player turn starts; with ``landed: true`` it is "dismounted this turn" (rules 3.10)."""
    for entry in state.scenario.reinforcements:
        if (entry.turn, entry.unit.side) != (state.turn, state.active_side):
            continue
        if entry.unit.id in state.units:
            continue
        unit = clone_unit(entry.unit)
        if entry.landed:
            unit.flags[DISMOUNTED] = True
        state.units[unit.id] = unit
        where = state.scenario.map.label(unit.hex) if unit.hex is not None else None
        result.event("reinforcement_arrived", unit=unit.id, at=where, landed=entry.landed)


PHASE_END: dict[str, list[Hook]] = {
    "movement": [
        _clear_flag(MP_USED),
        _clear_flag(FIRED_LAST_SHOOTING),
        entrench.on_movement_end,
    ],
    "shooting": [entrench.on_shooting_end, _clear_flag(SHOOTING)],
    "close_combat": [closecombat.on_phase_end],
    "end": [mines.on_turn_end, _suppressed_off],
}


def _ammo_rounds(state: GameState, dice: DiceSource, result: ActionResult) -> None:
    """A new player turn: every unit's round of ammunition is still to spend (rules 3.3,
    "1 ammunition in each player turn in which they fire"), both sides' units, since an AA
    gun fires at aircraft in the enemy's player turn too (3.9)."""
    for unit in state.units.values():
        unit.flags.pop(AMMO_SPENT, None)


TURN_START: list[Hook] = [_game_turn_over, _ammo_rounds, _reinforcements, _medics]
END_BLOCKERS: dict[str, list[Blocker]] = {phase: [] for phase in PHASES}
END_BLOCKERS["close_combat"].append(closecombat.blockers)


def side_order(state: GameState) -> list[str]:
    sides = state.sides()
    first = state.scenario.first or sides[0]
    return [first, *(s for s in sides if s != first)]


def end_reasons(state: GameState, request: ActionRequest) -> list[str]:
    if state.phase not in PHASES:
        return [f"there is no phase to end (the game is {state.phase})"]
    reasons = phase_reasons(state, state.phase, request.side)
    for blocker in END_BLOCKERS[state.phase]:
        reasons += blocker(state)
    return reasons


def end_phase(state: GameState, dice: DiceSource, result: ActionResult) -> None:
    """End the current phase: its upkeep, then the next phase (or player turn, or turn)."""
    phase = state.phase
    for hook in PHASE_END[phase]:
        hook(state, dice, result)
    result.event("phase_ended", phase=phase, side=state.active_side)
    if phase != "end":
        state.phase = PHASES[PHASES.index(phase) + 1]
        result.event("phase_started", phase=state.phase, side=state.active_side)
        return
    order = side_order(state)
    i = order.index(state.active_side) if state.active_side in order else -1
    if i + 1 >= len(order):
        if state.turn >= state.scenario.turns:
            state.finished = True
            state.phase = "finished"
            # the engine counts the VP and tells game_over (rules.victory.settle)
            return
        state.turn += 1
        result.event("turn_started", turn=state.turn)
        i = -1
    state.active_side = order[i + 1]
    state.phase = PHASES[0]
    result.event("player_turn_started", side=state.active_side, turn=state.turn)
    for hook in TURN_START:
        hook(state, dice, result)


class EndPhase:
    """``end-phase``: one phase on (interfaces.md)."""

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        return end_reasons(state, request)

    def perform(
        self, state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight
    ) -> ActionResult:
        result = ActionResult(request.action)
        end_phase(state, dice, result)
        return result


class EndTurn:
    """``end-turn``: the remaining phases of the current player turn, in order; refused
    while a phase on the way may not end (each phase's blockers are asked as it comes)."""

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        reasons = end_reasons(state, request)
        if reasons:
            return reasons
        later = PHASES[PHASES.index(state.phase) + 1 :]
        return [r for phase in later for b in END_BLOCKERS[phase] for r in b(state)]

    def perform(
        self, state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight
    ) -> ActionResult:
        result = ActionResult(request.action)
        side, turn = state.active_side, state.turn
        while not state.finished and (state.active_side, state.turn) == (side, turn):
            end_phase(state, dice, result)
        return result
