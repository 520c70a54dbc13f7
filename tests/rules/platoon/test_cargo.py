"""Cargo effects (rules 2.11) with scripted dice: what hits on a carrier do to the units it
carries. The cargo's d6 rolls come after the save rolls of the attack."""

from __future__ import annotations

import pytest

import tests.helpers.maneuver_kit  # noqa: F401  (registers the APC, capacity 1)
from tabletop.model import GameState, Status
from tests.helpers.platoon_world import act, events, hx, status, unit, world


def scene(cargo_type: str = "INF", **carrier_kw: object) -> GameState:
    """Blue tank f1 (AP 3 dice at 4+) in 0505; red APC c1 (armor 1, save 6) in 0507 in
    clear, carrying red cargo i1."""
    return world([
        unit("f1", "TANK", "blue", "0505"),
        unit("c1", "APC", "red", "0507", **carrier_kw),
        unit("i1", cargo_type, "red", "0507", carrier="c1"),
    ])  # fmt: skip


def fire(state: GameState, dice: list[int]) -> list[tuple[str, str, list[int]]]:
    result = act(state, "fire", dice, unit="f1", target="c1", weapon="ap")
    return [(r.by, r.purpose, r.dice) for r in result.rolls]


def test_carrier_disrupted_disrupts_its_cargo_without_a_roll() -> None:
    state = scene()
    assert fire(state, [4, 1, 1, 1]) == [("f1", "to_hit", [4, 1, 1]), ("c1", "save", [1])]
    assert status(state, "c1") == ("full", "disrupted", False)
    assert status(state, "i1") == ("full", "disrupted", False)
    assert state.unit("i1").carrier == "c1"


@pytest.mark.parametrize(("face", "after"), [(2, ("reduced", "disrupted", False)),
                                              (3, ("full", "good_order", False))])  # fmt: skip
def test_carrier_step_loss_gives_the_cargo_one_on_an_even_d6(
    face: int, after: tuple[str, str, bool]
) -> None:
    state = scene(status=Status.DISRUPTED)
    rolls = fire(state, [4, 1, 1, 1, face])
    assert rolls[-1] == ("i1", "cargo_step_loss", [face])
    assert [r[1] for r in rolls] == ["to_hit", "save", "cargo_step_loss"]
    assert status(state, "c1") == ("reduced", "disrupted", False)
    assert status(state, "i1") == after


def test_disrupted_and_reduced_in_one_attack() -> None:
    state = scene()
    assert fire(state, [4, 4, 1, 1, 4])[-1] == ("i1", "cargo_step_loss", [4])
    assert status(state, "i1") == ("reduced", "disrupted", False)


def test_carrier_eliminated_even_d6_eliminates_the_cargo() -> None:
    state = scene()
    rolls = fire(state, [4, 4, 4, 1, 6])
    assert rolls[-1] == ("i1", "cargo_elimination", [6])
    assert status(state, "c1")[2] and status(state, "i1")[2]


def test_carrier_eliminated_odd_d6_leaves_the_cargo_reduced_and_disrupted_in_the_hex() -> None:
    state = scene()
    result = act(state, "fire", [4, 4, 4, 1, 5], unit="f1", target="c1", weapon="ap")
    assert result.rolls[-1].to_json() == {
        "by": "i1", "for": "cargo_elimination", "need": "even", "dice": [5], "successes": 0,
    }  # fmt: skip
    assert status(state, "i1") == ("reduced", "disrupted", False)
    i1 = state.unit("i1")
    assert i1.carrier is None and i1.hex == hx("0507")
    got = events(result)
    assert {"event": "marker_placed", "hex": "0507", "marker": "wreck"} in got
    assert {"event": "unloaded", "unit": "i1", "carrier": "c1", "hex": "0507"} in got
    assert {"event": "reduced", "unit": "i1"} in got and {"event": "disrupted", "unit": "i1"} in got
    assert "i1" in result.touched


def test_single_step_cargo_is_eliminated_where_it_would_be_reduced() -> None:
    state = scene(cargo_type="RECON")
    fire(state, [4, 4, 4, 1, 5])
    assert status(state, "i1")[2]


def test_no_cargo_roll_when_the_carrier_is_unharmed() -> None:
    state = scene()
    assert fire(state, [4, 1, 1, 6]) == [("f1", "to_hit", [4, 1, 1]), ("c1", "save", [6])]
    assert status(state, "i1") == ("full", "good_order", False)
