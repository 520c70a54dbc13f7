"""Play > Computer Opponent: the computer plays one side, or both (a game to watch).

``Opponent`` owns the menu item (``action-opponent``), the dialog that chooses the sides
it plays, its level and its pace (``opponent-dialog``), the pause item
(``action-opponent-pause``; Esc pauses too) and the status-bar note that says it is
thinking (``opponent-status``, with a busy bar).

After every change of the game it asks whether one of its sides must act
(``tabletop.bot.my_move``: its side is asked, a paused move's opportunity fire included).
Then it thinks on a worker thread (``QThreadPool``), on a snapshot of the game with a line
of sight engine of its own, so the window keeps painting and answering while it thinks.
Its choice is performed through the play controller like a click, one undo step, with
``by: bot`` and its reason in the log (the log dock shows "Computer: ..."), after the
pace the player chose, so each action (its odds, dice and result in the log and the odds
dock) is seen before the next. A choice made for a game that changed meanwhile (an undo,
a player's action) is dropped and thought again.

While it plays, hot seat has nobody to hand the laptop to: the window keeps the player's
view (the one side it does not play), and the controller leaves the opportunity fire of
its sides to it (``PlayController.deciders``).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QProgressBar,
    QVBoxLayout,
    QWidget,
)

from tabletop import bot
from tabletop.documents import GameDocument
from tabletop.geometry import LosEngine
from tabletop.model import GameState
from tabletop.rules import LineOfSight

LEVEL_NAMES = {
    "random": "Random (any legal action)",
    "greedy": "Greedy (the best action one step ahead)",
    "planner": "Planner (looks at the enemy's replies)",
}
PACES = {"Slow (2 s)": 2.0, "Normal (0.8 s)": 0.8, "Fast (no pause)": 0.0}
"""Seconds between the opponent's actions, so a player sees each one."""
DEFAULT_LEVEL = "greedy"


class OpponentDialog(QDialog):
    """Which sides the computer plays, how well, and how fast."""

    def __init__(
        self,
        sides: dict[str, str],
        chosen: frozenset[str],
        level: str,
        pace: float,
        budget: float,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("opponent-dialog")
        self.setWindowTitle("Computer Opponent")
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("The computer plays:"))
        self.side_boxes: dict[str, QCheckBox] = {}
        for side, name in sides.items():
            box = QCheckBox(name, self)
            box.setObjectName(f"opponent-side-{side}")
            box.setChecked(side in chosen)
            layout.addWidget(box)
            self.side_boxes[side] = box
        note = QLabel("Both sides: a game between two computer players, to watch.")
        note.setWordWrap(True)
        layout.addWidget(note)
        form = QFormLayout()
        self.level = QComboBox(self)
        self.level.setObjectName("opponent-level")
        for key, text in LEVEL_NAMES.items():
            self.level.addItem(text, key)
        self.level.setCurrentIndex(list(LEVEL_NAMES).index(level))
        form.addRow("Level:", self.level)
        self.budget = QDoubleSpinBox(self)
        self.budget.setObjectName("opponent-budget")
        self.budget.setRange(0.1, 60.0)
        self.budget.setSingleStep(0.5)
        self.budget.setSuffix(" s")
        self.budget.setValue(budget)
        self.budget.setToolTip("The planner's thinking time for one action")
        form.addRow("Thinking time:", self.budget)
        self.pace = QComboBox(self)
        self.pace.setObjectName("opponent-pace")
        for text, seconds in PACES.items():
            self.pace.addItem(text, seconds)
        near = min(PACES.values(), key=lambda s: abs(s - pace))
        self.pace.setCurrentIndex(list(PACES.values()).index(near))
        form.addRow("Pace:", self.pace)
        layout.addLayout(form)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def chosen(self) -> frozenset[str]:
        return frozenset(s for s, box in self.side_boxes.items() if box.isChecked())


class _Signals(QObject):
    done = Signal(object, object, object)  # position token, side or None, Decision or None


class _Thinker(QRunnable):
    """One decision on a worker thread, on a snapshot of the game."""

    def __init__(self, opponent: Opponent, token: object, state: GameState) -> None:
        super().__init__()
        self.setAutoDelete(True)
        self.signals = _Signals()
        self.signals.done.connect(opponent._decided)
        self.token, self.state = token, state
        self.sides = sorted(opponent.sides)
        self.level, self.budget, self.seed = opponent.level, opponent.budget, opponent.seed
        self.los_for = opponent.los_for

    def run(self) -> None:
        los = self.los_for(self.state)
        for side in self.sides:
            if bot.my_move(self.state, los, side):
                decision = bot.decide(
                    self.state, los, side, self.level, seed=self.seed, budget=self.budget
                )
                self.signals.done.emit(self.token, side, decision)
                return
        self.signals.done.emit(self.token, None, None)


class Opponent(QObject):
    """The computer opponent of one window (see the module docstring)."""

    acted = Signal(object)
    """The request it just performed."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.document: GameDocument | None = None
        self.sides: frozenset[str] = frozenset()
        self.level = DEFAULT_LEVEL
        self.pace = 0.8
        self.budget = bot.DEFAULT_BUDGET
        self.seed: int | None = None
        self.thinking = False
        self.holds: set[str] = set()
        """The modes that hold it while they are on (adjust, review): it thinks of nothing
        then, and goes on when the last lets go (:meth:`hold`)."""
        self._engines: dict[int, LineOfSight] = {}
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._step)
        self.action = QAction("Computer &Opponent...", window)
        self.action.setObjectName("action-opponent")
        self.action.setToolTip("Let the computer play a side (or both, to watch a game)")
        self.action.triggered.connect(self.choose)
        self.pause_action = QAction("&Pause Computer Opponent", window)
        self.pause_action.setObjectName("action-opponent-pause")
        self.pause_action.setCheckable(True)
        self.pause_action.setEnabled(False)
        self.pause_action.toggled.connect(self._paused)
        self.status = QWidget()
        self.status.setObjectName("opponent-status")
        self.label = QLabel(self.status)
        self.busy = QProgressBar(self.status)
        self.busy.setRange(0, 0)  # busy: thinking takes as long as it takes
        self.busy.setMaximumWidth(80)
        self.busy.setMaximumHeight(14)
        row = QVBoxLayout(self.status)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.label)
        row.addWidget(self.busy)
        self.status.hide()

    # --- the player's choices ----------------------------------------------------------
    @property
    def on(self) -> bool:
        return bool(self.sides)

    def choose(self) -> None:
        """Play > Computer Opponent: the dialog, then play as chosen."""
        doc = self.document
        if doc is None or not doc.scenario.sides:
            return
        names = {s: d.name for s, d in doc.scenario.sides.items()}
        dialog = OpponentDialog(names, self.sides or frozenset(list(names)[-1:]),
                                self.level, self.pace, self.budget, self.window)  # fmt: skip
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        self.configure(dialog.chosen(), str(dialog.level.currentData()),
                       float(dialog.pace.currentData()), dialog.budget.value())  # fmt: skip

    def configure(
        self, sides: frozenset[str], level: str = DEFAULT_LEVEL, pace: float = 0.8,
        budget: float = bot.DEFAULT_BUDGET,
    ) -> None:  # fmt: skip
        """Play ``sides`` (none: stop) at ``level``, ``pace`` seconds between actions."""
        if level not in bot.LEVELS:
            raise ValueError(f"unknown level {level!r}")
        self.sides, self.level, self.pace, self.budget = frozenset(sides), level, pace, budget
        self.window.play.controller.deciders = self.sides
        self.window.hotseat.suspended = self.on
        self.pause_action.setEnabled(self.on)
        if not self.on:
            self.pause_action.setChecked(False)
        doc = self.document
        if doc is not None and self.on:
            humans = [s for s in doc.scenario.sides if s not in self.sides]
            self.window.set_viewer(humans[0] if len(humans) == 1 else None, forced=True)
        self._show_status()
        self.follow()

    def _paused(self, paused: bool) -> None:
        self._show_status()
        if not paused:
            self.follow()

    def pause(self) -> None:
        """Esc: stop after the action it is thinking of (which is not performed)."""
        if self.on:
            self.pause_action.setChecked(True)

    @property
    def paused(self) -> bool:
        return self.pause_action.isChecked()

    def hold(self, mode: str, on: bool = True) -> None:
        """``mode`` (``adjust``, ``review``) is on: no thinking, no action of the computer's
        until it is off (a choice thought of meanwhile is dropped and thought again on the
        table as the mode left it). The player's own pause is another matter: a hold that
        ends never resumes a paused opponent."""
        held = bool(self.holds)
        if on:
            self.holds.add(mode)
        else:
            self.holds.discard(mode)
        if held != bool(self.holds):
            self._show_status()
            if not self.holds:
                self.follow()

    @property
    def held(self) -> bool:
        return bool(self.holds)

    # --- following the game -------------------------------------------------------------
    def set_document(self, document: GameDocument | None) -> None:
        if document is not self.document:
            self.configure(frozenset())  # a new game: the player chooses again
        self.document = document
        self.seed = None

    def _token(self) -> object:
        doc = self.document
        if doc is None:
            return None
        log = doc.state.log
        return (id(doc), len(log), id(log[-1]) if log else None)

    def follow(self, *_args: object) -> None:
        """After every change: think again when one of its sides must act (after the pace,
        when its last action is still being looked at)."""
        if self.on and not self.paused and not self.thinking:
            self._timer.start(int(self.pace * 1000) if self._last_was_mine() else 0)

    def _last_was_mine(self) -> bool:
        doc = self.document
        return doc is not None and bool(doc.state.log) and doc.state.log[-1].by == bot.BY

    def _blocked(self) -> bool:
        doc = self.document
        frozen = bool(self.window.play.controller.frozen)  # (a log being checked)
        return doc is None or doc.state.finished or self.held or frozen

    def _step(self) -> None:
        if not self.on or self.paused or self.thinking or self._blocked():
            return
        assert self.document is not None
        self.thinking = True
        self._show_status()
        self._pool.start(_Thinker(self, self._token(), self.document.state.snapshot()))

    def los_for(self, state: GameState) -> LineOfSight:
        """The worker's own line-of-sight engine for the game's map (never the window's:
        the window asks its own while the opponent thinks)."""
        key = id(state.scenario.map)
        if key not in self._engines:
            self._engines = {key: LosEngine(state.scenario.map, state.scenario.options)}
        return self._engines[key]

    def _decided(self, token: object, side: str | None, decision: bot.Decision | None) -> None:
        self.thinking = False
        self._show_status()
        if token != self._token() or self._blocked():
            self.follow()  # the game changed while it thought: think again
            return
        if side is None or decision is None or self.paused or not self.on:
            return
        request = decision.request
        self.window.play.controller.perform(request, by=bot.BY, why=decision.why)
        self.acted.emit(request)
        name = self._side_name(side)
        self.window.statusBar().showMessage(f"Computer ({name}): {decision.why}", 8000)

    def wait(self, ms: int = 30000) -> bool:
        """Let the thinking in progress finish (closing the window, tests)."""
        return bool(self._pool.waitForDone(ms))

    # --- the status bar -----------------------------------------------------------------
    def _side_name(self, side: str) -> str:
        doc = self.document
        found = doc.scenario.sides.get(side) if doc is not None else None
        return found.name if found is not None else side

    def _show_status(self) -> None:
        if not self.on:
            self.status.hide()
            return
        names = ", ".join(self._side_name(s) for s in sorted(self.sides))
        if self.paused:
            text = f"Computer ({names}) paused"
        elif self.held:
            text = f"Computer ({names}) waits: {', '.join(sorted(self.holds))} mode"
        elif self.thinking:
            text = f"Computer ({names}) is thinking..."
        else:
            text = f"Computer plays {names}"
        self.label.setText(text)
        self.busy.setVisible(self.thinking and not self.paused and not self.held)
        self.status.show()
