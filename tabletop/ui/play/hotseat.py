"""Hot seat: two players at one laptop, each side's hidden information kept from the other.

While the game has information hidden from one side (an unrevealed minefield, rules 1.7),
every time the side whose decision the game waits for changes (the active side, or the
defender asked about opportunity fire, each side in turn declaring for a close-combat
round) the window covers the map and the docks with a hand-over screen naming that side
(``hand-over``: "Pass the laptop to the Warsaw Pact player"); its button
(``hand-over-show``) shows that side's view, its own hidden fields drawn and the enemy's
not. While the screen is up nothing behind it shows any side's secrets (the view is
neutral). A game with no hidden information never shows it.

Play > Hot Seat (``action-hot-seat``, kept in the settings) turns it off. While it is on,
the View menu refuses to show one side's secrets while the other side is at the laptop;
only Adjust mode's "Every Side" shows everything, after a warning, and a notice of it stays
in the game's log.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QMessageBox, QPushButton, QVBoxLayout, QWidget

from tabletop.documents import GameDocument
from tabletop.model import EVERY_SIDE, GameState
from tabletop.ui.shell import settingsread

SETTING = "play/hot_seat"


def hides_something(state: GameState) -> bool:
    """Does the game hide something from one side: an unrevealed minefield of a side?"""
    return any(not m.revealed and m.side is not None for m in state.hex_markers)


class HandOverScreen(QWidget):
    """The cover over the window's map and docks, naming the side to hand over to."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.setObjectName("hand-over")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(
            "#hand-over { background: #1d2733; }"
            " QLabel { color: #f2f2f2; }"
            " QPushButton { font-size: 16px; padding: 10px 24px; }"
        )
        layout = QVBoxLayout(self)
        layout.addStretch(2)
        self.title = QLabel("")
        self.title.setObjectName("hand-over-title")
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        font = self.title.font()
        font.setPointSize(max(font.pointSize() * 2, 20))
        font.setBold(True)
        self.title.setFont(font)
        self.note = QLabel("")
        self.note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.note.setWordWrap(True)
        self.button = QPushButton("")
        self.button.setObjectName("hand-over-show")
        layout.addWidget(self.title)
        layout.addSpacing(12)
        layout.addWidget(self.note)
        layout.addSpacing(24)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch(3)
        self.hide()

    def cover(self) -> None:
        """Over everything of the window but its menu bar."""
        window = self.parentWidget()
        top = window.menuBar().geometry().bottom() + 1 if window.menuBar().isVisible() else 0
        self.setGeometry(0, top, window.width(), window.height() - top)
        self.raise_()


class HotSeat(QObject):
    """The hand-over between the sides at one laptop, for one window."""

    default_on = True
    """Hot seat's setting before the player chose (tests of other things turn it off)."""

    taken_over = Signal(str)
    """The side named by the hand-over screen clicked it: its view is shown."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.document: GameDocument | None = None
        self.holder: str | None = None
        """The side at the laptop (whose view is shown once the screen is clicked)."""
        self.waiting_for: str | None = None
        """The side the hand-over screen names, while it is up."""
        self.suspended = False
        """The computer opponent plays a side: nobody to hand the laptop to."""
        self.screen = HandOverScreen(window)
        self.screen.button.clicked.connect(self.take_over)
        window.installEventFilter(self)
        self.action = QAction("&Hot Seat: Hand Over Between Sides", window)
        self.action.setObjectName("action-hot-seat")
        self.action.setCheckable(True)
        self.action.setToolTip(
            "At one laptop: cover the screen when the other side must act, and never show "
            "one side's hidden minefields to the other"
        )
        self.action.setChecked(settingsread.flag(window.settings, SETTING, self.default_on))
        self.action.toggled.connect(self._toggled)

    # --- state ---------------------------------------------------------------------------
    @property
    def on(self) -> bool:
        return self.action.isChecked()

    def guarding(self) -> bool:
        """Is hot seat on for a game that hides something from a side (and not a game
        against the computer opponent, where the window keeps the player's view)?"""
        doc = self.document
        return self.on and not self.suspended and doc is not None and hides_something(doc.state)

    def showing(self) -> bool:
        return self.screen.isVisible()

    def set_document(self, document: GameDocument | None) -> None:
        self.document = document
        self.holder = None
        self.waiting_for = None
        self.screen.hide()
        self.follow()

    def _toggled(self, on: bool) -> None:
        self.window.settings.setValue(SETTING, on)
        if not on:
            self.screen.hide()
            self.waiting_for = None
        else:
            self.holder = None
            self.window.set_viewer(None, forced=True)
            self.follow()

    def asked_side(self) -> str | None:
        """The side whose decision the game waits for (the play controller's answer: the
        defender while a move is paused for opportunity fire), or the side the close-combat
        chooser takes the declarations of."""
        controller = self.window.play.controller
        if self.document is None or controller.document is not self.document:
            return None
        chooser = self.window.play.cc_dialog
        if chooser is not None and chooser.asking is not None:
            return str(chooser.asking)
        return controller.acting_side()

    # --- following the game ----------------------------------------------------------------
    def follow(self) -> None:
        """After every change: hand over if another side must act now."""
        if not self.guarding() or self.window.review.active:
            return
        side = self.asked_side()
        if side is None:  # nobody's decision (a chit to draw): nobody's secrets
            if self.holder is not None:
                self.holder = None
                self.window.set_viewer(None, forced=True)
            return
        if side == self.holder or side == self.waiting_for:
            return
        self.hand_over(side)

    def hand_over(self, side: str) -> None:
        """Cover the window and name ``side``; the view is neutral until it is clicked."""
        doc = self.document
        assert doc is not None
        name = doc.scenario.sides[side].name if side in doc.scenario.sides else side
        self.waiting_for = side
        self.holder = None
        self.window.set_viewer(None, forced=True)
        self.screen.title.setText(f"Pass the laptop to the {name} player")
        self.screen.note.setText(
            f"The {name} player's hidden minefields are shown once they click below; the "
            "other side's stay hidden. (Play > Hot Seat turns this screen off.)"
        )
        self.screen.button.setText(f"I am the {name} player: show my view")
        self.screen.cover()
        self.screen.show()
        self.screen.button.setFocus()

    def take_over(self) -> None:
        """The named side is at the laptop: its view."""
        side = self.waiting_for
        self.screen.hide()
        self.waiting_for = None
        self.holder = side
        self.window.set_viewer(side, forced=True)
        if side is not None:
            self.taken_over.emit(side)

    # --- the View menu ---------------------------------------------------------------------
    def allows(self, side: str | None) -> bool:
        """May the View menu show ``side``'s secrets now? Asks and logs for every side."""
        if not self.guarding() or side is None or side == self.holder:
            return True
        window = self.window
        if side != EVERY_SIDE:
            holder = self._name(self.holder)
            window.statusBar().showMessage(
                f"Hot seat: {holder} is at the laptop; the other side's hidden minefields stay "
                "hidden (Adjust mode's 'Every Side' shows everything)", 10000
            )  # fmt: skip
            return False
        if not window.adjust.action.isChecked():
            window.statusBar().showMessage(
                "Every side's hidden minefields are shown only in Adjust mode", 10000
            )
            return False
        answer = QMessageBox.warning(
            window, "Show every side's secrets",
            "Show every side's hidden minefields to whoever looks at the screen? Both sides "
            "will read in the game's log that this was done.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )  # fmt: skip
        if answer != QMessageBox.StandardButton.Yes:
            return False
        doc = self.document
        assert doc is not None
        doc.add_notice(
            f"every side's hidden minefields shown on the screen (Adjust mode, turn "
            f"{doc.state.turn}, {self._name(self.holder)} at the laptop)"
        )
        return True

    def _name(self, side: str | None) -> str:
        doc = self.document
        if side is None or doc is None:
            return "nobody"
        found = doc.scenario.sides.get(side)
        return found.name if found is not None else side

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() in (QEvent.Type.Resize, QEvent.Type.Show) \
                and self.showing():  # fmt: skip
            self.screen.cover()
        return False
