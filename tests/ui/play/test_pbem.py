"""Play by email (issue 28): A plays and saves; B opens it and is offered exactly A's new
actions, plays, sends his turn; A opens B's file and is offered exactly B's; a file whose
history was rewritten at entry K (state and seal made again) is reported at entry K first."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QMessageBox

from tabletop.commands import PlayAction
from tabletop.data import load_document, save_game
from tabletop.documents import GameDocument
from tabletop.documents.arrival import compare, log_marks
from tabletop.geometry import LosEngine
from tabletop.model import GameState, Scenario
from tabletop.rules import ActionRequest, ScriptedDice, engine

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "scenarios" / "hold-the-crossroads.yaml"
FIRE = ActionRequest("fire", units=("m48-1",), target="t64-1", weapon="ap")
A_TURN = [(ActionRequest("draw", formation="kampfgruppe"), []),
          (FIRE, [4, 5, 6, 1, 3, 4, 6]), (ActionRequest("end-impulse"), [])]  # fmt: skip
B_TURN = [(ActionRequest("draw", formation="1st_tank"), []), (ActionRequest("end-impulse"), [])]


def _play(doc: GameDocument, turn) -> None:
    for request, dice in turn:
        doc.push(PlayAction(doc.state, request, doc.los, ScriptedDice(list(dice))))


def _scenario() -> Scenario:
    scenario = load_document(SCENARIO)
    assert isinstance(scenario, Scenario)
    return scenario


def _rewritten(game: GameState, k: int, path: Path) -> None:
    """``game`` with its log's entry ``k`` (1-based, the fire) played with other dice, its
    state replayed from that log and saved (sealed) as Tabletop would: an edit made whole."""
    scenario = game.scenario
    los = LosEngine(scenario.map, scenario.options)
    state = scenario.new_game()
    for i, entry in enumerate(game.log, start=1):
        request = ActionRequest.from_dict(entry.action, entry.args)
        dice = [1, 1, 1, 1, 1, 1, 1] if i == k else list(entry.dice)
        dice = dice[:3] if i == k else dice  # three misses: no saves rolled
        engine.perform(state, request, ScriptedDice(dice), los)
    state.record = game.record
    save_game(state, path)


def test_an_exchange_headless(tmp_path: Path) -> None:
    doc = GameDocument.from_scenario(_scenario())
    los = LosEngine(doc.scenario.map, doc.scenario.options)
    doc.use_los(lambda: los)
    _play(doc, A_TURN)
    a_file = tmp_path / "a.yaml"
    save_game(doc.state, a_file)
    a_seen = log_marks(doc.state)
    b_game = load_document(a_file)
    assert isinstance(b_game, GameState) and b_game.record.id == doc.state.record.id
    arrival = compare([], b_game)  # B never saw this game: all of it is new
    assert (arrival.kind, arrival.first_new, arrival.new_actions) == ("extends", 0, 3)
    b_doc = GameDocument(b_game)
    b_doc.use_los(lambda: los)
    _play(b_doc, B_TURN)
    b_file = tmp_path / "b.yaml"
    save_game(b_doc.state, b_file)
    back = load_document(b_file)
    assert isinstance(back, GameState) and back.record.id == doc.state.record.id
    arrival = compare(a_seen, back)
    assert (arrival.kind, arrival.first_new, arrival.new_actions) == ("extends", 3, 2)
    assert compare(log_marks(back), back).kind == "same"
    edited = tmp_path / "edited.yaml"
    _rewritten(back, 2, edited)
    again = load_document(edited)
    assert isinstance(again, GameState)
    arrival = compare(a_seen, again)
    assert (arrival.kind, arrival.line, arrival.first_new) == ("differs", 2, 1)
    assert arrival.said == "M-48 m48-1 fires AP at T-64 t64-1 (dice 1 1 1)"


def _window(qtbot, name: str, tmp_path: Path):
    from tabletop.ui.shell.mainwindow import MainWindow

    settings = QSettings(str(tmp_path / f"{name}.ini"), QSettings.Format.IniFormat)
    win = MainWindow(settings)
    qtbot.addWidget(win)
    win.resize(1100, 750)
    win.show()
    qtbot.waitExposed(win)
    return win


def _offer(window, name: str) -> QMessageBox:
    box = window.pbem.offer
    assert box is not None and box.objectName() == name and box.isVisible()
    return box


def _click(qtbot, box: QMessageBox, name: str) -> None:
    button = next(b for b in box.buttons() if b.objectName() == name)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_an_exchange_in_the_window(qtbot, tmp_path: Path) -> None:
    a = _window(qtbot, "a", tmp_path)
    b = _window(qtbot, "b", tmp_path)
    assert a.open_file(SCENARIO)
    assert a.pbem.offer is None
    _play(a.document, A_TURN)
    a_file = tmp_path / "a.tabletop.yaml"
    assert a.save_as(a_file)
    game_id = a.document.state.record.id
    assert game_id is not None and a.pbem.ours(game_id)
    # B opens A's file: offered exactly A's three actions, reviewed from the first
    assert b.open_file(a_file)
    box = _offer(b, "review-offer")
    review = next(x for x in box.buttons() if x.objectName() == "review-offer-review")
    assert review.text() == "Review the 3 new actions"
    assert b.pbem.record_action.isChecked() and not b.pbem.record_action.isEnabled()
    _click(qtbot, box, "review-offer-review")
    assert b.review.active and b.review.position == 1
    assert b.log_dock.list.currentRow() == 0
    b.review.set_on(False)
    _play(b.document, B_TURN)
    (tmp_path / "out").mkdir()
    name = b.pbem.suggested_turn_path(b.document).name
    assert name == "hold-the-crossroads-t1-pact.tabletop.yaml"
    sent = b.pbem.send_turn(tmp_path / "out" / name)
    assert sent is not None and sent.is_file() and b.pbem.opened_folders == [tmp_path / "out"]
    assert sent.read_text().rstrip().splitlines()[-1].startswith(' "seal": "sha256:')
    # A opens B's file: offered exactly B's two
    assert a.open_file(sent)
    box = _offer(a, "review-offer")
    assert "Review the 2 new actions" in [x.text() for x in box.buttons()]
    _click(qtbot, box, "review-offer-review")
    assert a.review.active and a.review.position == 4
    a.review.set_on(False)
    # a rewritten history: reported at its entry, before anything else
    edited = tmp_path / "edited.tabletop.yaml"
    loaded = load_document(sent)
    assert isinstance(loaded, GameState)
    _rewritten(loaded, 2, edited)
    assert a.open_file(edited)
    box = _offer(a, "history-differs")
    assert "differs from the one you saw at entry 2:" in box.text()
    assert not a.review.active
    _click(qtbot, box, "history-differs-review")
    assert a.review.active and a.review.position == 2


def test_a_take_back_in_the_log_dock_and_the_menu_choice(qtbot, tmp_path: Path) -> None:
    a = _window(qtbot, "a", tmp_path)
    assert a.open_file(SCENARIO)
    action = a.pbem.record_action
    assert action.isEnabled() and not action.isChecked()  # a new game of one's own: a choice
    action.trigger()
    assert a.document.state.record.record_take_backs
    assert a.settings.value("play/record_take_backs") in (True, "true")
    _play(a.document, A_TURN[:1])
    _play(a.document, [(FIRE, [1, 2, 3])])
    a.undo()
    _play(a.document, [(FIRE, [4, 5, 6, 1, 3, 4, 6])])
    texts = [a.log_dock.list.item(i).text() for i in range(a.log_dock.list.count())]
    assert len(texts) == 2
    assert texts[1].startswith("\u21b6 NATO took back a fire: 1 2 3 vs 4+ (")
    a.undo()  # the second fire: a take-back at the end of the log, on a line of its own
    texts = [a.log_dock.list.item(i).text() for i in range(a.log_dock.list.count())]
    assert len(texts) == 3 and texts[2].startswith("\u21b6 NATO took back a fire: 4 5 6 vs 4+")
    a.redo()  # the same action again: its take-back goes
    texts = [a.log_dock.list.item(i).text() for i in range(a.log_dock.list.count())]
    assert len(texts) == 2 and "4 5 6 vs 4+" not in texts[1].splitlines()[0]
