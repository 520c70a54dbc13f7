"""Screenshots of the scenario editor (its tray, the Unit dock, deployment zones) for
docs/editor.md.

Run under a virtual screen from the repository root:
    xvfb-run -a -s "-screen 0 1600x1000x24" python scripts/screenshots_scenario.py [OUT_DIR]
It opens copies of the bundled demo scenarios in a temporary folder (never touching the
repository's files or your settings), edits them with real mouse events and saves JPEGs
to OUT_DIR (default docs/images).
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QCheckBox

from tabletop import paths
from tabletop.ui.app import application, create_window

WIDTH = 1100
"""Saved width in pixels: readable on a docs page, small enough for the repository."""
LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier


def save(widget, path: Path) -> None:
    image = widget.grab().toImage().scaledToWidth(WIDTH, Qt.TransformationMode.SmoothTransformation)
    image.convertToFormat(QImage.Format.Format_RGB888).save(str(path), "JPG", 85)
    print(path)


def settle(ms: int = 300) -> None:
    QTest.qWait(ms)


def editor_on(folder: Path, name: str, settings: QSettings):
    window = create_window(folder / "scenarios" / name, settings)
    assert window is not None
    window.ask_before_closing = False  # the edits are thrown away
    window.resize(1500, 940)
    window.show()
    settle()
    window.edit_scenario_action.trigger()  # Edit > Edit Scenario, as a user does
    settle()
    return window


def tick(window, name: str) -> None:
    box = window.findChild(QCheckBox, name)
    QTest.mouseClick(box, LEFT, NONE, QPoint(8, box.height() // 2))


def zones(folder: Path, settings: QSettings, out: Path) -> None:
    window = editor_on(folder, "demo-squad.yaml", settings)
    editor = window.editor
    editor.set_tool("zone")
    window.view.set_scale(0.8)
    window.view.centerOn(editor.scene.hex_center(window.document.scenario.map.parse("0507")))
    settle()
    editor.zones.set_radius(1)
    viewport = window.view.viewport()
    points = [window.view.viewport_point(h) for h in ("0404", "0405", "0406", "0407")]
    QTest.mouseMove(viewport, points[0])
    QTest.mousePress(viewport, LEFT, NONE, points[0])
    for p in points[1:]:
        QTest.mouseMove(viewport, p)
    QTest.mouseRelease(viewport, LEFT, NONE, points[-1])
    QTest.mouseMove(viewport, window.view.viewport_point("0409"))  # the brush's preview
    settle()
    save(window, out / "scenario-zones.jpg")
    window.close()


def squad_unit(folder: Path, settings: QSettings, out: Path) -> None:
    window = editor_on(folder, "demo-squad.yaml", settings)
    editor = window.editor
    window.view.set_scale(1.1)
    editor.select_unit("sov-rifle-1")
    settle()
    save(window, out / "scenario-unit-squad.jpg")
    window.close()


def platoon_unit(folder: Path, settings: QSettings, out: Path) -> None:
    window = editor_on(folder, "demo-platoon.yaml", settings)
    editor = window.editor
    window.view.set_scale(1.1)
    editor.select_unit("us-inf-2")
    settle()
    tick(window, "unit-marker-entrenched")
    tick(window, "unit-sw-marker-depleted_ammo_2")
    settle()
    save(window, out / "scenario-unit-platoon.jpg")
    window.close()


def overview(folder: Path, settings: QSettings, out: Path) -> None:
    """The editor on the platoon demo: the tray's counters (the side's own first), a unit
    selected."""
    window = editor_on(folder, "demo-platoon.yaml", settings)
    editor = window.editor
    window.view.set_scale(0.75)
    window.view.centerOn(editor.scene.hex_center(window.document.scenario.map.parse("1012")))
    tray = editor.tray.lists["nato"]
    row = next(
        i for i in range(tray.count()) if tray.item(i).data(Qt.ItemDataRole.UserRole) == "LEO2"
    )
    QTest.mouseClick(tray.viewport(), LEFT, NONE, tray.visualItemRect(tray.item(row)).center())
    editor.select_unit("leo2-1")
    settle()
    save(window, out / "scenario-editor.jpg")
    window.close()


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/images")
    out.mkdir(parents=True, exist_ok=True)
    app = application()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for sub in ("maps", "counters", "scenarios"):
            shutil.copytree(paths.ROOT / sub, folder / sub)
        settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
        for shot in (overview, zones, squad_unit, platoon_unit):
            shot(folder, settings, out)
    del app


if __name__ == "__main__":
    main()
