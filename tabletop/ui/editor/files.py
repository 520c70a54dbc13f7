"""The editor's file commands: save, save as, new map, load a background, check the map.

:class:`MapFiles` is the editor's file part (the editor holds one); it works for any
:class:`FilesHost`: an editor with an autosaver, a problems dock and a way to load a
background image.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtWidgets import QDialog, QFileDialog

from tabletop import data
from tabletop.documents import MapDocument
from tabletop.ui.editor.checks import MapProblem, map_problems, scenario_problems
from tabletop.ui.editor.host import EditorHost

if TYPE_CHECKING:
    from tabletop.ui.editor.problems import ProblemsDock
    from tabletop.ui.shell.recovery import Autosaver

MAP_FILTER = "Tabletop maps (*.yaml *.yml);;All files (*)"
IMAGE_FILTER = "Images (*.png *.jpg *.jpeg);;All files (*)"


class FilesHost(EditorHost, Protocol):
    """The editor :class:`MapFiles` works for."""

    @property
    def autosave(self) -> Autosaver: ...

    @property
    def problems(self) -> ProblemsDock: ...

    def load_background(self, path: str | Path) -> bool: ...


class MapFiles:
    """Saving, the file dialogs and Check Map of the editor."""

    def __init__(self, editor: FilesHost) -> None:
        self.editor = editor

    def save(self, path: str | Path | None = None) -> bool:
        """Save the map (atomically) to ``path`` or its own file; False with the reason in
        the status bar if it cannot be written. Small maps are written in the ``hexes:``
        form, large ones as ``rows:``/``levels:`` (docs/formats.md)."""
        editor = self.editor
        document = editor.document
        target = Path(path) if path is not None else document.path
        if target is None:
            return self.save_as_dialog()
        try:
            data.save_map(document.map, target)
        except (OSError, ValueError) as exc:
            reason = getattr(exc, "strerror", None) or str(exc)
            editor.hint_label.setText(f"Could not save {target}: {reason}")
            return False
        document.mark_saved(target)
        editor.autosave.discard()
        editor.hint_label.setText(f"Saved {target}")
        editor.scene.refresh_background()  # a relative image path now starts from the new folder
        return True

    def save_as(self, path: str | Path) -> bool:
        return self.save(path)

    def save_dialog(self) -> bool:
        return self.save()

    def save_as_dialog(self) -> bool:
        start = str(self.editor.document.path or Path.cwd() / "map.yaml")
        path, _ = QFileDialog.getSaveFileName(self.editor.window, "Save Map As", start, MAP_FILTER)
        return self.save(path) if path else False

    def background_dialog(self) -> bool:
        own = self.editor.document.path
        start = str(own.parent) if own else str(Path.cwd())
        path, _ = QFileDialog.getOpenFileName(
            self.editor.window, "Background Image", start, IMAGE_FILTER
        )
        return self.editor.load_background(path) if path else False

    def new_map_dialog(self) -> MapDocument | None:
        """Ask for a new map's size, numbering and terrain and open it in the editor."""
        from tabletop.ui.editor.dialogs import NewMapDialog

        window = self.editor.window
        dialog = NewMapDialog(window)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        hexmap = dialog.build()
        if hexmap is None:
            return None
        document = MapDocument(hexmap)
        window.set_document(document)
        return document

    def validate(self) -> list[MapProblem]:
        """Check the map and the scenarios that use its file, both against the map as it
        is now (no need to save first); show the problems in the problems dock. Clicking
        one selects its hex."""
        document, dock = self.editor.document, self.editor.problems
        problems = map_problems(document.map)
        problems += scenario_problems(document.map, document.path)
        dock.show_problems(problems)
        dock.show()
        dock.raise_()
        return problems
