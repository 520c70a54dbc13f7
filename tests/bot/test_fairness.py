"""The opponent decides from its side's view only: what that side cannot see never changes
its choices, and it never proposes an action the engine refuses."""

from __future__ import annotations

import os

import pytest

from tabletop import bot
from tabletop.model import GameState, HexMarker
from tabletop.rules import LineOfSight, RandomDice, engine
from tests.helpers import squad_world as sq
from tests.helpers.bot_games import play_out
from tests.helpers.platoon_world import CLEAR, hx, unit, world


def _bot_turn(state: GameState, los: LineOfSight, side: str, level: str) -> list[str]:
    dice = RandomDice(11)
    taken = bot.turn(
        state, los, side,
        lambda req, why: engine.perform(state, req, dice, los, by=bot.BY, why=why),
        level, seed=4, budget=5.0,
    )  # fmt: skip
    return [f"{a.request} {a.why}" for a in taken]


def _platoon(hidden: str | None) -> GameState:
    markers = [] if hidden is None else [HexMarker(hx(hidden), "minefield_at", "red", False)]
    state = world(
        [unit("b", "TANK", "blue", "0505"), unit("b2", "INF", "blue", "0605"),
         unit("r", "INF", "red", "0510"), unit("r2", "TANK", "red", "0913")],
        markers=markers, rules=(),
    )  # fmt: skip
    state.scenario.victory = {"hexes": [{"hex": "0508", "vp": 2, "owner": "red"}]}
    return state


def _squad(hidden: str | None) -> GameState:
    markers = [] if hidden is None else [HexMarker(sq.hx(hidden), "minefield_ap", "soviet", False)]
    state = sq.world(
        [sq.unit("g", "GER_RIFLE_SQUAD", "german", "0202"),
         sq.unit("h", "HMG_TEAM", "german", "0302"),
         sq.unit("s", "RIFLE_SQUAD", "soviet", "0606")],
        markers=markers,
    )  # fmt: skip
    state.scenario.victory = {"hexes": [{"hex": "0505", "vp": 2, "owner": "soviet"}]}
    return state


@pytest.mark.parametrize("level", bot.LEVELS)
def test_a_hidden_enemy_minefield_added_moved_or_removed_changes_no_platoon_choice(
    level: str,
) -> None:
    # the fields lie beyond where blue can go this impulse: the games stay alike
    games = [_platoon(None), _platoon("2020"), _platoon("1920")]
    turns = [_bot_turn(g, CLEAR, "blue", level) for g in games]
    assert turns[0], "the bot took no action"
    assert turns[0] == turns[1] == turns[2]


@pytest.mark.parametrize("level", bot.LEVELS)
def test_a_hidden_enemy_minefield_added_moved_or_removed_changes_no_squad_choice(
    level: str,
) -> None:
    games = [_squad(None), _squad("1210"), _squad("1209")]
    firsts = [bot.decide(g, sq.los_of(g), "german", level, seed=3, budget=5.0) for g in games]
    assert firsts[0] is not None
    assert firsts[0] == firsts[1] == firsts[2]


def test_the_side_view_hides_exactly_what_show_as_side_hides() -> None:
    from tabletop.bot.view import side_view

    state = _platoon("2020")
    state.hex_markers.append(HexMarker(hx("0101"), "minefield_ap", "blue", False))
    assert [m.hex for m in side_view(state, "blue").hex_markers] == [hx("0101")]
    assert [m.hex for m in side_view(state, "red").hex_markers] == [hx("2020")]
    assert len(state.hex_markers) == 2  # the game itself is untouched


GAMES = int(os.environ.get("TABLETOP_BOT_GAMES", "1"))
"""Seeded bot-against-bot games a ruleset and level (``make fuzz`` plays 50)."""


@pytest.mark.parametrize("level", bot.LEVELS)
def test_every_action_of_a_bot_against_bot_game_is_one_the_engine_takes(level: str) -> None:
    # engine.perform checks every request before it rolls: a refused one raises here
    for seed in range(GAMES):
        for make in (_platoon, _squad):
            state = make(None)
            los = CLEAR if state.scenario.ruleset == "platoon" else sq.los_of(state)
            taken = play_out(state, los, level, seed, budget=0.05, limit=12 if GAMES == 1 else 200)
            assert taken
