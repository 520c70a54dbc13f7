"""The manual change command: an adjustment by hand, outside the rules, logged and undoable."""

from __future__ import annotations

from tabletop.commands.base import Command
from tabletop.model import GameState, LogEntry, Memento, recording
from tabletop.rules import ActionResult
from tabletop.rules.adjust import Adjustment, perform, summary
from tabletop.rules.narrate import describe_action


class ManualChange(Command):
    """Make one :class:`~tabletop.rules.adjust.Adjustment` on ``state`` and log it as a
    manual change (action ``adjust``), so a saved game replays it. The first redo raises
    ``IllegalAction`` with the reasons, before anything changed, when it makes no sense.
    Undo restores the state as it was before (the log entry goes with it): the memento holds
    the units the change touched, as in ``PlayAction``."""

    def __init__(self, state: GameState, adjustment: Adjustment, side: str | None = None) -> None:
        super().__init__(summary(adjustment))
        self.state = state
        self.adjustment = adjustment
        self.side = side
        self._before: Memento | None = None
        self.result: ActionResult | None = None
        self.entry: LogEntry | None = None
        """The log entry the last redo appended (the log dock narrates it)."""

    def redo(self) -> None:
        rest = self.state.rest_copy()
        with recording(self.state) as journal:
            self.result = perform(self.state, self.adjustment, self.side)
        self._before = Memento(journal.units, rest)
        self.entry = self.state.log[-1]
        self.text = describe_action(self.state.scenario, self.entry, self.result)

    def undo(self) -> None:
        assert self._before is not None, "undo before redo"
        self._before.restore(self.state)
