"""The desktop application's entry point: ``tabletop [FILE]`` calls :func:`main`."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from tabletop import paths
from tabletop.ui.loading import Declined, LoadError, load_game_document
from tabletop.ui.mainwindow import MainWindow
from tabletop.ui.progress import Opening


def application() -> QApplication:
    """The QApplication, created once with the names QSettings uses."""
    app = QApplication.instance()
    if app is None:
        app = QApplication(sys.argv[:1])
    app.setOrganizationName("tabletop")
    app.setApplicationName("Tabletop")
    app.setApplicationDisplayName("Tabletop")
    return app  # type: ignore[return-value]


def create_window(path: str | Path | None, settings: QSettings | None = None) -> MainWindow | None:
    """A main window showing ``path`` (default: the bundled demo scenario), or None after
    showing why the file cannot be opened."""
    window = MainWindow(settings)
    target = Path(path) if path is not None else paths.DEMO_SCENARIO
    with Opening(None, target) as opening:
        try:
            document = load_game_document(target, window.accept_disagreement)
        except Declined:
            opening.dialog.close()
            window.deleteLater()
            return None
        except LoadError as exc:
            opening.dialog.close()
            window.show_load_error(exc)
            window.deleteLater()
            return None
        opening.next()
        window.set_document(document)
    if path is not None:
        window._add_recent(target)
    return window


def missing_display(environ: dict[str, str] | None = None) -> str | None:
    """Why no window can open here (a Linux session without X11 or Wayland), or None.

    Qt would abort with "Reinstalling the application may fix this problem", which sends
    users the wrong way; this says what is really missing and what to do instead."""
    env = dict(os.environ) if environ is None else environ
    if not sys.platform.startswith("linux") or env.get("QT_QPA_PLATFORM"):
        return None
    if env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return None
    return (
        "tabletop: there is no display to open a window on (neither DISPLAY nor "
        "WAYLAND_DISPLAY is set).\nRun it in a desktop session, or on a virtual screen: "
        "xvfb-run -a tabletop"
    )


def main(path: str | None = None) -> int:
    """Run the app; 0 on a normal exit, 1 when the file could not be opened or no window
    can be shown."""
    problem = missing_display()
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1
    app = application()
    window = create_window(path)
    if window is None:
        return 1
    window.show()
    window.restore_zoom()
    window.offer_recovery()
    return app.exec()
