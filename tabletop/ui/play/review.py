"""Review mode: step back and forth through the log and see the map as it stood after each
action, read-only (``action-review``, Ctrl+R), to replay a turn or go over an opponent's
play-by-email moves.

The positions come from the game's one replay of its log from the scenario (each entry
with its own dice; :class:`tabletop.documents.replay.Replay`, which the log dock's rows use
too), kept as each action's changes, and are shown in a scene of their own: the live
document, its scene and its history are never touched. Entering does not wait for that
replay (the rules' time of the whole log, 14 s on a big game): it shows the game as it
stands at once and goes on replaying :data:`~tabletop.ui.play.logdock.SLICE_S` at a time between
events while reviewing; a position not replayed yet is shown once it is, the review bar's
progress bar saying how far the replay is. A short log is replayed before the review shows
(:data:`~tabletop.ui.play.logdock.FIRST_S`). While reviewing, play, undo, redo, adjust mode and
the line-of-sight tool are off; the map pans and zooms as ever. The review bar under the log
steps (or Left/Right, Home/End in the map), a click on a log row jumps to the position after
that action, and *Return to Play* (or Esc) goes back to the game as it stands.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from tabletop.documents import GameDocument
from tabletop.documents.replay import Replay, adopt
from tabletop.model import GameState
from tabletop.ui.play import logdock
from tabletop.ui.scene.scene import MapScene
from tabletop.ui.tools.base import Tool, ToolEvent


class ReviewTool(Tool):
    """Read-only: clicks do nothing, a drag pans, the arrow keys step."""

    name = "review"
    cursor = Qt.CursorShape.OpenHandCursor
    hint = "Review: Left/Right step through the log, Home/End jump, Esc returns to play."

    def __init__(self, review: ReviewMode) -> None:
        super().__init__()
        self.review = review

    def click(self, event: ToolEvent) -> bool:
        return True

    def key(self, key: int, modifiers: Qt.KeyboardModifier) -> bool:
        steps = {
            Qt.Key.Key_Left: lambda: self.review.step(-1),
            Qt.Key.Key_Right: lambda: self.review.step(1),
            Qt.Key.Key_Home: lambda: self.review.show(0),
            Qt.Key.Key_End: lambda: self.review.show(self.review.last),
            Qt.Key.Key_Escape: lambda: self.review.set_on(False),
        }
        if key in steps:
            steps[Qt.Key(key)]()
            return True
        return False


class ReviewBar(QWidget):
    """``review-bar``: first, back, the position, forward, last, and Return to Play."""

    def __init__(self, review: ReviewMode) -> None:
        super().__init__()
        self.setObjectName("review-bar")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(4, 2, 4, 4)
        outer.setSpacing(2)
        self.label = QLabel("")
        self.label.setObjectName("review-label")
        self.label.setWordWrap(True)
        row = QHBoxLayout()
        row.setSpacing(2)
        self.buttons: dict[str, QToolButton] = {}
        icons = QStyle.StandardPixmap
        for name, icon, tip, slot in (
            ("first", icons.SP_MediaSkipBackward, "The start of the game (Home)",
             lambda: review.show(0)),
            ("back", icons.SP_MediaSeekBackward, "One action back (Left)",
             lambda: review.step(-1)),
            ("forward", icons.SP_MediaSeekForward, "One action on (Right)",
             lambda: review.step(1)),
            ("last", icons.SP_MediaSkipForward, "After the last action (End)",
             lambda: review.show(review.last)),
        ):  # fmt: skip
            button = QToolButton()
            button.setObjectName(f"review-{name}")
            button.setIcon(self.style().standardIcon(icon))
            button.setToolTip(tip)
            button.clicked.connect(slot)
            row.addWidget(button)
            self.buttons[name] = button
        row.addStretch(1)
        self.done = QToolButton()
        self.done.setObjectName("review-done")
        self.done.setText("Return to Play")
        self.done.setToolTip("Back to the game as it stands (Esc)")
        self.done.clicked.connect(lambda: review.set_on(False))
        row.addWidget(self.done)
        self.progress = QProgressBar()
        self.progress.setObjectName("review-progress")
        self.progress.setFormat("Replaying the log: %v of %m actions")
        self.progress.setVisible(False)
        outer.addWidget(self.label)
        outer.addWidget(self.progress)
        outer.addLayout(row)

    def show_progress(self, done: int, total: int, going: bool) -> None:
        """How far the replay of the log is (hidden once it is done)."""
        self.progress.setVisible(going)
        if going:
            self.progress.setRange(0, max(total, 1))
            self.progress.setValue(done)


class ReviewMode(QObject):
    """The review toggle, its bar (in the log dock) and the review scene, for one window. A
    mode over play (:class:`tabletop.ui.host.Mode`): the window turns it on with
    ``enter_mode`` and off with ``leave_mode``; the computer opponent is held meanwhile."""

    name = "review"

    positionChanged = Signal(int)
    """A position is shown (one the replay had not reached is shown once it has)."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.view = window.view
        self.host = None
        """The window while the mode is on (:meth:`activate`)."""
        self.document: GameDocument | None = None
        self.position = 0
        """The position shown, or asked for and waiting for the replay (:attr:`shown`)."""
        self.shown = 0
        """The position the map shows."""
        self.scene: MapScene | None = None
        self._doc: GameDocument | None = None
        self._at: int | None = None
        """The replay's position the review state is at (None: the live game's copy)."""
        self._live_scene = None
        self._previous: Tool | None = None
        self._disabled: list[object] = []
        self._dock_height = 0
        """The log dock's height before reviewing (reviewing gives it more room)."""
        self._timer = QTimer(self)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._go_on_replaying)
        self.tool = ReviewTool(self)
        self.action = QAction("&Review Mode", window)
        self.action.setObjectName("action-review")
        self.action.setShortcut(QKeySequence("Ctrl+R"))
        self.action.setCheckable(True)
        self.action.setToolTip("Step through the log and see the map after each action (Ctrl+R)")
        self.action.toggled.connect(self.set_on)
        self.bar = ReviewBar(self)
        self.bar.setVisible(False)
        self.banner = QLabel(self.view)
        """``review-banner``: over the map's top left corner while reviewing."""
        self.banner.setObjectName("review-banner")
        self.banner.setStyleSheet(
            "QLabel { background: rgba(255, 225, 77, 235); color: #111; padding: 5px 10px;"
            " border: 2px solid #111; border-radius: 4px; font-weight: bold; }"
        )
        self.banner.setVisible(False)
        window.log_dock.body_layout.addWidget(self.bar)
        window.log_dock.rowActivated.connect(self._on_row)

    @property
    def active(self) -> bool:
        return self.scene is not None

    @property
    def replay(self) -> Replay | None:
        """The game's one replay (the log dock's book holds it)."""
        book = self.window.log_dock.book
        return book.replay if book is not None else None

    @property
    def problem(self) -> str | None:
        """Why the log stops replaying (None: it does not, or not found yet)."""
        replay = self.replay
        return replay.problem if replay is not None and self.active else None

    @property
    def last(self) -> int:
        """The last position: after the last action, or the last one that replays."""
        replay = self.replay
        if replay is None or not self.active:
            return 0
        return len(replay.steps) if replay.problem is not None else replay.total

    def replaying(self) -> bool:
        """Is the review waiting for or going on with the replay of the log?"""
        return self._timer.isActive()

    def set_document(self, document: GameDocument | None) -> None:
        if self.active:
            self.set_on(False)
        self.document = document
        self.action.setEnabled(document is not None and bool(document.scenario.sides))

    # --- entering and leaving -----------------------------------------------------------------
    def set_on(self, on: bool) -> None:
        if on == self.active or self.document is None or self.replay is None:
            self.action.setChecked(self.active)
            return
        if on:
            self.window.enter_mode(self)
        else:
            self.window.leave_mode(self)
        self.action.setChecked(self.active)

    def activate(self, host) -> None:
        """On: the review scene in the view, play read-only, the opponent held."""
        assert self.document is not None
        self.host = host
        host.opponent.hold(self.name)
        self._enter(self.document)
        self.action.setChecked(True)

    def deactivate(self) -> None:
        """Off: the live scene back, play as it was, the opponent let go."""
        host, self.host = self.host, None
        if host is None:
            return
        self._leave()
        self.action.setChecked(False)
        host.opponent.hold(self.name, False)

    def _enter(self, document: GameDocument) -> None:
        replay = self.replay
        assert replay is not None
        replay.run_for(logdock.FIRST_S)  # a short log is replayed before the review shows
        self._doc = GameDocument(document.state.snapshot())
        self._at = None
        self.position = self.shown = replay.total
        self.scene = MapScene(self._doc, self.window)
        self.scene.show_labels(self.window.labels_action.isChecked())
        self.scene.show_art(self.window.map_art_action.isChecked())
        self.scene.set_viewer(self.window.viewer)
        self._live_scene = self.view.scene()
        centre = self.view.mapToScene(self.view.viewport().rect().center())
        self.view.setScene(self.scene)
        self.view.centerOn(centre)
        self._previous = self.view.tool
        self.view.set_tool(self.tool)
        self._freeze(True)
        dock = self.window.log_dock
        dock.show()
        dock.raise_()  # the review bar is in it (it may share a tab)
        self._dock_height = dock.height()
        tall = max(self._dock_height, int(self.window.height() * 0.55))
        self.window.resizeDocks([dock], [tall], Qt.Orientation.Vertical)
        self.bar.setVisible(True)
        self.show(self.last)
        if not replay.done():
            self._timer.start()  # the positions before come as the log replays
        self.view.setFocus()

    def _leave(self) -> None:
        """Back to the live scene, unless another document took the view meanwhile. The
        replay stops here (what it did is kept for the next review)."""
        self._timer.stop()
        if self.view.tool is self.tool:
            self.view.set_tool(self._previous)
        self._previous = None
        if self.view.scene() is self.scene:
            centre = self.view.mapToScene(self.view.viewport().rect().center())
            self.view.setScene(self._live_scene)
            self.view.centerOn(centre)
        if self.scene is not None:
            self.scene.deleteLater()
        self.scene = self._doc = self._live_scene = None
        self._at = None
        self.bar.setVisible(False)
        self.banner.setVisible(False)
        dock = self.window.log_dock
        self.window.resizeDocks([dock], [self._dock_height], Qt.Orientation.Vertical)
        self.window.log_dock.list.clearSelection()
        self.window.log_dock.mark_pending(None)
        self._freeze(False)
        self.window.show_message("")

    def _freeze(self, frozen: bool) -> None:
        """Reviewing is read-only: play, undo, redo, adjust and sight lines are off."""
        w = self.window
        if frozen:
            actions = [w.undo_action, w.redo_action, *w.play.all_actions(),
                       *w.sight.actions(), w.adjust.action]  # fmt: skip
            w.sight.los_action.setChecked(False)
            w.adjust.action.setChecked(False)
            panels = [
                w.findChild(QWidget, name)
                for name in ("actions-panel", "odds-panel", "close-combat-dialog")
            ]
            self._disabled = [x for x in [*actions, *panels] if x is not None and x.isEnabled()]
            for item in self._disabled:
                item.setEnabled(False)
            return
        for item in self._disabled:
            item.setEnabled(True)
        self._disabled = []
        w.play.refresh()
        w.refresh_actions()

    # --- stepping ------------------------------------------------------------------------------
    def step(self, delta: int) -> None:
        self.show(self.position + delta)

    def show(self, position: int) -> None:
        """The map as it stood after ``position`` actions (0: the start); a position the
        replay has not reached yet is shown once it has (the bar says how far it is)."""
        if self.scene is None or self._doc is None:
            return
        self.position = max(0, min(self.last, position))
        self._select_row()
        if self._ready(self.position):
            self._show_now(self.position)
        else:
            self._timer.start()
        self._describe()

    def _select_row(self) -> None:
        """The log row of the action the position is after (none at the start)."""
        log = self.window.log_dock.list
        if self.position == 0:
            log.clearSelection()
        else:
            log.setCurrentRow(self.position - 1)

    def _ready(self, position: int) -> bool:
        """Can ``position`` be shown now: the game as it stands, or one replayed?"""
        replay = self.replay
        if replay is None:
            return False
        live = position == replay.total and replay.problem is None
        return live or (replay.position_state() is not None and position <= len(replay.steps))

    def _show_now(self, position: int) -> None:
        replay, doc, scene = self.replay, self._doc, self.scene
        assert replay is not None and doc is not None and scene is not None
        running = replay.position_state()
        if running is not None and position <= running[0]:
            changed: set[str] = set()
            if self._at is None:  # from the live game's copy onto the replay's positions
                changed = adopt(doc.state, running[1])
                self._at = running[0]
            changed |= replay.move(doc.state, self._at, position)
            self._at = position
        else:  # the game as it stands, the replay not there yet
            assert self.document is not None
            changed = set()
            if self._at is not None:  # (the live game does not change while reviewing)
                changed = adopt(doc.state, self.document.state)
                self._at = None
        doc.reindex(changed)
        scene.sync_units(changed)
        scene.marker_item.update()
        self.shown = position
        self.positionChanged.emit(position)

    def _go_on_replaying(self) -> None:
        """One slice of the replay (unless the log dock's is running it), then the position
        asked for once it is there."""
        replay = self.replay
        if replay is None or self.scene is None:
            self._timer.stop()
            return
        if not self.window.log_dock.replaying():
            replay.run_for(logdock.SLICE_S)
        if replay.done():
            self._timer.stop()
            self.position = min(self.position, self.last)  # a log that stops replaying
            self._select_row()  # (the log dock's rows may have been narrated again)
        if self.position != self.shown and self._ready(self.position):
            self._show_now(self.position)
        elif replay.done() and self.position == self.shown:
            self._show_now(self.position)  # (the replay's own, where the game disagrees)
        self._describe()

    def _where(self, position: int) -> str:
        total = self.replay.total if self.replay is not None else 0
        return "the start of the game" if position == 0 else (
            f"after action {position} of {total}"
        )  # fmt: skip

    def _describe(self) -> None:
        replay, doc = self.replay, self._doc
        if replay is None or doc is None:
            return
        state = doc.state
        where = self._where(self.shown)
        text = f"Reviewing {where}: turn {state.turn}, {state.phase.replace('_', ' ')}"
        if self.problem:
            text += f". The log stops replaying after action {self.last}: {self.problem}"
        if self.position != self.shown:
            way = "back" if self.position < self.shown else "on"
            text += (f". Going {way} to action {self.position}: waiting for the replay of the"
                     " log to get there")  # fmt: skip
        self.bar.label.setText(text)
        self.bar.show_progress(len(replay.steps), replay.total, not replay.done())
        dock = self.window.log_dock  # the rows whose positions cannot be shown yet
        dock.mark_pending(None if replay.done() else (len(replay.steps), replay.total - 1))
        self.bar.buttons["first"].setEnabled(self.position > 0)
        self.bar.buttons["back"].setEnabled(self.position > 0)
        self.bar.buttons["forward"].setEnabled(self.position < self.last)
        self.bar.buttons["last"].setEnabled(self.position < self.last)
        status = f"REVIEW (read-only): {where}"
        if not replay.done():
            status += f" \u2014 replaying the log: {len(replay.steps)} of {replay.total} actions"
        self.window.show_message(status)
        self.banner.setText(
            f"REVIEW \u2014 {where} (turn {state.turn}), read-only \u2014 Esc returns to play"
        )
        self.banner.adjustSize()
        self.banner.move(12, 12)
        self.banner.setVisible(True)
        self.banner.raise_()

    def review_state(self) -> GameState | None:
        """The state the map shows while reviewing."""
        return self._doc.state if self._doc is not None else None

    def _on_row(self, index: int) -> None:
        if self.active:
            self.show(index + 1)
