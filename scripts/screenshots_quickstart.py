"""The screenshots of docs/quickstart.md (and docs/images/play-start.png), made by playing
the quick start's steps in the real window on the platoon demo:

    xvfb-run -a -s "-screen 0 1400x900x24" .venv/bin/python scripts/screenshots_quickstart.py

(``docs/images`` is the default folder; give another as the first argument.) A throwaway
settings file, scripted dice so every run rolls the same, and the window's own gestures:
clicks on hexes at ``view.viewport_point``, the turn bar's and the actions panel's
buttons, Enter to confirm. Menus are grabbed from the screen (a popup is a window of its
own); everything else with ``window.grab()``. Each picture is saved with a palette of at
most 256 colours, which keeps it to a fraction of the size of a full-colour PNG."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import numpy as np
from PySide6.QtCore import QPoint, QRect, QSettings, Qt
from PySide6.QtGui import QAction, QGuiApplication, QImage, QPixmap
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDockWidget, QMenu, QToolButton, QWidget

from tabletop import paths
from tabletop.rules import ScriptedDice
from tabletop.ui.app import application, create_window

WIDTH, HEIGHT = 1360, 860


def save(pixmap: QPixmap, path: Path) -> None:
    """``pixmap`` as a PNG with a palette of the 256 colours it uses most: the map's flat
    colours and the counters' stay exact, anti-aliased edges take the nearest of them."""
    image = pixmap.toImage().convertToFormat(QImage.Format.Format_RGB32)
    pixels = np.frombuffer(image.constBits(), np.uint32).reshape(image.height(), -1)
    colours, counts = np.unique(pixels[:, : image.width()] & 0xFFFFFF, return_counts=True)
    table = [0xFF000000 | int(c) for c in colours[np.argsort(counts)[::-1][:256]]]
    small = image.convertToFormat(
        QImage.Format.Format_Indexed8, table, Qt.ImageConversionFlag.AvoidDither
    )
    small.save(str(path), "PNG", 0)
    print(path, f"{path.stat().st_size // 1024} KB")


def main(out: Path) -> None:
    app = application()
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("play/hot_seat", False)  # one player: no hand-over screen
    win = create_window(paths.DEMO_SCENARIO, settings)
    assert win is not None
    win.resize(WIDTH, HEIGHT)
    win.move(0, 0)
    win.show()
    view = win.view

    def settle(ms: int = 60) -> None:
        QTest.qWait(ms)
        app.processEvents()

    def action(name: str) -> QAction:
        found = win.findChild(QAction, f"action-{name}")
        assert found is not None, name
        return found

    def press(name: str) -> None:
        """The turn bar's button of ``action-NAME``, else the actions panel's."""
        widget: QWidget | None = win.play.turn_bar.widgetForAction(action(name))
        if widget is None or not widget.isVisible():
            panel = win.play.panel
            widget = panel.pass_button if name == "pass" else panel.buttons[name]
        assert widget.isEnabled(), action(name).toolTip()
        QTest.mouseClick(widget, Qt.MouseButton.LeftButton)
        settle()

    def hover(label: str) -> None:
        QTest.mouseMove(view.viewport(), view.viewport_point(label))
        settle()

    def click(label: str) -> None:
        pos = view.viewport_point(label)
        QTest.mouseMove(view.viewport(), pos)
        QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
        settle()

    def centre(label: str) -> None:
        view.centerOn(win.map_scene.hex_center(win.document.scenario.map.parse(label)))
        settle()

    def shot(name: str, part: QRect | None = None) -> None:
        """The window, or the ``part`` of it that the step is about (in window
        coordinates): a smaller picture reads larger on the page."""
        settle(150)
        pixmap = win.grab()
        save(pixmap.copy(part) if part is not None else pixmap, out / name)

    def screen_shot(name: str, part: QRect) -> None:
        """``part`` of the window as the screen shows it, popups included."""
        settle(150)
        inner = win.geometry()
        screen = QGuiApplication.primaryScreen()
        pixmap = screen.grabWindow(0, inner.x(), inner.y(), inner.width(), inner.height())
        save(pixmap.copy(part), out / name)

    def at(label: str) -> QPoint:
        """The centre of hex ``label`` in window coordinates."""
        return view.viewport().mapTo(win, view.viewport_point(label))

    def below(widget: QWidget, extra: int) -> int:
        """``extra`` pixels below the bottom of ``widget``, in window coordinates."""
        return widget.mapTo(win, QPoint(0, widget.height())).y() + extra

    # 1. the window as it opens
    centre("1610")
    shot("quickstart-1-start.png")
    shot("play-start.png")

    # 2. draw a chit by hand from the Draw Chit button's arrow menu: 1st tank
    button = win.play.turn_bar.widgetForAction(action("draw"))
    assert isinstance(button, QToolButton)
    menu = button.menu()
    assert isinstance(menu, QMenu)
    menu.popup(button.mapToGlobal(QPoint(0, button.height())))
    settle(200)
    cup = win.play.turn_bar.cup
    right = cup.mapTo(win, QPoint(cup.width(), 0)).x() + 16
    screen_shot("quickstart-2-draw.png", QRect(0, 0, right, below(menu, 90)))
    item = menu.findChild(QAction, "action-draw-1st_tank")
    assert item is not None
    menu.hide()
    item.trigger()
    settle()

    # 3. select the T-72 in 2010
    click("2010")
    assert win.play.controller.selected == "t72-1"
    shot("quickstart-3-select.png", QRect(at("1811").x() - 60, 0, WIDTH, HEIGHT))

    # 4. move: M, a click on 1910 builds the path
    press("move")
    click("1910")
    shot("quickstart-4-move.png")

    # 5. a second click on 1910 moves; the move pauses for opportunity fire. NATO picks
    # the Leopard 2 in 1211 and aims at the T-72: the odds
    click("1910")
    assert win.document.state.pending is not None
    click("1211")
    assert win.play.controller.selected == "leo2-1"
    press("opportunity-fire")
    hover("1910")
    shot("quickstart-5-opfire.png")
    click("1910")
    win.document.dice = ScriptedDice([2, 5, 1, 2, 2, 3])  # 1 hit of 4 dice at 3+, no save of 2
    QTest.keyClick(view, Qt.Key.Key_Return)
    settle(900)
    shot("quickstart-6-opfired.png")

    # 6. fire: the T-72 in 2111 at the Leopard 2 in 1211, the odds while hovering
    click("2111")
    assert win.play.controller.selected == "t72-3"
    press("fire")
    hover("1211")
    shot("quickstart-7-fire.png")
    click("1211")
    win.document.dice = ScriptedDice([6, 5, 2, 1, 4, 3])  # 2 hits of 3 at 4+, 1 save of 3
    QTest.keyClick(view, Qt.Key.Key_Return)
    settle(900)
    shot("quickstart-8-fired.png")

    # 7. undo: the Edit menu names what it takes back
    bar = win.menuBar()
    edit = next(m for m in bar.findChildren(QMenu) if m.title().replace("&", "") == "Edit")
    rect: QRect = bar.actionGeometry(edit.menuAction())
    edit.popup(bar.mapToGlobal(rect.bottomLeft()))
    settle(200)
    edit_right = edit.mapTo(win, QPoint(edit.width(), 0)).x() + 16
    screen_shot("quickstart-9-undo.png", QRect(0, 0, max(edit_right, 640), below(edit, 90)))
    edit.hide()
    action("undo").trigger()
    settle()

    # 8. end the impulse
    win.play.cancel_action.trigger()
    press("end-impulse")
    shot("quickstart-10-end-impulse.png")  # the whole map: the undone shot is gone too

    # 9. save (File > Save's dialog is the desktop's: the script names the file itself,
    # from a folder of its own so the status bar shows the name only), the Log tab
    os.chdir(tempfile.mkdtemp())
    assert win.save_as("my-first-game.yaml")
    log = win.findChild(QDockWidget, "log-dock")
    assert log is not None
    log.raise_()
    shot("quickstart-11-saved.png")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/images").resolve())
