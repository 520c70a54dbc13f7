"""The squad ruleset: a registry of action handlers and the dispatch through it.

Each action (``fire``, ``end-phase``, ...) is a ``Handler``. The ruleset's ``check`` runs
the checks common to every action (unknown or not implemented action, game over, unknown
side), then the handler's own; ``perform`` dispatches to the handler. Adding an action is
one handler plus one line in ``HANDLERS`` (``tabletop/rules/squad/__init__.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from tabletop.model import GameState
from tabletop.rules.actions import ACTIONS, ActionRequest, ActionResult
from tabletop.rules.dice import DiceSource
from tabletop.rules.los import LineOfSight
from tabletop.rules.query import Probe, ReachReport


class Handler(Protocol):
    """One action of the ruleset: legality with reasons (reads no dice), then the deed."""

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]: ...

    def perform(
        self, state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight
    ) -> ActionResult: ...


class SquadRuleset:
    """``tabletop.rules.engine.Ruleset`` for the squad game (rules-spec section 3)."""

    name = "squad"

    def __init__(self, handlers: Mapping[str, Handler]) -> None:
        self.handlers = dict(handlers)

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        if request.action not in self.handlers:
            if request.action in ACTIONS:
                return [f"{request.action} is not an action of the squad ruleset yet"]
            known = ", ".join(sorted(self.handlers))
            return [f"unknown action {request.action!r}; known: {known}"]
        if state.finished:
            return [f"the game is over (turn {state.turn} of {state.scenario.turns} ended)"]
        if request.side is not None and request.side not in state.scenario.sides:
            return [f"there is no side {request.side!r} in this scenario"]
        return self.handlers[request.action].check(state, request, los)

    def perform(
        self, state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight
    ) -> ActionResult:
        return self.handlers[request.action].perform(state, request, dice, los)

    def probes(
        self, state: GameState, los: LineOfSight, unit: str | None, side: str | None
    ) -> list[Probe]:
        """Candidates for ``rules.query.available_actions`` (``squad.options``)."""
        from tabletop.rules.squad import options

        return options.probes(state, los, unit, side)

    def listed_units(self, state: GameState, side: str | None) -> list[str]:
        from tabletop.rules.squad import options

        return options.listed_units(state, side)

    def reach(
        self, state: GameState, los: LineOfSight, unit: str, *, maneuver: bool, side: str | None
    ) -> ReachReport:
        from tabletop.rules.squad import options

        return options.reach_report(state, los, unit, maneuver=maneuver, side=side)
