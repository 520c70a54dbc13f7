"""Minefields in the squad ruleset (rules 3.8, module ``minefields``).

- AT and AP minefields, one per hex, never where the chart forbids them (``minefields:
  false``: town, swamp, ruins, building, water); ``validate`` refuses them in a scenario.
- ``lay-mines --unit SAPPER --kind at|ap``, declared in the sapper's movement phase, in its
  own hex with no enemy there (Laying Mines). It may not shoot or fight that player turn or
  its next; at the end of its second player turn the minefield (hidden, its side's) is
  placed. Moving, being Suppressed or being in close combat cancels it (checked when each
  of its player turns ends, and by the move itself). The scenario's ``mines:`` limits the
  minefields laid per side (those being laid count). A sapper set to lay mines where a
  hidden enemy minefield lies finds it instead (revealed, no attack, nothing laid).
- ``clear-mines --unit SAPPER --hex HEX``, declared in its movement phase, at a minefield
  its side knows of in or next to the sapper's hex (Clearing Mines): the sapper spends the
  whole player turn without moving or shooting, and the minefield is removed when that
  player turn ends.
- Effect (HOUSE DEFAULT): a unit entering a minefield's hex is attacked, AT against
  vehicles, AP against every other unit, ``mine_attack`` dice (3) hitting on 5+, saved by
  the hex's cover save (``cover``), then the morale test of a loss; the minefield is
  revealed and the unit's move ends there (no MP left this phase).
- Maneuver mode (``move --maneuver``): at most ``maneuver_fraction`` (half) of the movement;
  a sapper in maneuver mode checks each next hex before entering it: a hidden enemy
  minefield there is revealed and the move stops where the sapper is, with no attack.
- Hidden information (rules 1.7): an unrevealed minefield is its owner's only; every event
  about it names its hex and is filtered from the other side's view
  (``common.event_hidden_from``); legality reasons never mention one.
"""

from __future__ import annotations

from typing import Any

from tabletop.hexgrid import Hex
from tabletop.model import GameState, HexMarker, Status, UnitState
from tabletop.rules.actions import ActionRequest, ActionResult
from tabletop.rules.common import (
    HitNumber,
    hex_of,
    label,
    place_marker,
    remove_marker,
    roll_to_hit,
)
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
    known_to,
    marker_at,
    reveal,
    sapper_reasons,
    site_reasons,
)
from tabletop.rules.squad import morale
from tabletop.rules.squad.common import actor_reasons, in_close_combat, stype
from tabletop.rules.squad.cover import save_spec
from tabletop.rules.squad.figures import apply_wounds
from tabletop.rules.squad.fire import save_roll

WORK = ("laying_mines", "clearing_mines")


def remove_field(state: GameState, h: Hex, result: ActionResult, why: str) -> None:
    """A minefield destroyed (suppressive fire of 105 mm or more, carpet bombing)."""
    marker = marker_at(state, h)
    if marker is not None:
        state.hex_markers.remove(marker)
        secret = {} if marker.revealed else {"secret_of": marker.side}  # rules 1.7
        result.event("minefield_destroyed", hex=label(state, h), marker=marker.kind, by=why,
                     **secret)  # fmt: skip


# --- during a move -------------------------------------------------------------------------------
def attack_on_entry(
    state: GameState, unit: UnitState, dice: DiceSource, los: LineOfSight, result: ActionResult
) -> bool:
    """The minefield in the unit's new hex attacks it; True if there is one (the move ends)."""
    if not state.scenario.module("minefields"):
        return False
    h = hex_of(unit)
    marker = marker_at(state, h)
    if marker is None:
        return False
    wanted = "minefield_at" if stype(state, unit).is_vehicle else "minefield_ap"
    reveal(state, marker, result)
    if marker.kind != wanted:  # an AT field does not attack infantry, nor AP vehicles
        return False
    spec = state.scenario.options.mine_attack
    roll = roll_to_hit(dice, result, marker.kind, HitNumber.of(spec.dice, spec.hit))
    result.event("minefield_attack", unit=unit.id, hex=label(state, h), hits=roll.successes)
    wounds = save_roll(dice, result, unit, save_spec(state, unit, h, los), roll.successes)
    if apply_wounds(state, unit, wounds, result, dice):
        morale.loss_tests(state, [unit.id], dice, result)
    return True


def detect(state: GameState, unit: UnitState, nxt: Hex, result: ActionResult) -> bool:
    """A sapper in maneuver mode finds a hidden enemy minefield in the next hex
    (``rules.minefields.detect_ahead``)."""
    return detect_ahead(state, unit, nxt, result, sapper=stype(state, unit).sapper)


# --- laying and clearing ---------------------------------------------------------------------
def _sapper(state: GameState, request: ActionRequest) -> tuple[UnitState | None, list[str]]:
    """``rules.minefields.sapper_reasons`` for a squad unit: in its movement phase, not
    Suppressed, in close combat or already at work."""

    def unfit(unit: UnitState) -> list[str]:
        reasons = []
        if unit.status is Status.SUPPRESSED:
            reasons.append(f"{unit.id} is Suppressed")
        if in_close_combat(state, hex_of(unit)):
            reasons.append(f"{unit.id} is in close combat")
        return reasons + [f"{unit.id} is already {m.replace('_', ' ')}" for m in WORK
                          if unit.has(m)]  # fmt: skip

    return sapper_reasons(
        state, request, lambda unit: actor_reasons(state, unit, request.side, "movement"),
        lambda unit: stype(state, unit).sapper, unfit,
    )  # fmt: skip


class LayMines:
    """``lay-mines --unit SAPPER --kind at|ap`` in the sapper's own hex."""

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        unit, reasons = _sapper(state, request)
        if unit is None:
            return reasons
        reasons += site_reasons(state, unit, request)
        h = hex_of(unit)
        marker = marker_at(state, h)
        if marker is not None and known_to(marker, unit.side):
            reasons.append(f"{label(state, h)} already holds a minefield")
        return reasons + budget_reasons(state, unit.side)

    def perform(
        self, state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight
    ) -> ActionResult:
        unit = state.unit(str(request.unit))
        result = ActionResult(request.action)
        marker = marker_at(state, hex_of(unit))
        if marker is not None:  # a hidden enemy field: found, nothing laid (rules 1.7)
            reveal(state, marker, result)
            result.event("minefield_detected", unit=unit.id, hex=label(state, marker.hex))
            return result
        entry = {"kind": KINDS[str(request.kind)], "hex": label(state, hex_of(unit)), "turns": 0}
        state.flags.setdefault(LAYING, {})[unit.id] = entry
        place_marker(result, unit, "laying_mines")
        return result


class ClearMines:
    """``clear-mines --unit SAPPER --hex HEX``: a minefield its side knows of, in or next to
    the sapper's hex; removed when this player turn ends."""

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        unit, reasons = _sapper(state, request)
        if unit is None:
            return reasons
        return [*reasons, *clear_site_reasons(state, unit, request)]

    def perform(
        self, state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight
    ) -> ActionResult:
        unit = state.unit(str(request.unit))
        result = ActionResult(request.action)
        state.flags.setdefault(CLEARING, {})[unit.id] = label(
            state, state.scenario.map.parse(str(request.hex))
        )
        place_marker(result, unit, "clearing_mines")
        return result


# --- the end of a player turn ------------------------------------------------------------------
def _cancelled(state: GameState, unit: UnitState, marker: str, key: str,
               result: ActionResult) -> bool:  # fmt: skip
    """Moving (the marker is gone), Suppressed, close combat or elimination cancels it."""
    here = unit.hex is not None and in_close_combat(state, unit.hex)
    if unit.alive and unit.has(marker) and unit.status is not Status.SUPPRESSED and not here:
        return False
    del state.flags[key][unit.id]
    if unit.alive:
        remove_marker(result, unit, marker)
    result.event("mines_cancelled", unit=unit.id)
    return True


def _jobs(state: GameState, key: str) -> list[tuple[UnitState, Any]]:
    entries: dict[str, Any] = state.flags.get(key, {})
    return [(state.unit(uid), e) for uid, e in sorted(entries.items())
            if state.unit(uid).side == state.active_side]  # fmt: skip


def on_turn_end(state: GameState, dice: DiceSource, result: ActionResult) -> None:
    """The end of a player turn: its sappers' second laying turn places the minefield, a
    clearing turn removes one; cancelled work is dropped."""
    for unit, entry in _jobs(state, LAYING):
        if _cancelled(state, unit, "laying_mines", LAYING, result):
            continue
        entry["turns"] = int(entry["turns"]) + 1
        if entry["turns"] < 2:
            continue
        del state.flags[LAYING][unit.id]
        remove_marker(result, unit, "laying_mines")
        h = hex_of(unit)
        state.hex_markers.append(HexMarker(h, str(entry["kind"]), unit.side, False, state.turn))
        laid = state.flags.setdefault(LAID, {})
        laid[unit.side] = int(laid.get(unit.side, 0)) + 1
        result.event("minefield_laid", unit=unit.id, hex=label(state, h), marker=entry["kind"])
    for unit, where in _jobs(state, CLEARING):
        if _cancelled(state, unit, "clearing_mines", CLEARING, result):
            continue
        del state.flags[CLEARING][unit.id]
        remove_marker(result, unit, "clearing_mines")
        h = state.scenario.map.parse(str(where))
        marker = marker_at(state, h)
        if marker is not None:
            state.hex_markers.remove(marker)
            result.event("minefield_cleared", unit=unit.id, hex=str(where), marker=marker.kind)


def cancel_work(state: GameState, unit: UnitState, result: ActionResult) -> None:
    """Laying or clearing stops at once (close combat, rules 3.8)."""
    for marker, key in (("laying_mines", LAYING), ("clearing_mines", CLEARING)):
        if unit.id in state.flags.get(key, {}):
            del state.flags[key][unit.id]
            remove_marker(result, unit, marker)
            result.event("mines_cancelled", unit=unit.id)
