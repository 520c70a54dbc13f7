"""Transport (rules 2.11, 3.10): loading and unloading as part of the carrier's action.

``load --unit CARRIER --target CARGO [--to HEX,...]``: an infantry-type unit (with its SW)
in the carrier's hex boards it, then the carrier may move. ``unload --unit CARRIER
[--target CARGO] [--to HEX,...]``: the carrier may move, then its cargo (or the one named)
gets off in the hex where it stands. A Disrupted unit may unload but not load. Carried
units move with the carrier and cannot fire. A transport helicopter loads and unloads
only in Landed mode (HOUSE DEFAULT). HOUSE DEFAULT: the cargo that loads or unloads is
Ops Complete too (it took part in the carrier's action); unloading marks it "dismounted
this turn".

Cargo effects (rules 2.11, ``effects.cargo_effects``): when the carrier is Disrupted, so is the
cargo; when it takes a step loss, an even d6 gives the cargo one too; when it is
eliminated, an even d6 eliminates the cargo and an odd one leaves it Reduced and
Disrupted in the hex.
"""

from __future__ import annotations

from tabletop.model import GameState, Kind, UnitState
from tabletop.rules.actions import ActionRequest, ActionResult
from tabletop.rules.dice import DiceSource
from tabletop.rules.los import LineOfSight
from tabletop.rules.platoon.common import (
    OPS_COMPLETE,
    actor_reasons,
    find_unit,
    hex_of,
    label,
    place_marker,
    ptype,
)
from tabletop.rules.platoon.effects import cargo_effects as cargo_effects
from tabletop.rules.platoon.effects import cargo_of as cargo_of
from tabletop.rules.platoon.move import path_reasons, start_move
from tabletop.rules.platoon.movement import parse_path
from tabletop.rules.platoon.pause import AFTER_WALK, Walk, advance, finish
from tabletop.rules.platoon.reach import allowance, ground_units
from tabletop.rules.transport import carrier_reasons

PASSENGER_KINDS = frozenset({Kind.INFANTRY, Kind.MORTAR, Kind.HQ, Kind.RECON})
"""HOUSE DEFAULT: units on foot ride in transports (``recon`` only when not a vehicle)."""


def _carrier(state: GameState, request: ActionRequest) -> tuple[UnitState | None, list[str]]:
    """``rules.transport.carrier_reasons`` for a platoon carrier: a transport helicopter
    loads and unloads only in Landed mode (HOUSE DEFAULT)."""

    def unfit(carrier: UnitState) -> list[str]:
        if ptype(state, carrier).is_helicopter and carrier.mode != "landed":
            return [f"{carrier.id} loads and unloads only in Landed mode"]
        return []

    return carrier_reasons(state, request, lambda c: actor_reasons(state, c, request.side),
                           lambda c: ptype(state, c).capacity, unfit)  # fmt: skip


def _move_reasons(
    state: GameState, carrier: UnitState, request: ActionRequest, los: LineOfSight
) -> list[str]:
    if not request.to:
        return []
    path, why = parse_path(state, request.to)
    return why or path_reasons(state, carrier, path, allowance(state, carrier), los)


class Load:
    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        carrier, reasons = _carrier(state, request)
        cargo, why = find_unit(state, request.target, "target")
        if carrier is None or cargo is None:
            return reasons + ([why] if why else [])
        ctype = ptype(state, cargo)
        if cargo.side != carrier.side:
            reasons.append(f"{cargo.id} is not a friendly unit")
        if ctype.kind not in PASSENGER_KINDS or ctype.is_vehicle or ctype.is_helicopter:
            reasons.append(f"{cargo.id} ({ctype.kind.value}) does not ride in transports")
        if cargo.hex != carrier.hex:
            reasons.append(f"{cargo.id} is not in {carrier.id}'s hex")
        if cargo.carrier is not None:
            reasons.append(f"{cargo.id} is already carried by {cargo.carrier}")
        if cargo.disrupted:
            reasons.append(f"{cargo.id} is Disrupted: a Disrupted unit may unload but not load")
        if cargo.has(OPS_COMPLETE):
            reasons.append(f"{cargo.id} is Ops Complete")
        if len(cargo_of(state, carrier)) >= ptype(state, carrier).capacity:
            reasons.append(f"{carrier.id} is full (capacity {ptype(state, carrier).capacity})")
        return reasons or _move_reasons(state, carrier, request, los)

    def perform(
        self, state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight
    ) -> ActionResult:
        result = ActionResult(request.action)
        carrier = state.unit(request.unit or "")
        cargo = state.unit(request.target or "")
        start_move(state, carrier, result)
        cargo.carrier = carrier.id
        for marker in ("entrenched", "entrenching"):
            cargo.remove_marker(marker)
        result.event("loaded", unit=cargo.id, carrier=carrier.id)
        place_marker(result, cargo, OPS_COMPLETE)
        if request.to:
            path, _ = parse_path(state, request.to)
            leg = Walk(carrier.id, "load", request.to_dict(), allowance(state, carrier))
            advance(state, carrier, path, leg, dice, los, result)
        result.pending = state.pending
        return result


class Unload:
    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        carrier, reasons = _carrier(state, request)
        if carrier is None:
            return reasons
        cargo = cargo_of(state, carrier)
        if not cargo:
            reasons.append(f"{carrier.id} carries no unit")
        elif request.target is not None and request.target not in {c.id for c in cargo}:
            reasons.append(f"{request.target} is not carried by {carrier.id}")
        if reasons:
            return reasons
        reasons = _move_reasons(state, carrier, request, los)
        end = state.scenario.map.parse(request.to[-1]) if request.to else hex_of(carrier)
        getting_off = 1 if request.target is not None else len(cargo)
        here = [u for u in ground_units(state, end, carrier.side) if u.id != carrier.id]
        limit = state.scenario.options.stacking
        if len(here) + 1 + getting_off > limit:
            reasons.append(f"unloading in {label(state, end)} would put more than {limit} "
                           f"{carrier.side} units there (stacking)")  # fmt: skip
        return reasons

    def perform(
        self, state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight
    ) -> ActionResult:
        result = ActionResult(request.action)
        carrier = state.unit(request.unit or "")
        if request.to:
            start_move(state, carrier, result)
            path, _ = parse_path(state, request.to)
            leg = Walk(carrier.id, "unload", request.to_dict(), allowance(state, carrier))
            if advance(state, carrier, path, leg, dice, los, result):
                finish(state, leg, dice, los, result)
        else:
            start_move(state, carrier, result)
            unload_all(state, carrier, request.target, result)
        result.pending = state.pending
        return result


def unload_all(state: GameState, carrier: UnitState, target: object, result: ActionResult) -> None:
    for cargo in cargo_of(state, carrier):
        if target is None or cargo.id == target:
            cargo.carrier = None
            cargo.flags["dismounted_this_turn"] = True
            result.event("unloaded", unit=cargo.id, carrier=carrier.id,
                         hex=label(state, hex_of(carrier)))  # fmt: skip
            place_marker(result, cargo, OPS_COMPLETE)


def _unload_after_move(
    state: GameState, leg: Walk, dice: DiceSource, los: LineOfSight, result: ActionResult
) -> None:
    unload_all(state, state.unit(leg.unit), leg.request.get("target"), result)


AFTER_WALK["unload"] = _unload_after_move
