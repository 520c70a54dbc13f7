"""The toy ruleset's answers to the questions every ruleset is asked: the actions a unit
may try (``rules.query``), victory's hooks (``rules.victory``) and the odds of an attack
(the odds panel's ``forecast`` and ``tabletop odds``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from tabletop.model import GameState, UnitState
from tabletop.rules.actions import ActionRequest
from tabletop.rules.common import tally_losses
from tabletop.rules.forecast import Forecast, OddsAnswer, OddsQuery, OddsRequestError
from tabletop.rules.los import LineOfSight
from tabletop.rules.query import BlockedHex, Probe, ReachHex, ReachReport
from tests.toyruleset.handlers import HIT, Fire, Move, actor_reasons, attack_range

CHANCE = (7 - HIT) / 6
"""The chance that the attack's one die eliminates its target."""


class Options:
    """What a unit may try: a move to each adjacent hex, fire at each enemy in range."""

    def listed_units(self, state: GameState, side: str | None) -> list[str]:
        return sorted(u.id for u in state.units.values()
                      if u.on_map and (side is None or u.side == side))  # fmt: skip

    def probes(
        self, state: GameState, los: LineOfSight, unit: str | None, side: str | None
    ) -> list[Probe]:
        if unit is None:
            return []  # the game itself has no action of its own
        u = state.unit(unit)
        bare = ActionRequest("move", units=(unit,), side=side)
        _, reasons = actor_reasons(state, bare)
        if reasons or u.hex is None:
            return [Probe("move", reasons=tuple(reasons)), Probe("fire", reasons=tuple(reasons))]
        hexmap = state.scenario.map
        moves = tuple(ActionRequest("move", units=(unit,), to=(hexmap.label(h),), side=side)
                      for h in u.hex.neighbors() if h in hexmap.cells)  # fmt: skip
        far = attack_range(state, u)
        fires = tuple(ActionRequest("fire", units=(unit,), target=e.id, side=side)
                      for e in state.enemies_of(u.side)
                      if e.hex is not None and e.hex.distance(u.hex) <= far)  # fmt: skip
        return [Probe("move", moves), Probe("fire", fires, () if fires else ("no enemy in range",))]

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
        del explain  # (a step's reach: explaining it costs nothing worth saving)
        u = state.unit(unit)
        hexmap = state.scenario.map
        where = hexmap.label(u.hex) if u.hex is not None else None
        _, why = actor_reasons(state, ActionRequest("move", units=(unit,), side=side))
        reach, blocked = [], []
        for h in u.hex.neighbors() if u.hex is not None else ():
            if h not in hexmap.cells:
                continue
            label = hexmap.label(h)
            refused = Move().check(state, ActionRequest("move", units=(unit,), to=(label,)), los)
            if refused and not why:
                blocked.append(BlockedHex(label, tuple(refused)))
            else:
                reach.append(ReachHex(label, 1, (label,)))
        return ReachReport(unit, where, 1, maneuver, tuple(reach), tuple(blocked), tuple(why))


class Scoring:
    """Victory's hooks: every unit lost is one loss of kind ``unit``."""

    def __init__(self) -> None:
        self.LOSSES: dict[str, int] = {"unit": 1}

    def score_unit(
        self, state: GameState, unit: UnitState, start: UnitState | None, lost: Counter[str]
    ) -> None:
        lost["unit"] += not unit.alive

    def losses(self, state: GameState, initial: Mapping[str, UnitState]) -> dict[str, Counter[str]]:
        return tally_losses(
            state, initial, lambda u, was, lost: self.score_unit(state, u, was, lost)
        )

    def in_close_combat(self, state: GameState, unit: UnitState) -> bool:
        return False

    def grounded(self, state: GameState, unit: UnitState) -> bool:
        return True


class Odds:
    """The odds of a ``fire``: one die, eliminated at 4+."""

    def forecast(self, state: GameState, request: ActionRequest, los: LineOfSight) -> Forecast:
        reasons = Fire().check(state, request, los) if request.action == "fire" else [
            f"{request.action} is no attack"]  # fmt: skip
        if reasons:
            return Forecast(reasons=tuple(reasons))
        return Forecast((("no effect", 1 - CHANCE), ("Eliminated", CHANCE)),
                        (f"{request.unit}: 1 die at {HIT}+",), ("toy rules: one die",))  # fmt: skip

    def odds(self, state: GameState, query: OddsQuery, los: LineOfSight) -> OddsAnswer:
        given = [k for k, v in (("--hex", query.hex), ("--weapon", query.weapon),
                                ("--moving", query.moving), ("--sw-target", query.sw_target),
                                ("--sw-weapon", query.sw_weapon)) if v]  # fmt: skip
        if given:
            raise OddsRequestError(f"{', '.join(given)}: the toy ruleset's fire takes "
                                   "--unit and --target only")  # fmt: skip
        request = ActionRequest("fire", units=(query.unit,), target=query.target,
                                side=query.side or state.unit(query.unit).side)  # fmt: skip
        saved = state.active_side
        state.active_side = request.side  # the odds of its own turn (as the others' are)
        try:
            reasons = Fire().check(state, request, los)
        finally:
            state.active_side = saved
        if reasons:
            return OddsAnswer.illegal(reasons)
        data = {"attack": {"unit": query.unit, "target": query.target, "dice": 1,
                           "need": f"{HIT}+"},
                "eliminated": CHANCE, "no_effect": 1 - CHANCE}  # fmt: skip
        text = (f"{query.unit} fires at {query.target}: 1 die at {HIT}+\n"
                f"eliminated {CHANCE:.4f}\nno effect  {1 - CHANCE:.4f}")  # fmt: skip
        return OddsAnswer(data, text)
