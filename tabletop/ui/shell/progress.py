"""Progress while a file opens: shown only when opening takes longer than half a second.

A 10,000-unit scenario takes a second or more to read and set out; a window that froze
without a word for that long would look hung. :class:`Opening` is a
``QProgressDialog`` that Qt shows once :data:`SHOW_AFTER` has passed (small files never
see it) and that names each stage as it starts.
"""

from __future__ import annotations

from pathlib import Path
from types import TracebackType

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget

SHOW_AFTER = 0.5
"""Seconds of opening before the progress dialog appears."""
STAGES = ("Reading {name}\u2026", "Setting out the counters\u2026", "Painting the map\u2026")


class Opening:
    """``with Opening(parent, path) as opening: ...; opening.next(); ...`` around the
    stages of :data:`STAGES`."""

    def __init__(self, parent: QWidget | None, path: Path, show_after: float = SHOW_AFTER) -> None:
        self.name = path.name
        self.dialog = QProgressDialog(STAGES[0].format(name=self.name), "", 0, len(STAGES), parent)
        self.dialog.setWindowTitle("Opening")
        self.dialog.setCancelButton(None)
        self.dialog.setWindowModality(Qt.WindowModality.ApplicationModal)
        # it only reports: it must not take the keyboard focus from the window behind it
        self.dialog.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating, True)
        self.dialog.setMinimumDuration(round(show_after * 1000))
        self.dialog.setAutoClose(False)
        self.dialog.setAutoReset(False)
        self.stage = 0
        self.dialog.setValue(0)

    def __enter__(self) -> Opening:
        return self

    def next(self) -> None:
        """The next stage starts (the dialog appears now if opening has taken long)."""
        self.stage = min(self.stage + 1, len(STAGES) - 1)
        self.dialog.setLabelText(STAGES[self.stage].format(name=self.name))
        self.dialog.setValue(self.stage)
        QApplication.processEvents()

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.dialog.setValue(len(STAGES))
        self.dialog.close()
        self.dialog.deleteLater()
