"""The frame both print dialogs share (File > Print Map, File > Print Counter Sheet): the
settings form on the left over Close and Export..., the page chooser and the current page's
preview on the right, and an export behind a cancellable progress dialog.

A subclass builds its form, calls :meth:`PagedExportDialog.frame` with it, and supplies
``show_page`` and ``export_dialog``; its export calls :meth:`PagedExportDialog.write_pages`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QProgressDialog,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
)

from tabletop.render.sheet import SheetCancelled, SheetError

Progress = Callable[[int, int], bool]
"""``tick(done, total)``: show the progress; False when the user cancelled."""


class PagedExportDialog(QDialog):
    """Settings on the left, the current page on the right; Export... writes the files."""

    written: list[Path]

    def frame(self, form: QFormLayout, prefix: str, preview_size: tuple[int, int]) -> None:
        """Lay out ``form`` beside the pager and preview; the widgets are named
        ``{prefix}-page``, ``{prefix}-preview`` and ``{prefix}-export``."""
        self.page_box = QSpinBox(objectName=f"{prefix}-page", minimum=1)
        self.page_label = QLabel()
        pager = QHBoxLayout()
        pager.addWidget(QLabel("Page"))
        pager.addWidget(self.page_box)
        pager.addWidget(self.page_label)
        pager.addStretch(1)
        self.preview = QLabel(objectName=f"{prefix}-preview")
        self.preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        scroll = QScrollArea()
        scroll.setWidget(self.preview)
        scroll.setWidgetResizable(True)
        scroll.setMinimumSize(*preview_size)
        right = QVBoxLayout()
        right.addLayout(pager)
        right.addWidget(scroll, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.export_button = QPushButton("Export...", objectName=f"{prefix}-export")
        buttons.addButton(self.export_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        self.export_button.clicked.connect(self.export_dialog)
        left = QVBoxLayout()
        left.addLayout(form)
        left.addStretch(1)
        left.addWidget(buttons)
        row = QHBoxLayout(self)
        row.addLayout(left)
        row.addLayout(right, 1)
        self.page_box.valueChanged.connect(self.show_page)

    def show_page(self) -> None:
        raise NotImplementedError

    def export_dialog(self) -> None:
        raise NotImplementedError

    def write_pages(
        self,
        text: str,
        pages: int,
        object_name: str,
        refused: str,
        write: Callable[[Progress], list[Path]],
    ) -> list[Path]:
        """Run ``write(tick)`` behind a cancellable progress dialog: the paths written, or
        [] when cancelled or refused (after saying why under the title ``refused``)."""
        progress = QProgressDialog(text, "Cancel", 0, pages, self)
        progress.setObjectName(object_name)
        progress.setWindowModality(Qt.WindowModality.WindowModal)
        progress.setMinimumDuration(400)

        def tick(done: int, total: int) -> bool:
            progress.setMaximum(total)
            progress.setValue(done)
            QApplication.processEvents()
            return not progress.wasCanceled()

        try:
            self.written = write(tick)
        except SheetCancelled:
            self.written = []
        except (SheetError, OSError) as exc:
            self.written = []
            QMessageBox.warning(self, refused, str(exc))
        finally:
            progress.close()
        return self.written
