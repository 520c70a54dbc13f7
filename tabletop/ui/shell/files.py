"""Saving games from the window: Save and Save As (``tabletop/game@1``, atomic), an
autosave after every action into a recovery file that the next start offers after a
crash, and recent files shown with their folders.

The autosave is the editors' :class:`~tabletop.ui.shell.recovery.Autosaver`: after every action
(and undo or redo) the GUI thread makes only what the action changed
(:class:`~tabletop.data.gametext.GameText` keeps every unit's text until the game document
says it changed) and takes the parts, about a millisecond or two even on the 200 x 200 game
of 11,441 units; joining them, sealing and the atomic write run on the autosave thread. The
first autosave of a big game makes every part, a slice per turn of the event loop.

A new game started from a scenario has the scenario's path but was never saved: Save then
asks for a file (it never overwrites the scenario). The recovery file lives beside the
settings file (``recovery/autosave.yaml``), so tests with their own settings never touch the
user's.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QSettings

from tabletop.data.gametext import GameText
from tabletop.documents import GameDocument, UnitsChanged
from tabletop.ui.bridge import bridge_for
from tabletop.ui.shell.recovery import Autosaver, Job, RecoveryFile

GAME_DELAY_MS = 100
"""After an undo or redo (an action writes at once), how soon the game is autosaved."""


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
    which every YAML reader loads)."""
    from tabletop.data import game_text
    from tabletop.data.atomic import atomic_write

    atomic_write(path, game_text(document.state, path)[0])


def _refused(exc: Exception) -> Callable[[], str]:
    """The worker's function for a game that cannot be written: it raises ``exc``, which
    the autosave takes as nothing written (as for a full disk)."""

    def refuse() -> str:
        raise exc

    return refuse


class GameSnapshot:
    """A game's autosave snapshot (:data:`~tabletop.ui.shell.recovery.Snapshot`): the parts of
    its text that changed made again on the GUI thread, the rest kept; the parts joined,
    sealed and written on the worker."""

    def __init__(self, document: GameDocument) -> None:
        self.text = GameText(document.state)
        self._unsubscribe = bridge_for(document).subscribe(self._on_event)

    def _on_event(self, event: object) -> None:
        if isinstance(event, UnitsChanged):  # (exactly the units an action, undo or redo
            self.text.forget(event.ids)  # changed: the document compares them)

    def __call__(self, path: Path) -> Job:
        if self.text.cold(path):
            return self._pieces(path)
        try:
            return self.text.job(path)
        except (OSError, ValueError) as exc:  # (a game that cannot be saved: no file
            return _refused(exc)  # written, as a save would refuse it)

    def _pieces(self, path: Path):
        """Every part made, a short step at a time (the first autosave of a big game); the
        last piece is the worker's function."""
        try:
            for _ in self.text.steps(path):
                yield ""
            yield self.text.job(path)
        except (OSError, ValueError) as exc:
            yield _refused(exc)

    def close(self) -> None:
        self._unsubscribe()


class FileKeeper:
    """Where the window's game is saved, and its recovery file."""

    def __init__(self, settings: QSettings, parent: QObject | None = None) -> None:
        self.settings = settings
        self.parent = parent
        self.save_path: Path | None = None
        """The saved game Save writes to (None: Save asks, as Save As)."""
        self.store = RecoveryFile(settings)
        """The recovery file, shared with the editors' autosave."""
        self.autosaver: Autosaver | None = None
        """The open game's autosave (None: no game open)."""
        self._snapshot: GameSnapshot | None = None

    # --- saving -------------------------------------------------------------------------------
    def adopt(self, document: GameDocument) -> None:
        """A document was opened: Save goes back to it only if it is a saved game; its
        autosave starts."""
        path = document.path
        self.save_path = path if is_saved_game(path) else None
        self.stop_autosave()
        self._snapshot = GameSnapshot(document)
        self.autosaver = Autosaver(self.parent, self.store, document, "game", self._snapshot,
                                   GAME_DELAY_MS, lambda: self.save_path)  # fmt: skip
        self.autosaver.start()

    def stop_autosave(self) -> None:
        """The game is no longer the window's document: a write in progress is finished,
        no other follows."""
        if self.autosaver is not None:
            self.autosaver.stop()
            self.autosaver.deleteLater()
            self.autosaver = None
        if self._snapshot is not None:
            self._snapshot.close()
            self._snapshot = None

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

    # --- recovery (the window's one recovery file, :mod:`tabletop.ui.shell.recovery`) ---------
    def recovery_path(self) -> Path:
        return self.store.path

    def autosave_soon(self, document: GameDocument) -> None:
        """After every action: the game as it stands into the recovery file, its changed
        parts taken now, written on the autosave thread (see the module's notes)."""
        autosaver = self.autosaver
        if autosaver is not None and autosaver.document is document:
            autosaver.write_soon()
        else:
            self.autosave(document)

    def wait(self) -> None:
        """Finish an autosave in progress."""
        if self.autosaver is not None:
            self.autosaver.wait()

    def autosave(self, document: GameDocument) -> Path | None:
        """The game as it stands into the recovery file (atomic), now: made whole and
        written before this returns."""
        from tabletop.data import game_text

        self.wait()  # (an autosave in progress lands first, not after this one)
        self.store.remember("game", document.path, self.save_path)  # before the references
        try:
            self.store.write(game_text(document.state, self.store.path)[0])
        except (OSError, ValueError):
            return None
        return self.store.path

    def recovery(self) -> Path | None:
        """A recovery file left by a session that did not close cleanly (or this
        session's, once the autosave in progress has landed)."""
        self.wait()
        return self.store.found()

    def recovered_source(self) -> tuple[Path | None, Path | None]:
        """(the file the recovered document came from, the saved game it belonged to)."""
        origin = self.store.origin()
        return origin.source, origin.save_path

    def discard_recovery(self) -> None:
        if self.autosaver is not None:
            self.autosaver.discard()  # (an autosave being made is dropped)
        else:
            self.store.discard()


def recent_label(path_text: str) -> str:
    """``game.yaml — ~/games/eisenbach``: a recent file with its folder."""
    path = Path(path_text)
    folder = str(path.parent)
    home = str(Path.home())
    if folder == home or folder.startswith(home + os.sep):
        folder = "~" + folder[len(home) :]
    return f"{path.name} \u2014 {folder}"
