"""``tabletop los`` on the bundled Eisenbach valley map and scenario (interfaces.md section 3)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.cli import main

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "maps" / "eisenbach-valley.yaml"
SCENARIO = ROOT / "scenarios" / "hold-the-crossroads.yaml"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["los", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_documented_examples(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(MAP), "0304", "0810", "--json")
    assert code == 0
    assert json.loads(out) == {"from": "0304", "to": "0810", "range": 9, "clear": True,
                               "blocked_by": [], "hindrances": [], "grazed": [],
                               "reason": "clear"}  # fmt: skip
    code, out, _ = run(capsys, str(MAP), "0304", "0706", "--json")
    j = json.loads(out)
    assert (j["range"], j["clear"], j["blocked_by"]) == (4, False, ["0505"])
    assert j["reason"] == "0505 (town, level 1) blocks"


def test_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(MAP), "0304", "0706")
    assert code == 0 and out.strip() == (
        "0304 -> 0706: range 4, no line of sight: 0505 (town, level 1) blocks"
    )


def test_all(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(MAP), "0304", "--all", "--json")
    j = json.loads(out)
    assert code == 0 and j["from"] == "0304"
    assert j["visible"] == sorted(j["visible"]) and "0810" in j["visible"]
    assert "0706" not in j["visible"] and "0303" in j["visible"]


def test_unit_ids_in_a_scenario(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(SCENARIO), "m48-1", "t64-1", "--json", "--as", "nato")
    assert code == 0 and json.loads(out)["from"] == "0304" and json.loads(out)["to"] == "0810"


@pytest.mark.parametrize(
    "args",
    [["0304", "9999"], ["0304"], ["0304", "0305", "--all"], ["m48-1", "0305"]],
)
def test_bad_input_exits_1_without_traceback(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    code, out, err = run(capsys, str(MAP), *args)
    assert code == 1 and out == "" and err.strip() and "Traceback" not in err


def test_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, str(tmp_path / "none.yaml"), "0304", "0305")
    assert code == 1 and "none.yaml" in err


def test_a_line_along_the_map_edge_names_no_off_map_hexside(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """0101 -> 0301 runs along the top edge (the side of 0201 towards the off-map "0200"):
    no hexside of two map hexes is grazed, so none is named; inside the map one is."""
    code, out, _ = run(capsys, str(MAP), "0101", "0301", "--json")
    assert code == 0 and json.loads(out)["grazed"] == []
    code, out, _ = run(capsys, str(MAP), "0101", "0301")
    assert out.strip() == "0101 -> 0301: range 2, line of sight clear"
    code, out, _ = run(capsys, str(MAP), "0201", "0401", "--json")
    assert json.loads(out)["grazed"] == ["0301/0302"]
