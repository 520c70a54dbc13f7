"""L0: hex grid mathematics: axial coordinates, hexsides, printed labels and pixel layout.

Standard library only. See :mod:`tabletop.hexgrid.offset` for the label <-> axial mapping.
"""

from __future__ import annotations

from tabletop.hexgrid.coords import (
    DIAGONALS,
    DIRECTIONS,
    LINE_EPSILON,
    FractionalHex,
    Hex,
    hex_lerp_line,
)
from tabletop.hexgrid.layout import Layout
from tabletop.hexgrid.lines import line_with_grazes
from tabletop.hexgrid.offset import OffsetScheme, column_letters, parse_column_letters
from tabletop.hexgrid.sides import HexSide, side_between, sides_of

__all__ = [
    "DIAGONALS",
    "DIRECTIONS",
    "LINE_EPSILON",
    "FractionalHex",
    "Hex",
    "HexSide",
    "Layout",
    "OffsetScheme",
    "column_letters",
    "hex_lerp_line",
    "line_with_grazes",
    "parse_column_letters",
    "side_between",
    "sides_of",
]
