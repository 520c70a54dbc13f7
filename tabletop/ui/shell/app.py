"""The desktop application's entry point: ``tabletop [FILE]`` calls :func:`main`."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from tabletop import paths
from tabletop.ui.shell.loading import LoadError, open_document
from tabletop.ui.shell.mainwindow import MainWindow
from tabletop.ui.shell.progress import Opening


def application() -> QApplication:
    """The QApplication, created once with the names QSettings uses."""
    app = QApplication.instance()
    if app is None:
        app = QApplication(sys.argv[:1])
    app.setOrganizationName("tabletop")
    app.setApplicationName("Tabletop")
    app.setApplicationDisplayName("Tabletop")
    return app


def create_window(path: str | Path | None, settings: QSettings | None = None) -> MainWindow | None:
    """A main window showing ``path`` (default: the bundled demo scenario), or None after
    showing why the file cannot be opened."""
    window = MainWindow(settings)
    target = Path(path) if path is not None else paths.DEMO_SCENARIO
    with Opening(None, target) as opening:
        try:
            document, pending = open_document(target)
        except LoadError as exc:
            opening.dialog.close()
            window.show_load_error(exc)
            window.deleteLater()
            return None
        opening.next()
        window.set_document(document)
    window.check_log(document, pending)
    if path is not None:
        window.add_recent(target)
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


XCB_LIBRARIES = {
    "libxcb-cursor.so.0": "libxcb-cursor0", "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxcb-icccm.so.4": "libxcb-icccm4", "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1", "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render-util.so.0": "libxcb-render-util0", "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-xfixes.so.0": "libxcb-xfixes0", "libxcb-xkb.so.1": "libxcb-xkb1",
    "libX11-xcb.so.1": "libx11-xcb1", "libxcb.so.1": "libxcb1",
}  # fmt: skip
"""The libraries Qt's X11 platform plugin (xcb) loads that a desktop may lack, each with
the Debian package that has it (scripts/qt-deps.sh installs the same list). The wheels
of PySide6 do not carry them."""


def _loads(name: str) -> bool:
    import ctypes

    try:
        ctypes.CDLL(name)
    except OSError:
        return False
    return True


def missing_xcb_libraries(environ: dict[str, str] | None = None, loads=None) -> str | None:
    """Why Qt's xcb plugin would not load here (the libraries missing and the Debian
    packages to install), or None. Asked only when Qt will use xcb: on X11, or with
    ``QT_QPA_PLATFORM=xcb``; never for offscreen or Wayland.

    Without them Qt aborts with "could not load the Qt platform plugin xcb", and since Qt
    6.5 the one library most desktops lack is libxcb-cursor0."""
    env = dict(os.environ) if environ is None else environ
    platform = env.get("QT_QPA_PLATFORM", "")
    if not sys.platform.startswith("linux") or platform.split(":")[0] not in ("", "xcb"):
        return None
    if not platform and (env.get("WAYLAND_DISPLAY") or not env.get("DISPLAY")):
        return None  # Qt opens a Wayland window there; no display is said elsewhere
    loads = _loads if loads is None else loads
    missing = [name for name in XCB_LIBRARIES if not loads(name)]
    if not missing:
        return None
    packages = " ".join(XCB_LIBRARIES[name] for name in missing)
    return (
        f"tabletop: Qt's X11 platform plugin (xcb) needs libraries that are not installed "
        f"here: {', '.join(missing)}.\nOn Debian or Ubuntu: sudo apt-get install {packages}\n"
        "(in a checkout, `make run` or `scripts/qt-deps.sh window` installs them)."
    )


def main(path: str | None = None) -> int:
    """Run the app; 0 on a normal exit, 1 when the file could not be opened or no window
    can be shown (no display, or the libraries Qt's xcb plugin needs are missing)."""
    problem = missing_display() or missing_xcb_libraries()
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
