"""What may be done now: the one answer behind ``tabletop actions`` and the app's action
panel (docs/headless.md).

``available_actions(state, los)`` asks the scenario's ruleset for *candidate* requests
(``Ruleset.probes`` in ``tabletop.rules.engine``: every target, hex, weapon or mode worth
trying for each action), then decides each one with the ruleset's own ``plan``, the very
decision ``perform`` and ``tabletop act`` make. So a listed choice is exactly a request that
``act`` accepts, and an action with no legal candidate carries the reasons ``act`` would
give. Each legal choice keeps its plan (``rules.plan.Plan``): hand it to ``engine.perform``
and the action is carried out as planned, not decided again. No die is read and the state
is not changed.

The answer is plain frozen data::

    ActionsReport
      .turn, .phase, .active_side, .active_formation   where the game stands
      .game: tuple[ActionOption]     actions of nobody in particular (draw, end-impulse, ...)
      .units: tuple[UnitOptions]     one per unit asked about, in unit-id order
          .unit, .hex, .options: tuple[ActionOption]
    ActionOption
      .action   "fire", "move", ...
      .unit     the acting unit's id (None for a game action)
      .choices  tuple[ActionRequest]: every legal request found, ready for ``perform``
      .plans    tuple[Plan]: their plans, in the same order (``plan_of(request)``: one)
      .reasons  tuple[str]: why not (empty when ``choices`` is not); of several
                candidates, each reason names its own (``t64-1: no line of sight ...``)
      .legal, .targets, .hexes     conveniences over ``choices``

Under a side (``side="nato"``) only that side's units are listed, every candidate is
checked as that side's request (1.7: its answer reveals nothing that side may not know),
and the game actions are the ones that side may take.

Cost: a unit may have hundreds of candidates (every hex in reach, every enemy and rating),
and each check asks the same things again: who stands in a hex, who is an enemy, what
markers lie where, whether one hex sees another. While the question is answered nothing
changes, so ``available_actions`` hands the ruleset a ``QueryState`` (the very game, with
those lookups answered from indexes built on first use) and a ``SeenOnce`` line of sight
(each sight line computed once). So the answer costs in proportion to the candidates,
not to candidates x units on the map (``benchmarks/bench_actions.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from tabletop.hexgrid import Hex, HexSide
from tabletop.model import GameState, HexMarker, UnitState
from tabletop.model.tracking import UnitTable
from tabletop.rules.actions import ActionRequest
from tabletop.rules.los import LineOfSight, LosResult, Viewpoint
from tabletop.rules.plan import Plan
from tabletop.rules.probe import Probe as Probe
from tabletop.rules.reach import BlockedHex as BlockedHex
from tabletop.rules.reach import ReachHex as ReachHex
from tabletop.rules.reach import ReachReport as ReachReport

if TYPE_CHECKING:
    from tabletop.rules.engine import Ruleset


class ActionOption:
    """One action for one unit (or for the game): the legal ways to take it, or why not.

    Made decided (``ActionOption(action, unit, choices, reasons)``) or deferred
    (``available_actions(..., lazy=True)``): then each candidate is planned only when a
    question needs it, so ``legal`` stops at the first legal candidate (cheapest first)
    and ``choices``, ``plans`` or ``reasons`` decide the rest. Each candidate is planned at
    most once. A deferred option must be read before the game changes (it refuses with
    RuntimeError after an action)."""

    __slots__ = ("_allow", "_candidates", "_legal", "_plan", "_plans", "_reasons", "_still",
                 "action", "unit")  # fmt: skip

    def __init__(
        self,
        action: str,
        unit: str | None,
        choices: tuple[ActionRequest, ...] = (),
        reasons: tuple[str, ...] = (),
    ) -> None:
        self.action, self.unit = action, unit
        self._candidates: tuple[ActionRequest, ...] = choices
        self._legal: list[bool] = [True] * len(choices)
        self._reasons: dict[int, list[str]] = {}
        self._plans: dict[int, Plan] = {}
        self._plan: Any = None
        self._allow: Any = None
        self._still: Any = None
        if not choices:  # decided: refused, with these reasons
            self._candidates, self._legal = (ActionRequest(action),), [False]
            self._reasons = {0: list(reasons)}

    @classmethod
    def deferred(
        cls, action: str, unit: str | None, candidates: tuple[ActionRequest, ...],
        plan: Any, still: Any, allow: Any = None,
    ) -> ActionOption:  # fmt: skip
        """Decided candidate by candidate with ``plan(request) -> Plan`` while ``still()``
        (the position) is what it was when the option was made. ``allow(request) -> bool |
        None``, when given, says whether the plan would be legal without working out the
        reasons of a refusal (None: plan it); a refused candidate's reasons are worked out
        when ``reasons`` needs them, an allowed one's plan when ``plans`` does."""
        option = cls(action, unit, candidates)
        option._legal = []
        option._plan, option._allow, option._still = plan, allow, (still, still())
        return option

    def _fresh(self) -> None:
        still, then = self._still
        if still() != then:
            raise RuntimeError(f"the game changed since the {self.action} option was made: "
                               "ask available_actions again")  # fmt: skip

    def _upto(self, n: int) -> None:
        if len(self._legal) >= n:
            return
        self._fresh()
        while len(self._legal) < n:
            k = len(self._legal)
            if k in self._plans or k in self._reasons:  # planned out of turn (plan_of)
                self._legal.append(k in self._plans)
                continue
            request = self._candidates[k]
            quick = self._allow(request) if self._allow is not None else None
            if quick is not None:
                self._legal.append(bool(quick))
                continue
            self._legal.append(self._decide(k))

    def _decide(self, k: int) -> bool:
        """Plan candidate ``k``; keep its plan (legal) or its reasons."""
        plan: Plan = self._plan(self._candidates[k])
        if plan.legal:
            self._plans[k] = plan
        else:
            self._reasons[k] = list(plan.reasons)
        return plan.legal

    def _why(self, k: int) -> list[str]:
        """The reasons of candidate ``k`` (decided already)."""
        if self._legal[k]:
            return []
        if k not in self._reasons:
            self._fresh()
            self._reasons[k] = list(self._plan(self._candidates[k]).reasons)
        return self._reasons[k]

    def _plan_at(self, k: int) -> Plan:
        """The plan of the legal candidate ``k`` (decided already)."""
        plan = self._plans.get(k)
        if plan is None:
            if self._plan is None:  # decided by hand: a plan to be made when performed
                plan = Plan(self._candidates[k])
            else:
                self._fresh()
                plan = self._plan(self._candidates[k])
            self._plans[k] = plan
        return plan

    @property
    def legal(self) -> bool:
        for k in range(len(self._candidates)):
            self._upto(k + 1)
            if self._legal[k]:
                return True
        return False

    @property
    def candidates(self) -> tuple[ActionRequest, ...]:
        """Every request this option considers, none decided by reading this: the legal
        ones are ``choices``. A window may show them as the aim's targets and decide only
        the one aimed at (``plan_of``): a big game's mortar has hundreds of hexes to fire
        at, each needing a spotter found among hundreds of sight lines, which ``choices``
        decides all at once."""
        return self._candidates if self._plan is not None or any(self._legal) else ()

    @property
    def choices(self) -> tuple[ActionRequest, ...]:
        self._upto(len(self._candidates))
        return tuple(c for c, ok in zip(self._candidates, self._legal, strict=True) if ok)

    @property
    def plans(self) -> tuple[Plan, ...]:
        """The plans of ``choices``, in their order: ``engine.perform`` carries one out as
        planned while the game stands where it was planned."""
        self._upto(len(self._candidates))
        return tuple(self._plan_at(k) for k, ok in enumerate(self._legal) if ok)

    def plan_of(self, request: ActionRequest) -> Plan | None:
        """The plan of ``request`` when it is one of the legal choices (None: it is not),
        planning that candidate alone if it is not decided yet."""
        for k, c in enumerate(self._candidates):
            if c != request:
                continue
            if k < len(self._legal):
                return self._plan_at(k) if self._legal[k] else None
            if k in self._plans:
                return self._plans[k]
            if k in self._reasons or self._plan is None:
                return None
            self._fresh()
            return self._plans[k] if self._decide(k) else None
        return None

    @property
    def reasons(self) -> tuple[str, ...]:
        if self.legal:
            return ()
        refused = [(c, self._why(k)) for k, c in enumerate(self._candidates)]
        if all(why == refused[0][1] for _, why in refused):
            return _distinct(refused[0][1])
        return _distinct(f"{named}: {r}" if (named := _subject(request)) and named not in r
                         else r for request, why in refused for r in why)  # fmt: skip

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ActionOption):
            return NotImplemented
        return (self.action, self.unit, self.choices, self.reasons) == (
            other.action, other.unit, other.choices, other.reasons)  # fmt: skip

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"ActionOption({self.action!r}, {self.unit!r}, choices={self.choices!r}, "
                f"reasons={self.reasons!r})")  # fmt: skip

    @property
    def targets(self) -> tuple[str, ...]:
        """The distinct targets of the choices, in order."""
        return _distinct(c.target for c in self.choices if c.target is not None)

    @property
    def hexes(self) -> tuple[str, ...]:
        """The distinct hexes of the choices (``--hex``, or a move's last hex), in order."""
        return _distinct(
            c.hex if c.hex is not None else c.to[-1] for c in self.choices if c.hex or c.to
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"action": self.action, "legal": self.legal}
        if self.legal:
            out["choices"] = [_choice_json(c, self.unit) for c in self.choices]
        else:
            out["reasons"] = list(self.reasons)
        return out


@dataclass(frozen=True, slots=True)
class UnitOptions:
    unit: str
    hex: str | None
    options: tuple[ActionOption, ...]

    @property
    def legal(self) -> tuple[ActionOption, ...]:
        return tuple(o for o in self.options if o.legal)

    @property
    def illegal(self) -> tuple[ActionOption, ...]:
        return tuple(o for o in self.options if not o.legal)

    def option(self, action: str) -> ActionOption:
        """The option of one action (KeyError when the ruleset has no such action)."""
        for o in self.options:
            if o.action == action:
                return o
        raise KeyError(action)


@dataclass(frozen=True, slots=True)
class ActionsReport:
    turn: int
    phase: str
    active_side: str | None
    active_formation: str | None
    game: tuple[ActionOption, ...]
    units: tuple[UnitOptions, ...]

    def unit(self, unit_id: str) -> UnitOptions:
        for u in self.units:
            if u.unit == unit_id:
                return u
        raise KeyError(unit_id)

    def to_json(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "phase": self.phase,
            "active_side": self.active_side,
            "active_formation": self.active_formation,
            "game": [o.to_json() for o in self.game],
            "units": {
                u.unit: {"hex": u.hex, "actions": [o.to_json() for o in u.options]}
                for u in self.units
            },
        }


def available_actions(
    state: GameState,
    los: LineOfSight,
    *,
    side: str | None = None,
    units: Sequence[str] | None = None,
    lazy: bool = False,
) -> ActionsReport:
    """Every action the game and each unit (``units``, or the ruleset's listing) may take
    now, with every legal request found, and for each other action the reasons.
    ``lazy``: each option checks its candidates only as far as a question needs (the
    app's panel asks only ``legal`` and ``reasons`` of most actions); read it before the
    game changes.

    Raises ``ValueError`` for a unit id the game does not hold or a ruleset that cannot
    answer."""
    ruleset = prober_for(state)
    ids = list(units) if units is not None else ruleset.listed_units(state, side)
    for uid in ids:
        state.unit(uid)  # ValueError naming the id
    state, los = QueryState.of(state), SeenOnce.of(los, len(state.scenario.map.cells))

    def decide_all(uid: str | None) -> tuple[ActionOption, ...]:
        probes = ruleset.probes(state, los, uid, side)
        return tuple(_decide(ruleset, state, los, p, uid, side, lazy) for p in probes)

    game = decide_all(None)
    listed = tuple(UnitOptions(uid, _label(state, uid), decide_all(uid)) for uid in ids)
    return ActionsReport(
        state.turn, state.phase, state.active_side, state.active_formation, game, listed
    )


def prober_for(state: GameState) -> Ruleset:
    """The scenario's ruleset; ValueError when it does not answer ``probes`` (yet)."""
    from tabletop.rules.engine import ruleset_for

    ruleset = ruleset_for(state.scenario.ruleset)
    if not hasattr(ruleset, "probes"):
        raise ValueError(f"the {state.scenario.ruleset} ruleset cannot list its actions yet")
    return ruleset


def _decide(
    ruleset: Ruleset,
    state: GameState,
    los: LineOfSight,
    probe: Probe,
    unit: str | None,
    side: str | None,
    lazy: bool,
) -> ActionOption:
    if probe.reasons:
        return ActionOption(probe.action, unit, (), probe.reasons)
    bare = ActionRequest(probe.action, units=(unit,) if unit else (), side=side)
    candidates = tuple(r if r.side == side else replace(r, side=side)
                       for r in probe.candidates or (bare,))  # fmt: skip

    planner = getattr(ruleset, "plan", None)

    def plan(request: ActionRequest) -> Plan:
        if planner is None:  # a ruleset that only checks: its plans are its requests
            return Plan(request, tuple(ruleset.check(state, request, los)))
        found: Plan = planner(state, request, los)
        return found

    allows = getattr(ruleset, "allows", None)

    def allow(request: ActionRequest) -> bool | None:
        assert allows is not None
        quick: bool | None = allows(state, request, los)
        return quick

    option = ActionOption.deferred(probe.action, unit, candidates, plan,
                                   lambda: _position(state), allow if allows else None)  # fmt: skip
    if not lazy:
        option.choices  # noqa: B018  (decide every candidate now, and the reasons
        option.reasons  # noqa: B018   of a refused action)
    return option


def _position(state: GameState) -> object:
    """What changes with every action, undo or redo (the log's entries are never changed
    in place, and an undo puts the very entries back)."""
    return (len(state.log), id(state.log[-1]) if state.log else None, repr(state.pending),
            state.turn, state.phase, state.active_formation)  # fmt: skip


def _subject(request: ActionRequest) -> str | None:
    """What tells one candidate from the others (``t64-1``, ``0810``, ``at``), to name it
    in a reason that does not already."""
    for value in (request.target, request.hex, request.to[-1] if request.to else None,
                  request.formation, request.mode, request.kind):  # fmt: skip
        if value:
            return value
    return None


def _label(state: GameState, unit_id: str) -> str | None:
    h = state.unit(unit_id).hex
    return state.scenario.map.label(h) if h is not None else None


def _choice_json(request: ActionRequest, unit: str | None) -> dict[str, Any]:
    """The request's arguments without the action, the acting unit and the side."""
    out = request.to_dict()
    out.pop("side", None)
    if unit is not None and out.get("units") == [unit]:
        del out["units"]
    return out


def _distinct(items: Any) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))


# --- where a unit can go ------------------------------------------------------------------
def reach(
    state: GameState,
    los: LineOfSight,
    unit: str,
    *,
    maneuver: bool = False,
    side: str | None = None,
    explain: bool = True,
) -> ReachReport:
    """Every hex ``unit`` can end its next move in (``maneuver``: a move in maneuver mode),
    cheapest first, and each hex next to those it cannot enter with the reasons; as seen
    by ``side`` (its own knowledge only). ``explain=False``: the hexes only, for a caller
    that reads no reason (the computer opponent's guess at the enemy's next moves): the
    report's ``blocked`` and ``reasons`` are left empty, which saves a third of the work.
    ValueError for an unknown unit, a unit of another side than ``side``, or a ruleset
    that cannot answer."""
    moving = state.unit(unit)
    if side is not None and moving.side != side:
        raise ValueError(f"{unit} belongs to {moving.side}: {side} may ask only of its own units")
    ruleset = prober_for(state)
    # one question: each sight line (a Disrupted unit's steps ask the enemies' sight) once
    state, los = QueryState.of(state), SeenOnce.of(los, len(state.scenario.map.cells))
    answer: ReachReport = ruleset.reach(
        state, los, unit, maneuver=maneuver, side=side, explain=explain
    )
    return answer


# --- one question, one state ---------------------------------------------------------------
class QueryState(GameState):
    """The game while one question is answered: the same objects (nothing is copied), with
    ``units_at``, ``enemies_of`` and ``markers_at`` answered from indexes built on first
    use. Valid only while nobody changes the game: ``available_actions`` (which only
    checks) makes one per call and drops it. Each answer is a new list, equal to the plain
    ``GameState``'s."""

    @classmethod
    def of(cls, state: GameState) -> GameState:
        if isinstance(state, QueryState):
            return state
        view = object.__new__(cls)
        view.__dict__.update(state.__dict__)
        return view

    def _index(self, name: str, build: Any) -> Any:
        found = self.__dict__.get(name)
        if found is None:
            found = self.__dict__[name] = build()
        return found

    def units_at(self, h: Hex) -> list[UnitState]:
        if type(self.units) is UnitTable:  # the table's own hex index, kept current
            return GameState.units_at(self, h)

        def build() -> dict[Hex, list[UnitState]]:
            out: dict[Hex, list[UnitState]] = {}
            for u in self.units.values():
                if u.hex is not None and u.alive:
                    out.setdefault(u.hex, []).append(u)
            return out

        stacks: dict[Hex, list[UnitState]] = self._index("_units_at", build)
        sorted_: set[Hex] = self._index("_sorted", set)
        here = stacks.get(h)
        if here is None:
            return []
        if h not in sorted_:  # in unit-id order, sorted once when first asked
            here.sort(key=lambda u: u.id)
            sorted_.add(h)
        return list(here)

    def enemies_of(self, side: str) -> list[UnitState]:
        if type(self.units) is UnitTable:
            return GameState.enemies_of(self, side)
        enemies: dict[str, list[UnitState]] = self._index("_enemies_of", dict)
        if side not in enemies:
            enemies[side] = GameState.enemies_of(self, side)
        return list(enemies[side])

    def markers_at(self, h: Hex) -> list[HexMarker]:
        def build() -> dict[Hex, list[HexMarker]]:
            out: dict[Hex, list[HexMarker]] = {}
            for m in self.hex_markers:
                out.setdefault(m.hex, []).append(m)
            return out

        return list(self._index("_markers_at", build).get(h, ()))

    def has_hex_marker(self, h: Hex, kind: str) -> bool:
        return any(m.kind == kind for m in self.markers_at(h))

    def remember(self, key: object, compute: Any) -> Any:
        """``compute()`` once per question for ``key`` (a pure function of the game, like
        the cost of one step of one unit)."""
        memo: dict[object, Any] = self._index("_memo", dict)
        if key not in memo:
            memo[key] = compute()
        return memo[key]


def remembered(state: GameState, key: object, compute: Any) -> Any:
    """``compute()``, once per question when ``state`` is a ``QueryState``."""
    if isinstance(state, QueryState):
        return state.remember(key, compute)
    return compute()


class SeenOnce:
    """A line of sight that computes each sight line once per question (the same two
    viewpoints and markers give the same answer while the game stands still)."""

    LINES_PER_FIELD = 50
    """A field of view (one vectorised pass of the engine over the map) costs about as much
    as one line per 50 hexes of the map (measured on the demo's map); so after that many
    lines from one ground viewpoint, ``clear`` reads its whole field of view instead."""

    def __init__(self, los: LineOfSight, hexes: int = 800) -> None:
        self.los = los
        self.field_after = max(16, hexes // self.LINES_PER_FIELD)
        self._lines: dict[object, Any] = {}
        self._fields: dict[object, frozenset[Hex]] = {}
        self._asked: dict[object, int] = {}
        self._last: tuple[Sequence[HexMarker] | None, tuple[tuple[object, ...], ...]] = (None, ())
        self.computed = 0
        """Answers computed by the engine (not read from the memo): for tests that count."""
        self._remembered: Callable[..., bool | None] | None = getattr(los, "remembered_sight", None)
        """The engine's answer from a field of view it remembers, when it has such."""

    @classmethod
    def of(cls, los: LineOfSight, hexes: int = 800) -> LineOfSight:
        """``los`` for one question on a map of ``hexes`` hexes."""
        return los if isinstance(los, SeenOnce) else cls(los, hexes)

    KEPT = 1 << 16
    """At most this many answers are kept (the oldest dropped first, asked again if need
    be: the same answer), so one question's memo stays bounded on a big map."""
    FIELDS_KEPT = 32
    """At most this many fields of view are kept (each holds up to every hex of the map:
    a big map's 40,000), the oldest dropped first."""

    def _once(self, key: object, compute: Any) -> Any:
        lines = self._lines
        found = lines.get(key, _MISSING)
        if found is _MISSING:
            self.computed += 1
            found = compute()
            if len(lines) >= self.KEPT:
                del lines[next(iter(lines))]
            lines[key] = found
        return found

    def _marks_of(self, markers: Sequence[HexMarker]) -> tuple[tuple[object, ...], ...]:
        """``_marks(markers)``, reused while the caller passes the same list again (a
        question's rules pass one list of markers to thousands of lines; the game does not
        change during a question)."""
        if markers is not self._last[0]:
            self._last = (markers, _marks(markers))
        return self._last[1]

    def check(self, a: Viewpoint, b: Viewpoint, markers: Sequence[HexMarker] = ()) -> LosResult:
        key = ("check", a, b, self._marks_of(markers))
        result: LosResult = self._once(key, lambda: self.los.check(a, b, markers))
        return result

    def clear(self, a: Viewpoint, b: Viewpoint, markers: Sequence[HexMarker] = ()) -> bool:
        """``check(a, b, markers).clear``: from ``a``'s field of view when the engine
        remembers it (``remembered_sight``), else between ground viewpoints from that field
        once many lines from ``a`` have been asked (the engine's field of view is the set of
        hexes ``check`` finds clear: tests/geometry/test_crosscheck.py)."""
        if self._remembered is not None and (known := self._remembered(a, b, markers)) is not None:
            return known  # (the engine's field of view of ``a``, asked before)
        if a.helicopter_mode or b.helicopter_mode:
            return self.check(a, b, markers).clear
        marks = self._marks_of(markers)
        if ("from", a, marks) not in self._fields:
            asked = self._asked[a, marks] = self._asked.get((a, marks), 0) + 1
            if asked <= self.field_after or ("check", a, b, marks) in self._lines:
                return self.check(a, b, markers).clear
        return b.hex in self.visible_from(a, markers)

    def visible_from(self, a: Viewpoint, markers: Sequence[HexMarker] = ()) -> frozenset[Hex]:
        key = ("from", a, self._marks_of(markers))
        fields = self._fields
        found = fields.get(key)
        if found is None:
            self.computed += 1
            found = self.los.visible_from(a, markers)
            if len(fields) >= self.FIELDS_KEPT:
                del fields[next(iter(fields))]
            fields[key] = found
        return found

    def visible_among(
        self, a: Viewpoint, hexes: Sequence[Hex], markers: Sequence[HexMarker] = ()
    ) -> frozenset[Hex]:
        """The hexes of ``hexes`` a ground unit would be seen in from ``a``: the engine's
        ``visible_among`` when it has one (those lines only, at once), else line by line."""
        self.computed += 1  # (not remembered: a question asks it once per hex, of many)
        return visible_among(self.los, a, hexes, markers)

    def visible_share(
        self, a: Hex, b: Hex, markers: Sequence[HexMarker] = (), ignore: Sequence[HexSide] = ()
    ) -> float:
        key = ("share", a, b, self._marks_of(markers), tuple(ignore))
        share: float = self._once(key, lambda: self.los.visible_share(a, b, markers, ignore))
        return share


def clear_sight(
    los: LineOfSight, a: Viewpoint, b: Viewpoint, markers: Sequence[HexMarker] = ()
) -> bool:
    """Does ``a`` see ``b``? (``SeenOnce.clear`` during a question, else the engine's.)"""
    if isinstance(los, SeenOnce):
        return los.clear(a, b, markers)
    return los.check(a, b, markers).clear


def visible_among(
    los: LineOfSight, a: Viewpoint, hexes: Sequence[Hex], markers: Sequence[HexMarker] = ()
) -> frozenset[Hex]:
    """The hexes of ``hexes`` in which a ground unit would be seen from ``a``: one pass of
    the engine over those lines when it answers ``visible_among`` (``LosEngine`` does),
    else ``clear_sight`` line by line (the same answer)."""
    among = getattr(los, "visible_among", None)
    if among is not None:
        found: frozenset[Hex] = among(a, hexes, markers)
        return found
    return frozenset(h for h in hexes if h == a.hex or clear_sight(los, a, Viewpoint(h), markers))


_MISSING = object()


def _marks(markers: Sequence[HexMarker]) -> tuple[tuple[object, ...], ...]:
    return tuple((m.hex, m.kind, m.side, m.revealed) for m in markers)
