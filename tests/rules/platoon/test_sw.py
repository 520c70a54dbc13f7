"""Support-weapon fire (rules 2.2, 2.8) with scripted dice: a platoon and its SW fire in one
action, roll to hit separately, and the target saves once against their total."""

from __future__ import annotations

import pytest

import tests.helpers.maneuver_kit  # noqa: F401  (registers INFSW and its ATGM support weapon)
from tabletop.model import GameState, Status, UnitState
from tabletop.rules import IllegalAction
from tests.helpers.platoon_world import BlockedPairs, act, events, hx, reasons, status, unit, world


def platoon(uid: str, at: str, side: str = "blue", **sw_kw: object) -> list[UnitState]:
    """An INFSW platoon and its ATGM support weapon (its own unit, stacked with it)."""
    p = unit(uid, "INFSW", side, at, sw=f"{uid}-sw")
    sw = unit(f"{uid}-sw", "ATGM", side, at, sw_of=uid, **sw_kw)
    return [p, sw]


def scene(**kw: object) -> GameState:
    """Blue i1 (+ i1-sw, AP 2 dice 4+, missile, range 8) in 0505; red IFV v1 (armor 1,
    save 6) in 0507 and red tank t1 (armor 2, save 5) in 0607, both in clear."""
    sw_kw = kw.pop("sw_kw", {})
    units = [*platoon("i1", "0505", **sw_kw),
             unit("v1", "IFV", "red", "0507"), unit("t1", "TANK", "red", "0607"),
             *kw.pop("extra", [])]  # fmt: skip
    return world(units, **kw)


def test_platoon_and_sw_on_one_target_make_one_save_against_the_total() -> None:
    state = scene()
    # i1 HE 3 dice at 5+: one hit; i1-sw AP 2 dice at 4+: one hit; v1 saves 1 die at 6+.
    result = act(state, "fire", [5, 1, 1, 4, 1, 2], unit="i1", target="v1", weapon="he",
                 sw_target="v1", sw_weapon="ap")  # fmt: skip
    assert [(r.by, r.purpose, r.dice) for r in result.rolls] == [
        ("i1", "to_hit", [5, 1, 1]), ("i1-sw", "to_hit", [4, 1]), ("v1", "save", [2]),
    ]  # fmt: skip
    assert result.net_hits == 2
    assert status(state, "v1") == ("reduced", "disrupted", False)
    assert state.unit("i1").has("ops_complete") and state.unit("i1-sw").has("ops_complete")
    assert {"event": "marker_placed", "unit": "i1-sw", "marker": "ops_complete"} in events(result)
    assert {"i1", "i1-sw", "v1"} <= set(result.touched)


def test_two_targets_are_two_attacks_with_saves_in_unit_id_order() -> None:
    state = scene()
    # i1 fires HE at v1 (2 hits), i1-sw AP at t1 (2 hits); saves after both to-hit rolls,
    # t1 before v1 (unit-id order), whatever order the firers chose them in.
    result = act(state, "fire", [5, 5, 1, 4, 4, 5, 1, 6], unit="i1", target="v1",
                 weapon="he", sw_target="t1", sw_weapon="ap")  # fmt: skip
    assert [(r.by, r.purpose) for r in result.rolls] == [
        ("i1", "to_hit"), ("i1-sw", "to_hit"), ("t1", "save"), ("v1", "save"),
    ]  # fmt: skip
    assert [len(r.dice) for r in result.rolls] == [3, 2, 2, 1]
    assert status(state, "t1") == ("full", "disrupted", False)
    assert status(state, "v1") == ("full", "disrupted", False)
    assert result.net_hits == 2


def test_sw_missile_miss_depletes_the_sw_only_and_the_platoon_still_fires() -> None:
    state = scene()
    result = act(state, "fire", [5, 1, 1, 1, 2, 1], unit="i1", target="v1", weapon="he",
                 sw_target="v1")  # fmt: skip
    assert state.unit("i1-sw").has("depleted_ammo_2")
    assert not state.unit("i1").has("depleted_ammo_2")
    assert {"event": "marker_placed", "unit": "i1-sw", "marker": "depleted_ammo_2"} in events(
        result
    )
    for uid in ("i1", "i1-sw"):  # a later impulse
        state.unit(uid).remove_marker("ops_complete")
    assert reasons(state, "fire", unit="i1", target="v1", weapon="he", sw_target="t1") == [
        "i1-sw has Depleted Ammo 2: its missile ap rating may not fire",
    ]
    assert reasons(state, "fire", unit="i1", target="v1", weapon="he") == []


def test_depleted_sw_refused_while_its_platoon_fires_alone() -> None:
    state = scene(sw_kw={"markers": ["depleted_ammo_1"]})
    assert reasons(state, "fire", unit="i1", target="v1", weapon="he", sw_target="v1") == [
        "i1-sw has Depleted Ammo 1: its missile ap rating may not fire"
    ]
    with pytest.raises(IllegalAction):
        act(state, "fire", [6, 6, 6], unit="i1", target="v1", weapon="he", sw_target="v1")
    result = act(state, "fire", [5, 1, 1, 3], unit="i1", target="v1", weapon="he")
    assert [r.by for r in result.rolls] == ["i1", "v1"]  # without --sw-target it is silent
    assert state.unit("i1-sw").has("ops_complete")  # its chance this impulse is gone


def test_sw_eligibility_reasons() -> None:
    far = unit("t9", "TANK", "red", "0515")
    state = scene(extra=[far, *platoon("i2", "1010")])
    los = BlockedPairs({("0505", "0607"): "0606 (woods)"})
    assert reasons(state, "fire", los, unit="i1", target="v1", weapon="he", sw_target="t1") == [
        "no line of sight: 0606 (woods) blocks"
    ]
    assert reasons(state, "fire", unit="i1", target="v1", weapon="he", sw_target="t9") == [
        "t9 is out of range: 10 > 8 (missile ratings have no extended range)"
        if state.scenario.module("extended_range")
        else "t9 is out of range: 10 > 8"
    ]
    assert reasons(state, "fire", unit="i1", target="v1", weapon="he", sw_target="v1",
                   sw_weapon="he") == ["i1-sw has no he rating"]  # fmt: skip
    assert reasons(state, "fire", unit="i1", target="v1", weapon="he", sw_weapon="ap") == [
        "name the target of i1-sw with --sw-target"
    ]
    assert reasons(state, "fire", unit="v1", target="i1", sw_target="i1") != []
    assert reasons(state, "fire", unit="i1", target="i2-sw") != []  # friendly anyway
    assert reasons(state, "fire", unit="i1-sw", target="v1")[0].startswith(
        "i1-sw is a support weapon"
    )


def test_sw_is_never_a_target_and_is_eliminated_with_its_platoon() -> None:
    state = world([unit("t1", "TANK", "blue", "0505"), *platoon("e1", "0506", side="red")])
    assert reasons(state, "fire", unit="t1", target="e1-sw", weapon="he") == [
        "e1-sw is a support weapon: it is never a target by itself"
    ]
    result = act(state, "fire", [5, 5], unit="t1", target="e1", weapon="he")
    assert status(state, "e1") == ("reduced", "disrupted", False)
    state.unit("t1").remove_marker("ops_complete")
    result = act(state, "fire", [5, 1], unit="t1", target="e1", weapon="he")
    assert state.unit("e1-sw").status is Status.ELIMINATED
    assert {"event": "eliminated", "unit": "e1-sw"} in events(result)


def test_moving_fire_and_a_platoon_without_sw_refuse_the_sw_options() -> None:
    state = scene(extra=[unit("i3", "INF", "blue", "0404")])
    assert (
        "has no support weapon"
        in reasons(state, "fire", unit="i3", target="v1", weapon="he", sw_target="v1")[-1]
    )
    why = reasons(state, "moving-fire", unit="i1", to=("0506",), target="v1", weapon="he",
                  sw_target="v1")  # fmt: skip
    assert "a support weapon fires only with fire or opportunity-fire, not moving-fire" in why


def test_sw_joins_opportunity_fire_on_the_mover() -> None:
    state = world([*platoon("i1", "0505"), unit("v1", "IFV", "red", "0508")], active="r1")
    act(state, "move", unit="v1", to=("0507",))
    assert state.pending is not None and state.pending.firers == ("i1",)
    assert reasons(state, "opportunity-fire", unit="i1", target="v1", weapon="he",
                   sw_target="i1") == ["i1 is not moving: i1-sw may fire only at v1"]  # fmt: skip
    result = act(state, "opportunity-fire", [6, 1, 1, 4, 4, 1], unit="i1", target="v1",
                 weapon="he", sw_target="v1", sw_weapon="ap")  # fmt: skip
    assert [(r.by, r.purpose) for r in result.rolls] == [
        ("i1", "to_hit"), ("i1-sw", "to_hit"), ("v1", "save"),
    ]  # fmt: skip
    assert state.unit("v1").status is Status.ELIMINATED  # 3 net hits on a full IFV
    assert state.unit("i1").has("ops_complete") and state.unit("i1-sw").has("ops_complete")
    assert state.unit("v1").hex == hx("0507")
