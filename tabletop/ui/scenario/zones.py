"""Deployment zones in the scenario editor, painted like terrain.

The **Zone** tool (``action-tool-zone``) is the map editor's stroke tool
(:class:`~tabletop.ui.editor.tools.StrokeTool`: press, moves and release over hexes, every
move pushed under one merge key, so a stroke is one undo step, and the hexes between two
mouse positions are never skipped) painting the side chosen in the **Zones** dock
(``zone-dock``) with the map editor's brush sizes (one hex, radius 1, radius 2; ``[`` and
``]``). Shift, or the dock's *Erase*, takes hexes out of every zone. A hex lies in one
zone at most: painting it for one side takes it from the other's.

The zones are drawn over the terrain, under markers and counters, tinted with each side's
colour and outlined where a zone ends (:class:`ZoneOverlay`). ``window.set_brush("zone
SIDE")`` (or ``"zone erase"``) picks what the tool paints. The dock also lists each
zone's size and the units that start outside their side's zone (the format allows it;
Check Scenario notes them).

Object names: ``zone-dock``, ``zone-side`` (the side, or erase), ``zone-radius``,
``zone-show`` (the overlay on or off), ``zone-clear`` (the chosen side's whole zone, one
step), ``zone-summary``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from PySide6.QtCore import QLineF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QGraphicsItem,
    QGraphicsPathItem,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tabletop.commands import mapedit
from tabletop.commands.scenariounits import EditZones, ZoneIndex, units_outside_zones
from tabletop.documents import ScenarioChanged, ScenarioDocument, UnitsChanged, ZonesChanged
from tabletop.hexgrid import Hex, HexSide
from tabletop.model import Scenario
from tabletop.render.palette import side_color_of
from tabletop.ui.bridge import bridge_for
from tabletop.ui.editor.tools import ERASE, StrokeTool
from tabletop.ui.scene.items import Z_HIGHLIGHT, Z_MARKERS, Z_TERRAIN
from tabletop.ui.tools import ToolEvent


class Editor(Protocol):
    """What the zones ask of their scenario editor (``editor.ScenarioEditor``, which
    builds them: a protocol, so that this module does not import the editor's)."""

    document: ScenarioDocument
    scene: Any
    """The editor's map scene (``tabletop.ui.scene.scene.MapScene``)."""


Z_ZONES = (Z_TERRAIN + Z_MARKERS) / 2
"""Over the terrain tiles, under the hex markers, the highlight and the counters."""
Z_ZONE_PREVIEW = Z_HIGHLIGHT + 0.5
RADII = ((0, "1 hex"), (1, "Radius 1"), (2, "Radius 2"))
ERASE_BRUSH = "erase"


def zone_colour(scenario: Scenario, side: str) -> QColor:
    """The colour that stands for ``side`` (its counters' corner flag)."""
    return side_color_of(scenario.sides, side)


def _inset(ends: tuple[tuple[float, float], tuple[float, float]], shape) -> QLineF:
    """A hexside drawn a little inside ``shape``'s hex, so that where two zones meet both
    borders show."""
    c, k = shape.center, 0.1
    (x0, y0), (x1, y1) = ends
    return QLineF(x0 + (c.x() - x0) * k, y0 + (c.y() - y0) * k,
                  x1 + (c.x() - x1) * k, y1 + (c.y() - y1) * k)  # fmt: skip


class ZoneOverlay(QGraphicsItem):
    """Every side's zone, tinted with the side's colour, a solid line where it ends."""

    def __init__(self, scene, index: ZoneIndex) -> None:
        super().__init__()
        self.map_painter = scene.map_painter
        self.scenario = index.scenario
        self.index = index
        self.setZValue(Z_ZONES)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.preview = QGraphicsPathItem()
        self.preview.setZValue(Z_ZONE_PREVIEW)
        self.preview.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        scene.addItem(self)
        scene.addItem(self.preview)

    def boundingRect(self) -> QRectF:
        return self.map_painter.bounds

    @property
    def owner(self) -> dict[Hex, str]:
        return self.index.table()

    def paint(self, painter: QPainter, option, widget=None) -> None:
        owner = self.owner
        if not owner:
            return
        shapes = [s for s in self.map_painter.hexes_in(option.exposedRect) if s.hex in owner]
        painter.setPen(Qt.PenStyle.NoPen)
        for shape in shapes:
            tint = QColor(zone_colour(self.scenario, owner[shape.hex]))
            tint.setAlpha(55)
            painter.setBrush(tint)
            painter.drawPolygon(shape.polygon)
        layout = self.map_painter.layout
        width = self.map_painter.size * 0.09
        for shape in shapes:
            side = owner[shape.hex]
            pen = QPen(zone_colour(self.scenario, side).darker(130), width)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            for n in shape.hex.neighbors():
                if owner.get(n) != side:
                    painter.drawLine(_inset(layout.side_endpoints(HexSide(shape.hex, n)), shape))

    def refresh(self, hexes: Iterable[Hex]) -> None:
        """These hexes changed zone: repaint them (and their borders' neighbours)."""
        for h in hexes:
            self.update(self.map_painter.hex_rect(h))

    def preview_hexes(self, hexes: Iterable[Hex], colour: QColor) -> None:
        path = QPainterPath()
        for h in hexes:
            if h in self.map_painter.map.cells:
                path.addPolygon(self.map_painter.shape(h).polygon)
                path.closeSubpath()
        pen = QPen(colour.darker(150), 2.5)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        self.preview.setPen(pen)
        fill = QColor(colour)
        fill.setAlpha(70)
        self.preview.setBrush(fill)
        self.preview.setPath(path)

    def clear_preview(self) -> None:
        self.preview.setPath(QPainterPath())


class ZoneTool(StrokeTool):
    """Drag to paint the Zones dock's side into its deployment zone; Shift erases."""

    name = "zone"
    cursor = Qt.CursorShape.CrossCursor
    hint = (
        "Deployment zone: drag to paint the side chosen in Zones; [ and ] change the brush "
        "size; Shift (or Erase) takes hexes out of every zone."
    )

    def __init__(self, zones: ZoneEditing) -> None:
        super().__init__(zones.editor)
        self.zones = zones

    def _paint(self, centres: list[Hex]) -> None:
        sc = self.zones.scenario
        radius = self.zones.radius
        hexes = [h for c in centres for h in mapedit.brush(sc.map, c, radius)]
        side = self.zones.side
        erase = self.erase or side is None
        index = self.zones.index
        changes = index.painted(side or next(iter(sc.sides)), hexes, erase=erase)
        if not changes:
            return
        text = "Erase zone hexes" if erase or side is None else f"Paint {sc.sides[side].name} zone"
        self.editor.document.push(EditZones(index, text, changes, self.stroke), merge=True)

    def begin(self, event: ToolEvent) -> None:
        assert event.hex is not None
        self._paint([event.hex])

    def extend(self, event: ToolEvent) -> None:
        self._paint(self.course(event))

    def release(self, event: ToolEvent) -> None:
        self.stroke = None
        self.zones.overlay.clear_preview()

    def cancel(self) -> None:
        self.stroke = None
        self.zones.overlay.clear_preview()

    def hover(self, event: ToolEvent) -> None:
        overlay = self.zones.overlay
        if event.hex is None:
            overlay.clear_preview()
            return
        hexes = mapedit.brush(self.zones.scenario.map, event.hex, self.zones.radius)
        side = None if event.modifiers & ERASE else self.zones.side
        colour = zone_colour(self.zones.scenario, side) if side else QColor("#606060")
        overlay.preview_hexes(hexes, colour)

    def key(self, key: int, modifiers: Qt.KeyboardModifier) -> bool:
        step = {Qt.Key.Key_BracketLeft: -1, Qt.Key.Key_BracketRight: 1}.get(Qt.Key(key))
        if step is None:
            return False
        self.zones.set_radius(self.zones.radius + step)
        return True


class ZoneDock(QDockWidget):
    """What the zone tool paints (a side, or erase), its size, the overlay switch."""

    def __init__(self, scenario: Scenario, parent: QWidget | None = None) -> None:
        super().__init__("Zones", parent)
        self.setObjectName("zone-dock")
        body = QWidget()
        column = QVBoxLayout(body)
        form = QFormLayout()
        self.side = QComboBox(objectName="zone-side")
        for side_id, side in scenario.sides.items():
            self.side.addItem(f"{side.name} zone", side_id)
        self.side.addItem("Erase (no zone)", None)
        self.radius = QComboBox(objectName="zone-radius")
        for radius, text in RADII:
            self.radius.addItem(text, radius)
        self.show_zones = QCheckBox("Show deployment zones", objectName="zone-show")
        self.show_zones.setChecked(True)
        self.clear = QPushButton("Clear This Side's Zone", objectName="zone-clear")
        form.addRow("Paint", self.side)
        form.addRow("Brush", self.radius)
        column.addLayout(form)
        column.addWidget(self.show_zones)
        column.addWidget(self.clear)
        self.summary = QLabel(objectName="zone-summary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        column.addWidget(self.summary)
        note = QLabel(
            "Where each side may set up. Units placed in the scenario may start outside "
            "their zone; with zones, Check Scenario warns of trenches and bunkers that lie "
            "in the enemy's zone (rules 3.4)."
        )
        note.setWordWrap(True)
        note.setStyleSheet("color: palette(mid)")
        column.addWidget(note)
        column.addStretch(1)
        self.setWidget(body)


class ZoneEditing:
    """The zone tool, overlay and dock of one scenario editor."""

    def __init__(self, editor: Editor) -> None:
        self.editor = editor
        self.scenario = editor.document.scenario
        self.side: str | None = next(iter(self.scenario.sides), None)
        self.radius = 0
        self.index = ZoneIndex(self.scenario)
        self.tool = ZoneTool(self)
        self.overlay = ZoneOverlay(editor.scene, self.index)
        self._summary = QTimer(interval=150, singleShot=True)
        self._summary.timeout.connect(self._summarise)  # once a stroke pauses, not per move
        self.dock: ZoneDock | None = None
        self._unsubscribe = bridge_for(editor.document).subscribe(self._on_event)

    def install(self, window) -> ZoneDock:
        dock = self.dock = ZoneDock(self.scenario, window)
        dock.side.currentIndexChanged.connect(lambda _i: self._side_chosen())
        dock.radius.currentIndexChanged.connect(lambda i: self.set_radius(i))
        dock.show_zones.toggled.connect(self.overlay.setVisible)
        dock.clear.clicked.connect(self.clear_side)
        self._summarise()
        return dock

    def uninstall(self) -> None:
        self._summary.stop()
        self._unsubscribe()

    # --- the brush --------------------------------------------------------------------------
    def _side_chosen(self) -> None:
        if self.dock is not None:
            self.side = self.dock.side.currentData()
            self.dock.clear.setEnabled(self.side is not None)

    def set_brush(self, name: str) -> bool:
        """``zone SIDE`` or ``zone erase``: what the zone tool paints. False: not a zone
        brush name."""
        kind, _, side = name.partition(" ")
        if kind != "zone" or (side not in self.scenario.sides and side != ERASE_BRUSH):
            return False
        value = None if side == ERASE_BRUSH else side
        if self.dock is not None:
            self.dock.side.setCurrentIndex(self.dock.side.findData(value))
        self.side = value
        return True

    def set_radius(self, radius: int) -> None:
        self.radius = max(0, min(2, radius))
        if self.dock is not None and self.dock.radius.currentIndex() != self.radius:
            self.dock.radius.setCurrentIndex(self.radius)

    def clear_side(self) -> None:
        sc = self.scenario
        if self.side is None or not sc.zones.get(self.side):
            return
        changes = self.index.painted(self.side, sc.zones[self.side], erase=True)
        name = sc.sides[self.side].name
        self.editor.document.push(EditZones(self.index, f"Clear {name} zone", changes))

    # --- following the document -------------------------------------------------------------
    def _on_event(self, event: object) -> None:
        if isinstance(event, ZonesChanged):
            self.overlay.refresh(event.hexes)
            self._summary.start()
        elif isinstance(event, UnitsChanged):
            self._summary.start()
        elif isinstance(event, ScenarioChanged) and "sides" in event.names:
            self._rename_sides()  # a side's name or colour (the overlay repaints itself)

    def _rename_sides(self) -> None:
        if self.dock is None:
            return
        combo = self.dock.side
        for i in range(combo.count()):
            side = combo.itemData(i)
            if side in self.scenario.sides:
                combo.setItemText(i, f"{self.scenario.sides[side].name} zone")
        self._summarise()

    def _summarise(self) -> None:
        if self.dock is None:
            return
        sc = self.scenario
        lines = []
        for side_id, side in sc.sides.items():
            colour = zone_colour(sc, side_id).name()
            n = len(sc.zones.get(side_id, []))
            text = f"{n} hexes" if n else "no zone"
            lines.append(f"<span style='color:{colour}'>&#9632;</span> {side.name}: {text}")
        outside = units_outside_zones(sc, self.index.table())
        if outside:
            names = ", ".join(f"{u.id} ({sc.map.label(u.hex)})" for u in outside[:6] if u.hex)
            more = f" and {len(outside) - 6} more" if len(outside) > 6 else ""
            lines.append(f"Outside their zone: {names}{more}")
        self.dock.summary.setText("<br>".join(lines))
