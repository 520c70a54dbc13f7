"""``tabletop odds`` on the bundled example scenario (interfaces.md section 3)."""

from __future__ import annotations

import json
from math import isclose
from pathlib import Path

import pytest

from tabletop.cli import main

SCENARIO = str(Path(__file__).resolve().parents[2] / "scenarios" / "hold-the-crossroads.yaml")


def odds(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, object]]:
    code = main(["odds", SCENARIO, *args, "--json"])
    return code, json.loads(capsys.readouterr().out.strip().splitlines()[-1])


def test_odds_of_the_worked_example(capsys: pytest.CaptureFixture[str]) -> None:
    code, data = odds(capsys, "--unit", "m48-1", "--target", "t64-1", "--weapon", "ap")
    assert code == 0
    assert data["hits"] == {"0": 0.125, "1": 0.375, "2": 0.375, "3": 0.125}
    for key in ("hits", "net_hits", "outcomes"):
        table = data[key]
        assert isinstance(table, dict) and isclose(sum(table.values()), 1.0)
    outcomes = data["outcomes"]
    assert isinstance(outcomes, dict)
    assert set(outcomes) == {"no_effect", "disrupted", "reduced", "eliminated"}
    # 4 save dice at 5+ (ruins 2 + concealment 1, capped at 2, + Armor 2)
    assert data["save"] == {"dice": 4, "need": "5+", "bonus": {"ruins": 2, "concealment": 1},
                            "bonus_used": 2}  # fmt: skip


def test_odds_of_an_illegal_attack_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, data = odds(capsys, "--unit", "m48-1", "--target", "t64-1", "--weapon", "he")
    assert code == 2 and data["reasons"] == ["he may not attack armored targets: t64-1 is armored"]
    code, data = odds(capsys, "--unit", "m48-1", "--target", "t64-1", "--weapon", "ap",
                      "--moving")  # fmt: skip
    assert code == 2


def test_odds_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", SCENARIO, "--unit", "m48-1", "--target", "t64-1"]) == 0
    assert "net hits" in capsys.readouterr().out
