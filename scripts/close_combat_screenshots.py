"""Screenshots of a squad close combat fought in the window, for docs/app.md:
``QT_QPA_PLATFORM=offscreen python scripts/close_combat_screenshots.py docs/images`` (or
under xvfb-run). The village demo with two German squads set one hex from the Soviet trench
at 0905 and the AT rifle team moved into the trench beside the rifle squad; both German
squads move in, the phases are ended from the turn bar, and the close-combat chooser is
opened, a pairing chosen and a round fought. Throwaway settings, scripted dice."""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest

from tabletop import paths
from tabletop.rules import ScriptedDice
from tabletop.ui.app import application, create_window

PLACES = {"ger-rifle-1": "0804", "ger-pioneers-1": "0805", "sov-atr-1": "0905"}


def scenario(folder: Path) -> Path:
    text = (paths.SCENARIOS / "demo-squad.yaml").read_text(encoding="utf-8")
    for unit, hex_label in PLACES.items():
        text = re.sub(rf'(id: {unit}\b.*?hex: )"\d{{4}}"', rf'\1"{hex_label}"', text, count=1,
                      flags=re.S)  # fmt: skip
    root = paths.SCENARIOS.parent
    text = text.replace("../maps/", f"{root}/maps/").replace("../counters/", f"{root}/counters/")
    path = folder / "close-combat.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def main(out: Path) -> None:
    app = application()
    folder = Path(tempfile.mkdtemp())
    settings = QSettings(str(folder / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("play/hot_seat", False)  # one player: no hand-over screen
    win = create_window(scenario(folder), settings)
    assert win is not None
    win.resize(1400, 880)
    win.show()
    doc = win.document
    doc.dice = ScriptedDice([3, 3, 1, 3, 4, 3, 2, 3, 5, 3, 3, 1, 4, 2, 3, 6] * 30)

    def settle(ms: int = 50) -> None:
        QTest.qWait(ms)
        app.processEvents()

    def click(label: str) -> None:
        pos = win.view.viewport_point(label)
        QTest.mouseMove(win.view.viewport(), pos)
        QTest.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
        settle()

    win.view.set_scale(1.5)
    win.view.centerOn(win.map_scene.hex_center(doc.scenario.map.parse("0905")))
    settle()
    for unit in ("ger-rifle-1", "ger-pioneers-1"):
        here = doc.scenario.map.label(doc.state.units[unit].hex)
        click(here)
        win.play.actions["move"].trigger()
        click("0905")
        click("0905")
    for _ in range(2):
        win.play.actions["end-phase"].trigger()
        settle()
    win.play.cancel_action.trigger()
    click("0905")  # a German squad there: Close Combat in 0905 heads its actions
    settle(100)
    win.grab().save(str(out / "play-close-combat-pending.png"))

    win.play.cancel_action.trigger()
    win.play.fight_action.trigger()
    dialog = win.play.cc_dialog
    assert dialog is not None
    dialog.choose("sov-rifle-1", "ger-rifle-1")
    dialog.choose("ger-pioneers-1", "sov-atr-1")
    dialog.move(win.geometry().left() + 260, win.geometry().top() + 170)
    settle(150)
    composite(win, dialog).save(str(out / "play-close-combat-chooser.png"))


def composite(win, dialog):
    """The window with the chooser where it stands over it (one picture)."""
    from PySide6.QtGui import QPainter

    picture = win.grab()
    painter = QPainter(picture)
    at = dialog.frameGeometry().topLeft() - win.frameGeometry().topLeft()
    painter.drawPixmap(at, dialog.grab())
    painter.end()
    return picture


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/images"))
