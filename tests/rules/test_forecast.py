"""``rules.forecast``: the app's odds are the numbers ``tabletop odds`` prints, with every
modifier in words."""

from __future__ import annotations

import json
from math import isclose
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.cli.common import load_play, make_los
from tabletop.rules import ActionRequest
from tabletop.rules.forecast import forecast

SCENARIO = str(Path(__file__).resolve().parents[2] / "scenarios" / "hold-the-crossroads.yaml")


def test_forecast_equals_the_odds_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", SCENARIO, "--unit", "m48-1", "--target", "t64-1", "--weapon", "ap",
                 "--json"]) == 0  # fmt: skip
    cli = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    state = load_play(SCENARIO)
    request = ActionRequest("fire", units=("m48-1",), target="t64-1", weapon="ap")
    cast = forecast(state, request, make_los(state))
    assert not cast.reasons
    names = ["no_effect", "disrupted", "reduced", "eliminated"]
    assert [n for n, _ in cast.outcomes] == ["No effect", "Disrupted", "Reduced", "Eliminated"]
    for (_, p), key in zip(cast.outcomes, names, strict=True):
        assert isclose(p, cli["outcomes"][key])
    assert isclose(cast.effect, 1 - cli["outcomes"]["no_effect"])
    assert cast.pools == ("m48-1 AP: 3 dice at 4+, range 9", "t64-1 save: 4 dice at 5+")
    # ruins 2 + concealment 1 bonus dice, the armored cap keeps 2, plus Armor 2
    assert "armor 2 dice" in cast.modifiers
    assert "ruins: +2 save dice" in cast.modifiers
    assert "concealment: +1 save dice" in cast.modifiers
    assert "armored cap: 2 of 3 bonus dice count" in cast.modifiers


def test_an_illegal_attack_has_reasons_and_no_outcomes() -> None:
    state = load_play(SCENARIO)
    request = ActionRequest("fire", units=("m48-1",), target="t64-1", weapon="he")
    cast = forecast(state, request, make_los(state))
    assert cast.reasons == ("he may not attack armored targets: t64-1 is armored",)
    assert cast.outcomes == () and cast.effect == 0.0


def test_moving_fire_names_its_penalty() -> None:
    state = load_play(SCENARIO)
    request = ActionRequest("moving-fire", units=("m48-1",), target="t64-1", weapon="ap",
                            to=("0404",))  # fmt: skip
    cast = forecast(state, request, make_los(state))
    if cast.reasons:  # the M48's AP may have no Moving Fire capability in this scenario
        assert any("Moving Fire" in r or "sight" in r for r in cast.reasons)
    else:
        assert any(m.startswith("Moving Fire: hit +") for m in cast.modifiers)
