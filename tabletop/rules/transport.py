"""Transports, for both rulesets (rules 2.11, 3.10): the check of a carrier they share.

Who rides, where cargo gets out and what befalls it are each ruleset's word
(``platoon.transport``, ``squad.transport``); a carrier's cargo is the model's
(``GameState.cargo_of``).
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.model import GameState, UnitState
from tabletop.rules.actions import ActionRequest
from tabletop.rules.common import find_unit

__all__ = ["carrier_reasons"]


def carrier_reasons(
    state: GameState,
    request: ActionRequest,
    acting: Callable[[UnitState], list[str]],
    capacity: Callable[[UnitState], int],
    unfit: Callable[[UnitState], list[str]],
) -> tuple[UnitState | None, list[str]]:
    """The carrier ``request`` names to load or unload (``--unit``) and why it may not, in
    this order: ``acting(carrier)`` (the ruleset's reasons it may not act now), no room at
    all (``capacity(carrier)``, the counter's, is 0), ``unfit(carrier)`` (the ruleset's
    own: a helicopter not Landed; Suppressed)."""
    carrier, why = find_unit(state, request.unit, "unit")
    if carrier is None:
        return None, [why]
    reasons = acting(carrier)
    if capacity(carrier) <= 0:
        reasons.append(f"{carrier.id} is not a transport (capacity 0)")
    reasons += unfit(carrier)
    return carrier, reasons
