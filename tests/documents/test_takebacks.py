"""Take-backs (play by email): an undone action stays in the saved log with its dice; replay,
validation and review skip it; redo of the same action leaves none."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.commands import PlayAction
from tabletop.data import load_document, save_game
from tabletop.documents import GameDocument
from tabletop.documents.logbook import LogBook
from tabletop.geometry import LosEngine
from tabletop.model import GameState, Scenario
from tabletop.rules import ActionRequest, ScriptedDice

SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "hold-the-crossroads.yaml"
FIRE = ActionRequest("fire", units=("m48-1",), target="t64-1", weapon="ap")
BAD = [1, 1, 2, 1, 3, 4, 6]  # one die short of a hit each: no hits, no save roll
GOOD = [4, 5, 6, 1, 3, 4, 6]


def _game(record: bool) -> GameDocument:
    scenario = load_document(SCENARIO)
    assert isinstance(scenario, Scenario)
    doc = GameDocument.from_scenario(scenario)
    los = LosEngine(scenario.map, scenario.options)
    doc.use_los(lambda: los)
    doc.set_record_take_backs(record)
    doc.push(PlayAction(doc.state, ActionRequest("draw", formation="kampfgruppe"), los,
                        ScriptedDice([])))  # fmt: skip
    return doc


def _fire(doc: GameDocument, dice: list[int]) -> None:
    doc.push(PlayAction(doc.state, FIRE, doc.los, ScriptedDice(list(dice))))


def _without_take_back() -> GameState:
    doc = _game(record=False)
    _fire(doc, GOOD)
    return doc.state


def test_an_undone_fire_and_a_different_one_leave_a_take_back(tmp_path: Path, capsys) -> None:
    doc = _game(record=True)
    _fire(doc, [4, 5, 6, 1, 1, 2, 1])
    doc.undo()
    _fire(doc, GOOD)
    (aside,) = doc.state.record.asides
    assert aside.after == 1 and aside.entry is not None
    assert aside.entry.dice == [4, 5, 6, 1, 1, 2, 1]
    assert aside.text.startswith("NATO took back a fire: 4 5 6 vs 4+; 1 1 2 1 vs 5+")
    assert doc.modified
    rows = LogBook(doc).rows()
    assert [r.asides for r in rows] == [(), ("\u21b6 " + aside.text,)]
    assert rows[1].text.startswith("\u21b6 NATO took back a fire: 4 5 6 vs 4+")
    path = tmp_path / "game.yaml"
    save_game(doc.state, path)
    text = path.read_text()
    assert '"take_back": 1' in text and text.rstrip().splitlines()[-1].startswith(' "seal":')
    loaded = load_document(path)  # sealed: no replay
    assert isinstance(loaded, GameState)
    assert [a.text for a in loaded.record.asides] == [aside.text]
    assert loaded.record.record_take_backs and loaded.record.id == doc.state.record.id
    plain = _without_take_back()
    assert loaded.units == plain.units and len(loaded.log) == len(plain.log)
    # validate replays every action, always, and skips the take-back
    assert main(["validate", str(path)]) == 0
    capsys.readouterr()
    assert main(["show", str(path)]) == 0
    shown = capsys.readouterr().out
    assert "after action 1: NATO took back a fire: 4 5 6 vs 4+" in shown
    assert main(["show", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"]["id"] == doc.state.record.id
    assert [t["dice"] for t in data["take_backs"]] == [[4, 5, 6, 1, 1, 2, 1]]
    assert data["take_backs"][0]["after"] == 1 and data["take_backs"][0]["action"] == "fire"


def test_undo_and_redo_with_the_same_dice_leaves_none() -> None:
    doc = _game(record=True)
    _fire(doc, GOOD)
    doc.undo()
    assert len(doc.state.record.asides) == 1
    doc.redo()
    assert doc.state.record.asides == []
    doc.undo()
    doc.undo()  # the draw too: two take-backs, in the order they were undone
    assert [a.entry.action for a in doc.state.record.asides if a.entry] == ["fire", "draw"]
    assert [a.after for a in doc.state.record.asides] == [0, 0]
    doc.redo()
    doc.redo()
    assert doc.state.record.asides == []


def test_without_record_take_backs_an_undo_leaves_nothing() -> None:
    doc = _game(record=False)
    _fire(doc, BAD)
    doc.undo()
    _fire(doc, GOOD)
    assert doc.state.record.asides == []


def test_a_take_back_that_does_not_stand_where_it_says_is_an_error(tmp_path: Path) -> None:
    doc = _game(record=True)
    _fire(doc, BAD)
    doc.undo()
    path = tmp_path / "game.yaml"
    save_game(doc.state, path)
    text = path.read_text().replace('"take_back": 1', '"take_back": 0')
    text = text[: text.index(',\n "seal":')] + "}\n"
    path.write_text(text)
    from tabletop.data import DataError

    with pytest.raises(DataError) as err:
        load_document(path)
    assert "take_back 0 stands after 1 action of the log" in str(err.value)
