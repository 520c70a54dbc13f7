"""A scenario: map, counters, sides, modules and options, and the starting position.

The classes are defined in :mod:`tabletop.model.state` beside the game they start (a game
holds its scenario and a scenario starts a game: one module, so that no import runs in a
circle); this module is where the scenario's importers name them.
"""

from __future__ import annotations

from tabletop.model.state import AirStrike, Reinforcement, Scenario, SideDef

__all__ = ["AirStrike", "Reinforcement", "Scenario", "SideDef"]
