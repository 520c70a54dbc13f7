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
from tabletop.commands import PlayAction
from tabletop.rules import ActionRequest, ScriptedDice
from tabletop.ui.app import application, create_window


def settle(ms: int = 200) -> None:
    QTest.qWait(ms)


def point(window, label: str):  # type: ignore[no-untyped-def]
    h = window.document.scenario.map.parse(label)
    window.view.centerOn(window.map_scene.hex_center(h))
    return window.view.mapFromScene(window.map_scene.hex_center(h))


def play(window, action: str, dice: list[int] | None = None, **kw) -> None:  # type: ignore[no-untyped-def]
    doc = window.document
    doc.push(PlayAction(doc.state, ActionRequest(action, **kw), doc.los, ScriptedDice(dice or [])))


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    application()
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "s.ini"), QSettings.Format.IniFormat)
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


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/images"))
