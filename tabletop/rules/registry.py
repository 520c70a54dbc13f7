"""A ruleset as a registry of action handlers, and the dispatch through it (both rulesets).

Each action (``fire``, ``draw``, ``end-phase``, ...) is a ``Handler``. ``plan`` runs the
checks common to every action (unknown or not yet implemented action, game over, unknown
side), then the ruleset's own (:meth:`HandlerRuleset.more_reasons`), then the handler's,
and answers a ``rules.plan.Plan``; ``check`` is its reasons; ``perform`` dispatches the
plan to the handler. A handler whose check builds something its deed needs (a fire's
plan and line of sight) has ``plan(state, request, los) -> (detail, reasons)`` instead of
computing it twice: its ``perform`` takes that ``detail`` (``planned=``) and, given none
(a test calling the handler directly), plans itself. The ruleset's other parts are handed
to it when it is made (``RULESET = PlatoonRuleset(DECLARED, options=..., scoring=..., ...)``
in the ruleset's package): the questions of ``rules.query`` (candidates, units listed,
reach) go to its ``options``, victory's to its ``scoring``, the odds to its ``forecast``
(the odds panel's) and ``odds`` (what ``tabletop odds`` prints), close combats over a hex
to its ``fights`` (a ruleset without them has none). Adding an action
is one handler plus its declaration (``rules.declare.ActionSpec``) in the ruleset's
``actions`` module.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from tabletop.model import GameState
from tabletop.rules.actions import ACTIONS, ActionRequest, ActionResult
from tabletop.rules.declare import ActionSpec, Handler, handlers_of
from tabletop.rules.dice import DiceSource
from tabletop.rules.fights import Fight
from tabletop.rules.forecast import Forecast, OddsAnswer, OddsQuery
from tabletop.rules.los import LineOfSight
from tabletop.rules.plan import Plan, Stamp
from tabletop.rules.probe import Probe
from tabletop.rules.reach import ReachReport
from tabletop.rules.victory import Scoring, over_reason

__all__ = ["FightsPart", "ForecastPart", "Handler", "HandlerRuleset", "OddsPart", "OptionsPart"]


class OptionsPart(Protocol):
    """What a ruleset's ``options`` module answers (``rules.query``)."""

    def probes(
        self, state: GameState, los: LineOfSight, unit: str | None, side: str | None
    ) -> list[Probe]: ...

    def listed_units(self, state: GameState, side: str | None) -> list[str]: ...

    def reach_report(
        self,
        state: GameState,
        los: LineOfSight,
        unit: str,
        *,
        maneuver: bool,
        side: str | None,
        explain: bool = True,
    ) -> ReachReport:
        """``rules.query.reach`` (``explain=False``: the hexes only, no reasons or blocked
        hexes; an answer that explains anyway is as good, only dearer)."""
        ...


class ForecastPart(Protocol):
    """A ruleset's odds of an attack before it is rolled (``rules.forecast``)."""

    def forecast(self, state: GameState, request: ActionRequest, los: LineOfSight) -> Forecast: ...


class OddsPart(Protocol):
    """A ruleset's answer to ``tabletop odds`` (``rules.forecast.odds``)."""

    def odds(self, state: GameState, query: OddsQuery, los: LineOfSight) -> OddsAnswer: ...


class FightsPart(Protocol):
    """A ruleset's close combats fought over a hex (``rules.fights``)."""

    def fights(self, state: GameState, los: LineOfSight, side: str | None) -> tuple[Fight, ...]: ...

    def fight_at(
        self,
        state: GameState,
        los: LineOfSight,
        hex_label: str,
        declared: dict[str, str],
        leave: tuple[str, ...],
        side: str | None,
    ) -> Fight | None: ...

    def pairing_forecast(self, state: GameState, unit_id: str, target_id: str) -> Forecast: ...


class HandlerRuleset:
    """``tabletop.rules.engine.Ruleset`` over a table of handlers. ``name`` is the ruleset's
    package under ``tabletop.rules``; ``not_yet`` words an action of interfaces.md that this
    ruleset does not have."""

    name = "ruleset"
    not_yet = "{action} is not an action of the {name} ruleset"
    cup = False
    """True where impulses are drawn from a cup of formation chits (platoon)."""

    def __init__(
        self,
        handlers: Mapping[str, Handler] | Sequence[ActionSpec],
        *,
        options: OptionsPart,
        scoring: Scoring,
        forecast: ForecastPart | None = None,
        odds: OddsPart | None = None,
        fights: FightsPart | None = None,
    ) -> None:
        self.declared: tuple[ActionSpec, ...] = ()
        """Each action declared once (``rules.declare``; empty for a bare table of
        handlers): the window, ``act --help`` and the narrator read these."""
        if isinstance(handlers, Mapping):
            self.handlers = dict(handlers)
        else:
            self.declared = tuple(handlers)
            self.handlers = handlers_of(self.declared)
        self.options = options
        self._scoring = scoring
        self._forecast = forecast
        self._odds = odds
        self._fights = fights

    def _refusals(self, state: GameState, request: ActionRequest) -> list[str]:
        """The refusals common to every action, before the handler's."""
        if request.action not in self.handlers:
            if request.action in ACTIONS:
                return [self.not_yet.format(action=request.action, name=self.name)]
            known = ", ".join(sorted(self.handlers))
            return [f"unknown action {request.action!r}; known: {known}"]
        if state.finished:
            return [over_reason(state)]
        if request.side is not None and request.side not in state.scenario.sides:
            return [f"there is no side {request.side!r} in this scenario"]
        return self.more_reasons(state, request)

    def plan(self, state: GameState, request: ActionRequest, los: LineOfSight) -> Plan:
        """Decide ``request`` once: a legal plan with what the handler's check built, or
        the reasons. Reads no dice."""
        reasons = self._refusals(state, request)
        detail = None
        if not reasons:
            handler = self.handlers[request.action]
            planner = getattr(handler, "plan", None)
            if planner is None:
                reasons = handler.check(state, request, los)
            else:
                detail, reasons = planner(state, request, los)
        remember = getattr(state, "remember", None)  # (a question's state: one stamp for all)
        stamp: Stamp = (
            remember(("stamp",), lambda: Stamp.of(state)) if remember else Stamp.of(state)
        )
        if reasons:
            return Plan(request, tuple(reasons), None, stamp)
        return Plan(request, (), detail, stamp)

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        """The reasons of :meth:`plan` (empty when legal), for callers that want no plan."""
        return list(self.plan(state, request, los).reasons)

    def allows(self, state: GameState, request: ActionRequest, los: LineOfSight) -> bool | None:
        """Whether ``check`` would find no reason, from the handler's own ``allows`` (a
        legality that is cheaper to decide than to explain: ``rules.query`` asks this for
        each candidate and the reasons only of refused actions). None when the handler has
        no such shortcut for ``request``: plan it instead."""
        handler = self.handlers.get(request.action)
        own = getattr(handler, "allows", None)
        if own is None:
            return None
        if self._refusals(state, request):
            return False
        allowed: bool | None = own(state, request, los)
        return allowed

    def more_reasons(self, state: GameState, request: ActionRequest) -> list[str]:
        """The ruleset's own refusals before any handler's (none by default)."""
        return []

    def perform(
        self,
        state: GameState,
        request: ActionRequest,
        dice: DiceSource,
        los: LineOfSight,
        plan: Plan | None = None,
    ) -> ActionResult:
        """Carry out ``request``, legal now; from ``plan`` (its legal plan on this very
        position) when given, so that the handler does not plan again."""
        handler = self.handlers[request.action]
        if plan is not None and getattr(handler, "plan", None) is not None:
            planned: Any = handler  # (a planning handler's perform takes ``planned``)
            result: ActionResult = planned.perform(state, request, dice, los, planned=plan.detail)
            return result
        return handler.perform(state, request, dice, los)

    # --- the questions of rules.query, answered by the ruleset's options -------------------
    def probes(
        self, state: GameState, los: LineOfSight, unit: str | None, side: str | None
    ) -> list[Probe]:
        """Candidates for ``rules.query.available_actions``."""
        return self.options.probes(state, los, unit, side)

    def listed_units(self, state: GameState, side: str | None) -> list[str]:
        return self.options.listed_units(state, side)

    def reach(
        self,
        state: GameState,
        los: LineOfSight,
        unit: str,
        *,
        maneuver: bool,
        side: str | None,
        explain: bool = True,
    ) -> ReachReport:
        return self.options.reach_report(
            state, los, unit, maneuver=maneuver, side=side, explain=explain
        )

    # --- victory, odds and close combats: the ruleset's other parts ---------------------------
    @property
    def scoring(self) -> Scoring:
        return self._scoring

    @property
    def loss_kinds(self) -> tuple[str, ...]:
        """``model.setup.Setup.loss_kinds``: the kinds of its scoring's default losses."""
        return tuple(self._scoring.LOSSES)

    def forecast(self, state: GameState, request: ActionRequest, los: LineOfSight) -> Forecast:
        if self._forecast is None:
            return Forecast(reasons=(f"the {self.name} ruleset gives no odds yet",))
        return self._forecast.forecast(state, request, los)

    def odds(self, state: GameState, query: OddsQuery, los: LineOfSight) -> OddsAnswer:
        if self._odds is None:
            return OddsAnswer.illegal([f"the {self.name} ruleset gives no odds yet"])
        return self._odds.odds(state, query, los)

    def support_choices(
        self, state: GameState, request: ActionRequest, los: LineOfSight
    ) -> tuple[ActionRequest, ...]:
        choices = getattr(self._forecast, "support_choices", None)  # a ruleset without SWs
        if choices is None:
            return ()
        found: tuple[ActionRequest, ...] = choices(state, request, los)
        return found

    def fights(self, state: GameState, los: LineOfSight, side: str | None) -> tuple[Fight, ...]:
        return () if self._fights is None else self._fights.fights(state, los, side)

    def fight_at(
        self,
        state: GameState,
        los: LineOfSight,
        hex_label: str,
        declared: dict[str, str],
        leave: tuple[str, ...],
        side: str | None,
    ) -> Fight | None:
        if self._fights is None:
            return None
        return self._fights.fight_at(state, los, hex_label, declared, leave, side)

    def pairing_forecast(self, state: GameState, unit: str, target: str) -> Forecast:
        if self._fights is None:
            return Forecast(reasons=(f"the {self.name} ruleset fights no close combat over a "
                                     "hex",))  # fmt: skip
        return self._fights.pairing_forecast(state, unit, target)
