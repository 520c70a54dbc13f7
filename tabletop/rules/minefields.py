"""What both rulesets know of a minefield (rules 1.7, 2.2 and 3.8): its two kinds, the
game-state flags of the work on one, finding it in a hex, who knows of it, revealing it;
who may lay or clear one (``sapper_reasons``), a side's budget of minefields to lay, a
sapper in maneuver mode finding one ahead (``detect_ahead``).

When laying and clearing take place, what cancels them and the attack on entry differ
between the rulesets and live in each one's ``mines`` module, which builds on these.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.hexgrid import Hex
from tabletop.model import GameState, HexMarker, UnitState
from tabletop.rules.actions import ActionRequest, ActionResult
from tabletop.rules.common import find_unit, hex_of, label

__all__ = [
    "CLEARING",
    "KINDS",
    "LAID",
    "LAYING",
    "budget_reasons",
    "clear_site_reasons",
    "detect_ahead",
    "known_minefield",
    "known_to",
    "marker_at",
    "mines_used",
    "reveal",
    "sapper_reasons",
    "site_reasons",
]

KINDS = {"at": "minefield_at", "ap": "minefield_ap"}
"""The ``--kind`` a player names -> the hex marker's kind."""
LAYING = "mines_laying"
"""``GameState.flags`` key: sapper id -> the minefield it is laying ("kind", "hex" and how
many of its turns (squad) or impulses (platoon) the work has taken)."""
CLEARING = "mines_clearing"
"""``GameState.flags`` key: sapper id -> label of the minefield hex it is clearing."""
LAID = "mines_laid"
"""``GameState.flags`` key: side -> minefields laid in play (the scenario's ``mines:``)."""


def marker_at(state: GameState, h: Hex) -> HexMarker | None:
    """The minefield in ``h``, hidden or not (None: there is none)."""
    return next((m for m in state.markers_at(h) if m.kind in KINDS.values()), None)


def known_to(marker: HexMarker, side: str) -> bool:
    """Whether ``side`` knows of the minefield: revealed, or its own (rules 1.7)."""
    return marker.revealed or marker.side == side


def known_minefield(state: GameState, h: Hex, side: str) -> bool:
    """A minefield in ``h`` that ``side`` knows of (rules 1.7: a hidden enemy minefield
    never shows in a legality answer; it attacks on entry)."""
    marker = marker_at(state, h)
    return marker is not None and known_to(marker, side)


def clear_site_reasons(state: GameState, unit: UnitState, request: ActionRequest) -> list[str]:
    """Why ``unit`` may not clear the minefield ``request.hex`` names: the hex must be
    named, lie in or next to the sapper's hex and hold a minefield its side knows of
    (rules 2.2 and 3.8; an unrevealed enemy minefield is never mentioned)."""
    if request.hex is None:
        return ["name the minefield's hex with --hex"]
    try:
        h = state.scenario.map.parse(request.hex)
    except ValueError as exc:
        return [str(exc)]
    reasons: list[str] = []
    if hex_of(unit).distance(h) > 1:
        reasons.append(f"{request.hex} is not in or adjacent to {unit.id}'s hex")
    if not known_minefield(state, h, unit.side):
        reasons.append(f"{unit.side} knows of no minefield in {request.hex}")
    return reasons


def reveal(state: GameState, marker: HexMarker, result: ActionResult) -> None:
    """Turn the minefield face up, with a ``minefield_revealed`` event (once)."""
    if not marker.revealed:
        marker.revealed = True
        result.event("minefield_revealed", hex=label(state, marker.hex), marker=marker.kind)


def site_reasons(state: GameState, unit: UnitState, request: ActionRequest) -> list[str]:
    """Why ``unit`` may not lay the minefield ``request`` names where it stands: the kind,
    its own hex only, and terrain that takes no minefield (rules 2.2 and 3.8)."""
    reasons: list[str] = []
    if request.kind not in KINDS:
        reasons.append("name the minefield with --kind at or --kind ap")
    h = hex_of(unit)
    if request.hex is not None and request.hex != label(state, h):
        reasons.append(f"a sapper lays mines in its own hex ({label(state, h)})")
    terrain = state.scenario.map.terrain(h)
    if not terrain.minefields:
        reasons.append(f"no minefield may lie in {label(state, h)} ({terrain.name})")
    return reasons


def sapper_reasons(
    state: GameState,
    request: ActionRequest,
    acting: Callable[[UnitState], list[str]],
    sapper: Callable[[UnitState], bool],
    unfit: Callable[[UnitState], list[str]],
) -> tuple[UnitState | None, list[str]]:
    """The unit ``request`` names to lay or clear mines and why it may not (rules 3.8), in
    this order: ``acting(unit)`` (the ruleset's reasons it may not act now), the minefields
    module, ``sapper(unit)`` (its counter is a sapper's), ``unfit(unit)`` (the ruleset's
    own: Disrupted; Suppressed, in close combat, already at work)."""
    unit, why = find_unit(state, request.unit, "unit")
    if unit is None:
        return None, [why]
    reasons = acting(unit)
    if not state.scenario.module("minefields"):
        reasons.append("the minefields module is off")
    if not sapper(unit):
        reasons.append(f"{unit.id} is not a sapper unit")
    reasons += unfit(unit)
    return unit, reasons


def mines_used(state: GameState, side: str) -> int:
    """The minefields ``side`` has laid in play and is laying now (its ``mines:`` spent)."""
    laying = sum(1 for uid in state.flags.get(LAYING, {}) if state.unit(uid).side == side)
    return int(dict(state.flags.get(LAID, {})).get(side, 0)) + laying


def budget_reasons(state: GameState, side: str) -> list[str]:
    """Why ``side`` may lay no more minefields: the scenario's ``mines:`` for it is spent."""
    limit = state.scenario.mines.get(side)
    if limit is None:
        return []
    used = mines_used(state, side)
    return [f"{side} may lay {limit} minefield(s) and has used {used}"] if used >= limit else []


def detect_ahead(
    state: GameState, unit: UnitState, nxt: Hex, result: ActionResult, *, sapper: bool
) -> bool:
    """A sapper (``sapper``) in maneuver mode finds a hidden enemy minefield in the next hex
    before entering it (rules 3.8): it is revealed, with a ``minefield_detected`` event;
    True when one was found (the move stops where the sapper is, with no attack)."""
    if not state.scenario.module("minefields") or not sapper:
        return False
    marker = marker_at(state, nxt)
    if marker is None or known_to(marker, unit.side):
        return False
    reveal(state, marker, result)
    result.event("minefield_detected", unit=unit.id, hex=label(state, nxt))
    return True
