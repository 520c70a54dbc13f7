"""Screenshots of victory in the window, for docs/app.md:
``QT_QPA_PLATFORM=offscreen python scripts/victory_screenshots.py docs/images`` (or under
xvfb-run). The village demo in one game turn: a German squad takes the objective at 0404
(its mark turns German, the turn bar's VP follow), every phase is ended from the turn bar,
and the result dialog shows. Throwaway settings; no dice are rolled."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest

from tabletop import paths
from tabletop.ui.app import application, create_window


def scenario(folder: Path) -> Path:
    text = (paths.SCENARIOS / "demo-squad.yaml").read_text(encoding="utf-8")
    root = paths.SCENARIOS.parent
    text = text.replace("../maps/", f"{root}/maps/").replace("../counters/", f"{root}/counters/")
    text = text.replace("turns: 8", "turns: 1")
    head, _, tail = text.partition("\nvictory:\n")
    extra = '    - {hex: "0404", vp: 1, owner: soviet}   # the crossroads before the Germans\n'
    path = folder / "victory.yaml"
    path.write_text(head + "\nvictory:\n" + tail.replace("  losses:", extra + "  losses:", 1),
                    encoding="utf-8")  # fmt: skip
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

    def settle(ms: int = 50) -> None:
        QTest.qWait(ms)
        app.processEvents()

    def click(label: str) -> None:
        pos = win.view.viewport_point(label)
        QTest.mouseMove(win.view.viewport(), pos)
        QTest.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
        settle()

    win.view.set_scale(1.2)
    win.view.centerOn(win.map_scene.hex_center(doc.scenario.map.parse("0705")))
    settle(300)
    for _ in range(3):
        click("0305")
        if win.play.controller.selected == "ger-rifle-1":
            break
    QTest.mouseClick(win.play.panel.buttons["move"], Qt.MouseButton.LeftButton)
    click("0404")
    click("0404")
    settle(300)
    win.grab().save(str(out / "victory-turn-bar.png"))
    end_phase = win.play.turn_bar.widgetForAction(win.play.actions["end-phase"])
    while not doc.state.finished:
        QTest.keyClick(win.view, Qt.Key.Key_Escape)
        QTest.mouseClick(end_phase, Qt.MouseButton.LeftButton)
        settle()
    dialog = win.play.result_dialog
    assert dialog is not None
    settle(300)
    frame = dialog.frameGeometry()
    frame.moveCenter(win.geometry().center())
    dialog.move(frame.topLeft())
    settle(300)
    dialog.grab().save(str(out / "victory-result.png"))


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/images"))
