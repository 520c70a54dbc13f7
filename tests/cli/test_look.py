"""``tabletop show``, ``actions`` and ``reach`` (looking at a game), text and JSON, on the
example scenario: the Pact's AT minefield in 0707 is hidden, so NATO's view never shows it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.rules.query import available_actions

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = str(ROOT / "scenarios" / "hold-the-crossroads.yaml")
WHERE = {"turn": 1, "phase": "impulse", "active_side": "nato", "active_formation": "kampfgruppe"}


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    return code, capsys.readouterr().out


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, object]]:
    code, out = run(capsys, *args, "--json")
    return code, json.loads(out.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def drawn(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The example scenario after ``draw --formation kampfgruppe`` (NATO's impulse)."""
    game = str(tmp_path_factory.mktemp("look") / "game.yaml")
    assert main(["act", SCENARIO, "draw", "--formation", "kampfgruppe", "--out", game]) == 0
    return game


# --- show -------------------------------------------------------------------------------
def test_show_json_says_where_the_game_stands(capsys: pytest.CaptureFixture[str]) -> None:
    code, data = run_json(capsys, "show", SCENARIO)
    assert code == 0
    assert {k: data[k] for k in ("turn", "phase", "active_side", "active_formation")} == {
        "turn": 1, "phase": "draw", "active_side": None, "active_formation": None,
    }  # fmt: skip
    assert data["cup"] == {"1st_tank": 1, "kampfgruppe": 2}
    assert data["pending"] is None
    units = data["units"]
    assert isinstance(units, dict)
    assert units["t64-2"] == {
        "side": "pact", "type": "T64", "formation": "1st_tank", "hex": "0911",
        "step": "reduced", "status": "disrupted", "markers": ["ops_complete"],
    }  # fmt: skip
    assert units["inf-1-sw"]["with"] == "inf-1"
    # the referee sees every marker, the hidden minefield too
    assert {"hex": "0707", "marker": "minefield_at", "side": "pact", "revealed": False} in (
        data["hex_markers"]
    )


def test_show_as_a_side_leaves_out_the_other_sides_hidden_minefield(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, nato = run_json(capsys, "show", SCENARIO, "--as", "nato")
    assert nato["hex_markers"] == [{"hex": "0606", "marker": "wreck"}]
    _, pact = run_json(capsys, "show", SCENARIO, "--as", "pact")
    assert len(pact["hex_markers"]) == 2
    _, text = run(capsys, "show", SCENARIO, "--as", "nato")
    assert "minefield" not in text.lower() and "0707" not in text


def test_show_text_in_plain_words(drawn: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, text = run(capsys, "show", drawn)
    assert code == 0
    lines = text.splitlines()
    assert lines[0] == "Hold the crossroads: turn 1 of 8, impulse phase: NATO acts with kampfgruppe"
    assert lines[1] == "chits in the cup: 1st_tank 1, kampfgruppe 1"
    assert (
        "  t64-2 (T64, Warsaw Pact, 1st_tank) in 0911: reduced, disrupted [Ops Complete]" in lines
    )
    assert "  0707 AT minefield (Warsaw Pact, hidden)" in lines


# --- actions ----------------------------------------------------------------------------
def test_actions_json_is_the_core_answer(drawn: str, capsys: pytest.CaptureFixture[str]) -> None:
    from tabletop.cli.common import load_play, make_los

    code, data = run_json(capsys, "actions", drawn, "--unit", "m48-1")
    assert code == 0
    state = load_play(drawn)
    core = available_actions(state, make_los(state), units=["m48-1"]).to_json()
    assert data == core | WHERE
    m48 = data["units"]["m48-1"]["actions"]
    fire = next(a for a in m48 if a["action"] == "fire")
    assert {"target": "t64-1", "weapon": "ap"} in fire["choices"]
    rally = next(a for a in m48 if a["action"] == "rally")
    assert rally == {"action": "rally", "legal": False, "reasons": ["m48-1 is not Disrupted"]}


def test_every_listed_choice_is_accepted_by_act(
    drawn: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _, data = run_json(capsys, "actions", drawn, "--unit", "m48-1")
    fire = next(a for a in data["units"]["m48-1"]["actions"] if a["action"] == "fire")
    choice = fire["choices"][0]
    code, answer = run_json(capsys, "act", drawn, "fire", "--unit", "m48-1",
                            "--target", choice["target"], "--weapon", choice["weapon"])  # fmt: skip
    assert code == 0 and answer["legal"] is True


def test_actions_as_a_side_lists_its_units_and_no_hidden_minefield(
    drawn: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, data = run_json(capsys, "actions", drawn, "--as", "nato")
    assert code == 0
    assert list(data["units"]) == ["inf-1", "m48-1"]
    move = next(a for a in data["units"]["m48-1"]["actions"] if a["action"] == "move")
    assert any(c["to"][-1] == "0707" for c in move["choices"])  # NATO does not know of it
    assert "minefield" not in json.dumps(data)
    code, _ = run(capsys, "actions", drawn, "--as", "nato", "--unit", "t64-1")
    assert code == 1


def test_actions_text_in_plain_words(drawn: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, text = run(capsys, "actions", drawn, "--unit", "t64-2,m48-1")
    assert code == 0
    lines = text.splitlines()
    assert lines[0] == "turn 1, impulse phase: NATO acts with kampfgruppe"
    assert lines[1] == "the game: end-impulse"
    assert "t64-2 in 0911 may do nothing now:" in lines
    assert "m48-1 in 0304 may:" in lines
    assert "  fire at t64-1 (ap)" in lines
    assert any(line.startswith("  move to any of ") for line in lines)
    assert "  not rally: m48-1 is not Disrupted" in lines


# --- reach ------------------------------------------------------------------------------
def test_reach_json_gives_costs_paths_and_blocked_hexes(
    drawn: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, data = run_json(capsys, "reach", drawn, "--unit", "m48-1")
    assert code == 0
    assert data["from"] == "0304" and data["may_move"] is True and data["reasons"] == []
    reach = {r["hex"]: r for r in data["reach"]}
    assert all(len(r["path"]) >= 1 and r["path"][-1] == h for h, r in reach.items())
    assert all(r["cost"] <= data["mp"] for r in reach.values())
    blocked = data["blocked"]
    assert blocked and all(b["reasons"] and b["hex"] not in reach for b in blocked)
    # a path given by reach is a move act accepts
    target = next(iter(reach.values()))
    code, answer = run_json(capsys, "act", drawn, "move", "--unit", "m48-1",
                            "--to", ",".join(target["path"]))  # fmt: skip
    assert code == 0, answer


def test_reach_as_a_side_knows_only_its_own_minefields(
    drawn: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _, nato = run_json(capsys, "reach", drawn, "--unit", "m48-1", "--as", "nato")
    assert "minefield" not in json.dumps(nato)
    code, _ = run_json(capsys, "reach", drawn, "--unit", "t64-1", "--as", "nato")
    assert code == 1  # NATO may not ask where a Pact unit can go


def test_reach_text_and_a_unit_that_may_not_move_now(
    drawn: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, text = run(capsys, "reach", drawn, "--unit", "t64-1", "--maneuver")
    assert code == 0
    lines = text.splitlines()
    assert lines[0].startswith("t64-1 in 0810, ") and lines[0].endswith(" MP in maneuver mode:")
    assert lines[1].startswith("  it may not move now: t64-1 is not of the active formation")
    assert any(line.startswith("  1 MP: ") for line in lines)


def test_unknown_unit_is_bad_input(drawn: str, capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("actions", "reach"):
        code, data = run_json(capsys, command, drawn, "--unit", "nobody")
        assert code == 1 and "nobody" in str(data["error"])


def test_act_help_names_every_action(capsys: pytest.CaptureFixture[str]) -> None:
    from tabletop.rules import ACTIONS

    assert main(["act", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert all(action in text for action in ACTIONS)
    assert "one of: " + ", ".join(ACTIONS) in text


def test_show_a_squad_game_counts_figures(capsys: pytest.CaptureFixture[str]) -> None:
    squad = str(ROOT / "scenarios" / "demo-squad.yaml")
    code, data = run_json(capsys, "show", squad, "--as", "german")
    assert code == 0 and data["phase"] == "movement" and "cup" not in data
    hmg = data["units"]["ger-hmg-1"]
    assert (hmg["figures"], hmg["wounds"]) == (3, 0)
    assert all(m.get("revealed", True) for m in data["hex_markers"])
    _, text = run(capsys, "show", squad, "--as", "german")
    assert "  ger-hmg-1 (HMG_TEAM, Wehrmacht) in 0202: good order, 3 figures, 0 wounds" in text
