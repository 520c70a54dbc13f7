"""Screenshots of the scenario editor's scenario-level properties for docs/editor.md.

Run under a virtual screen from the repository root:
    xvfb-run -a -s "-screen 0 1600x1000x24" python scripts/screenshots_scenario_props.py [OUT]
It makes a new scenario from copies of the bundled Eisenbach valley map and counters in a
temporary folder (never touching the repository's files or your settings) through File >
New Scenario, edits it as an author would, and saves to OUT (default docs/images):
new-scenario.png (the dialog), scenario-rules.png (the Rules page) and, on a copy of the
squad demo, scenario-events.png (reinforcements, victory hexes, air strikes on the map).
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication

from tabletop import data, paths
from tabletop.commands import scenarioprops as P
from tabletop.documents import ScenarioDocument
from tabletop.ui.app import application
from tabletop.ui.shell.mainwindow import MainWindow

WIDTH = 1100
"""Saved width of the window shots: readable on a docs page, small for the repository."""


def settle(app: QApplication) -> None:
    for _ in range(8):
        app.processEvents()


def main(out: Path) -> None:
    app = application()
    folder = Path(tempfile.mkdtemp())
    for sub, name in (("maps", "eisenbach-valley.yaml"), ("counters", "eisenbach.yaml")):
        (folder / sub).mkdir()
        shutil.copy(paths.ROOT / sub / name, folder / sub / name)
    win = MainWindow(QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat))
    win.ask_before_closing = False
    win.resize(1400, 880)
    win.show()
    dialog = win.new_scenario_dialog()
    dialog.name.setText("Bridge at dawn")
    dialog.map_path.setText(str(folder / "maps" / "eisenbach-valley.yaml"))
    dialog.add_counters(folder / "counters" / "eisenbach.yaml")
    for row, (side_id, name) in enumerate((("nato", "NATO"), ("pact", "Warsaw Pact"))):
        dialog.sides.item(row, 0).setText(side_id)
        dialog.sides.item(row, 1).setText(name)
    dialog.resize(560, 520)
    settle(app)
    dialog.grab().save(str(out / "new-scenario.png"))
    dialog.accept()
    settle(app)
    editor, props = win.editor, win.editor.props
    sc = win.document.scenario
    p = sc.map.parse
    editor.place("M48", "nato", p("0304"))
    editor.place("INF", "nato", p("0505"))
    editor.place("T64", "pact", p("1208"))
    props.edit("", lambda: {"victory": P.with_victory_hexes(sc, [p("0505"), p("0606")])})
    props.edit("", lambda: {"rules": P.with_module(sc, "concealment", False)})
    props.edit("", lambda: {"options": P.with_option(sc, "recon_range", 6)})
    props.dock.raise_()
    props.dock.tabs.setCurrentIndex(2)
    editor.select_unit(None)
    win.view.set_scale(1.2)
    win.view.centerOn(editor.scene.hex_center(p("0906")))
    settle(app)
    shot(win, out / "scenario-rules.png")
    events_shot(app, win, folder, out / "scenario-events.png")
    win.close()
    shutil.rmtree(folder, ignore_errors=True)


def events_shot(app: QApplication, win: MainWindow, folder: Path, path: Path) -> None:
    """The village demo (squad): two reinforcements added for turn 3, selected; its
    victory hexes and air strikes on the map."""
    for sub, name in (("maps", "village.yaml"), ("counters", "squad.yaml"),
                      ("scenarios", "demo-squad.yaml")):  # fmt: skip
        (folder / sub).mkdir(exist_ok=True)
        shutil.copy(paths.ROOT / sub / name, folder / sub / name)
    document = ScenarioDocument(data.load_scenario(folder / "scenarios" / "demo-squad.yaml"))
    win.set_document(document)
    settle(app)
    editor, props = win.editor, win.editor.props
    sc = document.scenario
    for label in ("1805", "1806"):
        props.edit("", lambda lb=label: {"reinforcements": P.with_reinforcement(
            sc, 3, "ASSAULT_SQUAD", "soviet", sc.map.parse(lb))[0]})  # fmt: skip
    props.events.raise_()
    props.events.tabs.setCurrentIndex(1)
    table = props.events.reinforcements.table
    table.selectRow(2)
    editor.set_tool("entry")
    editor.select_unit(None)
    win.view.set_scale(1.0)
    win.view.centerOn(editor.scene.hex_center(sc.map.parse("1406")))
    settle(app)
    shot(win, path)


def shot(win: MainWindow, path: Path) -> None:
    image = win.grab().toImage()
    image.scaledToWidth(WIDTH, Qt.TransformationMode.SmoothTransformation).save(str(path))


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/images"))
