"""Take-backs: an undone action kept in the game log with the dice it rolled (play by email).

With the game's ``record_take_backs`` on (:class:`~tabletop.model.GameRecord`), undoing an
action leaves it in the log as a take-back, after the actions that still stand; replay and
validation skip it, the log dock and ``tabletop show`` list it. Redoing the same action
(the same dice: redo is exact) removes it again, so a misclick undone and redone leaves no
trace; a different action after the undo keeps it. The sentence is written when the action
is undone, from its result (``NATO took back a fire: 4 5 6 vs 4+; 1 3 4 6 vs 5+``).
"""

from __future__ import annotations

import dataclasses

from tabletop.documents.acting import acting_side
from tabletop.model import Aside, GameState, LogEntry
from tabletop.rules import ActionResult
from tabletop.rules.narrate import describe_action

__all__ = ["NOUNS", "forget_take_back", "record_take_back", "take_back_text"]

NOUNS = {
    "fire": "a fire",
    "opportunity-fire": "an opportunity fire",
    "moving-fire": "a moving fire",
    "move": "a move",
    "run": "a run",
    "assault": "an assault",
    "overrun": "an overrun",
    "air-strike": "an air strike",
    "adjust": "a manual change",
    "end-impulse": "the end of an impulse",
    "end-phase": "the end of a phase",
    "end-turn": "the end of a turn",
}


def take_back_text(state: GameState, entry: LogEntry, result: ActionResult | None) -> str:
    """``NATO took back a fire: 4 5 6 vs 4+; 1 3 4 6 vs 5+ (M-48 fires AP at T-64)``."""
    side = acting_side(state, entry, result)
    found = state.scenario.sides.get(side or "")
    who = found.name if found is not None else (side or "A player")
    noun = NOUNS.get(entry.action, f"a {entry.action.replace('-', ' ')}")
    if result is not None and result.rolls:
        faces = "; ".join(f"{' '.join(map(str, r.dice))} vs {r.need}" for r in result.rolls)
    elif entry.dice:
        faces = " ".join(map(str, entry.dice))
    else:
        faces = "no dice"
    what = describe_action(state.scenario, entry, result)
    return f"{who} took back {noun}: {faces}" + (f" ({what})" if what else "")


def record_take_back(state: GameState, entry: LogEntry, result: ActionResult | None) -> None:
    """``entry`` was just undone: keep it in the log, after the actions still standing."""
    text = take_back_text(state, entry, result)
    standing = len(state.log)
    asides = state.record.asides
    # lines after actions undone now stand after what is left (the log keeps its order)
    asides[:] = [a if a.after <= standing else dataclasses.replace(a, after=standing)
                 for a in asides]  # fmt: skip
    asides.append(Aside(standing, entry, text, entry.turn, entry.side))


def forget_take_back(state: GameState, entry: LogEntry) -> bool:
    """``entry`` was just played again (redo): the take-back it left goes, if it is the last
    line of the log and the same action with the same dice. True if one went."""
    asides = state.record.asides
    if not asides:
        return False
    last = asides[-1]
    e = last.entry
    if e is None or last.after > len(state.log) - 1:
        return False
    if (e.action, e.args, e.dice, e.turn, e.side) != (
        entry.action, entry.args, entry.dice, entry.turn, entry.side
    ):  # fmt: skip
        return False
    asides.pop()
    return True
