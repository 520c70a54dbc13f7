"""Where a scenario may start with a minefield (rules 1.7, 2.2 and 3.8), asked by the
scenario editor's Marker tool before it lays one and by ``tabletop validate`` for the file:
the ``minefields`` module on, terrain whose chart entry takes minefields, one per hex.
"""

from __future__ import annotations

from collections.abc import Container

from tabletop.hexgrid import Hex
from tabletop.model.scenario import Scenario

__all__ = ["minefield_problem"]


def minefield_problem(scenario: Scenario, h: Hex, mined: Container[Hex] = ()) -> str | None:
    """Why a minefield may not lie in ``h`` of ``scenario``'s map, or None; ``mined``: the
    hexes that already hold another minefield."""
    hexmap = scenario.map
    if not scenario.module("minefields"):
        return "minefield markers are rejected: the minefields module is off"
    if h in hexmap:
        terrain = hexmap.terrain(h)
        if not terrain.minefields:
            return f"no minefield may lie in {hexmap.label(h)}: {terrain.name} forbids minefields"
    if h in mined:
        return f"a second minefield in {hexmap.label(h)}: one per hex"
    return None
