"""``tabletop reach`` (``rules.query.reach``) on a hex held by the enemy (platoon, rules
2.10): the reason names what would enter it as this scenario and this unit stand, an
assault or an overrun, and never suggests one the scenario or the unit does not allow."""

from __future__ import annotations

from tabletop.model import MODULES, GameState, Status
from tabletop.rules.query import reach
from tests.helpers.platoon_world import CLEAR, unit, world


def why(state: GameState, uid: str, at: str) -> tuple[str, ...]:
    report = reach(state, CLEAR, uid, maneuver=False, side=None)
    return next(b.reasons for b in report.blocked if b.hex == at)


def test_a_tank_is_told_to_assault_a_tank_and_to_overrun_infantry_in_the_open() -> None:
    state = world([unit("t1", "TANK", "blue", "0505"), unit("e1", "TANK", "red", "0506"),
                   unit("e2", "INF", "red", "0504")])  # fmt: skip
    assert why(state, "t1", "0506") == ("0506 holds enemy units (e1): assault it",)
    assert why(state, "t1", "0504") == ("0504 holds enemy units (e2): overrun it",)


def test_with_close_combat_off_nothing_is_suggested() -> None:
    rules = sorted(MODULES["platoon"] - {"close_combat"})
    state = world([unit("t1", "TANK", "blue", "0505"), unit("e1", "TANK", "red", "0506")],
                  rules=rules)  # fmt: skip
    assert why(state, "t1", "0506") == (
        "0506 holds enemy units (e1) and close combat is switched off: no unit may enter it",
    )


def test_a_unit_that_may_not_assault_now_is_told_why() -> None:
    state = world([unit("t1", "TANK", "blue", "0505", status=Status.DISRUPTED),
                   unit("e1", "TANK", "red", "0506")])  # fmt: skip
    assert why(state, "t1", "0506")[0] == (
        "0506 holds enemy units (e1): only a Good Order unit may assault it, and t1 is Disrupted"
    )
