"""A ruleset as a registry of action handlers, and the dispatch through it (both rulesets).

Each action (``fire``, ``draw``, ``end-phase``, ...) is a ``Handler``. ``check`` runs the
checks common to every action (unknown or not yet implemented action, game over, unknown
side), then the ruleset's own (:meth:`HandlerRuleset.more_reasons`), then the handler's;
``perform`` dispatches to the handler. The questions of ``rules.query`` (candidates, units
listed, reach) go to the ruleset's ``options`` module. Adding an action is one handler plus
one line in the ruleset's ``HANDLERS``.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any, Protocol

from tabletop.model import GameState
from tabletop.rules.actions import ACTIONS, ActionRequest, ActionResult
from tabletop.rules.dice import DiceSource
from tabletop.rules.los import LineOfSight
from tabletop.rules.query import Probe, ReachReport

__all__ = ["Handler", "HandlerRuleset"]


class Handler(Protocol):
    """One action of the ruleset: legality with reasons (reads no dice), then the deed."""

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]: ...

    def perform(
        self, state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight
    ) -> ActionResult: ...


class HandlerRuleset:
    """``tabletop.rules.engine.Ruleset`` over a table of handlers. ``name`` is the ruleset's
    package under ``tabletop.rules``; ``not_yet`` words an action of interfaces.md that this
    ruleset does not have."""

    name = "ruleset"
    not_yet = "{action} is not an action of the {name} ruleset"
    cup = False
    """True where impulses are drawn from a cup of formation chits (platoon)."""
    player_turns = False
    """True where ``end-turn`` ends one side's player turn (squad), False where it ends the
    game turn for both sides (platoon's Marker Removal Phase)."""

    def __init__(self, handlers: Mapping[str, Handler]) -> None:
        self.handlers = dict(handlers)

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        if request.action not in self.handlers:
            if request.action in ACTIONS:
                return [self.not_yet.format(action=request.action, name=self.name)]
            known = ", ".join(sorted(self.handlers))
            return [f"unknown action {request.action!r}; known: {known}"]
        if state.finished:
            from tabletop.rules.victory import over_reason

            return [over_reason(state)]
        if request.side is not None and request.side not in state.scenario.sides:
            return [f"there is no side {request.side!r} in this scenario"]
        return self.more_reasons(state, request) or self.handlers[request.action].check(
            state, request, los
        )

    def allows(self, state: GameState, request: ActionRequest, los: LineOfSight) -> bool:
        """``not check(...)``, asking the handler's own ``allows`` when it has one (a
        legality that is cheaper to decide than to explain: ``rules.query`` asks this for
        each candidate and the reasons only of refused actions)."""
        handler = self.handlers.get(request.action)
        own = getattr(handler, "allows", None)
        if own is None:
            return not self.check(state, request, los)
        if request.action not in self.handlers or state.finished:
            return False
        if request.side is not None and request.side not in state.scenario.sides:
            return False
        return not self.more_reasons(state, request) and bool(own(state, request, los))

    def more_reasons(self, state: GameState, request: ActionRequest) -> list[str]:
        """The ruleset's own refusals before any handler's (none by default)."""
        return []

    def perform(
        self, state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight
    ) -> ActionResult:
        return self.handlers[request.action].perform(state, request, dice, los)

    # --- the questions of rules.query, answered by the ruleset's options module -------------
    def _options(self) -> Any:
        # imported on first use: the options modules import the handlers' modules
        return importlib.import_module(f"tabletop.rules.{self.name}.options")

    def probes(
        self, state: GameState, los: LineOfSight, unit: str | None, side: str | None
    ) -> list[Probe]:
        """Candidates for ``rules.query.available_actions``."""
        probes: list[Probe] = self._options().probes(state, los, unit, side)
        return probes

    def listed_units(self, state: GameState, side: str | None) -> list[str]:
        units: list[str] = self._options().listed_units(state, side)
        return units

    def reach(
        self, state: GameState, los: LineOfSight, unit: str, *, maneuver: bool, side: str | None
    ) -> ReachReport:
        report: ReachReport = self._options().reach_report(
            state, los, unit, maneuver=maneuver, side=side
        )
        return report
