"""What may be done now: the one answer behind ``tabletop actions`` and the app's action
panel (docs/headless.md).

``available_actions(state, los)`` asks the scenario's ruleset for *candidate* requests
(``Ruleset.probes`` in ``tabletop.rules.engine``: every target, hex, weapon or mode worth
trying for each action), then decides each one with the ruleset's own ``check``, the very
check ``perform`` and ``tabletop act`` make. So a listed choice is exactly a request that
``act`` accepts, and an action with no legal candidate carries the reasons ``act`` would
give. No die is read and the state is not changed.

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
      .reasons  tuple[str]: why not (empty when ``choices`` is not); of several
                candidates, each reason names its own (``t64-1: no line of sight ...``)
      .legal, .targets, .hexes     conveniences over ``choices``

Under a side (``side="nato"``) only that side's units are listed, every candidate is
checked as that side's request (1.7: its answer reveals nothing that side may not know),
and the game actions are the ones that side may take.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from tabletop.model import GameState
from tabletop.rules.actions import ActionRequest
from tabletop.rules.los import LineOfSight

if TYPE_CHECKING:
    from tabletop.rules.engine import Ruleset


@dataclass(frozen=True, slots=True)
class Probe:
    """What a ruleset proposes to try for one action: its candidate requests, or the
    reasons the action is out of the question (then no candidate is tried). An empty
    probe (no candidates, no reasons) tries the bare request (``--unit ID`` alone)."""

    action: str
    candidates: tuple[ActionRequest, ...] = ()
    reasons: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ActionOption:
    """One action for one unit (or for the game): the legal ways to take it, or why not."""

    action: str
    unit: str | None
    choices: tuple[ActionRequest, ...] = ()
    reasons: tuple[str, ...] = ()

    @property
    def legal(self) -> bool:
        return bool(self.choices)

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
) -> ActionsReport:
    """Every action the game and each unit (``units``, or the ruleset's listing) may take
    now, with every legal request found, and for each other action the reasons.

    Raises ``ValueError`` for a unit id the game does not hold or a ruleset that cannot
    answer."""
    ruleset = prober_for(state)
    ids = list(units) if units is not None else ruleset.listed_units(state, side)
    for uid in ids:
        state.unit(uid)  # ValueError naming the id

    def decide_all(uid: str | None) -> tuple[ActionOption, ...]:
        probes = ruleset.probes(state, los, uid, side)
        return tuple(_decide(ruleset, state, los, p, uid, side) for p in probes)

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
) -> ActionOption:
    if probe.reasons:
        return ActionOption(probe.action, unit, (), probe.reasons)
    bare = ActionRequest(probe.action, units=(unit,) if unit else (), side=side)
    candidates = probe.candidates or (bare,)
    legal: list[ActionRequest] = []
    refused: list[tuple[ActionRequest, list[str]]] = []
    for request in candidates:
        request = replace(request, side=side)
        why = ruleset.check(state, request, los)
        if why:
            refused.append((request, why))
        else:
            legal.append(request)
    if legal:
        return ActionOption(probe.action, unit, tuple(legal), ())
    if all(why == refused[0][1] for _, why in refused):
        return ActionOption(probe.action, unit, (), _distinct(refused[0][1]))
    reasons = [f"{named}: {r}" if (named := _subject(request)) and named not in r else r
               for request, why in refused for r in why]  # fmt: skip
    return ActionOption(probe.action, unit, (), _distinct(reasons))


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
@dataclass(frozen=True, slots=True)
class ReachHex:
    """A hex a move can end in: the least movement it costs and a path of that cost
    (the ``--to`` of ``move``)."""

    hex: str
    cost: int
    path: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class BlockedHex:
    """A hex next to the reach that the move cannot enter, with the reasons."""

    hex: str
    reasons: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ReachReport:
    """``tabletop reach``: where ``unit`` can move from ``hex`` with ``mp`` movement.

    ``reasons`` say why it may not move now at all (another formation's impulse, Ops
    Complete, ...); the hexes are still those of its next move, for planning."""

    unit: str
    hex: str | None
    mp: int
    maneuver: bool
    reach: tuple[ReachHex, ...]
    blocked: tuple[BlockedHex, ...]
    reasons: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "unit": self.unit,
            "from": self.hex,
            "mp": self.mp,
            "maneuver": self.maneuver,
            "may_move": not self.reasons,
            "reasons": list(self.reasons),
            "reach": [{"hex": r.hex, "cost": r.cost, "path": list(r.path)} for r in self.reach],
            "blocked": [{"hex": b.hex, "reasons": list(b.reasons)} for b in self.blocked],
        }


def reach(
    state: GameState,
    los: LineOfSight,
    unit: str,
    *,
    maneuver: bool = False,
    side: str | None = None,
) -> ReachReport:
    """Every hex ``unit`` can end its next move in (``maneuver``: a move in maneuver mode),
    cheapest first, and each hex next to those it cannot enter with the reasons; as seen
    by ``side`` (its own knowledge only). ValueError for an unknown unit, a unit of
    another side than ``side``, or a ruleset that cannot answer."""
    moving = state.unit(unit)
    if side is not None and moving.side != side:
        raise ValueError(f"{unit} belongs to {moving.side}: {side} may ask only of its own units")
    ruleset = prober_for(state)
    answer: ReachReport = ruleset.reach(state, los, unit, maneuver=maneuver, side=side)
    return answer
