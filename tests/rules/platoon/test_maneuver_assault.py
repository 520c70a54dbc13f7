"""Assault and overrun (2.10), transport (2.11), digging in (3.5) and minefields (3.8)."""

from __future__ import annotations

import tests.helpers.maneuver_kit  # noqa: F401  (registers the extra counters)
from tabletop.model import HexMarker, Status
from tests.helpers.platoon_world import act, hx, reasons, status, unit, world


def brawl() -> object:
    return world([unit("a1", "ASLT", "blue", "0101"), unit("d1", "ASLT", "red", "0102")])


def test_assault_won_the_defender_retreats_straight_on() -> None:
    state = brawl()
    result = act(state, "assault", [4, 5, 1, 1], unit="a1", to=("0102",))
    assert [(r.by, r.successes) for r in result.rolls] == [("a1", 2), ("d1", 0)]
    assert status(state, "d1") == ("reduced", "disrupted", False)
    assert state.unit("d1").hex == hx("0103") and state.unit("a1").hex == hx("0102")
    assert state.unit("a1").has("ops_complete")


def test_assault_lost_and_tied_send_the_attacker_back() -> None:
    state = brawl()
    act(state, "assault", [1, 1, 5, 6], unit="a1", to=("0102",))
    assert status(state, "a1") == ("reduced", "disrupted", False)
    assert state.unit("a1").hex == hx("0101") and state.unit("d1").hex == hx("0102")
    state = brawl()
    act(state, "assault", [5, 1, 5, 1], unit="a1", to=("0102",))
    assert state.unit("a1").hex == hx("0101") and state.unit("d1").hex == hx("0102")
    assert state.unit("a1").disrupted and state.unit("d1").disrupted


def test_hits_go_round_the_stack_and_disrupted_defenders_hit_on_6() -> None:
    state = world([unit("a1", "ASLT", "blue", "0101"),
                   unit("d1", "ASLT", "red", "0102", status=Status.DISRUPTED),
                   unit("d2", "ASLT", "red", "0102")])  # fmt: skip
    result = act(state, "assault", [6, 6, 5, 5, 4, 4], unit="a1", to=("0102",))
    assert [r.need for r in result.rolls] == ["4+", "6+", "4+"]
    assert status(state, "d1") == ("reduced", "disrupted", False)  # hit 1 of 2
    assert status(state, "d2") == ("full", "disrupted", False)  # hit 2 of 2
    assert state.unit("a1").hex == hx("0101")  # 2 hits each: a tie


def test_overrun_wins_and_drives_on() -> None:
    state = world([unit("v1", "TANK", "blue", "0101"), unit("d1", "INF", "red", "0102")])
    assert reasons(state, "assault", unit="v1", to=("0102", "0202"))[0].endswith("use overrun")
    assert reasons(state, "overrun", unit="v1", to=("0102",)) == [
        "an overrun needs its exit: add an enemy-free hex after the overrun hex"
    ]
    act(state, "overrun", [6, 1], unit="v1", to=("0102", "0202"))
    assert state.unit("d1").disrupted and state.unit("d1").hex == hx("0103")
    assert state.unit("v1").hex == hx("0202")


def test_no_assault_after_moving_fire_or_by_a_disrupted_unit() -> None:
    state = brawl()
    state.unit("a1").flags["moving_fire"] = True
    assert "a1 used Moving Fire this impulse and may not assault" in reasons(
        state, "assault", unit="a1", to=("0102",)
    )
    state = brawl()
    state.unit("a1").status = Status.DISRUPTED
    assert "a1 is Disrupted: only a Good Order unit may assault" in reasons(
        state, "assault", unit="a1", to=("0102",)
    )


def test_load_move_and_unload() -> None:
    state = world([unit("c1", "APC", "blue", "0101"),
                   unit("i1", "INFSW", "blue", "0101", sw="i1-sw"),
                   unit("i1-sw", "ATGM", "blue", "0101", sw_of="i1")])  # fmt: skip
    act(state, "load", unit="c1", target="i1", to=("0102", "0103"))
    assert state.unit("i1").carrier == "c1"
    assert {state.unit(u).hex for u in ("c1", "i1", "i1-sw")} == {hx("0103")}
    assert reasons(state, "fire", unit="i1", target="c1")[0]  # cargo cannot act
    state.unit("c1").remove_marker("ops_complete")
    act(state, "unload", unit="c1", to=("0104",))
    assert state.unit("i1").carrier is None and state.unit("i1").hex == hx("0104")
    assert state.unit("i1").flags["dismounted_this_turn"] is True


def test_a_disrupted_unit_may_not_load() -> None:
    state = world([unit("c1", "APC", "blue", "0101"),
                   unit("i1", "ASLT", "blue", "0101", status=Status.DISRUPTED)])  # fmt: skip
    assert reasons(state, "load", unit="c1", target="i1") == [
        "i1 is Disrupted: a Disrupted unit may unload but not load"
    ]


def test_digging_in_takes_effect_at_the_next_impulse_and_a_move_removes_it() -> None:
    state = world([unit("t1", "TANK", "blue", "0101"), unit("e1", "TANK", "red", "2020")],
                  terrain={"0201": "woods"})  # fmt: skip
    act(state, "dig-in", unit="t1")
    assert state.unit("t1").has("entrenching")
    for action, kw in (
        ("end-impulse", {}),
        ("draw", {"formation": "r1"}),
        ("end-impulse", {}),
        ("end-turn", {}),
        ("draw", {"formation": "b1"}),
    ):
        act(state, action, **kw)
    assert state.unit("t1").has("entrenched") and not state.unit("t1").has("entrenching")
    act(state, "move", unit="t1", to=("0102",))
    assert not state.unit("t1").has("entrenched")
    state.unit("t1").remove_marker("ops_complete")
    state.hex_markers.append(HexMarker(hx("0102"), "wreck"))
    assert reasons(state, "dig-in", unit="t1") == [
        "0102 holds a Wreck: units dig in only on bare ground"
    ]


def test_a_minefield_attacks_the_entering_unit_ends_its_move_and_is_revealed() -> None:
    state = world([unit("i1", "ASLT", "blue", "0101")],
                  markers=[HexMarker(hx("0102"), "minefield_ap", "red", False)])  # fmt: skip
    result = act(state, "move", [5, 6, 1], unit="i1", to=("0102", "0103"))
    assert [(r.by, r.need, r.successes) for r in result.rolls] == [("minefield_ap", "5+", 2)]
    assert status(state, "i1") == ("reduced", "disrupted", False)
    assert state.unit("i1").hex == hx("0102")
    assert state.hex_markers[0].revealed


def test_a_sapper_in_maneuver_mode_detects_the_next_hex() -> None:
    state = world([unit("s1", "SAPPER", "blue", "0101")],
                  markers=[HexMarker(hx("0102"), "minefield_ap", "red", False)])  # fmt: skip
    assert reasons(state, "move", unit="s1", to=("0102", "0103"), maneuver=True) == [
        "s1 cannot enter 0103: it costs 1 MP and 0 of 1 are left"
    ]  # maneuver mode: half of 3 MP, rounded down
    result = act(state, "move", unit="s1", to=("0102",), maneuver=True)
    assert state.unit("s1").hex == hx("0101")  # found before entering: the move stops
    assert "minefield_detected" in [e.event for e in result.events]
    assert state.hex_markers[0].revealed


def test_laying_takes_two_impulses_and_clearing_one() -> None:
    state = world([unit("s1", "SAPPER", "blue", "0105"), unit("e1", "TANK", "red", "2020")])
    act(state, "lay-mines", unit="s1", kind="at")
    for action, kw in (
        ("end-impulse", {}),
        ("draw", {"formation": "r1"}),
        ("end-impulse", {}),
        ("end-turn", {}),
        ("draw", {"formation": "b1"}),
    ):
        act(state, action, **kw)
    assert state.unit("s1").has("ops_complete") and state.unit("s1").has("laying_mines")
    assert not state.hex_markers
    act(state, "end-impulse")
    (mine,) = state.hex_markers
    assert (mine.kind, mine.side, mine.revealed) == ("minefield_at", "blue", False)
    state.unit("s1").remove_marker("ops_complete")
    state.phase, state.active_formation, state.active_side = "impulse", "b1", "blue"
    act(state, "clear-mines", unit="s1", hex="0105")
    act(state, "end-impulse")
    assert not state.hex_markers


def test_a_vehicle_joining_an_assault_on_infantry_in_clear_must_overrun() -> None:
    """READING 2.10: every vehicle entering infantry in clear terrain overruns, whoever
    enters with it; in woods the same group is an ordinary assault."""
    group = [unit("t1", "TANK", "blue", "0402"), unit("a1", "ASLT", "blue", "0502"),
             unit("d1", "INF", "red", "0503")]  # fmt: skip
    state = world(group)
    assert reasons(state, "assault", units=("a1", "t1"), to=("0503",)) == [
        "t1 entering 0503 against infantry in clear terrain must overrun: assault with the "
        "units on foot and overrun with each vehicle"
    ]
    assert reasons(state, "overrun", units=("a1", "t1"), to=("0503",))[0].startswith("t1 entering")
    state = world(group, terrain={"0503": "woods"})
    assert reasons(state, "assault", units=("a1", "t1"), to=("0503",)) == []
    # a1 4,4 and t1 4: three hits; d1 1: none. d1 is eliminated
    result = act(state, "assault", [4, 4, 4, 1], units=("a1", "t1"), to=("0503",))
    assert status(state, "d1")[2] and state.unit("t1").hex == hx("0503")
    state = world([unit("t1", "TANK", "blue", "0402"), unit("t2", "TANK", "blue", "0502"),
                   unit("d1", "INF", "red", "0503")])  # fmt: skip
    assert reasons(state, "overrun", units=("t1", "t2"), to=("0503",)) == [
        "an overrun is made by one vehicle: overrun with each in turn"
    ]
    assert [r.by for r in result.rolls] == ["a1", "t1", "d1"]


def test_disrupted_infantry_in_town_hits_on_6_against_a_tank() -> None:
    """READING 2.6/2.10: a Disrupted unit's 6 is a fixed number; the town's one-lower for
    infantry against vehicles changes only a Good Order unit's own hit number."""
    state = world([unit("t1", "TANK", "blue", "0502"),
                   unit("d1", "ASLT", "red", "0503", status=Status.DISRUPTED),
                   unit("d2", "ASLT", "red", "0503")], terrain={"0503": "town"})  # fmt: skip
    result = act(state, "assault", [1, 5, 5, 1, 1], unit="t1", to=("0503",))
    assert [(r.by, r.need, r.successes) for r in result.rolls] == [
        ("t1", "4+", 0), ("d1", "6+", 0), ("d2", "3+", 0)
    ]  # fmt: skip


def test_laying_mines_over_a_hidden_enemy_field_finds_it_and_spends_no_budget() -> None:
    """HOUSE DEFAULT 3.8: the check does not refuse (rules 1.7: no reason may mention the
    hidden field); the sapper finds and reveals it, lays nothing, keeps the budget."""
    state = world([unit("s1", "SAPPER", "blue", "0105"), unit("s2", "SAPPER", "blue", "0108"),
                   unit("e1", "TANK", "red", "2020")],
                  markers=[HexMarker(hx("0105"), "minefield_ap", "red", False)])  # fmt: skip
    state.scenario.mines["blue"] = 1
    assert reasons(state, "lay-mines", unit="s1", kind="at") == []
    result = act(state, "lay-mines", unit="s1", kind="at")
    assert [e.event for e in result.events] == [
        "minefield_revealed", "minefield_detected", "marker_placed"
    ]  # fmt: skip
    assert state.hex_markers[0].revealed and len(state.hex_markers) == 1
    assert state.unit("s1").has("ops_complete") and not state.unit("s1").has("laying_mines")
    assert reasons(state, "lay-mines", unit="s2", kind="at") == []  # blue's one is unspent
    assert reasons(state, "lay-mines", unit="s1", kind="at") == [
        "s1 is Ops Complete", "0105 already holds a minefield"
    ]  # fmt: skip
