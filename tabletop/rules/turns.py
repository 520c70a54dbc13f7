"""Whose decision the game waits for, for any ruleset: what the window's hot seat, the
computer opponent and ``tabletop bot`` ask before anyone acts.

``waiting_on(state)`` is the side asked now: while a move is paused for opportunity fire
(rules 2.2, 3.9) the mover's enemy, else the active side; None while the decision is
nobody's (a chit to draw from the cup). No die is read.
"""

from __future__ import annotations

from tabletop.model import GameState


def waiting_on(state: GameState) -> str | None:
    """The side whose decision the game waits for (None: nobody's)."""
    pending = state.pending
    if pending is not None and pending.opportunity_fire:
        mover = state.units.get(pending.unit)
        if mover is not None:
            return next((s for s in state.scenario.sides if s != mover.side), None)
    return state.active_side
