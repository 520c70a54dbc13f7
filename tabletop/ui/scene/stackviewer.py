"""The mouse-over stack viewer: after a short hover over a counter, every counter of its hex
drawn large side by side, top first, each with its state and markers (the counter
painter's badges) and a caption (name, id, side and state), as VASSAL players know it.

It is a widget over the map view's viewport (objectName ``stack-viewer``) that takes no
mouse input: it watches the viewport's mouse moves through an event filter, and a press, a
wheel turn or the mouse leaving the map puts it away. It only reads the scene.
"""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QWidget

from tabletop.hexgrid import Hex
from tabletop.model import UnitState, UnitType
from tabletop.render.counters import CounterOptions, paint_counter
from tabletop.render.palette import font
from tabletop.ui.scene.docks import unit_summary

HOVER_MS = 450
"""How long the mouse rests on a counter before the viewer opens."""
SIDE_PX = 96
"""A counter's side in the viewer (smaller when many do not fit the view's width)."""
MIN_SIDE_PX = 48
PAD = 10
GAP = 0.45
"""Space between counters, as a share of their side (status badges stick out left)."""
CAPTION_LINES = 4
OFFSET = QPoint(18, 18)
"""Space kept between the viewer and the stack it shows (more below: a tooltip opens
there)."""


@dataclasses.dataclass(frozen=True)
class Entry:
    """One counter of the viewer."""

    unit_type: UnitType
    state: UnitState
    options: CounterOptions
    name: str
    words: str


class StackViewer(QWidget):
    """Shows the stack under the mouse of ``view`` (a :class:`~tabletop.ui.scene.view.MapView`
    on a :class:`~tabletop.ui.scene.scene.MapScene`) after :data:`HOVER_MS`."""

    def __init__(self, view) -> None:
        super().__init__(view.viewport())
        self.setObjectName("stack-viewer")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.view = view
        self.hex: Hex | None = None
        """The hex shown (None: hidden)."""
        self.entries: list[Entry] = []
        self.side = SIDE_PX
        self._pending: tuple[Hex, QPoint] | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(HOVER_MS)
        self._timer.timeout.connect(self._open_pending)
        self._caption_font = font(12, condensed=True)
        self._name_font = font(12, bold=True, condensed=True)
        self._title_font = font(13, bold=True)
        view.viewport().installEventFilter(self)
        self.hide()

    # --- watching the mouse -------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.MouseMove:
            buttons = event.buttons()
            if buttons != Qt.MouseButton.NoButton:
                self.dismiss()
            else:
                self._moved(event.position().toPoint())
        elif kind in (QEvent.Type.MouseButtonPress, QEvent.Type.Wheel, QEvent.Type.Leave):
            self.dismiss()
        return False

    def _scene(self):
        scene = self.view.scene()
        return scene if scene is not None and hasattr(scene, "counter_at") else None

    def _moved(self, pos: QPoint) -> None:
        scene = self._scene()
        item = scene.counter_at(self.view.mapToScene(pos)) if scene is not None else None
        h = item.hex if item is not None else None
        if h is not None and h == self.hex:
            return  # still over the stack shown
        self.dismiss()
        if h is not None:
            self._pending = (h, pos)
            self._timer.start()

    def _open_pending(self) -> None:
        if self._pending is not None:
            h, pos = self._pending
            self._pending = None
            self.show_stack(h, pos)

    def dismiss(self) -> None:
        """Put the viewer away (and forget a hover waiting to open it)."""
        self._timer.stop()
        self._pending = None
        self.hex = None
        self.entries = []
        self.hide()

    # --- showing a stack ----------------------------------------------------------------------
    def unit_ids(self) -> list[str]:
        """The units shown, top first."""
        return [e.state.id for e in self.entries]

    def show_stack(self, h: Hex, near: QPoint) -> bool:
        """Show every counter of ``h`` next to the viewport point ``near``; False (hidden)
        when the hex has none."""
        scene = self._scene()
        if scene is None:
            return False
        units = scene.document.state.units
        entries = []
        avoid = QRect(near, near)
        for item in reversed(scene.stack_at(h)):  # top first
            avoid = avoid.united(self.view.mapFromScene(item.sceneBoundingRect()).boundingRect())
            state = units.get(item.unit_id, item.state)
            name, words = unit_summary(scene.document, state)
            options = dataclasses.replace(item.options, selected=False, badges=True)
            entries.append(Entry(item.unit_type, state, options, name, words))
        if not entries:
            self.dismiss()
            return False
        self.hex, self.entries = h, entries
        self._place(near, avoid)
        self.show()
        self.raise_()
        self.update()
        return True

    def _title(self) -> str:
        scene = self._scene()
        label = scene.hexmap.label(self.hex) if scene is not None and self.hex else ""
        count = len(self.entries)
        return f"Hex {label}: {count} unit{'s' * (count != 1)}"

    def _cell_width(self) -> float:
        return self.side * (1 + GAP)

    def counter_box(self, k: int) -> QRectF:
        """Where the ``k``-th counter (top first) is drawn, in the viewer's coordinates."""
        left = PAD + k * self._cell_width()
        return QRectF(left + self.side * (GAP / 2 + 0.04), PAD + 22, self.side, self.side)

    def _place(self, near: QPoint, avoid: QRect) -> None:
        """Size the viewer and put it beside ``avoid`` (the stack's counters and the mouse,
        in viewport coordinates): above it, else below, right or left, where it fits; a
        tooltip opens below the mouse."""
        area = self.view.viewport().rect()
        n = len(self.entries)
        fit = (area.width() - 2 * PAD - 8) / (n * (1 + GAP))
        self.side = int(max(MIN_SIDE_PX, min(SIDE_PX, fit)))
        line = QFontMetricsF(self._caption_font).height()
        width = round(n * self._cell_width() + 2 * PAD)
        height = round(PAD + 22 + self.side + 6 + CAPTION_LINES * line + PAD)
        gap = OFFSET.y() // 2
        x = min(max(area.left(), near.x() - width // 3), area.right() - width)
        y = min(max(area.top(), near.y() - height // 2), area.bottom() - height)
        for where in (
            QRect(x, avoid.top() - gap - height, width, height),
            QRect(x, avoid.bottom() + gap + OFFSET.y(), width, height),
            QRect(avoid.right() + gap, y, width, height),
            QRect(avoid.left() - gap - width, y, width, height),
        ):
            if area.contains(where):
                self.setGeometry(where)
                return
        self.setGeometry(QRect(x, y, width, height))  # no room beside it: over it

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        panel = QRectF(self.rect()).adjusted(1, 1, -1, -1)
        p.setPen(QPen(QColor("#ffe14d"), 1.5))
        p.setBrush(QColor(24, 28, 32, 238))
        p.drawRoundedRect(panel, 8, 8)
        p.setFont(self._title_font)
        p.setPen(QColor("#f4f4f4"))
        left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        p.drawText(QRectF(PAD, PAD - 2, panel.width() - 2 * PAD, 20), left, self._title())
        cell = self._cell_width()
        line = QFontMetricsF(self._caption_font).height()
        for k, entry in enumerate(self.entries):
            box = self.counter_box(k)
            paint_counter(p, box, entry.unit_type, entry.state, entry.options)
            left = PAD + k * cell
            text = QRectF(left + 2, box.bottom() + 6, cell - 4, line)
            self._caption(p, text, entry.unit_type.name, self._name_font, QColor("#ffffff"))
            words = entry.words.split(", ")
            rest = [entry.state.id, ", ".join(words[:2]), ", ".join(words[2:])]
            for i, chunk in enumerate(rest, start=1):
                self._caption(p, text.translated(0, i * line), chunk, self._caption_font,
                              QColor("#cfd6dc"))  # fmt: skip
        p.end()

    @staticmethod
    def _caption(p: QPainter, box: QRectF, text: str, f, colour: QColor) -> None:
        if not text:
            return
        p.setFont(f)
        p.setPen(colour)
        shown = QFontMetricsF(f).elidedText(text, Qt.TextElideMode.ElideRight, box.width())
        p.drawText(box, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignVCenter, shown)
