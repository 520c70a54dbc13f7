"""The planner's search: its tries of a move play out the enemy's opportunity fire (the
chance node greedy's one try stops at), and it tries only what chance can change."""

from __future__ import annotations

from tabletop import bot
from tabletop.bot import levels
from tabletop.bot.value import Worths
from tabletop.model import GameState
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


def test_a_held_objective_an_enemy_can_walk_into_is_not_left_empty() -> None:
    # the German holds the 3 VP centre alone; a 1 VP hex beckons, but the Soviet squad can
    # walk into the centre next turn: greedy's one step takes the 1 VP, the planner stays
    from tests.helpers import squad_world as sq

    def game() -> GameState:
        state = sq.world([sq.unit("g", "GER_RIFLE_SQUAD", "german", "0507"),
                          sq.unit("s", "RIFLE_SQUAD", "soviet", "0510")], turns=2)  # fmt: skip
        centre = {"hex": "0507", "vp": 3, "owner": "german"}
        state.scenario.victory = {"hexes": [centre, {"hex": "0505", "vp": 1, "owner": "soviet"}]}
        return state

    los = sq.los_of(game())
    greedy = bot.decide(game(), los, "german", "greedy", seed=1)
    assert greedy is not None and greedy.request.to and greedy.request.to[-1] == "0505"
    planner = bot.decide(game(), los, "german", "planner", seed=1, budget=1.0)
    assert planner is not None
    assert planner.request.unit != "g" or planner.request.action not in levels.MOVES


def test_the_threat_to_held_objectives_ends_when_the_enemy_acts_no_more() -> None:
    from tests.helpers import squad_world as sq

    for side, turns, live in (("german", 1, True), ("soviet", 1, False), ("soviet", 2, True)):
        state = sq.world([sq.unit("g", "GER_RIFLE_SQUAD", "german", "0507"),
                          sq.unit("s", "RIFLE_SQUAD", "soviet", "0510")],
                         turns=turns, side=side)  # fmt: skip
        state.scenario.victory = {"hexes": [{"hex": "0507", "vp": 3}, {"hex": "0510", "vp": 3}]}
        threats = levels.Threats(state, sq.los_of(state), side)
        assert threats.live is live, (side, turns)
        held = "0507" if side == "german" else "0510"
        assert [h for h in threats.at_risk(state)] == ([sq.hx(held)] if live else [])
        assert (threats(state) > 0) is live
