"""Saving games from the window: Save and Save As (``tabletop/game@1``, atomic), an
autosave after every action into a recovery file that the next start offers after a
crash, and recent files shown with their folders.

A new game started from a scenario has the scenario's path but was never saved: Save then
asks for a file (it never overwrites the scenario). The recovery file lives beside the
settings file (``recovery/autosave.yaml``), so tests with their own settings never touch the
user's.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from PySide6.QtCore import QSettings

from tabletop.documents import GameDocument
from tabletop.ui.recovery import RecoveryFile


def is_saved_game(path: Path | None) -> bool:
    """Does ``path`` hold a saved game (not a scenario or a map)? Reads the first lines."""
    if path is None or not path.is_file():
        return False
    try:
        with path.open(encoding="utf-8") as f:
            head = f.read(4096)
    except OSError:
        return False
    return re.search(r"""^\s*\{?\s*["']?format["']?\s*:\s*["']?tabletop/game@""", head,
                     re.MULTILINE) is not None  # fmt: skip


def write_game(document: GameDocument, path: Path) -> None:
    """The game at ``path`` (game@1, atomically, sealed as ``save_game`` seals it),
    references written relative to it; the document's scenario keeps pointing at its own
    files. Machine-written, as every saved game (``game_text``: JSON, one record a line,
    which every YAML reader loads), so the autosave after every action costs a few
    milliseconds even late in a game."""
    from tabletop.data import game_text
    from tabletop.data.atomic import atomic_write

    atomic_write(path, game_text(document.state, path)[0])


class FileKeeper:
    """Where the window's game is saved, and its recovery file."""

    def __init__(self, settings: QSettings) -> None:
        self.settings = settings
        self.save_path: Path | None = None
        """The saved game Save writes to (None: Save asks, as Save As)."""
        self.store = RecoveryFile(settings)
        """The recovery file, shared with the editors' autosave."""

    # --- saving -------------------------------------------------------------------------------
    def adopt(self, document: GameDocument) -> None:
        """A document was opened: Save goes back to it only if it is a saved game."""
        path = document.path
        self.save_path = path if is_saved_game(path) else None

    def suggested_path(self, document: GameDocument) -> Path:
        if self.save_path is not None:
            return self.save_path
        base = document.path
        folder = base.parent if base is not None else Path.home()
        stem = base.stem if base is not None else "game"
        return folder / f"{stem}-game.yaml"

    def save(self, document: GameDocument, path: Path) -> None:
        """Write the game; raise OSError or ValueError with the reason."""
        write_game(document, path)
        document.mark_saved(path)
        self.save_path = path
        self.discard_recovery()

    # --- recovery (the window's one recovery file, :mod:`tabletop.ui.recovery`) ---------
    def recovery_path(self) -> Path:
        return self.store.path

    def autosave(self, document: GameDocument) -> Path | None:
        """After every action: the game as it stands into the recovery file (atomic)."""
        from tabletop.data import game_text

        self.store.remember("game", document.path, self.save_path)  # before the references
        try:
            self.store.write(game_text(document.state, self.store.path)[0])
        except (OSError, ValueError):
            return None
        return self.store.path

    def recovery(self) -> Path | None:
        """A recovery file left by a session that did not close cleanly."""
        return self.store.found()

    def recovered_source(self) -> tuple[Path | None, Path | None]:
        """(the file the recovered document came from, the saved game it belonged to)."""
        origin = self.store.origin()
        return origin.source, origin.save_path

    def discard_recovery(self) -> None:
        self.store.discard()


def recent_label(path_text: str) -> str:
    """``game.yaml — ~/games/eisenbach``: a recent file with its folder."""
    path = Path(path_text)
    folder = str(path.parent)
    home = str(Path.home())
    if folder == home or folder.startswith(home + os.sep):
        folder = "~" + folder[len(home) :]
    return f"{path.name} \u2014 {folder}"
