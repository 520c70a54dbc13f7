"""Names the rules core gives things in a player's words, below the narrator and the manual
changes that both say them (``tabletop.rules.narrate``, ``tabletop.rules.adjust``).
"""

from __future__ import annotations

__all__ = ["MANUAL", "MARKER_NAMES", "marker_name"]

MANUAL = "adjust"
"""The log's name for a change made by hand outside the rules (``tabletop.rules.adjust``)."""

MARKER_NAMES = {
    "ops_complete": "Ops Complete",
    "depleted_ammo_2": "Depleted Ammo 2",
    "depleted_ammo_1": "Depleted Ammo 1",
    "minefield_at": "AT minefield",
    "minefield_ap": "AP minefield",
    "burnt_woods": "Burnt Woods",
    "laying_mines": "Laying Mines",
    "clearing_mines": "Clearing Mines",
}


def marker_name(marker: str) -> str:
    """``Ops Complete``, ``AT minefield``, ``Wreck``: a marker as a player names it."""
    return MARKER_NAMES.get(marker, marker.replace("_", " ").capitalize())
