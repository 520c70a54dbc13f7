"""The odds panel: what the aimed attack may do, as a small bar chart with its dice pools
and modifiers, the choice of target and rating, and the dice of the last roll.

The numbers come from ``tabletop.rules.forecast`` (the same convolution as ``tabletop
odds``); the dice tray shows the faces the action really rolled (``PlayAction.faces``),
tumbling for a moment and then kept in view until the next roll. It follows the history:
after an undo it shows the rolls of the newest action still played that rolled any (none:
no dice), as if the undone action had never been played; a redo shows its rolls again.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from PySide6.QtCore import QPointF, QRect, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFrame,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from tabletop.commands import History, PlayAction
from tabletop.documents import ChangeEvent, GameDocument, HistoryChanged
from tabletop.model import LogEntry, Scenario
from tabletop.rules import ActionRequest, ActionResult, Roll
from tabletop.rules.forecast import Forecast
from tabletop.rules.narrate import narrate
from tabletop.ui.bridge import bridge_for

BAR_COLOURS = ["#8a9199", "#e0a526", "#e0662b", "#c0282d", "#7a1420", "#4a0c14"]
TUMBLE_MS = 600
TUMBLE_STEP_MS = 60


class OddsChart(QWidget):
    """Horizontal bars, one per outcome, with the probability as a percentage; for an
    attack on several units, one titled group of bars per unit."""

    ROW = 22
    TITLE = 20

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sections: list[tuple[str, tuple[tuple[str, float], ...]]] = []
        self.setMinimumHeight(20)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    @property
    def outcomes(self) -> tuple[tuple[str, float], ...]:
        """Every bar shown, in order (of every unit's group)."""
        return tuple(o for _, outcomes in self.sections for o in outcomes)

    def set_outcomes(self, outcomes: tuple[tuple[str, float], ...]) -> None:
        self.set_sections([("", outcomes)])

    def set_sections(self, sections: list[tuple[str, tuple[tuple[str, float], ...]]]) -> None:
        self.sections = list(sections)
        height = sum((self.TITLE if title else 0) + self.ROW * len(o) for title, o in sections)
        self.setFixedHeight(max(20, height + 4))
        self.update()

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        y = 2
        for title, outcomes in self.sections:
            if title:
                bold = QFont(self.font())
                bold.setBold(True)
                painter.setFont(bold)
                painter.setPen(self.palette().text().color())
                painter.drawText(QRectF(0, y, self.width(), self.TITLE - 2),
                                 Qt.AlignmentFlag.AlignVCenter, title)  # fmt: skip
                painter.setFont(self.font())
                y += self.TITLE
            for k, (name, p) in enumerate(outcomes):
                self._bar(painter, y, k, name, p)
                y += self.ROW

    def _bar(self, painter: QPainter, y: float, k: int, name: str, p: float) -> None:
        label_w = 82
        pct_w = 52
        width = max(10, self.width() - label_w - pct_w - 8)
        painter.setPen(self.palette().text().color())
        painter.drawText(QRectF(0, y, label_w, 20), Qt.AlignmentFlag.AlignVCenter, name)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(128, 128, 128, 50))
        painter.drawRoundedRect(QRectF(label_w, y + 3, width, 14), 3, 3)
        painter.setBrush(QColor(BAR_COLOURS[min(k, len(BAR_COLOURS) - 1)]))
        painter.drawRoundedRect(QRectF(label_w, y + 3, max(1.5, width * p), 14), 3, 3)
        painter.setPen(self.palette().text().color())
        painter.drawText(QRectF(label_w + width + 4, y, pct_w, 20),
                         Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
                         f"{p * 100:.1f}%")  # fmt: skip


ROLL_WORDS = {
    "to_hit": "to hit", "save": "saves", "morale": "morale test", "tank_fear": "tank-fear test",
    "morale_retest": "morale re-test", "close_combat": "close combat",
}  # fmt: skip
"""A roll's purpose as a player says it (others: the purpose's own words)."""
NO_DICE = "No dice rolled yet"


def _count(n: int, word: str) -> str:
    return f"{'no' if n == 0 else n} {word}{'' if n == 1 else 's'}"


def _outcome(roll: Roll) -> str:
    n = roll.successes
    if roll.purpose in ("to_hit", "assault", "close_combat"):
        return _count(n, "hit")
    if roll.purpose == "save":
        return _count(n, "save")
    if roll.purpose in ("morale", "tank_fear", "morale_retest"):
        return "passed" if n else "failed"
    if roll.purpose in ("armor", "defense"):
        return f"{n} cancelled"
    if roll.purpose == "medic":
        return f"{n} saved"
    if roll.need == "even":
        return "even" if n else "odd"
    return _count(n, "success")


def _need(need: str) -> str:
    """``3+`` -> ``on 3+``, ``<= 7`` -> ``7 or less``, ``{5,6}`` -> ``on 5 or 6``."""
    text = need.strip()
    if text.startswith("<="):
        return f"{text[2:].strip()} or less"
    if text.startswith("{") and text.endswith("}"):
        faces = [f.strip() for f in text[1:-1].split(",") if f.strip()]
        return "on " + (
            ", ".join(faces[:-1]) + " or " + faces[-1] if len(faces) > 1 else "".join(faces)
        )
    if text == "even":
        return "even or odd"
    return f"on {text}"


def roll_label(scenario: Scenario, roll: Roll) -> str:
    """One roll of the tray in a player's words: ``Leopard 2 leo-1 to hit on 4+: 2 hits``,
    ``T-72 t72-1 morale test, 7 or less: passed``, ``Drawing a chit from the cup: drawn``."""
    if roll.by == "cup" and roll.purpose == "draw":
        return "Drawing a chit from the cup: " + (
            "drawn" if roll.successes else "no chit, rolled again"
        )
    unit = next((u for u in scenario.units if u.id == roll.by), None)
    if unit is None:
        unit = next((r.unit for r in scenario.reinforcements if r.unit.id == roll.by), None)
    unit_type = scenario.unit_types.get(unit.type_id) if unit is not None else None
    who = f"{unit_type.name} {roll.by}" if unit_type is not None else roll.by
    what = ROLL_WORDS.get(roll.purpose, roll.purpose.replace("_", " "))
    need = _need(roll.need)
    sep = " " if need.startswith("on ") else ", "
    return f"{who} {what}{sep}{need}: {_outcome(roll)}"


def last_rolled(history: History) -> PlayAction | None:
    """The newest action still played (not undone) that rolled dice."""
    done = history.commands()[: len(history)]
    for command in reversed(done):
        if isinstance(command, PlayAction) and command.result is not None and command.result.rolls:
            return command
    return None


class DiceTray(QWidget):
    """The rolls of the last action, one row each (who rolled, for what, the faces): they
    tumble for a moment, then show the real faces and stay until the next action."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rolls: list[tuple[str, list[int]]] = []
        self.shown: list[list[int]] = []
        self.caption = NO_DICE
        self.command: PlayAction | None = None
        """The action whose rolls are shown (None: none)."""
        self.document: GameDocument | None = None
        self.narrator: Callable[[LogEntry, ActionResult], str] | None = None
        """How an action is told in the caption: the window's (the log dock's narration,
        made once per action); None: :func:`~tabletop.rules.narrate.narrate`."""
        self._unsubscribe: Callable[[], None] | None = None
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._tumble)
        self._left = 0
        self._rng = random.Random()
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self._tumble()

    @property
    def rolling(self) -> bool:
        return self._timer.isActive()

    @property
    def faces(self) -> list[int]:
        return [f for _, faces in self.rolls for f in faces]

    def show_rolls(self, caption: str, rolls: list[tuple[str, list[int]]], *,
                   tumble: bool = True) -> None:  # fmt: skip
        self.caption = caption
        self.rolls = [(text, list(faces)) for text, faces in rolls]
        self._left = TUMBLE_MS // TUMBLE_STEP_MS if tumble else 0
        if self.faces and tumble:
            self._timer.start(TUMBLE_STEP_MS)
        self._tumble()

    def show_action(self, command: PlayAction | None, *, tumble: bool = True) -> None:
        """The rolls of ``command`` (a played action of the followed document), each row
        labelled in a player's words under the action's log line; None: no dice. The
        command shown already (the history's change showed it, the window then asks it
        to tumble) keeps its words: they are not narrated twice."""
        doc = self.document
        result = command.result if command is not None else None
        if doc is None or command is None or result is None or not result.rolls:
            self.command = None
            self.show_rolls(NO_DICE, [], tumble=False)
            return
        if command is self.command and self.rolls:
            self.show_rolls(self.caption, self.rolls, tumble=tumble)
            return
        self.command = command
        scenario = doc.scenario
        if command.entry is None:
            caption = command.text
        elif self.narrator is not None:
            caption = self.narrator(command.entry, result)
        else:
            caption = narrate(scenario, command.entry, result)
        rolls = [(roll_label(scenario, r), r.dice) for r in result.rolls]
        self.show_rolls(caption, rolls, tumble=tumble)

    def follow(self, document: GameDocument | None) -> None:
        """Show the rolls of ``document``'s newest played action that rolled, now and after
        every undo and redo (:func:`last_rolled`); None: follow nothing."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self.document = document
        if document is not None:
            self._unsubscribe = bridge_for(document).subscribe(self._on_change)
        self.show_action(last_rolled(document.history) if document is not None else None,
                         tumble=False)  # fmt: skip

    def _on_change(self, event: ChangeEvent) -> None:
        if isinstance(event, HistoryChanged) and self.document is not None:
            latest = last_rolled(self.document.history)
            if latest is not self.command:  # an undo or redo (a new roll tumbles by itself)
                self.show_action(latest, tumble=False)

    def _tumble(self) -> None:
        if self._left <= 0 or not self.faces:
            self._timer.stop()
            self.shown = [list(faces) for _, faces in self.rolls]
        else:
            self._left -= 1
            self.shown = [[self._rng.randint(1, 6) for _ in faces] for _, faces in self.rolls]
        self._fit()
        self.update()

    def _fit(self) -> None:
        rows = sum(18 + 28 * max(1, (len(f) + 7) // 8) for f in self.shown)
        height = self._caption_height() + 4 + rows
        if height != self.height():
            self.setFixedHeight(height)

    def _caption_height(self) -> int:
        flags = int(Qt.AlignmentFlag.AlignLeft) | int(Qt.TextFlag.TextWordWrap)
        box = self.fontMetrics().boundingRect(QRect(0, 0, max(60, self.width()), 2000), flags,
                                              self.caption)  # fmt: skip
        return box.height()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit()

    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        text = self.palette().text().color()
        painter.setPen(text)
        top = self._caption_height()
        painter.drawText(QRectF(0, 0, self.width(), top),
                         Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap,
                         self.caption)  # fmt: skip
        y = top + 4.0
        for (label, _), faces in zip(self.rolls, self.shown, strict=True):
            painter.setPen(text)
            painter.drawText(QRectF(0, y, self.width(), 16), Qt.AlignmentFlag.AlignLeft, label)
            y += 18
            for k, face in enumerate(faces):
                x = (k % 8) * 28
                paint_die(painter, QRectF(x, y + (k // 8) * 28, 24, 24), face,
                          settled=not self.rolling)  # fmt: skip
            y += 28 * max(1, (len(faces) + 7) // 8)


PIPS = {
    1: [(0.5, 0.5)], 2: [(0.25, 0.25), (0.75, 0.75)], 3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.22), (0.75, 0.22), (0.25, 0.5), (0.75, 0.5), (0.25, 0.78), (0.75, 0.78)],
}  # fmt: skip


def paint_die(painter: QPainter, rect: QRectF, face: int, *, settled: bool) -> None:
    painter.setPen(QPen(QColor("#333"), 1.2))
    painter.setBrush(QColor("#fbfaf5") if settled else QColor("#e8e4d8"))
    painter.drawRoundedRect(rect, 4, 4)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#b3121b") if face == 6 and settled else QColor("#222"))
    r = rect.width() * 0.09
    for fx, fy in PIPS.get(face, []):
        c = QPointF(rect.x() + rect.width() * fx, rect.y() + rect.height() * fy)
        painter.drawEllipse(c, r, r)


class OddsPanel(QDockWidget):
    """``odds-panel``: the attack aimed at, its odds, and the dice of the last roll.

    ``chosen(request)`` when the player picks another target or rating in the list;
    ``confirmed()`` when the Fire button is pressed; ``swToggled(bool)``; ``swChosen()``
    when the player picks another target or rating for the support weapon."""

    chosen = Signal(object)
    confirmed = Signal()
    swToggled = Signal(bool)
    swChosen = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Odds", parent)
        self.setObjectName("odds-panel")
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(8, 6, 8, 6)
        self.title = QLabel("Hover a target to see the odds.")
        self.title.setObjectName("odds-title")
        self.title.setWordWrap(True)
        bold = QFont(self.title.font())
        bold.setBold(True)
        self.title.setFont(bold)
        self.combo = QComboBox()
        self.combo.setObjectName("odds-choice")
        self.combo.currentIndexChanged.connect(self._on_index)
        self.sw = QCheckBox("Support weapon fires too")
        self.sw.setObjectName("odds-sw")
        self.sw.toggled.connect(self._on_sw_toggled)
        self.sw_combo = QComboBox()
        self.sw_combo.setObjectName("odds-sw-choice")
        self.sw_combo.setToolTip("What the support weapon fires at, with which rating")
        self.sw_combo.currentIndexChanged.connect(lambda _i: self.swChosen.emit())
        self.sw_requests: list[ActionRequest] = []
        self.chart = OddsChart()
        self.chart.setObjectName("odds-chart")
        self.details = QLabel("")
        self.details.setObjectName("odds-details")
        self.details.setWordWrap(True)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.fire = QPushButton("Fire")
        self.fire.setObjectName("odds-fire")
        self.fire.clicked.connect(self.confirmed.emit)
        self.dice = DiceTray()
        self.dice.setObjectName("dice-tray")
        for w in (self.title, self.combo, self.sw, self.sw_combo, self.chart, self.details,
                  self.fire):  # fmt: skip
            layout.addWidget(w)
        layout.addSpacing(6)
        layout.addWidget(self.dice)
        layout.addStretch(1)
        scroll = QScrollArea()  # several units' bars may be taller than the dock
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(body)
        self.setWidget(scroll)
        self.requests: list[ActionRequest] = []
        self.forecast: Forecast | None = None
        self.clear()

    def clear(self, text: str = "Hover a target to see the odds.") -> None:
        self.title.setText(text)
        self.requests = []
        self.forecast = None
        self.combo.blockSignals(True)
        self.combo.clear()
        self.combo.blockSignals(False)
        for w in (self.combo, self.sw, self.sw_combo, self.fire, self.chart):
            w.hide()
        self.details.setText("")

    def show_sw_choices(self, requests: list[ActionRequest], labels: list[str]) -> None:
        """The support weapon's targets and ratings for the aimed attack (the request with
        each ``sw_target``/``sw_weapon``); the box shows while *Support weapon fires too*
        is ticked. The choice is kept when the same choices come again."""
        self.sw.setVisible(bool(requests))
        if requests != self.sw_requests:
            kept = self.sw_request()
            self.sw_requests = list(requests)
            self.sw_combo.blockSignals(True)
            self.sw_combo.clear()
            self.sw_combo.addItems(labels)
            if kept in requests:
                self.sw_combo.setCurrentIndex(requests.index(kept))
            self.sw_combo.blockSignals(False)
        self.sw_combo.setVisible(self.sw.isChecked() and bool(requests))

    def sw_request(self) -> ActionRequest | None:
        """The support weapon's attack chosen in the box (None when there is none)."""
        k = self.sw_combo.currentIndex()
        return self.sw_requests[k] if 0 <= k < len(self.sw_requests) else None

    def _on_sw_toggled(self, on: bool) -> None:
        self.sw_combo.setVisible(on and bool(self.sw_requests))
        self.swToggled.emit(on)

    def show_choices(self, requests: list[ActionRequest], labels: list[str], *,
                     aimed: bool, sw_possible: bool) -> None:  # fmt: skip
        """The requests aimed at one hex (target x rating), the first selected."""
        self.requests = list(requests)
        self.combo.blockSignals(True)
        self.combo.clear()
        self.combo.addItems(labels)
        self.combo.blockSignals(False)
        self.combo.setVisible(len(requests) > 1)
        self.sw.setVisible(sw_possible)
        self.fire.setVisible(aimed)

    def show_forecast(self, title: str, forecast: Forecast) -> None:
        self.forecast = forecast
        self.title.setText(title)
        if forecast.reasons:
            self.chart.hide()
            self.details.setText("\n".join(forecast.reasons))
            return
        if forecast.units:
            self.chart.set_sections([(u.unit + (f" ({u.note})" if u.note else ""), u.outcomes)
                                     for u in forecast.units])  # fmt: skip
        else:
            self.chart.set_outcomes(forecast.outcomes)
        self.chart.show()
        lines = list(forecast.pools) + [f"\u2022 {m}" for m in forecast.modifiers]
        if forecast.untouched is not None:
            lines[:0] = [f"No unit touched: {forecast.untouched * 100:.1f}%", ""]
        self.details.setText("\n".join(lines))

    def _on_index(self, index: int) -> None:
        if 0 <= index < len(self.requests):
            self.chosen.emit(self.requests[index])
