"""A game's log replayed from its scenario, an entry a step, kept as the changes of each step.

The log dock narrates a game read from a file from the results of such a replay, and
review mode shows the map as it stood after each action from its changes: one replay a
game (:class:`tabletop.documents.logbook.LogBook` holds it), done a slice at a time between
the window's events (:meth:`Replay.run_for`), since it costs the rules' time of the whole
log (about 14 s for 500 actions on 11,441 units).

A step keeps what its entry changed, both ways (the units it touched, as a
:class:`~tabletop.model.Memento` before and after, and the small rest of the state), not a
copy of the whole game: a full copy of that game is 9 MB and 90 ms, a step a few units.
:meth:`Replay.move` takes a state from one position to another along those changes.

The replay follows the document's log as it changes: when an undo or a new action makes it
differ from the entries replayed, the running state is wound back along the steps to where
they agree, and the replay goes on from there.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from tabletop.documents.game import GameDocument
from tabletop.model import GameState, LogEntry, Memento, UnitState, recording
from tabletop.rules import ActionResult, DiceError, IllegalAction, engine

__all__ = ["Replay", "Step", "adopt"]

STOPS = (IllegalAction, DiceError, ValueError, KeyError)
"""What a log entry that does not replay raises."""


@dataclass(frozen=True)
class Step:
    """One replayed log entry: its result (None if the entry it logged again differs) and
    what it changed, as it was (``before``) and as it became (``after``)."""

    entry: LogEntry
    result: ActionResult | None
    before: Memento
    after: Memento


class Replay:
    """The replay of ``document``'s log from its scenario, an entry a step.

    ``steps[i]`` took the game from position ``i`` (after ``i`` actions; 0 is the start)
    to ``i + 1``; ``problem`` says why the entry after the last step does not replay.
    """

    def __init__(self, document: GameDocument) -> None:
        self.document = document
        self.steps: list[Step] = []
        self._state: GameState | None = None
        """The running state, at position ``len(steps)`` (None until the first step makes
        the new game); the start is ``len(steps)`` steps back."""
        self._problem: tuple[LogEntry, str] | None = None

    @property
    def problem(self) -> str | None:
        """Why the log stops replaying after ``len(steps)`` actions (None: it does not, or
        the replay has not got that far)."""
        return self._problem[1] if self._problem is not None else None

    @property
    def total(self) -> int:
        """The number of entries in the document's log."""
        return len(self.document.state.log)

    def done(self) -> bool:
        """Has every entry of the log as it is now replayed (or the one that stops it)?"""
        self._follow_log()
        return self._state is not None and (
            len(self.steps) == self.total or self._problem is not None
        )

    def run_for(self, seconds: float) -> bool:
        """Replay for about ``seconds`` (at least one step); True once :meth:`done`."""
        end = time.perf_counter() + seconds
        while not self.done():
            self._step()
            if time.perf_counter() >= end:
                return self.done()
        return True

    def _step(self) -> None:
        if self._state is None:
            self._state = self.document.scenario.new_game()
            return
        state = self._state
        entry = self.document.state.log[len(self.steps)]
        rest = state.rest_copy()
        result: ActionResult | None = None
        with recording(state) as journal:
            try:
                (result,) = engine.replay_steps(state, (entry,), self.document.los)
            except STOPS as exc:
                problem: str | None = str(exc)
            else:
                problem = None
        before = Memento(journal.units, rest)
        if problem is not None:
            before.restore(state)  # back to the position before the entry
            self._problem = (entry, problem)
            return
        units = state.units
        after = Memento({uid: _copy(units.get(uid)) for uid in journal.units}, state.rest_copy())
        if state.log[-1] != entry:
            result = None
        self.steps.append(Step(entry, result, before, after))

    def _follow_log(self) -> None:
        """Wind the replay back to where the document's log and the steps agree."""
        log = self.document.state.log
        keep = 0
        steps = self.steps
        while keep < min(len(steps), len(log)) and steps[keep].entry is log[keep]:
            keep += 1
        if self._problem is not None and (keep < len(steps) or keep >= len(log)
                                          or log[keep] is not self._problem[0]):  # fmt: skip
            self._problem = None
        if keep < len(steps):
            assert self._state is not None
            self.move(self._state, len(steps), keep)
            del steps[keep:]

    def move(self, state: GameState, frm: int, to: int) -> set[str]:
        """Take ``state`` from position ``frm`` to ``to`` (both replayed) along the steps'
        changes; the ids of the units that changed."""
        changed: set[str] = set()
        while frm < to:
            step = self.steps[frm]
            step.after.restore(state)
            changed.update(step.after.units)
            frm += 1
        while frm > to:
            frm -= 1
            step = self.steps[frm]
            step.before.restore(state)
            changed.update(step.before.units)
        return changed

    def position_state(self) -> tuple[int, GameState] | None:
        """The running state and its position (read only: never change it), or None before
        the first step."""
        if self._state is None:
            return None
        return len(self.steps), self._state


def _copy(unit: UnitState | None) -> UnitState | None:
    return None if unit is None else unit.copy()


def adopt(state: GameState, source: GameState) -> set[str]:
    """Make ``state`` equal to ``source``, copying only the units that differ (and the small
    rest of the state); the ids of those units."""
    units = state.units
    theirs = source.units
    changed = {uid for uid, unit in theirs.items() if units.get(uid) != unit}
    changed.update(uid for uid in units if uid not in theirs)
    Memento({uid: theirs.get(uid) for uid in changed}, source.rest_copy()).restore(state)
    return changed
