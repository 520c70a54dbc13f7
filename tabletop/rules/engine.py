"""One entry point for every ruleset: perform an action, log it, replay a log.

``perform`` decides legality before reading any die (an illegal action raises
``IllegalAction`` and changes nothing), then runs the ruleset's procedure, which mutates the
state and returns an ``ActionResult`` holding every roll. Given a ``rules.plan.Plan`` (what
``Ruleset.plan`` and ``rules.query.available_actions`` answer) that was made on the game as
it stands, it performs that plan without deciding it again; a request, or a plan the game
has moved on from, is planned once first. The action and its dice are
appended to the game log, so ``replay`` from the scenario reproduces the state exactly.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Protocol

from tabletop.model import GameState, LogEntry, Scenario
from tabletop.model import setup as _setup
from tabletop.model.setup import Setup
from tabletop.rules import rulesets, victory
from tabletop.rules.actions import ACTIONS, ActionRequest, ActionResult
from tabletop.rules.declare import ActionSpec
from tabletop.rules.dice import DiceError, DiceSource, RecordingDice, ScriptedDice
from tabletop.rules.fights import Fight
from tabletop.rules.forecast import Forecast, OddsAnswer, OddsQuery
from tabletop.rules.los import LineOfSight
from tabletop.rules.plan import Plan
from tabletop.rules.probe import Probe
from tabletop.rules.reach import ReachReport
from tabletop.rules.victory import Scoring


class Ruleset(Setup, Protocol):
    """A ruleset: its actions, their legality and deeds, the questions of ``rules.query``,
    and (from ``model.setup.Setup``) what it says about a scenario's setup."""

    name: str
    cup: bool
    """Impulses are drawn from a cup of formation chits (the game shows its cup)."""
    declared: tuple[ActionSpec, ...]
    """Each of its actions declared once (``rules.declare``): the window's menus and
    panels, ``act --help`` and the narrator read these."""

    def plan(self, state: GameState, request: ActionRequest, los: LineOfSight) -> Plan:
        """Decide the action once: a legal ``Plan`` carrying what the check built, or the
        reasons it is illegal now. Reads no dice."""
        ...

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        """Reasons the action is illegal now (empty when legal): ``plan``'s. Reads no dice."""
        ...

    def perform(
        self,
        state: GameState,
        request: ActionRequest,
        dice: DiceSource,
        los: LineOfSight,
        plan: Plan | None = None,
    ) -> ActionResult:
        """Carry out a legal action: roll, apply results, return what happened; from
        ``plan`` (legal, made on this very position) when given, without planning again."""
        ...

    def probes(
        self, state: GameState, los: LineOfSight, unit: str | None, side: str | None
    ) -> list[Probe]:
        """For ``tabletop actions`` and the app's action panel (``rules.query``): the
        candidate requests of every action of ``unit`` (None: the game's own actions, like
        ending a phase), asked as ``side`` (None: the referee). Cheap: ``query`` decides
        each candidate with ``check``; a probe with reasons is not tried at all."""
        ...

    def listed_units(self, state: GameState, side: str | None) -> list[str]:
        """The units ``tabletop actions`` lists when none is named, in unit-id order (under
        ``side`` only that side's)."""
        ...

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
        """``tabletop reach`` (``rules.query.reach``): where the unit's next move can end
        (``explain=False``: without the blocked hexes and the reasons)."""
        ...

    @property
    def scoring(self) -> Scoring:
        """Victory's hooks (``rules.victory``, rules-spec 6): the default losses table, each
        side's losses, who may hold an objective."""
        ...

    def forecast(self, state: GameState, request: ActionRequest, los: LineOfSight) -> Forecast:
        """The odds of the attack ``request`` makes, as the app's odds panel shows them
        (``rules.forecast.forecast``); a request it gives no odds for: ``reasons``."""
        ...

    def odds(self, state: GameState, query: OddsQuery, los: LineOfSight) -> OddsAnswer:
        """``tabletop odds`` (``rules.forecast.odds``): the attack ``query`` names, planned
        as its action plans it, and its odds as the command's JSON and text (or the reasons
        it is not legal; ``OddsRequestError`` for arguments the ruleset has no use for)."""
        ...

    def support_choices(
        self, state: GameState, request: ActionRequest, los: LineOfSight
    ) -> tuple[ActionRequest, ...]:
        """Every way the firer's support weapon may join ``request`` (empty: none)."""
        ...

    def fights(self, state: GameState, los: LineOfSight, side: str | None) -> tuple[Fight, ...]:
        """Every hex where a close combat goes on (``rules.fights``; empty: the ruleset
        fights none over a hex)."""
        ...

    def fight_at(
        self,
        state: GameState,
        los: LineOfSight,
        hex_label: str,
        declared: dict[str, str],
        leave: tuple[str, ...],
        side: str | None,
    ) -> Fight | None:
        """The fight in ``hex_label`` with these declarations (None: none there)."""
        ...

    def pairing_forecast(self, state: GameState, unit: str, target: str) -> Forecast:
        """The odds of ``unit``'s attack on ``target`` in their next close-combat round."""
        ...


def ruleset_for(name: str) -> Ruleset:
    """The ruleset a scenario names, found in the one table (``rules.rulesets``)."""
    ruleset: Ruleset = rulesets.load(name)
    return ruleset


_setup.install(ruleset_for, rulesets.names)  # the model's and data's questions (model.setup)


def ruleset_actions(name: str) -> tuple[str, ...]:
    """The actions of interfaces.md the ruleset ``name`` has, in that list's order, then any
    other it declares (the play window's Play menu shows these only)."""
    ruleset = ruleset_for(name)
    handlers = getattr(ruleset, "handlers", {})
    more = [s.name for s in getattr(ruleset, "declared", ()) if s.name not in ACTIONS]
    return (*(action for action in ACTIONS if action in handlers), *more)


def declared_actions(first: str | None = None) -> dict[str, ActionSpec]:
    """The declaration of each action name (``rules.declare``): ``first``'s own where that
    ruleset declares it, else the first of the table's rulesets that does, in interfaces.md's
    order and then any other declared name (a ruleset registered with actions of its own).
    The window's QActions, ``act --help`` and the narrator's phrases are read from these."""
    order = [first] if first is not None else []
    order += [name for name in rulesets.names() if name not in order]
    found: list[Ruleset] = []
    for name in order:
        try:
            found.append(ruleset_for(name))
        except ValueError:  # (a ruleset this installation does not know)
            continue
    key = tuple(id(ruleset) for ruleset in found)
    cached = _DECLARED.get(key)
    if cached is None:  # (the objects are kept with their answer: their ids stay theirs)
        specs: dict[str, ActionSpec] = {}
        for ruleset in found:
            for spec in getattr(ruleset, "declared", ()):
                specs.setdefault(spec.name, spec)
        known = [name for name in ACTIONS if name in specs]
        names = [*known, *(name for name in specs if name not in ACTIONS)]
        cached = _DECLARED[key] = (tuple(found), {name: specs[name] for name in names})
    return dict(cached[1])


_DECLARED: dict[tuple[int, ...], tuple[tuple[Ruleset, ...], dict[str, ActionSpec]]] = {}
"""``declared_actions``' answers, by the ruleset objects asked in order."""


def perform(
    state: GameState,
    request: ActionRequest | Plan,
    dice: DiceSource,
    los: LineOfSight,
    *,
    by: str | None = None,
    why: str = "",
) -> ActionResult:
    """Carry out and log one action: a plan made on the game as it stands now is performed
    as planned; a request (or a plan the game has moved on from) is planned first. Raises
    ``IllegalAction`` with reasons. ``by`` and ``why`` go into the log entry: who chose the
    action when not a player (``bot``) and its reason."""
    from tabletop.rules.actions import IllegalAction

    ruleset = ruleset_for(state.scenario.ruleset)
    if isinstance(request, Plan) and request.current(state):
        plan = request
    else:
        asked = request.request if isinstance(request, Plan) else request
        plan = ruleset.plan(state, asked, los)
    if plan.reasons:
        raise IllegalAction(list(plan.reasons))
    request = plan.request
    recorder = RecordingDice(dice)
    side = request.side or state.active_side
    turn = state.turn  # the turn the action is taken in (end-turn moves on to the next)
    before = victory.present_sides(state)
    result = ruleset.perform(state, request, recorder, los, plan)
    victory.settle(state, result, before)  # control, and the game's end (rules-spec 6)
    state.log.append(
        LogEntry(
            action=request.action,
            args=request.to_dict(),
            dice=list(recorder.faces),
            turn=turn,
            side=side,
            summary=summarise(result),
            by=by,
            why=why,
        )
    )
    return result


def summarise(result: ActionResult) -> str:
    """One line for the game log: the action and its notable events."""
    events = ", ".join(
        f"{e.event} {e.unit or e.hex or ''}".strip()
        for e in result.events
        if e.event != "marker_removed"
    )
    return f"{result.action}: {events}" if events else result.action


def replay(scenario: Scenario, log: Iterable[LogEntry], los: LineOfSight) -> GameState:
    """Play a log from the scenario's start; each entry's recorded dice are used exactly."""
    state = scenario.new_game()
    for _result in replay_steps(state, log, los):
        pass
    return state


def replay_steps(
    state: GameState, log: Iterable[LogEntry], los: LineOfSight
) -> Iterator[ActionResult]:
    """Play ``log`` on ``state`` (a new game) one entry at a time, yielding each entry's
    result with ``state`` as it stands after it: the app's log narrates the results and
    its review mode shows the states. A manual change (``adjust``, outside the rules) is
    made again as it was. Raises ``IllegalAction`` or ``DiceError`` at the first entry that
    does not replay."""
    from tabletop.rules import adjust

    for entry in log:
        if entry.action == adjust.MANUAL:  # a change by hand: no rules, no dice
            if entry.dice:
                raise DiceError(f"a manual change rolls no dice, but its entry holds {entry.dice}")
            yield adjust.perform(state, adjust.Adjustment.from_args(entry.args), entry.side)
            continue
        dice = ScriptedDice(entry.dice)
        request = ActionRequest.from_dict(entry.action, entry.args)
        result = perform(state, request, dice, los, by=entry.by, why=entry.why)
        dice.check_all_used()
        yield result
