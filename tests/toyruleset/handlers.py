"""The toy ruleset's two actions and its ruleset object (its setup answers included)."""

from __future__ import annotations

from tabletop.hexgrid import Hex
from tabletop.model import GameState, PlatoonUnitType, Scenario, Status, UnitState
from tabletop.model.flagspec import VICTORY_FLAGS
from tabletop.model.setup import Feature, SetupProblem
from tabletop.rules.actions import ActionRequest, ActionResult, Roll
from tabletop.rules.dice import DiceSource
from tabletop.rules.los import LineOfSight
from tabletop.rules.registry import HandlerRuleset

HIT = 4
"""The lowest face of the attack's one die that eliminates the target."""


class ToyRuleset(HandlerRuleset):
    """``tabletop.rules.engine.Ruleset`` of the toy game."""

    name = "toy"
    description = "A toy: two sides step and shoot, one action a side a turn (the tests' own)."
    description = "A toy game: move to an adjacent hex, or fire one die at 4+."
    not_yet = "{action} is not an action of the {name} ruleset"
    unit_type = PlatoonUnitType  # its counters are read as platoon counters (AP range)
    phases = ("action", "finished")
    game_flags = VICTORY_FLAGS  # it writes no flag of its own, only victory's

    # --- setup (tabletop.model.setup.Setup) ---------------------------------------------------
    def has(self, feature: Feature) -> bool:
        return False

    def lacks(self, feature: Feature) -> str:
        return f"the toy ruleset has no {feature.replace('_', ' ')}"

    def start(self, state: GameState) -> None:
        state.phase = "action"
        state.active_side = next(iter(state.scenario.sides))

    def carrier_problem(
        self, scenario: Scenario, unit: UnitState, carrier_id: str, *, count_room: bool = True
    ) -> str | None:
        return self.lacks("cargo")

    def setup_problems(self, scenario: Scenario) -> list[SetupProblem]:
        return []


def actor_reasons(state: GameState, request: ActionRequest) -> tuple[UnitState | None, list[str]]:
    """The acting unit, or why it may not act: unknown, gone, or not the side to act."""
    uid = request.unit
    if uid is None:
        return None, [f"{request.action} needs --unit"]
    unit = state.units.get(uid)
    if unit is None:
        return None, [f"there is no unit {uid!r} in this game"]
    if not unit.on_map:
        return None, [f"{uid} is not on the map"]
    side = request.side or state.active_side
    if unit.side != state.active_side or side != state.active_side:
        return None, [f"it is {state.active_side}'s turn, not {unit.side}'s"]
    return unit, []


def end_action(state: GameState) -> None:
    """The other side acts next; after the last side the turn ends, after the last turn the
    game (``rules.victory.settle`` then counts it)."""
    sides = list(state.scenario.sides)
    at = sides.index(str(state.active_side))
    if at + 1 < len(sides):
        state.active_side = sides[at + 1]
        return
    state.active_side = sides[0]
    if state.turn >= state.scenario.turns:
        state.finished = True
    else:
        state.turn += 1


class Move:
    """``move --unit U --to HEX``: one hex, into a hex on the map that no enemy holds."""

    def _target(self, state: GameState, request: ActionRequest) -> tuple[Hex | None, list[str]]:
        unit, reasons = actor_reasons(state, request)
        if unit is None or unit.hex is None:
            return None, reasons
        if len(request.to) != 1:
            return None, ["move needs --to HEX (one adjacent hex)"]
        hexmap = state.scenario.map
        try:
            to = hexmap.parse(request.to[0])
        except ValueError as exc:
            return None, [str(exc)]
        if to not in hexmap.cells:
            return None, [f"{request.to[0]} is off the map"]
        if unit.hex.distance(to) != 1:
            return None, [f"{request.to[0]} is not next to {hexmap.label(unit.hex)}"]
        if any(u.side != unit.side for u in state.units_at(to)):
            return None, [f"an enemy holds {request.to[0]}"]
        return to, []

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        return self._target(state, request)[1]

    def perform(
        self, state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight
    ) -> ActionResult:
        to, _ = self._target(state, request)
        assert to is not None
        unit = state.unit(str(request.unit))
        hexmap = state.scenario.map
        start = hexmap.label(unit.hex) if unit.hex is not None else None
        unit.hex = to
        result = ActionResult("move")
        result.touch(unit.id)
        result.event("moved", unit=unit.id, hex=hexmap.label(to), **{"from": start},
                     to=hexmap.label(to))  # fmt: skip
        end_action(state)
        return result


def attack_range(state: GameState, unit: UnitState) -> int:
    ap = state.scenario.platoon_type(unit.type_id).sides["full"].ap
    return ap.range if ap is not None else 0


class Fire:
    """``fire --unit U --target T``: one die at an enemy within AP range, 4+ eliminates."""

    def check(self, state: GameState, request: ActionRequest, los: LineOfSight) -> list[str]:
        unit, reasons = actor_reasons(state, request)
        if unit is None or unit.hex is None:
            return reasons
        target = state.units.get(request.target or "")
        if target is None:
            return [f"fire needs --target: an enemy unit (not {request.target!r})"]
        if not target.on_map or target.hex is None or target.side == unit.side:
            return [f"{target.id} is not an enemy on the map"]
        far = unit.hex.distance(target.hex)
        if far > attack_range(state, unit):
            return [f"{target.id} is {far} hexes away, beyond range {attack_range(state, unit)}"]
        return []

    def perform(
        self, state: GameState, request: ActionRequest, dice: DiceSource, los: LineOfSight
    ) -> ActionResult:
        unit, target = state.unit(str(request.unit)), state.unit(str(request.target))
        result = ActionResult("fire")
        face = dice.roll(1)[0]
        result.rolls.append(Roll(unit.id, f"fire at {target.id}", f"{HIT}+", [face],
                                 int(face >= HIT)))  # fmt: skip
        result.touch(target.id)
        if face >= HIT:
            target.status = Status.ELIMINATED
            result.event("eliminated", unit=target.id)
        else:
            result.event("no_effect", unit=target.id)
        end_action(state)
        return result
