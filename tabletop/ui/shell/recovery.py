"""The window's recovery file, for every kind of document: a game, a map, a counters
file, a scenario in the scenario editor.

One file, ``recovery/autosave.yaml`` beside the settings file (tests with their own
settings never touch the user's), holds the open document as it stood after its last
action or edit; the settings remember what kind it is, the file it came from and the saved
game it belonged to. The document's own format (game@1, map@1, counters@1) is written
machine-written (:mod:`tabletop.data.machine`: JSON, one record a line, which every YAML
reader loads), with its references rewritten for the recovery folder, so the file opens
like any other. A save or a clean close removes it; the
next start (or opening the file it came from) offers a copy left by a crash.

Every document kind uses :class:`Autosaver`. The editors': after every completed edit,
once the document has been quiet for :data:`DELAY_MS`, it takes a snapshot on the GUI
thread (a copy of the map's dictionaries, about a millisecond on 200 x 200 hexes), turns it
into text and writes the file on a worker thread. Play's
(:class:`~tabletop.ui.shell.files.FileKeeper`): right after every action, and soon after an
undo or redo, the parts of the game's text the change touched are made again on the GUI
thread and the rest is kept
(:mod:`tabletop.data.gametext`, a millisecond or two on the 200 x 200 game of 11,441 units);
the worker joins, seals and writes them. A big map's text is made in pieces on the GUI
thread instead, at most :data:`SLICE_MS` per turn of the event loop: Python code on a
worker holds the interpreter lock that the GUI thread needs again after every Qt call of a
frame, so a worker serialising for a third of a second froze the window that long; only
the file's writing (which releases the lock) is left to the worker.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, QSettings, QStandardPaths, QTimer

from tabletop.data.atomic import atomic_write, own_file_problem
from tabletop.data.files import refer_as
from tabletop.ui.bridge import bridge_for
from tabletop.ui.shell import heap, settingsread

DELAY_MS = 1500
"""How long the document must be quiet (no stroke in progress) before an autosave."""
SLICE_MS = 4.0
"""GUI-thread time per event-loop turn spent making a recovery text given in pieces."""

KIND_TEXT = {"game": "game", "map": "map", "counters": "counters file", "scenario": "scenario"}


@dataclass(frozen=True)
class Origin:
    """What a recovery file holds: its kind and the files it belongs to."""

    kind: str
    source: Path | None
    """The file the document was opened from (a map, counters file, scenario or game)."""
    save_path: Path | None
    """The saved game a recovered game goes back to (None: Save asks)."""


class RecoveryFile:
    """The one recovery file of a window's settings."""

    def __init__(self, settings: QSettings) -> None:
        self.settings = settings
        self.ours = False
        """Written by this window (so not left by a crash) since it was last removed."""
        self.refused: str | None = None
        """Why the recovery file was last refused (a symbolic link there), or None."""
        self._said: set[str] = set()

    def folder(self) -> Path:
        name = self.settings.fileName()
        if self.settings.format() == QSettings.Format.IniFormat or name.endswith((".conf", ".ini")):
            return Path(name).parent / "recovery"
        loc = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
        return Path(loc) / "recovery"

    @property
    def path(self) -> Path:
        return self.folder() / "autosave.yaml"

    def remember(self, kind: str, source: Path | None, save_path: Path | None = None) -> None:
        """Note what the file holds (on the GUI thread: settings are not thread-safe). A
        value already there is not written again: every write makes the settings file be
        written anew on the GUI thread soon after (an autosave after every action, so
        about 12 ms of every action's on the platoon demo)."""
        self.ours = True
        values = {
            "kind": kind,
            "source": os.path.abspath(source) if source else "",
            "save_path": os.path.abspath(save_path) if save_path else "",
        }
        for key, value in values.items():
            if self.settings.value(f"recovery/{key}") != value:
                self.settings.setValue(f"recovery/{key}", value)
        refer_as(self.path, source)  # its references are those of its file, wherever it is

    def _refuse(self, problem: str) -> None:
        """Note and say (once per reason) why the recovery file is not used."""
        self.refused = f"The recovery file is not used: {problem}"
        if problem not in self._said:
            self._said.add(problem)
            print(f"tabletop: {self.refused}", file=sys.stderr)

    def write(self, text: str) -> Path:
        """``text`` into the recovery file, atomically; OSError if it cannot be written
        (a symbolic link at its place is refused, never written through)."""
        path = self.path
        problem = own_file_problem(path)
        if problem is not None:
            self._refuse(problem)
            raise OSError(problem)
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, text, own_file=True)
        self.refused = None
        return path

    def found(self) -> Path | None:
        """The recovery file, if a session left one (never one reached through a link)."""
        path = self.path
        problem = own_file_problem(path)
        if problem is not None:
            self._refuse(problem)
            return None
        return path if path.is_file() else None

    def origin(self) -> Origin:
        """What the file holds, by the settings (a value that cannot be used is ignored
        and said once); its references are those of the file it came from."""
        kind = settingsread.text(self.settings, "recovery/kind", "game", KIND_TEXT)
        source = settingsread.path(self.settings, "recovery/source")
        saved = settingsread.path(self.settings, "recovery/save_path")
        refer_as(self.path, source)
        return Origin(kind, source, saved)

    def is_stale(self) -> bool:
        """Was the file it belongs to written after it (so it holds nothing newer)?"""
        path = self.found()
        if path is None:
            return True
        origin = self.origin()
        target = origin.save_path if origin.kind == "game" else origin.source
        try:
            return target is not None and target.stat().st_mtime > path.stat().st_mtime
        except (OSError, ValueError):
            return False

    def discard(self) -> None:
        """No recovery file any more (a link at its place is left alone: it is not ours)."""
        self.ours = False
        if own_file_problem(self.path) is not None:
            return
        with contextlib.suppress(OSError):
            os.remove(self.path)


def recovery_question(origin: Origin) -> str:
    """The start-up question for a recovery file left behind."""
    what = "after its last action" if origin.kind == "game" else "after its last edit"
    name = f" ({origin.source.name})" if origin.source else ""
    return (f"Tabletop did not close normally. Open the {KIND_TEXT[origin.kind]}{name} as it "
            f"stood {what}? No discards the unsaved copy.")  # fmt: skip


Job = Callable[[], str] | Iterator[str | Callable[[], str]]
Snapshot = Callable[[Path], Job]
"""Called on the GUI thread with the recovery path: copies what the document holds and
returns either the function, run on the worker thread, that turns the copy into the file's
text (a small document), or that text as pieces, each a short step, which the GUI thread
makes between frames (a big map: see the module's notes); a piece that is a function ends
the pieces and is the worker's (a game making the parts it keeps, then handing them over)."""


_POOL: list[ThreadPoolExecutor] = []


def _worker() -> ThreadPoolExecutor:
    """The one autosave thread (started on first use), shared by every editor."""
    if not _POOL:
        _POOL.append(ThreadPoolExecutor(max_workers=1, thread_name_prefix="autosave"))
    return _POOL[0]


class Autosaver(QObject):
    """An editor's autosave: after every edit, debounced, the document into the window's
    recovery file, written on a worker thread; gone when the document is saved or back to
    its saved state."""

    def __init__(self, parent: QObject | None, recovery: RecoveryFile, document, kind: str,
                 snapshot: Snapshot, delay_ms: int = DELAY_MS,
                 saved_to: Callable[[], Path | None] | None = None) -> None:  # fmt: skip
        super().__init__(parent)
        self.saved_to = saved_to
        """The saved game a recovered game goes back to (a game's autosave), or None."""
        self.recovery = recovery
        self.document = document
        self.kind = kind
        self.snapshot = snapshot
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(delay_ms)
        self.timer.timeout.connect(self.write_soon)
        self._pending: Future[Path | None] | None = None
        self._pieces: Iterator[str | Callable[[], str]] | None = None  # a slice a turn
        self._parts: list[str] = []
        self._slicer = QTimer(self)
        self._slicer.setSingleShot(True)
        self._slicer.setInterval(0)
        self._slicer.timeout.connect(self._next_slice)
        self._unsubscribe: Callable[[], None] | None = None
        self.writes = 0
        """Recovery files written (tests and the benchmark count them)."""

    @property
    def path(self) -> Path:
        return self.recovery.path

    def start(self) -> None:
        if self._unsubscribe is None:
            self._unsubscribe = bridge_for(self.document).subscribe(self._on_event)

    def stop(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self.timer.stop()
        self.wait()

    def _on_event(self, _event: object) -> None:
        """Every change of the document restarts the quiet period; a stroke's moves
        merge into one step, so a stroke is written once, after the mouse is released."""
        if self.document.modified:
            self.timer.start()
        elif self.timer.isActive() or self.busy() or self.recovery.found() is not None:
            self.discard()  # undone back to the saved state: nothing to recover

    def write_soon(self) -> None:
        """Snapshot now, write on the worker (later again if a write is still running)."""
        self.timer.stop()
        if not self.document.modified:
            return
        if self.busy():
            self.timer.start()
            return
        self._remember()  # before the references
        try:
            job = self.snapshot(self.recovery.path)
        except ValueError:  # (nothing it could be written as: a map built in code has no
            return  # file to refer to; as a Save, an autosave cannot write such a game)
        if callable(job):
            self._pending = _worker().submit(self._write, job)
        else:
            self._pieces, self._parts = job, []
            self._next_slice()

    def busy(self) -> bool:
        """A recovery text is being made or written."""
        return self._pieces is not None or (self._pending is not None and not self._pending.done())

    def _next_slice(self) -> None:
        """Make pieces of the text for :data:`SLICE_MS`; the next turn goes on, the last one
        hands the text to the worker."""
        pieces = self._pieces
        if pieces is None:
            return
        end = time.perf_counter() + SLICE_MS / 1000
        try:
            for piece in pieces:
                if callable(piece):
                    self._hand_over(piece)
                    return
                self._parts.append(piece)
                if time.perf_counter() >= end:
                    self._slicer.start()
                    return
        except ValueError:  # (the document cannot be written: see write_soon)
            self._pieces, self._parts = None, []
            return
        self._hand_over()

    def _hand_over(self, job: Callable[[], str] | None = None) -> None:
        text = "".join(self._parts)
        self._pieces, self._parts = None, []
        self._pending = _worker().submit(self._write, job if job is not None else lambda: text)

    def _remember(self) -> None:
        saved = self.saved_to() if self.saved_to is not None else None
        self.recovery.remember(self.kind, self.document.path, saved)

    def _finish(
        self, pieces: Iterator[str | Callable[[], str]], parts: list[str]
    ) -> Callable[[], str]:
        """The rest of ``pieces`` made now: the worker's function."""
        for piece in pieces:
            if callable(piece):
                return piece
            parts.append(piece)
        text = "".join(parts)
        return lambda: text

    def _write(self, job: Callable[[], str]) -> Path | None:
        try:
            path = self.recovery.write(job())
        except (OSError, ValueError):
            return None
        self.writes += 1
        heap.give_back()  # (the text and the action's transient work are freed by now)
        return path

    def wait(self) -> Path | None:
        """Finish a write in progress (the rest of its text made now); its path, or None."""
        if self._pieces is not None:
            self._slicer.stop()
            self._hand_over(self._finish(self._pieces, self._parts))
        pending, self._pending = self._pending, None
        return pending.result() if pending is not None else None

    def write(self) -> Path | None:
        """Write now (and wait): the recovery file's path, or None when nothing is unsaved."""
        self.timer.stop()
        self.wait()
        if not self.document.modified:
            return None
        self._remember()
        job = self.snapshot(self.recovery.path)
        return self._write(job if callable(job) else self._finish(job, []))

    def discard(self) -> None:
        """The document was saved or closed cleanly: no recovery file (a text being made
        is dropped)."""
        self.timer.stop()
        self._slicer.stop()
        self._pieces, self._parts = None, []
        self.wait()
        self.recovery.discard()
