"""The app quits without a word on stderr: a helper's screenshot scripts each printed a
traceback from the layout's dock slot ("MainWindow already deleted") as the program exited.
A fresh interpreter opens the window on a game, goes into the map editor and back, then
closes the window and quits as a user's session ends, or leaves it open to the interpreter's
exit as a script does (the docks then report hidden after the window's C++ side is gone)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

SCRIPT = textwrap.dedent(
    """
    import sys
    from PySide6.QtCore import QSettings
    from PySide6.QtTest import QTest
    from tabletop import paths
    from tabletop.ui.app import application, create_window

    app = application()
    settings = QSettings(sys.argv[1], QSettings.Format.IniFormat)
    win = create_window(paths.DEMO_SCENARIO, settings)
    win.show()
    QTest.qWait(50)
    win.open_file(paths.MAPS / "village.yaml")
    QTest.qWait(50)
    assert win.editor is not None, "the map is open in the map editor"
    win.open_file(paths.SCENARIOS / "demo-squad.yaml")
    QTest.qWait(50)
    if sys.argv[2] == "close":
        win.close()
        app.processEvents()
        app.quit()
    print("closed")
    """
)


@pytest.mark.parametrize("ending", ["close", "leave"])
def test_open_edit_close_quit_writes_nothing_to_stderr(tmp_path: Path, ending: str) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=str(tmp_path))
    env["PYTHONPATH"] = os.pathsep.join([str(Path(__file__).parents[3]), *sys.path])
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(tmp_path / "s.ini"), ending],
        capture_output=True, text=True, env=env, timeout=120, cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "closed"
    lines = [line for line in done.stderr.splitlines() if "propagateSizeHints" not in line]
    assert "Traceback" not in done.stderr and "already deleted" not in done.stderr, done.stderr
    assert lines == [], done.stderr
