"""Bunkers (rules 3.4): who may enter, across which hexsides, and the bunker's own wounds.

A map gives a bunker hex its 1 or 2 entrance hexsides; every other hexside is an embrasure
(fire passes both ways, no movement). Only infantry enter, only across an entrance, and
entering ends the move (HOUSE DEFAULT for "one at a time"); units leave across an entrance
too. It holds at most 6 soldier figures (READING: medics count as soldiers) of one unit plus
that unit's heavy weapon; a larger unit cannot enter. The bunker has ``bunker_wounds``
wounds (option, HOUSE DEFAULT 5), kept in the game's flags under ``bunker_damage``; hits on
the bunker itself are not saved and each removes one wound; at 0 everyone inside is lost
with no save and no medic, and the bunker is gone: Rubble marks the hex (HOUSE DEFAULT), and
it no longer limits who enters or gives its 4+ save.
"""

from __future__ import annotations

from tabletop.hexgrid import Hex, HexSide
from tabletop.model import GameState, HexMarker, UnitState
from tabletop.rules.actions import ActionResult
from tabletop.rules.common import label
from tabletop.rules.squad.common import (
    BUNKER_DAMAGE,
    RANK,
    bunker_wounds_left,
    is_bunker,
    is_infantry,
)
from tabletop.rules.squad.figures import remove_all

CAPACITY_SOLDIERS = 6
CAPACITY_HEAVY_WEAPONS = 1


def side_text(state: GameState, a: Hex, b: Hex) -> str:
    side = HexSide.between(a, b)
    return f"{label(state, side.a)}/{label(state, side.b)}"


def is_entrance(state: GameState, bunker: Hex, other: Hex) -> bool:
    return HexSide.between(bunker, other) in state.scenario.map.cell(bunker).entrances


def crossing_reasons(state: GameState, unit: UnitState, a: Hex, b: Hex) -> list[str]:
    """Why ``unit`` may not step from ``a`` into the adjacent ``b`` because of a bunker."""
    reasons: list[str] = []
    if is_bunker(state, a) and not is_entrance(state, a, b):
        reasons.append(f"{unit.id} may leave the bunker in {label(state, a)} only across an "
                       f"entrance, not through the embrasure {side_text(state, a, b)}")  # fmt: skip
    if is_bunker(state, b):
        reasons += entry_reasons(state, unit, a, b)
    return reasons


def entry_reasons(state: GameState, unit: UnitState, a: Hex, b: Hex) -> list[str]:
    where = label(state, b)
    if not is_infantry(state, unit):
        return [f"only infantry enter a bunker: {unit.id} may not enter {where}"]
    reasons: list[str] = []
    if not is_entrance(state, b, a):
        reasons.append(f"{unit.id} may enter the bunker in {where} only across an entrance, "
                       f"not through the embrasure {side_text(state, a, b)}")  # fmt: skip
    soldiers = sum(1 for f in unit.standing() if RANK.get(f.model) in (0, 1))
    heavy = sum(1 for f in unit.standing() if RANK.get(f.model) == 2)
    if soldiers > CAPACITY_SOLDIERS or heavy > CAPACITY_HEAVY_WEAPONS:
        reasons.append(f"the bunker in {where} holds at most {CAPACITY_SOLDIERS} soldier figures "
                       f"and {CAPACITY_HEAVY_WEAPONS} heavy weapon of one unit: {unit.id} has "
                       f"{soldiers} and {heavy}")  # fmt: skip
    inside = [u.id for u in state.units_at(b) if u.side == unit.side and u.id != unit.id]
    if inside:
        reasons.append(f"the bunker in {where} already holds {', '.join(inside)} "
                       "(one unit at a time)")  # fmt: skip
    return reasons


def damage(state: GameState, h: Hex, hits: int, result: ActionResult) -> None:
    """Hits on the bunker itself: each removes one wound; at 0 everyone inside is lost."""
    if hits <= 0:
        return
    key = label(state, h)
    damage_map = dict(state.flags.get(BUNKER_DAMAGE, {}))
    before = bunker_wounds_left(state, h)
    taken = min(before, hits)
    damage_map[key] = int(damage_map.get(key, 0)) + taken
    state.flags[BUNKER_DAMAGE] = damage_map
    left = before - taken
    result.event("bunker_wounded", hex=key, wounds_left=left)
    if left > 0:
        return
    result.event("bunker_destroyed", hex=key)
    for unit in state.units_at(h):
        remove_all(state, unit, result)
    if "rubble" in state.scenario.map.chart.markers and not state.has_hex_marker(h, "rubble"):
        state.hex_markers.append(HexMarker(h, "rubble", turn=state.turn))
        result.event("marker_placed", hex=key, marker="rubble")
