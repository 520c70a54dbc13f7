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
from typing import NamedTuple

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap

from tabletop.model import UnitState, UnitType
from tabletop.render.counters import BADGE_MARGIN, CounterOptions, badges_for, paint_counter
from tabletop.render.tiles import level_scale

__all__ = ["SIMPLE_BELOW_PIXELS", "FaceCache", "Look", "counter_bounds", "face_key"]

SIMPLE_BELOW_PIXELS = 34
"""A counter drawn smaller than this many device pixels shows only colour and symbol."""
MAX_FACES = 4000
"""Faces kept (all levels together); the least recently used go first."""
BUDGET_BYTES = 32 * 1024 * 1024
"""Bytes of face pixmaps kept (all levels together), the least recently used going first:
the count alone would let 4,000 faces at 4:1 hold 900 MB."""


def _size(pixmap: QPixmap) -> int:
    return pixmap.width() * pixmap.height() * max(pixmap.depth(), 8) // 8


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


class Look(NamedTuple):
    """A counter's look (:meth:`FaceCache.look`): the number of its :func:`face_key` and
    what the counter painter needs to paint it."""

    id: int
    unit_type: UnitType
    state: UnitState
    options: CounterOptions


class FaceCache:
    """Pixmaps of counters of one ``side`` (scene units), per look and zoom level.

    A *look* (:meth:`look`) is everything the counter painter reads apart from the zoom;
    a scene item keeps its look and asks :meth:`get` (a dictionary lookup, no painting)
    when the zoom changes, falling back on :meth:`nearest` (the same look painted for
    another level, drawn scaled) until :meth:`face` has painted the level's own."""

    def __init__(self, side: float, dpr: float = 1.0, budget_bytes: int = BUDGET_BYTES) -> None:
        self.side = side
        self.budget = budget_bytes
        self.bytes = 0
        """Bytes of the pixmaps kept."""
        self.dpr = dpr
        self.bounds = counter_bounds(side)
        self.offset = self.bounds.topLeft()
        """Where a face's top left corner is, from the counter's centre."""
        self._faces: OrderedDict[tuple[int, float], QPixmap] = OrderedDict()
        self._levels: dict[int, set[float]] = {}
        """The levels each look is held at (for :meth:`nearest`)."""
        self._ids: dict[Hashable, int] = {}
        """A number per :func:`face_key` seen: hashed once, not at every lookup."""
        self.painted = 0
        """Faces painted so far (for tests and benchmarks)."""

    def detail(self, level: float) -> str:
        return "full" if self.side * level_scale(level) >= SIMPLE_BELOW_PIXELS else "simple"

    def look(self, unit_type: UnitType, state: UnitState, options: CounterOptions) -> Look:
        """What the counter shows at every zoom (the detail follows the zoom)."""
        return Look(self._id(face_key(unit_type, state, options)), unit_type, state, options)

    def _id(self, key: Hashable) -> int:
        found = self._ids.get(key)
        if found is None:
            found = self._ids[key] = len(self._ids)
        return found

    def get(self, look: Look, level: float) -> QPixmap | None:
        """The face of ``look`` at ``level`` if it is painted already, else None."""
        return self._faces.get((look.id, level))

    def nearest(self, look: Look, level: float) -> QPixmap | None:
        """The face of ``look`` painted for the level nearest ``level`` (the finer of
        two equally near), or None if it was painted at no level."""
        levels = self._levels.get(look.id)
        if not levels:
            return None
        best = min(levels, key=lambda k: (abs(k - level), -k))
        return self._faces[(look.id, best)]

    def face(
        self, unit_type: UnitType, state: UnitState, options: CounterOptions, level: float
    ) -> QPixmap:
        """The counter's pixmap at ``level``, painted now if need be; its
        device-independent size is :attr:`bounds`' size, so it covers the same scene
        area at every level."""
        return self.face_of(self.look(unit_type, state, options), level)

    def face_of(self, look: Look, level: float) -> QPixmap:
        """:meth:`face` of a :meth:`look`."""
        key = (look.id, level)
        pixmap = self._faces.get(key)
        if pixmap is not None:
            self._faces.move_to_end(key)
            return pixmap
        _, unit_type, state, options = look
        now = self._id(face_key(unit_type, state, options))
        if now != look.id:  # the state changed since the look was taken: file what is painted
            key = (now, level)
            pixmap = self._faces.get(key)
            if pixmap is not None:
                return pixmap
        detail = self.detail(level)
        if detail != options.detail:
            options = dataclasses.replace(options, detail=detail)
        pixmap = self._paint(unit_type, state, options, level)
        self._faces[key] = pixmap
        self._levels.setdefault(key[0], set()).add(level)
        self.bytes += _size(pixmap)
        while len(self._faces) > 1 and (len(self._faces) > MAX_FACES or self.bytes > self.budget):
            (old, old_level), dropped = self._faces.popitem(last=False)
            self.bytes -= _size(dropped)
            levels = self._levels[old]
            levels.discard(old_level)
            if not levels:
                del self._levels[old]
        return pixmap

    def _paint(
        self, unit_type: UnitType, state: UnitState, options: CounterOptions, level: float
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
