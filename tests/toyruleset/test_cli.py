"""The toy ruleset played through the command line, in-process (``tabletop.cli.main``):
``act``, ``actions``, ``odds``, ``reach``, ``show``, ``validate`` and a saved game replayed
from its log, with no line of the core knowing the ruleset (it is registered in the table
by the fixture)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tabletop.cli import main
from tabletop.cli.common import load_play, make_los
from tabletop.data import load_game
from tabletop.rules.engine import replay


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str]:
    code = main([str(a) for a in args])
    return code, capsys.readouterr().out


def as_json(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, Any]:
    code, out = run(capsys, *args, "--json")
    return code, json.loads(out)


def test_a_toy_game_is_played_through_the_command_line(
    toy_scenario: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game1, game2 = toy_scenario.with_name("g1.yaml"), toy_scenario.with_name("g2.yaml")
    code, shown = run(capsys, "show", toy_scenario)
    assert code == 0 and shown.startswith("Toy skirmish: turn 1 of 3, action phase: Red to act")
    code, actions = as_json(capsys, "actions", toy_scenario, "--unit", "red-2")
    assert code == 0
    options = {a["action"]: a for a in actions["units"]["red-2"]["actions"]}
    assert {"to": ["0505"]} in options["move"]["choices"]
    assert options["fire"]["choices"] == [{"target": "blue-1"}]
    code, reach = as_json(capsys, "reach", toy_scenario, "--unit", "red-1")
    assert code == 0 and {"hex": "0505", "cost": 1, "path": ["0505"]} in reach["reach"]

    code, out = run(capsys, "act", toy_scenario, "move", "--unit", "red-1", "--to", "0505",
                    "--out", game1)  # fmt: skip
    assert code == 0 and "red-1" in out and "0505" in out
    code, done = as_json(capsys, "act", game1, "fire", "--unit", "blue-1", "--target",
                         "red-1", "--dice", "5", "--out", game2)  # fmt: skip
    assert code == 0
    assert done["events"] == [{"event": "eliminated", "unit": "red-1"}]
    assert done["rolls"][0]["dice"] == [5] and done["turn"] == 2

    code, shown = as_json(capsys, "show", game2)
    assert code == 0 and shown["turn"] == 2 and shown["active_side"] == "red"
    assert shown["victory"]["vp"] == {"red": 1, "blue": 1}  # the town hex; a loss
    assert shown["victory"]["controls"] == {"0505": "red"}
    code, out = run(capsys, "validate", game2)
    assert code == 0, out


def test_act_reads_the_toys_declarations(
    toy_scenario: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, helped = run(capsys, "act", toy_scenario, "--help")
    assert code == 0
    assert "  toy:\n    move              Step; --unit --to\n" in helped
    assert "    fire              Shoot; --unit --target\n" in helped
    code, out = run(capsys, "act", toy_scenario, "fire", "--unit", "red-2", "--target",
                    "blue-1", "--dice", "3")  # fmt: skip
    assert code == 0
    assert out.startswith("Pawn red-2 takes a shot at Pawn blue-1: red-2 fire at blue-1 3 vs 4+")


def test_the_toy_odds_are_the_rulesets_answer(
    toy_scenario: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run(capsys, "odds", toy_scenario, "--unit", "red-2", "--target", "blue-1")
    assert code == 0
    assert out == "red-2 fires at blue-1: 1 die at 4+\neliminated 0.5000\nno effect  0.5000\n"
    code, data = as_json(capsys, "odds", toy_scenario, "--unit", "red-2", "--target", "blue-1")
    assert code == 0 and data["eliminated"] == 0.5 and data["attack"]["need"] == "4+"
    code, data = as_json(capsys, "odds", toy_scenario, "--unit", "red-1", "--target", "blue-2")
    assert code == 2
    assert data == {"legal": False, "reasons": ["blue-2 is 4 hexes away, beyond range 2"]}
    code, data = as_json(capsys, "odds", toy_scenario, "--unit", "red-2", "--target", "blue-1",
                         "--weapon", "ap")  # fmt: skip
    assert code == 1 and "the toy ruleset's fire takes --unit and --target only" in data["error"]


def test_an_illegal_toy_action_is_refused_with_its_reason(
    toy_scenario: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, data = as_json(capsys, "act", toy_scenario, "move", "--unit", "blue-1", "--to",
                         "0605")  # fmt: skip
    assert code == 2 and data["reasons"] == ["it is red's turn, not blue's"]
    code, data = as_json(capsys, "act", toy_scenario, "dig-in", "--unit", "red-1")
    assert code == 2 and data["reasons"] == ["dig-in is not an action of the toy ruleset"]


def test_a_saved_toy_game_replays_to_its_state_and_ends_after_its_last_turn(
    toy_scenario: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    moves = [("red-1", "0504"), ("blue-1", "0605"), ("red-1", "0404"), ("blue-1", "0606"),
             ("red-1", "0505")]  # fmt: skip
    game = toy_scenario
    for i, (unit, to) in enumerate(moves):
        out = toy_scenario.with_name(f"m{i}.yaml")
        assert run(capsys, "act", game, "move", "--unit", unit, "--to", to, "--out", out)[0] == 0
        game = out
    code, done = as_json(capsys, "act", game, "fire", "--unit", "blue-1", "--target", "red-1",
                         "--dice", "2", "--out", toy_scenario.with_name("end.yaml"))  # fmt: skip
    assert code == 0, done
    assert done["events"][0] == {"event": "no_effect", "unit": "red-1"}
    assert done["events"][-1]["event"] == "game_over"  # turn 3 of 3 played out
    saved = load_game(toy_scenario.with_name("end.yaml"))
    again = replay(saved.scenario, saved.log, make_los(saved))
    assert again.same_as(saved) and again.finished
    code, shown = as_json(capsys, "show", toy_scenario.with_name("end.yaml"))
    assert shown["victory"]["over"] and shown["victory"]["why"] == "turns"
    assert load_play(str(toy_scenario.with_name("end.yaml"))).finished
