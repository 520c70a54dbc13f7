"""Play in the window: the selected unit, and every action performed through the same
``PlayAction`` on the document's history as ``tabletop act``.

The controller owns no rules: it asks the core what is legal (``rules.query``: the
``available_actions`` behind ``tabletop actions``, ``reach`` behind ``tabletop reach``, and
the ruleset's ``plan`` for a request being built), hands the chosen request's plan to
``PlayAction`` with the document's dice and LOS engine, and reports what happened
(``performed``) or why not (``refused``). Each request is planned at most once per
position: a choice the action panel offered keeps the plan ``available_actions`` made,
a request built by a tool (a path, a target) keeps the plan its check made, and the
action is performed from that plan, not decided again. A move paused for opportunity fire is
announced with ``opportunityFire`` for the defending player to answer (or answered by the
solo policy); once answered, a paused move continues by itself (``move --continue``).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from tabletop.commands import PlayAction
from tabletop.documents import GameDocument
from tabletop.hexgrid import Hex
from tabletop.model import MOVE_PAUSED, OPPORTUNITY_FIRE, Pending, UnitState
from tabletop.rules import ActionRequest, ActionResult, DiceError, IllegalAction, LineOfSight
from tabletop.rules.engine import ruleset_for
from tabletop.rules.plan import Plan, Stamp
from tabletop.rules.query import ActionOption, ReachReport, available_actions, reach
from tabletop.rules.turns import waiting_on

OPFIRE = OPPORTUNITY_FIRE
"""interfaces.md 3: a paused move's ``pending.kind`` before its answer (after it:
``MOVE_PAUSED``); both are ``tabletop.model.Pending``'s kinds."""
WEAPONS = ("ap", "he", "aa")
POLICIES = ("ask", "best", "never")
"""Solo opportunity fire: ask the player, fire the attack with the best odds, never fire."""


class PlayController(QObject):
    """Selection and actions of one window's game document."""

    selectionChanged = Signal(object)  # unit id or None
    performed = Signal(object)  # the PlayAction just pushed
    refused = Signal(str, object)  # action, list of reasons
    opportunityFire = Signal(object)  # the Pending (tabletop.model)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document: GameDocument | None = None
        self.selected: str | None = None
        self._cache = None
        self._cache_key: object = None
        self._plans: dict[ActionRequest, Plan] = {}
        self._plans_at: Stamp | None = None
        self.acting = False
        """True while an action is being performed (the window refreshes once it is
        done, on ``performed``, not on each change the action makes)."""
        self.unavailable = ""
        """Why the ruleset cannot list its actions (empty when it can)."""
        self.frozen = ""
        """Why the game may be looked at but not played now (empty: it may be played): a
        saved game whose log is still being checked, or that disagrees with it
        (:mod:`tabletop.ui.shell.checking`). No action is offered or performed."""
        self.policy = "ask"
        self.forecaster = None
        """Callable (request) -> chance of an effect, used by the ``best`` policy."""
        self.deciders: frozenset[str] = frozenset()
        """Sides whose decisions another chooser makes (the computer opponent's): their
        opportunity fire is neither asked of the player nor answered by the policy."""

    # --- document and selection -------------------------------------------------------------
    def set_document(self, document: GameDocument | None) -> None:
        self.document = document
        self._cache_key = None
        self.select(None)

    @property
    def los(self) -> LineOfSight:
        """The document's line-of-sight engine (the window gives it one)."""
        assert self.document is not None
        return self.document.los

    @property
    def playable(self) -> bool:
        """A game with sides to play (a bare map shows no turn and takes no actions)."""
        return self.document is not None and bool(self.document.scenario.sides)

    def unit(self) -> UnitState | None:
        if self.document is None or self.selected is None:
            return None
        unit = self.document.state.units.get(self.selected)
        return unit if unit is not None and unit.on_map else None

    def select(self, unit_id: str | None) -> None:
        if unit_id != self.selected:
            self.selected = unit_id
            self.selectionChanged.emit(unit_id)

    def stack(self, h: Hex) -> list[UnitState]:
        """The units in a hex as a click cycles through them: the side to act first, each
        side top (highest id) first, support weapons last (they act with their platoon)."""
        assert self.document is not None
        state = self.document.state
        acting = self.acting_side()
        units = state.units_at(h)
        return sorted(reversed(units), key=lambda u: (u.side != acting, u.sw_of is not None))

    def acting_side(self) -> str | None:
        """The side whose decision the game waits for: the defender while a move is paused
        for opportunity fire, else the active side."""
        assert self.document is not None
        return waiting_on(self.document.state)

    def click_hex(self, h: Hex | None) -> None:
        """Select the top unit of the side to act there, or the next one on a second click;
        a hex without units clears the selection."""
        if self.document is None or h is None:
            self.select(None)
            return
        stack = self.stack(h)
        if not stack:
            self.select(None)
            return
        ids = [u.id for u in stack]
        if self.selected in ids:
            self.select(ids[(ids.index(self.selected) + 1) % len(ids)])
        else:
            self.select(ids[0])

    def _report(self, unit_id: str | None):
        """``available_actions`` for one unit (None: the game's actions), computed once per
        position: the key is the log's length and last entry (an undo restores the very
        entries, so equal keys mean equal positions)."""
        assert self.document is not None
        state = self.document.state
        key = self._key(unit_id)
        if self._cache_key != key:
            units = [unit_id] if unit_id is not None else []
            try:
                self._cache = available_actions(state, self.los, units=units, lazy=True)
                self.unavailable = ""
            except ValueError as exc:  # a ruleset that cannot list its actions yet
                self._cache = None
                self.unavailable = str(exc)
            self._cache_key = key
        return self._cache

    def _key(self, unit_id: str | None) -> object:
        assert self.document is not None
        state = self.document.state
        return (unit_id, len(state.log), id(state.log[-1]) if state.log else None,
                repr(state.pending))  # fmt: skip

    def options(self) -> list[ActionOption]:
        """What the selected unit may do now (``tabletop actions --unit``): each action with
        every legal request, or the reasons it may not."""
        unit = self.unit()
        if unit is None or not self.playable or self.frozen:
            return []
        report = self._report(unit.id)
        return list(report.unit(unit.id).options) if report is not None else []

    def game_options(self) -> list[ActionOption]:
        """Draw, end impulse, phase or turn, pass: legal now or why not."""
        if not self.playable or self.frozen:
            return []
        unit = self.unit()
        report = self._report(unit.id if unit is not None else None)
        return list(report.game) if report is not None else []

    def reach(self, maneuver: bool = False) -> ReachReport | None:
        """Where the selected unit's next move may end, with costs and paths, as its own
        side knows the map (``tabletop reach``)."""
        unit = self.unit()
        if unit is None or self.document is None:
            return None
        return reach(self.document.state, self.los, unit.id, maneuver=maneuver, side=unit.side)

    def plan(self, request: ActionRequest) -> Plan:
        """``request`` decided by the ruleset, once per position: the plan of a choice the
        last ``available_actions`` answer holds, else planned now (and kept)."""
        assert self.document is not None
        state = self.document.state
        if self._plans_at is None or not self._plans_at.matches(state):
            self._plans, self._plans_at = {}, Stamp.of(state)
        found = self._plans.get(request)
        if found is None:
            found = self._offered(request) or ruleset_for(state.scenario.ruleset).plan(
                state, request, self.los
            )
            if len(self._plans) > 4096:  # (a long session of paths tried in one position)
                self._plans.clear()
            self._plans[request] = found
        return found

    def _offered(self, request: ActionRequest) -> Plan | None:
        """The plan ``available_actions`` made of ``request``, when it is a choice of the
        answer the panel shows (that answer stands on this position)."""
        report = self._cache
        if report is None or self.document is None:
            return None
        state = self.document.state
        if self._cache_key != self._key(self._cache_key[0] if self._cache_key else None):
            return None
        rows = [*report.game, *(o for u in report.units for o in u.options)]
        for option in rows:
            if option.action == request.action:
                plan: Plan | None = option.plan_of(request)
                if plan is not None and plan.current(state):
                    return plan
        return None

    def reasons(self, request: ActionRequest) -> list[str]:
        """Why the ruleset refuses ``request`` now (empty: legal), as ``act`` would say."""
        return list(self.plan(request).reasons)

    def legal(self, requests) -> tuple[list[ActionRequest], list[str]]:
        """The legal ones among ``requests``, and the reasons of the first refused one."""
        legal: list[ActionRequest] = []
        first: list[str] = []
        for request in requests:
            why = self.reasons(request)
            if not why:
                legal.append(request)
            elif not first:
                first = why
        return legal, ([] if legal else first)

    def enemies(self, unit: UnitState) -> list[UnitState]:
        """Enemy units on the map that may be fired at by themselves (not support weapons)."""
        assert self.document is not None
        return [e for e in self.document.state.enemies_of(unit.side) if e.sw_of is None]

    # --- acting -----------------------------------------------------------------------------
    def perform(
        self, request: ActionRequest | Plan, *, by: str | None = None, why: str = ""
    ) -> ActionResult | None:
        """Play ``request`` as one undo step, from its plan (``plan``: the one offered or
        checked in this position); None (and ``refused``) when illegal. ``by`` and ``why``:
        who chose it when not the player (``bot``), and why (its log entry)."""
        doc = self.document
        if doc is None:
            return None
        if self.frozen:
            action = request.request.action if isinstance(request, Plan) else request.action
            self.refused.emit(action, [self.frozen])
            return None
        plan = request if isinstance(request, Plan) else self.plan(request)
        if not plan.legal:
            self.refused.emit(plan.request.action, list(plan.reasons))
            return None
        command = PlayAction(doc.state, plan, self.los, doc.dice, by=by, why=why)
        self.acting = True
        try:
            doc.push(command)
        except IllegalAction as exc:
            self.refused.emit(plan.request.action, list(exc.reasons))
            return None
        except DiceError as exc:
            command.undo()  # the action stopped half-way: put everything back
            self.refused.emit(plan.request.action, [f"the dice ran out: {exc}"])
            return None
        finally:
            self.acting = False
        self.performed.emit(command)
        self._follow_up(doc)
        return command.result

    def _follow_up(self, doc: GameDocument) -> None:
        pending = doc.state.pending
        if pending is None:
            return
        if pending.opportunity_fire:
            if waiting_on(doc.state) in self.deciders:
                return  # the computer opponent answers for its side
            if self.policy == "ask":
                self.opportunityFire.emit(pending)
            else:
                self.answer_automatically(pending)
            return
        if pending.move_paused:  # answered: the mover's path goes on
            self.perform(ActionRequest("move", units=(pending.unit,), cont=True))

    def opportunity_requests(self) -> list[ActionRequest]:
        """Every legal opportunity attack on the paused mover (each firer, each rating)."""
        doc = self.document
        if doc is None or doc.state.pending is None:
            return []
        pending = doc.state.pending
        mover = pending.unit
        candidates = [
            ActionRequest("opportunity-fire", units=(firer,), target=mover, weapon=w)
            for firer in pending.firers
            for w in WEAPONS
        ]
        return self.legal(candidates)[0]

    def answer_automatically(self, pending: Pending) -> None:
        """The solo policy: ``never`` passes; ``best`` fires the attack most likely to have
        an effect (ties: the first firer in unit-id order), or passes when none may."""
        requests = self.opportunity_requests() if self.policy == "best" else []
        if requests and self.forecaster is not None:
            best = max(requests, key=lambda r: self.forecaster(r))  # first of equals wins
            self.perform(best)
        else:
            self.perform(ActionRequest("pass"))


def move_paused(document: GameDocument) -> bool:
    """A move waits to be continued (its opportunity fire was answered); never for an
    editor's document (a map, counters or scenario has no game state)."""
    state = getattr(document, "state", None)
    pending = state.pending if state is not None else None
    return pending is not None and pending.kind == MOVE_PAUSED
