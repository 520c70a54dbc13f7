"""The narrated log of a game: results from this session's commands or from one replay."""

from __future__ import annotations

from pathlib import Path
from typing import cast

from tabletop.commands import Command, PlayAction
from tabletop.data import load_document
from tabletop.documents import GameDocument, HistoryChanged
from tabletop.documents.logbook import LogBook
from tabletop.geometry import LosEngine
from tabletop.model import LogEntry, Scenario
from tabletop.rules import ActionRequest, ScriptedDice, engine

SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "hold-the-crossroads.yaml"
FIRE = ActionRequest("fire", units=("m48-1",), target="t64-1", weapon="ap")
EXPECTED = (
    "M-48 m48-1 fires AP at T-64 t64-1: 4 5 6 vs 4+, 3 hits; saves 1 3 4 6 vs 5+, 1 save; "
    "t64-1 Disrupted and Reduced; m48-1 Ops Complete"
)


def _scenario() -> Scenario:
    loaded = load_document(SCENARIO)
    assert isinstance(loaded, Scenario)
    return loaded


def _drawn_and_fired() -> tuple[GameDocument, LosEngine, LogBook]:
    """A game of the demo scenario in the window's way, with its log book: the
    Kampfgruppe's chit drawn and one fire played."""
    scenario = _scenario()
    doc = GameDocument.from_scenario(scenario)
    los = LosEngine(scenario.map, scenario.options)
    doc.use_los(lambda: los)
    book = LogBook(doc)
    doc.push(PlayAction(doc.state, ActionRequest("draw", formation="kampfgruppe"), los,
                        ScriptedDice([])))  # fmt: skip
    doc.push(PlayAction(doc.state, FIRE, los, ScriptedDice([4, 5, 6, 1, 3, 4, 6])))
    return doc, los, book


def test_a_game_read_from_a_file_is_narrated_by_replaying_its_log() -> None:
    scenario = _scenario()
    los = LosEngine(scenario.map, scenario.options)
    state = scenario.new_game()
    engine.perform(state, ActionRequest("draw", formation="kampfgruppe"), ScriptedDice([]), los)
    engine.perform(state, FIRE, ScriptedDice([4, 5, 6, 1, 3, 4, 6]), los)
    doc = GameDocument(state)  # no history: as if just opened
    doc.use_los(lambda: los)
    rows = LogBook(doc).rows()
    assert [r.text for r in rows] == ["NATO draws the kampfgruppe chit", EXPECTED]
    assert rows[1].units == ("m48-1", "t64-1")


def test_live_actions_are_narrated_from_their_own_result() -> None:
    doc, _, book = _drawn_and_fired()
    doc.use_los(lambda: (_ for _ in ()).throw(AssertionError("replayed")))
    assert book.rows()[1].text == EXPECTED


def test_a_log_that_stops_replaying_keeps_plain_rows() -> None:
    scenario = _scenario()
    state = scenario.new_game()
    state.log.append(LogEntry("fire", {"units": ["m48-1"], "target": "t64-1"}, [6], 1, "nato"))
    doc = GameDocument(state)
    doc.use_los(lambda: LosEngine(scenario.map, scenario.options))
    assert [r.text for r in LogBook(doc).rows()] == ["M-48 m48-1 fires at T-64 t64-1 (dice 6)"]


def test_rows_keep_another_sides_hidden_minefield_secret() -> None:
    from types import SimpleNamespace

    from tabletop.model import HexMarker
    from tabletop.rules.actions import ActionResult, Event

    scenario = _scenario()
    state = scenario.new_game()
    h = scenario.map.parse("0505")
    state.hex_markers.append(HexMarker(h, "minefield_ap", "pact", revealed=False))
    entry = LogEntry("lay-mines", {"units": ["t64-1"], "kind": "ap"}, [], 1, "pact")
    state.log.append(entry)
    result = ActionResult("lay-mines", events=[
        Event("minefield_laid", unit="t64-1", hex="0505"),
        Event("marker_placed", unit="t64-1", data={"marker": "ops_complete"})])  # fmt: skip
    doc = GameDocument(state)
    book = LogBook(doc)
    played = cast(Command, SimpleNamespace(entry=entry, result=result))
    book._on_event(HistoryChanged(True, False, "", "", "push", played))  # as the document tells
    assert book.rows("pact")[0].text.endswith("t64-1 lays a minefield in 0505; t64-1 Ops Complete")
    for viewer in (None, "nato"):
        text = book.rows(viewer)[0].text
        assert "0505" not in text and text.endswith(": t64-1 Ops Complete")
    state.hex_markers[-1].revealed = True  # once revealed, everyone reads it
    assert "lays a minefield in 0505" in book.rows("nato")[0].text


def test_the_replay_keeps_each_position_and_says_where_it_stops() -> None:
    scenario = _scenario()
    los = LosEngine(scenario.map, scenario.options)
    state = scenario.new_game()
    engine.perform(state, ActionRequest("draw", formation="kampfgruppe"), ScriptedDice([]), los)
    state.log.append(LogEntry("fire", {"units": ["m48-1"], "target": "t64-1"}, [6], 1, "nato"))
    doc = GameDocument(state)
    doc.use_los(lambda: los)
    book = LogBook(doc)
    replay = book.replay
    assert replay.run_for(float("inf")) and replay.done()
    assert len(replay.steps) == 1 and replay.problem is not None and "dice" in replay.problem
    running = replay.position_state()
    assert running is not None and running[0] == 1 and running[1].phase == "impulse"
    at = running[1].snapshot()
    replay.move(at, 1, 0)  # back to the start
    assert at.phase == "draw" and at.same_as(scenario.new_game())
    replay.move(at, 0, 1)
    assert at.same_as(running[1])
    assert book.settled() is False and book.replay_for(0.0)  # the same replay: nothing to do
    assert book.result_of(state.log[1]) is None and book.result_of(state.log[0]) is not None


def test_the_replay_follows_the_log_back_after_an_undo() -> None:
    doc, los, book = _drawn_and_fired()
    assert book.settled() and book.replay.run_for(float("inf"))  # results from the history
    running = book.replay.position_state()
    assert running is not None and running[0] == 2 and running[1].same_as(doc.state)
    doc.undo()
    assert book.replay.done()  # wound back to the draw, nothing to replay
    running = book.replay.position_state()
    assert running is not None and running[0] == 1 and running[1].same_as(doc.state)
    doc.push(PlayAction(doc.state, FIRE, los, ScriptedDice([4, 5, 6, 1, 3, 4, 6])))
    assert not book.replay.done() and book.replay.run_for(float("inf"))
    running = book.replay.position_state()
    assert running is not None and running[0] == 2 and running[1].same_as(doc.state)


def test_rows_that_do_not_wait_are_plain_until_the_replay_catches_up() -> None:
    from tabletop.rules.narrate import narrate

    scenario = _scenario()
    los = LosEngine(scenario.map, scenario.options)
    state = scenario.new_game()
    engine.perform(state, ActionRequest("draw", formation="kampfgruppe"), ScriptedDice([]), los)
    engine.perform(state, FIRE, ScriptedDice([4, 5, 6, 1, 3, 4, 6]), los)
    doc = GameDocument(state)  # as if just opened: no result known
    doc.use_los(lambda: los)
    book = LogBook(doc)
    plain = [narrate(scenario, entry, None) for entry in state.log]
    assert [r.text for r in book.rows(wait=False)] == plain and not book.settled()
    assert book.replay_for(0.0) is False  # one step (the replay's start) at a time
    while not book.replay_for(0.0):
        pass
    assert book.settled()
    assert [r.text for r in book.rows(wait=False)] == ["NATO draws the kampfgruppe chit", EXPECTED]
