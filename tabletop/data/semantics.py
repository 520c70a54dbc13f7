"""Scenario checks that need the whole picture: map, unit types, modules and options.

* units stand on terrain they may enter (no vehicles in buildings or swamp, nothing in
  water unless amphibious, at most 6 soldier figures in a bunker);
* a platoon map has no squad-only terrain (bunker);
* stacking: at most ``options.stacking`` units per side per hex (a support weapon and a
  carried unit do not count), in a scenario and in a saved game's current position;
* minefields only where the chart allows them, at most one per hex, and only with the
  ``minefields`` module;
* carriers and support weapons refer to units that exist;
* squad fortifications with ``zones:`` (rules 3.4), as warnings. READING: a trench or
  bunker's owner is the side of the units in it at the start (else the side whose zone
  it lies in); it must lie in the neutral zone, or in or next to its owner's zone; and
  with more than one fortification each trench must touch another trench or the bunker.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from operator import attrgetter
from typing import Any

from tabletop.data.scenarios import MINEFIELDS, Context
from tabletop.data.schema import Checker
from tabletop.hexgrid import Hex
from tabletop.model import (
    GameState,
    HexMap,
    Kind,
    PlatoonUnitType,
    Scenario,
    SquadUnitType,
    Status,
    TerrainType,
    UnitState,
    UnitType,
)
from tabletop.model.cargo import carrier_problem
from tabletop.model.collector import collector_paused
from tabletop.model.mineplace import minefield_problem
from tabletop.model.units import HEAVY_WEAPON_MODELS, SOLDIER_MODELS

FORTIFICATIONS = ("trench", "bunker")
BUNKER_SOLDIERS = 6


@collector_paused()
def check_scenario(ck: Checker, ctx: Context, doc: dict[str, Any], sc: Scenario) -> None:
    hexmap: HexMap | None = sc.map  # None when the map file failed to load
    if hexmap is None:
        return
    if sc.ruleset == "platoon":
        _squad_terrain(ck, doc, hexmap)
    arriving = {r.unit.id for r in sc.reinforcements}
    cells, terrain, types = hexmap.cells, hexmap.chart.terrain, sc.unit_types
    # a unit's answer depends on its type, its mode and the terrain alone, but for a squad
    # unit in squad-only terrain (its figures): asked once per (type, mode, terrain)
    verdicts: dict[tuple[str, str | None, str], str | None] = {}
    for u in [*sc.units, *(r.unit for r in sc.reinforcements)]:  # where each starts or enters
        h, t = u.hex, types.get(u.type_id)
        if h is None or t is None:
            continue
        cell = cells.get(h)
        if cell is None:
            continue
        if isinstance(t, SquadUnitType):
            reason = _cannot_be_in(t, u, terrain[cell.terrain])
        else:
            key = (u.type_id, u.mode, cell.terrain)
            if key in verdicts:
                reason = verdicts[key]
            else:
                reason = verdicts[key] = _cannot_be_in(t, u, terrain[cell.terrain])
        if reason:
            c, k = ctx.where.get(u.id, (doc, "units"))
            verb = "cannot enter in" if u.id in arriving else "cannot be in"
            ck.error(c, k, f"{u.id} {verb} {hexmap.label(h)}: {reason}")
    _references(ck, ctx, doc, sc)
    _stacking(ck, ctx, doc, sc)
    _minefields(ck, doc, sc, ctx.marker_where)
    if sc.ruleset == "squad" and sc.zones:
        _fortifications(ck, doc, sc)


def _squad_terrain(ck: Checker, doc: dict[str, Any], hexmap: HexMap) -> None:
    squad_only = {name for name, t in hexmap.chart.terrain.items() if t.squad_only}
    if squad_only.isdisjoint(map(attrgetter("terrain"), hexmap.cells.values())):
        return  # (the usual answer, found in C over the map's cells)
    bad = sorted(h for h, c in hexmap.cells.items() if c.terrain in squad_only)
    if bad:
        shown = ", ".join(f"{hexmap.label(h)} ({hexmap.cells[h].terrain})" for h in bad[:5])
        more = f" and {len(bad) - 5} more" if len(bad) > 5 else ""
        ck.error(
            doc, "map", f"a platoon scenario's map may not use squad-only terrain: {shown}{more}"
        )


def _vehicle(t: UnitType) -> bool:
    return t.is_vehicle


def _cannot_be_in(t: UnitType, u: UnitState, terrain: TerrainType) -> str | None:
    """Why a unit may not stand on this terrain, or None."""
    if isinstance(t, PlatoonUnitType):
        if t.is_helicopter and u.mode != "landed":
            return None
        amphibious = t.amphibious
    else:
        if t.is_aircraft:
            return None
        amphibious = False
    vehicle = _vehicle(t)
    if terrain.amphibious_only and not amphibious:
        return f"only amphibious units may be in {terrain.name}"
    if vehicle and terrain.movement.vehicle is None:
        return f"vehicles may not enter {terrain.name}"
    if not vehicle and terrain.movement.foot is None:
        return f"units on foot may not enter {terrain.name}"
    if terrain.squad_only and isinstance(t, SquadUnitType):
        return _bunker_reason(t, u)
    return None


def _bunker_reason(t: SquadUnitType, u: UnitState) -> str | None:
    standing = [f for f in u.standing()]
    soldiers = sum(1 for f in standing if f.model in SOLDIER_MODELS)
    others = [f.model for f in standing if f.model not in SOLDIER_MODELS]
    if any(m not in HEAVY_WEAPON_MODELS for m in others):
        return "only infantry and their heavy weapons enter a bunker (rules 3.4)"
    if soldiers > BUNKER_SOLDIERS or len(others) > 1:
        return (
            f"a bunker holds at most {BUNKER_SOLDIERS} soldier figures and one heavy "
            f"weapon; {t.id} has {soldiers} soldiers and {len(others)} heavy weapons"
        )
    return None


def _references(ck: Checker, ctx: Context, doc: dict[str, Any], sc: Scenario) -> None:
    ids = {u.id: u for u in sc.units}
    riders: dict[str, int] = defaultdict(int)
    for u in sc.units:
        if u.carrier is None and u.sw_of is None:
            continue  # (nothing to check: most units)
        c, k = ctx.where.get(u.id, (doc, "units"))
        if u.carrier is not None and u.carrier not in ids:
            ck.error(
                c,
                "carrier" if isinstance(c, dict) and "carrier" in c else k,
                f"{u.id} rides in {u.carrier!r}, which is no unit of this scenario",
            )
        elif u.carrier is not None and sc.ruleset == "squad":
            _cargo(ck, (c, k), sc, ids, u, riders)
        t = sc.unit_types.get(u.type_id)
        if u.sw_of is not None and isinstance(t, PlatoonUnitType) and t.kind is not Kind.SW:
            ck.error(
                c,
                "sw" if isinstance(c, dict) and "sw" in c else k,
                f"support weapon {u.id} is a {t.kind.value} ({t.id}), not of kind sw",
            )


def _cargo(
    ck: Checker,
    where: tuple[Any, Any],
    sc: Scenario,
    ids: dict[str, UnitState],
    u: UnitState,
    riders: dict[str, int],
) -> None:
    """A squad unit starting aboard a transport (rules 3.10): the scenario editor's own
    check, then the riders beyond the transport's capacity, named in file order."""
    carrier = u.carrier
    assert carrier is not None
    c, k = where
    key = "carrier" if isinstance(c, dict) and "carrier" in c else k
    problem = carrier_problem(sc, u, carrier, count_room=False)
    if problem is None:
        riders[carrier] += 1
        carrier_type = sc.unit_types.get(ids[carrier].type_id)
        capacity = carrier_type.capacity if carrier_type is not None else 0
        if riders[carrier] > capacity:
            problem = f"it is full (capacity {capacity})"
    if problem is not None:
        hint = "place it beside the transport without `carrier:`, or name another"
        ck.error(c, key, f"{u.id} cannot start aboard {carrier}: {problem}; {hint}")


def _counts(sc: Scenario, units: Iterable[UnitState]) -> list[tuple[str, Hex, list[str]]]:
    """The ids of the units that count for stacking, by side and hex, in ``units``' order
    (support weapons, carried units and units out of play do not count)."""
    sw_types = {
        tid
        for tid, t in sc.unit_types.items()
        if isinstance(t, PlatoonUnitType) and t.kind is Kind.SW
    }
    gone = (Status.ELIMINATED, Status.SURRENDERED)
    # keyed by (side, q, r), hashed in C (a Hex's hash is a Python call), in first-seen order
    stacks: dict[tuple[str, int, int], tuple[Hex, list[str]]] = {}
    for u in units:
        h = u.hex
        if h is None or u.sw_of is not None or u.carrier is not None or u.status in gone:
            continue
        if u.type_id in sw_types:
            continue
        key = (u.side, h.q, h.r)
        here = stacks.get(key)
        if here is None:
            stacks[key] = (h, [u.id])
        else:
            here[1].append(u.id)
    return [(key[0], h, ids) for key, (h, ids) in stacks.items()]


def _stacking(ck: Checker, ctx: Context, doc: dict[str, Any], sc: Scenario) -> None:
    limit = sc.options.stacking
    for side, h, ids in _counts(sc, sc.units):
        if len(ids) > limit:
            c, k = ctx.where.get(ids[limit], (doc, "units"))
            ck.error(
                c,
                k,
                f"{len(ids)} units of {side} in {sc.map.label(h)} "
                f"({', '.join(ids)}): stacking allows {limit}",
            )


def check_game_stacking(ck: Checker, where: Any, game: GameState) -> None:
    """A saved game's current position obeys stacking as a scenario's does (the rules
    never let a move or a retreat break it); ``where`` is the ``state: units:`` mapping."""
    sc = game.scenario
    limit = sc.options.stacking
    units = sorted(game.units.values(), key=attrgetter("id"))
    for side, h, ids in _counts(sc, units):
        if len(ids) > limit:
            key = ids[limit] if isinstance(where, dict) and ids[limit] in where else None
            ck.error(
                where,
                key,
                f"{len(ids)} units of {side} in {sc.map.label(h)} "
                f"({', '.join(ids)}): stacking allows {limit}",
            )


def _minefields(
    ck: Checker, doc: dict[str, Any], sc: Scenario, marker_where: list[tuple[Any, Any]]
) -> None:
    seen: set[Hex] = set()  # (one rule with the scenario editor's Marker tool)
    for m, (c, k) in zip(sc.hex_markers, marker_where, strict=False):
        if m.kind not in MINEFIELDS:
            continue
        problem = minefield_problem(sc, m.hex, seen)
        if problem is not None:
            ck.error(c, k, problem)
        seen.add(m.hex)


def _fortifications(ck: Checker, doc: dict[str, Any], sc: Scenario) -> None:
    hexmap = sc.map
    forts = {h for h, c in hexmap.cells.items() if c.terrain in FORTIFICATIONS}
    zone_of = {h: side for side, hexes in sc.zones.items() for h in hexes}
    holders: dict[Hex, str] = {}
    for u in sc.units:
        if u.hex in forts and u.hex is not None:
            holders.setdefault(u.hex, u.side)
    for h in sorted(forts):
        name = f"{hexmap.cells[h].terrain} {hexmap.label(h)}"
        zone = zone_of.get(h)
        owner = holders.get(h, zone)
        near = {zone_of[n] for n in hexmap.neighbors(h) if n in zone_of}
        if zone is not None and owner != zone and owner not in near:
            ck.warn(
                doc,
                "zones",
                f"{name}, held by {owner}, lies in {zone}'s deployment zone "
                f"and does not touch {owner}'s (rules 3.4)",
            )
        trench = hexmap.cells[h].terrain == "trench" and len(forts) > 1
        if trench and not any(n in forts for n in hexmap.neighbors(h)):
            ck.warn(doc, "zones", f"{name} touches no other trench or bunker (rules 3.4)")
