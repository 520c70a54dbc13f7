"""``tabletop odds`` of attacks on several units (docs/headless.md): a mortar's fire at a hex
(``--hex``) and a platoon's SW at another target (``--sw-target``), with the odds of every
unit the attack may touch; each agrees with ``rules.forecast`` (the app's odds panel)."""

from __future__ import annotations

import json
from math import isclose
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.cli.common import load_play, make_los
from tabletop.rules import ActionRequest
from tabletop.rules.forecast import forecast

ROOT = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, object]]:
    code = main(["odds", *args, "--json"])
    out = capsys.readouterr().out.strip().splitlines()
    return code, json.loads(out[-1]) if out else {}


@pytest.fixture
def mortar_game(tmp_path: Path) -> str:
    """Eisenbach Gap with brdm-1, sov-sapper-1 and t72-1 in 0717 (crops), next to
    us-mortar-1 (0716) and us-hq-1 (0817)."""
    from tabletop.data import load_scenario, save_game

    scenario = load_scenario(ROOT / "scenarios" / "demo-platoon.yaml")
    for u in scenario.units:
        if u.id in ("brdm-1", "sov-sapper-1", "t72-1"):
            u.hex = scenario.map.parse("0717")
    path = str(tmp_path / "game.yaml")
    save_game(scenario.new_game(), path)
    return path


@pytest.fixture
def sw_game(tmp_path: Path) -> str:
    """Hold the crossroads with t64-1 in 0306 next to inf-1 (MILAN SW, 0305) and t64-2
    (Reduced, Disrupted) in 0307."""
    text = (ROOT / "scenarios" / "hold-the-crossroads.yaml").read_text()
    text = text.replace("../maps/", f"{ROOT}/maps/").replace("../counters/", f"{ROOT}/counters/")
    for old, new in (("0810", "0306"), ("0911", "0307")):
        text = text.replace(f'formation: 1st_tank, hex: "{old}"',
                            f'formation: 1st_tank, hex: "{new}"')  # fmt: skip
    path = tmp_path / "sw.yaml"
    path.write_text(text)
    return str(path)


def test_mortar_odds_at_a_hex_give_every_target(
    mortar_game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, data = run(capsys, mortar_game, "--unit", "us-mortar-1", "--hex", "0717")
    assert code == 0
    assert data["hex"] == "0717"
    assert data["attack"] == {"unit": "us-mortar-1", "weapon": "he", "dice": 3, "need": "5+",
                              "range": 1, "extended": False, "spotter": "us-hq-1"}  # fmt: skip
    units = data["units"]
    assert isinstance(units, dict) and list(units) == ["brdm-1", "sov-sapper-1"]  # t72: armored
    # 3 dice at 5+: P(0 hits) = (2/3)^3 = 8/27; the sapper saves 1 die (crops) at 5+.
    assert isclose(units["brdm-1"]["hits"]["0"], 8 / 27)
    assert units["sov-sapper-1"]["saves"][0] | {"chance": 1} == {
        "dice": 1, "need": "5+", "bonus": {"crops": 1}, "bonus_used": 1, "chance": 1}  # fmt: skip
    for u in units.values():
        assert isclose(sum(u["outcomes"].values()), 1.0)
    quiet = units["brdm-1"]["outcomes"]["no_effect"] * units["sov-sapper-1"]["outcomes"][
        "no_effect"]  # fmt: skip
    assert isclose(data["untouched"], quiet)  # no Wreck can fall here: independent
    state = load_play(mortar_game)
    fc = forecast(state, ActionRequest("fire", units=("us-mortar-1",), hex="0717"),
                  make_los(state))  # fmt: skip
    assert [u.unit for u in fc.units] == list(units)
    assert isclose(fc.effect, 1 - data["untouched"])


def test_mortar_odds_refusals(mortar_game: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, data = run(capsys, mortar_game, "--unit", "us-hq-1", "--hex", "0717")
    assert code == 2 and "is not a mortar" in str(data["reasons"])
    code, data = run(capsys, mortar_game, "--unit", "us-mortar-1", "--hex", "0717",
                     "--target", "brdm-1")  # fmt: skip
    assert code == 1 and "one of the two" in str(data)
    code, data = run(capsys, mortar_game, "--unit", "us-mortar-1", "--hex", "0717",
                     "--sw-target", "brdm-1")  # fmt: skip
    assert code == 1 and "--hex" in str(data)
    code, data = run(capsys, mortar_game, "--unit", "us-mortar-1", "--hex", "0717",
                     "--as", "pact")  # fmt: skip
    assert code == 2 and "belongs to nato" in str(data["reasons"])


def test_mortar_odds_text(mortar_game: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", mortar_game, "--unit", "us-mortar-1", "--hex", "0717"]) == 0
    out = capsys.readouterr().out
    assert "us-mortar-1 fires he at 0717 (spotted by us-hq-1)" in out
    assert "sov-sapper-1: save 1 dice at 5+ (bonus: crops +1)" in out
    assert "no unit touched:" in out


def test_sw_at_another_target(sw_game: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, data = run(capsys, sw_game, "--unit", "inf-1", "--target", "t64-1", "--weapon", "ap",
                     "--sw-target", "t64-2", "--sw-weapon", "ap")  # fmt: skip
    assert code == 0
    assert data["attack"]["target"] == "t64-1" and data["sw_attack"]["target"] == "t64-2"
    units = data["units"]
    assert isinstance(units, dict) and list(units) == ["t64-1", "t64-2"]
    # t64-2 is Reduced and Disrupted: any net hit eliminates it. MILAN 3 dice at 4+, save
    # 1 die at 5+: P(no net hit) = 1/8 + 3/8 * 1/3 = 1/4.
    assert isclose(units["t64-2"]["outcomes"]["eliminated"], 3 / 4)
    alone = units["t64-1"]["outcomes"]["no_effect"]
    assert isclose(data["untouched"], alone / 4)
    code, one = run(capsys, sw_game, "--unit", "inf-1", "--target", "t64-1", "--weapon", "ap")
    assert code == 0 and isclose(one["outcomes"]["no_effect"], alone)
