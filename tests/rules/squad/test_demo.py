"""The bundled squad demo (``scenarios/demo-squad.yaml``) played through ``tabletop act``:
moves, fire with cover saves, armor rolls, ammunition, fire at the bunker, digging in,
running, the phases and the medics; every saved game validates, records each figure's
model, wounds and fallen state, and replays exactly from the scenario."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tabletop.cli import main
from tabletop.data import load_game, validate_file
from tabletop.geometry import LosEngine
from tabletop.rules import engine

ROOT = Path(__file__).resolve().parents[3]
DEMO = str(ROOT / "scenarios" / "demo-squad.yaml")


class Player:
    def __init__(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        self.game = str(tmp_path / "game.yaml")
        self.capsys = capsys
        self.first = True

    def __call__(self, *args: str, code: int = 0) -> dict[str, Any]:
        source = DEMO if self.first else self.game
        got = main(["act", source, *args, "--out", self.game, "--json"])
        out = self.capsys.readouterr().out.strip().splitlines()
        assert got == code, out
        if code == 0:
            self.first = False
            problems, _ = validate_file(self.game)
            assert problems == []
        data: dict[str, Any] = json.loads(out[-1])
        return data


def test_the_squad_demo_plays_through_act_and_replays_exactly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    act = Player(tmp_path, capsys)
    data = act("move", "--unit", "ger-pioneers-1", "--to", "0306,0406")
    assert data["units"]["ger-pioneers-1"]["hex"] == "0406"
    assert (data["turn"], data["phase"], data["active_side"]) == (1, "movement", "german")
    assert act("end-phase")["phase"] == "shooting"
    # the AT rifle team in the 0908 trench: 3 hits, saves on 5+ (trench)
    data = act("fire", "--unit", "ger-rifle-1", "--target", "sov-atr-1",
               "--dice", "5,5,6,1,1,1,1,1,1,1,5,1,1")  # fmt: skip
    assert data["rolls"][-1] == {"by": "sov-atr-1", "for": "save", "need": "5+",
                                 "dice": [5, 1, 1], "successes": 1}  # fmt: skip
    assert data["units"]["sov-atr-1"]["figures"] == 0
    assert {"event": "eliminated", "unit": "sov-atr-1"} in data["events"]
    # the Tiger at the T-34: armor rolls at <= 3, then no save in the open
    data = act(
        "fire", "--unit", "ger-tiger-1", "--target", "sov-t34-1", "--dice", "6,6,6,6,1,6,6,3"
    )
    assert data["rolls"][1]["for"] == "armor" and data["net_hits"] == 2
    assert data["units"]["sov-t34-1"]["wounds"] == 3
    assert data["units"]["ger-tiger-1"]["ammo"] == 9
    # the bunker itself: not saved, 1 wound off
    data = act("fire", "--unit", "ger-mortar-1", "--hex", "0906", "--dice", "5,1")
    assert {"event": "bunker_wounded", "hex": "0906", "wounds_left": 4} in data["events"]
    # a unit that cannot harm a tank is refused, whatever the dice
    data = act("fire", "--unit", "ger-rifle-2", "--target", "sov-t34-1", "--dice", "6", code=2)
    assert data["reasons"] == [
        "sov-t34-1 is armored: only anti-tank fire harms it, and ger-rifle-2 has none in range"
    ]
    act("dig-in", "--unit", "ger-pioneers-1")
    act("run", "--unit", "ger-rifle-2", "--to", "0309,0409")
    # the Soviet player turn starts: its medics (sov-rifle-1's fallen soldier)
    data = act("end-turn", "--dice", "4")
    assert data["rolls"] == [{"by": "sov-rifle-1", "for": "medic", "need": "4+", "dice": [4],
                              "successes": 1}]  # fmt: skip
    assert (data["phase"], data["active_side"]) == ("movement", "soviet")
    assert data["units"]["ger-pioneers-1"]["markers"] == ["entrenched"]
    act("end-phase", "--as", "soviet")
    # Soviet fire at the dug-in pioneers: 6+ (Entrenched)
    data = act(
        "fire", "--unit", "sov-atgun-1", "--target", "ger-pioneers-1", "--dice", "4,4,6,1,3,3"
    )
    assert data["rolls"][-2]["need"] == "6+" and data["net_hits"] == 1
    # a figure lost: the pioneers test morale (rules 3.7), 3 + 3 <= 8
    assert data["rolls"][-1] == {"by": "ger-pioneers-1", "for": "morale", "need": "<= 8",
                                 "dice": [3, 3], "successes": 1}  # fmt: skip

    game = load_game(act.game)
    assert [(f.model, f.wounds, f.fallen) for f in game.unit("sov-t34-1").figures] == [
        ("medium_tank", 3, False)
    ]
    assert ("soldier", 1, True) in [(f.model, f.wounds, f.fallen)
                                    for f in game.unit("ger-pioneers-1").figures]  # fmt: skip
    los = LosEngine(game.scenario.map, game.scenario.options)
    assert engine.replay(game.scenario, game.log, los).same_as(game)


def test_a_figure_with_more_wounds_than_its_model_is_refused(tmp_path: Path) -> None:
    import shutil

    for folder, name in (("maps", "village.yaml"), ("counters", "squad.yaml")):
        (tmp_path / folder).mkdir()
        shutil.copy(ROOT / folder / name, tmp_path / folder / name)
    (tmp_path / "scenarios").mkdir()
    bad = tmp_path / "scenarios" / "bad.yaml"
    text = Path(DEMO).read_text(encoding="utf-8")
    old = "- {model: medium_tank, wounds: 1, fallen: false}"
    assert old in text
    bad.write_text(text.replace(old, old.replace("1", "9")), encoding="utf-8")
    problems, _ = validate_file(bad)
    assert [p for p in problems if "wounds" in str(p)], problems


def test_the_text_answer_says_the_squad_rolls_and_events_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = str(tmp_path / "g.yaml")
    assert main(["act", DEMO, "end-phase", "--out", game]) == 0
    args = ["fire", "--unit", "ger-tiger-1", "--target", "sov-t34-1", "--dice", "6,6,6,6,1,6,6,3"]
    assert main(["act", game, *args, "--out", game]) == 0
    assert main(["act", game, "end-turn", "--dice", "5"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == (
        "Tiger I ger-tiger-1 fires at T-34/76 sov-t34-1: 6 6 6 6 vs 3+, 4 hits; sov-t34-1 armor "
        "1 6 6 3 vs <= 3, 2 cancelled; sov-t34-1: medium tank wounded (2 taken); sov-t34-1: "
        "medium tank wounded (3 taken); ger-tiger-1 has 9 ammunition left"
    )
    # in the order they happen: the phases end, the Soviet turn starts, its medic rolls
    assert out[2].startswith("Wehrmacht ends its player turn: shooting phase over; ")
    assert out[2].endswith("Red Army's player turn 1; Rifle squad sov-rifle-1 medic 5 vs 4+, "
                           "1 saved; sov-rifle-1: a medic saves a soldier")  # fmt: skip


def test_a_close_combat_in_the_demo_through_act(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The half-track drives its squad into the entrenched sov-rifle-2 and unloads there:
    three scripted rounds of close combat through ``tabletop act`` (rules 3.6, 3.7, 3.10)."""
    act = Player(tmp_path, capsys)
    act("move", "--unit", "ger-sdkfz251-1", "--to", "0211,0312,0412,0512,0611,0711,0810")
    assert act("end-turn", "--dice", "4")["active_side"] == "soviet"  # sov-rifle-1's medic
    assert act("end-turn", "--dice", "4,4")["turn"] == 2  # ger-rifle-1's medic
    data = act("unload", "--unit", "ger-sdkfz251-1", "--to", "0910,1009")
    assert data["units"]["ger-rifle-4"]["hex"] == "1009"
    assert {"event": "unloaded", "unit": "ger-rifle-4", "carrier": "ger-sdkfz251-1",
            "hex": "1009"} in data["events"]  # fmt: skip
    act("end-phase")
    assert act("end-phase")["phase"] == "close_combat"
    assert act("end-phase", code=2)["reasons"] == ["close combat in 1009 has 3 round(s) left"]
    # round 1: sov-rifle-2 faces a vehicle: tank fear 6+6 > 8, so it skips round 1; the
    # half-track rolls its 3 fire dice on {1,2,3}: 2 hits, no defense (clear, defense 0);
    # ger-rifle-4 got out this game turn: it skips round 1 too; sov-rifle-2 tests, passes
    data = act("close-combat", "--hex", "1009", "--dice", "6,6,1,2,6,2,2")
    assert data["round"] == 1
    assert [(r["by"], r["for"]) for r in data["rolls"]] == [
        ("sov-rifle-2", "tank_fear"), ("ger-sdkfz251-1", "close_combat"), ("sov-rifle-2", "morale")
    ]  # fmt: skip
    assert data["units"]["sov-rifle-2"]["figures"] == 8
    assert data["units"]["ger-sdkfz251-1"]["ammo"] == 9
    # round 2: ger-rifle-4 fights (9 dice: 8 soldiers and the MG; the medic rolls none);
    # sov-rifle-2 must pair with it, the attacking infantry (7 dice); no defense rolls
    # between infantry after round 1; both lost figures: both test, in unit-id order
    dice = [1, 1, *([6] * 7), 6, 6, 6, 1, *([6] * 6), 1, 1, 1, 1]
    data = act("close-combat", "--hex", "1009", "--dice", ",".join(map(str, dice)))
    assert [r["by"] for r in data["rolls"]] == [
        "ger-rifle-4", "ger-sdkfz251-1", "sov-rifle-2", "ger-rifle-4", "sov-rifle-2"
    ]  # fmt: skip
    assert data["rolls"][2]["successes"] == 1 and data["units"]["ger-rifle-4"]["figures"] == 9
    assert data["units"]["sov-rifle-2"]["figures"] == 6
    assert data["units"]["ger-sdkfz251-1"]["ammo"] == 9  # 1 per close-combat turn
    data = act("close-combat", "--hex", "1009", "--dice", ",".join(["6"] * 16))
    assert data["round"] == 3 and [r["by"] for r in data["rolls"]] == [
        "ger-rifle-4",
        "ger-sdkfz251-1",
        "sov-rifle-2",
    ]
    assert act("end-phase")["phase"] == "end"
    game = load_game(act.game)
    los = LosEngine(game.scenario.map, game.scenario.options)
    assert engine.replay(game.scenario, game.log, los).same_as(game)


def test_the_demo_air_strikes_meet_aa_fire_and_the_il2_strikes_from_its_airfield(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    act = Player(tmp_path, capsys)
    act("end-phase")
    data = act("air-strike", "--unit", "sov-il2-1", "--hex", "0305", code=2)
    assert data["reasons"] == ["sov-il2-1 belongs to soviet: it acts in soviet's player turn"]
    act("end-turn", "--dice", "4")  # sov-rifle-1's medic
    act("end-phase")
    # the Il-2 bombs ger-rifle-1 from its airfield (no German AA): 4 dice at 4+ all miss,
    # then the morale test of an air strike (trigger 4), 3 + 3 <= 8
    data = act("air-strike", "--unit", "sov-il2-1", "--hex", "0305", "--dice", "1,2,3,1,3,3")
    assert [(r["by"], r["for"]) for r in data["rolls"]] == [
        ("sov-il2-1", "to_hit"), ("ger-rifle-1", "morale")
    ]  # fmt: skip
    act("end-turn", "--dice", "4,4")  # ger-rifle-1's medics; game turn 2
    act("end-phase")
    # the He 111 on the bunker (the scenario's air_strikes:): sov-aa-1 in 1207 sees 0906
    # and fires first, 3 hits on its 3 wounds: shot down, nothing is dropped
    data = act("air-strike", "--hex", "0906", "--dice", "6,6,6")
    assert data["rolls"] == [{"by": "sov-aa-1", "for": "to_hit", "need": "5+",
                              "dice": [6, 6, 6], "successes": 3}]  # fmt: skip
    assert {"event": "aircraft_shot_down", "aircraft": "MEDIUM_BOMBER"} in data["events"]
