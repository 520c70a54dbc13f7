"""Saving from the window, the autosave and its recovery, closing with unsaved changes,
settings kept between sessions, a bare map, the context menu and a dragged path."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox

from tabletop import paths
from tabletop.rules import ScriptedDice
from tabletop.ui.shell.files import is_saved_game, recent_label

pytestmark = [
    pytest.mark.gui,
    pytest.mark.qt_log_ignore("does not support propagateSizeHints"),
]


def draw(win) -> None:
    win.document.dice = ScriptedDice([2, 1])
    win.play.actions["draw"].trigger()


def test_every_action_is_autosaved_and_recovered_after_a_crash(qtbot, demo, settings) -> None:
    from tabletop.ui.shell.mainwindow import MainWindow

    draw(demo)
    recovery = demo.files.recovery()
    assert recovery is not None and is_saved_game(recovery)
    assert recovery.parent.parent == Path(settings.fileName()).parent  # never the user's
    # the app died: a new window finds the file and, when the player agrees, opens it
    again = MainWindow(settings)
    qtbot.addWidget(again)
    asked: list[str] = []

    def yes(*args):
        asked.append(args[2])
        return QMessageBox.StandardButton.Yes

    qtbot_patch = pytest.MonkeyPatch()
    qtbot_patch.setattr(QMessageBox, "question", staticmethod(yes))
    try:
        assert again.offer_recovery()
    finally:
        qtbot_patch.undo()
    assert "did not close normally" in asked[0]
    assert again.document.state.same_as(demo.document.state)
    # a clean close leaves no recovery file behind
    again.close()
    assert demo.files.recovery() is None


def test_actions_and_undos_are_autosaved_on_the_autosave_thread(qtbot, demo) -> None:
    from tabletop.data import load_game

    draw(demo)  # the first autosave makes every part of the text
    saver = demo.files.autosaver
    assert saver is not None and saver.document is demo.document
    path = demo.files.recovery()
    assert path is not None and saver.writes == 1
    kept = demo.files._snapshot.text
    assert not kept.cold(path) and kept.missing() == []  # every unit's text is kept
    demo.document.dice = ScriptedDice([])
    demo.play.actions["end-impulse"].trigger()
    assert demo.files.recovery() == path and saver.writes == 2
    assert load_game(path).same_as(demo.document.state)
    demo.undo_action.trigger()  # an undo too is autosaved (soon after, not at once)
    qtbot.waitUntil(lambda: saver.writes == 3 and not saver.busy(), timeout=10000)
    assert load_game(path).same_as(demo.document.state) and demo.document.state.log
    demo.undo_action.trigger()  # back to the game as it started: nothing to recover
    qtbot.waitUntil(lambda: demo.files.recovery() is None, timeout=10000)


def test_an_autosave_after_an_action_writes_no_setting_already_there(
    qtbot, demo, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the recovery file holds is noted in the settings before each autosave; each
    write there made Qt write the whole settings file again on the GUI thread soon after,
    after every action. Only a value that changed is written."""
    draw(demo)
    demo.files.wait()
    settings = demo.files.store.settings
    written: list[str] = []
    set_value = settings.setValue

    def counted(key: str, value: object) -> None:
        written.append(key)
        set_value(key, value)

    monkeypatch.setattr(settings, "setValue", counted)
    demo.document.dice = ScriptedDice([])
    demo.play.actions["end-impulse"].trigger()
    demo.files.wait()
    assert demo.files.autosaver is not None and demo.files.autosaver.writes == 2
    assert [k for k in written if k.startswith("recovery/")] == []
    origin = demo.files.store.origin()
    assert origin.kind == "game" and origin.source == demo.document.path


def test_save_asks_where_for_a_new_game_then_saves_there(
    qtbot, demo, tmp_path, monkeypatch
) -> None:
    draw(demo)
    target = tmp_path / "my game.yaml"
    asked: list[str] = []

    def dialog(*args, **kwargs):
        asked.append(args[2])
        return str(target), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(dialog))
    assert demo.document.modified
    demo.save_action.trigger()
    assert asked and asked[0].endswith("demo-platoon-game.yaml")  # never the scenario
    assert is_saved_game(target) and not demo.document.modified
    assert not is_saved_game(paths.DEMO_SCENARIO)
    demo.play.actions["end-impulse"].trigger()
    demo.save_action.trigger()  # now straight to the same file
    assert len(asked) == 1
    from tabletop.data import load_game

    assert load_game(target).same_as(demo.document.state)
    assert recent_label(str(target)).startswith("my game.yaml \u2014 ")
    assert demo.recent_menu.actions()[0].text() == recent_label(str(target.resolve()))


@pytest.mark.parametrize("answer", ["cancel", "discard"])
def test_closing_with_unsaved_changes_asks_first(qtbot, demo, monkeypatch, answer: str) -> None:
    draw(demo)
    demo.ask_before_closing = True
    button = {"cancel": QMessageBox.StandardButton.Cancel,
              "discard": QMessageBox.StandardButton.Discard}[answer]  # fmt: skip
    asked: list[str] = []
    monkeypatch.setattr(QMessageBox, "question",
                        staticmethod(lambda *a: asked.append(a[2]) or button))  # fmt: skip
    closed = demo.close()
    assert asked and "Save the changes" in asked[0]
    assert closed == (answer == "discard")
    demo.ask_before_closing = False


def test_settings_keep_the_solo_policy_zoom_and_layout(qtbot, demo, settings) -> None:
    from tabletop.ui.shell.mainwindow import MainWindow

    demo.findChild(type(demo.save_action), "action-policy-best").trigger()
    demo.view.set_scale(2.0)
    demo.close()
    assert settings.value("window/layout/play") is not None
    again = MainWindow(settings)
    qtbot.addWidget(again)
    assert again.play.controller.policy == "best"
    assert again.policy_actions["best"].isChecked()
    again.open_demo()
    again.restore_zoom()
    assert again.view.scale_factor == pytest.approx(2.0)


def test_a_bare_map_shows_no_turn_and_no_play(qtbot, demo, settings) -> None:
    from tabletop.data import load_map
    from tabletop.documents import GameDocument
    from tabletop.ui.shell.loading import map_scenario

    path = paths.MAPS / "eisenbach-gap.yaml"
    demo.set_document(GameDocument.from_scenario(map_scenario(load_map(path), path)))
    win = demo
    assert win.turn_label.text() == ""
    assert win.play.turn_bar.label.text() == "" and win.play.turn_bar.isHidden()
    assert not any(a.isEnabled() for a in win.play.actions.values())
    assert not win.save_action.isEnabled()
    assert "map on its own" in win.play.panel.header.text()
    win.open_file(path)  # opened as a file: play has nothing to show either
    assert win.play.turn_bar.isHidden() and not win.play.controller.playable
    assert not any(a.isEnabled() for a in win.play.actions.values())


def test_the_hex_dock_placeholder_spans_the_dock(qtbot, demo) -> None:
    demo.select_hex(None)
    item = demo.hex_dock.tree.topLevelItem(0)
    assert item.text(0).startswith("Click a hex") and item.isFirstColumnSpanned()


@pytest.mark.qt_log_ignore("does not support raise", "does not support grabbing")
def test_the_context_menu_offers_the_panel_actions(qtbot, demo) -> None:
    draw(demo)
    pos = demo.view.viewport_point("1211")
    qtbot.mouseClick(demo.view.viewport(), Qt.MouseButton.RightButton, pos=pos)
    assert demo.play.controller.selected == "leo2-1"
    menu = demo.play.build_menu()
    names = [a.objectName() for a in menu.actions() if a.objectName()]
    assert names[:2] == ["action-move", "action-fire"] or "action-fire" in names
    assert "action-end-impulse" in names
    enabled = {a.objectName() for a in menu.actions() if a.isEnabled()}
    assert "action-fire" in enabled and "action-rally" not in enabled


def test_a_dragged_path_then_enter_moves(qtbot, demo) -> None:
    draw(demo)
    doc = demo.document
    vp = demo.view.viewport()
    qtbot.mouseClick(vp, Qt.MouseButton.LeftButton, pos=demo.view.viewport_point("1211"))
    demo.play.actions["move"].trigger()
    tool = demo.play.path_tool
    assert tool is not None and tool.reach  # reachable hexes with their costs
    assert all(cost > 0 for cost in tool.reach.values())
    points: list[QPoint] = [demo.view.viewport_point(h) for h in ("1211", "1210", "1209")]
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=points[0])
    for p in points[1:]:
        qtbot.mouseMove(vp, p)
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=points[-1])
    hexmap = doc.scenario.map
    assert tool.path == [hexmap.parse("1210"), hexmap.parse("1209")]
    doc.dice = ScriptedDice([])
    qtbot.keyClick(demo.view, Qt.Key.Key_Return)
    assert doc.state.log[-1].args["to"] == ["1210", "1209"]
    while doc.state.pending is not None:  # the Pact may fire on the way: it lets it go
        demo.play.actions["pass"].trigger()
    assert doc.state.units["leo2-1"].hex == hexmap.parse("1209")


def test_a_squad_game_shows_its_phases_and_no_cup(qtbot, settings) -> None:
    from tabletop.ui.app import create_window

    win = create_window(paths.SCENARIOS / "demo-squad.yaml", settings)
    assert win is not None
    qtbot.addWidget(win)
    win.show()
    bar = win.play.turn_bar
    assert "movement phase" in bar.label.text() and bar.cup.text() == ""
    assert not win.play.actions["draw"].isVisible()
    end_phase = win.play.actions["end-phase"]
    assert end_phase.isVisible() and end_phase.isEnabled()
    qtbot.mouseClick(bar.widgetForAction(end_phase), Qt.MouseButton.LeftButton)
    assert win.document.state.phase == "shooting"
    assert "shooting phase" in bar.label.text()


def test_a_chit_drawn_by_hand_from_the_cup_menu(qtbot, demo) -> None:
    menu = demo.play.cup_menu
    menu.aboutToShow.emit()
    names = [a.objectName() for a in menu.actions()]
    assert "action-draw-kampfgruppe" in names and "action-draw-aviation" in names
    next(a for a in menu.actions() if a.objectName() == "action-draw-aviation").trigger()
    assert demo.document.state.active_formation == "aviation"
    assert demo.document.state.log[-1].args == {"formation": "aviation"}
    assert demo.document.state.log[-1].dice == []


def test_the_shortcuts_are_listed_in_help(qtbot, demo) -> None:
    from PySide6.QtWidgets import QTableWidget

    demo.shortcuts_action.trigger()
    table = demo.shortcuts_window.findChild(QTableWidget, "shortcuts-table")
    shown = {table.item(r, 1).text() for r in range(table.rowCount())}
    for text in ("Move", "Fire", "Draw Chit", "End Impulse", "Undo", "Cancel"):
        assert text in shown


@pytest.mark.qt_log_ignore("does not support raise", "does not support grabbing")
def test_a_helicopter_changes_mode_from_the_panel(qtbot, demo) -> None:
    menu = demo.play.cup_menu
    menu.aboutToShow.emit()
    next(a for a in menu.actions() if a.objectName() == "action-draw-aviation").trigger()
    pos = demo.view.viewport_point("0707")
    qtbot.mouseClick(demo.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert demo.play.controller.selected == "cobra-1"
    button = demo.play.panel.buttons["mode"]
    assert button.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    choices = demo.play.choice_menu
    if choices is not None:  # several modes: a menu of them
        noe = next(a for a in choices.actions() if a.objectName() == "choice-noe")
        noe.trigger()
        choices.close()
    assert demo.document.state.units["cobra-1"].mode == "noe"
    assert demo.document.state.log[-1].action == "mode"


def test_each_autosave_gives_the_free_heap_back_from_its_own_thread(
    qtbot, demo, monkeypatch
) -> None:
    """After each write the autosave thread returns the C heap's free pages to the system
    (``heap.give_back``: glibc's ``malloc_trim``), never the GUI thread."""
    import threading

    from tabletop.ui.shell import heap

    threads: list[str] = []

    def trim(_pad: int) -> int:
        threads.append(threading.current_thread().name)
        return 1

    monkeypatch.setattr(heap, "_malloc_trim", lambda: trim)
    draw(demo)
    demo.files.wait()
    saver = demo.files.autosaver
    assert saver is not None and saver.writes == 1
    assert len(threads) == 1 and threads[0].startswith("autosave")
