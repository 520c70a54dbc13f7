"""A request checked once: ``Ruleset.plan`` decides it and keeps what the check worked out.

python-chess's model: a board generates legal move objects once and pushes the one chosen.
Here ``Ruleset.plan(state, request, los)`` answers a ``Plan``: legal (``reasons`` empty),
with ``detail``, what the handler's check computed on the way (a fire's ``FirePlan``: its
firer, target, rating, range, hit number, found after its line of sight), or refused with
the reasons. ``engine.perform`` takes a plan and carries it out after one cheap test that
the game still stands where it was planned (``Stamp``); the handler then performs from
``detail`` and never plans again. A request performed without a plan (``tabletop act``,
replay) is planned once, then performed.

``rules.query.available_actions`` plans its candidates and hands the plans of the legal
ones out (``ActionOption.plans``, ``ActionOption.plan_of``), so the window performs the
very plan it offered.

A ``detail`` holds plain data only (unit ids, hexes, numbers), never a unit object: a plan
made while a question is answered (on ``query.QueryState``) is performed on the game
itself, and an undo replaces the unit objects it touched.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from tabletop.model import GameState, LogEntry
from tabletop.rules.actions import ActionRequest

__all__ = ["Plan", "Stamp"]


@dataclass(frozen=True, eq=False, slots=True)
class Stamp:
    """Where the game stood when a plan was made. Every change the rules make, a manual
    change, an undo or a redo either appends a new log entry or puts a new log list in
    place (``Memento.restore``), so the very log list, its length and its last entry
    (held, so never another object at the same address) tell one position from another;
    the pending move and the sequence are compared too, for good measure."""

    log: list[LogEntry]
    length: int
    last: LogEntry | None
    rest: tuple[object, ...]

    @classmethod
    def of(cls, state: GameState) -> Stamp:
        log = state.log
        return cls(log, len(log), log[-1] if log else None, _rest(state))

    def matches(self, state: GameState) -> bool:
        log = state.log
        return (
            log is self.log
            and len(log) == self.length
            and (log[-1] if log else None) is self.last
            and _rest(state) == self.rest
        )


def _rest(state: GameState) -> tuple[object, ...]:
    return (state.turn, state.phase, state.active_side, state.active_formation, state.finished,
            repr(state.pending))  # fmt: skip


@dataclass(frozen=True, eq=False, slots=True)
class Plan:
    """One request, decided: legal when ``reasons`` is empty. ``detail`` is what the
    handler's check built (None for a handler that builds nothing, and for a refusal)."""

    request: ActionRequest
    reasons: tuple[str, ...] = ()
    detail: Any = None
    stamp: Stamp | None = None

    @property
    def legal(self) -> bool:
        return not self.reasons

    def current(self, state: GameState) -> bool:
        """Was this plan made on ``state`` as it stands now (so it may be performed as
        planned)? Cheap: a few comparisons, no rule asked."""
        return self.stamp is not None and self.stamp.matches(state)

    def moved_to(self, state: GameState) -> Plan:
        """This plan for ``state``, which the caller knows stands where the plan was made
        (a snapshot of that position, or the game put back there by an undo): the
        computer opponent tries each plan it found and undoes it, and performs the next
        plan of the same position without planning it again."""
        return replace(self, stamp=Stamp.of(state))
