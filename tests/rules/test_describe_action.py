"""The Undo/Redo menu's phrase for an action (``narrate.describe_action``): what was asked,
with the units named by type, from the log entry (and the result the play command keeps):
real actions played with scripted dice on the bundled crossroads scenario and in a squad
close combat."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.data import load_document
from tabletop.geometry import LosEngine
from tabletop.model import GameState, LogEntry, Scenario
from tabletop.rules import ActionRequest, ScriptedDice, engine
from tabletop.rules.narrate import describe_action
from tests.helpers.squad_world import act, unit, world

SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "hold-the-crossroads.yaml"


@pytest.fixture(scope="module")
def scenario() -> Scenario:
    loaded = load_document(SCENARIO)
    assert isinstance(loaded, Scenario)
    return loaded


def said(state: GameState, action: str, dice: list[int] | None = None, **kw: object) -> str:
    los = LosEngine(state.scenario.map, state.scenario.options)
    result = engine.perform(state, ActionRequest(action, **kw), ScriptedDice(dice or []), los)
    return describe_action(state.scenario, state.log[-1], result)


def test_a_fire_a_move_and_the_game_s_own_actions(scenario: Scenario) -> None:
    state = scenario.new_game()
    assert said(state, "draw", formation="kampfgruppe") == "NATO draws the kampfgruppe chit"
    assert said(state, "move", units=("inf-1",), to=("0405",)) == "Panzergrenadiere moves to 0405"
    assert said(state, "pass") == "Warsaw Pact lets Panzergrenadiere pass"
    fire = said(state, "fire", [4, 5, 6, 1, 3, 4, 6], units=("m48-1",), target="t64-1",
                weapon="ap")  # fmt: skip
    assert fire == "M-48 fires at T-64"
    assert said(state, "end-impulse") == "NATO ends its impulse"


def test_a_move_stopped_for_opportunity_fire_says_where_it_really_ended(
    scenario: Scenario,
) -> None:
    entry = LogEntry("move", {"units": ["inf-1"], "to": ["0405", "0505"]}, [], 1, "nato")
    assert describe_action(scenario, entry) == "Panzergrenadiere moves to 0505"  # as asked
    state = scenario.new_game()
    said(state, "draw", formation="kampfgruppe")
    text = said(state, "move", units=("inf-1",), to=("0405", "0505"))
    assert state.pending is not None  # the T-64s may fire at it in 0405: the move waits there
    assert text == "Panzergrenadiere moves to 0405"
    said(state, "pass")
    assert said(state, "move", units=("inf-1",), cont=True) == "Panzergrenadiere moves on to 0505"


def test_without_a_result_it_says_the_action_as_logged(scenario: Scenario) -> None:
    def entry(action: str, **args: object) -> str:
        return describe_action(scenario, LogEntry(action, dict(args), [1, 2], 1, "nato"))

    assert entry("opportunity-fire", units=["t64-1"], target="inf-1") == (
        "T-64 fires at Panzergrenadiere (opportunity fire)"
    )
    assert entry("assault", units=["m48-1", "inf-1"], to=["0405"]) == (
        "M-48 and Panzergrenadiere assault 0405"
    )
    assert entry("rally", units=["t64-2"]) == "T-64 tries to rally"
    assert entry("draw") == "NATO draws a chit"
    assert entry("end-turn") == "End of turn 1"
    assert entry("lay-mines", units=["inf-1"], kind="ap") == "Panzergrenadiere lays AP mines"
    assert entry("air-strike", hex="0810") == "Air strike on 0810"
    assert entry("close-combat", hex="0405") == "Close combat in 0405"


def test_a_close_combat_round_and_a_squad_player_turn() -> None:
    state = world(
        [unit("g", "GER_RIFLE_SQUAD", "german", "0505", figures=3),
         unit("s", "RIFLE_SQUAD", "soviet", "0505", figures=3),
         unit("spare", "GER_RIFLE_SQUAD", "german", "0909")],  # (keeps german in the game)
        rules=["close_combat"], phase="close_combat",
    )  # fmt: skip
    first = act(state, "close-combat", [1, 3, 4, 2, 2, 6], hex="0505")
    assert describe_action(state.scenario, state.log[-1], first) == "Close combat in 0505, round 1"
    second = act(state, "close-combat", [5, 6, 5], hex="0505")
    assert describe_action(state.scenario, state.log[-1], second) == (
        "Close combat in 0505, round 2"
    )
    act(state, "close-combat", [1, 1, 1], hex="0505")
    result = act(state, "end-turn", side="german")
    assert describe_action(state.scenario, state.log[-1], result) == (
        "Germans ends its player turn"
    )


def test_a_manual_change_is_said_as_one() -> None:
    state = world([unit("g", "GER_RIFLE_SQUAD", "german", "0505")])
    entry = LogEntry("adjust", {"unit": "g", "add": "ops_complete"}, [], 1, "german")
    assert describe_action(state.scenario, entry) == (
        "Manual change: Ops Complete placed on Rifle squad (German)"
    )


def test_units_of_one_type_are_counted(scenario: Scenario) -> None:
    entry = LogEntry("assault", {"units": ["t64-1", "t64-2"], "to": ["0405"]}, [], 1, "pact")
    assert describe_action(scenario, entry) == "2 T-64 assault 0405"
