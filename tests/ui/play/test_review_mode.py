"""Review mode: the map as it stood after each action, read-only, from real clicks on the
review bar and the log rows; the live game is untouched and comes back."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QProgressBar, QToolButton

from tabletop.commands import ManualChange, PlayAction
from tabletop.rules import ActionRequest, ScriptedDice
from tabletop.rules.adjust import Adjustment

pytestmark = pytest.mark.qt_log_ignore("does not support propagateSizeHints")


def play(window, action: str, **kw) -> None:
    doc = window.document
    doc.push(PlayAction(doc.state, ActionRequest(action, **kw), doc.los, ScriptedDice([])))


def press(qtbot, window, name: str) -> None:
    button = window.findChild(QToolButton, name)
    assert button is not None and button.isVisible(), name
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def counter_hex(window, unit: str) -> str:
    scene = window.view.scene()
    return window.document.scenario.map.label(scene.counters[unit].hex)


def test_review_shows_an_earlier_position_and_returns(qtbot, window) -> None:
    play(window, "draw", formation="kg")
    play(window, "move", units=("leo-2",), to=("0706",))
    doc = window.document
    doc.push(ManualChange(doc.state, Adjustment(unit="t72-1", to="0908")))
    live_scene = window.map_scene
    before = doc.state.snapshot()
    action = window.findChild(QAction, "action-review")
    assert action is window.review.action and action.isEnabled()
    action.trigger()
    assert window.review.active and window.view.scene() is not live_scene
    assert window.review.position == 3  # after the last action
    assert counter_hex(window, "leo-2") == "0706" and counter_hex(window, "t72-1") == "0908"
    press(qtbot, window, "review-back")
    assert counter_hex(window, "t72-1") == "1005"  # before the manual change
    press(qtbot, window, "review-back")
    assert counter_hex(window, "leo-2") == "0606"  # before the move
    assert window.log_dock.list.currentRow() == 0
    assert "after action 1 of 3" in window.findChild(type(window.review.bar.label),
                                                     "review-label").text()  # fmt: skip
    # read-only: play, undo and adjust are off, a click on the map changes nothing
    assert not window.undo_action.isEnabled() and not window.adjust.action.isEnabled()
    assert not window.findChild(QAction, "action-end-impulse").isEnabled()
    view = window.view
    point = view.mapFromScene(window.view.scene().hex_center(doc.scenario.map.parse("0606")))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert window.play.controller.selected is None
    # a click on a log row jumps to the position after that action
    rows = window.log_dock.list
    qtbot.mouseClick(rows.viewport(), Qt.MouseButton.LeftButton,
                     pos=rows.visualItemRect(rows.item(1)).center())  # fmt: skip
    assert window.review.position == 2 and counter_hex(window, "leo-2") == "0706"
    press(qtbot, window, "review-first")
    assert window.review.position == 0 and counter_hex(window, "leo-2") == "0606"
    assert doc.state.same_as(before) and len(doc.history) == 3  # the live game untouched
    press(qtbot, window, "review-done")
    assert not window.review.active and not action.isChecked()
    assert window.view.scene() is live_scene and counter_hex(window, "leo-2") == "0706"
    assert window.undo_action.isEnabled() and window.adjust.action.isEnabled()
    window.undo_action.trigger()
    assert doc.state.units["t72-1"].hex == doc.scenario.map.parse("1005")


def test_the_arrow_keys_step_and_esc_returns(qtbot, window) -> None:
    play(window, "draw", formation="kg")
    play(window, "move", units=("leo-2",), to=("0706",))
    window.review.action.trigger()
    qtbot.keyClick(window.view, Qt.Key.Key_Left)
    assert window.review.position == 1 and counter_hex(window, "leo-2") == "0606"
    qtbot.keyClick(window.view, Qt.Key.Key_Home)
    assert window.review.position == 0
    qtbot.keyClick(window.view, Qt.Key.Key_End)
    assert window.review.position == 2
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    assert not window.review.active and window.view.scene() is window.map_scene


def _opened(window):
    """The window's game as if read from a file: no result known, so the log dock replays."""
    from tabletop.documents import GameDocument

    state, los = window.document.state, window.document.los
    opened = GameDocument(state.snapshot())
    opened.use_los(lambda: los)
    window.set_document(opened)
    return opened


def test_entering_does_not_wait_for_the_replay_and_idle_time_completes_it(
    qtbot, window, monkeypatch
) -> None:
    from tabletop.ui.play import logdock

    play(window, "draw", formation="kg")
    play(window, "move", units=("leo-2",), to=("0706",))
    doc = window.document
    doc.push(ManualChange(doc.state, Adjustment(unit="t72-1", to="0908")))
    monkeypatch.setattr(logdock, "FIRST_S", 0.0)  # as a long log: shown before its replay
    review = window.review
    replay = review.replay
    assert replay is not None and not window.log_dock.replaying()  # the rows are known
    window.review.action.trigger()
    assert review.active and len(replay.steps) == 0 and review.replaying()
    assert review.position == review.shown == 3 and counter_hex(window, "t72-1") == "0908"
    progress = window.findChild(QProgressBar, "review-progress")
    assert progress.isVisible() and progress.value() == 0 and progress.maximum() == 3
    assert "replaying the log: 0 of 3" in window.statusBar().currentMessage()
    dock = window.log_dock  # the rows of the positions not replayed yet are greyed
    assert [dock.pending(i) for i in range(3)] == [True, True, False]
    grey, plain = (dock.list.item(i).foreground().color() for i in (0, 2))
    assert grey != plain and "not replayed yet" in dock.list.item(0).toolTip()
    press(qtbot, window, "review-back")  # a position not replayed yet: asked for, waited for
    assert review.position == 2 and review.shown == 3
    assert "Going back to action 2: waiting for the replay" in review.bar.label.text()
    qtbot.waitUntil(lambda: review.shown == 2, timeout=10000)
    assert counter_hex(window, "t72-1") == "1005" and counter_hex(window, "leo-2") == "0706"
    qtbot.waitUntil(lambda: not review.replaying(), timeout=10000)
    assert len(replay.steps) == 3 and replay.done() and not progress.isVisible()
    assert not any(dock.pending(i) for i in range(3))
    assert dock.list.item(0).foreground().color() == plain
    assert "not replayed" not in dock.list.item(0).toolTip()
    press(qtbot, window, "review-first")  # every position at once now
    assert review.shown == 0 and counter_hex(window, "leo-2") == "0606"
    press(qtbot, window, "review-last")
    assert review.shown == 3 and counter_hex(window, "t72-1") == "0908"


def test_leaving_mid_replay_stops_it_and_the_next_review_goes_on(
    qtbot, window, monkeypatch
) -> None:
    from tabletop.ui.play import logdock

    play(window, "draw", formation="kg")
    play(window, "move", units=("leo-2",), to=("0706",))
    monkeypatch.setattr(logdock, "FIRST_S", 0.0)
    review = window.review
    replay = review.replay
    review.action.trigger()
    qtbot.keyClick(window.view, Qt.Key.Key_Home)  # the start: replayed on entering
    assert review.shown == 0 and counter_hex(window, "leo-2") == "0606"
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    assert not review.active and not review.replaying()
    assert not window.log_dock.pending(0)  # no row greyed out of review mode
    steps = len(replay.steps)
    qtbot.wait(50)
    assert len(replay.steps) == steps < 2  # no work while not reviewing
    assert window.view.scene() is window.map_scene and counter_hex(window, "leo-2") == "0706"
    review.action.trigger()  # the replay goes on from where it was
    assert review.shown == 2
    qtbot.waitUntil(lambda: not review.replaying(), timeout=10000)
    qtbot.keyClick(window.view, Qt.Key.Key_Left)
    assert review.shown == 1 and counter_hex(window, "leo-2") == "0606"  # before the move
    assert len(window.document.history) == 2  # the live game untouched


def test_a_log_that_stops_replaying_says_where_and_why(qtbot, window, monkeypatch) -> None:
    from tabletop.model import LogEntry
    from tabletop.ui.play import logdock

    play(window, "draw", formation="kg")
    window.document.state.log.append(
        LogEntry("move", {"units": ["leo-2"], "to": ["0706"]}, [6], 1, "nato")
    )  # a move that rolls no dice, edited by hand to hold one
    monkeypatch.setattr(logdock, "FIRST_S", 0.0)
    _opened(window)
    review = window.review
    review.action.trigger()
    assert review.shown == 2  # the game as it stands, until the replay finds the problem
    qtbot.waitUntil(lambda: not review.replaying(), timeout=10000)
    assert review.last == 1 and review.position == review.shown == 1
    assert not window.log_dock.replaying()  # the rows' replay was this one
    assert window.log_dock.list.currentRow() == 0  # (the row of action 1, narrated again)
    text = review.bar.label.text()
    assert "after action 1 of 2" in text and "stops replaying after action 1" in text
    assert "dice" in text
    assert not window.findChild(QToolButton, "review-forward").isEnabled()


def test_a_game_that_disagrees_with_its_log_is_reviewed_as_the_log_replays(
    qtbot, window, monkeypatch
) -> None:
    from tabletop.ui.play import logdock

    play(window, "draw", formation="kg")
    play(window, "move", units=("leo-2",), to=("0706",))
    monkeypatch.setattr(logdock, "FIRST_S", 0.0)
    opened = _opened(window)
    opened.state.units["leo-2"].hex = opened.scenario.map.parse("0808")  # not in the log
    opened.reindex()
    window.map_scene.refresh_state()
    review = window.review
    review.action.trigger()
    assert counter_hex(window, "leo-2") == "0808"  # the game as it stands, at first
    qtbot.waitUntil(lambda: not review.replaying(), timeout=10000)
    assert review.shown == 2 and counter_hex(window, "leo-2") == "0706"  # the log's
    qtbot.keyClick(window.view, Qt.Key.Key_Left)
    assert counter_hex(window, "leo-2") == "0606"
    press(qtbot, window, "review-done")
    assert counter_hex(window, "leo-2") == "0808" and opened.state.units["leo-2"].hex == (
        opened.scenario.map.parse("0808")
    )
