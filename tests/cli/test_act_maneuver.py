"""The maneuver actions through ``tabletop act`` on saved games (interfaces.md section 3):
a move paused for opportunity fire, its answers and ``--continue``, an illegal move,
helicopter modes, load and unload, and ``--as SIDE`` keeping enemy minefields hidden."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.cli.common import hidden_from, load_play
from tabletop.rules.actions import Event

ROOT = Path(__file__).resolve().parents[2]
CROSSROADS = str(ROOT / "scenarios" / "hold-the-crossroads.yaml")
DEMO = str(ROOT / "scenarios" / "demo-platoon.yaml")


def act(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, object]]:
    code = main(["act", *args, "--json"])
    out = capsys.readouterr().out.strip().splitlines()
    return code, json.loads(out[-1]) if out else {}


def drawn(tmp_path: Path, capsys: pytest.CaptureFixture[str], scenario: str, formation: str) -> str:
    game = str(tmp_path / "game.yaml")
    code, _ = act(capsys, scenario, "draw", "--formation", formation, "--out", game)
    assert code == 0
    return game


def test_move_pauses_for_opportunity_fire_then_pass_and_continue(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = drawn(tmp_path, capsys, CROSSROADS, "1st_tank")
    code, data = act(capsys, game, "move", "--unit", "t64-1", "--to", "0710,0709", "--out", game)
    assert code == 0
    pending = data["pending"]
    assert isinstance(pending, dict)
    assert {k: pending[k] for k in ("kind", "hex", "firers", "path_left")} == {
        "kind": "opportunity_fire", "hex": "0710", "firers": ["m48-1"], "path_left": ["0709"],
    }  # fmt: skip
    assert data["units"] == {"t64-1": {"hex": "0710", "step": "full", "status": "good_order",
                                       "markers": ["ops_complete"]}}  # fmt: skip
    code, data = act(capsys, game, "pass", "--as", "nato", "--out", game)
    assert code == 0 and data["events"] == [{"event": "passed", "unit": "t64-1", "hex": "0710"}]
    assert isinstance(data["pending"], dict) and data["pending"]["kind"] == "move_paused"
    code, data = act(capsys, game, "move", "--unit", "t64-1", "--continue", "--out", game)
    assert code == 0
    assert {"event": "moved", "unit": "t64-1", "from": "0710", "to": "0709"} in data["events"]
    assert isinstance(data["pending"], dict) and data["pending"]["hex"] == "0709"
    code, data = act(capsys, game, "pass", "--out", game)
    assert code == 0 and "pending" not in data  # the path is used up: the move is over
    assert load_play(game).pending is None


def test_opportunity_fire_with_scripted_dice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = drawn(tmp_path, capsys, CROSSROADS, "1st_tank")
    act(capsys, game, "move", "--unit", "t64-1", "--to", "0710,0709", "--out", game)
    fire = ["opportunity-fire", "--unit", "m48-1", "--target", "t64-1", "--weapon", "ap"]
    assert act(capsys, game, *fire, "--dice", "4,5,1")[0] == 1  # the save needs 2 more dice
    # 2 hits; the moving T-64 (never concealed, clear) saves with Armor 2 at 5+: 1,2
    code, data = act(capsys, game, *fire, "--as", "nato", "--dice", "4,5,1,1,2", "--out", game)
    assert code == 0
    assert data["rolls"] == [
        {"by": "m48-1", "for": "to_hit", "need": "4+", "dice": [4, 5, 1], "successes": 2},
        {"by": "t64-1", "for": "save", "need": "5+", "dice": [1, 2], "successes": 0},
    ]
    assert data["net_hits"] == 2
    units = data["units"]
    assert isinstance(units, dict)
    assert units["t64-1"]["step"] == "reduced" and units["t64-1"]["status"] == "disrupted"
    assert units["m48-1"]["markers"] == ["ops_complete"]
    assert isinstance(data["pending"], dict) and data["pending"]["kind"] == "move_paused"
    code, data = act(capsys, game, *fire, "--dice", "6,6,6")
    assert code == 2 and "m48-1 is Ops Complete" in data["reasons"]


def test_illegal_move_exits_2_with_a_reason_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = drawn(tmp_path, capsys, CROSSROADS, "1st_tank")
    before = Path(game).read_bytes()
    code, data = act(capsys, game, "move", "--unit", "t64-1", "--to", "0809,0708", "--out", game)
    assert code == 2
    assert data == {"action": "move", "legal": False, "reasons": ["0708 is not adjacent to 0809"]}
    code, data = act(capsys, game, "move", "--unit", "m48-1", "--to", "0305", "--out", game)
    assert code == 2 and data["reasons"]
    assert Path(game).read_bytes() == before


def test_helicopter_mode_change(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = drawn(tmp_path, capsys, DEMO, "aviation")
    code, data = act(capsys, game, "mode", "--unit", "pah-1", "--mode", "flying", "--out", game)
    assert code == 0
    assert {"event": "mode_changed", "unit": "pah-1", "mode": "flying"} in data["events"]
    assert data["units"] == {"pah-1": {"hex": "0512", "step": "full", "status": "good_order",
                                       "markers": ["ops_complete"], "mode": "flying"}}  # fmt: skip
    assert load_play(game).unit("pah-1").mode == "flying"
    code, data = act(capsys, game, "mode", "--unit", "pah-1", "--mode", "noe")
    assert code == 2 and data["reasons"]


def test_load_then_unload_in_the_next_impulse(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = drawn(tmp_path, capsys, DEMO, "us_task_force")
    code, data = act(capsys, game, "load", "--unit", "m113-1", "--target", "us-inf-3",
                     "--out", game)  # fmt: skip
    assert code == 0
    assert {"event": "loaded", "unit": "us-inf-3", "carrier": "m113-1"} in data["events"]
    assert load_play(game).unit("us-inf-3").carrier == "m113-1"
    code, data = act(capsys, game, "fire", "--unit", "us-inf-3", "--target", "t72-1")
    assert code == 2 and "us-inf-3 is carried by m113-1" in data["reasons"]
    assert act(capsys, game, "end-impulse", "--out", game)[0] == 0
    assert act(capsys, game, "draw", "--formation", "us_task_force", "--out", game)[0] == 0
    code, data = act(capsys, game, "unload", "--unit", "m113-1", "--out", game)
    assert code == 0
    assert {"event": "unloaded", "unit": "us-inf-3", "hex": "0918",
            "carrier": "m113-1"} in data["events"]  # fmt: skip
    assert set(data["units"]) == {"m113-1", "us-inf-3"}
    assert load_play(game).unit("us-inf-3").carrier is None


def test_as_side_never_shows_an_unrevealed_enemy_minefield(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """NATO infantry walks into the hex of the Pact's hidden AT minefield (0707): AT mines
    do not attack infantry, so nothing in NATO's view (events, units, pending, text) may
    mention it, and it stays unrevealed."""
    game = drawn(tmp_path, capsys, CROSSROADS, "kampfgruppe")
    outputs = []
    code, data = act(capsys, game, "move", "--unit", "inf-1", "--to", "0405,0506,0606,0707",
                     "--as", "nato", "--out", game)  # fmt: skip
    outputs.append(data)
    while code == 0 and data.get("pending"):
        code, data = act(capsys, game, "pass", "--as", "pact", "--out", game)
        assert code == 0
        if data.get("pending"):
            code, data = act(capsys, game, "move", "--unit", "inf-1", "--continue",
                             "--as", "nato", "--out", game)  # fmt: skip
            outputs.append(data)
    assert code == 0
    state = load_play(game)
    assert state.unit("inf-1").hex == state.scenario.map.parse("0707")
    assert [m.revealed for m in state.hex_markers if m.kind == "minefield_at"] == [False]
    assert "minefield" not in json.dumps(outputs)
    assert main(["act", game, "end-impulse", "--as", "nato"]) == 0
    assert "minefield" not in capsys.readouterr().out
    # an event about that minefield is left out of every other side's view (rules 1.7)
    laid = Event("minefield_laid", "x", "0707")
    placed = Event("marker_placed", None, "0707", {"marker": "minefield_at"})
    for event in (laid, placed):
        assert hidden_from(state, "nato", event)
        assert not hidden_from(state, "pact", event) and not hidden_from(state, None, event)


def test_a_platoon_moves_with_its_sw_and_both_are_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``units`` holds every unit the action touched: the SW moved with its platoon."""
    game = drawn(tmp_path, capsys, CROSSROADS, "kampfgruppe")
    code, out = act(capsys, game, "move", "--unit", "inf-1", "--to", "0306")
    assert code == 0
    units = out["units"]
    assert isinstance(units, dict)
    assert units["inf-1"]["hex"] == "0306"
    assert units["inf-1-sw"]["hex"] == "0306"
