"""Painting that a Python exception cannot take down (issue 16 item 3).

Qt calls ``paint`` from C++: an exception escaping it leaves a painter half-way through a
device (a PDF being written, a scene being drawn), and painting on after that can crash the
process. :func:`paint_guarded` runs one piece of painting; an exception is logged (once per
kind of failure, so a repaint loop does not flood the log) and a visible error glyph, a red
crossed box, is painted where the piece should have been, so the user sees that something
is wrong instead of a blank or a crash.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any, TypeVar

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPainter, QPen

LOG = logging.getLogger("tabletop.render")
_seen: set[tuple[str, str]] = set()
ERROR_COLOR = "#d7191c"

F = TypeVar("F", bound=Callable[..., Any])


def paint_error_glyph(painter: QPainter, rect: QRectF) -> None:
    """A red box with a cross over ``rect`` (at most 60 px across, centred)."""
    side = min(rect.width(), rect.height(), 60.0)
    if side <= 0:
        return
    box = QRectF(rect.center().x() - side / 2, rect.center().y() - side / 2, side, side)
    painter.save()
    pen = QPen(QColor(ERROR_COLOR), max(side / 12, 1.0))
    painter.setPen(pen)
    painter.setBrush(QColor(255, 255, 255, 200))
    painter.drawRect(box)
    inset = box.adjusted(side / 5, side / 5, -side / 5, -side / 5)
    painter.drawLine(inset.topLeft(), inset.bottomRight())
    painter.drawLine(inset.topRight(), inset.bottomLeft())
    painter.restore()


def report_paint_error(what: str, exc: BaseException) -> None:
    """Log a painting failure, once per (what, exception) pair."""
    key = (what, f"{type(exc).__name__}: {exc}")
    if key in _seen:
        return
    _seen.add(key)
    LOG.error("painting %s failed: %s", what, key[1], exc_info=exc)


def paint_guarded(painter: QPainter, rect: QRectF, what: str, paint: Callable[[], None]) -> bool:
    """Run ``paint``; on an exception log it, paint the error glyph over ``rect`` and
    return False. The painter's saved states are balanced again either way."""
    painter.save()
    try:
        paint()
    except Exception as exc:  # any failure of ours must not reach Qt's C++ caller
        painter.restore()
        report_paint_error(what, exc)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setClipping(False)
        painter.setOpacity(1.0)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceOver)
        paint_error_glyph(painter, rect)
        painter.restore()
        return False
    painter.restore()
    return True


def guard_paint(method: F) -> F:
    """Decorate a ``QGraphicsItem.paint(painter, option, widget)`` with :func:`paint_guarded`;
    the glyph goes over the exposed rectangle."""

    @functools.wraps(method)
    def paint(self: Any, painter: QPainter, option: Any, widget: Any = None) -> None:
        rect = QRectF(getattr(option, "exposedRect", None) or self.boundingRect())
        paint_guarded(
            painter, rect, type(self).__name__, lambda: method(self, painter, option, widget)
        )

    return paint  # type: ignore[return-value]
