"""Digging in (rules 3.5): where and who, instead of shooting or running, Entrenching then
Entrenched at the end of that shooting phase, no move in the next movement phase, moving
afterwards removes it; the 6+ save it gives."""

from __future__ import annotations

from tabletop.model import HexMarker
from tabletop.rules.squad.cover import save_spec
from tests.helpers.squad_world import act, events, hx, los_of, reasons, unit, until, world


def test_the_dig_in_sequence_across_player_turns() -> None:
    state = world(
        [
            unit("g", "GER_RIFLE_SQUAD", "german", "0105"),
            unit("s", "RIFLE_SQUAD", "soviet", "0905"),
        ],
        phase="shooting",
    )
    result = act(state, "dig-in", unit="g")
    assert events(result) == [{"event": "marker_placed", "unit": "g", "marker": "entrenching"}]
    assert "g has already dug in" in reasons(state, "fire", unit="g", target="s")[0]
    result = act(state, "end-phase")  # the end of that shooting phase
    assert state.unit("g").markers == ["entrenched"]
    assert {"event": "marker_placed", "unit": "g", "marker": "entrenched"} in events(result)
    # the enemy's player turn: the Germans' 6+ cover is in force
    until(state, "soviet", "shooting")
    assert save_spec(state, state.unit("g"), hx("0905"), los_of(state)).need == 6
    until(state, "german", "movement", turn=2)  # the Germans' next movement phase: no move
    assert reasons(state, "move", unit="g", to="0106") == [
        "g dug in last turn: it may not move in this movement phase (rules 3.5)"
    ]
    until(state, "german", "movement", turn=3)  # the one after: moving removes Entrenched
    result = act(state, "move", unit="g", to="0106")
    assert events(result)[0] == {"event": "marker_removed", "unit": "g", "marker": "entrenched"}
    assert state.unit("g").markers == []


def test_the_move_ban_ends_with_that_movement_phase_even_without_a_move() -> None:
    state = world([unit("g", "GER_RIFLE_SQUAD", "german", "0105")], phase="shooting")
    act(state, "dig-in", unit="g")
    until(state, "german", "movement", turn=2)
    assert state.unit("g").flags.get("move_locked")
    act(state, "end-phase")  # leaves that movement phase
    assert "move_locked" not in state.unit("g").flags
    assert state.unit("g").markers == ["entrenched"]


def test_where_and_who_may_dig_in() -> None:
    state = world(
        [
            unit("w", "GER_RIFLE_SQUAD", "german", "0105"),
            unit("k", "GER_RIFLE_SQUAD", "german", "0106"),
            unit("c", "GER_RIFLE_SQUAD", "german", "0107"),
            unit("t", "LIGHT_TANK", "german", "0108"),
            unit("e", "GER_RIFLE_SQUAD", "german", "0109", markers=["entrenched"]),
        ],
        terrain={"0105": "woods", "0107": "crops"},
        markers=[HexMarker(hx("0106"), "wreck")],
        phase="shooting",
    )
    assert reasons(state, "dig-in", unit="w") == [
        "0105 is woods: units dig in only where the ground gives no cover"
    ]
    assert reasons(state, "dig-in", unit="k") == [
        "0106 holds wreck: units dig in only on bare ground"
    ]
    assert reasons(state, "dig-in", unit="c") == []
    assert reasons(state, "dig-in", unit="t") == []  # a vehicle prepares a firing position
    assert reasons(state, "dig-in", unit="e") == ["e is already Entrenched"]
    state.phase = "movement"
    assert reasons(state, "dig-in", unit="c") == [
        "it is the movement phase, not the shooting phase"
    ]


def test_entrenchment_module_off() -> None:
    state = world(
        [unit("g", "GER_RIFLE_SQUAD", "german", "0105")],
        phase="shooting",
        rules=["cover_saves", "medics"],
    )
    assert reasons(state, "dig-in", unit="g") == ["the entrenchment module is off: no digging in"]
