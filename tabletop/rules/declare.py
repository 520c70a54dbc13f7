"""Each action of a ruleset declared once (``ActionSpec``), in the ruleset's own list.

A ruleset's ``rules/<name>/actions.py`` holds one ``ActionSpec`` per action: its name (one
of interfaces.md's ``ACTIONS``), its handler (``check`` with reasons, reading no dice;
``perform``), the request fields it reads, what the window asks the player for before it
(nothing, a path, a target, a hex, a choice, the close-combat chooser), its menu label,
shortcut and tip, whether it is one of the game's own actions (the turn bar's), and how a
log entry of it reads (``rules.phrases``). Everything else reads the declarations: the
ruleset's handler table (:func:`handlers_of`), ``tabletop act --help``, the play window's
QActions, Play menu and panels, and the narrator.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import Protocol

from tabletop.model import GameState
from tabletop.rules.actions import ActionRequest, ActionResult
from tabletop.rules.dice import DiceSource
from tabletop.rules.los import LineOfSight
from tabletop.rules.phrases import Phrase

__all__ = ["ASKS", "ActionSpec", "Handler", "cli_option", "handlers_of"]


class Handler(Protocol):
    """One action of the ruleset: legality with reasons (reads no dice), then the deed."""

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]: ...

    def perform(
        self, state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight
    ) -> ActionResult: ...


ASKS = ("none", "path", "path+target", "target", "hex", "choice", "fight")
"""What the window asks for once an action is chosen: nothing (it is played at once), a
path (clicked or dragged hex by hex), a path and then a target fired at from its end
(moving fire), a target (a highlighted unit or hex), a hex, a choice among the legal
requests (a menu: modes, minefield kinds), or ``fight`` (the close-combat chooser of
``tabletop.ui.play.closecombat``)."""

_REQUEST_FIELDS = frozenset(f.name for f in fields(ActionRequest)) - {"action", "side"}


@dataclass(frozen=True)
class ActionSpec:
    """One action of one ruleset, declared once."""

    name: str
    """The action's name in requests, logs and ``tabletop act`` (interfaces.md section 3)."""
    handler: Handler
    label: str
    """The window's menu item and button (``Draw Chit``, ``Moving Fire``)."""
    shortcut: str = ""
    """The key of the window's QAction (``F``, ``Shift+A``; empty: none)."""
    asks: str = "none"
    """What the window asks for before the request is made (one of :data:`ASKS`)."""
    tip: str = ""
    """The status tip of the window's QAction, and its tooltip while it is legal."""
    fields: tuple[str, ...] = ()
    """The ``ActionRequest`` fields the action reads, beyond ``side`` (``--as``), which
    every action reads: ``units``, ``target``, ``to``, ... in ``tabletop act``'s order."""
    walks: str = ""
    """For an action that asks for a path: the action each step of the path is checked as
    while the player builds it (``move`` for moving fire and an assault; empty: the action
    itself)."""
    enters_enemy: bool = False
    """Its path may end in the enemy's hex (an assault, an overrun): that last step is
    checked as the action itself, not as a walk."""
    game: bool = False
    """One of the game's own actions (ending an impulse, phase or turn, a draw, a pass):
    the turn bar shows it and it needs no selected unit."""
    head: Phrase | None = None
    """How ``narrate`` says the action as asked (None: its name, ``rules.phrases.head``)."""
    short: Phrase | None = None
    """How the Undo and Redo items say it (None: ``rules.phrases.short``)."""

    def __post_init__(self) -> None:
        if self.asks not in ASKS:
            raise ValueError(f"{self.name}: asks {self.asks!r} is not one of {', '.join(ASKS)}")
        unknown = [f for f in self.fields if f not in _REQUEST_FIELDS]
        if unknown:
            raise ValueError(f"{self.name}: {', '.join(unknown)} is no field of a request")

    @property
    def options(self) -> tuple[str, ...]:
        """The ``tabletop act`` options of :attr:`fields` (``--unit``, ``--continue``)."""
        return tuple(cli_option(f) for f in self.fields)


def cli_option(field: str) -> str:
    """The ``tabletop act`` option that sets the request field ``field``."""
    return {"units": "--unit", "cont": "--continue"}.get(field, "--" + field.replace("_", "-"))


def handlers_of(specs: Iterable[ActionSpec]) -> dict[str, Handler]:
    """The handler table of a ruleset's declarations (an action declared twice: an
    error)."""
    table: dict[str, Handler] = {}
    for spec in specs:
        if spec.name in table:
            raise ValueError(f"the action {spec.name!r} is declared twice")
        table[spec.name] = spec.handler
    return table
