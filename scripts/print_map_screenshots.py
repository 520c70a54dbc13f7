"""Pictures of the printed map for docs/app.md, under Xvfb (``scripts/qt-deps.sh window``)::

    xvfb-run -a -s "-screen 0 1600x1000x24" python scripts/print_map_screenshots.py docs/images

``print-map-dialog.png``: File > Print Map on the platoon demo with Counters ticked, page 5
in the preview; ``print-map-page.png``: that page as ``tabletop print-map ... --units``
writes it (PNG at 80 dpi), from a throwaway settings file.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest

from tabletop import paths
from tabletop.ui.app import application, create_window


def _save(image: QImage, path: Path) -> None:
    """In 256 colours, dithered: a third of the bytes, no visible loss on a map."""
    image.convertToFormat(QImage.Format.Format_Indexed8).save(str(path))


def main(out: Path) -> None:
    app = application()
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "s.ini"), QSettings.Format.IniFormat)
    win = create_window(paths.ROOT / "scenarios" / "demo-platoon.yaml", settings)
    assert win is not None
    win.show()
    win.print_map_action.trigger()
    dialog = win.map_print_dialog
    assert dialog is not None
    dialog.units.setChecked(True)
    dialog.page_box.setValue(5)
    dialog.format_box.setCurrentIndex(dialog.format_box.findData("png"))
    dialog.resize(980, 700)
    QTest.qWaitForWindowExposed(dialog)
    for _ in range(20):
        QTest.qWait(25)
        app.processEvents()
    _save(dialog.grab().toImage(), out / "print-map-dialog.png")
    with tempfile.TemporaryDirectory() as folder:
        written = dialog.export(Path(folder) / "page.png", dpi=80)
        _save(QImage(str(written[4])), out / "print-map-page.png")
    dialog.close()
    win.ask_before_closing = False
    win.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
