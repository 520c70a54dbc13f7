"""Bunkers (rules 3.4): entrances and embrasures, who may enter and how many, entering ends
the move, the bunker's own wounds, and everyone inside lost when it falls."""

from __future__ import annotations

from tabletop.model import Options, Status
from tests.helpers.squad_world import act, events, fig, hx, reasons, rolls, unit, until, world

BUNKER = {"0505": ["0605"]}  # its one entrance faces 0605


def test_infantry_enter_only_across_an_entrance_and_the_move_ends_there() -> None:
    state = world(
        [unit("h", "HMG_TEAM", "german", "0605"), unit("x", "HMG_TEAM", "german", "0405")],
        bunkers=BUNKER,
    )
    assert reasons(state, "move", unit="x", to="0505") == [
        "x may enter the bunker in 0505 only across an entrance, not through the embrasure "
        "0405/0505"
    ]
    assert reasons(state, "move", unit="h", to="0505,0504") == [
        "entering the bunker in 0505 ends h's move"
    ]
    act(state, "move", unit="h", to="0505")
    assert state.unit("h").hex == hx("0505")
    assert reasons(state, "move", unit="h", to="0605") == [
        "h has no movement points left this movement phase"
    ]


def test_units_leave_only_across_an_entrance() -> None:
    state = world([unit("h", "HMG_TEAM", "german", "0505")], bunkers=BUNKER)
    assert reasons(state, "move", unit="h", to="0504") == [
        "h may leave the bunker in 0505 only across an entrance, not through the embrasure "
        "0504/0505"
    ]
    assert reasons(state, "move", unit="h", to="0605") == []


def test_only_infantry_and_at_most_six_soldiers_and_one_heavy_weapon_of_one_unit() -> None:
    six = [fig("soldier")] * 5 + [fig("medic"), fig("hmg")]
    seven = [fig("soldier")] * 7
    state = world(
        [
            unit("t", "LIGHT_TANK", "german", "0605"),
            unit("r", "GER_RIFLE_SQUAD", "german", "0606"),
            unit("six", "GER_RIFLE_SQUAD", "german", "0604", figures=six),
            unit("seven", "ASSAULT_SQUAD", "german", "0605", figures=seven),
            unit("c", "CAVALRY", "german", "0605"),
        ],
        bunkers={"0505": ["0605", "0604"]},
    )
    assert reasons(state, "move", unit="t", to="0505") == [
        "only infantry enter a bunker: t may not enter 0505"
    ]
    assert reasons(state, "move", unit="c", to="0505") == [
        "only infantry enter a bunker: c may not enter 0505"
    ]
    assert reasons(state, "move", unit="seven", to="0505") == [
        "the bunker in 0505 holds at most 6 soldier figures and 1 heavy weapon of one unit: "
        "seven has 7 and 0"
    ]
    act(state, "move", unit="six", to="0505")
    assert reasons(state, "move", unit="r", to="0605,0505")[-1] == (
        "the bunker in 0505 already holds six (one unit at a time)"
    )


def test_fire_at_the_bunker_itself_is_not_saved_and_each_hit_removes_a_wound() -> None:
    sappers = unit("s", "SAPPER_SQUAD", "soviet", "0505")
    state = world(
        [unit("g", "GER_RIFLE_SQUAD", "german", "0805"), sappers], bunkers=BUNKER, phase="shooting"
    )
    result = act(state, "fire", dice=[5, 5, 1, 1, 1, 1, 1, 1, 6, 1, 1, 1], unit="g", hex="0505")
    assert [r[1] for r in rolls(result)] == ["to_hit", "to_hit"]  # no save
    assert result.net_hits == 3
    assert events(result) == [{"event": "bunker_wounded", "hex": "0505", "wounds_left": 2}]
    assert state.flags["bunker_damage"] == {"0505": 3}
    assert len(state.unit("s").standing()) == 6


def test_the_bunker_shot_down_with_six_figures_inside_takes_them_all() -> None:
    sappers = unit(
        "s", "SAPPER_SQUAD", "soviet", "0505", figures=[fig("soldier")] * 5 + [fig("medic")]
    )
    state = world(
        [
            unit("g", "GER_RIFLE_SQUAD", "german", "0805"),
            sappers,
            unit("spare", "RIFLE_SQUAD", "soviet", "0909"),
        ],
        bunkers=BUNKER,
        phase="shooting",
        options=Options(bunker_wounds=2),
    )
    result = act(state, "fire", dice=[5, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], unit="g", hex="0505")
    assert events(result) == [
        {"event": "bunker_wounded", "hex": "0505", "wounds_left": 0},
        {"event": "bunker_destroyed", "hex": "0505"},
        {"event": "eliminated", "unit": "s"},
        {"event": "marker_placed", "hex": "0505", "marker": "rubble"},
    ]
    assert state.unit("s").status is Status.ELIMINATED and state.unit("s").figures == []
    assert reasons(state, "fire", unit="g", hex="0505")[-1] == "there is no standing bunker in 0505"
    until(state, "soviet", "movement")  # no medic rolls for the lost (no dice given)


def test_a_bunker_with_friends_inside_or_no_bunker_is_no_target() -> None:
    state = world(
        [unit("g", "GER_RIFLE_SQUAD", "german", "0805"), unit("h", "HMG_TEAM", "german", "0505")],
        bunkers=BUNKER,
        phase="shooting",
    )
    assert reasons(state, "fire", unit="g", hex="0505") == [
        "the bunker in 0505 holds friendly units (h)"
    ]
    assert reasons(state, "fire", unit="g", hex="0605") == ["there is no standing bunker in 0605"]
    assert reasons(state, "fire", unit="h", target="g", hex="0505")[-1] == (
        "fire at one target: --target or --hex, not both"
    )
