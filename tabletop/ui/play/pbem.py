"""Play by email in the window: the game's id, what this player saw last, take-backs, and
File > Send Turn.

A game gets its id at its first save or autosave (:mod:`tabletop.data.gamerecord`); this
app remembers, per id, whether it gave the id (the game is its own) and the marks of the
last log it saw (:func:`tabletop.documents.arrival.log_marks`), in its settings (never
beside the game). Opening a known game whose log goes on from that one offers to review
the new actions (``review-offer``); a log that does not is reported first, with the line
where it differs (``history-differs``), and may be looked at in review mode from there. A
game this app did not create records take-backs (Play > Record Take-Backs,
``action-record-take-backs``, is then on and locked); in its own games it is a choice, kept
in the settings for new games and in the file for each game.

File > Send Turn... (``action-send-turn``) saves the game, sealed, as
``SCENARIO-tTURN-SIDE.tabletop.yaml`` and opens its folder to attach it to an email.
"""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QObject, QUrl
from PySide6.QtGui import QAction, QDesktopServices
from PySide6.QtWidgets import QFileDialog, QMessageBox

from tabletop.data.gamerecord import new_id
from tabletop.documents import GameDocument
from tabletop.documents.arrival import Arrival, compare, log_marks
from tabletop.documents.logbook import acting_side
from tabletop.ui.shell import settingsread

RECORD_SETTING = "play/record_take_backs"
"""Whether new games of this player record take-backs."""
SUFFIX = ".tabletop.yaml"
_MARK = re.compile(r"[0-9a-f]{16}")


def _key(game_id: str, what: str) -> str:
    return f"games/{game_id}/{what}"


def slug(text: str) -> str:
    """``Hold the Crossroads`` -> ``hold-the-crossroads``."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "game"


def turn_file_name(document: GameDocument) -> str:
    """``hold-the-crossroads-t3-nato.tabletop.yaml``: the game, its turn and the side that
    sends it (the side of the last action standing; the side to act if none)."""
    state = document.state
    side = state.active_side
    if state.log:
        side = acting_side(state, state.log[-1], None) or side
    name = document.scenario.name or (document.path.stem if document.path else "game")
    return f"{slug(name)}-t{state.turn}-{slug(side or 'referee')}{SUFFIX}"


class PlayByEmail(QObject):
    """One window's memory of games by id, the offers when one comes back, Send Turn."""

    open_folders = True
    """Open the folder Send Turn saved to in the file manager (tests turn it off)."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self.settings = window.settings
        self.document: GameDocument | None = None
        self.arrival: Arrival | None = None
        """How the last game opened stood to the log seen before (None: not a known game)."""
        self.offer: QMessageBox | None = None
        """The review offer or the report of a different history, while it is up."""
        self.opened_folders: list[Path] = []
        self.record_action = QAction("Record &Take-Backs", window)
        self.record_action.setObjectName("action-record-take-backs")
        self.record_action.setCheckable(True)
        self.record_action.setToolTip(
            "Keep every undone action in the log, with its dice, for the other player to see"
        )
        self.record_action.toggled.connect(self._record_toggled)
        self.send_action = QAction("Send &Turn...", window)
        self.send_action.setObjectName("action-send-turn")
        self.send_action.setToolTip(
            "Save the game as GAME-tTURN-SIDE.tabletop.yaml and open its folder, to attach it "
            "to an email"
        )
        self.send_action.triggered.connect(lambda: self.send_turn())

    # --- what this app knows of a game -------------------------------------------------------
    def ours(self, game_id: str) -> bool:
        return settingsread.flag(self.settings, _key(game_id, "ours"), False)

    def seen(self, game_id: str) -> list[str] | None:
        """The marks of the log last seen (None: never seen; a mangled value too)."""
        text = settingsread.text(self.settings, _key(game_id, "seen"), "\x00")
        if text == "\x00":
            return None
        marks = text.split()
        if not all(_MARK.fullmatch(m) for m in marks):
            settingsread.ignored(self.settings, _key(game_id, "seen"), text, "not log marks")
            return None
        return marks

    def remember(self, document: GameDocument) -> None:
        """This player has seen the game's log as it is now."""
        game_id = document.state.record.id
        if game_id is not None:
            self.settings.setValue(_key(game_id, "seen"), " ".join(log_marks(document.state)))

    def own(self, document: GameDocument) -> None:
        """Before the game is first written: its id, given here and remembered as ours."""
        record = document.state.record
        if record.id is None:
            record.id = new_id()
            self.settings.setValue(_key(record.id, "ours"), True)

    def saved(self, document: GameDocument) -> None:
        self.remember(document)

    # --- a document in the window -------------------------------------------------------------
    def set_document(self, document: GameDocument | None) -> None:
        """A new game (no id yet) takes the player's choice of take-backs; a game another
        player created records them, always."""
        self.document = document
        self.arrival = None
        action = self.record_action
        if document is None:
            action.setEnabled(False)
            return
        record = document.state.record
        if record.id is None:
            chosen = settingsread.flag(self.settings, RECORD_SETTING, False)
            record.record_take_backs = chosen
        foreign = record.id is not None and not self.ours(record.id)
        if foreign and not record.record_take_backs:
            record.record_take_backs = True
            document.mark_saved()  # (the file is as it was: only what the next save writes)
        action.blockSignals(True)
        action.setChecked(record.record_take_backs)
        action.blockSignals(False)
        action.setEnabled(not foreign)
        action.setToolTip(
            "On: this game came from another player, so every undone action stays in its log"
            if foreign
            else "Keep every undone action in the log, with its dice, for the other player"
        )

    def _record_toggled(self, on: bool) -> None:
        doc = self.document
        if doc is None:
            return
        doc.set_record_take_backs(on)
        self.settings.setValue(RECORD_SETTING, on)

    # --- a game comes back ---------------------------------------------------------------
    def arrived(self, document: GameDocument) -> Arrival | None:
        """A saved game was opened: compare its log with the one seen last and offer what
        there is to offer; then this log is the one seen."""
        game_id = document.state.record.id
        if game_id is None:
            return None
        seen = self.seen(game_id)
        if seen is None:
            seen = []  # a game never seen: everything in it is new
        arrival = compare(seen, document.state)
        self.arrival = arrival
        self.remember(document)
        if arrival.kind == "differs":
            self._report_difference(document, arrival)
        elif arrival.kind == "extends" and arrival.new_actions:
            self._offer_review(arrival)
        return arrival

    def _box(self, name: str, title: str, text: str) -> QMessageBox:
        if self.offer is not None:
            self.offer.close()
        box = QMessageBox(self.window)
        box.setObjectName(name)
        box.setWindowTitle(title)
        box.setText(text)
        self.offer = box
        box.finished.connect(lambda _r, b=box: self._closed(b))
        return box

    def _closed(self, box: QMessageBox) -> None:
        if self.offer is box:
            self.offer = None

    def _offer_review(self, arrival: Arrival) -> None:
        n = arrival.new_actions
        actions = f"{n} new action{'s' if n != 1 else ''}"
        backs = arrival.new_take_backs
        extra = f", and {backs} take-back{'s' if backs != 1 else ''}," if backs else ""
        box = self._box(
            "review-offer", "New actions in this game",
            f"This game has {actions}{extra} since you last saw it.\n\nReview them in review "
            "mode, every roll shown, from the first one; leave review mode to play on from "
            "where the game stands.",
        )  # fmt: skip
        box.setIcon(QMessageBox.Icon.Question)
        review = box.addButton(f"Review the {actions}", QMessageBox.ButtonRole.AcceptRole)
        review.setObjectName("review-offer-review")
        later = box.addButton("Not Now", QMessageBox.ButtonRole.RejectRole)
        later.setObjectName("review-offer-later")
        box.setDefaultButton(review)
        review.clicked.connect(lambda: self.review_from(arrival.first_new + 1))
        box.open()

    def _report_difference(self, document: GameDocument, arrival: Arrival) -> None:
        box = self._box(
            "history-differs", "This game's history has changed",
            f"This game's history differs from the one you saw at entry {arrival.line}: "
            f"{arrival.said}.\n\nThe log you saw had {arrival.seen} entries; this file's "
            "does not go on from it (an older copy, or a log edited or played again).",
        )  # fmt: skip
        box.setIcon(QMessageBox.Icon.Warning)
        look = box.addButton("Look in Review Mode", QMessageBox.ButtonRole.AcceptRole)
        look.setObjectName("history-differs-review")
        ok = box.addButton("Close", QMessageBox.ButtonRole.RejectRole)
        ok.setObjectName("history-differs-close")
        box.setDefaultButton(look)
        look.clicked.connect(lambda: self.review_from(max(1, arrival.first_new + 1)))
        box.open()

    def review_from(self, position: int) -> None:
        """Review mode at the position after action ``position`` (its rolls shown)."""
        review = self.window.review
        review.set_on(True)
        review.show(position)

    # --- File > Send Turn ---------------------------------------------------------------
    def suggested_turn_path(self, document: GameDocument) -> Path:
        saved = self.window.files.save_path
        base = document.path
        folder = (saved or base).parent if (saved or base) is not None else Path.home()
        return folder / turn_file_name(document)

    def send_turn(self, path: str | Path | None = None) -> Path | None:
        """Save the game (sealed) under the turn's name and open its folder; the path."""
        doc = self.window.document
        if doc is None or self.window.editor is not None or not doc.scenario.sides:
            return None
        if path is None:
            suggested = str(self.suggested_turn_path(doc))
            chosen, _ = QFileDialog.getSaveFileName(
                self.window, "Send Turn: save the game to attach to an email", suggested,
                "Tabletop games (*.tabletop.yaml *.yaml)",
            )  # fmt: skip
            if not chosen:
                return None
            path = chosen
        target = Path(path)
        if not self.window.save_as(target):
            return None
        self.window.statusBar().showMessage(
            f"Saved {target.name}: attach it to your email to the other player", 10000
        )
        self.open_folder(target.parent)
        return target

    def open_folder(self, folder: Path) -> None:
        self.opened_folders.append(folder)
        if self.open_folders:
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))
