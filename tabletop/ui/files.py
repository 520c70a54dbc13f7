"""Saving games from the window: Save and Save As (``tabletop/game@1``, atomic), an
autosave after every action into a recovery file that the next start offers after a
crash, and recent files shown with their folders.

A new game started from a scenario has the scenario's path but was never saved: Save then
asks for a file (it never overwrites the scenario). The recovery file lives beside the
settings file (``recovery/autosave.yaml``), so tests with their own settings never touch the
user's.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths

from tabletop.documents import GameDocument


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


def write_game(document: GameDocument, path: Path, *, compact: bool = False) -> None:
    """The game at ``path`` (game@1, atomically), references written relative to it; the
    document's scenario keeps pointing at its own files. ``compact``: the same document as
    one line of JSON, which every YAML reader (ours included) loads as YAML; it writes
    about 40 times faster than block YAML, so the autosave after every action costs a few
    milliseconds even late in a game."""
    from tabletop.data import game_to_dict
    from tabletop.data.yamlsafe import atomic_write, dump_text

    data = game_to_dict(document.state, path)
    atomic_write(path, json.dumps(data) + "\n" if compact else dump_text(data))


class FileKeeper:
    """Where the window's game is saved, and its recovery file."""

    def __init__(self, settings: QSettings) -> None:
        self.settings = settings
        self.save_path: Path | None = None
        """The saved game Save writes to (None: Save asks, as Save As)."""

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

    # --- recovery -----------------------------------------------------------------------------
    def recovery_dir(self) -> Path:
        name = self.settings.fileName()
        if self.settings.format() == QSettings.Format.IniFormat or name.endswith((".conf", ".ini")):
            return Path(name).parent / "recovery"
        loc = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
        return Path(loc) / "recovery"

    def recovery_path(self) -> Path:
        return self.recovery_dir() / "autosave.yaml"

    def autosave(self, document: GameDocument) -> Path | None:
        """After every action: the game as it stands into the recovery file (atomic)."""
        path = self.recovery_path()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_game(document, path, compact=True)
        except (OSError, ValueError):
            return None
        self.settings.setValue("recovery/source", str(document.path or ""))
        self.settings.setValue("recovery/save_path", str(self.save_path or ""))
        return path

    def recovery(self) -> Path | None:
        """A recovery file left by a session that did not close cleanly."""
        path = self.recovery_path()
        return path if path.is_file() else None

    def recovered_source(self) -> tuple[Path | None, Path | None]:
        """(the file the recovered game came from, the saved game it belonged to)."""
        src = str(self.settings.value("recovery/source", "") or "")
        saved = str(self.settings.value("recovery/save_path", "") or "")
        return (Path(src) if src else None), (Path(saved) if saved else None)

    def discard_recovery(self) -> None:
        path = self.recovery_path()
        if path.is_file():
            with contextlib.suppress(OSError):
                os.remove(path)


def recent_label(path_text: str) -> str:
    """``game.yaml — ~/games/eisenbach``: a recent file with its folder."""
    path = Path(path_text)
    folder = str(path.parent)
    home = str(Path.home())
    if folder == home or folder.startswith(home + os.sep):
        folder = "~" + folder[len(home) :]
    return f"{path.name} \u2014 {folder}"
