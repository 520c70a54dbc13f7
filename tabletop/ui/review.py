"""Review mode: step back and forth through the log and see the map as it stood after each
action, read-only (``action-review``, Ctrl+R), to replay a turn or go over an opponent's
play-by-email moves.

Entering replays the log from the scenario once (``logbook.positions``, each entry with its
own dice) into snapshots, and shows them in a scene of their own: the live document, its
scene and its history are never touched. While reviewing, play, undo, redo, adjust mode and
the line-of-sight tool are off; the map pans and zooms as ever. The review bar under the log
steps (or Left/Right, Home/End in the map), a click on a log row jumps to the position after
that action, and *Return to Play* (or Esc) goes back to the game as it stands.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QHBoxLayout, QLabel, QStyle, QToolButton, QVBoxLayout, QWidget

from tabletop.documents import GameDocument
from tabletop.documents.logbook import positions
from tabletop.model import GameState
from tabletop.ui.scene import MapScene
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
        outer.addWidget(self.label)
        outer.addLayout(row)


class ReviewMode(QObject):
    """The review toggle, its bar (in the log dock) and the review scene, for one window."""

    positionChanged = Signal(int)

    def __init__(self, window) -> None:  # type: ignore[no-untyped-def]
        super().__init__(window)
        self.window = window
        self.view = window.view
        self.document: GameDocument | None = None
        self.states: list[GameState] = []
        """The start of the game, then the state after each log entry that replayed."""
        self.position = 0
        self.problem: str | None = None
        self.scene: MapScene | None = None
        self._doc: GameDocument | None = None
        self._live_scene = None
        self._previous: Tool | None = None
        self._disabled: list[object] = []
        self._dock_height = 0
        """The log dock's height before reviewing (reviewing gives it more room)."""
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
    def last(self) -> int:
        return len(self.states) - 1

    def set_document(self, document: GameDocument | None) -> None:
        if self.active:
            self.set_on(False)
        self.document = document
        self.action.setEnabled(document is not None and bool(document.scenario.sides))

    # --- entering and leaving -----------------------------------------------------------------
    def set_on(self, on: bool) -> None:
        if on == self.active or self.document is None:
            self.action.setChecked(self.active)
            return
        if on:
            self._enter(self.document)
        else:
            self._leave()
        self.action.setChecked(self.active)

    def _enter(self, document: GameDocument) -> None:
        self.states, self.problem = positions(document)
        self._doc = GameDocument(self.states[-1].snapshot())
        self.scene = MapScene(self._doc, self.window)
        self.scene.show_labels(self.window.labels_action.isChecked())
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
        self.view.setFocus()

    def _leave(self) -> None:
        """Back to the live scene, unless another document took the view meanwhile."""
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
        self.states = []
        self.bar.setVisible(False)
        self.banner.setVisible(False)
        dock = self.window.log_dock
        self.window.resizeDocks([dock], [self._dock_height], Qt.Orientation.Vertical)
        self.window.log_dock.list.clearSelection()
        self._freeze(False)
        self.window.statusBar().clearMessage()

    def _freeze(self, frozen: bool) -> None:
        """Reviewing is read-only: play, undo, redo, adjust and sight lines are off."""
        w = self.window
        if frozen:
            actions = [w.undo_action, w.redo_action, *w.play.all_actions(),
                       *w.sight.actions(), w.adjust.action]  # fmt: skip
            w.sight.los_action.setChecked(False)
            w.adjust.action.setChecked(False)
            panels = [w.findChild(QWidget, name) for name in ("actions-panel", "odds-panel")]
            self._disabled = [x for x in [*actions, *panels] if x is not None and x.isEnabled()]
            for item in self._disabled:
                item.setEnabled(False)  # type: ignore[attr-defined]
            return
        for item in self._disabled:
            item.setEnabled(True)  # type: ignore[attr-defined]
        self._disabled = []
        w.play.refresh()
        w._update_actions()

    # --- stepping ------------------------------------------------------------------------------
    def step(self, delta: int) -> None:
        self.show(self.position + delta)

    def show(self, position: int) -> None:
        """The map as it stood after ``position`` actions (0: the start)."""
        if self.scene is None or self._doc is None:
            return
        position = max(0, min(self.last, position))
        self.position = position
        self._doc.state.restore(self.states[position])
        self._doc.reindex()
        self.scene.refresh_state()
        self._describe()
        log = self.window.log_dock.list
        if position == 0:
            log.clearSelection()
        else:
            log.setCurrentRow(position - 1)
        self.positionChanged.emit(position)

    def _describe(self) -> None:
        state = self.states[self.position]
        total = len(self.document.state.log) if self.document is not None else 0
        where = "the start of the game" if self.position == 0 else (
            f"after action {self.position} of {total}"
        )  # fmt: skip
        text = f"Reviewing {where}: turn {state.turn}, {state.phase.replace('_', ' ')}"
        if self.problem:
            text += f". The log stops replaying after action {self.last}: {self.problem}"
        self.bar.label.setText(text)
        self.bar.buttons["first"].setEnabled(self.position > 0)
        self.bar.buttons["back"].setEnabled(self.position > 0)
        self.bar.buttons["forward"].setEnabled(self.position < self.last)
        self.bar.buttons["last"].setEnabled(self.position < self.last)
        self.window.statusBar().showMessage(f"REVIEW (read-only): {where}")
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
