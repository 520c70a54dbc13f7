"""``tabletop act`` end to end on the bundled example scenario (interfaces.md section 3)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.cli import main

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = str(ROOT / "scenarios" / "hold-the-crossroads.yaml")

EXAMPLE = {
    "action": "fire", "legal": True, "reasons": [],
    "rolls": [{"by": "m48-1", "for": "to_hit", "need": "4+", "dice": [4, 5, 6], "successes": 3},
              {"by": "t64-1", "for": "save", "need": "5+", "dice": [1, 3, 4, 6], "successes": 1}],
    "net_hits": 2,
    "events": [{"event": "disrupted", "unit": "t64-1"},
               {"event": "reduced", "unit": "t64-1"},
               {"event": "marker_placed", "unit": "m48-1", "marker": "ops_complete"}],
    "units": {"t64-1": {"hex": "0810", "step": "reduced", "status": "disrupted", "markers": []},
              "m48-1": {"hex": "0304", "step": "full", "status": "good_order",
                        "markers": ["ops_complete"]}},
    # where the game stands after the action
    "turn": 1, "phase": "impulse", "active_side": "nato", "active_formation": "kampfgruppe",
}  # fmt: skip
FIRE = ["fire", "--unit", "m48-1", "--target", "t64-1", "--weapon", "ap"]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, object]]:
    code = main(["act", *args, "--json"])
    out = capsys.readouterr().out.strip().splitlines()
    return code, json.loads(out[-1]) if out else {}


@pytest.fixture
def drawn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    game = str(tmp_path / "game.yaml")
    code, data = run(capsys, SCENARIO, "draw", "--formation", "kampfgruppe", "--out", game)
    assert code == 0 and data["events"] == [
        {"event": "chit_drawn", "formation": "kampfgruppe", "side": "nato"}
    ]
    return game


def test_worked_example_through_the_command_line(
    drawn: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, data = run(capsys, drawn, *FIRE, "--dice", "4,5,6,1,3,4,6")
    assert code == 0
    assert data == EXAMPLE


def test_out_appends_the_action_and_replay_reproduces_the_game(
    drawn: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tabletop.data import load_game
    from tabletop.geometry import LosEngine
    from tabletop.rules import engine

    after = str(tmp_path / "after.yaml")
    code, _ = run(capsys, drawn, *FIRE, "--dice", "4,5,6,1,3,4,6", "--out", after)
    assert code == 0
    game = load_game(after)
    assert [e.action for e in game.log] == ["draw", "fire"]
    assert game.log[-1].dice == [4, 5, 6, 1, 3, 4, 6]
    los = LosEngine(game.scenario.map, game.scenario.options)
    assert engine.replay(game.scenario, game.log, los).same_as(game)


@pytest.mark.parametrize("dice", ["4,5,6,1,3,4", "4,5,6,1,3,4,6,2", "4,5,7,1,3,4,6"])
def test_wrong_dice_are_bad_input_and_nothing_is_written(
    drawn: str, tmp_path: Path, dice: str, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "never.yaml"
    code, _ = run(capsys, drawn, *FIRE, "--dice", dice, "--out", str(out))
    assert code == 1 and not out.exists()


def test_illegal_action_exits_2_whatever_the_dice(
    drawn: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, data = run(capsys, drawn, "fire", "--unit", "t64-1", "--target", "m48-1",
                     "--weapon", "ap", "--dice", "x,y")  # fmt: skip
    assert code == 2 and data["legal"] is False
    assert data["reasons"] == [
        "t64-1 is not of the active formation (kampfgruppe): it acts only in its own impulse"
    ]


def test_fire_outside_any_impulse_and_unknown_actions(capsys: pytest.CaptureFixture[str]) -> None:
    code, data = run(capsys, SCENARIO, *FIRE, "--dice", "1,1,1")
    assert code == 2 and data["reasons"] == ["no impulse is active: draw a chit first"]
    code, data = run(capsys, SCENARIO, "suppress", "--hex", "0810")
    assert code == 2 and data["reasons"] == [
        "suppress is not implemented yet in the platoon ruleset"
    ]
    code, data = run(capsys, SCENARIO, "juggle")
    # an action no ruleset has is bad input (exit 1), not an illegal action
    assert code == 1 and str(data["error"]).startswith("unknown action 'juggle'; actions: draw,")


def test_random_draw_with_a_seed_is_logged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tabletop.data import load_game

    game = str(tmp_path / "g.yaml")
    code, data = run(capsys, SCENARIO, "draw", "--seed", "7", "--out", game)
    assert code == 0
    rolls = data["rolls"]
    assert isinstance(rolls, list) and rolls and rolls[0]["for"] == "draw"
    assert load_game(game).log[0].dice == [f for r in rolls for f in r["dice"]]


def test_bad_files_and_sides_are_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, str(tmp_path / "missing.yaml"), "draw")[0] == 1
    assert run(capsys, SCENARIO, "draw", "--as", "martians")[0] == 1
    code = main(["act", SCENARIO, "fire", "--weapon", "laser"])
    assert code == 1


def test_moving_fire_by_a_unit_without_the_capability_is_refused(
    drawn: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, data = run(capsys, drawn, "moving-fire", "--unit", "m48-1", "--to", "0404",
                     "--target", "t64-1", "--weapon", "ap")  # fmt: skip
    assert code == 2
    assert data["reasons"] == ["m48-1's ap rating has no Moving Fire capability"]
