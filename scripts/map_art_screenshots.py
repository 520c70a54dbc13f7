"""Screenshots of the map art for docs/app.md: ``QT_QPA_PLATFORM=offscreen python
scripts/map_art_screenshots.py docs/images`` (or under xvfb-run). Both demos at 1:1 and
zoomed out, with View > Map Art on and off (the flat style), from a throwaway settings
file."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtGui import QImage, QPixmap
from PySide6.QtTest import QTest

from tabletop import paths
from tabletop.ui.app import application, create_window

SHOTS = [
    # (scenario, name, hex to centre on at 1:1)
    ("demo-platoon.yaml", "platoon", "1011"),
    ("demo-squad.yaml", "squad", "1208"),
]


def _save(pixmap: QPixmap, path: Path) -> None:
    """In 256 colours, dithered: a third of the bytes, no visible loss on a map."""
    image = pixmap.toImage().convertToFormat(QImage.Format.Format_Indexed8)
    image.save(str(path))


def main(out: Path) -> None:
    app = application()
    for scenario, name, centre in SHOTS:
        settings = QSettings(str(Path(tempfile.mkdtemp()) / "s.ini"), QSettings.Format.IniFormat)
        win = create_window(paths.ROOT / "scenarios" / scenario, settings)
        assert win is not None
        win.resize(1120, 760)
        win.show()

        def settle(ms: int = 1500) -> None:
            for _ in range(ms // 50):
                QTest.qWait(50)
                app.processEvents()

        for art in (False, True):
            win.set_map_art(art)
            style = "art" if art else "flat"
            win.view.set_scale(1.0)
            win.view.centerOn(win.map_scene.hex_center(win.document.scenario.map.parse(centre)))
            settle()
            _save(win.view.grab(), out / f"map-art-{name}-1to1-{style}.png")
            win.view.fit_map()
            settle()
            _save(win.view.grab(), out / f"map-art-{name}-whole-{style}.png")
        win.ask_before_closing = False
        win.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
