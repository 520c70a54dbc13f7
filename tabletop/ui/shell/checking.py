"""The replay check of a saved game opened from a file, off the GUI thread.

A saved game whose seal does not match (a game of another build, or edited by hand) must be
checked by replaying its log from the scenario (:mod:`tabletop.commands.replaycheck`): the
rules' time of every action, 11 s for 500 actions on the 10,000-unit game. The window does
not wait for it: the game is shown at once as the file says, **read-only**
(:attr:`~tabletop.ui.play.play.PlayController.frozen`: no action offered or performed, no
undo or redo, the computer opponent held; the map pans and zooms, units may be looked at,
review mode steps through the log), with a status line and a progress bar in the status
bar. The check itself runs on a Python thread of its own, with its own line-of-sight
engine (the window's stays the GUI thread's); the GUI thread reads how far it is on a
timer, so no Qt object is touched from the thread.

When the check ends, the data layer is told (:meth:`tabletop.data.PendingCheck.finish`):
with no difference the game is sealed (a save writes its seal) and becomes playable; with
one, the player is told which action or unit disagrees (``FILE:LINE:COLUMN``) and the game
stays read-only, unless they choose to play it as it was saved (then it is saved without a
seal, as before). Opening another document or closing the window stops the check (it ends
within one action) and waits for its thread.
"""

from __future__ import annotations

import threading
from pathlib import Path

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QLabel, QMessageBox, QProgressBar

from tabletop.data import PendingCheck
from tabletop.data.gamecheck import Difference
from tabletop.documents import GameDocument

POLL_MS = 50
"""How often the GUI thread reads how far the check is."""
CHECKING = "Read-only: checking {name}'s log against its saved positions\u2026"
DIFFERS = "Read-only: {name} does not agree with its log (Review Mode steps through it)."


class _Run:
    """One check on its thread: how far it is, its verdict, and the flag that stops it."""

    def __init__(self, pending: PendingCheck) -> None:
        self.pending = pending
        self.done = 0
        self.total = len(pending.game.log)
        self.differences: list[Difference] | None = None
        """The verdict (None: not yet, or stopped)."""
        self.error: BaseException | None = None
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, name="log-check", daemon=True)

    def _progress(self, done: int, total: int) -> bool:
        self.done, self.total = done, total
        return not self.stop.is_set()

    def _run(self) -> None:
        from tabletop.commands.replaycheck import Cancelled, replay_differences
        from tabletop.geometry import LosEngine

        game = self.pending.game
        try:
            los = LosEngine(game.scenario.map, game.scenario.options)
            self.differences = list(replay_differences(game, los, self._progress))
            self.done = self.total
        except Cancelled:
            pass
        except Exception as exc:  # the rules stopped: said as a difference, never a crash
            self.error = exc

    @property
    def running(self) -> bool:
        return self.thread.is_alive()


class LogCheck(QObject):
    """The window's check of the game it shows (at most one at a time)."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.document: GameDocument | None = None
        self.run: _Run | None = None
        self.problems: list[str] = []
        """The last check's differences, located (empty: it agreed, or none ran)."""
        self.label = QLabel("")
        self.label.setObjectName("log-check-label")
        self.bar = QProgressBar()
        self.bar.setObjectName("log-check-progress")
        self.bar.setMaximumWidth(160)
        self.bar.setTextVisible(True)
        for widget in (self.label, self.bar):
            widget.setVisible(False)
            window.statusBar().addWidget(widget)
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._poll)

    @property
    def running(self) -> bool:
        """Is a check under way (the game read-only until it ends)?"""
        return self.run is not None

    def start(self, document: GameDocument, pending: PendingCheck) -> None:
        """Check ``pending`` (the game ``document`` shows) on a thread; the game is
        read-only until the check agrees."""
        self.stop()
        self.document = document
        self.problems = []
        self.run = _Run(pending)
        self._freeze(CHECKING.format(name=self._name()))
        self.bar.setRange(0, max(1, self.run.total))
        self.bar.setValue(0)
        self.bar.setFormat("%v of %m actions")
        self.bar.setVisible(True)
        self.run.thread.start()
        self._timer.start()

    def stop(self, wait: bool = True) -> None:
        """Stop the check under way (its thread ends within one action; ``wait``: joined
        here). The game stays read-only: it was never found to agree."""
        run = self.run
        self._timer.stop()
        self.run = None
        if run is not None:
            run.stop.set()
            if wait:
                run.thread.join()
        self.bar.setVisible(False)

    def leave(self) -> None:
        """The window's document is about to change: the check stops, nothing is frozen."""
        self.stop()
        self.document = None
        self.label.setVisible(False)
        self._set_frozen("")

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the check's thread to end (tests, scripts); True once it has ended."""
        run = self.run
        if run is not None:
            run.thread.join(timeout)
            return not run.running
        return True

    # --- on the GUI thread ------------------------------------------------------------------
    def _poll(self) -> None:
        run = self.run
        if run is None:
            self._timer.stop()
            return
        self.bar.setValue(run.done)
        if run.running:
            return
        self._timer.stop()
        self.run = None
        self.bar.setVisible(False)
        differences = run.differences
        if differences is None:  # the rules stopped on something unforeseen
            differences = [((), f"the log cannot be replayed: {run.error!r}")]
        problems = run.pending.finish(differences)
        self.problems = [str(p) for p in problems] or [m for _, m in differences]
        if not differences:
            self.label.setVisible(False)
            self._set_frozen("")
            self.window.statusBar().showMessage(
                f"{self._name()}: its log agrees with its saved positions.", 8000
            )
            return
        self._freeze(DIFFERS.format(name=self._name()))
        if self._ask_play_as_saved(len(differences)):
            self.label.setVisible(False)
            self._set_frozen("")

    def _ask_play_as_saved(self, count: int) -> bool:
        """Tell the player where the game disagrees; True if they play it as saved."""
        box = QMessageBox(self.window)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("Saved game disagrees with its log")
        first = self.problems[0] if self.problems else ""
        box.setText(
            f"{self._name()} does not agree with its log replayed from the scenario "
            f"({count} difference{'s' if count != 1 else ''}): it may have been edited. "
            f"It stays read-only.\n\n{first}"
        )
        box.setDetailedText("\n".join(self.problems))
        box.setStandardButtons(QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Close)
        box.button(QMessageBox.StandardButton.Open).setText("Play As Saved")
        box.button(QMessageBox.StandardButton.Close).setText("Keep Read-Only")
        box.setDefaultButton(QMessageBox.StandardButton.Close)
        return bool(box.exec() == QMessageBox.StandardButton.Open)

    def _name(self) -> str:
        path = self.document.path if self.document is not None else None
        return Path(path).name if path is not None else "the game"

    def _freeze(self, why: str) -> None:
        self.label.setText(why)
        self.label.setVisible(True)
        self._set_frozen(why)

    def _set_frozen(self, why: str) -> None:
        w = self.window
        controller = w.play.controller
        if controller.frozen == why:
            return
        controller.frozen = why
        if controller.document is not None:
            w.adjust.action.setEnabled(not why and bool(controller.document.scenario.sides))
            if why:
                w.adjust.action.setChecked(False)
        w.play.refresh()
        w.refresh_actions()
        if not why:
            w.opponent.follow()
