"""Minefields in the platoon ruleset (rules 3.8 with the ``minefields`` module, 2.5).

- A minefield attacks a unit entering its hex (AT against vehicles, AP against every other
  ground unit, HOUSE DEFAULT): ``mine_attack`` dice (3) hitting on its ``hit`` (5+), saved
  by rules 2.4; the entering unit's move ends there and the minefield is revealed.
- A sapper moving in maneuver mode checks the next hex before entering it: a hidden enemy
  minefield there is revealed and the move ends where the sapper is, with no attack.
- ``lay-mines --unit SAPPER --kind at|ap``: takes two of the sapper's formation impulses;
  the minefield (hidden, its side's) is placed at the end of the second. Moving, being
  Disrupted or eliminated cancels it (the platoon analogue of Suppressed, HOUSE DEFAULT).
  In a hex holding a hidden enemy minefield the sapper finds and reveals it instead.
- ``clear-mines --unit SAPPER --hex HEX``: a sapper in or adjacent to a minefield its side
  knows of spends its impulse; the minefield is removed at that impulse's end.
"""

from __future__ import annotations

from typing import Any

from tabletop.hexgrid import Hex
from tabletop.model import GameState, HexMarker, UnitState
from tabletop.rules.actions import ActionRequest, ActionResult
from tabletop.rules.dice import DiceSource
from tabletop.rules.los import LineOfSight
from tabletop.rules.minefields import (
    CLEARING,
    KINDS,
    LAID,
    LAYING,
    budget_reasons,
    clear_site_reasons,
    detect_ahead,
    known_minefield,
    marker_at,
    reveal,
    sapper_reasons,
    site_reasons,
)
from tabletop.rules.platoon.combat import HitNumber, resolve_attack, roll_to_hit
from tabletop.rules.platoon.common import (
    OPS_COMPLETE,
    actor_reasons,
    begin_action,
    hex_of,
    label,
    place_marker,
    ptype,
    remove_marker,
)
from tabletop.rules.platoon.reach import ground_units, mine_stops


# --- effects during a move ----------------------------------------------------------------------
def minefield_attack(
    state: GameState, unit: UnitState, h: Hex, dice: DiceSource, los: LineOfSight,
    result: ActionResult,
) -> bool:  # fmt: skip
    """The minefield in ``h`` attacks the unit that entered it; True if it did (the move
    ends). HOUSE DEFAULT option ``mine_attack``: 3 dice hitting on 5+."""
    if not state.scenario.module("minefields"):
        return False
    marker = marker_at(state, h)
    if marker is None or not mine_stops(state, unit, marker.kind):
        return False
    reveal(state, marker, result)
    spec = state.scenario.options.mine_attack
    roll = roll_to_hit(dice, result, marker.kind, HitNumber.of(spec.dice, spec.hit))
    result.event("minefield_attack", unit=unit.id, hex=label(state, h), hits=roll.successes)
    resolve_attack(state, dice, result, unit, roll.successes, los, moving=True)
    return True


def detect_next(state: GameState, unit: UnitState, nxt: Hex, result: ActionResult) -> bool:
    """A sapper in maneuver mode finds a hidden enemy minefield in the next hex (rules 3.8,
    ``rules.minefields.detect_ahead``)."""
    return detect_ahead(state, unit, nxt, result, sapper=ptype(state, unit).sapper)


# --- laying and clearing ------------------------------------------------------------------------
def _sapper_reasons(state: GameState, request: ActionRequest) -> tuple[UnitState | None, list[str]]:
    """``rules.minefields.sapper_reasons`` for a platoon unit: a Disrupted one does not."""
    return sapper_reasons(
        state, request, lambda unit: actor_reasons(state, unit, request.side),
        lambda unit: ptype(state, unit).sapper,
        lambda unit: [f"{unit.id} is Disrupted"] if unit.disrupted else [],
    )  # fmt: skip


class LayMines:
    """``lay-mines --unit SAPPER --kind at|ap`` in the sapper's hex."""

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        unit, reasons = _sapper_reasons(state, request)
        if unit is None:
            return reasons
        reasons += site_reasons(state, unit, request)
        h = hex_of(unit)
        if known_minefield(state, h, unit.side):
            reasons.append(f"{label(state, h)} already holds a minefield")
        if [u for u in ground_units(state, h) if u.side != unit.side]:
            reasons.append(f"enemy units are in {label(state, h)}")
        return reasons + budget_reasons(state, unit.side)

    def perform(
        self, state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight
    ) -> ActionResult:
        unit = state.unit(request.unit or "")
        marker = marker_at(state, hex_of(unit))
        if marker is not None:  # a hidden enemy field: check() refuses every known one
            return _found_under(state, request, unit, marker)
        entry = {"kind": KINDS[request.kind or ""], "hex": label(state, hex_of(unit)),
                 "impulses": 1}  # fmt: skip
        return _start_job(state, request, LAYING, entry, "laying_mines")


def _found_under(
    state: GameState, request: ActionRequest, unit: UnitState, marker: HexMarker
) -> ActionResult:
    """HOUSE DEFAULT 3.8: a sapper set to lay mines in a hex that holds a hidden enemy
    minefield finds it as it starts: the minefield is revealed (no attack, as a sapper's
    detection), nothing is laid and the side's ``mines:`` budget is not spent, but the
    action is taken (Ops Complete). The check never refuses it (rules 1.7: a legality
    reason never mentions a hidden minefield)."""
    begin_action(state)
    result = ActionResult(request.action)
    reveal(state, marker, result)
    result.event("minefield_detected", unit=unit.id, hex=label(state, marker.hex))
    place_marker(result, unit, OPS_COMPLETE)
    return result


class ClearMines:
    """``clear-mines --unit SAPPER --hex HEX``: a minefield its side knows of, in or next to
    the sapper's hex; removed at the end of this impulse."""

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        unit, reasons = _sapper_reasons(state, request)
        if unit is None:
            return reasons
        return [*reasons, *clear_site_reasons(state, unit, request)]

    def perform(
        self, state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight
    ) -> ActionResult:
        return _start_job(state, request, CLEARING, request.hex, "clearing_mines")


# --- the impulse hooks --------------------------------------------------------------------------
def _busy(state: GameState, key: str, formation: str) -> list[tuple[UnitState, Any]]:
    entries: dict[str, Any] = state.flags.get(key, {})
    return [(state.units[uid], e) for uid, e in sorted(entries.items())
            if state.units[uid].formation == formation]  # fmt: skip


def _cancelled(
    state: GameState, unit: UnitState, marker: str, key: str, result: ActionResult
) -> bool:
    """Moving (the marker is gone), Disrupted or eliminated cancels the work."""
    if unit.alive and unit.good_order and unit.has(marker):
        return False
    del state.flags[key][unit.id]
    if unit.alive:
        remove_marker(result, unit, marker)
    result.event("mines_cancelled", unit=unit.id)
    return True


def on_impulse_start(state: GameState, formation: str, result: ActionResult) -> None:
    """A sapper laying mines spends its formation's next impulse at it (Ops Complete)."""
    for unit, entry in _busy(state, LAYING, formation):
        if not _cancelled(state, unit, "laying_mines", LAYING, result):
            entry["impulses"] = 2
            place_marker(result, unit, OPS_COMPLETE)


def on_impulse_end(state: GameState, formation: str, result: ActionResult) -> None:
    """The second laying impulse places the minefield; a clearing impulse removes one."""
    for unit, entry in _busy(state, LAYING, formation):
        if _cancelled(state, unit, "laying_mines", LAYING, result) or entry["impulses"] < 2:
            continue
        del state.flags[LAYING][unit.id]
        remove_marker(result, unit, "laying_mines")
        h = hex_of(unit)
        found = marker_at(state, h)
        if found is not None:  # only a hand-made game puts one there meanwhile: found, as above
            reveal(state, found, result)
            result.event("minefield_detected", unit=unit.id, hex=label(state, h))
            continue
        state.hex_markers.append(HexMarker(h, entry["kind"], unit.side, False, state.turn))
        laid = state.flags.setdefault(LAID, {})
        laid[unit.side] = laid.get(unit.side, 0) + 1
        result.event("minefield_laid", unit=unit.id, hex=label(state, h))
    for unit, where in _busy(state, CLEARING, formation):
        if _cancelled(state, unit, "clearing_mines", CLEARING, result):
            continue
        del state.flags[CLEARING][unit.id]
        remove_marker(result, unit, "clearing_mines")
        marker = marker_at(state, state.scenario.map.parse(where))
        if marker is not None:
            state.hex_markers.remove(marker)
            result.event("minefield_cleared", unit=unit.id, hex=where)


def _start_job(
    state: GameState, request: ActionRequest, jobs: str, entry: object, marker: str
) -> ActionResult:
    """Laying and clearing start alike: the action begins, the sapper's job is noted under
    ``state.flags[jobs]``, and its work marker and Ops Complete are placed."""
    unit = state.unit(request.unit or "")
    begin_action(state)
    result = ActionResult(request.action)
    state.flags.setdefault(jobs, {})[unit.id] = entry
    place_marker(result, unit, marker)
    place_marker(result, unit, OPS_COMPLETE)
    return result
