"""Screenshots of the line-of-sight tool, the log dock and review mode for docs/app.md.

Run under a virtual screen from the repository root:
    xvfb-run -a -s "-screen 0 1600x1000x24" python scripts/screenshots_sight_log.py [OUT_DIR]
It plays a few actions of the platoon demo with scripted dice (never touching your
settings) and saves PNGs to OUT_DIR (default docs/images).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest

from tabletop import paths
from tabletop.commands import ManualChange, PlayAction
from tabletop.rules import ActionRequest, RandomDice
from tabletop.rules.adjust import Adjustment
from tabletop.ui.app import application, create_window


def settle(ms: int = 200) -> None:
    QTest.qWait(ms)


def point(window, label: str):
    h = window.document.scenario.map.parse(label)
    window.view.centerOn(window.map_scene.hex_center(h))
    return window.view.mapFromScene(window.map_scene.hex_center(h))


def play(window, action: str, **kw) -> None:
    """One action with seeded dice; a move paused for opportunity fire is let pass."""
    doc = window.document
    doc.push(PlayAction(doc.state, ActionRequest(action, **kw), doc.los, RandomDice(7)))
    for _ in range(5):
        if doc.state.pending is None:
            break
        doc.push(PlayAction(doc.state, ActionRequest("pass"), doc.los, RandomDice(7)))


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    application()
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("play/hot_seat", False)  # one player: no hand-over screen
    window = create_window(paths.DEMO_SCENARIO, settings)
    assert window is not None
    window.resize(1500, 940)
    window.show()
    settle(400)
    window.view.set_scale(1.0)
    # the line-of-sight tool: a drag from the M48 at 1009 towards the town
    window.sight.los_action.trigger()
    vp = window.view.viewport()
    window.view.centerOn(window.map_scene.hex_center(window.document.scenario.map.parse("0807")))
    settle()
    a = window.view.mapFromScene(
        window.map_scene.hex_center(window.document.scenario.map.parse("1009"))
    )
    b = window.view.mapFromScene(
        window.map_scene.hex_center(window.document.scenario.map.parse("0505"))
    )
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, pos=a)
    QTest.mouseMove(vp, b)
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=b)
    settle()
    window.grab().save(str(out / "los-tool.png"))
    window.sight.los_action.trigger()
    # a few actions, then the log
    play(window, "draw", formation="kampfgruppe")
    play(window, "fire", units=("leo2-1",), target="bmp-1", weapon="ap")
    play(window, "move", units=("leo1-1",), to=("1208",))
    doc = window.document
    doc.push(ManualChange(doc.state, Adjustment(unit="bmp-1", add="ops_complete")))
    play(window, "fire", units=("marder-1",), target="sov-inf-1", weapon="he")
    play(window, "end-impulse")
    window.view.centerOn(window.map_scene.hex_center(window.document.scenario.map.parse("1209")))
    window.log_dock.raise_()  # it shares a tab with the hex dock
    window.resizeDocks([window.log_dock], [420], Qt.Orientation.Vertical)
    rows = window.log_dock.list
    QTest.mouseClick(rows.viewport(), Qt.MouseButton.LeftButton,
                     pos=rows.visualItemRect(rows.item(1)).center())  # fmt: skip
    settle()
    window.grab().save(str(out / "log-dock.png"))
    # review mode, two actions in
    window.review.action.trigger()
    window.review.show(2)
    settle()
    window.grab().save(str(out / "review-mode.png"))
    window.review.action.trigger()
    # the field of view of the Leopard 2
    window.play.controller.select("leo2-1")
    window.sight.fov_action.trigger()
    window.view.centerOn(window.map_scene.hex_center(window.document.scenario.map.parse("1211")))
    settle()
    window.grab().save(str(out / "field-of-view.png"))


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/images"))
