"""Indirect fire (rules 2.11, module ``indirect_fire``): ``fire --unit MORTAR --hex HEX``
as scripted-dice cases on games built in code."""

from __future__ import annotations

import pytest

import tests.helpers.maneuver_kit  # noqa: F401  (registers the APC and the INFSW with its ATGM)
from tabletop.model import GameState, Kind, PlatoonSide, PlatoonUnitType, Status, TargetClass
from tabletop.model.state import UnitState
from tabletop.rules import IllegalAction
from tabletop.rules.platoon.indirect import MODULE_OFF
from tests.helpers.platoon_world import (
    TYPES,
    BlockedPairs,
    act,
    events,
    hx,
    r,
    reasons,
    status,
    unit,
    world,
)

TYPES.setdefault("MORTAR", PlatoonUnitType(
    "MORTAR", "MORTAR", Kind.MORTAR, TargetClass.UNARMORED,
    {"full": PlatoonSide(he=r(3, 12, 5), movement=4),
     "reduced": PlatoonSide(he=r(2, 12, 5), movement=4)},
))  # fmt: skip
TYPES.setdefault("HQ", PlatoonUnitType(
    "HQ", "HQ", Kind.HQ, TargetClass.UNARMORED, {"full": PlatoonSide(he=r(1, 3, 5), movement=8)},
))  # fmt: skip

# The mortar (0101) cannot see 0110; the recon (0105, 5 hexes off: beyond recon range 4,
# so the infantry in crops stays concealed) can.
NO_OWN_LOS = BlockedPairs({("0101", "0110"): "0105 (woods)"})
TARGETS = [unit("e1", "INF", "red", "0110"), unit("e2", "INF", "red", "0110"),
           unit("e3", "TANK", "red", "0110")]  # fmt: skip


def spotted(*extra: UnitState, rules: list[str] | None = None) -> GameState:
    return world([unit("m1", "MORTAR", "blue", "0101"), unit("rc1", "RECON", "blue", "0105"),
                  *TARGETS, *extra], terrain={"0110": "crops"}, rules=rules)  # fmt: skip


def test_mortar_attacks_each_enemy_in_the_hex_in_unit_id_order() -> None:
    """e1: 3 dice at 5+ (6,6,1: 2 hits), save crops 1 + concealment 1 at 5+ (5,1: 1 saved);
    e2: 5,2,2 (1 hit), save 1,1; e3 (armored) is skipped: HE may not attack it."""
    state = spotted()
    dice = [6, 6, 1, 5, 1, 5, 2, 2, 1, 1]
    result = act(state, "fire", dice, los=NO_OWN_LOS, unit="m1", hex="0110", weapon="he")
    assert [r.to_json() for r in result.rolls] == [
        {"by": "m1", "for": "to_hit", "need": "5+", "dice": [6, 6, 1], "successes": 2},
        {"by": "e1", "for": "save", "need": "5+", "dice": [5, 1], "successes": 1},
        {"by": "m1", "for": "to_hit", "need": "5+", "dice": [5, 2, 2], "successes": 1},
        {"by": "e2", "for": "save", "need": "5+", "dice": [1, 1], "successes": 0},
    ]
    assert result.net_hits == 2
    assert events(result) == [
        {"event": "disrupted", "unit": "e1"},
        {"event": "disrupted", "unit": "e2"},
        {"event": "marker_placed", "unit": "m1", "marker": "ops_complete"},
    ]
    assert status(state, "e3") == ("full", "good_order", False)
    assert state.unit("m1").has("ops_complete") and not state.unit("rc1").has("ops_complete")


def test_a_miss_takes_no_save_dice_and_the_next_unit_rolls_its_own_to_hit() -> None:
    state = spotted()
    result = act(state, "fire", [1, 1, 1, 6, 6, 6, 1, 1], los=NO_OWN_LOS, unit="m1", hex="0110")
    assert [(r.by, r.purpose) for r in result.rolls] == [
        ("m1", "to_hit"), ("m1", "to_hit"), ("e2", "save")
    ]  # fmt: skip
    assert result.net_hits == 3
    assert status(state, "e1") == ("full", "good_order", False)
    assert status(state, "e2") == ("full", "eliminated", True)


def test_refused_without_a_spotter_that_sees_the_hex() -> None:
    los = BlockedPairs({("0101", "0110"): "0105 (woods)", ("0105", "0110"): "0107 (woods)"})
    assert reasons(spotted(), "fire", los=los, unit="m1", hex="0110") == [
        "no friendly HQ or recon unit sees 0110 (rc1: 0107 (woods) blocks)"
    ]
    state = spotted()
    state.unit("rc1").status = Status.ELIMINATED
    assert reasons(state, "fire", los=NO_OWN_LOS, unit="m1", hex="0110") == [
        "no friendly HQ or recon unit is on the map to spot 0110"
    ]
    with pytest.raises(IllegalAction):
        act(spotted(), "fire", [6, 6, 6], los=los, unit="m1", hex="0110")


def test_a_disrupted_spotter_still_sees() -> None:
    state = spotted()
    state.unit("rc1").status = Status.DISRUPTED  # READING 2.11
    assert reasons(state, "fire", los=NO_OWN_LOS, unit="m1", hex="0110") == []


def test_hq_spotter_adjacent_to_the_hex() -> None:
    """An adjacent HQ sees the hex whatever the LOS engine says, and breaks concealment."""
    state = world([unit("m1", "MORTAR", "blue", "0101"), unit("hq1", "HQ", "blue", "0109"),
                   *TARGETS], terrain={"0110": "crops"})  # fmt: skip
    los = BlockedPairs({("0101", "0110"): "0105 (woods)", ("0109", "0110"): "0110 (woods)"})
    result = act(state, "fire", [6, 1, 1, 1, 1, 1, 1], los=los, unit="m1", hex="0110")
    assert [(r.by, r.purpose, r.dice) for r in result.rolls] == [
        ("m1", "to_hit", [6, 1, 1]), ("e1", "save", [1]), ("m1", "to_hit", [1, 1, 1])
    ]  # fmt: skip


def test_out_of_range_and_extended_range() -> None:
    far = [unit("m1", "MORTAR", "blue", "0101"), unit("rc1", "RECON", "blue", "0118"),
           unit("e1", "INF", "red", "0120")]  # fmt: skip
    state = world(far, rules=["indirect_fire"])
    assert reasons(state, "fire", unit="m1", hex="0120") == ["0120 is out of range: 19 > 12"]
    state = world(far)  # extended range: up to 24 at hit number 5+1
    result = act(state, "fire", [6, 5, 5], unit="m1", hex="0120")
    assert result.rolls[0].need == "6+" and result.net_hits == 1


def test_refusals_module_off_non_mortar_friends_empty_and_target_with_hex() -> None:
    state = spotted(rules=["concealment", "extended_range"])
    assert reasons(state, "fire", unit="m1", hex="0110") == [MODULE_OFF]
    state = spotted(unit("b2", "INF", "blue", "0110"))
    assert reasons(state, "fire", los=NO_OWN_LOS, unit="m1", hex="0110") == [
        "0110 holds friendly b2: no fire into a hex with friendly units (HOUSE DEFAULT)"
    ]
    assert reasons(state, "fire", unit="rc1", hex="0110") == [
        "rc1 is not a mortar: only mortars fire at a hex (--hex)"
    ]
    assert reasons(state, "fire", los=NO_OWN_LOS, unit="m1", hex="0109") == [
        "0109 holds no enemy unit"
    ]
    assert reasons(state, "fire", unit="m1", hex="0110", target="e1") == [
        "give --target or --hex, not both: fire at a unit or at a hex"
    ]


def test_a_hex_of_only_armored_or_flying_targets_is_refused() -> None:
    state = world([unit("m1", "MORTAR", "blue", "0101"), unit("rc1", "RECON", "blue", "0107"),
                   unit("e3", "TANK", "red", "0110"),
                   unit("h1", "HELI", "red", "0110", mode="noe")])  # fmt: skip
    assert reasons(state, "fire", unit="m1", hex="0110") == [
        "0110 holds no enemy unit that he may attack"
    ]


def test_the_mortar_must_be_free_to_fire() -> None:
    state = spotted()
    state.unit("m1").status = Status.DISRUPTED
    state.unit("m1").markers.append("ops_complete")
    assert reasons(state, "fire", los=NO_OWN_LOS, unit="m1", hex="0110") == [
        "m1 is Ops Complete", "m1 is Disrupted"
    ]  # fmt: skip


def test_sw_and_cargo_are_not_attacked_the_cargo_suffers_through_its_carrier() -> None:
    """c1 (APC, Armor 1 at 6+) carries i1; p1 (INFSW) has its SW p1-sw: c1 and p1 are
    attacked, in that order; c1 takes 3 net hits and is eliminated, and i1 with it on an
    even d6, rolled after c1's save and before p1's to-hit."""
    state = world([unit("m1", "MORTAR", "blue", "0101"), unit("rc1", "RECON", "blue", "0106"),
                   unit("c1", "APC", "red", "0110"), unit("i1", "INF", "red", "0110", carrier="c1"),
                   unit("p1", "INFSW", "red", "0110", sw="p1-sw"),
                   unit("p1-sw", "ATGM", "red", "0110", sw_of="p1")])  # fmt: skip
    result = act(state, "fire", [6, 6, 6, 1, 2, 1, 1, 1], unit="m1", hex="0110")
    assert [(r.by, r.purpose, r.dice) for r in result.rolls] == [
        ("m1", "to_hit", [6, 6, 6]), ("c1", "save", [1]), ("i1", "cargo_elimination", [2]),
        ("m1", "to_hit", [1, 1, 1]),
    ]  # fmt: skip
    assert status(state, "c1")[2] and status(state, "i1")[2]
    assert state.has_hex_marker(hx("0110"), "wreck")
    assert status(state, "p1") == ("full", "good_order", False)
