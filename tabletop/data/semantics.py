"""Scenario checks that need the whole picture: map, unit types, modules and options.

* units stand on terrain they may enter (no vehicles in buildings or swamp, nothing in
  water unless amphibious, at most 6 soldier figures in a bunker);
* stacking: at most ``options.stacking`` units per side per hex (a support weapon and a
  carried unit do not count), in a scenario and in a saved game's current position;
* minefields only where the chart allows them, at most one per hex, and only with the
  ``minefields`` module;
* carriers and support weapons refer to units that exist;
* the ruleset's own setup problems (``model.setup.Setup.setup_problems``: a platoon map
  with squad-only terrain, a squad unit aboard a transport it may not ride in, squad
  fortifications with ``zones:`` as warnings), each located at its unit or key.
"""

from __future__ import annotations

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
from tabletop.model.collector import collector_paused
from tabletop.model.mineplace import minefield_problem
from tabletop.model.setup import setup_for
from tabletop.model.units import HEAVY_WEAPON_MODELS, SOLDIER_MODELS

BUNKER_SOLDIERS = 6


@collector_paused()
def check_scenario(ck: Checker, ctx: Context, doc: dict[str, Any], sc: Scenario) -> None:
    hexmap: HexMap | None = sc.map  # None when the map file failed to load
    if hexmap is None:
        return
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
    _setup_problems(ck, ctx, doc, sc)


def _setup_problems(ck: Checker, ctx: Context, doc: dict[str, Any], sc: Scenario) -> None:
    """The ruleset's word on the setup, each problem at its unit's entry (its key there
    when the entry has it) or at the scenario's key."""
    for p in setup_for(sc.ruleset).setup_problems(sc):
        if p.unit is not None:
            c, k = ctx.where.get(p.unit, (doc, "units"))
            key = p.key if isinstance(c, dict) and p.key in c else k
        else:
            c, key = doc, p.key
        (ck.warn if p.warning else ck.error)(c, key, p.message)


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
        t = sc.unit_types.get(u.type_id)
        if u.sw_of is not None and isinstance(t, PlatoonUnitType) and t.kind is not Kind.SW:
            ck.error(
                c,
                "sw" if isinstance(c, dict) and "sw" in c else k,
                f"support weapon {u.id} is a {t.kind.value} ({t.id}), not of kind sw",
            )


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
