"""Counter faces as cached pixmaps, one per look and zoom level.

A 10,000-counter game shows a few hundred different faces (type, step, status, markers,
side colour, detail); each is painted once per zoom level with the one counter painter
and shared by every counter that looks like it. A scene item then only blits a pixmap,
which Qt does in C++ without calling back into Python.
"""

from __future__ import annotations

import dataclasses
import math
from collections import OrderedDict
from collections.abc import Hashable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap

from tabletop.model import UnitState, UnitType
from tabletop.render.counters import BADGE_MARGIN, CounterOptions, badges_for, paint_counter
from tabletop.render.tiles import level_scale

__all__ = ["SIMPLE_BELOW_PIXELS", "FaceCache", "counter_bounds", "face_key"]

SIMPLE_BELOW_PIXELS = 34
"""A counter drawn smaller than this many device pixels shows only colour and symbol."""
MAX_FACES = 4000
"""Faces kept (all levels together); the least recently used go first."""


def counter_bounds(side: float) -> QRectF:
    """What a counter of ``side`` paints, centred on the origin: the square plus the badges
    that stick out to the left and the drop shadow."""
    margin = side * BADGE_MARGIN
    return QRectF(-side / 2, -side / 2, side, side).adjusted(-margin - 1, -2, 4, 4)


def face_key(unit_type: UnitType, state: UnitState, options: CounterOptions) -> Hashable:
    """Everything :func:`paint_counter` reads: two counters with equal keys look the same."""
    figures = (len(state.figures), len(state.standing())) if state.figures else None
    return (
        unit_type.id, id(unit_type), state.step, state.mode, state.status, figures,
        tuple(badges_for(state)), options,
    )  # fmt: skip


class FaceCache:
    """Pixmaps of counters of one ``side`` (scene units), per zoom level."""

    def __init__(self, side: float, dpr: float = 1.0) -> None:
        self.side = side
        self.dpr = dpr
        self.bounds = counter_bounds(side)
        self._faces: OrderedDict[tuple[Hashable, int], QPixmap] = OrderedDict()
        self.painted = 0
        """Faces painted so far (for tests and benchmarks)."""

    def detail(self, level: int) -> str:
        return "full" if self.side * level_scale(level) >= SIMPLE_BELOW_PIXELS else "simple"

    def face(
        self, unit_type: UnitType, state: UnitState, options: CounterOptions, level: int
    ) -> QPixmap:
        """The counter's pixmap at ``level``; its device-independent size is
        :attr:`bounds`' size, so it covers the same scene area at every level."""
        detail = self.detail(level)
        if detail != options.detail:
            options = dataclasses.replace(options, detail=detail)
        key = (face_key(unit_type, state, options), level)
        pixmap = self._faces.get(key)
        if pixmap is not None:
            self._faces.move_to_end(key)
            return pixmap
        pixmap = self._paint(unit_type, state, options, level)
        self._faces[key] = pixmap
        if len(self._faces) > MAX_FACES:
            self._faces.popitem(last=False)
        return pixmap

    def _paint(
        self, unit_type: UnitType, state: UnitState, options: CounterOptions, level: int
    ) -> QPixmap:
        scale = level_scale(level) * self.dpr
        b = self.bounds
        # whole pixels, at exactly the level's scale: at that zoom the face is blitted 1:1
        pixmap = QPixmap(
            max(1, math.ceil(b.width() * scale)), max(1, math.ceil(b.height() * scale))
        )
        pixmap.fill(Qt.GlobalColor.transparent)
        p = QPainter(pixmap)
        p.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        p.scale(scale, scale)
        p.translate(-b.left(), -b.top())
        half = self.side / 2
        paint_counter(p, QRectF(-half, -half, self.side, self.side), unit_type, state, options)
        p.end()
        pixmap.setDevicePixelRatio(scale)
        self.painted += 1
        return pixmap

    def __len__(self) -> int:
        return len(self._faces)
