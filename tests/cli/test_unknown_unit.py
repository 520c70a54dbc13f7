"""One rule for every command: a unit id the game does not hold (or not yet: a
reinforcement still to come) is bad input, exit 1 with the reason on stderr and
``{"error": ...}`` under ``--json``; a unit of the game that may not do what is asked is an
illegal action, exit 2 (docs/headless.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.cli import main

ROOT = Path(__file__).resolve().parents[2]
PLATOON = str(ROOT / "scenarios" / "hold-the-crossroads.yaml")
SQUAD = str(ROOT / "scenarios" / "demo-squad.yaml")
NO_SUCH = "there is no unit 'zz-9' in this game"


def answer(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, dict[str, object]]:
    code = main([*argv, "--json"])
    out, err = capsys.readouterr()
    return code, err, json.loads(out)


@pytest.mark.parametrize(
    "argv",
    [
        ("act", PLATOON, "fire", "--unit", "zz-9", "--target", "t64-1", "--weapon", "ap"),
        ("act", PLATOON, "fire", "--unit", "m48-1", "--target", "zz-9", "--weapon", "ap"),
        ("act", PLATOON, "fire", "--unit", "m48-1", "--target", "t64-1", "--weapon", "ap",
         "--sw-target", "zz-9"),
        ("act", SQUAD, "move", "--unit", "zz-9", "--to", "0102"),
        ("act", SQUAD, "close-combat", "--hex", "0505", "--targets", "ger-rifle-1:zz-9"),
        ("act", SQUAD, "close-combat", "--hex", "0505", "--leave", "zz-9"),
        ("odds", PLATOON, "--unit", "zz-9", "--target", "t64-1", "--weapon", "ap"),
        ("odds", PLATOON, "--unit", "m48-1", "--target", "zz-9", "--weapon", "ap"),
        ("odds", SQUAD, "--unit", "zz-9", "--target", "sov-t34-1"),
        ("odds", SQUAD, "--unit", "ger-tiger-1", "--target", "zz-9"),
        ("actions", SQUAD, "--unit", "zz-9"),
        ("reach", PLATOON, "--unit", "zz-9"),
        ("reach", SQUAD, "--unit", "zz-9"),
    ],
)  # fmt: skip
def test_an_unknown_unit_is_bad_input_in_every_command(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]
) -> None:
    code, err, data = answer(capsys, *argv)
    assert (code, data) == (1, {"error": NO_SUCH})
    assert err == f"tabletop: {NO_SUCH}\n"


def test_a_reinforcement_still_to_come_is_not_in_the_game_yet(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for argv in (("act", SQUAD, "move", "--unit", "ger-rifle-3", "--to", "0112"),
                 ("reach", SQUAD, "--unit", "ger-rifle-3"),
                 ("actions", SQUAD, "--unit", "ger-rifle-3")):  # fmt: skip
        code, _, data = answer(capsys, *argv)
        assert (code, data) == (
            1, {"error": "ger-rifle-3 is not in the game yet: a reinforcement of turn 2"}
        ), argv  # fmt: skip


def test_a_unit_of_the_game_that_may_not_act_is_an_illegal_action(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, data = answer(capsys, "act", SQUAD, "move", "--unit", "sov-t34-1", "--to", "0102")
    assert code == 2 and data["legal"] is False and data["reasons"]
