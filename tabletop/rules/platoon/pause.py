"""A move that pauses (rules 2.2, 2.6, 2.7, 3.8): the hex-by-hex walk of ``move``, Moving
Fire, assault, overrun and unload, stopping for minefield attacks, sapper detection and
opportunity fire.

After the mover enters a hex and pays its cost, in this order: a minefield there attacks
it (its move ends), a sapper in maneuver mode checks the next hex (a hidden enemy
minefield there is revealed and the move ends), a helicopter past 12 hexes loses its fire
for the turn, and if an enemy could make an opportunity attack the move pauses. The
paused move lives in ``GameState.pending`` (saved with the game), a
``tabletop.model.Pending``: its unit, hex, firers, path left and what the walk keeps to go
on (action, MP left, hexes entered, shots drawn, the original request).

``opportunity_fire`` waits for ``opportunity-fire`` or ``pass``; ``move_paused`` for
``move --unit ID --continue``. The start hex never triggers opportunity fire.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tabletop.hexgrid import Hex
from tabletop.model import (
    MOVE_PAUSED,
    OPPORTUNITY_FIRE,
    GameState,
    Pending,
    PlatoonUnitType,
    Rating,
    UnitState,
    Weapon,
)
from tabletop.rules.actions import ActionResult
from tabletop.rules.dice import DiceSource
from tabletop.rules.los import LineOfSight, counted_range, viewpoint_of
from tabletop.rules.platoon.combat import los_markers
from tabletop.rules.platoon.common import OPS_COMPLETE, hex_of, label, pside, ptype
from tabletop.rules.platoon.eligibility import plan_fire
from tabletop.rules.platoon.mines import detect_next, minefield_attack
from tabletop.rules.platoon.movement import PathPlan, PathStep, enter_cost, walk
from tabletop.rules.platoon.reach import HELICOPTER_FIRE_HEXES, step_cost
from tabletop.rules.query import SeenOnce, clear_sight

OPFIRE = OPPORTUNITY_FIRE
PAUSED = MOVE_PAUSED


@dataclass
class Walk:
    """One leg of a move being carried out: what it may spend and what happened."""

    unit: str
    action: str
    request: dict[str, Any]
    mp_left: int
    hexes: int = 0
    maneuver: bool = False
    ended: bool = False
    """The move ends where the unit is (minefield, detection, Disrupted limits)."""
    firers: list[str] = field(default_factory=list)


# --- opportunity fire: who could fire --------------------------------------------------------
def opportunity_firers(state: GameState, mover: UnitState, los: LineOfSight) -> list[str]:
    """Enemy units in Good Order, not Ops Complete, with the mover in LOS and in range of a
    usable rating (rules 2.2), in unit-id order. Empty when the module is off."""
    if not state.scenario.module("opportunity_fire") or not mover.on_map:
        return []
    out: list[str] = []
    # No rating of the scenario reaches further than this, even at extended range (twice
    # the range, rules 1.4): an enemy further away is refused by ``plan_fire``'s range
    # check whatever its rating, so only the units near the mover are read (the hex index:
    # on a big map, most enemies are far), and of those only the ones one of whose own
    # ratings reaches the mover are asked.
    # A printed side's ratings and their reach are read once per (type, step, mode): a big
    # game has thousands of enemies near a mover, of a dozen counter types.
    here, options = hex_of(mover), state.scenario.options
    near = _longest_range(state) * 2 + (1 if options.range_count == "exclusive" else 0)
    printed: dict[tuple[str, str, str | None], tuple[dict[Weapon, Rating], int]] = {}
    side = mover.side
    sight = SeenOnce.of(los, len(state.scenario.map.cells))  # (one line, several ratings)
    seen_as, markers = viewpoint_of(state, mover), los_markers(state)
    for enemy in state.units_near(here, near, ordered=False):  # (sorted once found)
        if enemy.side == side or enemy.sw_of is not None or enemy.carrier is not None:
            continue
        if not enemy.good_order or enemy.has(OPS_COMPLETE):
            continue
        key = (enemy.type_id, enemy.step, enemy.mode)
        found = printed.get(key)
        if found is None:
            ratings = pside(state, enemy).ratings()
            found = printed[key] = (ratings, _reach(state, ratings))
        ratings, furthest = found
        there = hex_of(enemy)
        if counted_range(there, here, options) > furthest:
            continue  # refused by plan_fire's range check for every rating
        if there.distance(here) > 1 and not clear_sight(
            sight, viewpoint_of(state, enemy), seen_as, markers
        ):
            continue  # refused by plan_fire's sight check for every rating (asked first:
            # from a field of view the engine remembers, it costs a lookup)
        if any(plan_fire(state, enemy, mover, w.value, sight)[0] is not None for w in ratings):
            out.append(enemy.id)
    return sorted(out)


def _reach(state: GameState, ratings: Mapping[Weapon, Rating]) -> int:
    """The furthest counted range any of these ratings fires at (``range_check``: twice
    the range at extended range, a missile rating never beyond its own)."""
    extended = state.scenario.module("extended_range")
    return max(
        (2 * r.range if extended and not r.missile else r.range for r in ratings.values()),
        default=-1,
    )


def _longest_range(state: GameState) -> int:
    """The longest range printed on any platoon counter of the scenario."""
    return max(
        (t.longest_range for t in state.scenario.unit_types.values()
         if isinstance(t, PlatoonUnitType)),
        default=0,
    )  # fmt: skip


def moving_unit(state: GameState) -> str | None:
    """The unit whose move is paused, if any (it is never concealed, rules 2.9 b)."""
    return None if state.pending is None else state.pending.unit


def pending_reasons(state: GameState, action: str) -> list[str]:
    """While a move is paused, only its answer or its continuation may be played."""
    pending = state.pending
    if pending is None:
        return []
    kind, unit, where = pending.kind, pending.unit, pending.hex
    if kind == OPFIRE and action not in ("opportunity-fire", "pass"):
        return [f"{unit}'s move is paused in {where} for opportunity fire: "
                "answer with opportunity-fire or pass"]  # fmt: skip
    if kind == PAUSED and action not in ("move", "opportunity-fire", "pass"):
        return [f"{unit}'s move is paused in {where}: continue it with "
                f"move --unit {unit} --continue"]  # fmt: skip
    return []


# --- walking ------------------------------------------------------------------------------------
def advance(
    state: GameState,
    unit: UnitState,
    path: list[Hex],
    leg: Walk,
    dice: DiceSource,
    los: LineOfSight,
    result: ActionResult,
) -> bool:
    """Walk ``path`` until its end, a pause or the move's end. True when the walk is over
    (the action may finish); False when paused (``state.pending`` is set)."""
    path = _legal_prefix(state, unit, path, leg, los, result)
    if not path:
        state.pending = None
        return True
    if leg.maneuver and _detects(state, unit, path[0], result):
        state.pending = None
        return True
    plan = _plan(state, unit, path, leg.mp_left)
    done = [0]

    def on_enter(h: Hex) -> bool:
        i = done[0]
        done[0] += 1
        leg.mp_left = plan.steps[i].mp_left
        nxt = path[i + 1] if i + 1 < len(path) else None
        return _on_enter(state, unit, h, nxt, leg, dice, los, result)

    left = walk(state, unit, plan, result, on_enter)
    if not unit.alive or leg.ended:
        left = []
    if leg.firers:
        _pause(state, unit, OPFIRE, left, leg)
        return False
    state.pending = None
    return True


def _plan(state: GameState, unit: UnitState, path: list[Hex], mp: int) -> PathPlan:
    here = hex_of(unit)
    steps: list[PathStep] = []
    for h in path:
        cost = enter_cost(state, unit, here, h)[0] or 0
        mp -= cost
        steps.append(PathStep(h, cost, mp))
        here = h
    return PathPlan(unit.id, hex_of(unit), tuple(steps), mp)


def _legal_prefix(
    state: GameState, unit: UnitState, path: list[Hex], leg: Walk, los: LineOfSight,
    result: ActionResult,
) -> list[Hex]:  # fmt: skip
    """The part of ``path`` a unit may still walk. Checked before the action for a fresh
    move; on a continuation a unit Disrupted meanwhile goes on only within the limits of
    2.6, and its move ends where it cannot (rules 2.2)."""
    here = hex_of(unit)
    mp = leg.mp_left
    for i, h in enumerate(path):
        step = step_cost(state, unit, here, h, los)
        if not step.legal or step.cost > mp:
            reason = step.reasons[0] if step.reasons else f"{step.cost} MP > {mp} left"
            result.event("move_ended", unit=unit.id, hex=label(state, here), reason=reason)
            return path[:i]
        mp -= step.cost
        here = h
    return path


def _on_enter(
    state: GameState, unit: UnitState, h: Hex, nxt: Hex | None, leg: Walk,
    dice: DiceSource, los: LineOfSight, result: ActionResult,
) -> bool:  # fmt: skip
    leg.hexes += 1
    utype = ptype(state, unit)
    if utype.is_helicopter and leg.hexes > HELICOPTER_FIRE_HEXES:
        # rules 2.7: more than 12 hexes: no fire for the rest of the turn, opfire included
        unit.flags["no_fire_this_turn"] = True
    if minefield_attack(state, unit, h, dice, los, result):
        leg.ended = True
    if not unit.alive:
        return False
    if not leg.ended and leg.maneuver and nxt is not None and detect_next(state, unit, nxt, result):
        leg.ended = True
    leg.firers = opportunity_firers(state, unit, los)
    return not (leg.firers or leg.ended)


def _detects(state: GameState, unit: UnitState, h: Hex, result: ActionResult) -> bool:
    return detect_next(state, unit, h, result)


def _pause(state: GameState, unit: UnitState, kind: str, left: list[Hex], leg: Walk) -> None:
    state.pending = Pending(
        kind=kind,
        action=leg.action,
        unit=unit.id,
        hex=label(state, hex_of(unit)),
        firers=tuple(leg.firers),
        path_left=tuple(label(state, h) for h in left),
        mp_left=leg.mp_left,
        hexes=leg.hexes,
        maneuver=leg.maneuver,
        shots=0,
        request=dict(leg.request),
    )


def leg_from_pending(pending: Pending) -> Walk:
    return Walk(
        unit=pending.unit,
        action=pending.action,
        request=dict(pending.request),
        mp_left=pending.mp_left,
        hexes=pending.hexes,
        maneuver=pending.maneuver,
    )


AfterWalk = Callable[[GameState, Walk, DiceSource, LineOfSight, ActionResult], None]
AFTER_WALK: dict[str, AfterWalk] = {}
"""The part of an action after its move, by action: Moving Fire's fire (``fire``), the
assault or overrun (``assault``), the unload (``transport``), a helicopter's mode change
(``move``). Each handler module puts its own here, so that finishing a paused move (``move
--continue``, an answered pause) needs to import no handler."""


def finish(
    state: GameState, leg: Walk, dice: DiceSource, los: LineOfSight, result: ActionResult
) -> None:
    """The move of ``leg`` is over: no move is pending, and its action does the part that
    follows the move (:data:`AFTER_WALK`), if the unit still lives."""
    unit = state.unit(leg.unit)
    state.pending = None
    if not unit.alive:
        return
    after = AFTER_WALK.get(leg.action)
    if after is not None:
        after(state, leg, dice, los, result)
