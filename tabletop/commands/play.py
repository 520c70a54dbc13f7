"""The play command: one game action, its dice stored, undone by restoring a memento.

The memento holds only the units the action touched, as they were (the state records its
own writes, :mod:`tabletop.model.tracking`), and copies of the small rest of the state; so
an action on a game of 10,000 units copies a handful of them, and its undo puts back just
those."""

from __future__ import annotations

from tabletop.commands.base import Command
from tabletop.model import GameState, LogEntry, Memento, recording
from tabletop.rules import (
    ActionRequest,
    ActionResult,
    DiceSource,
    LineOfSight,
    ScriptedDice,
    engine,
)


class PlayAction(Command):
    """Perform ``request`` on ``state``. The first redo rolls ``dice`` and records the
    faces; every later redo replays those faces, so redo is exact. Undo restores the
    state as it was before (python-chess's memento, of the touched units only). Raises
    ``IllegalAction`` from the first redo, before anything changed, when the action is not
    allowed."""

    def __init__(
        self, state: GameState, request: ActionRequest, los: LineOfSight, dice: DiceSource
    ) -> None:
        super().__init__(request.action)
        self.state = state
        self.request = request
        self.los = los
        self._dice = dice
        self._before: Memento | None = None
        self.faces: list[int] | None = None
        self.result: ActionResult | None = None
        self.entry: LogEntry | None = None
        """The log entry the last redo appended (with ``result``, what the log narrates)."""

    @property
    def before(self) -> Memento | None:
        """What the last redo changed, as it was before (the undo memento; never mutated)."""
        return self._before

    def redo(self) -> None:
        rest = self.state.rest_copy()
        dice: DiceSource = self._dice if self.faces is None else ScriptedDice(self.faces)
        with recording(self.state) as journal:
            self.result = engine.perform(self.state, self.request, dice, self.los)
        self._before = Memento(journal.units, rest)
        self.entry = self.state.log[-1]
        self.faces = list(self.entry.dice)
        self.text = self.entry.summary

    def undo(self) -> None:
        assert self._before is not None, "undo before redo"
        self._before.restore(self.state)
