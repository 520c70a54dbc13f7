"""Screenshots of playing by email for docs/app.md: hot seat's hand-over screen and the
offer to review a game's new actions.

Run under a virtual screen from the repository root:
    xvfb-run -a -s "-screen 0 1600x1000x24" python scripts/screenshots_pbem.py [OUT_DIR]
It plays a few actions of the platoon demo with scripted dice in settings of its own (never
yours), and saves PNGs to OUT_DIR (default docs/images).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QPoint, QSettings
from PySide6.QtGui import QPainter
from PySide6.QtTest import QTest

from tabletop import paths
from tabletop.commands import PlayAction
from tabletop.rules import ActionRequest, ScriptedDice
from tabletop.ui.app import application
from tabletop.ui.shell.mainwindow import MainWindow


def settle(ms: int = 300) -> None:
    QTest.qWait(ms)


def window(folder: Path, name: str) -> MainWindow:
    settings = QSettings(str(folder / f"{name}.ini"), QSettings.Format.IniFormat)
    settings.setValue("play/hot_seat", True)
    win = MainWindow(settings)
    win.ask_before_closing = False
    win.pbem.open_folders = False
    win.resize(1200, 760)
    win.show()
    settle()
    return win


def act(win: MainWindow, action: str, dice: list[int] | None = None, **kw) -> None:
    doc = win.document
    assert doc is not None
    doc.push(PlayAction(doc.state, ActionRequest(action, **kw), doc.los, ScriptedDice(dice or [])))
    settle(100)


def with_box(win: MainWindow) -> object:
    """The window with its message box painted where it stands."""
    shot = win.grab()
    box = win.pbem.offer
    if box is not None:
        painter = QPainter(shot)
        at = win.mapFromGlobal(box.mapToGlobal(QPoint(0, 0)))
        painter.drawPixmap(at, box.grab())
        painter.end()
    return shot


def main(out: Path) -> None:
    app = application()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        a = window(folder, "a")
        a.open_file(paths.DEMO_SCENARIO)
        act(a, "draw", formation="kampfgruppe")
        settle()
        a.grab().save(str(out / "pbem-hand-over.png"))
        a.hotseat.take_over()
        act(a, "end-impulse")
        sent = a.pbem.send_turn(folder / a.pbem.suggested_turn_path(a.document).name)
        assert sent is not None
        b = window(folder, "b")
        b.open_file(sent)
        settle(600)
        with_box(b).save(str(out / "pbem-review-offer.png"))
        for w in (a, b):
            w.close()
    app.processEvents()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/images"))
