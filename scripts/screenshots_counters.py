"""Screenshots of the counter editor for docs/editor.md.

Run under a virtual screen from the repository root:
    xvfb-run -a -s "-screen 0 1600x1000x24" python scripts/screenshots_counters.py [OUT_DIR]
It opens copies of the bundled platoon and squad counters in a temporary folder (never
touching the repository's files or your settings) and saves PNGs to OUT_DIR (default
docs/images): the platoon editor on the BO-105 (its flying side), and the squad editor
on the mortar team (figures with the mortar's own fire, artillery, accuracy faces).
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings

from tabletop import paths
from tabletop.ui.app import application, create_window

SHOTS = (
    ("platoon.yaml", "PAH", "counter-editor.png"),
    ("squad.yaml", "MORTAR_TEAM", "counter-editor-squad.png"),
)


def main(out_dir: Path) -> None:
    app = application()
    with tempfile.TemporaryDirectory() as tmp:
        settings = QSettings(str(Path(tmp) / "settings.ini"), QSettings.Format.IniFormat)
        for name, type_id, image in SHOTS:
            path = Path(tmp) / name
            shutil.copy(paths.COUNTERS / name, path)
            window = create_window(path, settings)
            assert window is not None
            window.resize(1500, 960)
            window.show()
            window.editor.select_type(type_id)
            for _ in range(30):
                app.processEvents()
            window.grab().save(str(out_dir / image))
            print("wrote", out_dir / image)
            window.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/images"))
