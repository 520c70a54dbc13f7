"""Ranged fire (rules 3.3): dice per figure and per heavy weapon, range, sight, one shot per
shooting phase, close-combat hexes, anti-tank fire and armor rolls (capped at 5),
ammunition, and running instead of shooting."""

from __future__ import annotations

from dataclasses import replace

from tabletop.model import Status
from tests.helpers.squad_world import act, events, fig, reasons, rolls, standing, types, unit, world


def shooting(*units, **kw):
    return world(list(units), phase="shooting", **kw)


def test_each_soldier_and_the_heavy_weapon_roll_their_own_dice_medics_none() -> None:
    figures = [fig("soldier"), fig("soldier"), fig("soldier", 1, True), fig("medic"), fig("hmg")]
    state = shooting(
        unit("g", "GER_RIFLE_SQUAD", "german", "0105", figures=figures),
        unit("s", "RIFLE_SQUAD", "soviet", "0305"),
    )
    result = act(state, "fire", dice=[5, 1, 6, 1, 1, 5, 4, 4], unit="g", target="s")
    assert rolls(result) == [
        ("g", "to_hit", "5+", [5, 1], 1),  # 2 standing soldiers, 1 die each
        ("g", "to_hit", "5+", [6, 1, 1, 5], 2),  # the MG 34's own 4 dice
        ("s", "morale", "<= 8", [4, 4], 1),  # s lost figures: a morale test (rules 3.7)
    ]
    assert result.net_hits == 3 and len(standing(state, "s")) == 7
    assert state.unit("g").flags["shooting"] == "fired"


def test_groups_out_of_range_do_not_roll() -> None:
    state = shooting(
        unit("g", "GER_RIFLE_SQUAD", "german", "0105"), unit("s", "RIFLE_SQUAD", "soviet", "0905")
    )
    result = act(state, "fire", dice=[1, 1, 1, 1], unit="g", target="s")  # range 8: MG only
    assert rolls(result) == [("g", "to_hit", "5+", [1, 1, 1, 1], 0)]
    state = shooting(
        unit("g", "GER_RIFLE_SQUAD", "german", "0101"), unit("s", "RIFLE_SQUAD", "soviet", "1201")
    )
    assert reasons(state, "fire", unit="g", target="s") == ["s is out of range: 11 > 10"]


def test_no_line_of_sight_no_fire() -> None:
    state = shooting(
        unit("g", "GER_RIFLE_SQUAD", "german", "0105"),
        unit("s", "RIFLE_SQUAD", "soviet", "0505"),
        terrain={"0305": "woods"},
    )
    (why,) = reasons(state, "fire", unit="g", target="s")
    assert why.startswith("no line of sight: 0305")


def test_one_shot_per_phase_at_an_enemy_outside_close_combat() -> None:
    state = shooting(
        unit("g", "GER_RIFLE_SQUAD", "german", "0105"),
        unit("h", "HMG_TEAM", "german", "0106"),
        unit("s", "RIFLE_SQUAD", "soviet", "0305"),
        unit("m", "GER_RIFLE_SQUAD", "german", "0505"),
        unit("n", "RIFLE_SQUAD", "soviet", "0505"),
    )
    assert reasons(state, "fire", unit="g", target="h") == ["h is a friendly unit"]
    assert reasons(state, "fire", unit="g", target="n") == [
        "no one fires into 0505: close combat is going on there"
    ]
    assert "m is in close combat in 0505" in reasons(state, "fire", unit="m", target="s")
    act(state, "fire", dice=[1] * 12, unit="g", target="s")
    assert reasons(state, "fire", unit="g", target="s") == [
        "g has already fired this shooting phase (a unit shoots, runs or digs in)"
    ]
    assert "g has already fired" in reasons(state, "run", unit="g", to="0104")[0]


def test_suppressed_units_do_not_shoot() -> None:
    state = shooting(
        unit("g", "GER_RIFLE_SQUAD", "german", "0105", status=Status.SUPPRESSED),
        unit("s", "RIFLE_SQUAD", "soviet", "0305"),
    )
    assert reasons(state, "fire", unit="g", target="s") == ["g is Suppressed"]


# --- armored targets -----------------------------------------------------------------------
def test_fire_that_cannot_harm_an_armored_target_is_refused() -> None:
    state = shooting(
        unit("g", "GER_RIFLE_SQUAD", "german", "0105"), unit("t", "MEDIUM_TANK", "soviet", "0305")
    )
    assert reasons(state, "fire", unit="g", target="t") == [
        "t is armored: only anti-tank fire harms it, and g has none in range"
    ]


def test_armor_roll_then_wounds_only_anti_tank_dice_roll() -> None:
    state = shooting(
        unit("a", "AT_RIFLE_TEAM", "german", "0105"), unit("t", "MEDIUM_TANK", "soviet", "0305")
    )
    result = act(state, "fire", dice=[4, 3], unit="a", target="t")  # a hit, cancelled on 3
    assert rolls(result) == [("a", "to_hit", "4+", [4], 1), ("t", "armor", "<= 3", [3], 1)]
    assert result.net_hits == 0 and standing(state, "t") == [("medium_tank", 0)]
    state = shooting(
        unit("a", "AT_RIFLE_TEAM", "german", "0105"), unit("t", "MEDIUM_TANK", "soviet", "0305")
    )
    result = act(state, "fire", dice=[6, 4], unit="a", target="t")
    assert result.net_hits == 1 and standing(state, "t") == [("medium_tank", 1)]


def test_armor_then_cover_save_in_woods() -> None:
    state = shooting(
        unit("p", "LIGHT_TANK", "german", "0105"),
        unit("t", "ARMORED_CAR", "soviet", "0305"),
        terrain={"0305": "woods"},
    )
    result = act(state, "fire", dice=[4, 5, 1, 6, 6], unit="p", target="t")
    assert rolls(result) == [
        ("p", "to_hit", "4+", [4, 5], 2),
        ("t", "armor", "<= 1", [1, 6], 1),
        ("t", "save", "6+", [6], 1),
    ]
    assert result.net_hits == 0


def test_front_armor_counts_at_most_5() -> None:
    monster = replace(types()["HEAVY_TANK"], id="MAUS", armor=8)
    state = shooting(
        unit("g", "AT_GUN", "german", "0105"),
        unit("t", "MAUS", "soviet", "0305", utype=monster),
        extra=[monster],
    )
    result = act(state, "fire", dice=[4, 4, 5, 6], unit="g", target="t")
    assert rolls(result)[1] == ("t", "armor", "<= 5", [5, 6], 1)
    assert standing(state, "t") == [("heavy_tank", 1)]


def test_a_destroyed_tank_leaves_a_wreck() -> None:
    state = shooting(
        unit("g", "HEAVY_TANK", "german", "0105"),
        unit("t", "LIGHT_TANK", "soviet", "0305", figures=[fig("light_tank", wounds=2)]),
    )
    result = act(state, "fire", dice=[3, 1, 1, 1, 4], unit="g", target="t")
    assert state.unit("t").status is Status.ELIMINATED
    assert {"event": "marker_placed", "hex": "0305", "marker": "wreck"} in events(result)


# --- ammunition ----------------------------------------------------------------------------
def test_guns_spend_one_ammunition_per_player_turn_and_stop_at_zero() -> None:
    gun = unit("g", "AT_GUN", "german", "0105", ammo=1)
    state = shooting(gun, unit("s", "RIFLE_SQUAD", "soviet", "0305"))
    result = act(state, "fire", dice=[1, 1], unit="g", target="s")
    assert {"event": "ammo_spent", "unit": "g", "ammo": 0} in events(result)
    assert state.unit("g").ammo == 0
    for _ in range(8):  # to the German shooting phase of turn 2
        act(state, "end-phase")
    assert (state.turn, state.phase) == (2, "shooting")
    assert "ammo_spent" not in state.unit("g").flags
    assert reasons(state, "fire", unit="g", target="s") == ["g is out of ammunition"]


def test_infantry_keep_no_count_of_ammunition() -> None:
    state = shooting(
        unit("g", "GER_RIFLE_SQUAD", "german", "0105"), unit("s", "RIFLE_SQUAD", "soviet", "0305")
    )
    result = act(state, "fire", dice=[1] * 12, unit="g", target="s")
    assert state.unit("g").ammo is None
    assert not [e for e in events(result) if e["event"] == "ammo_spent"]


# --- moving and running --------------------------------------------------------------------
def test_move_by_the_charts_costs_out_of_the_movement() -> None:
    state = world(
        [unit("g", "GER_RIFLE_SQUAD", "german", "0105")], terrain={"0205": "rough", "0305": "rough"}
    )
    assert reasons(state, "move", unit="g", to="0205,0305,0405") == [
        "g cannot enter 0405: it costs 1 MP and 0 of 4 are left"
    ]
    act(state, "move", unit="g", to="0205")
    act(state, "move", unit="g", to="0305")
    assert reasons(state, "move", unit="g", to="0405") == [
        "g has no movement points left this movement phase"
    ]
    act(state, "end-phase")
    assert "mp_used" not in state.unit("g").flags


def test_vehicles_pay_the_vehicle_column_and_roads_replace_it() -> None:
    state = world(
        [unit("t", "LIGHT_TANK", "german", "0105")],
        terrain={"0205": "woods", "0206": "woods"},
        hexsides={("0205", "0206"): ("road",)},
    )
    act(state, "move", unit="t", to="0205,0206")  # woods 2, then 1 along the road
    assert state.unit("t").flags["mp_used"] == 3
    assert reasons(state, "move", unit="t", to="0207,0208,0209,0210") == [
        "t cannot enter 0210: it costs 1 MP and 0 of 6 are left"
    ]


def test_no_move_through_an_enemy_hex_and_stacking_holds() -> None:
    friends = [unit(f"f{i}", "GER_RIFLE_SQUAD", "german", "0106") for i in range(3)]
    state = world(
        [
            unit("g", "GER_RIFLE_SQUAD", "german", "0105"),
            unit("s", "RIFLE_SQUAD", "soviet", "0205"),
            *friends,
        ]
    )
    assert reasons(state, "move", unit="g", to="0205,0305") == [
        "entering 0205, which holds enemy units (s), starts close combat and ends g's move"
    ]
    assert reasons(state, "move", unit="g", to="0106") == ["0106 already holds 3 units of german"]


def test_run_is_half_the_movement_instead_of_shooting() -> None:
    state = shooting(
        unit("g", "GER_RIFLE_SQUAD", "german", "0105"), unit("s", "RIFLE_SQUAD", "soviet", "0905")
    )
    assert reasons(state, "run", unit="g", to="0205,0305,0405") == [
        "g cannot enter 0405: it costs 1 MP and 0 of 2 are left"
    ]
    result = act(state, "run", unit="g", to="0205,0305")
    assert [e["event"] for e in events(result)] == ["moved", "moved"]
    assert reasons(state, "fire", unit="g", target="s") == [
        "g has already run this shooting phase (a unit shoots, runs or digs in)"
    ]
    act(state, "end-phase")
    assert "shooting" not in state.unit("g").flags
