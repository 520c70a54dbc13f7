"""The log dock: every action of the game in a player's words, one row per log entry.

Rows come from :class:`tabletop.documents.logbook.LogBook` (the wording is
``tabletop.rules.narrate``, the same as ``tabletop act`` prints). Clicking a row picks the
units the action is about (``unitsPicked``); the review bar under the list steps through the
log and shows the map as it stood after each action (:mod:`tabletop.ui.play.review`).

The rows of a game opened from a file need a replay of its log (the rules' time of every
action): the dock shows them at once, plainly where a result is not known yet, and goes on
replaying :data:`SLICE_S` at a time between events (:meth:`LogBook.replay_for`), after at
most :data:`FIRST_S` at first (a short log is narrated before the dock is first painted).
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QIcon, QPalette, QPen, QPixmap, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tabletop.documents import GameDocument
from tabletop.documents.logbook import LogBook, LogRow
from tabletop.hexgrid import Hex
from tabletop.render.palette import side_color_of
from tabletop.rules.narrate import MANUAL
from tabletop.ui.bridge import bridge_for
from tabletop.ui.play.panels import declared
from tabletop.ui.scene.marks import HexMarks

ROW_ROLE = Qt.ItemDataRole.UserRole
"""The row's log index."""
FIRST_S = 0.05
"""How long the dock replays for its rows before showing them."""
SLICE_S = 0.01
"""How long the dock replays for its rows per turn of the event loop after that."""
PENDING_TIP = " (not replayed yet: review mode shows it once the log has replayed that far)"


def _side_icon(color: QColor) -> QIcon:
    pixmap = QPixmap(10, 10)
    pixmap.fill(color)  # a transparent colour leaves the room of an icon, empty
    return QIcon(pixmap)


class LogList(QListWidget):
    """The rows, each keeping the height Qt laid it out at as its size hint.

    Rows wrap and differ in height, so a list without hints lays out every row again
    (a text layout each, through its delegate) whenever a row is added: an action's
    refresh cost grew with the log (16 ms at 100 rows, 58 ms at 1,000). Each new row is
    laid out once (:meth:`measure`) and keeps its size; the rows are laid out again from
    their text only when the list's width changes."""

    def __init__(self) -> None:
        super().__init__()
        self._width = -1
        """The viewport's width the kept heights were measured at (-1: none kept)."""

    def measure(self, items: list[QListWidgetItem]) -> None:
        """Lay ``items`` (new rows) out now and keep their sizes; every row again if the
        width changed since. Nothing is kept while the list is not shown (its width is
        not the one it will be shown at)."""
        if not self.isVisible():
            return
        width = self.viewport().width()
        if width != self._width:
            self.forget_sizes()
            items = [self.item(i) for i in range(self.count())]
            self._width = width
        if not items:
            return
        for item in items:  # (laid out, and the rows not measured yet: the new ones)
            item.setSizeHint(self.visualItemRect(item).size())

    def forget_sizes(self) -> None:
        """The rows laid out from their text again (the width changed)."""
        if self._width < 0:
            return
        self._width = -1
        for i in range(self.count()):
            self.item(i).setData(Qt.ItemDataRole.SizeHintRole, None)

    def resizeEvent(self, event: QResizeEvent) -> None:
        if event.size().width() != event.oldSize().width():
            self.forget_sizes()  # (measured again by the next refresh)
        super().resizeEvent(event)


class LogDock(QDockWidget):
    """``log-dock``: a list (``log-list``) with one row per log entry, newest last."""

    unitsPicked = Signal(object)
    """tuple[str, ...]: the units of the row the player clicked."""
    rowActivated = Signal(int)
    """The log index of a clicked row."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Log", parent)
        self.setObjectName("log-dock")
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self.list = LogList()
        self.list.setObjectName("log-list")
        self.list.setWordWrap(True)
        self.list.setUniformItemSizes(False)
        self.list.setIconSize(QSize(10, 10))
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.list.itemClicked.connect(self._on_clicked)
        layout.addWidget(self.list)
        self.body_layout = layout
        self.setWidget(body)
        self.document: GameDocument | None = None
        self.book: LogBook | None = None
        self._shown: list[LogRow] = []
        self.picked: tuple[str, ...] = ()
        """The units of the last clicked row."""
        self.marks = HexMarks(QPen())
        self.viewer: str | None = None
        """Whose hidden minefields the rows may tell of (rules 1.7); None: nobody's."""
        self._replay = QTimer(self)
        self._replay.setInterval(0)
        self._replay.timeout.connect(self._go_on_replaying)
        self._pending: tuple[int, int] | None = None
        """The rows review mode cannot show the position after yet (first, end)."""

    def set_document(self, document: GameDocument | None, scene=None) -> None:
        """Show ``document``'s log; picked units are outlined in ``scene`` (the map)."""
        self.document = document
        if self.book is not None:
            self.book.unsubscribe()  # (the document it read is not shown any more)
        self.book = (
            LogBook(document, bridge_for(document).subscribe) if document is not None else None
        )
        self._replay.stop()
        if self.book is not None:
            self.book.replay_for(FIRST_S)
        self.list.clear()
        self._shown = []
        self.picked = ()
        self.marks = HexMarks(QPen(QColor("#00b3ff"), 4.0, Qt.PenStyle.DashLine))
        self.marks.setVisible(False)
        if scene is not None:
            scene.addItem(self.marks)
        self.refresh()

    def _go_on_replaying(self) -> None:
        book = self.book
        if book is None or book.replay_for(SLICE_S):
            self._replay.stop()
            self.refresh()

    def replaying(self) -> bool:
        """Are some rows still waiting for the replay of the log?"""
        return self._replay.isActive()

    def picked_hexes(self) -> list[Hex]:
        doc = self.document
        if doc is None:
            return []
        units = [doc.state.units.get(i) for i in self.picked]
        return list(dict.fromkeys(u.hex for u in units if u is not None and u.on_map and u.hex))

    def rows(self) -> list[LogRow]:
        return list(self._shown)

    def set_viewer(self, side: str | None) -> None:
        """Tell of the hidden minefields of ``side`` only (the window's View menu)."""
        if side != self.viewer:
            self.viewer = side
            self.list.clear()
            self._shown = []
            self.refresh()

    def refresh(self) -> None:
        """Show the log as it is now: rows of undone actions go, new ones come at the end."""
        rows = self.book.rows(self.viewer, wait=False) if self.book is not None else []
        if self.book is not None and not self.book.settled():
            self._replay.start()  # the rest of the rows are narrated when it is done
        while self.list.count() > len(self._shown):  # the take-backs after the last row
            self.list.takeItem(self.list.count() - 1)
        keep = 0
        shown = self._shown
        while keep < min(len(rows), len(shown)) and (
            rows[keep].entry is shown[keep].entry and rows[keep].text == shown[keep].text
        ):
            keep += 1
        while self.list.count() > keep:
            self.list.takeItem(self.list.count() - 1)
        added = []
        for row in rows[keep:]:
            added.append(self._item(row))
            self.list.addItem(added[-1])
        self._shown = rows
        trailing = self.book.trailing() if self.book is not None else []
        for text in trailing:
            item = QListWidgetItem(text)
            item.setData(ROW_ROLE, -1)
            item.setToolTip("Taken back: it stays in the log, replay skips it")
            font = item.font()
            font.setItalic(True)
            item.setFont(font)
            self.list.addItem(item)
            added.append(item)
        self.list.measure(added)
        if added:
            self.list.scrollToBottom()

    def mark_pending(self, rows: tuple[int, int] | None) -> None:
        """Grey the rows ``first <= index < end`` (review mode: their positions are not
        replayed yet); None: none."""
        old, self._pending = self._pending, rows
        if old == rows:
            return
        was = set(range(*old)) if old is not None else set()
        now = set(range(*rows)) if rows is not None else set()
        for index in was ^ now:  # (a slice of the replay changes a row or two)
            item = self.list.item(index)
            if item is not None:
                self._mark(item, index)

    def pending(self, index: int) -> bool:
        """Is row ``index`` greyed as not replayed yet (:meth:`mark_pending`)?"""
        return self._pending is not None and self._pending[0] <= index < self._pending[1]

    def _mark(self, item: QListWidgetItem, index: int) -> None:
        palette = self.list.palette()
        text = palette.color(QPalette.ColorRole.Text)
        if self.pending(index):  # half way to the background (opaque: some styles drop alpha)
            base = palette.color(QPalette.ColorRole.Base)
            text = QColor((text.red() + base.red()) // 2, (text.green() + base.green()) // 2,
                          (text.blue() + base.blue()) // 2)  # fmt: skip
        item.setForeground(text)
        tip = item.toolTip().removesuffix(PENDING_TIP)
        item.setToolTip(tip + PENDING_TIP if self.pending(index) else tip)

    def _item(self, row: LogRow) -> QListWidgetItem:
        entry = row.entry
        item = QListWidgetItem(row.text)
        item.setData(ROW_ROLE, row.index)
        doc = self.document
        spec = declared(doc.scenario.ruleset if doc is not None else None).get(entry.action)
        action = spec.label if spec is not None else entry.action.title()
        action = "Manual change" if entry.action == MANUAL else action
        item.setToolTip(f"Turn {entry.turn}, {action}" + self._side_text(row.side))
        doc = self.document
        if doc is not None and row.side in doc.scenario.sides:  # who acted, not who is active
            item.setIcon(_side_icon(side_color_of(doc.scenario.sides, row.side)))
        else:  # no side (a draw, a manual change): the text stays aligned with the rest
            item.setIcon(_side_icon(QColor(0, 0, 0, 0)))
        if entry.action == "adjust":
            font = item.font()
            font.setItalic(True)
            item.setFont(font)
        if self.pending(row.index):
            self._mark(item, row.index)
        return item

    def _side_text(self, side: str | None) -> str:
        doc = self.document
        if doc is None or side is None:
            return ""
        found = doc.scenario.sides.get(side)
        return f", {found.name if found else side}"

    def row_at(self, index: int) -> QListWidgetItem | None:
        return self.list.item(index)

    def _on_clicked(self, item: QListWidgetItem) -> None:
        index = int(item.data(ROW_ROLE))
        if 0 <= index < len(self._shown):
            self.picked = self._shown[index].units
            self.marks.set_hexes(self.picked_hexes())
            self.unitsPicked.emit(self.picked)
            self.rowActivated.emit(index)
