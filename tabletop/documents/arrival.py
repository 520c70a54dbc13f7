"""A game that comes back by email: what is new in its log since this player last saw it.

The app keeps, per game id, a short mark of every line of the last log it saw (the actions,
take-backs and notices, in order: :func:`log_marks`). :func:`compare` tells a log read now
from that one: the same, one that goes on from it (the new actions to review), or one that
does not (a history rewritten, or an older copy), with the first line that differs.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from tabletop.model import Aside, GameState, LogEntry
from tabletop.rules.narrate import narrate

__all__ = ["Arrival", "compare", "log_lines", "log_marks"]

Line = LogEntry | Aside


def log_lines(state: GameState) -> list[Line]:
    """The lines of the game's log as a save writes them: each take-back and notice before
    the action that came after it."""
    asides = state.record.asides
    out: list[Line] = []
    k = 0
    for i, entry in enumerate(state.log):
        while k < len(asides) and asides[k].after <= i:
            out.append(asides[k])
            k += 1
        out.append(entry)
    out.extend(asides[k:])
    return out


def _mark(line: Line) -> str:
    data: Any
    if isinstance(line, LogEntry):
        data = ["action", line.action, line.args, line.dice, line.turn, line.side]
    else:
        e = line.entry
        played = None if e is None else [e.action, e.args, e.dice, e.turn, e.side]
        data = ["aside", line.after, played, line.text]
    raw = json.dumps(data, sort_keys=True, default=str).encode("utf-8")
    return hashlib.sha256(raw).hexdigest()[:16]


def log_marks(state: GameState) -> list[str]:
    """A short digest of each line of the log (:func:`log_lines`), to remember it by."""
    return [_mark(line) for line in log_lines(state)]


@dataclass(frozen=True)
class Arrival:
    """How a log read now stands to the one seen last."""

    kind: str
    """``"same"``, ``"extends"`` (new lines after all the seen ones) or ``"differs"``."""
    first_new: int = 0
    """The number of standing actions the seen log shares: review starts after them."""
    new_actions: int = 0
    """Standing actions after those (``extends``)."""
    new_take_backs: int = 0
    """Take-backs among the new lines."""
    line: int = 0
    """``differs``: the first line (1-based) of the log that is not as seen."""
    said: str = ""
    """``differs``: what that line is now (or that the log stops before it)."""
    seen: int = 0
    """How many lines the seen log had."""


def _said(state: GameState, line: Line | None) -> str:
    if line is None:
        return "the log stops there"
    if isinstance(line, LogEntry):
        return narrate(state.scenario, line)
    return line.text


def compare(seen: list[str], state: GameState) -> Arrival:
    """The log of ``state`` against the marks of the one seen last."""
    lines = log_lines(state)
    marks = [_mark(line) for line in lines]
    shared = 0
    while shared < min(len(seen), len(marks)) and seen[shared] == marks[shared]:
        shared += 1
    standing = sum(1 for line in lines[:shared] if isinstance(line, LogEntry))
    if shared == len(seen) == len(marks):
        return Arrival("same", standing, seen=len(seen))
    if shared == len(seen):
        new = lines[shared:]
        actions = sum(1 for line in new if isinstance(line, LogEntry))
        backs = sum(1 for line in new if isinstance(line, Aside) and line.taken_back)
        return Arrival("extends", standing, actions, backs, seen=len(seen))
    here = lines[shared] if shared < len(lines) else None
    return Arrival("differs", standing, line=shared + 1, said=_said(state, here), seen=len(seen))
