"""The play window's small texts as a player reads them: the Hex dock's unit lines, the
cup on the turn bar (words, and contrast enough to read), the log's side squares."""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from tabletop.commands import PlayAction
from tabletop.render.palette import side_color_of
from tabletop.rules import ActionRequest, ScriptedDice


def click_hex(qtbot, window, label: str) -> None:
    pos = window.view.viewport_point(label)
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def dock_lines(window) -> dict[str, str]:
    tree = window.hex_dock.tree
    items = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    return {item.text(0): item.text(1) for item in items}


def test_the_hex_dock_says_each_units_side_step_status_and_mode_once(qtbot, window) -> None:
    bmp = window.document.state.units["bmp-1"]
    bmp.mode = "noe"  # (a BMP does not fly: the dock only says what the state holds)
    click_hex(qtbot, window, "1104")
    assert dock_lines(window)["BMP-1 (bmp-1)"] == "Pact, Good Order, NOE, Ops Complete"
    click_hex(qtbot, window, "0606")
    assert dock_lines(window)["Leopard 2 (leo-2)"] == "NATO, Reduced, Good Order"
    window.document.state.units["leo-2"].ammo = 1  # (a squad game's count, for the words)
    window.hex_dock.refresh()
    assert dock_lines(window)["Leopard 2 (leo-2)"] == "NATO, Reduced, Good Order, 1 ammunition left"
    click_hex(qtbot, window, "1005")
    assert dock_lines(window)["T-72 (t72-1)"] == "Pact, Full strength, Disrupted"
    click_hex(qtbot, window, "0304")
    lines = dock_lines(window)
    assert lines["Panzergren. (inf-1)"] == "NATO, Full strength, Good Order, Entrenched"
    for text in lines.values():  # no word twice, no data key
        words = [w.strip() for w in text.split(",")]
        assert len(words) == len(set(words)) and not any("_" in w for w in words), text


def contrast(a: QColor, b: QColor) -> float:
    """WCAG 2 contrast ratio of two colours."""

    def luminance(c: QColor) -> float:
        def channel(v: float) -> float:
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

        return (
            0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF())
        )

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_the_cup_says_whose_chits_are_left_and_is_readable(qtbot, window) -> None:
    cup = window.findChild(type(window.play.turn_bar.cup), "cup-label")
    assert cup.text() == "In the cup: NATO 1 chit, Pact 1 chit"
    assert cup.toolTip() == "Chits in the cup\nNATO: kg 1 chit\nPact: tank 1 chit"
    image = cup.grab().toImage()
    pixels = Counter(image.pixel(x, y) for x in range(image.width()) for y in range(image.height()))
    background = QColor.fromRgb(pixels.most_common(1)[0][0])
    ink = max((QColor.fromRgb(p) for p in pixels), key=lambda c: contrast(c, background))
    assert contrast(ink, background) >= 4.5  # WCAG AA for text
    doc = window.document
    doc.dice = ScriptedDice([2])  # of the two chits (kg, tank) the second
    qtbot.mouseClick(window.play.turn_bar.widgetForAction(window.play.actions["draw"]),
                     Qt.MouseButton.LeftButton)  # fmt: skip
    assert doc.state.active_formation == "tank"
    assert cup.text() == "In the cup: NATO 1 chit"
    doc.state.cup.clear()
    window.play.turn_bar.refresh(doc)
    assert cup.text() == "The cup is empty" and cup.toolTip() == "No chit is left in the cup"


def test_a_draw_row_has_the_square_of_the_side_whose_chit_it_was(qtbot, window) -> None:
    doc = window.document
    doc.push(PlayAction(doc.state, ActionRequest("draw", formation="tank"), doc.los,
                        ScriptedDice([])))  # fmt: skip
    assert doc.state.log[-1].side is None  # drawn in the draw phase: no side active yet
    item = window.log_dock.list.item(0)
    pixel = item.icon().pixmap(10, 10).toImage().pixelColor(5, 5)
    assert pixel == side_color_of(doc.scenario.sides, "pact")
    assert item.toolTip().endswith(", Pact")


def test_dice_that_run_out_half_way_refuse_the_action_and_change_nothing(qtbot, window) -> None:
    doc = window.document
    before = doc.state.snapshot()
    doc.dice = ScriptedDice([])  # two chits in the cup: the draw needs a die
    qtbot.mouseClick(window.play.turn_bar.widgetForAction(window.play.actions["draw"]),
                     Qt.MouseButton.LeftButton)  # fmt: skip
    assert "the dice ran out" in window.statusBar().currentMessage()
    assert doc.state.same_as(before) and not doc.history.can_undo


def test_each_roll_of_the_tray_is_labelled_in_a_players_words(scenario) -> None:
    from tabletop.rules import Roll
    from tabletop.ui.play.oddschart import roll_label

    def said(*args) -> str:
        return roll_label(scenario, Roll(*args))

    assert (
        said("cup", "draw", "< 30", [6, 6], 0)
        == "Drawing a chit from the cup: no chit, rolled again"
    )
    assert said("cup", "draw", "< 30", [1, 2], 1) == "Drawing a chit from the cup: drawn"
    assert said("leo-1", "to_hit", "4+", [4, 6, 1], 2) == "Leopard 2 leo-1 to hit on 4+: 2 hits"
    assert said("t72-1", "save", "5+", [1], 0) == "T-72 t72-1 saves on 5+: no saves"
    assert (
        said("inf-1", "morale", "<= 7", [3, 3], 1)
        == "Panzergren. inf-1 morale test, 7 or less: passed"
    )
    assert said("t72-1", "armor", "<= 2", [1, 5], 1) == "T-72 t72-1 armor, 2 or less: 1 cancelled"
    assert (
        said("inf-1", "close_combat", "{5,6}", [5], 1)
        == "Panzergren. inf-1 close combat on 5 or 6: 1 hit"
    )
    assert said("leo-1", "cargo_elimination", "even", [3], 0) == (
        "Leopard 2 leo-1 cargo elimination, even or odd: odd"
    )


def test_a_long_unit_line_wraps_in_a_narrow_hex_dock(qtbot, window) -> None:
    window.resizeDocks([window.hex_dock], [230], Qt.Orientation.Horizontal)
    window.document.state.units["inf-1"].markers.append("ops_complete")
    click_hex(qtbot, window, "0304")
    tree = window.hex_dock.tree
    item = next(tree.topLevelItem(i) for i in range(tree.topLevelItemCount())
                if tree.topLevelItem(i).text(0) == "Panzergren. (inf-1)")  # fmt: skip
    metrics = tree.fontMetrics()
    assert metrics.horizontalAdvance(item.text(1)) > tree.columnWidth(1)  # too long for a line
    assert tree.visualItemRect(item).height() >= 2 * metrics.height()  # so it wraps, uncut
