"""The computer opponent's choices in small platoon games with one clearly right answer."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop import bot
from tabletop.model import GameState, HexMarker
from tabletop.rules import engine
from tests.helpers.platoon_world import CLEAR, act, hx, unit, world

THINKING = ("greedy", "planner")
"""The levels that think (``random`` is the baseline: anything legal)."""
OFF = ()  # no optional modules: a move is never paused for opportunity fire


def with_victory(state: GameState, **keys: Any) -> GameState:
    state.scenario.victory = dict(keys)
    return state


def choice(state: GameState, level: str, side: str = "blue") -> bot.Decision:
    decision = bot.decide(state, CLEAR, side, level, seed=1, budget=0.5)
    assert decision is not None
    # every choice is one the engine takes
    assert not engine.ruleset_for("platoon").check(state, decision.request, CLEAR)
    assert decision.why
    return decision


@pytest.mark.parametrize("level", THINKING)
def test_a_sure_kill_is_taken_over_a_hopeless_shot(level: str) -> None:
    state = world(
        [unit("b", "TANK", "blue", "0505"),
         unit("weak", "INF", "red", "0506", step="reduced"),   # adjacent, in the open
         unit("far", "INF", "red", "0514")],                   # in woods at range 9
        terrain={"0514": "woods"}, rules=OFF,
    )  # fmt: skip
    decision = choice(state, level)
    assert decision.request.action == "fire"
    assert decision.request.target == "weak"
    assert "VP" in decision.why


@pytest.mark.parametrize("level", THINKING)
def test_an_undefended_objective_is_taken_on_the_last_turn(level: str) -> None:
    state = world(
        [unit("b", "INF", "blue", "0505"), unit("r", "INF", "red", "1818")],
        rules=OFF, turns=1,
    )  # fmt: skip
    with_victory(state, hexes=[{"hex": "0507", "vp": 3, "owner": "red"}])
    decision = choice(state, level)
    assert decision.request.action == "move"
    assert decision.request.to[-1] == "0507"
    assert "VP" in decision.why


@pytest.mark.parametrize("level", THINKING)
def test_a_revealed_minefield_is_not_walked_into(level: str) -> None:
    field = HexMarker(hx("0506"), "minefield_ap", side="red", revealed=True)
    state = world(
        [unit("b", "INF", "blue", "0505"), unit("r", "INF", "red", "1818")],
        markers=[field], rules=OFF, turns=1,
    )  # fmt: skip
    with_victory(state, hexes=[{"hex": "0507", "vp": 3, "owner": "red"}])
    decision = choice(state, level)
    assert hx("0506") not in [state.scenario.map.parse(h) for h in decision.request.to]


@pytest.mark.parametrize("level", THINKING)
def test_a_unit_with_nothing_good_to_do_ends_the_impulse(level: str) -> None:
    # no objective, no enemy in range, every hex seen alike: any action only spends it
    state = world([unit("b", "INF", "blue", "0505"), unit("r", "INF", "red", "1818")], rules=OFF)
    decision = choice(state, level)
    assert decision.request.action in ("end-impulse", "pass")


@pytest.mark.parametrize("level", THINKING)
def test_the_last_turn_vp_race_is_won_by_the_bigger_objective(level: str) -> None:
    state = world(
        [unit("b", "INF", "blue", "0505"), unit("r", "INF", "red", "1818")],
        rules=OFF, turns=1,
    )  # fmt: skip
    with_victory(state, hexes=[{"hex": "0405", "vp": 1, "owner": "red"},
                               {"hex": "0508", "vp": 4, "owner": "red"}])  # fmt: skip
    decision = choice(state, level)
    assert decision.request.to[-1] == "0508"


def test_opportunity_fire_is_taken_at_a_unit_about_to_take_an_objective() -> None:
    state = world(
        [unit("b", "TANK", "blue", "0505"), unit("r", "INF", "red", "0510")],
        active="r1",
    )  # fmt: skip
    with_victory(state, hexes=[{"hex": "0507", "vp": 3, "owner": "blue"}])
    act(state, "move", unit="r", to=("0509", "0508"))
    assert state.pending is not None and state.pending.opportunity_fire
    assert bot.my_move(state, CLEAR, "blue") and not bot.my_move(state, CLEAR, "red")
    for level in THINKING:
        decision = choice(state, level)
        assert decision.request.action == "opportunity-fire", decision
        assert decision.request.target == "r"


def test_the_random_level_takes_only_legal_actions_and_repeats_with_its_seed() -> None:
    state = world([unit("b", "INF", "blue", "0505"), unit("r", "INF", "red", "0508")], rules=OFF)
    first = [bot.decide(state, CLEAR, "blue", "random", seed=s) for s in range(8)]
    again = [bot.decide(state, CLEAR, "blue", "random", seed=s) for s in range(8)]
    assert first == again
    assert len({d.request for d in first if d is not None}) > 1
    for d in first:
        assert d is not None
        assert not engine.ruleset_for("platoon").check(state, d.request, CLEAR)


def test_turn_plays_the_side_until_the_other_must_act_and_logs_why() -> None:
    from tabletop.rules import RandomDice

    state = world([unit("b", "TANK", "blue", "0505"), unit("r", "INF", "red", "0508")], rules=OFF)
    dice = RandomDice(5)
    taken = bot.turn(
        state, CLEAR, "blue",
        lambda req, why: engine.perform(state, req, dice, CLEAR, by=bot.BY, why=why),
        "greedy", seed=2,
    )  # fmt: skip
    assert taken
    assert not bot.my_move(state, CLEAR, "blue") or state.finished
    mine = state.log[-len(taken) :]
    assert all(e.by == "bot" and e.why for e in mine)
    assert [e.why for e in mine] == [a.why for a in taken]


def test_its_paused_move_goes_on_once_the_opportunity_fire_is_answered() -> None:
    state = world([unit("b", "TANK", "blue", "0505"), unit("r", "INF", "red", "0510")], active="r1")
    act(state, "move", unit="r", to=("0509", "0508", "0507"))
    assert state.pending is not None and state.pending.opportunity_fire
    act(state, "pass", side="blue")
    assert state.pending is not None and state.pending.move_paused
    assert bot.my_move(state, CLEAR, "red")
    decision = bot.decide(state, CLEAR, "red", "greedy", seed=1)
    assert decision is not None
    assert decision.request.cont and decision.request.units == ("r",)
