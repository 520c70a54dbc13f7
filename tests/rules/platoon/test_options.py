"""Valued options of rules-spec section 5 that the default-value tests do not set."""

from __future__ import annotations

import tests.helpers.maneuver_kit  # noqa: F401  (registers the extra counters)
from tabletop.model import HexMarker, MineAttack, Options
from tests.helpers.platoon_world import act, hx, reasons, status, unit, world


def test_moving_fire_penalty_sets_the_hit_number() -> None:
    """MFTANK AP 4 dice, hit 4: with moving_fire_penalty 2 it needs 6+ (default: 5+)."""
    state = world(
        [unit("t1", "MFTANK", "blue", "0105"), unit("e1", "TANK", "red", "0110")],
        options=Options(moving_fire_penalty=2),
    )
    state.unit("e1").add_marker("ops_complete")  # no opportunity fire pause (rules 2.2)
    result = act(state, "moving-fire", [6, 5, 6, 5, 1, 1], unit="t1", to=("0106",),
                 target="e1", weapon="ap")  # fmt: skip
    assert (result.rolls[0].need, result.rolls[0].successes) == ("6+", 2)
    assert status(state, "e1") == ("reduced", "disrupted", False)


def test_mine_attack_sets_the_minefields_dice_and_hit() -> None:
    """mine_attack {dice: 2, hit: 4} instead of 3 dice at 5+ (rules 3.8)."""
    state = world(
        [unit("i1", "ASLT", "blue", "0101")],
        markers=[HexMarker(hx("0102"), "minefield_ap", "red", False)],
        options=Options(mine_attack=MineAttack(dice=2, hit=4)),
    )
    result = act(state, "move", [4, 3], unit="i1", to=("0102",))
    assert [(r.need, r.dice, r.successes) for r in result.rolls] == [("4+", [4, 3], 1)]
    assert status(state, "i1") == ("full", "disrupted", False)  # in clear: no save roll


def test_maneuver_fraction_sets_how_far_a_maneuver_move_goes() -> None:
    """SAPPER has 3 MP: half (the default) is 1, a fraction of 1.0 allows all 3."""
    path = ("0102", "0103")
    default = world([unit("s1", "SAPPER", "blue", "0101")])
    assert reasons(default, "move", unit="s1", to=path, maneuver=True) == [
        "s1 cannot enter 0103: it costs 1 MP and 0 of 1 are left"
    ]
    whole = world([unit("s1", "SAPPER", "blue", "0101")], options=Options(maneuver_fraction=1.0))
    assert reasons(whole, "move", unit="s1", to=path, maneuver=True) == []
    act(whole, "move", unit="s1", to=path, maneuver=True)
    assert whole.unit("s1").hex == hx("0103")
