"""A log entry names the turn its action was taken in, even the end-turn that starts the
next (the log dock and ``act``'s text say "end of turn 1", not 2)."""

from __future__ import annotations

from tests.helpers.platoon_world import act, unit, world


def test_the_log_names_the_turn_an_action_was_taken_in() -> None:
    state = world(
        [unit("t1", "TANK", "blue", "0101"), unit("e1", "TANK", "red", "0105")], active=None
    )
    act(state, "draw", formation="b1")
    act(state, "end-impulse")
    act(state, "draw", formation="r1")
    act(state, "end-impulse")
    act(state, "end-turn")
    assert state.turn == 2
    assert [e.turn for e in state.log] == [1, 1, 1, 1, 1]
