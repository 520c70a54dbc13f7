"""The planner's search: its tries of a move play out the enemy's opportunity fire (the
chance node greedy's one try stops at), and it tries only what chance can change."""

from __future__ import annotations

from tabletop import bot
from tabletop.bot import levels
from tabletop.bot.value import Worths
from tabletop.rules import RandomDice
from tests.helpers.platoon_world import CLEAR, act, unit, world


def test_a_tried_move_paused_for_opportunity_fire_is_played_out() -> None:
    # the tank sees red's infantry walk past: the move pauses for its fire
    state = world([unit("b", "TANK", "blue", "0505"), unit("r", "INF", "red", "0510")],
                  active="r1")  # fmt: skip
    act(state, "move", unit="r", to=("0509", "0508", "0507"))
    assert state.pending is not None and state.pending.opportunity_fire
    sim = state.snapshot()
    before = len(sim.log)
    chance = levels._play_out_pause(sim, CLEAR, "red", Worths(sim), RandomDice(3))
    assert chance  # blue answered: a shot worth sampling again
    answered = [e.action for e in sim.log[before:]]
    assert answered[0] == "opportunity-fire"  # the tank's best shot, not a pass
    assert sim.pending is None or not sim.pending.opportunity_fire
    assert state.pending is not None and state.pending.opportunity_fire  # the game untouched


def test_a_move_that_meets_no_fire_and_rolls_no_die_is_tried_once() -> None:
    # nothing of red's can see or reach blue: every move's try is the same each time
    state = world([unit("b", "INF", "blue", "0505"), unit("r", "INF", "red", "1818")],
                  rules=(), turns=2)  # fmt: skip
    state.scenario.victory = {"hexes": [{"hex": "0508", "vp": 2, "owner": "red"}]}
    decision = bot.decide(state, CLEAR, "blue", "planner", seed=1, budget=5.0)
    assert decision is not None
    assert decision.request.action == "move" and decision.request.to[-1] == "0508"
    assert "1 try " in decision.why
