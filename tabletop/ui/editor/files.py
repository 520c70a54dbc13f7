"""The editor's file commands: save, save as, new map, load a background, check the map."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDialog, QFileDialog

from tabletop import data
from tabletop.documents import MapDocument
from tabletop.ui.editor.checks import MapProblem, map_problems, scenario_problems

if TYPE_CHECKING:
    from tabletop.ui.editor.editor import MapEditor

MAP_FILTER = "Tabletop maps (*.yaml *.yml);;All files (*)"
IMAGE_FILTER = "Images (*.png *.jpg *.jpeg);;All files (*)"


class FilesMixin:
    """Saving and the dialogs of the editor (mixed into ``MapEditor``)."""

    def save(self: MapEditor, path: str | Path | None = None) -> bool:
        """Save the map (atomically) to ``path`` or its own file; False with the reason in
        the status bar if it cannot be written. Small maps are written in the ``hexes:``
        form, large ones as ``rows:``/``levels:`` (docs/formats.md)."""
        target = Path(path) if path is not None else self.document.path
        if target is None:
            return self.save_as_dialog()
        try:
            data.save_map(self.document.map, target)
        except (OSError, ValueError) as exc:
            reason = getattr(exc, "strerror", None) or str(exc)
            self.hint_label.setText(f"Could not save {target}: {reason}")
            return False
        self.document.mark_saved(target)
        self.autosave.discard()
        self.hint_label.setText(f"Saved {target}")
        self.scene.refresh_background()  # a relative image path now starts from the new folder
        return True

    def save_as(self: MapEditor, path: str | Path) -> bool:
        return self.save(path)

    def save_dialog(self: MapEditor) -> bool:
        return self.save()

    def save_as_dialog(self: MapEditor) -> bool:
        start = str(self.document.path or Path.cwd() / "map.yaml")
        path, _ = QFileDialog.getSaveFileName(self.window, "Save Map As", start, MAP_FILTER)
        return self.save(path) if path else False

    def background_dialog(self: MapEditor) -> bool:
        start = str(self.document.path.parent) if self.document.path else str(Path.cwd())
        path, _ = QFileDialog.getOpenFileName(self.window, "Background Image", start, IMAGE_FILTER)
        return self.load_background(path) if path else False

    def new_map_dialog(self: MapEditor) -> MapDocument | None:
        """Ask for a new map's size, numbering and terrain and open it in the editor."""
        from tabletop.ui.editor.dialogs import NewMapDialog

        dialog = NewMapDialog(self.window)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        hexmap = dialog.build()
        if hexmap is None:
            return None
        document = MapDocument(hexmap)
        self.window.set_document(document)
        return document

    def validate(self: MapEditor) -> list[MapProblem]:
        """Check the map and the scenarios that use its file, both against the map as it
        is now (no need to save first); show the problems in the problems dock. Clicking
        one selects its hex."""
        problems = map_problems(self.document.map)
        problems += scenario_problems(self.document.map, self.document.path)
        self.problems.show_problems(problems)
        self.problems.show()
        self.problems.raise_()
        return problems
