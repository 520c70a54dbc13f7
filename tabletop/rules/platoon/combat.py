"""Fire resolution, reusable by every attack: hit numbers, to-hit, saves, the hit ladder.

Fire, Moving Fire, and (next) opportunity fire, support-weapon fire and minefield attacks
all resolve through ``resolve_attack``: roll to hit, let the target save against the
total (rules 2.4), apply net hits through the ladder (2.6). The save's bonus dice and
concealment (2.9) are derived from state here, never stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tabletop.model import GameState, TargetClass, TecColumn, UnitState
from tabletop.rules.actions import ActionResult, Roll
from tabletop.rules.common import HitNumber as HitNumber
from tabletop.rules.common import los_markers as los_markers
from tabletop.rules.common import place_wreck as place_wreck
from tabletop.rules.common import roll_to_hit as roll_to_hit
from tabletop.rules.dice import DiceSource
from tabletop.rules.los import LineOfSight, viewpoint_of
from tabletop.rules.platoon.common import OPS_COMPLETE, hex_of, label, ptype
from tabletop.rules.platoon.effects import Outcome as Outcome
from tabletop.rules.platoon.effects import apply_hits as apply_hits
from tabletop.rules.platoon.effects import ladder as ladder
from tabletop.rules.platoon.effects import outcome_of as outcome_of
from tabletop.rules.platoon.effects import take_hits as take_hits

ARMORED_BONUS_CAP = 2
"""Armored and light armored targets add at most 2 bonus dice (rules 2.4; READING: 000's
cap for "armored" and 001's "heavily armored" are one class, both armored classes)."""
UNARMORED_SAVE = 5
"""Unarmored targets save on 5+ with their bonus dice only (rules 2.4)."""


@dataclass(frozen=True, slots=True)
class BonusDie:
    """One source of defensive bonus dice (terrain, concealment, Wreck, Smoke, ...)."""

    source: str
    dice: int


@dataclass(frozen=True, slots=True)
class SaveSpec:
    """The target's save roll: how many dice, the face that saves, where the dice come from."""

    dice: int
    need: int
    armor: int
    bonus: tuple[BonusDie, ...]
    bonus_used: int

    @property
    def bonus_total(self) -> int:
        return sum(b.dice for b in self.bonus)


# --- concealment (rules 2.9) ---------------------------------------------------------------
def concealing_ground(state: GameState, target: UnitState) -> str | None:
    """What in the target's hex could conceal it (terrain or Wreck), or None."""
    utype = ptype(state, target)
    if utype.is_helicopter:
        return None  # HOUSE DEFAULT 2.4: helicopters are never concealed
    h = hex_of(target)
    chart = state.scenario.map.chart
    kinds = [m.kind for m in state.markers_at(h) if m.kind in chart.markers]
    if "wreck" in kinds:
        return "wreck"
    replacing = [k for k in kinds if chart.markers[k].replaces_terrain]
    if replacing:  # READING (chart): Rubble and Burnt Woods replace the terrain's values
        name, conceals = replacing[0], chart.markers[replacing[0]].conceals.value
    else:
        terrain = state.scenario.map.terrain(h)
        name, conceals = terrain.name, terrain.conceals.value
    if conceals == "all" or (conceals == "infantry" and utype.column is TecColumn.INFANTRY):
        return name
    return None


def concealment_breakers(
    state: GameState, target: UnitState, los: LineOfSight, *, moving: bool = False
) -> list[str]:
    """Why the target is not concealed (empty: it is). All four conditions of 2.9 must hold
    (READING: the seed joins (c) and (d) with "or")."""
    if not state.scenario.module("concealment"):
        return ["the concealment module is off"]
    if concealing_ground(state, target) is None:
        return [f"{label(state, hex_of(target))} does not conceal {target.id}"]
    out: list[str] = []
    if target.has(OPS_COMPLETE):
        out.append(f"{target.id} is Ops Complete")
    if moving:
        out.append(f"{target.id} is moving")
    h = hex_of(target)
    recon_range = state.scenario.options.recon_range  # HOUSE DEFAULT 2.9: 4 hexes
    for enemy in _watchers(state, target):
        e_hex = hex_of(enemy)
        if e_hex.distance(h) == 1:
            out.append(f"{target.id} is adjacent to {enemy.id}")
        elif ptype(state, enemy).is_recon and e_hex.distance(h) <= recon_range:
            seen = los.check(viewpoint_of(state, enemy), viewpoint_of(state, target),
                             los_markers(state))  # fmt: skip
            if seen.clear:
                out.append(f"{target.id} is seen by recon {enemy.id}")
    return out


def _watchers(state: GameState, target: UnitState) -> list[UnitState]:
    """Enemy units in Good Order that count for 2.9 (c) and (d): not SWs, not cargo."""
    return [
        u
        for u in state.enemies_of(target.side)
        if u.good_order and u.sw_of is None and u.carrier is None
    ]


def is_concealed(
    state: GameState, target: UnitState, los: LineOfSight, *, moving: bool = False
) -> bool:
    return not concealment_breakers(state, target, los, moving=moving)


# --- saves (rules 2.4, 2.5) ----------------------------------------------------------------
def bonus_dice(
    state: GameState, target: UnitState, los: LineOfSight, *, moving: bool = False
) -> tuple[BonusDie, ...]:
    """Every source of defensive bonus dice for the target, uncapped."""
    utype = ptype(state, target)
    out: list[BonusDie] = []
    if not utype.is_helicopter:  # HOUSE DEFAULT 2.4: no terrain (or hex-marker) dice
        out.extend(_hex_bonus(state, target))
    if is_concealed(state, target, los, moving=moving):
        out.append(BonusDie("concealment", 1))
    if state.scenario.module("entrenchment") and target.has("entrenched"):
        out.append(BonusDie("entrenched", 1))
    return tuple(b for b in out if b.dice > 0)


def _hex_bonus(state: GameState, target: UnitState) -> list[BonusDie]:
    h = hex_of(target)
    hex_map = state.scenario.map
    column = ptype(state, target).column
    chart = hex_map.chart
    kinds = [m.kind for m in state.markers_at(h) if m.kind in chart.markers]
    replacing = [k for k in kinds if chart.markers[k].replaces_terrain]
    out: list[BonusDie] = []
    if replacing:  # READING (chart): Rubble / Burnt Woods replace the terrain's bonus
        rubble = chart.markers[replacing[0]]
        out.append(BonusDie(rubble.name, rubble.bonus.for_column(column) or 0))
    else:
        terrain = hex_map.terrain(h)
        out.append(BonusDie(terrain.name, terrain.bonus.for_column(column) or 0))
    for kind in dict.fromkeys(kinds):  # one Wreck or Smoke counts once however stacked
        if not chart.markers[kind].replaces_terrain:
            out.append(BonusDie(kind, chart.markers[kind].bonus.for_column(column) or 0))
    return out


def save_spec(
    state: GameState, target: UnitState, los: LineOfSight, *, moving: bool = False
) -> SaveSpec:
    """The target's save roll (rules 2.4)."""
    utype = ptype(state, target)
    side = utype.side(target.step, target.mode)
    bonus = bonus_dice(state, target, los, moving=moving)
    total = sum(b.dice for b in bonus)
    if utype.target is TargetClass.UNARMORED:
        return SaveSpec(total, UNARMORED_SAVE, 0, bonus, total)
    armor = side.armor or 0
    used = min(total, ARMORED_BONUS_CAP)
    return SaveSpec(armor + used, side.save or 6, armor, bonus, used)


# --- rolling --------------------------------------------------------------------------------
def roll_save(
    dice: DiceSource, result: ActionResult, target: UnitState, spec: SaveSpec, hits: int
) -> int:
    """Roll the target's save against ``hits``; the roll is skipped when there is nothing
    to save or no die to roll (it then takes no dice). Returns the hits cancelled."""
    if hits <= 0 or spec.dice <= 0:
        return 0
    faces = dice.roll(spec.dice)
    saved = sum(1 for f in faces if f >= spec.need)
    result.rolls.append(Roll(target.id, "save", f"{spec.need}+", faces, saved))
    return min(saved, hits)


def resolve_attack(
    state: GameState,
    dice: DiceSource,
    result: ActionResult,
    target: UnitState,
    hits: int,
    los: LineOfSight,
    *,
    moving: bool = False,
) -> Outcome:
    """The target saves against ``hits`` (the total of every to-hit roll against it in this
    attack) and takes the net hits through the ladder. ``moving``: fired on during its
    move, so never concealed (2.9 b)."""
    return resolve_attacks(state, dice, result, {target.id: hits}, los, moving=moving)[target.id]


def resolve_attacks(
    state: GameState,
    dice: DiceSource,
    result: ActionResult,
    hits: dict[str, int],
    los: LineOfSight,
    *,
    moving: bool = False,
) -> dict[str, Outcome]:
    """Every target of one fire action (a platoon and its SW, rules 2.2): first each
    target's save, in unit-id order, then the net hits through the ladder in the same
    order, each followed by its cargo's d6 rolls (rules 2.11), so that every cargo roll
    comes after the save rolls of the attack (interfaces.md 3, --dice order)."""
    nets: dict[str, int] = {}
    for tid in sorted(hits):
        target = state.unit(tid)
        spec = save_spec(state, target, los, moving=moving)
        nets[tid] = max(0, hits[tid] - roll_save(dice, result, target, spec, hits[tid]))
    total = sum(nets.values())
    result.net_hits = total if result.net_hits is None else result.net_hits + total
    return {tid: take_hits(state, state.unit(tid), net, dice, result) for tid, net in nets.items()}


def sources_text(bonus: Sequence[BonusDie]) -> str:
    return ", ".join(f"{b.source} +{b.dice}" for b in bonus) or "none"
