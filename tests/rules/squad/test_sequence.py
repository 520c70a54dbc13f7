"""The squad turn (rules 3.2, interfaces.md): phases, player turns, game turns, the end."""

from __future__ import annotations

from tabletop.model import Status
from tabletop.rules import engine
from tests.helpers.squad_world import act, events, los_of, reasons, unit, world

PHASES = ["movement", "shooting", "close_combat", "end"]


def where(state):
    return (state.turn, state.phase, state.active_side)


def test_a_game_opens_in_the_first_sides_movement_phase() -> None:
    state = world([unit("g", "GER_RIFLE_SQUAD", "german", "0101")])
    fresh = state.scenario.new_game()
    assert where(fresh) == (1, "movement", "german")


def test_four_end_phases_make_a_player_turn_and_eight_a_game_turn() -> None:
    state = world([unit("g", "GER_RIFLE_SQUAD", "german", "0101")])
    seen = [where(state)]
    for _ in range(8):
        act(state, "end-phase")
        seen.append(where(state))
    assert seen == (
        [(1, p, "german") for p in PHASES]
        + [(1, p, "soviet") for p in PHASES]
        + [(2, "movement", "german")]
    )


def test_end_phase_events_name_the_phases() -> None:
    state = world([], phase="end", side="soviet")
    assert events(act(state, "end-phase")) == [
        {"event": "phase_ended", "phase": "end", "side": "soviet"},
        {"event": "turn_started", "turn": 2},
        {"event": "player_turn_started", "side": "german", "turn": 2},
    ]


def test_end_turn_runs_the_rest_of_the_player_turn() -> None:
    state = world([], phase="shooting")
    result = act(state, "end-turn")
    assert where(state) == (1, "movement", "soviet")
    ended = [e["phase"] for e in events(result) if e["event"] == "phase_ended"]
    assert ended == ["shooting", "close_combat", "end"]


def test_the_game_ends_after_the_last_player_turn() -> None:
    state = world([], phase="end", side="soviet", turns=1)
    result = act(state, "end-phase")
    assert state.finished and events(result)[-1] == {
        "event": "game_over", "turn": 1, "vp": {"german": 0, "soviet": 0}, "winner": None,
        "why": "turns",
    }  # fmt: skip
    assert reasons(state, "end-phase") == [
        "the game is over (turn 1 of 1 ended): a draw, VP Germans 0, Soviets 0"
    ]


def test_only_the_side_to_act_ends_a_phase() -> None:
    state = world([])
    assert reasons(state, "end-phase", side="soviet") == [
        "it is german's player turn, not soviet's"
    ]
    assert reasons(state, "end-phase", side="german") == []
    assert reasons(state, "end-phase", side="finns") == [
        "there is no side 'finns' in this scenario"
    ]


def test_actions_of_another_phase_are_refused_with_the_reason() -> None:
    state = world(
        [unit("g", "GER_RIFLE_SQUAD", "german", "0101"), unit("s", "RIFLE_SQUAD", "soviet", "0104")]
    )
    assert reasons(state, "fire", unit="g", target="s") == [
        "it is the movement phase, not the shooting phase"
    ]
    state.phase = "shooting"
    assert reasons(state, "move", unit="g", to="0102") == [
        "it is the shooting phase, not the movement phase"
    ]
    assert "s belongs to soviet: it acts in soviet's player turn" in reasons(
        state, "fire", unit="s", target="g"
    )
    assert reasons(state, "draw") == ["draw is not an action of the squad ruleset yet"]


def test_suppressed_units_recover_in_their_own_end_phase() -> None:
    g = unit("g", "GER_RIFLE_SQUAD", "german", "0101", status=Status.SUPPRESSED)
    s = unit("s", "RIFLE_SQUAD", "soviet", "0909", status=Status.SUPPRESSED)
    state = world([g, s], phase="end")
    result = act(state, "end-phase")
    assert state.unit("g").status is Status.GOOD_ORDER
    assert state.unit("s").status is Status.SUPPRESSED
    assert {"event": "suppression_removed", "unit": "g"} in events(result)


def test_a_log_of_phases_replays_exactly() -> None:
    state = world([unit("g", "GER_RIFLE_SQUAD", "german", "0101")])  # the scenario's start
    act(state, "move", unit="g", to="0102,0103")
    act(state, "end-turn")
    act(state, "end-phase")
    again = engine.replay(state.scenario, state.log, los_of(state))
    assert again.same_as(state) and where(again) == (1, "shooting", "soviet")
