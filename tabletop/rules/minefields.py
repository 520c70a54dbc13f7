"""What both rulesets know of a minefield (rules 1.7, 2.2 and 3.8): its two kinds, the
game-state flags of the work on one, finding it in a hex, who knows of it, revealing it.

Laying, clearing and the attack on entry differ between the rulesets and live in each
one's ``mines`` module, which builds on these.
"""

from __future__ import annotations

from tabletop.hexgrid import Hex
from tabletop.model import GameState, HexMarker, UnitState
from tabletop.rules.actions import ActionRequest, ActionResult
from tabletop.rules.common import hex_of, label

__all__ = [
    "CLEARING",
    "KINDS",
    "LAID",
    "LAYING",
    "clear_site_reasons",
    "known_minefield",
    "known_to",
    "marker_at",
    "reveal",
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
