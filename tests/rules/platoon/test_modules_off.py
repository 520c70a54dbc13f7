"""Platoon rules modules switched off (rules-spec section 5): what each one's absence
refuses. (Opportunity fire off never pausing a move is covered by
``platoon/test_maneuver_move.test_no_pause_without_the_module_or_without_sight``.)"""

from __future__ import annotations

import tests.helpers.maneuver_kit  # noqa: F401  (registers the ASLT assault infantry)
from tests.helpers.platoon_world import reasons, unit, world

CLOSE_COMBAT_OFF = "the close_combat module is off: units may not enter enemy hexes"


def test_close_combat_off_refuses_assault() -> None:
    others = ["opportunity_fire", "moving_fire", "concealment", "extended_range"]
    state = world([unit("a1", "ASLT", "blue", "0101"), unit("d1", "ASLT", "red", "0102")],
                  rules=others)  # fmt: skip
    assert reasons(state, "assault", unit="a1", to=("0102",)) == [CLOSE_COMBAT_OFF]
    state = world([unit("v1", "TANK", "blue", "0101"), unit("d1", "INF", "red", "0102")],
                  rules=others)  # fmt: skip
    assert reasons(state, "overrun", unit="v1", to=("0102", "0202")) == [CLOSE_COMBAT_OFF]
    # the same moves are legal with the module on
    state = world([unit("v1", "TANK", "blue", "0101"), unit("d1", "INF", "red", "0102")])
    assert reasons(state, "overrun", unit="v1", to=("0102", "0202")) == []
