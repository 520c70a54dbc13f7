"""The play command: one game action, its dice stored, undone by restoring a memento.

The memento holds only the units the action touched, as they were (the state records its
own writes, :mod:`tabletop.model.tracking`), and copies of the small rest of the state; so
an action on a game of 10,000 units copies a handful of them, and its undo puts back just
those."""

from __future__ import annotations

from tabletop.commands.base import Command, History
from tabletop.model import GameState, LogEntry, Memento, recording
from tabletop.rules import (
    ActionRequest,
    ActionResult,
    DiceSource,
    LineOfSight,
    ScriptedDice,
    engine,
)
from tabletop.rules.narrate import describe_action
from tabletop.rules.plan import Plan


class PlayAction(Command):
    """Perform ``request`` on ``state`` (a ``Plan`` of it: the first redo carries that plan
    out as planned while the game stands where it was planned). The first redo rolls
    ``dice`` and records the faces; every later redo replays those faces, so redo is exact.
    Undo restores the state as it was before (python-chess's memento, of the touched units
    only). Raises ``IllegalAction`` from the first redo, before anything changed, when the
    action is not allowed."""

    def __init__(
        self,
        state: GameState,
        request: ActionRequest | Plan,
        los: LineOfSight,
        dice: DiceSource,
        *,
        by: str | None = None,
        why: str = "",
    ) -> None:
        plan = request if isinstance(request, Plan) else None
        request = plan.request if plan is not None else request
        assert isinstance(request, ActionRequest)
        super().__init__(request.action)
        self.by, self.why = by, why
        """Who chose the action when not a player (``bot``), and why: into its log entry."""
        self.state = state
        self.request = request
        self._plan = plan
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
        journal = None
        try:
            with recording(self.state) as journal:
                planned: ActionRequest | Plan = self._plan or self.request
                self._plan = None  # (a later redo stands on another log: planned anew)
                self.result = engine.perform(
                    self.state, planned, dice, self.los, by=self.by, why=self.why
                )
        finally:  # (dice that run out stop an action half-way: undo must still put it back)
            if journal is not None:
                self._before = Memento(journal.units, rest)
        self.entry = self.state.log[-1]
        self.faces = list(self.entry.dice)
        self.text = describe_action(self.state.scenario, self.entry, self.result)
        """What the Undo and Redo menu items say: ``T-72 fires at Leopard 2``."""

    def undo(self) -> None:
        assert self._before is not None, "undo before redo"
        self._before.restore(self.state)


def _continues(command: Command) -> bool:
    """Is ``command`` a paused move going on by itself after an answer to opportunity fire
    (``move --continue``)? Undo takes it back with that answer, redo plays them together."""
    return isinstance(command, PlayAction) and bool(command.request.cont)


def undo_step(history: History) -> list[Command]:
    """The commands one Undo takes back, newest first: the last one, and when it continued
    a paused move, the answer before it (the game never rests half-continued)."""
    done = history.commands()[: len(history)]
    if not done:
        return []
    if _continues(done[-1]) and len(done) > 1:
        return [done[-1], done[-2]]
    return [done[-1]]


def redo_step(history: History) -> list[Command]:
    """The commands one Redo plays again, in order: the next one, and the paused move it
    lets go on, if one follows."""
    undone = history.commands()[len(history) :]
    if not undone:
        return []
    if len(undone) > 1 and _continues(undone[1]):
        return undone[:2]
    return undone[:1]


def step_text(commands: list[Command]) -> str:
    """What the Undo or Redo menu item says of ``commands``, in the order they were played:
    ``NATO lets T-72 pass; T-72 moves on to 1810``."""
    played = sorted(commands, key=_continues)  # the answer, then the move it let go on
    return "; ".join(c.text for c in played if c.text)
