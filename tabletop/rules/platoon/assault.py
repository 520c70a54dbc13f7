"""Assault and overrun (rules 2.10).

``assault --unit A[,B...] --to HEX[,...,ENEMY]`` and ``overrun --unit V --to ...,ENEMY,EXIT``.
A Good Order unit, not Ops Complete and without Moving Fire this impulse, moves (pausing
for opportunity fire like any move) into a hex holding enemy units; its move ends there.
Vehicles entering a hex whose only enemies are infantry, mortars or SWs in clear terrain
make an overrun: +1 MP, and MP left to leave to an enemy-free hex, which it does if it
wins. Several units assault together only from hexes adjacent to the enemy (HOUSE
DEFAULT: ``--to`` is then just that hex).

Entering the enemy hex triggers its minefield first (rules 2.10, 3.8). Each side rolls
its units' assault factors (unit-id order, attackers first), hitting on the unit's assault
hit number (Disrupted: 6; infantry against vehicles in town or ruins one lower, HOUSE
DEFAULT); hits apply at once, shared one at a time over the other side's units in unit-id
order, round and round (HOUSE DEFAULT), each unit taking its share as from fire. If the
defender took no more hits than the attacker, the attackers go back where they came from;
otherwise the defenders retreat and a winning overrunner leaves (``retreat``).
"""

from __future__ import annotations

from tabletop.hexgrid import Hex
from tabletop.model import GameState, Kind, UnitState
from tabletop.rules.actions import ActionRequest, ActionResult, Roll
from tabletop.rules.dice import DiceSource
from tabletop.rules.los import LineOfSight
from tabletop.rules.platoon.combat import ladder, take_hits
from tabletop.rules.platoon.common import (
    actor_reasons,
    find_unit,
    hex_of,
    label,
    pside,
    ptype,
)
from tabletop.rules.platoon.move import path_reasons, start_move
from tabletop.rules.platoon.movement import enter_cost, parse_path
from tabletop.rules.platoon.pause import AFTER_WALK, Walk, advance, finish
from tabletop.rules.platoon.reach import allowance, enemy_ground_units, overrun_ground
from tabletop.rules.platoon.retreat import place, retreat, way_out

TOWN_LIKE = frozenset({"town", "ruins"})


def target_index(state: GameState, side: str, path: list[Hex]) -> int | None:
    return next((i for i, h in enumerate(path) if enemy_ground_units(state, h, side)), None)


def is_overrun(state: GameState, attackers: list[UnitState], h: Hex) -> bool:
    return all(ptype(state, a).is_vehicle for a in attackers) and overrun_ground(
        state, attackers[0].side, h
    )


def _mixed_reasons(state: GameState, units: list[UnitState], h: Hex) -> list[str]:
    """READING 2.10: "vehicles entering [such] a hex make an Overrun" binds every vehicle,
    whoever enters with it, so a vehicle may not join an assault on infantry in clear."""
    vehicles = [u.id for u in units if ptype(state, u).is_vehicle]
    if not vehicles or len(vehicles) == len(units) or not overrun_ground(state, units[0].side, h):
        return []
    return [f"{', '.join(vehicles)} entering {label(state, h)} against infantry in clear "
            "terrain must overrun: assault with the units on foot and overrun with each "
            "vehicle"]  # fmt: skip


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
    mixed = _mixed_reasons(state, units, path[t])
    if mixed:
        return mixed
    overrun = is_overrun(state, units, path[t])
    if overrun and request.action == "assault":
        return [f"vehicles entering {label(state, path[t])} against infantry in clear terrain "
                "make an overrun: use overrun"]  # fmt: skip
    if not overrun and request.action == "overrun":
        return [f"{label(state, path[t])} is not an overrun: only vehicles against infantry, "
                "mortars or SWs in clear terrain overrun"]  # fmt: skip
    if len(units) > 1:
        if overrun:
            return ["an overrun is made by one vehicle: overrun with each in turn"]
        if len(path) != 1:
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
            finish(state, leg, dice, los, result)
        result.pending = state.pending
        return result


def close_in(
    state: GameState, leg: Walk, dice: DiceSource, los: LineOfSight, result: ActionResult
) -> None:
    """The assault itself, once the attackers' move (and any pause) is over: they enter
    the enemy hex, its minefield attacks them (rules 2.10, 3.8), then both sides roll."""
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
    entry = origins[live[0].id]
    overrun = leg.action == "overrun"
    for a in live:
        leg.mp_left -= (enter_cost(state, a, hex_of(a), target)[0] or 0) + int(overrun)
        place(state, a, target, result)
    mined = _minefield(state, live, target, dice, los, result)
    live = [a for a in live if a.alive]
    if not live:
        result.event("assault_called_off", unit=attackers[0].id)
        return
    if _fight(state, live, target, dice, result):
        _won(state, leg, live[0], entry, target, path[t + 1 :], mined, dice, los, result)
    else:
        for a in live:
            if a.alive:
                place(state, a, origins[a.id], result)


def _minefield(
    state: GameState, units: list[UnitState], h: Hex, dice: DiceSource, los: LineOfSight,
    result: ActionResult,
) -> bool:  # fmt: skip
    """Rules 2.10, 3.8: the assaulted hex's minefield attacks each entering unit, in unit-id
    order, before the assault dice; True if it attacked one (that unit's move ends there:
    an overrunner then only leaves by its exit). A survivor it Disrupted fights on 6."""
    from tabletop.rules.platoon.mines import minefield_attack

    attacked = False
    for a in sorted(units, key=lambda u: u.id):
        attacked = minefield_attack(state, a, h, dice, los, result) or attacked
    return attacked


def _fight(
    state: GameState, live: list[UnitState], target: Hex, dice: DiceSource,
    result: ActionResult,
) -> bool:  # fmt: skip
    """Both sides roll, both sides' hits apply at once; True if the attacker won (the
    defender took more hits than the attacker)."""
    defenders = enemy_ground_units(state, target, live[0].side)
    att_hits = _roll_side(state, live, defenders, target, dice, result)
    def_hits = _roll_side(state, defenders, live, target, dice, result)
    _deal(state, defenders, att_hits, dice, result)
    _deal(state, live, def_hits, dice, result)
    result.event("assault", hex=label(state, target), attacker_hits=att_hits,
                 defender_hits=def_hits)  # fmt: skip
    return att_hits > def_hits


def _won(
    state: GameState, leg: Walk, first: UnitState, entry: Hex, target: Hex,
    after: list[Hex], mined: bool, dice: DiceSource, los: LineOfSight, result: ActionResult,
) -> None:  # fmt: skip
    """The defenders' survivors retreat (an overrun's exit avoided); a winning overrunner
    always leaves the overrun hex (rules 2.10, ``retreat``)."""
    overrun = leg.action == "overrun"
    avoid = after[0] if overrun and after else None
    for d in enemy_ground_units(state, target, first.side):  # cargo left by a lost carrier too
        retreat(state, d, entry, target, avoid, dice, los, result)
    if overrun and first.alive and after:
        out = way_out(state, first, target, after, leg.mp_left, mined, los, result)
        if out:
            advance(state, first, out, Walk(first.id, "move", {}, leg.mp_left), dice, los, result)


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
    """Hits go one at a time to the side's units in unit-id order, round and round, passing
    over a unit they have already eliminated (HOUSE DEFAULT 2.10); each unit then takes its
    share at once, as from fire: the same events (an eliminated unit gets only
    ``eliminated``) and its cargo's d6 (rules 2.11) right after it."""
    order = sorted((u for u in units if u.alive), key=lambda u: u.id)
    room = {u.id: hits_to_eliminate(state, u) for u in order}
    share = dict.fromkeys(room, 0)
    while hits > 0 and any(share[k] < room[k] for k in room):
        for u in order:
            if hits > 0 and share[u.id] < room[u.id]:
                share[u.id] += 1
                hits -= 1
    for u in order:
        if share[u.id]:
            take_hits(state, u, share[u.id], dice, result)


def hits_to_eliminate(state: GameState, unit: UnitState) -> int:
    """How many net hits the ladder of rules 2.6 takes to eliminate this unit (1 to 3)."""
    single = ptype(state, unit).single_step
    return next(n for n in (1, 2, 3) if ladder(unit.step, unit.disrupted, single, n)[2])


AFTER_WALK["assault"] = AFTER_WALK["overrun"] = close_in
