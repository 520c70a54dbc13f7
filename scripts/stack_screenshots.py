"""Screenshots of stacks and marks on the map for docs/app.md and docs/sheets.md:
``xvfb-run -a python scripts/stack_screenshots.py docs/images`` (or with
QT_QPA_PLATFORM=offscreen). The platoon demo with a throwaway settings file, scripted dice
and the window's own mouse events: the stack viewer over a fanned-out stack, a wreck's
badge under a stack, the drawn formation's ringed counters, and the top of the squad
counter sheet (``tabletop sheet counters/squad.yaml``)."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QPoint, QRect, QSettings, Qt
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest

from tabletop import paths
from tabletop.rules import ScriptedDice
from tabletop.ui.app import application, create_window


def main(out: Path) -> None:
    app = application()
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("play/hot_seat", False)  # one player: no hand-over screen
    win = create_window(paths.DEMO_SCENARIO, settings)
    assert win is not None
    win.resize(1400, 880)
    win.show()
    view, scene = win.view, win.map_scene
    parse = win.document.scenario.map.parse

    def settle(ms: int = 50) -> None:
        QTest.qWait(ms)
        app.processEvents()

    def crop(name: str, centre: str, width: int, height: int, dy: int = 0) -> None:
        settle(100)
        image = win.grab().toImage()
        at = view.mapTo(win, view.mapFromScene(scene.hex_center(parse(centre))))
        box = QRect(at.x() - width // 2, at.y() - height // 2 + dy, width, height)
        image.copy(box.intersected(image.rect())).save(str(out / name))

    # the fan and the stack viewer over it
    view.centerOn(scene.hex_center(parse("1116")))
    pos = view.viewport_point("1117")
    QTest.mouseMove(view.viewport(), pos)
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    settle()
    top = scene.stack_at(parse("1117"))[-1]  # the top counter
    at = view.mapFromScene(top.pos())
    QTest.mouseMove(view.viewport(), at)
    QTest.mouseMove(view.viewport(), at + QPoint(2, 1))
    settle(700)
    crop("stack-viewer.png", "1216", 680, 380, dy=-115)
    win.play.cancel_action.trigger()
    QTest.mouseMove(view.viewport(), QPoint(5, 5))
    win.play.stack_viewer.dismiss()

    # a wreck under a stack keeps its badge (the demo's Panzergrenadiere moved onto it)
    state = win.document.state
    for uid in ("pzgren-2", "pzgren-2-sw"):
        state.units[uid].hex = parse("1810")
    scene.sync_units(["pzgren-2", "pzgren-2-sw"])
    view.set_scale(2.0)
    view.centerOn(scene.hex_center(parse("1810")))
    crop("marker-badge.png", "1810", 300, 220)

    # the drawn formation's counters ringed
    view.set_scale(1.25)
    view.centerOn(scene.hex_center(parse("2210")))
    win.document.dice = ScriptedDice([1, 1])  # the first chit in sorted order: 1st_tank
    win.play.actions["draw"].trigger()
    crop("formation-marked.png", "2209", 440, 360)

    # the squad counter sheet: either side's colours
    from tabletop.cli import main as cli

    sheet = Path(tempfile.mkdtemp()) / "squad.png"
    cli(["sheet", str(paths.COUNTERS / "squad.yaml"), "-o", str(sheet), "--dpi", "100"])
    page = QImage(str(sheet))
    page.copy(QRect(50, 20, page.width() - 100, 470)).save(str(out / "sheet-squad.png"))
    win.close()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/images"))
