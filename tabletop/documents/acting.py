"""Whose action a log entry is: the side that took it (the log dock's side square, a
take-back's side, the side a play-by-email turn goes to after it).

Below the log book and the take-backs that both ask it (it reads only the game and the
entry), so that neither imports the other.
"""

from __future__ import annotations

from tabletop.model import GameState, LogEntry
from tabletop.rules import ActionResult

__all__ = ["acting_side"]


def _side_of_unit(state: GameState, unit_id: str) -> str | None:
    unit = state.units.get(unit_id)
    if unit is not None:
        return unit.side
    scenario = state.scenario
    return next((r.unit.side for r in scenario.reinforcements if r.unit.id == unit_id), None)


def acting_side(state: GameState, entry: LogEntry, result: ActionResult | None) -> str | None:
    """The side that took the action of ``entry`` (the log dock's side square): the side of
    its units (an opportunity fire is the firer's, though the mover's side is active); of
    a pass, the side that let the mover go; of a draw, the side of the chit drawn; else the
    side active then. None: nobody's (a draw whose chit is not known yet)."""
    units = [str(u) for u in entry.args.get("units", [])]
    if units:
        return _side_of_unit(state, units[0]) or entry.side
    events = result.events if result is not None else []
    sides = state.scenario.sides
    if entry.action == "pass":
        mover = next((e.unit for e in events if e.event == "passed" and e.unit), None)
        own = _side_of_unit(state, mover) if mover is not None else entry.side
        others = [s for s in sides if s != own]
        return others[0] if own is not None and len(others) == 1 else None
    if entry.action == "draw":
        drawn = next((e.data for e in events if e.event == "chit_drawn"), {})
        if drawn.get("side"):
            return str(drawn["side"])
        formation = drawn.get("formation") or entry.args.get("formation")
        owner = (s for s, d in sides.items() if formation is not None and formation in d.formations)
        return next(owner, entry.side)
    return entry.side
