"""Playing the platoon demo in the window with real mouse events (offscreen): select, fire
with scripted dice and the odds shown, undo, redo, save and reload; refusals with reasons."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction

from tabletop import paths
from tabletop.rules import ActionRequest, ScriptedDice
from tabletop.rules.forecast import forecast

pytestmark = [
    pytest.mark.gui,
    pytest.mark.qt_log_ignore("does not support propagateSizeHints"),
]


def action(win, name: str) -> QAction:
    found = win.findChild(QAction, f"action-{name}")
    assert found is not None, name
    return found


def click_hex(qtbot, win, label: str, button=Qt.MouseButton.LeftButton) -> None:
    pos = win.view.viewport_point(label)
    qtbot.mouseMove(win.view.viewport(), pos)
    qtbot.mouseClick(win.view.viewport(), button, pos=pos)


def hover_hex(qtbot, win, label: str) -> None:
    qtbot.mouseMove(win.view.viewport(), win.view.viewport_point(label))


def press_button(qtbot, win, name: str) -> None:
    """Click the turn bar's or the actions panel's button of ``action-NAME``."""
    act = action(win, name)
    bar = win.play.turn_bar
    widget = bar.widgetForAction(act)
    if widget is None or not widget.isVisible():
        panel = win.play.panel
        widget = panel.pass_button if name == "pass" else panel.buttons[name]
    assert widget.isEnabled(), act.toolTip()
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def draw(qtbot, win, faces: list[int]) -> None:
    win.document.dice = ScriptedDice(faces)
    press_button(qtbot, win, "draw")


def test_select_fire_undo_redo_save_reload(qtbot, demo, tmp_path: Path) -> None:
    win = demo
    doc = win.document
    assert "Turn 1/10" in win.play.turn_bar.label.text()
    draw(qtbot, win, [2, 1])  # the cup's 7th chit in sorted order: kampfgruppe
    assert doc.state.active_formation == "kampfgruppe"
    assert "kampfgruppe" in win.play.turn_bar.label.text()

    click_hex(qtbot, win, "1211")
    assert win.play.controller.selected == "leo2-1"
    panel = win.play.panel
    assert panel.buttons["fire"].isEnabled()
    assert not panel.buttons["rally"].isEnabled()
    assert "not Disrupted" in panel.reason_labels["rally"].text()

    press_button(qtbot, win, "fire")
    target_hex = doc.scenario.map.parse("2119")
    assert target_hex in win.play.overlay.targets
    hover_hex(qtbot, win, "2119")
    qtbot.waitUntil(lambda: win.play.odds.chart.isVisible())
    total = sum(p for _, p in win.play.odds.chart.outcomes)
    assert total == pytest.approx(1.0)

    click_hex(qtbot, win, "2119")  # aim
    odds = win.play.odds
    pick = next(i for i, r in enumerate(odds.requests) if r.target == "bmp-1" and r.weapon == "ap")
    odds.combo.setCurrentIndex(pick)
    request = ActionRequest("fire", units=("leo2-1",), target="bmp-1", weapon="ap")
    cast = forecast(doc.state, request, win.play.controller.los)
    assert "bmp-1 AP" not in odds.details.text() and "leo2-1 AP" in odds.details.text()
    hits = int(cast.pools[0].split(": ")[1].split()[0])
    saves = int(cast.pools[1].split(": ")[1].split()[0])
    doc.dice = ScriptedDice([6] * hits + [1] * saves)
    before_log = len(doc.state.log)
    click_hex(qtbot, win, "2119")  # the second click confirms

    bmp = doc.state.units["bmp-1"]
    assert not bmp.alive or bmp.disrupted
    assert doc.state.units["leo2-1"].has("ops_complete")
    assert len(doc.state.log) == before_log + 1
    assert doc.state.log[-1].dice == [6] * hits + [1] * saves
    assert odds.dice.faces == [6] * hits + [1] * saves
    after = doc.state.snapshot()

    action(win, "undo").trigger()
    assert doc.state.units["bmp-1"].alive and not doc.state.units["bmp-1"].disrupted
    assert not doc.state.units["leo2-1"].has("ops_complete")
    doc.dice = ScriptedDice([])  # redo must not roll again
    action(win, "redo").trigger()
    assert doc.state.same_as(after)

    out = tmp_path / "game.yaml"
    assert win.save_as(out)
    assert not doc.modified
    from tabletop.ui.app import create_window

    again = create_window(out, win.settings)
    assert again is not None
    qtbot.addWidget(again)
    assert again.document.state.same_as(after)


def test_an_illegal_click_shows_its_reason_and_changes_nothing(qtbot, demo) -> None:
    win = demo
    doc = win.document
    draw(qtbot, win, [2, 1])
    click_hex(qtbot, win, "1211")
    press_button(qtbot, win, "move")
    before = doc.state.snapshot()
    steps = len(doc.history)
    click_hex(qtbot, win, "3222")  # far beyond reach, not adjacent
    assert "Move refused" in win.statusBar().currentMessage()
    assert doc.state.same_as(before) and len(doc.history) == steps
    win.play.cancel_action.trigger()
    press_button(qtbot, win, "fire")
    click_hex(qtbot, win, "1217")  # a friendly unit: not a target
    message = win.statusBar().currentMessage()
    assert "Fire refused" in message and "friendly" in message
    assert doc.state.same_as(before)


def dice_for(win, request: ActionRequest) -> list[int]:
    """All hits, then no saves: the faces an attack's forecast says it rolls."""
    cast = forecast(win.document.state, request, win.play.controller.los)
    assert not cast.reasons, cast.reasons
    hits = int(cast.pools[0].split(": ")[1].split()[0])
    saves = int(cast.pools[-1].split(": ")[1].split()[0]) if "no dice" not in cast.pools[-1] else 0
    return [6] * hits + [1] * saves


def move_into_sight(qtbot, win) -> None:
    """1st Tank's T-72 leaves 2010 for 1910, where NATO sees it: the move pauses."""
    draw(qtbot, win, [1, 1])  # the first chit in sorted order: 1st_tank
    click_hex(qtbot, win, "2010")
    assert win.play.controller.selected == "t72-1"
    press_button(qtbot, win, "move")
    click_hex(qtbot, win, "1910")
    assert win.play.path_tool is not None and len(win.play.path_tool.path) == 1
    click_hex(qtbot, win, "1910")  # the second click on the path's end moves


def test_opportunity_fire_is_offered_and_answered_by_fire(qtbot, demo) -> None:
    win = demo
    doc = win.document
    move_into_sight(qtbot, win)
    pending = doc.state.pending
    assert pending is not None and pending.kind == "opportunity_fire"
    assert "leo2-1" in pending.firers
    assert win.play.panel.banner.isVisible() and "Pass" in win.play.panel.banner.text()
    assert action(win, "pass").isEnabled()
    click_hex(qtbot, win, "1211")  # the defender picks its firer
    assert win.play.controller.selected == "leo2-1"
    press_button(qtbot, win, "opportunity-fire")
    click_hex(qtbot, win, "1910")  # aim at the mover
    chosen = win.play.aim.chosen
    assert chosen.action == "opportunity-fire" and chosen.target == "t72-1"
    doc.dice = ScriptedDice(dice_for(win, chosen))
    qtbot.keyClick(win.view, Qt.Key.Key_Return)
    assert doc.state.log[-1].action == "opportunity-fire"
    assert doc.state.pending is None  # the one-hex move is over
    assert doc.state.units["leo2-1"].has("ops_complete")
    t72 = doc.state.units["t72-1"]
    assert not t72.alive or t72.disrupted


def test_opportunity_fire_is_offered_and_passed(qtbot, demo) -> None:
    win = demo
    doc = win.document
    move_into_sight(qtbot, win)
    assert doc.state.pending is not None
    press_button(qtbot, win, "pass")
    assert doc.state.log[-1].action == "pass"
    assert doc.state.pending is None
    assert doc.state.units["t72-1"].hex == doc.scenario.map.parse("1910")
    assert not win.play.panel.banner.isVisible()


@pytest.mark.parametrize("policy", ["never", "best"])
def test_solo_policies_answer_opportunity_fire_by_themselves(qtbot, demo, policy: str) -> None:
    win = demo
    doc = win.document
    action(win, f"policy-{policy}").trigger()
    assert win.settings.value("play/opfire_policy") == policy
    draw(qtbot, win, [1, 1])
    doc.dice = _Lenient()
    click_hex(qtbot, win, "2010")
    press_button(qtbot, win, "move")
    click_hex(qtbot, win, "1910")
    click_hex(qtbot, win, "1910")
    answers = [e.action for e in doc.state.log[1:]]
    assert answers[:1] == ["move"]
    assert answers[1:] == (["pass"] if policy == "never" else ["opportunity-fire"])
    assert doc.state.pending is None


class _Lenient:
    """Ones forever: every to-hit misses."""

    def roll(self, n: int) -> list[int]:
        return [1] * n


def test_undo_takes_an_answer_back_with_the_move_it_continued(qtbot, demo) -> None:
    win = demo
    doc = win.document
    draw(qtbot, win, [1, 1])
    click_hex(qtbot, win, "2010")
    press_button(qtbot, win, "move")
    click_hex(qtbot, win, "1910")
    click_hex(qtbot, win, "1810")
    click_hex(qtbot, win, "1810")  # go: it pauses in 1910
    assert doc.state.pending.hex == "1910"
    press_button(qtbot, win, "pass")  # the move goes on by itself
    assert [e.action for e in doc.state.log[-2:]] == ["pass", "move"]
    assert doc.state.log[-1].args.get("cont") is True
    passes = 1
    if doc.state.pending is not None:  # paused again in 1810
        press_button(qtbot, win, "pass")
        passes = 2
    assert doc.state.pending is None
    said = ["&Undo: NATO lets T-72 pass; T-72 moves on to 1810", "&Undo: NATO lets T-72 pass"]
    for k in range(passes):  # each undo: one answer (with the move it continued)
        assert win.undo_action.text() == said[passes - 1 - k]  # what the undo takes back
        action(win, "undo").trigger()
    assert doc.state.pending.hex == "1910" and doc.state.pending.kind == "opportunity_fire"
    assert doc.state.log[-1].action == "move" and not doc.state.log[-1].args.get("cont")
    assert win.redo_action.text().startswith("&Redo: NATO lets T-72 pass; T-72 moves on to ")
    action(win, "redo").trigger()  # the pass, and the move it continued
    assert doc.state.log[-1].args.get("cont") is True


def test_undo_and_redo_say_the_action_and_the_dice_tray_follows_them(qtbot, demo) -> None:
    """Edit > Undo names what it takes back in a player's words; the dice tray shows the
    rolls of the newest action still played, the log's square the side that fired."""
    from tabletop.render.palette import side_color_of

    win = demo
    doc = win.document
    tray = win.play.odds.dice
    assert tray.caption == "No dice rolled yet" and tray.rolls == []
    move_into_sight(qtbot, win)  # the draw rolled 1 1; T-72 t72-1 moved to 1910
    assert win.undo_action.text() == "&Undo: T-72 moves to 1910"
    assert tray.rolls == [("Drawing a chit from the cup: drawn", [1, 1])]
    click_hex(qtbot, win, "1211")
    press_button(qtbot, win, "opportunity-fire")
    click_hex(qtbot, win, "1910")
    faces = dice_for(win, win.play.aim.chosen)
    doc.dice = ScriptedDice(faces)
    qtbot.keyClick(win.view, Qt.Key.Key_Return)
    said = "Leopard II fires at T-72 (opportunity fire)"
    assert win.undo_action.text() == f"&Undo: {said}"
    assert win.undo_action.toolTip() == f"Undo: {said}" and win.redo_action.text() == "&Redo"
    assert tray.faces == faces and tray.rolls[0][0].startswith("Leopard II leo2-1 to hit on ")
    qtbot.waitUntil(lambda: not tray.rolling)
    row = win.log_dock.list.item(win.log_dock.list.count() - 1)
    square = row.icon().pixmap(10, 10).toImage().pixelColor(5, 5)
    assert doc.state.active_side == "pact"  # the mover's side is active; NATO fired
    assert square == side_color_of(doc.scenario.sides, "nato") and (
        row.toolTip() == "Turn 1, Opportunity Fire, NATO"
    )

    qtbot.keyClick(win, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # Edit > Undo
    assert doc.state.log[-1].action == "move"
    assert tray.rolls == [("Drawing a chit from the cup: drawn", [1, 1])] and not tray.rolling
    assert win.undo_action.text() == "&Undo: T-72 moves to 1910"
    assert win.redo_action.text() == f"&Redo: {said}"
    assert win.statusBar().currentMessage() == f"Undone: {said}"
    doc.dice = ScriptedDice([])  # redo rolls nothing new
    win.redo_action.trigger()
    assert tray.faces == faces and not tray.rolling
    assert "fires (opportunity)" in tray.caption
    for _ in range(3):
        win.undo_action.trigger()
    assert not doc.state.log and tray.rolls == [] and tray.caption == "No dice rolled yet"
    assert win.undo_action.text() == "&Undo" and (
        win.redo_action.text() == "&Redo: Warsaw Pact draws the 1st tank chit"
    )


def test_clicks_and_actions_again_and_again_make_no_new_widgets(qtbot, demo) -> None:
    """The actions panel keeps one button and one reason label per action: its refresh
    after every click and action neither makes widgets nor leaves old ones waiting for a
    deletion that only a return to the event loop performs (a script driving the window
    with ``processEvents`` piled up dozens a click, and every update grew with them)."""
    from PySide6.QtWidgets import QWidget

    win = demo
    doc = win.document
    draw(qtbot, win, [1, 1])
    labels = sorted({doc.scenario.map.label(u.hex) for u in doc.units_on_map() if u.hex})
    click_hex(qtbot, win, labels[0])
    qtbot.keyClick(win.view, Qt.Key.Key_Escape)
    before = len(win.findChildren(QWidget))
    for _ in range(2):
        for label in labels[:12]:
            click_hex(qtbot, win, label)
        qtbot.keyClick(win.view, Qt.Key.Key_Escape)
    doc.dice = ScriptedDice([])
    press_button(qtbot, win, "end-impulse")
    assert len(win.findChildren(QWidget)) == before


def test_a_refresh_showing_the_same_rows_shows_and_hides_no_widget(qtbot, demo) -> None:
    """Each refresh (after every click and action) used to hide every row of the actions
    panel and show it again: each a Show or Hide event and a layout of the whole dock by
    Qt. Rows that stay are left alone; a new selection with other rows changes only
    those."""
    from PySide6.QtCore import QEvent, QObject

    win = demo
    doc = win.document
    draw(qtbot, win, [1, 1])
    unit = next(u for u in doc.units_on_map() if u.formation == doc.state.active_formation)
    click_hex(qtbot, win, doc.scenario.map.label(unit.hex))
    panel = win.play.panel
    assert panel.buttons

    class Count(QObject):
        seen = 0

        def eventFilter(self, obj, event) -> bool:
            if event.type() in (QEvent.Type.Show, QEvent.Type.Hide):
                Count.seen += 1
            return False

    counter = Count()
    widgets = [*panel._kept_buttons.values(), *panel._kept_reasons.values()]
    for widget in widgets:
        widget.installEventFilter(counter)
    for _ in range(5):
        win.play.refresh()
    assert Count.seen == 0
    assert all(b.isVisible() for b in panel.buttons.values())


def test_the_reach_tint_is_painted_once_and_blitted_while_a_path_is_chosen(qtbot, demo) -> None:
    """The tint is its own item, bounded by the reachable hexes and cached at the view's
    resolution: hovering a path and repainting the view paint it no more; a new reach
    paints it again."""
    win = demo
    draw(qtbot, win, [1, 1])  # 1st Tank: the T-72 at 2010
    click_hex(qtbot, win, "2010")
    press_button(qtbot, win, "move")
    tint = win.play.overlay.tint
    assert tint.reach and tint.isVisible()
    win.view.viewport().repaint()
    painted = tint.painted
    assert painted >= 1
    hexes = win.document.scenario.map
    assert tint.boundingRect().contains(win.map_scene.hex_center(hexes.parse("2010")))
    click_hex(qtbot, win, "1910")  # the path's first hex
    for label in ("1810", "1809", "2009", "1910"):
        hover_hex(qtbot, win, label)
        win.view.viewport().repaint()
    assert win.play.path_tool is not None and win.play.path_tool.path
    assert tint.painted == painted  # blitted from its cache, frame after frame
    win.play.cancel_action.trigger()
    assert not tint.reach and tint.boundingRect().isEmpty()


def test_an_aim_at_many_candidates_decides_each_hex_only_when_aimed_at(
    qtbot, demo, monkeypatch
) -> None:
    """Past ``DEFER_AIM_ABOVE`` candidates (a big game's mortar), F rings every candidate
    hex and plans none; the hex hovered is decided then (its odds shown), a hex with no
    legal request is refused with the rules' reason and loses its ring."""
    import tabletop.ui.play.playui as playui

    monkeypatch.setattr(playui, "DEFER_AIM_ABOVE", 0)
    win = demo
    doc = win.document
    draw(qtbot, win, [2, 1])  # the kampfgruppe: leo2-1 at 1211
    click_hex(qtbot, win, "1211")
    assert win.play.controller.selected == "leo2-1"
    option = win.play.option("fire")
    candidates = {win.play._aim_hex(r) for r in option.candidates}
    press_button(qtbot, win, "fire")
    aim = win.play.aim
    assert aim is not None and aim.decide is not None and not aim.decided
    assert set(aim.targets) == candidates and win.play.overlay.targets == candidates
    legal = {win.play._aim_hex(r) for r in option.choices}
    refused = sorted(candidates - legal)
    assert legal and refused  # (the demo has both: in sight and out of it)
    target = sorted(legal)[0]
    hover_hex(qtbot, win, doc.scenario.map.label(target))
    assert aim.decided == {target} and win.play.odds.requests  # its odds, and no other's
    click_hex(qtbot, win, doc.scenario.map.label(refused[0]))
    assert refused[0] not in aim.targets and refused[0] not in win.play.overlay.targets
    message = win.statusBar().currentMessage()
    assert message.startswith("Fire refused: ") and "holds no target" not in message
    click_hex(qtbot, win, doc.scenario.map.label(target))
    request = aim.chosen
    assert request is not None and win.play._aim_hex(request) == target
    doc.dice = ScriptedDice(dice_for(win, request))
    qtbot.keyClick(win.view, Qt.Key.Key_Return)
    assert doc.state.log[-1].action == "fire" and doc.state.log[-1].args["units"] == ["leo2-1"]


def test_a_refused_flash_never_fires_on_an_overlay_its_scene_deleted(qtbot, demo) -> None:
    """The red flash of a refused hex fades on a timer of the scene's: opening another game
    while it shows leaves no timer that would touch the deleted overlay."""
    from PySide6.QtCore import QCoreApplication, QEvent

    win = demo
    overlay = win.play.overlay
    timer = overlay._fade
    overlay.flash_refused(win.document.scenario.map.parse("1010"))
    assert timer.isActive() and timer.parent() is win.map_scene
    win.open_file(paths.DEMO_SCENARIO)  # a new game: the old scene is deleted
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    with pytest.raises(RuntimeError):  # the timer went with the scene
        timer.isActive()
