"""The odds of an attack before it is rolled, for any ruleset: what the app's odds panel
shows while a target is hovered (interfaces.md 3: ``tabletop odds``).

``forecast(state, request, los)`` hands a ``fire``, ``opportunity-fire`` or ``moving-fire``
request to the scenario's ruleset and answers with plain data: every outcome with its exact
probability in the ruleset's own order (no effect, Disrupted, Reduced, Eliminated; or
figures lost), the dice pools, and every modifier that built them, each in a player's
words. An attack on several units (fire at a hex, a support weapon firing at another
target than its platoon) has one ``UnitForecast`` per unit it may touch, and the chance
that none is touched. A ruleset that cannot forecast a request says why in ``reasons``.
No die is read.

``odds(state, query, los)`` is what ``tabletop odds`` prints: the ruleset plans the attack
an ``OddsQuery`` names and answers an ``OddsAnswer`` (its JSON object and its text, or the
reasons it is not legal); the command only prints it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.model import GameState
from tabletop.rules import rulesets
from tabletop.rules.actions import ActionRequest
from tabletop.rules.los import LineOfSight


@dataclass(frozen=True)
class UnitForecast:
    """What an attack on several units may do to one of them: ``outcomes`` as in
    ``Forecast``; ``note`` says how it is touched (``"cargo of btr-1"``, ``"SW target"``)."""

    unit: str
    outcomes: tuple[tuple[str, float], ...]
    note: str = ""


@dataclass(frozen=True)
class Forecast:
    """What an attack may do. ``outcomes``: (name, probability) pairs that sum to 1;
    ``pools``: the dice rolled (``"m48-1 AP: 3 dice at 4+"``); ``modifiers``: where every
    die and hit number came from; ``reasons``: why there is no forecast (empty when there
    is one). An attack on several units fills ``units`` (each unit's own outcomes; then
    ``outcomes`` are the first unit's) and ``untouched``, the chance that no unit at all
    is affected."""

    outcomes: tuple[tuple[str, float], ...] = ()
    pools: tuple[str, ...] = ()
    modifiers: tuple[str, ...] = ()
    reasons: tuple[str, ...] = ()
    units: tuple[UnitForecast, ...] = ()
    untouched: float | None = None

    @property
    def effect(self) -> float:
        """The chance of any effect at all (1 - the first outcome, "no effect"; for an
        attack on several units, 1 - the chance that none is touched)."""
        if self.untouched is not None:
            return 1.0 - self.untouched
        return 1.0 - self.outcomes[0][1] if self.outcomes else 0.0


class OddsRequestError(ValueError):
    """A ``tabletop odds`` request the ruleset's odds do not take (its arguments name what
    the ruleset has not: bad input, exit 1)."""


@dataclass(frozen=True)
class OddsQuery:
    """What ``tabletop odds`` asks (interfaces.md 3): the odds of ``unit``'s attack on
    ``target`` or at ``hex``, with the platoon's ``weapon``, ``moving`` and SW arguments,
    as ``side`` sees the game (None: the referee)."""

    unit: str
    target: str | None = None
    hex: str | None = None
    weapon: str | None = None
    moving: bool = False
    sw_target: str | None = None
    sw_weapon: str | None = None
    side: str | None = None


@dataclass(frozen=True)
class OddsAnswer:
    """The ruleset's answer to an ``OddsQuery``: ``data``, the ``--json`` object, and
    ``text``, the lines printed without it; or, for an attack that is not legal now, no
    data and the ``reasons`` (``tabletop odds`` exits 2)."""

    data: dict[str, Any] | None
    text: str = ""
    reasons: tuple[str, ...] = ()

    @classmethod
    def illegal(cls, reasons: Sequence[str]) -> OddsAnswer:
        return cls(None, "", tuple(reasons))

    @property
    def legal(self) -> bool:
        return self.data is not None


def odds(state: GameState, query: OddsQuery, los: LineOfSight) -> OddsAnswer:
    """``tabletop odds``: the ruleset object's answer (``OddsRequestError`` for a request
    its odds do not take)."""
    answer: OddsAnswer = rulesets.load(state.scenario.ruleset).odds(state, query, los)
    return answer


def forecast(state: GameState, request: ActionRequest, los: LineOfSight) -> Forecast:
    """The odds of the attack ``request`` makes, as the state stands now (the ruleset
    object's ``forecast``)."""
    result: Forecast = rulesets.load(state.scenario.ruleset).forecast(state, request, los)
    return result


def support_choices(
    state: GameState, request: ActionRequest, los: LineOfSight
) -> tuple[ActionRequest, ...]:
    """Every way the firer's support weapon may join the attack ``request``: the request
    with each SW target and rating the ruleset's check accepts (the same target first).
    Empty when the firer has no SW, it may not fire, or the ruleset has none."""
    ruleset = rulesets.load(state.scenario.ruleset)
    result: tuple[ActionRequest, ...] = ruleset.support_choices(state, request, los)
    return result
