"""The terrain palette dock: the map's terrain chart as brushes, with each entry's values.

Terrain (colour swatch, code, bonus dice, LOS effect, cover save, movement), the chart's
aliases (``hill``), hexside features, bunker entrances and the level brush's modes. A click
on an entry picks the brush (``MapEditor.set_brush``).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QDockWidget, QTreeWidget, QTreeWidgetItem

from tabletop.model import TerrainChart, TerrainType

COLUMNS = ("Brush", "Code", "Dice", "LOS", "Cover", "Move")
LEVEL_BRUSHES = ("raise", "lower", "level 0", "level 1", "level 2", "level 3")
ROLE = Qt.ItemDataRole.UserRole


def _dash(value: int | None) -> str:
    return "\u2013" if value is None else str(value)


def swatch(colour: str, line: bool = False) -> QIcon:
    pix = QPixmap(18, 18)
    pix.fill(Qt.GlobalColor.transparent)
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    if line:
        p.setPen(QPen(QColor(colour), 4, c=Qt.PenCapStyle.RoundCap))
        p.drawLine(2, 14, 16, 4)
    else:
        p.setPen(QColor(60, 60, 50))
        p.setBrush(QColor(colour))
        p.drawRoundedRect(1, 1, 16, 16, 3, 3)
    p.end()
    return QIcon(pix)


def terrain_row(t: TerrainType) -> list[str]:
    """The palette's columns for one terrain: dice infantry/vehicles, LOS, cover, MP."""
    dice = f"{_dash(t.bonus.infantry)}/{_dash(t.bonus.vehicles)}"
    cover = "\u2013" if t.cover_save is None else f"{t.cover_save}+"
    move = f"{_dash(t.movement.foot)}/{_dash(t.movement.vehicle)}"
    return [t.name.replace("_", " "), t.code, dice, t.los.value, cover, move]


def terrain_tip(t: TerrainType) -> str:
    return (
        f"{t.name}: code {t.code!r}; bonus dice infantry {_dash(t.bonus.infantry)}, vehicles "
        f"{_dash(t.bonus.vehicles)}; conceals {t.conceals.value}; LOS {t.los.value}; squad "
        f"cover save {_dash(t.cover_save)}; close combat defense {_dash(t.cc_defense)}; "
        f"movement foot {_dash(t.movement.foot)}, vehicle {_dash(t.movement.vehicle)}; "
        f"minefields {'allowed' if t.minefields else 'not allowed'}"
    )


class TerrainPalette(QDockWidget):
    """The chart as a list of brushes; ``picked(name)`` is called on a click."""

    def __init__(self, chart: TerrainChart, picked: Callable[[str], None], parent=None) -> None:
        super().__init__("Terrain", parent)
        self.setObjectName("terrain-palette")
        self.picked = picked
        self.tree = QTreeWidget()
        self.tree.setObjectName("terrain-palette-list")
        self.tree.setColumnCount(len(COLUMNS))
        self.tree.setHeaderLabels(list(COLUMNS))
        self.tree.setRootIsDecorated(False)
        self.tree.setIndentation(6)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        self.items: dict[str, QTreeWidgetItem] = {}
        self._fill(chart)
        self.tree.itemClicked.connect(self._clicked)
        self.setWidget(self.tree)

    def _group(self, title: str) -> QTreeWidgetItem:
        group = QTreeWidgetItem([title])
        group.setFlags(Qt.ItemFlag.ItemIsEnabled)
        font = group.font(0)
        font.setBold(True)
        group.setFont(0, font)
        self.tree.addTopLevelItem(group)
        group.setFirstColumnSpanned(True)
        return group

    def _entry(self, parent: QTreeWidgetItem, name: str, texts: list[str], tip: str,
               icon: QIcon | None = None) -> None:  # fmt: skip
        item = QTreeWidgetItem(parent, texts)
        item.setData(0, ROLE, name)
        for column in range(len(texts)):
            item.setToolTip(column, tip)
        if icon is not None:
            item.setIcon(0, icon)
        self.items[name] = item

    def _fill(self, chart: TerrainChart) -> None:
        group = self._group("Terrain")
        for t in chart.terrain.values():
            self._entry(group, t.name, terrain_row(t), terrain_tip(t), swatch(t.color))
        for name, alias in chart.aliases.items():
            t = chart.terrain[alias.terrain]
            texts = [name, "", "", "", "", ""]
            self._entry(group, name, texts, f"{name}: {alias.terrain} at level {alias.level}",
                        swatch(QColor(t.color).darker(120).name()))  # fmt: skip
        group = self._group("Hexsides")
        for f in chart.hexsides.values():
            cover = "\u2013" if f.cover_save is None else f"{f.cover_save}+"
            texts = [f.name, "", "", f.los.value, cover, _dash(f.movement)]
            tip = f"{f.name}: drawn along the hexsides you drag across"
            if f.cancels:
                tip += f"; cancels {', '.join(f.cancels)}"
            self._entry(group, f.name, texts, tip, swatch(f.color, line=True))
        if "bunker" in chart.terrain:
            self._entry(
                group,
                "entrance",
                ["bunker entrance"],
                "click a side of a bunker hex to make it an entrance (or take it back)",
                swatch("#222222", True),
            )
        group = self._group("Levels")
        for name in LEVEL_BRUSHES:
            tip = {"raise": "one level up per stroke", "lower": "one level down per stroke"}
            self._entry(group, name, [name], tip.get(name, f"set hexes to {name}"))
        self.tree.expandAll()
        for column in range(len(COLUMNS)):
            self.tree.resizeColumnToContents(column)

    def _clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        name = item.data(0, ROLE)
        if name:
            self.picked(str(name))

    def show_brush(self, names: list[str]) -> None:
        """Mark the entries the brushes now lay (terrain, feature, level mode)."""
        for name, item in self.items.items():
            font = item.font(0)
            font.setBold(name in names)
            item.setFont(0, font)
        if names and names[0] in self.items:
            self.tree.setCurrentItem(self.items[names[0]])
