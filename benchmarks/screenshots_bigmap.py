"""Screenshots of the big benchmark map and of the demo, fully zoomed out and at 1:1.

    xvfb-run -a -s "-screen 0 1600x1000x24" python benchmarks/screenshots_bigmap.py docs/dev

Writes ``bigmap-whole.png``, ``bigmap-1to1.png``, ``demo-whole.png`` and ``demo-1to1.png``
into the folder given, each after the idle-time tile work has finished (what a user sees
once the view has settled).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import bigmap  # noqa: E402
from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from tabletop import paths  # noqa: E402
from tabletop.ui.app import application, create_window  # noqa: E402


def shoot(scenario: Path, out: Path, prefix: str, settings: QSettings) -> None:
    app = application()
    window = create_window(scenario, settings)
    assert window is not None
    window.resize(1600, 1000)
    window.show()
    QTest.qWaitForWindowExposed(window)
    layers = window.map_scene.layers

    def settle() -> None:
        end = time.perf_counter() + 120
        while time.perf_counter() < end:
            app.processEvents()
            if not layers._timer.isActive():
                break
        app.processEvents()

    for name, zoom in (("whole", window.view.fit_map), ("1to1", lambda: window.view.set_scale(1))):
        zoom()
        settle()
        window.grab().save(str(out / f"{prefix}-{name}.png"))
    window.close()


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        settings = QSettings(str(Path(folder) / "settings.ini"), QSettings.Format.IniFormat)
        _, scenario = bigmap.write(Path(folder))
        shoot(scenario, out, "bigmap", settings)
        shoot(paths.DEMO_SCENARIO, out, "demo", settings)


if __name__ == "__main__":
    main()
