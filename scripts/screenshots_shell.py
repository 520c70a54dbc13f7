"""Screenshots of the window's shell for docs/app.md: ``xvfb-run -a -s "-screen 0
1600x1000x24" python scripts/screenshots_shell.py docs/images``. Makes help-browser.png
(Help > User Guide on the quick start, at its second step); with ``--editor-session
DIR`` also the play window reopened after a session closed in the map editor (every play
dock back), for a look."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtTest import QTest

from tabletop import paths
from tabletop.ui.app import application, create_window


def _settle(ms: int = 100) -> None:
    QTest.qWait(ms)
    application().processEvents()


def help_browser(out: Path, settings: QSettings) -> None:
    win = create_window(paths.DEMO_SCENARIO, settings)
    assert win is not None
    win.show()
    guide = win.show_guide()
    guide.resize(1000, 640)
    _settle(300)
    guide.fit_images()
    _settle()
    guide.go_to_anchor("2-draw-a-chit")  # a heading with its picture under it
    _settle()
    guide.grab().save(str(out / "help-browser.png"))
    win.close()


def editor_session(out: Path, settings: QSettings) -> None:
    """Close the window in the map editor, open the demo again: what the next game shows."""
    win = create_window(paths.MAPS / "eisenbach-gap.yaml", settings)
    assert win is not None
    win.resize(1300, 820)
    win.show()
    _settle(300)
    win.grab().save(str(out / "shell-map-editor.png"))
    win.close()
    again = create_window(paths.DEMO_SCENARIO, settings)
    assert again is not None
    again.show()
    _settle(300)
    again.grab().save(str(out / "shell-after-editor.png"))
    again.view_menu.popup(again.mapToGlobal(again.menuBar().geometry().bottomLeft()))
    _settle(300)
    again.view_menu.grab().save(str(out / "shell-view-menu.png"))
    again.view_menu.close()
    again.close()


def main(argv: list[str]) -> None:
    application()
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("play/hot_seat", False)  # one player: no hand-over screen
    if argv[:1] == ["--editor-session"]:
        editor_session(Path(argv[1]), settings)
    else:
        help_browser(Path(argv[0]), settings)


if __name__ == "__main__":
    main(sys.argv[1:])
