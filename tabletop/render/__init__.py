"""L6: QtGui painting without widgets, shared by scene items, editor previews and printing.

``counters`` is the one counter painter; ``terrain`` paints hexes, hexside features, hex
markers, the grid and hex labels. Nothing here imports QtWidgets or ``tabletop.ui``.
"""

from __future__ import annotations

from tabletop.render.counters import CounterOptions, counter_colors, paint_counter
from tabletop.render.terrain import MapPainter, paint_hex_marker

__all__ = ["CounterOptions", "MapPainter", "counter_colors", "paint_counter", "paint_hex_marker"]
