"""Manual changes (``adjust``): made by hand outside the rules, logged, undone, replayed and
saved exactly; nonsense refused with reasons."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.commands import History, ManualChange, PlayAction
from tabletop.data import load_document, save_game
from tabletop.geometry import LosEngine
from tabletop.model import GameState, Scenario, Status
from tabletop.rules import ActionRequest, IllegalAction, ScriptedDice, engine
from tabletop.rules.adjust import Adjustment, check, perform
from tabletop.rules.narrate import narrate

SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "hold-the-crossroads.yaml"


@pytest.fixture(scope="module")
def scenario() -> Scenario:
    loaded = load_document(SCENARIO)
    assert isinstance(loaded, Scenario)
    return loaded


def test_each_kind_of_change_is_made_and_narrated(scenario: Scenario) -> None:
    state = scenario.new_game()
    hexmap = scenario.map
    changes = [
        (Adjustment(unit="inf-1", to="0406"), "Panzergrenadiere inf-1 moved from 0305 to 0406"),
        (Adjustment(unit="t64-1", step="reduced"), "T-64 t64-1 set to Reduced"),
        (Adjustment(unit="t64-1", status="disrupted"), "T-64 t64-1 set to Disrupted"),
        (Adjustment(unit="m48-1", add="ops_complete"), "Ops Complete placed on M-48 m48-1"),
        (Adjustment(unit="t64-2", remove="ops_complete"), "Ops Complete taken off T-64 t64-2"),
        (Adjustment(hex="0810", add="wreck"), "Wreck placed in 0810"),
        (Adjustment(hex="0606", remove="wreck"), "Wreck taken out of 0606"),
        (Adjustment(hex="0505", add="minefield_ap", owner="nato"),
         "AP minefield (NATO) placed in 0505"),
    ]  # fmt: skip
    for adj, words in changes:
        result = perform(state, adj, "nato")
        assert narrate(scenario, state.log[-1], result) == f"manual change (NATO): {words}"
        assert state.log[-1].action == "adjust" and state.log[-1].dice == []
    inf = state.unit("inf-1")
    assert inf.hex == hexmap.parse("0406")
    assert state.unit(str(inf.sw)).hex == inf.hex  # its support weapon went along
    t64 = state.unit("t64-1")
    assert (t64.step, t64.status) == ("reduced", Status.DISRUPTED)
    assert state.unit("m48-1").has("ops_complete") and not state.unit("t64-2").markers
    assert state.has_hex_marker(hexmap.parse("0810"), "wreck")
    assert not state.has_hex_marker(hexmap.parse("0606"), "wreck")
    mine = next(m for m in state.hex_markers if m.kind == "minefield_ap")
    assert (mine.side, mine.revealed) == ("nato", True)


@pytest.mark.parametrize(
    ("adj", "reason"),
    [
        (Adjustment(unit="nobody", to="0405"), "no unit 'nobody'"),
        (Adjustment(unit="inf-1", to="9999"), "hex 9999 is outside the map"),
        (Adjustment(unit="inf-1-sw", to="0405"), "inf-1-sw goes with inf-1"),
        (Adjustment(unit="m48-1", to="0304"), "already in 0304"),
        (Adjustment(unit="m48-1", step="half"), "step 'half' is not one of full, reduced"),
        (Adjustment(unit="m48-1", status="good_order"), "already good order"),
        (Adjustment(unit="m48-1", add="cheese"), "'cheese' is not a unit marker"),
        (Adjustment(unit="m48-1", remove="ops_complete"), "has no Ops Complete marker"),
        (Adjustment(hex="0606", add="wreck"), "0606 already has Wreck"),
        (Adjustment(hex="0505", add="minefield_at"), "needs its owner"),
        (Adjustment(hex="0505", remove="smoke"), "0505 has no Smoke"),
        (Adjustment(unit="m48-1", hex="0505", add="wreck"), "one unit or one hex"),
        (Adjustment(unit="m48-1", to="0405", step="reduced"), "makes one change"),
    ],
)
def test_nonsense_is_refused_with_the_reason_and_changes_nothing(
    scenario: Scenario, adj: Adjustment, reason: str
) -> None:
    state = scenario.new_game()
    before = state.snapshot()
    reasons = check(state, adj)
    assert any(reason in r for r in reasons), reasons
    with pytest.raises(IllegalAction):
        perform(state, adj)
    assert state.same_as(before)


def _game_with_a_manual_change(scenario: Scenario) -> GameState:
    state = scenario.new_game()
    los = LosEngine(scenario.map, scenario.options)
    history = History()
    history.push(PlayAction(state, ActionRequest("draw", formation="kampfgruppe"), los,
                            ScriptedDice([])))  # fmt: skip
    history.push(ManualChange(state, Adjustment(unit="t64-1", to="0709"), "nato"))
    fire = ActionRequest("fire", units=("m48-1",), target="t64-1", weapon="ap")
    history.push(PlayAction(state, fire, los, ScriptedDice([4, 5, 6, 1, 3, 4, 6])))
    return state


def test_the_command_undoes_and_redoes_and_replay_makes_it_again(scenario: Scenario) -> None:
    state = scenario.new_game()
    start = state.snapshot()
    history = History()
    history.push(ManualChange(state, Adjustment(unit="t64-1", status="disrupted"), "pact"))
    assert state.unit("t64-1").disrupted and len(state.log) == 1
    history.undo()
    assert state.same_as(start)
    history.redo()
    assert state.unit("t64-1").disrupted
    game = _game_with_a_manual_change(scenario)
    los = LosEngine(scenario.map, scenario.options)
    assert engine.replay(scenario, game.log, los).same_as(game)


def test_a_saved_game_with_a_manual_change_validates_loads_and_replays(
    scenario: Scenario, tmp_path: Path
) -> None:
    game = _game_with_a_manual_change(scenario)
    path = tmp_path / "game.yaml"
    save_game(game, path)
    assert main(["validate", str(path)]) == 0
    loaded = load_document(path)
    assert isinstance(loaded, GameState) and loaded.same_as(game)
    los = LosEngine(loaded.scenario.map, loaded.scenario.options)
    assert engine.replay(loaded.scenario, loaded.log, los).same_as(game)


def test_a_manual_entry_with_dice_or_unknown_keys_does_not_replay(scenario: Scenario) -> None:
    from tabletop.model import LogEntry
    from tabletop.rules import DiceError

    los = LosEngine(scenario.map, scenario.options)
    bad_dice = [LogEntry("adjust", {"unit": "t64-1", "status": "disrupted"}, [6], 1)]
    with pytest.raises(DiceError, match="rolls no dice"):
        engine.replay(scenario, bad_dice, los)
    bad_key = [LogEntry("adjust", {"unit": "t64-1", "colour": "red"}, [], 1)]
    with pytest.raises(IllegalAction, match="no 'colour'"):
        engine.replay(scenario, bad_key, los)
