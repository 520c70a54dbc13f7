"""Screenshots of the map art for docs/app.md, under Xvfb (``scripts/qt-deps.sh window``
installs it)::

    xvfb-run -a -s "-screen 0 1600x1000x24" python scripts/map_art_screenshots.py docs/images

Both demos at 1:1 and zoomed out, and the 200 x 200 benchmark map whole
(``benchmarks/bigmap.py``), each with View > Map Art on and off (the flat style), from a
throwaway settings file, after idle time has rendered every tile (what a player sees once
the view has settled). ``QT_QPA_PLATFORM=offscreen`` works too."""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtGui import QImage, QPixmap
from PySide6.QtTest import QTest

from tabletop import paths
from tabletop.ui.app import application, create_window

sys.path.insert(0, str(paths.ROOT / "benchmarks"))
import bigmap  # the 200 x 200 benchmark map

SHOTS = [
    # (scenario, name, hex to centre on at 1:1)
    ("demo-platoon.yaml", "platoon", "1011"),
    ("demo-squad.yaml", "squad", "1208"),
]


def _save(pixmap: QPixmap, path: Path) -> None:
    """In 256 colours, dithered: a third of the bytes, no visible loss on a map."""
    image = pixmap.toImage().convertToFormat(QImage.Format.Format_Indexed8)
    image.save(str(path))


def _settle(app, win, ms: int = 1500) -> None:
    """Run the event loop ``ms`` at least, then until idle time has rendered every tile."""
    for _ in range(ms // 50):
        QTest.qWait(50)
        app.processEvents()
    layers = win.map_scene.layers
    end = time.perf_counter() + 120
    while layers._timer.isActive() and time.perf_counter() < end:
        QTest.qWait(20)
        app.processEvents()


def _open(app, scenario: Path):
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "s.ini"), QSettings.Format.IniFormat)
    win = create_window(scenario, settings)
    assert win is not None
    win.resize(1120, 760)
    win.show()
    QTest.qWaitForWindowExposed(win)
    return win


def main(out: Path) -> None:
    app = application()
    for scenario, name, centre in SHOTS:
        win = _open(app, paths.ROOT / "scenarios" / scenario)
        for art in (False, True):
            win.set_map_art(art)
            style = "art" if art else "flat"
            win.view.set_scale(1.0)
            win.view.centerOn(win.map_scene.hex_center(win.document.scenario.map.parse(centre)))
            _settle(app, win)
            _save(win.view.grab(), out / f"map-art-{name}-1to1-{style}.png")
            win.view.fit_map()
            _settle(app, win)
            _save(win.view.grab(), out / f"map-art-{name}-whole-{style}.png")
        win.ask_before_closing = False
        win.close()
    with tempfile.TemporaryDirectory() as folder:
        _, scenario = bigmap.write(Path(folder))
        win = _open(app, scenario)
        for art in (False, True):
            win.set_map_art(art)
            win.view.fit_map()
            _settle(app, win, 3000)
            _save(win.view.grab(), out / f"map-art-bigmap-whole-{'art' if art else 'flat'}.png")
        win.ask_before_closing = False
        win.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
