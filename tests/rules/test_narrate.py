"""The log in a player's words (``tabletop.rules.narrate``), on the bundled crossroads
scenario with scripted dice: the wording the app's log dock and ``tabletop act`` print."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tabletop.data import load_document
from tabletop.geometry import LosEngine
from tabletop.model import AirStrike, GameState, HexMarker, LogEntry, Scenario
from tabletop.rules import ActionRequest, ScriptedDice, engine
from tabletop.rules.actions import ActionResult, Event, Roll
from tabletop.rules.narrate import involved, marker_name, narrate
from tests.helpers.squad_world import act, hx, unit, world

SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "hold-the-crossroads.yaml"


@pytest.fixture(scope="module")
def scenario() -> Scenario:
    loaded = load_document(SCENARIO)
    assert isinstance(loaded, Scenario)
    return loaded


def play(state: GameState, action: str, dice: list[int] | None = None, **kw: object) -> str:
    los = LosEngine(state.scenario.map, state.scenario.options)
    result = engine.perform(state, ActionRequest(action, **kw), ScriptedDice(dice or []), los)
    return narrate(state.scenario, state.log[-1], result)


def test_a_fire_says_the_dice_the_needs_and_what_became_of_the_target(scenario) -> None:
    state = scenario.new_game()
    assert play(state, "draw", formation="kampfgruppe") == "NATO draws the kampfgruppe chit"
    text = play(state, "fire", [4, 5, 6, 1, 3, 4, 6], units=("m48-1",), target="t64-1",
                weapon="ap")  # fmt: skip
    assert text == (
        "M-48 m48-1 fires AP at T-64 t64-1: 4 5 6 vs 4+, 3 hits; saves 1 3 4 6 vs 5+, "
        "1 save; t64-1 Disrupted and Reduced; m48-1 Ops Complete"
    )


def test_a_move_names_its_path_and_an_impulse_end_its_formation(scenario) -> None:
    state = scenario.new_game()
    play(state, "draw", formation="kampfgruppe")
    text = play(state, "move", units=("inf-1",), to=("0405",))
    assert text.startswith("Panzergrenadiere inf-1 moves 0305 \u2192 0405")
    assert play(state, "pass") == "Warsaw Pact lets Panzergrenadiere inf-1 pass"
    assert play(state, "end-impulse") == "NATO ends the impulse: the kampfgruppe impulse ends"


def test_a_random_draw_shows_its_cup_roll(scenario) -> None:
    state = scenario.new_game()
    assert play(state, "draw", [2]).startswith("NATO draws the kampfgruppe chit: dice 2 pick it")


def test_a_draw_past_the_cup_says_it_was_rolled_again(scenario) -> None:
    state = scenario.new_game()
    state.cup[:] = ["kampfgruppe"] * 7  # 7 chits: two dice, values 0-34 kept (5 x 7 of 36)
    text = play(state, "draw", [6, 6, 1, 1])  # 6 6 is 35: past the cup; 1 1 is 0: kept
    assert text.startswith(
        "NATO draws the kampfgruppe chit: dice 6 6 past the cup, rolled again; dice 1 1 pick it"
    )


def test_without_a_result_the_action_and_its_dice_are_said(scenario) -> None:
    entry = LogEntry("fire", {"units": ["m48-1"], "target": "t64-1", "weapon": "ap"},
                     [4, 5, 6], 1, "nato")  # fmt: skip
    assert narrate(scenario, entry) == "M-48 m48-1 fires AP at T-64 t64-1 (dice 4 5 6)"
    assert involved(entry) == ("m48-1", "t64-1")


def test_morale_saves_by_others_markers_and_unknown_events(scenario) -> None:
    entry = LogEntry("fire", {"units": ["m48-1"], "target": "t64-1"}, [], 1, "nato")
    result = ActionResult(
        "fire",
        rolls=[Roll("t64-2", "save", "5+", [5, 6], 2), Roll("t64-2", "morale", "<= 8", [1, 1], 1)],
        events=[Event("marker_placed", hex="0810", data={"marker": "wreck"}),
                Event("marker_removed", unit="m48-1", data={"marker": "ops_complete"}),
                Event("marker_removed", unit="inf-1", data={"marker": "ops_complete"}),
                Event("eliminated", unit="t64-2"), Event("figures_lost", unit="t64-2",
                                                         data={"count": 2})],
    )  # fmt: skip
    text = narrate(scenario, entry, result)
    assert "T-64 t64-2 saves 5 6 vs 5+, 2 saves" in text
    assert "t64-2 morale test 1 1 = 2 vs 8: passed" in text
    assert "Wreck in 0810" in text
    assert "Ops Complete off m48-1 and inf-1" in text
    assert "t64-2 Eliminated" in text
    assert "figures lost t64-2 (count 2)" in text
    assert involved(entry, result) == ("m48-1", "t64-1", "t64-2", "inf-1")


def test_marker_names() -> None:
    assert marker_name("minefield_at") == "AT minefield"
    assert marker_name("ops_complete") == "Ops Complete"
    assert marker_name("smoke") == "Smoke"


def test_a_morale_test_is_told_after_the_losses_it_follows() -> None:
    state = world([unit("f", "HMG_TEAM", "german", "0102"),
                   unit("t", "RIFLE_SQUAD", "soviet", "0505")], phase="shooting")  # fmt: skip
    result = act(state, "fire", dice=[5, 1, 1, 1, 5, 4], unit="f", target="t")
    assert narrate(state.scenario, state.log[-1], result) == (
        "HMG team f fires at Rifle squad t: 5 1 1 1 vs 5+, 1 hit; t: a soldier falls; "
        "t morale test 5 4 = 9 vs 8: failed; t Suppressed"
    )


def test_a_minefield_and_a_scenario_s_aircraft_are_named_as_players_name_them() -> None:
    state = world([unit("g", "GER_RIFLE_SQUAD", "german", "0505", figures=4)],
                  markers=[HexMarker(hx("0605"), "minefield_ap", "soviet", False)])  # fmt: skip
    result = act(state, "move", dice=[5, 1, 1, 3, 3], unit="g", to="0605")
    text = narrate(state.scenario, state.log[-1], result)
    assert "AP minefield 5 1 1 vs 5+, 1 hit" in text and "_" not in text
    strike = world([unit("s", "RIFLE_SQUAD", "soviet", "0505", figures=3)], phase="shooting",
                   side="soviet")  # fmt: skip
    bomber = AirStrike(1, "soviet", "MEDIUM_BOMBER", hx("0505"))
    strike.scenario = replace(strike.scenario, air_strikes=[bomber])
    result = act(strike, "air-strike", dice=[1, 1, 1, 1, 1, 1, 3, 3], hex="0505")
    text = narrate(strike.scenario, strike.log[-1], result)
    assert text.startswith("air strike in 0505: He 111 strikes 0505; He 111 1 1 1 1 1 1 vs 4+, ")
    assert "_" not in text


def test_formations_are_named_as_the_scenario_writes_them() -> None:
    demo = load_document(SCENARIO.parent / "demo-platoon.yaml")
    assert isinstance(demo, Scenario)
    state = demo.new_game()
    text = play(state, "draw", formation="us_task_force")
    assert text == "NATO draws the us task force chit"
