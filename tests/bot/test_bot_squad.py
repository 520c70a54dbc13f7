"""The computer opponent's choices in small squad games with one clearly right answer."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop import bot
from tabletop.model import GameState, HexMarker
from tabletop.rules import engine
from tests.helpers import squad_world as sq

THINKING = ("greedy", "planner")


def with_victory(state: GameState, **keys: Any) -> GameState:
    state.scenario.victory = dict(keys)
    return state


def choice(state: GameState, level: str, side: str = "german") -> bot.Decision:
    los = sq.los_of(state)
    decision = bot.decide(state, los, side, level, seed=1, budget=0.5)
    assert decision is not None
    assert not engine.ruleset_for("squad").check(state, decision.request, los)
    assert decision.why
    return decision


@pytest.mark.parametrize("level", THINKING)
def test_a_sure_kill_is_taken_over_a_hopeless_shot(level: str) -> None:
    state = sq.world(
        [sq.unit("h", "HMG_TEAM", "german", "0505"),
         sq.unit("weak", "RIFLE_SQUAD", "soviet", "0506", figures=1),  # one man, adjacent
         sq.unit("tank", "MEDIUM_TANK", "soviet", "0508")],            # an HMG cannot hurt it
        phase="shooting",
    )  # fmt: skip
    decision = choice(state, level)
    assert decision.request.action == "fire"
    assert decision.request.target == "weak"


@pytest.mark.parametrize("level", THINKING)
def test_an_undefended_objective_is_taken_on_the_last_turn(level: str) -> None:
    state = sq.world(
        [sq.unit("g", "GER_RIFLE_SQUAD", "german", "0505"),
         sq.unit("s", "RIFLE_SQUAD", "soviet", "1210")],
        turns=1,
    )  # fmt: skip
    with_victory(state, hexes=[{"hex": "0507", "vp": 3, "owner": "soviet"}])
    decision = choice(state, level)
    assert decision.request.action in ("move", "run")
    assert decision.request.to[-1] == "0507"


@pytest.mark.parametrize("level", THINKING)
def test_a_revealed_minefield_is_not_walked_into(level: str) -> None:
    field = HexMarker(sq.hx("0506"), "minefield_ap", side="soviet", revealed=True)
    state = sq.world(
        [sq.unit("g", "GER_RIFLE_SQUAD", "german", "0505"),
         sq.unit("s", "RIFLE_SQUAD", "soviet", "1210")],
        markers=[field], turns=1,
    )  # fmt: skip
    with_victory(state, hexes=[{"hex": "0508", "vp": 3, "owner": "soviet"}])
    decision = choice(state, level)
    assert "0506" not in decision.request.to


@pytest.mark.parametrize("level", THINKING)
def test_a_unit_with_nothing_good_to_do_ends_the_phase(level: str) -> None:
    # no objective to take and the enemy's tank sees every hex alike: a move only spends it
    state = sq.world(
        [sq.unit("g", "GER_RIFLE_SQUAD", "german", "0505"),
         sq.unit("t", "MEDIUM_TANK", "soviet", "1210")],
    )  # fmt: skip
    decision = choice(state, level)
    assert decision.request.action in ("end-phase", "end-turn", "pass")


@pytest.mark.parametrize("level", THINKING)
def test_the_last_turn_vp_race_is_won_by_the_bigger_objective(level: str) -> None:
    state = sq.world(
        [sq.unit("g", "GER_RIFLE_SQUAD", "german", "0505"),
         sq.unit("s", "RIFLE_SQUAD", "soviet", "1210")],
        turns=1,
    )  # fmt: skip
    with_victory(state, hexes=[{"hex": "0405", "vp": 1, "owner": "soviet"},
                               {"hex": "0507", "vp": 4, "owner": "soviet"}])  # fmt: skip
    decision = choice(state, level)
    assert decision.request.to[-1] == "0507"
