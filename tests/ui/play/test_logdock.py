"""The log dock: one narrated row per log entry, newest last; a click picks the units."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tabletop.commands import PlayAction
from tabletop.rules import ActionRequest, ScriptedDice


def play(window, action: str, **kw) -> None:
    doc = window.document
    doc.push(PlayAction(doc.state, ActionRequest(action, **kw), doc.los, ScriptedDice([])))


def click_row(qtbot, window, row: int) -> None:
    view = window.log_dock.list
    rect = view.visualItemRect(view.item(row))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_rows_follow_the_log_through_undo_and_redo(qtbot, window) -> None:
    dock = window.findChild(type(window.log_dock), "log-dock")
    assert dock is window.log_dock and dock.list.count() == 0
    play(window, "draw", formation="kg")
    play(window, "move", units=("leo-2",), to=("0706",))
    texts = [dock.list.item(i).text() for i in range(dock.list.count())]
    assert texts[0] == "NATO draws the kg chit"
    assert texts[1].startswith("Leopard 2 leo-2 moves 0606 \u2192 0706")
    window.document.undo()
    assert dock.list.count() == 1
    window.document.redo()
    assert dock.list.count() == 2 and dock.list.item(1).text() == texts[1]


def test_clicking_a_row_selects_the_units_involved(qtbot, window) -> None:
    play(window, "draw", formation="kg")
    play(window, "move", units=("leo-2",), to=("0706",))
    click_row(qtbot, window, 1)
    assert window.log_dock.picked == ("leo-2",)
    assert window.play.controller.selected == "leo-2"
    hexmap = window.document.scenario.map
    assert window.hex_dock.hex == hexmap.parse("0706")
    assert window.log_dock.marks.isVisible()
    assert window.log_dock.marks.hexes == (hexmap.parse("0706"),)


def test_the_view_menus_side_is_the_logs_reader(qtbot, window) -> None:
    play(window, "draw", formation="kg")
    window.set_viewer("pact")
    assert window.log_dock.viewer == "pact" and window.log_dock.list.count() == 1
    window.set_viewer(None)
    assert window.log_dock.viewer is None and window.log_dock.list.count() == 1


def test_a_game_from_a_file_is_narrated_after_it_shows(qtbot, window, monkeypatch) -> None:
    from tabletop.documents import GameDocument
    from tabletop.ui.play import logdock

    play(window, "draw", formation="kg")
    play(window, "move", units=("leo-2",), to=("0706",))
    state, los = window.document.state, window.document.los
    narrated = [window.log_dock.list.item(i).text() for i in range(2)]
    monkeypatch.setattr(logdock, "FIRST_S", 0.0)  # as a long log: shown before its replay
    opened = GameDocument(state.snapshot())  # no results known, as a game read from a file
    opened.use_los(lambda: los)
    window.set_document(opened)
    dock = window.log_dock
    assert dock.replaying() and dock.list.count() == 2
    assert dock.list.item(1).text() != narrated[1]  # the plain row, for now
    qtbot.waitUntil(lambda: not dock.replaying(), timeout=10000)
    assert [dock.list.item(i).text() for i in range(2)] == narrated


def test_an_action_lays_out_its_new_row_only(qtbot, window) -> None:
    """Rows wrap and differ in height: without kept sizes, Qt laid every row out again from
    its text (a text layout each) after every action, an action's cost growing with the
    log. Each row keeps the size it was laid out at; an action measures its own row, and
    a new width every row once."""
    from PySide6.QtWidgets import QStyledItemDelegate

    class Counting(QStyledItemDelegate):
        measured = 0

        def sizeHint(self, option, index):
            if index.data(Qt.ItemDataRole.SizeHintRole) is None:  # laid out from its text
                Counting.measured += 1
            return super().sizeHint(option, index)

    dock = window.log_dock
    delegate = Counting(dock.list)
    dock.list.setItemDelegate(delegate)
    dock.show()
    qtbot.waitExposed(dock.list)
    play(window, "draw", formation="kg")
    play(window, "move", units=("leo-2",), to=("0706",))
    play(window, "move", units=("leo-1",), to=("0404",))
    dock.list.viewport().repaint()
    Counting.measured = 0
    play(window, "move", units=("inf-1",), to=("0404",))
    dock.list.viewport().repaint()
    assert dock.list.count() == 4
    assert Counting.measured <= 2  # the new row (laid out, then its rectangle asked)
    heights = [dock.list.visualItemRect(dock.list.item(i)).height() for i in range(4)]
    assert all(h > 0 for h in heights)
    assert dock.list.item(3).sizeHint().height() == heights[3]
    dock.list.resize(dock.list.width() - 40, dock.list.height())
    Counting.measured = 0
    window.document.undo()
    window.document.redo()
    dock.list.viewport().repaint()
    assert Counting.measured >= 4  # a new width: every row laid out from its text again
    for i in range(dock.list.count()):
        item = dock.list.item(i)
        assert item.sizeHint().height() == dock.list.visualItemRect(item).height()
