"""Victory in the window (rules-spec 6): the VP on the turn bar, the objective hexes on the
map in their controller's colour, and the result dialog at the end of the game.

Everything here only displays what ``tabletop.rules.victory`` counts, the same count
``tabletop show`` prints.

Object names: ``turn-bar-vp`` (the turn bar's VP label), ``result-dialog`` with
``result-text``, ``result-why``, ``result-vp``, ``result-review`` (Review the Game: review
mode from the game's last action) and ``result-close``.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGraphicsItem,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tabletop.hexgrid import Hex
from tabletop.render.palette import side_color_of
from tabletop.rules.victory import Standing, controls, objectives, standing

Z_OBJECTIVES = 3.5
"""Over the terrain and hex markers, under the counters and the play overlay."""
NOBODY = QColor("#9a9a9a")
WHY = {
    "turns": "The last turn is over.",
    "annihilation": "A side has no units left on the map.",
    "sudden_death": "A side reached its sudden-death total.",
}


def _name(scenario, side: str | None) -> str:
    if side is None:
        return "nobody"
    found = scenario.sides.get(side)
    return found.name if found is not None else side


def verdict(scenario, s: Standing) -> str:
    return f"{_name(scenario, s.winner)} wins" if s.winner else "A draw"


def vp_html(document, s: Standing | None = None) -> str:
    """``VP  NATO 9 · Warsaw Pact 0`` each side in its colour; at the end, the result first
    (``s``: the standing, when the caller has it already)."""
    if document is None or not document.scenario.sides:
        return ""
    scenario = document.scenario
    s = standing(document.state) if s is None else s
    parts = []
    for side, vp in s.vp.items():
        colour = side_color_of(scenario.sides, side).name()
        parts.append(f"<span style='color:{colour}'>\u25a0</span> {escape(_name(scenario, side))}"
                     f" <b>{vp}</b>")  # fmt: skip
    text = "VP&nbsp;&nbsp;" + " &nbsp;\u00b7&nbsp; ".join(parts)
    if s.over:
        text = f"<b>{escape(verdict(scenario, s))}</b> &nbsp; " + text
    return text


def vp_tip(document, s: Standing | None = None) -> str:
    """Each objective, its VP and who controls it; the loss VP rule."""
    if document is None or not document.scenario.sides:
        return ""
    scenario = document.scenario
    s = standing(document.state) if s is None else s
    lines = [
        f"{o.label} ({o.vp} VP): {_name(scenario, s.controls.get(o.label))}"
        for o in objectives(scenario)
    ]
    head = "Victory points: objectives held plus the enemy's losses (docs: rules, Victory)"
    return "\n".join([head, *lines]) if lines else head + "\nNo objective hexes: losses only."


class ObjectiveMarks(QGraphicsItem):
    """Every objective hex: a ring and a small flag in its controller's colour (grey for
    nobody), with its VP on the flag. Displays only; ``refresh`` after each action.

    Each mark is its own small item (:class:`ObjectiveMark`), cached at the view's
    resolution: a frame blits it instead of stroking its rings again (two antialiased
    wide ellipses a mark, about a third of a millisecond, in every frame that showed
    it), and a mark that changes hands repaints only its own hex."""

    def __init__(self, scene) -> None:
        super().__init__()
        self.map_scene = scene
        self.setZValue(Z_OBJECTIVES)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)
        self.marks: dict[Hex, tuple[QColor, int]] = {}
        self.items: dict[Hex, ObjectiveMark] = {}
        """Each objective's mark item."""
        self.refresh()

    def boundingRect(self) -> QRectF:
        return QRectF()  # (no contents: its marks draw themselves)

    def refresh(self) -> None:
        doc = self.map_scene.document
        scenario = doc.scenario
        marks: dict[Hex, tuple[QColor, int]] = {}
        if scenario.sides and scenario.victory.get("hexes"):
            held = controls(doc.state)  # (no loss count: only who holds what)
            for o in objectives(scenario):
                side = held.get(o.label)
                colour = NOBODY if side is None else side_color_of(scenario.sides, side)
                marks[o.hex] = (colour, o.vp)
        if marks == self.marks:
            return
        self.marks = marks
        for h in [h for h in self.items if h not in marks]:
            item = self.items.pop(h)
            item.setParentItem(None)
            if item.scene() is not None:
                item.scene().removeItem(item)
        for h, (colour, vp) in marks.items():
            item = self.items.get(h)
            if item is None:
                item = self.items[h] = ObjectiveMark(self.map_scene, h, self)
            item.show_look(colour, vp)

    def colour_at(self, h: Hex) -> QColor | None:
        """The colour the mark of ``h`` is drawn in (None: not an objective)."""
        mark = self.marks.get(h)
        return None if mark is None else mark[0]

    def paint(self, painter: QPainter, option, widget=None) -> None:
        pass  # (ItemHasNoContents: never called)


class ObjectiveMark(QGraphicsItem):
    """One objective's ring and flag, bounded by them and cached at the view's resolution
    (see :class:`ObjectiveMarks`)."""

    def __init__(self, scene, h: Hex, parent: QGraphicsItem) -> None:
        super().__init__(parent)
        self.map_scene = scene
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.colour = NOBODY
        self.vp = 0
        self.painted = 0
        """Times the mark was painted (not blitted from its cache): for tests."""
        size = scene.map_painter.size
        c = scene.hex_center(h)
        self.centre = c
        # the ring (0.78 and half its outline's width) and the flag up to the left
        self._bounds = QRectF(c.x() - 1.2 * size, c.y() - 1.05 * size, 2.1 * size, 1.95 * size)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def show_look(self, colour: QColor, vp: int) -> None:
        if colour != self.colour or vp != self.vp:
            self.colour, self.vp = colour, vp
            self.update()

    def paint(self, painter: QPainter, option, widget=None) -> None:
        self.painted += 1
        size = self.map_scene.map_painter.size
        colour, vp, c = self.colour, self.vp, self.centre
        font = QFont()
        font.setPixelSize(max(6, round(size * 0.24)))
        font.setBold(True)
        painter.setFont(font)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor(0, 0, 0, 150), size * 0.11))
        painter.drawEllipse(c, size * 0.78, size * 0.78)
        painter.setPen(QPen(colour, size * 0.07))
        painter.drawEllipse(c, size * 0.78, size * 0.78)
        # the flag: a pole at the ring's top left and a pennant with the VP
        top = QPointF(c.x() - size * 0.55, c.y() - size * 0.95)
        foot = QPointF(top.x(), top.y() + size * 0.55)
        painter.setPen(QPen(QColor("#222222"), max(1.0, size * 0.04)))
        painter.drawLine(top, foot)
        flag = QPolygonF([top, QPointF(top.x() + size * 0.42, top.y() + size * 0.14),
                          QPointF(top.x(), top.y() + size * 0.3)])  # fmt: skip
        painter.setBrush(QBrush(colour))
        painter.drawPolygon(flag)
        box = QRectF(top.x() - size * 0.5, top.y() - size * 0.02, size * 0.46, size * 0.32)
        painter.setPen(QColor("#ffffff"))
        painter.drawText(box, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                         str(vp))  # fmt: skip


class ResultDialog(QDialog):
    """The end of the game: who won, why, each side's VP, and Review the Game."""

    def __init__(self, document, review: Callable[[], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("result-dialog")
        self.setWindowTitle("The Game Is Over")
        scenario = document.scenario
        s = standing(document.state)
        layout = QVBoxLayout(self)
        self.text = QLabel(verdict(scenario, s), objectName="result-text")
        self.text.setStyleSheet("font-size: 20px; font-weight: bold;")
        self.why = QLabel(WHY.get(s.why or "", str(s.why)), objectName="result-why")
        rows = "".join(
            f"<tr><td><span style='color:{side_color_of(scenario.sides, side).name()}'>"
            f"\u25a0</span> {escape(_name(scenario, side))}</td>"
            f"<td align='right'>&nbsp;&nbsp;<b>{vp}</b> VP</td></tr>"
            for side, vp in s.vp.items()
        )
        self.vp = QLabel(f"<table>{rows}</table>", objectName="result-vp")
        held = [f"{o.label} ({o.vp} VP): {_name(scenario, s.controls.get(o.label))}"
                for o in objectives(scenario)]  # fmt: skip
        self.held = QLabel("Objectives: " + "; ".join(held) if held else "No objective hexes.")
        self.held.setWordWrap(True)
        for w in (self.text, self.why, self.vp, self.held):
            layout.addWidget(w)
        buttons = QDialogButtonBox()
        self.review_button = QPushButton("Review the Game", objectName="result-review")
        self.close_button = QPushButton("Close", objectName="result-close")
        buttons.addButton(self.review_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.close_button, QDialogButtonBox.ButtonRole.RejectRole)
        layout.addWidget(buttons)
        self.review_button.clicked.connect(lambda: (self.accept(), review()))
        self.close_button.clicked.connect(self.reject)
