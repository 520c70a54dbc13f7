"""Platoon fire (rules 2.2 to 2.6, 2.9) as scripted-dice cases on games built in code."""

from __future__ import annotations

import pytest

from tabletop.model import GameState, HexMarker, Options, Status, UnitState
from tabletop.rules import IllegalAction
from tabletop.rules.platoon.combat import concealment_breakers, is_concealed, save_spec
from tests.helpers.platoon_world import (
    CLEAR,
    BlockedPairs,
    act,
    events,
    hx,
    reasons,
    status,
    unit,
    world,
)


def test_worked_example_of_2_4() -> None:
    """M-48 (AP 3, hit 4) at a concealed T-64 (Armor 2, Save 5) in ruins: 3 hits, bonus
    ruins 2 + concealment 1 capped at 2, 4 save dice 1,3,4,6: one save, two net hits."""
    state = world([unit("m48-1", "TANK", "blue", "0101"),
                   unit("t64-1", "TANK", "red", "0108")], terrain={"0108": "ruins"})  # fmt: skip
    result = act(state, "fire", [4, 5, 6, 1, 3, 4, 6], unit="m48-1", target="t64-1", weapon="ap")
    assert [r.to_json() for r in result.rolls] == [
        {"by": "m48-1", "for": "to_hit", "need": "4+", "dice": [4, 5, 6], "successes": 3},
        {"by": "t64-1", "for": "save", "need": "5+", "dice": [1, 3, 4, 6], "successes": 1},
    ]
    assert result.net_hits == 2
    assert events(result) == [
        {"event": "disrupted", "unit": "t64-1"},
        {"event": "reduced", "unit": "t64-1"},
        {"event": "marker_placed", "unit": "m48-1", "marker": "ops_complete"},
    ]
    assert status(state, "t64-1") == ("reduced", "disrupted", False)
    assert result.touched == ["t64-1", "m48-1"]


def test_unarmored_unit_in_the_worked_example_spot_rolls_three_bonus_dice() -> None:
    state = world([unit("m48-1", "TANK", "blue", "0101"),
                   unit("inf-1", "INF", "red", "0108")], terrain={"0108": "ruins"})  # fmt: skip
    result = act(state, "fire", [5, 5, 5, 6, 1], unit="m48-1", target="inf-1", weapon="he")
    save = result.rolls[1]
    assert (save.need, save.dice, save.successes) == ("5+", [5, 6, 1], 2)
    assert result.net_hits == 0
    assert status(state, "inf-1") == ("full", "good_order", False)


# --- the hit table of 2.6, every cell ------------------------------------------------------
HIT_TABLE = [
    # step, disrupted, net hits -> step, status, eliminated
    ("full", False, 1, ("full", "disrupted", False)),
    ("full", False, 2, ("reduced", "disrupted", False)),
    ("full", False, 3, ("full", "eliminated", True)),
    ("full", False, 4, ("full", "eliminated", True)),
    ("full", True, 1, ("reduced", "disrupted", False)),
    ("full", True, 2, ("full", "eliminated", True)),
    ("full", True, 3, ("full", "eliminated", True)),
    ("reduced", False, 1, ("reduced", "disrupted", False)),
    ("reduced", False, 2, ("reduced", "eliminated", True)),
    ("reduced", False, 3, ("reduced", "eliminated", True)),
    ("reduced", True, 1, ("reduced", "eliminated", True)),
    ("reduced", True, 2, ("reduced", "eliminated", True)),
    ("reduced", True, 3, ("reduced", "eliminated", True)),
    ("full", False, 0, ("full", "good_order", False)),
    ("reduced", True, 0, ("reduced", "disrupted", False)),
]


@pytest.mark.parametrize(("step", "disrupted", "net", "after"), HIT_TABLE)
def test_hit_table(step: str, disrupted: bool, net: int, after: tuple[str, str, bool]) -> None:
    target = unit("e1", "TANK", "red", "0104", step=step,
                  status=Status.DISRUPTED if disrupted else Status.GOOD_ORDER)  # fmt: skip
    state = world([unit("t1", "MFTANK", "blue", "0101"), target])
    to_hit = [6] * net + [1] * (4 - net)
    saves = [1, 1] if net else []  # clear hex, not concealed: Armor 2, no bonus
    act(state, "fire", to_hit + saves, unit="t1", target="e1", weapon="ap")
    assert status(state, "e1") == after
    assert state.has_hex_marker(hx("0104"), "wreck") is after[2]


@pytest.mark.parametrize(("net", "after"), [(1, "disrupted"), (2, "eliminated")])
def test_single_step_unit_is_eliminated_where_the_table_says_reduced(net: int, after: str) -> None:
    state = world([unit("t1", "TANK", "blue", "0101"), unit("e1", "RECON", "red", "0103")])
    act(state, "fire", [6] * net + [1] * (2 - net), unit="t1", target="e1", weapon="he")
    assert state.unit("e1").status.value == after
    assert not state.has_hex_marker(hx("0103"), "wreck")  # recon on foot leaves no Wreck


def test_eliminated_ground_vehicle_leaves_a_wreck_event() -> None:
    state = world([unit("t1", "TANK", "blue", "0101"), unit("e1", "TRUCK", "red", "0103")])
    result = act(state, "fire", [6, 6], unit="t1", target="e1", weapon="he")
    assert events(result)[:2] == [
        {"event": "eliminated", "unit": "e1"},
        {"event": "marker_placed", "hex": "0103", "marker": "wreck"},
    ]


# --- saves ----------------------------------------------------------------------------------
def test_armored_bonus_is_capped_at_two_with_three_sources() -> None:
    """Woods +1, Wreck +1, concealment +1 (and Entrenched +1): still only 2 bonus dice."""
    target = unit("e1", "TANK", "red", "0105", markers=["entrenched"])
    state = world([unit("t1", "TANK", "blue", "0101"), target], terrain={"0105": "woods"},
                  markers=[HexMarker(hx("0105"), "wreck")])  # fmt: skip
    result = act(state, "fire", [6, 1, 1, 5, 5, 1, 1], unit="t1", target="e1", weapon="ap")
    assert result.rolls[1].dice == [5, 5, 1, 1]  # Armor 2 + 2 capped bonus dice
    assert result.net_hits == 0


def test_light_armored_target_saves_with_armor_and_capped_bonus() -> None:
    state = world([unit("t1", "TANK", "blue", "0101"), unit("e1", "IFV", "red", "0105")],
                  terrain={"0105": "town"})  # fmt: skip
    result = act(state, "fire", [4, 4, 4, 6, 5, 6], unit="t1", target="e1", weapon="ap")
    save = result.rolls[1]
    assert (save.need, len(save.dice), save.successes) == ("6+", 3, 2)  # Armor 1 + 2
    assert status(state, "e1") == ("full", "disrupted", False)


def test_unarmored_target_in_clear_gets_no_save_roll() -> None:
    state = world([unit("t1", "TANK", "blue", "0101"), unit("e1", "INF", "red", "0104")])
    result = act(state, "fire", [5, 6], unit="t1", target="e1", weapon="he")
    assert [r.purpose for r in result.rolls] == ["to_hit"]
    assert status(state, "e1") == ("reduced", "disrupted", False)


def test_unarmored_bonus_dice_are_not_capped_and_save_on_5() -> None:
    """Town +2, Smoke +1, concealment +1 = 4 dice at 5+ (concealment module on)."""
    state = world([unit("t1", "TANK", "blue", "0101"), unit("e1", "INF", "red", "0105")],
                  terrain={"0105": "town"}, markers=[HexMarker(hx("0105"), "smoke")])  # fmt: skip
    result = act(state, "fire", [6, 6, 4, 5, 4, 4], unit="t1", target="e1", weapon="he")
    assert result.rolls[1].dice == [4, 5, 4, 4] and result.rolls[1].need == "5+"
    assert result.net_hits == 1


def test_rubble_replaces_the_terrain_bonus() -> None:
    """Rubble on woods: infantry +2 from the rubble, not woods +1 + rubble +2."""
    state = world([unit("t1", "TANK", "blue", "0101"), unit("e1", "INF", "red", "0102")],
                  terrain={"0102": "woods"}, markers=[HexMarker(hx("0102"), "rubble")])  # fmt: skip
    # adjacent to t1 (Good Order): not concealed
    result = act(state, "fire", [6, 1, 1, 1], unit="t1", target="e1", weapon="he")
    assert len(result.rolls[1].dice) == 2


# --- concealment (2.9): each condition breaks it on its own ----------------------------------
def _concealed_setup(**extra: object) -> tuple[list[UnitState], dict[str, str]]:
    units = [unit("t1", "TANK", "blue", "0101"), unit("e1", "INF", "red", "0105", **extra)]
    return units, {"0105": "woods"}


def _save_dice(state: GameState, los: BlockedPairs = CLEAR) -> int:
    """Fire 2 HE dice (one hit) at e1 and count the save dice it rolls."""
    spec = save_spec(state, state.unit("e1"), los)
    result = act(state, "fire", [6, 1] + [1] * spec.dice, los=los,
                 unit="t1", target="e1", weapon="he")  # fmt: skip
    return len(result.rolls[1].dice)


def test_concealed_in_woods_adds_one_die() -> None:
    units, terrain = _concealed_setup()
    assert _save_dice(world(units, terrain=terrain)) == 2


def test_ops_complete_breaks_concealment() -> None:
    units, terrain = _concealed_setup(markers=["ops_complete"])
    assert _save_dice(world(units, terrain=terrain)) == 1


def test_moving_target_is_never_concealed() -> None:
    units, terrain = _concealed_setup()
    state = world(units, terrain=terrain)
    assert concealment_breakers(state, state.unit("e1"), CLEAR) == []
    assert concealment_breakers(state, state.unit("e1"), CLEAR, moving=True) == ["e1 is moving"]


def test_adjacent_enemy_in_good_order_breaks_concealment() -> None:
    units, terrain = _concealed_setup()
    state = world([*units, unit("i2", "INF", "blue", "0106")], terrain=terrain)
    assert _save_dice(state) == 1
    disrupted = unit("i2", "INF", "blue", "0106", status=Status.DISRUPTED)
    assert _save_dice(world([*_concealed_setup()[0], disrupted], terrain=terrain)) == 2


def test_recon_in_los_within_four_hexes_breaks_concealment() -> None:
    units, terrain = _concealed_setup()
    recon = unit("rc", "RECON", "blue", "0109")  # 4 hexes from 0105
    assert _save_dice(world([*units, recon], terrain=terrain)) == 1
    los = BlockedPairs({("0109", "0105"): "0107 (woods)"})
    assert _save_dice(world([*_concealed_setup()[0], recon], terrain=terrain), los) == 2
    far = unit("rc", "RECON", "blue", "0110")  # 5 hexes: out of recon range
    assert _save_dice(world([*_concealed_setup()[0], far], terrain=terrain)) == 2
    wider = Options(recon_range=5)
    state = world([*_concealed_setup()[0], far], terrain=terrain, options=wider)
    assert _save_dice(state) == 1


def test_crops_conceal_infantry_only_and_a_wreck_conceals_anyone() -> None:
    state = world([unit("t1", "TANK", "blue", "0101"), unit("e1", "INF", "red", "0105"),
                   unit("e2", "TANK", "red", "0106"), unit("e3", "TANK", "red", "0107")],
                  terrain={"0105": "crops", "0106": "crops"},
                  markers=[HexMarker(hx("0107"), "wreck")])  # fmt: skip
    assert is_concealed(state, state.unit("e1"), CLEAR)
    assert not is_concealed(state, state.unit("e2"), CLEAR)
    assert is_concealed(state, state.unit("e3"), CLEAR)


# --- who may fire (2.2) ---------------------------------------------------------------------
def two_tanks(**kw: object) -> GameState:
    return world([unit("t1", "TANK", "blue", "0101", **kw), unit("e1", "TANK", "red", "0105")])


def test_fire_refused_when_disrupted_or_ops_complete() -> None:
    state = two_tanks(status=Status.DISRUPTED)
    assert reasons(state, "fire", unit="t1", target="e1", weapon="ap") == ["t1 is Disrupted"]
    state = two_tanks()
    act(state, "fire", [1, 1, 1], unit="t1", target="e1", weapon="ap")
    assert reasons(state, "fire", unit="t1", target="e1", weapon="ap") == ["t1 is Ops Complete"]


def test_fire_refused_outside_the_units_impulse() -> None:
    state = two_tanks()
    why = reasons(state, "fire", unit="e1", target="t1", weapon="ap")
    assert why == ["e1 is not of the active formation (b1): it acts only in its own impulse"]
    state = world([unit("t1", "TANK", "blue", "0101"), unit("e1", "TANK", "red", "0105")],
                  active=None)  # fmt: skip
    why = reasons(state, "fire", unit="t1", target="e1", weapon="ap")
    assert why == ["no impulse is active: draw a chit first"]


def test_fire_refused_out_of_range() -> None:
    state = world([unit("t1", "TANK", "blue", "0101"), unit("e1", "TANK", "red", "0113")],
                  rules=["concealment"])  # fmt: skip
    why = reasons(state, "fire", unit="t1", target="e1", weapon="ap")
    assert why == ["e1 is out of range: 12 > 10"]


def test_exclusive_range_count_reaches_one_hex_further() -> None:
    state = world([unit("t1", "TANK", "blue", "0101"), unit("e1", "TANK", "red", "0112")],
                  rules=["concealment"], options=Options(range_count="exclusive"))  # fmt: skip
    assert reasons(state, "fire", unit="t1", target="e1", weapon="ap") == []
    state.unit("e1").hex = hx("0113")
    why = reasons(state, "fire", unit="t1", target="e1", weapon="ap")
    assert why == ["e1 is out of range: 11 > 10"]


def test_fire_refused_without_line_of_sight_naming_the_blocking_hex() -> None:
    state = two_tanks()
    los = BlockedPairs({("0101", "0105"): "0103 (town, level 1)"})
    why = reasons(state, "fire", los=los, unit="t1", target="e1", weapon="ap")
    assert why == ["no line of sight: 0103 (town, level 1) blocks"]
    with pytest.raises(IllegalAction):
        act(state, "fire", [6, 6, 6], los=los, unit="t1", target="e1", weapon="ap")
    assert state.log[-1].action == "draw"  # nothing changed, nothing logged


def test_adjacent_fire_needs_no_line_of_sight() -> None:
    state = world([unit("t1", "TANK", "blue", "0101"), unit("e1", "TANK", "red", "0102")])
    los = BlockedPairs({("0101", "0102"): "0101 (smoke)"})
    assert reasons(state, "fire", los=los, unit="t1", target="e1", weapon="ap") == []
    assert los.calls == []


@pytest.mark.parametrize(
    ("firer", "target", "weapon", "why"),
    [
        ("TANK", "INF", "ap", "ap may attack only targets with an Armor value: e1 is unarmored"),
        ("TANK", "TANK", "he", "he may not attack armored targets: e1 is armored"),
        ("HELI", "TANK", "aa", "aa may attack only helicopters and aircraft: e1 is not one"),
        ("INF", "TANK", "ap", "t1 has no ap rating"),
        ("TANK", "IFV", None, "t1 may fire ap or he at e1: choose one with --weapon"),
    ],
)
def test_ratings_by_target_class(firer: str, target: str, weapon: str | None, why: str) -> None:
    state = world([unit("t1", firer, "blue", "0101"), unit("e1", target, "red", "0103")])
    assert why in reasons(state, "fire", unit="t1", target="e1", weapon=weapon)


def test_only_allowed_rating_is_chosen_without_weapon() -> None:
    state = world([unit("t1", "TANK", "blue", "0101"), unit("e1", "INF", "red", "0103")])
    result = act(state, "fire", [1, 1], unit="t1", target="e1")
    assert result.rolls[0].need == "5+"  # HE, the only rating that may attack infantry


def test_friendly_target_refused() -> None:
    state = world([unit("t1", "TANK", "blue", "0101"), unit("t2", "TANK", "blue", "0103")])
    assert reasons(state, "fire", unit="t1", target="t2", weapon="ap") == ["t2 is a friendly unit"]


# --- extended range and the overflow rule (2.3, 1.3) ---------------------------------------
def test_extended_range_adds_one_to_the_hit_number() -> None:
    state = world([unit("t1", "TANK", "blue", "0101"), unit("e1", "TANK", "red", "0113")])
    result = act(state, "fire", [5, 5, 4, 1, 1], unit="t1", target="e1", weapon="ap")
    assert result.rolls[0].need == "5+" and result.rolls[0].successes == 2


def test_fire_refused_beyond_extended_range() -> None:
    state = world([unit("t1", "INF", "blue", "0101"), unit("e1", "INF", "red", "0110")])
    why = reasons(state, "fire", unit="t1", target="e1", weapon="he")
    assert why == ["e1 is out of extended range: 9 > 8"]


def test_missile_rating_has_no_extended_range() -> None:
    state = world([unit("v1", "IFV", "blue", "0101"), unit("e1", "TANK", "red", "0108")])
    why = reasons(state, "fire", unit="v1", target="e1", weapon="ap")
    assert why == ["e1 is out of range: 7 > 6 (missile ratings have no extended range)"]


def test_overflow_with_moving_fire_and_extended_range_together() -> None:
    """MFTANK AP 4 dice, hit 4; Moving Fire +1 and extended range +2 (options): hit 7 ->
    hit 6 with one die fewer (rules 1.3)."""
    options = Options(extended_range_penalty=2)
    state = world([unit("t1", "MFTANK", "blue", "0101"), unit("e1", "TANK", "red", "0115")],
                  options=options)  # fmt: skip
    state.unit("e1").add_marker("ops_complete")  # no opportunity fire pause (rules 2.2)
    result = act(state, "moving-fire", [6, 5, 6, 1, 1], unit="t1", to=("0102",),
                 target="e1", weapon="ap")  # fmt: skip
    assert result.rolls[0].to_json() == {
        "by": "t1", "for": "to_hit", "need": "6+", "dice": [6, 5, 6], "successes": 2,
    }  # fmt: skip
    assert status(state, "e1") == ("reduced", "disrupted", False)


def test_attack_cut_to_zero_dice_is_not_made() -> None:
    options = Options(extended_range_penalty=5)
    state = world([unit("t1", "INF", "blue", "0101"), unit("e1", "INF", "red", "0106")],
                  options=options)  # fmt: skip
    why = reasons(state, "fire", unit="t1", target="e1", weapon="he")
    assert why == [
        "t1's attack is cut to 0 dice: hit number 5+5 is 4 over 6 and its firepower is 3 "
        "(rules 1.3)"
    ]
