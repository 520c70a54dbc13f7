"""Screenshots of play for docs/app.md: ``QT_QPA_PLATFORM=offscreen python
scripts/play_screenshots.py docs/images`` (or under xvfb-run); play-start.png is made by
scripts/screenshots_quickstart.py. Uses a throwaway settings
file, scripted dice, and the window's own actions and mouse events."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest

from tabletop import paths
from tabletop.rules import ScriptedDice
from tabletop.ui.app import application, create_window

sys.path.insert(0, str(Path(__file__).parent))
from screenshots_quickstart import save  # a palette of its 256 colours


def main(out: Path) -> None:
    app = application()
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("play/hot_seat", False)  # one player: no hand-over screen
    win = create_window(paths.DEMO_SCENARIO, settings)
    assert win is not None
    win.resize(1400, 880)
    win.show()

    def settle(ms: int = 50) -> None:
        QTest.qWait(ms)
        app.processEvents()

    def click(label: str) -> None:
        pos = win.view.viewport_point(label)
        QTest.mouseMove(win.view.viewport(), pos)
        QTest.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
        settle()

    def shot(name: str) -> None:
        settle(100)
        save(win.grab(), out / name)

    win.document.dice = ScriptedDice([2, 1])  # kampfgruppe's chit
    win.play.actions["draw"].trigger()
    win.view.set_scale(1.4)
    win.view.centerOn(win.map_scene.hex_center(win.document.scenario.map.parse("1210")))
    click("1211")
    win.play.actions["move"].trigger()
    for label in ("1311", "1411"):
        click(label)
    shot("play-move.png")
    win.play.cancel_action.trigger()
    win.play.cancel_action.trigger()
    win.play.actions["end-impulse"].trigger()
    win.document.dice = ScriptedDice([1, 1])  # 1st tank's chit
    win.play.actions["draw"].trigger()
    win.view.centerOn(win.map_scene.hex_center(win.document.scenario.map.parse("1610")))
    click("2010")
    win.play.actions["fire"].trigger()
    click("1211")
    shot("play-fire-odds.png")
    win.document.dice = ScriptedDice([6, 6, 5, 1, 2, 3])
    QTest.keyClick(win.view, Qt.Key.Key_Return)
    settle(900)
    shot("play-fired.png")
    win.view.centerOn(win.map_scene.hex_center(win.document.scenario.map.parse("1117")))
    click("1117")
    shot("play-stack.png")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "."))
