"""Maneuver bookkeeping at the edges of a formation impulse (rules 3.5, 3.8).

``sequence`` calls ``on_impulse_start`` once the formation's Ops Complete markers are off,
and ``on_impulse_end`` when its impulse ends.
"""

from __future__ import annotations

from tabletop.model import GameState
from tabletop.rules.actions import ActionResult
from tabletop.rules.platoon import entrench, mines


def on_impulse_start(state: GameState, formation: str, result: ActionResult) -> None:
    entrench.on_impulse_start(state, formation, result)
    mines.on_impulse_start(state, formation, result)


def on_impulse_end(state: GameState, formation: str, result: ActionResult) -> None:
    mines.on_impulse_end(state, formation, result)
