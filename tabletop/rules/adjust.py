"""Manual changes: what players around a table do by hand to fix a mistake, outside the rules.

An :class:`Adjustment` moves a unit, sets its step or status, or places or removes a marker on
a unit or a hex. It is checked for sense (the unit exists, the hex is on the map, the marker
is one the game knows), never for legality under the rules, and it rolls no dice. It is
recorded in the game log as an entry with action ``adjust`` (``tabletop.rules.words.MANUAL``)
and its arguments, so replaying the log from the scenario reproduces it exactly
(``engine.replay_steps`` applies it where it stands).

Log arguments (each adjustment names one unit or one hex, and one change):
``{unit: ID, to: HEX}`` moves the unit (its support weapon and its passengers go along);
``{unit: ID, step: full|reduced}``; ``{unit: ID, status: good_order|disrupted|...}``;
``{unit: ID, add: MARKER}`` / ``{unit: ID, remove: MARKER}`` (a unit marker);
``{hex: HEX, add: MARKER[, owner: SIDE]}`` / ``{hex: HEX, remove: MARKER}`` (a hex marker; a
minefield placed by hand needs its ``owner`` and is placed revealed).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from tabletop.hexgrid import Hex
from tabletop.model import (
    RULE_HEX_MARKERS,
    UNIT_MARKERS,
    GameState,
    HexMarker,
    LogEntry,
    Status,
    UnitState,
)
from tabletop.model.state import STEPS
from tabletop.rules.actions import ActionResult, IllegalAction
from tabletop.rules.words import MANUAL, marker_name

__all__ = ["MANUAL", "Adjustment", "check", "perform"]

_KEYS = ("unit", "hex", "to", "step", "status", "add", "remove", "owner")


@dataclass(frozen=True)
class Adjustment:
    """One change by hand. Hexes are labels, as in the log."""

    unit: str | None = None
    hex: str | None = None
    to: str | None = None
    step: str | None = None
    status: str | None = None
    add: str | None = None
    remove: str | None = None
    owner: str | None = None

    def to_args(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if v is not None}

    @classmethod
    def from_args(cls, args: dict[str, Any]) -> Adjustment:
        unknown = sorted(set(args) - set(_KEYS))
        if unknown:
            raise IllegalAction(
                [f"a manual change has no {unknown[0]!r} (keys: {', '.join(_KEYS)})"]
            )
        return cls(**{k: None if args[k] is None else str(args[k]) for k in args})

    @property
    def changes(self) -> list[str]:
        return [k for k in ("to", "step", "status", "add", "remove") if getattr(self, k)]


def _hex(state: GameState, label: str, reasons: list[str]) -> Hex | None:
    hexmap = state.scenario.map
    try:
        h = hexmap.parse(label)
    except ValueError as exc:
        reasons.append(str(exc))
        return None
    if h not in hexmap.cells:
        reasons.append(f"hex {label} is not on the map ({hexmap.size_text()})")
        return None
    return h


def hex_marker_kinds(state: GameState) -> list[str]:
    """The hex markers this game knows: the terrain chart's and the minefields."""
    return sorted(set(state.scenario.map.chart.markers) | set(RULE_HEX_MARKERS))


def check(state: GameState, adj: Adjustment) -> list[str]:
    """Why this change cannot be made (empty when it can): sense, not the rules."""
    reasons: list[str] = []
    if (adj.unit is None) == (adj.hex is None):
        return ["a manual change names one unit or one hex"]
    if len(adj.changes) != 1:
        return ["a manual change makes one change: to, step, status, add or remove"]
    if state.pending is not None:
        return ["finish the paused action first (answer it), then change things by hand"]
    if adj.unit is not None:
        unit = state.units.get(adj.unit)
        if unit is None:
            return [f"no unit {adj.unit!r} in this game"]
        _check_unit(state, unit, adj, reasons)
    else:
        h = _hex(state, str(adj.hex), reasons)
        if h is not None:
            _check_hex(state, h, adj, reasons)
    return reasons


def _check_unit(state: GameState, unit: UnitState, adj: Adjustment, reasons: list[str]) -> None:
    if adj.to is not None:
        if unit.sw_of is not None:
            reasons.append(f"{unit.id} goes with {unit.sw_of}: move {unit.sw_of}")
        elif unit.carrier is not None:
            reasons.append(f"{unit.id} rides in {unit.carrier}: move {unit.carrier}")
        elif not unit.alive:
            reasons.append(f"{unit.id} is {unit.status.value.replace('_', ' ')}: set its status")
        elif _hex(state, adj.to, reasons) == unit.hex:
            reasons.append(f"{unit.id} is already in {adj.to}")
    if adj.step is not None and adj.step not in STEPS:
        reasons.append(f"step {adj.step!r} is not one of {', '.join(STEPS)}")
    elif adj.step is not None and adj.step == unit.step:
        reasons.append(f"{unit.id} is already {adj.step}")
    statuses = [s.value for s in Status]
    if adj.status is not None and adj.status not in statuses:
        reasons.append(f"status {adj.status!r} is not one of {', '.join(statuses)}")
    elif adj.status is not None and adj.status == unit.status.value:
        reasons.append(f"{unit.id} is already {adj.status.replace('_', ' ')}")
    elif (
        adj.status is not None
        and unit.hex is None
        and adj.status in ("good_order", "disrupted", "suppressed")
    ):
        reasons.append(f"{unit.id} is not on the map")
    if adj.add is not None:
        if adj.add not in UNIT_MARKERS:
            reasons.append(f"{adj.add!r} is not a unit marker ({', '.join(sorted(UNIT_MARKERS))})")
        elif unit.has(adj.add):
            reasons.append(f"{unit.id} already has {marker_name(adj.add)}")
    if adj.remove is not None and not unit.has(adj.remove):
        reasons.append(f"{unit.id} has no {marker_name(adj.remove)} marker")


def _check_hex(state: GameState, h: Hex, adj: Adjustment, reasons: list[str]) -> None:
    label = state.scenario.map.label(h)
    if adj.add is not None:
        kinds = hex_marker_kinds(state)
        if adj.add not in kinds:
            reasons.append(f"{adj.add!r} is not a hex marker ({', '.join(kinds)})")
        elif state.has_hex_marker(h, adj.add):
            reasons.append(f"{label} already has {marker_name(adj.add)}")
        elif adj.add in RULE_HEX_MARKERS and adj.owner not in state.scenario.sides:
            reasons.append(
                f"a minefield placed by hand needs its owner: {', '.join(state.scenario.sides)}"
            )
    elif adj.remove is not None:
        if not state.has_hex_marker(h, adj.remove):
            reasons.append(f"{label} has no {marker_name(adj.remove)}")
    else:
        reasons.append("a hex takes add or remove (a marker)")


def _riders(state: GameState, unit: UnitState) -> list[UnitState]:
    """The units that go where ``unit`` goes: its support weapon, its passengers, theirs."""
    out: list[UnitState] = []
    todo = [unit.id]
    while todo:
        carrier = todo.pop()
        for other in sorted(state.units.values(), key=lambda u: u.id):
            if other.id != unit.id and carrier in (other.sw_of, other.carrier) and other not in out:
                out.append(other)
                todo.append(other.id)
    return out


def apply(state: GameState, adj: Adjustment) -> ActionResult:
    """Make a change ``check`` accepted; the result names what changed."""
    result = ActionResult(MANUAL)
    hexmap = state.scenario.map
    if adj.unit is not None:
        unit = state.unit(adj.unit)
        if adj.to is not None:
            before = hexmap.label(unit.hex) if unit.hex is not None else None
            unit.hex = hexmap.parse(adj.to)
            for rider in _riders(state, unit):
                rider.hex = unit.hex
                result.touch(rider.id)
            result.event("moved", unit=unit.id, **{"from": before, "to": adj.to})
        if adj.step is not None:
            unit.step = adj.step
            result.event("step_set", unit=unit.id, step=adj.step)
        if adj.status is not None:
            unit.status = Status(adj.status)
            result.event("status_set", unit=unit.id, status=adj.status)
        if adj.add is not None:
            unit.add_marker(adj.add)
            result.event("marker_placed", unit=unit.id, marker=adj.add)
        if adj.remove is not None:
            unit.remove_marker(adj.remove)
            result.event("marker_removed", unit=unit.id, marker=adj.remove)
        return result
    h = hexmap.parse(str(adj.hex))
    if adj.add is not None:
        side = adj.owner if adj.add in RULE_HEX_MARKERS else None
        state.hex_markers.append(HexMarker(h, adj.add, side, True, state.turn))
        result.event("marker_placed", hex=adj.hex, marker=adj.add)
    if adj.remove is not None:
        gone = next(m for m in state.hex_markers if m.hex == h and m.kind == adj.remove)
        state.hex_markers.remove(gone)
        result.event("marker_removed", hex=adj.hex, marker=adj.remove)
    return result


def perform(state: GameState, adj: Adjustment, side: str | None = None) -> ActionResult:
    """Check, make and log one manual change; ``IllegalAction`` with the reasons if it
    makes no sense. ``side`` is who made it (None: the players together)."""
    reasons = check(state, adj)
    if reasons:
        raise IllegalAction(reasons)
    result = apply(state, adj)
    state.log.append(LogEntry(MANUAL, adj.to_args(), [], state.turn, side, summary=summary(adj)))
    return result


def summary(adj: Adjustment) -> str:
    """``adjust: m48-1 to 0405``, the log entry's short summary."""
    what = adj.unit or adj.hex
    change = next(f"{k} {getattr(adj, k)}" for k in adj.changes)
    return f"{MANUAL}: {what} {change}"
