"""Transport and landing (rules 3.10, loading and unloading as in 2.11).

``load --unit CARRIER --target CARGO [--to HEX,...]``: in its movement phase a transport
(counter ``capacity`` > 0: the units it carries) takes aboard a friendly infantry unit (with
its heavy weapons) in its own hex, then may move on. ``unload --unit CARRIER [--target
CARGO] [--to HEX,...]``: the transport may move, then its cargo (or the one named) gets out
in the hex where it stands. The carrier's move is an ordinary ``move`` (its movement points,
minefields, close combat when it ends in an enemy hex); loading and unloading cost it
nothing. Unloading marks the cargo "dismounted this turn" until the game turn ends, so it
skips round 1 of a close combat (3.6): a transport that drives into an enemy hex and
unloads there puts its infantry into the fight, one round late.

HOUSE DEFAULTS (the squad ruleset has no steps and no Disrupted, so 2.11 is restated):
- who rides: infantry only (every standing figure a soldier, medic or heavy weapon; no
  cavalry on its horse, guns, vehicles or aircraft);
- boarding is the cargo's move: it must not have moved in this movement phase, be
  Suppressed, dug in last turn (``move_locked``) or in close combat, and it loses
  Entrenched, Laying Mines and Clearing Mines; after boarding or getting out it has no
  movement left in this phase (it may shoot in the shooting phase as usual);
- a Suppressed transport neither loads nor unloads (it does not move, 3.7);
- cargo takes no part in anything while carried (``common.units_in``): it does not act, is
  not fired at, bombed, mined, suppressed or fought, and takes no morale test; it does not
  count for stacking until it gets out (it must fit then);
- it shares its carrier's fate: when the carrier is eliminated, one d6 per cargo unit in
  unit-id order, rolled at once (``cargo_elimination``): even, it is eliminated; odd, it
  gets out in the hex, Suppressed (the platoon's "Reduced and Disrupted") and dismounted
  this turn; when the carrier surrenders, its cargo is captured with it;
- a unit getting out into an enemy hex follows the rule of starting close combat: infantry
  does not get out against vehicles alone in clear or crops.
"""

from __future__ import annotations

from tabletop.hexgrid import Hex
from tabletop.model import GameState, Status, UnitState
from tabletop.rules.actions import ActionRequest, ActionResult
from tabletop.rules.common import find_unit, hex_of, label, remove_marker
from tabletop.rules.dice import DiceSource
from tabletop.rules.los import LineOfSight
from tabletop.rules.squad.common import (
    MOVE_LOCKED,
    MP_USED,
    actor_reasons,
    in_close_combat,
    is_infantry,
    stype,
    units_in,
)
from tabletop.rules.squad.effects import CARGO_ROLL as CARGO_ROLL
from tabletop.rules.squad.effects import DISMOUNTED as DISMOUNTED
from tabletop.rules.squad.effects import cargo_of as cargo_of
from tabletop.rules.squad.effects import carrier_captured as carrier_captured
from tabletop.rules.squad.effects import carrier_lost as carrier_lost
from tabletop.rules.squad.effects import get_out as get_out
from tabletop.rules.squad.effects import ride_along as ride_along
from tabletop.rules.squad.movement import Move, assault_reasons
from tabletop.rules.transport import carrier_reasons


def _move_request(request: ActionRequest) -> ActionRequest:
    return ActionRequest("move", units=request.units[:1], to=request.to, side=request.side)


def _carrier(state: GameState, request: ActionRequest) -> tuple[UnitState | None, list[str]]:
    """``rules.transport.carrier_reasons`` for a squad carrier: in its movement phase, not
    Suppressed."""

    def unfit(carrier: UnitState) -> list[str]:
        if carrier.status is Status.SUPPRESSED:
            return [f"{carrier.id} is Suppressed: it neither moves, loads nor unloads"]
        return []

    return carrier_reasons(
        state, request, lambda c: actor_reasons(state, c, request.side, "movement"),
        lambda c: stype(state, c).capacity, unfit,
    )  # fmt: skip


def _move_reasons(state: GameState, request: ActionRequest) -> list[str]:
    """The carrier's move along ``--to``, checked as a ``move`` (none without ``--to``)."""
    if not request.to:
        return []
    return Move().plan(state, _move_request(request))[1]


def _drive(state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight,
           result: ActionResult) -> None:  # fmt: skip
    if request.to:
        Move().carry_out(state, _move_request(request), dice, los, result)


def boarding_reasons(state: GameState, carrier: UnitState, cargo: UnitState) -> list[str]:
    """Why ``cargo`` may not board ``carrier`` now (the carrier's own checks aside)."""
    reasons: list[str] = []
    if cargo.side != carrier.side:
        return [f"{cargo.id} is not a friendly unit"]
    if cargo.id == carrier.id:
        return [f"{carrier.id} cannot carry itself"]
    if not is_infantry(state, cargo):
        reasons.append(f"{cargo.id} does not ride in transports: only infantry does")
    if cargo.hex != carrier.hex:
        reasons.append(f"{cargo.id} is not in {carrier.id}'s hex")
    if cargo.carrier is not None:
        reasons.append(f"{cargo.id} already rides in {cargo.carrier}")
    if cargo.status is Status.SUPPRESSED:
        reasons.append(f"{cargo.id} is Suppressed: it does not move, so it does not board")
    if cargo.flags.get(MOVE_LOCKED):
        reasons.append(f"{cargo.id} dug in last turn: it may not move in this movement phase")
    if int(cargo.flags.get(MP_USED, 0)) > 0:
        reasons.append(f"{cargo.id} has moved this movement phase: boarding is its move")
    if in_close_combat(state, hex_of(cargo)):
        reasons.append(f"{cargo.id} is in close combat in {label(state, hex_of(cargo))}: "
                       "no one boards there")  # fmt: skip
    capacity = stype(state, carrier).capacity
    if 0 < capacity <= len(cargo_of(state, carrier)):
        reasons.append(f"{carrier.id} is full (capacity {capacity})")
    return reasons


class Load:
    """``load --unit CARRIER --target CARGO [--to HEX,...]``."""

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        carrier, reasons = _carrier(state, request)
        if carrier is None:
            return reasons
        cargo, why = find_unit(state, request.target, "target")
        if cargo is None:
            return [*reasons, why]
        reasons += boarding_reasons(state, carrier, cargo)
        return reasons or _move_reasons(state, request)

    def perform(
        self, state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight
    ) -> ActionResult:
        result = ActionResult(request.action)
        carrier = state.unit(str(request.unit))
        cargo = state.unit(str(request.target))
        for marker in ("entrenched", "laying_mines", "clearing_mines"):
            remove_marker(result, cargo, marker)
        cargo.carrier = carrier.id
        cargo.flags[MP_USED] = stype(state, cargo).movement
        result.event("loaded", unit=cargo.id, carrier=carrier.id, hex=label(state, hex_of(cargo)))
        result.touch(carrier.id)
        _drive(state, request, dice, los, result)
        return result


class Unload:
    """``unload --unit CARRIER [--target CARGO] [--to HEX,...]``."""

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        carrier, reasons = _carrier(state, request)
        if carrier is None:
            return reasons
        cargo = cargo_of(state, carrier)
        if not cargo and stype(state, carrier).capacity > 0:
            reasons.append(f"{carrier.id} carries no unit")
        elif request.target is not None and request.target not in {c.id for c in cargo}:
            reasons.append(f"{request.target} does not ride in {carrier.id}")
        if reasons:
            return reasons
        reasons = _move_reasons(state, request)
        if reasons:
            return reasons
        end = state.scenario.map.parse(request.to[-1]) if request.to else hex_of(carrier)
        getting_off = [c for c in cargo if request.target in (None, c.id)]
        return _getting_off_reasons(state, carrier, getting_off, end)

    def perform(
        self, state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight
    ) -> ActionResult:
        result = ActionResult(request.action)
        carrier = state.unit(str(request.unit))
        result.touch(carrier.id)
        _drive(state, request, dice, los, result)
        for cargo in cargo_of(state, carrier):
            if request.target in (None, cargo.id):
                get_out(state, cargo, result)
        return result


def _getting_off_reasons(
    state: GameState, carrier: UnitState, cargo: list[UnitState], end: Hex
) -> list[str]:
    """Stacking where the cargo gets out, and the rule of starting close combat there."""
    where = label(state, end)
    reasons: list[str] = []
    limit = state.scenario.options.stacking
    here = [u for u in units_in(state, end) if u.side == carrier.side and u.id != carrier.id]
    if len(here) + 1 + len(cargo) > limit:
        reasons.append(f"getting out in {where} would put more than {limit} units of "
                       f"{carrier.side} there (stacking)")  # fmt: skip
    enemies = [u for u in units_in(state, end) if u.side != carrier.side]
    if enemies and cargo:
        reasons += assault_reasons(state, cargo[0], end, enemies, last=True)
    return reasons
