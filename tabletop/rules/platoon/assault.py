"""Assault and overrun (rules 2.10).

``assault --unit A[,B...] --to HEX[,...,ENEMY]`` and ``overrun --unit V --to ...,ENEMY,EXIT``.
A Good Order unit, not Ops Complete and without Moving Fire this impulse, moves (pausing
for opportunity fire like any move) into a hex holding enemy units; its move ends there.
Vehicles entering a hex whose only enemies are infantry, mortars or SWs in clear terrain
make an overrun: +1 MP, and MP left to leave to an enemy-free hex, which it does if it
wins. Several units assault together only from hexes adjacent to the enemy (HOUSE
DEFAULT: ``--to`` is then just that hex).

Each side rolls its units' assault factors (unit-id order, attackers first), hitting on the
unit's assault hit number (Disrupted: 6; infantry against vehicles in town or ruins one
lower, HOUSE DEFAULT); hits apply at once, one at a time over the other side's units in
unit-id order, round and round (HOUSE DEFAULT). If the defender took no more hits than the
attacker, the attackers go back where they came from; otherwise the defenders retreat one
hex away from the entry side or are eliminated.
"""

from __future__ import annotations

from tabletop.hexgrid import Hex
from tabletop.model import GameState, Kind, UnitState
from tabletop.rules.actions import ActionRequest, ActionResult, Roll
from tabletop.rules.dice import DiceSource
from tabletop.rules.los import LineOfSight
from tabletop.rules.platoon.combat import take_hits
from tabletop.rules.platoon.common import (
    actor_reasons,
    find_unit,
    hex_of,
    label,
    pside,
    ptype,
    riders,
)
from tabletop.rules.platoon.move import path_reasons, start_move
from tabletop.rules.platoon.movement import enter_cost, parse_path
from tabletop.rules.platoon.pause import Walk, advance
from tabletop.rules.platoon.reach import allowance, enemy_ground_units

OVERRUN_TARGETS = frozenset({Kind.INFANTRY, Kind.MORTAR, Kind.SW})
TOWN_LIKE = frozenset({"town", "ruins"})


def target_index(state: GameState, side: str, path: list[Hex]) -> int | None:
    return next((i for i, h in enumerate(path) if enemy_ground_units(state, h, side)), None)


def is_overrun(state: GameState, attackers: list[UnitState], h: Hex) -> bool:
    defenders = enemy_ground_units(state, h, attackers[0].side)
    return (
        all(ptype(state, a).is_vehicle for a in attackers)
        and all(ptype(state, d).kind in OVERRUN_TARGETS for d in defenders)
        and state.scenario.map.terrain(h).name == "clear"
    )


def _attackers(state: GameState, request: ActionRequest) -> tuple[list[UnitState], list[str]]:
    units: list[UnitState] = []
    reasons: list[str] = []
    for uid in request.units or (None,):
        unit, why = find_unit(state, uid, "unit")
        if unit is None:
            reasons.append(why)
            continue
        reasons += actor_reasons(state, unit, request.side)
        if unit.disrupted:
            reasons.append(f"{unit.id} is Disrupted: only a Good Order unit may {request.action}")
        if unit.flags.get("moving_fire"):
            reasons.append(f"{unit.id} used Moving Fire this impulse and may not {request.action}")
        if ptype(state, unit).is_helicopter:
            reasons.append(f"{unit.id} is a helicopter: helicopters do not assault (HOUSE DEFAULT)")
        units.append(unit)
    return units, reasons


def assault_reasons(state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
    if not state.scenario.module("close_combat"):
        return ["the close_combat module is off: units may not enter enemy hexes"]
    units, reasons = _attackers(state, request)
    if reasons or not units:
        return reasons
    path, why = parse_path(state, request.to)
    if why:
        return why
    t = target_index(state, units[0].side, path)
    if t is None:
        return ["no hex of --to holds enemy units"]
    overrun = is_overrun(state, units, path[t])
    if overrun and request.action == "assault":
        return [f"vehicles entering {label(state, path[t])} against infantry in clear terrain "
                "make an overrun: use overrun"]  # fmt: skip
    if not overrun and request.action == "overrun":
        return [f"{label(state, path[t])} is not an overrun: only vehicles against infantry, "
                "mortars or SWs in clear terrain overrun"]  # fmt: skip
    if len(units) > 1:
        if overrun or len(path) != 1:
            return ["several units assault together only into one adjacent hex (--to HEX)"]
        return [r for u in units for r in _entry_reasons(state, u, hex_of(u), path[0], 0)]
    unit = units[0]
    before, after = path[:t], path[t + 1 :]
    spent = 0
    if before:
        more = path_reasons(state, unit, before, allowance(state, unit), los)
        if more:
            return more
        here = hex_of(unit)
        for h in before:
            spent += enter_cost(state, unit, here, h)[0] or 0
            here = h
    start = before[-1] if before else hex_of(unit)
    reasons = _entry_reasons(state, unit, start, path[t], spent + (1 if overrun else 0))
    if not overrun:
        return reasons + (["an assault's move ends in the enemy hex"] if after else [])
    if reasons:
        return reasons
    entry = enter_cost(state, unit, start, path[t])[0] or 0
    return _exit_reasons(state, unit, path[t], after, spent + entry + 1)


def _entry_reasons(state: GameState, unit: UnitState, frm: Hex, to: Hex, spent: int) -> list[str]:
    if not frm.is_adjacent(to):
        return [f"{unit.id} is not adjacent to {label(state, to)}"]
    cost, why = enter_cost(state, unit, frm, to)
    if cost is None:
        return [why]
    if spent + cost > allowance(state, unit):
        return [f"{unit.id} lacks the MP to enter {label(state, to)}: "
                f"{spent + cost} > {allowance(state, unit)}"]  # fmt: skip
    return []


def _exit_reasons(
    state: GameState, unit: UnitState, at: Hex, after: list[Hex], spent: int
) -> list[str]:
    """Rules 2.10: an overrunning vehicle needs MP left to leave to an enemy-free hex."""
    if not after:
        return ["an overrun needs its exit: add an enemy-free hex after the overrun hex"]
    cost, why = enter_cost(state, unit, at, after[0])
    total = spent + (cost or 0)
    if cost is None:
        return [why]
    if enemy_ground_units(state, after[0], unit.side):
        return [f"the overrun's exit {label(state, after[0])} holds enemy units"]
    if total > allowance(state, unit):
        return [f"{unit.id} lacks the MP to leave the overrun hex: {total} > "
                f"{allowance(state, unit)}"]  # fmt: skip
    return []


class Assault:
    """``assault`` and ``overrun``."""

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        return assault_reasons(state, request, los)

    def perform(
        self, state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight
    ) -> ActionResult:
        result = ActionResult(request.action)
        units = [state.unit(uid) for uid in request.units]
        for unit in units:
            start_move(state, unit, result)
        path, _ = parse_path(state, request.to)
        t = target_index(state, units[0].side, path)
        assert t is not None
        leg = Walk(units[0].id, request.action, request.to_dict(), allowance(state, units[0]))
        if advance(state, units[0], path[:t], leg, dice, los, result):
            from tabletop.rules.platoon.move import finish

            finish(state, leg, dice, los, result)
        result.pending = state.pending
        return result


def close_in(
    state: GameState, leg: Walk, dice: DiceSource, los: LineOfSight, result: ActionResult
) -> None:
    """The assault itself, once the attackers' move (and any pause) is over."""
    ids = list(leg.request.get("units", [leg.unit]))
    attackers = [state.unit(u) for u in ids]
    path = [state.scenario.map.parse(t) for t in leg.request.get("to", [])]
    t = target_index(state, attackers[0].side, path)
    live = [a for a in attackers if a.alive and a.good_order]
    if t is None or not live:
        result.event("assault_called_off", unit=attackers[0].id)
        return
    target = path[t]
    origins = {a.id: hex_of(a) for a in live}
    defenders = enemy_ground_units(state, target, live[0].side)
    overrun = leg.action == "overrun"
    for a in live:
        leg.mp_left -= (enter_cost(state, a, hex_of(a), target)[0] or 0) + int(overrun)
        _place(state, a, target, result)
    att_hits = _roll_side(state, live, defenders, target, dice, result)
    def_hits = _roll_side(state, defenders, live, target, dice, result)
    _deal(state, defenders, att_hits, dice, result)
    _deal(state, live, def_hits, dice, result)
    result.event("assault", hex=label(state, target), attacker_hits=att_hits,
                 defender_hits=def_hits)  # fmt: skip
    if att_hits <= def_hits:
        for a in live:
            if a.alive:
                _place(state, a, origins[a.id], result)
        return
    entry = origins[live[0].id]
    for d in defenders:
        if d.alive:
            _retreat(state, d, entry, target, result)
    if overrun and live[0].alive:
        rest = Walk(live[0].id, "move", {}, leg.mp_left)
        advance(state, live[0], path[t + 1 :], rest, dice, los, result)


def _roll_side(
    state: GameState, units: list[UnitState], foes: list[UnitState], h: Hex,
    dice: DiceSource, result: ActionResult,
) -> int:  # fmt: skip
    hits = 0
    vehicles = any(ptype(state, f).is_vehicle for f in foes)
    town = state.scenario.map.terrain(h).name in TOWN_LIKE
    for u in sorted(units, key=lambda x: x.id):
        rating = pside(state, u).assault
        need = 6 if u.disrupted else rating.hit
        if not u.disrupted and town and vehicles and ptype(state, u).kind is Kind.INFANTRY:
            need -= 1  # HOUSE DEFAULT 2.10: infantry against vehicles in town or ruins
        if rating.factor <= 0:
            continue
        faces = dice.roll(rating.factor)
        n = sum(1 for f in faces if f >= need)
        result.rolls.append(Roll(u.id, "assault", f"{need}+", faces, n))
        hits += n
    return hits


def _deal(
    state: GameState, units: list[UnitState], hits: int, dice: DiceSource, result: ActionResult
) -> None:
    """One hit at a time, in unit-id order, round and round (HOUSE DEFAULT 2.10); a carrier's
    cargo rolls its d6 (rules 2.11) right after the hit that changed the carrier."""
    order = sorted(units, key=lambda u: u.id)
    i = 0
    while hits > 0 and any(u.alive for u in order):
        u = order[i % len(order)]
        i += 1
        if u.alive:
            take_hits(state, u, 1, dice, result)
            hits -= 1


def _place(state: GameState, unit: UnitState, h: Hex, result: ActionResult) -> None:
    before = hex_of(unit)
    for u in (unit, *riders(state, unit)):
        u.hex = h
        result.touch(u.id)
    result.event("moved", unit=unit.id, **{"from": label(state, before), "to": label(state, h)})


def _retreat(state: GameState, unit: UnitState, entry: Hex, at: Hex, result: ActionResult) -> None:
    """One hex away from the entry side: straight on first, then the two others in
    direction order (HOUSE DEFAULT for the owner's choice); eliminated if none is open."""
    from tabletop.rules.platoon.common import eliminate

    d = entry.direction_to(at)
    for h in (at.neighbor(d), at.neighbor((d + 1) % 6), at.neighbor((d + 5) % 6)):
        open_ = h in state.scenario.map and not enemy_ground_units(state, h, unit.side)
        if open_ and enter_cost(state, unit, at, h)[0] is not None:
            _place(state, unit, h, result)
            result.event("retreated", unit=unit.id, hex=label(state, h))
            return
    eliminate(state, unit, result)
