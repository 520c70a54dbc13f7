"""Digging in, for both rulesets (rules 3.5, module ``entrenchment``): the checks they share.

A unit digs in only where the ground gives no cover: no terrain with a cover save and no
hex marker that gives cover ("ground free of terrain features"), never in the air, and not
when it is already Entrenching or Entrenched. Who may act now, what flies and which hex
markers give cover are each ruleset's word (``platoon.entrench``, ``squad.entrench``);
what the marker does and when it turns Entrenched is the ruleset's too.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.hexgrid import Hex
from tabletop.model import GameState, UnitState
from tabletop.rules.common import hex_of, label

__all__ = ["DUG", "dig_in_reasons"]

DUG = ("entrenching", "entrenched")
"""The markers of a unit that has dug in (or is digging in)."""


def dig_in_reasons(
    state: GameState,
    unit: UnitState,
    acting: list[str],
    airborne: str | None,
    covering: Callable[[Hex], list[str]],
) -> list[str]:
    """Why ``unit`` may not dig in now, in this order: ``acting`` (the ruleset's reasons it
    may not act now), the entrenchment module, ``airborne`` (why it does not dig in the
    air, or None), the terrain's cover, ``covering(hex)`` (the hex markers that give cover
    there) and the markers it already has."""
    reasons = list(acting)
    if not state.scenario.module("entrenchment"):
        reasons.append("the entrenchment module is off: no digging in")
    if airborne is not None:
        reasons.append(airborne)
    h = hex_of(unit)
    terrain = state.scenario.map.terrain(h)
    if terrain.cover_save is not None:
        reasons.append(f"{label(state, h)} is {terrain.name}: units dig in only where the "
                       "ground gives no cover")  # fmt: skip
    reasons += covering(h)
    reasons += [f"{unit.id} is already {m.capitalize()}" for m in DUG if unit.has(m)]
    return reasons
